//! The scorer's unit tests, written as hand strings: each yaku, the fu rules, the
//! points table, rule options (each with the option flipped), and the report.

use super::points::{base_points, yakuman_base, BasePoints, Limit, Payments};
use super::*;
use crate::error::MahjongError;
use crate::notation::mpsz::{parse_hand, parse_tiles};
use crate::rules::Kazoe;

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
