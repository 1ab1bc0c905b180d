"""The two scoring datasets of the shared directory, as `riichi.score` calls and the
results they must give. Plain functions (no pytest): the tests and the benchmarks
both use them.

- `tenhou/agari.jsonl`: 1,508 wins from real Tenhou games (4 players, red fives,
  open tanyao: the default `Rules()`), as Tenhou's AGARI tags report them.
- `majiang/hule.jsonl`: 10,000 wins from kobalab/majiang-core's test data, scored
  by majiang-core (its default rules: red fives m1p1s1, open tanyao, double wind
  pair 4 fu, no kiriage, kazoe yakuman, stacked yakuman, and the four double
  yakuman of `majiang_rules()`).

Each win becomes a `Case`: the `Hand` (winning tile included), the winning tile,
the keyword arguments of `riichi.score`, the seat winds `ScoreResult.deltas` needs
(discarder, liable) and the `Expected` result. Winds are seat winds ("E" the
dealer), and score deltas are listed by seat wind (E, S, W, N), as
`ScoreResult.deltas` returns them.

The datasets are read from the shared test data folder next to the repository, or
from where the environment variable RIICHI_SHARED points (that folder or its `data/`
folder).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import riichi

TENHOU_AGARI = "tenhou/agari.jsonl"
MAJIANG_HULE = "majiang/hule.jsonl"

Wind = Literal["E", "S", "W", "N"]
Seat = Literal["left", "across", "right"]
WINDS: tuple[Wind, Wind, Wind, Wind] = ("E", "S", "W", "N")
# Tenhou yaku numbers of dora, ura dora and red fives: listed among the yaku by both
# datasets, counted apart by `ScoreResult` (`dora`, `ura`, `aka`).
DORA, URA, AKA = 52, 53, 54
DORA_IDS = (DORA, URA, AKA)

# Tenhou's `from_rel` of a meld (1 shimocha, 2 toimen, 3 kamicha) and majiang's
# names for the same seats, as `Meld(called_from=...)` takes them.
TENHOU_FROM_REL: dict[int, Seat] = {1: "right", 2: "across", 3: "left"}
MAJIANG_FROM: dict[str, Seat] = {"shimocha": "right", "toimen": "across", "kamicha": "left"}

SITUATION_FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
)


def shared_data_dir() -> Path | None:
    """The shared `data/` directory, or None when it is not there."""
    candidates = []
    if env := os.environ.get("RIICHI_SHARED"):
        candidates += [Path(env) / "data", Path(env)]
    candidates.append(Path(__file__).resolve().parents[2] / "shared" / "data")
    return next((d for d in candidates if (d / TENHOU_AGARI).is_file()), None)


@dataclass(frozen=True)
class Expected:
    """What `riichi.score` must give for a case.

    `han` is None for a yakuman hand (neither dataset counts han there) and `fu` is
    None where it is not compared (yakuman hands: Tenhou still reports a fu,
    majiang-core none). `yaku` are the sorted (Tenhou id, han) of the regular yaku
    with dora, ura dora and red fives as the entries 52, 53, 54 (only when they add
    han: Tenhou lists "ura dora 0" for every riichi), empty for a yakuman hand.
    `yakuman` are the sorted (Tenhou id, multiplier) of the yakuman, and
    `yakuman_multiplier` their sum (0 for a regular hand; a kazoe yakuman, 13+ han
    of regular yaku, has none either: neither dataset counts it as a yakuman).
    `points` is the hand's value before honba and sticks; `deltas` the score changes
    by seat wind (E, S, W, N), honba and riichi sticks included."""

    han: int | None
    fu: int | None
    points: int
    yaku: tuple[tuple[int, int], ...]
    yakuman: tuple[tuple[int, int], ...]
    yakuman_multiplier: int
    deltas: tuple[int, int, int, int]


@dataclass(frozen=True)
class Case:
    """One win: `riichi.score(case.hand, case.win_tile, **case.kwargs)` must give
    `case.expected`, and `result.deltas(discarder=case.discarder,
    liable=case.liable)` its deltas. `line` is the 1-based line of the jsonl file;
    `record` the raw record; `note` what is special about it (empty mostly)."""

    dataset: str
    line: int
    hand: riichi.Hand
    win_tile: riichi.Tile
    kwargs: dict[str, Any]
    discarder: Wind | None
    liable: Wind | None
    expected: Expected
    record: dict[str, Any] = field(repr=False, compare=False)
    note: str = ""

    def score(self) -> riichi.ScoreResult:
        return riichi.score(self.hand, self.win_tile, **self.kwargs)

    @property
    def label(self) -> str:
        """A compact one-line description: the hand, how it was won, the situation."""
        kw = self.kwargs
        how = "tsumo" if kw["tsumo"] else f"ron from {self.discarder}"
        parts = [
            f"{self.hand} +{self.win_tile} {how}",
            f"seat {kw['seat_wind']} round {kw['round_wind']}",
            "dora " + "".join(str(t) for t in kw["dora_indicators"]),
        ]
        if kw["ura_indicators"]:
            parts.append("ura " + "".join(str(t) for t in kw["ura_indicators"]))
        flags = [f for f in SITUATION_FLAGS if kw.get(f)]
        if flags:
            parts.append("+".join(flags))
        if kw["honba"] or kw["riichi_sticks"]:
            parts.append(f"honba {kw['honba']} sticks {kw['riichi_sticks']}")
        if self.liable:
            parts.append(f"pao {self.liable}")
        if self.note:
            parts.append(self.note)
        return ", ".join(parts)


def read_jsonl(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(1-based line number, record) of each non-empty line."""
    with path.open(encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip():
                yield n, json.loads(line)


def _yaku_entries(entries: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Sorted (id, han), dropping the dora entries that add no han."""
    return tuple(sorted((i, h) for i, h in entries if not (i in DORA_IDS and h == 0)))


# Tenhou ---------------------------------------------------------------------------


def tenhou_meld(m: dict[str, Any]) -> riichi.Meld:
    """A meld of agari.jsonl (136-ids; `from_rel` 1 right, 2 across, 3 left)."""
    tiles = riichi.tiles_from_id136(m["tiles"])
    kind = m["type"]
    if kind == "ankan":
        return riichi.Meld("ankan", tiles)
    called = riichi.tiles_from_id136([m["called"]])[0]
    seat = TENHOU_FROM_REL[m["from_rel"]]
    if kind == "kakan":
        added = riichi.tiles_from_id136([m["added"]])[0]
        return riichi.Meld("kakan", tiles, called=called, called_from=seat, added=added)
    return riichi.Meld(kind, tiles, called=called, called_from=seat)


def _by_wind(deltas: Sequence[int], dealer: int) -> tuple[int, int, int, int]:
    """Per-seat deltas (absolute seats) reordered by seat wind."""
    e, s, w, n = (deltas[(dealer + k) % 4] for k in range(4))
    return e, s, w, n


def tenhou_case(line: int, r: dict[str, Any], multi_ron: bool = False) -> Case:
    """One record of agari.jsonl.

    Seats: absolute seat s has seat wind (s - dealer) % 4. The situation flags are
    those of Tenhou's yaku list, or-ed with those the game flow shows (when it is
    reliable): a yakuman hand lists no regular yaku, so a daisangen won by robbing
    a kan shows chankan only in the flow.

    Double ron: every winner has a record of its own (`multi_ron_index` 0 for the
    winner nearest the discarder in turn order, then 1); Tenhou pays honba and
    riichi sticks to the nearest winner only. The later winner's record keeps the
    honba count (its sticks are already 0) but its deltas hold neither, so it is
    scored with `honba=0`. `multi_ron` marks the nearest winner of a double ron
    (in its note)."""
    dealer = r["round"]["dealer"]

    def wind(seat: int) -> Wind:
        return WINDS[(seat - dealer) % 4]

    hand = r["hand"]
    h = riichi.Hand(
        riichi.tiles_from_id136(hand["closed"]), melds=[tenhou_meld(m) for m in hand["melds"]]
    )
    win_tile = riichi.tiles_from_id136([r["win_tile"]])[0]
    res = r["result"]
    yakuman = bool(res["yakuman"])
    flags = dict(r["conditions_from_tenhou_yaku"])
    flow = r["conditions_from_flow"]
    if flow.get("flow_reliable"):
        for f in SITUATION_FLAGS:
            flags[f] = bool(flags.get(f)) or bool(flow.get(f))
    later_ron = r["multi_ron_index"] > 0
    kwargs: dict[str, Any] = {
        "tsumo": bool(r["tsumo"]),
        **{f: bool(flags.get(f)) for f in SITUATION_FLAGS},
        "seat_wind": wind(r["winner"]),
        "round_wind": r["round_wind"],
        "dora_indicators": riichi.tiles_from_id136(r["dora_indicators"]),
        "ura_indicators": riichi.tiles_from_id136(r["ura_indicators"]),
        "honba": 0 if later_ron else r["honba"],
        "riichi_sticks": r["riichi_sticks"],
    }
    expected = Expected(
        han=None if yakuman else res["han"],
        fu=None if yakuman else res["fu"],
        points=res["points"],
        yaku=_yaku_entries([(y["id"], y["han"]) for y in res["yaku"]]),
        yakuman=tuple(sorted((y["id"], 1) for y in res["yakuman"])),
        yakuman_multiplier=len(res["yakuman"]),
        deltas=_by_wind(res["score_deltas"], dealer),
    )
    note = ""
    if later_ron:
        note = f"double ron, winner {r['multi_ron_index'] + 1}: no honba (table {r['honba']})"
    elif multi_ron:
        note = "double ron, nearest winner"
    return Case(
        dataset="tenhou",
        line=line,
        hand=h,
        win_tile=win_tile,
        kwargs=kwargs,
        discarder=None if r["tsumo"] else wind(r["from_who"]),
        liable=None if res["pao_who"] is None else wind(res["pao_who"]),
        expected=expected,
        record=r,
        note=note,
    )


def tenhou_cases(path: Path) -> list[Case]:
    """Every win of agari.jsonl, in file order."""
    rows = list(read_jsonl(path))
    nexts = [r["multi_ron_index"] for _, r in rows[1:]] + [0]
    return [tenhou_case(n, r, multi_ron=nxt > 0) for (n, r), nxt in zip(rows, nexts, strict=True)]


def tenhou_double_rons(cases: Sequence[Case]) -> list[list[Case]]:
    """The wins of each double (or triple) ron, nearest winner first: a case with
    `multi_ron_index` > 0 belongs with the cases right before it."""
    groups: list[list[Case]] = []
    for c in cases:
        if c.record["multi_ron_index"] > 0:
            prev = groups[-1][-1].record if groups else None
            if prev is None or prev["game_key"] != c.record["game_key"]:
                raise ValueError(f"line {c.line}: a later ron without its first winner")
            groups[-1].append(c)
        else:
            groups.append([c])
    return [g for g in groups if len(g) > 1]


# majiang-core ----------------------------------------------------------------------


def majiang_rules() -> riichi.Rules:
    """majiang-core's default rules as `Rules`: Tenhou's but for the four double
    yakuman (kokushi 13-sided wait, suuankou tanki, junsei chuuren, daisuushii).
    The rest already is the default: red fives m1p1s1, open tanyao, double wind pair
    4 fu, pinfu tsumo 20 fu, rinshan tsumo 2 fu, no kiriage, kazoe yakuman, stacked
    yakuman without a cap, ryuuiisou without hatsu a single yakuman."""
    return riichi.Rules(
        double_kokushi_13=True,
        double_suuankou_tanki=True,
        double_junsei_chuuren=True,
        double_daisuushii=True,
    )


def majiang_meld(m: dict[str, Any]) -> riichi.Meld:
    """A meld of hule.jsonl (mpsz tiles; `called_from` kamicha/toimen/shimocha)."""
    kind = m["type"]
    if kind == "ankan":
        return riichi.Meld("ankan", m["tiles"])
    seat = MAJIANG_FROM[m["called_from"]]
    if kind == "kakan":
        return riichi.Meld(
            "kakan", m["tiles"], called=m["called"], called_from=seat, added=m["added"]
        )
    return riichi.Meld(kind, m["tiles"], called=m["called"], called_from=seat)


def majiang_case(line: int, r: dict[str, Any], rules: riichi.Rules) -> Case:
    """One record of hule.jsonl. `input.concealed` already holds the winning tile
    (14 tiles with the melds); `input.riichi` is also set for a double riichi."""
    i, e = r["input"], r["expected"]
    h = riichi.Hand(i["concealed"], melds=[majiang_meld(m) for m in i["melds"]])
    yakuman = [y for y in e["yaku"] if y.get("yakuman_multiplier")]
    regular = [y for y in e["yaku"] if not y.get("yakuman_multiplier")]
    if not e["yaku"] or (yakuman and regular):
        raise ValueError(f"line {line}: unexpected yaku list {e['yaku']}")
    kwargs: dict[str, Any] = {
        "tsumo": bool(i["tsumo"]),
        **{f: bool(i[f]) for f in SITUATION_FLAGS},
        "seat_wind": WINDS[i["seat_wind"]],
        "round_wind": WINDS[i["round_wind"]],
        "dora_indicators": list(i["dora_indicators"]),
        "ura_indicators": list(i["ura_indicators"]),
        "honba": i["honba"],
        "riichi_sticks": i["riichi_sticks"],
        "rules": rules,
    }
    expected = Expected(
        han=None if yakuman else e["han"],
        fu=None if yakuman else e["fu"],
        points=e["points"],
        yaku=_yaku_entries([(y["tenhou_id"], y["han"]) for y in regular]),
        yakuman=tuple(sorted((y["tenhou_id"], y["yakuman_multiplier"]) for y in yakuman)),
        yakuman_multiplier=e["yakuman_multiplier"] or 0,
        deltas=_by_wind(e["deltas_by_seat_wind"], 0),
    )
    return Case(
        dataset="majiang",
        line=line,
        hand=h,
        win_tile=riichi.Tile(i["win_tile"]),
        kwargs=kwargs,
        discarder=None if i["tsumo"] else WINDS[i["ron_from_seat_wind"]],
        liable=None,
        expected=expected,
        record=r,
    )


def majiang_cases(path: Path) -> list[Case]:
    """Every win of hule.jsonl, in file order."""
    rules = majiang_rules()
    return [majiang_case(n, r, rules) for n, r in read_jsonl(path)]
