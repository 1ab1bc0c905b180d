"""Concurrency: every call answers the same from 8 Python threads at once as from one
thread, and a `Game` that two threads drive at once is neither crashed nor corrupted.

Each test computes its expected answers in one thread first, then starts 8 threads
(`concurrent.futures.ThreadPoolExecutor`) that wait on a barrier, so that they start
together, and make many calls each; every answer must equal the single-threaded one.
The inputs and the objects are shared between the threads (`Hand`, `Tile`, `Rules`,
`WinContext` and `GameRecord` are immutable, numpy arrays are only read).

The build: on a free-threaded CPython (`sys._is_gil_enabled()` is False) the same tests
run, and every call overlaps every other. On the standard build, which this project's
machine runs (CPython 3.11), the GIL serializes the short calls, but the batch calls,
`simulate`, `replay` and `replay_files` release it while they work (and use their own
worker threads), so those still run at the same time as each other and as the Python
code of the other threads. `test_build` records which build ran.
"""

from __future__ import annotations

import gc
import random
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
import pytest
from conftest import counts_to_mpsz, random_closed_counts, random_complete_counts

import riichi
from riichi import Game, Hand, IllegalActionError, Rules, Tile, logs

T = TypeVar("T")

THREADS = 8
FREE_THREADED = hasattr(sys, "_is_gil_enabled") and not sys._is_gil_enabled()
MJLOG = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou" / "mjlog"
TIMING = {"seconds", "games_per_second"}

needs_logs = pytest.mark.skipif(
    not MJLOG.is_dir(), reason=f"the shared Tenhou logs are absent ({MJLOG})"
)


def in_threads(work: Callable[[int], T], n: int = THREADS) -> list[T]:
    """Run `work(i)` in `n` threads that start together; their results, in order."""
    barrier = threading.Barrier(n)

    def start(i: int) -> T:
        barrier.wait(timeout=60)
        return work(i)

    with ThreadPoolExecutor(max_workers=n) as pool:
        futures = [pool.submit(start, i) for i in range(n)]
        return [f.result(timeout=300) for f in futures]


def answer(fn: Callable[[], Any]) -> Any:
    """What a call gives: its result, or its error's class and message."""
    try:
        return ("ok", fn())
    except riichi.MahjongError as e:
        return ("error", type(e).__name__, str(e))


@pytest.fixture
def frequent_switches() -> Iterator[None]:
    """Switch threads every microsecond (not every 5 ms): many more interleavings."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def test_build() -> None:
    gil = getattr(sys, "_is_gil_enabled", lambda: True)()
    assert FREE_THREADED == (not gil)
    print(f"{'free-threaded' if FREE_THREADED else 'standard (GIL)'} build, {sys.version}")


# The inputs: random hands and wins, the same on every run ----------------------------------

RNG = random.Random(20240611)
SIZES = (13, 14, 13, 14, 10, 11, 7, 8, 4, 5, 1, 2)
COUNTS: list[list[int]] = [random_closed_counts(RNG, SIZES[i % len(SIZES)]) for i in range(400)]
TEXTS = [counts_to_mpsz(c) for c in COUNTS]
FULL = [t for t, c in zip(TEXTS, COUNTS, strict=True) if sum(c) >= 13]
HANDS = [Hand(t) for t in FULL]


def wins(n: int) -> list[tuple[str, str]]:
    """Complete hands and a winning tile each (most with a yaku, some without)."""
    out = []
    while len(out) < n:
        c = random_complete_counts(RNG)
        text = counts_to_mpsz(c)
        win = Tile.from_kind(RNG.choice([k for k in range(34) if c[k]]))
        out.append((text, str(win)))
    return out


WINS = wins(300)
CONTEXTS = [
    riichi.WinContext(),
    riichi.WinContext(tsumo=True, riichi=True, seat_wind="S", dora_indicators="3p"),
    riichi.WinContext(riichi=True, ippatsu=True, seat_wind="W", ura_indicators="1z", honba=2),
]
SOUL = Rules.preset("mahjong_soul")


def counts_array(rows: Sequence[Sequence[int]]) -> npt.NDArray[np.uint8]:
    return np.array(rows, np.uint8)


ARRAY = counts_array(COUNTS * 10)  # 4000 rows: split over the workers of a batch call
WAITING = counts_array([c for c in COUNTS if sum(c) % 3 == 1] * 10)


# Single calls -------------------------------------------------------------------------------


def shanten_everything() -> list[Any]:
    out: list[Any] = [riichi.shanten(t) for t in TEXTS]
    out += [riichi.shanten(c) for c in COUNTS]
    out += [riichi.is_complete(t) for t in TEXTS]
    out += [riichi.shanten(h) for h in HANDS]
    return out


def analysis_of(h: Hand) -> tuple[Any, ...]:
    """A hand's analysis, as plain values."""
    by_form = h.shanten_by_form
    forms = (by_form.standard, by_form.chiitoitsu, by_form.kokushi)
    if len(h.concealed) % 3 == 1:
        waits = h.waits()
        ukeire = h.ukeire(visible="1m9p")
        return (
            h.shanten,
            forms,
            [(str(w.tile), w.shapes) for w in waits.waits],
            [str(w.tile) for w in waits.impossible],
            [(str(t), n) for t, n in ukeire.tiles],
            ukeire.live,
        )
    options = h.discard_options(visible="5z")
    return (
        h.shanten,
        forms,
        h.is_complete,
        [(str(o.tile), o.shanten, o.live) for o in options],
        [(d.form, [str(b.tiles) for b in d.blocks], str(d.pairs)) for d in h.decompositions()],
    )


def score_of(hand: str, win: str, context: riichi.WinContext, rules: Rules | None) -> Any:
    def go() -> Any:
        r = riichi.score(hand, win, context=context, rules=rules)
        return (r.han, r.fu, r.points, [y.id for y in r.yaku], str(r), r.deltas("N"))

    return answer(go)


def scores_everything() -> list[Any]:
    return [
        score_of(hand, win, ctx, rules)
        for hand, win in WINS
        for ctx in CONTEXTS
        for rules in (None, SOUL)
    ]


SINGLE_CALLS: dict[str, tuple[Callable[[], Any], int]] = {
    # name: (a thread's work, how many times each thread does it)
    "shanten": (shanten_everything, 20),
    "hand analysis": (lambda: [analysis_of(h) for h in HANDS], 6),
    "score": (scores_everything, 4),
}


@pytest.mark.usefixtures("frequent_switches")
@pytest.mark.parametrize("name", sorted(SINGLE_CALLS))
def test_single_calls_from_8_threads(name: str) -> None:
    work, repeat = SINGLE_CALLS[name]
    expected = work()
    assert expected
    results = in_threads(lambda i: [work() for _ in range(repeat)])
    assert all(r == expected for runs in results for r in runs)


@pytest.mark.usefixtures("frequent_switches")
def test_shared_hand_objects() -> None:
    """One `Hand` object and one `WinContext` used by every thread at once."""
    hand = Hand("22334455m234p777s")
    ctx = riichi.WinContext(tsumo=True, riichi=True, seat_wind="S")
    expected = (riichi.score(hand, "5m", context=ctx).points, analysis_of(hand))

    def work(i: int) -> list[Any]:
        return [
            (riichi.score(hand, "5m", context=ctx).points, analysis_of(hand)) for _ in range(300)
        ]

    assert all(r == expected for runs in in_threads(work) for r in runs)


# Batch calls ----------------------------------------------------------------------------------

BATCH_CALLS: dict[str, Callable[[int | None], Any]] = {
    "shanten_batch": lambda t: riichi.shanten_batch(ARRAY, threads=t),
    "is_complete_batch": lambda t: riichi.is_complete_batch(ARRAY, threads=t),
    "waits_batch": lambda t: riichi.waits_batch(WAITING, threads=t),
    "score_batch strings": lambda t: riichi.score_batch(
        [h for h, _ in WINS] * 10,
        [w for _, w in WINS] * 10,
        flags=np.array([0, 3, 2 | 8] * 1000, np.uint32),
        seat_winds=np.array([0, 1, 2, 3] * 750, np.uint8),
        dora_indicators=np.array([[11, 255]] * 3000, np.uint8),
        threads=t,
    ),
    "score_batch counts": lambda t: riichi.score_batch(
        counts_array([[int(x) for x in riichi.Hand(h).counts] for h, _ in WINS] * 10),
        np.array([Tile(w).kind for _, w in WINS] * 10, np.uint8),
        flags=np.array([1] * 3000, np.uint32),
        rules=SOUL,
        threads=t,
    ),
}


def same(a: Any, b: Any) -> bool:
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)
    return bool(np.array_equal(a, b))


@pytest.mark.parametrize("threads", [None, 1, 2])
@pytest.mark.parametrize("name", sorted(BATCH_CALLS))
def test_batch_calls_from_8_threads(name: str, threads: int | None) -> None:
    call = BATCH_CALLS[name]
    expected = call(1)
    results = in_threads(lambda i: [call(threads) for _ in range(10)])
    assert all(same(r, expected) for runs in results for r in runs)


# simulate ---------------------------------------------------------------------------------------


def stats(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k not in TIMING}


@pytest.mark.parametrize("agent", ["random", "shanten"])
def test_simulate_from_8_threads(agent: str) -> None:
    """Each thread plays its own seeds, several calls each; the statistics are those of
    the same calls made one after another."""
    seeds = list(range(THREADS))
    expected = {s: stats(riichi.simulate(6, agent, seed=s, threads=1)) for s in seeds}
    records = riichi.simulate(2, agent, seed=99, records=True)["records"]

    def work(i: int) -> list[bool]:
        ok = []
        for k in range(4):
            s = seeds[(i + k) % len(seeds)]
            ok.append(stats(riichi.simulate(6, agent, seed=s, threads=1)) == expected[s])
        ok.append(riichi.simulate(2, agent, seed=99, records=True)["records"] == records)
        return ok

    assert all(all(r) for r in in_threads(work))


def test_simulate_with_2_threads_from_several_threads() -> None:
    """`simulate(threads=2)` (its own pool of 2 workers) called from 6 threads at once:
    12 workers on this machine's cores, the same statistics as one call alone."""
    expected = stats(riichi.simulate(16, "shanten", seed=3, threads=2))
    assert expected == stats(riichi.simulate(16, "shanten", seed=3, threads=1))
    results = in_threads(
        lambda i: [stats(riichi.simulate(16, "shanten", seed=3, threads=2)) for _ in range(3)],
        n=6,
    )
    assert all(r == expected for runs in results for r in runs)


# Logs: replay and replay_files on the shared Tenhou games -------------------------------------


def summary(r: riichi.ReplayReport) -> tuple[Any, ...]:
    return (r.ok, r.hands, r.actions, r.events, r.wins, r.draws, r.walls_reproduced, r.source)


@pytest.fixture(scope="module")
def mjlog_files() -> list[Path]:
    files = sorted(MJLOG.glob("*.mjlog")) if MJLOG.is_dir() else []
    if not files:
        pytest.skip(f"the shared Tenhou logs are absent ({MJLOG})")
    return files


@needs_logs
def test_replay_from_8_threads(mjlog_files: list[Path]) -> None:
    """Every thread reads and replays every shared game (in a different order)."""
    texts = [p.read_text(encoding="utf-8") for p in mjlog_files]
    records = [logs.read_mjlog(t) for t in texts]
    expected = [summary(riichi.replay(r)) for r in records]
    assert all(e[0] for e in expected)

    def work(i: int) -> bool:
        order = list(range(len(records)))
        random.Random(i).shuffle(order)
        got = {}
        for j in order:
            # Half the threads read the log again; all replay the shared record.
            record = logs.read_mjlog(texts[j]) if i % 2 else records[j]
            assert record == records[j]
            got[j] = summary(riichi.replay(record))
        return [got[j] for j in range(len(records))] == expected

    assert all(in_threads(work))


@needs_logs
def test_replay_files_from_8_threads(mjlog_files: list[Path]) -> None:
    expected = [summary(r) for r in riichi.replay_files(mjlog_files, threads=1)]
    assert len(expected) == len(mjlog_files) and all(e[0] for e in expected)

    def work(i: int) -> list[bool]:
        runs = []
        for threads in (None, 2, 1):
            got = [summary(r) for r in riichi.replay_files(mjlog_files, threads=threads)]
            runs.append(got == expected)
        return runs

    assert all(all(r) for r in in_threads(work))


def test_replay_engine_records_from_8_threads() -> None:
    """Without the shared logs too: records of engine games, written and read back in
    every format, replayed by every thread."""
    records = []
    for seed in range(8):
        game = riichi.Game(seed=seed)
        while not game.is_over:
            seat = next(s for s in game.current_decision if game.legal_actions(s))
            game.apply(seat, game.legal_actions(seat)[0])
        records.append(game.record())
    formats = [r.to_mjai() for r in records] + [r.to_tenhou6() for r in records]
    formats += [r.to_mjlog() for r in records]
    expected = [summary(riichi.replay(logs.read_log(t))) for t in formats]
    assert all(e[0] for e in expected)

    def work(i: int) -> bool:
        return all(
            [summary(riichi.replay(logs.read_log(t))) for t in formats] == expected
            for _ in range(3)
        )

    assert all(in_threads(work))


# One Game, two threads -------------------------------------------------------------------------


@pytest.fixture(params=[False, True], ids=["plain", "gc-callback"])
def gc_callback(request: pytest.FixtureRequest) -> Iterator[None]:
    """Optionally a (no-op) Python callback on every garbage collection, as hypothesis
    installs one: Python code that runs in the middle of a call into Rust whenever that
    call's allocations start a collection."""

    def callback(phase: str, info: dict[str, int]) -> None:
        pass

    # "plain" takes out those already installed (hypothesis's, when its tests ran).
    installed = gc.callbacks[:]
    gc.callbacks[:] = [callback] if request.param else []
    try:
        yield
    finally:
        gc.callbacks[:] = installed


@pytest.mark.usefixtures("frequent_switches", "gc_callback")
def test_one_game_driven_by_two_threads() -> None:
    """`riichi.Game` is not meant to be shared between threads (its docstring says so).
    Two threads drive one game at once anyway, each taking a random legal action of a
    deciding seat as fast as it can, while a third reads observations, legal actions,
    the event log and the record.

    Observed on the standard (GIL) build, threads switching every microsecond:
    - without Python code running inside the calls ("plain"), every call runs whole
      under the GIL, so the calls are serialized: no `RuntimeError`;
    - with a gc callback ("gc-callback", as hypothesis installs one, or any finalizer),
      a call whose allocations start a collection runs Python code, the GIL can change
      hands in the middle of the call, and a call of another thread that needs the game
      mutably is refused with a clean `RuntimeError("Already borrowed")` (some hundreds
      per game here); PyO3's borrow flag keeps the two calls apart.
    In both, some actions are refused with `IllegalActionError` because the other
    thread moved the game on between `legal_actions` and `apply` (a refusal changes
    nothing). A free-threaded build would refuse overlapping calls the same way
    ("Already borrowed" / "Already mutably borrowed"). Every time nothing crashes, the
    game ends, every invariant holds (`check_invariants`) and its record replays through
    a fresh engine with zero mismatches: no memory was corrupted.
    """
    for seed in range(8):
        game = Game(seed=seed)
        done = threading.Event()

        def player(i: int, game: Game = game, done: threading.Event = done) -> Counter[str]:
            seen: Counter[str] = Counter()
            rng = random.Random(i)
            for _ in range(100_000):
                if game.is_over:
                    break
                try:
                    seats = [s for s in game.current_decision if game.legal_actions(s)]
                    if not seats:
                        seen["nothing to do"] += 1
                        continue
                    seat = rng.choice(seats)
                    game.apply(seat, rng.choice(game.legal_actions(seat)))
                    seen["applied"] += 1
                except IllegalActionError:
                    seen["refused"] += 1
                except IndexError:
                    seen["moved on"] += 1  # the legal actions changed under the choice
                except RuntimeError as e:
                    assert "borrow" in str(e).lower(), e
                    seen[f"busy: {e}"] += 1
            done.set()
            return seen

        def reader(game: Game = game, done: threading.Event = done) -> Counter[str]:
            seen: Counter[str] = Counter()
            while not done.is_set():
                try:
                    for s in range(4):
                        game.observation(s)
                        game.legal_actions(s)
                    assert game.events[0]["type"] == "start_game"
                    assert game.record().events[0]["type"] == "start_game"
                    seen["read"] += 1
                except RuntimeError as e:
                    assert "borrow" in str(e).lower(), e
                    seen[f"busy: {e}"] += 1
            return seen

        barrier = threading.Barrier(3)

        def start(i: int, barrier: threading.Barrier = barrier) -> Counter[str]:
            barrier.wait(timeout=60)
            return reader() if i == 2 else player(i)

        seen: Counter[str] = Counter()
        with ThreadPoolExecutor(max_workers=3) as pool:
            for future in [pool.submit(start, i) for i in range(3)]:
                seen += future.result(timeout=300)
        print(f"one game, two threads (seed {seed}): {dict(seen)}")
        assert game.is_over, seen
        game.check_invariants()
        assert seen["applied"] > 100, seen
        report = riichi.replay(game.record())
        assert report.ok, report.mismatches[:3]
        assert game.record().n_hands >= 1
