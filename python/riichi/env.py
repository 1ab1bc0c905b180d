"""Learning agents' side of the engine: action ids, the array encoding, `VecEnv`.

Every action of a decision has one id from 0 to `ACTION_COUNT - 1`
(`ACTION_GROUPS` lists the ranges); `Game.legal_mask(seat)` says which ids a seat
may take, `Game.apply_index(seat, id)` takes one, and `Observation.encode()` gives
the seat's view as planes and scalars (`PLANE_GROUPS`, `SCALARS`). `VecEnv` steps
many games at once, off the GIL and over threads.

>>> import numpy as np
>>> from riichi.env import VecEnv, ACTION_COUNT
>>> env = VecEnv(4, seed=7, opponents="shanten")
>>> obs = env.reset()
>>> obs["mask"].shape == (4, ACTION_COUNT)
True
>>> actions = obs["mask"].argmax(axis=1)  # the first legal id of each game
>>> obs, rewards, terminated, truncated, info = env.step(actions)
>>> rewards.shape, obs["planes"].shape
((4, 4), (4, 95, 34))
"""

from __future__ import annotations

from riichi._core import (
    ACTION_COUNT,
    ACTION_GROUPS,
    ORACLE_GROUPS,
    PLANE_GROUPS,
    SCALARS,
    Tile,
    VecEnv,
)

__all__ = [
    "ACTION_COUNT",
    "ACTION_GROUPS",
    "ORACLE_GROUPS",
    "PLANE_GROUPS",
    "SCALARS",
    "VecEnv",
    "action_name",
]

_RED = {34: "0m", 35: "0p", 36: "0s"}
_CHI_PLACE = ("lowest", "middle", "highest")
_PON_REDS = ("", " with a red five", " with two red fives")


def _tile_of_id(tile_id: int) -> str:
    """The tile of a tile id 0-36 (kinds 0-33, then the red fives) in mpsz."""
    return _RED.get(tile_id) or str(Tile.from_kind(tile_id))


def action_name(action_id: int) -> str:
    """A short text for an action id: `"discard 5m"`, `"riichi 0p"` (red five),
    `"chi, claimed tile lowest"`, `"ankan 1z"`, `"pass"`.

    >>> action_name(4), action_name(37), action_name(155)
    ('discard 5m', 'tsumogiri', 'ron')

    Raises `ValueError` for an id outside 0 to `ACTION_COUNT - 1`.
    """
    if isinstance(action_id, bool) or not isinstance(action_id, int):
        raise TypeError(f"an action id is an int, got {type(action_id).__name__}")
    for name, first, count, _ in ACTION_GROUPS:
        if first <= action_id < first + count:
            k = action_id - first
            if name in ("discard", "riichi"):
                return f"{name} {_tile_of_id(k)}"
            if name == "riichi_tsumogiri":
                return "riichi, discarding the tile just drawn"
            if name == "chi":
                red = ", with a red five" if k % 2 else ""
                return f"chi, claimed tile {_CHI_PLACE[k // 2]}{red}"
            if name == "pon":
                return f"pon{_PON_REDS[k]}"
            if name in ("ankan", "kakan"):
                return f"{name} {Tile.from_kind(k)}"
            return name.replace("_", " ")
    raise ValueError(f"action ids are 0-{ACTION_COUNT - 1}, got {action_id}")
