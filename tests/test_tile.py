"""riichi.Tile and the tile-list functions (mpsz, 136-ids, mjai)."""

from __future__ import annotations

import pickle

import pytest
from conftest import ALL_TILE_NAMES, kind_of, names

import riichi
from riichi import Tile


@pytest.mark.parametrize("name", ALL_TILE_NAMES)
def test_every_tile_round_trips_through_its_name(name: str) -> None:
    t = Tile(name)
    assert str(t) == name
    assert repr(t) == f'Tile("{name}")'
    assert t.kind == kind_of(name)
    assert Tile.from_kind(t.kind) == t.plain


def test_properties_of_a_plain_tile() -> None:
    t = Tile("7p")
    assert (t.kind, t.suit, t.number) == (15, "p", 7)
    assert not (t.is_red or t.is_honor or t.is_terminal or t.is_yaochuu)
    assert t.plain is not None and t.plain == t


def test_red_five() -> None:
    red, plain = Tile("0p"), Tile("5p")
    assert red.is_red and not plain.is_red
    assert red != plain and red.kind == plain.kind == 13
    assert (red.suit, red.number) == ("p", 5)
    assert red.plain == plain
    assert red.mjai == "5pr" and plain.mjai == "5p"


@pytest.mark.parametrize(
    ("name", "terminal", "honor"),
    [("1m", True, False), ("9s", True, False), ("5s", False, False), ("1z", False, True)],
)
def test_terminal_honor_yaochuu(name: str, terminal: bool, honor: bool) -> None:
    t = Tile(name)
    assert t.is_terminal is terminal
    assert t.is_honor is honor
    assert t.is_yaochuu is (terminal or honor)


def test_yaochuu_are_exactly_the_thirteen_kokushi_kinds() -> None:
    yaochuu = {str(t) for t in map(Tile.from_kind, range(34)) if t.is_yaochuu}
    assert yaochuu == {"1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"}


def test_honor_numbers_and_mjai_names() -> None:
    # Winds E S W N, then dragons Haku (P), Hatsu (F), Chun (C).
    assert [Tile(f"{n}z").mjai for n in range(1, 8)] == ["E", "S", "W", "N", "P", "F", "C"]
    assert Tile("7z").number == 7 and Tile("7z").kind == 33


def test_unicode() -> None:
    assert Tile("1m").unicode == "\U0001f007"  # MAHJONG TILE ONE OF CHARACTERS
    assert Tile("9m").unicode == "\U0001f00f"
    assert Tile("1p").unicode == "\U0001f019"  # ONE OF CIRCLES
    assert Tile("1s").unicode == "\U0001f010"  # ONE OF BAMBOOS
    assert Tile("1z").unicode == "\U0001f000"  # EAST WIND
    assert Tile("5z").unicode == "\U0001f006"  # WHITE DRAGON (haku)
    assert Tile("6z").unicode == "\U0001f005"  # GREEN DRAGON
    assert Tile("7z").unicode == "\U0001f004"  # RED DRAGON
    assert Tile("0s").unicode == Tile("5s").unicode


def test_from_mjai_covers_all_37_tiles() -> None:
    for name in ALL_TILE_NAMES:
        t = Tile(name)
        assert Tile.from_mjai(t.mjai) == t


def test_ids_follow_tenhou_convention() -> None:
    # id // 4 is the kind; copy 0 of each five (16, 52, 88) is the red one.
    assert str(Tile.from_id136(0)) == "1m"
    assert str(Tile.from_id136(16)) == "0m"
    assert str(Tile.from_id136(17)) == "5m"
    assert str(Tile.from_id136(52)) == "0p"
    assert str(Tile.from_id136(88)) == "0s"
    assert str(Tile.from_id136(135)) == "7z"
    for i in range(136):
        assert Tile.from_id136(i).kind == i // 4
        assert Tile.from_id136(i).is_red is (i in (16, 52, 88))


def test_all_136_ids_round_trip() -> None:
    tiles = riichi.tiles_from_id136(list(range(136)))
    ids = riichi.tiles_to_id136(tiles)
    assert sorted(ids) == list(range(136))
    assert riichi.tiles_from_id136(ids) == tiles


def test_tiles_to_id136_gives_distinct_ids_and_reds_copy_zero() -> None:
    assert riichi.tiles_to_id136("1111m") == [0, 1, 2, 3]
    assert riichi.tiles_to_id136("0m") == [16]
    # Plain fives never take the red copy.
    assert riichi.tiles_to_id136("555m") == [17, 18, 19]
    assert riichi.tiles_to_id136("505p") == [53, 52, 54]
    assert riichi.tiles_to_id136([Tile("7z"), "1m"]) == [132, 0]


def test_ordering_by_kind_with_red_before_plain_five() -> None:
    assert Tile("9m") < Tile("1p") < Tile("9s") < Tile("1z") < Tile("7z")
    assert Tile("4m") < Tile("0m") < Tile("5m") < Tile("6m")
    assert Tile("5m") > Tile("0m") and Tile("0m") <= Tile("0m") and Tile("5m") >= Tile("0m")
    tiles = [Tile(n) for n in ALL_TILE_NAMES]
    ordered = sorted(tiles)
    kinds = [t.kind for t in ordered]
    assert kinds == sorted(kinds)
    assert names(ordered[4:6]) == ["0m", "5m"]


def test_equality_hash_and_pickle() -> None:
    tiles = [Tile(n) for n in ALL_TILE_NAMES]
    assert len(set(tiles)) == 37
    assert Tile("3s") == Tile("3s") and hash(Tile("3s")) == hash(Tile("3s"))
    assert Tile("3s") != "3s"
    for t in tiles:
        assert pickle.loads(pickle.dumps(t)) == t
    assert {Tile("0m"): 1}[Tile.from_id136(16)] == 1


def test_tile_is_immutable() -> None:
    t = Tile("1m")
    with pytest.raises(AttributeError):
        t.kind = 3  # type: ignore[misc]


def test_parse_tiles_keeps_written_order() -> None:
    assert names(riichi.parse_tiles("3m12m0p7z")) == ["3m", "1m", "2m", "0p", "7z"]
    assert names(riichi.parse_tiles("12m 3p")) == ["1m", "2m", "3p"]
    assert riichi.parse_tiles("") == []


def test_format_tiles_is_shortest_and_sorted() -> None:
    assert riichi.format_tiles("7z1m 1m") == "11m7z"
    assert riichi.format_tiles("3m1m2m") == "123m"
    assert riichi.format_tiles([Tile("5p"), "0p", Tile("1z")]) == "05p1z"
    assert riichi.format_tiles([]) == ""
    assert riichi.format_tiles("1m2p3s4z1m") == "11m2p3s4z"


def test_a_tile_of_a_tile_is_itself() -> None:
    t = Tile("0p")
    assert Tile(t) == t and Tile(t).is_red
    with pytest.raises(TypeError, match="expected a Tile or a tile string, got int"):
        Tile(5)  # type: ignore[arg-type]


def test_tiles_from_any_iterable_in_its_own_order() -> None:
    """Lists and tuples are read by index, but a subclass that iterates otherwise is
    read through its iterator, as any iterable (generators included)."""

    class Reversed(list):  # type: ignore[type-arg]
        def __iter__(self):  # type: ignore[no-untyped-def]
            return iter(list.copy(self)[::-1])

    class Shown(tuple):  # type: ignore[type-arg]
        def __iter__(self):  # type: ignore[no-untyped-def]
            return iter(["1m"])

    assert riichi.tiles_to_id136(["1m", Tile("2m"), "3m"]) == [0, 4, 8]
    assert riichi.tiles_to_id136(("1m", "2m")) == [0, 4]
    assert riichi.tiles_to_id136(t for t in ["9s", "1z"]) == [104, 108]
    assert riichi.tiles_to_id136(Reversed(["1m", "2m"])) == [4, 0]
    assert riichi.tiles_to_id136(Shown(["9s", "9s"])) == [0]
    hand = "123m456p789s11555z"
    # What the tuple iterates, 1m, shows 2m; the 4z it holds would show the 1z pair.
    assert riichi.score(hand, "5z", tsumo=True, dora_indicators=Shown(["4z"])).dora == 1
    assert riichi.score(hand, "5z", tsumo=True, dora_indicators=("4z",)).dora == 2
