"""`riichi.simulate` over long runs: it plays in parts with the GIL released, stops on
Ctrl-C between two parts, and the games of a run do not depend on the parts."""

from __future__ import annotations

import _thread
import threading
import time

import pytest

import riichi


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
