"""Learning agents' side of the engine: action ids, the array encoding, `VecEnv`.

Every action of a decision has one id from 0 to `ACTION_COUNT - 1`
(`ACTION_GROUPS` lists the ranges); `Game.legal_mask(seat)` says which ids a seat
may take, `Game.apply_index(seat, id)` takes one, and `Observation.encode()` gives
the seat's view as planes and scalars (`PLANE_GROUPS`, `SCALARS`);
`Game.tokens(seat)` gives the hand's history as token rows for sequence models
(`TOKEN_KINDS`, `TOKEN_COLUMNS`, `token_text`). `VecEnv` steps many games at
once, off the GIL and over threads.

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

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from riichi._core import (
    ACTION_COUNT,
    ACTION_GROUPS,
    MAX_TOKENS,
    ORACLE_GROUPS,
    PLANE_GROUPS,
    SCALARS,
    TOKEN_COLUMNS,
    TOKEN_KINDS,
    Tile,
    VecEnv,
)
from riichi._words import action_words

__all__ = [
    "ACTION_COUNT",
    "ACTION_GROUPS",
    "MAX_TOKENS",
    "ORACLE_GROUPS",
    "PLANE_GROUPS",
    "SANMA_KINDS",
    "SCALARS",
    "TOKEN_COLUMNS",
    "TOKEN_KINDS",
    "VecEnv",
    "action_name",
    "sanma_columns",
    "token_text",
]

#: The 27 kinds of the three-player tile set (1m, 9m, the pin and sou, the
#: honors) as indices into the 34 columns of a plane encoding.
SANMA_KINDS: npt.NDArray[np.intp] = np.array([0, *range(8, 34)], dtype=np.intp)
SANMA_KINDS.flags.writeable = False


def sanma_columns(planes: npt.ArrayLike) -> npt.NDArray[Any]:
    """The 27 columns of the three-player kinds of a plane encoding whose last
    axis is the 34 kinds (`VecEnv`'s `"planes"`, `Observation.encode()`'s planes,
    `encode_logs`' planes, oracle planes): under three-player rules 2m-8m are
    never held, seen or drawn, so their columns are always 0 and nothing is lost.
    A new array of shape `(..., 27)`, the columns in tile order.

    >>> import numpy as np
    >>> sanma_columns(np.arange(34)).tolist()[:3]
    [0, 8, 9]

    Raises `ValueError` when the last axis is not 34 long.
    """
    array = np.asarray(planes)
    if array.ndim == 0 or array.shape[-1] != 34:
        raise ValueError(f"the last axis must be the 34 kinds, got shape {array.shape}")
    return array[..., SANMA_KINDS]


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


_SEATS = ("this seat", "the next seat", "the opposite seat", "the left seat")
_KIND_NAMES = {value: name for value, name, _ in TOKEN_KINDS}


def _tile_text(tile_id: int) -> str:
    return "an unseen tile" if tile_id == 37 else _tile_of_id(tile_id)


def token_text(row: Sequence[int]) -> str:
    """A short text for one token row (8 values, as `Game.tokens` gives):
    `"this seat discards 5m"`, `"the next seat draws an unseen tile"`.

    >>> from riichi import Game
    >>> token_text(Game(seed=1).tokens(0)[0])
    'start: dealer this seat, dora indicator 5m, East round'

    Raises `ValueError` for a row that is not a token.
    """
    values = [int(v) for v in itertools.islice(row, 9)]
    if len(values) != 8:
        raise ValueError(f"a token row has 8 values, got {len(values)}")
    kind, actor, tile, target, flag, *from_hand = values
    name = _KIND_NAMES.get(kind)
    if name is None or name == "padding" or not 0 <= actor <= 4 or not 0 <= tile <= 38:
        raise ValueError(f"not a token row: {values}")
    who = _SEATS[actor] if actor < 4 else ""
    hand = [_tile_of_id(t) for t in from_hand if t != 38]
    if name == "start":
        wind = ("East", "South", "West", "North")[flag % 4]
        return f"start: dealer {who}, dora indicator {_tile_text(tile)}, {wind} round"
    if name == "deal":
        return f"dealt {_tile_text(tile)}"
    tile_name = _tile_text(tile) if tile != 38 else ""
    source = _SEATS[target] if target < 4 else "?"
    return action_words(name, who, tile_name, source=source, tsumogiri=bool(flag), hand=hand)
