"""A catalogue of malformed inputs: each raises the exact exception class with a
message that names the problem (and, for notation, where it is)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

import riichi
from riichi import Hand, Meld, Tile


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


def check(fn: Callable[..., Any], args: tuple[Any, ...], exc: type[Exception], msg: str) -> None:
    with pytest.raises(exc) as info:
        fn(*args)
    # The exact class, not a sibling or a bare MahjongError.
    assert type(info.value) is exc
    assert re.search(msg, str(info.value)), str(info.value)


# Notation: the class, and the position of the problem ---------------------------------


@pytest.mark.parametrize(
    ("text", "msg"),
    [
        ("123x", r"^\"123x\": unknown suit 'x' at position 3$"),
        ("123m45q", r"unknown suit 'q' at position 6"),
        ("123", r"digits without a suit letter at position 0"),
        ("12m 34", r"digits without a suit letter at position 4"),
        ("m", r"suit 'm' has no digits before it at position 0"),
        ("12mp", r"suit 'p' has no digits before it at position 3"),
        ("10z", r"honors have no red five \('0z'\) at position 1"),
        ("8z", r"no tile 8z at position 0"),
        ("19m9z", r"no tile 9z at position 3"),
        ("1m!", r"unexpected character '!' at position 2"),
        ("1m\u00e9", r"unknown suit '\u00e9' at position 2"),
    ],
)
def test_bad_tile_notation(text: str, msg: str) -> None:
    check(riichi.parse_tiles, (text,), riichi.TileParseError, msg)
    check(riichi.format_tiles, (text,), riichi.TileParseError, msg)


@pytest.mark.parametrize(
    ("text", "msg"),
    [
        ("1m2m", r"expected one tile, got 2"),
        ("", r"expected one tile, got 0"),
        ("5x", r"unknown suit 'x' at position 1"),
    ],
)
def test_bad_single_tile(text: str, msg: str) -> None:
    check(Tile, (text,), riichi.TileParseError, msg)


@pytest.mark.parametrize(
    ("text", "msg"),
    [
        ("123m456p789s11z22x", r"unknown suit 'x' at position 17"),
        ("123m [555z", r"'\[' is never closed at position 5"),
        ("123m (1111s", r"'\(' is never closed at position 5"),
        ("123m 555z]", r"'\]' closes nothing at position 9"),
        ("11z [555z] 123m456p", r"concealed tiles must come before the melds at position 11"),
        ("11z [5'5'5z]", r"more than one called tile"),
        ("11z [5 55z]", r"unexpected character ' ' at position 6"),
        ("11z ['555z]", r"\"'\" must follow a tile digit at position 5"),
        ("11z [555+z]", r"'\+' must precede a tile digit at position 8"),
    ],
)
def test_bad_hand_notation(text: str, msg: str) -> None:
    exc = riichi.InvalidMeldError if "called tile" in msg else riichi.TileParseError
    check(Hand, (text,), exc, msg)


@pytest.mark.parametrize(
    ("text", "exc", "msg"),
    [
        ("555z", riichi.TileParseError, r"a meld is written \[\.\.\.\] \(open\) or \(\.\.\.\)"),
        ("[4'35m", riichi.TileParseError, r"a meld is written"),
        ("[124m]", riichi.InvalidMeldError, r"three consecutive tiles of one suit"),
        ("[123z]", riichi.InvalidMeldError, r"a chi cannot be made of honors"),
        ("[55z]", riichi.InvalidMeldError, r"an open meld has 3 or 4 tiles, not 2"),
        ("[55555z]", riichi.InvalidMeldError, r"an open meld has 3 or 4 tiles, not 5"),
        ("(111s)", riichi.InvalidMeldError, r"an? ankan has 4 tiles, not 3"),
        ("(1112s)", riichi.InvalidMeldError, r"an? ankan is 4 tiles of one kind"),
        ("[34'5m]", riichi.InvalidMeldError, r"a chi is called from the left seat, not across"),
        ("[345'm]", riichi.InvalidMeldError, r"a chi is called from the left seat, not right"),
        ("[1'2'3m]", riichi.InvalidMeldError, r"more than one called tile"),
        ("[5'5+5+5z]", riichi.InvalidMeldError, r"more than one added tile"),
        ("[55+5z]", riichi.InvalidMeldError, r"'\+' marks a kakan, which has 4 tiles, not 3"),
        ("[5'55+6z]", riichi.InvalidMeldError, r"is 4 tiles of one kind"),
        # The added tile of a kakan came from the wall, after the pon was called.
        ("[55+5'5z]", riichi.InvalidMeldError, r"^\"\[55\+5'5z\]\": the tile a kakan adds was not"),
        ("[+5'555z]", riichi.InvalidMeldError, r"the tile a kakan adds was not called"),
        ("(1111s')", riichi.TileParseError, r"unexpected character"),
    ],
)
def test_bad_meld_notation(text: str, exc: type[Exception], msg: str) -> None:
    check(Meld.parse, (text,), exc, msg)


# Meld validation ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "msg"),
    [
        (("chi", "123z"), {}, r"chi of \"123z\": a chi cannot be made of honors"),
        (("chi", "135m"), {}, r"a chi is three consecutive tiles of one suit"),
        (("chi", "89m1p"), {}, r"a chi is three consecutive tiles of one suit"),
        (("chi", "3456m"), {}, r"a chi has 3 tiles, not 4"),
        (
            ("chi", "345m"),
            {"called": "3m", "called_from": "across"},
            r"a chi is called from the left seat, not across",
        ),
        (("pon", "556z"), {}, r"a pon is 3 tiles of one kind"),
        (("pon", "55z"), {}, r"a pon has 3 tiles, not 2"),
        (("daiminkan", "555z"), {}, r"a daiminkan has 4 tiles, not 3"),
        (("kakan", "5555z"), {}, r"a kakan needs the tile added to its pon"),
        (
            ("kakan", "5555z"),
            {"called": "5z", "called_from": "left"},
            r"a kakan needs the tile added to its pon",
        ),
        (("kakan", "5555z"), {"added": "6z"}, r"the added tile 6z is not in the meld"),
        (
            ("kakan", "0555m"),
            {"called": "0m", "called_from": "left", "added": "0m"},
            r"the called tile 0m and the added tile 0m are the same copy",
        ),
        (("pon", "555z"), {"added": "5z"}, r"only a kakan has an added tile"),
        (
            ("pon", "555z"),
            {"called": "6z", "called_from": "left"},
            r"the called tile 6z is not in the meld",
        ),
        (("chi", "345m"), {"called": "6m"}, r"the called tile 6m is not in the meld"),
        (("pon", "555z"), {"called": "5z"}, r"a called tile needs its source seat"),
        (("pon", "555z"), {"called_from": "left"}, r"a source seat needs the called tile"),
        (
            ("chi", "345m"),
            {"called_from": "left"},
            r"^chi of \"345m\": a source seat needs the called tile$",
        ),
        (("chi", "345m"), {"called_from": "across"}, r"a source seat needs the called tile"),
        (("daiminkan", "5555z"), {"called_from": "right"}, r"a source seat needs the called"),
        (
            ("ankan", "5555z"),
            {"called": "5z", "called_from": "left"},
            r"an ankan has no called tile and no source seat",
        ),
        (("foo", "555z"), {}, r"unknown meld kind \"foo\" \(chi, pon, daiminkan, kakan, ankan\)"),
        (
            ("pon", "555z"),
            {"called": "5z", "called_from": "up"},
            r"unknown seat \"up\" \(left, across, right\)",
        ),
    ],
)
def test_invalid_meld(args: tuple[Any, ...], kwargs: dict[str, Any], msg: str) -> None:
    with pytest.raises(riichi.InvalidMeldError) as info:
        Meld(*args, **kwargs)
    assert type(info.value) is riichi.InvalidMeldError
    assert re.search(msg, str(info.value)), str(info.value)


def test_meld_with_bad_tile_notation() -> None:
    check(Meld, ("pon", "555x"), riichi.TileParseError, r"unknown suit 'x' at position 3")


# Hand validation ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "msg"),
    [
        ("11111m23456789p", r"^5 copies of 1m in hand and melds \(there are 4\)$"),
        ("0555m5m123p456s11z", r"5 copies of 5m"),  # red fives count as fives
        ("1111m5p123456s [1'23m]", r"5 copies of 1m"),  # copies in melds count too
        ("55z123456789m [5'55z]", r"5 copies of 5z"),
        ("1m [1'11m] [1'23m] [5'55z] [6'66z]", r"5 copies of 1m"),
        ("123456789m123p", r"^12 concealed tiles: a hand holds 3n\+1 or 3n\+2 \(13 or 14 with"),
        ("123456789m123456p", r"15 concealed tiles"),
        ("", r"0 concealed tiles"),
        ("123m [555z]", r"^3 concealed tiles: a hand holds 3n\+1 or 3n\+2"),
        # 13 or 14 tiles, a meld counting 3: partial hands are refused.
        (
            "123456789m1234567p",
            r"^16 concealed tiles and 0 melds make 16 tiles; a hand has 13 or 14, a meld "
            r"counting 3$",
        ),
        ("123456789m1234p [1'11z]", r"13 concealed tiles and 1 melds make 16 tiles; a hand has"),
        ("1234m [5'55z] [6'66z] [7'77z] [1'11z]", r"4 concealed tiles and 4 melds make 16 tiles"),
        ("1m", r"^1 concealed tiles and 0 melds make 1 tiles; a hand has 13 or 14"),
        ("11m", r"^2 concealed tiles and 0 melds make 2 tiles"),
        ("1111m", r"^4 concealed tiles and 0 melds make 4 tiles"),
        ("123456789m1p", r"^10 concealed tiles and 0 melds make 10 tiles"),
        ("11m [1'23m] [3'45m] [4'56m]", r"^2 concealed tiles and 3 melds make 11 tiles"),
        ("1m [1'23m] [5'55z] [6'66z] [7'77z] [3'45p]", r"1 concealed tiles and 5 melds make 16"),
        # The size is checked before the copies.
        ("11111m", r"^5 concealed tiles and 0 melds make 5 tiles"),
        # A long hand is refused by its size, whatever its copies.
        ("1m" * 300, r"^300 concealed tiles: a hand holds 3n\+1 or 3n\+2"),
        ("1m" * 301, r"^301 concealed tiles and 0 melds make 301 tiles"),
    ],
)
def test_invalid_hand(text: str, msg: str) -> None:
    check(Hand, (text,), riichi.InvalidHandError, msg)


def test_invalid_hand_from_parts() -> None:
    check(
        Hand,
        ("123m", [Meld.parse("[555z]")]),
        riichi.InvalidHandError,
        r"3 concealed tiles",
    )
    check(Hand, (["1m"] * 5 + ["2p"] * 9,), riichi.InvalidHandError, r"5 copies of 1m")
    check(Hand, (["1m"] * 5,), riichi.InvalidHandError, r"5 concealed tiles and 0 melds")
    check(
        Hand,
        ("1111m5p123456s", [Meld.parse("[1'23m]")]),
        riichi.InvalidHandError,
        r"5 copies of 1m",
    )
    check(
        Hand,
        ("1111m5p", [Meld.parse("[1'23m]")]),
        riichi.InvalidHandError,
        r"^5 concealed tiles and 1 melds make 8 tiles; a hand has 13 or 14",
    )
    check(
        Hand,
        ("1m", [Meld.parse("[555z]")] * 5),
        riichi.InvalidHandError,
        r"^a hand has at most 4 melds, got more",
    )
    # Melds go in `melds=`, not in the tile string.
    check(
        Hand,
        ("123m [555z]", [Meld.parse("[555z]")]),
        riichi.TileParseError,
        r"unexpected character '\[' at position 5",
    )


def test_with_and_without_tile_errors() -> None:
    h = Hand("1111m234567p888s")
    check(h.with_tile, ("1m",), riichi.InvalidHandError, r"5 copies of 1m")
    check(h.without_tile, ("9s",), riichi.InvalidInputError, r"9s is not among the concealed")
    # 13 tiles less one, 14 tiles plus one: not a hand.
    check(h.without_tile, ("1m",), riichi.InvalidHandError, r"^12 concealed tiles")
    check(h.with_tile("9s").with_tile, ("9s",), riichi.InvalidHandError, r"^15 concealed tiles")
    four_melds = Hand("1m [1'23m] [3'45m] [4'56m] [7'77z]")
    check(four_melds.without_tile, ("1m",), riichi.InvalidInputError, r"leaves no concealed tile")
    # A red five must be named as red, and a plain five as plain.
    check(
        Hand("0m [1'23m] [3'45m] [4'56m] [7'77z]").without_tile,
        ("5m",),
        riichi.InvalidInputError,
        r"5m is not among",
    )


# Analysis on the wrong hand size, and bad visible tiles ----------------------------


@pytest.mark.parametrize(
    ("method", "text", "msg"),
    [
        ("waits", "123m456p789s11222z", r"waits needs a 13-tile hand \(3n\+1 .*\); .* has 14"),
        ("ukeire", "123m456p789s11222z", r"ukeire needs a 13-tile hand .* has 14"),
        ("discard_options", "123m456p789s1122z", r"discard_options needs a 14-tile hand .* has 13"),
        ("decompositions", "123m456p789s1122z", r"need a complete-size hand .* has 13"),
        ("waits", "11m [1'23m] [3'45m] [4'56m] [7'77z]", r"3n\+1 concealed tiles.* has 2"),
        ("ukeire", "11m [1'23m] [3'45m] [4'56m] [7'77z]", r"3n\+1 concealed tiles.* has 2"),
        ("discard_options", "1m [1'23m] [3'45m] [4'56m] [7'77z]", r"3n\+2 concealed .* has 1"),
        ("decompositions", "1m [1'23m] [3'45m] [4'56m] [7'77z]", r"complete-size .* has 1"),
    ],
)
def test_wrong_hand_size(method: str, text: str, msg: str) -> None:
    check(getattr(Hand(text), method), (), riichi.InvalidInputError, msg)


def test_winning_tile_not_in_hand() -> None:
    h = Hand("123m456p789s11222z")
    check(
        h.decompositions,
        ("3z",),
        riichi.InvalidInputError,
        r"the winning tile 3z is not among the concealed tiles of 123m456p789s11222z",
    )
    # A tile in a meld is not a winning tile of the concealed part.
    check(
        Hand("11m [1'23m] [3'45m] [4'56m] (7777z)").decompositions,
        ("2m",),
        riichi.InvalidInputError,
        r"winning tile 2m",
    )
    check(h.decompositions, ("3x",), riichi.TileParseError, r"unknown suit 'x'")
    with pytest.raises(TypeError):
        h.decompositions(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("method", ["ukeire", "discard_options"])
def test_visible_tiles_exceeding_four_copies(method: str) -> None:
    text = "123m456p789s1122z" if method == "ukeire" else "123m456p789s11222z"
    fn = getattr(Hand(text), method)
    # Hand + visible: 2 + 3 copies of 1z.
    with pytest.raises(riichi.InvalidInputError, match=r"5 copies of 1z between the hand and"):
        fn(visible="111z")
    # Visible alone holding five copies.
    with pytest.raises(riichi.InvalidInputError, match=r"more than 4 copies of 9m given"):
        fn(visible="99999m")
    with pytest.raises(riichi.InvalidInputError, match=r"count 5 for kind 33 \(0-4 allowed\)"):
        fn(visible=[0] * 33 + [5])
    with pytest.raises(riichi.InvalidInputError, match=r"count -1 for kind 0"):
        fn(visible=[-1] + [0] * 33)
    with pytest.raises(riichi.TileParseError, match=r"unknown suit 'x'"):
        fn(visible="1x")
    with pytest.raises(TypeError):
        fn(visible=5)
    with pytest.raises(TypeError):
        fn(visible=[1.5] + [0] * 33)


# Tile ids and names ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("fn", "arg", "msg"),
    [
        (Tile.from_id136, 136, r"136-id 136 is out of range 0-135"),
        (Tile.from_id136, -1, r"136-id -1 is out of range 0-135"),
        (Tile.from_kind, 34, r"kind 34 is out of range 0-33"),
        (Tile.from_kind, -1, r"kind -1 is out of range 0-33"),
        (Tile.from_mjai, "5zr", r"\"5zr\" is not an mjai tile name"),
        (Tile.from_mjai, "0m", r"is not an mjai tile name"),
        (Tile.from_mjai, "6mr", r"is not an mjai tile name"),
        (Tile.from_mjai, "", r"is not an mjai tile name"),
        (Tile.from_mjai, "e", r"\"e\" is not an mjai tile name"),
        (riichi.tiles_from_id136, [0, 200], r"136-id 200 is out of range"),
        (riichi.tiles_to_id136, "11111m", r"no free 136-id left for 1m"),
        (riichi.tiles_to_id136, "00m", r"no free 136-id left for 0m"),
        # Copy 0 of each five is the red one: four plain fives have no ids.
        (riichi.tiles_to_id136, "5555m", r"no free 136-id left for 5m"),
    ],
)
def test_bad_tile_ids_and_names(fn: Callable[..., Any], arg: Any, msg: str) -> None:
    check(fn, (arg,), riichi.InvalidTileError, msg)


def test_wrong_argument_types_raise_type_error() -> None:
    with pytest.raises(TypeError):
        Tile(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Tile or a tile string, got int"):
        riichi.format_tiles([1, 2])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="tiles must be an mpsz string or an iterable of tiles"):
        riichi.format_tiles(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        riichi.tiles_from_id136("12")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Hand("123m", melds=["[555z]"])  # type: ignore[list-item]


# Module-level fast paths -----------------------------------------------------------


@pytest.mark.parametrize(
    ("arg", "exc", "msg"),
    [
        ("123x", riichi.TileParseError, r"unknown suit 'x' at position 3"),
        ("11111m", riichi.InvalidHandError, r"more than 4 copies of 1m"),
        ("123m", riichi.InvalidHandError, r"3 tiles \(3n\+1 or 3n\+2, at most 14\)"),
        ("123456789m123456p", riichi.InvalidHandError, r"15 tiles"),
        ("11z [555z] 1m", riichi.TileParseError, r"concealed tiles must come before"),
        ([0] * 34, riichi.InvalidHandError, r"0 tiles"),
        ([1] * 34, riichi.InvalidHandError, r"34 tiles"),
        ([5] + [0] * 33, riichi.InvalidHandError, r"count 5 for kind 0 \(0-4 allowed\)"),
        ([-1] + [0] * 33, riichi.InvalidHandError, r"count -1 for kind 0"),
    ],
)
@pytest.mark.parametrize("fn", [riichi.shanten, riichi.is_complete])
def test_fast_path_errors(fn: Callable[..., Any], arg: Any, exc: type[Exception], msg: str) -> None:
    check(fn, (arg,), exc, msg)


@pytest.mark.parametrize(
    "arg",
    [
        5,
        None,
        1.5,
        [1.5] + [0] * 33,
        [0] * 33,
        ["1m"] * 13,
        # A dict is not a sequence of counts, even with 34 keys.
        dict.fromkeys(range(34), 0),
        {k: int(k < 13) for k in range(34)},
        {str(k): 1 for k in range(34)},
    ],
)
@pytest.mark.parametrize("fn", [riichi.shanten, riichi.is_complete])
def test_fast_path_type_errors(fn: Callable[..., Any], arg: Any) -> None:
    with pytest.raises(TypeError):
        fn(arg)


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


LONG = [1] * 13 + [0] * 27  # 40 counts: 13 tiles, then zeros past kind 33


@pytest.mark.parametrize("make", [LyingSequence, LyingList])
def test_sequence_longer_than_its_len(make: Callable[[list[int]], Sequence[int]]) -> None:
    counts = make(LONG)
    assert len(counts) == 34
    msg = r"^more than 34 counts from a sequence of length 34$"
    check(riichi.shanten, (counts,), riichi.InvalidHandError, msg)
    check(riichi.is_complete, (counts,), riichi.InvalidHandError, msg)
    h = Hand("123m456p789s1122z")
    check(h.ukeire, (make([0] * 40),), riichi.InvalidInputError, msg)
    check(h.with_tile("1z").discard_options, (make([0] * 40),), riichi.InvalidInputError, msg)
    # Told the truth, the same counts are fine: 1m-9m 1p-4p is tenpai.
    assert riichi.shanten(LONG[:34]) == 0


@pytest.mark.parametrize("make", [LyingSequence, LyingList])
def test_sequence_shorter_than_its_len(make: Callable[[list[int]], Sequence[int]]) -> None:
    with pytest.raises(riichi.InvalidHandError, match="13 counts from a sequence of length 34"):
        riichi.shanten(make([1] * 13))
    with pytest.raises(riichi.InvalidInputError, match="13 counts from a sequence of length 34"):
        Hand("123m456p789s1122z").ukeire(visible=make([0] * 13))


# Text that is not valid: lone surrogates, long input, positions in characters -------

SURROGATE_TEXTS = ["\ud800", "\udfff", "1m\udc00", "\udfff123m", "123m456p789s11z\ud83d"]


@pytest.mark.parametrize("text", SURROGATE_TEXTS)
@pytest.mark.parametrize(
    "fn",
    [
        Tile,
        Tile.from_mjai,
        riichi.parse_tiles,
        riichi.format_tiles,
        riichi.tiles_to_id136,
        Hand,
        Meld.parse,
        riichi.shanten,
        riichi.is_complete,
        lambda s: Hand(s, melds=[]),
        lambda s: Hand(["1m", s]),
        lambda s: riichi.format_tiles([Tile("1m"), s]),
        lambda s: Meld(s, "555z"),
        lambda s: Meld("pon", s),
        lambda s: Meld("pon", "555z", called=s, called_from="left"),
        lambda s: Meld("pon", "555z", called="5z", called_from=s),
        lambda s: Meld("kakan", "5555z", added=s),
        lambda s: riichi.shanten(s + " [555z]"),
        lambda s: Hand("123m456p789s1122z").with_tile(s),
        lambda s: Hand("123m456p789s1122z").ukeire(visible=s),
        lambda s: Hand("123m456p789s1122z").ukeire(visible=[s]),
        lambda s: Hand("123m456p789s11222z").decompositions(s),
        lambda s: Hand("123m456p789s11222z").discard_options(visible=s),
    ],
)
def test_lone_surrogates_are_parse_errors(fn: Callable[[str], Any], text: str) -> None:
    # A str with no UTF-8 form is not notation: a TileParseError, not a
    # UnicodeEncodeError (and never a crash).
    check(fn, (text,), riichi.TileParseError, r"not valid text \(a lone surrogate\)")


def test_lone_surrogate_position() -> None:
    check(Hand, ("1m\udc00",), riichi.TileParseError, r"surrogate\) at position 2$")


def test_long_input_is_quoted_to_60_characters() -> None:
    # The quote keeps the first 60 characters and marks the cut with "…"; the
    # position still counts in the whole input.
    check(
        riichi.parse_tiles,
        ("1m" * 40 + "x",),
        riichi.TileParseError,
        "^" + re.escape('"' + "1m" * 30 + "…\": unknown suit 'x' at position 80") + "$",
    )
    check(
        Hand,
        ("1m" * 40 + " [5x5z]",),
        riichi.TileParseError,
        "^" + re.escape('"' + "1m" * 30 + "…\": unknown suit 'x' at position 83") + "$",
    )
    # Exactly 60 characters: no cut.
    check(
        riichi.parse_tiles,
        ("1m" * 29 + "1x",),
        riichi.TileParseError,
        "^" + re.escape('"' + "1m" * 29 + "1x\": unknown suit 'x' at position 59") + "$",
    )
    # The cut counts characters, not bytes (each \u00e9 is two bytes in UTF-8).
    for n, tail in [(60, ""), (61, "…"), (500, "…")]:
        check(
            riichi.parse_tiles,
            ("\u00e9" * n,),
            riichi.TileParseError,
            "^" + re.escape('"' + "\u00e9" * 60 + tail + "\": unknown suit '\u00e9' at position 0"),
        )


@pytest.mark.parametrize(
    ("text", "position"),
    [
        # Leading and trailing Unicode spaces are trimmed from a meld; the position
        # counts them as one character each, whatever their UTF-8 length.
        ("\u3000\u3000[5x5z]", 4),
        ("\u00a0[5x5z]", 3),
        ("\u2003\u00a0 [55'x]", 7),
    ],
)
def test_positions_count_characters(text: str, position: int) -> None:
    check(Meld.parse, (text,), riichi.TileParseError, rf"unknown suit 'x' at position {position}$")
    # A meld that parses with the spaces trimmed is the same meld.
    assert Meld.parse("\u3000[5'55z]\u00a0") == Meld.parse("[5'55z]")


@pytest.mark.parametrize(
    ("fn", "arg"),
    [(Tile.from_kind, 2**70), (Tile.from_id136, 2**70), (riichi.tiles_from_id136, [2**70])],
)
def test_huge_ids_are_invalid_tiles(fn: Callable[..., Any], arg: Any) -> None:
    with pytest.raises(riichi.InvalidTileError, match="out of range"):
        fn(arg)


def test_lone_surrogate_far_in_is_located() -> None:
    # The quote stops at 60 characters; the position still counts the whole input.
    check(Hand, ("1" * 100 + "\ud800m",), riichi.TileParseError, r"surrogate\) at position 100$")
