"""Hand analysis against another library, the `mahjong` package (PyPI, 2.1.0):
identical shanten on every hand of the benchmark corpus (`shanten13.jsonl`,
`shanten14.jsonl`: 100,000 random closed hands each).

The corpus is the `bench/` folder of the shared test data next to the repository, or
where the environment variable RIICHI_SHARED points (that folder or its `bench/`).
mahjong takes ~25 µs per hand, so the whole comparison runs in a few seconds.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import riichi

shanten_mod = pytest.importorskip(
    "mahjong.shanten", reason="the `mahjong` package is not installed"
)
Shanten = shanten_mod.Shanten

pytestmark = pytest.mark.differential


def corpus_dir() -> Path | None:
    candidates = []
    if env := os.environ.get("RIICHI_SHARED"):
        candidates += [Path(env), Path(env) / "bench"]
    candidates.append(Path(__file__).resolve().parents[2] / "shared" / "bench")
    return next((d for d in candidates if (d / "shanten13.jsonl").is_file()), None)


def load(path: Path) -> tuple[npt.NDArray[np.uint8], list[list[int]]]:
    """(N, 34) counts from the `k34` kinds, and the `t136` ids of each hand."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    kinds = np.array([r["k34"] for r in rows], dtype=np.intp)
    counts = np.zeros((len(rows), 34), np.uint8)
    np.add.at(counts, (np.repeat(np.arange(len(rows)), kinds.shape[1]), kinds.ravel()), 1)
    return counts, [r["t136"] for r in rows]


def describe(counts: npt.NDArray[np.uint8]) -> str:
    tiles = [riichi.Tile.from_kind(int(k)) for k in np.repeat(np.arange(34), counts)]
    return riichi.format_tiles(tiles)


@pytest.mark.parametrize("name", ["shanten13.jsonl", "shanten14.jsonl"])
def test_identical_shanten_on_the_shared_corpus(name: str) -> None:
    d = corpus_dir()
    if d is None:
        pytest.skip(
            "the shared test data is not present (its bench/shanten13.jsonl; "
            "RIICHI_SHARED may point at it)"
        )
    counts, t136 = load(d / name)
    size = 13 if "13" in name else 14
    assert len(counts) == 100_000
    assert (counts.sum(axis=1) == size).all()
    # The two encodings of the corpus agree (kind = id // 4).
    first = np.bincount(np.array(t136[0]) // 4, minlength=34)
    assert first.tolist() == counts[0].tolist()

    ours = riichi.shanten_batch(counts)
    calc = Shanten.calculate_shanten
    theirs = np.fromiter((calc(row) for row in counts.tolist()), np.int8, len(counts))

    differ = np.nonzero(ours != theirs)[0]
    report = []
    for i in differ[:20]:
        h = riichi.Hand(describe(counts[i]))
        row = counts[i].tolist()
        report.append(
            f"#{i} {h}: riichi {ours[i]} {h.shanten_by_form}, mahjong {theirs[i]} "
            f"(regular {Shanten.calculate_shanten_for_regular_hand(row)}, "
            f"chiitoitsu {Shanten.calculate_shanten_for_chiitoitsu_hand(row)}, "
            f"kokushi {Shanten.calculate_shanten_for_kokushi_hand(row)})"
        )
    assert len(differ) == 0, f"{len(differ)} hands differ:\n" + "\n".join(report)
    # The corpus spans a real range of shanten, so agreement is not trivial.
    assert set(np.unique(ours).tolist()) >= {0, 1, 2, 3, 4}


@pytest.mark.parametrize(
    "text",
    [
        "123m456p789s4444z",
        "1111m234567p888s",
        "11112222333344m",
        "19m19p19s1234566z",
        "1111222233334m",
        "1111m2233p4455s6z",
        "11112233445566m",
        # mahjong reads a short hand as one whose melds are left out.
        "1111m [2'34p] [5'67s] [7'77z]",
        "1m [2'34p] [5'67s] [6'66z] [7'77z]",
    ],
)
def test_named_edge_cases_agree(text: str) -> None:
    h = riichi.Hand(text)
    assert h.shanten == Shanten.calculate_shanten(h.counts)
    assert h.shanten_by_form.standard == Shanten.calculate_shanten_for_regular_hand(h.counts)
    # The module-level fast path on the concealed tiles alone agrees too.
    assert riichi.shanten(h.counts) == riichi.shanten(riichi.format_tiles(h.concealed)) == h.shanten
