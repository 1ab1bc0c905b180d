"""The native core of `riichi` (Rust, PyO3). Import everything from `riichi` instead.

Tiles are written in mpsz notation: digits followed by their suit letter (`m` man,
`p` pin, `s` sou, `z` honors: 1-4 East South West North, 5-7 Haku Hatsu Chun), with
`0` for a red five (`"123m0p77z"`). A hand is its concealed tiles then its melds:
`[...]` an open meld, `(...)` a closed kan, e.g. `"123m456p11z [555z] (1111s)"`.
Inside an open meld `'` marks the called tile, its place saying where it came from
(first = left, middle = across, last = right: `[3'45m]`, `[55'5z]`, `[5555's]`), and
`+` marks the tile a kakan added to its pon (`[5'55+5z]`).

Shanten is the number of tile exchanges a hand needs to be complete, minus one: -1
for a complete hand, 0 for tenpai. It is exact: a tile the hand already holds four
of (melds included) can never be drawn.
"""

import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Literal, TypeAlias, final

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

__all__ = [
    "ACTION_COUNT",
    "ACTION_GROUPS",
    "MAX_TOKENS",
    "ORACLE_GROUPS",
    "PLANE_GROUPS",
    "SCALARS",
    "SCORE_FLAGS",
    "SCORE_LIMITS",
    "SCORE_STATUS",
    "TOKEN_COLUMNS",
    "TOKEN_KINDS",
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
    "VecEnv",
    "Wait",
    "Waits",
    "WinContext",
    "Yaku",
    "__version__",
    "agent_seed",
    "format_tiles",
    "game_seed",
    "is_complete",
    "is_complete_batch",
    "log_format",
    "nagashi_mangan_payments",
    "parse_tiles",
    "points",
    "read_log",
    "read_mjai",
    "read_mjlog",
    "read_tenhou6",
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
    "waits_batch",
    "write_mjai",
    "write_mjlog",
    "write_tenhou6",
]

__version__: str
"""The package version."""

_Suit: TypeAlias = Literal["m", "p", "s", "z"]
_MeldKind: TypeAlias = Literal["chi", "pon", "daiminkan", "kakan", "ankan"]
_Seat: TypeAlias = Literal["left", "across", "right"]
_Form: TypeAlias = Literal["standard", "chiitoitsu", "kokushi"]
_BlockShape: TypeAlias = Literal["shuntsu", "koutsu", "kantsu"]
_WaitShape: TypeAlias = Literal[
    "ryanmen", "kanchan", "penchan", "tanki", "shanpon", "kokushi", "kokushi13"
]
_TileLike: TypeAlias = Tile | str
_Tiles: TypeAlias = str | Iterable[Tile | str]
_HandLike: TypeAlias = Hand | str | Sequence[int] | npt.NDArray[np.integer[Any]]

# Errors ---------------------------------------------------------------------------

class MahjongError(ValueError):
    """Base class of every error riichi raises for bad input."""

class TileParseError(MahjongError):
    """A tile or hand string is not valid notation, or not valid text at all (a
    lone surrogate, which has no UTF-8 form).

    The message quotes the input (its first 60 characters, then `…`) and names the
    position of the problem, counted in characters, e.g.
    `"123x": unknown suit 'x' at position 3`.
    """

class InvalidTileError(MahjongError):
    """A tile id, kind or name is out of range (136-id, kind 0-33, mjai name)."""

class InvalidMeldError(MahjongError):
    """A meld's tiles, called tile or source seat are impossible.

    For example a chi of honors, a chi called from across, a kakan without its added
    tile, or a called tile that is not part of the meld.
    """

class InvalidHandError(MahjongError):
    """A hand breaks a counting rule: other than 13 or 14 tiles with each meld
    counting 3 (so 3n+1 or 3n+2 concealed tiles), or more than 4 copies of a kind
    across concealed tiles and melds. The module-level calls raise it too for
    impossible counts (more than 14 tiles, a count of 3n, a count outside 0-4)."""

class InvalidInputError(MahjongError):
    """An argument is outside what the operation accepts: the wrong hand size for a
    query, visible tiles exceeding 4 copies, a winning tile not in the hand, counts
    out of range in a batch row, ..."""

# Tiles ----------------------------------------------------------------------------

@final
class Tile:
    """One tile: `Tile("5m")`, `Tile("0p")` for a red five.

    Immutable, hashable and picklable. Tiles order by kind (1m..9m, 1p..9p,
    1s..9s, East South West North Haku Hatsu Chun), a red five right before the
    plain fives of its suit. A red five is a different tile from a plain five
    (`Tile("0m") != Tile("5m")`) with the same `kind`.
    """

    def __new__(cls, s: str | Tile) -> Tile:
        """Parse exactly one tile in mpsz notation (a `Tile` gives itself).

        Raises `TileParseError` when `s` is not valid notation or holds other than
        one tile.
        """

    @staticmethod
    def from_mjai(name: str) -> Tile:
        """The tile of an mjai name: `"5m"`, `"5mr"` (red five), `"E" "S" "W" "N"`,
        `"P"` (Haku), `"F"` (Hatsu), `"C"` (Chun). Raises `InvalidTileError`."""

    @staticmethod
    def from_id136(id: int) -> Tile:
        """The tile of a Tenhou 136-id (`id // 4` is the kind; 16, 52 and 88 are
        the red fives). Raises `InvalidTileError` outside 0-135."""

    @staticmethod
    def from_kind(kind: int) -> Tile:
        """The plain tile of a kind 0-33. Raises `InvalidTileError` otherwise."""

    @property
    def kind(self) -> int:
        """The kind 0-33: 0-8 man, 9-17 pin, 18-26 sou, 27-33 honors (a red five
        has the kind of its plain five)."""

    @property
    def suit(self) -> _Suit:
        """`"m"`, `"p"`, `"s"`, or `"z"` for honors."""

    @property
    def number(self) -> int:
        """Number within the suit: 1-9, or 1-7 for honors (E S W N Haku Hatsu
        Chun). A red five is 5."""

    @property
    def is_red(self) -> bool:
        """Whether the tile is a red five."""

    @property
    def is_honor(self) -> bool:
        """A wind or a dragon."""

    @property
    def is_terminal(self) -> bool:
        """A 1 or a 9 of a numbered suit."""

    @property
    def is_yaochuu(self) -> bool:
        """A terminal or an honor."""

    @property
    def mjai(self) -> str:
        """The mjai name (`"5m"`, `"5mr"`, `"E"`, ...)."""

    @property
    def unicode(self) -> str:
        """The Unicode mahjong tile character (🀇 for 1m; a red five shows as its
        five)."""

    @property
    def plain(self) -> Tile:
        """The same tile without red."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __lt__(self, value: Tile, /) -> bool: ...
    def __le__(self, value: Tile, /) -> bool: ...
    def __gt__(self, value: Tile, /) -> bool: ...
    def __ge__(self, value: Tile, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[type[Tile], tuple[str]]: ...
    def _repr_svg_(self) -> str:
        """The tile as SVG (drawn by `riichi.pictures`)."""
    def _repr_html_(self) -> str:
        """The picture as HTML (what a notebook shows)."""

def parse_tiles(s: str) -> list[Tile]:
    """Parse an mpsz string such as `"123m0p77z"` into tiles, in written order.

    Spaces between groups are allowed. Raises `TileParseError`, naming the position
    of the problem.
    """

def format_tiles(tiles: _Tiles) -> str:
    """The shortest mpsz string of the tiles: sorted, one suit letter per suit.

    `tiles` is an mpsz string or an iterable of `Tile` or one-tile strings.
    """

def tiles_to_id136(tiles: _Tiles) -> list[int]:
    """Distinct Tenhou 136-ids for the tiles, in order.

    A red five takes copy 0 of its five (ids 16, 52, 88); plain tiles take the
    lowest free copy, plain fives never copy 0. Raises `InvalidTileError` when no
    free id is left (more copies than the tile set has, e.g. four plain 5m).
    """

def tiles_from_id136(ids: Sequence[int]) -> list[Tile]:
    """The tiles of Tenhou 136-ids. Raises `InvalidTileError` outside 0-135."""

# Melds and hands ------------------------------------------------------------------

@final
class Meld:
    """A declared meld: chi, pon, daiminkan, kakan or ankan. Immutable, hashable,
    picklable; validated on construction (raises `InvalidMeldError`).

    `Meld("chi", "345m", called="3m", called_from="left")`, or in bracket notation
    `Meld.parse("[3'45m]")`.
    """

    def __new__(
        cls,
        kind: _MeldKind,
        tiles: _Tiles,
        called: _TileLike | None = None,
        called_from: _Seat | None = None,
        added: _TileLike | None = None,
    ) -> Meld:
        """Build and validate a meld.

        `tiles` are all its tiles (3 for chi and pon, 4 for kans). `called` is the
        claimed tile and `called_from` the seat it came from relative to the caller
        (both unknown when `None`; a chi is always called from the left, an ankan
        has neither). `added` is the tile a kakan added to its pon (required for a
        kakan, refused for every other kind).
        """

    @staticmethod
    def parse(s: str) -> Meld:
        """Parse bracket notation: `[3'45m]` (chi), `[55'5z]` (pon), `[5555's]`
        (daiminkan), `[5'55+5z]` (kakan), `(1111s)` (ankan).

        Raises `TileParseError` for bad notation and `InvalidMeldError` for an
        impossible meld.
        """

    @property
    def kind(self) -> _MeldKind:
        """`"chi"`, `"pon"`, `"daiminkan"`, `"kakan"` or `"ankan"`."""

    @property
    def tiles(self) -> list[Tile]:
        """All tiles of the meld, sorted (3, or 4 for a kan)."""

    @property
    def called(self) -> Tile | None:
        """The claimed tile, when known (`None` for an ankan)."""

    @property
    def called_from(self) -> _Seat | None:
        """The seat the claimed tile came from, relative to the caller."""

    @property
    def added(self) -> Tile | None:
        """The tile a kakan added to its pon (`None` for other kinds)."""

    @property
    def is_open(self) -> bool:
        """Whether the meld opens the hand (every kind but ankan)."""

    @property
    def is_kan(self) -> bool:
        """Daiminkan, kakan or ankan."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[str]]: ...
    def _repr_svg_(self) -> str:
        """The meld as SVG, the called tile sideways as on a table."""
    def _repr_html_(self) -> str:
        """The picture as HTML (what a notebook shows)."""

@final
class Hand:
    """A hand: concealed tiles and melds. Immutable, hashable, picklable.

    `Hand("123m456p11z [555z] (1111s)")` (melds may also be typed as words:
    `Hand("123m456p11z pon 555z ankan 1111s")`), or `Hand(tiles, melds=[...])`;
    `str(hand)` prints the one-string notation back, melds in brackets. Validated
    on construction: 13 or 14 tiles with each meld counting 3 (a kan too), so 3n+1
    or 3n+2 concealed tiles, checked
    first; then at most 4 copies of a kind across concealed tiles and melds (red
    fives counted as fives). Raises `InvalidHandError`, or `TileParseError` for bad
    notation.
    """

    def __new__(cls, tiles: _Tiles, melds: Sequence[Meld] | None = None) -> Hand:
        """A hand from the one-string notation (`tiles` a string, `melds` not
        given), or from concealed tiles (an mpsz string without melds, or an
        iterable of tiles) and a list of melds."""

    @property
    def concealed(self) -> list[Tile]:
        """Concealed tiles, sorted (red fives before the plain ones)."""

    @property
    def melds(self) -> list[Meld]:
        """Declared melds, in order."""

    @property
    def counts(self) -> list[int]:
        """Concealed counts by kind (34 integers)."""

    @property
    def is_closed(self) -> bool:
        """No open meld (an ankan keeps the hand closed)."""

    @property
    def shanten(self) -> int:
        """Shanten, the minimum over the forms; -1 for a complete hand."""

    @property
    def shanten_by_form(self) -> ShantenByForm:
        """Shanten of the standard, chiitoitsu and kokushi forms."""

    @property
    def is_complete(self) -> bool:
        """Whether the hand (3n+2 concealed tiles) is a complete hand of any form."""

    @property
    def unicode(self) -> str:
        """The hand in Unicode tiles, melds in `[...]` (open) or `(...)` (ankan)."""

    def decompositions(self, win_tile: _TileLike | None = None) -> list[Decomposition]:
        """Every way the complete hand splits into sets and a pair, seven pairs, or
        kokushi; empty when the hand is not complete.

        With `win_tile` (which the concealed tiles must hold), one entry per
        reading: each decomposition once per place the winning tile can have
        completed, with its wait shape. Raises `InvalidInputError` for a hand
        without 3n+2 concealed tiles or a winning tile not in the hand.
        """

    def waits(self, *, rules: Rules | None = None) -> Waits:
        """The tiles that complete a 13-tile hand (melds counting 3: 3n+1 concealed
        tiles), with their wait shapes; waits on a kind whose four copies the hand
        already holds are listed apart, in `Waits.impossible`. Raises
        `InvalidInputError` for another hand size.

        With `rules` of three players (`players=3`), the tiles are the 108 of
        sanma: 2m-8m are never waits, and a hand holding one raises
        `InvalidHandError`.
        """

    def ukeire(
        self,
        visible: _Tiles | Sequence[int] | npt.NDArray[np.integer[Any]] | None = None,
        *,
        rules: Rules | None = None,
    ) -> Ukeire:
        """The tile kinds that lower the shanten of a 13-tile hand (3n+1 concealed
        tiles) and how many copies of each are still unseen.

        `visible` holds the tiles seen outside the hand (discards, other players'
        melds, dora indicators) as an mpsz string, an iterable of tiles, or 34
        counts. Raises `InvalidInputError` for another hand size, or when the hand
        and `visible` hold more than 4 copies of a kind. With `rules` of three
        players, 2m-8m are never counted and may not be in the hand or `visible`
        (`InvalidHandError`).
        """

    def discard_options(
        self,
        visible: _Tiles | Sequence[int] | npt.NDArray[np.integer[Any]] | None = None,
        *,
        rules: Rules | None = None,
    ) -> list[DiscardOption]:
        """For a 14-tile hand (melds counting 3: 3n+2 concealed tiles): every distinct
        discard (a red five apart from plain fives) with the resulting shanten and
        ukeire, best first (lowest shanten, then most live tiles, then most kinds,
        then tile order). `visible` and `rules` as for `ukeire`."""

    def with_tile(self, tile: _TileLike) -> Hand:
        """This hand with one more concealed tile (raises `InvalidHandError` when
        the result is not a valid hand)."""

    def without_tile(self, tile: _TileLike) -> Hand:
        """This hand without one concealed copy of `tile` (a red five must be named
        as red). Raises `InvalidInputError` when the hand does not hold it."""

    def __len__(self) -> int:
        """All tiles: concealed plus every meld's tiles (a kan counting 4)."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[type[Hand], tuple[str]]: ...
    def _repr_svg_(self) -> str:
        """The hand as SVG: its concealed tiles, then its melds as on a table."""
    def _repr_html_(self) -> str:
        """The picture as HTML (what a notebook shows)."""

# Analysis results -----------------------------------------------------------------

@final
class ShantenByForm:
    """Shanten of each form; `None` where a form does not apply (melds, or fewer than
    13 concealed tiles)."""

    __hash__: ClassVar[None]  # type: ignore[assignment]

    @property
    def standard(self) -> int:
        """Sets and a pair: the concealed tiles make concealed // 3 sets and a pair,
        that is 4 sets minus the melds, which count as sets already."""

    @property
    def chiitoitsu(self) -> int | None:
        """Seven distinct pairs (hands without melds only)."""

    @property
    def kokushi(self) -> int | None:
        """The 13 terminals and honors plus a pair of one of them (hands without
        melds only)."""

    @property
    def min(self) -> int:
        """The hand's shanten: the minimum over the forms."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...

@final
class Block:
    """One set of a decomposition. Compared, hashed and pickled by value."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any]]: ...
    @property
    def shape(self) -> _BlockShape:
        """`"shuntsu"` (a run), `"koutsu"` (a triplet) or `"kantsu"` (a kan, only
        ever a declared meld)."""

    @property
    def tiles(self) -> list[Tile]:
        """The set's tiles (plain tiles, sorted)."""

    @property
    def meld(self) -> _MeldKind | None:
        """The meld kind when the set is a declared meld, else `None`."""

    @property
    def is_open(self) -> bool:
        """Whether the set is an open meld."""

@final
class Decomposition:
    """How a complete hand splits; with a winning tile, also the wait it completed.
    Compared, hashed and pickled by value."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any]]: ...
    @property
    def form(self) -> _Form:
        """`"standard"`, `"chiitoitsu"` or `"kokushi"`."""

    @property
    def blocks(self) -> list[Block]:
        """Concealed sets (sorted) then melds (empty for chiitoitsu and kokushi)."""

    @property
    def pair(self) -> Tile | None:
        """The pair (standard, kokushi) or `None` (chiitoitsu)."""

    @property
    def pairs(self) -> list[Tile]:
        """Every pair: one, or seven for chiitoitsu."""

    @property
    def wait(self) -> _WaitShape | None:
        """The wait shape the winning tile completed, when one was given."""

    @property
    def win_block(self) -> int | None:
        """Index in `blocks` of the set the winning tile completed (`None` for the
        pair, chiitoitsu and kokushi, or without a winning tile)."""

@final
class Wait:
    """A winning tile and the wait shapes it can complete. Compared, hashed and
    pickled by value."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any]]: ...
    @property
    def tile(self) -> Tile:
        """The winning tile (plain)."""

    @property
    def shapes(self) -> list[_WaitShape]:
        """Wait shapes: ryanmen, kanchan, penchan, tanki, shanpon, kokushi (single
        wait), kokushi13 (13-sided)."""

@final
class Waits:
    """The waits of a 13-tile hand (melds counting 3). `len()` is the number of winning
    kinds. Compared, hashed and pickled by value."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any]]: ...
    @property
    def waits(self) -> list[Wait]:
        """Tiles that complete the hand, in tile order (empty unless tenpai)."""

    @property
    def impossible(self) -> list[Wait]:
        """Tiles that would complete the hand but whose four copies it already
        holds (they can never come)."""

    @property
    def tiles(self) -> list[Tile]:
        """The winning tiles."""

    def __len__(self) -> int: ...

@final
class Ukeire:
    """Tiles that lower the shanten, with their live counts."""

    @property
    def shanten(self) -> int:
        """Shanten of the hand the ukeire belongs to."""

    @property
    def tiles(self) -> list[tuple[Tile, int]]:
        """`(tile, live copies)` for each kind that lowers the shanten, in tile
        order; live copies are 4 minus those in the hand, its melds and the visible
        tiles."""

    @property
    def live(self) -> int:
        """Total live copies."""

@final
class DiscardOption:
    """One discard of a 14-tile hand (melds counting 3) and what it leaves."""

    @property
    def tile(self) -> Tile:
        """The discarded tile."""

    @property
    def shanten(self) -> int:
        """Shanten after the discard."""

    @property
    def ukeire(self) -> Ukeire:
        """Ukeire of the hand after the discard."""

    @property
    def live(self) -> int:
        """Live copies of the tiles that lower the shanten after the discard."""

# Module-level fast paths and batch calls -------------------------------------------

def shanten(x: _HandLike, *, rules: Rules | None = None) -> int:
    """Shanten (minimum over forms) of a `Hand`, a hand string or 34 counts (a
    sequence or a 1-D numpy array).

    A string without melds or 34 counts may hold any 3n+1 or 3n+2
    tiles up to 14: the concealed part of a hand with its melds left out
    (`shanten("1m")` is 0). A string with melds, bracketed or as words
    (`"23m456p11z pon 555z ankan 1111s"`), is a `Hand` (13 or 14 tiles).
    Raises `TypeError` for another type (a `dict` is not a sequence of counts),
    `TileParseError` for bad notation, `InvalidHandError` for impossible counts.

    With `rules` of three players (`players=3`), shanten counts with the 108
    tiles of sanma (no 2m-8m to draw); a hand holding one raises
    `InvalidHandError`.
    """

def is_complete(x: _HandLike, *, rules: Rules | None = None) -> bool:
    """Whether a `Hand`, a hand string or 34 counts is a complete hand; the same
    arguments and errors as `shanten` (`rules` of three players refuse 2m-8m)."""

def shanten_batch(
    counts: npt.NDArray[np.uint8],
    threads: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> npt.NDArray[np.int8]:
    """Shanten of each row of an (N, 34) uint8 count array (closed hands, 3n+1 or
    3n+2 tiles each, at most 14: fewer are hands with their melds left out) → (N,)
    int8.

    Releases the GIL and uses all cores, or `threads` threads (an integer from 1
    to 256). Rows are taken in parts of tens of thousands; after each,
    `progress(rows done, N)` is called, and Ctrl-C stops the call between two
    parts. Raises `InvalidInputError` for another dtype or shape, a bad row
    (named by index) or a bad thread count, `TypeError` for a `progress` that is
    not callable.
    """

def is_complete_batch(
    counts: npt.NDArray[np.uint8],
    threads: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> npt.NDArray[np.bool_]:
    """Whether each row of an (N, 34) uint8 count array is a complete closed hand
    → (N,) bool. Same arguments and errors as `shanten_batch`."""

def waits_batch(
    counts: npt.NDArray[np.uint8],
    threads: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> npt.NDArray[np.bool_]:
    """The winning kinds of each row of an (N, 34) uint8 count array of 3n+1
    closed hands → (N, 34) bool (kinds the hand holds four of are never waits).
    Same arguments and errors as `shanten_batch`."""

# Rules ----------------------------------------------------------------------------

class RuleError(MahjongError):
    """An unknown rule option, a value outside its choices, or an impossible
    combination. The message names the option and lists the valid choices."""

_RuleValue: TypeAlias = bool | int | str | tuple[int, int, int] | tuple[int, int, int, int] | None

@final
class RuleOption:
    """One option of `Rules`: its name, default (the Tenhou value), the kind of
    value it takes and a one-line description."""

    @property
    def name(self) -> str:
        """The option's name, a keyword of `Rules` and an attribute of it."""
    @property
    def default(self) -> _RuleValue:
        """Its value in `Rules()` (the Tenhou ruleset)."""
    @property
    def kind(self) -> Literal["bool", "int", "choice", "red_fives", "uma", "optional_int"]:
        """What it takes: `"bool"`, `"int"`, `"choice"` (one of `choices`),
        `"red_fives"` (three counts), `"uma"` or `"optional_int"` (an integer or `None`)."""
    @property
    def choices(self) -> list[str] | None:
        """The valid strings of a `"choice"` option."""
    @property
    def range(self) -> tuple[int, int] | None:
        """The inclusive bounds of an integer option."""
    @property
    def doc(self) -> str:
        """What the option means, in one line."""

@final
class Rules:
    """A complete rule configuration: immutable, hashable, picklable.

    `Rules()` is the Tenhou ruleset; `Rules(kiriage=True)` or
    `rules.replace(kiriage=True)` change options; `Rules.preset("mahjong_soul")`
    gives a named preset. Every option is an attribute (`rules.open_tanyao`), listed
    with its default and choices by `Rules.options()`. Unknown options, values of
    the wrong type or outside their choices raise `RuleError`.
    """

    def __new__(cls, **options: _RuleValue) -> Rules: ...
    @staticmethod
    def preset(name: str) -> Rules:
        """A named preset: `"tenhou"`, `"mahjong_soul"`, `"wrc2025"`, `"ema2025"`,
        `"mleague"`, and for three players `"tenhou_sanma"`, `"mahjong_soul_sanma"`
        (see `Rules.preset_doc(name)` for its sources)."""
    @staticmethod
    def presets() -> list[str]:
        """The names of the presets."""
    @staticmethod
    def preset_doc(name: str) -> str:
        """Where a preset's values come from, and which are unverified."""
    @staticmethod
    def options() -> list[RuleOption]:
        """Every option, in a stable order."""
    def replace(self, **changes: _RuleValue) -> Rules:
        """A copy with some options changed."""
    def to_dict(self) -> dict[str, _RuleValue]:
        """Every option and its value (`red_fives` as a 3-tuple)."""
    @staticmethod
    def from_dict(d: dict[str, Any]) -> Rules:
        """Rules from a dict of options (missing ones keep the Tenhou default;
        `red_fives` may be a list)."""
    def diff(self, other: Rules | None = None) -> dict[str, _RuleValue]:
        """The options whose value differs from `other` (default `Rules()`)."""
    def to_json(self) -> str:
        """Every option as one JSON object (what `from_json` reads back)."""
    @staticmethod
    def from_json(s: str) -> Rules:
        """Rules from a JSON object of options, as `to_json` writes it (missing
        options keep the Tenhou default). Raises `RuleError`."""
    def to_toml(self) -> str:
        """Flat `key = value` TOML (an unset optional integer is written `"none"`,
        which every option of kind `optional_int` also accepts)."""
    @staticmethod
    def from_toml(s: str) -> Rules:
        """Rules from flat `key = value` TOML, as `to_toml` writes it (missing
        options keep the Tenhou default). Raises `RuleError`."""
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write to a `.json` or `.toml` file (chosen by the extension). A file
        that cannot be written raises `InvalidInputError` naming it, as every
        file the package reads or writes does."""
    @staticmethod
    def load(path: str | os.PathLike[str]) -> Rules:
        """Read a `.json` or `.toml` file (chosen by the extension). A missing
        file, a directory, a bad path, a file that is not UTF-8 or is over 32 MB
        raises `InvalidInputError` naming it, as for logs; what the text says is
        checked as `from_json`/`from_toml` check it (`RuleError`)."""
    def __getattr__(self, name: str) -> _RuleValue: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

# Scoring --------------------------------------------------------------------------

class ScoringError(MahjongError):
    """Base class of the errors `score` raises for a hand that cannot be scored."""

class NotAgariError(ScoringError):
    """The hand (with its winning tile) is not complete."""

class NoYakuError(ScoringError):
    """The hand is complete but has no yaku, or fewer han than the rules' minimum."""

class InvalidContextError(ScoringError):
    """The situation contradicts itself or the rules: ippatsu without riichi,
    haitei with ron, chankan with tsumo, a red five the rules do not have, …"""

_Wind: TypeAlias = Literal["E", "S", "W", "N"]
_Limit: TypeAlias = Literal[
    "none",
    "mangan",
    "haneman",
    "baiman",
    "sanbaiman",
    "yakuman",
    "kazoe_yakuman",
    "multiple_yakuman",
]

@final
class Yaku:
    """One yaku (or yakuman) of a result."""

    @property
    def id(self) -> str:
        """Snake-case id, e.g. `"menzen_tsumo"`, `"seat_wind_east"`, `"haku"`,
        `"suuankou_tanki"`."""
    @property
    def name(self) -> str:
        """Romanised name, e.g. `"Menzen Tsumo"`."""
    @property
    def name_ja(self) -> str:
        """Japanese name, e.g. `"門前清自摸和"`."""
    @property
    def han(self) -> int:
        """Han of a regular yaku; 13 × the multiplier for a yakuman."""
    @property
    def yakuman(self) -> int:
        """The yakuman multiplier (1 single, 2 double); 0 for a regular yaku."""
    @property
    def tenhou_id(self) -> int | None:
        """Tenhou's yaku number (0-54), `None` for local yaku."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class FuItem:
    """One line of a fu breakdown."""

    @property
    def reason(self) -> str:
        """What the fu are for: `"base"`, `"menzen_ron"`, `"tsumo"`, `"meld"`,
        `"pair"`, `"wait"`, `"chiitoitsu"`, `"open_pinfu"` or `"round_up"`."""
    @property
    def fu(self) -> int:
        """The fu of this line."""
    @property
    def detail(self) -> str:
        """Human-readable detail, e.g. `"closed yaochuu triplet 999m"`."""

@final
class Payments:
    """Who pays what for a win, honba included. For a ron only `ron` is set (paid
    by the discarder); for a tsumo `tsumo_dealer` (paid by the dealer, unset when
    the winner is the dealer) and `tsumo_non_dealer` (paid by each non-dealer)."""

    @property
    def ron(self) -> int | None:
        """Paid by the discarder, for a ron; `None` for a tsumo."""
    @property
    def tsumo_dealer(self) -> int | None:
        """Paid by the dealer, for a non-dealer's tsumo; `None` otherwise."""
    @property
    def tsumo_non_dealer(self) -> int | None:
        """Paid by each non-dealer, for a tsumo; `None` for a ron."""
    @property
    def honba(self) -> int:
        """The honba part of the payments (total over all payers)."""
    @property
    def sticks(self) -> int:
        """Riichi sticks collected by the winner, in points."""
    @property
    def total(self) -> int:
        """What the winner gains: the hand, honba and sticks."""

@final
class ScoreResult:
    """The scored win. Immutable."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __reduce__(self) -> tuple[Any, tuple[()]]: ...
    @property
    def han(self) -> int:
        """Han of yaku and dora (13 × multiplier for yakuman hands)."""
    @property
    def fu(self) -> int:
        """Fu of the reading (those of a yakuman hand as Tenhou records them, though
        they do not count: 0 for kokushi musou, which has no sets; 0 for nagashi
        mangan)."""
    @property
    def fu_details(self) -> list[FuItem]:
        """The fu breakdown, a `FuItem` per line, the rounding last."""
    @property
    def yaku(self) -> list[Yaku]:
        """Regular yaku in a stable order (empty for a yakuman hand)."""
    @property
    def yakuman(self) -> list[Yaku]:
        """Yakuman with their multipliers."""
    @property
    def yakuman_multiplier(self) -> int:
        """Total yakuman multiple (after `max_yakuman`); 0 when none."""
    @property
    def dora(self) -> int:
        """Han from dora (the indicators' next tiles)."""
    @property
    def aka(self) -> int:
        """Han from red fives."""
    @property
    def ura(self) -> int:
        """Han from ura dora."""
    @property
    def kita(self) -> int:
        """Han from kita (three-player nukidora): one per North set aside. North
        dora indicators count those Norths again, in `dora` and `ura`."""
    @property
    def limit(self) -> _Limit:
        """The limit reached: `"none"`, `"mangan"`, `"haneman"`, `"baiman"`,
        `"sanbaiman"`, `"yakuman"`, `"kazoe_yakuman"` or `"multiple_yakuman"`."""
    @property
    def base_points(self) -> int:
        """Basic points: `fu × 2^(han+2)`, or the limit's (2000 for a mangan),
        before the dealer and tsumo multiples."""
    @property
    def points(self) -> int:
        """The hand's value before honba and sticks (what the winner gains)."""
    @property
    def payments(self) -> Payments:
        """Who pays what, honba and sticks included."""
    @property
    def decomposition(self) -> Decomposition | None:
        """The reading that scored highest (`None` for nagashi mangan, which has
        none)."""
    @property
    def wait(self) -> _WaitShape | None:
        """The wait shape of the reading that scored, e.g. `"ryanmen"` (`None` for
        nagashi mangan)."""
    @property
    def is_dealer(self) -> bool:
        """Whether the winner is the dealer (seat wind East)."""
    @property
    def seat_wind(self) -> _Wind:
        """The winner's seat wind."""
    @property
    def tsumo(self) -> bool:
        """Won by tsumo (else ron)."""
    @property
    def hand(self) -> Hand | None:
        """The hand scored, the winning tile included (`None` for nagashi mangan)."""
    @property
    def win_tile(self) -> Tile | None:
        """The winning tile (`None` for nagashi mangan)."""
    def _repr_svg_(self) -> str:
        """The winning hand as SVG, the winning tile apart, and its value."""
    def _repr_html_(self) -> str:
        """The win as HTML: the hand, the value, the yaku and fu tables, the payments."""
    def deltas(
        self, discarder: _Wind | None = None, liable: _Wind | None = None
    ) -> tuple[int, int, int, int]:
        """Score changes of the seats by seat wind (E, S, W, N): the winner is this
        result's seat wind; `discarder` is required for a ron; `liable` is the
        player responsible for a pao yakuman (settled per the rules' pao scope).
        With three players N is always 0."""
    def __str__(self) -> str:
        """The score report: the reading and its wait, the yaku (dora when they
        count), the fu breakdown, han and fu, the limit, the points and who pays
        what (what `python -m riichi score` prints below the hand)."""

@final
class WinContext:
    """The situation of a win, the keyword arguments of `score` as one object."""

    FLAGS: ClassVar[tuple[str, ...]]
    """The names of the situation flags (the boolean keywords), in the bit order of
    `SCORE_FLAGS`: flag `FLAGS[i]` is bit `1 << i`."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[()]]: ...
    def __new__(
        cls,
        *,
        tsumo: bool = False,
        riichi: bool = False,
        double_riichi: bool = False,
        ippatsu: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        tenhou: bool = False,
        chiihou: bool = False,
        renhou: bool = False,
        open_riichi: bool = False,
        robbed_ankan: bool = False,
        open_riichi_deal_in: bool = False,
        paarenchan: bool = False,
        seat_wind: _Wind | None = None,
        round_wind: _Wind | None = None,
        dora_indicators: _Tiles | None = None,
        ura_indicators: _Tiles | None = None,
        honba: int | None = None,
        riichi_sticks: int | None = None,
        dealer_streak: int | None = None,
        kita: int | None = None,
    ) -> WinContext:
        """Winds default to East (`None`), indicators to none, counters to 0."""
    @property
    def tsumo(self) -> bool:
        """won on the player's own draw (default: ron, on a discard)"""
    @property
    def riichi(self) -> bool:
        """the winner declared riichi (a double riichi too)"""
    @property
    def double_riichi(self) -> bool:
        """riichi declared on the first go-around (implies riichi)"""
    @property
    def ippatsu(self) -> bool:
        """won within one go-around of the riichi, no call between"""
    @property
    def rinshan(self) -> bool:
        """won on a kan's replacement tile (rinshan kaihou)"""
    @property
    def chankan(self) -> bool:
        """won on the tile another player adds to a kan (chankan)"""
    @property
    def haitei(self) -> bool:
        """won by tsumo on the last tile of the wall"""
    @property
    def houtei(self) -> bool:
        """won by ron on the last discard"""
    @property
    def tenhou(self) -> bool:
        """the dealer's tsumo on the initial deal"""
    @property
    def chiihou(self) -> bool:
        """a non-dealer's tsumo on their first draw, no call before"""
    @property
    def renhou(self) -> bool:
        """a non-dealer's ron before their first draw, no call before"""
    @property
    def open_riichi(self) -> bool:
        """the winner declared open riichi"""
    @property
    def robbed_ankan(self) -> bool:
        """with chankan: the kan robbed was a closed kan (kokushi only)"""
    @property
    def open_riichi_deal_in(self) -> bool:
        """a ron on an open riichi from a player not in riichi"""
    @property
    def paarenchan(self) -> bool:
        """the dealer's eighth win in a row or later (paarenchan; the dealer streak counts them)"""
    @property
    def seat_wind(self) -> _Wind:
        """The winner's seat wind, `"E"` (the dealer) to `"N"`."""
    @property
    def round_wind(self) -> _Wind:
        """The round wind, `"E"` to `"N"`."""
    @property
    def dora_indicators(self) -> list[Tile]:
        """The dora indicators."""
    @property
    def ura_indicators(self) -> list[Tile]:
        """The ura dora indicators."""
    @property
    def honba(self) -> int:
        """Honba counters on the table."""
    @property
    def riichi_sticks(self) -> int:
        """Riichi sticks on the table, taken by the winner."""
    @property
    def dealer_streak(self) -> int:
        """The dealer's wins in a row (or dealerships, by the paarenchan rule) this
        win makes, itself included; 0 when not counted."""
    @property
    def kita(self) -> int:
        """Norths the winner has set aside as nukidora (kita, three-player
        rules): one han of dora each."""

def score(
    hand: Hand | str,
    win_tile: _TileLike,
    *,
    context: WinContext | None = None,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    open_riichi: bool = False,
    robbed_ankan: bool = False,
    open_riichi_deal_in: bool = False,
    paarenchan: bool = False,
    seat_wind: _Wind | None = None,
    round_wind: _Wind | None = None,
    dora_indicators: _Tiles | None = None,
    ura_indicators: _Tiles | None = None,
    honba: int | None = None,
    riichi_sticks: int | None = None,
    dealer_streak: int | None = None,
    kita: int | None = None,
    rules: Rules | None = None,
) -> ScoreResult:
    """Score a winning hand. `hand` includes the winning tile; `win_tile` names it
    (a red five as `0m`). `double_riichi=True` implies riichi; `open_riichi` too.
    `robbed_ankan` marks a kokushi robbing a closed kan (with `chankan`).
    `open_riichi_deal_in` marks a ron on an open riichi from a player not in riichi.
    `dealer_streak` counts the dealer's wins in a row (or dealerships, as the
    `paarenchan` rule counts them) this win makes, itself included: from 8 on
    (`paarenchan` marks one too) the win is a paarenchan. `kita` counts the
    Norths the winner has set aside (three-player rules with `kita`), each
    1 han of dora; with `rinshan`, a win on a kita's replacement tile is
    rinshan kaihou (rule `kita_rinshan`). The situation is
    given either as keywords or as one `context=WinContext(...)` (both at once is a
    `TypeError`). Winds are `"E"`, `"S"`, `"W"`, `"N"` (or 0-3; `None` is `"E"`); the
    seat wind `"E"` is the dealer.

    Raises `NotAgariError`, `NoYakuError`, `InvalidContextError`.
    """

@final
class PointsEntry:
    """One cell of the payment table (exact in aotenjou)."""

    @property
    def base_points(self) -> int:
        """Basic points: `fu × 2^(han+2)`, or the limit's, before the dealer
        and tsumo multiples."""
    @property
    def limit(self) -> _Limit:
        """The limit reached: `"none"`, `"mangan"`, `"haneman"`, `"baiman"`,
        `"sanbaiman"`, `"yakuman"`, `"kazoe_yakuman"` or `"multiple_yakuman"`."""
    @property
    def ron(self) -> int | None:
        """Paid by the discarder (honba included)."""
    @property
    def tsumo_dealer(self) -> int | None:
        """Paid by the dealer for a non-dealer's tsumo (honba included);
        `None` otherwise."""
    @property
    def tsumo_non_dealer(self) -> int | None:
        """Paid by each non-dealer for a tsumo (honba included); `None` for
        a ron."""
    @property
    def total(self) -> int:
        """What the winner gains (honba included)."""

def points(
    han: int,
    fu: int,
    *,
    dealer: bool,
    tsumo: bool,
    honba: int = 0,
    yakuman: int = 0,
    rules: Rules | None = None,
) -> PointsEntry:
    """The payment for a hand of `han` and `fu` of regular yaku and dora (13 han
    and more follow the rules' `kazoe` option), or with `yakuman=n` of an n-fold
    yakuman (capped by `max_yakuman`). Under `aotenjou` the amounts are exact:
    `fu × 2^(han+2)` with 13 han per yakuman added to `han`.

    Raises `InvalidInputError` for no han, or a fu other than 25 or 20-110 in tens
    where it matters."""

def score_table(rules: Rules | None = None) -> dict[str, dict[tuple[int, int], str]]:
    """The classic tables: `{"dealer": {(han, fu): "ron (tsumo all)"}, "non_dealer":
    {(han, fu): "ron (non-dealer/dealer)"}}` for 1-4 han and 20-110 fu (cells that
    cannot occur are left out)."""

def settle_multi_ron(
    results: Sequence[ScoreResult],
    discarder: _Wind,
    rules: Rules | None = None,
    liable: Sequence[_Wind | None] | None = None,
) -> tuple[tuple[int, int, int, int], list[_Wind]]:
    """Several rons on one discard: which winners are paid under the rules'
    `multi_ron` option (head bump keeps only the nearest in turn order; `"double"`
    turns three into an abortive draw: no one wins), with honba and sticks to the
    nearest winner (or honba to each under `multi_ron_honba="each"`). Returns the
    score changes by seat wind and the winners paid."""

def nagashi_mangan_payments(
    winners: Sequence[_Wind], honba: int = 0, rules: Rules | None = None
) -> tuple[int, int, int, int]:
    """Score changes by seat wind when `winners` qualify for nagashi mangan at an
    exhaustive draw: each is paid as a mangan tsumo (no honba, no sticks)."""

def score_nagashi_mangan(
    seat_wind: _Wind, *, honba: int = 0, riichi_sticks: int = 0, rules: Rules | None = None
) -> ScoreResult:
    """Nagashi mangan scored as a hand: a mangan tsumo.

    The result has the yaku `nagashi_mangan` (5 han, no fu, no reading: its
    `decomposition` and `wait` are `None`) and the payments of a mangan tsumo by
    `seat_wind`, with `honba` and `riichi_sticks` where rules pay them to it as to
    a win. Settled as a draw (Tenhou), it takes neither: with 0 and 0, its
    `deltas()` are those of `nagashi_mangan_payments([seat_wind])`. Raises
    `InvalidInputError` when the rules have no nagashi mangan."""

def score_batch(
    hands: Sequence[str] | npt.NDArray[np.integer[Any]],
    win_tiles: Sequence[_TileLike] | npt.NDArray[np.integer[Any]],
    *,
    flags: npt.NDArray[np.integer[Any]] | None = None,
    seat_winds: npt.NDArray[np.integer[Any]] | None = None,
    round_winds: npt.NDArray[np.integer[Any]] | None = None,
    dora_indicators: npt.NDArray[np.integer[Any]] | None = None,
    ura_indicators: npt.NDArray[np.integer[Any]] | None = None,
    honba: npt.NDArray[np.integer[Any]] | None = None,
    riichi_sticks: npt.NDArray[np.integer[Any]] | None = None,
    kita: npt.NDArray[np.integer[Any]] | None = None,
    rules: Rules | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> dict[str, npt.NDArray[Any]]:
    """Score many wins in one call.

    `hands` is a sequence of hand strings (melds allowed, winning tile included) or
    an (N, 34) integer count array of closed hands; `win_tiles` a sequence of tiles
    or an (N,) integer array of tile ids (0-33 kinds, 34-36 red 0m 0p 0s). Optional
    per-row columns: `flags` (N,) bit sets of `SCORE_FLAGS`, `seat_winds` and
    `round_winds` (N,) 0-3, `dora_indicators` and `ura_indicators` (N, K≤5) tile
    ids with 255 for none, `honba`, `riichi_sticks` and `kita` (N,; the Norths the
    winner set aside, under three-player rules with nukidora). Arrays may have any
    integer dtype; a value that does not fit its column (uint8 for counts, tile
    ids and winds, uint32 for flags, honba, sticks and kita) is refused with an
    `InvalidInputError` naming its row (and column).

    A row's `flags` are the situation flags as bits, in the order of
    `WinContext.FLAGS` (flag `i` is `1 << i`, `SCORE_FLAGS[name]`): `tsumo` 1,
    `riichi` 2, `double_riichi` 4, `ippatsu` 8, `rinshan` 16, `chankan` 32, `haitei`
    64, `houtei` 128, `tenhou` 256, `chiihou` 512, `renhou` 1024, `open_riichi` 2048,
    `robbed_ankan` 4096, `open_riichi_deal_in` 8192, `paarenchan` 16384. Other bits
    make the row invalid.

    Returns a dict of arrays, one entry per row: `han` and `fu` (int32), `points`
    (int64, the hand's value); `yaku` ((N, 2) uint64, a bit mask: bit `i % 64` of
    word `i // 64` is `YAKU_NAMES[i]`, the yaku and yakuman of the win);
    `yakuman` (uint8, the yakuman multiple, 0 for none); `limit` (int8, a code of
    `SCORE_LIMITS`); `dora`, `aka`, `ura` and `kita` (uint8, han from each); the payments
    (int64): `ron` (paid by the discarder), `tsumo_dealer` (paid by the dealer on
    a non-dealer's tsumo), `tsumo_non_dealer` (paid by each non-dealer on a
    tsumo), each 0 where it does not apply, `honba_points`, `sticks_points` and
    `total` (the winner's gain); and `status` (int8, a code of `SCORE_STATUS`: 0
    scored, else why not). Rows that are not scored have 0 in every other column.

    Releases the GIL and uses all cores, or `threads` (1-256). Rows are scored in
    parts of thousands; after each, `progress(rows done, N)` is called, and Ctrl-C
    stops the call between two parts. Raises `InvalidInputError` for arguments of
    the wrong type or shape, `TypeError` for a `progress` that is not callable.
    """

SCORE_STATUS: dict[str, int]
"""The `status` codes of `score_batch`: `ok` 0 (scored), `not_agari` 1 (the hand
is not complete), `no_yaku` 2 (complete, but no yaku or too few han), `invalid` 3
(the situation contradicts itself, the hand or the rules), `bad_flags` 4 (bits
that are no flag), `bad_hand` 5 (the hand is unreadable or impossible),
`bad_win_tile` 6 (the winning tile id is no tile), `bad_wind` 7 (a wind is not
0-3), `bad_indicator` 8 (an indicator id is no tile), `win_tile_not_in_hand` 9
(the winning tile's kind is not among the concealed tiles)."""

SCORE_LIMITS: dict[str, int]
"""The `limit` codes of `score_batch`, `ScoreResult.limit` by code: `none` 0,
`mangan` 1, `haneman` 2, `baiman` 3, `sanbaiman` 4, `yakuman` 5, `kazoe_yakuman`
6, `multiple_yakuman` 7."""

YAKU_NAMES: tuple[str, ...]
"""The name of each bit of `score_batch`'s `yaku` mask, in the scorer's yaku
order: bit `i` is `YAKU_NAMES[i]`, a yaku's id (`Yaku.id`), with " (yakuman)"
after it for a yakuman (as `simulate`'s `yaku_counts` names them), since renhou
and open riichi are each a yaku or a yakuman by the rules."""

SCORE_FLAGS: dict[str, int]
"""Bits of the `flags` argument of `score_batch`: `tsumo` 1, `riichi` 2,
`double_riichi` 4, `ippatsu` 8, `rinshan` 16, `chankan` 32, `haitei` 64, `houtei`
128, `tenhou` 256, `chiihou` 512, `renhou` 1024, `open_riichi` 2048, `robbed_ankan`
4096, `open_riichi_deal_in` 8192, `paarenchan` 16384."""

# Game ------------------------------------------------------------------------------

class IllegalActionError(MahjongError):
    """An action the rules do not allow at this point of the game. The message names
    the seat, the action and why; the game is unchanged."""

_ActionKind: TypeAlias = Literal[
    "discard",
    "riichi",
    "chi",
    "pon",
    "daiminkan",
    "ankan",
    "kakan",
    "tsumo",
    "ron",
    "kyuushu_kyuuhai",
    "pass",
    "kita",
]

@disjoint_base
class Action:
    """An action at a decision point. Build one with its kind's class:
    `Discard(tile, tsumogiri=False)`, `Riichi(tile, tsumogiri=False)`,
    `Chi((a, b))`, `Pon((a, b))`, `Daiminkan()`, `Ankan(tile)`, `Kakan(tile)`,
    `Tsumo()`, `Ron()`, `KyuushuKyuuhai()`, `Pass()`, and with three players
    `Kita()`. Immutable, hashable, compared by value."""

    @property
    def kind(self) -> _ActionKind:
        """`"discard"`, `"riichi"`, `"chi"`, `"pon"`, `"daiminkan"`, `"ankan"`,
        `"kakan"`, `"tsumo"`, `"ron"`, `"kyuushu_kyuuhai"`, `"pass"` or `"kita"`."""
    @property
    def tile(self) -> Tile | None:
        """The tile discarded, added (kakan) or of the closed kan; `None` otherwise."""
    @property
    def tiles(self) -> tuple[Tile, Tile] | None:
        """The two tiles from the hand of a chi or pon."""
    @property
    def tsumogiri(self) -> bool:
        """Whether a discard is the tile just drawn."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Discard(Action):
    """Discard a tile."""

    def __new__(cls, tile: _TileLike, tsumogiri: bool = False) -> Discard: ...

@final
class Riichi(Action):
    """Declare riichi with this discard."""

    def __new__(cls, tile: _TileLike, tsumogiri: bool = False) -> Riichi: ...

@final
class Chi(Action):
    """Chi the discard with two tiles of the hand."""

    def __new__(cls, tiles: tuple[_TileLike, _TileLike]) -> Chi: ...

@final
class Pon(Action):
    """Pon the discard with two tiles of the hand."""

    def __new__(cls, tiles: tuple[_TileLike, _TileLike]) -> Pon: ...

@final
class Daiminkan(Action):
    """Open kan on the discard."""

    def __new__(cls) -> Daiminkan: ...

@final
class Ankan(Action):
    """Closed kan of the four copies of a tile's kind."""

    def __new__(cls, tile: _TileLike) -> Ankan: ...

@final
class Kakan(Action):
    """Add this tile to a pon."""

    def __new__(cls, tile: _TileLike) -> Kakan: ...

@final
class Tsumo(Action):
    """Win on the tile drawn."""

    def __new__(cls) -> Tsumo: ...

@final
class Ron(Action):
    """Win on the discard (or the kan tile)."""

    def __new__(cls) -> Ron: ...

@final
class KyuushuKyuuhai(Action):
    """Abortive draw with nine terminal and honor kinds."""

    def __new__(cls) -> KyuushuKyuuhai: ...

@final
class Kita(Action):
    """Set a North aside as nukidora and draw its replacement (three players)."""

    def __new__(cls) -> Kita: ...

@final
class Pass(Action):
    """Decline every claim."""

    def __new__(cls) -> Pass: ...

@final
class Observation:
    """What one seat may know at a decision point (a snapshot): never another
    player's concealed tiles or the wall. Compared, hashed and pickled by value."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any]]: ...
    @property
    def players(self) -> int:
        """Players at the table: 4, or 3 under three-player rules (seat 3 is empty)."""
    @property
    def seat(self) -> int:
        """The seat observing, 0-3."""
    @property
    def seat_wind(self) -> _Wind:
        """The observing seat's wind, `"E"` (the dealer) to `"N"`."""
    @property
    def round_wind(self) -> _Wind:
        """The round wind, `"E"` to `"N"`."""
    @property
    def kyoku(self) -> int:
        """The hand number within the round wind, 1-4."""
    @property
    def honba(self) -> int:
        """Honba counters on the table."""
    @property
    def riichi_sticks(self) -> int:
        """Riichi sticks on the table."""
    @property
    def dealer(self) -> int:
        """The seat dealing this hand."""
    @property
    def scores(self) -> list[int]:
        """Points by absolute seat."""
    @property
    def dora_indicators(self) -> list[Tile]:
        """The dora indicators turned so far."""
    @property
    def tiles_left(self) -> int:
        """Tiles left in the live wall."""
    @property
    def hand(self) -> list[Tile]:
        """Own concealed tiles, sorted (the drawn tile included)."""
    @property
    def drawn(self) -> Tile | None:
        """The tile just drawn, on one's own turn."""
    @property
    def rivers(self) -> list[list[tuple[Tile, bool, bool, bool]]]:
        """Each seat's discards as `(tile, tsumogiri, riichi, called)`."""
    @property
    def melds(self) -> list[list[Meld]]:
        """Each seat's melds."""
    @property
    def riichi(self) -> list[bool]:
        """Which seats are in riichi."""
    @property
    def concealed_counts(self) -> list[int]:
        """How many concealed tiles each seat holds."""
    @property
    def claim(self) -> tuple[Tile, int, Literal["discard", "kakan", "ankan"]] | None:
        """On a claim decision: `(tile, from_seat, kind)` with kind `"discard"`,
        `"kakan"` or `"ankan"` (a kan that may be robbed); `None` otherwise."""
    @property
    def furiten(self) -> bool:
        """Whether this seat may not ron now (discard, temporary or riichi furiten)."""
    @property
    def kita(self) -> list[int]:
        """Norths each seat (0-3) has set aside as nukidora (kita, three players):
        each one counts as a dora for its seat."""
    def encode(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float32]]:
        """The plane encoding of what this seat knows: `(planes, scalars)`, uint8
        (95, 34) (one row per channel, one column per kind; channels in
        `riichi.env.PLANE_GROUPS`) and float32 (34,) (`riichi.env.SCALARS`). Seats
        are relative: 0 this seat, 1 the next (to its right), 2 opposite, 3 left."""
    def action_index(self, action: Action) -> int:
        """The action id of `action` at this decision (`riichi.env.ACTION_GROUPS`);
        a chi's id depends on the claimed tile, which this observation holds.
        Raises `InvalidInputError` for a chi with no claim to decide."""
    def peer_ids(self, peer: str) -> npt.NDArray[np.int16]:
        """Every action id of ours in another project's numbering at this decision:
        int16 (159, 2), row `i` their id for our id `i` and, where they take a
        second decision (riichi's discard after its declaration; Mortal's kan
        kind), their second id, else -1; both -1 where they have no such action
        (or the id names a tile this decision lacks). `peer` is `"mortal"` (46
        ids), `"riichienv"` (82), `"mjx"` (181) or `"mahjax"` (87); the mapping
        and what each numbering merges are in the learning guide. Raises
        `InvalidInputError` for another name."""
    def action_from_index(self, action_id: int) -> Action:
        """The action an id stands for at this decision, built from the tiles this
        seat holds, the tile just drawn and the claimed tile. It is not checked
        against the rules (`Game.apply` does that). Raises `IllegalActionError`
        when the id cannot be built here (out of range, a tile not held)."""
    def _repr_svg_(self) -> str:
        """The table as this seat sees it, as SVG: its own hand, the others' backs,
        every river, meld, dora indicator and score."""
    def _repr_html_(self) -> str:
        """The picture as HTML (what a notebook shows)."""

@final
class Game:
    """A game of four players (three under three-player rules):
    `legal_actions(seat)` at each decision, `apply(seat, action)` checked. When a
    hand ends the next one starts at once; `events` has every event in the mjai
    vocabulary. Not safe to share between threads: give each thread its own game
    (the object refuses concurrent use with a `RuntimeError`)."""

    def __new__(
        cls,
        rules: Rules | None = None,
        seed: int | None = None,
        walls: Sequence[_Tiles] | None = None,
        first_dealer: int | None = 0,
    ) -> Game:
        """A new game. `seed` makes it reproducible (a random one when `None`);
        `walls` (136 tiles each, 108 under three-player rules, in draw order, at
        most 1,024 walls) are played
        first, one per hand; a wall with more red fives than the rules have is
        refused (`InvalidInputError` naming `red_fives`);
        `first_dealer` is the seat that deals first (0-3), or `None` to draw it
        from the seed (standing for the wind tiles and dice)."""
    @property
    def phase(self) -> Literal["turn", "claims", "hand_over", "game_over"]:
        """`"turn"` (one seat draws and acts), `"claims"` (seats may claim a discard
        or a kan tile) or `"game_over"`."""
    @property
    def current_decision(self) -> list[int]:
        """The seats that must act now."""
    @property
    def asking_order(self) -> list[int]:
        """The seats that must act now, in the order a loop asking one seat at a
        time asks them (as `riichi.env.VecEnv` does): on a claim, the seats that
        may ron first, then those that may pon or open kan, then chi, each rank
        from the discarder's right round."""
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now (empty when it is not asked)."""
    def legal_mask(self, seat: int) -> npt.NDArray[np.bool_]:
        """Which action ids `seat` may take now: bool (159,), indexed by
        `riichi.env.ACTION_GROUPS` (all false when the seat is not asked)."""
    def action_from_index(self, seat: int, action_id: int) -> Action:
        """The legal action of `seat` with this action id. Raises
        `IllegalActionError` naming the id when no legal action has it."""
    def apply_index(self, seat: int, action_id: int) -> None:
        """Take the action with this id for `seat` (`apply` of
        `action_from_index(seat, action_id)`). Raises `IllegalActionError` naming
        the id and leaves the game unchanged when no legal action has it."""
    def determinize(self, seat: int, seed: int) -> Game:
        """A copy of this game that agrees with everything `seat` knows, for search:
        the tiles it cannot see (the other seats' concealed tiles, the wall's
        unseen part: live wall, replacement tiles, ura and later dora indicators)
        shuffled with `seed` and dealt back into the same places, every hand and
        the wall keeping their sizes. The current hand's events are rewritten to
        agree: the other seats' dealt tiles and draws are the ones they later
        showed, and their new hands. `seat`'s observation, legal actions and tokens
        are this game's. The other seats' pending answers to a claim and their
        temporary and riichi furiten start over; later hands' walls are shuffled
        from `seed`. Like other copies, it does not pickle.

        Raises `InvalidInputError` for a seat not at the table or when no hand is
        in play (between a hand's end and `next_hand`, or after the game)."""
    def tokens(self, seat: int) -> npt.NDArray[np.uint8]:
        """The current hand's history as `seat` saw it, for sequence models: uint8
        (tokens, 8), one row per event from the hand's start (the start, the
        seat's dealt tiles, then every draw, discard, call, kan, kita, riichi and
        new dora indicator; another seat's drawn tile is 37). Columns in
        `riichi.env.TOKEN_COLUMNS`, kinds in `riichi.env.TOKEN_KINDS`; seats are
        relative as in the plane encoding. At most `riichi.env.MAX_TOKENS` rows."""
    def oracle_planes(self, seat: int) -> npt.NDArray[np.uint8]:
        """What `seat` cannot see, as planes: uint8 (23, 34), channels in
        `riichi.env.ORACLE_GROUPS` (the other hands, the ura indicators, the live
        wall); for training with privileged information, never for play."""
    def apply(self, seat: int, action: Action) -> None:
        """Take `action` for `seat`. Raises `IllegalActionError` (naming the action and
        why) and leaves the game unchanged when the rules do not allow it; `TypeError`
        for a non-action."""
    def observation(self, seat: int) -> Observation:
        """What `seat` may know now (an `Observation`): its own hand, every river and
        meld, the dora indicators, scores, riichi states and the wall count — never
        another player's concealed tiles or the wall."""
    @property
    def events(self) -> list[dict[str, Any]]:
        """Every event so far, as mjai dicts (`{"type": "dahai", "actor": 0, ...}`)."""
    def seat_events(self, seat: int, start: int = 0) -> list[dict[str, Any]]:
        """The events from index `start` on as seat `seat` sees them, as mjai dicts
        (what an mjai bot playing that seat is sent): the other seats' dealt
        tiles and draws are `"?"`, and `start_game` carries the seat as `id` and
        the rule options that differ from Tenhou's as `rules`."""
    @staticmethod
    def from_seat_events(
        seat: int, events: Sequence[dict[str, Any]], rules: Rules | None = None
    ) -> Game | None:
        """A game that agrees with what seat `seat` saw of the current hand, at the
        point where `events` stop; `None` when that point is no decision of the
        game's (the hand is over, or a draw the events do not show yet is next).
        `events` are the seat's view (mjai dicts, `"?"` for hidden tiles, as
        `seat_events` gives them) from the hand's `start_kyoku` on. The other
        seats' concealed tiles and the wall are made up: the game's
        `observation(seat)` and `legal_actions(seat)` are the real ones, nothing
        else about the other seats is. What an mjai bot keeps its state with.
        Raises `InvalidInputError` for events that are not mjai data or that the
        engine cannot follow."""
    def action_from_mjai(
        self, seat: int, answer: dict[str, Any] | str, riichi: bool = False
    ) -> Action | None:
        """The action an mjai bot playing `seat` means by its answer `answer` (a
        dict, or its JSON text): `dahai`, `chi`, `pon`, `daiminkan`, `ankan`,
        `kakan`, `hora` (tsumo or ron), `ryukyoku` (nine terminals), `nukidora`
        or `none` (a pass). A `reach` gives `None`: the bot names its discard
        next, once it is shown its own `reach` event; read that answer with
        `riichi=True` for the `Riichi` action. Raises `InvalidInputError` for an
        answer that is not an mjai action, `IllegalActionError` for one that is
        not legal now (the message lists the legal actions)."""
    def action_to_mjai(self, seat: int, action: Action) -> dict[str, Any]:
        """The mjai answer of `seat` taking `action` now, as a dict: `dahai`,
        `reach` (for a `Riichi`: its discard is answered as a `dahai` once the
        seat's own `reach` event comes), `chi`, `pon`, `daiminkan`, `ankan`,
        `kakan` with their tiles, `hora` with its target and tile, `ryukyoku`,
        `nukidora`, or `{"type": "none"}` for a `Pass`. Raises
        `InvalidInputError` when the action does not fit the game's state."""
    def record(self) -> GameRecord:
        """The game so far as a `GameRecord` (to write as mjai, tenhou.net/6 or
        mjlog, or to replay)."""
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
    @property
    def may_play_on(self) -> bool:
        """Whether the game just ended by agari-yame or tenpai-yame under rules that
        let the last dealer choose (`yame_choice`), so that `play_on` may go on."""
    def play_on(self) -> None:
        """The last dealer plays on instead of stopping: under `yame_choice`, a game
        that just ended by agari-yame or tenpai-yame goes back to the points and
        sticks it had, and the dealer's repeat starts. Raises `IllegalActionError`
        (the game unchanged) when `may_play_on` is false."""
    @property
    def scores(self) -> list[int]:
        """Points by seat (during the game: current points)."""
    @property
    def dealer(self) -> int:
        """The seat dealing this hand."""
    @property
    def first_dealer(self) -> int:
        """The seat that dealt the first hand."""
    @property
    def result(self) -> dict[str, list[Any]] | None:
        """At the end: `{"points": [...], "ranks": [...], "scores": [...]}` by seat
        (scores in thousands, uma and oka included); `None` before."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __reduce__(
        self,
    ) -> tuple[type[Game], tuple[Any, ...], list[tuple[int, Action] | None]]: ...
    def __setstate__(self, state: Sequence[tuple[int, Action] | None], /) -> None: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object, /) -> Game: ...
    def check_invariants(self) -> None:
        """Check the invariants (136 tiles accounted for; points plus sticks
        conserved); raises `RuntimeError` naming the first one broken (for tests)."""
    def _repr_svg_(self) -> str:
        """The table as SVG, every hand open: rivers, melds, dora indicators,
        scores, the round, honba and sticks."""
    def _repr_html_(self) -> str:
        """The picture as HTML (what a notebook shows)."""

# Learning agents ------------------------------------------------------------------

ACTION_COUNT: int
ACTION_GROUPS: tuple[tuple[str, int, int, str], ...]
PLANE_GROUPS: tuple[tuple[str, int, int, str], ...]
ORACLE_GROUPS: tuple[tuple[str, int, int, str], ...]
SCALARS: tuple[tuple[str, str], ...]
TOKEN_KINDS: tuple[tuple[int, str, str], ...]
TOKEN_COLUMNS: tuple[tuple[str, str], ...]
MAX_TOKENS: int

_Observations: TypeAlias = dict[str, npt.NDArray[Any]]

@final
class VecEnv:
    """Many four-player games stepped together for learning agents, with the GIL
    released and the games spread over threads.

    Each game waits at one decision of the seat `observations["seat"]` names;
    `step(actions)` takes one action id per game (see `ACTION_GROUPS`), plays on
    (the built-in `opponents`, and any decision with a single legal action) to each
    game's next decision, and returns `(observations, rewards, terminated,
    truncated, info)` as numpy arrays. Claims are asked one seat at a time, in
    priority order (a seat that may ron first, then pon or kan, then chi).

    A game that ends is replaced at once by the next game of its slot: the step
    that ended it has `terminated` (or `truncated`, after `max_decisions`) set,
    its rewards, and already the new game's first observation. Results depend on
    `seed` alone, never on `threads`.

    `rewards` has one column per seat: `"points"` the change of points over the
    step, `"final"` the final score with uma and oka (in thousands) when a game
    ends and 0 before, four numbers the value of each place (first to fourth)
    when a game ends. `encoding="planes"` adds `"planes"` (uint8, (N, 95, 34))
    and `"scalars"` (float32, (N, 34)) to the masks (see `PLANE_GROUPS` and
    `SCALARS`); `encoding="tokens"` adds `"tokens"` (uint8, (N, 256, 8): the
    hand's history, see `TOKEN_KINDS` and `TOKEN_COLUMNS`), `"token_count"`
    (uint16, (N,): the rows in use) and the same `"scalars"`; `None` gives
    masks only. `opponents` ("random", "tsumogiri",
    "shanten") plays the other seats, the caller's seat rotating game by game
    over the seats at the table; `duplicate=True` then plays each wall once
    from each of those seats. `records=True` keeps finished games for `finished()`.
    `copy=False` returns the same arrays at every step, which the next `reset`
    or `step` writes into directly (no allocation or copy per step; copy what
    you keep and leave the arrays as they are)."""

    def __new__(
        cls,
        num_envs: int,
        rules: Rules | None = None,
        seed: int = 0,
        encoding: Literal["planes", "tokens", "none"] | None = "planes",
        reward: Literal["points", "final"] | Sequence[float] | None = "points",
        opponents: Literal["random", "tsumogiri", "shanten"] | None = None,
        duplicate: bool = False,
        records: bool = False,
        max_decisions: int = 5000,
        threads: int | None = None,
        copy: bool = True,
    ) -> VecEnv: ...
    @property
    def num_envs(self) -> int:
        """How many games run."""
    def __len__(self) -> int: ...
    def reset(self) -> _Observations:
        """Starts every game over (from the same seeds) and returns the first
        observations: `{"planes", "scalars", "mask", "seat"}` (the planes with
        `encoding="planes"`, `"tokens"` and `"token_count"` instead with
        `encoding="tokens"`, the scalars with either)."""
    def step(
        self, actions: npt.NDArray[np.integer[Any]] | Sequence[int]
    ) -> tuple[
        _Observations,
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, npt.NDArray[Any]],
    ]:
        """Takes one action id per game (a 1-D integer array of `num_envs` ids, or a
        sequence of ints) for the seat each game waits on, and plays on.
        Returns `(observations, rewards, terminated, truncated, info)`: rewards
        float32 (N, 4) by seat, the flags bool (N,), info `{"hand_done": bool (N,),
        "scores": int64 (N, 4)}` (points by seat after the step; for a game that
        just ended, its final points). Every id is checked first: an
        illegal one raises `IllegalActionError` naming the game and the id, and no
        game moves."""
    def game(self, i: int) -> Game:
        """A copy of the game running in slot `i` (a `Game` at the decision the last
        observation shows)."""
    def learner(self, i: int) -> int | None:
        """The seat the caller plays in slot `i`'s game (with `opponents`); `None`
        when the caller plays every seat."""
    def finished(self) -> list[GameRecord]:
        """The games finished since the last call, as `GameRecord`s, in the order
        they ended (needs `records=True`)."""
    @property
    def decisions(self) -> dict[str, int]:
        """Decisions taken so far: `{"caller": ..., "opponents": ..., "automatic":
        ...}` (automatic: decisions with a single legal action)."""

@final
class BuiltinAgent:
    """A built-in agent ("random", "tsumogiri" or "shanten") with its own seeded
    random numbers: `act(observation, legal_actions)` returns one of the legal
    actions, the same one `simulate` would take."""

    def __new__(
        cls, kind: Literal["random", "tsumogiri", "shanten"], seed: int | None = None
    ) -> BuiltinAgent: ...
    @property
    def kind(self) -> str:
        """ "random", "tsumogiri" or "shanten"."""
    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """One of `legal_actions` (the object itself), chosen from what
        `observation`'s seat may know."""

def game_seed(seed: int, i: int) -> int:
    """The seed of game `i` of `simulate(seed=seed)`."""

def agent_seed(seed: int, seat: int) -> int:
    """The seed `simulate` gives the agent of `seat` (0-3) in a game seeded `seed`."""

def simulate(
    n_games: int,
    agent: Literal["random", "tsumogiri", "shanten"] = "shanten",
    seed: int = 0,
    rules: Rules | None = None,
    threads: int | None = None,
    records: bool = False,
    on_record: Callable[[GameRecord], object] | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> dict[str, Any]:
    """Play `n_games` whole games inside Rust, every seat played by a built-in
    agent, GIL released, on all cores (or `threads`). Returns statistics: games,
    hands and decisions; the counts `tsumo_wins` and `ron_wins` (per seat),
    `exhaustive_draws`, `abortive_draws`, `total_points` and `total_ranks` (per seat, sums
    over the games), which add up over runs; what follows from them: `win_rate` (per
    seat, per hand), `tsumo_rate`, `ron_rate`, `exhaustive_draw_rate`,
    `abortive_draw_rate`, `average_points` and `average_rank` (per seat),
    `hands_per_game`; `yaku_counts` (wins with each yaku id; yakuman ids end in
    " (yakuman)"), seconds, `games_per_second`, and with `records=True` the mjai
    events of every game as dicts ("records"). Game `i` is seeded from `seed` and
    `i` (`game_seed(seed, i)`): the same call gives the same statistics. Games are
    played in parts of a few hundred; after each, `progress(done, n_games)` is
    called, and Ctrl-C stops the call between two parts.

    Memory: `records=True` holds every game's events as Python dicts, about
    1.3 MB a game with random agents (fewer events with the others), so it is
    refused above 10,000 games. To keep the records of more games, pass
    `on_record`: it is called with each game's `GameRecord`, in game order, as
    each part of the run finishes (about 0.4 MB a game while it is held; write
    it out with `logs.write_mjai` and drop it to hold nothing)."""

# Logs ------------------------------------------------------------------------------

class LogParseError(MahjongError):
    """A game log is malformed or truncated; the message says where (file, line,
    byte or log position) and what was expected."""

_LogSource: TypeAlias = str | bytes | os.PathLike[str]

@final
class GameRecord:
    """One game as a log records it: the rules, the players and the events in the
    mjai vocabulary. Every format reads into it and writes from it."""

    def __eq__(self, value: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    @property
    def rules(self) -> Rules:
        """The rules the game was played under."""
    @property
    def names(self) -> list[str]:
        """The players' names (empty when the log has none)."""
    @property
    def players(self) -> list[dict[str, Any]]:
        """Each player as the log describes them: `name`, and Tenhou's `dan`
        (0 = 新人 … 20 = 天鳳), `rate` and `sex` when known."""
    @property
    def first_dealer(self) -> int:
        """The seat that dealt the first hand."""
    @property
    def log_id(self) -> str | None:
        """Tenhou's log id, when known."""
    @property
    def tenhou_type(self) -> int | None:
        """Tenhou's lobby type bits (`<GO type>`), when known."""
    @property
    def lobby(self) -> int | None:
        """Tenhou's lobby number, when known."""
    @property
    def shuffle_seed(self) -> str | None:
        """Tenhou's `SHUFFLE` seed, when known."""
    @property
    def final_points(self) -> list[int] | None:
        """Final points, when the log has the game's end."""
    @property
    def final_scores(self) -> list[float] | None:
        """Final scores with uma and oka (`+45.3`), when the log states them."""
    @property
    def events(self) -> list[dict[str, Any]]:
        """Every event, as mjai dicts."""
    @property
    def hands(self) -> list[list[dict[str, Any]]]:
        """Each hand's events (`start_kyoku` to `end_kyoku`), as mjai dicts."""
    @property
    def n_hands(self) -> int:
        """How many hands the record holds."""
    @property
    def n_wins(self) -> int:
        """How many wins (`hora` events) the record holds."""
    @property
    def n_draws(self) -> int:
        """How many draws (`ryukyoku` events) the record holds."""
    def to_mjai(self) -> str:
        """The record as mjai JSON lines."""
    def to_tenhou6(self) -> str:
        """The record as tenhou.net/6 JSON."""
    def to_mjlog(self) -> str:
        """The record as Tenhou mjlog XML."""
    def __reduce__(self) -> tuple[Any, tuple[bytes]]: ...
    def __len__(self) -> int: ...
    def _repr_html_(self) -> str:
        """The game viewer (`riichi.viewer`): every step of the game, with keys and
        buttons."""

@final
class Mismatch:
    """One disagreement between a record and the engine. Compared, hashed and
    pickled by value."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any]]: ...
    @property
    def hand(self) -> int:
        """Hand index in the record (0 the first)."""
    @property
    def label(self) -> str:
        """`E1-0`: East 1, 0 honba."""
    @property
    def step(self) -> int:
        """Event index within the hand (0 its `start_kyoku`)."""
    @property
    def kind(self) -> str:
        """`illegal_action`, `event`, `win`, `draw`, `wall`, `next_hand`,
        `game_end` or `record`."""
    @property
    def expected(self) -> str:
        """What the record says."""
    @property
    def ours(self) -> str:
        """What the engine did or computed instead."""

@final
class ReplayReport:
    """What a replay checked: counts, and every mismatch. Compared, hashed and
    pickled by value."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, tuple[Any]]: ...
    @property
    def ok(self) -> bool:
        """No mismatch."""
    @property
    def mismatches(self) -> list[Mismatch]:
        """Every disagreement found, in order."""
    @property
    def hands(self) -> int:
        """Hands replayed."""
    @property
    def actions(self) -> int:
        """Player actions applied (passes not counted)."""
    @property
    def events(self) -> int:
        """Events compared."""
    @property
    def wins(self) -> int:
        """Wins checked equal (han, fu, yaku, points, deltas)."""
    @property
    def draws(self) -> int:
        """Draws checked equal (tenpai, payments)."""
    @property
    def walls_reproduced(self) -> int:
        """Hands played from the wall of the log's `SHUFFLE` seed."""
    @property
    def source(self) -> str | None:
        """The file replayed, when it came from one."""
    def __bool__(self) -> bool: ...

def read_mjlog(src: _LogSource) -> GameRecord:
    """Read a Tenhou mjlog (XML) from a path, bytes or its text."""

def read_tenhou6(src: _LogSource) -> GameRecord:
    """Read a tenhou.net/6 JSON log (or its `tenhou.net/6/#json=` URL): a path,
    bytes or the text."""

def read_mjai(src: _LogSource) -> GameRecord:
    """Read mjai JSON lines: a path, bytes or the text."""

def read_log(src: _LogSource) -> GameRecord:
    """Read a log in any of the three formats (detected from its first characters:
    see `log_format`; other text raises `LogParseError`)."""

def log_format(src: _LogSource) -> Literal["mjlog", "tenhou6", "mjai"]:
    """The format of a log (a path, bytes or its text) as `read_log` detects it, by
    its first characters: `"mjlog"` (`<`), `"mjai"` (a first line that is a JSON
    object with `"type"`) or `"tenhou6"` (a tenhou.net/6 URL, or another JSON
    object). Raises `LogParseError` (naming the file) for any other text: it is
    not read as a log of some format."""

def write_mjlog(record: GameRecord) -> str:
    """The record as Tenhou mjlog XML. Raises `RuleError` naming the first rule
    option the format cannot carry (it holds only a Tenhou lobby's rules), so
    that what is written is never read back under other rules."""

def write_tenhou6(record: GameRecord) -> str:
    """The record as tenhou.net/6 JSON. Raises `RuleError` naming the first rule
    option the format cannot carry (a Tenhou lobby's rules with any red fives)."""

def write_mjai(record: GameRecord) -> str:
    """The record as mjai JSON lines."""

def replay(
    record: GameRecord,
    check: bool = True,
    on_step: Callable[[int, Game], object] | None = None,
) -> ReplayReport:
    """Replay a record through the engine; with `check` every event, win, draw and
    the final result are compared with the record's (else only the actions'
    legality).

    `on_step(hand, game)` is called with the hand's index and a copy of the engine
    (a `Game`) after each hand's deal and after every action of the record that
    moved the engine on (a hand stops at its first mismatch); with it the GIL stays
    held. The first error it raises stops the calls and is raised. Each game
    pickles as the record and its step, replayed again on loading."""

def replay_files(
    paths: Sequence[_LogSource],
    check: bool = True,
    threads: int | None = None,
    errors: Literal["raise", "report"] = "raise",
    progress: Callable[[int, int], object] | None = None,
) -> list[ReplayReport]:
    """Read and replay many log files (any format) in parallel with the GIL
    released: one report per file, in order. A file that cannot be read raises
    (`LogParseError` naming the file), unless `errors="report"`, which gives a
    report with one `record` mismatch instead. Logs are replayed in parts of a
    few dozen; after each, `progress(logs done, logs in all)` is called, and
    Ctrl-C stops the call between two parts."""
