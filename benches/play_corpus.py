"""Hands as they occur in play: every seat's hand at every decision of real games.

Reads the Tenhou games (``$RIICHI_SHARED/data/tenhou/mjlog``, else
``../shared/data/tenhou/mjlog``) with :func:`riichi.logs.read_log` and follows each hand's
events. Two kinds of decision are written, one JSON line each:

- the seat that has drawn (or called) holds 14 tiles, melds counted as 3, and chooses
  a discard (``"size": 14``);
- after each discard, every other seat holds 13 and decides on a claim or a ron
  (``"size": 13``).

A line holds the hand in mpsz notation with its melds (``"hand"``, red fives as ``0``),
the number of melds (``"melds"``), the size, and ``"visible"``: the 34 counts of every
tile that seat can see at that moment (its own hand and melds, every river, every
meld on the table and the dora indicators). The benches read the lines split by meld
count (``analysis.rs``'s ``play`` rows and ``test_bench_analysis.py``).

Run: ``.venv/bin/python benches/play_corpus.py [--out FILE]`` (default
``target/bench/play.jsonl``); ``make test`` and ``make bench`` run it first.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from functools import cache
from pathlib import Path

import riichi

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "target" / "bench" / "play.jsonl"
RELATIVE = {3: "left", 2: "across", 1: "right"}


def mjlog_dir() -> Path:
    """``$RIICHI_SHARED/data/tenhou/mjlog`` if set, else ``../shared/data/tenhou/mjlog``."""
    shared = os.environ.get("RIICHI_SHARED")
    base = Path(shared) if shared else ROOT.parent / "shared"
    return base / "data" / "tenhou" / "mjlog"


@cache
def tile(mjai: str) -> riichi.Tile:
    return riichi.Tile.from_mjai(mjai)


def kind(mjai: str) -> int:
    return tile(mjai).kind


class Seat:
    """One seat's tiles during a hand (concealed tiles as mjai names)."""

    def __init__(self, dealt: list[str]) -> None:
        self.concealed: list[str] = list(dealt)
        self.melds: list[riichi.Meld] = []

    def hand(self) -> riichi.Hand:
        return riichi.Hand([tile(t) for t in self.concealed], self.melds)

    def take(self, tiles: list[str]) -> None:
        for t in tiles:
            self.concealed.remove(t)


class Table:
    """What everyone can see during a hand: rivers, melds, dora indicators."""

    def __init__(self, start: dict) -> None:
        self.seats = [Seat(t) for t in start["tehais"]]
        self.seen: Counter[int] = Counter([kind(start["dora_marker"])])

    def visible(self, s: int) -> list[int]:
        own = Counter(kind(t) for t in self.seats[s].concealed)
        return [self.seen[k] + own[k] for k in range(34)]

    def row(self, s: int, size: int) -> str:
        seat = self.seats[s]
        return json.dumps(
            {
                "hand": str(seat.hand()),
                "melds": len(seat.melds),
                "size": size,
                "visible": self.visible(s),
            },
            separators=(",", ":"),
        )


def meld_of(e: dict) -> riichi.Meld:
    """The meld a call event makes."""
    t = e["type"]
    if t == "ankan":
        return riichi.Meld("ankan", [tile(x) for x in e["consumed"]])
    tiles = [tile(x) for x in (*e["consumed"], e["pai"])]
    return riichi.Meld(t, tiles, tile(e["pai"]), RELATIVE[(e["target"] - e["actor"]) % 4])


def hand_rows(events: list[dict]) -> list[str]:
    """The decision rows of one hand (its events from ``start_kyoku`` on)."""
    table = Table(events[0])
    rows: list[str] = []
    for e in events[1:]:
        t, a = e["type"], e.get("actor")
        if t == "tsumo":
            table.seats[a].concealed.append(e["pai"])
            rows.append(table.row(a, 14))
        elif t == "dahai":
            table.seats[a].concealed.remove(e["pai"])
            table.seen[kind(e["pai"])] += 1
            rows.extend(table.row(s, 13) for s in range(4) if s != a)
        elif t in ("chi", "pon", "daiminkan"):
            seat = table.seats[a]
            seat.take(e["consumed"])
            seat.melds.append(meld_of(e))
            # The called tile was counted in the river; the consumed ones show now.
            table.seen.update(kind(x) for x in e["consumed"])
            if t != "daiminkan":
                rows.append(table.row(a, 14))
        elif t == "ankan":
            seat = table.seats[a]
            seat.take(e["consumed"])
            seat.melds.append(meld_of(e))
            table.seen.update(kind(x) for x in e["consumed"])
        elif t == "kakan":
            seat = table.seats[a]
            seat.take([e["pai"]])
            pon = next(
                m for m in seat.melds if m.kind == "pon" and m.tiles[0].kind == kind(e["pai"])
            )
            seat.melds.remove(pon)
            added = tile(e["pai"])
            kakan = riichi.Meld("kakan", [*pon.tiles, added], pon.called, pon.called_from, added)
            seat.melds.append(kakan)
            table.seen[kind(e["pai"])] += 1
        elif t == "dora":
            table.seen[kind(e["dora_marker"])] += 1
    return rows


def build(out: Path) -> Counter[tuple[int, int]]:
    """Write the corpus to ``out``; returns the rows per (melds, size)."""
    logs = sorted(mjlog_dir().glob("*.mjlog"))
    if not logs:
        raise SystemExit(f"no mjlog files in {mjlog_dir()} (set RIICHI_SHARED)")
    out.parent.mkdir(parents=True, exist_ok=True)
    tally: Counter[tuple[int, int]] = Counter()
    with out.open("w") as f:
        for path in logs:
            record = riichi.logs.read_log(path)
            for hand in record.hands:
                for row in hand_rows(hand):
                    f.write(row + "\n")
                    r = json.loads(row)
                    tally[(r["melds"], r["size"])] += 1
    return tally


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write (JSON lines)")
    args = p.parse_args(argv)
    tally = build(args.out)
    total = sum(tally.values())
    by_melds = Counter()
    for (m, _), n in tally.items():
        by_melds[m] += n
    split = ", ".join(f"{m} melds: {by_melds[m]:,}" for m in sorted(by_melds))
    print(f"{args.out}: {total:,} decisions ({split})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
