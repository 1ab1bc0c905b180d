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

from typing import TYPE_CHECKING

from riichi import agents, logs, mjai, pictures, viewer
from riichi._core import (
    SCORE_FLAGS,
    SCORE_LIMITS,
    SCORE_STATUS,
    YAKU_NAMES,
    Action,
    Ankan,
    Block,
    BuiltinAgent,
    Chi,
    Daiminkan,
    Decomposition,
    Discard,
    DiscardOption,
    FuItem,
    Game,
    GameRecord,
    Hand,
    IllegalActionError,
    InvalidContextError,
    InvalidHandError,
    InvalidInputError,
    InvalidMeldError,
    InvalidTileError,
    Kakan,
    Kita,
    KyuushuKyuuhai,
    LogParseError,
    MahjongError,
    Meld,
    Mismatch,
    NotAgariError,
    NoYakuError,
    Observation,
    Pass,
    Payments,
    PointsEntry,
    Pon,
    ReplayReport,
    Riichi,
    Ron,
    RuleError,
    RuleOption,
    Rules,
    ScoreResult,
    ScoringError,
    ShantenByForm,
    Tile,
    TileParseError,
    Tsumo,
    Ukeire,
    Wait,
    Waits,
    WinContext,
    Yaku,
    __version__,
    agent_seed,
    format_tiles,
    game_seed,
    is_complete,
    is_complete_batch,
    nagashi_mangan_payments,
    parse_tiles,
    points,
    replay,
    replay_files,
    score,
    score_batch,
    score_nagashi_mangan,
    score_table,
    settle_multi_ron,
    shanten,
    shanten_batch,
    simulate,
    tiles_from_id136,
    tiles_to_id136,
    waits_batch,
)
from riichi.agents import play

if TYPE_CHECKING:
    from riichi import dataset, env

__all__ = [
    "SCORE_FLAGS",
    "SCORE_LIMITS",
    "SCORE_STATUS",
    "YAKU_NAMES",
    "Action",
    "Ankan",
    "Block",
    "BuiltinAgent",
    "Chi",
    "Daiminkan",
    "Decomposition",
    "Discard",
    "DiscardOption",
    "FuItem",
    "Game",
    "GameRecord",
    "Hand",
    "IllegalActionError",
    "InvalidContextError",
    "InvalidHandError",
    "InvalidInputError",
    "InvalidMeldError",
    "InvalidTileError",
    "Kakan",
    "Kita",
    "KyuushuKyuuhai",
    "LogParseError",
    "MahjongError",
    "Meld",
    "Mismatch",
    "NoYakuError",
    "NotAgariError",
    "Observation",
    "Pass",
    "Payments",
    "PointsEntry",
    "Pon",
    "ReplayReport",
    "Riichi",
    "Ron",
    "RuleError",
    "RuleOption",
    "Rules",
    "ScoreResult",
    "ScoringError",
    "ShantenByForm",
    "Tile",
    "TileParseError",
    "Tsumo",
    "Ukeire",
    "Wait",
    "Waits",
    "WinContext",
    "Yaku",
    "__version__",
    "agent_seed",
    "agents",
    "dataset",
    "env",
    "format_tiles",
    "game_seed",
    "is_complete",
    "is_complete_batch",
    "logs",
    "mjai",
    "nagashi_mangan_payments",
    "parse_tiles",
    "pictures",
    "play",
    "points",
    "replay",
    "replay_files",
    "score",
    "score_batch",
    "score_nagashi_mangan",
    "score_table",
    "settle_multi_ron",
    "shanten",
    "shanten_batch",
    "simulate",
    "tiles_from_id136",
    "tiles_to_id136",
    "viewer",
    "waits_batch",
]


def __getattr__(name: str) -> object:
    """`riichi.dataset` and `riichi.env` (which need numpy) load on first use, so
    `import riichi` does not import numpy."""
    if name in ("dataset", "env"):
        import importlib

        return importlib.import_module(f"riichi.{name}")
    raise AttributeError(f"module 'riichi' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names, the lazily loaded `dataset` and `env` among them."""
    return sorted(set(globals()) | {"dataset", "env"})
