"""Real logs from Python: the 177 shared Tenhou mjlog games read and replayed with
every event checked, in one ``riichi.replay_files`` call (GIL released, all cores),
and one game at a time (``read_mjlog`` then ``replay``). Every replay must agree with
the log (zero mismatches) before it is timed. A round is all 177 games.
``riichi.dataset.encode_logs`` turns the same games into training arrays (every
decision replayed, its observation encoded, its mask and id), checked first: each
row's id is in its mask and every game gives rows.

Run: ``.venv/bin/python -m pytest benches/test_bench_logs.py --benchmark-only``
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import riichi
from riichi import dataset

MJLOG = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou" / "mjlog"
FILES = sorted(MJLOG.glob("*.mjlog")) if MJLOG.is_dir() else []

pytestmark = pytest.mark.skipif(not FILES, reason=f"the shared Tenhou logs are absent ({MJLOG})")


def per_second(benchmark: Any) -> None:
    """Games per second of the timed rounds (none with --benchmark-disable)."""
    if benchmark.stats is not None:
        benchmark.extra_info["games_per_second"] = round(len(FILES) / benchmark.stats["mean"])


@pytest.mark.parametrize("threads", [1, 2])
def test_replay_files(benchmark: Any, threads: int) -> None:
    reports = riichi.replay_files(FILES, threads=threads)
    assert all(r.ok for r in reports)
    benchmark.extra_info.update(games=len(FILES))
    timed = benchmark(riichi.replay_files, FILES, threads=threads)
    assert len(timed) == len(FILES) and all(r.ok for r in timed)
    per_second(benchmark)


def test_read_then_replay_one_by_one(benchmark: Any) -> None:
    texts = [f.read_text(encoding="utf-8") for f in FILES]

    def run() -> int:
        return sum(riichi.replay(riichi.logs.read_mjlog(t)).ok for t in texts)

    assert run() == len(texts)
    assert benchmark(run) == len(texts)
    per_second(benchmark)


@pytest.mark.parametrize("encoding", ["planes", "tokens"])
@pytest.mark.parametrize("threads", [1, 2])
def test_encode_logs(benchmark: Any, threads: int, encoding: str) -> None:
    def run() -> dict[str, np.ndarray]:
        return dataset.encode_logs(FILES, encoding, threads=threads)

    # Checked once before timing; each timed round must give as many rows.
    arrays = run()
    assert isinstance(arrays, dict)
    rows = len(arrays["action"])
    assert rows > 100 * len(FILES)
    assert arrays["mask"][np.arange(rows), arrays["action"]].all()
    assert len(np.unique(arrays["game"])) == len(FILES)
    assert len(benchmark.pedantic(run, rounds=3)["action"]) == rows
    benchmark.extra_info.update(games=len(FILES), decisions=rows)
    per_second(benchmark)
