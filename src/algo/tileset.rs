//! The tile set an analysis counts with: all 136 tiles (four players) or the 108
//! of three-player mahjong, where 2m-8m do not exist.
//!
//! Three-player analysis is the four-player analysis with 2m-8m capped at 0
//! copies, as if melds held all four: the group tables already read a kind capped
//! at 0 as a gap that no set or run crosses, so man splits into 1m and 9m alone
//! (pairs and triplets only, as honors) and the removed kinds are never drawn,
//! waited on or counted as live. The special forms need one mask more: chiitoitsu
//! may not ask for a removed kind as a new pair.

use crate::error::{MahjongError, Result};
use crate::hand::Hand;
use crate::rules::Rules;
use crate::tile::{Counts, Tile, KINDS};

/// Which tiles exist.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum TileSet {
    /// The 136 tiles of four-player mahjong.
    #[default]
    Full,
    /// The 108 tiles of three-player mahjong: 2m-8m removed.
    Sanma,
}

/// Bits of 2m-8m (kinds 1-7).
const SANMA_ABSENT: u64 = 0b1111_1110;

impl TileSet {
    /// The tile set of `rules` (by `players`).
    pub const fn of(rules: &Rules) -> TileSet {
        TileSet::for_players(rules.players)
    }

    /// The tile set of a game of `players` (3: no 2m-8m).
    pub const fn for_players(players: u8) -> TileSet {
        if players == 3 {
            TileSet::Sanma
        } else {
            TileSet::Full
        }
    }

    /// Bit set of the kinds that do not exist.
    pub const fn absent_mask(self) -> u64 {
        match self {
            TileSet::Full => 0,
            TileSet::Sanma => SANMA_ABSENT,
        }
    }

    /// Whether kind `k` does not exist in this set.
    pub const fn is_absent(self, k: u8) -> bool {
        k < 64 && self.absent_mask() >> k & 1 == 1
    }

    /// Copies out of reach: those the melds hold (`meld_counts`) and, in
    /// three-player, all four of each removed kind. `None` when there are none.
    pub fn unavailable(self, meld_counts: Option<&Counts>) -> Option<Counts> {
        let mut out = meld_counts.copied().unwrap_or([0; KINDS]);
        if self == TileSet::Sanma {
            for c in &mut out[1..8] {
                *c = 4;
            }
        }
        out.iter().any(|&c| c > 0).then_some(out)
    }

    /// The first removed kind that `counts` hold, if any.
    #[inline]
    pub fn first_absent(self, counts: &Counts) -> Option<u8> {
        let absent = self.absent_mask();
        if absent == 0 {
            return None;
        }
        (0..KINDS as u8).find(|&k| absent >> k & 1 == 1 && counts[k as usize] > 0)
    }

    /// Refuse counts holding a removed kind; `what` names them in the message.
    pub fn check_counts(self, counts: &Counts, what: &dyn std::fmt::Display) -> Result<()> {
        match self.first_absent(counts) {
            Some(k) => Err(MahjongError::InvalidHand(format!(
                "{what} holds {}, which three-player mahjong does not have (2m-8m are \
                 removed; rule option players = 3)",
                Tile::from_kind(k).expect("kind")
            ))),
            None => Ok(()),
        }
    }

    /// Refuse a hand (melds included) holding a removed kind.
    pub fn check_hand(self, hand: &Hand) -> Result<()> {
        self.check_counts(&hand.all_counts(), hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanma_removes_2m_to_8m_only() {
        let absent: Vec<u8> = (0..KINDS as u8)
            .filter(|&k| TileSet::Sanma.is_absent(k))
            .collect();
        assert_eq!(absent, (1..=7).collect::<Vec<u8>>());
        assert!((0..KINDS as u8).all(|k| !TileSet::Full.is_absent(k)));
        assert_eq!(TileSet::Full.unavailable(None), None);
        let u = TileSet::Sanma.unavailable(None).unwrap();
        assert_eq!(u.iter().map(|&c| u32::from(c)).sum::<u32>(), 28);
        let hand: Hand = "1119m123p456s1122z".parse().unwrap();
        assert!(TileSet::Sanma.check_hand(&hand).is_ok());
        let hand: Hand = "1239m123p456s1122z".parse().unwrap();
        let e = TileSet::Sanma.check_hand(&hand).unwrap_err().to_string();
        assert!(e.contains("2m") && e.contains("players = 3"), "{e}");
        assert!(TileSet::Full.check_hand(&hand).is_ok());
    }
}
