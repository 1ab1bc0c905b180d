"""riichi.points / score_table against the standard payment tables, the fu breakdown,
payments and score changes, pao, multiple ron, nagashi mangan, and the errors of
scoring.

Expected values come from the rules (basic points a = fu x 2^(han+2), capped; ron 4a
or 6a, tsumo a/2a or 2a each, every payment rounded up to 100), never from the
library. Unless a test says otherwise the winner sits South in an East round.
"""

from __future__ import annotations

from typing import Any

import pytest

import riichi
from riichi import InvalidContextError, NotAgariError, NoYakuError, Rules


def sc(hand: str, win: str, **kw: Any) -> riichi.ScoreResult:
    kw.setdefault("seat_wind", "S")
    return riichi.score(hand, win, **kw)


def pts(han: int, fu: int, **kw: Any) -> riichi.PointsEntry:
    return riichi.points(han, fu, **kw)


PLAIN = "123999m456p345s33z"  # no yaku of its own; ron 40 fu, tsumo 30 fu (on 3s)
PLAIN_OPEN = "123m456p345s33z [999m]"
PINFU = "123m456p345s789s33z"  # pinfu on 3s

# The standard table: (han, fu) -> (non-dealer ron, non-dealer tsumo paid by each
# non-dealer, by the dealer, dealer ron, dealer tsumo paid by each).
TABLE: dict[tuple[int, int], tuple[int, int, int, int, int]] = {
    (1, 30): (1000, 300, 500, 1500, 500),
    (1, 40): (1300, 400, 700, 2000, 700),
    (1, 50): (1600, 400, 800, 2400, 800),
    (1, 60): (2000, 500, 1000, 2900, 1000),
    (1, 70): (2300, 600, 1200, 3400, 1200),
    (1, 80): (2600, 700, 1300, 3900, 1300),
    (1, 90): (2900, 800, 1500, 4400, 1500),
    (1, 100): (3200, 800, 1600, 4800, 1600),
    (1, 110): (3600, 900, 1800, 5300, 1800),
    (2, 20): (1300, 400, 700, 2000, 700),
    (2, 25): (1600, 400, 800, 2400, 800),
    (2, 30): (2000, 500, 1000, 2900, 1000),
    (2, 40): (2600, 700, 1300, 3900, 1300),
    (2, 50): (3200, 800, 1600, 4800, 1600),
    (2, 60): (3900, 1000, 2000, 5800, 2000),
    (2, 70): (4500, 1200, 2300, 6800, 2300),
    (2, 80): (5200, 1300, 2600, 7700, 2600),
    (2, 90): (5800, 1500, 2900, 8700, 2900),
    (2, 100): (6400, 1600, 3200, 9600, 3200),
    (2, 110): (7100, 1800, 3600, 10600, 3600),
    (3, 20): (2600, 700, 1300, 3900, 1300),
    (3, 25): (3200, 800, 1600, 4800, 1600),
    (3, 30): (3900, 1000, 2000, 5800, 2000),
    (3, 40): (5200, 1300, 2600, 7700, 2600),
    (3, 50): (6400, 1600, 3200, 9600, 3200),
    (3, 60): (7700, 2000, 3900, 11600, 3900),
    (3, 70): (8000, 2000, 4000, 12000, 4000),
    (3, 80): (8000, 2000, 4000, 12000, 4000),
    (3, 90): (8000, 2000, 4000, 12000, 4000),
    (3, 100): (8000, 2000, 4000, 12000, 4000),
    (3, 110): (8000, 2000, 4000, 12000, 4000),
    (4, 20): (5200, 1300, 2600, 7700, 2600),
    (4, 25): (6400, 1600, 3200, 9600, 3200),
    (4, 30): (7700, 2000, 3900, 11600, 3900),
    (4, 40): (8000, 2000, 4000, 12000, 4000),
    (4, 50): (8000, 2000, 4000, 12000, 4000),
    (4, 60): (8000, 2000, 4000, 12000, 4000),
    (4, 70): (8000, 2000, 4000, 12000, 4000),
    (4, 80): (8000, 2000, 4000, 12000, 4000),
    (4, 90): (8000, 2000, 4000, 12000, 4000),
    (4, 100): (8000, 2000, 4000, 12000, 4000),
    (4, 110): (8000, 2000, 4000, 12000, 4000),
}


def _base(han: int, fu: int) -> tuple[int, str]:
    a = fu * 2 ** (han + 2)
    return (2000, "mangan") if a > 2000 else (a, "none")


@pytest.mark.parametrize(("han", "fu"), sorted(TABLE))
def test_standard_table(han: int, fu: int) -> None:
    nr, nt_nd, nt_d, dr, dt = TABLE[(han, fu)]
    base, limit = _base(han, fu)
    e = pts(han, fu, dealer=False, tsumo=False)
    assert (e.ron, e.tsumo_dealer, e.tsumo_non_dealer, e.total) == (nr, None, None, nr)
    assert (e.base_points, e.limit) == (base, limit)
    e = pts(han, fu, dealer=False, tsumo=True)
    assert (e.ron, e.tsumo_dealer, e.tsumo_non_dealer) == (None, nt_d, nt_nd)
    assert e.total == 2 * nt_nd + nt_d
    e = pts(han, fu, dealer=True, tsumo=False)
    assert (e.ron, e.total) == (dr, dr)
    e = pts(han, fu, dealer=True, tsumo=True)
    assert (e.ron, e.tsumo_dealer, e.tsumo_non_dealer, e.total) == (None, None, dt, 3 * dt)


# (han, limit name, basic points); payments are 4a/6a ron, a/2a or 2a each by tsumo.
LIMITS = [
    (5, "mangan", 2000),
    (6, "haneman", 3000),
    (7, "haneman", 3000),
    (8, "baiman", 4000),
    (9, "baiman", 4000),
    (10, "baiman", 4000),
    (11, "sanbaiman", 6000),
    (12, "sanbaiman", 6000),
]


@pytest.mark.parametrize(("han", "limit", "base"), LIMITS)
@pytest.mark.parametrize("fu", [20, 30, 110])
def test_limits(han: int, limit: str, base: int, fu: int) -> None:
    e = pts(han, fu, dealer=False, tsumo=False)
    assert (e.base_points, e.limit, e.ron) == (base, limit, 4 * base)
    e = pts(han, fu, dealer=False, tsumo=True)
    assert (e.tsumo_non_dealer, e.tsumo_dealer, e.total) == (base, 2 * base, 4 * base)
    assert pts(han, fu, dealer=True, tsumo=False).ron == 6 * base
    e = pts(han, fu, dealer=True, tsumo=True)
    assert (e.tsumo_non_dealer, e.total) == (2 * base, 6 * base)


def test_yakuman_points() -> None:
    # yakuman=n: 8000 basic per yakuman.
    e = pts(0, 30, yakuman=1, dealer=False, tsumo=False)
    assert (e.base_points, e.ron, e.limit) == (8000, 32000, "yakuman")
    e = pts(0, 30, yakuman=1, dealer=True, tsumo=True)
    assert (e.tsumo_non_dealer, e.total) == (16000, 48000)
    e = pts(0, 30, yakuman=1, dealer=False, tsumo=True)
    assert (e.tsumo_non_dealer, e.tsumo_dealer, e.total) == (8000, 16000, 32000)
    e = pts(0, 30, yakuman=2, dealer=False, tsumo=False)
    assert (e.base_points, e.ron, e.limit) == (16000, 64000, "multiple_yakuman")
    assert pts(0, 30, yakuman=2, dealer=True, tsumo=False).ron == 96000
    # max_yakuman caps the multiple: 3 -> 2.
    capped = riichi.Rules(max_yakuman=2)
    assert pts(0, 30, yakuman=3, dealer=False, tsumo=False, rules=capped).ron == 64000
    # 13+ han of regular yaku are kazoe (one yakuman by default), however many.
    e = pts(26, 30, dealer=False, tsumo=False)
    assert (e.base_points, e.ron, e.limit) == (8000, 32000, "kazoe_yakuman")


def test_points_entry_repr_is_python() -> None:
    # The repr shows Python values (None, 500), not Rust's Option (Some(500)).
    text = repr(pts(1, 30, dealer=False, tsumo=True))
    assert "Some(" not in text
    assert "ron=None" in text and "tsumo_dealer=500" in text


def test_mangan_from_fu() -> None:
    # 3 han 70 fu: 70 * 32 = 2240 > 2000 -> mangan; 2 han 110 fu: 1760, no limit.
    e = pts(3, 70, dealer=False, tsumo=False)
    assert (e.base_points, e.limit, e.ron) == (2000, "mangan", 8000)
    e = pts(2, 110, dealer=False, tsumo=False)
    assert (e.base_points, e.limit, e.ron) == (1760, "none", 7100)


def test_honba_on_ron_and_tsumo() -> None:
    # Ron: +300 per honba from the discarder.
    e = pts(1, 30, dealer=False, tsumo=False, honba=2)
    assert (e.ron, e.total) == (1600, 1600)
    e = pts(5, 30, dealer=True, tsumo=False, honba=1)
    assert (e.ron, e.total) == (12300, 12300)
    # Tsumo: +100 per honba from each payer.
    e = pts(1, 30, dealer=False, tsumo=True, honba=2)
    assert (e.tsumo_non_dealer, e.tsumo_dealer, e.total) == (500, 700, 1700)
    e = pts(1, 30, dealer=True, tsumo=True, honba=2)
    assert (e.tsumo_non_dealer, e.total) == (700, 2100)


def test_70fu_2han_non_dealer_tsumo() -> None:
    # a = 70 * 2^4 = 1120: each non-dealer 1120 -> 1200, the dealer 2240 -> 2300.
    e = pts(2, 70, dealer=False, tsumo=True)
    assert (e.base_points, e.tsumo_non_dealer, e.tsumo_dealer, e.total) == (1120, 1200, 2300, 4700)


def test_honba_on_points() -> None:
    # +300 per honba on a ron; +100 from each payer per honba on a tsumo.
    assert pts(2, 30, dealer=False, tsumo=False, honba=3).ron == 2000 + 900
    e = pts(2, 30, dealer=False, tsumo=True, honba=3)
    assert (e.tsumo_non_dealer, e.tsumo_dealer, e.total) == (800, 1300, 2900)
    e = pts(2, 30, dealer=True, tsumo=True, honba=3)
    assert (e.tsumo_non_dealer, e.tsumo_dealer, e.total) == (1300, None, 3900)


# score_table -------------------------------------------------------------------------


def test_score_table_cells() -> None:
    t = riichi.score_table()
    assert set(t) == {"dealer", "non_dealer"}
    # Spot checks of the format.
    assert t["non_dealer"][(1, 30)] == "1000 (300/500)"
    assert t["dealer"][(1, 30)] == "1500 (500 all)"
    assert t["non_dealer"][(3, 60)] == "7700 (2000/3900)"
    assert t["non_dealer"][(4, 40)] == "8000 (2000/4000)"
    assert t["dealer"][(4, 30)] == "11600 (3900 all)"
    # 1 han 20 fu and 1 han 25 fu cannot occur.
    for who in ("dealer", "non_dealer"):
        assert (1, 20) not in t[who]
        assert (1, 25) not in t[who]
    # Every cell of 30-100 fu is there and right; the others that are present too.
    for (han, fu), (nr, nt_nd, nt_d, dr, dt) in TABLE.items():
        if 30 <= fu <= 100:
            assert (han, fu) in t["non_dealer"] and (han, fu) in t["dealer"]
        if (han, fu) in t["non_dealer"]:
            cell = t["non_dealer"][(han, fu)]
            if fu == 20:  # pinfu tsumo only
                assert f"{nt_nd}/{nt_d}" in cell, cell
            elif fu == 25 and han == 2:  # chiitoitsu ron only
                assert str(nr) in cell, cell
            elif fu >= 30:
                assert cell == f"{nr} ({nt_nd}/{nt_d})", (han, fu, cell)
        if (han, fu) in t["dealer"]:
            cell = t["dealer"][(han, fu)]
            if fu == 20:
                assert f"{dt} all" in cell, cell
            elif fu == 25 and han == 2:
                assert str(dr) in cell, cell
            elif fu >= 30:
                assert cell == f"{dr} ({dt} all)", (han, fu, cell)


# Fu breakdown ----------------------------------------------------------------------


def fu_items(r: riichi.ScoreResult) -> list[tuple[str, int]]:
    """The non-zero items of the breakdown, sorted; they must add up to the fu."""
    assert sum(i.fu for i in r.fu_details) == r.fu
    for i in r.fu_details:
        assert i.reason in {
            "base",
            "menzen_ron",
            "tsumo",
            "meld",
            "pair",
            "wait",
            "chiitoitsu",
            "open_pinfu",
            "round_up",
        }, i.reason
        assert isinstance(i.detail, str)
    return sorted((i.reason, i.fu) for i in r.fu_details if i.fu)


def test_fu_closed_ron() -> None:
    # 20 + 10 (menzen ron) + 8 (closed 999m) = 38, rounded up by 2 to 40.
    r = sc(PLAIN, "3s", riichi=True)
    assert r.fu == 40
    assert fu_items(r) == sorted([("base", 20), ("menzen_ron", 10), ("meld", 8), ("round_up", 2)])
    assert any("999m" in i.detail for i in r.fu_details if i.reason == "meld")


def test_fu_pinfu() -> None:
    # Ron: 20 + 10 = 30. Tsumo: 20, no tsumo fu, not rounded.
    assert fu_items(sc(PINFU, "3s")) == [("base", 20), ("menzen_ron", 10)]
    r = sc(PINFU, "3s", tsumo=True)
    assert (r.fu, fu_items(r)) == (20, [("base", 20)])


def test_fu_chiitoitsu() -> None:
    r = sc("1155m2288p3399s66z", "6z")
    assert r.fu == 25
    items = fu_items(r)
    assert ("round_up", 5) not in items
    assert any(reason == "chiitoitsu" for reason, _ in items)


def test_fu_open_pinfu_shape() -> None:
    # Open, no fu at all, by ron: 30 (20 + 10 for the open pinfu shape).
    r = sc("234m345p678s88p [2'34s]", "5p")
    assert (r.fu, fu_items(r)) == (30, [("base", 20), ("open_pinfu", 10)])


def test_fu_tsumo_kan_pair_wait() -> None:
    # Ankan 9999m 32, closed 222s 4, chun pair 2, kanchan 2p 2, tsumo 2:
    # 20 + 2 + 32 + 4 + 2 + 2 = 62 -> 70 (round up 8). Menzen tsumo 1 han 70 fu:
    # a = 560; dealer 1120 -> 1200, others 560 -> 600: 2400.
    r = sc("123p222s456m77z (9999m)", "2p", tsumo=True)
    assert r.fu == 70
    assert fu_items(r) == sorted(
        [
            ("base", 20),
            ("tsumo", 2),
            ("meld", 32),
            ("meld", 4),
            ("pair", 2),
            ("wait", 2),
            ("round_up", 8),
        ]
    )
    assert r.wait == "kanchan"
    assert r.points == 2400


def test_fu_open_kans_and_pon() -> None:
    # Open kan 2222m 8, open kan 9999p 16, open pon haku 4, tanki 5p 2:
    # 20 + 8 + 16 + 4 + 2 = 50. Haku 1 han 50 fu: 400 x4 = 1600.
    r = sc("345s55p [2222'm] [9999'p] [55'5z]", "5p")
    assert r.fu == 50
    assert fu_items(r) == sorted(
        [("base", 20), ("meld", 8), ("meld", 16), ("meld", 4), ("wait", 2)]
    )
    assert r.points == 1600


def test_fu_triplet_completed_by_ron_is_open() -> None:
    # Shanpon ron on 6s: 666s counts 2 (open simple), not 4.
    # 20 + 10 + 4 (222m) + 4 (444p) + 2 (666s) = 40.
    r = sc("222m444p666s789s11p", "6s", riichi=True)
    assert fu_items(r) == sorted(
        [("base", 20), ("menzen_ron", 10), ("meld", 4), ("meld", 4), ("meld", 2)]
    )
    # By tsumo the same triplet is closed: 20 + 2 + 4 + 4 + 4 = 34 -> 40.
    r = sc("222m444p666s789s11p", "6s", tsumo=True)
    assert fu_items(r) == sorted(
        [("base", 20), ("tsumo", 2), ("meld", 4), ("meld", 4), ("meld", 4), ("round_up", 6)]
    )


def test_fu_double_wind_pair() -> None:
    # Dealer, East round, East pair (4), closed 222p (4), kanchan 2m (2), tsumo (2):
    # 20 + 2 + 4 + 4 + 2 = 32 -> 40.
    r = sc("123m222p456s789s11z", "2m", tsumo=True, seat_wind="E", round_wind="E")
    assert fu_items(r) == sorted(
        [("base", 20), ("tsumo", 2), ("meld", 4), ("pair", 4), ("wait", 2), ("round_up", 8)]
    )


# Dora, red fives, ura ------------------------------------------------------------------


def test_dora_aka_ura() -> None:
    # Indicator 2m -> 3m (one), ura 8m -> 9m (three), a red 5p: riichi 1 + 1 + 3 + 1
    # = 6 han: haneman 12000.
    r = sc("123999m406p345s33z", "3s", riichi=True, dora_indicators="2m", ura_indicators="8m")
    assert (r.dora, r.ura, r.aka, r.han, r.points, r.limit) == (1, 3, 1, 6, 12000, "haneman")
    assert [y.id for y in r.yaku] == ["riichi"]


@pytest.mark.parametrize(
    ("hand", "indicator", "dora"),
    [
        ("234m456p55p678s111z", "4z", 3),  # North -> East
        ("234m456p55p678s555z", "7z", 3),  # red -> white
        ("234m456p55p678s666z", "5z", 3),  # white -> green
        ("234m456p55p678s777z", "6z", 3),  # green -> red
        ("234m456p55p678s222z", "1z", 3),  # East -> South
    ],
)
def test_dora_wraps_inside_each_group(hand: str, indicator: str, dora: int) -> None:
    # One han of yakuhai (round wind East, haku, hatsu, chun or seat wind South) + 3
    # dora = 4 han, 40 fu: 40 * 64 = 2560 > 2000: mangan 8000.
    r = sc(hand, "8s", dora_indicators=indicator)
    assert (r.dora, r.han, r.points) == (dora, 4, 8000)


def test_dora_wraps_in_a_suit() -> None:
    # Indicator 9m -> 1m: one dora in the pinfu hand: 2 han 30 fu = 2000.
    r = sc(PINFU, "3s", dora_indicators="9m")
    assert (r.dora, r.han, r.points) == (1, 2, 2000)


# Payments and score changes -------------------------------------------------------


def test_payments_non_dealer_ron() -> None:
    # Riichi 1 han 40 fu = 1300, 1 honba (+300), 2 sticks (2000).
    r = sc(PLAIN, "3s", riichi=True, honba=1, riichi_sticks=2)
    p = r.payments
    assert (r.points, r.is_dealer, r.tsumo) == (1300, False, False)
    assert (p.ron, p.tsumo_dealer, p.tsumo_non_dealer) == (1600, None, None)
    assert (p.honba, p.sticks, p.total) == (300, 2000, 3600)
    assert r.deltas(discarder="W") == (0, 3600, -1600, 0)
    assert r.deltas(discarder="E") == (-1600, 3600, 0, 0)


def test_payments_non_dealer_tsumo() -> None:
    # Riichi + tsumo, 2 han 30 fu: a = 480: dealer 960 -> 1000, others 500.
    # 1 honba: +100 each; 1 stick.
    r = sc(PLAIN, "3s", riichi=True, tsumo=True, honba=1, riichi_sticks=1)
    p = r.payments
    assert r.points == 2000
    assert (p.ron, p.tsumo_dealer, p.tsumo_non_dealer) == (None, 1100, 600)
    assert (p.honba, p.sticks, p.total) == (300, 1000, 3300)
    assert r.deltas() == (-1100, 3300, -600, -600)


def test_payments_dealer_ron() -> None:
    # Dealer pinfu 1 han 30 fu: 240 x6 = 1440 -> 1500; 2 honba +600.
    r = sc(PINFU, "3s", seat_wind="E", honba=2)
    p = r.payments
    assert (r.points, r.is_dealer) == (1500, True)
    assert (p.ron, p.honba, p.sticks, p.total) == (2100, 600, 0, 2100)
    assert r.deltas(discarder="N") == (2100, 0, 0, -2100)


def test_payments_dealer_tsumo() -> None:
    # Dealer riichi + tsumo, 2 han 30 fu: 2a = 960 -> 1000 all; 1 honba +100 each.
    r = sc(PLAIN, "3s", riichi=True, tsumo=True, seat_wind="E", honba=1)
    p = r.payments
    assert r.points == 3000
    assert (p.ron, p.tsumo_dealer, p.tsumo_non_dealer) == (None, None, 1100)
    assert (p.honba, p.total) == (300, 3300)
    assert r.deltas() == (3300, -1100, -1100, -1100)


def test_payments_west_winner() -> None:
    # A West non-dealer tsumo, 1 han 30 fu (open haitei): 500 from E, 300 from S and N.
    r = sc(PLAIN_OPEN, "3s", tsumo=True, haitei=True, seat_wind="W")
    assert r.deltas() == (-500, -300, 1100, -300)


def test_deltas_needs_a_valid_discarder() -> None:
    r = sc(PLAIN, "3s", riichi=True)
    with pytest.raises(riichi.MahjongError):
        r.deltas()
    with pytest.raises(riichi.MahjongError):
        r.deltas(discarder="S")  # the winner cannot have discarded it


# Pao -------------------------------------------------------------------------------

DAISANGEN_OPEN = "123m44p [55'5z] [66'6z] [77'7z]"  # tanki 4p


def test_pao_daisangen_tsumo_liable_pays_all() -> None:
    r = sc(DAISANGEN_OPEN, "4p", tsumo=True)
    assert r.points == 32000
    assert r.deltas(liable="W") == (0, 32000, -32000, 0)
    # Without a liable player: 16000 from the dealer, 8000 from each other.
    assert r.deltas() == (-16000, 32000, -8000, -8000)
    # Dealer winner: 48000, all from the liable player.
    r = sc(DAISANGEN_OPEN, "4p", tsumo=True, seat_wind="E")
    assert r.deltas(liable="N") == (48000, 0, 0, -48000)


def test_pao_daisangen_ron_split() -> None:
    r = sc(DAISANGEN_OPEN, "4p")
    assert r.deltas(discarder="N", liable="W") == (0, 32000, -16000, -16000)
    assert r.deltas(discarder="N") == (0, 32000, 0, -32000)
    # Dealer winner: 48000 split 24000/24000.
    r = sc(DAISANGEN_OPEN, "4p", seat_wind="E")
    assert r.deltas(discarder="W", liable="S") == (48000, -24000, -24000, 0)


def test_pao_scope_with_stacked_yakuman() -> None:
    # Daisangen + tsuuiisou by tsumo, W fed the third dragon: 64000.
    hand = "222z11z [55'5z] [66'6z] [77'7z]"
    r = sc(hand, "1z", tsumo=True)
    assert {y.id for y in r.yakuman} == {"daisangen", "tsuuiisou"}
    # Tenhou (whole hand): W pays everything.
    assert r.deltas(liable="W") == (0, 64000, -64000, 0)
    # yakuman_only: W pays the daisangen 32000; tsuuiisou is settled as an
    # ordinary yakuman tsumo (E 16000, W 8000, N 8000).
    r = sc(hand, "1z", tsumo=True, rules=Rules(pao_scope="yakuman_only"))
    assert r.deltas(liable="W") == (-16000, 64000, -40000, -8000)
    # Ron from N: half of the daisangen each (16000), N pays the tsuuiisou 32000.
    r = sc(hand, "1z", rules=Rules(pao_scope="yakuman_only"))
    assert r.deltas(discarder="N", liable="W") == (0, 64000, -16000, -48000)


# Multiple ron ----------------------------------------------------------------------


def test_multi_ron_nearest_in_turn_order() -> None:
    # W discards 3s; S (pinfu, 1000) and N (riichi + pinfu, 2000) both ron, with 1 honba
    # and 1 stick. Turn order after W is N, E, S: N is nearest and takes honba and
    # stick: N 2000 + 300 + 1000 = 3300, S 1000; W pays 2300 + 1000 = 3300.
    s = riichi.score(PINFU, "3s", seat_wind="S", honba=1, riichi_sticks=1)
    n = riichi.score(PINFU, "3s", seat_wind="N", riichi=True, honba=1, riichi_sticks=1)
    deltas, winners = riichi.settle_multi_ron([s, n], "W", Rules())
    assert deltas == (0, 1000, -3300, 3300)
    assert set(winners) == {"S", "N"}
    # Head bump: N only.
    deltas, winners = riichi.settle_multi_ron([s, n], "W", Rules(multi_ron="head_bump"))
    assert (deltas, winners) == ((0, 0, -2300, 3300), ["N"])
    # Honba to each: S gets 300 too; W pays 3600.
    deltas, _ = riichi.settle_multi_ron([s, n], "W", Rules(multi_ron_honba="each"))
    assert deltas == (0, 1300, -3600, 3300)


def test_multi_ron_with_the_dealer_winning() -> None:
    # S discards; E (dealer pinfu, 1500) and W (riichi, 1300) ron, no honba or sticks.
    # Turn order after S: W, N, E: W is nearest, but with nothing on the table both
    # are simply paid: S pays 2800.
    e = riichi.score(PINFU, "3s", seat_wind="E")
    w = riichi.score(PLAIN, "3s", seat_wind="W", riichi=True)
    deltas, winners = riichi.settle_multi_ron([e, w], "S", Rules())
    assert deltas == (1500, -2800, 1300, 0)
    assert set(winners) == {"E", "W"}
    deltas, winners = riichi.settle_multi_ron([e, w], "S", Rules(multi_ron="head_bump"))
    assert (deltas, winners) == ((0, -1300, 1300, 0), ["W"])


def test_multi_ron_pao() -> None:
    # S ron on a daisangen (W liable) and N ron (pinfu 1000) on E's discard.
    # Both win on the same 4p: S's tanki, N's ryanmen 56p (pinfu).
    s = riichi.score(DAISANGEN_OPEN, "4p", seat_wind="S")
    n = riichi.score(PINFU, "4p", seat_wind="N")
    assert (s.points, n.points) == (32000, 1000)
    # S: 32000 split E/W; N: 1000 from E.
    deltas, winners = riichi.settle_multi_ron([s, n], "E", Rules(), liable=["W", None])
    assert deltas == (-17000, 32000, -16000, 1000)
    assert set(winners) == {"S", "N"}


# Nagashi mangan -----------------------------------------------------------------------


def test_nagashi_mangan_payments() -> None:
    # A non-dealer: mangan tsumo 4000 from the dealer, 2000 from each other.
    assert riichi.nagashi_mangan_payments(["S"]) == (-4000, 8000, -2000, -2000)
    # The dealer: 4000 from each.
    assert riichi.nagashi_mangan_payments(["E"]) == (12000, -4000, -4000, -4000)
    # Two: E +12000 - 4000 (pays S), S +8000 - 4000 (pays E); W and N pay 4000 + 2000.
    assert riichi.nagashi_mangan_payments(["E", "S"]) == (8000, 4000, -6000, -6000)
    # S and W: each gets 8000; E pays 4000 twice; S and W pay each other 2000; N 2000 x2.
    assert riichi.nagashi_mangan_payments(["S", "W"]) == (-8000, 6000, 6000, -4000)
    # No honba.
    assert riichi.nagashi_mangan_payments(["S"], honba=3) == (-4000, 8000, -2000, -2000)


# Errors ------------------------------------------------------------------------------


def test_error_hierarchy() -> None:
    for cls in (NotAgariError, NoYakuError, InvalidContextError):
        assert issubclass(cls, riichi.ScoringError)
        assert issubclass(cls, riichi.MahjongError)
        assert cls.__module__ == "riichi"


INVALID_CONTEXTS: list[tuple[str, str, str, dict[str, Any]]] = [
    ("ippatsu without riichi", PLAIN, "3s", {"ippatsu": True}),
    ("haitei with ron", PLAIN, "3s", {"haitei": True}),
    ("houtei with tsumo", PLAIN, "3s", {"tsumo": True, "houtei": True}),
    ("chankan with tsumo", PLAIN, "3s", {"tsumo": True, "chankan": True}),
    ("rinshan with ron", "234m456p55p678s (9999m)", "8s", {"rinshan": True}),
    ("tenhou for a non-dealer", PLAIN, "3s", {"tsumo": True, "tenhou": True}),
    ("tenhou with ron", PLAIN, "3s", {"tenhou": True, "seat_wind": "E"}),
    (
        "tenhou after an ankan",
        "234m456p55p678s (9999m)",
        "8s",
        {"tsumo": True, "tenhou": True, "seat_wind": "E"},
    ),
    ("chiihou for the dealer", PLAIN, "3s", {"tsumo": True, "chiihou": True, "seat_wind": "E"}),
    ("riichi with an open hand", PLAIN_OPEN, "3s", {"riichi": True}),
    ("double riichi with an open hand", PLAIN_OPEN, "3s", {"double_riichi": True}),
    (
        "red five without red fives",
        "123999m406p345s33z",
        "3s",
        {"riichi": True, "rules": Rules(red_fives=(0, 0, 0))},
    ),
    ("win tile not in hand", PLAIN, "7z", {"riichi": True}),
    ("red win tile, plain five in hand", PLAIN, "0p", {"riichi": True}),
]


@pytest.mark.parametrize(
    ("hand", "win", "kw"), [c[1:] for c in INVALID_CONTEXTS], ids=[c[0] for c in INVALID_CONTEXTS]
)
def test_invalid_context(hand: str, win: str, kw: dict[str, Any]) -> None:
    with pytest.raises(InvalidContextError) as info:
        sc(hand, win, **kw)
    assert type(info.value) is InvalidContextError
    assert str(info.value)


def test_not_agari() -> None:
    with pytest.raises(NotAgariError):
        sc("123m456p789s12345z", "5z")
    with pytest.raises(NotAgariError):
        sc("123m456p12344z [555z]", "4z")


def test_no_yaku() -> None:
    # A complete closed hand won by ron with no yaku.
    with pytest.raises(NoYakuError):
        sc(PLAIN, "3s")
    # Dora are not yaku: three dora (9m) and a red five do not make it win.
    with pytest.raises(NoYakuError):
        sc("123999m406p345s33z", "3s", dora_indicators="8m")
    # An open hand without yaku.
    with pytest.raises(NoYakuError):
        sc(PLAIN_OPEN, "3s")
    # min_han: pinfu alone is 1 han.
    with pytest.raises(NoYakuError):
        sc(PINFU, "3s", rules=Rules(min_han=2))
    # two_han_from_honba: from 5 honba on, 1 han is not enough.
    with pytest.raises(NoYakuError):
        sc(PINFU, "3s", honba=5, rules=Rules(two_han_from_honba=5))
    assert sc(PINFU, "3s", honba=4, rules=Rules(two_han_from_honba=5)).points == 1000


# The result object ----------------------------------------------------------------------


def test_result_object() -> None:
    r = sc(PLAIN, "3s", riichi=True)
    y = r.yaku[0]
    assert (y.id, y.name, y.name_ja, y.han, y.yakuman, y.tenhou_id) == (
        "riichi",
        "Riichi",
        "立直",
        1,
        0,
        1,
    )
    t = sc(PINFU, "3s", tsumo=True)
    mt = next(y for y in t.yaku if y.id == "menzen_tsumo")
    assert (mt.name, mt.name_ja, mt.tenhou_id) == ("Menzen Tsumo", "門前清自摸和", 0)
    assert r.yaku[0] == sc(PLAIN, "3s", riichi=True).yaku[0]
    assert hash(r.yaku[0]) == hash(sc(PLAIN, "3s", riichi=True).yaku[0])
    assert r.decomposition.form == "standard"
    assert r.wait == "ryanmen"
    assert str(r)
    assert (r.is_dealer, r.tsumo, r.limit) == (False, False, "none")
    assert (r.base_points, r.yakuman_multiplier) == (320, 0)


def test_context_object_and_hand_object() -> None:
    ctx = riichi.WinContext(riichi=True, seat_wind="S", honba=1)
    r = riichi.score(riichi.Hand(PLAIN), riichi.Tile("3s"), context=ctx)
    assert (r.points, r.payments.ron) == (1300, 1600)


@pytest.mark.parametrize(
    ("spellings", "index"),
    [
        (["E", "e", "EAST", "east", "East", 0], 0),
        (["S", "s", "SOUTH", "south", 1], 1),
        (["W", "w", "WEST", "west", 2], 2),
        (["N", "n", "NORTH", "North", 3], 3),
    ],
)
def test_wind_spellings(spellings: list[Any], index: int) -> None:
    """A wind is its letter or its English name in any case, or its number; the
    seat wind decides who is dealer and the round wind which winds are yakuhai."""
    names = ["E", "S", "W", "N"]
    long = ["East", "South", "West", "North"][index]
    for w in spellings:
        ctx = riichi.WinContext(seat_wind=w, round_wind=w)
        assert (ctx.seat_wind, ctx.round_wind) == (names[index], names[index])
        hand = f"234m456p678s22m{index + 1}{index + 1}{index + 1}z"
        r = riichi.score(hand, "2m", tsumo=True, seat_wind=w, round_wind=w)
        assert r.is_dealer == (index == 0)
        yaku = {y.name: y.han for y in r.yaku}
        assert yaku[f"Seat Wind {long}"] == yaku[f"Round Wind {long}"] == 1, r
    for bad in ["", "X", "EE", "Ea", "EASTERN", "ES"]:
        with pytest.raises(InvalidContextError, match="is not one of"):
            riichi.WinContext(seat_wind=bad)


@pytest.mark.parametrize("fu", [-10, 2**32, 0, 35])
def test_aotenjou_yakuman_checks_fu(fu: int) -> None:
    """Under aotenjou the fu count even for a yakuman, so a wrong fu is an error, not
    a hand of 0 points."""
    with pytest.raises(riichi.InvalidInputError, match="fu"):
        riichi.points(0, fu, dealer=False, tsumo=False, yakuman=1, rules=Rules(aotenjou=True))


def test_a_limit_hand_takes_any_fu_but_not_beyond_the_range() -> None:
    assert riichi.points(13, 0, dealer=False, tsumo=False).total == 32000
    with pytest.raises(riichi.InvalidInputError, match="fu must be an integer"):
        riichi.points(13, -10, dealer=False, tsumo=False)


def test_shiisan_puutaa_shows_its_fu_breakdown() -> None:
    # Every result shows its fu breakdown, item by item, a yakuman of no set shape
    # too. (riichi.wiki's example hand: 259s 39p 158m 12456z, 6z drawn.)
    r = sc("259s39p158m124566z", "6z", tsumo=True, chiihou=True, rules=Rules(shiisan_puutaa=True))
    assert {y.id: y.yakuman for y in r.yakuman} == {"shiisan_puutaa": 1}
    assert r.fu_details
    assert sum(f.fu for f in r.fu_details) == r.fu


def test_pao_ron_yakuman_only_with_honba() -> None:
    # riichi.wiki (Sekinin barai, "Example of Ron", 1 honba): S wins daisangen +
    # tsuuiisou off E, W liable for daisangen, pao on that yakuman only: E pays the
    # tsuuiisou 32000 and half the daisangen 16000; W pays 16000 and the 300 honba.
    r = sc(
        "111z22z pon 555z pon 666z pon 777z",
        "2z",
        honba=1,
        rules=Rules(pao_scope="yakuman_only"),
    )
    assert r.deltas(discarder="E", liable="W") == (-48000, 64300, -16300, 0)


def test_multi_ron_nearest_after_a_non_dealer_discarder() -> None:
    # N discards; E (dealer) and S ron with 2 honba and 1 stick. After N comes E:
    # E takes 2000 + 600 + 1000, S 1300.
    hand = "123m456p789s55544z"
    e = sc(hand, "4z", seat_wind="E", honba=2, riichi_sticks=1)
    s = sc(hand, "4z", honba=2, riichi_sticks=1)
    deltas, winners = riichi.settle_multi_ron([s, e], "N")
    assert deltas == (3600, 1300, 0, -3900)
    assert winners == ["E", "S"]
