"""Batch calls over numpy count arrays: same answers as the per-hand calls, the same
with one thread or all, bad arrays rejected with an exception (never a crash), and
10 million hands in one call answered in memory proportional to the input."""

from __future__ import annotations

import resource
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from conftest import KINDS, counts_of, hand_of_counts, waits_ref

import riichi

SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
BatchFn = Callable[..., npt.NDArray[Any]]


def random_hands(n: int, sizes: tuple[int, ...] = SIZES, seed: int = 7) -> npt.NDArray[np.uint8]:
    """`n` closed hands drawn from shuffled walls, sizes cycling through `sizes`."""
    gen = np.random.default_rng(seed)
    wall = np.repeat(np.arange(KINDS), 4)
    out = np.zeros((n, KINDS), np.uint8)
    for i in range(n):
        drawn = gen.choice(wall, size=sizes[i % len(sizes)], replace=False)
        np.add.at(out[i], drawn, 1)
    return out


def tenpai_rows(n: int, seed: int = 11) -> npt.NDArray[np.uint8]:
    """Complete hands (4 sets + pair) with one tile removed: all tenpai."""
    gen = np.random.default_rng(seed)
    rows: list[npt.NDArray[np.uint8]] = []
    while len(rows) < n:
        c = np.zeros(KINDS, np.int64)
        for _ in range(4):
            if gen.random() < 0.6:
                first = 9 * gen.integers(3) + gen.integers(7)
                c[first : first + 3] += 1
            else:
                c[gen.integers(KINDS)] += 3
        c[gen.integers(KINDS)] += 2
        if c.max() > 4:
            continue
        c[gen.choice(np.nonzero(c)[0])] -= 1
        rows.append(c.astype(np.uint8))
    return np.array(rows)


@pytest.fixture(scope="module")
def hands() -> npt.NDArray[np.uint8]:
    return random_hands(3000)


def test_shanten_batch_equals_per_hand_calls(hands: npt.NDArray[np.uint8]) -> None:
    got = riichi.shanten_batch(hands)
    assert got.dtype == np.int8 and got.shape == (len(hands),)
    assert got.tolist() == [riichi.shanten(row.tolist()) for row in hands]


def test_is_complete_batch_equals_per_hand_calls(hands: npt.NDArray[np.uint8]) -> None:
    # Random hands are rarely complete: add complete ones on purpose.
    complete = np.array(
        [counts_of(s) for s in ["123m456p789s11122z", "1122m3344p5566s77z", "19m19p19s12345677z"]]
        + [counts_of("11m"), counts_of("11123m")],
        np.uint8,
    )
    rows = np.concatenate([hands, complete])
    got = riichi.is_complete_batch(rows)
    assert got.dtype == np.bool_ and got.shape == (len(rows),)
    assert got.tolist() == [riichi.is_complete(row.tolist()) for row in rows]
    assert got[-5:].all()
    assert got.tolist() == (riichi.shanten_batch(rows) == -1).tolist()


def test_waits_batch_equals_hand_waits() -> None:
    rows = np.concatenate([tenpai_rows(300), random_hands(300, sizes=(13, 10, 7, 4, 1))])
    got = riichi.waits_batch(rows)
    assert got.dtype == np.bool_ and got.shape == (len(rows), KINDS)
    for row, mask in zip(rows, got, strict=True):
        # Rows of fewer than 13 tiles are hands with their melds left out: the Hand
        # gets closed kans that change nothing (conftest.kans_left_out).
        h = hand_of_counts(row.tolist())
        text = str(h)
        assert h.counts == row.tolist()
        expected = {t.kind for t in h.waits().tiles}
        assert set(np.nonzero(mask)[0].tolist()) == expected, text
        # And the brute-force reference: live waits only.
        assert set(np.nonzero(mask)[0].tolist()) == waits_ref(row.tolist())[0], text
    assert got[:300].any(axis=1).all()  # every tenpai row has a wait


def test_waits_batch_leaves_out_waits_on_a_fifth_copy() -> None:
    rows = np.array([counts_of("123m456p789s4444z"), counts_of("1111222233334m")], np.uint8)
    got = riichi.waits_batch(rows)
    assert not got[0].any()
    assert np.nonzero(got[1])[0].tolist() == [3, 4]  # 4m and 5m; 1m-3m are all held


@pytest.mark.parametrize("fn", [riichi.shanten_batch, riichi.is_complete_batch, riichi.waits_batch])
def test_one_thread_and_all_threads_agree(fn: BatchFn, hands: npt.NDArray[np.uint8]) -> None:
    if fn is riichi.waits_batch:  # waits are asked of 3n+1 hands only
        hands = hands[hands.sum(axis=1) % 3 == 1]
    big = np.concatenate([hands] * 10)  # enough rows to be split across threads
    default = fn(big)
    assert np.array_equal(default, fn(big, threads=1))
    assert np.array_equal(default, fn(big, threads=2))
    assert np.array_equal(default, fn(big, threads=5))
    assert np.array_equal(default[: len(hands)], fn(hands))


def test_concurrent_batch_calls_from_python_threads(hands: npt.NDArray[np.uint8]) -> None:
    expected = riichi.shanten_batch(hands)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(riichi.shanten_batch, [hands] * 8))
    assert all(np.array_equal(r, expected) for r in results)


def test_strided_and_readonly_arrays_give_the_same_answer(
    hands: npt.NDArray[np.uint8],
) -> None:
    expected = riichi.shanten_batch(hands)
    strided = np.zeros((len(hands), 2 * KINDS), np.uint8)
    strided[:, ::2] = hands
    readonly = hands.copy()
    readonly.flags.writeable = False
    for arr in (strided[:, ::2], readonly, hands[::-1][::-1]):
        assert np.array_equal(riichi.shanten_batch(arr), expected)
    # Every other row, and the rows reversed.
    assert np.array_equal(riichi.shanten_batch(hands[::2]), expected[::2])
    assert np.array_equal(riichi.shanten_batch(hands[::-1]), expected[::-1])


def test_fortran_ordered_array_gives_the_same_answer() -> None:
    rows = np.zeros((2, KINDS), np.uint8)
    rows[0, :13] = 1  # 1m-9m 1p-4p: 123 456 789m + 1234p -> tenpai (0)
    rows[1, 20:34] = 1  # 3s-9s 1z-7z: 345 678s + 9s + seven lone honors -> 4
    assert riichi.shanten_batch(rows).tolist() == [0, 4]
    assert riichi.shanten_batch(np.asfortranarray(rows)).tolist() == [0, 4]


def test_waits_batch_refuses_a_hand_that_is_not_3n_plus_1() -> None:
    rows = np.zeros((2, KINDS), np.uint8)
    rows[0, :13] = 1
    rows[1, :14] = 1  # 14 tiles: a hand that discards, not one that waits
    with pytest.raises(riichi.InvalidInputError, match=r"row 1: 14 tiles; waits need 3n\+1"):
        riichi.waits_batch(rows)


def test_empty_batch() -> None:
    empty = np.zeros((0, KINDS), np.uint8)
    assert riichi.shanten_batch(empty).shape == (0,)
    assert riichi.is_complete_batch(empty).shape == (0,)
    assert riichi.waits_batch(empty).shape == (0, KINDS)


# Bad input: the right exception, never a crash ---------------------------------------

ALL_BATCH = pytest.mark.parametrize(
    "fn", [riichi.shanten_batch, riichi.is_complete_batch, riichi.waits_batch]
)


@ALL_BATCH
@pytest.mark.parametrize("dtype", [np.int64, np.int8, np.uint16, np.float64, np.bool_, ">u2"])
def test_wrong_dtype(fn: BatchFn, dtype: npt.DTypeLike) -> None:
    rows = np.zeros((2, KINDS), dtype)
    with pytest.raises(riichi.InvalidInputError, match=r"uint8.*\(N, 34\).*dtype"):
        fn(rows)


@ALL_BATCH
@pytest.mark.parametrize("shape", [(2, 33), (2, 35), (3, 0)])
def test_wrong_width(fn: BatchFn, shape: tuple[int, int]) -> None:
    with pytest.raises(
        riichi.InvalidInputError,
        match=rf"\(N, 34\), got a 2-d array of dtype uint8 and shape \({shape[0]}, {shape[1]}\)",
    ):
        fn(np.zeros(shape, np.uint8))


@ALL_BATCH
@pytest.mark.parametrize("shape", [(34,), (2, 34, 1), ()])
def test_wrong_dimensions(fn: BatchFn, shape: tuple[int, ...]) -> None:
    with pytest.raises(riichi.InvalidInputError, match=rf"shape \(N, 34\), got a {len(shape)}-d"):
        fn(np.zeros(shape, np.uint8))


@ALL_BATCH
@pytest.mark.parametrize("obj", [None, "123m", [[0] * 34], 5])
def test_not_an_array(fn: BatchFn, obj: object) -> None:
    with pytest.raises((riichi.MahjongError, TypeError)):
        fn(obj)


@ALL_BATCH
@pytest.mark.parametrize(
    ("row", "message"),
    [
        ({3: 5}, "row 1: count 5 for kind 3"),
        ({3: 255}, "row 1: count 255 for kind 3"),
        ({0: 3}, "row 1: 3 tiles"),  # 3n tiles
        ({}, "row 1: 0 tiles"),
        ({k: 1 for k in range(16)}, "row 1: 16 tiles"),  # more than 14
        ({k: 4 for k in range(34)}, "row 1: 136 tiles"),
    ],
)
def test_bad_row_is_named(fn: BatchFn, row: dict[int, int], message: str) -> None:
    rows = np.zeros((3, KINDS), np.uint8)
    rows[:, 0] = 1
    rows[1] = 0
    for k, v in row.items():
        rows[1, k] = v
    with pytest.raises(riichi.InvalidInputError, match=message):
        fn(rows)
    # Rows of a larger batch are named by their global index.
    big = np.zeros((1000, KINDS), np.uint8)
    big[:, 0] = 1
    big[700] = rows[1]
    with pytest.raises(riichi.InvalidInputError, match="row 700"):
        fn(big, threads=2)


@ALL_BATCH
def test_bad_thread_count(fn: BatchFn) -> None:
    rows = np.zeros((1, KINDS), np.uint8)
    rows[0, 0] = 1
    with pytest.raises(
        riichi.InvalidInputError, match=r"^threads must be an integer from 1 to 256, got 0$"
    ):
        fn(rows, threads=0)
    with pytest.raises(TypeError):
        fn(rows, threads=1.5)
    with pytest.raises(TypeError):
        fn(rows, threads="2")


@ALL_BATCH
def test_thread_count_out_of_range(fn: BatchFn) -> None:
    rows = np.zeros((1, KINDS), np.uint8)
    rows[0, 0] = 1
    for bad in (-1, 257, 10**6, 2**64, 2**70, -(2**70)):
        with pytest.raises(
            riichi.InvalidInputError,
            match=rf"^threads must be an integer from 1 to 256, got {bad}$",
        ):
            fn(rows, threads=bad)


@ALL_BATCH
def test_thread_count_bounds_are_accepted(fn: BatchFn) -> None:
    # 3000 rows: 1m (tenpai on 1m) and, except for waits, 11m (complete) between.
    rows = np.zeros((3000, KINDS), np.uint8)
    rows[:, 0] = 1
    if fn is not riichi.waits_batch:
        rows[1::2, 0] = 2
    expected = {
        riichi.shanten_batch: np.tile(np.array([0, -1], np.int8), 1500),
        riichi.is_complete_batch: np.tile([False, True], 1500),
        riichi.waits_batch: np.eye(1, KINDS, 0, dtype=np.bool_).repeat(3000, axis=0),
    }[fn]
    for threads in (1, 255, 256, np.int64(256)):
        assert np.array_equal(fn(rows, threads=threads), expected)


# Ten million hands: memory proportional to the input -------------------------------

BIG = 10_000_000


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux: ru_maxrss in kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def big_rows(counts: list[int]) -> np.ndarray:
    """BIG copies of one 34-count row, as one contiguous (BIG, 34) uint8 array."""
    return np.ascontiguousarray(np.broadcast_to(np.array(counts, np.uint8), (BIG, 34)))


# 123m 123p 123s 111z 22z: complete, with East and South.
BIG_HAND = [1, 1, 1, 0, 0, 0, 0, 0, 0] * 3 + [3, 2, 0, 0, 0, 0, 0]


def test_ten_million_hands_in_one_shanten_batch() -> None:
    counts = big_rows(BIG_HAND)
    before = peak_mb()
    out = riichi.shanten_batch(counts)
    assert out.shape == (BIG,) and out.dtype == np.int8
    assert (out == -1).all()
    # The input is 340 MB; the call adds at most a copy of it and its output.
    assert peak_mb() - before < 2 * counts.nbytes / 2**20 + 200


def test_ten_million_wins_in_one_score_batch() -> None:
    counts = big_rows(BIG_HAND)
    win = np.full(BIG, 27, np.uint8)  # East
    before = peak_mb()
    out = riichi.score_batch(counts, win, seat_winds=np.zeros(BIG, np.uint8))
    assert (out["status"] == riichi.SCORE_STATUS["ok"]).all()
    # Every row is the same dealer ron on 1z: the same han and points as one call.
    first = riichi.score("123m123p123s111z22z", "1z", seat_wind="E")
    assert (out["han"] == first.han).all() and (out["points"] == first.points).all()
    assert peak_mb() - before < 3 * counts.nbytes / 2**20 + 300
