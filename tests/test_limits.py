"""Resource limits: huge inputs are handled in memory proportional to them, or
refused at once with a clear error; never an abort.

- 10 million hands in one batch call (shanten and full scoring): answered, with the
  process's peak memory growing by a small multiple of the input array.
- A 100 MB log is refused before it is read (`tests/test_logs.py`): one game's log is
  tens of kilobytes, the limit 32 MB.
- A megabyte of notation is refused with a message quoting 60 characters of it.
"""

from __future__ import annotations

import _thread
import resource
import threading
import time

import numpy as np
import pytest

import riichi

N = 10_000_000


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB (Linux: ru_maxrss in kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def rows(counts: list[int]) -> np.ndarray:
    """N copies of one 34-count row, as one contiguous (N, 34) uint8 array."""
    return np.ascontiguousarray(np.broadcast_to(np.array(counts, np.uint8), (N, 34)))


# 123m 123p 123s 111z 22z: complete, with East and South.
HAND = [1, 1, 1, 0, 0, 0, 0, 0, 0] * 3 + [3, 2, 0, 0, 0, 0, 0]


def test_ten_million_hands_in_one_shanten_batch() -> None:
    counts = rows(HAND)
    before = peak_mb()
    out = riichi.shanten_batch(counts)
    assert out.shape == (N,) and out.dtype == np.int8
    assert (out == -1).all()
    # The input is 340 MB; the call adds at most a copy of it and its output.
    assert peak_mb() - before < 2 * counts.nbytes / 2**20 + 200


def test_ten_million_wins_in_one_score_batch() -> None:
    counts = rows(HAND)
    win = np.full(N, 27, np.uint8)  # East
    before = peak_mb()
    out = riichi.score_batch(counts, win, seat_winds=np.zeros(N, np.uint8))
    assert (out["status"] == riichi.SCORE_STATUS["ok"]).all()
    # Every row is the same dealer ron on 1z: the same han and points as one call.
    first = riichi.score("123m123p123s111z22z", "1z", seat_wind="E")
    assert (out["han"] == first.han).all() and (out["points"] == first.points).all()
    assert peak_mb() - before < 3 * counts.nbytes / 2**20 + 300


def test_a_megabyte_of_notation_is_refused_with_a_short_message() -> None:
    text = "1m" * 500_000
    with pytest.raises(riichi.InvalidHandError) as e:
        riichi.Hand(text)
    assert len(str(e.value)) < 400
    with pytest.raises(riichi.TileParseError) as e:
        riichi.parse_tiles("1m" * 500_000 + "x")
    assert len(str(e.value)) < 400


def test_a_long_simulation_stops_on_ctrl_c() -> None:
    """`simulate` runs in parts with the GIL released and checks for signals between
    them: Ctrl-C (here `interrupt_main`, which raises KeyboardInterrupt the same way)
    stops a run of a million games within a part, not at its end."""
    timer = threading.Timer(0.3, _thread.interrupt_main)
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            riichi.simulate(1_000_000, "random", seed=1)
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 30


def test_simulate_in_parts_plays_the_games_of_one_run() -> None:
    """More games than one part (256): game i is seeded from `seed + i * golden`
    whatever part plays it, so games 256.. of a run are games 0.. of a run seeded
    past them."""
    golden = 0x9E37_79B9_7F4A_7C15
    whole = riichi.simulate(300, "tsumogiri", seed=7, records=True)["records"]
    seed = (7 + 256 * golden) % 2**64
    tail = riichi.simulate(44, "tsumogiri", seed=seed, records=True)["records"]
    assert len(whole) == 300 and whole[256:] == tail
