"""The `progress=` hook of the long calls (`simulate`, `replay_files` and the batch
calls): each works in parts with the GIL released and, after each part, calls
`progress(done, total)`; the answers do not depend on the parts; an error of the
hook stops the call; Ctrl-C stops it between two parts; a bad row of a later part
is named by its index in the whole call."""

from __future__ import annotations

import _thread
import threading
import time

import numpy as np
import pytest

import riichi
from riichi import logs

# A hand of each kind the batch calls see: tenpai (13 tiles), complete (14), one away.
HANDS = ["123456789m1234p", "123456789m11p123s", "19m19p19s1234567z", "1133557799m113p"]


def counts_rows(n: int) -> np.ndarray:
    rows = np.array([riichi.Hand(h).counts for h in HANDS], dtype=np.uint8)
    return np.tile(rows, (n // len(HANDS) + 1, 1))[:n].copy()


def recorder():
    seen: list[tuple[int, int]] = []
    return seen, lambda done, total: seen.append((done, total))


def parts_of(total: int, part: int) -> list[tuple[int, int]]:
    """The calls of a run of `total` items in parts of `part`."""
    return [(min(d, total), total) for d in range(part, total + part, part)]


# With one thread the parts are 16,384 rows for shanten, complete and waits rows,
# 8,192 rows for scoring and 64 logs for replays.
BATCH_CALLS = [
    (riichi.shanten_batch, 16384),
    (riichi.is_complete_batch, 16384),
    (riichi.waits_batch, 16384),
]


@pytest.mark.parametrize(("call", "part"), BATCH_CALLS)
def test_batch_calls_report_progress_after_each_part(call, part):
    rows = counts_rows(50_000)
    rows = rows[[len(riichi.Hand(HANDS[i % 4]).concealed) % 3 == 1 for i in range(50_000)]]
    n = len(rows)
    seen, progress = recorder()
    got = call(rows, threads=1, progress=progress)
    assert seen == parts_of(n, part)
    assert np.array_equal(got, call(rows, threads=1))
    # On every thread count the answers are the same; the parts only grow.
    seen2, progress2 = recorder()
    assert np.array_equal(call(rows, threads=2, progress=progress2), got)
    assert seen2[-1] == (n, n) and [d for d, _ in seen2] == sorted({d for d, _ in seen2})


def test_a_batch_of_no_rows_calls_no_progress():
    seen, progress = recorder()
    out = riichi.waits_batch(np.zeros((0, 34), np.uint8), progress=progress)
    assert out.shape == (0, 34) and seen == []
    assert riichi.score_batch([], [], progress=progress)["han"].tolist() == []
    assert riichi.replay_files([], progress=progress) == [] and seen == []


def test_a_bad_row_of_a_later_part_is_named_by_its_index_in_the_call():
    rows = counts_rows(40_000)
    rows[33_333, 0] = 5
    seen, progress = recorder()
    with pytest.raises(riichi.InvalidInputError, match=r"^row 33333: "):
        riichi.shanten_batch(rows, threads=1, progress=progress)
    assert seen == [(16384, 40_000), (32768, 40_000)]  # it stopped at the third part
    tenpai = np.tile(np.array(riichi.Hand(HANDS[0]).counts, np.uint8), (40_000, 1))
    tenpai[33_333, 0] += 1  # 14 tiles
    with pytest.raises(riichi.InvalidInputError, match=r"^row 33333: 14 tiles"):
        riichi.waits_batch(tenpai, threads=2)


def score_rows(n: int):
    wins = [("22334455m234p777s", "5m"), ("123456789m11p123s", "1p"), ("1m", "1m")]
    wins += [("11223344556677z", "7z"), ("123m456p789s1122z", "1z")]
    hands = [wins[i % len(wins)][0] for i in range(n)]
    tiles = [wins[i % len(wins)][1] for i in range(n)]
    flags = np.array([i % 4 for i in range(n)], dtype=np.uint32)
    return hands, tiles, flags


def test_score_batch_reports_progress_after_each_part():
    hands, tiles, flags = score_rows(20_000)
    seen, progress = recorder()
    out = riichi.score_batch(hands, tiles, flags=flags, threads=1, progress=progress)
    assert seen == parts_of(20_000, 8192)
    whole = riichi.score_batch(hands, tiles, flags=flags, threads=2)
    for name in whole:
        assert np.array_equal(out[name], whole[name]), name
    # Rows of every part scored as one row alone is.
    for i in (0, 8191, 8192, 8193, 16384, 19_999):
        one = riichi.score_batch([hands[i]], [tiles[i]], flags=flags[i : i + 1])
        assert all(np.array_equal(out[k][i], one[k][0]) for k in whole), i


def mjai_logs(n: int) -> list[str]:
    texts: list[str] = []
    riichi.simulate(n, "tsumogiri", seed=3, on_record=lambda r: texts.append(logs.write_mjai(r)))
    return texts


def test_replay_files_reports_progress_after_each_part():
    texts = mjai_logs(150)
    texts[100] = "{not a log"  # an unreadable one is counted as done with its part
    seen, progress = recorder()
    reports = riichi.replay_files(texts, threads=1, errors="report", progress=progress)
    assert seen == [(64, 150), (128, 150), (150, 150)]
    assert [r.ok for r in reports] == [i != 100 for i in range(150)]
    assert reports[100].mismatches[0].kind == "record"
    again = riichi.replay_files(texts, threads=2, errors="report")
    assert [(r.ok, r.hands, r.actions, r.events) for r in reports] == [
        (r.ok, r.hands, r.actions, r.events) for r in again
    ]


def test_replay_files_raising_stops_at_the_part_of_the_first_bad_log():
    texts = mjai_logs(150)
    # A log whose fourth line is cut short: found when its part reads it.
    lines = texts[70].splitlines()
    texts[70] = "\n".join([*lines[:3], '{"type":"dahai"', *lines[4:]])
    seen, progress = recorder()
    with pytest.raises(riichi.LogParseError, match="<text>: mjai line 4: "):
        riichi.replay_files(texts, threads=1, progress=progress)
    assert seen == [(64, 150)]


@pytest.mark.parametrize(
    "call",
    [
        lambda p: riichi.shanten_batch(counts_rows(40_000), threads=1, progress=p),
        lambda p: riichi.is_complete_batch(counts_rows(40_000), progress=p),
        lambda p: riichi.waits_batch(counts_rows(80_000)[::4], progress=p),
        lambda p: riichi.score_batch(*score_rows(20_000)[:2], progress=p),
        lambda p: riichi.replay_files(mjai_logs(130), progress=p),
        lambda p: riichi.simulate(600, "tsumogiri", progress=p),
    ],
    ids=[
        "shanten_batch",
        "is_complete_batch",
        "waits_batch",
        "score_batch",
        "replay_files",
        "simulate",
    ],
)
def test_an_error_of_the_hook_stops_the_call(call):
    calls = []

    def progress(done, total):
        calls.append(done)
        raise ValueError("stop here")

    with pytest.raises(ValueError, match="stop here"):
        call(progress)
    assert len(calls) == 1


@pytest.mark.parametrize(
    "call",
    [
        lambda p: riichi.shanten_batch(counts_rows(4), progress=p),
        lambda p: riichi.is_complete_batch(counts_rows(4), progress=p),
        lambda p: riichi.waits_batch(counts_rows(4), progress=p),
        lambda p: riichi.score_batch(["1m"], ["1m"], progress=p),
        lambda p: riichi.replay_files([], progress=p),
        lambda p: riichi.simulate(1, progress=p),
    ],
)
@pytest.mark.parametrize("bad", [3, "bar", [1]])
def test_a_hook_that_is_not_callable_is_a_type_error(call, bad):
    with pytest.raises(
        TypeError, match=r"progress must be a callable taking \(\w+ done, \w+ in all\)"
    ):
        call(bad)


def test_none_is_no_hook():
    rows = counts_rows(8)
    assert np.array_equal(riichi.shanten_batch(rows, progress=None), riichi.shanten_batch(rows))
    out = riichi.score_batch(["123456789m11p123s"], ["1p"], progress=None)
    assert (out["status"].tolist(), out["han"].tolist()) == ([0], [2])


def test_a_long_replay_stops_on_ctrl_c(tmp_path):
    """Ctrl-C (here `interrupt_main`) stops a replay of thousands of logs (about
    10 s in one thread) between two parts, well before its end, with no hook."""
    paths = []
    for i, text in enumerate(mjai_logs(16)):
        paths.append(tmp_path / f"{i}.mjson")
        paths[-1].write_text(text)
    timer = threading.Timer(0.5, _thread.interrupt_main)
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            riichi.replay_files(paths * 250, threads=1)
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 4


@pytest.mark.parametrize(
    "call",
    [
        lambda p: riichi.shanten_batch(counts_rows(40_000), threads=1, progress=p),
        lambda p: riichi.waits_batch(counts_rows(80_000)[::4], progress=p),
        lambda p: riichi.score_batch(*score_rows(20_000)[:2], progress=p),
    ],
    ids=["shanten_batch", "waits_batch", "score_batch"],
)
def test_ctrl_c_during_a_batch_stops_it_after_the_part(call):
    """A signal that arrives while a part runs stops the call once the part is
    done: here the hook sends it, and no other part is taken."""
    seen = []

    def progress(done, total):
        seen.append(done)
        _thread.interrupt_main()

    with pytest.raises(KeyboardInterrupt):
        call(progress)
    assert len(seen) == 1
