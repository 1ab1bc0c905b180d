"""Hand analysis from Python on hands as they occur in play, split by meld count.

The hands are the real-play corpus ``benches/play_corpus.py`` writes (every seat's hand
at every decision of the shared Tenhou games; ``target/bench/play.jsonl``): the 13-tile
hands of seats deciding on a claim for ``shanten``, ``ukeire`` and (those in tenpai)
``waits``, the 14-tile hands of seats choosing a discard for ``discard_options``. Each
row calls one method on up to 1,000 prebuilt ``Hand`` objects with the same number of
melds, so the ms pytest-benchmark prints read as µs per call; comparing a row with
melds to the one without is the point.

Before timing, each row checks its answers by definition: every wait completes the
hand and nothing else with a copy left does; the tiles of an ukeire each lower the
shanten and no other tile does; the first discard option leaves the lowest shanten and
a hand is tenpai exactly when it has waits. (The native rows of ``analysis.rs`` check
the same hands against an independent search.)

Run: ``.venv/bin/python -m pytest benches/test_bench_play.py --benchmark-only``
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import riichi

CORPUS = Path(
    os.environ.get(
        "RIICHI_PLAY_CORPUS", Path(__file__).resolve().parents[1] / "target/bench/play.jsonl"
    )
)
HANDS = 1000


@cache
def play_hands() -> dict[tuple[int, int], list[riichi.Hand]]:
    """Up to ``HANDS`` hands per (melds, size) of the corpus."""
    if not CORPUS.is_file():
        why = f"{CORPUS} is absent: run `.venv/bin/python benches/play_corpus.py` first"
        if os.environ.get("RIICHI_REQUIRE_SHARED"):
            pytest.fail(why)
        pytest.skip(why)
    out: dict[tuple[int, int], list[riichi.Hand]] = {}
    with CORPUS.open() as f:
        for line in f:
            r = json.loads(line)
            rows = out.setdefault((r["melds"], r["size"]), [])
            if len(rows) < HANDS:
                rows.append(riichi.Hand(r["hand"]))
    return out


def _all_tiles() -> list[riichi.Tile]:
    return [riichi.Tile.from_kind(k) for k in range(34)]


def _live(h: riichi.Hand, t: riichi.Tile) -> bool:
    held = sum(1 for x in h.concealed if x.kind == t.kind)
    in_melds = sum(1 for m in h.melds for x in m.tiles if x.kind == t.kind)
    return held + in_melds < 4


def _check_waits(hands: list[riichi.Hand], answers: list[Any]) -> None:
    for h, w in zip(hands, answers, strict=True):
        kinds = {t.kind for t in w.tiles}
        for t in _all_tiles():
            if _live(h, t):
                assert h.with_tile(t).is_complete == (t.kind in kinds), f"{h} + {t}"


def _check_ukeire(hands: list[riichi.Hand], answers: list[Any]) -> None:
    for h, u in zip(hands, answers, strict=True):
        assert u.shanten == h.shanten, str(h)
        kinds = {t.kind for t, _ in u.tiles}
        for t in _all_tiles():
            if _live(h, t) and u.shanten >= 0:
                lowers = h.with_tile(t).shanten < u.shanten
                assert lowers == (t.kind in kinds), f"{h} + {t}"


def _check_shanten(hands: list[riichi.Hand], answers: list[int]) -> None:
    for h, s in zip(hands, answers, strict=True):
        assert (s == 0) == bool(h.waits().tiles), str(h)
        assert s >= 0, str(h)


def _check_discards(hands: list[riichi.Hand], answers: list[Any]) -> None:
    for h, opts in zip(hands, answers, strict=True):
        best = min(o.shanten for o in opts)
        assert opts[0].shanten == best, str(h)
        assert best == h.shanten or (h.shanten == -1 and best == 0), str(h)
        for o in opts[:2]:
            assert h.without_tile(o.tile).shanten == o.shanten, f"{h} - {o.tile}"


ROWS = [
    ("shanten", 13, lambda h: h.shanten, _check_shanten),
    ("ukeire", 13, lambda h: h.ukeire(), _check_ukeire),
    ("waits", 13, lambda h: h.waits(), _check_waits),
    ("discard_options", 14, lambda h: h.discard_options(), _check_discards),
]


@pytest.mark.parametrize("melds", range(5))
@pytest.mark.parametrize(("call", "size", "fn", "verify"), ROWS, ids=[r[0] for r in ROWS])
def test_play(benchmark: Any, call: str, size: int, fn: Any, verify: Any, melds: int) -> None:
    benchmark.group = f"play {call}"
    hands = play_hands().get((melds, size), [])
    if call == "waits":
        hands = [h for h in hands if h.shanten == 0]
    if not hands:
        pytest.skip(f"no {size}-tile hands with {melds} melds in the corpus")
    run = lambda: [fn(h) for h in hands]  # noqa: E731
    verify(hands, run())
    benchmark.extra_info["hands"] = len(hands)
    benchmark.pedantic(run, rounds=20, warmup_rounds=2)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:
        benchmark.extra_info["us_per_call"] = stats.stats.median / len(hands) * 1e6
