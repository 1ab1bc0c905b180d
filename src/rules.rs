//! The rule configuration: every rule option with its Tenhou default, the named
//! presets, and one table of options (docs/rules.md is generated from it) through which
//! every option is read and written by name (Python, JSON, TOML, the command line).

use std::fmt;

// An option that cannot be set is a `MahjongError::Rule` whose message names the
// option and the valid values.
use crate::error::MahjongError;

/// The value of one option, as read and written by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptValue {
    Bool(bool),
    Int(i64),
    /// An integer option that may be unset (`None`: off / no cap).
    OptInt(Option<i64>),
    Choice(&'static str),
    RedFives([u8; 3]),
    /// Four signed amounts by place (uma, in thousands).
    Uma([i32; 4]),
}

impl fmt::Display for OptValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptValue::Bool(b) => write!(f, "{b}"),
            OptValue::Int(i) | OptValue::OptInt(Some(i)) => write!(f, "{i}"),
            OptValue::OptInt(None) => f.write_str("none"),
            OptValue::Choice(c) => write!(f, "{c:?}"),
            OptValue::RedFives([m, p, s]) => write!(f, "({m}, {p}, {s})"),
            OptValue::Uma([a, b, c, d]) => write!(f, "({a}, {b}, {c}, {d})"),
        }
    }
}

/// The kind of value an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptKind {
    Bool,
    Int(i64, i64),
    /// An integer from a short list.
    IntOf(&'static [i64]),
    OptInt(i64, i64),
    Choice(&'static [&'static str]),
    RedFives,
    Uma,
}

impl OptKind {
    pub const fn name(self) -> &'static str {
        match self {
            OptKind::Bool => "bool",
            OptKind::Int(..) | OptKind::IntOf(_) => "int",
            OptKind::OptInt(..) => "optional_int",
            OptKind::Choice(_) => "choice",
            OptKind::RedFives => "red_fives",
            OptKind::Uma => "uma",
        }
    }

    /// What the option accepts, for error messages.
    pub fn describe(self) -> String {
        match self {
            OptKind::Bool => "true or false".into(),
            OptKind::Int(lo, hi) => format!("an integer from {lo} to {hi}"),
            OptKind::IntOf(v) => format!(
                "one of {}",
                v.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            OptKind::OptInt(lo, hi) => format!("none or an integer from {lo} to {hi}"),
            OptKind::Choice(c) => format!(
                "one of {}",
                c.iter()
                    .map(|s| format!("{s:?}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            OptKind::RedFives => "three counts (m, p, s) of red fives, each from 0 to 4".into(),
            OptKind::Uma => {
                "four amounts in thousands for 1st to 4th place, each from -1000 to 1000, summing to 0"
                    .into()
            }
        }
    }
}

/// One option of the table.
#[derive(Clone, Copy, Debug)]
pub struct OptSpec {
    pub name: &'static str,
    pub kind: OptKind,
    pub doc: &'static str,
}

/// A closed set of named values (an option of kind `Choice`).
macro_rules! choice {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $v:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vm])* $v),+ }

        impl $name {
            pub const NAMES: &'static [&'static str] = &[$($s),+];
            pub const fn name(self) -> &'static str {
                match self { $($name::$v => $s),+ }
            }
            pub fn from_name(s: &str) -> Option<Self> {
                match s { $($s => Some($name::$v),)+ _ => None }
            }
        }
    };
}

choice!(
    /// What 13 or more han of regular yaku and dora are worth.
    Kazoe {
        /// One yakuman however many han.
        Yakuman = "yakuman",
        /// Capped at sanbaiman.
        Sanbaiman = "sanbaiman",
        /// One yakuman per 13 han.
        Multiple = "multiple",
    }
);
choice!(
    /// Several players ronning the same discard.
    MultiRon {
        /// Only the nearest claimant in turn order wins.
        HeadBump = "head_bump",
        /// Two may win; three is an abortive draw (sanchahou).
        Double = "double",
        /// Two or three may win.
        Triple = "triple",
    }
);
choice!(
    /// Who gets the honba on a multiple ron.
    MultiRonHonba {
        /// Only the winner nearest the discarder (Tenhou).
        Nearest = "nearest",
        /// Every winner (EMA).
        Each = "each",
    }
);
choice!(
    /// What the liable player of a pao yakuman covers.
    PaoScope {
        /// The whole hand, other yakuman included (Tenhou).
        WholeHand = "whole_hand",
        /// Only the pao yakuman's share; the rest is paid normally (Mahjong Soul).
        YakumanOnly = "yakuman_only",
    }
);
choice!(
    /// The value of renhou (a non-dealer's ron before their first draw).
    Renhou {
        None = "none",
        Mangan = "mangan",
        Baiman = "baiman",
        Yakuman = "yakuman",
    }
);
choice!(
    /// Sanshoku tsuukan (123, 456, 789 in three different suits).
    SanshokuTsuukan {
        Off = "off",
        /// 2 han closed, 1 open.
        On = "on",
        /// 1 han, closed hands only.
        ClosedOnly = "closed_only",
    }
);
choice!(
    /// Isshoku sanjun (three identical sequences).
    IsshokuSanjun {
        Off = "off",
        /// 2 han closed or open.
        On = "on",
        /// 2 han closed, 1 open.
        Open1 = "open_1",
    }
);
choice!(
    /// Daisharin (22334455667788 in one suit, closed).
    Daisharin {
        Off = "off",
        On = "on",
        /// Worth a double yakuman.
        Double = "double",
    }
);
choice!(
    /// Toupuu shinkansen (ittsu with an east pair and north triplet, or the reverse).
    ToupuuShinkansen {
        Off = "off",
        On = "on",
        /// Only with a sou ittsu.
        SouOnly = "sou_only",
    }
);
choice!(
    /// Hyakuman goku (man chinitsu whose numbers add up to 100 or more).
    HyakumanGoku {
        Off = "off",
        AtLeast100 = "at_least_100",
        Over100 = "over_100",
        /// At least 100, and exactly 100 is a double yakuman.
        DoubleAt100 = "double_at_100",
    }
);
choice!(
    /// Tuibuudao (only tiles symmetric under rotation).
    Tuibuudao {
        Off = "off",
        /// 1234589p 245689s and white dragon.
        On = "on",
        /// Pin tiles only (and white dragon).
        PinOnly = "pin_only",
    }
);
choice!(
    /// Paarenchan (eight in a row for a dealer).
    Paarenchan {
        Off = "off",
        /// Eight consecutive dealer wins.
        Wins = "wins",
        /// Eight consecutive dealerships, tenpai draws included.
        Dealerships = "dealerships",
    }
);

choice!(
    /// How a three-player tsumo is paid, the absent North's share being missing.
    SanmaTsumo {
        /// Each payer pays the four-player share; the North's is not paid
        /// (tsumo loss, ツモ損: Tenhou, Mahjong Soul ranked).
        Loss = "loss",
        /// The North's share is halved between the two payers, each half rounded up
        /// to 100 (北家折半: Mahjong Soul's friendly-room option).
        NorthBisection = "north_bisection",
        /// Each payer pays 1000 more than the four-player share (千点加符).
        Plus1000 = "plus_1000",
    }
);
choice!(
    /// When the indicator of a kan dora is revealed.
    KanDoraTiming {
        /// A closed kan at once; an open or added kan after the replacement discard (Tenhou).
        OpenAfterDiscard = "open_after_discard",
        /// Every kan at once.
        Immediate = "immediate",
    }
);
choice!(
    /// Swap-calling (kuikae): discarding what was just called.
    Kuikae {
        /// Neither the called tile nor the other end of a chi (Tenhou).
        Forbidden = "forbidden",
        /// Only the called tile itself.
        SameTile = "same_tile",
        Allowed = "allowed",
    }
);
choice!(
    /// How long a game lasts.
    GameLength {
        /// East and South rounds (hanchan).
        Hanchan = "hanchan",
        /// The East round only (tonpuusen).
        East = "east",
        /// A single hand.
        OneHand = "one_hand",
    }
);
choice!(
    /// Rounding of final scores (in thousands).
    FinalRounding {
        /// 2nd-4th: points rounded to 1000, halves away from zero (as in real Tenhou
        /// logs up to 2020); 1st takes the remainder.
        Tenhou = "tenhou",
        /// Five down, six up (五捨六入), each seat.
        GoshaRokunyu = "gosha_rokunyu",
        /// One decimal, no rounding.
        None = "none",
    }
);
choice!(
    /// Players tied on points at the end.
    TieBreak {
        /// Seat order from the first dealer.
        Seat = "seat",
        /// Tied players share their uma (and oka).
        Share = "share",
    }
);
choice!(
    /// Riichi sticks left on the table when the game ends.
    LeftoverSticks {
        /// To first place.
        First = "first",
        /// Unclaimed.
        None = "none",
    }
);

/// A complete rule configuration. `Rules::default()` is Tenhou's.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// 4, or 3 (sanma: 2m-8m removed, no North seat).
    pub players: u8,
    pub kita: bool,
    pub kita_rinshan: bool,
    pub kita_ron: bool,
    pub kita_furiten: bool,
    pub sanma_tsumo: SanmaTsumo,
    pub chi: bool,
    pub red_fives: [u8; 3],
    pub open_tanyao: bool,
    pub min_han: u8,
    pub two_han_from_honba: Option<u8>,
    pub chiitoitsu_50fu_1han: bool,
    pub honroutou_han: u8,
    pub ryanpeikou_needs_distinct: bool,
    pub pinfu_tsumo: bool,
    pub open_pinfu_fu: u8,
    pub rinshan_tsumo_fu: bool,
    pub double_wind_pair_fu: u8,
    pub haitei_with_rinshan: bool,
    pub kokushi_robs_ankan: bool,
    pub renhou: Renhou,
    pub nagashi_mangan: bool,
    pub double_kokushi_13: bool,
    pub double_suuankou_tanki: bool,
    pub double_junsei_chuuren: bool,
    pub double_daisuushii: bool,
    pub double_tenhou: bool,
    pub tenhou_any_winning_tile: bool,
    pub double_suukantsu: bool,
    pub double_pure_ryuuiisou: bool,
    pub ryuuiisou_needs_hatsu: bool,
    pub chuuren_manzu_only: bool,
    pub kazoe: Kazoe,
    pub max_yakuman: Option<u8>,
    pub kiriage: bool,
    pub aotenjou: bool,
    pub aotenjou_drop_implied: bool,
    pub honba_value: u32,
    pub multi_ron: MultiRon,
    pub multi_ron_honba: MultiRonHonba,
    pub pao_daisangen: bool,
    pub pao_daisuushii: bool,
    pub pao_suukantsu: bool,
    pub pao_scope: PaoScope,
    pub open_riichi: bool,
    pub open_riichi_deal_in_yakuman: bool,
    pub sanshoku_tsuukan: SanshokuTsuukan,
    pub isshoku_sanjun: IsshokuSanjun,
    pub sanrenkou: bool,
    pub uumensai: bool,
    pub shiisan_puutaa: bool,
    pub daichisei: bool,
    pub daisharin: Daisharin,
    pub daisharin_any_suit: bool,
    pub toupuu_shinkansen: ToupuuShinkansen,
    pub hyakuman_goku: HyakumanGoku,
    pub isshoku_yonjun: bool,
    pub suurenkou: bool,
    pub beni_kujaku: bool,
    pub kouitten: bool,
    pub tuibuudao: Tuibuudao,
    pub kinmonkyou: bool,
    pub paarenchan: Paarenchan,
    pub paarenchan_needs_yaku: bool,
    pub kan_dora_timing: KanDoraTiming,
    pub kuikae: Kuikae,
    pub riichi_min_points: Option<u32>,
    pub riichi_min_wall: u8,
    pub kyuushu_kyuuhai: bool,
    pub suufon_renda: bool,
    pub suukaikan: bool,
    pub suucha_riichi: bool,
    pub sanchahou: bool,
    pub noten_payment_total: u32,
    pub renchan_on_tenpai: bool,
    pub game_length: GameLength,
    pub tobi: bool,
    pub west_extension: bool,
    pub agari_yame: bool,
    pub tenpai_yame: bool,
    pub yame_choice: bool,
    pub start_points: u32,
    pub return_points: u32,
    pub uma: [i32; 4],
    pub final_rounding: FinalRounding,
    pub tie_break: TieBreak,
    pub leftover_sticks: LeftoverSticks,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            players: 4,
            kita: false,
            kita_rinshan: true,
            kita_ron: true,
            kita_furiten: true,
            sanma_tsumo: SanmaTsumo::Loss,
            chi: true,
            red_fives: [1, 1, 1],
            open_tanyao: true,
            min_han: 1,
            two_han_from_honba: None,
            chiitoitsu_50fu_1han: false,
            honroutou_han: 2,
            ryanpeikou_needs_distinct: false,
            pinfu_tsumo: true,
            open_pinfu_fu: 30,
            rinshan_tsumo_fu: true,
            double_wind_pair_fu: 4,
            haitei_with_rinshan: false,
            kokushi_robs_ankan: false,
            renhou: Renhou::None,
            nagashi_mangan: true,
            double_kokushi_13: false,
            double_suuankou_tanki: false,
            double_junsei_chuuren: false,
            double_daisuushii: false,
            double_tenhou: false,
            tenhou_any_winning_tile: false,
            double_suukantsu: false,
            double_pure_ryuuiisou: false,
            ryuuiisou_needs_hatsu: false,
            chuuren_manzu_only: false,
            kazoe: Kazoe::Yakuman,
            max_yakuman: None,
            kiriage: false,
            aotenjou: false,
            aotenjou_drop_implied: false,
            honba_value: 300,
            multi_ron: MultiRon::Double,
            multi_ron_honba: MultiRonHonba::Nearest,
            pao_daisangen: true,
            pao_daisuushii: true,
            pao_suukantsu: false,
            pao_scope: PaoScope::WholeHand,
            open_riichi: false,
            open_riichi_deal_in_yakuman: false,
            sanshoku_tsuukan: SanshokuTsuukan::Off,
            isshoku_sanjun: IsshokuSanjun::Off,
            sanrenkou: false,
            uumensai: false,
            shiisan_puutaa: false,
            daichisei: false,
            daisharin: Daisharin::Off,
            daisharin_any_suit: false,
            toupuu_shinkansen: ToupuuShinkansen::Off,
            hyakuman_goku: HyakumanGoku::Off,
            isshoku_yonjun: false,
            suurenkou: false,
            beni_kujaku: false,
            kouitten: false,
            tuibuudao: Tuibuudao::Off,
            kinmonkyou: false,
            paarenchan: Paarenchan::Off,
            paarenchan_needs_yaku: true,
            kan_dora_timing: KanDoraTiming::OpenAfterDiscard,
            kuikae: Kuikae::Forbidden,
            riichi_min_points: Some(1000),
            riichi_min_wall: 4,
            kyuushu_kyuuhai: true,
            suufon_renda: true,
            suukaikan: true,
            suucha_riichi: true,
            sanchahou: true,
            noten_payment_total: 3000,
            renchan_on_tenpai: true,
            game_length: GameLength::Hanchan,
            tobi: true,
            west_extension: true,
            agari_yame: true,
            tenpai_yame: true,
            yame_choice: false,
            start_points: 25000,
            return_points: 30000,
            uma: [20, 10, -10, -20],
            final_rounding: FinalRounding::Tenhou,
            tie_break: TieBreak::Seat,
            leftover_sticks: LeftoverSticks::First,
        }
    }
}

/// The option table: `(field, kind, doc)` once each; generates `OPTIONS`, `get`
/// and `set`.
macro_rules! options {
    ($($field:ident : $kind:tt $(($($arg:tt)*))? => $doc:literal;)+) => {
        /// Every option, in a stable order.
        pub const OPTIONS: &[OptSpec] = &[$(OptSpec {
            name: stringify!($field),
            kind: options!(@kind $kind $(($($arg)*))?),
            doc: $doc,
        }),+];

        impl Rules {
            /// The value of option `name`.
            pub fn get(&self, name: &str) -> crate::error::Result<OptValue> {
                match name {
                    $(stringify!($field) => Ok(options!(@get self.$field, $kind)),)+
                    _ => Err(unknown(name)),
                }
            }

            /// Set option `name`, checking the value's kind and range.
            pub fn set(&mut self, name: &str, value: OptValue) -> crate::error::Result<()> {
                match name {
                    $(stringify!($field) => {
                        let kind = options!(@kind $kind $(($($arg)*))?);
                        let bad = || wrong(name, kind, &value);
                        options!(@set self.$field, $kind, kind, value, bad);
                        Ok(())
                    })+
                    _ => Err(unknown(name)),
                }
            }
        }
    };
    (@kind bool) => { OptKind::Bool };
    (@kind int($lo:literal, $hi:literal)) => { OptKind::Int($lo, $hi) };
    (@kind intof($($v:literal),+)) => { OptKind::IntOf(&[$($v),+]) };
    (@kind optint($lo:literal, $hi:literal)) => { OptKind::OptInt($lo, $hi) };
    (@kind red) => { OptKind::RedFives };
    (@kind uma) => { OptKind::Uma };
    (@kind $t:ident) => { OptKind::Choice($t::NAMES) };
    (@get $e:expr, bool) => { OptValue::Bool($e) };
    (@get $e:expr, int) => { OptValue::Int($e as i64) };
    (@get $e:expr, intof) => { OptValue::Int($e as i64) };
    (@get $e:expr, optint) => { OptValue::OptInt($e.map(|v| v as i64)) };
    (@get $e:expr, red) => { OptValue::RedFives($e) };
    (@get $e:expr, uma) => { OptValue::Uma($e) };
    (@get $e:expr, $t:ident) => { OptValue::Choice($e.name()) };
    (@set $f:expr, bool, $k:ident, $v:ident, $bad:ident) => {
        let OptValue::Bool(b) = $v else { return Err($bad()) };
        $f = b;
    };
    (@set $f:expr, int, $k:ident, $v:ident, $bad:ident) => {
        let (OptValue::Int(i), OptKind::Int(lo, hi)) = ($v.clone(), $k) else { return Err($bad()) };
        if !(lo..=hi).contains(&i) { return Err($bad()); }
        $f = i.try_into().map_err(|_| $bad())?;
    };
    (@set $f:expr, intof, $k:ident, $v:ident, $bad:ident) => {
        let (OptValue::Int(i), OptKind::IntOf(allowed)) = ($v.clone(), $k) else { return Err($bad()) };
        if !allowed.contains(&i) { return Err($bad()); }
        $f = i.try_into().map_err(|_| $bad())?;
    };
    (@set $f:expr, optint, $k:ident, $v:ident, $bad:ident) => {
        let OptKind::OptInt(lo, hi) = $k else { return Err($bad()) };
        $f = match $v.clone() {
            OptValue::OptInt(None) => None,
            OptValue::Int(i) | OptValue::OptInt(Some(i)) if (lo..=hi).contains(&i) => {
                Some(i.try_into().map_err(|_| $bad())?)
            }
            _ => return Err($bad()),
        };
    };
    (@set $f:expr, red, $k:ident, $v:ident, $bad:ident) => {
        let OptValue::RedFives(r) = $v else { return Err($bad()) };
        if r.iter().any(|&c| c > 4) { return Err($bad()); }
        $f = r;
    };
    (@set $f:expr, uma, $k:ident, $v:ident, $bad:ident) => {
        let OptValue::Uma(u) = $v else { return Err($bad()) };
        if u.iter().any(|x| x.abs() > 1000) || u.iter().sum::<i32>() != 0 { return Err($bad()); }
        $f = u;
    };
    (@set $f:expr, $t:ident, $k:ident, $v:ident, $bad:ident) => {
        let OptValue::Choice(c) = $v else { return Err($bad()) };
        $f = $t::from_name(c).ok_or_else($bad)?;
    };
}

options! {
    players: intof(4, 3) => "Players: 4, or 3 (sanma: the 108 tiles without 2m-8m, no North seat, seats E S W; the options below marked three-player need 3).";
    kita: bool => "Three-player: a North may be set aside as nukidora (kita, 1 han of dora each, also counted as a North for dora indicators) with a replacement draw from the dead wall; false: North is a plain honor (a guest wind either way).";
    kita_rinshan: bool => "Three-player: a win on the replacement tile drawn after a kita is rinshan kaihou; false: it is a plain tsumo (needs kita).";
    kita_ron: bool => "Three-player: a player waiting on North may ron a kita (set aside, it is robbed as a kan is, but scores no chankan); false: a kita is never ronned.";
    kita_furiten: bool => "Three-player: letting a kita that would complete the hand go by makes furiten, as a discard does; false: a kita never makes furiten.";
    sanma_tsumo: SanmaTsumo => "Three-player tsumo payments: loss (the absent North's share is not paid), north_bisection (it is halved between the two payers, each half rounded up to 100) or plus_1000 (each payer pays 1000 more).";
    chi: bool => "Chi may be called; false (three-player only): no chi, as sanma is usually played.";
    red_fives: red => "Red fives per suit (m, p, s), each 0-4; each is +1 han of dora.";
    open_tanyao: bool => "Tanyao counts in an open hand (kuitan).";
    min_han: int(1, 13) => "Minimum han of yaku to win (dora do not count towards a yaku).";
    two_han_from_honba: optint(1, 99) => "From this many honba on, a win needs 2 han (ryanhan shibari); none = never.";
    chiitoitsu_50fu_1han: bool => "Chiitoitsu scores 50 fu 1 han instead of 25 fu 2 han.";
    honroutou_han: intof(2, 3) => "Han of a closed honroutou (open is always 2).";
    ryanpeikou_needs_distinct: bool => "Ryanpeikou needs two different iipeikou (four identical sequences do not count).";
    pinfu_tsumo: bool => "Pinfu may be won by tsumo (20 fu); false: a pinfu-shaped tsumo is not pinfu and scores tsumo fu.";
    open_pinfu_fu: intof(30, 20) => "Fu of an open hand that has no fu at all (pinfu shape won by ron): 30 or 20.";
    rinshan_tsumo_fu: bool => "A rinshan kaihou win gets the 2 tsumo fu.";
    double_wind_pair_fu: intof(4, 2) => "Fu of a pair that is both seat and round wind: 4 or 2.";
    haitei_with_rinshan: bool => "A rinshan win on the last wall tile also scores haitei.";
    kokushi_robs_ankan: bool => "Kokushi musou may rob a closed kan (chankan on ankan).";
    renhou: Renhou => "Renhou (non-dealer ron before their first draw, no call before): none, mangan, baiman or yakuman.";
    nagashi_mangan: bool => "Nagashi mangan at an exhaustive draw (settled as a mangan tsumo, no honba, no sticks; score_nagashi_mangan gives it as a scored hand).";
    double_kokushi_13: bool => "Kokushi musou on the 13-sided wait is a double yakuman.";
    double_suuankou_tanki: bool => "Suuankou on a pair (tanki) wait is a double yakuman.";
    double_junsei_chuuren: bool => "Chuuren poutou on the pure 9-sided wait is a double yakuman.";
    double_daisuushii: bool => "Daisuushii is a double yakuman.";
    double_tenhou: bool => "Tenhou (the dealer's win on the first draw) is a double yakuman.";
    tenhou_any_winning_tile: bool => "On tenhou any of the dealer's 14 tiles may be taken as the winning tile, so a kokushi musou, suuankou or chuuren poutou counts its wait-based form (13-sided, tanki, junsei: double by the double_* options); false: tenhou has no winning tile and they count the plain form. Chiihou is won on its drawn tile, whose wait decides either way.";
    double_suukantsu: bool => "Suukantsu is a double yakuman.";
    double_pure_ryuuiisou: bool => "Ryuuiisou without the green dragon is a double yakuman.";
    ryuuiisou_needs_hatsu: bool => "Ryuuiisou needs the green dragon.";
    chuuren_manzu_only: bool => "Chuuren poutou counts only in man (false: in any suit).";
    kazoe: Kazoe => "13+ han of regular yaku and dora: one yakuman, capped at sanbaiman, or one yakuman per 13 han.";
    max_yakuman: optint(1, 99) => "Cap on the total yakuman multiple; none = no cap.";
    kiriage: bool => "Kiriage mangan: 4 han 30 fu and 3 han 60 fu pay a mangan.";
    aotenjou: bool => "Aotenjou: no limits; points = fu x 2^(han+2), a yakuman counting 13 han each.";
    aotenjou_drop_implied: bool => "With aotenjou, a yakuman's own yaku are not counted again beside it: toitoi with suuankou, daisuushii, tsuuiisou, chinroutou and suukantsu, honroutou with tsuuiisou and chinroutou, the dragon yakuhai with daisangen, chinitsu with chuuren poutou, honitsu with ryuuiisou, and chinitsu, tanyao, pinfu, ryanpeikou and chiitoitsu with daisharin; kokushi musou counts no regular yaku (menzen tsumo and riichi included) at a fixed 30 fu by tsumo, 40 by ron (the aotenjou scoring of the mahjong Python library).";
    honba_value: int(0, 100_000) => "Points per honba on a ron (on a tsumo an equal part of it from each payer: a third with four players, a half with three).";
    multi_ron: MultiRon => "Several rons on one discard: head bump, double (three = abortive draw) or triple.";
    multi_ron_honba: MultiRonHonba => "On a multiple ron, honba go to the nearest winner or to each winner.";
    pao_daisangen: bool => "Pao (responsibility payment) for daisangen.";
    pao_daisuushii: bool => "Pao for daisuushii.";
    pao_suukantsu: bool => "Pao for suukantsu (the fourth kan by daiminkan).";
    pao_scope: PaoScope => "What the liable player covers: the whole hand or only the pao yakuman.";
    open_riichi: bool => "Local yaku: open riichi, 2 han (3 with double riichi), replacing riichi.";
    open_riichi_deal_in_yakuman: bool => "A player not in riichi dealing into an open riichi pays a yakuman.";
    sanshoku_tsuukan: SanshokuTsuukan => "Local yaku: sanshoku tsuukan (123, 456, 789 in three different suits); on: 2 han closed, 1 open; closed_only: 1 han, closed hands only.";
    isshoku_sanjun: IsshokuSanjun => "Local yaku: isshoku sanjun (three identical sequences), 2 han (open_1: 1 when open).";
    sanrenkou: bool => "Local yaku: sanrenkou (three consecutive triplets in one suit), 2 han.";
    uumensai: bool => "Local yaku: uumensai (man, pin, sou, wind and dragon all present), 2 han.";
    shiisan_puutaa: bool => "Local yakuman: shiisan puutaa (13 unconnected tiles and a pair on the first draw), instead of tenhou/chiihou.";
    daichisei: bool => "Local double yakuman: daichisei (seven pairs of the seven honors), instead of tsuuiisou.";
    daisharin: Daisharin => "Local yakuman: daisharin (22334455667788p, closed); double: worth a double yakuman.";
    daisharin_any_suit: bool => "Daisharin also in man (daisuurin) and sou (daichikurin).";
    toupuu_shinkansen: ToupuuShinkansen => "Local yakuman: toupuu shinkansen (ittsu with east pair and north triplet, or the reverse); sou_only: only with a sou ittsu.";
    hyakuman_goku: HyakumanGoku => "Local yakuman: hyakuman goku (man chinitsu whose numbers add up to 100): at_least_100 (100 or more), over_100 (more than 100), or double_at_100 (100 or more, exactly 100 a double yakuman).";
    isshoku_yonjun: bool => "Local yakuman: isshoku yonjun (four identical sequences).";
    suurenkou: bool => "Local yakuman: suurenkou (four consecutive triplets in one suit).";
    beni_kujaku: bool => "Local yakuman: beni kujaku (only 1, 5, 7, 9 sou and red dragon).";
    kouitten: bool => "Local yakuman: kouitten (2 3 4 6 8 sou with red dragon instead of green).";
    tuibuudao: Tuibuudao => "Local yakuman: tuibuudao (only tiles symmetric under rotation: 1234589p, 245689s and haku); pin_only: pin tiles and haku only.";
    kinmonkyou: bool => "Local double yakuman: kinmonkyou (123 345 567 789 and a pair in one suit).";
    paarenchan: Paarenchan => "Local yakuman: paarenchan (the dealer's eighth win in a row or later, or eighth dealership or later; the win's dealer_streak counts them).";
    paarenchan_needs_yaku: bool => "Paarenchan needs another yaku in the hand; false: a complete hand wins on paarenchan alone.";
    kan_dora_timing: KanDoraTiming => "When a kan dora indicator is revealed: closed kan at once and open kans after the replacement discard, or every kan at once.";
    kuikae: Kuikae => "Swap-calling after chi/pon: forbidden (same tile and the other end of a chi), only the same tile, or allowed.";
    riichi_min_points: optint(0, 1_000_000) => "Points a player needs to declare riichi; none = no minimum (points may go below 0).";
    riichi_min_wall: int(0, 4) => "Live-wall tiles that must remain to declare riichi (4: the player has another draw).";
    kyuushu_kyuuhai: bool => "Abortive draw: nine different terminals and honors on one's first draw, no call before.";
    suufon_renda: bool => "Abortive draw: the four first discards are the same wind, no call.";
    suukaikan: bool => "Abortive draw: a fourth kan by two or more players (unless robbed or won on).";
    suucha_riichi: bool => "Abortive draw: all four players in riichi (the fourth riichi discard not ronned).";
    sanchahou: bool => "Abortive draw: three players ron the same discard (with multi_ron = double).";
    noten_payment_total: int(0, 100_000) => "Points the noten players pay the tenpai players in total at an exhaustive draw (a multiple of 6 with four players, of 2 with three).";
    renchan_on_tenpai: bool => "The dealer keeps the seat when tenpai at an exhaustive draw.";
    game_length: GameLength => "Game length: hanchan (East and South), east only, or a single hand.";
    tobi: bool => "The game ends when a player's points go below 0.";
    west_extension: bool => "If nobody has the return points after South 4, play on into West, ending as soon as someone does (West 4 at most).";
    agari_yame: bool => "The all-last dealer who wins in first place (with the return points) may end the game.";
    tenpai_yame: bool => "The all-last dealer tenpai at a draw in first place (with the return points) may end the game.";
    yame_choice: bool => "The dealer chooses whether agari_yame and tenpai_yame end the game: it ends there unless the dealer plays on (Game.play_on); off, it always ends.";
    start_points: int(0, 1_000_000) => "Points each player starts with.";
    return_points: int(0, 1_000_000) => "Return points (kaeshi): scores count from here; oka = (return - start) x players to first place; also the west-extension target.";
    uma: uma => "Uma in thousands for 1st to 4th place (with three players the 4th is 0).";
    final_rounding: FinalRounding => "Rounding of final scores: Tenhou's (2nd-4th to 1000, halves away from zero; 1st takes the remainder), five down six up (gosha_rokunyu: each score, uma and oka included, to 1000 with .5 down and .6 up; 1st takes the remainder), or none (one decimal).";
    tie_break: TieBreak => "Players tied on points: ordered by seat from the first dealer, or sharing uma and oka.";
    leftover_sticks: LeftoverSticks => "Riichi sticks left at the end of the game: to first place, or unclaimed.";
}

fn unknown(name: &str) -> MahjongError {
    let name = &name.replace('-', "_").to_ascii_lowercase();
    let mut near: Vec<&str> = OPTIONS
        .iter()
        .map(|o| o.name)
        .filter(|o| o.contains(name) || name.contains(o) || common_prefix(o, name) >= 4)
        .collect();
    near.truncate(5);
    let hint = if near.is_empty() {
        String::new()
    } else {
        format!(" (did you mean {}?)", near.join(", "))
    };
    MahjongError::Rule(format!(
        "unknown rule option {:?}{hint}; Rules.options() lists all {} options",
        crate::error::shortened(name),
        OPTIONS.len()
    ))
}

fn common_prefix(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
}

fn wrong(name: &str, kind: OptKind, value: &OptValue) -> MahjongError {
    MahjongError::Rule(format!(
        "rule option {name} = {value} is not valid: {name} takes {}",
        kind.describe()
    ))
}

impl Rules {
    /// Options whose values contradict each other.
    pub fn check(&self) -> crate::error::Result<()> {
        self.check_players()?;
        if self.open_riichi_deal_in_yakuman && !self.open_riichi {
            return Err(MahjongError::Rule(
                "rule option open_riichi_deal_in_yakuman = true needs open_riichi = true".into(),
            ));
        }
        if self.daisharin_any_suit && self.daisharin == Daisharin::Off {
            return Err(MahjongError::Rule(
                "rule option daisharin_any_suit = true needs daisharin = \"on\" or \"double\""
                    .into(),
            ));
        }
        if self.return_points < self.start_points {
            return Err(MahjongError::Rule(format!(
                "rule option return_points = {} is below start_points = {}: the oka would be negative",
                self.return_points, self.start_points
            )));
        }
        // 1, 2 or 3 tenpai players share what 3, 2 or 1 noten players pay: both
        // shares are whole only for a multiple of 6 (of 2 with three players).
        if self.players == 4 && self.noten_payment_total % 6 != 0 {
            return Err(MahjongError::Rule(format!(
                "rule option noten_payment_total = {} is not valid: it is shared by 1, 2 or 3 \
                 players on each side, so it must be a multiple of 6 (3000 is usual)",
                self.noten_payment_total
            )));
        }
        if self.players == 3 && self.noten_payment_total % 2 != 0 {
            return Err(MahjongError::Rule(format!(
                "rule option noten_payment_total = {} is not valid: with three players it is \
                 shared by 1 or 2 players on each side, so it must be even (2000 is usual)",
                self.noten_payment_total
            )));
        }
        if self.aotenjou_drop_implied && !self.aotenjou {
            return Err(MahjongError::Rule(
                "rule option aotenjou_drop_implied = true needs aotenjou = true".into(),
            ));
        }
        if !self.paarenchan_needs_yaku && self.paarenchan == Paarenchan::Off {
            return Err(MahjongError::Rule(
                "rule option paarenchan_needs_yaku = false needs paarenchan = \"wins\" or \"dealerships\""
                    .into(),
            ));
        }
        if self.aotenjou && self.max_yakuman.is_some() {
            return Err(MahjongError::Rule(
                "rule option aotenjou = true has no limits: max_yakuman must be none".into(),
            ));
        }
        Ok(())
    }

    /// The options that depend on the number of players: the three-player ones
    /// are refused with four players (where nothing would read them), and what
    /// cannot exist or happen with three players is refused with three.
    fn check_players(&self) -> crate::error::Result<()> {
        let bad = |m: String| Err(MahjongError::Rule(m));
        if self.players == 4 {
            let sanma_only = [
                ("kita = true", self.kita),
                ("kita_rinshan = false", !self.kita_rinshan),
                ("kita_ron = false", !self.kita_ron),
                ("kita_furiten = false", !self.kita_furiten),
                (
                    &*format!("sanma_tsumo = {:?}", self.sanma_tsumo.name()),
                    self.sanma_tsumo != SanmaTsumo::Loss,
                ),
                ("chi = false", !self.chi),
            ];
            if let Some((what, _)) = sanma_only.iter().find(|(_, set)| *set) {
                return bad(format!(
                    "rule option {what} is a three-player rule: it needs players = 3"
                ));
            }
            return Ok(());
        }
        if !self.kita_rinshan && !self.kita {
            return bad("rule option kita_rinshan = false needs kita = true".into());
        }
        if self.red_fives[0] > 0 {
            return bad(format!(
                "rule option red_fives = {:?} is not valid with players = 3: there is no 5m \
                 (2m-8m are removed), so the man count must be 0, as in (0, 1, 1)",
                self.red_fives
            ));
        }
        if self.uma[3] != 0 {
            return bad(format!(
                "rule option uma = {:?} is not valid with players = 3: there is no 4th place, \
                 so its uma must be 0, as in (20, 0, -20, 0)",
                self.uma
            ));
        }
        for (name, on) in [
            ("suufon_renda", self.suufon_renda),
            ("suucha_riichi", self.suucha_riichi),
            ("sanchahou", self.sanchahou),
        ] {
            if on {
                return bad(format!(
                    "rule option {name} = true cannot happen with players = 3 (it needs a \
                     fourth player): set it to false"
                ));
            }
        }
        if self.aotenjou {
            return bad(
                "rule option aotenjou = true is scored with four players only: it needs players = 4"
                    .into(),
            );
        }
        Ok(())
    }

    /// Set several options, then check the combination; on error `self` is unchanged.
    pub fn with(&self, changes: &[(&str, OptValue)]) -> crate::error::Result<Rules> {
        let mut r = self.clone();
        for (name, v) in changes {
            r.set(name, v.clone())?;
        }
        r.check()?;
        Ok(r)
    }

    /// The options whose values differ between `self` and `other`, in the
    /// options' order: (name, value here, value there).
    pub fn differences<'a>(
        &'a self,
        other: &'a Rules,
    ) -> impl Iterator<Item = (&'static str, OptValue, OptValue)> + 'a {
        OPTIONS.iter().filter_map(move |o| {
            let (a, b) = (self.get(o.name).ok()?, other.get(o.name).ok()?);
            (a != b).then_some((o.name, a, b))
        })
    }

    /// The spec of option `name`.
    pub fn spec(name: &str) -> Option<&'static OptSpec> {
        OPTIONS.iter().find(|o| o.name == name)
    }

    /// Whether the rules have any red five.
    pub fn has_red(&self) -> bool {
        self.red_fives.iter().any(|&c| c > 0)
    }
}

/// A named preset: its name, its sources, and the options it changes from Tenhou.
pub struct Preset {
    pub name: &'static str,
    pub doc: &'static str,
    pub changes: fn() -> Vec<(&'static str, OptValue)>,
}

use OptValue::{Bool, Choice, Int, OptInt, RedFives, Uma};

/// The game-flow settings the tournament rulesets share (WRC, EMA, M.League): no
/// abortive draws, no busting, no extension, no agari-yame, no rounding, ties share.
fn tournament() -> Vec<(&'static str, OptValue)> {
    vec![
        ("kyuushu_kyuuhai", Bool(false)),
        ("suufon_renda", Bool(false)),
        ("suukaikan", Bool(false)),
        ("suucha_riichi", Bool(false)),
        ("sanchahou", Bool(false)),
        ("tobi", Bool(false)),
        ("west_extension", Bool(false)),
        ("agari_yame", Bool(false)),
        ("tenpai_yame", Bool(false)),
        ("final_rounding", Choice("none")),
        ("tie_break", Choice("share")),
    ]
}

/// Mahjong Soul's changes from Tenhou (four-player ranked).
fn mahjong_soul() -> Vec<(&'static str, OptValue)> {
    vec![
        ("double_kokushi_13", Bool(true)),
        ("double_suuankou_tanki", Bool(true)),
        ("double_junsei_chuuren", Bool(true)),
        ("double_daisuushii", Bool(true)),
        ("tenhou_any_winning_tile", Bool(true)),
        ("kokushi_robs_ankan", Bool(true)),
        ("multi_ron", Choice("triple")),
        ("sanchahou", Bool(false)),
        ("pao_scope", Choice("yakuman_only")),
        ("return_points", Int(25000)),
        ("uma", Uma([15, 5, -5, -15])),
        ("final_rounding", Choice("none")),
        ("yame_choice", Bool(true)),
    ]
}

/// What three-player play changes in either site's rules: three players with
/// kita, no chi, red 5p and 5s, 200 per honba, 2000 of noten payments, 35000 to
/// start, and no abortive draw that needs a fourth player.
fn sanma() -> Vec<(&'static str, OptValue)> {
    vec![
        ("players", Int(3)),
        ("kita", Bool(true)),
        ("chi", Bool(false)),
        ("red_fives", RedFives([0, 1, 1])),
        ("honba_value", Int(200)),
        ("noten_payment_total", Int(2000)),
        ("start_points", Int(35000)),
        ("suufon_renda", Bool(false)),
        ("suucha_riichi", Bool(false)),
        ("sanchahou", Bool(false)),
    ]
}

/// Tenhou's three-player lobbies: [`sanma`] with 40000 return and uma 20/0/-20.
fn sanma_tenhou() -> Vec<(&'static str, OptValue)> {
    let mut v = sanma();
    v.extend([("return_points", Int(40000)), ("uma", Uma([20, 0, -20, 0]))]);
    v
}

/// The named presets (docs/rules.md lists them).
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "tenhou",
        doc: "Tenhou 4-player ranked lobbies with kuitan and red fives, as the tenhou.net \
              manual gives them. No cap on stacked yakuman is documented, so none is set.",
        changes: Vec::new,
    },
    Preset {
        name: "mahjong_soul",
        doc: "Mahjong Soul 4-player ranked. Every pattern double yakuman is double, and on \
              tenhou any of the 14 tiles may be the winning tile (tenhou with a 13-sided \
              kokushi is a triple yakuman); kokushi may rob an ankan; triple ron allowed; pao covers only the pao yakuman. \
              Not confirmed by an official text: kiriage off, rinshan tsumo fu, \
              honba/sticks to the nearest winner on a double ron. Game: scores count from \
              25000 (no oka), uma 15/5/-5/-15 with one decimal (ranked points apart); \
              triple ron allowed (no sanchahou); the last dealer chooses whether to stop \
              by agari-yame or tenpai-yame (yame_choice: a real three-player Mahjong Soul \
              log plays on twice after the all-last dealer won into first place, two \
              others stop there).",
        changes: mahjong_soul,
    },
    Preset {
        name: "wrc2025",
        doc: "World Riichi Championship Rules 2025 (v20250526): no red fives, kiriage, counted yakuman = one yakuman, \
              no wait-based double yakuman, double wind pair 2 fu, renhou mangan, no \
              nagashi mangan, head bump, pao for daisangen, daisuushii and suukantsu. \
              Not stated by the rules: daisuushii single, kokushi robbing an ankan (allowed \
              here), rinshan tsumo fu, kan dora at once for every kan. Game: 30000 start and \
              return, uma 15/5/-5/-15 shared on ties, no rounding, no abortive draws, no \
              busting, no west round, no agari-yame, riichi at any points and any wall \
              (29 June 2025 clarification), leftover sticks unclaimed.",
        changes: || {
            let mut v = tournament();
            v.extend([
                ("red_fives", RedFives([0, 0, 0])),
                ("kiriage", Bool(true)),
                ("double_wind_pair_fu", Int(2)),
                ("renhou", Choice("mangan")),
                ("nagashi_mangan", Bool(false)),
                ("multi_ron", Choice("head_bump")),
                ("pao_suukantsu", Bool(true)),
                ("kokushi_robs_ankan", Bool(true)),
                ("start_points", Int(30000)),
                ("uma", Uma([15, 5, -5, -15])),
                ("leftover_sticks", Choice("none")),
                ("riichi_min_points", OptInt(None)),
                ("riichi_min_wall", Int(0)),
                ("kan_dora_timing", Choice("immediate")),
            ]);
            v
        },
    },
    Preset {
        name: "ema2025",
        doc: "EMA Riichi Competition Rules 2025 (v1.1): \
              no red fives, kiriage, no kazoe yakuman (13+ han = sanbaiman), yakuman not \
              cumulative (max 1), no double yakuman, double wind pair 2 fu, renhou \
              mangan, no nagashi mangan, double and triple ron with honba to every \
              winner, kokushi may rob an ankan. Game: 30000 start and return, uma \
              15/5/-5/-15 shared on ties, no rounding, no abortive draws, no busting, no \
              extension, no agari-yame, riichi at any points with at least one wall tile, \
              kan dora at once.",
        changes: || {
            let mut v = tournament();
            v.extend([
                ("red_fives", RedFives([0, 0, 0])),
                ("kiriage", Bool(true)),
                ("kazoe", Choice("sanbaiman")),
                ("max_yakuman", OptInt(Some(1))),
                ("double_wind_pair_fu", Int(2)),
                ("renhou", Choice("mangan")),
                ("nagashi_mangan", Bool(false)),
                ("multi_ron", Choice("triple")),
                ("multi_ron_honba", Choice("each")),
                ("kokushi_robs_ankan", Bool(true)),
                ("start_points", Int(30000)),
                ("uma", Uma([15, 5, -5, -15])),
                ("riichi_min_points", OptInt(None)),
                ("riichi_min_wall", Int(1)),
                ("kan_dora_timing", Choice("immediate")),
            ]);
            v
        },
    },
    Preset {
        name: "mleague",
        doc: "M.League official rules: red fives 1 per suit, kiriage, no kazoe \
              yakuman (capped at sanbaiman), no double yakuman, head bump, pao for \
              daisangen, daisuushii and suukantsu, kokushi may not rob an ankan. \
              Game: 25000/30000 with oka, uma 30/10/-10/-30 shared on ties, no rounding, \
              no abortive draws, no busting, no extension, no agari-yame, riichi below \
              1000 points and without a remaining draw allowed, kan dora at once. \
              Not confirmed by an official text: double wind pair 2 fu, no renhou, \
              nagashi mangan, \
              leftover sticks to first.",
        changes: || {
            let mut v = tournament();
            v.extend([
                ("kiriage", Bool(true)),
                ("kazoe", Choice("sanbaiman")),
                ("double_wind_pair_fu", Int(2)),
                ("multi_ron", Choice("head_bump")),
                ("pao_suukantsu", Bool(true)),
                ("uma", Uma([30, 10, -10, -30])),
                ("riichi_min_points", OptInt(None)),
                ("riichi_min_wall", Int(1)),
                ("kan_dora_timing", Choice("immediate")),
            ]);
            v
        },
    },
    Preset {
        name: "tenhou_sanma",
        doc: "Tenhou 3-player ranked lobbies with kuitan and red fives (三麻 南喰赤): 108 \
              tiles without 2m-8m, no chi, a North set aside as nukidora (kita) with a \
              replacement draw on which a win is rinshan kaihou (a kita may be ronned, \
              without the chankan yaku), red 5p and 5s, tsumo loss \
              (the absent North's share is not paid), 200 per honba (100 from each payer \
              on a tsumo), 2000 of noten payments, 35000 start and 40000 return (oka 15), \
              uma 20/0/-20, no suufon renda, suucha riichi or sanchahou. Checked against \
              real three-player Tenhou logs: the payments, the honba, kita counted as \
              dora, the red fives and the final scores with their uma and oka. Not \
              confirmed by an official text: no cap on stacked yakuman; that letting a \
              kita go by makes furiten.",
        changes: sanma_tenhou,
    },
    Preset {
        name: "mahjong_soul_sanma",
        doc: "Mahjong Soul 3-player ranked: the mahjong_soul options with the three-player \
              ones of tenhou_sanma (kita with rinshan, no chi, red 5p and 5s, tsumo loss, \
              200 per honba, 2000 of noten payments, no suufon renda or suucha riichi), \
              35000 start counted from 35000 (no oka), uma 15/0/-15. A kita may be ronned \
              without the chankan yaku and never makes furiten. \
              Not confirmed by an official text: the uma (from a wiki), the return points.",
        changes: || {
            let mut v = mahjong_soul();
            v.extend(sanma());
            v.extend([
                ("return_points", Int(35000)),
                ("uma", Uma([15, 0, -15, 0])),
                ("kita_furiten", Bool(false)),
            ]);
            v
        },
    },
];

impl Rules {
    /// The preset named `name`.
    pub fn preset(name: &str) -> crate::error::Result<Rules> {
        let p = PRESETS.iter().find(|p| p.name == name).ok_or_else(|| {
            MahjongError::Rule(format!(
                "unknown preset {:?}; the presets are {}",
                crate::error::shortened(name),
                PRESETS
                    .iter()
                    .map(|p| format!("{:?}", p.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        Rules::default().with(&(p.changes)())
    }
}

// ---------------------------------------------------------------------------
// JSON: one object of options by name (`{"kiriage": true, "red_fives": [1, 1, 1]}`),
// read and written here for every caller (the Python binding, mjai logs).

impl OptValue {
    /// The value as JSON: a bool, an integer (`null` for an unset optional
    /// one), a string, or a list of integers.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::json;
        match self {
            OptValue::Bool(b) => json!(b),
            OptValue::Int(i) => json!(i),
            OptValue::OptInt(i) => json!(i),
            OptValue::Choice(c) => json!(c),
            OptValue::RedFives(r) => json!(r),
            OptValue::Uma(u) => json!(u),
        }
    }

    /// The value of option `spec` from JSON; an optional integer is also unset
    /// by the text `"none"` (as TOML writes it).
    pub fn from_json(spec: &OptSpec, v: &serde_json::Value) -> crate::error::Result<OptValue> {
        let ints = |n: usize| -> Option<Vec<i64>> {
            let a = v.as_array().filter(|a| a.len() == n)?;
            a.iter().map(serde_json::Value::as_i64).collect()
        };
        let value = match spec.kind {
            OptKind::Bool => v.as_bool().map(OptValue::Bool),
            OptKind::Int(..) | OptKind::IntOf(_) => v.as_i64().map(OptValue::Int),
            OptKind::OptInt(..) => match v {
                serde_json::Value::Null => Some(OptValue::OptInt(None)),
                serde_json::Value::String(t) if t.eq_ignore_ascii_case("none") => {
                    Some(OptValue::OptInt(None))
                }
                _ => v.as_i64().map(|i| OptValue::OptInt(Some(i))),
            },
            OptKind::Choice(choices) => v
                .as_str()
                .and_then(|s| choices.iter().find(|c| **c == s))
                .map(|c| OptValue::Choice(c)),
            OptKind::RedFives => ints(3).and_then(|x| {
                let r: Vec<u8> = x
                    .iter()
                    .map(|&x| u8::try_from(x).ok())
                    .collect::<Option<_>>()?;
                Some(OptValue::RedFives([r[0], r[1], r[2]]))
            }),
            OptKind::Uma => ints(4).and_then(|x| {
                let u: Vec<i32> = x
                    .iter()
                    .map(|&x| i32::try_from(x).ok())
                    .collect::<Option<_>>()?;
                Some(OptValue::Uma([u[0], u[1], u[2], u[3]]))
            }),
        };
        value.ok_or_else(|| {
            MahjongError::Rule(format!(
                "rule option {} = {} is not valid: {} takes {}",
                spec.name,
                crate::error::shortened(&v.to_string()),
                spec.name,
                spec.kind.describe()
            ))
        })
    }
}

/// Options in a fixed order, serialized as one JSON object in that order.
struct Ordered(Vec<(&'static str, serde_json::Value)>);

impl serde::Serialize for Ordered {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl Rules {
    /// Every option (`base` `None`), or those that differ from `base`, with their
    /// JSON values, in the options' order.
    fn json_options(&self, base: Option<&Rules>) -> Vec<(&'static str, serde_json::Value)> {
        OPTIONS
            .iter()
            .filter_map(|o| {
                let v = self.get(o.name).ok()?;
                let keep = base.is_none_or(|b| b.get(o.name).ok().as_ref() != Some(&v));
                keep.then(|| (o.name, v.to_json()))
            })
            .collect()
    }

    /// Every option as a JSON object.
    pub fn to_json_value(&self) -> serde_json::Value {
        let m = self
            .json_options(None)
            .into_iter()
            .map(|(k, v)| (k.to_string(), v));
        serde_json::Value::Object(m.collect())
    }

    /// The options that differ from `base`, as a JSON object (empty when none).
    pub fn changes_to_json_value(
        &self,
        base: &Rules,
    ) -> serde_json::Map<String, serde_json::Value> {
        let m = self
            .json_options(Some(base))
            .into_iter()
            .map(|(k, v)| (k.to_string(), v));
        m.collect()
    }

    /// Every option as JSON text, indented by two spaces, in the options' order.
    pub fn to_json_string(&self) -> String {
        serde_json::to_string_pretty(&Ordered(self.json_options(None)))
            .expect("JSON values serialize")
    }

    /// The Tenhou rules with the options of a JSON object set, then checked.
    pub fn from_json_value(v: &serde_json::Value) -> crate::error::Result<Rules> {
        let Some(obj) = v.as_object() else {
            let what = match v {
                serde_json::Value::Null => "null",
                serde_json::Value::Bool(_) => "a bool",
                serde_json::Value::Number(_) => "a number",
                serde_json::Value::String(_) => "a string",
                serde_json::Value::Array(_) => "a list",
                serde_json::Value::Object(_) => "an object",
            };
            return Err(MahjongError::Rule(format!(
                "rules JSON must be an object of options, got {what}"
            )));
        };
        let pairs: Vec<(&str, OptValue)> = obj
            .iter()
            .map(|(name, value)| {
                let spec = Rules::spec(name).ok_or_else(|| unknown(name))?;
                Ok((name.as_str(), OptValue::from_json(spec, value)?))
            })
            .collect::<crate::error::Result<_>>()?;
        Rules::default().with(&pairs)
    }

    /// [`Rules::from_json_value`] of JSON text.
    pub fn from_json_str(text: &str) -> crate::error::Result<Rules> {
        let v: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| MahjongError::Rule(format!("rules JSON does not parse: {e}")))?;
        Rules::from_json_value(&v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_reads_back_what_was_set() {
        let d = Rules::default();
        for o in OPTIONS {
            let v = d.get(o.name).unwrap();
            let mut r = d.clone();
            r.set(o.name, v.clone()).unwrap();
            assert_eq!(r, d, "{}", o.name);
        }
        assert_eq!(OPTIONS.len(), 87);
    }

    #[test]
    fn errors_name_the_option_and_choices() {
        let mut r = Rules::default();
        let e = r.set("kazoe", Choice("double")).unwrap_err().to_string();
        assert!(e.contains("kazoe") && e.contains("\"sanbaiman\""), "{e}");
        let e = r.set("kiriag", Bool(true)).unwrap_err().to_string();
        assert!(e.contains("kiriage"), "{e}");
        let e = r.set("min_han", Int(0)).unwrap_err().to_string();
        assert!(e.contains("from 1 to 13"), "{e}");
        assert!(r.set("red_fives", RedFives([5, 0, 0])).is_err());
        assert_eq!(r, Rules::default());
    }

    #[test]
    fn presets_build() {
        for p in PRESETS {
            Rules::preset(p.name).unwrap();
        }
        assert_eq!(Rules::preset("tenhou").unwrap(), Rules::default());
        assert!(Rules::preset("wrc2025").unwrap().kiriage);
    }

    #[test]
    fn three_player_options_are_checked_by_player_count() {
        let four = Rules::default();
        let err = |r: &Rules, c: &[(&str, OptValue)]| r.with(c).unwrap_err().to_string();
        // Three-player options are refused with four players, naming the fix.
        for (name, v) in [
            ("kita", Bool(true)),
            ("kita_rinshan", Bool(false)),
            ("kita_ron", Bool(false)),
            ("kita_furiten", Bool(false)),
            ("sanma_tsumo", Choice("north_bisection")),
            ("chi", Bool(false)),
        ] {
            let e = err(&four, &[(name, v)]);
            assert!(e.contains(name) && e.contains("players = 3"), "{e}");
        }
        // What three players cannot have is refused with three.
        let three = Rules::preset("tenhou_sanma").unwrap();
        assert_eq!((three.players, three.kita, three.chi), (3, true, false));
        for (name, v, why) in [
            ("red_fives", RedFives([1, 1, 1]), "no 5m"),
            ("uma", Uma([20, 10, -10, -20]), "no 4th place"),
            ("suufon_renda", Bool(true), "fourth player"),
            ("suucha_riichi", Bool(true), "fourth player"),
            ("sanchahou", Bool(true), "fourth player"),
            ("noten_payment_total", Int(3001), "even"),
            ("aotenjou", Bool(true), "four players only"),
        ] {
            let e = err(&three, &[(name, v)]);
            assert!(e.contains(name) && e.contains(why), "{e}");
        }
        let e = err(
            &three,
            &[("kita", Bool(false)), ("kita_rinshan", Bool(false))],
        );
        assert!(e.contains("needs kita = true"), "{e}");
        // 2000 is not a multiple of 6, but is with three players.
        assert_eq!(three.noten_payment_total, 2000);
        assert!(err(&four, &[("noten_payment_total", Int(2000))]).contains("multiple of 6"));
        assert!(err(&four, &[("players", Int(2))]).contains("one of 4, 3"));
        // Back to four players, a sanma preset must drop its three-player options.
        assert!(err(&three, &[("players", Int(4))]).contains("three-player rule"));
        let m = Rules::preset("mahjong_soul_sanma").unwrap();
        assert_eq!(
            (m.players, m.return_points, m.uma, m.double_kokushi_13),
            (3, 35000, [15, 0, -15, 0], true)
        );
    }

    #[test]
    fn json_codec_round_trips_and_words_its_errors() {
        for p in PRESETS {
            let r = Rules::preset(p.name).unwrap();
            assert_eq!(
                Rules::from_json_str(&r.to_json_string()).unwrap(),
                r,
                "{}",
                p.name
            );
            assert_eq!(Rules::from_json_value(&r.to_json_value()).unwrap(), r);
            let changes = serde_json::Value::Object(r.changes_to_json_value(&Rules::default()));
            assert_eq!(Rules::from_json_value(&changes).unwrap(), r);
        }
        let text = Rules::default().to_json_string();
        let first = OPTIONS[0].name;
        assert!(text.starts_with(&format!("{{\n  \"{first}\": ")), "{text}");
        let err = |t: &str| Rules::from_json_str(t).unwrap_err().to_string();
        assert!(err("{").contains("does not parse"));
        assert!(err("[]").contains("must be an object"));
        assert!(err(r#"{"honba_value": "300"}"#).contains("honba_value"));
        assert!(err(r#"{"kirage": true}"#).contains("unknown rule option"));
    }
}
