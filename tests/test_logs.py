"""Real game logs: reading and writing Tenhou mjlog, tenhou.net/6 JSON and mjai, and
replaying them through the engine.

The proof runs on the Tenhou logs of the shared test data: all 177 mjlog games replay with zero
mismatches (every action legal for our engine, every event, win, draw, next hand and
final result equal to Tenhou's, every wall reproduced from the SHUFFLE seed); the
official tenhou.net/6 exports equal our conversion of the same games; every format
reads back what it wrote. Tests that need the data skip with a message when it is
absent.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import riichi
from riichi import LogParseError, logs

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou"
MJLOG = DATA / "mjlog"
JSON = DATA / "json"

needs_data = pytest.mark.skipif(
    not MJLOG.is_dir(), reason=f"the shared Tenhou logs are absent ({MJLOG})"
)


def mjlog_files() -> list[Path]:
    return sorted(MJLOG.glob("*.mjlog")) if MJLOG.is_dir() else []


def official_json() -> list[Path]:
    return sorted(p for p in JSON.glob("*.json") if "gm-" in p.name) if JSON.is_dir() else []


def hand_json() -> list[Path]:
    return sorted(JSON.glob("hand-*.json")) if JSON.is_dir() else []


@pytest.fixture(scope="module")
def records() -> dict[str, riichi.GameRecord]:
    """Each game read from its text (a path would add the log id of its name)."""
    return {p.name: logs.read_mjlog(p.read_text(encoding="utf-8")) for p in mjlog_files()}


# Replay of every real game ------------------------------------------------------------


@needs_data
def test_every_mjlog_game_replays_with_zero_mismatches() -> None:
    files = mjlog_files()
    assert len(files) == 177
    reports = riichi.replay_files(files, threads=2)
    bad = [f"{r.source}: {r.mismatches[0]}" for r in reports if not r.ok]
    assert not bad, "\n".join(bad[:10])
    assert sum(r.hands for r in reports) == 1789
    assert sum(r.wins for r in reports) == 1508
    assert sum(r.draws for r in reports) == 293
    # Every hand was played from the wall of the log's SHUFFLE seed.
    assert sum(r.walls_reproduced for r in reports) == 1789
    assert sum(r.actions for r in reports) > 90_000


@needs_data
def test_records_agree_with_the_game_index(records: dict[str, riichi.GameRecord]) -> None:
    """games.jsonl (extracted independently) gives each game's lobby rules, hands,
    wins, draws and owari."""
    seen = 0
    for line in (DATA / "games.jsonl").read_text(encoding="utf-8").splitlines():
        game = json.loads(line)
        name = Path(game["file"]).name
        if name not in records:
            continue
        r = records[name]
        rules = game["rules"]
        assert r.tenhou_type == rules["go_type"], name
        assert (r.rules.red_fives != (0, 0, 0)) == rules["aka"], name
        assert r.rules.open_tanyao == rules["kuitan"], name
        assert (r.rules.game_length == "hanchan") == rules["hanchan"], name
        assert (r.n_hands, r.n_wins, r.n_draws) == (
            game["rounds"],
            game["n_agari"],
            game["n_ryuukyoku"],
        ), name
        owari = [float(x) for x in game["owari"].split(",")]
        assert r.final_points == [int(x * 100) for x in owari[0::2]], name
        assert r.final_scores == pytest.approx(owari[1::2]), name
        seen += 1
    assert seen == 177


def _any(kind: str, **want: Any) -> Callable[[list[dict[str, Any]]], bool]:
    """A test on a hand's events: some event of `kind` with these fields."""

    def test(hand: list[dict[str, Any]]) -> bool:
        return any(e["type"] == kind and all(e.get(k) == v for k, v in want.items()) for e in hand)

    return test


def _yaku(y: str) -> Callable[[list[dict[str, Any]]], bool]:
    return lambda hand: any(
        e["type"] == "hora" and any(name == y for name, _ in e["yakus"]) for e in hand
    )


def _double_ron(hand: list[dict[str, Any]]) -> bool:
    rons = [e for e in hand if e["type"] == "hora" and e["actor"] != e["target"]]
    return len(rons) >= 2 and hand[0]["honba"] + hand[0]["kyotaku"] > 0


def _rinshan_after(kind: str) -> Callable[[list[dict[str, Any]]], bool]:
    def test(hand: list[dict[str, Any]]) -> bool:
        for a, b in itertools.pairwise(hand):
            if a["type"] == kind and b["type"] in ("tsumo", "dora"):
                return True
        return False

    return test


def _open_kan_dora_before_discard(hand: list[dict[str, Any]]) -> bool:
    types = [e["type"] for e in hand]
    return any(
        types[i] in ("daiminkan", "kakan") and types[i + 1 : i + 4] == ["tsumo", "dora", "dahai"]
        for i in range(len(types) - 3)
    )


TRICKY: dict[str, Callable[[list[dict[str, Any]]], bool]] = {
    "chankan": _yaku("chankan"),
    "rinshan after daiminkan": _rinshan_after("daiminkan"),
    "rinshan after kakan": _rinshan_after("kakan"),
    "rinshan kaihou": _yaku("rinshan_kaihou"),
    "double ron with sticks and honba": _double_ron,
    "pao": lambda hand: any(e["type"] == "hora" and e.get("pao") is not None for e in hand),
    "nagashi mangan": _any("ryukyoku", reason="nagashi_mangan"),
    "suukaikan": _any("ryukyoku", reason="suukaikan"),
    "four riichi": _any("ryukyoku", reason="suucha_riichi"),
    "kyuushu kyuuhai": _any("ryukyoku", reason="kyuushu_kyuuhai"),
    "sanchahou": _any("ryukyoku", reason="sanchahou"),
    "suufon renda": _any("ryukyoku", reason="suufon_renda"),
    "kan dora of an open kan before the discard": _open_kan_dora_before_discard,
    "closed kan dora at once": lambda hand: any(
        a["type"] == "ankan" and b["type"] == "dora" for a, b in itertools.pairwise(hand)
    ),
    "west round": _any("start_kyoku", bakaze="W"),
    "yakuman": lambda hand: any(
        e["type"] == "hora" and e["limit"] in ("yakuman", "multiple_yakuman") for e in hand
    ),
    "double riichi": _yaku("double_riichi"),
    "ippatsu kept by a robbed kakan": lambda hand: (
        _yaku("chankan")(hand) and _yaku("ippatsu")(hand)
    ),
}


@needs_data
@pytest.mark.parametrize("case", sorted(TRICKY))
def test_tricky_case_from_real_logs_replays(
    case: str, records: dict[str, riichi.GameRecord]
) -> None:
    """Each tricky situation occurs in some real game, and that game replays
    without a mismatch."""
    found = [name for name, r in records.items() if any(TRICKY[case](hand) for hand in r.hands)]
    assert found, f"no shared log has {case}"
    for name in found[:3]:
        report = riichi.replay(records[name])
        assert report.ok, (name, report.mismatches[:1])


@needs_data
def test_tobi_ends_the_game(records: dict[str, riichi.GameRecord]) -> None:
    """Games that end early on a negative score (tobi) replay to the same end."""
    busted = [
        name
        for name, r in records.items()
        if r.final_points is not None and min(r.final_points) < 0 and r.n_hands > 0
    ]
    assert busted
    for name in busted:
        assert riichi.replay(records[name]).ok, name


@needs_data
def test_a_changed_log_is_a_mismatch(records: dict[str, riichi.GameRecord]) -> None:
    """The replay really compares: a log whose win is altered, or whose discard is
    one the player never held, is reported at that step."""
    text = (MJLOG / "first-example.mjlog").read_text(encoding="utf-8")
    assert riichi.replay(logs.read_mjlog(text)).ok
    # Points of the first win, changed.
    i = text.index("<AGARI")
    j = text.index('ten="', i) + len('ten="')
    k = text.index('"', j)
    fu, points, limit = text[j:k].split(",")
    changed = text[:j] + f"{fu},{int(points) + 100},{limit}" + text[k:]
    report = riichi.replay(logs.read_mjlog(changed))
    assert not report.ok
    m = report.mismatches[0]
    assert m.kind == "win" and m.label.startswith("E") and m.step > 0
    assert str(int(points) + 100) in m.expected


# Formats: round trips and conversions ----------------------------------------------


@needs_data
def test_every_mjlog_writes_back_to_the_same_record(records: dict[str, riichi.GameRecord]) -> None:
    for name, r in records.items():
        assert logs.read_mjlog(r.to_mjlog()) == r, name
        assert logs.read_mjai(r.to_mjai()) == r, name


@needs_data
@pytest.mark.parametrize("path", official_json(), ids=lambda p: p.stem)
def test_official_tenhou6_json_equals_our_conversion_of_the_mjlog(path: Path) -> None:
    """Tenhou's own JSON export of a game is exactly what we write from its mjlog."""
    ours = json.loads(logs.read_mjlog(MJLOG / f"{path.stem}.mjlog").to_tenhou6())
    theirs = json.loads(path.read_text(encoding="utf-8"))
    # Tenhou adds "connection" when a player dropped out and came back: the
    # disconnections (mjlog BYE tags) are not part of a GameRecord.
    theirs.pop("connection", None)
    assert ours == theirs


# Single-hand cases written by hand for other tools' parser tests, whose play does
# not add up: the replay must find exactly what is wrong with them.
INCONSISTENT = {
    # The winner's score change leaves out the riichi stick on the table.
    "hand-confusing_nakis_1": ("win", "E2-2"),
    # A made-up deal (four plain 5s under red-five rules) ending in a "win" with no
    # points and no yaku: seat 1 cannot ron that discard.
    "hand-confusing_nakis_2": ("illegal_action", "E1-0"),
}


@needs_data
@pytest.mark.parametrize("path", official_json() + hand_json(), ids=lambda p: p.stem)
def test_tenhou6_files_read_replay_and_write_back(path: Path) -> None:
    record = logs.read_tenhou6(path)
    assert record.n_hands > 0
    report = riichi.replay(record)
    if path.stem in INCONSISTENT:
        m = report.mismatches[0]
        assert (m.kind, m.label) == INCONSISTENT[path.stem], m
    else:
        assert report.ok, report.mismatches[:1]
    assert logs.read_tenhou6(record.to_tenhou6()) == record
    assert logs.read_mjai(record.to_mjai()) == record


@needs_data
def test_tenhou6_url_form_reads() -> None:
    from urllib.parse import quote

    path = official_json()[0]
    text = path.read_text(encoding="utf-8")
    url = "https://tenhou.net/6/#json=" + quote(text)
    assert logs.read_tenhou6(url) == logs.read_tenhou6(text)
    assert logs.read_log(url) == logs.read_tenhou6(text)


def _comparable(record: riichi.GameRecord) -> list[dict[str, Any]]:
    """Events as every format keeps them: no dice (tenhou.net/6 has none), tiles of a
    hand or a meld in sorted order."""
    out = []
    for e in record.events:
        e = dict(e)
        e.pop("dice", None)
        for key in ("consumed", "hora_tehais"):
            if key in e:
                e[key] = sorted(e[key])
        if "tehais" in e:
            e["tehais"] = [sorted(h) for h in e["tehais"]]
        out.append(e)
    return out


@needs_data
def test_mjlog_to_mjai_to_tenhou6_to_mjlog_keeps_every_event(
    records: dict[str, riichi.GameRecord],
) -> None:
    for name, r in records.items():
        mjai = logs.read_mjai(r.to_mjai())
        t6 = logs.read_tenhou6(mjai.to_tenhou6())
        back = logs.read_mjlog(t6.to_mjlog())
        assert _comparable(back) == _comparable(r), name
        assert (back.rules, back.names, back.final_points, back.final_scores) == (
            r.rules,
            r.names,
            r.final_points,
            r.final_scores,
        ), name
        assert riichi.replay(back).ok, name


# Engine games are records too -------------------------------------------------------


@pytest.mark.parametrize("preset", ["tenhou", "mleague", "mahjong_soul"])
def test_engine_games_replay_through_their_own_records(preset: str) -> None:
    rules = riichi.Rules.preset(preset)
    for seed in range(4):
        game = riichi.Game(rules, seed=seed)
        agent = riichi.agents.RandomAgent(seed)
        while not game.is_over:
            seat = game.current_decision[0]
            game.apply(seat, agent.act(game.observation(seat), game.legal_actions(seat)))
        record = game.record()
        assert record.n_hands > 0 and record.final_points == game.result["points"]
        again = logs.read_mjai(record.to_mjai())
        assert again == record
        report = riichi.replay(again)
        assert report.ok, report.mismatches[:1]


# Errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reader", "text", "where"),
    [
        (logs.read_mjlog, '<mjloggm ver="2.3"><INIT seed="0,0,0,1,2,3"', "byte"),
        (logs.read_mjlog, '<mjloggm ver="2.3"><GO type="169"/><T12/>', "byte"),
        (
            logs.read_mjlog,
            '<mjloggm><GO type="17"/><INIT seed="0,0,0,1,2,3" ten="350,350,350,0" oya="0" '
            'hai0="1" hai1="" hai2="" hai3=""/>',
            "hai0 must hold 13 tiles",
        ),
        (logs.read_mjlog, '<mjloggm><N who="0" m="99999999"/>', "byte"),
        (logs.read_mjai, '{"type":"start_game"}\n{"type":"tsumo","actor":9,"pai":"1m"}', "line 2"),
        (logs.read_mjai, '{"type":"start_game"}\n{"type":"dahai","actor":0,"pai":"1x"}', "line 2"),
        (logs.read_mjai, '{"type":', "line 1"),
    ],
)
def test_malformed_logs_raise_log_parse_error(
    reader: Callable[[str], riichi.GameRecord], text: str, where: str
) -> None:
    with pytest.raises(LogParseError, match=where):
        reader(text)


def test_log_parse_error_is_a_mahjong_error() -> None:
    assert issubclass(LogParseError, riichi.MahjongError)
    with pytest.raises(riichi.MahjongError):
        logs.read_mjai("not json")


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        logs.read_mjlog(42)  # type: ignore[arg-type]
    with pytest.raises(riichi.InvalidInputError, match="cannot read"):
        logs.read_mjlog("no/such/file.mjlog")
    with pytest.raises(riichi.InvalidInputError, match="errors"):
        riichi.replay_files([], errors="ignore")  # type: ignore[arg-type]


def test_a_log_larger_than_any_game_is_refused_before_reading(tmp_path: Path) -> None:
    """100 MB of text is no game's log: refused at once, without reading it all."""
    big = tmp_path / "huge.mjlog"
    with big.open("wb") as f:
        f.truncate(100 << 20)
    with pytest.raises(
        riichi.InvalidInputError, match=r"huge\.mjlog.*more than the 32 MB a file may hold"
    ):
        logs.read_mjlog(big)
    with pytest.raises(LogParseError, match="larger than one game"):
        logs.read_mjai(b" " * (33 << 20))
    reports = riichi.replay_files([big], errors="report")
    assert reports[0].mismatches[0].kind == "record"


@needs_data
def test_file_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.mjlog"
    text = (MJLOG / "first-example.mjlog").read_text(encoding="utf-8")
    bad.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(LogParseError, match=r"broken\.mjlog"):
        logs.read_mjlog(bad)
    reports = riichi.replay_files([bad, MJLOG / "first-example.mjlog"], errors="report")
    assert [r.ok for r in reports] == [False, True]
    assert reports[0].mismatches[0].kind == "record"
    assert "broken.mjlog" in repr(reports[0])


@needs_data
def test_repr_shows_the_game(records: dict[str, riichi.GameRecord]) -> None:
    r = records["2019021004gm-00a9-0000-e2f6516d.mjlog"]
    text = repr(r)
    assert "10 hands" in text and "Sidecar" in text and "final" in text
    report = riichi.replay(r)
    assert repr(report).startswith("ReplayReport(ok, 10 hands")


@pytest.mark.parametrize(
    ("changes", "name", "value"),
    [
        ({"start_points": 30000}, "start_points", "30000"),
        ({"kiriage": True}, "kiriage", "true"),
        ({"red_fives": (2, 1, 1)}, "red_fives", "(2, 1, 1)"),
    ],
)
def test_writers_refuse_rules_they_cannot_carry(
    changes: dict[str, object], name: str, value: str
) -> None:
    """A format that holds only a Tenhou lobby's rules refuses a game under other
    rules, naming the option, instead of writing a log that reads back under the
    defaults (and then fails its replay). mjai carries every option."""
    game = riichi.Game(rules=riichi.Rules(**changes), seed=3)
    while not game.is_over:
        seat = game.current_decision[0]
        game.apply(seat, game.legal_actions(seat)[0])
    record = game.record()
    writers = [("mjlog", logs.write_mjlog)]
    if name != "red_fives":  # tenhou.net/6 says the red fives of each suit
        writers.append(("tenhou6", logs.write_tenhou6))
    for fmt, write in writers:
        with pytest.raises(
            riichi.RuleError, match=f"{fmt} cannot carry these rules: {name} = "
        ) as e:
            write(record)
        assert f"{name} = {value} would be read back as" in str(e.value)
    back = logs.read_mjai(logs.write_mjai(record))
    assert back.rules == record.rules and riichi.replay(back).ok
    if name == "red_fives":
        t6 = logs.read_tenhou6(logs.write_tenhou6(record))
        assert t6.rules.red_fives == (2, 1, 1) and riichi.replay(t6).ok


def test_a_mahjong_soul_game_writes_to_tenhou6_with_a_room_that_says_its_rules():
    rules = riichi.Rules.preset("mahjong_soul")
    game = riichi.Game(rules=rules, seed=5)
    while not game.is_over:
        seat = game.current_decision[0]
        game.apply(seat, game.legal_actions(seat)[-1])
    record = game.record()
    text = logs.write_tenhou6(record)
    assert '"disp":"雀魂の間南"' in text
    back = logs.read_tenhou6(text)
    assert back.rules == rules and back.n_hands == record.n_hands
    assert riichi.replay(back).ok
    # Rules of neither site are still refused, naming what would be lost.
    other = riichi.Game(rules=riichi.Rules(kita=False, players=4, uma=(30, 10, -10, -30)), seed=5)
    while not other.is_over:
        seat = other.current_decision[0]
        other.apply(seat, other.legal_actions(seat)[-1])
    with pytest.raises(riichi.RuleError, match="tenhou6 cannot carry these rules: uma"):
        logs.write_tenhou6(other.record())
