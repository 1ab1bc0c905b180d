"""Inputs and cases shared by the Python benchmarks (``test_bench_analysis.py``, ``report.py``).

Every case times one library on one task over the same hands of the shared corpus
(``../shared/bench``, or ``$RIICHI_SHARED/bench``), in the input form that library takes
fastest (riichi: mpsz strings, parsing included; mahjong and xiangting: 34-count lists;
riichienv: 136-id lists). Its answers are then put in a common form and checked: riichi's
against an independent expectation, each peer's against riichi's.

Tasks (hands are the first N of each set, N = 1,000 by default):

- ``shanten14`` / ``shanten13``: random closed hands (``shanten14.jsonl``, ``shanten13.jsonl``).
- ``complete``: closed winning hands without melds (``agari.jsonl``); all are complete.
- ``waits``: the same wins less their winning tile, so tenpai hands.
- ``discards``: the full discard table (shanten, ukeire kinds, live count per distinct
  discard) of the random 14-tile hands; live = 4 - copies in the 14-tile hand.

Scoring (``SCORE_CASES``, ``test_bench_score.py``) has its own section at the end: whole
wins of ``agari.jsonl`` with their situation, answers compared as (han, fu, points).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import repeat
from pathlib import Path
from typing import Any

import numpy as np

import riichi

HANDS = 1000
PEERS = ("mahjong", "riichienv", "xiangting")
CORPUS_FILES = ("shanten13.jsonl", "shanten14.jsonl", "agari.jsonl")


def corpus_dir() -> Path:
    """``$RIICHI_SHARED/bench`` if set (as in ``analysis.rs``), else ``../shared/bench``."""
    shared = os.environ.get("RIICHI_SHARED")
    base = Path(shared) if shared else Path(__file__).resolve().parents[2] / "shared"
    return base / "bench"


def corpus_missing() -> str | None:
    """Why the corpus can't be used, or ``None`` when every file is there."""
    d = corpus_dir()
    missing = [f for f in CORPUS_FILES if not (d / f).is_file()]
    if missing:
        return (
            f"shared corpus not found: {d} lacks {', '.join(missing)} "
            "(set RIICHI_SHARED to the folder that holds bench/)"
        )
    return None


def to_mpsz(counts: Sequence[int]) -> str:
    """mpsz string of 34 counts (no red fives): ``[1, 1, 1, 0, ...]`` -> ``"123m..."``."""
    out = []
    for suit, lo, hi in (("m", 0, 9), ("p", 9, 18), ("s", 18, 27), ("z", 27, 34)):
        digits = "".join(str(k - lo + 1) * counts[k] for k in range(lo, hi))
        if digits:
            out.append(digits + suit)
    return "".join(out)


def kinds_mask(kinds: Iterable[int]) -> int:
    mask = 0
    for k in kinds:
        mask |= 1 << k
    return mask


def mask_mpsz(mask: int) -> str:
    """mpsz string of the kinds in a 34-bit mask (``"-"`` when empty)."""
    return to_mpsz([mask >> k & 1 for k in range(34)]) or "-"


def _show_discards(rows: tuple[tuple[int, int, int, int], ...]) -> str:
    """A discard table as ``tile:shanten/ukeire kinds/live`` per discard."""
    return " ".join(f"{mask_mpsz(1 << d)}:{s}/{mask_mpsz(m)}/{live}" for d, s, m, live in rows)


@dataclass(frozen=True)
class Hands:
    """One input set in every form the libraries take."""

    ids: list[list[int]]  # 136-ids
    counts: list[list[int]]  # 34 counts
    mpsz: list[str]
    wins: list[int] | None = None  # winning kind, for hands from the agari corpus

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def array(self) -> np.ndarray:
        return np.array(self.counts, dtype=np.uint8)


def _hands(ids: list[list[int]], wins: list[int] | None = None) -> Hands:
    counts = []
    for hand in ids:
        c = [0] * 34
        for t in hand:
            c[t >> 2] += 1
        counts.append(c)
    return Hands(ids, counts, [to_mpsz(c) for c in counts], wins)


def _lines(
    name: str, limit: int | None, keep: Callable[[str], bool] = lambda _: True
) -> Iterator[dict[str, Any]]:
    with open(corpus_dir() / name, encoding="utf-8") as f:
        n = 0
        for line in f:
            if limit is not None and n >= limit:
                return
            if keep(line):
                n += 1
                yield json.loads(line)


@cache
def random_hands(size: int, limit: int | None = HANDS) -> Hands:
    """The first ``limit`` (all if ``None``) hands of ``shanten{size}.jsonl``."""
    return _hands([h["t136"] for h in _lines(f"shanten{size}.jsonl", limit)])


def _closed_wins(limit: int | None) -> list[dict[str, Any]]:
    return list(_lines("agari.jsonl", limit, lambda line: '"melds":[]' in line))


@cache
def winning_hands(limit: int | None = HANDS) -> Hands:
    """The first ``limit`` closed winning hands without melds (14 tiles)."""
    wins = _closed_wins(limit)
    return _hands([h["concealed136"] for h in wins], [h["win136"] >> 2 for h in wins])


@cache
def tenpai_hands(limit: int | None = HANDS) -> Hands:
    """The same wins without their winning tile: 13-tile tenpai hands."""
    wins = _closed_wins(limit)
    ids = [[t for t in h["concealed136"] if t != h["win136"]] for h in wins]
    return _hands(ids, [h["win136"] >> 2 for h in wins])


# --- independent expectations for riichi's answers -------------------------------------


def _expect_shanten(hands: Hands) -> tuple[str, list[Any]]:
    try:
        from mahjong.shanten import Shanten
    except ImportError:
        return "riichi.shanten_batch (mahjong not installed)", riichi.shanten_batch(
            hands.array
        ).tolist()
    return "mahjong", [Shanten.calculate_shanten(c) for c in hands.counts]


def _expect_complete(hands: Hands) -> tuple[str, list[Any]]:
    return "corpus (every hand is a win)", [True] * len(hands)


_EYE = np.eye(34, dtype=np.uint8)


def _expect_waits(hands: Hands) -> tuple[str, list[Any]]:
    counts = hands.array
    masks = np.zeros(len(counts), dtype=np.uint64)
    for k in range(34):
        rows = np.flatnonzero(counts[:, k] < 4)
        won = rows[riichi.is_complete_batch(counts[rows] + _EYE[k])]
        masks[won] |= np.uint64(1 << k)
    out = [int(m) for m in masks]
    assert hands.wins is not None
    wins = zip(hands.mpsz, out, hands.wins, strict=True)
    missing = [s for s, m, w in wins if not m >> w & 1]
    assert not missing, f"winning tile not among the brute-force waits: {missing[:5]}"
    return "brute force (is_complete_batch on each of the 34 draws)", out


def _expect_discards(hands: Hands) -> tuple[str, list[Any]]:
    counts = hands.array
    rows: list[list[tuple[int, int, int, int]]] = [[] for _ in range(len(counts))]
    for d in range(34):
        held = np.flatnonzero(counts[:, d])
        if not held.size:
            continue
        c13 = counts[held] - _EYE[d]
        s13 = riichi.shanten_batch(c13)
        masks = np.zeros(len(held), dtype=np.uint64)
        live = np.zeros(len(held), dtype=np.int64)
        for k in range(34):
            ok = np.flatnonzero(c13[:, k] < 4)
            lower = ok[riichi.shanten_batch(c13[ok] + _EYE[k]) < s13[ok]]
            masks[lower] |= np.uint64(1 << k)
            live[lower] += 4 - counts[held[lower], k].astype(np.int64)
        for j, i in enumerate(held):
            rows[i].append((d, int(s13[j]), int(masks[j]), int(live[j])))
    return "brute force (shanten_batch on every discard and draw)", [tuple(r) for r in rows]


@dataclass(frozen=True)
class Task:
    key: str
    title: str
    hands: Callable[[int | None], Hands]
    expect: Callable[[Hands], tuple[str, list[Any]]]
    target: str = ""
    show: Callable[[Any], str] = str  # an answer in the common form, for messages


TASKS = {
    t.key: t
    for t in (
        Task(
            "shanten14",
            "shanten, 14 tiles",
            lambda n: random_hands(14, n),
            _expect_shanten,
            "≤ 0.15 µs (mpsz)",
        ),
        Task("shanten13", "shanten, 13 tiles", lambda n: random_hands(13, n), _expect_shanten),
        Task("complete", "completeness (closed wins)", winning_hands, _expect_complete),
        Task("waits", "waits (13-tile tenpai)", tenpai_hands, _expect_waits, show=mask_mpsz),
        Task(
            "discards",
            "discard table + ukeire, 14 tiles",
            lambda n: random_hands(14, n),
            _expect_discards,
            "≤ 3 µs",
            show=_show_discards,
        ),
    )
}


# --- cases: (task, library) -> timed closure over all hands + answers in common form ----


@dataclass(frozen=True)
class Case:
    task: str
    lib: str  # "riichi" or a peer's import name
    call: str  # what is called once per hand
    prepare: Callable[[Hands], Callable[[], list[Any]]]  # -> the timed closure over all hands
    common: Callable[[list[Any], Hands], list[Any]]  # its answers in the task's common form
    variant: str = ""  # set for riichi's extra cases (another input form or method)
    note: str = ""

    @property
    def main(self) -> bool:
        return not self.variant

    @property
    def id(self) -> str:
        return f"{self.lib}-{self.variant}" if self.variant else self.lib


def _same(answers: list[Any], hands: Hands) -> list[Any]:
    return list(answers)


def _map(f: Callable[..., Any], form: str, *extra: Any) -> Callable[[Hands], Callable[[], list]]:
    """A closure calling ``f`` once per hand (``map``: the least loop overhead)."""

    def prepare(hands: Hands) -> Callable[[], list[Any]]:
        xs = getattr(hands, form)
        args = [repeat(e) for e in extra]
        return lambda: list(map(f, xs, *args))

    return prepare


def _riichi_waits(hands: Hands) -> Callable[[], list[Any]]:
    hand, xs = riichi.Hand, hands.mpsz
    return lambda: [hand(s).waits() for s in xs]


def _riichi_ukeire(hands: Hands) -> Callable[[], list[Any]]:
    hand, xs = riichi.Hand, hands.mpsz
    return lambda: [hand(s).ukeire() for s in xs]


def _riichi_discards(hands: Hands) -> Callable[[], list[Any]]:
    hand, xs = riichi.Hand, hands.mpsz
    return lambda: [hand(s).discard_options() for s in xs]


def _riichi_discards_built(hands: Hands) -> Callable[[], list[Any]]:
    built = [riichi.Hand(s) for s in hands.mpsz]
    return lambda: [h.discard_options() for h in built]


def _riichi_discard_rows(answers: list[Any], hands: Hands) -> list[Any]:
    return [
        tuple(
            sorted(
                (o.tile.kind, o.shanten, kinds_mask(t.kind for t, _ in o.ukeire.tiles), o.live)
                for o in options
            )
        )
        for options in answers
    ]


def _mahjong_shanten(form: str) -> Callable[[Hands], Callable[[], list]]:
    def prepare(hands: Hands) -> Callable[[], list[Any]]:
        from mahjong.shanten import Shanten

        return _map(Shanten.calculate_shanten, form)(hands)

    return prepare


def _mahjong_agari(hands: Hands) -> Callable[[], list[Any]]:
    from mahjong.agari import Agari

    return _map(Agari.is_agari, "counts")(hands)


def _riichienv_shanten(hands: Hands) -> Callable[[], list[Any]]:
    import riichienv

    return _map(riichienv.calculate_shanten, "ids")(hands)


def _riichienv_waits(hands: Hands) -> Callable[[], list[Any]]:
    from riichienv import HandEvaluator

    xs = hands.ids
    return lambda: [HandEvaluator(t).get_waits() for t in xs]


def _xiangting(name: str) -> Callable[[Hands], Callable[[], list]]:
    def prepare(hands: Hands) -> Callable[[], list[Any]]:
        import xiangting

        return _map(getattr(xiangting, name), "counts", xiangting.PlayerCount.FOUR)(hands)

    return prepare


def _xiangting_discards(hands: Hands) -> Callable[[], list[Any]]:
    """Per distinct discard, xiangting's necessary tiles (replacement number, mask); the
    live counts are added outside the timing (as the issue's "masks only" figure)."""
    import xiangting

    necessary, four = xiangting.calculate_necessary_tiles, xiangting.PlayerCount.FOUR

    def table(c: list[int]) -> list[tuple[int, tuple[int, int]]]:
        out = []
        for k, n in enumerate(c):
            if n:
                c[k] = n - 1
                out.append((k, necessary(c, four)))
                c[k] = n
        return out

    xs = [list(c) for c in hands.counts]
    return lambda: list(map(table, xs))


def _xiangting_discard_rows(answers: list[Any], hands: Hands) -> list[Any]:
    rows = []
    for table, c in zip(answers, hands.counts, strict=True):
        rows.append(
            tuple(
                (k, rn - 1, mask, sum(4 - c[j] for j in range(34) if mask >> j & 1))
                for k, (rn, mask) in table
            )
        )
    return rows


def _is_minus_one(answers: list[Any], hands: Hands) -> list[Any]:
    return [s == -1 for s in answers]


_XT = "xiangting.calculate_replacement_number(c34, FOUR)"

CASES: list[Case] = [
    # shanten, 14 and 13 tiles
    *(
        case
        for task in ("shanten14", "shanten13")
        for case in (
            Case(task, "riichi", "riichi.shanten(mpsz)", _map(riichi.shanten, "mpsz"), _same),
            Case(
                task,
                "riichi",
                "riichi.shanten(c34)",
                _map(riichi.shanten, "counts"),
                _same,
                variant="counts",
            ),
            Case(
                task,
                "mahjong",
                "Shanten.calculate_shanten(c34)",
                _mahjong_shanten("counts"),
                _same,
            ),
            Case(task, "riichienv", "calculate_shanten(ids136)", _riichienv_shanten, _same),
            Case(
                task,
                "xiangting",
                _XT + " - 1",
                _xiangting("calculate_replacement_number"),
                lambda a, h: [rn - 1 for rn in a],
            ),
        )
    ),
    # completeness of closed wins
    Case("complete", "riichi", "riichi.is_complete(mpsz)", _map(riichi.is_complete, "mpsz"), _same),
    Case(
        "complete",
        "riichi",
        "riichi.is_complete(c34)",
        _map(riichi.is_complete, "counts"),
        _same,
        variant="counts",
    ),
    Case("complete", "mahjong", "Agari.is_agari(c34)", _mahjong_agari, _same),
    Case(
        "complete",
        "riichienv",
        "calculate_shanten(ids136) == -1",
        _riichienv_shanten,
        _is_minus_one,
    ),
    Case(
        "complete",
        "xiangting",
        _XT + " == 0",
        _xiangting("calculate_replacement_number"),
        lambda a, h: [rn == 0 for rn in a],
    ),
    # waits of tenpai hands
    Case(
        "waits",
        "riichi",
        "riichi.Hand(mpsz).waits()",
        _riichi_waits,
        lambda a, h: [kinds_mask(t.kind for t in w.tiles) for w in a],
        note="with wait shapes",
    ),
    Case(
        "waits",
        "riichi",
        "riichi.Hand(mpsz).ukeire()",
        _riichi_ukeire,
        lambda a, h: [kinds_mask(t.kind for t, _ in u.tiles) if u.shanten == 0 else 0 for u in a],
        variant="ukeire",
        note="kinds + live counts, no shapes",
    ),
    Case(
        "waits",
        "riichienv",
        "HandEvaluator(ids136).get_waits()",
        _riichienv_waits,
        lambda a, h: [kinds_mask(w) for w in a],
    ),
    Case(
        "waits",
        "xiangting",
        "xiangting.calculate_necessary_tiles(c34, FOUR)",
        _xiangting("calculate_necessary_tiles"),
        lambda a, h: [mask if rn == 1 else 0 for rn, mask in a],
    ),
    # full discard table
    Case(
        "discards",
        "riichi",
        "riichi.Hand(mpsz).discard_options()",
        _riichi_discards,
        _riichi_discard_rows,
    ),
    Case(
        "discards",
        "riichi",
        "hand.discard_options()",
        _riichi_discards_built,
        _riichi_discard_rows,
        variant="prebuilt",
        note="on a prebuilt Hand, no parsing",
    ),
    Case(
        "discards",
        "xiangting",
        "xiangting.calculate_necessary_tiles(c34 - discard, FOUR)",
        _xiangting_discards,
        _xiangting_discard_rows,
        note="per distinct discard; masks only, live counts added untimed",
    ),
]

# Tasks a peer has no API for (the table says so instead of a number).
NO_API = {
    ("waits", "mahjong"): "no API",
    ("discards", "mahjong"): "no API",
    ("discards", "riichienv"): "no API",
}


# --- checking ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Agreement:
    reference: str
    agreed: int
    total: int
    differ: tuple[str, ...]  # the first 20 differing hands: "mpsz: got X, expected Y"

    @property
    def ok(self) -> bool:
        return self.agreed == self.total

    def __str__(self) -> str:
        text = f"{self.agreed}/{self.total} agree with {self.reference}"
        if self.differ:
            text += "; differing hands:\n  " + "\n  ".join(self.differ)
        return text


def task_of(case: Case) -> Task:
    return TASKS[case.task]


_references: dict[tuple[str, int], tuple[str, list[Any]]] = {}


def reference(case: Case, hands: Hands) -> tuple[str, list[Any]]:
    """What ``case``'s answers must equal: an independent expectation for riichi,
    riichi's own answers (its main case) for a peer."""
    task = task_of(case)
    if case.lib == "riichi":
        key = (task.key, len(hands))
        if key not in _references:
            _references[key] = task.expect(hands)
        return _references[key]
    ours = next(c for c in CASES if c.task == case.task and c.lib == "riichi" and c.main)
    return "riichi", ours.common(ours.prepare(hands)(), hands)


def check(case: Case, answers: list[Any], hands: Hands) -> Agreement:
    name, expected = reference(case, hands)
    got = case.common(answers, hands)
    assert len(got) == len(expected) == len(hands)
    bad = [i for i, (g, e) in enumerate(zip(got, expected, strict=True)) if g != e]
    show = task_of(case).show
    differ = tuple(
        f"{hands.mpsz[i]}: got {show(got[i])}, expected {show(expected[i])}" for i in bad[:20]
    )
    return Agreement(name, len(hands) - len(bad), len(hands), differ)


def check_batch(size: int, out: np.ndarray) -> Agreement:
    """``shanten_batch`` over the whole set against per-call ``riichi.shanten`` (mpsz)."""
    hands = random_hands(size, None)
    expected = list(map(riichi.shanten, hands.mpsz))
    got = out.tolist()
    bad = [i for i, (g, e) in enumerate(zip(got, expected, strict=True)) if g != e]
    differ = tuple(f"{hands.mpsz[i]}: got {got[i]}, expected {expected[i]}" for i in bad[:20])
    return Agreement("riichi.shanten per call", len(got) - len(bad), len(expected), differ)


# --- scoring: whole wins of agari.jsonl -------------------------------------------------
#
# Each library scores the same wins (the first N of ``agari.jsonl``: closed and open,
# chiitoitsu, kokushi; no red fives) from the input it takes, all built before timing:
# riichi an mpsz hand string (parsing included), the winning tile and its keyword
# arguments; mahjong 136-ids, ``Meld`` objects and a ``HandConfig``; riichienv 136-ids,
# its ``Meld`` objects and ``Conditions``. The common form of an answer is
# ``(han, fu, points)``: fu 0 for a yakuman (neither riichienv nor the score uses them),
# points what the winner gains with honba (no riichi sticks in the corpus), ``None``
# when a library does not score the hand. riichi is checked against the mahjong score
# recorded in the corpus (Tenhou-like rules: open tanyao, no double yakuman, no
# kiriage), each peer against riichi; a peer that differs is counted, not failed
# (riichienv has rules of its own), and the report lists how.

SCORE_TASK = "score"
SCORE_TITLE = "full scoring (agari.jsonl)"
SCORE_TARGET = "≤ 1.0 µs"
_CORPUS_SEAT = {1: "right", 2: "across", 3: "left"}
_CORPUS_KIND = {"chi": "chi", "pon": "pon", "minkan": "daiminkan", "ankan": "ankan"}
_WINDS = "ESWN"


def _tile(t136: int) -> str:
    k = t136 >> 2
    return f"{k % 9 + 1}{'mpsz'[k // 9]}"


def _meld_text(m: dict[str, Any]) -> str:
    """riichi's bracket notation of a corpus meld (the called tile marked by where it
    came from: first = left, middle = across, last = right)."""
    ids = sorted(m["t136"])
    digits = [str((t >> 2) % 9 + 1) for t in ids]
    suit = "mpsz"[(ids[0] >> 2) // 9]
    if m["type"] == "ankan":
        return f"({''.join(digits)}{suit})"
    mark = digits.pop(ids.index(m["called"])) + "'"
    seat = _CORPUS_SEAT[m["from"]]
    digits.insert(0 if seat == "left" else 1 if seat == "across" else len(digits), mark)
    return f"[{''.join(digits)}{suit}]"


@dataclass(frozen=True)
class Wins:
    """Winning hands of ``agari.jsonl`` with their recorded reference score."""

    rows: list[dict[str, Any]]

    def __len__(self) -> int:
        return len(self.rows)

    def hand_text(self, i: int) -> str:
        r = self.rows[i]
        counts = [0] * 34
        for t in r["concealed136"]:
            counts[t >> 2] += 1
        return " ".join([to_mpsz(counts), *map(_meld_text, r["melds"])])

    def describe(self, i: int) -> str:
        r = self.rows[i]
        how = ("tsumo" if r["tsumo"] else "ron") + (" riichi" if r["riichi"] else "")
        return (
            f"#{r['i']} {self.hand_text(i)} win {_tile(r['win136'])} {how} "
            f"seat {_WINDS[r['seat_wind']]} round {_WINDS[r['round_wind']]} "
            f"dora {_tile(r['dora_ind136'][0])} honba {r['honba']}"
        )

    def riichi_args(self) -> list[tuple[str, str, dict[str, Any]]]:
        out = []
        for i, r in enumerate(self.rows):
            kw = {
                "tsumo": r["tsumo"],
                "riichi": r["riichi"],
                "seat_wind": _WINDS[r["seat_wind"]],
                "round_wind": _WINDS[r["round_wind"]],
                "dora_indicators": [_tile(t) for t in r["dora_ind136"]],
                "honba": r["honba"],
            }
            out.append((self.hand_text(i), _tile(r["win136"]), kw))
        return out


@cache
def score_wins(limit: int | None = HANDS) -> Wins:
    """The first ``limit`` (all if ``None``) wins of ``agari.jsonl``."""
    return Wins(list(_lines("agari.jsonl", limit)))


# mahjong's names of the yakuman (its ``yaku_level`` says "yakuman" for kazoe too).
_MAHJONG_YAKUMAN = frozenset(
    "Chiihou, Chinroutou, Chuuren Poutou, Daburu Chuuren Poutou, Dai Suushii, Daisangen, "
    "Kokushi Musou, Kokushi Musou Juusanmen Matchi, Ryuuiisou, Shousuushii, Suu Ankou, "
    "Suu Ankou Tanki, Suu Kantsu, Tenhou, Tsuu Iisou".split(", ")
)


def _ref_yakuman(ref: dict[str, Any]) -> bool:
    return any(y in _MAHJONG_YAKUMAN for y in ref["yaku"])


def _expect_score(wins: Wins) -> tuple[str, list[Any]]:
    return "mahjong (recorded in the corpus)", [
        (r["ref"]["han"], 0 if _ref_yakuman(r["ref"]) else r["ref"]["fu"], r["ref"]["total"])
        for r in wins.rows
    ]


def _riichi_score(wins: Wins) -> Callable[[], list[Any]]:
    score, xs = riichi.score, wins.riichi_args()

    def run() -> list[Any]:
        out = []
        for h, w, kw in xs:
            try:
                out.append(score(h, w, **kw))
            except riichi.ScoringError:
                out.append(None)
        return out

    return run


def _riichi_score_context(wins: Wins, hand: Callable[[str], Any]) -> Callable[[], list[Any]]:
    """Scoring with a prebuilt WinContext, the hand given as ``hand(text)``."""
    score = riichi.score
    xs = [(hand(h), w, riichi.WinContext(**kw)) for h, w, kw in wins.riichi_args()]

    def run() -> list[Any]:
        out = []
        for h, w, ctx in xs:
            try:
                out.append(score(h, w, context=ctx))
            except riichi.ScoringError:
                out.append(None)
        return out

    return run


def _riichi_score_text_context(wins: Wins) -> Callable[[], list[Any]]:
    return _riichi_score_context(wins, str)


def _riichi_score_built(wins: Wins) -> Callable[[], list[Any]]:
    return _riichi_score_context(wins, riichi.Hand)


def _riichi_common(answers: list[Any], wins: Wins) -> list[Any]:
    return [
        None if r is None else (r.han, 0 if r.yakuman else r.fu, r.payments.total) for r in answers
    ]


def _mahjong_score(wins: Wins) -> Callable[[], list[Any]]:
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    options = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False)
    types = {"chi": Meld.CHI, "pon": Meld.PON, "minkan": Meld.KAN, "ankan": Meld.KAN}
    xs = []
    for r in wins.rows:
        melds = [
            Meld(types[m["type"]], m["t136"], opened=m["type"] != "ankan", called_tile=m["called"])
            for m in r["melds"]
        ]
        tiles = r["concealed136"] + [t for m in r["melds"] for t in m["t136"]]
        config = HandConfig(
            is_tsumo=r["tsumo"],
            is_riichi=r["riichi"],
            player_wind=27 + r["seat_wind"],
            round_wind=27 + r["round_wind"],
            tsumi_number=r["honba"],
            options=options,
        )
        xs.append((tiles, r["win136"], melds, r["dora_ind136"], config))
    calc = HandCalculator.estimate_hand_value
    return lambda: [calc(t, w, melds=m, dora_indicators=d, config=c) for t, w, m, d, c in xs]


def _mahjong_common(answers: list[Any], wins: Wins) -> list[Any]:
    out = []
    for res in answers:
        if res.error:
            out.append(None)
            continue
        yakuman = any(y.is_yakuman for y in res.yaku)
        out.append((res.han, 0 if yakuman else res.fu, res.cost["total"]))
    return out


# riichienv 0.4.11 differs from riichi (and Tenhou) on the corpus in two ways the report
# shows: its ``HandEvaluator`` counts the 13-sided kokushi and the tanki suuankou as double
# yakuman (its ``Conditions`` carry no ``GameRule``), and the Python wrapper's ``calc``
# adds the winning tile a second time when the concealed and meld tiles number 16 (a
# hand with two kans), so it finds no win there.


def _riichienv_inputs(wins: Wins, wrapper: bool) -> list[tuple[Any, ...]]:
    import riichienv
    from riichienv import _riichienv as rc

    types = {
        "chi": rc.MeldType.Chi,
        "pon": rc.MeldType.Pon,
        "minkan": rc.MeldType.Daiminkan,
        "ankan": rc.MeldType.Ankan,
    }
    winds = [rc.Wind.East, rc.Wind.South, rc.Wind.West, rc.Wind.North]
    xs = []
    for r in wins.rows:
        melds = [
            rc.Meld(
                types[m["type"]],
                m["t136"],
                m["type"] != "ankan",
                -1 if m["type"] == "ankan" else m["from"],
            )
            for m in r["melds"]
        ]
        how = {"tsumo": r["tsumo"], "riichi": r["riichi"], "honba": r["honba"]}
        if wrapper:
            cond: Any = riichienv.Conditions(
                player_wind=r["seat_wind"], round_wind=r["round_wind"], **how
            )
        else:
            cond = rc.Conditions(
                player_wind=winds[r["seat_wind"]], round_wind=winds[r["round_wind"]], **how
            )
        xs.append((r["concealed136"], melds, r["win136"], r["dora_ind136"], cond))
    return xs


def _riichienv_score(wins: Wins) -> Callable[[], list[Any]]:
    from riichienv import _riichienv as rc

    evaluator, xs = rc.HandEvaluator, _riichienv_inputs(wins, wrapper=False)
    return lambda: [evaluator(t, m).calc(w, d, [], c) for t, m, w, d, c in xs]


def _riichienv_score_wrapper(wins: Wins) -> Callable[[], list[Any]]:
    import riichienv

    evaluator, xs = riichienv.HandEvaluator, _riichienv_inputs(wins, wrapper=True)
    return lambda: [evaluator(t, m).calc(w, d, c) for t, m, w, d, c in xs]


def _riichienv_common(answers: list[Any], wins: Wins) -> list[Any]:
    out = []
    for res, r in zip(answers, wins.rows, strict=True):
        if not res.is_win:
            out.append(None)
            continue
        if not r["tsumo"]:
            total = res.ron_agari
        elif r["seat_wind"] == 0:
            total = 3 * res.tsumo_agari_ko
        else:
            total = res.tsumo_agari_oya + 2 * res.tsumo_agari_ko
        out.append((res.han, 0 if res.yakuman else res.fu, total))
    return out


@dataclass(frozen=True)
class ScoreCase:
    """One library scoring the wins: ``prepare`` builds the inputs and returns the timed
    closure (one call per win); ``common`` puts its answers in ``(han, fu, points)``."""

    lib: str
    call: str
    prepare: Callable[[Wins], Callable[[], list[Any]]]
    common: Callable[[list[Any], Wins], list[Any]]
    variant: str = ""
    note: str = ""
    task: str = SCORE_TASK

    @property
    def main(self) -> bool:
        return not self.variant

    @property
    def id(self) -> str:
        return f"{self.lib}-{self.variant}" if self.variant else self.lib


SCORE_CASES: list[ScoreCase] = [
    ScoreCase(
        "riichi",
        "riichi.score(mpsz, win, **situation)",
        _riichi_score,
        _riichi_common,
        note="hand parsed from text",
    ),
    ScoreCase(
        "riichi",
        "riichi.score(mpsz, win, context=ctx)",
        _riichi_score_text_context,
        _riichi_common,
        variant="context",
        note="hand parsed from text, prebuilt WinContext, like riichienv's Conditions",
    ),
    ScoreCase(
        "riichi",
        "riichi.score(hand, win, context=ctx)",
        _riichi_score_built,
        _riichi_common,
        variant="prebuilt",
        note="prebuilt Hand and WinContext",
    ),
    ScoreCase(
        "mahjong",
        "HandCalculator.estimate_hand_value(ids136, win, melds, dora, config)",
        _mahjong_score,
        _mahjong_common,
        note="prebuilt HandConfig",
    ),
    ScoreCase(
        "riichienv",
        "_riichienv.HandEvaluator(ids136, melds).calc(win, dora, [], conditions)",
        _riichienv_score,
        _riichienv_common,
        note="Rust class, prebuilt Conditions",
    ),
    ScoreCase(
        "riichienv",
        "riichienv.HandEvaluator(ids136, melds).calc(win, dora, conditions)",
        _riichienv_score_wrapper,
        _riichienv_common,
        variant="wrapper",
        note="public Python wrapper, prebuilt Conditions",
    ),
]


def _show_score(x: Any) -> str:
    if x is None:
        return "no win"
    han, fu, points = x
    return f"{han} han {fu} fu {points}" if fu else f"{han} han {points}"


def score_reference(case: ScoreCase, wins: Wins) -> tuple[str, list[Any]]:
    """The recorded mahjong score for riichi; riichi's own answers for a peer."""
    if case.lib == "riichi":
        return _expect_score(wins)
    ours = SCORE_CASES[0]
    return "riichi", ours.common(ours.prepare(wins)(), wins)


def score_differences(got: list[Any], expected: list[Any]) -> Counter[str]:
    """What differs, counted: ``han``, ``fu``, ``points`` (joined when several), or a
    win that one side does not score."""
    out: Counter[str] = Counter()
    for g, e in zip(got, expected, strict=True):
        if g == e:
            continue
        if g is None or e is None:
            out["scored by one side only"] += 1
            continue
        out[
            "+".join(f for f, a, b in zip(("han", "fu", "points"), g, e, strict=True) if a != b)
        ] += 1
    return out


def check_score(case: ScoreCase, answers: list[Any], wins: Wins) -> Agreement:
    name, expected = score_reference(case, wins)
    got = case.common(answers, wins)
    assert len(got) == len(expected) == len(wins)
    bad = [i for i, (g, e) in enumerate(zip(got, expected, strict=True)) if g != e]
    differ = tuple(
        f"{wins.describe(i)}: got {_show_score(got[i])}, expected {_show_score(expected[i])}"
        for i in bad[:20]
    )
    return Agreement(name, len(wins) - len(bad), len(wins), differ)
