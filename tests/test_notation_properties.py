"""Property tests (hypothesis): notation round trips for tiles, melds and hands;
arbitrary text never raises anything but riichi.MahjongError; 136-id and mjai round
trips; value semantics (pickle, hash, eq, ordering)."""

from __future__ import annotations

import itertools
import pickle
from collections.abc import Callable
from typing import Any, Literal

from conftest import ALL_TILE_NAMES
from hypothesis import given, settings
from hypothesis import strategies as st

import riichi
from riichi import Hand, Meld, Tile

SEATS = ["left", "across", "right"]
MeldKind = Literal["chi", "pon", "daiminkan", "kakan", "ankan"]
MELD_KINDS: list[MeldKind] = ["chi", "pon", "daiminkan", "kakan", "ankan"]
RED_IDS = (16, 52, 88)


def id_name(i: int) -> str:
    """mpsz name of a Tenhou 136-id, computed here: kind = id // 4, ids 16/52/88 red."""
    k = i // 4
    n = 0 if i in RED_IDS else k % 9 + 1
    return f"{n}{'mpsz'[k // 9]}"


tiles = st.sampled_from(ALL_TILE_NAMES).map(Tile)
tile_lists = st.lists(tiles, max_size=20)


@st.composite
def melds_and_hands(draw: st.DrawFn) -> tuple[list[Meld], Hand]:
    """A valid hand built from distinct physical tiles (136-ids): up to four melds
    of every kind, with called tiles, seats and red fives, then the concealed tiles
    that make 13 or 14 with each meld counting 3."""
    used: set[int] = set()

    def free(kind: int) -> list[int]:
        return [4 * kind + c for c in range(4) if 4 * kind + c not in used]

    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(MELD_KINDS))
        if kind == "chi":
            first = 9 * draw(st.integers(0, 2)) + draw(st.integers(0, 6))
            if not all(free(k) for k in (first, first + 1, first + 2)):
                continue
            ids = [draw(st.sampled_from(free(k))) for k in (first, first + 1, first + 2)]
        else:
            k = draw(st.integers(0, 33))
            size = 3 if kind == "pon" else 4
            if len(free(k)) < size:
                continue
            ids = draw(st.permutations(free(k)))[:size]
        used.update(ids)
        names = [id_name(i) for i in ids]
        kwargs: dict[str, Any] = {}
        if kind == "kakan":
            kwargs["added"] = names[-1]
        if kind != "ankan" and draw(st.booleans()):
            # The called tile: any but the added one (a kakan's pon was called).
            kwargs["called"] = draw(st.sampled_from(names[:-1] if kind == "kakan" else names))
            kwargs["called_from"] = "left" if kind == "chi" else draw(st.sampled_from(SEATS))
        melds.append(Meld(kind, names, **kwargs))
    n = draw(st.sampled_from([13 - 3 * len(melds), 14 - 3 * len(melds)]))
    pool = [i for i in range(136) if i not in used]
    concealed = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))
    return melds, Hand([id_name(i) for i in concealed], melds=melds)


# Tiles ----------------------------------------------------------------------------


@given(tile_lists)
def test_tile_list_round_trip(ts: list[Tile]) -> None:
    text = riichi.format_tiles(ts)
    assert sorted(riichi.parse_tiles(text)) == sorted(ts)
    assert riichi.format_tiles(riichi.parse_tiles(text)) == text
    # Writing each tile with its own suit letter keeps the order.
    assert riichi.parse_tiles("".join(str(t) for t in ts)) == ts
    # The shortest form has one letter per suit present.
    assert sum(text.count(s) for s in "mpsz") == len({t.suit for t in ts})


@given(tile_lists)
def test_tile_order_hash_and_pickle(ts: list[Tile]) -> None:
    assert [str(t) for t in sorted(ts)] == [
        str(t) for t in sorted(ts, key=lambda t: (t.kind, not t.is_red))
    ]
    for a, b in itertools.pairwise(ts):
        assert (a == b) is (str(a) == str(b))
        if a == b:
            assert hash(a) == hash(b)
        assert (a < b) + (a == b) + (a > b) == 1
    assert pickle.loads(pickle.dumps(ts)) == ts


@given(st.lists(st.integers(0, 135), unique=True, max_size=30))
def test_id136_round_trip(ids: list[int]) -> None:
    ts = riichi.tiles_from_id136(ids)
    assert [str(t) for t in ts] == [id_name(i) for i in ids]
    back = riichi.tiles_to_id136(ts)
    assert len(set(back)) == len(back)
    assert [i // 4 for i in back] == [i // 4 for i in ids]
    assert [i in RED_IDS for i in back] == [i in RED_IDS for i in ids]
    assert riichi.tiles_from_id136(back) == ts


@given(tile_lists)
def test_mjai_round_trip(ts: list[Tile]) -> None:
    assert [Tile.from_mjai(t.mjai) for t in ts] == ts


# Melds and hands ------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(melds_and_hands())
def test_meld_round_trip(mh: tuple[list[Meld], Hand]) -> None:
    for m in mh[0]:
        text = str(m)
        again = Meld.parse(text)
        assert again == m and str(again) == text and hash(again) == hash(m)
        assert (again.kind, again.called, again.called_from, again.added) == (
            m.kind,
            m.called,
            m.called_from,
            m.added,
        )
        assert again.tiles == m.tiles
        assert pickle.loads(pickle.dumps(m)) == m


@settings(max_examples=300, deadline=None)
@given(melds_and_hands())
def test_hand_round_trip(mh: tuple[list[Meld], Hand]) -> None:
    melds, h = mh
    text = str(h)
    again = Hand(text)
    assert again == h and str(again) == text and hash(again) == hash(h)
    assert again.melds == melds
    assert Hand(h.concealed, melds=h.melds) == h
    assert pickle.loads(pickle.dumps(h)) == h
    assert len(h) == len(h.concealed) + sum(len(m.tiles) for m in melds)
    # The module-level call on the string (fast path when closed) agrees.
    assert riichi.shanten(text) == h.shanten == h.shanten_by_form.min
    assert len(h.concealed) + 3 * len(melds) in (13, 14)
    # Chiitoitsu and kokushi apply to hands without melds (always 13 or 14 tiles).
    assert (h.shanten_by_form.chiitoitsu is not None) is (not melds)
    assert (h.shanten_by_form.kokushi is not None) is (not melds)


# Arbitrary text -------------------------------------------------------------------

PARSERS: list[Callable[[str], Any]] = [
    Hand,
    riichi.parse_tiles,
    riichi.format_tiles,
    riichi.tiles_to_id136,
    Meld.parse,
    Tile,
    Tile.from_mjai,
    riichi.shanten,
    riichi.is_complete,
    lambda s: Meld(s, "555z"),  # type: ignore[arg-type]
    lambda s: Meld("pon", s),
    lambda s: Meld("pon", "555z", called=s, called_from="left"),
    lambda s: Meld("pon", "555z", called="5z", called_from=s),  # type: ignore[arg-type]
    lambda s: Hand("123m456p789s1122z").ukeire(visible=s),
    lambda s: Hand("123m456p789s1122z").with_tile(s),
]

SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"]
# Any code point, lone surrogates included (hypothesis leaves them out by default,
# and they have no UTF-8 form), with surrogates drawn often.
any_char = st.characters(exclude_categories=()) | st.characters(categories=["Cs"])
notation_text = st.text(
    alphabet=st.sampled_from([*"0123456789mpsz[]()'+ ", *SURROGATES]), max_size=40
)


def only_mahjong_errors(text: str) -> None:
    for parse in PARSERS:
        try:
            parse(text)
        except riichi.MahjongError as e:
            assert str(e)
    try:
        h = Hand(text)
    except riichi.MahjongError:
        return
    # Whatever is accepted prints back to the same hand.
    assert Hand(str(h)) == h


@settings(max_examples=300, deadline=None)
@given(st.text(any_char, max_size=40))
def test_arbitrary_text_raises_only_mahjong_errors(text: str) -> None:
    only_mahjong_errors(text)


@settings(max_examples=200, deadline=None)
@given(st.text(any_char, max_size=10), st.sampled_from(SURROGATES), st.text(any_char, max_size=10))
def test_text_with_a_lone_surrogate_is_a_parse_error(before: str, sur: str, after: str) -> None:
    text = before + sur + after
    for parse in PARSERS:
        try:
            parse(text)
        except riichi.TileParseError as e:
            assert "lone surrogate" in str(e)
        else:
            raise AssertionError(f"{parse} accepted {text!r}")


@settings(max_examples=600, deadline=None)
@given(notation_text)
def test_notation_like_text_raises_only_mahjong_errors(text: str) -> None:
    only_mahjong_errors(text)


@settings(max_examples=300, deadline=None)
@given(
    melds_and_hands(),
    st.integers(0, 60),
    st.sampled_from([*"0123456789mpsz[]()'+ x\u00e9\u3000", *SURROGATES]),
)
def test_mutated_hand_text_raises_only_mahjong_errors(
    mh: tuple[list[Meld], Hand], pos: int, ch: str
) -> None:
    text = str(mh[1])
    pos = min(pos, len(text))
    only_mahjong_errors(text[:pos] + ch + text[pos + 1 :])
    only_mahjong_errors(text[:pos] + ch + text[pos:])
