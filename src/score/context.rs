//! The situation of a win (`WinContext`) and its consistency checks.

use crate::error::{MahjongError, Result};
use crate::hand::Hand;
use crate::meld::MeldKind;
use crate::rules::Rules;
use crate::tile::{Counts, Tile};

/// The most dora (or ura) indicators a win has: one, plus one per kan.
pub const MOST_INDICATORS: usize = 5;

/// Why a win with more indicators than [`MOST_INDICATORS`] is refused.
pub const TOO_MANY_INDICATORS: &str = "at most 5 dora and 5 ura indicators (one plus one per kan)";

/// Winds as 0-3: East, South, West, North.
pub const WINDS: [&str; 4] = ["E", "S", "W", "N"];

/// Everything about a win besides the tiles. `seat_wind == 0` is the dealer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct WinContext {
    pub tsumo: bool,
    pub riichi: bool,
    pub double_riichi: bool,
    pub ippatsu: bool,
    pub rinshan: bool,
    pub chankan: bool,
    /// With `chankan`: the kan robbed was a closed kan (kokushi only, by rule).
    pub robbed_ankan: bool,
    pub haitei: bool,
    pub houtei: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    pub renhou: bool,
    pub open_riichi: bool,
    /// A ron on an open riichi from a player who is not in riichi.
    pub open_riichi_deal_in: bool,
    /// The dealer win that makes paarenchan.
    pub paarenchan: bool,
    pub seat_wind: u8,
    pub round_wind: u8,
    pub dora_indicators: Vec<Tile>,
    pub ura_indicators: Vec<Tile>,
    pub honba: u32,
    pub riichi_sticks: u32,
}

impl WinContext {
    pub const fn is_dealer(&self) -> bool {
        self.seat_wind == 0
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
        let ron = !self.tsumo;
        let closed = hand.is_closed();
        if self.in_riichi() && !closed {
            return bad("riichi needs a closed hand (an ankan keeps it closed)");
        }
        if self.ippatsu && !self.in_riichi() {
            return bad("ippatsu without riichi");
        }
        if self.haitei && ron {
            return bad("haitei is a tsumo on the last wall tile: it cannot be a ron");
        }
        if self.houtei && self.tsumo {
            return bad("houtei is a ron on the last discard: it cannot be a tsumo");
        }
        if self.chankan && self.tsumo {
            return bad("chankan is a ron on a kan: it cannot be a tsumo");
        }
        if self.robbed_ankan && !self.chankan {
            return bad("robbed_ankan describes a chankan: set chankan too");
        }
        if self.rinshan && ron {
            return bad(
                "rinshan kaihou is a tsumo on a kan's replacement tile: it cannot be a ron",
            );
        }
        if self.rinshan && !hand.melds().iter().any(|m| m.kind().is_kan()) {
            return bad("rinshan kaihou needs a kan in the hand");
        }
        let first = u8::from(self.tenhou) + u8::from(self.chiihou) + u8::from(self.renhou);
        if self.ippatsu && self.rinshan {
            return bad("ippatsu cannot be won on a kan's replacement tile: the kan ends it");
        }
        if self.renhou && self.chankan && !self.robbed_ankan {
            return bad("renhou cannot rob an added kan: the pon before it was a call");
        }
        if first == 1 && self.dora_indicators.len() > 1 {
            return bad(
                "tenhou, chiihou and renhou come before any kan: one dora indicator at most",
            );
        }
        if self.ura_indicators.len() > self.dora_indicators.len().max(1) {
            return bad("there is one ura indicator under each dora indicator, no more");
        }
        if self.chankan && self.houtei {
            return bad("chankan and houtei cannot both happen (a kan is never the last discard)");
        }
        if first > 1 {
            return bad("tenhou, chiihou and renhou exclude each other");
        }
        if first == 1 && !hand.melds().is_empty() {
            return bad("tenhou, chiihou and renhou need a hand with no meld (no call before)");
        }
        if self.tenhou && (ron || !self.is_dealer()) {
            return bad("tenhou is the dealer's tsumo on the initial deal");
        }
        if self.chiihou && (ron || self.is_dealer()) {
            return bad("chiihou is a non-dealer's tsumo on their first draw");
        }
        if self.renhou && (self.tsumo || self.is_dealer()) {
            return bad("renhou is a non-dealer's ron before their first draw");
        }
        if first == 1 && (self.in_riichi() || self.haitei || self.houtei || self.rinshan) {
            return bad("tenhou, chiihou and renhou happen before any riichi, kan or last tile");
        }
        if self.open_riichi && !rules.open_riichi {
            return bad("open riichi is not in these rules (rule option open_riichi)");
        }
        if self.open_riichi_deal_in && (!self.open_riichi || self.tsumo) {
            return bad("open_riichi_deal_in is a ron on an open riichi");
        }
        if self.paarenchan && !self.is_dealer() {
            return bad("paarenchan is a dealer's win");
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
        // A hand holds at most 4 of a kind: only the kinds added here can exceed it.
        let added = (self.dora_indicators.iter().chain(&self.ura_indicators))
            .map(|t| t.kind())
            .chain(self.chankan.then_some(kind));
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
