"""riichi: Japanese (riichi) mahjong with a Rust core.

Tiles and notations, hands and melds, and hand analysis: exact shanten, every
decomposition with its wait shapes, waits, ukeire and discard tables, plus batch
calls over numpy arrays that release the GIL and use every core.

>>> import riichi
>>> hand = riichi.Hand("123m456p789s1122z")
>>> hand.shanten
0
>>> [str(t) for t in hand.waits().tiles]
['1z', '2z']
"""

from riichi._core import (
    Block,
    Decomposition,
    DiscardOption,
    Hand,
    InvalidHandError,
    InvalidInputError,
    InvalidMeldError,
    InvalidTileError,
    MahjongError,
    Meld,
    ShantenByForm,
    Tile,
    TileParseError,
    Ukeire,
    Wait,
    Waits,
    __version__,
    format_tiles,
    is_complete,
    is_complete_batch,
    parse_tiles,
    shanten,
    shanten_batch,
    tiles_from_id136,
    tiles_to_id136,
    waits_batch,
)

__all__ = [
    "Block",
    "Decomposition",
    "DiscardOption",
    "Hand",
    "InvalidHandError",
    "InvalidInputError",
    "InvalidMeldError",
    "InvalidTileError",
    "MahjongError",
    "Meld",
    "ShantenByForm",
    "Tile",
    "TileParseError",
    "Ukeire",
    "Wait",
    "Waits",
    "__version__",
    "format_tiles",
    "is_complete",
    "is_complete_batch",
    "parse_tiles",
    "shanten",
    "shanten_batch",
    "tiles_from_id136",
    "tiles_to_id136",
    "waits_batch",
]
