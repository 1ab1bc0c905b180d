"""riichi.score: every yaku, yakuman and local yaku.

Each yaku has a hand that has it, with its han closed and open, and a near miss
without it; then the yaku that exclude each other, the highest-points principle (the
reading that scores most is taken) and the yakuman's special cases, then situations
that cannot happen and readings checked by hand. Every expected value is worked out
by hand from the fu and payment rules (the arithmetic is in the comments). Unless a
test says otherwise the winner sits South (a non-dealer) in an East round, so West
(3z) and North (4z) are guest winds.
"""

from __future__ import annotations

import pytest

import riichi
from riichi import Rules

# Tenhou's yaku numbers (tenhou.net log format); local yaku have none.
TENHOU_IDS = {
    "menzen_tsumo": 0,
    "riichi": 1,
    "ippatsu": 2,
    "chankan": 3,
    "rinshan_kaihou": 4,
    "haitei_raoyue": 5,
    "houtei_raoyui": 6,
    "pinfu": 7,
    "tanyao": 8,
    "iipeikou": 9,
    "seat_wind_east": 10,
    "seat_wind_south": 11,
    "seat_wind_west": 12,
    "seat_wind_north": 13,
    "round_wind_east": 14,
    "round_wind_south": 15,
    "round_wind_west": 16,
    "round_wind_north": 17,
    "haku": 18,
    "hatsu": 19,
    "chun": 20,
    "double_riichi": 21,
    "chiitoitsu": 22,
    "chanta": 23,
    "ittsu": 24,
    "sanshoku_doujun": 25,
    "sanshoku_doukou": 26,
    "sankantsu": 27,
    "toitoi": 28,
    "sanankou": 29,
    "shousangen": 30,
    "honroutou": 31,
    "ryanpeikou": 32,
    "junchan": 33,
    "honitsu": 34,
    "chinitsu": 35,
    "tenhou": 37,
    "chiihou": 38,
    "daisangen": 39,
    "suuankou": 40,
    "suuankou_tanki": 41,
    "tsuuiisou": 42,
    "ryuuiisou": 43,
    "chinroutou": 44,
    "chuuren": 45,
    "junsei_chuuren": 46,
    "kokushi": 47,
    "kokushi_13": 48,
    "daisuushii": 49,
    "shousuushii": 50,
    "suukantsu": 51,
}
# Renhou is Tenhou's number 36 but a local yaku here: either answer is defensible.
NO_ID_CHECK = {"renhou"}


def sc(hand: str, win: str, **kw: object) -> riichi.ScoreResult:
    """Score with the winner South in an East round unless told otherwise."""
    kw.setdefault("seat_wind", "S")
    return riichi.score(hand, win, **kw)  # type: ignore[arg-type]


def yaku_of(r: riichi.ScoreResult) -> dict[str, int]:
    return {y.id: y.han for y in r.yaku}


def yakuman_of(r: riichi.ScoreResult) -> dict[str, int]:
    return {y.id: y.yakuman for y in r.yakuman}


def check(
    r: riichi.ScoreResult, yaku: dict[str, int], *, han: int, points: int, fu: int | None = None
) -> None:
    """A regular hand: exactly these yaku with these han, the total han (dora
    included), the fu when given, and the points (before honba and sticks)."""
    assert yaku_of(r) == yaku
    assert r.yakuman == []
    assert r.yakuman_multiplier == 0
    assert r.han == han
    if fu is not None:
        assert r.fu == fu
    assert r.points == points
    for y in r.yaku:
        assert y.yakuman == 0
        if y.id not in NO_ID_CHECK:
            assert y.tenhou_id == TENHOU_IDS.get(y.id), y.id


def check_yakuman(r: riichi.ScoreResult, yakuman: dict[str, int], *, points: int) -> None:
    """A yakuman hand: exactly these yakuman with their multipliers, no regular
    yaku, han = 13 x the multiple, basic points 8000 x the multiple."""
    assert yakuman_of(r) == yakuman
    assert r.yaku == []
    mult = sum(yakuman.values())
    assert r.yakuman_multiplier == mult
    assert r.han == 13 * mult
    assert r.base_points == 8000 * mult
    assert r.points == points
    for y in r.yakuman:
        assert y.han == 13 * y.yakuman
        if y.id not in NO_ID_CHECK:
            assert y.tenhou_id == TENHOU_IDS.get(y.id), y.id


# A closed hand with no yaku of its own: 123m 999m 456p 345s + 33z, ryanmen on 3s.
# Ron fu: 20 + 10 (menzen ron) + 8 (closed 999m) = 38 -> 40.
# Tsumo fu: 20 + 2 (tsumo) + 8 = 30.
PLAIN = "123999m456p345s33z"
# The same hand with 999m as an open pon: 20 + 4 (open yaochuu pon) = 24 -> 30 fu
# on ron and 20 + 2 + 4 = 26 -> 30 on tsumo.
PLAIN_OPEN = "123m456p345s33z [999m]"
# Pinfu shape: 123m 456p 345s 789s + 33z, ryanmen on 3s (45s waiting 3s/6s).
PINFU = "123m456p345s789s33z"


# Regular yaku ---------------------------------------------------------------------


def test_riichi() -> None:
    # 1 han 40 fu non-dealer ron: 40 * 2^3 = 320, x4 = 1280 -> 1300.
    check(sc(PLAIN, "3s", riichi=True), {"riichi": 1}, han=1, fu=40, points=1300)
    # Near miss: the same hand without riichi has no yaku.
    with pytest.raises(riichi.NoYakuError):
        sc(PLAIN, "3s")


def test_double_riichi_replaces_riichi() -> None:
    # 2 han 40 fu: 640 x4 = 2560 -> 2600. Riichi is not listed as well.
    r = sc(PLAIN, "3s", double_riichi=True)
    check(r, {"double_riichi": 2}, han=2, fu=40, points=2600)
    # riichi=True alongside changes nothing.
    r2 = sc(PLAIN, "3s", riichi=True, double_riichi=True)
    check(r2, {"double_riichi": 2}, han=2, fu=40, points=2600)


def test_ippatsu() -> None:
    # riichi 1 + ippatsu 1 = 2 han 40 fu -> 2600.
    check(
        sc(PLAIN, "3s", riichi=True, ippatsu=True),
        {"riichi": 1, "ippatsu": 1},
        han=2,
        fu=40,
        points=2600,
    )
    # Near miss: riichi without ippatsu.
    assert "ippatsu" not in yaku_of(sc(PLAIN, "3s", riichi=True))


def test_ippatsu_survives_robbing_a_kan() -> None:
    # riichi 1 + ippatsu 1 + chankan 1 = 3 han 40 fu: 1280 x4 = 5120 -> 5200.
    check(
        sc(PLAIN, "3s", riichi=True, ippatsu=True, chankan=True),
        {"riichi": 1, "ippatsu": 1, "chankan": 1},
        han=3,
        fu=40,
        points=5200,
    )


def test_menzen_tsumo() -> None:
    # 1 han 30 fu non-dealer tsumo: a = 240; dealer pays 480 -> 500, others 240 -> 300.
    check(sc(PLAIN, "3s", tsumo=True), {"menzen_tsumo": 1}, han=1, fu=30, points=1100)
    # Near miss: an open hand winning by tsumo has no menzen tsumo (and here no yaku).
    with pytest.raises(riichi.NoYakuError):
        sc(PLAIN_OPEN, "3s", tsumo=True)


def test_pinfu_ron() -> None:
    # 20 + 10 (menzen ron) = 30 fu, 1 han: 240 x4 = 960 -> 1000.
    r = sc(PINFU, "3s")
    check(r, {"pinfu": 1}, han=1, fu=30, points=1000)
    assert r.wait == "ryanmen"


def test_pinfu_tsumo_is_20_fu() -> None:
    # pinfu + menzen tsumo, 20 fu (no tsumo fu): a = 20 * 2^4 = 320; 700/400 -> 1500.
    check(
        sc(PINFU, "3s", tsumo=True),
        {"pinfu": 1, "menzen_tsumo": 1},
        han=2,
        fu=20,
        points=1500,
    )


def test_pinfu_absent_on_kanchan_or_yakuhai_pair() -> None:
    # 4s completes 345s only as a kanchan (3s_5s): no pinfu, no yaku.
    with pytest.raises(riichi.NoYakuError):
        sc(PINFU, "4s")
    # Pair of the seat wind (South): no pinfu.
    with pytest.raises(riichi.NoYakuError):
        sc("123m456p345s789s22z", "3s")
    # Open: no pinfu (and no yaku).
    with pytest.raises(riichi.NoYakuError):
        sc("456p345s789s33z [1'23m]", "3s")


def test_iipeikou() -> None:
    # 234m 234m 456p 789s + 33z, ryanmen on 2m: pinfu 1 + iipeikou 1, 30 fu.
    # 2 han 30 fu: 480 x4 = 1920 -> 2000.
    check(sc("223344m456p789s33z", "2m"), {"pinfu": 1, "iipeikou": 1}, han=2, fu=30, points=2000)


def test_iipeikou_absent_when_open() -> None:
    # Open tanyao hand with two 234m (one of them a chi): tanyao only, open pinfu
    # shape by ron = 30 fu; 1 han 30 fu -> 1000.
    r = sc("234m456p678s55s [2'34m]", "4p")
    check(r, {"tanyao": 1}, han=1, fu=30, points=1000)


def test_tanyao_closed() -> None:
    # 234m 567p 222s 678s + 66p, ryanmen on 8s: 20 + 10 + 4 (closed simple 222s) = 34 -> 40.
    # 1 han 40 fu -> 1300.
    check(sc("234m567p222s678s66p", "8s"), {"tanyao": 1}, han=1, fu=40, points=1300)


def test_tanyao_open() -> None:
    # Open pon 222s (2 fu): 20 + 2 = 22 -> 30 fu; 1 han 30 fu -> 1000.
    check(sc("234m567p678s66p [22'2s]", "8s"), {"tanyao": 1}, han=1, fu=30, points=1000)
    # Near miss: 123m has a terminal.
    with pytest.raises(riichi.NoYakuError):
        sc("123m567p678s66p [22'2s]", "8s")


# Yakuhai: 234m 456p 678s + 55p and a closed honor triplet, ron on 8s (ryanmen).
# Fu: 20 + 10 + 8 (closed honor triplet) = 38 -> 40.  1 han 40 fu non-dealer: 1300;
# dealer: 320 x6 = 1920 -> 2000.
YAKUHAI_CASES = [
    ("seat_wind_east", 1, "E", "S", 2000),
    ("seat_wind_south", 2, "S", "E", 1300),
    ("seat_wind_west", 3, "W", "E", 1300),
    ("seat_wind_north", 4, "N", "E", 1300),
    ("round_wind_east", 1, "S", "E", 1300),
    ("round_wind_south", 2, "W", "S", 1300),
    ("round_wind_west", 3, "S", "W", 1300),
    ("round_wind_north", 4, "S", "N", 1300),
    ("haku", 5, "S", "E", 1300),
    ("hatsu", 6, "S", "E", 1300),
    ("chun", 7, "S", "E", 1300),
]


@pytest.mark.parametrize(
    ("yaku_id", "honor", "seat", "round_", "points"),
    YAKUHAI_CASES,
    ids=[c[0] for c in YAKUHAI_CASES],
)
def test_yakuhai(yaku_id: str, honor: int, seat: str, round_: str, points: int) -> None:
    hand = f"234m456p55p678s{honor}{honor}{honor}z"
    r = sc(hand, "8s", seat_wind=seat, round_wind=round_)
    check(r, {yaku_id: 1}, han=1, fu=40, points=points)
    assert r.is_dealer == (seat == "E")


def test_yakuhai_open_pon() -> None:
    # Open pon of chun: 20 + 4 = 24 -> 30 fu; 1 han -> 1000.
    check(sc("234m456p55p678s [77'7z]", "8s"), {"chun": 1}, han=1, fu=30, points=1000)


def test_yakuhai_guest_wind_is_no_yaku() -> None:
    # West for a South seat in an East round.
    with pytest.raises(riichi.NoYakuError):
        sc("234m456p55p678s333z", "8s")


def test_double_wind_counts_twice() -> None:
    # South seat in a South round: 2 han 40 fu -> 2600.
    r = sc("234m456p55p678s222z", "8s", seat_wind="S", round_wind="S")
    check(r, {"seat_wind_south": 1, "round_wind_south": 1}, han=2, fu=40, points=2600)
    # Dealer East in an East round: 2 han 40 fu dealer ron: 640 x6 = 3840 -> 3900.
    r = sc("234m456p55p678s111z", "8s", seat_wind="E", round_wind="E")
    check(r, {"seat_wind_east": 1, "round_wind_east": 1}, han=2, fu=40, points=3900)


def test_rinshan_kaihou_closed() -> None:
    # Ankan 9999m (32 fu). Tsumo on the replacement tile: 20 + 2 + 32 = 54 -> 60 fu.
    # menzen tsumo 1 + rinshan 1 = 2 han 60 fu: a = 960; 2000/1000/1000 -> 4000.
    r = sc("234m456p55p678s (9999m)", "8s", tsumo=True, rinshan=True)
    check(r, {"menzen_tsumo": 1, "rinshan_kaihou": 1}, han=2, fu=60, points=4000)


def test_rinshan_kaihou_open() -> None:
    # Daiminkan 9999m (16 fu): 20 + 2 + 16 = 38 -> 40 fu, 1 han: a = 320;
    # dealer 640 -> 700, others 320 -> 400: 1500.
    r = sc("234m456p55p678s [9999'm]", "8s", tsumo=True, rinshan=True)
    check(r, {"rinshan_kaihou": 1}, han=1, fu=40, points=1500)
    # Near miss: the same tsumo not on a replacement tile has no yaku.
    with pytest.raises(riichi.NoYakuError):
        sc("234m456p55p678s [9999'm]", "8s", tsumo=True)


def test_haitei_raoyue() -> None:
    # Closed: menzen tsumo + haitei = 2 han 30 fu: a = 480; 1000/500/500 -> 2000.
    r = sc(PLAIN, "3s", tsumo=True, haitei=True)
    check(r, {"menzen_tsumo": 1, "haitei_raoyue": 1}, han=2, fu=30, points=2000)
    # Open: haitei alone, 1 han 30 fu: 500/300/300 -> 1100.
    r = sc(PLAIN_OPEN, "3s", tsumo=True, haitei=True)
    check(r, {"haitei_raoyue": 1}, han=1, fu=30, points=1100)


def test_houtei_raoyui() -> None:
    # Closed ron: 1 han 40 fu -> 1300.
    check(sc(PLAIN, "3s", houtei=True), {"houtei_raoyui": 1}, han=1, fu=40, points=1300)
    # Open ron: 1 han 30 fu -> 1000.
    check(sc(PLAIN_OPEN, "3s", houtei=True), {"houtei_raoyui": 1}, han=1, fu=30, points=1000)


def test_chankan() -> None:
    # Open, robbing an added kan of 3s: 1 han 30 fu -> 1000.
    check(sc(PLAIN_OPEN, "3s", chankan=True), {"chankan": 1}, han=1, fu=30, points=1000)
    # Closed: 1 han 40 fu -> 1300.
    check(sc(PLAIN, "3s", chankan=True), {"chankan": 1}, han=1, fu=40, points=1300)


def test_chiitoitsu() -> None:
    # 11m 55m 22p 88p 33s 99s 66z: 2 han 25 fu: 25 * 2^4 = 400, x4 = 1600.
    r = sc("1155m2288p3399s66z", "6z")
    check(r, {"chiitoitsu": 2}, han=2, fu=25, points=1600)
    assert r.decomposition.form == "chiitoitsu"
    # Tsumo: + menzen tsumo = 3 han 25 fu: a = 800; 1600/800/800 -> 3200.
    r = sc("1155m2288p3399s66z", "6z", tsumo=True)
    check(r, {"chiitoitsu": 2, "menzen_tsumo": 1}, han=3, fu=25, points=3200)


def test_chiitoitsu_needs_distinct_pairs() -> None:
    # 1111m is not two pairs: the hand is not complete.
    with pytest.raises(riichi.NotAgariError):
        sc("1111m2288p3399s66z", "6z")


def test_chanta() -> None:
    # 123m 789p 123s 999s + 33z, tanki on 3z: 20 + 10 + 8 + 2 (tanki) = 40 fu.
    # Closed chanta 2 han 40 fu -> 2600.
    check(sc("123m789p123s999s33z", "3z"), {"chanta": 2}, han=2, fu=40, points=2600)
    # Open (chi 123s): 20 + 8 + 2 = 30 fu; 1 han 30 fu -> 1000.
    check(sc("123m789p999s33z [1'23s]", "3z"), {"chanta": 1}, han=1, fu=30, points=1000)
    # Near miss: 678p has no terminal.
    with pytest.raises(riichi.NoYakuError):
        sc("123m678p123s999s33z", "3z")


def test_ittsu() -> None:
    # 123m 456m 789m 234p + 55s, ryanmen on 4p: pinfu 1 + ittsu 2 = 3 han 30 fu:
    # 960 x4 = 3840 -> 3900.
    check(sc("123456789m234p55s", "4p"), {"pinfu": 1, "ittsu": 2}, han=3, fu=30, points=3900)
    # Open (chi 789m): 1 han, open pinfu shape by ron = 30 fu -> 1000.
    check(sc("123456m234p55s [7'89m]", "4p"), {"ittsu": 1}, han=1, fu=30, points=1000)
    # Near miss: 789 in another suit.
    check(sc("123m456m789p234p55s", "4p"), {"pinfu": 1}, han=1, fu=30, points=1000)


def test_sanshoku_doujun() -> None:
    # 123m 123p 123s 456m + 55s, ryanmen on 4m: pinfu 1 + sanshoku 2 = 3 han 30 fu -> 3900.
    check(
        sc("123m123p123s456m55s", "4m"),
        {"pinfu": 1, "sanshoku_doujun": 2},
        han=3,
        fu=30,
        points=3900,
    )
    # Open (chi 123m): 1 han 30 fu -> 1000.
    check(sc("123p123s456m55s [1'23m]", "4m"), {"sanshoku_doujun": 1}, han=1, fu=30, points=1000)
    # Near miss: 234s instead of 123s.
    check(sc("123m123p234s456m55s", "4m"), {"pinfu": 1}, han=1, fu=30, points=1000)


def test_sanshoku_doukou() -> None:
    # 222m 222p closed, 222s open pon, 789m, 88p; ron 9m (ryanmen 78m).
    # Fu: 20 + 4 + 4 + 2 (open simple pon) = 30. 2 han 30 fu -> 2000.
    check(
        sc("222789m222p88p [22'2s]", "9m"),
        {"sanshoku_doukou": 2},
        han=2,
        fu=30,
        points=2000,
    )
    # Closed: three concealed triplets add sanankou: 4 han;
    # fu 20 + 10 + 4 + 4 + 4 = 42 -> 50; 4 han 50 fu: mangan 8000.
    check(
        sc("222789m222p222s88p", "9m"),
        {"sanshoku_doukou": 2, "sanankou": 2},
        han=4,
        fu=50,
        points=8000,
    )
    # Near miss: 333p instead of 222p, and no other yaku in the open hand.
    with pytest.raises(riichi.NoYakuError):
        sc("222789m333p88p [22'2s]", "9m")


def test_sanankou() -> None:
    # 222m 444p 666s closed, 789s by ron on 9s (ryanmen), 11p pair.
    # Fu: 20 + 10 + 4 + 4 + 4 = 42 -> 50. 2 han 50 fu: 800 x4 = 3200.
    check(sc("222m444p666s789s11p", "9s"), {"sanankou": 2}, han=2, fu=50, points=3200)
    # Open (chi 789s), tanki on 1p: 20 + 4 + 4 + 4 + 2 = 34 -> 40; 2 han 40 fu -> 2600.
    check(sc("222m444p666s11p [7'89s]", "1p"), {"sanankou": 2}, han=2, fu=40, points=2600)


def test_sanankou_broken_by_ron_on_the_triplet() -> None:
    # Shanpon 6s/1p won by ron on 6s: 666s counts as open, so two concealed triplets.
    # With riichi: 20 + 10 + 4 + 4 + 2 (666s, open by ron) = 40 fu; 1 han -> 1300.
    r = sc("222m444p666s789s11p", "6s", riichi=True)
    check(r, {"riichi": 1}, han=1, fu=40, points=1300)
    # The same tile by tsumo: sanankou + menzen tsumo = 3 han;
    # fu 20 + 2 + 4 + 4 + 4 = 34 -> 40: a = 1280; 2600/1300/1300 -> 5200.
    r = sc("222m444p666s789s11p", "6s", tsumo=True)
    check(r, {"menzen_tsumo": 1, "sanankou": 2}, han=3, fu=40, points=5200)


def test_sankantsu() -> None:
    # Ankan 2222m, ankan 4444p, daiminkan 6666s, 789s, tanki on 1p.
    # Fu: 20 + 16 + 16 + 8 + 2 = 62 -> 70. 2 han 70 fu: 1120 x4 = 4480 -> 4500.
    r = sc("789s11p (2222m) (4444p) [6666's]", "1p")
    check(r, {"sankantsu": 2}, han=2, fu=70, points=4500)
    # Closed (three ankans): sankantsu 2 + sanankou 2 = 4 han;
    # fu 20 + 10 + 16 x3 + 2 = 80; 4 han 80 fu: mangan 8000.
    r = sc("789s11p (2222m) (4444p) (6666s)", "1p")
    check(r, {"sankantsu": 2, "sanankou": 2}, han=4, fu=80, points=8000)
    # Near miss: two kans and a concealed triplet: sanankou only.
    # Fu 20 + 10 + 16 + 16 + 4 + 2 = 68 -> 70; 2 han 70 fu -> 4500.
    r = sc("666789s11p (2222m) (4444p)", "1p")
    check(r, {"sanankou": 2}, han=2, fu=70, points=4500)


def test_toitoi() -> None:
    # 222m 444p closed, 666s by ron (shanpon with 11p), open pon 888s.
    # Fu: 20 + 4 + 4 + 2 + 2 = 32 -> 40. 2 han 40 fu -> 2600.
    check(sc("222m444p666s11p [88'8s]", "6s"), {"toitoi": 2}, han=2, fu=40, points=2600)
    # Near miss: 789s instead of 666s, and no other yaku in the open hand.
    with pytest.raises(riichi.NoYakuError):
        sc("222m444p789s11p [88'8s]", "9s")


def test_honroutou_open() -> None:
    # 111m 999p closed, 444z by ron (shanpon with 33z), open pon 111s.
    # honroutou 2 + toitoi 2 = 4 han; fu 20 + 8 + 8 + 4 + 4 = 44 -> 50;
    # 50 * 2^6 = 3200 > 2000: mangan 8000.
    r = sc("111m999p33z444z [11'1s]", "4z")
    check(r, {"honroutou": 2, "toitoi": 2}, han=4, fu=50, points=8000)
    assert r.limit == "mangan"


def test_honroutou_chiitoitsu() -> None:
    # 11m 99m 11p 99p 11s 33z 77z: chiitoitsu 2 + honroutou 2 = 4 han 25 fu:
    # 25 * 2^6 = 1600, x4 = 6400.
    r = sc("1199m1199p11s33z77z", "7z")
    check(r, {"chiitoitsu": 2, "honroutou": 2}, han=4, fu=25, points=6400)


def test_shousangen() -> None:
    # Open pons of haku and hatsu, chun pair, 123m, 456p by ron on 4p (ryanmen).
    # shousangen 2 + haku 1 + hatsu 1 = 4 han; fu 20 + 4 + 4 + 2 (dragon pair) = 30.
    # 4 han 30 fu: 1920 x4 = 7680 -> 7700.
    r = sc("123m456p77z [55'5z] [66'6z]", "4p")
    check(r, {"shousangen": 2, "haku": 1, "hatsu": 1}, han=4, fu=30, points=7700)
    # Near miss: an 11p pair instead of the chun pair: two yakuhai only.
    # Fu 20 + 4 + 4 = 28 -> 30; 2 han 30 fu -> 2000.
    r = sc("123m456p11p [55'5z] [66'6z]", "4p")
    check(r, {"haku": 1, "hatsu": 1}, han=2, fu=30, points=2000)


def test_ryanpeikou() -> None:
    # 123m 123m 789p 789p + 55s, tanki on 5s. ryanpeikou 3 (no iipeikou), and the
    # hand also reads as seven pairs (chiitoitsu 2 han 25 fu = 1600), which pays less.
    # Fu 20 + 10 + 2 = 32 -> 40; 3 han 40 fu: 1280 x4 = 5120 -> 5200.
    r = sc("112233m778899p55s", "5s")
    check(r, {"ryanpeikou": 3}, han=3, fu=40, points=5200)
    assert r.decomposition.form == "standard"


def test_junchan() -> None:
    # 123m 789p 123s 999s + 11p, tanki on 1p: 20 + 10 + 8 + 2 = 40 fu.
    # Closed 3 han 40 fu -> 5200 (no chanta).
    check(sc("123m789p123s999s11p", "1p"), {"junchan": 3}, han=3, fu=40, points=5200)
    # Open (chi 123s): 20 + 8 + 2 = 30 fu; 2 han 30 fu -> 2000.
    check(sc("123m789p999s11p [1'23s]", "1p"), {"junchan": 2}, han=2, fu=30, points=2000)


def test_honitsu() -> None:
    # 123m 345m 678m 999m + 33z, tanki on 3z: 20 + 10 + 8 + 2 = 40 fu.
    # Closed 3 han 40 fu -> 5200.
    check(sc("123345678999m33z", "3z"), {"honitsu": 3}, han=3, fu=40, points=5200)
    # Open (chi 678m): 20 + 8 + 2 = 30 fu; 2 han 30 fu -> 2000.
    check(sc("123345999m33z [6'78m]", "3z"), {"honitsu": 2}, han=2, fu=30, points=2000)
    # Near miss: 678p.
    with pytest.raises(riichi.NoYakuError):
        sc("123345999m678p33z", "3z")


def test_chinitsu() -> None:
    # 12334566678999m, ron 2m (kanchan 1m_3m). Readings 123 345 666 789 + 99
    # (20 + 10 + 4 + 2 = 36 -> 40) and 123 345 678 999 + 66 (20 + 10 + 8 + 2 = 40).
    # Closed chinitsu 6 han: haneman 12000 (no honitsu).
    r = sc("12334566678999m", "2m")
    check(r, {"chinitsu": 6}, han=6, fu=40, points=12000)
    assert r.limit == "haneman"
    # Open (pon 666m): 5 han -> mangan 8000; fu 20 + 2 + 2 (kanchan) = 24 -> 30.
    r = sc("12334578999m [66'6m]", "2m")
    check(r, {"chinitsu": 5}, han=5, fu=30, points=8000)
    assert r.limit == "mangan"


# Exclusions -----------------------------------------------------------------------


def test_chiitoitsu_excludes_iipeikou() -> None:
    # 11 22 33m 55p 77s 99s 33z: seven pairs only (123m x2 is no standard hand here).
    r = sc("112233m55p7799s33z", "3z")
    check(r, {"chiitoitsu": 2}, han=2, fu=25, points=1600)


def test_ryanpeikou_excludes_iipeikou_and_chiitoitsu() -> None:
    ids = yaku_of(sc("112233m778899p55s", "5s"))
    assert "ryanpeikou" in ids
    assert "iipeikou" not in ids
    assert "chiitoitsu" not in ids


def test_junchan_and_honroutou_exclude_chanta() -> None:
    assert "chanta" not in yaku_of(sc("123m789p123s999s11p", "1p"))
    assert "chanta" not in yaku_of(sc("111m999p33z444z [11'1s]", "4z"))
    assert "chanta" not in yaku_of(sc("1199m1199p11s33z77z", "7z"))


def test_chinitsu_excludes_honitsu() -> None:
    assert "honitsu" not in yaku_of(sc("12334566678999m", "2m"))


def test_double_riichi_excludes_riichi() -> None:
    assert "riichi" not in yaku_of(sc(PLAIN, "3s", double_riichi=True, ippatsu=True))


# Highest-points principle -------------------------------------------------------


def test_ryanpeikou_beats_chiitoitsu() -> None:
    r = sc("112233m778899p55s", "5s")
    assert r.points == 5200
    assert r.decomposition.form == "standard"


def test_sanankou_reading_beats_sequences() -> None:
    # 111222333m 456p 99s, ron 4p (ryanmen).
    # Triplets: sanankou 2; fu 20 + 10 + 8 + 4 + 4 = 46 -> 50; 2 han 50 fu -> 3200.
    # Sequences (123m x3): pinfu 1 + iipeikou 1 = 2 han 30 fu -> 2000.
    r = sc("111222333m456p99s", "4p")
    check(r, {"sanankou": 2}, han=2, fu=50, points=3200)


def test_ryanmen_reading_beats_kanchan_for_pinfu() -> None:
    # 3m4m4m5m5m6m: 4m completes 456m as a ryanmen (56m) or 345m as a kanchan (35m).
    # Ryanmen: riichi + pinfu, 2 han 30 fu -> 2000. Kanchan: riichi, 1 han 40 fu -> 1300.
    r = sc("344556m123p789s33z", "4m", riichi=True)
    check(r, {"riichi": 1, "pinfu": 1}, han=2, fu=30, points=2000)
    assert r.wait == "ryanmen"


def test_kanchan_reading_beats_ryanmen_for_fu() -> None:
    # The same 3m4m4m5m5m6m with open pons of haku and 999p and a South (seat) pair.
    # Ryanmen: 20 + 4 + 4 + 2 = 30 fu -> 1 han 30 fu = 1000.
    # Kanchan: 20 + 4 + 4 + 2 + 2 = 32 -> 40 fu -> 1 han 40 fu = 1300.
    r = sc("344556m22z [55'5z] [99'9p]", "4m")
    check(r, {"haku": 1}, han=1, fu=40, points=1300)
    assert r.wait == "kanchan"


def test_ryanmen_beats_penchan_reading() -> None:
    # 12345m + 3m: penchan (12m) or ryanmen (45m); pinfu only with the ryanmen.
    r = sc("123345m456p789s33z", "3m")
    check(r, {"pinfu": 1}, han=1, fu=30, points=1000)
    assert r.wait == "ryanmen"


# Yakuman --------------------------------------------------------------------------


def test_tenhou() -> None:
    # Dealer yakuman tsumo: 16000 from each -> 48000.
    r = sc(PLAIN, "3s", tsumo=True, tenhou=True, seat_wind="E")
    check_yakuman(r, {"tenhou": 1}, points=48000)
    assert r.payments.tsumo_non_dealer == 16000
    assert r.payments.tsumo_dealer is None
    # Near miss: the same draw later is a plain menzen tsumo (dealer 1 han 30 fu: 500 all).
    r = sc(PLAIN, "3s", tsumo=True, seat_wind="E")
    check(r, {"menzen_tsumo": 1}, han=1, fu=30, points=1500)


def test_chiihou() -> None:
    # Non-dealer yakuman tsumo: 16000 + 8000 + 8000 = 32000.
    r = sc(PLAIN, "3s", tsumo=True, chiihou=True)
    check_yakuman(r, {"chiihou": 1}, points=32000)
    assert (r.payments.tsumo_dealer, r.payments.tsumo_non_dealer) == (16000, 8000)


def test_renhou_yakuman() -> None:
    r = sc(PINFU, "3s", renhou=True, rules=Rules(renhou="yakuman"))
    check_yakuman(r, {"renhou": 1}, points=32000)


def test_renhou_mangan_and_baiman() -> None:
    # renhou="mangan": a mangan (8000) for the non-dealer ron; "baiman": 16000.
    r = sc(PINFU, "3s", renhou=True, rules=Rules(renhou="mangan"))
    assert "renhou" in yaku_of(r)
    assert r.yakuman == []
    assert (r.points, r.limit) == (8000, "mangan")
    r = sc(PINFU, "3s", renhou=True, rules=Rules(renhou="baiman"))
    assert "renhou" in yaku_of(r)
    assert (r.points, r.limit) == (16000, "baiman")


def test_kokushi() -> None:
    # Single wait on 7z.
    r = sc("119m19p19s1234567z", "7z")
    check_yakuman(r, {"kokushi": 1}, points=32000)
    assert r.wait == "kokushi"
    # Near miss: a 2m instead of the pair is not complete.
    with pytest.raises(riichi.NotAgariError):
        sc("129m19p19s1234567z", "7z")


def test_kokushi_13() -> None:
    # 13-sided wait (all 13 held, 1m completes the pair): single yakuman by default
    # (Tenhou), double with double_kokushi_13.
    r = sc("119m19p19s1234567z", "1m")
    check_yakuman(r, {"kokushi_13": 1}, points=32000)
    assert r.wait == "kokushi13"
    r = sc("119m19p19s1234567z", "1m", rules=Rules(double_kokushi_13=True))
    check_yakuman(r, {"kokushi_13": 2}, points=64000)


def test_suuankou_by_tsumo() -> None:
    # Shanpon 6s/1p completed by tsumo: four concealed triplets.
    r = sc("222m444p666s888s11p", "6s", tsumo=True)
    check_yakuman(r, {"suuankou": 1}, points=32000)


def test_suuankou_ron_on_shanpon_is_sanankou_toitoi() -> None:
    # Ron on 6s opens 666s: sanankou 2 + toitoi 2 = 4 han;
    # fu 20 + 10 + 4 + 4 + 2 + 4 = 44 -> 50; 50 * 2^6 = 3200 > 2000: mangan 8000.
    r = sc("222m444p666s888s11p", "6s")
    check(r, {"sanankou": 2, "toitoi": 2}, han=4, fu=50, points=8000)


def test_suuankou_tanki() -> None:
    # Tanki on 1p, by ron: single by default, double with double_suuankou_tanki.
    r = sc("222m444p666s888s11p", "1p")
    check_yakuman(r, {"suuankou_tanki": 1}, points=32000)
    r = sc("222m444p666s888s11p", "1p", rules=Rules(double_suuankou_tanki=True))
    check_yakuman(r, {"suuankou_tanki": 2}, points=64000)


def test_daisangen() -> None:
    r = sc("123m44p777z [55'5z] [66'6z]", "4p")
    check_yakuman(r, {"daisangen": 1}, points=32000)
    assert r.limit == "yakuman"


def test_shousuushii() -> None:
    # East, South, West triplets, North pair, 123m by ron on 1m.
    r = sc("123m111z222z333z44z", "1m")
    check_yakuman(r, {"shousuushii": 1}, points=32000)
    # Near miss: a 55m pair instead of the North pair: round wind east 1 + seat wind
    # south 1 + sanankou 2 + honitsu 3 = 7 han: haneman 12000.
    r = sc("123m55m111z222z333z", "1m")
    check(
        r,
        {"round_wind_east": 1, "seat_wind_south": 1, "sanankou": 2, "honitsu": 3},
        han=7,
        points=12000,
    )


def test_daisuushii() -> None:
    r = sc("222z333z444z55m [11'1z]", "5m")
    check_yakuman(r, {"daisuushii": 1}, points=32000)
    r = sc("222z333z444z55m [11'1z]", "5m", rules=Rules(double_daisuushii=True))
    check_yakuman(r, {"daisuushii": 2}, points=64000)


def test_tsuuiisou() -> None:
    r = sc("222z333z555z77z [11'1z]", "7z")
    check_yakuman(r, {"tsuuiisou": 1}, points=32000)


def test_ryuuiisou() -> None:
    # 234s 234s 666s 666z + 88s, with hatsu.
    r = sc("22334466688s666z", "8s")
    check_yakuman(r, {"ryuuiisou": 1}, points=32000)


def test_ryuuiisou_without_hatsu() -> None:
    # 234s 234s 666s 888s + 44s: single by default (no hatsu needed, no double).
    r = sc("22334444666888s", "3s")
    check_yakuman(r, {"ryuuiisou": 1}, points=32000)
    r = sc("22334444666888s", "3s", rules=Rules(double_pure_ryuuiisou=True))
    check_yakuman(r, {"ryuuiisou": 2}, points=64000)


def test_chinroutou() -> None:
    r = sc("111m999m111p11s [99'9p]", "1s")
    check_yakuman(r, {"chinroutou": 1}, points=32000)


def test_chuuren() -> None:
    # 1112345678999m + 5m, won on 2m: not the pure nine-sided wait.
    r = sc("11123455678999m", "2m")
    check_yakuman(r, {"chuuren": 1}, points=32000)


def test_junsei_chuuren() -> None:
    # Won on 5m from 1112345678999m: the pure nine-sided wait.
    r = sc("11123455678999m", "5m")
    check_yakuman(r, {"junsei_chuuren": 1}, points=32000)
    r = sc("11123455678999m", "5m", rules=Rules(double_junsei_chuuren=True))
    check_yakuman(r, {"junsei_chuuren": 2}, points=64000)


def test_suukantsu() -> None:
    r = sc("55m (1111m) (2222p) [3333's] [4444'z]", "5m")
    check_yakuman(r, {"suukantsu": 1}, points=32000)


def test_open_riichi_deal_in_yakuman() -> None:
    rules = Rules(open_riichi=True, open_riichi_deal_in_yakuman=True)
    r = sc(PLAIN, "3s", open_riichi=True, open_riichi_deal_in=True, rules=rules)
    check_yakuman(r, {"open_riichi": 1}, points=32000)


# Yakuman notes --------------------------------------------------------------------


def test_tenhou_with_kokushi_counts_single() -> None:
    # On a 14-tile deal the wait is undefined: kokushi, not the 13-sided double.
    r = sc(
        "119m19p19s1234567z",
        "1m",
        tsumo=True,
        tenhou=True,
        seat_wind="E",
        rules=Rules(double_kokushi_13=True),
    )
    # tenhou 1 + kokushi 1 = 2: 32000 from each -> 96000.
    check_yakuman(r, {"tenhou": 1, "kokushi": 1}, points=96000)


def test_tenhou_with_suuankou_counts_single() -> None:
    r = sc(
        "222m444p666s888s11p",
        "1p",
        tsumo=True,
        tenhou=True,
        seat_wind="E",
        rules=Rules(double_suuankou_tanki=True),
    )
    check_yakuman(r, {"tenhou": 1, "suuankou": 1}, points=96000)


def test_tenhou_with_chuuren_counts_single() -> None:
    r = sc(
        "11123455678999m",
        "5m",
        tsumo=True,
        tenhou=True,
        seat_wind="E",
        rules=Rules(double_junsei_chuuren=True),
    )
    check_yakuman(r, {"tenhou": 1, "chuuren": 1}, points=96000)


def test_yakuman_stack() -> None:
    # Daisuushii + tsuuiisou (open pon of East, so no suuankou): 2 x 32000.
    r = sc("222z333z444z55z [11'1z]", "5z")
    check_yakuman(r, {"daisuushii": 1, "tsuuiisou": 1}, points=64000)
    assert r.limit == "multiple_yakuman"
    # Closed, the same tiles add suuankou tanki: 3 x 32000.
    r = sc("111z222z333z444z55z", "5z")
    check_yakuman(r, {"daisuushii": 1, "tsuuiisou": 1, "suuankou_tanki": 1}, points=96000)


def test_dora_do_not_add_to_yakuman() -> None:
    # Indicator 3p makes the 44p pair two dora; indicator 4z makes nothing here.
    r = sc("123m44p777z [55'5z] [66'6z]", "4p", dora_indicators="3p")
    check_yakuman(r, {"daisangen": 1}, points=32000)


# Local yaku (each off by default) --------------------------------------------------


def test_open_riichi() -> None:
    rules = Rules(open_riichi=True)
    # Open riichi 2 han replaces riichi: 2 han 40 fu -> 2600.
    r = sc(PLAIN, "3s", open_riichi=True, rules=rules)
    check(r, {"open_riichi": 2}, han=2, fu=40, points=2600)
    # A non-riichi player dealing in without the yakuman option: still 2 han.
    r = sc(PLAIN, "3s", open_riichi=True, open_riichi_deal_in=True, rules=rules)
    check(r, {"open_riichi": 2}, han=2, fu=40, points=2600)


def test_open_double_riichi() -> None:
    # 3 han, replacing riichi and double riichi: 3 han 40 fu -> 5200.
    r = sc(PLAIN, "3s", open_riichi=True, double_riichi=True, rules=Rules(open_riichi=True))
    check(r, {"open_double_riichi": 3}, han=3, fu=40, points=5200)


def test_sanshoku_tsuukan() -> None:
    # 123m 456p 789s + 234s + 55m, ryanmen on 4s (pinfu).
    hand = "123m456p789s234s55m"
    check(sc(hand, "4s"), {"pinfu": 1}, han=1, fu=30, points=1000)
    # on: 2 han closed -> 3 han 30 fu = 3900.
    r = sc(hand, "4s", rules=Rules(sanshoku_tsuukan="on"))
    check(r, {"pinfu": 1, "sanshoku_tsuukan": 2}, han=3, fu=30, points=3900)
    # closed_only: 1 han -> 2 han 30 fu = 2000.
    r = sc(hand, "4s", rules=Rules(sanshoku_tsuukan="closed_only"))
    check(r, {"pinfu": 1, "sanshoku_tsuukan": 1}, han=2, fu=30, points=2000)
    # Open (chi 789s): on = 1 han 30 fu -> 1000; closed_only: no yaku.
    open_hand = "123m456p234s55m [7'89s]"
    r = sc(open_hand, "4s", rules=Rules(sanshoku_tsuukan="on"))
    check(r, {"sanshoku_tsuukan": 1}, han=1, fu=30, points=1000)
    with pytest.raises(riichi.NoYakuError):
        sc(open_hand, "4s", rules=Rules(sanshoku_tsuukan="closed_only"))


def test_isshoku_sanjun() -> None:
    # Open: 123m 123m concealed + chi 123m, 456p by ron on 4p, 55s. Open pinfu
    # shape -> 30 fu. No triplet reading (only three of each of 1m 2m 3m).
    hand = "112233m456p55s [1'23m]"
    with pytest.raises(riichi.NoYakuError):
        sc(hand, "4p")
    r = sc(hand, "4p", rules=Rules(isshoku_sanjun="on"))
    check(r, {"isshoku_sanjun": 2}, han=2, fu=30, points=2000)
    r = sc(hand, "4p", rules=Rules(isshoku_sanjun="open_1"))
    check(r, {"isshoku_sanjun": 1}, han=1, fu=30, points=1000)


def test_sanrenkou() -> None:
    # 222m 333m closed, pon 444m, 789p, tanki on 5s.
    # Fu: 20 + 4 + 4 + 2 + 2 = 32 -> 40; 2 han 40 fu -> 2600.
    hand = "222333m789p55s [44'4m]"
    with pytest.raises(riichi.NoYakuError):
        sc(hand, "5s")
    r = sc(hand, "5s", rules=Rules(sanrenkou=True))
    check(r, {"sanrenkou": 2}, han=2, fu=40, points=2600)


def test_uumensai() -> None:
    # 234m 567p 789s 333z (West, guest) + 55z (haku pair), tanki on 5z.
    # Fu: 20 + 10 + 8 + 2 (dragon pair) + 2 (tanki) = 42 -> 50; 2 han 50 fu -> 3200.
    hand = "234m567p789s333z55z"
    with pytest.raises(riichi.NoYakuError):
        sc(hand, "5z")
    r = sc(hand, "5z", rules=Rules(uumensai=True))
    check(r, {"uumensai": 2}, han=2, fu=50, points=3200)


def test_shiisan_puutaa() -> None:
    # 147m 258p 369s 1234z + a second 1z, drawn on the first draw (chiihou flag).
    hand = "147m258p369s11234z"
    with pytest.raises(riichi.NotAgariError):
        sc(hand, "4z", tsumo=True, chiihou=True)
    r = sc(hand, "4z", tsumo=True, chiihou=True, rules=Rules(shiisan_puutaa=True))
    # Instead of chiihou, not with it.
    check_yakuman(r, {"shiisan_puutaa": 1}, points=32000)


def test_daichisei() -> None:
    # Seven honor pairs: tsuuiisou by default, daichisei (double) instead with the option.
    hand = "11223344556677z"
    check_yakuman(sc(hand, "7z"), {"tsuuiisou": 1}, points=32000)
    r = sc(hand, "7z", rules=Rules(daichisei=True))
    check_yakuman(r, {"daichisei": 2}, points=64000)


def test_daisharin() -> None:
    # 22334455667788p ron 8p. Default: best reading 345p 345p 678p 678p + 22p
    # (ryanmen on 8p): chinitsu 6 + tanyao 1 + ryanpeikou 3 + pinfu 1 = 11 han:
    # sanbaiman 24000.
    hand = "22334455667788p"
    r = sc(hand, "8p")
    assert r.yakuman == []
    assert (r.han, r.points, r.limit) == (11, 24000, "sanbaiman")
    check_yakuman(sc(hand, "8p", rules=Rules(daisharin="on")), {"daisharin": 1}, points=32000)
    r = sc(hand, "8p", rules=Rules(daisharin="double"))
    check_yakuman(r, {"daisharin": 2}, points=64000)
    # In man only with daisharin_any_suit.
    r = sc("22334455667788m", "8m", rules=Rules(daisharin="on"))
    assert (r.yakuman, r.points) == ([], 24000)
    r = sc("22334455667788m", "8m", rules=Rules(daisharin="on", daisharin_any_suit=True))
    check_yakuman(r, {"daisharin": 1}, points=32000)


def test_toupuu_shinkansen() -> None:
    # Man ittsu + East pair + North triplet, tanki on 1z.
    # Default: honitsu 3 + ittsu 2 = 5 han: mangan 8000.
    man = "123456789m11z444z"
    check(sc(man, "1z"), {"honitsu": 3, "ittsu": 2}, han=5, points=8000)
    r = sc(man, "1z", rules=Rules(toupuu_shinkansen="on"))
    check_yakuman(r, {"toupuu_shinkansen": 1}, points=32000)
    # sou_only: the man version is not it, the sou version is.
    check(
        sc(man, "1z", rules=Rules(toupuu_shinkansen="sou_only")),
        {"honitsu": 3, "ittsu": 2},
        han=5,
        points=8000,
    )
    r = sc("123456789s11z444z", "1z", rules=Rules(toupuu_shinkansen="sou_only"))
    check_yakuman(r, {"toupuu_shinkansen": 1}, points=32000)
    # The reverse: North pair and East triplet.
    r = sc("123456789s44z111z", "4z", rules=Rules(toupuu_shinkansen="on"))
    check_yakuman(r, {"toupuu_shinkansen": 1}, points=32000)


def test_hyakuman_goku() -> None:
    # 55m 666m 777m 888m + pon 999m: numbers add up to 10 + 18 + 21 + 24 + 27 = 100.
    # Default: open chinitsu 5 + toitoi 2 + sanankou 2 = 9 han: baiman 16000.
    hand = "55666777888m [99'9m]"
    check(sc(hand, "5m"), {"chinitsu": 5, "toitoi": 2, "sanankou": 2}, han=9, points=16000)
    r = sc(hand, "5m", rules=Rules(hyakuman_goku="at_least_100"))
    check_yakuman(r, {"hyakuman_goku": 1}, points=32000)
    r = sc(hand, "5m", rules=Rules(hyakuman_goku="double_at_100"))
    check_yakuman(r, {"hyakuman_goku": 2}, points=64000)
    # over_100: exactly 100 is not enough ...
    r = sc(hand, "5m", rules=Rules(hyakuman_goku="over_100"))
    assert (r.yakuman, r.points) == ([], 16000)
    # ... but a kan of 9m makes 10 + 18 + 21 + 24 + 36 = 109.
    r = sc("55666777888m [9999'm]", "5m", rules=Rules(hyakuman_goku="over_100"))
    check_yakuman(r, {"hyakuman_goku": 1}, points=32000)


def test_isshoku_yonjun() -> None:
    # 123m x4 + 55p, tanki on 5p. Default: ryanpeikou reading 3 han 40 fu (5200)
    # beats sanankou 111m 222m 333m 123m (2 han 50 fu = 3200).
    hand = "111122223333m55p"
    check(sc(hand, "5p"), {"ryanpeikou": 3}, han=3, fu=40, points=5200)
    r = sc(hand, "5p", rules=Rules(isshoku_yonjun=True))
    check_yakuman(r, {"isshoku_yonjun": 1}, points=32000)


def test_suurenkou() -> None:
    # 333m 444m 555m + pon 222m, tanki on 8p. Default: toitoi 2 + sanankou 2 +
    # tanyao 1 = 5 han: mangan 8000.
    hand = "333444555m88p [22'2m]"
    check(sc(hand, "8p"), {"toitoi": 2, "sanankou": 2, "tanyao": 1}, han=5, points=8000)
    r = sc(hand, "8p", rules=Rules(suurenkou=True))
    check_yakuman(r, {"suurenkou": 1}, points=32000)


def test_beni_kujaku() -> None:
    # 111s 555s 777s + pon chun + 99s, tanki on 9s. Default: open honitsu 2 +
    # toitoi 2 + sanankou 2 + chun 1 = 7 han: haneman 12000.
    hand = "111555777s99s [77'7z]"
    check(
        sc(hand, "9s"),
        {"honitsu": 2, "toitoi": 2, "sanankou": 2, "chun": 1},
        han=7,
        points=12000,
    )
    r = sc(hand, "9s", rules=Rules(beni_kujaku=True))
    check_yakuman(r, {"beni_kujaku": 1}, points=32000)


def test_kouitten() -> None:
    # 234s 234s 666s 777z + 88s, tanki on 8s. Default: honitsu 3 + iipeikou 1 +
    # chun 1 = 5 han: mangan 8000.
    hand = "22334466688s777z"
    check(sc(hand, "8s"), {"honitsu": 3, "iipeikou": 1, "chun": 1}, han=5, points=8000)
    r = sc(hand, "8s", rules=Rules(kouitten=True))
    check_yakuman(r, {"kouitten": 1}, points=32000)


def test_tuibuudao() -> None:
    # 123p 345p 999p 555z + 44s, tanki on 4s. Default: haku 1;
    # fu 20 + 10 + 8 + 8 + 2 = 48 -> 50; 1 han 50 fu: 400 x4 = 1600.
    hand = "123345999p44s555z"
    check(sc(hand, "4s"), {"haku": 1}, han=1, fu=50, points=1600)
    check_yakuman(sc(hand, "4s", rules=Rules(tuibuudao="on")), {"tuibuudao": 1}, points=32000)
    # pin_only: 4s is a sou tile.
    check(sc(hand, "4s", rules=Rules(tuibuudao="pin_only")), {"haku": 1}, han=1, points=1600)
    # pin_only is pin tiles alone (the white dragon is out): a haku hand is refused.
    pin_haku = "123345999p88p555z"
    assert yakuman_of(sc(pin_haku, "8p", rules=Rules(tuibuudao="pin_only"))) == {}
    # 111p 123p 345p 999p + 88p, tanki 8p: default chinitsu 6, fu 20 + 10 + 8 + 8
    # + 2 = 48 -> 50: haneman 12000.
    pin = "11112334599988p"
    check(sc(pin, "8p"), {"chinitsu": 6}, han=6, fu=50, points=12000)
    r = sc(pin, "8p", rules=Rules(tuibuudao="pin_only"))
    check_yakuman(r, {"tuibuudao": 1}, points=32000)


def test_kinmonkyou() -> None:
    # 123m 345m 567m 789m + 99m, ron 9m (ryanmen 78m): default chinitsu 6 + pinfu 1
    # = 7 han: haneman 12000. With the option: double yakuman.
    hand = "12334556778999m"
    check(sc(hand, "9m"), {"chinitsu": 6, "pinfu": 1}, han=7, points=12000)
    r = sc(hand, "9m", rules=Rules(kinmonkyou=True))
    check_yakuman(r, {"kinmonkyou": 2}, points=64000)


def test_paarenchan() -> None:
    # Dealer pinfu ron: 1 han 30 fu: 240 x6 = 1440 -> 1500; paarenchan: 48000.
    kw: dict[str, object] = {"seat_wind": "E", "paarenchan": True}
    check(sc(PINFU, "3s", **kw), {"pinfu": 1}, han=1, fu=30, points=1500)
    for value in ("wins", "dealerships"):
        r = sc(PINFU, "3s", rules=Rules(paarenchan=value), **kw)
        check_yakuman(r, {"paarenchan": 1}, points=48000)


# Situations that cannot happen ------------------------------------------------------------


@pytest.mark.parametrize("riichi_kind", ["riichi", "double_riichi"])
def test_ippatsu_with_rinshan_is_a_contradiction(riichi_kind: str) -> None:
    # Ippatsu ends at any call in between, the winner's own closed kan included. A
    # rinshan win always follows the winner's own kan after the riichi, so the two
    # cannot both hold.
    with pytest.raises(riichi.InvalidContextError):
        sc(
            "123m456p789s11z ankan 2222z",
            "1z",
            tsumo=True,
            rinshan=True,
            ippatsu=True,
            **{riichi_kind: True},
        )


@pytest.mark.parametrize("value", ["mangan", "baiman", "yakuman"])
def test_renhou_cannot_rob_an_added_kan(value: str) -> None:
    # An added kan needs a pon first, and any call before the win breaks renhou
    # (a robbed kan does not count as made, so renhou may rob a closed kan).
    with pytest.raises(riichi.InvalidContextError):
        sc("123m456p789s345p11z", "5p", renhou=True, chankan=True, rules=Rules(renhou=value))


def test_kokushi_robbing_an_ankan_is_never_the_13_sided_wait() -> None:
    # The closed kan held all four copies of the robbed tile, so the kokushi hand had
    # none of it before: it waited on that one kind (single wait), never on all 13.
    # Here the robbed tile 7z is also the kokushi pair (the 13-sided reading), which
    # the ankan makes impossible.
    rules = Rules(kokushi_robs_ankan=True, double_kokushi_13=True)
    with pytest.raises(riichi.InvalidContextError):
        sc("19m19p19s12345677z", "7z", chankan=True, robbed_ankan=True, rules=rules)


def test_chankan_on_a_tile_the_winner_holds_twice() -> None:
    # Chankan is a ron on an added kan, which holds the other three copies of the
    # robbed tile (its pon and the added tile): the winner holds exactly one, the
    # robbed tile. A tanki on a second 1z cannot be a chankan.
    with pytest.raises(riichi.InvalidContextError):
        sc("123m456p234s789s11z", "1z", chankan=True)


@pytest.mark.parametrize(
    ("flag", "seat"), [("tenhou", "E"), ("chiihou", "S")], ids=["tenhou", "chiihou"]
)
def test_first_draw_wins_have_no_kan_dora(flag: str, seat: str) -> None:
    # Every kan reveals a new dora indicator, so a second indicator means a kan before
    # the first draw, which tenhou (not after an ankan) and chiihou (no call before
    # it) exclude.
    with pytest.raises(riichi.InvalidContextError):
        sc(
            "123m456p234s789s55z",
            "5z",
            seat_wind=seat,
            tsumo=True,
            dora_indicators=["1m", "2m"],
            **{flag: True},
        )


# Readings and yakuman worked out by hand -------------------------------------------------


def test_sanankou_from_the_ryanmen_reading_of_a_ron() -> None:
    # 333m 345m 999p 888s + 11z, ron on 3m: as the 333m triplet it is open (shanpon,
    # two concealed triplets), as 45m waiting 3m it is ryanmen and 333m stays
    # concealed: sanankou. Fu 20 + 10 + 4 (333m) + 8 (999p) + 4 (888s) + 2 (round
    # wind pair) = 48 -> 50; 2 han 50 fu = 3200.
    r = sc("333345m999p888s11z", "3m")
    assert yaku_of(r) == {"sanankou": 2}
    assert (r.han, r.fu, r.points, r.wait) == (2, 50, 3200, "ryanmen")


def test_sanankou_with_an_ankan_and_a_shanpon_ron() -> None:
    # 222m 333p concealed, 4444z ankan, 44s + 555s ron on 5s (shanpon): 555s is
    # open, the ankan is concealed: sanankou + toitoi. Fu 20 + 10 + 4 + 4 + 2 + 32 =
    # 72 -> 80; 4 han 80 fu is a mangan (8000).
    r = sc("222m333p44s555s ankan 4444z", "5s")
    assert yaku_of(r) == {"sanankou": 2, "toitoi": 2}
    assert (r.han, r.fu, r.points) == (4, 80, 8000)


def test_suuankou_tanki_with_two_ankan() -> None:
    r = sc("222m333s55p ankan 4444z ankan 6666z", "5p")
    assert yakuman_of(r) == {"suuankou_tanki": 1}
    assert r.points == 32000


def test_hyakuman_goku_counts_the_fourth_tile_of_a_kan() -> None:
    # 234m 777m 888m 55m + ankan 9999m: 9 + 21 + 24 + 10 + 36 = 100 (91 without the
    # kan's fourth tile). Exactly 100: double under "double_at_100", nothing under
    # "over_100" (then sanankou + chinitsu = 8 han, a baiman of 16000).
    hand = "234777888m55m ankan 9999m"
    r = sc(hand, "5m", rules=Rules(hyakuman_goku="double_at_100"))
    assert yakuman_of(r) == {"hyakuman_goku": 2}
    assert r.points == 64000
    r = sc(hand, "5m", rules=Rules(hyakuman_goku="at_least_100"))
    assert yakuman_of(r) == {"hyakuman_goku": 1}
    r = sc(hand, "5m", rules=Rules(hyakuman_goku="over_100"))
    assert yaku_of(r) == {"sanankou": 2, "chinitsu": 6}
    assert r.points == 16000


def test_sanrenkou_and_isshoku_sanjun_take_the_higher_reading() -> None:
    # Sanrenkou and isshoku sanjun never count together: the reading that scores more
    # is taken. 111222333m 456p 77s, ron on 4p: sanankou + sanrenkou 4 han 50 fu
    # (mangan 8000) beats pinfu + isshoku sanjun 3 han 30 fu (3900); without
    # sanrenkou the sequence reading wins over sanankou alone (2 han 50 fu, 3200).
    hand = "111222333m456p77s"
    both = Rules(sanrenkou=True, isshoku_sanjun="on")
    r = sc(hand, "4p", rules=both)
    assert yaku_of(r) == {"sanankou": 2, "sanrenkou": 2}
    assert r.points == 8000
    r = sc(hand, "4p", rules=Rules(isshoku_sanjun="on"))
    assert yaku_of(r) == {"pinfu": 1, "isshoku_sanjun": 2}
    assert r.points == 3900


def test_four_identical_runs_and_ryanpeikou_needs_distinct() -> None:
    # Four identical runs count as ryanpeikou unless ryanpeikou must be two different
    # iipeikou. 1111 2222 3333m + 55p, ron on 5p (tanki): 123m x4 is ryanpeikou (3 han
    # 40 fu, 5200); with the option it is only one iipeikou, and 111/222/333/123 with
    # sanankou (2 han 50 fu, 3200) pays more.
    hand = "111122223333m55p"
    r = sc(hand, "5p")
    assert (yaku_of(r), r.points) == ({"ryanpeikou": 3}, 5200)
    r = sc(hand, "5p", rules=Rules(ryanpeikou_needs_distinct=True))
    assert (yaku_of(r), r.points) == ({"sanankou": 2}, 3200)


@pytest.mark.parametrize("n", range(1, 10))
def test_junsei_chuuren_on_every_winning_tile(n: int) -> None:
    r = sc(f"1112345678999m{n}m", f"{n}m", rules=Rules(double_junsei_chuuren=True))
    assert yakuman_of(r) == {"junsei_chuuren": 2}


def test_renhou_robbing_a_closed_kan_with_kokushi() -> None:
    # A robbed kan is not made, so it does not break renhou: renhou may be a kokushi
    # robbing a closed kan. Single wait on 1m (the pair is 7z).
    rules = Rules(renhou="yakuman", kokushi_robs_ankan=True)
    r = sc("19m19p19s12345677z", "1m", renhou=True, chankan=True, robbed_ankan=True, rules=rules)
    assert yakuman_of(r) == {"renhou": 1, "kokushi": 1}
    assert r.points == 64000


def test_aotenjou_kokushi_keeps_the_situation_yaku() -> None:
    # Under aotenjou a yakuman counts as 13 han and regular yaku add to it, for
    # kokushi as for the standard and seven-pairs forms. Kokushi, single wait, riichi
    # + menzen tsumo: 13 + 1 + 1 = 15 han.
    r = sc("19m19p19s12345677z", "1m", riichi=True, tsumo=True, rules=Rules(aotenjou=True))
    assert yakuman_of(r) == {"kokushi": 1}
    assert yaku_of(r) == {"riichi": 1, "menzen_tsumo": 1}
    assert r.han == 15


def test_aotenjou_tsuuiisou_chiitoitsu_keeps_the_situation_yaku() -> None:
    # 13 (tsuuiisou) + riichi 1 + menzen tsumo 1 + chiitoitsu 2 = 17 han at 25 fu.
    r = sc("11223344556677z", "7z", riichi=True, tsumo=True, rules=Rules(aotenjou=True))
    assert yakuman_of(r) == {"tsuuiisou": 1}
    assert yaku_of(r) == {"riichi": 1, "menzen_tsumo": 1, "chiitoitsu": 2}
    assert (r.han, r.fu) == (17, 25)


def test_ryuuiisou_needs_hatsu_falls_back_to_regular_yaku() -> None:
    # 234234s 666s 888s 44s: no hatsu. With ryuuiisou_needs_hatsu it is iipeikou +
    # tanyao + chinitsu = 8 han, a baiman (16000); pure green double otherwise.
    hand = "234234666888s44s"
    r = sc(hand, "4s", rules=Rules(ryuuiisou_needs_hatsu=True))
    assert yaku_of(r) == {"iipeikou": 1, "tanyao": 1, "chinitsu": 6}
    assert r.points == 16000
    r = sc(hand, "4s", rules=Rules(double_pure_ryuuiisou=True))
    assert yakuman_of(r) == {"ryuuiisou": 2}


def test_tuibuudao_pin_only_excludes_sou() -> None:
    hand = "123p345p88p999s555z"
    assert yakuman_of(sc(hand, "8p", rules=Rules(tuibuudao="on"))) == {"tuibuudao": 1}
    r = sc(hand, "8p", rules=Rules(tuibuudao="pin_only"))
    assert r.yakuman == []
    assert yaku_of(r) == {"haku": 1}
