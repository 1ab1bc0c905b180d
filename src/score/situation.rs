//! The flags of a win's situation, defined once.
//!
//! [`with_situation_flags!`] holds the table: one row per flag, in bit order
//! (row `i` is bit `1 << i` of a flag set), with the line that describes it.
//! Everything that names the flags expands from it: the fields of
//! [`WinContext`](super::WinContext), [`FLAGS`], the Python keywords, getters and
//! repr, the batch scorer's bits and the command line's options. [`CONTRADICTIONS`]
//! and [`IMPLIES`] say how the flags constrain each other. A new situation yaku
//! is a row here (appended, so the bits of the others stay) and its rule in
//! `evaluate`.

use super::WinContext;

/// Call `$then! { name => "description"; ... }` with the situation flags, in bit
/// order.
macro_rules! with_situation_flags {
    ($then:ident) => {
        $then! {
            tsumo => "won on the player's own draw (default: ron, on a discard)";
            riichi => "the winner declared riichi (a double riichi too)";
            double_riichi => "riichi declared on the first go-around (implies riichi)";
            ippatsu => "won within one go-around of the riichi, no call between";
            rinshan => "won on a kan's replacement tile (rinshan kaihou)";
            chankan => "won on the tile another player adds to a kan (chankan)";
            haitei => "won by tsumo on the last tile of the wall";
            houtei => "won by ron on the last discard";
            tenhou => "the dealer's tsumo on the initial deal";
            chiihou => "a non-dealer's tsumo on their first draw, no call before";
            renhou => "a non-dealer's ron before their first draw, no call before";
            open_riichi => "the winner declared open riichi";
            robbed_ankan => "with chankan: the kan robbed was a closed kan (kokushi only)";
            open_riichi_deal_in => "a ron on an open riichi from a player not in riichi";
            paarenchan => "the dealer's eighth win in a row or later (paarenchan; the dealer streak counts them)";
        }
    };
}
pub(crate) use with_situation_flags;

/// One situation flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The keyword and field name, e.g. `"haitei"`.
    pub name: &'static str,
    /// Its bit in a flag set (`1 << row`).
    pub bit: u32,
    /// One line on what the flag means.
    pub doc: &'static str,
}

macro_rules! flag_table {
    ($($name:ident => $doc:literal;)+) => {
        const NAMES: &[&str] = &[$(stringify!($name)),+];
        const DOCS: &[&str] = &[$($doc),+];
    };
}
with_situation_flags!(flag_table);

/// How many situation flags there are.
pub const FLAG_COUNT: usize = NAMES.len();

/// Every situation flag, in bit order.
pub const FLAGS: [Flag; FLAG_COUNT] = {
    let mut out = [Flag {
        name: "",
        bit: 0,
        doc: "",
    }; FLAG_COUNT];
    let mut i = 0;
    while i < FLAG_COUNT {
        out[i] = Flag {
            name: NAMES[i],
            bit: 1 << i,
            doc: DOCS[i],
        };
        i += 1;
    }
    out
};

/// The flag called `name`.
pub fn flag(name: &str) -> Option<&'static Flag> {
    FLAGS.iter().find(|f| f.name == name)
}

/// Flags that set another: `(flag, implied)`, applied by
/// [`WinContext::with_implied`].
pub const IMPLIES: &[(&str, &str)] = &[("double_riichi", "riichi")];

/// A contradiction in a situation alone (flags and seat, not the hand or the
/// rules): when it holds, and why the situation is refused.
pub type Contradiction = (fn(&WinContext) -> bool, &'static str);

/// Contradictions between the flags (and the seat), checked in order by
/// [`WinContext::check`]; the first that holds is the error.
pub const CONTRADICTIONS: &[Contradiction] = &[
    (|c| c.ippatsu && !c.in_riichi(), "ippatsu without riichi"),
    (
        |c| c.haitei && !c.tsumo,
        "haitei is a tsumo on the last wall tile: it cannot be a ron",
    ),
    (
        |c| c.houtei && c.tsumo,
        "houtei is a ron on the last discard: it cannot be a tsumo",
    ),
    (
        |c| c.chankan && c.tsumo,
        "chankan is a ron on a kan: it cannot be a tsumo",
    ),
    (
        |c| c.robbed_ankan && !c.chankan,
        "robbed_ankan describes a chankan: set chankan too",
    ),
    (
        |c| c.rinshan && !c.tsumo,
        "rinshan kaihou is a tsumo on a kan's replacement tile: it cannot be a ron",
    ),
    (
        |c| c.ippatsu && c.rinshan,
        "ippatsu cannot be won on a kan's replacement tile: the kan ends it",
    ),
    (
        |c| c.renhou && c.chankan && !c.robbed_ankan,
        "renhou cannot rob an added kan: the pon before it was a call",
    ),
    (
        |c| c.chankan && c.houtei,
        "chankan and houtei cannot both happen (a kan is never the last discard)",
    ),
    (
        |c| c.first_turn_wins() > 1,
        "tenhou, chiihou and renhou exclude each other",
    ),
    (
        |c| c.tenhou && (!c.tsumo || !c.is_dealer()),
        "tenhou is the dealer's tsumo on the initial deal",
    ),
    (
        |c| c.chiihou && (!c.tsumo || c.is_dealer()),
        "chiihou is a non-dealer's tsumo on their first draw",
    ),
    (
        |c| c.renhou && (c.tsumo || c.is_dealer()),
        "renhou is a non-dealer's ron before their first draw",
    ),
    (
        |c| c.first_turn_wins() == 1 && (c.in_riichi() || c.haitei || c.houtei || c.rinshan),
        "tenhou, chiihou and renhou happen before any riichi, kan or last tile",
    ),
    (
        |c| c.open_riichi_deal_in && (!c.open_riichi || c.tsumo),
        "open_riichi_deal_in is a ron on an open riichi",
    ),
    (
        |c| c.paarenchan && !c.is_dealer(),
        "paarenchan is a dealer's win",
    ),
    (
        |c| c.dealer_streak > 0 && !c.is_dealer(),
        "dealer_streak counts the dealer's wins: a non-dealer has none",
    ),
    (
        |c| c.paarenchan && (1..super::context::PAARENCHAN_STREAK).contains(&c.dealer_streak),
        "paarenchan is the dealer's eighth win in a row or later: dealer_streak is at least 8 (or 0, not counted)",
    ),
];

/// The first contradiction `ctx` holds, if any.
pub fn contradiction(ctx: &WinContext) -> Option<&'static str> {
    CONTRADICTIONS
        .iter()
        .find(|(holds, _)| holds(ctx))
        .map(|&(_, why)| why)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_in_bit_order_with_distinct_names() {
        for (i, f) in FLAGS.iter().enumerate() {
            assert_eq!(f.bit, 1 << i);
            assert!(!f.doc.is_empty());
            assert_eq!(flag(f.name), Some(f));
        }
        // The bits the batch scorer has always used.
        assert_eq!(flag("tsumo").unwrap().bit, 1);
        assert_eq!(flag("open_riichi").unwrap().bit, 1 << 11);
        assert_eq!(flag("robbed_ankan").unwrap().bit, 1 << 12);
        assert_eq!(flag("paarenchan").unwrap().bit, 1 << 14);
    }

    #[test]
    fn every_flag_reads_and_writes_its_field() {
        for f in &FLAGS {
            let mut c = WinContext::default();
            assert_eq!(c.flag(f.name), Some(false));
            assert!(c.set_flag(f.name, true));
            assert_eq!(c.flag(f.name), Some(true));
            assert_eq!(c.flag_bits(), f.bit);
            assert_eq!(WinContext::from_flag_bits(f.bit).flag_bits() & f.bit, f.bit);
        }
        assert_eq!(WinContext::default().flag("nope"), None);
        assert!(!WinContext::default().set_flag("nope", true));
    }

    #[test]
    fn implied_flags_are_set() {
        let c = WinContext::from_flag_bits(flag("double_riichi").unwrap().bit);
        assert!(c.riichi && c.double_riichi);
        for (from, to) in IMPLIES {
            assert!(flag(from).is_some() && flag(to).is_some());
        }
    }

    #[test]
    fn each_contradiction_is_reachable_and_named_alone() {
        let set = |names: &[&str], seat: u8| {
            let mut c = WinContext {
                seat_wind: seat,
                ..WinContext::default()
            };
            for n in names {
                assert!(c.set_flag(n, true), "{n}");
            }
            c
        };
        let cases: &[(&[&str], u8, &str)] = &[
            (&["ippatsu"], 0, "ippatsu without riichi"),
            (&["haitei"], 0, "haitei is a tsumo"),
            (&["houtei", "tsumo"], 0, "houtei is a ron"),
            (&["chankan", "tsumo"], 0, "chankan is a ron"),
            (&["robbed_ankan"], 0, "robbed_ankan describes"),
            (&["rinshan"], 0, "rinshan kaihou is a tsumo"),
            (
                &["ippatsu", "riichi", "rinshan", "tsumo"],
                0,
                "ippatsu cannot",
            ),
            (&["renhou", "chankan"], 1, "renhou cannot rob"),
            (&["chankan", "houtei"], 0, "chankan and houtei"),
            (&["tenhou", "chiihou", "tsumo"], 0, "exclude each other"),
            (&["tenhou", "tsumo"], 1, "tenhou is the dealer's"),
            (&["chiihou", "tsumo"], 0, "chiihou is a non-dealer's"),
            (&["renhou"], 0, "renhou is a non-dealer's"),
            (&["chiihou", "tsumo", "riichi"], 1, "before any riichi"),
            (&["open_riichi_deal_in"], 0, "open_riichi_deal_in is a ron"),
            (&["paarenchan"], 1, "paarenchan is a dealer's"),
        ];
        // Those of the dealer streak: (streak, paarenchan flag, seat, why).
        let streaks: &[(u32, bool, u8, &str)] = &[
            (3, false, 1, "a non-dealer has none"),
            (7, true, 0, "dealer_streak is at least 8"),
        ];
        assert_eq!(cases.len() + streaks.len(), CONTRADICTIONS.len());
        for (names, seat, why) in cases {
            let got = contradiction(&set(names, *seat));
            assert!(got.is_some_and(|m| m.contains(why)), "{names:?}: {got:?}");
        }
        for &(streak, flag, seat, why) in streaks {
            let mut c = set(&[], seat);
            c.dealer_streak = streak;
            c.paarenchan = flag;
            let got = contradiction(&c);
            assert!(got.is_some_and(|m| m.contains(why)), "{streak}: {got:?}");
        }
        let mut eighth = set(&[], 0);
        eighth.dealer_streak = 8;
        assert_eq!(contradiction(&eighth.clone().with_implied()), None);
        assert!(eighth.is_paarenchan() && eighth.with_implied().paarenchan);
        assert_eq!(
            contradiction(&set(&["riichi", "ippatsu", "tsumo"], 0)),
            None
        );
        assert_eq!(contradiction(&set(&["tenhou", "tsumo"], 0)), None);
    }
}
