//! One seat's state within a hand: its tiles, melds and river, riichi, furiten,
//! kuikae and pao, and what follows from them (waits, tenpai, furiten).

use super::concealed::Concealed;
use crate::algo::agari;
use crate::algo::waits::shanten_and_lowering;
use crate::error::Result;
use crate::hand::Hand;
use crate::meld::Meld;
use crate::tile::{Counts, Tile, KINDS};

/// One discard in a player's river.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RiverTile {
    pub tile: Tile,
    pub tsumogiri: bool,
    /// The riichi declaration tile.
    pub riichi: bool,
    /// Taken by another player's call.
    pub called: bool,
}

/// A player's state within a hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// Concealed tiles (with red fives), the drawn tile last when it is one's turn.
    pub concealed: Concealed,
    pub melds: Vec<Meld>,
    pub river: Vec<RiverTile>,
    /// Index in `river` of the riichi declaration.
    pub riichi_at: Option<usize>,
    pub double_riichi: bool,
    pub ippatsu: bool,
    /// Passed a winning tile since the last own draw.
    pub temporary_furiten: bool,
    /// Passed a winning tile after riichi.
    pub riichi_furiten: bool,
    /// Kinds forbidden to discard right after a call (kuikae).
    pub kuikae: u64,
    /// Kans declared by this player.
    pub kans: u8,
    /// Seat liable for a pao yakuman of this player, if any.
    pub pao: Option<usize>,
    /// Norths set aside as nukidora (kita), in order.
    pub kita: Vec<Tile>,
}

impl Player {
    pub(super) fn counts(&self) -> Counts {
        *self.concealed.counts()
    }

    pub(super) fn meld_counts(&self) -> Counts {
        let mut c = [0u8; KINDS];
        for m in &self.melds {
            for t in m.tiles() {
                c[t.kind() as usize] += 1;
            }
        }
        c
    }

    /// Kinds that complete the hand (exact: tiles held four times excluded).
    pub(super) fn waits(&self) -> u64 {
        let (counts, meld_counts) = (self.counts(), self.meld_counts());
        // Most hands are not tenpai, which their shanten alone tells, without
        // the kinds that lower it.
        if shanten_with(&counts, &meld_counts, self.melds.len()) != 0 {
            return 0;
        }
        let (s, mask) = shanten_and_lowering(&counts, Some(&meld_counts), self.melds.len());
        if s == 0 {
            mask
        } else {
            0
        }
    }

    /// Tenpai for the noten payments: a wait on some kind not all of whose four
    /// copies are the player's own (Tenhou: waiting only on a fifth copy is noten).
    pub(super) fn tenpai_at_draw(&self) -> bool {
        tenpai_at_draw(&self.counts(), &self.meld_counts(), self.melds.len())
    }

    pub(super) fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| !m.is_open())
    }

    pub(super) fn in_riichi(&self) -> bool {
        self.riichi_at.is_some()
    }

    /// Own discards (called-away ones included) hold a winning kind.
    pub(super) fn discard_furiten(&self, waits: u64) -> bool {
        self.river.iter().any(|d| waits >> d.tile.kind() & 1 == 1)
    }

    /// Whether the player may not ron now (discard, temporary or riichi furiten).
    pub fn is_furiten(&self) -> bool {
        // The waits only when the river could hold one of them.
        self.temporary_furiten
            || self.riichi_furiten
            || (!self.river.is_empty() && self.discard_furiten(self.waits()))
    }

    /// Letting `tile` go by: when it completes the hand, temporary furiten, and
    /// permanent in riichi.
    pub(super) fn pass_tile(&mut self, tile: Tile) {
        if self.completed_by(tile) {
            self.passed_a_win();
        }
    }

    /// The concealed counts with `tile` added, and their tiles in each group
    /// (man, pin, sou, honors; see [`agari::group_sizes`]).
    pub(super) fn counts_with(&self, tile: Tile) -> (Counts, [u8; 4]) {
        self.concealed.counts_with(tile)
    }

    /// Whether `tile` completes the concealed hand.
    pub(super) fn completed_by(&self, tile: Tile) -> bool {
        self.concealed.completed_by(tile, self.melds.len())
    }

    /// The player let a winning tile go by: furiten until its next draw, and
    /// for the rest of the hand in riichi.
    pub(super) fn passed_a_win(&mut self) {
        self.temporary_furiten = true;
        if self.in_riichi() {
            self.riichi_furiten = true;
        }
    }

    pub(super) fn take(&mut self, t: Tile) -> bool {
        self.concealed.take(t)
    }

    pub(super) fn hand(&self) -> Result<Hand> {
        Hand::new(&self.concealed, self.melds.clone())
    }
}

/// Tenpai for the noten payments of an exhaustive draw, of concealed `counts`
/// beside `melds` melds holding `meld_counts`: a wait on some kind not all of
/// whose four copies are the player's own (Tenhou: waiting only on a fifth copy
/// is noten).
pub fn tenpai_at_draw(counts: &Counts, meld_counts: &Counts, melds: usize) -> bool {
    if shanten_with(counts, meld_counts, melds) != 0 {
        return false;
    }
    (0..KINDS).any(|k| {
        let mut c = *counts;
        c[k] += 1;
        counts[k] + meld_counts[k] < 4 && agari::is_complete(&c, melds)
    })
}

/// Exact shanten of concealed `counts` beside `melds` melds holding `meld_counts`.
pub(crate) fn shanten_with(counts: &Counts, meld_counts: &Counts, melds: usize) -> i8 {
    if melds == 0 {
        crate::algo::shanten::shanten(counts)
    } else {
        let n: usize = counts.iter().map(|&c| c as usize).sum();
        crate::algo::shanten::standard(counts, Some(meld_counts), n / 3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::wall::Rng;

    /// The group sizes kept while counting are the counts' own, for hands of
    /// every size with red fives and honors.
    #[test]
    fn the_sizes_counted_with_a_tile_are_the_counts_own() {
        let mut rng = Rng::new(5);
        let tiles: Vec<Tile> = (0..37).filter_map(Tile::from_id).collect();
        for size in 0..14 {
            for _ in 0..500 {
                let p = Player {
                    concealed: (0..size)
                        .map(|_| tiles[rng.below(tiles.len() as u64) as usize])
                        .collect(),
                    ..Player::default()
                };
                let t = tiles[rng.below(tiles.len() as u64) as usize];
                let (c, sizes) = p.counts_with(t);
                let mut want = p.counts();
                want[t.kind() as usize] += 1;
                assert_eq!(c, want);
                assert_eq!(sizes, agari::group_sizes(&c), "{:?} + {t}", p.concealed);
                assert_eq!(p.completed_by(t), agari::is_complete(&c, 0));
            }
        }
    }
}
