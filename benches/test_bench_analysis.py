"""Hand analysis from Python, riichi beside mahjong, riichienv and xiangting, on the same
hands of the shared corpus (see ``cases.py`` for the tasks, inputs and checks).

Each benchmark first checks its answers (riichi against an independent expectation, a peer
against riichi) and fails, naming the hands, if any differ. A round is one call per hand
over 1,000 hands, so the ms that pytest-benchmark prints read as µs per call; a per-call
table is printed at the end. The garbage collector is off while timing, as under ``timeit``
(``report.py``).

Run: ``.venv/bin/python -m pytest benches --benchmark-only``
(``-k "riichi and not riichienv"`` for ours alone, ``-k discard`` for one task).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from cases import CASES, Case, check_batch, random_hands

import riichi


def _cases(task: str) -> list[Any]:
    return [
        pytest.param(c, id=c.id, marks=pytest.mark.benchmark(group=task, disable_gc=True))
        for c in CASES
        if c.task == task
    ]


@pytest.mark.parametrize("case", _cases("shanten14"))
def test_shanten14(run_case: Any, case: Case) -> None:
    run_case(case)


@pytest.mark.parametrize("case", _cases("shanten13"))
def test_shanten13(run_case: Any, case: Case) -> None:
    run_case(case)


@pytest.mark.parametrize("case", _cases("complete"))
def test_complete(run_case: Any, case: Case) -> None:
    run_case(case)


@pytest.mark.parametrize("case", _cases("waits"))
def test_waits(run_case: Any, case: Case) -> None:
    run_case(case)


@pytest.mark.parametrize("case", _cases("discards"))
def test_discard_table(run_case: Any, case: Case) -> None:
    run_case(case)


@pytest.mark.benchmark(group="shanten_batch", disable_gc=True)
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("size", [14, 13])
def test_shanten_batch(run_batch: Any, size: int, threads: int) -> None:
    """``riichi.shanten_batch`` on all 100,000 hands of ``shanten{size}.jsonl``."""
    counts: np.ndarray = random_hands(size, None).array
    run_batch(
        f"shanten_batch, {size} tiles, threads={threads}",
        lambda: riichi.shanten_batch(counts, threads=threads),
        lambda out: check_batch(size, out),
    )
