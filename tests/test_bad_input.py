"""Bad input, case by case: each call below raises the exact exception class with a
message that names the problem (and, for notation, where it is).

The table `CASES` holds every hand-written bad input once, as (name, call, exception
class, message): a message given as a string must appear in the error's text, one
given as a pattern must match it. The tests after the table cover what a single call
cannot show: the exception hierarchy, sequences that lie about their length, the
quoting of long input, the reading of files and FIFOs, and refusals met during games.
The property-based tests of the same promise (arbitrary input never crashes) are in
`test_hostile_properties.py`.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from game_strategies import ALL_TILES

import riichi
from riichi import (
    Chi,
    Daiminkan,
    Discard,
    Game,
    Hand,
    IllegalActionError,
    InvalidContextError,
    InvalidHandError,
    InvalidInputError,
    InvalidMeldError,
    InvalidTileError,
    Kakan,
    KyuushuKyuuhai,
    LogParseError,
    MahjongError,
    Meld,
    NotAgariError,
    NoYakuError,
    Pass,
    Pon,
    Riichi,
    Ron,
    RuleError,
    Rules,
    Tile,
    TileParseError,
    Tsumo,
    logs,
)

MJLOG = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou" / "mjlog"

# A complete hand with a yaku (haku) and its winning tile, for calls that need one.
HAND, WIN = "123m456p789s11555z", "5z"
RESULT = riichi.score(HAND, WIN, seat_wind="S")
ONE_ROW = np.zeros((1, 34), np.uint8)
ONE_ROW[0, 0] = 1


def rx(pattern: str) -> re.Pattern[str]:
    """A message that must match `pattern` (searched for in the error's text)."""
    return re.compile(pattern)


def whole(text: str) -> re.Pattern[str]:
    """A message that must be exactly `text`."""
    return re.compile("^" + re.escape(text) + r"\Z")


def starts(text: str) -> re.Pattern[str]:
    """A message that must begin with `text`."""
    return re.compile("^" + re.escape(text))


def outcome(fn: Callable[..., Any], *args: Any) -> tuple[Any, BaseException | None]:
    """Call `fn`; return its result or the exception it raised (of any class)."""
    try:
        return fn(*args), None
    except KeyboardInterrupt:
        raise
    except BaseException as e:
        return None, e


# States of games, and logs, that some cases need ------------------------------------------


def engine_record(seed: int) -> riichi.GameRecord:
    """A whole game between seeded random players, with its calls, riichi and wins."""
    rng = random.Random(seed)
    game = Game(seed=seed)
    while not game.is_over:
        seat = next(s for s in game.current_decision if game.legal_actions(s))
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game.record()


def game_where(pred: Callable[[Game], bool], seeds: range = range(200)) -> Game:
    """The first state, over games of seeded random players, where `pred` holds."""
    for seed in seeds:
        rng = random.Random(seed)
        game = Game(seed=seed)
        while not game.is_over:
            if pred(game):
                return game
            seat = next(s for s in game.current_decision if game.legal_actions(s))
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    raise AssertionError("no such state")


def turn_seat(game: Game) -> int:
    return game.current_decision[0]


def open_hand_on_turn(game: Game) -> bool:
    if game.phase != "turn":
        return False
    s = turn_seat(game)
    return any(m.is_open for m in game.observation(s).melds[s])


def a_claim(game: Game) -> bool:
    """A claim decision (on a discard or a kan) with a seat asked."""
    if game.phase != "claims":
        return False
    return any(game.observation(s).claim is not None for s in game.current_decision)


def kakan_without_pon(game: Game) -> None:
    s = turn_seat(game)
    game.apply(s, Kakan(game.observation(s).hand[0]))


def riichi_with_open_hand(game: Game) -> None:
    s = turn_seat(game)
    game.apply(s, Riichi(game.observation(s).hand[0]))


def first_missing(hand: list[Tile]) -> Tile:
    return next(t for t in ALL_TILES if t not in hand)


def other_tile(game: Game) -> Tile:
    """A tile of seat 0's hand other than the one just drawn."""
    o = game.observation(0)
    return next(t for t in o.hand if t != o.drawn)


def chi_not_offered(game: Game) -> None:
    s = next(s for s in game.current_decision if game.legal_actions(s))
    tile = game.observation(s).claim[0]
    game.apply(s, Chi((tile, tile)))


MJAI_START = '{"type":"start_game"}\n'
PAO = MJLOG / "pao.mjlog"


def half_mjlog() -> str:
    text = PAO.read_text(encoding="utf-8") if PAO.is_file() else engine_record(2).to_mjlog()
    return text[: len(text) // 2]


def tenhou6_with_twelve_dealt() -> str:
    log = json.loads(engine_record(3).to_tenhou6())
    log["log"][0][4] = log["log"][0][4][:12]
    return json.dumps(log)


def fresh() -> Game:
    return Game(seed=1)


class LyingSequence(Sequence[int]):
    """A sequence whose `__len__` says 34 but that yields `items`."""

    def __init__(self, items: list[int]) -> None:
        self.items = items

    def __len__(self) -> int:
        return 34

    def __getitem__(self, i: Any) -> Any:
        return self.items[i]

    def __iter__(self) -> Iterator[int]:
        return iter(self.items)


class LyingList(list[int]):
    def __len__(self) -> int:
        return 34


class SurrogatePath:
    def __fspath__(self) -> str:
        return "\ud800.mjlog"


LONG = [1] * 13 + [0] * 27  # 40 counts: 13 tiles, then zeros past kind 33
TENPAI = "123m456p789s1122z"  # 13 tiles
COMPLETE = "123m456p789s11222z"  # 14 tiles
FOUR_MELDS = "[1'23m] [3'45m] [4'56m] [7'77z]"
LIES = "more than 34 counts from a sequence of length 34"

# Text with no UTF-8 form: each call that reads text refuses it as notation.
SURROGATE_TEXTS = ["\ud800", "\udfff", "1m\udc00", "\udfff123m", "123m456p789s11z\ud83d"]
SURROGATE_NOTATION: dict[str, Callable[[str], Any]] = {
    "Tile": Tile,
    "Tile.from_mjai": Tile.from_mjai,
    "parse_tiles": riichi.parse_tiles,
    "format_tiles": riichi.format_tiles,
    "tiles_to_id136": riichi.tiles_to_id136,
    "Hand": Hand,
    "Meld.parse": Meld.parse,
    "shanten": riichi.shanten,
    "is_complete": riichi.is_complete,
    "Hand melds=[]": lambda s: Hand(s, melds=[]),
    "Hand of a list": lambda s: Hand(["1m", s]),
    "format_tiles of a list": lambda s: riichi.format_tiles([Tile("1m"), s]),
    "Meld kind": lambda s: Meld(s, "555z"),
    "Meld tiles": lambda s: Meld("pon", s),
    "Meld called": lambda s: Meld("pon", "555z", called=s, called_from="left"),
    "Meld called_from": lambda s: Meld("pon", "555z", called="5z", called_from=s),
    "Meld added": lambda s: Meld("kakan", "5555z", added=s),
    "shanten with a meld": lambda s: riichi.shanten(s + " [555z]"),
    "Hand.with_tile": lambda s: Hand(TENPAI).with_tile(s),
    "ukeire visible": lambda s: Hand(TENPAI).ukeire(visible=s),
    "ukeire visible list": lambda s: Hand(TENPAI).ukeire(visible=[s]),
    "decompositions": lambda s: Hand(COMPLETE).decompositions(s),
    "discard_options visible": lambda s: Hand(COMPLETE).discard_options(visible=s),
}
# Other text arguments: a lone surrogate is a riichi error of the argument's kind.
SURROGATE_ARGUMENTS: dict[str, tuple[Callable[[str], Any], type[MahjongError]]] = {
    "score seat_wind": (lambda s: riichi.score(HAND, WIN, seat_wind=s), InvalidContextError),
    "WinContext round_wind": (lambda s: riichi.WinContext(round_wind=s), InvalidContextError),
    "ScoreResult.deltas": (lambda s: RESULT.deltas(discarder=s), InvalidContextError),
    "settle_multi_ron": (lambda s: riichi.settle_multi_ron([RESULT], s), InvalidContextError),
    "nagashi_mangan_payments": (
        lambda s: riichi.nagashi_mangan_payments([s]),
        InvalidContextError,
    ),
    "Rules option name": (lambda s: Rules(**{s: True}), RuleError),
    "Rules option value": (lambda s: Rules(multi_ron=s), RuleError),
    "Rules.from_dict": (lambda s: Rules.from_dict({"kazoe": s}), RuleError),
    "Rules.from_json": (lambda s: Rules.from_json('{"kazoe": "' + s + '"}'), RuleError),
    "Rules.from_toml": (lambda s: Rules.from_toml('kazoe = "' + s + '"'), RuleError),
    "Rules.preset": (Rules.preset, RuleError),
    "Rules.preset_doc": (Rules.preset_doc, RuleError),
    "simulate agent": (lambda s: riichi.simulate(1, s), InvalidInputError),
    "replay_files errors": (lambda s: riichi.replay_files([], errors=s), InvalidInputError),
    "read_log os.PathLike": (lambda s: logs.read_log(SurrogatePath()), InvalidInputError),
}


def quoted(text: str, reason: str) -> re.Pattern[str]:
    return whole(f'"{text}": {reason}')


Message = str | re.Pattern[str]
Case = tuple[str, Callable[[], Any], type[BaseException], Message]

# The table --------------------------------------------------------------------------------

CASES: list[Case] = [
    # Tile notation: the class, and the position of the problem.
    (
        'riichi.parse_tiles("123x")',
        lambda: riichi.parse_tiles("123x"),
        TileParseError,
        whole("\"123x\": unknown suit 'x' at position 3"),
    ),
    (
        'riichi.format_tiles("123x")',
        lambda: riichi.format_tiles("123x"),
        TileParseError,
        whole("\"123x\": unknown suit 'x' at position 3"),
    ),
    (
        'riichi.parse_tiles("123m45q")',
        lambda: riichi.parse_tiles("123m45q"),
        TileParseError,
        "unknown suit 'q' at position 6",
    ),
    (
        'riichi.format_tiles("123m45q")',
        lambda: riichi.format_tiles("123m45q"),
        TileParseError,
        "unknown suit 'q' at position 6",
    ),
    (
        'riichi.parse_tiles("123")',
        lambda: riichi.parse_tiles("123"),
        TileParseError,
        "digits without a suit letter at position 0",
    ),
    (
        'riichi.format_tiles("123")',
        lambda: riichi.format_tiles("123"),
        TileParseError,
        "digits without a suit letter at position 0",
    ),
    (
        'riichi.parse_tiles("12m 34")',
        lambda: riichi.parse_tiles("12m 34"),
        TileParseError,
        "digits without a suit letter at position 4",
    ),
    (
        'riichi.format_tiles("12m 34")',
        lambda: riichi.format_tiles("12m 34"),
        TileParseError,
        "digits without a suit letter at position 4",
    ),
    (
        'riichi.parse_tiles("m")',
        lambda: riichi.parse_tiles("m"),
        TileParseError,
        "suit 'm' has no digits before it at position 0",
    ),
    (
        'riichi.format_tiles("m")',
        lambda: riichi.format_tiles("m"),
        TileParseError,
        "suit 'm' has no digits before it at position 0",
    ),
    (
        'riichi.parse_tiles("12mp")',
        lambda: riichi.parse_tiles("12mp"),
        TileParseError,
        "suit 'p' has no digits before it at position 3",
    ),
    (
        'riichi.format_tiles("12mp")',
        lambda: riichi.format_tiles("12mp"),
        TileParseError,
        "suit 'p' has no digits before it at position 3",
    ),
    (
        'riichi.parse_tiles("10z")',
        lambda: riichi.parse_tiles("10z"),
        TileParseError,
        "honors have no red five ('0z') at position 1",
    ),
    (
        'riichi.format_tiles("10z")',
        lambda: riichi.format_tiles("10z"),
        TileParseError,
        "honors have no red five ('0z') at position 1",
    ),
    (
        'riichi.parse_tiles("8z")',
        lambda: riichi.parse_tiles("8z"),
        TileParseError,
        "no tile 8z at position 0",
    ),
    (
        'riichi.format_tiles("8z")',
        lambda: riichi.format_tiles("8z"),
        TileParseError,
        "no tile 8z at position 0",
    ),
    (
        'riichi.parse_tiles("19m9z")',
        lambda: riichi.parse_tiles("19m9z"),
        TileParseError,
        "no tile 9z at position 3",
    ),
    (
        'riichi.format_tiles("19m9z")',
        lambda: riichi.format_tiles("19m9z"),
        TileParseError,
        "no tile 9z at position 3",
    ),
    (
        'riichi.parse_tiles("1m!")',
        lambda: riichi.parse_tiles("1m!"),
        TileParseError,
        "unexpected character '!' at position 2",
    ),
    (
        'riichi.format_tiles("1m!")',
        lambda: riichi.format_tiles("1m!"),
        TileParseError,
        "unexpected character '!' at position 2",
    ),
    (
        'riichi.parse_tiles("1mé")',
        lambda: riichi.parse_tiles("1mé"),
        TileParseError,
        "unknown suit 'é' at position 2",
    ),
    (
        'riichi.format_tiles("1mé")',
        lambda: riichi.format_tiles("1mé"),
        TileParseError,
        "unknown suit 'é' at position 2",
    ),
    ('Tile("1m2m")', lambda: Tile("1m2m"), TileParseError, "expected one tile, got 2"),
    ('Tile("")', lambda: Tile(""), TileParseError, "expected one tile, got 0"),
    ('Tile("5x")', lambda: Tile("5x"), TileParseError, "unknown suit 'x' at position 1"),
    # Hand notation.
    (
        'Hand("123m456p789s11z22x")',
        lambda: Hand("123m456p789s11z22x"),
        TileParseError,
        "unknown suit 'x' at position 17",
    ),
    (
        'Hand("123m [555z")',
        lambda: Hand("123m [555z"),
        TileParseError,
        "'[' is never closed at position 5",
    ),
    (
        'Hand("123m (1111s")',
        lambda: Hand("123m (1111s"),
        TileParseError,
        "'(' is never closed at position 5",
    ),
    (
        'Hand("123m 555z]")',
        lambda: Hand("123m 555z]"),
        TileParseError,
        "']' closes nothing at position 9",
    ),
    (
        'Hand("11z [555z] 123m456p")',
        lambda: Hand("11z [555z] 123m456p"),
        TileParseError,
        "concealed tiles must come before the melds at position 11",
    ),
    (
        "Hand(\"11z [5'5'5z]\")",
        lambda: Hand("11z [5'5'5z]"),
        InvalidMeldError,
        "more than one called tile",
    ),
    (
        'Hand("11z [5 55z]")',
        lambda: Hand("11z [5 55z]"),
        TileParseError,
        "unexpected character ' ' at position 6",
    ),
    (
        'Hand("11z [\'555z]")',
        lambda: Hand("11z ['555z]"),
        TileParseError,
        '"\'" must follow a tile digit at position 5',
    ),
    (
        'Hand("11z [555+z]")',
        lambda: Hand("11z [555+z]"),
        TileParseError,
        "'+' must precede a tile digit at position 8",
    ),
    # Meld notation.
    (
        'Meld.parse("555z")',
        lambda: Meld.parse("555z"),
        TileParseError,
        "a meld is written [...] (open) or (...)",
    ),
    ('Meld.parse("[4\'35m")', lambda: Meld.parse("[4'35m"), TileParseError, "a meld is written"),
    (
        'Meld.parse("[124m]")',
        lambda: Meld.parse("[124m]"),
        InvalidMeldError,
        "three consecutive tiles of one suit",
    ),
    (
        'Meld.parse("[123z]")',
        lambda: Meld.parse("[123z]"),
        InvalidMeldError,
        "a chi cannot be made of honors",
    ),
    (
        'Meld.parse("[55z]")',
        lambda: Meld.parse("[55z]"),
        InvalidMeldError,
        "an open meld has 3 or 4 tiles, not 2",
    ),
    (
        'Meld.parse("[55555z]")',
        lambda: Meld.parse("[55555z]"),
        InvalidMeldError,
        "an open meld has 3 or 4 tiles, not 5",
    ),
    (
        'Meld.parse("(111s)")',
        lambda: Meld.parse("(111s)"),
        InvalidMeldError,
        rx(r"an? ankan has 4 tiles, not 3"),
    ),
    (
        'Meld.parse("(1112s)")',
        lambda: Meld.parse("(1112s)"),
        InvalidMeldError,
        rx(r"an? ankan is 4 tiles of one kind"),
    ),
    (
        'Meld.parse("[34\'5m]")',
        lambda: Meld.parse("[34'5m]"),
        InvalidMeldError,
        "a chi is called from the left seat, not across",
    ),
    (
        'Meld.parse("[345\'m]")',
        lambda: Meld.parse("[345'm]"),
        InvalidMeldError,
        "a chi is called from the left seat, not right",
    ),
    (
        "Meld.parse(\"[1'2'3m]\")",
        lambda: Meld.parse("[1'2'3m]"),
        InvalidMeldError,
        "more than one called tile",
    ),
    (
        'Meld.parse("[5\'5+5+5z]")',
        lambda: Meld.parse("[5'5+5+5z]"),
        InvalidMeldError,
        "more than one added tile",
    ),
    (
        'Meld.parse("[55+5z]")',
        lambda: Meld.parse("[55+5z]"),
        InvalidMeldError,
        "'+' marks a kakan, which has 4 tiles, not 3",
    ),
    (
        'Meld.parse("[5\'55+6z]")',
        lambda: Meld.parse("[5'55+6z]"),
        InvalidMeldError,
        "is 4 tiles of one kind",
    ),
    (
        'Meld.parse("[55+5\'5z]")',
        lambda: Meld.parse("[55+5'5z]"),
        InvalidMeldError,
        starts('"[55+5\'5z]": the tile a kakan adds was not'),
    ),
    (
        'Meld.parse("[+5\'555z]")',
        lambda: Meld.parse("[+5'555z]"),
        InvalidMeldError,
        "the tile a kakan adds was not called",
    ),
    (
        'Meld.parse("(1111s\')")',
        lambda: Meld.parse("(1111s')"),
        TileParseError,
        "unexpected character",
    ),
    # Meld validation.
    (
        'Meld("chi", "135m")',
        lambda: Meld("chi", "135m"),
        InvalidMeldError,
        "a chi is three consecutive tiles of one suit",
    ),
    (
        'Meld("chi", "89m1p")',
        lambda: Meld("chi", "89m1p"),
        InvalidMeldError,
        "a chi is three consecutive tiles of one suit",
    ),
    (
        'Meld("chi", "3456m")',
        lambda: Meld("chi", "3456m"),
        InvalidMeldError,
        "a chi has 3 tiles, not 4",
    ),
    (
        'Meld("chi", "345m", called="3m", called_from="across")',
        lambda: Meld("chi", "345m", called="3m", called_from="across"),
        InvalidMeldError,
        "a chi is called from the left seat, not across",
    ),
    (
        'Meld("pon", "556z")',
        lambda: Meld("pon", "556z"),
        InvalidMeldError,
        "a pon is 3 tiles of one kind",
    ),
    (
        'Meld("pon", "55z")',
        lambda: Meld("pon", "55z"),
        InvalidMeldError,
        "a pon has 3 tiles, not 2",
    ),
    (
        'Meld("daiminkan", "555z")',
        lambda: Meld("daiminkan", "555z"),
        InvalidMeldError,
        "a daiminkan has 4 tiles, not 3",
    ),
    (
        'Meld("kakan", "5555z")',
        lambda: Meld("kakan", "5555z"),
        InvalidMeldError,
        "a kakan needs the tile added to its pon",
    ),
    (
        'Meld("kakan", "5555z", called="5z", called_from="left")',
        lambda: Meld("kakan", "5555z", called="5z", called_from="left"),
        InvalidMeldError,
        "a kakan needs the tile added to its pon",
    ),
    (
        'Meld("kakan", "5555z", added="6z")',
        lambda: Meld("kakan", "5555z", added="6z"),
        InvalidMeldError,
        "the added tile 6z is not in the meld",
    ),
    (
        'Meld("kakan", "0555m", called="0m", called_from="left", added="0m")',
        lambda: Meld("kakan", "0555m", called="0m", called_from="left", added="0m"),
        InvalidMeldError,
        "the called tile 0m and the added tile 0m are the same copy",
    ),
    (
        'Meld("pon", "555z", added="5z")',
        lambda: Meld("pon", "555z", added="5z"),
        InvalidMeldError,
        "only a kakan has an added tile",
    ),
    (
        'Meld("pon", "555z", called="6z", called_from="left")',
        lambda: Meld("pon", "555z", called="6z", called_from="left"),
        InvalidMeldError,
        "the called tile 6z is not in the meld",
    ),
    (
        'Meld("chi", "345m", called="6m")',
        lambda: Meld("chi", "345m", called="6m"),
        InvalidMeldError,
        "the called tile 6m is not in the meld",
    ),
    (
        'Meld("pon", "555z", called="5z")',
        lambda: Meld("pon", "555z", called="5z"),
        InvalidMeldError,
        "a called tile needs its source seat",
    ),
    (
        'Meld("pon", "555z", called_from="left")',
        lambda: Meld("pon", "555z", called_from="left"),
        InvalidMeldError,
        "a source seat needs the called tile",
    ),
    (
        'Meld("chi", "345m", called_from="left")',
        lambda: Meld("chi", "345m", called_from="left"),
        InvalidMeldError,
        whole('chi of "345m": a source seat needs the called tile'),
    ),
    (
        'Meld("chi", "345m", called_from="across")',
        lambda: Meld("chi", "345m", called_from="across"),
        InvalidMeldError,
        "a source seat needs the called tile",
    ),
    (
        'Meld("daiminkan", "5555z", called_from="right")',
        lambda: Meld("daiminkan", "5555z", called_from="right"),
        InvalidMeldError,
        "a source seat needs the called",
    ),
    (
        'Meld("ankan", "5555z", called="5z", called_from="left")',
        lambda: Meld("ankan", "5555z", called="5z", called_from="left"),
        InvalidMeldError,
        "an ankan has no called tile and no source seat",
    ),
    (
        'Meld("foo", "555z")',
        lambda: Meld("foo", "555z"),
        InvalidMeldError,
        'unknown meld kind "foo" (chi, pon, daiminkan, kakan, ankan)',
    ),
    (
        'Meld("pon", "555z", called="5z", called_from="up")',
        lambda: Meld("pon", "555z", called="5z", called_from="up"),
        InvalidMeldError,
        'unknown seat "up" (left, across, right)',
    ),
    # Hand validation.
    (
        'Hand("11111m23456789p")',
        lambda: Hand("11111m23456789p"),
        InvalidHandError,
        whole("5 copies of 1m in hand and melds (there are 4)"),
    ),
    (
        'Hand("0555m5m123p456s11z")',
        lambda: Hand("0555m5m123p456s11z"),
        InvalidHandError,
        "5 copies of 5m",
    ),
    (
        'Hand("1111m5p123456s [1\'23m]")',
        lambda: Hand("1111m5p123456s [1'23m]"),
        InvalidHandError,
        "5 copies of 1m",
    ),
    (
        'Hand("55z123456789m [5\'55z]")',
        lambda: Hand("55z123456789m [5'55z]"),
        InvalidHandError,
        "5 copies of 5z",
    ),
    (
        "Hand(\"1m [1'11m] [1'23m] [5'55z] [6'66z]\")",
        lambda: Hand("1m [1'11m] [1'23m] [5'55z] [6'66z]"),
        InvalidHandError,
        "5 copies of 1m",
    ),
    (
        'Hand("123456789m123p")',
        lambda: Hand("123456789m123p"),
        InvalidHandError,
        starts("12 concealed tiles: a hand holds 3n+1 or 3n+2 (13 or 14 with"),
    ),
    ('Hand("")', lambda: Hand(""), InvalidHandError, "0 concealed tiles"),
    (
        'Hand("123m [555z]")',
        lambda: Hand("123m [555z]"),
        InvalidHandError,
        starts("3 concealed tiles: a hand holds 3n+1 or 3n+2"),
    ),
    (
        'Hand("123456789m1234567p")',
        lambda: Hand("123456789m1234567p"),
        InvalidHandError,
        whole(
            "16 concealed tiles and 0 melds make 16 tiles; a hand has 13 or 14, a meld counting 3"
        ),
    ),
    (
        'Hand("123456789m1234p [1\'11z]")',
        lambda: Hand("123456789m1234p [1'11z]"),
        InvalidHandError,
        "13 concealed tiles and 1 melds make 16 tiles; a hand has",
    ),
    (
        "Hand(\"1234m [5'55z] [6'66z] [7'77z] [1'11z]\")",
        lambda: Hand("1234m [5'55z] [6'66z] [7'77z] [1'11z]"),
        InvalidHandError,
        "4 concealed tiles and 4 melds make 16 tiles",
    ),
    (
        'Hand("1m")',
        lambda: Hand("1m"),
        InvalidHandError,
        starts("1 concealed tiles and 0 melds make 1 tiles; a hand has 13 or 14"),
    ),
    (
        'Hand("11m")',
        lambda: Hand("11m"),
        InvalidHandError,
        starts("2 concealed tiles and 0 melds make 2 tiles"),
    ),
    (
        'Hand("1111m")',
        lambda: Hand("1111m"),
        InvalidHandError,
        starts("4 concealed tiles and 0 melds make 4 tiles"),
    ),
    (
        'Hand("123456789m1p")',
        lambda: Hand("123456789m1p"),
        InvalidHandError,
        starts("10 concealed tiles and 0 melds make 10 tiles"),
    ),
    (
        "Hand(\"11m [1'23m] [3'45m] [4'56m]\")",
        lambda: Hand("11m [1'23m] [3'45m] [4'56m]"),
        InvalidHandError,
        starts("2 concealed tiles and 3 melds make 11 tiles"),
    ),
    (
        "Hand(\"1m [1'23m] [5'55z] [6'66z] [7'77z] [3'45p]\")",
        lambda: Hand("1m [1'23m] [5'55z] [6'66z] [7'77z] [3'45p]"),
        InvalidHandError,
        "1 concealed tiles and 5 melds make 16",
    ),
    (
        'Hand("11111m")',
        lambda: Hand("11111m"),
        InvalidHandError,
        starts("5 concealed tiles and 0 melds make 5 tiles"),
    ),
    (
        'Hand("1m" * 300)',
        lambda: Hand("1m" * 300),
        InvalidHandError,
        starts("300 concealed tiles: a hand holds 3n+1 or 3n+2"),
    ),
    (
        'Hand("1m" * 301)',
        lambda: Hand("1m" * 301),
        InvalidHandError,
        starts("301 concealed tiles and 0 melds make 301 tiles"),
    ),
    # Analysis on the wrong hand size.
    (
        'Hand("123m456p789s11222z").waits()',
        lambda: Hand("123m456p789s11222z").waits(),
        InvalidInputError,
        rx(r"waits needs a 13-tile hand \(3n\+1 .*\); .* has 14"),
    ),
    (
        'Hand("123m456p789s11222z").ukeire()',
        lambda: Hand("123m456p789s11222z").ukeire(),
        InvalidInputError,
        rx(r"ukeire needs a 13-tile hand .* has 14"),
    ),
    (
        'Hand("123m456p789s1122z").discard_options()',
        lambda: Hand("123m456p789s1122z").discard_options(),
        InvalidInputError,
        rx(r"discard_options needs a 14-tile hand .* has 13"),
    ),
    (
        'Hand("123m456p789s1122z").decompositions()',
        lambda: Hand("123m456p789s1122z").decompositions(),
        InvalidInputError,
        rx(r"need a complete-size hand .* has 13"),
    ),
    (
        "Hand(\"11m [1'23m] [3'45m] [4'56m] [7'77z]\").waits()",
        lambda: Hand("11m [1'23m] [3'45m] [4'56m] [7'77z]").waits(),
        InvalidInputError,
        rx(r"3n\+1 concealed tiles.* has 2"),
    ),
    (
        "Hand(\"11m [1'23m] [3'45m] [4'56m] [7'77z]\").ukeire()",
        lambda: Hand("11m [1'23m] [3'45m] [4'56m] [7'77z]").ukeire(),
        InvalidInputError,
        rx(r"3n\+1 concealed tiles.* has 2"),
    ),
    (
        "Hand(\"1m [1'23m] [3'45m] [4'56m] [7'77z]\").discard_options()",
        lambda: Hand("1m [1'23m] [3'45m] [4'56m] [7'77z]").discard_options(),
        InvalidInputError,
        rx(r"3n\+2 concealed .* has 1"),
    ),
    (
        "Hand(\"1m [1'23m] [3'45m] [4'56m] [7'77z]\").decompositions()",
        lambda: Hand("1m [1'23m] [3'45m] [4'56m] [7'77z]").decompositions(),
        InvalidInputError,
        rx(r"complete-size .* has 1"),
    ),
    # Tile ids and names.
    (
        "Tile.from_id136(136)",
        lambda: Tile.from_id136(136),
        InvalidTileError,
        "136-id 136 is out of range 0-135",
    ),
    (
        "Tile.from_id136(-1)",
        lambda: Tile.from_id136(-1),
        InvalidTileError,
        "136-id -1 is out of range 0-135",
    ),
    (
        "Tile.from_kind(34)",
        lambda: Tile.from_kind(34),
        InvalidTileError,
        "kind 34 is out of range 0-33",
    ),
    (
        "Tile.from_kind(-1)",
        lambda: Tile.from_kind(-1),
        InvalidTileError,
        "kind -1 is out of range 0-33",
    ),
    (
        'Tile.from_mjai("5zr")',
        lambda: Tile.from_mjai("5zr"),
        InvalidTileError,
        '"5zr" is not an mjai tile name',
    ),
    (
        'Tile.from_mjai("0m")',
        lambda: Tile.from_mjai("0m"),
        InvalidTileError,
        "is not an mjai tile name",
    ),
    (
        'Tile.from_mjai("6mr")',
        lambda: Tile.from_mjai("6mr"),
        InvalidTileError,
        "is not an mjai tile name",
    ),
    (
        'Tile.from_mjai("")',
        lambda: Tile.from_mjai(""),
        InvalidTileError,
        "is not an mjai tile name",
    ),
    (
        'Tile.from_mjai("e")',
        lambda: Tile.from_mjai("e"),
        InvalidTileError,
        '"e" is not an mjai tile name',
    ),
    (
        "riichi.tiles_from_id136([0, 200])",
        lambda: riichi.tiles_from_id136([0, 200]),
        InvalidTileError,
        "136-id 200 is out of range",
    ),
    (
        'riichi.tiles_to_id136("11111m")',
        lambda: riichi.tiles_to_id136("11111m"),
        InvalidTileError,
        "no free 136-id left for 1m",
    ),
    (
        'riichi.tiles_to_id136("00m")',
        lambda: riichi.tiles_to_id136("00m"),
        InvalidTileError,
        "no free 136-id left for 0m",
    ),
    (
        'riichi.tiles_to_id136("5555m")',
        lambda: riichi.tiles_to_id136("5555m"),
        InvalidTileError,
        "no free 136-id left for 5m",
    ),
    # The module-level fast paths.
    (
        'riichi.shanten("123x")',
        lambda: riichi.shanten("123x"),
        TileParseError,
        "unknown suit 'x' at position 3",
    ),
    (
        'riichi.shanten("11111m")',
        lambda: riichi.shanten("11111m"),
        InvalidHandError,
        "more than 4 copies of 1m",
    ),
    (
        'riichi.shanten("123m")',
        lambda: riichi.shanten("123m"),
        InvalidHandError,
        "3 tiles (3n+1 or 3n+2, at most 14)",
    ),
    (
        'riichi.shanten("11z [555z] 1m")',
        lambda: riichi.shanten("11z [555z] 1m"),
        TileParseError,
        "concealed tiles must come before",
    ),
    ("riichi.shanten([0] * 34)", lambda: riichi.shanten([0] * 34), InvalidHandError, "0 tiles"),
    ("riichi.shanten([1] * 34)", lambda: riichi.shanten([1] * 34), InvalidHandError, "34 tiles"),
    (
        "riichi.shanten([5] + [0] * 33)",
        lambda: riichi.shanten([5] + [0] * 33),
        InvalidHandError,
        "count 5 for kind 0 (0-4 allowed)",
    ),
    (
        "riichi.shanten([-1] + [0] * 33)",
        lambda: riichi.shanten([-1] + [0] * 33),
        InvalidHandError,
        "count -1 for kind 0",
    ),
    (
        'riichi.is_complete("123x")',
        lambda: riichi.is_complete("123x"),
        TileParseError,
        "unknown suit 'x' at position 3",
    ),
    (
        'riichi.is_complete("11111m")',
        lambda: riichi.is_complete("11111m"),
        InvalidHandError,
        "more than 4 copies of 1m",
    ),
    (
        'riichi.is_complete("123m")',
        lambda: riichi.is_complete("123m"),
        InvalidHandError,
        "3 tiles (3n+1 or 3n+2, at most 14)",
    ),
    (
        'riichi.is_complete("123456789m123456p")',
        lambda: riichi.is_complete("123456789m123456p"),
        InvalidHandError,
        "15 tiles",
    ),
    (
        'riichi.is_complete("11z [555z] 1m")',
        lambda: riichi.is_complete("11z [555z] 1m"),
        TileParseError,
        "concealed tiles must come before",
    ),
    (
        "riichi.is_complete([0] * 34)",
        lambda: riichi.is_complete([0] * 34),
        InvalidHandError,
        "0 tiles",
    ),
    (
        "riichi.is_complete([1] * 34)",
        lambda: riichi.is_complete([1] * 34),
        InvalidHandError,
        "34 tiles",
    ),
    (
        "riichi.is_complete([5] + [0] * 33)",
        lambda: riichi.is_complete([5] + [0] * 33),
        InvalidHandError,
        "count 5 for kind 0 (0-4 allowed)",
    ),
    (
        "riichi.is_complete([-1] + [0] * 33)",
        lambda: riichi.is_complete([-1] + [0] * 33),
        InvalidHandError,
        "count -1 for kind 0",
    ),
    # Notation, tiles, ids.
    (
        "bad mpsz",
        lambda: riichi.parse_tiles("12x"),
        TileParseError,
        "\"12x\": unknown suit 'x' at position 2",
    ),
    ("no tile 8z", lambda: Tile("8z"), TileParseError, '"8z": no tile 8z at position 0'),
    (
        "red honor",
        lambda: Tile("0z"),
        TileParseError,
        "\"0z\": honors have no red five ('0z') at position 0",
    ),
    # Hands and melds.
    (
        "five copies",
        lambda: Hand("11111m2345678p99s"),
        InvalidHandError,
        "5 copies of 1m in hand and melds (there are 4)",
    ),
    (
        "15 tiles",
        lambda: Hand("123456789m123456p"),
        InvalidHandError,
        "15 concealed tiles: a hand holds 3n+1 or 3n+2",
    ),
    (
        "chi of honors",
        lambda: Meld("chi", "123z"),
        InvalidMeldError,
        'chi of "123z": a chi cannot be made of honors',
    ),
    (
        "chi of honors, brackets",
        lambda: Meld.parse("[1'23z]"),
        InvalidMeldError,
        "a chi cannot be made of honors",
    ),
    (
        "shanten of 15",
        lambda: riichi.shanten("123456789m123456p"),
        InvalidHandError,
        "15 tiles (3n+1 or 3n+2, at most 14)",
    ),
    # Scoring situations.
    (
        "red five, rules without",
        lambda: riichi.score("067m234m456p789s11z", "1z", rules=Rules(red_fives=(0, 0, 0))),
        InvalidContextError,
        "1 red 0m but the rules have 0 (rule option red_fives)",
    ),
    (
        "ippatsu without riichi",
        lambda: riichi.score("234m456p789s11z333z", "3z", ippatsu=True),
        InvalidContextError,
        "ippatsu without riichi",
    ),
    (
        "haitei with ron",
        lambda: riichi.score("234m456p789s11z333z", "3z", haitei=True),
        InvalidContextError,
        "haitei is a tsumo on the last wall tile: it cannot be a ron",
    ),
    (
        "houtei with tsumo",
        lambda: riichi.score("234m456p789s11z333z", "3z", houtei=True, tsumo=True),
        InvalidContextError,
        "houtei is a ron on the last discard",
    ),
    (
        "chankan with tsumo",
        lambda: riichi.score("234m456p789s11z333z", "3z", chankan=True, tsumo=True),
        InvalidContextError,
        "chankan is a ron on a kan: it cannot be a tsumo",
    ),
    (
        "rinshan with ron",
        lambda: riichi.score("234m456p789s11z333z", "3z", rinshan=True),
        InvalidContextError,
        "rinshan kaihou is a tsumo",
    ),
    (
        "riichi, open hand",
        lambda: riichi.score("234m456p789s11z [33'3z]", "1z", riichi=True),
        InvalidContextError,
        "riichi needs a closed hand",
    ),
    (
        "tenhou, not dealer",
        lambda: riichi.score(HAND, WIN, tenhou=True, tsumo=True, seat_wind="S"),
        InvalidContextError,
        "tenhou is the dealer's tsumo",
    ),
    (
        "robbed ankan alone",
        lambda: riichi.score(HAND, WIN, robbed_ankan=True),
        InvalidContextError,
        "robbed_ankan describes a chankan",
    ),
    (
        "winning tile not held",
        lambda: riichi.score(HAND, "9m"),
        InvalidContextError,
        "the winning tile 9m is not among the concealed tiles",
    ),
    (
        "six dora indicators",
        lambda: riichi.score(HAND, WIN, dora_indicators="123456m"),
        InvalidContextError,
        "at most 5 dora and 5 ura indicators",
    ),
    (
        "wind X",
        lambda: riichi.score(HAND, WIN, seat_wind="X"),
        InvalidContextError,
        'wind "X" is not one of "E", "S", "W", "N"',
    ),
    (
        "wind 7",
        lambda: riichi.score(HAND, WIN, seat_wind=7),
        InvalidContextError,
        "wind 7 is not 0-3",
    ),
    (
        "honba -1",
        lambda: riichi.score(HAND, WIN, honba=-1),
        InvalidContextError,
        "honba must be from 0 to 2^32-1, got -1",
    ),
    (
        "not complete",
        lambda: riichi.score("123m456p789s1123z", "3z"),
        NotAgariError,
        "123m456p789s1123z won on 3z is not a complete hand",
    ),
    (
        "dora only",
        lambda: riichi.score("234m456p789s11z333z", "3z", dora_indicators="2z"),
        NoYakuError,
        "has no yaku (dora alone do not win)",
    ),
    (
        "context and keywords",
        lambda: riichi.score(HAND, WIN, context=riichi.WinContext(), tsumo=True),
        TypeError,
        "either as context= or as keywords, not both",
    ),
    (
        "ron deltas, no discarder",
        lambda: riichi.score(HAND, WIN, seat_wind="S").deltas(),
        InvalidInputError,
        "a ron needs the discarder's seat wind",
    ),
    (
        "points of 0 han",
        lambda: riichi.points(0, 30, dealer=False, tsumo=False),
        InvalidInputError,
        "a winning hand has at least 1 han",
    ),
    (
        "points of 35 fu",
        lambda: riichi.points(3, 35, dealer=False, tsumo=False),
        InvalidInputError,
        "fu is 25 or a multiple of 10 from 20 to 110, got 35",
    ),
    (
        "settle nothing",
        lambda: riichi.settle_multi_ron([], "E"),
        InvalidInputError,
        "no win to settle",
    ),
    # Rules.
    (
        "unknown option",
        lambda: Rules(kiriag=True),
        RuleError,
        'unknown rule option "kiriag" (did you mean kiriage?)',
    ),
    (
        "bad choice",
        lambda: Rules(multi_ron="quad"),
        RuleError,
        'multi_ron takes one of "head_bump", "double", "triple"',
    ),
    ("bool as int", lambda: Rules(kiriage=1), RuleError, "kiriage takes true or false"),
    ("min_han 14", lambda: Rules(min_han=14), RuleError, "min_han takes an integer from 1 to 13"),
    ("uma not summing to 0", lambda: Rules(uma=(20, 10, -10, -10)), RuleError, "summing to 0"),
    (
        "unknown preset",
        lambda: Rules.preset("tenho"),
        RuleError,
        'unknown preset "tenho"; the presets are "tenhou"',
    ),
    ("broken rules JSON", lambda: Rules.from_json("{"), RuleError, "rules JSON does not parse"),
    (
        "broken rules TOML",
        lambda: Rules.from_toml("kiriage = "),
        RuleError,
        "rules TOML does not parse",
    ),
    (
        "option key not a str",
        lambda: Rules.from_dict({1: 2}),
        TypeError,
        "rule option names are strings",
    ),
    # Batch calls.
    (
        "batch count 5",
        lambda: riichi.shanten_batch(np.array([[5] + [0] * 33], np.uint8)),
        InvalidInputError,
        "row 0: count 5 for kind 0 (0-4 allowed)",
    ),
    (
        "batch dtype",
        lambda: riichi.shanten_batch(np.zeros((1, 34), np.int64)),
        InvalidInputError,
        "got a 2-d array of dtype int64 and shape (1, 34)",
    ),
    (
        "batch width",
        lambda: riichi.waits_batch(np.zeros((1, 33), np.uint8)),
        InvalidInputError,
        "uint8 array of shape (N, 34), got a 2-d array of dtype uint8 and shape (1, 33)",
    ),
    (
        "threads 0",
        lambda: riichi.is_complete_batch(ONE_ROW, threads=0),
        InvalidInputError,
        "threads must be an integer from 1 to 256, got 0",
    ),
    (
        "threads 257",
        lambda: riichi.score_batch([HAND], [WIN], threads=257),
        InvalidInputError,
        "threads must be an integer from 1 to 256, got 257",
    ),
    (
        "score_batch one string",
        lambda: riichi.score_batch(HAND, [WIN]),
        InvalidInputError,
        "hands is a sequence of hand strings, not one string",
    ),
    (
        "score_batch short column",
        lambda: riichi.score_batch([HAND, HAND], [WIN, WIN], flags=np.zeros(3, np.uint32)),
        InvalidInputError,
        "flags has 3 entries for 2 hands",
    ),
    (
        "score_batch six dora",
        lambda: riichi.score_batch([HAND], [WIN], dora_indicators=np.zeros((1, 6), np.uint8)),
        InvalidInputError,
        "K at most 5",
    ),
    # The game.
    (
        "kakan without pon",
        lambda: kakan_without_pon(fresh()),
        IllegalActionError,
        "there is no pon of",
    ),
    (
        "riichi with an open hand",
        lambda: riichi_with_open_hand(game_where(open_hand_on_turn)),
        IllegalActionError,
        "riichi needs a closed hand",
    ),
    (
        "chi not offered",
        lambda: chi_not_offered(game_where(a_claim)),
        IllegalActionError,
        "the hand does not hold two",
    ),
    (
        "not this seat's turn",
        lambda: fresh().apply(1, Discard(fresh().observation(1).hand[0])),
        IllegalActionError,
        "it is not this seat's decision (seats deciding: [0])",
    ),
    (
        "tsumo on an incomplete hand",
        lambda: fresh().apply(0, Tsumo()),
        IllegalActionError,
        "seat 0 may not Tsumo(): the hand is not complete with",
    ),
    (
        "pass on one's turn",
        lambda: fresh().apply(0, Pass()),
        IllegalActionError,
        "seat 0 may not Pass(): there is no tile to claim: it is this seat's turn",
    ),
    (
        "ron on one's turn",
        lambda: fresh().apply(0, Ron()),
        IllegalActionError,
        "seat 0 may not Ron(): there is no tile to claim",
    ),
    (
        "kyuushu without nine",
        lambda: fresh().apply(0, KyuushuKyuuhai()),
        IllegalActionError,
        "may not KyuushuKyuuhai(): kyuushu kyuuhai is declared on one's first draw",
    ),
    (
        "daiminkan on one's turn",
        lambda: fresh().apply(0, Daiminkan()),
        IllegalActionError,
        "may not Daiminkan(): there is no tile to claim",
    ),
    (
        "discard of a tile not held",
        lambda: fresh().apply(0, Discard(first_missing(fresh().observation(0).hand))),
        IllegalActionError,
        "is not in the hand",
    ),
    (
        "tsumogiri of another tile",
        lambda: fresh().apply(0, Discard(other_tile(fresh()), tsumogiri=True)),
        IllegalActionError,
        "tsumogiri discards the tile just drawn,",
    ),
    (
        "seat 9",
        lambda: fresh().apply(9, Pass()),
        IllegalActionError,
        "seat 9 may not Pass(): seats are 0-3",
    ),
    (
        "seat -1",
        lambda: fresh().apply(-1, Pass()),
        IllegalActionError,
        "seat -1 may not Pass(): seats are 0-3",
    ),
    (
        "a string for an action",
        lambda: fresh().apply(0, "1m"),
        TypeError,
        "apply takes an action (Discard, Riichi, Chi, Pon, ..., Pass), got str",
    ),
    (
        "legal actions of seat 4",
        lambda: fresh().legal_actions(4),
        InvalidInputError,
        "seats are 0-3, got 4",
    ),
    (
        "wall of 135",
        lambda: Game(walls=["1m" * 135]),
        InvalidInputError,
        "a wall has 136 tiles (108 with three players), got 135",
    ),
    (
        "wall of one kind",
        lambda: Game(walls=[["1m"] * 136]),
        InvalidInputError,
        "a wall has 4 copies of each kind, this one has 136 of 1m",
    ),
    (
        "seed -1",
        lambda: Game(seed=-1),
        InvalidInputError,
        "a seed is an integer from 0 to 2^64-1, got -1",
    ),
    (
        "first dealer 4",
        lambda: Game(first_dealer=4),
        InvalidInputError,
        "the first dealer is seat 0-3, got 4",
    ),
    (
        "rules as a name",
        lambda: Game(rules="tenhou"),
        TypeError,
        "rules must be a riichi.Rules, got str",
    ),
    (
        "unknown agent",
        lambda: riichi.simulate(1, "clever"),
        InvalidInputError,
        'agent "clever" is not one of "random", "tsumogiri", "shanten"',
    ),
    (
        "negative games",
        lambda: riichi.simulate(-1),
        InvalidInputError,
        "n_games is a count of games, got -1",
    ),
    # Logs.
    (
        "mjlog cut in half",
        lambda: logs.read_mjlog(half_mjlog()),
        LogParseError,
        "a tag is not closed with '>' (truncated file?)",
    ),
    (
        "mjlog cut, detected",
        lambda: logs.read_log(half_mjlog().encode()),
        LogParseError,
        "mjlog byte",
    ),
    (
        "mjai line not JSON",
        lambda: logs.read_mjai(MJAI_START + "not json"),
        LogParseError,
        "mjai line 2: expected ident at line 1 column 2",
    ),
    (
        "mjai actor 7",
        lambda: logs.read_mjai(MJAI_START + '{"type":"tsumo","actor":7,"pai":"1m"}'),
        LogParseError,
        'mjai line 2: "actor" must be 0-3, got 7',
    ),
    (
        "mjai tile 1x",
        lambda: logs.read_mjai(MJAI_START + '{"type":"tsumo","actor":0,"pai":"1x"}'),
        LogParseError,
        'mjai line 2: "1x" is not an mjai tile name',
    ),
    ("mjai nothing", lambda: logs.read_mjai(b""), LogParseError, "mjai: no events"),
    (
        "tenhou6 with 12 dealt",
        lambda: logs.read_tenhou6(tenhou6_with_twelve_dealt()),
        LogParseError,
        "log[0] (E1 0 honba): seat 0 has 12 dealt tiles; a deal is 13",
    ),
    (
        "tenhou6 not JSON",
        lambda: logs.read_tenhou6("{nope"),
        LogParseError,
        "tenhou6: not JSON: key must be a string",
    ),
    (
        "tenhou6 without log",
        lambda: logs.read_tenhou6('{"title": []}'),
        LogParseError,
        'tenhou6: "log" must be a non-empty list of hands',
    ),
    (
        "log not UTF-8",
        lambda: logs.read_log(b"\xff\xfe<mjloggm"),
        LogParseError,
        "the log is not UTF-8",
    ),
    (
        "no such log file",
        lambda: logs.read_log("no_such_file.mjlog"),
        InvalidInputError,
        'cannot read the log file "no_such_file.mjlog"',
    ),
    (
        "log of an int",
        lambda: logs.read_log(5),
        TypeError,
        "a log is a path, bytes or the log's text, not int",
    ),
    (
        "replay_files errors=",
        lambda: riichi.replay_files([], errors="ignore"),
        InvalidInputError,
        'errors is "raise" or "report", not "ignore"',
    ),
    # Hands from parts, and changed by a tile.
    (
        "Meld of bad notation",
        lambda: Meld("pon", "555x"),
        TileParseError,
        "unknown suit 'x' at position 3",
    ),
    (
        "Hand of 3 tiles and a meld",
        lambda: Hand("123m", [Meld.parse("[555z]")]),
        InvalidHandError,
        "3 concealed tiles",
    ),
    (
        "Hand of a list with 5 copies",
        lambda: Hand(["1m"] * 5 + ["2p"] * 9),
        InvalidHandError,
        "5 copies of 1m",
    ),
    (
        "Hand of a list of 5 tiles",
        lambda: Hand(["1m"] * 5),
        InvalidHandError,
        "5 concealed tiles and 0 melds",
    ),
    (
        "Hand with 5 copies counting a meld",
        lambda: Hand("1111m5p123456s", [Meld.parse("[1'23m]")]),
        InvalidHandError,
        "5 copies of 1m",
    ),
    (
        "Hand of 8 tiles with a meld",
        lambda: Hand("1111m5p", [Meld.parse("[1'23m]")]),
        InvalidHandError,
        starts("5 concealed tiles and 1 melds make 8 tiles; a hand has 13 or 14"),
    ),
    (
        "Hand with 5 melds",
        lambda: Hand("1m", [Meld.parse("[555z]")] * 5),
        InvalidHandError,
        starts("a hand has at most 4 melds, got more"),
    ),
    # Melds go in `melds=`, not in the tile string.
    (
        "Hand with a meld in the tiles and melds=",
        lambda: Hand("123m [555z]", [Meld.parse("[555z]")]),
        TileParseError,
        "unexpected character '[' at position 5",
    ),
    (
        "with_tile a fifth copy",
        lambda: Hand("1111m234567p888s").with_tile("1m"),
        InvalidHandError,
        "5 copies of 1m",
    ),
    (
        "without_tile not held",
        lambda: Hand("1111m234567p888s").without_tile("9s"),
        InvalidInputError,
        "9s is not among the concealed",
    ),
    # 13 tiles less one, 14 tiles plus one: not a hand.
    (
        "without_tile of 13",
        lambda: Hand("1111m234567p888s").without_tile("1m"),
        InvalidHandError,
        starts("12 concealed tiles"),
    ),
    (
        "with_tile of 14",
        lambda: Hand("1111m234567p888s9s").with_tile("9s"),
        InvalidHandError,
        starts("15 concealed tiles"),
    ),
    (
        "without_tile of the last concealed tile",
        lambda: Hand("1m " + FOUR_MELDS).without_tile("1m"),
        InvalidInputError,
        "leaves no concealed tile",
    ),
    # A red five must be named as red, and a plain five as plain.
    (
        "without_tile 5m of a red five",
        lambda: Hand("0m " + FOUR_MELDS).without_tile("5m"),
        InvalidInputError,
        "5m is not among",
    ),
    # Analysis: the winning tile, and the visible tiles.
    (
        "decompositions on a tile not held",
        lambda: Hand(COMPLETE).decompositions("3z"),
        InvalidInputError,
        "the winning tile 3z is not among the concealed tiles of 123m456p789s11222z",
    ),
    # A tile in a meld is not a winning tile of the concealed part.
    (
        "decompositions on a meld's tile",
        lambda: Hand("11m [1'23m] [3'45m] [4'56m] (7777z)").decompositions("2m"),
        InvalidInputError,
        "winning tile 2m",
    ),
    (
        "decompositions on bad notation",
        lambda: Hand(COMPLETE).decompositions("3x"),
        TileParseError,
        "unknown suit 'x'",
    ),
    ("decompositions on an int", lambda: Hand(COMPLETE).decompositions(3), TypeError, ""),
    *[
        case
        for method, text in [("ukeire", TENPAI), ("discard_options", COMPLETE)]
        for case in [
            # Hand + visible: 2 + 3 copies of 1z.
            (
                f"{method} visible 111z",
                lambda m=method, t=text: getattr(Hand(t), m)(visible="111z"),
                InvalidInputError,
                "5 copies of 1z between the hand and",
            ),
            (
                f"{method} visible of five copies",
                lambda m=method, t=text: getattr(Hand(t), m)(visible="99999m"),
                InvalidInputError,
                "more than 4 copies of 9m given",
            ),
            (
                f"{method} visible count 5",
                lambda m=method, t=text: getattr(Hand(t), m)(visible=[0] * 33 + [5]),
                InvalidInputError,
                "count 5 for kind 33 (0-4 allowed)",
            ),
            (
                f"{method} visible count -1",
                lambda m=method, t=text: getattr(Hand(t), m)(visible=[-1] + [0] * 33),
                InvalidInputError,
                "count -1 for kind 0",
            ),
            (
                f"{method} visible bad notation",
                lambda m=method, t=text: getattr(Hand(t), m)(visible="1x"),
                TileParseError,
                "unknown suit 'x'",
            ),
            (
                f"{method} visible int",
                lambda m=method, t=text: getattr(Hand(t), m)(visible=5),
                TypeError,
                "",
            ),
            (
                f"{method} visible floats",
                lambda m=method, t=text: getattr(Hand(t), m)(visible=[1.5] + [0] * 33),
                TypeError,
                "",
            ),
            (
                f"{method} visible lying about its length",
                lambda m=method, t=text: getattr(Hand(t), m)(LyingSequence([0] * 40)),
                InvalidInputError,
                whole(LIES),
            ),
            (
                f"{method} visible list lying about its length",
                lambda m=method, t=text: getattr(Hand(t), m)(LyingList([0] * 40)),
                InvalidInputError,
                whole(LIES),
            ),
        ]
    ],
    (
        "ukeire visible shorter than its length",
        lambda: Hand(TENPAI).ukeire(visible=LyingSequence([0] * 13)),
        InvalidInputError,
        "13 counts from a sequence of length 34",
    ),
    (
        "ukeire visible list shorter than its length",
        lambda: Hand(TENPAI).ukeire(visible=LyingList([0] * 13)),
        InvalidInputError,
        "13 counts from a sequence of length 34",
    ),
    # Wrong Python types.
    ("Tile of an int", lambda: Tile(5), TypeError, ""),
    (
        "format_tiles of ints",
        lambda: riichi.format_tiles([1, 2]),
        TypeError,
        "expected a Tile or a tile string, got int",
    ),
    (
        "format_tiles of an int",
        lambda: riichi.format_tiles(5),
        TypeError,
        "tiles must be an mpsz string or an iterable of tiles",
    ),
    ("tiles_from_id136 of a str", lambda: riichi.tiles_from_id136("12"), TypeError, ""),
    ("Hand melds of str", lambda: Hand("123m", melds=["[555z]"]), TypeError, ""),
    *[
        (f"{fn.__name__} of {name}", lambda fn=fn, arg=arg: fn(arg), TypeError, "")
        for fn in (riichi.shanten, riichi.is_complete)
        for name, arg in [
            ("an int", 5),
            ("None", None),
            ("a float", 1.5),
            ("a float count", [1.5] + [0] * 33),
            ("33 counts", [0] * 33),
            ("a list of tiles", ["1m"] * 13),
            # A dict is not a sequence of counts, even with 34 keys.
            ("a dict of zeros", dict.fromkeys(range(34), 0)),
            ("a dict of counts", {k: int(k < 13) for k in range(34)}),
            ("a dict of str keys", {str(k): 1 for k in range(34)}),
        ]
    ],
    *[
        (
            f"{fn.__name__} of a {kind.__name__} {what}",
            lambda fn=fn, c=c: fn(c),
            InvalidHandError,
            m,
        )
        for fn in (riichi.shanten, riichi.is_complete)
        for kind in (LyingSequence, LyingList)
        for what, c, m in [
            ("longer than its length", kind(LONG), whole(LIES)),
            ("shorter than its length", kind([1] * 13), "13 counts from a sequence of length 34"),
        ]
    ],
    # Text that is not valid: lone surrogates, long input, positions in characters.
    *[
        (
            f"{name} of {text!r}",
            lambda fn=fn, text=text: fn(text),
            TileParseError,
            "not valid text (a lone surrogate)",
        )
        for name, fn in SURROGATE_NOTATION.items()
        for text in SURROGATE_TEXTS
        if (name, text) != ("Hand", "1m\udc00")
    ],
    (
        "Hand of a lone surrogate: its position",
        lambda: Hand("1m\udc00"),
        TileParseError,
        rx(r"not valid text \(a lone surrogate\) at position 2$"),
    ),
    # The quote stops at 60 characters; the position still counts the whole input.
    (
        "lone surrogate far in",
        lambda: Hand("1" * 100 + "\ud800m"),
        TileParseError,
        rx(r"surrogate\) at position 100$"),
    ),
    # The quote keeps the first 60 characters and marks the cut with "…".
    (
        "long input cut to 60",
        lambda: riichi.parse_tiles("1m" * 40 + "x"),
        TileParseError,
        quoted("1m" * 30 + "…", "unknown suit 'x' at position 80"),
    ),
    (
        "long hand cut to 60",
        lambda: Hand("1m" * 40 + " [5x5z]"),
        TileParseError,
        quoted("1m" * 30 + "…", "unknown suit 'x' at position 83"),
    ),
    (
        "exactly 60 characters: no cut",
        lambda: riichi.parse_tiles("1m" * 29 + "1x"),
        TileParseError,
        quoted("1m" * 29 + "1x", "unknown suit 'x' at position 59"),
    ),
    # The cut counts characters, not bytes (each é is two bytes in UTF-8).
    *[
        (
            f"{n} characters of é",
            lambda n=n: riichi.parse_tiles("\u00e9" * n),
            TileParseError,
            quoted("\u00e9" * 60 + tail, "unknown suit '\u00e9' at position 0"),
        )
        for n, tail in [(60, ""), (61, "…"), (500, "…")]
    ],
    # Leading and trailing Unicode spaces are trimmed from a meld; the position counts
    # them as one character each, whatever their UTF-8 length.
    *[
        (
            f"meld after spaces {text!r}",
            lambda text=text: Meld.parse(text),
            TileParseError,
            rx(rf"unknown suit 'x' at position {position}$"),
        )
        for text, position in [
            ("\u3000\u3000[5x5z]", 4),
            ("\u00a0[5x5z]", 3),
            ("\u2003\u00a0 [55'x]", 7),
        ]
    ],
    *[
        (f"{name} 2**70", lambda fn=fn, arg=arg: fn(arg), InvalidTileError, "out of range")
        for name, fn, arg in [
            ("Tile.from_kind", Tile.from_kind, 2**70),
            ("Tile.from_id136", Tile.from_id136, 2**70),
            ("tiles_from_id136", riichi.tiles_from_id136, [2**70]),
        ]
    ],
    # Integers outside the range of the core's parameter types: a riichi error that
    # shows the value, never an OverflowError.
    (
        "points han -1",
        lambda: riichi.points(-1, 30, dealer=False, tsumo=False),
        InvalidInputError,
        "han must be an integer from 0 to 1000, got -1",
    ),
    (
        "points han 2**70",
        lambda: riichi.points(2**70, 30, dealer=False, tsumo=False),
        InvalidInputError,
        "han must be an integer",
    ),
    (
        "points fu 2**32",
        lambda: riichi.points(3, 2**32, dealer=False, tsumo=False),
        InvalidInputError,
        "fu must be an integer from 0 to 4294967295, got 4294967296",
    ),
    (
        "points honba -1",
        lambda: riichi.points(3, 30, dealer=False, tsumo=False, honba=-1),
        InvalidInputError,
        "honba must be an integer from 0 to 4294967295, got -1",
    ),
    (
        "points yakuman 2**40",
        lambda: riichi.points(0, 0, dealer=False, tsumo=False, yakuman=2**40),
        InvalidInputError,
        "yakuman must be an integer from 0 to 100, got 1099511627776",
    ),
    (
        "nagashi honba -1",
        lambda: riichi.nagashi_mangan_payments(["S"], honba=-1),
        InvalidInputError,
        "honba must be an integer from 0 to 4294967295, got -1",
    ),
    (
        "Game seed 2**64",
        lambda: Game(seed=2**64),
        InvalidInputError,
        "a seed is an integer from 0 to 2^64-1, got 18446744073709551616",
    ),
    (
        "Game seed 2**200",
        lambda: Game(seed=2**200),
        InvalidInputError,
        "a seed is an integer from 0 to 2^64-1, got 1606938044258990275541962092341",
    ),
    (
        "Game first_dealer 2**63",
        lambda: Game(first_dealer=2**63),
        InvalidInputError,
        "the first dealer is seat 0-3, got 9223372036854775808",
    ),
    (
        "Game.apply seat 2**63",
        lambda: fresh().apply(2**63, Pass()),
        IllegalActionError,
        "seat 9223372036854775808 may not Pass(): seats are 0-3",
    ),
    (
        "Game.legal_actions 2**63",
        lambda: fresh().legal_actions(2**63),
        InvalidInputError,
        "seats are 0-3, got 9223372036854775808",
    ),
    (
        "Game.legal_actions -2**70",
        lambda: fresh().legal_actions(-(2**70)),
        InvalidInputError,
        "got -1180591620717411303424",
    ),
    (
        "Game.observation -2**63-1",
        lambda: fresh().observation(-(2**63) - 1),
        InvalidInputError,
        "seats are 0-3, got -9223372036854775809",
    ),
    (
        "simulate n_games 2**63",
        lambda: riichi.simulate(2**63),
        InvalidInputError,
        "n_games is a count of games, got 9223372036854775808",
    ),
    (
        "simulate seed -1",
        lambda: riichi.simulate(1, seed=-1),
        InvalidInputError,
        "a seed is an integer from 0 to 2^64-1, got -1",
    ),
    (
        "simulate seed 2**200",
        lambda: riichi.simulate(1, seed=2**200),
        InvalidInputError,
        "a seed is an integer from 0 to 2^64-1, got 1606938044258990275541962092341",
    ),
    # A lone surrogate in a text argument that is not notation.
    *[
        (
            f"lone surrogate in {name}",
            lambda call=call: call("x\udc00"),
            exc,
            "is not valid text: a lone surrogate at character",
        )
        for name, (call, exc) in SURROGATE_ARGUMENTS.items()
    ],
    *[
        (
            f"rules JSON of {text}",
            lambda text=text: Rules.from_json(text),
            RuleError,
            f"rules JSON must be an object of options, got {kind}",
        )
        for text, kind in [
            ("[]", "a list"),
            ("null", "null"),
            ("1", "a number"),
            ('"tenhou"', "a string"),
        ]
    ],
    *[
        (
            f"{cls.__name__} of {len(tiles)} tiles",
            lambda cls=cls, tiles=tiles: cls(tiles),
            InvalidInputError,
            f"a {cls.__name__.lower()} takes two tiles of the hand, got {got}",
        )
        for cls in (Chi, Pon)
        for tiles, got in [(("1m", "2m", "3m"), "more"), (("1m",), "1"), ((), "0")]
    ],
    (
        "replay_files of one path",
        lambda: riichi.replay_files("game.mjlog"),
        TypeError,
        "replay_files takes a sequence of logs (paths, bytes or texts), not one",
    ),
    (
        "score_batch win tile id that does not fit",
        lambda: riichi.score_batch([HAND], np.array([-5], np.int64)),
        InvalidInputError,
        "win_tiles[0] is -5, outside 0 to 255 (uint8)",
    ),
]


@pytest.mark.parametrize(
    ("call", "exc", "message"),
    [pytest.param(call, exc, message, id=name) for name, call, exc, message in CASES],
)
def test_bad_input(call: Callable[[], Any], exc: type[BaseException], message: Message) -> None:
    _, e = outcome(call)
    assert e is not None, "no error"
    # The exact class, not a sibling or a bare MahjongError.
    assert type(e) is exc, f"{type(e).__name__}: {e}"
    if isinstance(message, str):
        assert message in str(e), str(e)
    else:
        assert message.search(str(e)), str(e)


def test_each_case_once() -> None:
    names = [name for name, *_ in CASES]
    assert len(set(names)) == len(names), [n for n in names if names.count(n) > 1]


# Beyond the table -------------------------------------------------------------------------


def test_hierarchy() -> None:
    assert issubclass(riichi.MahjongError, ValueError)
    for cls in (
        riichi.TileParseError,
        riichi.InvalidTileError,
        riichi.InvalidMeldError,
        riichi.InvalidHandError,
        riichi.InvalidInputError,
    ):
        assert issubclass(cls, riichi.MahjongError)
        assert cls.__module__ == "riichi"
        assert cls.__doc__
    # Users catch the standard error they already know.
    with pytest.raises(ValueError):
        Tile("1x")


def test_counts_told_truthfully_are_fine() -> None:
    # The first 34 of the counts the lying sequences yield: 1m-9m 1p-4p is tenpai.
    assert riichi.shanten(LONG[:34]) == 0


def test_a_meld_with_spaces_around_it_is_the_same_meld() -> None:
    assert Meld.parse("\u3000[5'55z]\u00a0") == Meld.parse("[5'55z]")


def test_a_megabyte_of_notation_is_refused_with_a_short_message() -> None:
    text = "1m" * 500_000
    with pytest.raises(riichi.InvalidHandError) as e:
        riichi.Hand(text)
    assert len(str(e.value)) < 400
    with pytest.raises(riichi.TileParseError) as e:
        riichi.parse_tiles("1m" * 500_000 + "x")
    assert len(str(e.value)) < 400


@pytest.mark.parametrize("ch", ["\x00", "\x1b", "\r", "\x7f", "\u200b"])
def test_unexpected_characters_are_shown_escaped(ch: str) -> None:
    with pytest.raises(TileParseError) as info:
        riichi.parse_tiles("1m" + ch)
    # The reason names the character printably, as the quoted input does.
    reason = str(info.value).split('": ', 1)[1]
    assert reason.isprintable(), repr(reason)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")
def test_a_log_path_of_unknown_size_is_read_only_to_the_limit(tmp_path: Path) -> None:
    """A FIFO (size 0 to the file system) offering 100 MB: the reader refuses it by its
    size, and must stop reading past the 32 MB limit (a device such as /dev/zero is
    otherwise read until memory runs out). The writer is another process, which says
    how much it could write."""
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    writer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "n = 0\n"
            "try:\n"
            "    with open(sys.argv[1], 'wb') as f:\n"
            "        for _ in range(100):\n"
            "            n += f.write(b'a' * (1 << 20))\n"
            "except BrokenPipeError:\n"
            "    pass\n"
            "print(n)\n",
            str(fifo),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        _, e = outcome(logs.read_log, str(fifo))
    finally:
        written = int(writer.communicate(timeout=60)[0])
    assert isinstance(e, InvalidInputError) and "more than the 32 MB" in str(e), repr(e)
    assert written < 40 << 20, f"the reader took all {written >> 20} MB"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs os.mkfifo")
def test_log_files_are_read_with_the_gil_released(tmp_path: Path) -> None:
    """A thread of this process writes the log into a FIFO while `read_log` and
    `replay_files` read it: they could not finish if they held the GIL."""
    text = engine_record(3).to_mjai()
    readers: list[Callable[[str], Any]] = [
        lambda p: logs.read_log(p).events,
        lambda p: riichi.replay_files([p])[0].ok,
    ]
    for i, read in enumerate(readers):
        fifo = tmp_path / f"log{i}.fifo"
        os.mkfifo(fifo)
        writer = threading.Thread(target=fifo.write_text, args=(text,), daemon=True)
        writer.start()
        assert read(str(fifo))
        writer.join(timeout=30)
        assert not writer.is_alive()


def test_a_seed_may_use_all_64_bits() -> None:
    a = Game(seed=2**64 - 1)
    b = Game(seed=2**64 - 1)
    assert a.observation(0).hand == b.observation(0).hand
    assert riichi.simulate(1, "random", seed=2**64 - 1)["games"] == 1


def test_score_batch_rows_with_unknown_flag_bits_are_invalid() -> None:
    known = max(riichi.SCORE_FLAGS.values())
    out = riichi.score_batch(
        [HAND, HAND], [WIN, WIN], flags=np.array([known, known << 1], np.uint32)
    )
    assert out["status"].tolist() == [out["status"][0], riichi.SCORE_STATUS["bad_flags"]]


FILE_READERS: list[tuple[str, Callable[[Any], Any]]] = [
    ("rules", Rules.load),
    ("log", logs.read_log),
    ("log", logs.read_mjlog),
    ("log", lambda p: riichi.replay_files([p])),
]


@pytest.mark.parametrize(("what", "read"), FILE_READERS)
def test_one_rule_for_every_file_read(
    what: str, read: Callable[[Any], Any], tmp_path: Path
) -> None:
    """A missing file, a directory, a path with a NUL or a lone surrogate, a file
    that is not UTF-8 and one over the size limit: the same InvalidInputError,
    naming the file, for rules files and logs alike."""
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"kiriage": \xff}')
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(33 << 20)
    cases = [
        (tmp_path / "missing.json", "No such file or directory"),
        (tmp_path, "it is a directory"),
        (str(tmp_path / "a\0b.json"), f"cannot read the {what} file"),
        (latin, "it is not UTF-8 text"),
        (big, "more than the 32 MB a file may hold"),
    ]
    for path, why in cases:
        with pytest.raises(InvalidInputError, match=f"cannot read the {what} file") as info:
            read(path)
        assert why in str(info.value), info.value
    with pytest.raises(InvalidInputError, match="lone surrogate"):
        read(str(tmp_path / "\udcff.json"))


def test_rules_save_follows_the_file_rule(tmp_path: Path) -> None:
    with pytest.raises(
        InvalidInputError, match=r"cannot write the rules file .*: it is a directory"
    ):
        (tmp_path / "d.json").mkdir()
        Rules().save(tmp_path / "d.json")
    with pytest.raises(InvalidInputError, match="cannot write the rules file"):
        Rules().save(tmp_path / "no" / "such" / "dir.toml")
    with pytest.raises(RuleError, match=r"rules files are \.json or \.toml"):
        Rules().save(tmp_path / "rules.yaml")
    Rules(kiriage=True).save(tmp_path / "r.toml")
    assert Rules.load(tmp_path / "r.toml") == Rules(kiriage=True)


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: riichi.points("3", 30, dealer=False, tsumo=False), "han"),
        (lambda: Game(seed="1"), "seed"),
        (lambda: riichi.simulate(1, agent=3), "agent"),
        (lambda: Game(seed=1).legal_actions(1.0), "seat"),
    ],
)
def test_a_wrong_type_names_its_argument(call: Callable[[], Any], argument: str) -> None:
    """The message says what was expected; the note (shown in tracebacks) says where."""
    with pytest.raises(TypeError) as info:
        call()
    assert f"while processing '{argument}'" in getattr(info.value, "__notes__", []), info.value


def test_refusals_in_riichi_and_after_a_call_say_why() -> None:
    """A riichi declared again while in riichi is refused as "already in riichi", and
    a kan right after a call as "a kan is declared after a draw" (not with the list of
    legal actions). Games of shanten agents that also take every pon and chi."""
    from riichi.agents import ShantenAgent

    seen = set()
    for seed in range(40):
        game, agent = Game(seed=seed), ShantenAgent()
        while not game.is_over and len(seen) < 2:
            s = game.current_decision[0]
            obs = game.observation(s)
            if game.phase == "turn" and obs.riichi[s] and obs.drawn is not None:
                with pytest.raises(IllegalActionError, match="already in riichi"):
                    game.apply(s, Riichi(obs.drawn, tsumogiri=True))
                seen.add("riichi")
            if game.phase == "turn" and obs.drawn is None:
                with pytest.raises(IllegalActionError, match="a kan is declared after a draw"):
                    game.apply(s, Kakan(obs.hand[0]))
                seen.add("call")
            legal = game.legal_actions(s)
            call = next((a for a in legal if a.kind in ("pon", "chi")), None)
            game.apply(s, call or agent.act(obs, legal))
    assert seen == {"riichi", "call"}
