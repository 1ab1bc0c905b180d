"""riichi.Rules: every option changes the score the way the rules reference says, the
presets, value semantics, serialisation, and the errors for bad options.

Each option test scores (or prices) a hand under the default and under the changed
value and asserts both exact results, so it fails if the option is ignored. The
expected values are worked out by hand (arithmetic in the comments). Unless a test
says otherwise the winner sits South (a non-dealer) in an East round.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

import riichi
from riichi import InvalidContextError, NoYakuError, RuleError, Rules

F = TypeVar("F", bound=Callable[..., Any])
COVERED: set[str] = set()


def covers(*names: str) -> Callable[[F], F]:
    """Mark a test as the one proving these options."""

    def mark(fn: F) -> F:
        COVERED.update(names)
        return fn

    return mark


def sc(hand: str, win: str, **kw: Any) -> riichi.ScoreResult:
    kw.setdefault("seat_wind", "S")
    return riichi.score(hand, win, **kw)


def pts(han: int, fu: int, **kw: Any) -> riichi.PointsEntry:
    return riichi.points(han, fu, **kw)


def ceil100(x: int) -> int:
    return -(-x // 100) * 100


def yaku_of(r: riichi.ScoreResult) -> dict[str, int]:
    return {y.id: y.han for y in r.yaku}


def yakuman_of(r: riichi.ScoreResult) -> dict[str, int]:
    return {y.id: y.yakuman for y in r.yakuman}


# 123m 999m 456p 345s + 33z, ryanmen on 3s: no yaku of its own.
# Ron fu 20 + 10 + 8 = 38 -> 40; tsumo fu 20 + 2 + 8 = 30.
PLAIN = "123999m456p345s33z"
# 123m 456p 345s 789s + 33z, ryanmen on 3s: pinfu.
PINFU = "123m456p345s789s33z"
# A chinitsu whose best reading is 123m 345m 678m 999m + 66m, 2m by kanchan.
CHINITSU = "12334566678999m"


# Scoring options ------------------------------------------------------------------


@covers("red_fives")
def test_red_fives() -> None:
    # One red 5p and one red 5s: riichi 1 + aka 2 = 3 han 40 fu: 1280 x4 = 5120 -> 5200.
    r = sc("123999m406p340s33z", "3s", riichi=True)
    assert (r.aka, r.han, r.points) == (2, 3, 5200)
    # Rules without a red 5p cannot have dealt this hand.
    with pytest.raises(InvalidContextError):
        sc("123999m406p340s33z", "3s", riichi=True, rules=Rules(red_fives=(1, 0, 1)))
    # Two red 5m (the pair): Tenhou has only one ...
    with pytest.raises(InvalidContextError):
        sc("00123999m456p345s", "3s", riichi=True)
    # ... red_fives=(2, 0, 0) has two: riichi 1 + aka 2, 3 han 40 fu -> 5200.
    r = sc("00123999m456p345s", "3s", riichi=True, rules=Rules(red_fives=(2, 0, 0)))
    assert (r.aka, r.han, r.points) == (2, 3, 5200)
    # A hand without red fives scores the same without red fives in the rules.
    r = sc(PLAIN, "3s", riichi=True, rules=Rules(red_fives=(0, 0, 0)))
    assert (r.aka, r.han, r.points) == (0, 1, 1300)


@covers("open_tanyao")
def test_open_tanyao() -> None:
    # Open tanyao: 20 + 2 (open pon 222s) = 22 -> 30 fu, 1 han -> 1000.
    hand = "234m567p678s66p [22'2s]"
    r = sc(hand, "8s")
    assert (yaku_of(r), r.points) == ({"tanyao": 1}, 1000)
    with pytest.raises(NoYakuError):
        sc(hand, "8s", rules=Rules(open_tanyao=False))
    # Closed tanyao is unaffected: 1 han 40 fu -> 1300.
    r = sc("234m567p222s678s66p", "8s", rules=Rules(open_tanyao=False))
    assert (yaku_of(r), r.points) == ({"tanyao": 1}, 1300)


@covers("min_han")
def test_min_han() -> None:
    assert sc(PINFU, "3s").points == 1000
    with pytest.raises(NoYakuError):
        sc(PINFU, "3s", rules=Rules(min_han=2))
    # Dora do not count towards the minimum: indicator 2m makes 3m a dora (2 han total).
    r = sc(PINFU, "3s", dora_indicators="2m")
    assert (r.han, r.dora, r.points) == (2, 1, 2000)
    with pytest.raises(NoYakuError):
        sc(PINFU, "3s", dora_indicators="2m", rules=Rules(min_han=2))
    # Two han of yaku pass: pinfu + iipeikou, 2 han 30 fu -> 2000.
    assert sc("223344m456p789s33z", "2m", rules=Rules(min_han=2)).points == 2000


@covers("two_han_from_honba")
def test_two_han_from_honba() -> None:
    # Default (never): 1 han at 5 honba: 1000 + 5 x 300 = 2500 from the discarder.
    r = sc(PINFU, "3s", honba=5)
    assert (r.points, r.payments.ron, r.payments.honba) == (1000, 2500, 1500)
    rules = Rules(two_han_from_honba=5)
    with pytest.raises(NoYakuError):
        sc(PINFU, "3s", honba=5, rules=rules)
    # Below the threshold 1 han still wins: 1000 + 4 x 300 = 2200.
    assert sc(PINFU, "3s", honba=4, rules=rules).payments.ron == 2200
    # Two han of yaku win at 5 honba: 2000 + 1500 = 3500.
    assert sc("223344m456p789s33z", "2m", honba=5, rules=rules).payments.ron == 3500


@covers("chiitoitsu_50fu_1han")
def test_chiitoitsu_50fu_1han() -> None:
    hand = "1155m2288p3399s66z"
    # Default: 2 han 25 fu: 25 * 2^4 = 400, x4 = 1600.
    r = sc(hand, "6z")
    assert (yaku_of(r), r.han, r.fu, r.points) == ({"chiitoitsu": 2}, 2, 25, 1600)
    # Option: 1 han 50 fu: 50 * 2^3 = 400, x4 = 1600 (the same money, other han/fu).
    r = sc(hand, "6z", rules=Rules(chiitoitsu_50fu_1han=True))
    assert (yaku_of(r), r.han, r.fu, r.points) == ({"chiitoitsu": 1}, 1, 50, 1600)
    # So it no longer meets a 2-han minimum on its own.
    with pytest.raises(NoYakuError):
        sc(hand, "6z", rules=Rules(chiitoitsu_50fu_1han=True, min_han=2))


@covers("honroutou_han")
def test_honroutou_han() -> None:
    # Closed (seven pairs): chiitoitsu 2 + honroutou 2 = 4 han 25 fu: 1600 x4 = 6400.
    hand = "1199m1199p11s33z77z"
    r = sc(hand, "7z")
    assert (yaku_of(r), r.points) == ({"chiitoitsu": 2, "honroutou": 2}, 6400)
    # honroutou_han=3: 5 han -> mangan 8000.
    r = sc(hand, "7z", rules=Rules(honroutou_han=3))
    assert (yaku_of(r), r.points) == ({"chiitoitsu": 2, "honroutou": 3}, 8000)
    # Open stays 2.
    r = sc("111m999p33z444z [11'1s]", "4z", rules=Rules(honroutou_han=3))
    assert yaku_of(r) == {"honroutou": 2, "toitoi": 2}


@covers("ryanpeikou_needs_distinct")
def test_ryanpeikou_needs_distinct() -> None:
    # 123m x4 + 55p, tanki on 5p. Default: ryanpeikou 3 han, 20 + 10 + 2 = 32 -> 40 fu:
    # 5200. With the option the four identical runs are no ryanpeikou, and the
    # sanankou reading 111m 222m 333m 123m pays most: 20 + 10 + 8 + 4 + 4 + 2 = 48 -> 50
    # fu, 2 han: 3200.
    hand = "111122223333m55p"
    r = sc(hand, "5p")
    assert (yaku_of(r), r.points) == ({"ryanpeikou": 3}, 5200)
    r = sc(hand, "5p", rules=Rules(ryanpeikou_needs_distinct=True))
    assert (yaku_of(r), r.fu, r.points) == ({"sanankou": 2}, 50, 3200)
    # Two different iipeikou still make ryanpeikou: 3 han 40 fu -> 5200.
    r = sc("112233m778899p55s", "5s", rules=Rules(ryanpeikou_needs_distinct=True))
    assert (yaku_of(r), r.points) == ({"ryanpeikou": 3}, 5200)


@covers("pinfu_tsumo")
def test_pinfu_tsumo() -> None:
    # Default: pinfu + tsumo, 2 han 20 fu: a = 320; 700/400/400 -> 1500.
    r = sc(PINFU, "3s", tsumo=True)
    assert (yaku_of(r), r.fu, r.points) == ({"pinfu": 1, "menzen_tsumo": 1}, 20, 1500)
    # Off: no pinfu, tsumo fu 20 + 2 = 22 -> 30, 1 han: a = 240; 500/300/300 -> 1100.
    r = sc(PINFU, "3s", tsumo=True, rules=Rules(pinfu_tsumo=False))
    assert (yaku_of(r), r.fu, r.points) == ({"menzen_tsumo": 1}, 30, 1100)
    # A pinfu ron is unaffected: 30 fu, 1000.
    r = sc(PINFU, "3s", rules=Rules(pinfu_tsumo=False))
    assert (yaku_of(r), r.fu, r.points) == ({"pinfu": 1}, 30, 1000)


@covers("open_pinfu_fu")
def test_open_pinfu_fu() -> None:
    # Open tanyao, pinfu shape by ron (ryanmen 34p + 5p): 30 fu (1000) by default,
    # 20 fu with the option: 20 * 2^3 = 160, x4 = 640 -> 700.
    hand = "234m345p678s88p [2'34s]"
    r = sc(hand, "5p")
    assert (r.fu, r.points) == (30, 1000)
    r = sc(hand, "5p", rules=Rules(open_pinfu_fu=20))
    assert (r.fu, r.points) == (20, 700)


@covers("rinshan_tsumo_fu")
def test_rinshan_tsumo_fu() -> None:
    # Ankan 2222m (16), closed 444p (4), 345m by the replacement tile 3m (ryanmen).
    # menzen tsumo + rinshan + tanyao = 3 han.
    # Default: 20 + 2 + 16 + 4 = 42 -> 50 fu: a = 1600; 3200/1600/1600 -> 6400.
    # Off:     20 + 16 + 4 = 40 fu:          a = 1280; 2600/1300/1300 -> 5200.
    hand = "345m444p678s88s (2222m)"
    r = sc(hand, "3m", tsumo=True, rinshan=True)
    assert (r.han, r.fu, r.points) == (3, 50, 6400)
    r = sc(hand, "3m", tsumo=True, rinshan=True, rules=Rules(rinshan_tsumo_fu=False))
    assert (r.han, r.fu, r.points) == (3, 40, 5200)


@covers("double_wind_pair_fu")
def test_double_wind_pair_fu() -> None:
    # Dealer, East round, East pair; closed 222p (4), kanchan 2m (2), tsumo (2).
    # Default: 20 + 2 + 4 + 4 + 2 = 32 -> 40 fu, 1 han: 2a = 640 -> 700 all: 2100.
    # Option 2: 20 + 2 + 4 + 2 + 2 = 30 fu: 2a = 480 -> 500 all: 1500.
    hand = "123m222p456s789s11z"
    kw: dict[str, Any] = {"tsumo": True, "seat_wind": "E", "round_wind": "E"}
    r = sc(hand, "2m", **kw)
    assert (r.fu, r.points) == (40, 2100)
    assert [i.fu for i in r.fu_details if i.reason == "pair"] == [4]
    r = sc(hand, "2m", rules=Rules(double_wind_pair_fu=2), **kw)
    assert (r.fu, r.points) == (30, 1500)
    assert [i.fu for i in r.fu_details if i.reason == "pair"] == [2]


@covers("haitei_with_rinshan")
def test_haitei_with_rinshan() -> None:
    # Ankan 9999m; rinshan tsumo on the last tile: 20 + 2 + 32 = 54 -> 60 fu.
    # Default: menzen tsumo + rinshan = 2 han: a = 960; 2000/1000/1000 -> 4000.
    # Option: + haitei = 3 han: a = 1920; 3840 -> 3900, 1920 -> 2000: 7900.
    hand = "234m456p55p678s (9999m)"
    kw: dict[str, Any] = {"tsumo": True, "rinshan": True, "haitei": True}
    r = sc(hand, "8s", **kw)
    assert (yaku_of(r), r.points) == ({"menzen_tsumo": 1, "rinshan_kaihou": 1}, 4000)
    r = sc(hand, "8s", rules=Rules(haitei_with_rinshan=True), **kw)
    assert yaku_of(r) == {"menzen_tsumo": 1, "rinshan_kaihou": 1, "haitei_raoyue": 1}
    assert r.points == 7900


@covers("kokushi_robs_ankan")
def test_kokushi_robs_ankan() -> None:
    kw: dict[str, Any] = {"chankan": True, "robbed_ankan": True}
    with pytest.raises(InvalidContextError):
        sc("119m19p19s1234567z", "7z", **kw)
    r = sc("119m19p19s1234567z", "7z", rules=Rules(kokushi_robs_ankan=True), **kw)
    assert (yakuman_of(r), r.points) == ({"kokushi": 1}, 32000)
    # Only kokushi may rob a closed kan.
    with pytest.raises(InvalidContextError):
        sc(PINFU, "3s", rules=Rules(kokushi_robs_ankan=True), **kw)


@covers("renhou")
def test_renhou() -> None:
    # Default (none): the flag changes nothing, pinfu 1000.
    r = sc(PINFU, "3s", renhou=True)
    assert (yaku_of(r), r.points) == ({"pinfu": 1}, 1000)
    expected = {"mangan": 8000, "baiman": 16000, "yakuman": 32000}
    for value, points in expected.items():
        r = sc(PINFU, "3s", renhou=True, rules=Rules(renhou=value))
        assert r.points == points, value
        found = yakuman_of(r) if value == "yakuman" else yaku_of(r)
        assert "renhou" in found, value


@covers("nagashi_mangan")
def test_nagashi_mangan() -> None:
    # Default: a non-dealer's nagashi is a mangan tsumo: 4000 from the dealer,
    # 2000 from each other player.
    assert riichi.nagashi_mangan_payments(["S"]) == (-4000, 8000, -2000, -2000)
    with pytest.raises(riichi.MahjongError):
        riichi.nagashi_mangan_payments(["S"], rules=Rules(nagashi_mangan=False))


def test_nagashi_mangan_scored_as_a_hand() -> None:
    # A mangan tsumo without a reading: 8000 for a non-dealer, 12000 for the dealer,
    # settled like the draw when it takes no honba and no sticks.
    for seat, points in (("E", 12000), ("S", 8000), ("W", 8000), ("N", 8000)):
        r = riichi.score_nagashi_mangan(seat)
        assert ([y.id for y in r.yaku], r.han, r.fu, r.limit) == (
            ["nagashi_mangan"],
            5,
            0,
            "mangan",
        )
        assert (r.points, r.decomposition, r.wait) == (points, None, None)
        assert r.deltas() == riichi.nagashi_mangan_payments([seat])
    # Paid as a win: 2 honba (200 from each) and a stick: 4200 / 2200 / 2200 + 1000.
    p = riichi.score_nagashi_mangan("W", honba=2, riichi_sticks=1).payments
    assert (p.tsumo_dealer, p.tsumo_non_dealer, p.honba, p.total) == (4200, 2200, 600, 9600)
    with pytest.raises(riichi.InvalidInputError, match="nagashi_mangan"):
        riichi.score_nagashi_mangan("S", rules=Rules(nagashi_mangan=False))
    with pytest.raises(InvalidContextError):
        riichi.score_nagashi_mangan("X")


@covers("tenhou_any_winning_tile")
def test_tenhou_any_winning_tile() -> None:
    soul = Rules.preset("mahjong_soul")
    assert soul.tenhou_any_winning_tile
    assert not any(
        Rules.preset(p).tenhou_any_winning_tile
        for p in Rules.presets()
        if p not in ("mahjong_soul", "mahjong_soul_sanma")
    )
    kw: dict[str, Any] = {"tsumo": True, "tenhou": True, "seat_wind": "E"}
    # Tenhou's 14 tiles hold all 13 kinds: the pair's tile taken as the winning one,
    # the wait was 13-sided. Tenhou 1 + kokushi 13-sided 2 = 3 yakuman: 48000 x 3.
    hand = "19m19p19s12345677z"
    r = sc(hand, "7z", rules=soul, **kw)
    assert (yakuman_of(r), r.points) == ({"tenhou": 1, "kokushi_13": 2}, 144000)
    # Without the option tenhou has no winning tile: the plain kokushi, 2 yakuman.
    r = sc(hand, "7z", rules=soul.replace(tenhou_any_winning_tile=False), **kw)
    assert (yakuman_of(r), r.points) == ({"tenhou": 1, "kokushi": 1}, 96000)
    # Suuankou: tanki on the pair's tile (double), 3 yakuman, or plain, 2.
    r = sc("111444m222p333s55p", "4m", rules=soul, **kw)
    assert (yakuman_of(r), r.points) == ({"tenhou": 1, "suuankou_tanki": 2}, 144000)
    r = sc("111444m222p333s55p", "4m", rules=soul.replace(tenhou_any_winning_tile=False), **kw)
    assert (yakuman_of(r), r.points) == ({"tenhou": 1, "suuankou": 1}, 96000)


@covers("aotenjou_drop_implied")
def test_aotenjou_drop_implied() -> None:
    ao = Rules(aotenjou=True)
    drop = ao.replace(aotenjou_drop_implied=True)
    # The open daisangen of test_aotenjou: 16 han with haku, hatsu and chun; without
    # them 13 han 40 fu: 4 * 40 * 2^15 = 5242880 -> 5242900.
    hand = "123m44p777z [55'5z] [66'6z]"
    assert sc(hand, "4p", rules=ao).han == 16
    r = sc(hand, "4p", rules=drop)
    assert (r.han, r.fu, r.points) == (13, 40, ceil100(4 * 40 * 2**15))
    assert yaku_of(r) == {}
    # Kokushi by ron: fu 20 + 10 = 30 (4 * 30 * 2^15 = 3932160 -> 3932200), or the
    # fixed 40 (5242900).
    assert sc("119m19p19s1234567z", "9m", rules=ao).points == 3932200
    assert sc("119m19p19s1234567z", "9m", rules=drop).points == 5242900
    # Only with aotenjou.
    with pytest.raises(RuleError, match="needs aotenjou"):
        Rules(aotenjou_drop_implied=True)


@covers("paarenchan_needs_yaku")
def test_paarenchan_needs_yaku() -> None:
    # PLAIN has no yaku: the dealer's eighth win in a row needs one, or not.
    rules = Rules(paarenchan="wins")
    with pytest.raises(NoYakuError):
        sc(PLAIN, "3s", seat_wind="E", dealer_streak=8, rules=rules)
    alone = rules.replace(paarenchan_needs_yaku=False)
    r = sc(PLAIN, "3s", seat_wind="E", dealer_streak=8, rules=alone)
    assert (yakuman_of(r), r.points) == ({"paarenchan": 1}, 48000)
    with pytest.raises(RuleError, match="needs paarenchan"):
        Rules(paarenchan_needs_yaku=False)


@covers("paarenchan")
def test_paarenchan_counts_from_the_eighth() -> None:
    # PINFU by ron for the dealer: 1 han 30 fu, 1500; from the eighth win in a row on,
    # a yakuman (48000).
    rules = Rules(paarenchan="wins")
    for streak, points in ((0, 1500), (1, 1500), (7, 1500), (8, 48000), (9, 48000), (30, 48000)):
        r = sc(PINFU, "3s", seat_wind="E", dealer_streak=streak, rules=rules)
        assert r.points == points, streak
    ctx = riichi.WinContext(seat_wind="E", dealer_streak=8)
    assert (ctx.dealer_streak, ctx.paarenchan) == (8, True)
    assert (
        repr(ctx) == 'WinContext(paarenchan=True, seat_wind="E", round_wind="E", dealer_streak=8)'
    )
    with pytest.raises(InvalidContextError, match="non-dealer"):
        sc(PINFU, "3s", dealer_streak=3, rules=rules)
    with pytest.raises(InvalidContextError, match="at least 8"):
        sc(PINFU, "3s", seat_wind="E", paarenchan=True, dealer_streak=3, rules=rules)


@covers("double_kokushi_13")
def test_double_kokushi_13() -> None:
    r = sc("119m19p19s1234567z", "1m")
    assert (r.yakuman_multiplier, r.points) == (1, 32000)
    r = sc("119m19p19s1234567z", "1m", rules=Rules(double_kokushi_13=True))
    assert (r.yakuman_multiplier, r.points) == (2, 64000)
    # The single wait stays single.
    r = sc("119m19p19s1234567z", "7z", rules=Rules(double_kokushi_13=True))
    assert (r.yakuman_multiplier, r.points) == (1, 32000)


@covers("double_suuankou_tanki")
def test_double_suuankou_tanki() -> None:
    hand = "222m444p666s888s11p"
    assert sc(hand, "1p").points == 32000
    assert sc(hand, "1p", rules=Rules(double_suuankou_tanki=True)).points == 64000
    # The shanpon tsumo stays single.
    r = sc(hand, "6s", tsumo=True, rules=Rules(double_suuankou_tanki=True))
    assert (yakuman_of(r), r.points) == ({"suuankou": 1}, 32000)


@covers("double_junsei_chuuren")
def test_double_junsei_chuuren() -> None:
    hand = "11123455678999m"
    assert sc(hand, "5m").points == 32000
    assert sc(hand, "5m", rules=Rules(double_junsei_chuuren=True)).points == 64000
    # Not the nine-sided wait: single.
    assert sc(hand, "2m", rules=Rules(double_junsei_chuuren=True)).points == 32000


@covers("double_daisuushii")
def test_double_daisuushii() -> None:
    hand = "222z333z444z55m [11'1z]"
    assert sc(hand, "5m").points == 32000
    assert sc(hand, "5m", rules=Rules(double_daisuushii=True)).points == 64000


@covers("double_tenhou")
def test_double_tenhou() -> None:
    kw: dict[str, Any] = {"tsumo": True, "tenhou": True, "seat_wind": "E"}
    # Dealer yakuman tsumo 16000 all = 48000; double 32000 all = 96000.
    assert sc(PLAIN, "3s", **kw).points == 48000
    r = sc(PLAIN, "3s", rules=Rules(double_tenhou=True), **kw)
    assert (yakuman_of(r), r.points) == ({"tenhou": 2}, 96000)


@covers("double_suukantsu")
def test_double_suukantsu() -> None:
    hand = "55m (1111m) (2222p) [3333's] [4444'z]"
    assert sc(hand, "5m").points == 32000
    r = sc(hand, "5m", rules=Rules(double_suukantsu=True))
    assert (yakuman_of(r), r.points) == ({"suukantsu": 2}, 64000)


@covers("double_pure_ryuuiisou", "ryuuiisou_needs_hatsu")
def test_ryuuiisou_options() -> None:
    pure = "22334444666888s"  # 234s 234s 666s 888s + 44s, no hatsu; ron 3s
    with_hatsu = "22334466688s666z"  # ron 8s
    assert sc(pure, "3s").points == 32000
    assert sc(with_hatsu, "8s").points == 32000
    # double_pure_ryuuiisou: only the hand without hatsu doubles.
    rules = Rules(double_pure_ryuuiisou=True)
    assert sc(pure, "3s", rules=rules).points == 64000
    assert sc(with_hatsu, "8s", rules=rules).points == 32000
    # ryuuiisou_needs_hatsu: the pure hand is no yakuman. It is still 234s 234s 666s
    # 888s 44s closed: chinitsu 6 + tanyao 1 + iipeikou 1 = 8 han: baiman 16000.
    rules = Rules(ryuuiisou_needs_hatsu=True)
    r = sc(pure, "3s", rules=rules)
    assert (r.yakuman, yaku_of(r), r.points) == (
        [],
        {"chinitsu": 6, "tanyao": 1, "iipeikou": 1},
        16000,
    )
    assert sc(with_hatsu, "8s", rules=rules).points == 32000


@covers("chuuren_manzu_only")
def test_chuuren_manzu_only() -> None:
    # Pin chuuren, ron 2p. With the option it is 111p 234p 55p 678p 999p:
    # chinitsu 6 han -> haneman 12000.
    hand = "11123455678999p"
    r = sc(hand, "2p")
    assert (yakuman_of(r), r.points) == ({"chuuren": 1}, 32000)
    r = sc(hand, "2p", rules=Rules(chuuren_manzu_only=True))
    assert (r.yakuman, yaku_of(r), r.points) == ([], {"chinitsu": 6}, 12000)
    assert sc("11123455678999m", "2m", rules=Rules(chuuren_manzu_only=True)).points == 32000


# 13+ han of regular yaku: CHINITSU by tsumo with riichi (riichi 1 + menzen tsumo 1 +
# chinitsu 6 = 8 han) and dora. Tile counts of the hand: 1m 2m 4m 5m 7m 8m x1,
# 3m x2, 6m 9m x3.
#   dora 8m 8m (-> 9m: 3 each)                         = 6  -> 14 han
#   dora 8m 8m 8m 2m 2m (-> 9m x3 each, 3m x2 each)     = 13
#   ura 2m 7m 3m 6m 9m (-> 3m 2, 8m 1, 4m 1, 7m 1, 1m 1) = 6  -> 27 han
# (No kind is used more than four times between the hand and the indicators.)
KAZOE_14: dict[str, Any] = {"tsumo": True, "riichi": True, "dora_indicators": "8m8m"}
KAZOE_27: dict[str, Any] = {
    "tsumo": True,
    "riichi": True,
    "dora_indicators": "8m8m8m2m2m",
    "ura_indicators": "2m7m3m6m9m",
}


@covers("kazoe")
def test_kazoe() -> None:
    # yakuman (default): one yakuman however many han: 16000/8000/8000 = 32000.
    r = sc(CHINITSU, "2m", **KAZOE_14)
    assert (r.han, r.dora, r.points, r.limit) == (14, 6, 32000, "kazoe_yakuman")
    assert r.yakuman == []
    r = sc(CHINITSU, "2m", **KAZOE_27)
    assert (r.han, r.dora, r.ura, r.points) == (27, 13, 6, 32000)
    # sanbaiman: capped at 6000 base: 12000/6000/6000 = 24000.
    rules = Rules(kazoe="sanbaiman")
    r = sc(CHINITSU, "2m", rules=rules, **KAZOE_14)
    assert (r.han, r.points, r.limit) == (14, 24000, "sanbaiman")
    assert sc(CHINITSU, "2m", rules=rules, **KAZOE_27).points == 24000
    # multiple: one yakuman per 13 han: 14 -> 1 (32000), 27 -> 2 (32000/16000/16000).
    rules = Rules(kazoe="multiple")
    assert sc(CHINITSU, "2m", rules=rules, **KAZOE_14).points == 32000
    r = sc(CHINITSU, "2m", rules=rules, **KAZOE_27)
    assert (r.han, r.points) == (27, 64000)
    assert (r.payments.tsumo_dealer, r.payments.tsumo_non_dealer) == (32000, 16000)
    # 12 han is sanbaiman in every mode: 8 han of yaku + dora indicators 8m (-> 9m x3)
    # and 3m (-> 4m x1) = 12 han: 12000/6000/6000 = 24000.
    for kazoe in ("yakuman", "sanbaiman", "multiple"):
        r = sc(
            CHINITSU,
            "2m",
            tsumo=True,
            riichi=True,
            dora_indicators="8m3m",
            rules=Rules(kazoe=kazoe),
        )
        assert (r.han, r.points, r.limit) == (12, 24000, "sanbaiman"), kazoe


@covers("max_yakuman")
def test_max_yakuman() -> None:
    # Daisuushii + tsuuiisou: 2 yakuman (64000); capped at 1: 32000.
    hand = "222z333z444z55z [11'1z]"
    r = sc(hand, "5z")
    assert (r.yakuman_multiplier, r.points) == (2, 64000)
    r = sc(hand, "5z", rules=Rules(max_yakuman=1))
    assert (r.yakuman_multiplier, r.points) == (1, 32000)
    # Closed the same tiles also make suuankou tanki: 3, capped at 2.
    r = sc("111z222z333z444z55z", "5z", rules=Rules(max_yakuman=2))
    assert (r.yakuman_multiplier, r.points) == (2, 64000)
    # A cap on a double: double_daisuushii with max 1.
    r = sc("222z333z444z55m [11'1z]", "5m", rules=Rules(double_daisuushii=True, max_yakuman=1))
    assert (r.yakuman_multiplier, r.points) == (1, 32000)


@covers("kiriage")
def test_kiriage() -> None:
    k = Rules(kiriage=True)
    # 4 han 30 fu: a = 1920. Non-dealer ron 7680 -> 7700; kiriage: mangan 8000.
    assert pts(4, 30, dealer=False, tsumo=False).ron == 7700
    e = pts(4, 30, dealer=False, tsumo=False, rules=k)
    assert (e.ron, e.base_points, e.limit) == (8000, 2000, "mangan")
    # 3 han 60 fu likewise; dealer ron 11520 -> 11600 / 12000.
    assert pts(3, 60, dealer=True, tsumo=False).ron == 11600
    assert pts(3, 60, dealer=True, tsumo=False, rules=k).ron == 12000
    # Tsumo: 2000/3900 -> 2000/4000; dealer 3900 all -> 4000 all.
    e = pts(4, 30, dealer=False, tsumo=True)
    assert (e.tsumo_non_dealer, e.tsumo_dealer) == (2000, 3900)
    e = pts(4, 30, dealer=False, tsumo=True, rules=k)
    assert (e.tsumo_non_dealer, e.tsumo_dealer) == (2000, 4000)
    assert pts(3, 60, dealer=True, tsumo=True).tsumo_non_dealer == 3900
    assert pts(3, 60, dealer=True, tsumo=True, rules=k).tsumo_non_dealer == 4000
    # Other cells are unchanged: 3 han 50 fu = 6400, 4 han 25 fu = 6400.
    assert pts(3, 50, dealer=False, tsumo=False, rules=k).ron == 6400
    assert pts(4, 25, dealer=False, tsumo=False, rules=k).ron == 6400
    # A real hand: open shousangen, 4 han 30 fu: 7700 / 8000.
    hand = "123m456p77z [55'5z] [66'6z]"
    assert sc(hand, "4p").points == 7700
    r = sc(hand, "4p", rules=k)
    assert (r.points, r.limit) == (8000, "mangan")
    # And the table shows it.
    assert riichi.score_table(k)["non_dealer"][(4, 30)] == "8000 (2000/4000)"
    assert riichi.score_table()["non_dealer"][(4, 30)] == "7700 (2000/3900)"


@covers("aotenjou")
def test_aotenjou() -> None:
    ao = Rules(aotenjou=True)
    # No limits: 6 han 40 fu is 40 * 2^8 = 10240 basic; ron 40960 -> 41000 (haneman
    # 12000 otherwise). CHINITSU by ron on 2m is 6 han 40 fu.
    assert sc(CHINITSU, "2m").points == 12000
    r = sc(CHINITSU, "2m", rules=ao)
    assert (r.han, r.fu, r.base_points, r.points) == (6, 40, 10240, 41000)
    # Below the limits nothing changes: pinfu 1000.
    assert sc(PINFU, "3s", rules=ao).points == 1000
    # A yakuman counts 13 han, and with no limits nothing is replaced: the other yaku
    # add to it. Open daisangen, ron 4p tanki: daisangen 13 + haku, hatsu, chun 3 =
    # 16 han; fu 20 + 4 + 4 + 8 (closed chun triplet) + 2 (tanki) = 38 -> 40;
    # 4 * 40 * 2^18 = 41943040 -> 41943100.
    hand = "123m44p777z [55'5z] [66'6z]"
    assert sc(hand, "4p").points == 32000
    r = sc(hand, "4p", rules=ao)
    assert (r.han, r.fu) == (16, 40)
    assert r.points == ceil100(4 * 40 * 2**18) == 41943100
    # The 27-han kazoe hand (best fu 40: 20 + 2 + 8 (999m) + 2 (kanchan) = 32 -> 40):
    # a = 40 * 2^29; the dealer pays 2a, the others a, each rounded up to 100.
    r = sc(CHINITSU, "2m", rules=ao, **KAZOE_27)
    a = 40 * 2**29
    assert (r.han, r.fu, r.base_points) == (27, 40, a)
    assert r.payments.tsumo_dealer == ceil100(2 * a) == 42949673000
    assert r.payments.tsumo_non_dealer == ceil100(a) == 21474836500
    assert r.points == 85899346000


@covers("aotenjou")
def test_aotenjou_points_function() -> None:
    ao = Rules(aotenjou=True)
    # points() has no limits either: 6 han 30 fu dealer ron = 6 * 30 * 2^8 = 46080
    # -> 46100 (haneman 18000 otherwise); 13 han 30 fu non-dealer ron =
    # 4 * 30 * 2^15 = 3932160 -> 3932200.
    assert pts(6, 30, dealer=True, tsumo=False).ron == 18000
    e = pts(6, 30, dealer=True, tsumo=False, rules=ao)
    assert (e.base_points, e.ron) == (30 * 2**8, 46100)
    assert pts(13, 30, dealer=False, tsumo=False, rules=ao).ron == 3932200
    # Tsumo: 8 han 40 fu non-dealer: a = 40 * 2^10 = 40960; 2a = 81920 -> 82000 from
    # the dealer, 40960 -> 41000 from each other player: 164000.
    e = pts(8, 40, dealer=False, tsumo=True, rules=ao)
    assert (e.tsumo_dealer, e.tsumo_non_dealer, e.total) == (82000, 41000, 164000)
    # Beyond 64 bits: 70 han 30 fu dealer ron = 6 * 30 * 2^72, rounded up to 100.
    e = pts(70, 30, dealer=True, tsumo=False, rules=ao)
    assert e.ron == ceil100(6 * 30 * 2**72)
    assert e.ron > 2**64
    # points() takes yakuman as 13 han each: a double yakuman at 30 fu.
    e = pts(26, 30, dealer=False, tsumo=False, rules=ao)
    assert e.ron == ceil100(4 * 30 * 2**28)


@covers("honba_value")
def test_honba_value() -> None:
    # Ron: +300 per honba by default, +1500 with honba_value=1500.
    r = sc(PINFU, "3s", honba=2)
    assert (r.payments.ron, r.payments.honba) == (1600, 600)
    r = sc(PINFU, "3s", honba=2, rules=Rules(honba_value=1500))
    assert (r.payments.ron, r.payments.honba) == (4000, 3000)
    # Tsumo: a third from each payer: +100 / +500 each per honba.
    # 1 han 30 fu non-dealer tsumo 500/300 at 1 honba: 600/400, or 1000/800.
    e = pts(1, 30, dealer=False, tsumo=True, honba=1)
    assert (e.tsumo_dealer, e.tsumo_non_dealer, e.total) == (600, 400, 1400)
    e = pts(1, 30, dealer=False, tsumo=True, honba=1, rules=Rules(honba_value=1500))
    assert (e.tsumo_dealer, e.tsumo_non_dealer, e.total) == (1000, 800, 2600)
    # Zero: no honba money at all.
    e = pts(1, 30, dealer=False, tsumo=False, honba=3, rules=Rules(honba_value=0))
    assert (e.ron, e.total) == (1000, 1000)


# Multiple ron: every winner wins on the same discard 3s.
#   S: pinfu ron, 1 han 30 fu = 1000.
#   W: riichi on PLAIN, 1 han 40 fu = 1300.
#   N: riichi + pinfu, 2 han 30 fu = 2000.
# The table has 1 honba and 2 riichi sticks.
def _ron(hand: str, seat: str, **kw: Any) -> riichi.ScoreResult:
    return riichi.score(hand, "3s", seat_wind=seat, honba=1, riichi_sticks=2, **kw)


def _three() -> list[riichi.ScoreResult]:
    return [_ron(PINFU, "S"), _ron(PLAIN, "W", riichi=True), _ron(PINFU, "N", riichi=True)]


@covers("multi_ron", "multi_ron_honba")
def test_multi_ron() -> None:
    s, w, n = _three()
    assert (s.points, w.points, n.points) == (1000, 1300, 2000)
    # double (default), honba to the nearest: E discards; S is nearest.
    # S: 1000 + 300 + 2000 sticks = 3300; W: 1300; E pays 1000 + 300 + 1300 = 2600.
    assert riichi.settle_multi_ron([s, w], "E", Rules()) == ((-2600, 3300, 1300, 0), ["S", "W"])
    # each: W gets its honba too: 1600; E pays 2900.
    rules = Rules(multi_ron_honba="each")
    assert riichi.settle_multi_ron([s, w], "E", rules) == ((-2900, 3300, 1600, 0), ["S", "W"])
    # head_bump: only S wins: E pays 1300.
    rules = Rules(multi_ron="head_bump")
    assert riichi.settle_multi_ron([s, w], "E", rules) == ((-1300, 3300, 0, 0), ["S"])
    # Three winners: double makes it an abortive draw (sanchahou) ...
    assert riichi.settle_multi_ron([s, w, n], "E", Rules()) == ((0, 0, 0, 0), [])
    # ... triple pays all three: E pays 1300 + 1300 + 2000 = 4600.
    rules = Rules(multi_ron="triple")
    assert riichi.settle_multi_ron([s, w, n], "E", rules) == (
        (-4600, 3300, 1300, 2000),
        ["S", "W", "N"],
    )
    # triple + each: W 1600, N 2300; E pays 1300 + 1600 + 2300 = 5200.
    rules = Rules(multi_ron="triple", multi_ron_honba="each")
    assert riichi.settle_multi_ron([s, w, n], "E", rules) == (
        (-5200, 3300, 1600, 2300),
        ["S", "W", "N"],
    )
    # head_bump with three: only the nearest.
    rules = Rules(multi_ron="head_bump")
    assert riichi.settle_multi_ron([s, w, n], "E", rules) == ((-1300, 3300, 0, 0), ["S"])


@covers("pao_daisangen", "pao_scope")
def test_pao_daisangen_and_scope() -> None:
    # Daisangen by tsumo (S), W fed the third dragon.
    dsg = sc("123m44p [55'5z] [66'6z] [77'7z]", "4p", tsumo=True)
    assert dsg.points == 32000
    # pao on (default): the liable player pays it all.
    assert dsg.deltas(liable="W") == (0, 32000, -32000, 0)
    # pao off: an ordinary yakuman tsumo, 16000/8000/8000.
    off = sc("123m44p [55'5z] [66'6z] [77'7z]", "4p", tsumo=True, rules=Rules(pao_daisangen=False))
    assert off.deltas(liable="W") == (-16000, 32000, -8000, -8000)
    # Daisangen + tsuuiisou by tsumo: 64000.
    hand = "222z11z [55'5z] [66'6z] [77'7z]"
    whole = sc(hand, "1z", tsumo=True)
    assert yakuman_of(whole) == {"daisangen": 1, "tsuuiisou": 1}
    # whole_hand (default): W pays all 64000.
    assert whole.deltas(liable="W") == (0, 64000, -64000, 0)
    # yakuman_only: W pays the daisangen 32000; tsuuiisou is an ordinary yakuman
    # tsumo, 16000 from E and 8000 from W and N: W -40000.
    only = sc(hand, "1z", tsumo=True, rules=Rules(pao_scope="yakuman_only"))
    assert only.deltas(liable="W") == (-16000, 64000, -40000, -8000)
    # Ron from N: whole_hand splits the 64000 in half with W ...
    whole = sc(hand, "1z")
    assert whole.deltas(discarder="N", liable="W") == (0, 64000, -32000, -32000)
    # ... yakuman_only splits the daisangen 32000 and N pays the tsuuiisou 32000.
    only = sc(hand, "1z", rules=Rules(pao_scope="yakuman_only"))
    assert only.deltas(discarder="N", liable="W") == (0, 64000, -16000, -48000)


@covers("pao_daisuushii")
def test_pao_daisuushii() -> None:
    hand = "55m [11'1z] [22'2z] [33'3z] [44'4z]"
    r = sc(hand, "5m", tsumo=True)
    assert r.deltas(liable="E") == (-32000, 32000, 0, 0)
    r = sc(hand, "5m", tsumo=True, rules=Rules(pao_daisuushii=False))
    assert r.deltas(liable="E") == (-16000, 32000, -8000, -8000)


@covers("pao_suukantsu")
def test_pao_suukantsu() -> None:
    hand = "55m [1111'm] [2222'p] [3333's] [4444'z]"
    # Default (Tenhou): no pao for suukantsu.
    r = sc(hand, "5m", tsumo=True)
    assert r.deltas(liable="W") == (-16000, 32000, -8000, -8000)
    r = sc(hand, "5m", tsumo=True, rules=Rules(pao_suukantsu=True))
    assert r.deltas(liable="W") == (0, 32000, -32000, 0)


@covers("open_riichi", "open_riichi_deal_in_yakuman")
def test_open_riichi_options() -> None:
    # Without the local yaku an open riichi cannot have been declared.
    with pytest.raises(InvalidContextError):
        sc(PLAIN, "3s", open_riichi=True)
    # open_riichi: 2 han 40 fu -> 2600 (riichi alone would be 1 han = 1300).
    r = sc(PLAIN, "3s", open_riichi=True, rules=Rules(open_riichi=True))
    assert (yaku_of(r), r.points) == ({"open_riichi": 2}, 2600)
    # Deal-in by a non-riichi player: 2600 without the yakuman option, 32000 with it.
    kw: dict[str, Any] = {"open_riichi": True, "open_riichi_deal_in": True}
    assert sc(PLAIN, "3s", rules=Rules(open_riichi=True), **kw).points == 2600
    both = Rules(open_riichi=True, open_riichi_deal_in_yakuman=True)
    r = sc(PLAIN, "3s", rules=both, **kw)
    assert (yakuman_of(r), r.points) == ({"open_riichi": 1}, 32000)
    # A player in riichi dealing in pays the 2 han only.
    assert sc(PLAIN, "3s", open_riichi=True, rules=both).points == 2600


# Local yaku: (option, value, hand, win tile, score keywords, default, changed).
# A default of None means the hand has no yaku by default (NoYakuError); an exception
# class means that error. The values are derived in test_yaku.py's tests of the
# same hands.
LOCAL: list[tuple[str, Any, str, str, dict[str, Any], Any, int]] = [
    # pinfu 1000 -> pinfu + tsuukan 2: 3 han 30 fu = 3900 / closed_only 2 han = 2000.
    ("sanshoku_tsuukan", "on", "123m456p789s234s55m", "4s", {}, 1000, 3900),
    ("sanshoku_tsuukan", "closed_only", "123m456p789s234s55m", "4s", {}, 1000, 2000),
    # Open pinfu shape, 30 fu: 2 han 2000 / open_1 1 han 1000.
    ("isshoku_sanjun", "on", "112233m456p55s [1'23m]", "4p", {}, None, 2000),
    ("isshoku_sanjun", "open_1", "112233m456p55s [1'23m]", "4p", {}, None, 1000),
    # 2 han 40 fu.
    ("sanrenkou", True, "222333m789p55s [44'4m]", "5s", {}, None, 2600),
    # 2 han 50 fu.
    ("uumensai", True, "234m567p789s333z55z", "5z", {}, None, 3200),
    # Not a complete hand by default; chiihou-time yakuman with the option.
    (
        "shiisan_puutaa",
        True,
        "147m258p369s11234z",
        "4z",
        {"tsumo": True, "chiihou": True},
        riichi.NotAgariError,
        32000,
    ),
    # tsuuiisou 32000 -> daichisei double 64000.
    ("daichisei", True, "11223344556677z", "7z", {}, 32000, 64000),
    # sanbaiman 24000 -> yakuman / double.
    ("daisharin", "on", "22334455667788p", "8p", {}, 24000, 32000),
    ("daisharin", "double", "22334455667788p", "8p", {}, 24000, 64000),
    # mangan 8000 -> yakuman; sou_only needs sou.
    ("toupuu_shinkansen", "on", "123456789m11z444z", "1z", {}, 8000, 32000),
    ("toupuu_shinkansen", "sou_only", "123456789m11z444z", "1z", {}, 8000, 8000),
    ("toupuu_shinkansen", "sou_only", "123456789s11z444z", "1z", {}, 8000, 32000),
    # Sum 100: baiman 16000 -> yakuman / not over 100 / double at 100.
    ("hyakuman_goku", "at_least_100", "55666777888m [99'9m]", "5m", {}, 16000, 32000),
    ("hyakuman_goku", "over_100", "55666777888m [99'9m]", "5m", {}, 16000, 16000),
    ("hyakuman_goku", "double_at_100", "55666777888m [99'9m]", "5m", {}, 16000, 64000),
    ("hyakuman_goku", "over_100", "55666777888m [9999'm]", "5m", {}, 16000, 32000),
    # ryanpeikou 5200 -> yakuman.
    ("isshoku_yonjun", True, "111122223333m55p", "5p", {}, 5200, 32000),
    # mangan 8000 -> yakuman.
    ("suurenkou", True, "333444555m88p [22'2m]", "8p", {}, 8000, 32000),
    # haneman 12000 -> yakuman.
    ("beni_kujaku", True, "111555777s99s [77'7z]", "9s", {}, 12000, 32000),
    # mangan 8000 -> yakuman.
    ("kouitten", True, "22334466688s777z", "8s", {}, 8000, 32000),
    # haku 1 han 50 fu 1600 -> yakuman; pin_only refuses the 4s.
    ("tuibuudao", "on", "123345999p44s555z", "4s", {}, 1600, 32000),
    ("tuibuudao", "pin_only", "123345999p44s555z", "4s", {}, 1600, 1600),
    # pin_only takes pin tiles alone: chinitsu haneman 12000 -> yakuman.
    ("tuibuudao", "pin_only", "11112334599988p", "8p", {}, 12000, 32000),
    # haneman 12000 -> double yakuman.
    ("kinmonkyou", True, "12334556778999m", "9m", {}, 12000, 64000),
    # Dealer pinfu ron 1500 -> dealer yakuman 48000.
    ("paarenchan", "wins", PINFU, "3s", {"seat_wind": "E", "paarenchan": True}, 1500, 48000),
    ("paarenchan", "dealerships", PINFU, "3s", {"seat_wind": "E", "paarenchan": True}, 1500, 48000),
]
COVERED.update(c[0] for c in LOCAL)


@pytest.mark.parametrize(
    ("option", "value", "hand", "win", "kw", "default", "changed"),
    LOCAL,
    ids=[f"{c[0]}={c[1]}:{c[2]}" for c in LOCAL],
)
def test_local_yaku_option(
    option: str, value: Any, hand: str, win: str, kw: dict[str, Any], default: Any, changed: int
) -> None:
    if default is None:
        with pytest.raises(NoYakuError):
            sc(hand, win, **kw)
    elif isinstance(default, type):
        with pytest.raises(default):
            sc(hand, win, **kw)
    else:
        assert sc(hand, win, **kw).points == default
    assert sc(hand, win, rules=Rules(**{option: value}), **kw).points == changed


@covers("daisharin_any_suit")
def test_daisharin_any_suit() -> None:
    man = "22334455667788m"
    assert sc(man, "8m", rules=Rules(daisharin="on")).points == 24000
    assert sc(man, "8m", rules=Rules(daisharin="on", daisharin_any_suit=True)).points == 32000
    sou = "22334455667788s"
    r = sc(sou, "8s", rules=Rules(daisharin="double", daisharin_any_suit=True))
    assert (yakuman_of(r), r.points) == ({"daisharin": 2}, 64000)


# Three players (sanma) ------------------------------------------------------------
SANMA = Rules.preset("tenhou_sanma")
# 30 fu 2 han with riichi and tsumo: 234p 567p 123s 345s 77s won on the 2s kanchan
# (20 + 2 + 2 tsumo = 24 -> 30 fu); no pinfu, no tanyao.
SANMA_HAND, SANMA_WIN = "234p567p123345s77s", "2s"


@covers("players")
def test_players_three_removes_2m_to_8m_and_the_north_seat() -> None:
    # Four players: 1m points to 2m; three: to 9m (2m-8m are gone).
    hand = "99m234p567p345s777z"
    assert sc(hand, "7z", seat_wind="S", dora_indicators="1m").dora == 0
    assert sc(hand, "7z", seat_wind="S", dora_indicators="1m", rules=SANMA).dora == 2
    # The same hand and tiles pay two payers: the dealer 1000, the other 500.
    kw: dict[str, Any] = {"tsumo": True, "riichi": True, "seat_wind": "S"}
    assert sc(SANMA_HAND, SANMA_WIN, **kw).deltas() == (-1000, 2000, -500, -500)
    assert sc(SANMA_HAND, SANMA_WIN, **kw, rules=SANMA).deltas() == (-1000, 1500, -500, 0)
    with pytest.raises(riichi.InvalidContextError, match="no North seat"):
        sc(SANMA_HAND, SANMA_WIN, riichi=True, seat_wind="N", rules=SANMA)
    with pytest.raises(riichi.InvalidHandError, match="2m"):
        sc("234m567p345s11z777z", "2m", seat_wind="S", rules=SANMA)
    # Analysis: 12m, 13m, 79m and 89m cannot be drawn with three players.
    hand13 = riichi.Hand("19m123456p789s11z")
    assert [str(t) for t, _ in hand13.ukeire(rules=SANMA).tiles] == ["1m", "9m", "1z"]
    assert len(hand13.ukeire().tiles) == 7
    assert riichi.shanten(hand13, rules=SANMA) == 1
    assert riichi.is_complete("11m123456p789s111z", rules=SANMA)
    for call in (
        lambda: riichi.shanten("23m456p789s111222z", rules=SANMA),
        lambda: riichi.is_complete([0, 1] + [0] * 32, rules=SANMA),
        lambda: riichi.is_complete("22m456p789s111222z", rules=SANMA),
        lambda: riichi.Hand("23m456p789s11122z").waits(rules=SANMA),
        lambda: hand13.ukeire(visible="5m", rules=SANMA),
        lambda: riichi.Hand("23m456p789s111222z").discard_options(rules=SANMA),
    ):
        with pytest.raises(riichi.InvalidHandError, match="three-player"):
            call()
    with pytest.raises(TypeError, match=r"riichi\.Rules"):
        riichi.shanten("123m", rules="tenhou_sanma")  # type: ignore[arg-type]
    # Only 4 or 3.
    with pytest.raises(riichi.RuleError, match="one of 4, 3"):
        Rules(players=2)


@covers("kita")
def test_kita_are_dora_counted_again_by_north_indicators() -> None:
    kw: dict[str, Any] = {"tsumo": True, "riichi": True, "seat_wind": "S", "rules": SANMA}
    # Two kita: 2 + 2 han = 4 han 30 fu: 3900 / 2000, the North's share lost.
    r = sc(SANMA_HAND, SANMA_WIN, kita=2, **kw)
    assert (r.han, r.kita, r.dora, r.points) == (4, 2, 0, 5900)
    # West indicator: North is the dora, each kita counts again: 6 han haneman,
    # 6000 + 3000 = 9000 under tsumo loss.
    r = sc(SANMA_HAND, SANMA_WIN, kita=2, dora_indicators="3z", **kw)
    assert (r.han, r.kita, r.dora, r.points) == (6, 2, 2, 9000)
    ctx = riichi.WinContext(kita=2, seat_wind="S")
    assert ctx.kita == 2 and repr(ctx) == 'WinContext(seat_wind="S", round_wind="E", kita=2)'
    # kita = false: Norths cannot be set aside.
    with pytest.raises(riichi.InvalidContextError, match="rule option kita"):
        sc(SANMA_HAND, SANMA_WIN, kita=1, **{**kw, "rules": SANMA.replace(kita=False)})
    with pytest.raises(riichi.RuleError, match="kita = true is a three-player rule"):
        Rules(kita=True)
    with pytest.raises(TypeError, match="kita is an integer"):
        riichi.WinContext(kita="2")  # type: ignore[arg-type]


@covers("kita_rinshan")
def test_kita_rinshan() -> None:
    kw: dict[str, Any] = {"tsumo": True, "rinshan": True, "seat_wind": "S", "kita": 1}
    # menzen tsumo + rinshan kaihou + kita = 3 han 30 fu: 2000 / 1000 = 3000.
    r = sc(SANMA_HAND, SANMA_WIN, **kw, rules=SANMA)
    assert (yaku_of(r), r.kita, r.points) == ({"menzen_tsumo": 1, "rinshan_kaihou": 1}, 1, 3000)
    with pytest.raises(riichi.InvalidContextError, match=r"needs a kan in the hand$"):
        sc(SANMA_HAND, SANMA_WIN, **kw, rules=SANMA.replace(kita_rinshan=False))
    with pytest.raises(riichi.RuleError, match="kita_rinshan = false"):
        Rules(kita_rinshan=False)


@covers("sanma_tsumo")
def test_sanma_tsumo() -> None:
    kw: dict[str, Any] = {"tsumo": True, "riichi": True, "seat_wind": "S"}
    # 30 fu 2 han non-dealer: dealer 1000, other 500; the absent North's 500 is
    # lost (loss), halved to 250 -> 300 each (north_bisection), or 1000 more
    # each (plus_1000).
    for how, deltas in [
        ("loss", (-1000, 1500, -500, 0)),
        ("north_bisection", (-1300, 2100, -800, 0)),
        ("plus_1000", (-2000, 3500, -1500, 0)),
    ]:
        r = sc(SANMA_HAND, SANMA_WIN, **kw, rules=SANMA.replace(sanma_tsumo=how))
        assert r.deltas() == deltas, how
    with pytest.raises(riichi.RuleError, match="three-player rule"):
        Rules(sanma_tsumo="north_bisection")


# Three-player options only the game engine acts on: their behaviour is proved by
# the engine's tests (src/game/sanma_tests.rs: sanma_has_no_chi,
# kita_may_be_ronned_without_chankan, passing_a_kita_makes_furiten_per_kita_furiten)
# and tests/test_sanma_game.py; here only their values and validation.
SANMA_ENGINE = {"chi", "kita_ron", "kita_furiten"}


def test_chi_is_a_three_player_option() -> None:
    assert Rules().chi and not SANMA.chi and not Rules.preset("mahjong_soul_sanma").chi
    with pytest.raises(riichi.RuleError, match="chi = false is a three-player rule"):
        Rules(chi=False)
    game = riichi.Game(rules=SANMA, seed=1)
    assert not any(isinstance(a, riichi.Chi) for a in game.legal_actions(0))


def test_kita_ron_and_kita_furiten_are_three_player_options() -> None:
    assert Rules().kita_ron and Rules().kita_furiten
    assert SANMA.kita_ron and SANMA.kita_furiten
    m = Rules.preset("mahjong_soul_sanma")
    assert m.kita_ron and not m.kita_furiten
    for name in ("kita_ron", "kita_furiten"):
        with pytest.raises(riichi.RuleError, match=f"{name} = false is a three-player rule"):
            Rules(**{name: False})
        assert not SANMA.replace(**{name: False}).to_dict()[name]


def test_sanma_presets() -> None:
    t, m = SANMA, Rules.preset("mahjong_soul_sanma")
    assert t.diff() == {
        "players": 3, "kita": True, "chi": False, "red_fives": (0, 1, 1),
        "honba_value": 200, "suufon_renda": False, "suucha_riichi": False,
        "sanchahou": False, "noten_payment_total": 2000, "start_points": 35000,
        "return_points": 40000, "uma": (20, 0, -20, 0),
    }  # fmt: skip
    assert m.diff(Rules.preset("mahjong_soul")) == {
        "players": 3, "kita": True, "chi": False, "red_fives": (0, 1, 1),
        "honba_value": 200, "suufon_renda": False, "suucha_riichi": False,
        "noten_payment_total": 2000, "start_points": 35000, "return_points": 35000,
        "uma": (15, 0, -15, 0), "kita_furiten": False,
    }  # fmt: skip
    for bad, why in [
        ({"red_fives": (1, 1, 1)}, "no 5m"),
        ({"uma": (20, 10, -10, -20)}, "no 4th place"),
        ({"suufon_renda": True}, "fourth player"),
        ({"noten_payment_total": 2001}, "even"),
        ({"players": 4}, "three-player rule"),
    ]:
        with pytest.raises(riichi.RuleError, match=why):
            t.replace(**bad)


# The game-flow options act in the game engine: their behaviour is proved by the
# engine's tests (src/game/rule_tests.rs); here only their values, presets and
# validation (test_game_flow_options_*).
GAME_FLOW = {
    "kan_dora_timing", "kuikae", "riichi_min_points", "riichi_min_wall", "kyuushu_kyuuhai",
    "suufon_renda", "suukaikan", "suucha_riichi", "sanchahou", "noten_payment_total",
    "renchan_on_tenpai", "game_length", "tobi", "west_extension", "agari_yame", "tenpai_yame",
    "yame_choice",
    "start_points", "return_points", "uma", "final_rounding", "tie_break", "leftover_sticks",
}  # fmt: skip


def test_every_option_has_a_test() -> None:
    names = {o.name for o in Rules.options()}
    assert names == COVERED | GAME_FLOW | SANMA_ENGINE, (
        names - COVERED - GAME_FLOW - SANMA_ENGINE,
        COVERED - names,
    )
    assert not COVERED & GAME_FLOW


def test_game_flow_options_defaults_are_tenhou() -> None:
    r = Rules()
    assert (r.start_points, r.return_points, r.uma) == (25000, 30000, (20, 10, -10, -20))
    assert (r.final_rounding, r.tie_break, r.leftover_sticks) == ("tenhou", "seat", "first")
    assert (r.kan_dora_timing, r.kuikae, r.game_length) == (
        "open_after_discard",
        "forbidden",
        "hanchan",
    )
    assert (r.riichi_min_points, r.riichi_min_wall, r.noten_payment_total) == (1000, 4, 3000)
    flags = ("kyuushu_kyuuhai", "suufon_renda", "suukaikan", "suucha_riichi", "sanchahou")
    assert all(getattr(r, f) for f in flags)
    assert r.tobi and r.west_extension and r.agari_yame and r.tenpai_yame and r.renchan_on_tenpai


def test_game_flow_options_in_presets() -> None:
    # The presets: Mahjong Soul scores from 25000 with uma 15/5; WRC/EMA 30000/30000 with
    # shared uma 15/5 and no abortive draws; M.League 25000/30000 with uma 30/10.
    ms = Rules.preset("mahjong_soul")
    assert (ms.return_points, ms.uma, ms.final_rounding, ms.sanchahou) == (
        25000,
        (15, 5, -5, -15),
        "none",
        False,
    )
    for name in ("wrc2025", "ema2025"):
        r = Rules.preset(name)
        assert (r.start_points, r.return_points, r.uma, r.tie_break) == (
            30000,
            30000,
            (15, 5, -5, -15),
            "share",
        )
        assert not (r.kyuushu_kyuuhai or r.suufon_renda or r.suukaikan or r.suucha_riichi)
        assert not (r.tobi or r.west_extension or r.agari_yame)
        assert (r.riichi_min_points, r.kan_dora_timing) == (None, "immediate")
    assert Rules.preset("wrc2025").riichi_min_wall == 0
    assert Rules.preset("ema2025").riichi_min_wall == 1
    ml = Rules.preset("mleague")
    assert (ml.start_points, ml.return_points, ml.uma, ml.tie_break) == (
        25000,
        30000,
        (30, 10, -10, -30),
        "share",
    )


def test_game_flow_options_are_validated() -> None:
    with pytest.raises(RuleError, match="uma"):
        Rules(uma=(20, 10, -10, -10))  # does not sum to 0
    with pytest.raises(RuleError, match="uma"):
        Rules(uma=(20, 10, -30))
    with pytest.raises(RuleError, match="return_points"):
        Rules(start_points=30000, return_points=25000)
    with pytest.raises(RuleError, match="game_length"):
        Rules(game_length="south")
    with pytest.raises(RuleError, match="riichi_min_wall"):
        Rules(riichi_min_wall=5)
    r = Rules(uma=[30, 10, -10, -30], riichi_min_points=None)
    assert r.uma == (30, 10, -10, -30) and r.riichi_min_points is None
    assert Rules.from_json(r.to_json()) == r == Rules.from_toml(r.to_toml())


# Presets ---------------------------------------------------------------------------


def test_preset_names() -> None:
    assert set(Rules.presets()) == {
        "tenhou", "mahjong_soul", "wrc2025", "ema2025", "mleague",
        "tenhou_sanma", "mahjong_soul_sanma",
    }  # fmt: skip
    for name in Rules.presets():
        assert Rules.preset_doc(name)
    with pytest.raises(RuleError) as info:
        Rules.preset("majsoul")
    msg = str(info.value)
    assert "majsoul" in msg and "mahjong_soul" in msg and "tenhou" in msg


def test_preset_tenhou() -> None:
    t = Rules.preset("tenhou")
    assert t == Rules()
    assert t.red_fives == (1, 1, 1)
    assert (t.open_tanyao, t.kiriage, t.kazoe, t.max_yakuman) == (True, False, "yakuman", None)
    assert not any(
        (
            t.double_kokushi_13,
            t.double_suuankou_tanki,
            t.double_junsei_chuuren,
            t.double_daisuushii,
        )
    )
    assert (t.renhou, t.nagashi_mangan) == ("none", True)
    assert (t.multi_ron, t.multi_ron_honba) == ("double", "nearest")
    assert (t.pao_daisangen, t.pao_daisuushii, t.pao_suukantsu) == (True, True, False)
    assert t.pao_scope == "whole_hand"
    assert (t.double_wind_pair_fu, t.kokushi_robs_ankan, t.honba_value) == (4, False, 300)
    assert (t.pinfu_tsumo, t.open_pinfu_fu, t.rinshan_tsumo_fu) == (True, 30, True)
    assert (t.min_han, t.two_han_from_honba) == (1, None)


def test_preset_mahjong_soul() -> None:
    m = Rules.preset("mahjong_soul")
    assert m.red_fives == (1, 1, 1)
    assert all(
        (
            m.double_kokushi_13,
            m.double_suuankou_tanki,
            m.double_junsei_chuuren,
            m.double_daisuushii,
        )
    )
    assert (m.kokushi_robs_ankan, m.multi_ron, m.pao_scope) == (True, "triple", "yakuman_only")
    assert (m.kiriage, m.kazoe, m.max_yakuman) == (False, "yakuman", None)
    assert (m.double_wind_pair_fu, m.renhou, m.nagashi_mangan) == (4, "none", True)
    # The 13-sided kokushi pays a double.
    assert sc("119m19p19s1234567z", "1m", rules=m).points == 64000


def test_preset_wrc2025() -> None:
    w = Rules.preset("wrc2025")
    assert w.red_fives == (0, 0, 0)
    assert (w.kiriage, w.kazoe, w.max_yakuman) == (True, "yakuman", None)
    assert not any(
        (
            w.double_kokushi_13,
            w.double_suuankou_tanki,
            w.double_junsei_chuuren,
            w.double_daisuushii,
        )
    )
    assert (w.renhou, w.nagashi_mangan, w.multi_ron) == ("mangan", False, "head_bump")
    assert (w.double_wind_pair_fu, w.pao_daisangen, w.pao_daisuushii) == (2, True, True)
    assert w.pao_suukantsu is True
    assert w.open_tanyao is True
    # 4 han 30 fu is a mangan.
    assert sc("123m456p77z [55'5z] [66'6z]", "4p", rules=w).points == 8000


def test_preset_ema2025() -> None:
    e = Rules.preset("ema2025")
    assert e.red_fives == (0, 0, 0)
    assert (e.kiriage, e.kazoe, e.max_yakuman) == (True, "sanbaiman", 1)
    assert (e.renhou, e.nagashi_mangan) == ("mangan", False)
    assert (e.multi_ron, e.multi_ron_honba) == ("triple", "each")
    assert (e.double_wind_pair_fu, e.kokushi_robs_ankan) == (2, True)
    assert not e.double_daisuushii
    # Stacked yakuman count once.
    assert sc("222z333z444z55z [11'1z]", "5z", rules=e).points == 32000


def test_preset_mleague() -> None:
    m = Rules.preset("mleague")
    assert m.red_fives == (1, 1, 1)
    assert (m.kiriage, m.kazoe, m.multi_ron) == (True, "sanbaiman", "head_bump")
    assert (m.pao_daisangen, m.pao_daisuushii, m.pao_suukantsu) == (True, True, True)
    assert (m.kokushi_robs_ankan, m.double_wind_pair_fu) == (False, 2)
    assert not any(
        (
            m.double_kokushi_13,
            m.double_suuankou_tanki,
            m.double_junsei_chuuren,
            m.double_daisuushii,
        )
    )
    assert (m.renhou, m.open_riichi) == ("none", False)


# Value semantics ----------------------------------------------------------------------


def test_rules_are_immutable() -> None:
    r = Rules()
    with pytest.raises(AttributeError):
        r.kiriage = True  # type: ignore[misc]
    assert r.kiriage is False


def test_rules_equality_and_hash() -> None:
    assert Rules() == Rules()
    assert hash(Rules()) == hash(Rules())
    assert Rules(kiriage=True) != Rules()
    assert Rules(kiriage=True) == Rules().replace(kiriage=True)
    assert hash(Rules(kiriage=True)) == hash(Rules().replace(kiriage=True))
    assert len({Rules(), Rules(), Rules(kiriage=True), Rules.preset("tenhou")}) == 2
    assert {Rules(): "t"}[Rules.preset("tenhou")] == "t"
    assert Rules() != "tenhou"


def test_rules_pickle() -> None:
    for r in (Rules(), Rules.preset("ema2025"), Rules(red_fives=(2, 0, 4), max_yakuman=3)):
        assert pickle.loads(pickle.dumps(r)) == r


def test_replace() -> None:
    base = Rules()
    r = base.replace(kiriage=True, kazoe="sanbaiman", red_fives=(0, 0, 0))
    assert (r.kiriage, r.kazoe, r.red_fives) == (True, "sanbaiman", (0, 0, 0))
    # The original is unchanged.
    assert (base.kiriage, base.kazoe, base.red_fives) == (False, "yakuman", (1, 1, 1))
    assert r.diff() == {"kiriage": True, "kazoe": "sanbaiman", "red_fives": (0, 0, 0)}
    assert base.diff() == {}
    assert r.replace(kiriage=False).diff(r) == {"kiriage": False}


def test_options_table() -> None:
    opts = Rules.options()
    assert len(opts) == 87
    d = Rules().to_dict()
    for o in opts:
        assert o.default == d[o.name] == getattr(Rules(), o.name), o.name
        assert o.doc
    by = {o.name: o for o in opts}
    assert by["kiriage"].kind == "bool"
    assert (by["min_han"].kind, by["min_han"].range) == ("int", (1, 13))
    assert (by["max_yakuman"].kind, by["max_yakuman"].range) == ("optional_int", (1, 99))
    assert by["kazoe"].kind == "choice"
    assert by["kazoe"].choices == ["yakuman", "sanbaiman", "multiple"]
    assert by["red_fives"].kind == "red_fives"
    assert by["kazoe"].range is None and by["kiriage"].choices is None


# Serialisation ---------------------------------------------------------------------

SAMPLES = [
    Rules(),
    Rules.preset("mahjong_soul"),
    Rules.preset("ema2025"),
    Rules(red_fives=(0, 2, 4), two_han_from_honba=5, kazoe="multiple", honba_value=1500),
    Rules(open_riichi=True, open_riichi_deal_in_yakuman=True, daisharin="double"),
]


@pytest.mark.parametrize("rules", SAMPLES)
def test_dict_round_trip(rules: Rules) -> None:
    d = rules.to_dict()
    assert len(d) == 87
    assert isinstance(d["red_fives"], tuple)
    assert Rules.from_dict(d) == rules
    # red_fives may be a list (as read from JSON).
    d["red_fives"] = list(d["red_fives"])
    assert Rules.from_dict(d) == rules


def test_from_dict_missing_keys_keep_defaults() -> None:
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"kiriage": True}) == Rules(kiriage=True)


@pytest.mark.parametrize("rules", SAMPLES)
def test_json_round_trip(rules: Rules) -> None:
    s = rules.to_json()
    assert Rules.from_json(s) == rules
    d = json.loads(s)
    assert d["kiriage"] == rules.kiriage
    assert list(d["red_fives"]) == list(rules.red_fives)


@pytest.mark.parametrize("rules", SAMPLES)
def test_toml_round_trip(rules: Rules) -> None:
    s = rules.to_toml()
    assert Rules.from_toml(s) == rules
    # Flat key = value lines; an unset optional integer is written "none".
    if rules.max_yakuman is None:
        assert 'max_yakuman = "none"' in s
    assert f"kiriage = {str(rules.kiriage).lower()}" in s


def test_save_and_load(tmp_path: Path) -> None:
    r = Rules(kiriage=True, red_fives=(0, 1, 2), max_yakuman=2, kazoe="sanbaiman")
    for name in ("rules.json", "rules.toml"):
        path = tmp_path / name
        r.save(path)
        assert path.exists()
        assert Rules.load(path) == r
        assert Rules.load(str(path)) == r
    json_text = (tmp_path / "rules.json").read_text()
    assert Rules.from_json(json_text) == r
    toml_text = (tmp_path / "rules.toml").read_text()
    assert Rules.from_toml(toml_text) == r
    with pytest.raises(ValueError):
        r.save(tmp_path / "rules.yaml")


# Errors ------------------------------------------------------------------------------


def _rule_error(fn: Callable[[], object]) -> str:
    with pytest.raises(RuleError) as info:
        fn()
    assert type(info.value) is RuleError
    assert issubclass(RuleError, riichi.MahjongError)
    return str(info.value)


def test_unknown_option() -> None:
    msg = _rule_error(lambda: Rules(kiriag=True))
    assert "kiriag" in msg and "kiriage" in msg
    msg = _rule_error(lambda: Rules().replace(no_such_option=1))
    assert "no_such_option" in msg
    msg = _rule_error(lambda: Rules.from_dict({"kazoe_mode": "yakuman"}))
    assert "kazoe_mode" in msg and "kazoe" in msg
    msg = _rule_error(lambda: Rules.from_toml("aka = true\n"))
    assert "aka" in msg


def test_wrong_type() -> None:
    msg = _rule_error(lambda: Rules(kiriage="yes"))
    assert "kiriage" in msg and "true or false" in msg
    msg = _rule_error(lambda: Rules(min_han="2"))
    assert "min_han" in msg and "1 to 13" in msg
    msg = _rule_error(lambda: Rules(kazoe=True))
    assert "kazoe" in msg and '"sanbaiman"' in msg
    msg = _rule_error(lambda: Rules(red_fives=(1, 1)))
    assert "red_fives" in msg
    msg = _rule_error(lambda: Rules.from_json('{"honba_value": "300"}'))
    assert "honba_value" in msg


def test_out_of_range_or_choice() -> None:
    msg = _rule_error(lambda: Rules(min_han=0))
    assert "min_han" in msg and "from 1 to 13" in msg
    msg = _rule_error(lambda: Rules(kazoe="double"))
    assert "kazoe" in msg
    assert '"yakuman"' in msg and '"sanbaiman"' in msg and '"multiple"' in msg
    msg = _rule_error(lambda: Rules(red_fives=(5, 0, 0)))
    assert "red_fives" in msg and "0 to 4" in msg
    msg = _rule_error(lambda: Rules(max_yakuman=0))
    assert "max_yakuman" in msg and "none" in msg
    msg = _rule_error(lambda: Rules(honba_value=-100))
    assert "honba_value" in msg
    msg = _rule_error(lambda: Rules(multi_ron="quadruple"))
    assert '"head_bump"' in msg and '"double"' in msg and '"triple"' in msg


def test_fu_options_take_only_the_values_of_the_rules() -> None:
    # Open pinfu-shape ron is 30 fu (option 20); a double-wind pair is
    # 4 fu (option 2). Other values are no rule at all.
    msg = _rule_error(lambda: Rules(open_pinfu_fu=25))
    assert "open_pinfu_fu" in msg
    msg = _rule_error(lambda: Rules(double_wind_pair_fu=3))
    assert "double_wind_pair_fu" in msg


def test_impossible_combinations() -> None:
    msg = _rule_error(lambda: Rules(open_riichi_deal_in_yakuman=True))
    assert "open_riichi_deal_in_yakuman" in msg and "open_riichi" in msg
    msg = _rule_error(lambda: Rules(daisharin_any_suit=True))
    assert "daisharin_any_suit" in msg and "daisharin" in msg
    msg = _rule_error(lambda: Rules(aotenjou=True, max_yakuman=2))
    assert "aotenjou" in msg and "max_yakuman" in msg
    # replace checks the combination too, and leaves the original alone.
    both = Rules(open_riichi=True, open_riichi_deal_in_yakuman=True)
    msg = _rule_error(lambda: both.replace(open_riichi=False))
    assert "open_riichi_deal_in_yakuman" in msg
    assert both.open_riichi is True
    msg = _rule_error(lambda: Rules.from_dict({"aotenjou": True, "max_yakuman": 1}))
    assert "max_yakuman" in msg


@pytest.mark.parametrize("total", [1000, 2999, 54283])
def test_noten_payment_total_must_split_evenly(total: int) -> None:
    """Found by fuzzing: 54283 paid by three noten players (18094 each) to one tenpai
    player (54283) made points out of nothing. Both sides split 1, 2 or 3 ways."""
    with pytest.raises(riichi.RuleError, match="multiple of 6"):
        Rules(noten_payment_total=total)
    assert Rules(noten_payment_total=total - total % 6).noten_payment_total == total - total % 6
