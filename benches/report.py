"""Per-call timings of riichi and its peers on the shared corpus, as markdown for the README.

    .venv/bin/python benches/report.py                # 1,000 hands per task
    .venv/bin/python benches/report.py --verify-all   # also check every hand of the corpus
    .venv/bin/python benches/report.py --only score   # only full scoring (or: analysis)

The same cases as ``test_bench_analysis.py`` (see ``cases.py``): each library in the input
form it takes fastest (riichi on mpsz strings, parsing included), its answers checked
before timing (riichi against an independent expectation, each peer against riichi; any
differing hands are printed). Timing is plain ``timeit``: a repeat runs the case over all
hands ``number`` times (autoranged to at least 0.2 s), and the median of 3 repeats divided
by the calls is the figure. ``riichi.shanten_batch`` runs on all 100,000 hands of a set.
Full scoring (``SCORE_CASES``) times each library on the same wins of ``agari.jsonl``
and counts where the peers' (han, fu, points) differ from riichi's, and riichi's from
the mahjong score recorded in the corpus.
Run it on an otherwise idle machine: the load average is printed with the table.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import platform
import statistics
import sys
import time
import timeit
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timezone
from functools import partial
from importlib.metadata import PackageNotFoundError, version
from typing import Any

import numpy as np
from cases import (
    CASES,
    HANDS,
    NO_API,
    PEERS,
    SCORE_CASES,
    SCORE_TARGET,
    SCORE_TITLE,
    TASKS,
    Agreement,
    Case,
    ScoreCase,
    check,
    check_batch,
    check_score,
    corpus_dir,
    corpus_missing,
    random_hands,
    score_differences,
    score_reference,
    score_wins,
)

import riichi

LIBS = ("riichi", *PEERS)
TARGET_BATCH = "≥ 30 M hands/s"


def seconds(fn: Callable[[], Any], repeat: int) -> float:
    """Median seconds of one run of ``fn`` (timeit, autoranged to ≥ 0.2 s per repeat)."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    return statistics.median(timer.repeat(repeat=repeat, number=number)) / number


def installed(lib: str) -> bool:
    return importlib.util.find_spec(lib) is not None


def lib_version(lib: str) -> str:
    try:
        return version(lib)
    except PackageNotFoundError:
        return "?"


def us(x: float) -> str:
    x *= 1e6
    return f"{x:.3f} µs" if x < 1 else f"{x:.3g} µs" if x < 100 else f"{x:.0f} µs"


def cpu() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def load() -> str:
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "?"


def built() -> str:
    """When the riichi extension was built (its file's modification time, UTC)."""
    core = importlib.util.find_spec("riichi._core")
    if core is None or core.origin is None:
        return "?"
    stamp = datetime.fromtimestamp(os.path.getmtime(core.origin), tz=timezone.utc)
    return stamp.strftime("%Y-%m-%d %H:%M UTC")


def run_case(case: Case, n: int, verify_all: bool, repeat: int) -> tuple[float, list[Agreement]]:
    task = TASKS[case.task]
    hands = task.hands(n)
    fn = case.prepare(hands)
    agreements = [check(case, fn(), hands)]
    if verify_all:
        everything = task.hands(None)
        agreements.append(check(case, case.prepare(everything)(), everything))
    return seconds(fn, repeat) / len(hands), agreements


def analysis_report(args: argparse.Namespace, problems: list[str]) -> None:
    """Hand analysis: the tasks of ``CASES`` and ``shanten_batch``."""
    cells: dict[tuple[str, str], str] = {}
    extra: dict[str, list[tuple[Case, str, str]]] = {}
    agree: dict[str, list[str]] = {}
    refs: dict[str, str] = {}
    for case in CASES:
        if case.lib != "riichi" and not installed(case.lib):
            cells[case.task, case.lib] = "not installed"
            continue
        per_call, agreements = run_case(case, args.hands, args.verify_all, args.repeat)
        print(f"{case.task:10} {case.id:18} {us(per_call):>10}", file=sys.stderr)
        wrong = [a for a in agreements if not a.ok]
        mark = " ".join(f"✗ {a.agreed:,}/{a.total:,}" for a in wrong) or "✓"
        problems += [f"{case.task}, {case.lib} ({case.call}): {a}" for a in wrong]
        if case.main:
            if case.lib == "riichi":
                refs[case.task] = agreements[0].reference
            cells[case.task, case.lib] = us(per_call)
            agree.setdefault(case.task, []).append(f"{case.lib} {mark}")
        else:
            extra.setdefault(case.task, []).append((case, us(per_call), mark))

    batch: dict[tuple[int, int], tuple[float, Agreement]] = {}
    for size in (14, 13):
        counts = random_hands(size, None).array
        for threads in (1, 2):
            out = riichi.shanten_batch(counts, threads=threads)
            a = check_batch(size, out)
            if not a.ok:
                problems.append(f"shanten_batch, {size} tiles, threads={threads}: {a}")
            t = seconds(partial(riichi.shanten_batch, counts, threads=threads), args.repeat)
            batch[size, threads] = (len(counts) / t, a)

    strings = TASKS["shanten14"].hands(args.hands).mpsz
    overhead = seconds(lambda: list(map(len, strings)), args.repeat) / len(strings)

    # --- the report ---------------------------------------------------------------------
    n = f"{args.hands:,}"
    checked = f"{n} hands" + (", and every hand of the corpus" if args.verify_all else "")
    head = [f"riichi {riichi.__version__}"]
    head += [f"{lib} {lib_version(lib)}" for lib in PEERS]
    print(f"Per call from Python, median of {args.repeat} (`timeit`), on the same {n} hands")
    print(f"of the shared corpus for every library; answers checked on {checked}.")
    print()
    print(f"| task | {' | '.join(head)} | target | agree |")
    print(f"|---|{'---:|' * len(LIBS)}---|---|")
    for key, task in TASKS.items():
        row = [cells.get((key, lib), NO_API.get((key, lib), "-")) for lib in LIBS]
        row[0] = f"**{row[0]}**"
        print(f"| {task.title} | {' | '.join(row)} | {task.target} | {', '.join(agree[key])} |")
        for case, cell, mark in extra.get(key, []):
            blanks = " | ".join([""] * len(PEERS))
            label = f"↳ riichi: `{case.call}`" + (f", {case.note}" if case.note else "")
            print(f"| {label} | {cell} | {blanks} | | {mark} |")
    print()
    print("| `riichi.shanten_batch`, all 100,000 hands | threads=1 | threads=2 | target | agree |")
    print("|---|---:|---:|---|---|")
    for size in (14, 13):
        rates = [f"{batch[size, t][0] / 1e6:.1f} M hands/s" for t in (1, 2)]
        ok = all(batch[size, t][1].ok for t in (1, 2))
        mark = "✓" if ok else "✗"
        target = TARGET_BATCH if size == 14 else ""
        print(f"| {size} tiles | {rates[0]} | {rates[1]} | {target} | {mark} |")
    print()
    print("Calls timed (once per hand; c34 = list of 34 counts, ids136 = list of 136-ids):")
    print()
    for key, task in TASKS.items():
        calls = "; ".join(
            f"{c.lib}: `{c.call}`" + (f" ({c.note})" if c.note else "")
            for c in CASES
            if c.task == key and c.main and installed(c.lib)
        )
        print(f"- {task.title}: {calls}.")
    print()
    print(
        "agree (✓ = every hand identical): riichi checked against "
        + "; ".join(f"{TASKS[k].title}: {v}" for k, v in refs.items())
        + ". Each peer checked against riichi; `shanten_batch` against `riichi.shanten` "
        "per call on all 100,000 hands."
    )
    print()
    print(
        "riichi's `waits()` also gives each wait's shapes and the waits whose four copies "
        "the hand holds (the ukeire row is the like-for-like); riichienv has no discard "
        "table, only the discards that keep tenpai (`check_riichi_candidates`)."
    )
    print()
    print(f"Python loop overhead included in every per-call figure: {us(overhead)}.")


def run_score_case(
    case: ScoreCase, n: int, verify_all: bool, repeat: int
) -> tuple[float, list[tuple[Agreement, Counter[str]]]]:
    """Seconds per win, and each check (the timed wins, then all of them with
    ``--verify-all``) with its differences counted by field."""
    wins = score_wins(n)
    fn = case.prepare(wins)
    checks = []
    for w, answers in [(wins, fn())] + (
        [(score_wins(None), case.prepare(score_wins(None))())] if verify_all else []
    ):
        expected = score_reference(case, w)[1]
        checks.append(
            (check_score(case, answers, w), score_differences(case.common(answers, w), expected))
        )
    return seconds(fn, repeat) / len(wins), checks


def score_report(args: argparse.Namespace, problems: list[str]) -> None:
    """Full scoring: every library of ``SCORE_CASES`` on the same wins."""
    rows = []
    shown: list[tuple[ScoreCase, Agreement]] = []
    for case in SCORE_CASES:
        if case.lib != "riichi" and not installed(case.lib):
            rows.append(f"| {case.lib} | `{case.call}` | not installed | |")
            continue
        per_call, checks = run_score_case(case, args.hands, args.verify_all, args.repeat)
        print(f"{case.task:10} {case.id:18} {us(per_call):>10}", file=sys.stderr)
        marks = []
        for a, why in checks:
            if a.ok:
                marks.append(f"✓ {a.total:,}/{a.total:,}")
                continue
            counts = ", ".join(f"{k} {v:,}" for k, v in why.most_common())
            marks.append(f"✗ {a.agreed:,}/{a.total:,} ({counts})")
            if case.lib == "riichi":
                problems.append(f"{SCORE_TITLE}, {case.id} ({case.call}): {a}")
        if case.lib != "riichi" and not checks[-1][0].ok:
            shown.append((case, checks[-1][0]))  # examples from the largest check
        name = f"{case.lib} {lib_version(case.lib) if case.lib != 'riichi' else riichi.__version__}"
        if case.lib == "riichi" and case.main:
            name, cell = f"**{name}**", f"**{us(per_call)}**"
        else:
            cell = us(per_call)
        if not case.main:
            name = f"↳ {name}"
        call = f"`{case.call}`" + (f" ({case.note})" if case.note else "")
        vs = "the corpus (mahjong)" if case.lib == "riichi" else "riichi"
        rows.append(f"| {name} | {call} | {cell} | {'; '.join(marks)} vs {vs} |")

    n = f"{args.hands:,}"
    checked = f"{n} wins" + (", and all 20,000 of the corpus" if args.verify_all else "")
    print(
        f"{SCORE_TITLE}: per win from Python, median of {args.repeat} (`timeit`), on the same "
        f"{n} wins for every library; answers (han, fu, points) checked on {checked}."
    )
    print()
    print(f"| library | call (once per win) | per win (target {SCORE_TARGET}) | agree |")
    print("|---|---|---:|---|")
    for row in rows:
        print(row)
    print()
    print(
        "Every library's inputs are built before timing (riichi: an mpsz string, the "
        "winning tile and a dict of keyword arguments, so parsing is timed; mahjong: "
        "136-ids, `Meld`s, a `HandConfig`; riichienv: 136-ids, `Meld`s, `Conditions`). "
        "agree: riichi against the mahjong score recorded in the corpus (Tenhou-like rules, "
        "no double yakuman), each peer against riichi; fu compared except for yakuman, "
        "points = what the winner gains, honba included. A peer's differences are rule "
        "differences or its bugs, counted by the fields that differ:"
    )
    for case, a in shown:
        print()
        print(f"{case.id} (`{case.call}`), first {min(len(a.differ), 5)} of {a.total - a.agreed}:")
        for d in a.differ[:5]:
            print(f"- {d}")
    print()
    batch_report(problems)


def batch_report(problems: list[str]) -> None:
    """`riichi.score_batch` over the whole agari corpus as mpsz rows (parsing timed)."""
    args = score_wins(None).riichi_args()
    hands = [h for h, _, _ in args]
    wins = [str(w) for _, w, _ in args]
    flags = np.array(
        [
            (riichi.SCORE_FLAGS["tsumo"] if kw["tsumo"] else 0)
            | (riichi.SCORE_FLAGS["riichi"] if kw["riichi"] else 0)
            for _, _, kw in args
        ],
        dtype=np.uint32,
    )
    seat = np.array(["ESWN".index(kw["seat_wind"]) for _, _, kw in args], dtype=np.uint8)
    rnd = np.array(["ESWN".index(kw["round_wind"]) for _, _, kw in args], dtype=np.uint8)
    rules = riichi.Rules(red_fives=(0, 0, 0))

    def batch(threads: int) -> dict[str, Any]:
        return riichi.score_batch(
            hands, wins, flags=flags, seat_winds=seat, round_winds=rnd, rules=rules,
            threads=threads,
        )  # fmt: skip

    # The answers before any timing: every row scored, and the first rows as
    # `riichi.score` scores the same win one at a time.
    want = batch(1)
    if not (want["status"] == 0).all():
        problems.append("score_batch left rows unscored")
    for i, (hand, win, kw) in enumerate(args[:2000]):
        one = riichi.score(
            hand, win, tsumo=kw["tsumo"], riichi=kw["riichi"], seat_wind=kw["seat_wind"],
            round_wind=kw["round_wind"], rules=rules,
        )  # fmt: skip
        got = (int(want["han"][i]), int(want["fu"][i]), int(want["points"][i]))
        if got != (one.han, one.fu, one.points):
            problems.append(f"score_batch row {i}: {got} but score() gives {one}")
            break
    rates = []
    for threads in (1, 2):
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            out = batch(threads)
            best = min(best, time.perf_counter() - t0)
            if any((out[k] != want[k]).any() for k in want):
                problems.append(f"score_batch on {threads} threads changed its answers")
        rates.append(len(hands) / best / 1e6)
    print(
        f"`riichi.score_batch` over all {len(hands):,} wins of the corpus as mpsz rows "
        f"(parsing included), best of 3: {rates[0]:.2f} M rows/s with threads=1, "
        f"{rates[1]:.2f} M rows/s with threads=2 (target ≥ 2 M/s on 2 cores)."
    )
    print()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=HANDS, help="hands timed per task")
    parser.add_argument("--repeat", type=int, default=3, help="timeit repeats (median)")
    parser.add_argument(
        "--verify-all", action="store_true", help="also check answers on the whole corpus"
    )
    parser.add_argument(
        "--only", choices=("analysis", "score"), help="run one part only (default: both)"
    )
    args = parser.parse_args()
    why = corpus_missing()
    if why:
        print(why, file=sys.stderr)
        return 2

    load_before = load()
    problems: list[str] = []
    if args.only != "score":
        analysis_report(args, problems)
    if args.only != "analysis":
        if args.only != "score":
            print()
        score_report(args, problems)
    print(
        f"Machine: {os.cpu_count()} cores, {cpu()}; Python {platform.python_version()}; "
        f"numpy {np.__version__}; load average {load_before} before, {load()} after; "
        f"corpus {corpus_dir()}; riichi extension built {built()}."
    )
    print()
    print(f"Command: `{' '.join(['.venv/bin/python benches/report.py', *sys.argv[1:]])}`")
    if problems:
        print("\nDISAGREEMENTS:", file=sys.stderr)
        for p in problems:
            print(p, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
