"""Three-player logs through Python: the Tenhou mjlogs of the shared test data (a
2014 game with its SHUFFLE seed, a 2009 game whose INIT tags carry the seeds) read,
replayed with every wall reproduced and written back; the engine's own
three-player games through mjai and mjlog."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import riichi
from riichi import Rules, logs

SANMA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou" / "sanma"
needs_data = pytest.mark.skipif(
    not SANMA.is_dir(), reason=f"the shared three-player logs are absent ({SANMA})"
)


@needs_data
def test_three_player_mjlogs_replay_with_their_walls() -> None:
    files = sorted(SANMA.glob("*.mjlog"))
    assert len(files) == 2
    for f in files:
        record = logs.read_mjlog(f.read_text(encoding="utf-8"))
        assert record.rules.to_dict()["players"] == 3
        report = riichi.replay(record)
        assert report.ok, report.mismatches[:1]
        assert report.walls_reproduced == report.hands == record.n_hands
        kita = [e for e in record.events if e["type"] == "nukidora"]
        assert kita and all(e["pai"] == "N" for e in kita)
        # Written back and read again: the same record.
        assert logs.read_mjlog(logs.write_mjlog(record)) == record
        assert logs.read_mjai(record.to_mjai()) == record


@pytest.mark.parametrize("preset", ["tenhou_sanma", "mahjong_soul_sanma"])
def test_engine_three_player_games_round_trip(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(4):
        game = riichi.Game(rules=rules, seed=seed)
        agents = [riichi.agents.ShantenAgent(seed * 3 + s) for s in range(3)]
        while not game.is_over:
            seat = next(s for s in game.current_decision if game.legal_actions(s))
            game.apply(seat, agents[seat].act(game.observation(seat), game.legal_actions(seat)))
        record = game.record()
        again = logs.read_mjai(record.to_mjai())
        assert again == record
        assert riichi.replay(again).ok
        # tenhou.net/6 says a Tenhou lobby, or Mahjong Soul's rules by a room name.
        text = logs.write_tenhou6(record)
        back = logs.read_tenhou6(text)
        assert back.rules == record.rules and back.n_hands == record.n_hands
        assert riichi.replay(back).ok
        assert back.events[-1] == record.events[-1]
        if preset == "tenhou_sanma":
            assert logs.read_mjlog(logs.write_mjlog(record)).rules == record.rules
        else:
            assert '"disp":"三雀魂の間' in text
            with pytest.raises(riichi.RuleError, match="mjlog cannot carry"):
                logs.write_mjlog(record)


@needs_data
def test_three_player_tenhou6_logs_replay_and_write_back_byte_for_byte() -> None:
    files = sorted(SANMA.glob("20*.json"))
    assert len(files) == 5
    for f in files:
        text = f.read_text(encoding="utf-8").strip()
        record = logs.read_tenhou6(text)
        rules = record.rules.to_dict()
        assert (rules["players"], rules["red_fives"]) == (3, (0, 1, 1)), f.name
        report = riichi.replay(record)
        assert report.ok, (f.name, report.mismatches[:1])
        assert report.hands == record.n_hands > 0
        assert logs.write_tenhou6(record) == text, f.name
        # The same game through mjai reads back equal.
        assert logs.read_mjai(record.to_mjai()) == record


@needs_data
def test_mahjong_soul_three_player_logs_read_under_its_rules() -> None:
    want = riichi.Rules.preset("mahjong_soul_sanma").to_dict()
    names = (
        "majsoul-chankan.json",
        "majsoul-kan3_nuki_rinshan.json",
        "majsoul-kokushi13_withnuki.json",
    )
    records = {}
    for name in names:
        record = logs.read_tenhou6((SANMA / name).read_text(encoding="utf-8"))
        rules = record.rules.to_dict()
        # Its rooms' rules; these rooms play the east round only.
        assert {k: v for k, v in rules.items() if k != "game_length"} == {
            k: v for k, v in want.items() if k != "game_length"
        }
        assert rules["game_length"] == "east"
        report = riichi.replay(record)
        assert report.ok, (name, report.mismatches[:1])
        assert any(e["type"] == "nukidora" for e in record.events)
        records[name] = record
    # The first win of the three-kan game: ドラ(4飜) and 抜きドラ(2飜), the kita
    # counted with the dora as the engine and Tenhou count them.
    wins = [e for e in records[names[1]].events if e["type"] == "hora"]
    assert (wins[0]["dora"], wins[0]["han"]) == (6, 7)
    # The 13-sided kokushi by Mahjong Soul's name, written 役満 but a double under
    # its rules (64,000 from the discarder), after the last dealer played on twice
    # in first place (East 3, 1 and 2 honba).
    record = records[names[2]]
    last = [e for e in record.events if e["type"] == "hora"][-1]
    assert (last["yakus"], last["han"], last["points"]) == ([["kokushi_13", 26]], 26, 64000)
    starts = [(e["kyoku"], e["honba"]) for e in record.events if e["type"] == "start_kyoku"]
    assert starts[-3:] == [(3, 0), (3, 1), (3, 2)]


def test_three_player_tenhou6_refuses_a_fourth_seat_and_a_kita_of_another_tile() -> None:
    hand = [
        [0, 0, 0], [35000, 35000, 35000, 0], [22], [],
        [11, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32], [], [],
        [11, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32], [], [],
        [11, 19, 21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 32], [], [],
        [33, 34, 35, 36, 37, 38, 39, 41, 41, 42, 42, 43, 43], [], [],
        ["流局", [0, 0, 0, 0]],
    ]  # fmt: skip
    doc = {"rule": {"disp": "三鳳南喰赤", "aka51": 1, "aka52": 1, "aka53": 1}, "log": [hand]}
    with pytest.raises(riichi.LogParseError, match="no seat 3"):
        logs.read_tenhou6(json.dumps(doc))
    hand[13], hand[6] = [], ["f43"]
    with pytest.raises(riichi.LogParseError, match="sets aside a North"):
        logs.read_tenhou6(json.dumps(doc))
