"""Three-player logs through Python: the Tenhou mjlogs of the shared test data (a
2014 game with its SHUFFLE seed, a 2009 game whose INIT tags carry the seeds) read,
replayed with every wall reproduced and written back; the engine's own
three-player games through mjai and mjlog."""

from __future__ import annotations

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
