//! The scorer's unit tests, written as hand strings: each yaku, the fu rules, the
//! points table, rule options (each with the option flipped), and the report.

use super::points::{base_points, yakuman_base, BasePoints, Limit, Payments};
use super::*;
use crate::error::MahjongError;
use crate::notation::mpsz::{parse_hand, parse_tiles};
use crate::rules::{Kazoe, OptValue};

/// The situation with `flags` set (and what they imply), at seat `seat`
/// ("E" is the dealer), round East.
fn ctx(flags: &[&str], seat: &str) -> WinContext {
    let mut c = WinContext {
        seat_wind: wind(seat),
        ..WinContext::default()
    };
    for f in flags {
        assert!(c.set_flag(f, true), "no flag {f}");
    }
    c.with_implied()
}

fn wind(w: &str) -> u8 {
    context::WINDS.iter().position(|x| *x == w).expect("wind") as u8
}

fn tile(s: &str) -> Tile {
    parse_tiles(s).expect("tile")[0]
}

fn score_with(hand: &str, win: &str, c: &WinContext, rules: &Rules) -> Result<ScoreResult> {
    score(&parse_hand(hand).expect("hand"), tile(win), c, rules)
}

fn sc(hand: &str, win: &str, flags: &[&str], seat: &str) -> ScoreResult {
    score_with(hand, win, &ctx(flags, seat), &Rules::default())
        .unwrap_or_else(|e| panic!("{hand} on {win}: {e}"))
}

fn ids(r: &ScoreResult) -> Vec<&'static str> {
    (r.yakuman.as_slice().iter())
        .chain(r.yaku.as_slice())
        .map(|(y, _)| y.id())
        .collect()
}

fn han_of(r: &ScoreResult, id: &str) -> Option<u8> {
    (r.yakuman.as_slice().iter())
        .chain(r.yaku.as_slice())
        .find(|(y, _)| y.id() == id)
        .map(|&(_, h)| h)
}

fn fu_of(r: &ScoreResult, reason: FuReason) -> Vec<u8> {
    (r.fu_items.as_slice().iter())
        .filter(|i| i.reason == reason)
        .map(|i| i.fu)
        .collect()
}

/// A closed all-simples hand: 234m 567p 234s 456s 88m, won on 6s (ryanmen).
const PINFU: &str = "234m567p234456s88m";

// Yaku -----------------------------------------------------------------------------

#[test]
fn riichi_pinfu_tanyao_ron() {
    let r = sc(PINFU, "6s", &["riichi"], "S");
    assert_eq!(ids(&r), ["riichi", "pinfu", "tanyao"]);
    assert_eq!((r.han, r.fu, r.points()), (3, 30, 3900));
    assert_eq!(r.payments.ron, Some(3900));
    // The dealer: 6 times the basic points.
    assert_eq!(sc(PINFU, "6s", &["riichi"], "E").points(), 5800);
}

#[test]
fn situation_yaku() {
    let cases: &[(&[&str], &str, u8)] = &[
        (&["double_riichi"], "double_riichi", 2),
        (&["riichi", "ippatsu"], "ippatsu", 1),
        (&["tsumo"], "menzen_tsumo", 1),
        (&["tsumo", "haitei"], "haitei_raoyue", 1),
        (&["houtei"], "houtei_raoyui", 1),
        (&["chankan"], "chankan", 1),
    ];
    for (flags, id, han) in cases {
        let r = sc(PINFU, "6s", flags, "S");
        assert_eq!(han_of(&r, id), Some(*han), "{flags:?}: {:?}", ids(&r));
    }
    // Rinshan kaihou needs a kan in the hand.
    let r = sc(
        "123m456p789s55p kan 2222s",
        "9s",
        &["tsumo", "rinshan"],
        "S",
    );
    assert_eq!(ids(&r), ["rinshan_kaihou"]);
}

#[test]
fn first_turn_yakuman() {
    let r = sc(PINFU, "6s", &["tsumo", "tenhou"], "E");
    assert_eq!(ids(&r), ["tenhou"]);
    assert_eq!((r.limit, r.points()), (Limit::Yakuman, 48000));
    let r = sc(PINFU, "6s", &["tsumo", "chiihou"], "S");
    assert_eq!(ids(&r), ["chiihou"]);
    assert_eq!(r.points(), 32000);
}

#[test]
fn each_hand_yaku() {
    // (hand, winning tile, seat, a yaku it has, that yaku's han)
    let cases: &[(&str, &str, &str, &str, u8)] = &[
        ("223344m567p234s88m", "4m", "S", "iipeikou", 1),
        ("123m456p789s55p pon 111z", "5p", "E", "seat_wind_east", 1),
        ("123m456p789s55p pon 111z", "5p", "E", "round_wind_east", 1),
        ("123m456p789s55p pon 222z", "5p", "S", "seat_wind_south", 1),
        ("123m456p789s55p pon 333z", "5p", "W", "seat_wind_west", 1),
        ("123m456p789s55p pon 444z", "5p", "N", "seat_wind_north", 1),
        ("123m456p789s55p pon 555z", "5p", "S", "haku", 1),
        ("123m456p789s55p pon 666z", "5p", "S", "hatsu", 1),
        ("123m456p789s55p pon 777z", "5p", "S", "chun", 1),
        ("113355m7799p22s44z", "4z", "S", "chiitoitsu", 2),
        ("123999m789p789s11z", "1z", "S", "chanta", 2),
        ("123789m789p789s11z", "1z", "S", "chanta", 2),
        ("123456789m234p88s", "9m", "S", "ittsu", 2),
        ("123456789m88s chi 234p", "9m", "S", "ittsu", 1),
        ("234567m234p234s88p", "7m", "S", "sanshoku_doujun", 2),
        ("222345m222p22288s", "5m", "S", "sanshoku_doukou", 2),
        ("222345m222p22288s", "5m", "S", "sanankou", 2),
        (
            "123m55p kan 1111s kan 2222s kan 3333s",
            "3m",
            "S",
            "sankantsu",
            2,
        ),
        ("111m222p55s pon 333s pon 777p", "5s", "S", "toitoi", 2),
        ("111m999p11z pon 999s pon 222z", "1z", "S", "honroutou", 2),
        ("123m456p55566677z", "7z", "S", "shousangen", 2),
        ("223344m556677p88s", "8s", "S", "ryanpeikou", 3),
        ("123789m123789p99s", "9s", "S", "junchan", 3),
        ("123345789m11222z", "2z", "S", "honitsu", 3),
        ("123345789m11z pon 222z", "1z", "S", "honitsu", 2),
        ("12334566678999m", "9m", "S", "chinitsu", 6),
    ];
    for &(hand, win, seat, id, han) in cases {
        let r = sc(hand, win, &[], seat);
        assert_eq!(han_of(&r, id), Some(han), "{hand} on {win}: {:?}", ids(&r));
    }
}

#[test]
fn each_yakuman() {
    let cases: &[(&str, &str, &[&str], &str)] = &[
        ("19m19p19s1234567z1m", "1m", &["tsumo"], "kokushi_13"),
        ("19m19p19s1234567z1m", "9m", &[], "kokushi"),
        ("111444m222p333s55p", "4m", &["tsumo"], "suuankou"),
        ("111444m222p333s55p", "5p", &[], "suuankou_tanki"),
        ("123m11p555666777z", "1p", &[], "daisangen"),
        ("123m11122233344z", "3m", &[], "shousuushii"),
        ("55m111222333444z", "5m", &[], "daisuushii"),
        ("11122233355566z", "6z", &[], "tsuuiisou"),
        ("223344666888s66z", "6z", &[], "ryuuiisou"),
        ("111999m111p11999s", "1s", &[], "chinroutou"),
        ("11123455678999m", "9m", &[], "chuuren"),
        ("11123455678999m", "5m", &[], "junsei_chuuren"),
        (
            "11p kan 1111m kan 2222s kan 3333s kan 4444p",
            "1p",
            &[],
            "suukantsu",
        ),
    ];
    for &(hand, win, flags, id) in cases {
        let r = sc(hand, win, flags, "S");
        assert!(ids(&r).contains(&id), "{hand} on {win}: {:?}", ids(&r));
        assert!(
            r.yaku.is_empty(),
            "{hand}: a yakuman hand lists no regular yaku"
        );
        assert!(r.points() >= 32000, "{hand}");
    }
}

#[test]
fn no_yaku_and_incomplete_hands_are_refused() {
    let c = ctx(&[], "S");
    let r = score_with("234m567p234s88m chi 456s", "8m", &c, &Rules::default());
    assert!(r.is_ok(), "kuitan");
    let r = score_with("123m567p234s88m chi 456s", "8m", &c, &Rules::default());
    assert!(matches!(r, Err(MahjongError::NoYaku(_))), "{r:?}");
    let r = score_with("123m567p234s88m129s", "9s", &c, &Rules::default());
    assert!(matches!(r, Err(MahjongError::NotAgari(_))), "{r:?}");
}

// Fu -------------------------------------------------------------------------------

#[test]
fn pinfu_fu() {
    let ron = sc(PINFU, "6s", &["riichi"], "S");
    assert_eq!(ron.fu, 30);
    assert_eq!(fu_of(&ron, FuReason::MenzenRon), [10]);
    let tsumo = sc(PINFU, "6s", &["tsumo"], "S");
    assert_eq!((tsumo.han, tsumo.fu), (3, 20));
    assert!(
        fu_of(&tsumo, FuReason::Tsumo).is_empty(),
        "pinfu tsumo has no tsumo fu"
    );
    assert_eq!(tsumo.payments.tsumo_dealer, Some(1300));
    assert_eq!(tsumo.payments.tsumo_non_dealer, Some(700));
}

#[test]
fn open_pinfu_fu() {
    let r = sc("234m567p567s88m chi 234s", "7s", &[], "S");
    assert_eq!(ids(&r), ["tanyao"]);
    assert_eq!(r.fu, 30);
    assert_eq!(fu_of(&r, FuReason::OpenPinfu), [10]);
}

#[test]
fn chiitoitsu_fu() {
    let r = sc("113355m7799p22s44z", "4z", &[], "S");
    assert_eq!((r.han, r.fu, r.points()), (2, 25, 1600));
    assert_eq!(fu_of(&r, FuReason::Chiitoitsu), [25]);
}

#[test]
fn wait_fu() {
    // 20 base + 10 closed ron + 2 for the wait = 32, rounded to 40.
    for (win, wait) in [
        ("2s", Wait::Kanchan),
        ("3s", Wait::Penchan),
        ("8m", Wait::Tanki),
    ] {
        let r = sc("234m567p123789s88m", win, &["riichi"], "S");
        assert_eq!(r.wait, wait, "{win}");
        assert_eq!(fu_of(&r, FuReason::Wait(wait)), [2], "{win}");
        assert_eq!(r.fu, 40, "{win}");
        assert_eq!(fu_of(&r, FuReason::RoundUp), [8], "{win}");
    }
    // Ryanmen has none.
    let r = sc("234m567p123789s88m", "1s", &["riichi"], "S");
    assert_eq!((r.wait, r.fu), (Wait::Ryanmen, 30));
}

#[test]
fn set_and_kan_fu() {
    // Closed kan of terminals 32 + tanki 2 + closed ron 10 + 20 = 64, rounded to 70.
    let r = sc("234m567p123s88m ankan 9999s", "8m", &["riichi"], "S");
    assert_eq!(r.fu, 70);
    assert!(r.fu_items.as_slice().iter().any(|i| i.fu == 32));
    // An open kan of simples is 8; an open triplet of simples 2, closed 4; yaochuu
    // double each.
    let r = sc("234m567p234s88m kan 6666s", "8m", &[], "S");
    assert!(fu_of(&r, FuReason::Set { concealed: false }).contains(&8));
    let r = sc("234m567p123s888m55z", "5z", &["riichi"], "S");
    assert_eq!(fu_of(&r, FuReason::Set { concealed: true }), [4]);
    let r = sc("234m567p234s55p pon 888m", "5p", &[], "S");
    assert_eq!(fu_of(&r, FuReason::Set { concealed: false }), [2]);
    // A triplet completed by ron is an open one.
    let r = sc("234m567p123s888m55z", "8m", &["riichi"], "S");
    assert!(fu_of(&r, FuReason::Set { concealed: false }).contains(&2));
}

#[test]
fn yakuhai_pair_and_double_wind_pair_fu() {
    // Dealer, East round: the 1z pair is both winds.
    let hand = "234m567p456999s11z";
    let r = sc(hand, "6s", &["riichi"], "E");
    // 20 + 10 + 8 (closed 999s) + 4 (double wind pair) = 42, rounded to 50.
    assert_eq!(fu_of(&r, FuReason::Pair), [4]);
    assert_eq!(r.fu, 50);
    let rules = Rules {
        double_wind_pair_fu: 2,
        ..Rules::default()
    };
    let r = score_with(hand, "6s", &ctx(&["riichi"], "E"), &rules).unwrap();
    assert_eq!(fu_of(&r, FuReason::Pair), [2]);
    assert_eq!(r.fu, 40);
}

// Points ---------------------------------------------------------------------------

#[test]
fn base_points_and_limits() {
    let tenhou = Rules::default();
    assert_eq!(
        base_points(1, 30, &tenhou),
        BasePoints::new(240, Limit::None)
    );
    assert_eq!(
        base_points(4, 30, &tenhou),
        BasePoints::new(1920, Limit::None)
    );
    assert_eq!(
        base_points(3, 60, &tenhou),
        BasePoints::new(1920, Limit::None)
    );
    assert_eq!(
        base_points(3, 70, &tenhou),
        BasePoints::new(2000, Limit::Mangan)
    );
    assert_eq!(
        base_points(4, 40, &tenhou),
        BasePoints::new(2000, Limit::Mangan)
    );
    for (han, base, limit) in [
        (5, 2000, Limit::Mangan),
        (6, 3000, Limit::Haneman),
        (7, 3000, Limit::Haneman),
        (8, 4000, Limit::Baiman),
        (10, 4000, Limit::Baiman),
        (11, 6000, Limit::Sanbaiman),
        (12, 6000, Limit::Sanbaiman),
        (13, 8000, Limit::KazoeYakuman),
        (26, 8000, Limit::KazoeYakuman),
    ] {
        assert_eq!(
            base_points(han, 30, &tenhou),
            BasePoints::new(base, limit),
            "{han} han"
        );
    }
    assert_eq!(yakuman_base(1), BasePoints::new(8000, Limit::Yakuman));
    assert_eq!(
        yakuman_base(2),
        BasePoints::new(16000, Limit::MultipleYakuman)
    );
}

#[test]
fn kiriage_option() {
    let rules = Rules {
        kiriage: true,
        ..Rules::default()
    };
    assert_eq!(
        base_points(4, 30, &rules),
        BasePoints::new(2000, Limit::Mangan)
    );
    assert_eq!(
        base_points(3, 60, &rules),
        BasePoints::new(2000, Limit::Mangan)
    );
    assert_eq!(
        base_points(3, 50, &rules),
        BasePoints::new(1600, Limit::None)
    );
    // 4 han 30 fu: riichi, pinfu, tanyao, dora.
    let mut c = ctx(&["riichi"], "S");
    c.dora_indicators = vec![tile("1m")];
    let r = score_with(PINFU, "6s", &c, &Rules::default()).unwrap();
    assert_eq!((r.han, r.fu, r.points()), (4, 30, 7700));
    let r = score_with(PINFU, "6s", &c, &rules).unwrap();
    assert_eq!((r.limit, r.points()), (Limit::Mangan, 8000));
}

#[test]
fn kazoe_option() {
    let with = |kazoe| Rules {
        kazoe,
        ..Rules::default()
    };
    assert_eq!(
        base_points(13, 30, &with(Kazoe::Sanbaiman)),
        BasePoints::new(6000, Limit::Sanbaiman)
    );
    assert_eq!(base_points(26, 30, &with(Kazoe::Multiple)).base, 16000);
    assert_eq!(base_points(26, 30, &with(Kazoe::Yakuman)).base, 8000);
}

#[test]
fn payments_ron_tsumo_honba_sticks() {
    let r = Rules::default();
    // 3 han 30 fu: basic points 960.
    let p = Payments::new(960, false, false, 0, 0, &r);
    assert_eq!((p.ron, p.total), (Some(3900), 3900));
    let p = Payments::new(960, true, false, 0, 0, &r);
    assert_eq!(p.ron, Some(5800));
    let p = Payments::new(960, false, true, 0, 0, &r);
    assert_eq!(
        (p.tsumo_dealer, p.tsumo_non_dealer, p.total),
        (Some(2000), Some(1000), 4000)
    );
    let p = Payments::new(960, true, true, 0, 0, &r);
    assert_eq!(
        (p.tsumo_dealer, p.tsumo_non_dealer, p.total),
        (None, Some(2000), 6000)
    );
    // Honba: 300 on a ron, 100 from each payer on a tsumo; sticks 1000 each.
    let p = Payments::new(960, false, false, 2, 1, &r);
    assert_eq!(
        (p.ron, p.honba, p.sticks, p.total),
        (Some(4500), 600, 1000, 5500)
    );
    let p = Payments::new(960, false, true, 1, 0, &r);
    assert_eq!(
        (p.tsumo_dealer, p.tsumo_non_dealer, p.total),
        (Some(2100), Some(1100), 4300)
    );
    // Mangan to yakuman.
    for (base, child_ron, dealer_ron) in [
        (2000, 8000, 12000),
        (3000, 12000, 18000),
        (4000, 16000, 24000),
        (6000, 24000, 36000),
        (8000, 32000, 48000),
    ] {
        assert_eq!(
            Payments::new(base, false, false, 0, 0, &r).ron,
            Some(child_ron)
        );
        assert_eq!(
            Payments::new(base, true, false, 0, 0, &r).ron,
            Some(dealer_ron)
        );
    }
}

#[test]
fn honba_value_option() {
    let rules = Rules {
        honba_value: 1500,
        ..Rules::default()
    };
    let p = Payments::new(960, false, false, 1, 0, &rules);
    assert_eq!(p.ron, Some(3900 + 1500));
    let p = Payments::new(960, false, true, 1, 0, &rules);
    assert_eq!(p.tsumo_non_dealer, Some(1000 + 500));
}

// Rule options, each flipped ----------------------------------------------------------

#[test]
fn open_tanyao_option() {
    let hand = "234m567p567s88m chi 234s";
    let c = ctx(&[], "S");
    assert!(score_with(hand, "7s", &c, &Rules::default()).is_ok());
    let rules = Rules {
        open_tanyao: false,
        ..Rules::default()
    };
    let r = score_with(hand, "7s", &c, &rules);
    assert!(matches!(r, Err(MahjongError::NoYaku(_))), "{r:?}");
}

#[test]
fn open_pinfu_fu_option() {
    let rules = Rules {
        open_pinfu_fu: 20,
        ..Rules::default()
    };
    let r = score_with("234m567p567s88m chi 234s", "7s", &ctx(&[], "S"), &rules).unwrap();
    assert_eq!(r.fu, 20);
}

#[test]
fn pinfu_tsumo_option() {
    let rules = Rules {
        pinfu_tsumo: false,
        ..Rules::default()
    };
    let r = score_with(PINFU, "6s", &ctx(&["tsumo"], "S"), &rules).unwrap();
    assert_eq!(ids(&r), ["menzen_tsumo", "tanyao"]);
    assert_eq!(r.fu, 30);
}

#[test]
fn chiitoitsu_option() {
    let rules = Rules {
        chiitoitsu_50fu_1han: true,
        ..Rules::default()
    };
    let r = score_with("113355m7799p22s44z", "4z", &ctx(&[], "S"), &rules).unwrap();
    assert_eq!((r.han, r.fu, r.points()), (1, 50, 1600));
}

#[test]
fn double_yakuman_options() {
    let r = sc("19m19p19s1234567z1m", "1m", &["tsumo"], "S");
    assert_eq!((r.yakuman_multiplier, r.points()), (1, 32000));
    let rules = Rules {
        double_kokushi_13: true,
        ..Rules::default()
    };
    let c = ctx(&["tsumo"], "S");
    let r = score_with("19m19p19s1234567z1m", "1m", &c, &rules).unwrap();
    assert_eq!((r.yakuman_multiplier, r.points()), (2, 64000));
    assert_eq!(r.limit, Limit::MultipleYakuman);
}

#[test]
fn min_han_and_red_fives_options() {
    let rules = Rules {
        min_han: 2,
        ..Rules::default()
    };
    let hand = "123m456p789s55p pon 555z";
    let r = score_with(hand, "5p", &ctx(&[], "S"), &rules);
    assert!(matches!(r, Err(MahjongError::NoYaku(_))), "{r:?}");
    let r = sc("234m567p234406s88m", "6s", &["riichi"], "S");
    assert_eq!((r.aka, r.han), (1, 4));
    let none = Rules {
        red_fives: [0, 0, 0],
        ..Rules::default()
    };
    let r = score_with("234m567p234406s88m", "6s", &ctx(&["riichi"], "S"), &none);
    assert!(matches!(r, Err(MahjongError::InvalidContext(_))), "{r:?}");
}

/// The Mahjong Soul preset with `change` made.
fn soul_with(change: &[(&str, crate::rules::OptValue)]) -> Rules {
    Rules::preset("mahjong_soul").unwrap().with(change).unwrap()
}

#[test]
fn tenhou_any_winning_tile_option() {
    use crate::rules::OptValue::Bool;
    let soul = Rules::preset("mahjong_soul").unwrap();
    assert!(soul.tenhou_any_winning_tile);
    let plain = soul_with(&[("tenhou_any_winning_tile", Bool(false))]);
    let c = ctx(&["tsumo", "tenhou"], "E");
    // (hand, winning tile, the wait-based form, the plain one)
    let cases = [
        ("19m19p19s12345677z", "7z", "kokushi_13", "kokushi"),
        ("111444m222p333s55p", "4m", "suuankou_tanki", "suuankou"),
        // Won on 1m the wait was not the pure one; any tile may be the winning one.
        ("11123455678999m", "1m", "junsei_chuuren", "chuuren"),
    ];
    for (hand, win, double, single) in cases {
        // Tenhou and the doubled form: a triple yakuman for the dealer.
        let r = score_with(hand, win, &c, &soul).unwrap();
        assert_eq!(ids(&r), ["tenhou", double], "{hand}");
        assert_eq!((r.yakuman_multiplier, r.points()), (3, 144_000), "{hand}");
        let r = score_with(hand, win, &c, &plain).unwrap();
        assert_eq!(ids(&r), ["tenhou", single], "{hand}");
        assert_eq!((r.yakuman_multiplier, r.points()), (2, 96_000), "{hand}");
        // Tenhou's rules count single yakuman: only the name follows the option.
        let tenhou = Rules {
            tenhou_any_winning_tile: true,
            ..Rules::default()
        };
        let r = score_with(hand, win, &c, &tenhou).unwrap();
        assert_eq!((ids(&r)[1], r.yakuman_multiplier), (double, 2), "{hand}");
        let r = score_with(hand, win, &c, &Rules::default()).unwrap();
        assert_eq!((ids(&r)[1], r.yakuman_multiplier), (single, 2), "{hand}");
    }
    // Chiihou is won on its drawn tile: that tile's wait decides, option or not.
    let c = ctx(&["tsumo", "chiihou"], "S");
    for rules in [&soul, &plain] {
        let r = score_with("19m19p19s12345677z", "7z", &c, rules).unwrap();
        assert_eq!(ids(&r), ["chiihou", "kokushi_13"]);
        let r = score_with("19m19p19s12345677z", "1m", &c, rules).unwrap();
        assert_eq!(ids(&r), ["chiihou", "kokushi"]);
    }
}

#[test]
fn paarenchan_counts_from_the_eighth_win() {
    let rules = Rules {
        paarenchan: crate::rules::Paarenchan::Wins,
        ..Rules::default()
    };
    let streak = |n: u32| {
        let mut c = ctx(&["riichi"], "E");
        c.dealer_streak = n;
        c.with_implied()
    };
    for n in [0, 1, 7] {
        let r = score_with(PINFU, "6s", &streak(n), &rules).unwrap();
        assert_eq!(ids(&r), ["riichi", "pinfu", "tanyao"], "streak {n}");
    }
    for n in [8, 9, 20] {
        let r = score_with(PINFU, "6s", &streak(n), &rules).unwrap();
        assert_eq!(ids(&r), ["paarenchan"], "streak {n}");
        assert_eq!(
            (r.yakuman_multiplier, r.points()),
            (1, 48_000),
            "streak {n}"
        );
    }
    // Without the rule the count is only a count.
    let r = score_with(PINFU, "6s", &streak(8), &Rules::default()).unwrap();
    assert_eq!(ids(&r), ["riichi", "pinfu", "tanyao"]);
    // A streak is the dealer's; a paarenchan flag with a streak below 8 contradicts it.
    let mut c = ctx(&[], "S");
    c.dealer_streak = 8;
    let e = score_with(PINFU, "6s", &c, &rules).unwrap_err();
    assert!(e.to_string().contains("dealer"), "{e}");
    let mut c = ctx(&["paarenchan"], "E");
    c.dealer_streak = 5;
    let e = score_with(PINFU, "6s", &c, &rules).unwrap_err();
    assert!(e.to_string().contains("at least 8"), "{e}");
}

#[test]
fn paarenchan_needs_yaku_option() {
    // A complete open hand without a yaku, the dealer's eighth win in a row.
    let hand = "123m567p234s88m chi 456s";
    let mut c = ctx(&[], "E");
    c.dealer_streak = 8;
    let c = c.with_implied();
    let needs = Rules {
        paarenchan: crate::rules::Paarenchan::Wins,
        ..Rules::default()
    };
    let r = score_with(hand, "8m", &c, &needs);
    assert!(matches!(r, Err(MahjongError::NoYaku(_))), "{r:?}");
    let alone = Rules {
        paarenchan_needs_yaku: false,
        ..needs.clone()
    };
    let r = score_with(hand, "8m", &c, &alone).unwrap();
    assert_eq!(ids(&r), ["paarenchan"]);
    assert_eq!(r.points(), 48_000);
    // The option needs paarenchan in the rules.
    let e = Rules::default()
        .with(&[("paarenchan_needs_yaku", crate::rules::OptValue::Bool(false))])
        .unwrap_err();
    assert!(e.to_string().contains("needs paarenchan"), "{e}");
}

#[test]
fn nagashi_mangan_scored_as_a_hand() {
    let rules = Rules::default();
    for seat in 0..4u8 {
        let r = score_nagashi_mangan(seat, 0, 0, &rules).unwrap();
        assert!(r.is_nagashi_mangan());
        assert_eq!(ids(&r), ["nagashi_mangan"]);
        assert_eq!((r.han, r.fu, r.limit), (5, 0, Limit::Mangan));
        assert_eq!(r.points(), if seat == 0 { 12_000 } else { 8_000 });
        // Its settlement is the draw's.
        let d = points::deltas(&r.settlement(), None, None, &rules).unwrap();
        assert_eq!(
            d,
            points::nagashi_mangan(&[seat], &rules).unwrap(),
            "{seat}"
        );
    }
    // Paid as a win where rules pay it one: honba and sticks as on a tsumo.
    let r = score_nagashi_mangan(2, 2, 1, &rules).unwrap();
    let p = r.payments;
    assert_eq!(
        (p.tsumo_dealer, p.tsumo_non_dealer),
        (Some(4200), Some(2200))
    );
    assert_eq!((p.honba, p.sticks, p.total), (600, 1000, 9600));
    let text = r.to_string();
    assert!(text.starts_with("reading  none (nagashi mangan"), "{text}");
    assert!(text.contains("Nagashi Mangan  5 han"), "{text}");
    let off = Rules {
        nagashi_mangan: false,
        ..Rules::default()
    };
    assert!(score_nagashi_mangan(1, 0, 0, &off).is_err());
    assert!(score_nagashi_mangan(4, 0, 0, &rules).is_err());
}

/// Aotenjou rules, the implied yaku dropped or not.
fn aotenjou(drop: bool) -> Rules {
    Rules {
        aotenjou: true,
        aotenjou_drop_implied: drop,
        ..Rules::default()
    }
}

#[test]
#[allow(clippy::type_complexity)]
fn aotenjou_drop_implied_option() {
    // (hand, winning tile, flags, seat, the yaku dropped beside its yakuman)
    let cases: &[(&str, &str, &[&str], &str, &[&str])] = &[
        (
            "11123s555666777z",
            "1s",
            &[],
            "E",
            &["haku", "hatsu", "chun"],
        ),
        ("11133355566688m", "8m", &["tsumo"], "E", &["toitoi"]),
        ("11133344455566z", "6z", &["tsumo"], "S", &["toitoi"]),
        ("111999m111p11999s", "1s", &["tsumo"], "S", &["toitoi"]),
        ("11123455678999m", "5m", &[], "S", &["chinitsu"]),
        ("55m111222333444z", "5m", &["tsumo"], "S", &["toitoi"]),
    ];
    for &(hand, win, flags, seat, dropped) in cases {
        let c = ctx(flags, seat);
        let all = score_with(hand, win, &c, &aotenjou(false)).unwrap();
        let not = score_with(hand, win, &c, &aotenjou(true)).unwrap();
        for y in dropped {
            assert!(ids(&all).contains(y), "{hand}: {:?}", ids(&all));
            assert!(!ids(&not).contains(y), "{hand}: {:?}", ids(&not));
        }
        let dropped_han: u32 = dropped
            .iter()
            .map(|y| u32::from(han_of(&all, y).unwrap()))
            .sum();
        assert_eq!(not.han + dropped_han, all.han, "{hand}");
        assert_eq!(not.yakuman, all.yakuman, "{hand}");
    }
    // Kokushi: no regular yaku, fixed fu (30 by tsumo, 40 by ron).
    let c = ctx(&["riichi", "tsumo"], "S");
    let all = score_with("19m19p19s1234567z1m", "9m", &c, &aotenjou(false)).unwrap();
    assert_eq!(ids(&all), ["kokushi", "riichi", "menzen_tsumo"]);
    assert_eq!(all.fu, 30);
    let not = score_with("19m19p19s1234567z1m", "9m", &c, &aotenjou(true)).unwrap();
    assert_eq!((ids(&not), not.han, not.fu), (vec!["kokushi"], 13, 30));
    assert_eq!(fu_of(&not, FuReason::Kokushi), [30]);
    let r = score_with("19m19p19s1234567z1m", "9m", &ctx(&[], "S"), &aotenjou(true)).unwrap();
    assert_eq!(r.fu, 40);
    // The option needs aotenjou.
    let e = Rules::default()
        .with(&[("aotenjou_drop_implied", crate::rules::OptValue::Bool(true))])
        .unwrap_err();
    assert!(e.to_string().contains("needs aotenjou"), "{e}");
}

#[test]
#[allow(clippy::type_complexity)]
fn aotenjou_drop_implied_gives_the_mahjong_librarys_values() {
    // Cases of the `mahjong` package's aotenjou tests (dealer, East round; its
    // double yakuman on): han, fu and what one payer pays (the discarder, or each
    // other player on a tsumo; that library's tests check two such payments).
    let rules = Rules {
        double_kokushi_13: true,
        double_suuankou_tanki: true,
        double_junsei_chuuren: true,
        double_daisuushii: true,
        ..aotenjou(true)
    };
    let single = aotenjou(true);
    let cases: &[(&str, &str, &[&str], &Rules, u32, u32, u64)] = &[
        ("119s19m19p1234567z", "1s", &[], &single, 13, 40, 7_864_400),
        ("11123s555666777z", "1s", &[], &rules, 20, 60, 1_509_949_500),
        (
            "11133355566688m",
            "8m",
            &["tsumo"],
            &rules,
            33,
            50,
            3_435_973_836_800,
        ),
        (
            "11112345678999m",
            "1m",
            &["tsumo"],
            &rules,
            29,
            30,
            128_849_018_900,
        ),
        (
            "11123455678999m",
            "5m",
            &["tsumo"],
            &rules,
            27,
            40,
            42_949_673_000,
        ),
    ];
    for &(hand, win, flags, rules, han, fu, paid) in cases {
        let r = score_with(hand, win, &ctx(flags, "E"), rules).unwrap();
        let p = r.exact_payments();
        let each = p.ron.or(p.tsumo_non_dealer);
        assert_eq!(
            (r.han, r.fu, each),
            (han, fu, Some(BigUint::from(paid))),
            "{hand} on {win}: {:?}",
            ids(&r)
        );
    }
}

#[test]
fn yakuman_fu_are_the_readings_as_tenhou_records_them() {
    // Kokushi has no sets: 0 fu (Tenhou's logs carry 0), whatever the win.
    for (flags, seat) in [(&[][..], "S"), (&["tsumo"][..], "E")] {
        let r = sc("19m19p19s1234567z1m", "9m", flags, seat);
        assert_eq!((r.fu, r.fu_items.as_slice().len()), (0, 0), "{flags:?}");
    }
    // Another yakuman keeps its reading's fu: daisangen by ron, 40 as in Tenhou's
    // log of the same hand (golden line 1).
    let r = sc("567p33666777z pon 555z", "7z", &[], "W");
    assert_eq!(r.fu, 40);
    let text = sc("19m19p19s1234567z1m", "9m", &[], "S").to_string();
    assert!(
        text.contains("han/fu   1 yakuman (yakuman; fu do not count)\nlimit    yakuman"),
        "{text}"
    );
}

#[test]
fn ura_indicators_never_outnumber_dora_indicators() {
    let mut c = ctx(&["riichi"], "S");
    c.ura_indicators = vec![tile("1m")];
    let e = score_with(PINFU, "6s", &c, &Rules::default()).unwrap_err();
    assert_eq!(e.to_string(), context::URA_WITHOUT_DORA);
    c.dora_indicators = vec![tile("2m")];
    c.ura_indicators = vec![tile("1m"), tile("3p")];
    let e2 = score_with(PINFU, "6s", &c, &Rules::default()).unwrap_err();
    assert_eq!(e2.to_string(), e.to_string());
    c.ura_indicators.pop();
    assert!(score_with(PINFU, "6s", &c, &Rules::default()).is_ok());
}

// The report -----------------------------------------------------------------------

#[test]
fn the_report() {
    let mut c = ctx(&["tsumo", "riichi"], "S");
    c.dora_indicators = vec![tile("4p")];
    c.honba = 1;
    c.riichi_sticks = 1;
    let r = score_with("234m406p789s11z555z", "5z", &c, &Rules::default()).unwrap();
    let want = "\
reading  234m 456p 789s 555z 11z  (shanpon wait)
yaku     Riichi        1 han
         Menzen Tsumo  1 han
         Haku          1 han
         Dora          1 han
         Aka Dora      1 han
fu        20  base      base fu
           2  tsumo     tsumo
           8  meld      closed yaochuu triplet 555z
           2  pair      yakuhai pair 11z
           8  round_up  rounded up to 10
          40  total
han/fu   5 han 40 fu
limit    mangan
points   8000
payments E pays 4100 (dealer)
         W pays 2100
         N pays 2100
         honba 300 included, riichi sticks 1000
         S gains 9300";
    assert_eq!(r.to_string(), want);
    // A yakuman lists its multiplier, and its dora do not count.
    let rules = Rules {
        double_kokushi_13: true,
        ..Rules::default()
    };
    let mut c = ctx(&[], "S");
    c.dora_indicators = vec![tile("9m")];
    let r = score_with("19m19p19s1234567z1m", "1m", &c, &rules).unwrap();
    let text = r.to_string();
    assert!(
        text.contains("yaku     Kokushi Musou 13-sided  yakuman x2\nfu"),
        "{text}"
    );
    assert!(text.contains("payments the discarder pays 64000\n         S gains 64000"));
    assert!(
        text.contains(
            "han/fu   2 yakuman (multiple yakuman; fu do not count)\nlimit    multiple yakuman"
        ),
        "{text}"
    );
}

// Golden file: real Tenhou wins --------------------------------------------------------

/// Real Tenhou wins with Tenhou's own results (columns: see `golden/extract.py`,
/// which wrote the file).
const TENHOU_WINS: &str = include_str!("golden/tenhou_wins.tsv");

fn golden_case(line: &'static str) -> std::result::Result<(), String> {
    let f: Vec<&'static str> = line.split('\t').collect();
    if f.len() != 17 {
        return Err(format!("{} columns, not 17", f.len()));
    }
    let given = |s: &'static str| (s != "-").then_some(s);
    let list = |s: &'static str| given(s).into_iter().flat_map(|s| s.split(','));
    let tiles =
        |s: &'static str| given(s).map_or_else(Vec::new, |s| parse_tiles(s).expect("tiles"));
    let mut c = WinContext::default();
    for flag in list(f[2]) {
        assert!(c.set_flag(flag, true), "flag {flag}");
    }
    c.seat_wind = wind(f[3]);
    c.round_wind = wind(f[4]);
    c.dora_indicators = tiles(f[5]);
    c.ura_indicators = tiles(f[6]);
    c.honba = f[7].parse().expect("honba");
    c.riichi_sticks = f[8].parse().expect("sticks");
    let c = c.with_implied();
    let rules = Rules::default();
    let r = score_with(f[0], f[1], &c, &rules).map_err(|e| format!("error: {e}"))?;
    let mut wrong = Vec::new();
    let mut check = |what: &str, want: String, got: String| {
        if want != got {
            wrong.push(format!("{what}: want {want} got {got}"));
        }
    };
    let yakuman = given(f[15]).is_some();
    if !yakuman {
        check("han", f[11].into(), r.han.to_string());
        check("fu", f[12].into(), r.fu.to_string());
    }
    check("points", f[13].into(), r.points().to_string());
    let pair = |s: &str| -> (u8, u8) {
        let (a, b) = s.split_once(':').expect("id:han");
        (a.parse().expect("id"), b.parse().expect("han"))
    };
    let mut want: Vec<(u8, u8)> = list(f[14]).map(pair).collect();
    let mut got: Vec<(u8, u8)> = (r.yaku.as_slice().iter())
        .map(|&(y, h)| (y.tenhou_id().unwrap_or(u8::MAX), h))
        .collect();
    if !yakuman {
        for (id, n) in [(52, r.dora), (53, r.ura), (54, r.aka)] {
            if n > 0 {
                got.push((id, n as u8));
            }
        }
    }
    want.sort_unstable();
    got.sort_unstable();
    check("yaku", format!("{want:?}"), format!("{got:?}"));
    let mut want: Vec<u8> = list(f[15]).map(|s| s.parse().expect("id")).collect();
    let mut got: Vec<u8> = (r.yakuman.as_slice().iter())
        .flat_map(|&(y, m)| std::iter::repeat_n(y.tenhou_id().unwrap_or(u8::MAX), m as usize))
        .collect();
    want.sort_unstable();
    got.sort_unstable();
    check("yakuman", format!("{want:?}"), format!("{got:?}"));
    let seat = |s: &'static str| given(s).map(wind);
    let deltas = points::deltas(&r.settlement(), seat(f[9]), seat(f[10]), &rules)
        .map_err(|e| e.to_string())?;
    let deltas: Vec<String> = deltas.iter().map(ToString::to_string).collect();
    check("deltas", f[16].into(), deltas.join(","));
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(wrong.join("; "))
    }
}

#[test]
fn golden_tenhou_wins() {
    let lines: Vec<&str> = TENHOU_WINS.lines().collect();
    assert!(lines.len() > 500, "{} wins", lines.len());
    let bad: Vec<String> = (lines.iter().enumerate())
        .filter_map(|(n, line)| {
            let e = golden_case(line).err()?;
            Some(format!("line {}: {e}\n    {line}", n + 1))
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {} Tenhou wins disagree; the first:\n{}",
        bad.len(),
        lines.len(),
        bad[..bad.len().min(8)].join("\n")
    );
}

// Three players (sanma) ---------------------------------------------------------------

fn tenhou_sanma() -> Rules {
    Rules::preset("tenhou_sanma").expect("preset")
}

fn sanma_with(rules: &Rules, hand: &str, win: &str, c: &WinContext) -> ScoreResult {
    score_with(hand, win, c, rules).unwrap_or_else(|e| panic!("{hand} on {win}: {e}"))
}

/// A 30 fu 2 han tsumo with riichi: 234p 567p 123s 345s 77s won on 2s, the
/// kanchan of 123s (2 fu) with the tsumo (2 fu): 20 + 2 + 2 = 24, 30 fu; riichi
/// and menzen tsumo, 2 han (no pinfu, no tanyao: 1s). Its ron with riichi: the
/// closed ron's 10 fu for the tsumo's 2, 32 -> 40 fu, 1 han: 1280 -> 1300.
const THIRTY_TWO: (&str, &str) = ("234p567p123345s77s", "2s");

#[test]
fn sanma_tsumo_loss_drops_the_north_share() {
    let (hand, win) = THIRTY_TWO;
    let rules = tenhou_sanma();
    // Non-dealer (S): 30 fu 2 han = 480 base; the dealer pays 2 x 480 -> 1000, the
    // other non-dealer 480 -> 500; the absent North's 500 is not paid: 1500, not
    // the four-player 2000.
    let r = sanma_with(&rules, hand, win, &ctx(&["riichi", "tsumo"], "S"));
    assert_eq!((r.han, r.fu), (2, 30));
    let p = r.payments;
    assert_eq!(
        (p.tsumo_dealer, p.tsumo_non_dealer),
        (Some(1000), Some(500))
    );
    assert_eq!((p.total, r.points()), (1500, 1500));
    let four = sc(hand, win, &["riichi", "tsumo"], "S");
    assert_eq!(four.points(), 2000);
    // The dealer: 30 fu 2 han = 1000 from each non-dealer, two of them: 2000, not 3000.
    let r = sanma_with(&rules, hand, win, &ctx(&["riichi", "tsumo"], "E"));
    assert_eq!(
        (r.payments.tsumo_non_dealer, r.points()),
        (Some(1000), 2000)
    );
    // Score changes by seat wind: North takes no part.
    let d = points::deltas(&r.settlement(), None, None, &rules).unwrap();
    assert_eq!(d, [2000, -1000, -1000, 0]);
    // A ron is paid as with four players: 40 fu 1 han, 1300 from the discarder.
    let r = sanma_with(&rules, hand, win, &ctx(&["riichi"], "W"));
    assert_eq!(r.payments.ron, Some(1300));
    let d = points::deltas(&r.settlement(), Some(0), None, &rules).unwrap();
    assert_eq!(d, [-1300, 0, 1300, 0]);
}

#[test]
fn sanma_tsumo_north_bisection_halves_the_north_share() {
    let (hand, win) = THIRTY_TWO;
    let rules = tenhou_sanma().with(&[("sanma_tsumo", OptValue::Choice("north_bisection"))]);
    let rules = rules.unwrap();
    // Non-dealer 30 fu 2 han: the North's 500 is halved, 250 each, rounded up to
    // 300: dealer 1000 + 300 = 1300, the other 500 + 300 = 800: 2100.
    let r = sanma_with(&rules, hand, win, &ctx(&["riichi", "tsumo"], "S"));
    let p = r.payments;
    assert_eq!(
        (p.tsumo_dealer, p.tsumo_non_dealer, p.total),
        (Some(1300), Some(800), 2100)
    );
    // A non-dealer mangan: 4000/2000 and the North's 2000 halved: 5000/3000 = 8000,
    // the ron value (as Mahjong Soul's option pays it).
    let mangan = "234p567p123345s77s";
    let mut c = ctx(&["riichi", "tsumo"], "S");
    // riichi, tsumo and 2p 5p 7p as dora: 5 han.
    c.dora_indicators = vec![tile("1p"), tile("4p"), tile("6p")];
    let r = sanma_with(&rules, mangan, "2s", &c);
    assert_eq!((r.han, r.limit), (5, Limit::Mangan));
    let p = r.payments;
    assert_eq!(
        (p.tsumo_dealer, p.tsumo_non_dealer, p.total),
        (Some(5000), Some(3000), 8000)
    );
    // The dealer's mangan: 4000 all and the North's 4000 halved: 6000 all = 12000.
    let mut c = ctx(&["riichi", "tsumo"], "E");
    c.dora_indicators = vec![tile("1p"), tile("4p"), tile("6p")];
    let r = sanma_with(&rules, mangan, "2s", &c);
    assert_eq!(
        (r.payments.tsumo_non_dealer, r.points()),
        (Some(6000), 12000)
    );
}

#[test]
fn sanma_tsumo_plus_1000_adds_to_each_payer() {
    let (hand, win) = THIRTY_TWO;
    let rules = tenhou_sanma().with(&[("sanma_tsumo", OptValue::Choice("plus_1000"))]);
    let rules = rules.unwrap();
    // 1000 + 1000 from the dealer, 500 + 1000 from the other: 3500.
    let r = sanma_with(&rules, hand, win, &ctx(&["riichi", "tsumo"], "S"));
    let p = r.payments;
    assert_eq!(
        (p.tsumo_dealer, p.tsumo_non_dealer, p.total),
        (Some(2000), Some(1500), 3500)
    );
    // Dealer: 1000 + 1000 from each of two: 4000.
    let r = sanma_with(&rules, hand, win, &ctx(&["riichi", "tsumo"], "E"));
    assert_eq!(r.points(), 4000);
    // A ron is untouched.
    let r = sanma_with(&rules, hand, win, &ctx(&["riichi"], "S"));
    assert_eq!(r.payments.ron, Some(1300));
}

#[test]
fn sanma_honba_are_paid_by_two_payers() {
    let (hand, win) = THIRTY_TWO;
    let rules = tenhou_sanma();
    // 200 per honba (Tenhou's three-player lobbies, as their logs pay): 2 honba on
    // a ron: 1300 + 400; on a tsumo 100 per honba from each of the two payers:
    // 1000 + 200 and 500 + 200, 400 of honba in all.
    let mut c = ctx(&["riichi"], "S");
    c.honba = 2;
    let r = sanma_with(&rules, hand, win, &c);
    assert_eq!((r.payments.ron, r.payments.honba), (Some(1700), 400));
    c.tsumo = true;
    let r = sanma_with(&rules, hand, win, &c);
    let p = r.payments;
    assert_eq!(
        (p.tsumo_dealer, p.tsumo_non_dealer),
        (Some(1200), Some(700))
    );
    assert_eq!((p.honba, p.total), (400, 1900));
    let d = points::deltas(&r.settlement(), None, None, &rules).unwrap();
    assert_eq!(d, [-1200, 1900, -700, 0]);
    // 1000 per honba (some house rules): 500 from each payer on a tsumo.
    let big = rules.with(&[("honba_value", OptValue::Int(1000))]).unwrap();
    let r = sanma_with(&big, hand, win, &c);
    assert_eq!(
        (r.payments.tsumo_non_dealer, r.payments.honba),
        (Some(1500), 2000)
    );
}

#[test]
fn sanma_kita_are_dora_not_yaku() {
    let rules = tenhou_sanma();
    let (hand, win) = THIRTY_TWO;
    // Two kita: riichi + tsumo + 2 dora = 4 han 30 fu (1920 base): non-dealer tsumo
    // 3900 / 2000 (the 2000 the absent North would pay is lost): 5900.
    let mut c = ctx(&["riichi", "tsumo"], "S");
    c.kita = 2;
    let r = sanma_with(&rules, hand, win, &c);
    assert_eq!((r.han, r.kita, r.dora), (4, 2, 0));
    assert_eq!(r.points(), 3900 + 2000);
    // West as the indicator makes North the dora: each kita counts twice (the
    // nukidora and the dora), as in the Tenhou log with two kita and dora 4.
    c.dora_indicators = vec![tile("3z")];
    let r = sanma_with(&rules, hand, win, &c);
    assert_eq!((r.han, r.kita, r.dora), (6, 2, 2));
    // And as ura dora, for a riichi.
    c.dora_indicators = vec![tile("5z")];
    c.ura_indicators = vec![tile("3z")];
    let r = sanma_with(&rules, hand, win, &c);
    assert_eq!((r.kita, r.dora, r.ura), (2, 0, 2));
    // Kita alone are no yaku: a closed ron without riichi has none.
    let mut c = ctx(&[], "S");
    c.kita = 3;
    let e = score_with(hand, win, &c, &rules).unwrap_err().to_string();
    assert!(e.contains("no yaku"), "{e}");
    // No kita under four-player rules, nor with three without the kita rule.
    let mut c = ctx(&["riichi"], "S");
    c.kita = 1;
    for r in [
        Rules::default(),
        rules.with(&[("kita", OptValue::Bool(false))]).unwrap(),
    ] {
        let e = score_with(hand, win, &c, &r).unwrap_err().to_string();
        assert!(e.contains("rule option kita"), "{e}");
    }
    // The Norths set aside are copies: three in the hand and two kita are five.
    c.kita = 2;
    let e = score_with("234p567p345s444z77s", "7s", &c, &rules)
        .unwrap_err()
        .to_string();
    assert!(e.contains("5 copies of 4z"), "{e}");
}

#[test]
fn sanma_kita_replacement_win_is_rinshan() {
    // Seed rule: a win on the tile drawn after setting a North aside is rinshan
    // kaihou. riichi + tsumo + rinshan + 1 kita = 4 han; 234p567p345s77s won on
    // 2s kanchan: 30 fu (rinshan tsumo fu on): non-dealer 3900/2000 = 5900.
    let rules = tenhou_sanma();
    let (hand, win) = THIRTY_TWO;
    let mut c = ctx(&["riichi", "tsumo", "rinshan"], "S");
    c.kita = 1;
    let r = sanma_with(&rules, hand, win, &c);
    assert_eq!(han_of(&r, "rinshan_kaihou"), Some(1));
    assert_eq!((r.han, r.fu, r.points()), (4, 30, 5900));
    // Without a kan or a kita there is no replacement tile.
    let c = ctx(&["riichi", "tsumo", "rinshan"], "S");
    let e = score_with(hand, win, &c, &rules).unwrap_err().to_string();
    assert!(e.contains("a kan in the hand or a kita"), "{e}");
    // kita_rinshan = false: the kita replacement is a plain draw, not rinshan.
    let off = rules
        .with(&[("kita_rinshan", OptValue::Bool(false))])
        .unwrap();
    let mut c = ctx(&["riichi", "tsumo", "rinshan"], "S");
    c.kita = 1;
    let e = score_with(hand, win, &c, &off).unwrap_err().to_string();
    assert_eq!(e, "rinshan kaihou needs a kan in the hand");
}

#[test]
fn sanma_refuses_what_three_players_lack() {
    let rules = tenhou_sanma();
    let (hand, win) = THIRTY_TWO;
    let e = score_with(hand, win, &ctx(&["riichi"], "N"), &rules)
        .unwrap_err()
        .to_string();
    assert!(e.contains("no North seat"), "{e}");
    let e = score_with("234m567p345s11z777z", "2m", &ctx(&[], "S"), &rules)
        .unwrap_err()
        .to_string();
    assert!(e.contains("2m") && e.contains("does not have"), "{e}");
    let mut c = ctx(&["riichi"], "S");
    c.dora_indicators = vec![tile("5m")];
    let e = score_with(hand, win, &c, &rules).unwrap_err().to_string();
    assert!(e.contains("indicator 5m"), "{e}");
    let r = points::deltas(
        &Settlement {
            winner: 3,
            tsumo: true,
            base: 2000,
            pao_base: 0,
            honba: 0,
            sticks: 0,
        },
        None,
        None,
        &rules,
    );
    assert!(r.unwrap_err().to_string().contains("E, S or W"));
    assert!(points::nagashi_mangan(&[3], &rules).is_err());
    assert!(score_nagashi_mangan(3, 0, 0, &rules).is_err());
}

#[test]
fn sanma_dora_wrap_from_1m_to_9m() {
    // With three players 1m points to 9m and 9m to 1m (2m-8m are gone).
    let rules = tenhou_sanma();
    let hand = "99m234p567p345s777z";
    let mut c = ctx(&[], "S");
    c.dora_indicators = vec![tile("1m")];
    let r = sanma_with(&rules, hand, "7z", &c);
    assert_eq!(r.dora, 2);
    c.dora_indicators = vec![tile("9m")];
    assert_eq!(sanma_with(&rules, "11m234p567p345s777z", "7z", &c).dora, 2);
    // Four players: 1m points to 2m.
    c.dora_indicators = vec![tile("1m")];
    assert_eq!(
        score_with(hand, "7z", &c, &Rules::default()).unwrap().dora,
        0
    );
}

#[test]
fn sanma_kokushi_with_1m_and_9m() {
    let rules = tenhou_sanma();
    // 11m 19p 19s and the seven honors wait on 9m alone.
    let r = sanma_with(&rules, "119m19p19s1234567z", "9m", &ctx(&["tsumo"], "S"));
    assert_eq!(ids(&r), ["kokushi"]);
    // A non-dealer yakuman tsumo under tsumo loss: 16000 + 8000 = 24000.
    assert_eq!(r.points(), 24000);
}

#[test]
fn sanma_nagashi_mangan_and_multi_ron_have_three_seats() {
    let rules = tenhou_sanma();
    // A non-dealer nagashi mangan: 4000 from the dealer, 2000 from the other.
    assert_eq!(
        points::nagashi_mangan(&[1], &rules).unwrap(),
        [-4000, 6000, -2000, 0]
    );
    // W discards, E and S ron: turn order W -> E -> S, so E is nearest and takes
    // the sticks and honba (200 per honba).
    let win = |winner: u8| Settlement {
        winner,
        tsumo: false,
        base: 480,
        pao_base: 0,
        honba: 1,
        sticks: 1,
    };
    let (d, winners) =
        points::settle_multi_ron(&[(win(1), None), (win(0), None)], 2, &rules).unwrap();
    assert_eq!(winners, [0, 1]);
    // E (dealer) 30 fu 2 han ron 2900 + 200 + 1000; S 2000.
    assert_eq!(d, [4100, 2000, -5100, 0]);
}

/// Real three-player Tenhou wins (columns: see `golden/extract_sanma.py`, which
/// wrote the file from the logs): scored under `tenhou_sanma`, every han, fu,
/// point, yaku (Tenhou's dora entry holding the kita) and score change agrees.
const TENHOU_SANMA_WINS: &str = include_str!("golden/tenhou_sanma_wins.tsv");

#[test]
fn golden_tenhou_sanma_wins() {
    let rules = tenhou_sanma();
    let lines: Vec<&str> = TENHOU_SANMA_WINS.lines().collect();
    assert_eq!(lines.len(), 9);
    let mut kita_wins = 0;
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 18, "{line}");
        let given = |s: &'static str| (s != "-").then_some(s);
        let tiles =
            |s: &'static str| given(s).map_or_else(Vec::new, |s| parse_tiles(s).expect("tiles"));
        let mut c = WinContext::default();
        for flag in given(f[2]).into_iter().flat_map(|s| s.split(',')) {
            assert!(c.set_flag(flag, true), "flag {flag}");
        }
        c.seat_wind = wind(f[3]);
        c.round_wind = wind(f[4]);
        c.dora_indicators = tiles(f[5]);
        c.ura_indicators = tiles(f[6]);
        c.honba = f[7].parse().unwrap();
        c.riichi_sticks = f[8].parse().unwrap();
        c.kita = f[17].parse().unwrap();
        kita_wins += usize::from(c.kita > 0);
        let c = c.with_implied();
        let r = score_with(f[0], f[1], &c, &rules).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(r.han.to_string(), f[11], "{line}");
        assert_eq!(r.fu.to_string(), f[12], "{line}");
        assert_eq!(r.points().to_string(), f[13], "{line}");
        let mut got: Vec<String> = (r.yaku.as_slice().iter())
            .map(|&(y, h)| format!("{}:{h}", y.tenhou_id().unwrap_or(u8::MAX)))
            .collect();
        for (id, n) in [(52, r.dora + r.kita), (53, r.ura), (54, r.aka)] {
            if n > 0 {
                got.push(format!("{id}:{n}"));
            }
        }
        let mut want: Vec<&str> = f[14].split(',').collect();
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want, "{line}");
        let discarder = given(f[9]).map(wind);
        let d = points::deltas(&r.settlement(), discarder, None, &rules).unwrap();
        let d: Vec<String> = d.iter().map(ToString::to_string).collect();
        assert_eq!(d.join(","), f[16], "{line}");
    }
    assert!(kita_wins >= 5);
}
