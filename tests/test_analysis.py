"""Hand analysis: shanten by form, decompositions with wait shapes, waits (with the
impossible ones), ukeire, discard tables and the module-level fast paths.

Expected values are worked out by hand in the comments (exact shanten = fewest tile
exchanges to a complete hand, minus one, never counting a fifth copy) or checked
against the brute-force reference in conftest.py.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from conftest import (
    KINDS,
    counts_of,
    counts_to_mpsz,
    hand_of_counts,
    is_complete_ref,
    is_tenpai_ref,
    kind_of,
    meld_counts_of,
    name_of,
    names,
    random_complete_counts,
    waits_ref,
)

import riichi
from riichi import Hand, Tile

ALL_KINDS = {name_of(k) for k in range(KINDS)}


def by_form(text: str) -> tuple[int, int | None, int | None]:
    s = Hand(text).shanten_by_form
    return s.standard, s.chiitoitsu, s.kokushi


def wait_table(hand: Hand) -> dict[str, list[str]]:
    return {str(w.tile): list(w.shapes) for w in hand.waits().waits}


def one_shanten_ref(text: str) -> bool:
    """Brute force: not tenpai, and some live draw plus some discard makes it tenpai."""
    h = Hand(text)
    c, mc = list(h.counts), meld_counts_of(h)
    if is_tenpai_ref(c, mc, len(h.melds)):
        return False
    for x in range(KINDS):
        if c[x] + mc[x] >= 4:
            continue
        c[x] += 1
        for y in {k for k in range(KINDS) if c[k]} - {x}:
            c[y] -= 1
            tenpai = is_tenpai_ref(c, mc, len(h.melds))
            c[y] += 1
            if tenpai:
                c[x] -= 1
                return True
        c[x] -= 1
    return False


# The 4-copy rule and other named edge cases -------------------------------------


def test_four_honors_is_one_shanten() -> None:
    # 123m 456p 789s 444z + 4z: the only tenpai reading waits on a fifth 4z, and 4444z
    # has no other split (honors make no runs). One exchange (drop a 4z, draw any
    # live tile X to wait on X) reaches real tenpai: 1-shanten.
    # Chiitoitsu: 1 distinct pair, 10 kinds -> 6 - 1 = 5. Kokushi: 1m 9s 4z and a
    # pair of 4z -> 13 - 3 - 1 = 9.
    text = "123m456p789s4444z"
    assert Hand(text).shanten == 1
    assert by_form(text) == (1, 5, 9)
    assert riichi.shanten(text) == 1
    assert one_shanten_ref(text)
    w = Hand(text).waits()
    assert w.waits == [] and len(w) == 0
    assert [str(i.tile) for i in w.impossible] == ["4z"]
    assert "tanki" in w.impossible[0].shapes


def test_quad_of_ones_with_runs_is_one_shanten() -> None:
    # 1111m 234p 567p 888s: four 1m can only be 111 + a lone 1m (a 123m run needs 2m
    # and 3m), so the single wait is the fifth 1m: 1-shanten, not tenpai.
    # Chiitoitsu: pairs 1m 8s (2), kinds 8 -> 6 - 2 = 4. Kokushi: only 1m, paired
    # -> 13 - 1 - 1 = 11.
    text = "1111m234567p888s"
    assert by_form(text) == (1, 4, 11)
    assert one_shanten_ref(text)
    w = Hand(text).waits()
    assert w.waits == []
    assert [str(i.tile) for i in w.impossible] == ["1m"]
    # Drop a 1m and keep any drawn tile X as a tanki: every X lowers the shanten,
    # except 1m (no copy left) and 8s (888s + 8s would wait on a fifth 8s).
    u = Hand(text).ukeire()
    assert u.shanten == 1
    assert {str(t) for t, _ in u.tiles} == ALL_KINDS - {"1m", "8s"}
    # Live: 2p-7p have 3 left each, the other 26 kinds all 4.
    assert dict((str(t), n) for t, n in u.tiles)["4p"] == 3
    assert u.live == 6 * 3 + 26 * 4 == 122


def test_four_of_three_kinds_is_complete() -> None:
    # 1111 2222 3333 44m: 123m x4 with 44m, or 111 222 333 123 with 44m, or
    # 123 123 234 234 with 11m (pairs 22m / 33m leave a lone 1m or 4m).
    text = "11112222333344m"
    h = Hand(text)
    assert h.is_complete and h.shanten == -1
    assert riichi.is_complete(text)
    # Chiitoitsu counts four copies as one pair: 4 pairs, 4 kinds -> 6 - 4 + 3 = 5.
    assert h.shanten_by_form.chiitoitsu == 5
    got = sorted(
        (str(d.pair), sorted(riichi.format_tiles(b.tiles) for b in d.blocks))
        for d in h.decompositions()
    )
    assert got == [
        ("1m", ["123m", "123m", "234m", "234m"]),
        ("4m", ["111m", "123m", "222m", "333m"]),
        ("4m", ["123m", "123m", "123m", "123m"]),
    ]
    assert all(d.form == "standard" for d in h.decompositions())


def test_kokushi_tenpai_on_the_missing_honor() -> None:
    # 12 of the 13 yaochuu kinds plus a pair of 6z: kokushi tenpai on 7z (all four
    # 7z are live). Standard: one pair, nothing else connects -> four sets of two
    # draws each: 8 exchanges, 7-shanten. Chiitoitsu: 1 pair, 12 kinds -> 5.
    text = "19m19p19s1234566z"
    assert by_form(text) == (7, 5, 0)
    assert wait_table(Hand(text)) == {"7z": ["kokushi"]}
    u = Hand(text).ukeire()
    assert [(str(t), n) for t, n in u.tiles] == [("7z", 4)]


def test_kokushi_thirteen_sided() -> None:
    text = "19m19p19s1234567z"
    table = wait_table(Hand(text))
    assert set(table) == {name_of(k) for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)}
    assert all(shapes == ["kokushi13"] for shapes in table.values())
    # Each yaochuu kind has 3 copies left.
    assert Hand(text).ukeire().live == 13 * 3


def test_kokushi_with_a_meld_does_not_apply() -> None:
    # A called meld rules out kokushi and chiitoitsu: only the standard form is left.
    # 10 lone concealed tiles must make 3 sets (2 draws each) and a pair (1): 7 -> 6.
    h = Hand("19m19p19s1234z [555z]")
    s = h.shanten_by_form
    assert (s.standard, s.chiitoitsu, s.kokushi) == (6, None, None)
    assert s.min == h.shanten == 6
    # Drawing 2m/3m/7m/8m (and p, s) makes a partial run, an honor already held makes
    # a pair; 4m-6m and 5z-7z connect to nothing. Live: 1m/9m/1z-4z have 3 left.
    u = h.ukeire()
    assert {str(t) for t, _ in u.tiles} == set(
        names(riichi.parse_tiles("123789m123789p123789s1234z"))
    )
    assert u.live == 3 * (4 * 4 + 2 * 3) + 4 * 3


def test_chiitoitsu_needs_seven_distinct_pairs() -> None:
    # 1111m counts as one pair: 5 distinct pairs and 6 kinds -> 6 - 5 + 1 = 2, not
    # the 0 a pair-counting formula would give. Standard is also 2 (one set, and no
    # single draw gives three sets).
    assert by_form("1111m2233p4455s6z") == (2, 2, 10)
    # 11 + 123 123 456 456 is complete, but as chiitoitsu it is six distinct pairs
    # in six kinds: 6 - 6 + 1 = 1.
    h = Hand("11112233445566m")
    assert h.is_complete
    assert h.shanten_by_form.chiitoitsu == 1
    assert {d.form for d in h.decompositions()} == {"standard"}


def test_tanki_on_a_tile_whose_other_copies_are_in_a_pon() -> None:
    # 1m with [111m]: the tanki on 1m can never come (all four copies are taken).
    h = Hand("1m [1'11m] [2'22z] [3'33z] [4'44z]")
    assert h.shanten == 1
    assert one_shanten_ref(str(h))
    assert [str(w.tile) for w in h.waits().impossible] == ["1m"]
    # Drop the 1m and keep the drawn tile X as a tanki on X: that is real tenpai
    # unless X is one of the ponned 2z 3z 4z (the drawn copy is the last one, so the
    # tanki would wait on a fifth). No other kind is held: 30 kinds x 4 live.
    u = h.ukeire()
    assert {str(t) for t, _ in u.tiles} == ALL_KINDS - {"1m", "2z", "3z", "4z"}
    assert u.live == (34 - 4) * 4


def test_quads_of_three_kinds_wait_on_four_and_five() -> None:
    # 1111 2222 3333 4m: + 4m gives the complete 11112222333344m; + 5m gives
    # 111 123 222 345 + 33m. 1m, 2m and 3m would also complete it but are all held.
    w = Hand("1111222233334m").waits()
    assert [str(x.tile) for x in w.waits] == ["4m", "5m"]
    assert [str(x.tile) for x in w.impossible] == ["1m", "2m", "3m"]
    assert Hand("1111222233334m").ukeire().live == 3 + 4


# Shanten by form ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Complete standard hand. Chiitoitsu: pairs 1z 2z, 11 kinds -> 6 - 2 = 4.
        # Kokushi: 1m 9s 1z 2z with a pair -> 13 - 4 - 1 = 8.
        ("123m456p789s11122z", (-1, 4, 8)),
        # Seven pairs. Standard: no runs possible, so four pairs must each draw a
        # third tile (4 exchanges): 3-shanten. Kokushi: 1m 7z with a pair -> 10.
        ("1122m3344p5566s77z", (3, -1, 10)),
        # 3 sets + 4 lone honors: need a pair (1 draw) and a set (2): 2-shanten.
        # Chiitoitsu: no pair, 13 kinds -> 6. Kokushi: 1m 9s 1z-4z, no pair -> 7.
        ("123m456p789s1234z", (2, 6, 7)),
        # Four melds and one tile left: it waits on its pair. Melds rule out
        # chiitoitsu and kokushi.
        ("1m [2'34p] [5'67s] [6'66z] [7'77z]", (0, None, None)),
        # Three melds and 1111m = 111 + 1: tanki on a fifth copy -> 1-shanten.
        ("1111m [2'34p] [5'67s] [7'77z]", (1, None, None)),
    ],
)
def test_shanten_by_form(text: str, expected: tuple[int, int | None, int | None]) -> None:
    assert by_form(text) == expected
    assert Hand(text).shanten == min(v for v in expected if v is not None)


def test_shanten_by_form_value_semantics() -> None:
    melds = " [2'34p] [5'67s] [6'66z] [7'77z]"
    s = Hand("1m" + melds).shanten_by_form
    assert s == Hand("2m" + melds).shanten_by_form
    assert s != Hand("1111m [2'34p] [5'67s] [7'77z]").shanten_by_form
    assert s != Hand("123m456p789s1122z").shanten_by_form
    assert repr(s) == "ShantenByForm(standard=0, chiitoitsu=None, kokushi=None)"
    with pytest.raises(TypeError):
        hash(s)


def test_melds_count_as_completed_sets() -> None:
    # 1m [123m] [345m] [456m] [777z]: four sets called, 1m waits on its pair.
    h = Hand("1m [1'23m] [3'45m] [4'56m] [7'77z]")
    assert h.shanten == 0
    assert h.shanten_by_form.standard == 0
    assert wait_table(h) == {"1m": ["tanki"]}
    # Two of the four 1m are in hand and meld: two left.
    assert h.ukeire().live == 2
    assert Hand("11m [1'23m] [3'45m] [4'56m] [7'77z]").shanten == -1
    # One meld: 10 concealed tiles make 3 sets and a pair. 123m 456p 789s + 1z:
    # tenpai on 1z; with 1z2z instead of the run 789s, 1-shanten.
    assert Hand("123m456p789s1z [7'77z]").shanten_by_form.standard == 0
    assert Hand("123m456p78s12z [7'77z]").shanten_by_form.standard == 1


def test_shanten_and_completeness_agree_with_brute_force(rng: random.Random) -> None:
    # Near-complete hands: a random complete hand with one or two tiles swapped.
    for _ in range(150):
        c = random_complete_counts(rng)
        for _ in range(rng.randint(0, 2)):
            out = rng.choice([k for k in range(KINDS) if c[k]])
            c[out] -= 1
            c[rng.choice([k for k in range(KINDS) if c[k] < 4])] += 1
        text = counts_to_mpsz(c)
        complete = is_complete_ref(c)
        assert Hand(text).is_complete is complete, text
        assert (Hand(text).shanten == -1) is complete, text
        assert riichi.is_complete(c) is complete
        # Take one tile away: tenpai exactly when a live tile completes it.
        k = rng.choice([k for k in range(KINDS) if c[k]])
        c[k] -= 1
        text13 = counts_to_mpsz(c)
        assert (Hand(text13).shanten == 0) is is_tenpai_ref(c), text13


# Decompositions -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "win", "shapes"),
    [
        # 23m waiting on 1m/4m.
        ("234m456p789s11122z", "4m", {"ryanmen"}),
        ("234m456p789s11122z", "2m", {"ryanmen"}),
        # 24m waiting on 3m.
        ("234m456p789s11122z", "3m", {"kanchan"}),
        # 12m waits only on 3m, 89m only on 7m.
        ("123m456p789s11122z", "3m", {"penchan"}),
        ("789m456p789s11122z", "7m", {"penchan"}),
        # 23m waiting on 1m (the low end of 123 is a ryanmen, not a penchan).
        ("123m456p789s11122z", "1m", {"ryanmen"}),
        # 11m + 11z waiting on either: shanpon; 22z alone: tanki.
        ("111m456p789s111z22z", "1m", {"shanpon"}),
        ("111m456p789s111z22z", "2z", {"tanki"}),
        # 3455m + 5m: 34 waiting on 5m, or 345 with a lone 5m.
        ("34555m456p789s111z", "5m", {"ryanmen", "tanki"}),
        # Seven pairs won on the last single.
        ("1122m3344p5566s77z", "7z", {"tanki"}),
        # Kokushi: won on the paired kind = 13-sided, else the single missing kind.
        ("19m19p19s12345677z", "7z", {"kokushi13"}),
        ("19m19p19s12345677z", "1m", {"kokushi"}),
    ],
)
def test_wait_shapes_of_readings(text: str, win: str, shapes: set[str]) -> None:
    readings = Hand(text).decompositions(win_tile=win)
    assert {d.wait for d in readings} == shapes
    for d in readings:
        if d.win_block is not None:
            assert Tile(win).plain in d.blocks[d.win_block].tiles
            assert d.blocks[d.win_block].meld is None


def test_readings_of_a_ryanpeikou_shaped_hand() -> None:
    # 11223344556677m has three standard splits (pair 11, 44 or 77) and chiitoitsu.
    # Won on 4m: 234 of 11+234+234+567+567 (23 waiting 1/4: ryanmen), the pair of
    # 44+123+123+567+567 (tanki), 456 of 77+123+123+456+456 (56 waiting 4/7:
    # ryanmen), and the 44 pair of chiitoitsu (tanki).
    h = Hand("11223344556677m")
    decs = h.decompositions()
    assert sorted(d.form for d in decs) == ["chiitoitsu", "standard", "standard", "standard"]
    assert sorted(str(d.pair) for d in decs if d.form == "standard") == ["1m", "4m", "7m"]
    chiitoi = next(d for d in decs if d.form == "chiitoitsu")
    assert chiitoi.pair is None and chiitoi.blocks == []
    assert names(chiitoi.pairs) == ["1m", "2m", "3m", "4m", "5m", "6m", "7m"]
    readings = h.decompositions("4m")
    assert len(readings) == 4
    assert sorted((d.form, d.wait) for d in readings) == [
        ("chiitoitsu", "tanki"),
        ("standard", "ryanmen"),
        ("standard", "ryanmen"),
        ("standard", "tanki"),
    ]


def test_win_block_points_at_the_completed_set() -> None:
    # 111222333m 444p 55p: 123m x3, or 111 222 333m. Won on 3m: penchan in 123m or
    # shanpon in 333m.
    h = Hand("111222333m44455p")
    assert len(h.decompositions()) == 2
    got = {}
    for d in h.decompositions("3m"):
        assert d.win_block is not None
        got[d.wait] = (d.blocks[d.win_block].shape, names(d.blocks[d.win_block].tiles))
        assert str(d.pair) == "5p" and names(d.pairs) == ["5p"]
    assert got == {
        "penchan": ("shuntsu", ["1m", "2m", "3m"]),
        "shanpon": ("koutsu", ["3m", "3m", "3m"]),
    }
    # Won on the pair: tanki, no block.
    assert {(d.wait, d.win_block) for d in h.decompositions("5p")} == {("tanki", None)}
    # Without a winning tile no wait is read.
    assert all(d.wait is None and d.win_block is None for d in h.decompositions())


def test_melds_are_blocks_that_never_take_the_winning_tile() -> None:
    h = Hand("11m [1'23m] [3'45m] [4'56m] (7777z)")
    (d,) = h.decompositions()
    assert d.form == "standard" and str(d.pair) == "1m"
    assert [(b.shape, b.meld, b.is_open) for b in d.blocks] == [
        ("shuntsu", "chi", True),
        ("shuntsu", "chi", True),
        ("shuntsu", "chi", True),
        ("kantsu", "ankan", False),
    ]
    # 1m is also in the called 123m, but a meld cannot take the winning tile.
    assert [(r.wait, r.win_block) for r in h.decompositions("1m")] == [("tanki", None)]


def test_incomplete_hand_has_no_decomposition() -> None:
    assert Hand("123m456p789s12345z").decompositions() == []
    assert Hand("123m456p789s12z [5'55z]").decompositions() == []


def test_decompositions_cover_the_tiles(rng: random.Random) -> None:
    for _ in range(100):
        c = random_complete_counts(rng)
        h = Hand(counts_to_mpsz(c))
        decs = h.decompositions()
        assert decs, str(h)
        for d in decs:
            # Sets and pairs use every tile exactly once.
            got = [0] * KINDS
            for t in [t for b in d.blocks for t in b.tiles] + d.pairs + d.pairs:
                got[t.kind] += 1
            assert got == c, (str(h), d)


# Waits ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "table"),
    [
        ("23m456p789s11122z", {"1m": ["ryanmen"], "4m": ["ryanmen"]}),
        ("13m456p789s11122z", {"2m": ["kanchan"]}),
        ("12m456p789s11122z", {"3m": ["penchan"]}),
        ("89m456p789s11122z", {"7m": ["penchan"]}),
        ("11m456p789s111z22z", {"1m": ["shanpon"], "2z": ["shanpon"]}),
        ("123m456p789s111z2z", {"2z": ["tanki"]}),
        # Nobetan: 3456m waits on 3m or 6m as a lone tile.
        ("3456m456p789s111z", {"3m": ["tanki"], "6m": ["tanki"]}),
        ("3455m456p789s111z", {"2m": ["ryanmen"], "5m": ["ryanmen", "tanki"]}),
        ("1122m3344p5566s7z", {"7z": ["tanki"]}),
        # Chuuren poutou: nine-sided; the shapes per tile follow from its splits
        # (e.g. 1m: 111+123+456+789+99 -> 123 as ryanmen or 111 as shanpon).
        (
            "1112345678999m",
            {
                "1m": ["ryanmen", "shanpon"],
                "2m": ["tanki"],
                "3m": ["ryanmen", "penchan"],
                "4m": ["ryanmen"],
                "5m": ["tanki"],
                "6m": ["ryanmen"],
                "7m": ["ryanmen", "penchan"],
                "8m": ["tanki"],
                "9m": ["ryanmen", "shanpon"],
            },
        ),
    ],
)
def test_wait_table(text: str, table: dict[str, list[str]]) -> None:
    h = Hand(text)
    w = h.waits()
    assert {k: sorted(v) for k, v in wait_table(h).items()} == {
        k: sorted(v) for k, v in table.items()
    }
    assert names(w.tiles) == sorted(table, key=kind_of)
    assert len(w) == len(table)
    assert w.impossible == []
    assert repr(w).startswith("Waits([Wait(")


def test_no_waits_when_not_tenpai() -> None:
    w = Hand("123m456p789s1234z").waits()
    assert w.waits == [] and w.tiles == [] and len(w) == 0


def test_waits_agree_with_brute_force(rng: random.Random) -> None:
    for i in range(300):
        c = random_complete_counts(rng)
        c[rng.choice([k for k in range(KINDS) if c[k]])] -= 1
        h = Hand(counts_to_mpsz(c))
        live, dead = waits_ref(c)
        w = h.waits()
        assert {t.kind for t in w.tiles} == live, str(h)
        assert {x.tile.kind for x in w.impossible} == dead, str(h)
        assert all(x.shapes for x in w.waits + w.impossible)
        if i < 100:
            # Each wait's shapes are exactly the readings of the completed hand.
            for x in w.waits:
                shapes = {d.wait for d in h.with_tile(x.tile).decompositions(x.tile)}
                assert set(x.shapes) == shapes, (str(h), str(x.tile))


def test_waits_with_melds_agree_with_brute_force(rng: random.Random) -> None:
    checked = 0
    while checked < 150:
        c = random_complete_counts(rng)
        # Call some of the hand's triplets as pons (kept out of the concealed part).
        pons = [k for k in range(KINDS) if c[k] >= 3][: rng.randint(0, 2)]
        for k in pons:
            c[k] -= 3
        c[rng.choice([k for k in range(KINDS) if c[k]])] -= 1
        if sum(c) == 0:
            continue
        melds = [riichi.Meld("pon", name_of(k) * 3) for k in pons]
        h = Hand(counts_to_mpsz(c), melds=melds)
        mc = meld_counts_of(h)
        live, dead = waits_ref(c, mc, len(melds))
        w = h.waits()
        assert {t.kind for t in w.tiles} == live, str(h)
        assert {x.tile.kind for x in w.impossible} == dead, str(h)
        checked += 1


# Ukeire ---------------------------------------------------------------------------


def test_ukeire_counts_visible_tiles() -> None:
    # Three sets and four lone honors: only pairing an honor lowers the shanten
    # (2 -> 1); 3 copies of each are left, minus those seen.
    h = Hand("123m456p789s1234z")
    u = h.ukeire()
    assert u.shanten == 2
    assert [(str(t), n) for t, n in u.tiles] == [("1z", 3), ("2z", 3), ("3z", 3), ("4z", 3)]
    assert u.live == 12
    seen = h.ukeire(visible="11z2z")
    assert [(str(t), n) for t, n in seen.tiles] == [("1z", 1), ("2z", 2), ("3z", 3), ("4z", 3)]
    assert seen.live == 9
    # The same visible tiles as a list or as 34 counts.
    mixed: list[Tile | str] = ["1z", Tile("1z"), "2z"]
    assert h.ukeire(visible=mixed).live == 9
    assert h.ukeire(visible=counts_of("11z2z")).live == 9
    assert h.ukeire(visible=None).live == 12
    assert repr(seen) == 'Ukeire(shanten=2, tiles="1234z", live=9)'


def test_ukeire_of_tenpai_is_the_waits() -> None:
    h = Hand("123m456p789s1122z")
    u = h.ukeire(visible="1z")
    assert u.shanten == 0
    assert [(str(t), n) for t, n in u.tiles] == [("1z", 1), ("2z", 2)]
    assert u.live == 3


def test_ukeire_lowers_shanten_and_counts_live_tiles(rng: random.Random) -> None:
    for _ in range(60):
        c = random_complete_counts(rng)
        for _ in range(rng.randint(1, 3)):
            c[rng.choice([k for k in range(KINDS) if c[k]])] -= 1
            c[rng.choice([k for k in range(KINDS) if c[k] < 4])] += 1
        c[rng.choice([k for k in range(KINDS) if c[k]])] -= 1
        h = Hand(counts_to_mpsz(c))
        visible = [0] * KINDS
        for _ in range(6):
            k = rng.randrange(KINDS)
            if c[k] + visible[k] < 4:
                visible[k] += 1
        u = h.ukeire(visible=visible)
        assert u.shanten == h.shanten
        lowering = {t.kind: n for t, n in u.tiles}
        for k in range(KINDS):
            if c[k] == 4:
                assert k not in lowering
                continue
            lowers = h.with_tile(Tile.from_kind(k)).shanten < h.shanten
            assert (k in lowering) is lowers, (str(h), name_of(k))
            if lowers:
                assert lowering[k] == 4 - c[k] - visible[k]
        assert u.live == sum(lowering.values())


# Discard options ------------------------------------------------------------------


def test_discard_options_best_first_and_visible_tiles_reorder() -> None:
    # 1223m 456p 789s 111z 5z:
    #  - cut 2m: 123m + 4 sets, tanki on 5z: 3 live;
    #  - cut 5z: 1223m = 22+13 or 123+2, waiting only on 2m: 2 live;
    #  - anything else leaves a 1-shanten hand or worse.
    h = Hand("1223m456p789s111z5z")
    opts = h.discard_options()
    assert [(str(o.tile), o.shanten, o.live) for o in opts[:2]] == [("2m", 0, 3), ("5z", 0, 2)]
    assert all(o.shanten >= 1 for o in opts[2:])
    # With 5z5z seen, the tanki has 1 tile left and the 2m wait is now better.
    opts = h.discard_options(visible="55z")
    assert [(str(o.tile), o.live) for o in opts[:2]] == [("5z", 2), ("2m", 1)]
    assert opts[0].ukeire.tiles[0][0] == Tile("2m")


def test_discard_options_ordering_and_consistency(rng: random.Random) -> None:
    for _ in range(40):
        c = random_complete_counts(rng)
        for _ in range(rng.randint(0, 3)):
            c[rng.choice([k for k in range(KINDS) if c[k]])] -= 1
            c[rng.choice([k for k in range(KINDS) if c[k] < 4])] += 1
        h = Hand(counts_to_mpsz(c))
        visible = "1z9m" if c[27] < 4 and c[8] < 4 else None
        opts = h.discard_options(visible=visible)
        # Every distinct tile once.
        assert sorted(str(o.tile) for o in opts) == sorted({str(t) for t in h.concealed})
        keys = [(o.shanten, -o.live, -len(o.ukeire.tiles), o.tile) for o in opts]
        assert keys == sorted(keys)
        # The best discard reaches the hand's shanten (a 14-tile hand's shanten is
        # the best shanten after one discard; a complete hand discards to tenpai).
        assert opts[0].shanten == max(h.shanten, 0)
        for o in opts:
            after = h.without_tile(o.tile)
            assert o.shanten == after.shanten == o.ukeire.shanten
            # The discarded tile goes to the river: it is seen.
            seen = [*names(riichi.parse_tiles(visible or "")), str(o.tile)]
            u = after.ukeire(visible=seen)
            assert [(str(t), n) for t, n in o.ukeire.tiles] == [(str(t), n) for t, n in u.tiles]
            assert o.live == u.live == o.ukeire.live


def test_red_five_is_a_distinct_discard() -> None:
    opts = Hand("055m123p456s789p11z").discard_options()
    assert {"0m", "5m"} <= {str(o.tile) for o in opts}
    assert repr(opts[0]).startswith("DiscardOption(")


# Module-level fast paths ----------------------------------------------------------


def test_module_shanten_accepts_hand_string_and_counts() -> None:
    text = "123m456p789s4444z"
    h = Hand(text)
    c = counts_of(text)
    assert riichi.shanten(h) == riichi.shanten(text) == riichi.shanten(c) == 1
    assert riichi.shanten(tuple(c)) == 1
    # Counts read by identity (Python's shared small ints) or by value agree.
    mixed = [np.int64(v) if k % 2 else v for k, v in enumerate(c)]
    assert riichi.shanten(mixed) == riichi.shanten([int(str(v)) for v in c]) == 1
    for bad in (5, -1, 2**70):
        with pytest.raises(riichi.InvalidHandError, match=f"count {bad} for kind 3 "):
            riichi.shanten([*c[:3], bad, *c[4:]])
    melded = "1m [1'11m] [2'22z] [3'33z] [4'44z]"
    assert riichi.shanten(melded) == riichi.shanten(Hand(melded)) == 1
    assert riichi.is_complete("11m [1'23m] [3'45m] [4'56m] (7777z)")
    assert not riichi.is_complete(Hand("123m456p789s1122z"))
    assert riichi.is_complete(counts_of("11223344556677m"))
    assert not riichi.is_complete("1m")


def test_module_fast_paths_take_a_hand_with_its_melds_left_out() -> None:
    # A plain string or 34 counts may hold any 3n+1 or 3n+2 tiles up to 14: the
    # concealed part of a hand whose melds are left out. A `Hand` may not.
    assert riichi.shanten("1m") == riichi.shanten(counts_of("1m")) == 0
    assert riichi.shanten("1111m") == riichi.shanten(counts_of("1111m")) == 1
    assert riichi.shanten("1111m") == Hand("1111m [2'34p] [5'67s] [7'77z]").shanten
    assert riichi.is_complete("11m") and riichi.is_complete(counts_of("11123m"))
    assert not riichi.is_complete("12m") and not riichi.is_complete("1m")
    # 8 tiles are 2 sets and a pair: 123m 456p + 1z2z needs one exchange (draw 1z
    # or 2z, discard the other): tenpai. 7 tiles 123m 45p 1z2z need a draw for 45p
    # and one to pair 1z or 2z: 1-shanten.
    assert riichi.shanten("123m456p12z") == 0
    assert riichi.shanten("123m45p12z") == 1
    for text in ("1m", "1111m", "11m", "123m456p12z"):
        with pytest.raises(riichi.InvalidHandError, match="a hand has 13 or 14"):
            Hand(text)
    # With melds in the string the full path runs, and the size rule holds.
    with pytest.raises(riichi.InvalidHandError, match="make 5 tiles"):
        riichi.shanten("11m [1'23m]")


def test_module_shanten_matches_hand_shanten(rng: random.Random) -> None:
    for n in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
        for _ in range(30):
            wall = [k for k in range(KINDS) for _ in range(4)]
            c = [0] * KINDS
            for k in rng.sample(wall, n):
                c[k] += 1
            text = counts_to_mpsz(c)
            # Fewer than 13 tiles: the same tiles with closed kans that change
            # nothing (conftest.kans_left_out) as the missing melds.
            h = hand_of_counts(c)
            assert counts_to_mpsz(h.counts) == text
            assert len(h.melds) == (14 - n) // 3
            assert riichi.shanten(c) == riichi.shanten(text) == h.shanten
            assert riichi.is_complete(c) is riichi.is_complete(text) is h.is_complete
            assert riichi.shanten(str(h)) == riichi.shanten(h) == h.shanten
            s = h.shanten_by_form
            if n < 13:
                assert s.chiitoitsu is None and s.kokushi is None
            assert h.shanten == s.min


def test_module_functions_read_meld_words_as_a_hand() -> None:
    text = "23m456p11z pon 555z ankan 1111s"
    assert riichi.shanten(text) == Hand(text).shanten == 0
    assert riichi.is_complete("23m456p11z pon 555z chi 456m") is False
    assert riichi.is_complete("234m456p11z pon 555z chi 456m") is True


def test_numpy_row_of_counts_is_accepted() -> None:
    row = np.zeros(34, dtype=np.uint8)
    row[:13] = 1  # 123456789m1234p: tenpai
    assert riichi.shanten(row) == 0
    assert riichi.shanten(row.astype(np.int64)) == 0
    hand = Hand("123m456p789s1122z")
    assert hand.ukeire(visible=np.zeros(34, dtype=np.int64)).live == 4


@pytest.mark.parametrize(
    "dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
)
def test_numpy_counts_of_every_integer_dtype_read_as_the_list(dtype: type) -> None:
    counts = riichi.Hand("1289m34p579s1267z").counts
    for row in (np.array(counts, dtype=dtype), np.array(counts[::-1], dtype=dtype)[::-1]):
        assert riichi.shanten(row) == riichi.shanten(counts) == 4
        assert riichi.is_complete(row) is False
    bad = np.array(counts, dtype=dtype)
    bad[3] = 5
    with pytest.raises(riichi.InvalidHandError, match="count 5 for kind 3"):
        riichi.shanten(bad)
    with pytest.raises(TypeError, match="34 counts"):
        riichi.shanten(np.zeros(35, dtype=dtype))
    if np.issubdtype(dtype, np.signedinteger):
        bad[3] = -1
        with pytest.raises(riichi.InvalidHandError, match="count -1 for kind 3"):
            riichi.shanten(bad)


def test_numpy_counts_out_of_range_are_named_as_given() -> None:
    row = np.zeros(34, dtype=np.uint64)
    row[7] = 2**64 - 1
    with pytest.raises(riichi.InvalidHandError, match=f"count {2**64 - 1} for kind 7"):
        riichi.shanten(row)


def test_numpy_counts_of_other_dtypes_are_refused() -> None:
    with pytest.raises(TypeError, match="float64"):
        riichi.shanten(np.zeros(34))
