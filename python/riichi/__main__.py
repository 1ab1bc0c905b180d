"""Command line: ``python -m riichi analyze "<hand>" [--visible "<tiles>"]``.

Prints the hand in Unicode tiles, its shanten by form, and then either its waits
with their shapes and its ukeire (a 13-tile hand) or the discard table (a 14-tile
hand).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from riichi._core import Hand, MahjongError, Tile, format_tiles, parse_tiles


def _tiles(tiles: Sequence[Tile]) -> str:
    return format_tiles(list(tiles)) or "-"


def analyze(hand: Hand, visible: str = "") -> str:
    """The report `python -m riichi analyze` prints, as a string."""
    seen = parse_tiles(visible)
    lines = [f"hand     {hand}", f"tiles    {hand.unicode}"]
    by_form = hand.shanten_by_form
    forms = [f"standard {by_form.standard}"]
    for name, value in (("chiitoitsu", by_form.chiitoitsu), ("kokushi", by_form.kokushi)):
        forms.append(f"{name} {'-' if value is None else value}")
    lines.append(f"shanten  {hand.shanten}  ({', '.join(forms)})")
    concealed = len(hand.concealed)
    if concealed % 3 == 1:
        waits = hand.waits()
        if len(waits):
            shown = ", ".join(f"{w.tile} ({'/'.join(w.shapes)})" for w in waits.waits)
            lines.append(f"waits    {shown}")
        for w in waits.impossible:
            lines.append(f"         {w.tile} would complete it, but the hand holds all four")
        uke = hand.ukeire(visible=seen)
        lines.append(f"ukeire   {_tiles([t for t, _ in uke.tiles])}  ({uke.live} tiles live)")
    else:
        if hand.is_complete:
            lines.append("complete hand")
        lines.append("")
        lines.append("discard  shanten  ukeire (live)")
        for opt in hand.discard_options(visible=seen):
            kinds = _tiles([t for t, _ in opt.ukeire.tiles])
            lines.append(f"{opt.tile!s:<8} {opt.shanten:>7}  {kinds} ({opt.live})")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m riichi", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("analyze", help="shanten, waits, ukeire and discards of a hand")
    p.add_argument("hand", help='hand notation, e.g. "123m456p11z [555z] (1111s)"')
    p.add_argument("--visible", default="", help="tiles seen outside the hand, e.g. 19m5z")
    args = parser.parse_args(argv)
    try:
        print(analyze(Hand(args.hand), args.visible))
    except MahjongError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
