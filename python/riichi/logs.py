"""Real game logs: Tenhou mjlog XML, tenhou.net/6 JSON and mjai JSON lines.

Every format reads into one `GameRecord` (rules, players, events as mjai dicts)
and writes back from it, so any format converts to any other; a game played by
the engine is a record too (`Game.record()`). `replay` drives the engine through
a record action by action and compares every event, win, draw and final result
with the log's.

>>> import riichi
>>> record = riichi.logs.read_mjai('{"type":"start_game"}')
>>> record.n_hands
0
"""

from riichi._core import (
    GameRecord,
    LogParseError,
    Mismatch,
    ReplayReport,
    log_format,
    read_log,
    read_mjai,
    read_mjlog,
    read_tenhou6,
    replay,
    replay_files,
    write_mjai,
    write_mjlog,
    write_tenhou6,
)

__all__ = [
    "GameRecord",
    "LogParseError",
    "Mismatch",
    "ReplayReport",
    "log_format",
    "read_log",
    "read_mjai",
    "read_mjlog",
    "read_tenhou6",
    "replay",
    "replay_files",
    "write_mjai",
    "write_mjlog",
    "write_tenhou6",
]
