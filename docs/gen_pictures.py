"""Write the pictures the guide shows (docs/img/*.svg), drawn by the installed
`riichi` itself, so that the guide shows what the package draws.

    python docs/gen_pictures.py            # list them
    python docs/gen_pictures.py --write    # write docs/img/
    python docs/gen_pictures.py --check    # exit 1 if a picture is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

import riichi
from riichi import pictures

OUT = Path(__file__).resolve().parent / "img"


def table_game() -> riichi.Game:
    """A game 40 first choices in (seeded: the same every run)."""
    game = riichi.Game(seed=7)
    for _ in range(40):
        seat = game.current_decision[0]
        game.apply(seat, game.legal_actions(seat)[0])
    return game


def render() -> dict[str, str]:
    """Each picture's file name and SVG text."""
    hand = riichi.Hand("123m0p55p789s11z [55'5z]")
    win = riichi.score("234m406p789s11z555z", "5z", tsumo=True, riichi=True, seat_wind="S")
    game = table_game()
    return {
        "hand.svg": pictures.hand_svg(hand),
        "win.svg": win._repr_svg_(),
        "table.svg": pictures.table_svg(game.observation(0)),
    }


def main(argv: list[str]) -> int:
    pics = render()
    if "--write" in argv:
        OUT.mkdir(exist_ok=True)
        for name, svg in pics.items():
            (OUT / name).write_text(svg, encoding="utf-8")
        return 0
    if "--check" in argv:
        stale = [n for n, svg in pics.items() if not (OUT / n).is_file()
                 or (OUT / n).read_text(encoding="utf-8") != svg]  # fmt: skip
        for n in stale:
            print(f"docs/img/{n} is out of date: run `python docs/gen_pictures.py --write`")
        return 1 if stale else 0
    for name, svg in pics.items():
        print(f"{name}: {len(svg)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
