//! The situation of a win (`WinContext`) and its consistency checks.

use super::situation::{self, with_situation_flags, FLAGS, IMPLIES};
use crate::error::{MahjongError, Result};
use crate::hand::Hand;
use crate::meld::MeldKind;
use crate::rules::Rules;
use crate::tile::{Counts, Tile};

/// The most dora (or ura) indicators a win has: one, plus one per kan.
pub const MOST_INDICATORS: usize = 5;

/// Why a win with more indicators than [`MOST_INDICATORS`] is refused.
pub const TOO_MANY_INDICATORS: &str = "at most 5 dora and 5 ura indicators (one plus one per kan)";

/// The dealer streak from which a win is a paarenchan: the eighth in a row.
pub const PAARENCHAN_STREAK: u32 = 8;

/// Why ura indicators outnumbering the dora indicators are refused.
pub const URA_WITHOUT_DORA: &str = "there is one ura indicator under each dora indicator, no more";

/// Winds as 0-3: East, South, West, North.
pub const WINDS: [&str; 4] = ["E", "S", "W", "N"];

macro_rules! win_context {
    ($($name:ident => $doc:literal;)+) => {
        /// Everything about a win besides the tiles: the situation flags (see
        /// [`situation`](super::situation)), winds, indicators and counters.
        /// `seat_wind == 0` is the dealer.
        #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
        pub struct WinContext {
            $(#[doc = $doc] pub $name: bool,)+
            pub seat_wind: u8,
            pub round_wind: u8,
            pub dora_indicators: Vec<Tile>,
            pub ura_indicators: Vec<Tile>,
            pub honba: u32,
            pub riichi_sticks: u32,
            /// The dealer's consecutive wins (rule paarenchan = "wins") or
            /// dealerships (paarenchan = "dealerships") this win makes, itself
            /// included; 0 when not counted. From [`PAARENCHAN_STREAK`] on, the win
            /// is a paarenchan.
            pub dealer_streak: u32,
            /// Norths the winner has set aside as nukidora (kita, three-player
            /// rules with `kita`): one han of dora each.
            pub kita: u32,
        }

        impl WinContext {
            /// The situation flag `name` (`None`: no such flag).
            pub fn flag(&self, name: &str) -> Option<bool> {
                match name {
                    $(stringify!($name) => Some(self.$name),)+
                    _ => None,
                }
            }

            /// Set the situation flag `name`; false when there is no such flag.
            pub fn set_flag(&mut self, name: &str, on: bool) -> bool {
                match name {
                    $(stringify!($name) => self.$name = on,)+
                    _ => return false,
                }
                true
            }

            /// The flags as bits (`situation::FLAGS` gives each one's bit).
            pub fn flag_bits(&self) -> u32 {
                [$(self.$name),+]
                    .iter()
                    .enumerate()
                    .fold(0, |bits, (i, &on)| bits | u32::from(on) << i)
            }
        }
    };
}
with_situation_flags!(win_context);

impl WinContext {
    pub const fn is_dealer(&self) -> bool {
        self.seat_wind == 0
    }

    /// A situation with the flags of `bits` set (and those they imply); bits
    /// past the last flag are ignored.
    pub fn from_flag_bits(bits: u32) -> WinContext {
        let mut c = WinContext::default();
        for f in &FLAGS {
            c.set_flag(f.name, bits & f.bit != 0);
        }
        c.with_implied()
    }

    /// The same situation with the flags its flags imply (double riichi is a
    /// riichi) and those its dealer streak implies (paarenchan from the eighth).
    #[must_use]
    pub fn with_implied(mut self) -> WinContext {
        for (from, to) in IMPLIES {
            if self.flag(from) == Some(true) {
                self.set_flag(to, true);
            }
        }
        self.paarenchan |= self.dealer_streak >= PAARENCHAN_STREAK;
        self
    }

    /// The win is a paarenchan: flagged, or the dealer's eighth in a row or later.
    pub const fn is_paarenchan(&self) -> bool {
        self.paarenchan || self.dealer_streak >= PAARENCHAN_STREAK
    }

    /// How many of tenhou, chiihou and renhou are set (at most one may be).
    pub const fn first_turn_wins(&self) -> u8 {
        self.tenhou as u8 + self.chiihou as u8 + self.renhou as u8
    }

    /// Riichi of any kind (plain, double, open).
    pub const fn in_riichi(&self) -> bool {
        self.riichi || self.double_riichi || self.open_riichi
    }

    /// Refuse contradictions between the flags, the hand and the rules.
    pub fn check(&self, hand: &Hand, all: &Counts, win: Tile, rules: &Rules) -> Result<()> {
        let bad = |m: &str| Err(MahjongError::InvalidContext(m.to_string()));
        if self.seat_wind > 3 || self.round_wind > 3 {
            return bad("seat and round wind are E, S, W or N");
        }
        if rules.players == 3 {
            if self.seat_wind == 3 {
                return bad("there is no North seat with three players (rule option players = 3)");
            }
            let sanma = crate::algo::TileSet::Sanma;
            sanma.check_hand(hand)?;
            let indicator = (self.dora_indicators.iter().chain(&self.ura_indicators))
                .find(|t| sanma.is_absent(t.kind()));
            if let Some(t) = indicator {
                return Err(MahjongError::InvalidContext(format!(
                    "the indicator {t} is not a three-player tile (2m-8m are removed; rule \
                     option players = 3)"
                )));
            }
        }
        if self.kita > 0 && !rules.kita {
            return bad("kita (Norths set aside as nukidora) are not in these rules (rule option kita, three players)");
        }
        if self.in_riichi() && !hand.is_closed() {
            return bad("riichi needs a closed hand (an ankan keeps it closed)");
        }
        if let Some(why) = situation::contradiction(self) {
            return bad(why);
        }
        let kita_replacement = self.kita > 0 && rules.kita_rinshan;
        if self.rinshan && !kita_replacement && !hand.melds().iter().any(|m| m.kind().is_kan()) {
            return bad(if rules.kita && rules.kita_rinshan {
                "rinshan kaihou needs a kan in the hand or a kita"
            } else {
                "rinshan kaihou needs a kan in the hand"
            });
        }
        let first = self.first_turn_wins();
        if first == 1 && self.dora_indicators.len() > 1 {
            return bad(
                "tenhou, chiihou and renhou come before any kan: one dora indicator at most",
            );
        }
        if self.ura_indicators.len() > self.dora_indicators.len() {
            return bad(URA_WITHOUT_DORA);
        }
        if first == 1 && !hand.melds().is_empty() {
            return bad("tenhou, chiihou and renhou need a hand with no meld (no call before)");
        }
        if self.open_riichi && !rules.open_riichi {
            return bad("open riichi is not in these rules (rule option open_riichi)");
        }
        if self.dora_indicators.len() > MOST_INDICATORS
            || self.ura_indicators.len() > MOST_INDICATORS
        {
            return bad(TOO_MANY_INDICATORS);
        }
        // The winning tile is among the concealed tiles, a red five as red.
        let kind = win.kind();
        if hand.counts()[kind as usize] == 0 {
            return Err(MahjongError::InvalidContext(format!(
                "the winning tile {win} is not among the concealed tiles of {hand}"
            )));
        }
        if win.is_red() && hand.red_fives()[win.suit() as usize] == 0 {
            return Err(MahjongError::InvalidContext(format!(
                "the winning tile {win} is a red five but {hand} holds no red five of that suit"
            )));
        }
        if !win.is_red() && win.number() == 5 && !win.is_honor() {
            let reds = hand.red_fives()[win.suit() as usize];
            if hand.counts()[kind as usize] <= reds {
                return Err(MahjongError::InvalidContext(format!(
                    "the winning tile {win} is a plain five but the fives of {hand} are red (write 0{})",
                    win.suit().as_char()
                )));
            }
        }
        // Copies: hand, melds and indicators together.
        let mut all = *all;
        let mut red = hand.all_red_fives();
        for t in self.dora_indicators.iter().chain(&self.ura_indicators) {
            all[t.kind() as usize] += 1;
            if t.is_red() {
                red[t.suit() as usize] += 1;
            }
        }
        if self.chankan {
            // The robbed kan holds the other three copies of the winning tile.
            if all[kind as usize] != 1 {
                return Err(MahjongError::InvalidContext(format!(
                    "chankan: the robbed kan holds the other three {win}, so {hand} holds only the one it won"
                )));
            }
            all[kind as usize] += 3;
        }
        // The Norths set aside are copies too.
        all[30] = all[30].saturating_add(self.kita.min(5) as u8);
        // A hand holds at most 4 of a kind: only the kinds added here can exceed it.
        let added = (self.dora_indicators.iter().chain(&self.ura_indicators))
            .map(|t| t.kind())
            .chain(self.chankan.then_some(kind))
            .chain((self.kita > 0).then_some(30));
        if let Some(k) = added.into_iter().find(|&k| all[k as usize] > 4) {
            return Err(MahjongError::InvalidContext(format!(
                "{} copies of {} in the hand and the indicators (there are 4)",
                all[k as usize],
                Tile::from_kind(k).expect("kind")
            )));
        }
        for (s, (&have, &allowed)) in red.iter().zip(&rules.red_fives).enumerate() {
            if have > allowed {
                let suit = ['m', 'p', 's'][s];
                return Err(MahjongError::InvalidContext(format!(
                    "{have} red 0{suit} but the rules have {allowed} (rule option red_fives)"
                )));
            }
        }
        if self.robbed_ankan && !rules.kokushi_robs_ankan {
            return bad("robbing a closed kan is not allowed by these rules (kokushi_robs_ankan)");
        }
        if self.tenhou && hand.melds().iter().any(|m| m.kind() == MeldKind::Ankan) {
            return bad("tenhou is won on the initial deal, before any kan");
        }
        Ok(())
    }
}
