"""Full scoring from Python: riichi beside mahjong and riichienv on the same wins of the
shared corpus (``agari.jsonl``; see the scoring section of ``cases.py``).

Each benchmark first scores the wins and compares (han, fu, points): riichi against the
mahjong score recorded in the corpus (it must agree on every win, or the benchmark
fails naming them), each peer against riichi (differences are counted and shown in
the summary, not failed: riichienv follows rules of its own). The inputs of every
library are built before timing. A round is one call per win over 1,000 wins, so the
ms that pytest-benchmark prints read as µs per call; the garbage collector is off while
timing, as under ``timeit`` (``report.py``).

Run: ``.venv/bin/python -m pytest benches/test_bench_score.py --benchmark-only``
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from cases import HANDS, SCORE_CASES, SCORE_TITLE, ScoreCase, check_score, score_wins


@pytest.fixture
def run_score(
    corpus: None, benchmark: Any, record: Callable[..., None]
) -> Callable[[ScoreCase], None]:
    def run(case: ScoreCase) -> None:
        if case.lib != "riichi":
            pytest.importorskip(case.lib)
        wins = score_wins(HANDS)
        fn = case.prepare(wins)
        agreement = check_score(case, fn(), wins)
        benchmark.extra_info.update(
            hands=len(wins), agree=f"{agreement.agreed}/{agreement.total}", vs=agreement.reference
        )
        if case.lib == "riichi":
            assert agreement.ok, f"{SCORE_TITLE} {case.id}: {agreement}"
        benchmark(fn)
        stats = getattr(benchmark, "stats", None)
        per_call = None if stats is None else stats.stats.median / len(wins) * 1e6
        benchmark.extra_info["per_call_us"] = per_call
        record(task=SCORE_TITLE, case=case, per_call_us=per_call, agreement=agreement)

    return run


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, id=c.id, marks=pytest.mark.benchmark(group="score", disable_gc=True))
        for c in SCORE_CASES
    ],
)
def test_score(run_score: Any, case: ScoreCase) -> None:
    run_score(case)
