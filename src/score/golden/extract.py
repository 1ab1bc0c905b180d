"""Write tenhou_wins.tsv: real Tenhou wins with Tenhou's own han, fu, points, yaku
and score changes, for the scorer's golden test (`cargo test --lib golden`).

Re-run from the repository root after `make build`, with the path of the Tenhou
wins (agari.jsonl) of the test data:

    .venv/bin/python src/score/golden/extract.py PATH/TO/agari.jsonl \
        > src/score/golden/tenhou_wins.tsv

It keeps every win with a yakuman or a yaku that is rare among them, every double
ron and pao, and every fourth of the others, so the file stays small. Columns (tab
separated, `-` for none): hand (mpsz, melds in brackets), winning tile, situation
flags (comma separated), seat wind, round wind, dora indicators, ura indicators,
honba, riichi sticks, discarder (ron), liable player (pao), then Tenhou's han, fu
(`-` for a yakuman), points before honba and sticks, yaku as `tenhou_id:han` (52
dora, 53 ura, 54 red fives), yakuman as Tenhou ids, and the score changes by seat
wind E,S,W,N with honba and sticks.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests"))

from scoring_data import tenhou_cases

import riichi

RARE = 40
EVERY = 4


def cell(x: object) -> str:
    text = "" if x is None else str(x)
    return text or "-"


def row(c) -> str:
    kw, e = c.kwargs, c.expected
    flags = [f for f in riichi.WinContext.FLAGS if kw.get(f)]
    tiles = riichi.format_tiles
    return "\t".join(
        cell(x)
        for x in (
            str(c.hand),
            str(c.win_tile),
            ",".join(flags),
            kw["seat_wind"],
            kw["round_wind"],
            tiles(kw["dora_indicators"]),
            tiles(kw["ura_indicators"]),
            kw["honba"],
            kw["riichi_sticks"],
            c.discarder,
            c.liable,
            e.han,
            e.fu,
            e.points,
            ",".join(f"{i}:{h}" for i, h in e.yaku),
            ",".join(f"{i}" for i, m in e.yakuman for _ in range(m)),
            ",".join(str(d) for d in e.deltas),
        )
    )


def main(path: str) -> None:
    cases = tenhou_cases(Path(path))
    seen = Counter(i for c in cases for i, _ in c.expected.yaku)
    kept = [
        c
        for n, c in enumerate(cases)
        if c.expected.yakuman
        or c.liable is not None
        or c.record["multi_ron_index"] > 0
        or c.note
        or any(seen[i] < RARE for i, _ in c.expected.yaku)
        or n % EVERY == 0
    ]
    for c in kept:
        print(row(c))


if __name__ == "__main__":
    main(sys.argv[1])
