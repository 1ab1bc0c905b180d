"""Review of the scorer against RULES.md §2, §4-§8 and the seeds (001 above all).

The first part pins the cases a review found wrong and that are fixed: each test
states what RULES.md or a seed says. The second part pins down tricky cases that
were checked by hand and are right. Unless a test says otherwise the winner sits South (a
non-dealer) in an East round, so 3z (W) and 4z (N) are guest winds and 1z is the
round wind.
"""

from __future__ import annotations

import pytest

import riichi
from riichi import InvalidContextError, Rules


def sc(hand: str, win: str, **kw: object) -> riichi.ScoreResult:
    """Score with the winner South in an East round unless told otherwise."""
    kw.setdefault("seat_wind", "S")
    return riichi.score(hand, win, **kw)  # type: ignore[arg-type]


def yaku_of(r: riichi.ScoreResult) -> dict[str, int]:
    return {y.id: y.han for y in r.yaku}


def yakuman_of(r: riichi.ScoreResult) -> dict[str, int]:
    return {y.id: y.yakuman for y in r.yakuman}


# Bugs ------------------------------------------------------------------------------


@pytest.mark.parametrize("riichi_kind", ["riichi", "double_riichi"])
def test_ippatsu_with_rinshan_is_a_contradiction(riichi_kind: str) -> None:
    # RULES §4 ippatsu: "no call (incl. own ankan) in between". Seed 001: "“一发”不能
    # 以岭上开花的形式和牌"; seed 000: "立直后自己摸第一张牌后进行暗杠，然后摸岭上牌自摸，
    # 不能算“一发”". A rinshan win always follows the winner's own kan after the riichi,
    # so ippatsu + rinshan cannot happen. Today: riichi, ippatsu, tsumo, seat wind,
    # rinshan = 5 han, a mangan of 8000.
    with pytest.raises(InvalidContextError):
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
    # Seed 001 (人和): "杠牌如果被抢，则该杠牌不成立，不会破坏人和，因此人和可以是国士无双
    # 抢暗杠的形式。人和不可能抢加杠。" An added kan needs a pon first, and a call
    # before the win breaks renhou. Today renhou + chankan is scored (32000 as yakuman).
    with pytest.raises(InvalidContextError):
        sc("123m456p789s345p11z", "5p", renhou=True, chankan=True, rules=Rules(renhou=value))


def test_kokushi_robbing_an_ankan_is_never_the_13_sided_wait() -> None:
    # The closed kan held all four copies of the robbed tile, so the kokushi hand had
    # none of it before: it waited on that one kind (single wait), never on all 13.
    # Here the robbed tile 7z is also the kokushi pair (13-sided reading), which the
    # ankan makes impossible. Today: kokushi_13 as a double yakuman, 64000.
    rules = Rules(kokushi_robs_ankan=True, double_kokushi_13=True)
    with pytest.raises(InvalidContextError):
        sc("19m19p19s12345677z", "7z", chankan=True, robbed_ankan=True, rules=rules)


def test_chankan_on_a_tile_the_winner_holds_twice() -> None:
    # RULES §4 chankan: "ron on an added kan (kakan)". The added kan holds the other
    # three copies of the robbed tile (its pon and the added tile), so the winner's
    # hand holds exactly one: the robbed tile. A tanki on a second 1z cannot be a
    # chankan. Today: chankan 1 han 40 fu, 1300.
    with pytest.raises(InvalidContextError):
        sc("123m456p234s789s11z", "1z", chankan=True)


@pytest.mark.parametrize(
    ("flag", "seat"), [("tenhou", "E"), ("chiihou", "S")], ids=["tenhou", "chiihou"]
)
def test_first_draw_wins_have_no_kan_dora(flag: str, seat: str) -> None:
    # RULES §5: tenhou "dealer wins on the initial deal; not after an ankan", chiihou
    # "no call before it"; §9: every kan reveals a new indicator. A second dora
    # indicator means a kan happened before the first draw, which tenhou and chiihou
    # exclude (seed 000: "如果在此之前有人（包括自己）吃、碰、杠，便不算“地和”").
    # Today both are scored as yakuman.
    with pytest.raises(InvalidContextError):
        sc(
            "123m456p234s789s55z",
            "5z",
            seat_wind=seat,
            tsumo=True,
            dora_indicators=["1m", "2m"],
            **{flag: True},
        )


def test_aotenjou_kokushi_keeps_the_situation_yaku() -> None:
    # RULES §6 aotenjou: "points = fu × 2^(han+2) with yakuman counted as 13 han each";
    # regular yaku add to a yakuman hand (the standard and chiitoitsu forms do: see
    # test_aotenjou_tsuuiisou_chiitoitsu_keeps_the_situation_yaku below). Kokushi,
    # single wait, riichi + menzen tsumo: 13 + 1 + 1 = 15 han. Today: 13 han, no
    # riichi and no menzen tsumo (the kokushi branch never adds situation yaku).
    r = sc("19m19p19s12345677z", "1m", riichi=True, tsumo=True, rules=Rules(aotenjou=True))
    assert yakuman_of(r) == {"kokushi": 1}
    assert yaku_of(r) == {"riichi": 1, "menzen_tsumo": 1}
    assert r.han == 15


def test_shiisan_puutaa_shows_its_fu_breakdown() -> None:
    # RULES §7: "Every result must show its fu breakdown (each item and its reason)."
    # Shiisan puutaa reports fu = 30 with an empty breakdown. (riichi.wiki's example
    # hand: 259s 39p 158m 12456z, 6z drawn.)
    r = sc("259s39p158m124566z", "6z", tsumo=True, chiihou=True, rules=Rules(shiisan_puutaa=True))
    assert yakuman_of(r) == {"shiisan_puutaa": 1}
    assert r.fu_details
    assert sum(f.fu for f in r.fu_details) == r.fu


# Verified right --------------------------------------------------------------------


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
    # Seed 001: "三连刻与一色三顺不能同时算，需要根据最高点数原则来决定算哪一种".
    # 111222333m 456p 77s, ron on 4p: sanankou + sanrenkou 4 han 50 fu (mangan 8000)
    # beats pinfu + isshoku sanjun 3 han 30 fu (3900); without sanrenkou the sequence
    # reading wins over sanankou alone (2 han 50 fu, 3200).
    hand = "111222333m456p77s"
    both = Rules(sanrenkou=True, isshoku_sanjun="on")
    r = sc(hand, "4p", rules=both)
    assert yaku_of(r) == {"sanankou": 2, "sanrenkou": 2}
    assert r.points == 8000
    r = sc(hand, "4p", rules=Rules(isshoku_sanjun="on"))
    assert yaku_of(r) == {"pinfu": 1, "isshoku_sanjun": 2}
    assert r.points == 3900


def test_four_identical_runs_and_ryanpeikou_needs_distinct() -> None:
    # Seed 001 (一色四顺 note): four identical sequences count as ryanpeikou "除非二杯口
    # 被定义为“两副不同的一杯口”". 1111 2222 3333m + 55p, ron on 5p (tanki):
    # 123m x4 is ryanpeikou (3 han 40 fu, 5200); with the option it is only one
    # iipeikou, and 111/222/333/123 with sanankou (2 han 50 fu, 3200) pays more.
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
    # Seed 001: "人和可以是国士无双抢暗杠的形式". Single wait on 1m (the pair is 7z).
    rules = Rules(renhou="yakuman", kokushi_robs_ankan=True)
    r = sc("19m19p19s12345677z", "1m", renhou=True, chankan=True, robbed_ankan=True, rules=rules)
    assert yakuman_of(r) == {"renhou": 1, "kokushi": 1}
    assert r.points == 64000


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
