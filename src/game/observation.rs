//! What one seat may know at a decision point: its own concealed tiles, every
//! river and meld, the dora indicators, the scores, who is in riichi and how many
//! tiles each seat and the wall hold, never another seat's concealed tiles or
//! the wall's order.

use super::engine::{ClaimKind, Game, Phase};
use super::player::RiverTile;
use crate::error::{MahjongError, Result};
use crate::meld::Meld;
use crate::tile::Tile;

/// A claim the observing seat must decide on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Claim {
    pub tile: Tile,
    /// The seat the tile came from.
    pub from: usize,
    /// What the claim is on: a discard (chi, pon, open kan or ron), a kakan
    /// (chankan) or an ankan (kokushi's ron).
    pub on: ClaimKind,
}

/// One seat's view of the game (a snapshot). Seats are absolute 0-3.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Observation {
    /// Players at the table: 4, or 3 under three-player rules (seat 3 empty).
    pub players: u8,
    pub seat: usize,
    /// 0 = East (the dealer) .. 3 = North.
    pub seat_wind: u8,
    /// 0 = East, 1 = South, 2 = West, 3 = North.
    pub round_wind: u8,
    /// The hand number within the round wind, 1-4.
    pub kyoku: u8,
    pub honba: u32,
    pub riichi_sticks: u32,
    pub dealer: usize,
    pub scores: [i64; 4],
    pub dora_indicators: Vec<Tile>,
    /// Tiles left in the live wall.
    pub tiles_left: usize,
    /// Own concealed tiles, sorted (the drawn tile included).
    pub hand: Vec<Tile>,
    /// The tile just drawn, on one's own turn.
    pub drawn: Option<Tile>,
    pub rivers: [Vec<RiverTile>; 4],
    pub melds: [Vec<Meld>; 4],
    pub riichi: [bool; 4],
    /// How many concealed tiles each seat holds.
    pub concealed_counts: [usize; 4],
    /// The claim this seat must decide on, if any.
    pub claim: Option<Claim>,
    /// The seat may not ron now (discard, temporary or riichi furiten).
    pub furiten: bool,
    /// Norths each seat has set aside as nukidora (three players' kita).
    pub kita: [u8; 4],
}

impl Game {
    /// What `seat` (0-3) may know now.
    pub fn observation(&self, seat: usize) -> Result<Observation> {
        let mut o = Observation::default();
        self.observation_into(seat, &mut o)?;
        Ok(o)
    }

    /// [`Game::observation`] written into `o`, whose lists keep their room: a
    /// loop that observes again and again allocates nothing once warm.
    pub fn observation_into(&self, seat: usize, o: &mut Observation) -> Result<()> {
        let me = self
            .players
            .get(seat)
            .ok_or_else(|| MahjongError::InvalidInput(format!("a seat is 0-3, got {seat}")))?;
        me.concealed.sorted_into(&mut o.hand);
        o.drawn = match self.phase {
            Phase::Turn {
                seat: s,
                drawn: Some(t),
                ..
            } if s == seat => Some(t),
            _ => None,
        };
        o.claim = self
            .phase
            .claim_for(seat)
            .map(|(from, tile, on)| Claim { tile, from, on });
        o.players = self.rules.players;
        o.seat = seat;
        o.seat_wind = self.seat_wind(seat);
        o.round_wind = self.round_wind();
        o.kyoku = self.round % 4 + 1;
        o.honba = self.honba;
        o.riichi_sticks = self.riichi_sticks;
        o.dealer = self.dealer;
        o.scores = self.scores;
        o.dora_indicators.clear();
        o.dora_indicators
            .extend_from_slice(self.wall.dora_indicators());
        o.tiles_left = self.wall.live_remaining();
        for (s, p) in self.players.iter().enumerate() {
            o.rivers[s].clone_from(&p.river);
            o.melds[s].clone_from(&p.melds);
            o.riichi[s] = p.in_riichi();
            o.concealed_counts[s] = p.concealed.len();
            // At most the four Norths.
            o.kita[s] = p.kita.len() as u8;
        }
        o.furiten = me.is_furiten();
        Ok(())
    }
}
