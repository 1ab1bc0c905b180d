"""Training data from real game logs: every decision a log shows, as the deciding
seat saw it just before it chose, with the ids it could take and the id it took.

A log is replayed through the engine. Each action in it is one decision of its
seat, and so is each pass the log proves: a seat asked about a claim passed
when nobody claimed the tile, or when the claim that took it would have lost to
any claim of its own (a pon beside a chi, a ron beside a pon). Where another
seat's claim took the tile first (a pon over a wished-for chi, a ron over a
wished-for pon, or a second ron where only the nearest winner is paid), the log
cannot tell a pass from a claim in vain, and that decision is left out.

>>> import riichi
>>> from riichi.dataset import decisions
>>> game = riichi.Game(seed=3)
>>> while not game.is_over:
...     seat = next(s for s in game.current_decision if game.legal_actions(s))
...     game.apply(seat, game.legal_actions(seat)[0])
>>> rows = list(decisions(game.record()))
>>> obs, mask, action = rows[0]
>>> bool(mask[action]), obs.seat == 0
(True, True)

`encode_logs` turns many log files into numpy arrays (the plane encoding of
`riichi.env`) in parallel in the core, optionally as `.npz` shards on disk.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from riichi._core import (
    ACTION_COUNT,
    ACTION_GROUPS,
    GameRecord,
    Observation,
    _encode_logs,
    _log_decisions,
    read_log,
)

__all__ = [
    "COLUMNS",
    "Decision",
    "decisions",
    "encode_logs",
    "swap_man_pin",
]

#: The arrays of `encode_logs`, by name: dtype and what a row holds.
COLUMNS: dict[str, tuple[str, str]] = {
    "planes": ("uint8", "(channels, 34): the plane encoding (riichi.env.PLANE_GROUPS)"),
    "tokens": (
        "uint8",
        "(8,) per token, every row's tokens one after the other (encoding='tokens'; "
        "riichi.env.TOKEN_COLUMNS)",
    ),
    "token_start": ("int64", "where the row's tokens start in tokens (encoding='tokens')"),
    "token_count": ("int16", "how many tokens the row has (encoding='tokens')"),
    "oracle": (
        "uint8",
        "(23, 34): the oracle channels, with encoding='tokens' and oracle=True",
    ),
    "scalars": ("float32", "the scalars (riichi.env.SCALARS)"),
    "mask": ("bool", "(ACTION_COUNT,): the ids the seat could take"),
    "action": ("int16", "the id it took"),
    "seat": ("int8", "the deciding seat, 0-3"),
    "game": ("int32", "the log's index among those given"),
    "hand": ("int16", "the hand's index in its log, from 0"),
    "turn": ("int16", "the seat's discards in the hand before this decision"),
    "hand_delta": ("int32", "the seat's points change over the hand"),
    "rank": ("int8", "the seat's final place 1-4 (0: the log stops before the end)"),
}


class Decision(NamedTuple):
    """One decision of a log: what the seat saw, which ids it could take (a bool
    array of `riichi.env.ACTION_COUNT`), and the id it took."""

    observation: Observation
    mask: np.ndarray
    action: int


def _record(record: GameRecord | str | bytes | os.PathLike[str]) -> GameRecord:
    return record if isinstance(record, GameRecord) else read_log(record)


def decisions(
    record: GameRecord | str | bytes | os.PathLike[str], seat: int | None = None
) -> Iterator[Decision]:
    """Every decision of a log (a `GameRecord`, or a log's path, bytes or text),
    in the order the log's seats took them; with `seat`, only that seat's.

    The passes the log proves are included (see the module's text). Applying
    each decision's action (`Action.from_index` or `Game.apply_index`) in order
    replays the game exactly. A log the engine does not replay exactly raises
    `LogParseError` naming the first mismatch, before anything is yielded.
    """
    got = _log_decisions(_record(record), seat)
    masks = got["masks"]
    for obs, mask, action in zip(got["observations"], masks, got["actions"].tolist(), strict=True):
        yield Decision(obs, mask, action)


def _chunks(items: list[Any], size: int) -> Iterator[list[Any]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def encode_logs(
    paths: Iterable[str | bytes | os.PathLike[str]],
    encoding: str = "planes",
    *,
    oracle: bool = False,
    seat: int | None = None,
    augment: bool = False,
    threads: int | None = None,
    out: str | os.PathLike[str] | None = None,
    shard_games: int = 1000,
    progress: Callable[[int, int], object] | None = None,
) -> dict[str, np.ndarray] | list[Path]:
    """Every decision of many logs (paths, bytes or texts in any format) as numpy
    arrays, read, replayed and encoded in parallel with the GIL released.

    The arrays are those of `COLUMNS`, one row per decision, the logs in the
    order given. `encoding` is `"planes"` (the plane encoding of `riichi.env`) or
    `"tokens"`: the hand's history up to the decision as `Game.tokens` gives
    it, every row's tokens one after the other in `"tokens"` (row `r`'s are
    `tokens[token_start[r]:token_start[r] + token_count[r]]`), without planes.
    `oracle=True` appends the oracle channels (other hands, ura indicators, the
    live wall; in `"oracle"` with tokens); `seat` keeps one seat's decisions;
    `augment=True` adds every row again with the characters and circles suits
    swapped (see `swap_man_pin`).

    Without `out` the arrays are returned in one dict. With `out` (a folder,
    made if missing) they are written as `shard-00000.npz`, ... of
    `shard_games` logs each, and the shards' paths are returned.
    `progress(logs done, logs in all)` is called as the logs are encoded. A log
    that cannot be read or does not replay raises, naming its file.
    """
    if encoding not in ("planes", "tokens"):
        raise ValueError(f'encoding is "planes" or "tokens", not {encoding!r}')
    if isinstance(paths, (str, bytes)):
        raise TypeError("encode_logs takes a sequence of logs, not one: pass [path]")
    logs = list(paths)
    if isinstance(shard_games, bool) or not isinstance(shard_games, int) or shard_games < 1:
        raise ValueError(f"shard_games is a positive integer, got {shard_games!r}")

    def encode(part: list[Any], done: int) -> dict[str, np.ndarray]:
        def told(n: int, _total: int) -> None:
            if progress is not None:
                progress(done + n, len(logs))

        arrays = _encode_logs(part, oracle, seat, threads, told, encoding == "tokens")
        arrays["game"] += done
        return swap_man_pin(arrays, keep=True) if augment else arrays

    if out is None:
        return encode(logs, 0)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    shards = []
    for k, part in enumerate(_chunks(logs, shard_games)):
        path = folder / f"shard-{k:05d}.npz"
        np.savez(path, **encode(part, k * shard_games))
        shards.append(path)
    return shards


def _kind_permutation() -> np.ndarray:
    """Kinds 0-33 with 1m-9m and 1p-9p exchanged."""
    perm = np.arange(34)
    perm[:9], perm[9:18] = np.arange(9, 18), np.arange(9)
    return perm


def _action_permutation() -> np.ndarray:
    """Action ids with the characters and circles exchanged: discards, riichi
    discards (the red 0m and 0p too), ankan and kakan by kind; the rest stay."""
    perm = np.arange(ACTION_COUNT)
    kinds = _kind_permutation()
    for _, first, count, _ in ACTION_GROUPS:
        if count in (34, 37):
            perm[first : first + 34] = first + kinds
        if count == 37:
            perm[first + 34], perm[first + 35] = first + 35, first + 34
    return perm


def _tile_permutation() -> np.ndarray:
    """Token tile values 0-38 with the characters and circles exchanged (the red
    0m and 0p too); 37 (unseen) and 38 (none) stay."""
    perm = np.arange(39, dtype=np.uint8)
    perm[:34] = _kind_permutation()
    perm[34], perm[35] = 35, 34
    return perm


#: The token columns that hold a tile.
_TILE_COLUMNS = [2, 5, 6, 7]


def swap_man_pin(arrays: dict[str, np.ndarray], keep: bool = False) -> dict[str, np.ndarray]:
    """The same decisions with the characters and circles suits exchanged (a
    position as good as the first, for augmentation): the planes' kinds, the
    tokens' tiles, the masks' and actions' ids. The other columns stay. With
    `keep`, the swapped rows follow the original ones in one dict of twice the
    rows."""
    kinds = _kind_permutation()
    ids = _action_permutation()
    swapped = dict(arrays)
    for planes in ("planes", "oracle"):
        if planes in arrays:
            swapped[planes] = arrays[planes][..., kinds]
    if "tokens" in arrays:
        tokens = arrays["tokens"].copy()
        tokens[:, _TILE_COLUMNS] = _tile_permutation()[tokens[:, _TILE_COLUMNS]]
        swapped["tokens"] = tokens
    swapped["mask"] = arrays["mask"][:, ids]
    swapped["action"] = ids[arrays["action"]].astype(arrays["action"].dtype)
    if not keep:
        return swapped
    both = {k: np.concatenate([arrays[k], swapped[k]]) for k in arrays}
    if "tokens" in arrays:
        both["token_start"][len(arrays["token_start"]) :] += len(arrays["tokens"])
    return both
