"""Fixtures for the pytest-benchmark benches: the shared corpus (skip when absent), a runner
that checks a case's answers before timing it, and a per-call summary table at the end.

Run: ``.venv/bin/python -m pytest benches --benchmark-only``
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from cases import HANDS, TASKS, Agreement, Case, check, corpus_missing, reference

_ROWS = pytest.StashKey[list[dict[str, Any]]]()


@pytest.fixture(scope="session")
def corpus() -> None:
    why = corpus_missing()
    if why:
        pytest.skip(why)


@pytest.fixture
def record(request: pytest.FixtureRequest) -> Callable[..., None]:
    """Add a row to the summary printed after the run."""
    rows = request.config.stash.setdefault(_ROWS, [])
    return lambda **row: rows.append(row)


def _median(benchmark: Any) -> float | None:
    stats = getattr(benchmark, "stats", None)
    return stats.stats.median if stats is not None else None  # None: --benchmark-disable


@pytest.fixture
def run_case(corpus: None, benchmark: Any, record: Callable[..., None]) -> Callable[[Case], None]:
    """Check a case on the first ``HANDS`` hands of its task, then time it (a round = one
    call per hand, so pytest-benchmark's ms read as µs per call)."""

    def run(case: Case) -> None:
        if case.lib != "riichi":
            pytest.importorskip(case.lib)
        task = TASKS[case.task]
        hands = task.hands(HANDS)
        reference(case, hands)  # build the expectation before any timing
        fn = case.prepare(hands)
        agreement = check(case, fn(), hands)
        benchmark.extra_info.update(
            hands=len(hands), agree=f"{agreement.agreed}/{agreement.total}", vs=agreement.reference
        )
        assert agreement.ok, f"{case.task} {case.id}: {agreement}"
        answers = benchmark(fn)
        assert case.common(answers, hands) == case.common(fn(), hands)
        median = _median(benchmark)
        per_call = None if median is None else median / len(hands) * 1e6
        benchmark.extra_info["per_call_us"] = per_call
        record(task=task.title, case=case, per_call_us=per_call, agreement=agreement)

    return run


@pytest.fixture
def run_batch(
    corpus: None, benchmark: Any, record: Callable[..., None]
) -> Callable[[str, Any, Callable[[Any], Agreement]], None]:
    """Check a batch call on an array, then time it; throughput in hands/s."""

    def run(title: str, call: Callable[[], Any], verify: Callable[[Any], Agreement]) -> None:
        agreement = verify(call())
        benchmark.extra_info.update(agree=f"{agreement.agreed}/{agreement.total}")
        assert agreement.ok, f"{title}: {agreement}"
        benchmark(call)
        median = _median(benchmark)
        rate = None if median is None else agreement.total / median
        benchmark.extra_info["hands_per_s"] = rate
        record(task=title, case=None, hands_per_s=rate, agreement=agreement)

    return run


def _fmt(us: float | None) -> str:
    if us is None:
        return "-"
    return f"{us:.3g} µs" if us < 100 else f"{us:.0f} µs"


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    rows = config.stash.get(_ROWS, [])
    if not rows:
        return
    write = terminalreporter.write_line
    write("")
    write(f"per call, median round / {HANDS} hands (timed only after the answers were checked):")
    write("")
    write("| task | library | call | per call | agree |")
    write("|---|---|---|---|---|")
    for r in rows:
        a = r["agreement"]
        agree = f"{a.agreed}/{a.total} vs {a.reference}"
        if r["case"] is None:
            rate = r["hands_per_s"]
            speed = "-" if rate is None else f"{rate / 1e6:.1f} M hands/s"
            write(f"| {r['task']} | riichi | shanten_batch | {speed} | {agree} |")
        else:
            c = r["case"]
            call = f"`{c.call}`" + (f" ({c.note})" if c.note else "")
            write(f"| {r['task']} | {c.lib} | {call} | {_fmt(r['per_call_us'])} | {agree} |")
