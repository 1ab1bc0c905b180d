"""riichi.Meld: construction, bracket notation, validation, value semantics."""

from __future__ import annotations

import pickle

import pytest
from conftest import names

import riichi
from riichi import Meld, Tile


@pytest.mark.parametrize(
    ("text", "kind", "tiles", "called", "seat", "added"),
    [
        ("[3'45m]", "chi", "345m", "3m", "left", None),
        ("[4'35m]", "chi", "345m", "4m", "left", None),
        ("[3'40p]", "chi", "340p", "3p", "left", None),
        ("[123s]", "chi", "123s", None, None, None),
        ("[5'55z]", "pon", "555z", "5z", "left", None),
        ("[55'5z]", "pon", "555z", "5z", "across", None),
        ("[555'z]", "pon", "555z", "5z", "right", None),
        ("[555z]", "pon", "555z", None, None, None),
        ("[0'55m]", "pon", "055m", "0m", "left", None),
        ("[5'555m]", "daiminkan", "5555m", "5m", "left", None),
        ("[55'55p]", "daiminkan", "5555p", "5p", "across", None),
        ("[5555's]", "daiminkan", "5555s", "5s", "right", None),
        ("[5'55+5z]", "kakan", "5555z", "5z", "left", "5z"),
        ("[555+5z]", "kakan", "5555z", None, None, "5z"),
        ("[5'55+0m]", "kakan", "0555m", "5m", "left", "0m"),
        ("(1111s)", "ankan", "1111s", None, None, None),
        ("(0555p)", "ankan", "0555p", None, None, None),
    ],
)
def test_bracket_notation(
    text: str, kind: str, tiles: str, called: str | None, seat: str | None, added: str | None
) -> None:
    m = Meld.parse(text)
    assert m.kind == kind
    assert names(m.tiles) == names(riichi.parse_tiles(riichi.format_tiles(tiles)))
    assert m.called == (Tile(called) if called else None)
    assert m.called_from == seat
    assert m.added == (Tile(added) if added else None)
    assert m.is_open is (kind != "ankan")
    assert m.is_kan is (len(m.tiles) == 4)
    # Printing gives the notation back, and parsing that gives the same meld.
    assert str(m) == text
    assert repr(m) == f'Meld.parse("{text}")'
    assert Meld.parse(str(m)) == m


def test_constructor_matches_notation() -> None:
    assert Meld("chi", "345m", called="3m", called_from="left") == Meld.parse("[3'45m]")
    assert Meld("chi", [Tile("4m"), "5m", "3m"], called=Tile("3m")) == Meld.parse("[3'45m]")
    assert Meld("pon", "777z", called="7z", called_from="across") == Meld.parse("[77'7z]")
    assert Meld("ankan", "1111s") == Meld.parse("(1111s)")
    assert Meld("kakan", "5555z", called="5z", called_from="left", added="5z") == Meld.parse(
        "[5'55+5z]"
    )
    assert Meld("daiminkan", "9999p", called="9p", called_from="right") == Meld.parse("[9999'p]")


def test_chi_source_is_always_left() -> None:
    # A chi can only be claimed from the player before you: given the called tile
    # without a seat, the seat is known.
    assert Meld("chi", "789s", called="8s").called_from == "left"


def test_tiles_are_sorted() -> None:
    m = Meld("chi", "978s")
    assert names(m.tiles) == ["7s", "8s", "9s"]


def test_called_and_unknown_provenance_are_different_melds() -> None:
    assert Meld.parse("[555z]") != Meld.parse("[5'55z]")
    assert Meld.parse("[5'55z]") != Meld.parse("[55'5z]")
    assert Meld.parse("[0'55m]") != Meld.parse("[5'05m]")


def test_hash_eq_and_pickle() -> None:
    texts = ["[3'45m]", "[55'5z]", "[5555's]", "[5'55+5z]", "(1111s)", "[0'55m]", "[123s]"]
    melds = [Meld.parse(t) for t in texts]
    assert len(set(melds)) == len(texts)
    for m in melds:
        assert pickle.loads(pickle.dumps(m)) == m
        assert hash(Meld.parse(str(m))) == hash(m)


def test_melds_have_no_ordering() -> None:
    a, b = Meld.parse("[3'45m]"), Meld.parse("[555z]")
    with pytest.raises(TypeError):
        _ = a < b  # type: ignore[operator]


def test_meld_is_immutable() -> None:
    m = Meld.parse("[555z]")
    with pytest.raises(AttributeError):
        m.kind = "chi"  # type: ignore[misc]
