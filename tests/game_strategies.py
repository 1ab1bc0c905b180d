"""Hypothesis strategies shared by the game tests: every tile, and any action at all
(legal or not), for tests that throw arbitrary actions at a `Game`; and `fit`,
which makes a wall hold its rules' tiles."""

from __future__ import annotations

from hypothesis import strategies as st

from riichi import (
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    KyuushuKyuuhai,
    Pass,
    Pon,
    Riichi,
    Ron,
    Rules,
    Tile,
    Tsumo,
)

# Every tile: the numbered ones with the red fives (0m 0p 0s), then the honors.
ALL_TILES = [Tile(f"{n}{s}") for s in "mps" for n in range(10)] + [
    Tile(f"{n}z") for n in range(1, 8)
]
TILE_ST = st.sampled_from(ALL_TILES)
ACTIONS = st.one_of(
    st.builds(Discard, TILE_ST, st.booleans()),
    st.builds(Riichi, TILE_ST, st.booleans()),
    st.builds(Chi, st.tuples(TILE_ST, TILE_ST)),
    st.builds(Pon, st.tuples(TILE_ST, TILE_ST)),
    st.builds(Ankan, TILE_ST),
    st.builds(Kakan, TILE_ST),
    st.sampled_from([Daiminkan(), Tsumo(), Ron(), KyuushuKyuuhai(), Pass()]),
)


def fit(wall: list[Tile], rules: Rules) -> list[Tile]:
    """The wall with the red fives the rules lack made plain (the first ones in
    draw order stay red): a game refuses a wall that holds more than its rules."""
    left = list(rules.red_fives)
    out = []
    for t in wall:
        if t.is_red:
            i = "mps".index(t.suit)
            if left[i] == 0:
                t = t.plain
            else:
                left[i] -= 1
        out.append(t)
    return out
