"""riichi.Hand: notation, construction from parts, validation, value semantics."""

from __future__ import annotations

import pickle
import re

import pytest
from conftest import counts_of, names

import riichi
from riichi import Hand, InvalidMeldError, Meld, Tile, TileParseError


@pytest.mark.parametrize(
    "text",
    [
        "123m456p789s1122z",
        "1112345678999m",
        "123m456p11z [555z] (1111s)",
        "11z [3'45m] [66'6p] [7'77+7s] (0555p)",
        "0m055p0s11z [0'55s] [1'23p]",
        "1m [1'23m] [3'45m] [4'56m] [7'77z]",
        "1z (1111m) [2'22p] [3'33p] [4'44p]",
        "5m [5555'z] [6666'z] [7777'z] [6'66+6m]",
    ],
)
def test_notation_round_trips(text: str) -> None:
    h = Hand(text)
    assert str(h) == text
    assert repr(h) == f'Hand("{text}")'
    assert Hand(str(h)) == h


def test_concealed_tiles_are_sorted_and_normalised() -> None:
    h = Hand("2z1z1z2z 789s 321m 654p")
    assert str(h) == "123m456p789s1122z"
    assert h == Hand("123m456p789s1122z")
    assert riichi.format_tiles(h.concealed) == "123m456p789s1122z"
    assert names(h.concealed)[8:] == ["9s", "1z", "1z", "2z", "2z"]
    assert h.counts == counts_of("123m456p789s1122z")


def test_red_fives_are_kept_apart_from_plain_fives() -> None:
    red, plain = Hand("055m123p456s789p11z"), Hand("555m123p456s789p11z")
    assert red != plain
    assert red.counts == plain.counts
    assert names(red.concealed)[:3] == ["0m", "5m", "5m"]


def test_construction_from_tiles_and_melds() -> None:
    melds = [Meld.parse("[555z]"), Meld.parse("(1111s)")]
    h = Hand("123m456p11z", melds=melds)
    assert h == Hand("123m456p11z [555z] (1111s)")
    assert Hand(riichi.parse_tiles("123m456p11z"), melds) == h
    assert Hand([Tile("1z"), "1z", "2z", "2z", "2z"], [Meld.parse("[3'45m]")] * 3) == Hand(
        "11222z [3'45m] [3'45m] [3'45m]"
    )
    assert h.melds == melds
    assert Hand(riichi.parse_tiles("123m456p789s1122z")) == Hand("123m456p789s1122z")


def test_meld_order_is_kept() -> None:
    a = Hand("11z [555z] [3'45m] (1111s) [7'89p]")
    b = Hand("11z [3'45m] [555z] [7'89p] (1111s)")
    assert [m.kind for m in a.melds] == ["pon", "chi", "ankan", "chi"]
    assert str(b) == "11z [3'45m] [555z] [7'89p] (1111s)"
    # The same melds in another order make another hand.
    assert a != b


def test_len_counts_every_tile_kans_as_four() -> None:
    assert len(Hand("123m456p789s1122z")) == 13
    assert len(Hand("123m456p11z [555z] (1111s)")) == 8 + 3 + 4
    assert len(Hand("1z (1111m) [2'22p] [3'33p] [4'44p]")) == 1 + 4 + 9


def test_is_closed() -> None:
    assert Hand("123m456p789s1122z").is_closed
    # An ankan keeps the hand closed; any called meld opens it.
    assert Hand("123m456p789s11z (1111s)").is_closed
    assert Hand("11z (1111s) (2222s) (3333s) (4444s)").is_closed
    assert not Hand("123m456p789s11z [5'55z]").is_closed
    assert not Hand("123m456p789s11z [555+5z]").is_closed
    assert not Hand("11z (1111s) (2222s) (3333s) [4'56m]").is_closed


def test_unicode() -> None:
    h = Hand("1m1z [555z] (1111s) [3'45m] [7'77z]")
    one_m, east, haku, one_s = "\U0001f007", "\U0001f000", "\U0001f006", "\U0001f010"
    three_to_five_m, chun = "\U0001f009\U0001f00a\U0001f00b", "\U0001f004"
    assert h.unicode == (
        f"{one_m}{east} [{haku * 3}] ({one_s * 4}) [{three_to_five_m}] [{chun * 3}]"
    )


def test_with_and_without_tile() -> None:
    h = Hand("123m456p789s1122z")
    h14 = h.with_tile("2z")
    assert h14 == Hand("123m456p789s11222z")
    assert h14.without_tile(Tile("2z")) == h
    assert h == Hand("123m456p789s1122z")  # immutable: the original is unchanged
    # A red five must be removed as red.
    r = Hand("055m123p456s789p11z")
    assert names(r.without_tile("0m").with_tile("7z").concealed)[:2] == ["5m", "5m"]
    assert names(r.without_tile("5m").with_tile("7z").concealed)[:2] == ["0m", "5m"]


def test_hash_eq_and_pickle() -> None:
    hands = [
        Hand(t)
        for t in [
            "123m456p789s1122z",
            "2211z 987s 654p 321m",
            "123m456p11z [555z] (1111s)",
            "123m456p11z [5'55z] (1111s)",
            "055m123p456s789p11z",
            "555m123p456s789p11z",
        ]
    ]
    assert len(set(hands)) == 5  # the first two are the same hand
    for h in hands:
        assert pickle.loads(pickle.dumps(h)) == h
        assert hash(Hand(str(h))) == hash(h)


def test_hands_have_no_ordering() -> None:
    with pytest.raises(TypeError):
        _ = Hand("123m456p789s1122z") < Hand("123m456p789s1133z")  # type: ignore[operator]


def test_hand_is_immutable() -> None:
    h = Hand("123m456p789s1122z")
    with pytest.raises(AttributeError):
        h.melds = []  # type: ignore[misc]
    h.concealed.append(Tile("1m"))
    assert len(h) == 13


@pytest.mark.parametrize(
    "text",
    [
        "1m",
        "11m",
        "1111m",
        "123m456p11z",
        "123m456p789s1z",
        "11m [1'23m] [3'45m] [4'56m]",
        "123m456p789s1122z [555z]",
        "1m [1'23m] [3'45m] [4'56m] [7'77z] [6'66z]",
    ],
)
def test_a_hand_has_13_or_14_tiles_melds_counting_3(text: str) -> None:
    # Partial hands are no longer hands (the module-level calls still read them:
    # see test_analysis); a kan counts 3 like any meld.
    with pytest.raises(riichi.InvalidHandError, match="a hand has 13 or 14, a meld counting 3"):
        Hand(text)


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("123m456p789s1122z", 13),
        ("123m456p789s11222z", 14),
        ("1m [1'23m] [3'45m] [4'56m] [7'77z]", 13),
        ("11m [1'23m] [3'45m] [4'56m] [7'77z]", 14),
        ("1m (1111s) (2222s) (3333s) (4444s)", 13),
        ("11m [1111'p] [2'222p] (3333s) [4'44+4s]", 14),
        ("1234567m [1'23s] [5'55z]", 13),
        ("12345678m [1'23s] [5'55z]", 14),
    ],
)
def test_hand_sizes_that_are_accepted(text: str, size: int) -> None:
    h = Hand(text)
    assert len(h.concealed) + 3 * len(h.melds) == size
    assert len(h) == size + sum(m.is_kan for m in h.melds)


def test_four_copies_across_hand_and_melds_are_allowed() -> None:
    h = Hand("1m [1'11m] [2'22z] [3'33z] [4'44z]")
    assert h.counts[0] == 1
    assert Hand("0555m123p456s111z").counts[4] == 4


def test_melds_typed_as_words() -> None:
    # chi, pon, kan (an open kan) and ankan, each followed by its tiles.
    h = Hand("23m456p11z pon 555z ankan 1111s")
    assert h == Hand("23m456p11z [555z] (1111s)")
    assert [m.kind for m in h.melds] == ["pon", "ankan"]
    h = Hand("1m chi 234p kan 5555z pon 666z ankan 7777z")
    assert [m.kind for m in h.melds] == ["chi", "daiminkan", "pon", "ankan"]
    assert str(h) == "1m [234p] [5555z] [666z] (7777z)"


@pytest.mark.parametrize(
    ("text", "exc", "msg"),
    [
        ("23m456p11z pon", TileParseError, "'pon' needs its tiles"),
        ("23m456p11z pon 556z ankan 1111s", InvalidMeldError, '"pon 556z": pon of "556z"'),
        ("pon 555z 23m456p11z ankan 1111s", TileParseError, "concealed tiles must come before"),
    ],
)
def test_bad_meld_words(text: str, exc: type[Exception], msg: str) -> None:
    with pytest.raises(exc, match=re.escape(msg)):
        Hand(text)
