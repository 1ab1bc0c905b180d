//! A hand: concealed tiles (as counts plus red fives) and declared melds, validated.

use crate::error::{MahjongError, Result};
use crate::meld::Meld;
use crate::notation::mpsz;
use crate::tile::{Counts, Suit, Tile, KINDS};
use std::fmt;

/// A validated hand. Invariants: at most 4 copies of a kind across concealed tiles
/// and melds; concealed tiles plus 3 per meld make 13 or 14.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    concealed: Counts,
    /// Red fives among the concealed tiles, per numbered suit.
    red: [u8; 3],
    melds: Vec<Meld>,
    /// Concealed tiles and melds together, counted once here (validation needs
    /// them) for everything that asks later: scoring, waits, shanten with melds.
    all: Counts,
    /// Red fives in the melds, per numbered suit.
    meld_red: [u8; 3],
}

/// Concealed tiles counted as they are read: copies by kind, red fives by suit,
/// and how many tiles (the counts saturate; the size check refuses such a hand).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Concealed {
    counts: Counts,
    red: [u8; 3],
    len: usize,
}

impl Concealed {
    pub(crate) const EMPTY: Concealed = Concealed {
        counts: [0; KINDS],
        red: [0; 3],
        len: 0,
    };

    pub(crate) fn add(&mut self, t: Tile) {
        let k = t.kind() as usize;
        self.counts[k] = self.counts[k].saturating_add(1);
        if t.is_red() {
            self.red[k / 9] = self.red[k / 9].saturating_add(1);
        }
        self.len += 1;
    }
}

impl Hand {
    /// A hand of these concealed tiles (any order) and melds.
    pub fn new(concealed: &[Tile], melds: Vec<Meld>) -> Result<Hand> {
        let mut counted = Concealed::EMPTY;
        for &t in concealed {
            counted.add(t);
        }
        Hand::from_concealed(&counted, melds)
    }

    /// A hand of counted concealed tiles and melds, validated.
    pub(crate) fn from_concealed(concealed: &Concealed, melds: Vec<Meld>) -> Result<Hand> {
        // Sizes first: past them every count fits in a byte.
        let n = concealed.len;
        if n % 3 == 0 {
            return Err(MahjongError::InvalidHand(format!(
                "{n} concealed tiles: a hand holds 3n+1 or 3n+2 (13 or 14 with no melds)"
            )));
        }
        let total = n.saturating_add(melds.len().saturating_mul(3));
        if !(13..=14).contains(&total) {
            return Err(MahjongError::InvalidHand(format!(
                "{n} concealed tiles and {} melds make {total} tiles; a hand has 13 or 14, a meld counting 3",
                melds.len()
            )));
        }
        let mut all = concealed.counts;
        let mut meld_red = [0u8; 3];
        for t in melds.iter().flat_map(Meld::tiles) {
            all[t.kind() as usize] = all[t.kind() as usize].saturating_add(1);
            if t.is_red() {
                meld_red[t.suit() as usize] += 1;
            }
        }
        // The largest count, as a branch-free reduction; which kind only on error.
        if all.iter().fold(0, |m, &c| m.max(c)) > 4 {
            let k = all.iter().position(|&c| c > 4).expect("a count over 4");
            let t = Tile::from_kind(k as u8).expect("kind");
            return Err(MahjongError::InvalidHand(format!(
                "{} copies of {t} in hand and melds (there are 4)",
                all[k]
            )));
        }
        Ok(Hand {
            concealed: concealed.counts,
            red: concealed.red,
            melds,
            all,
            meld_red,
        })
    }

    /// Concealed counts by kind.
    pub const fn counts(&self) -> &Counts {
        &self.concealed
    }

    /// Red fives among the concealed tiles, per numbered suit (m, p, s).
    pub const fn red_fives(&self) -> [u8; 3] {
        self.red
    }

    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// Number of concealed tiles.
    pub fn concealed_len(&self) -> usize {
        self.concealed.iter().map(|&c| c as usize).sum()
    }

    /// True when no meld opens the hand (ankan keeps it closed).
    pub fn is_closed(&self) -> bool {
        self.melds.iter().all(|m| !m.is_open())
    }

    /// Copies of each kind held in melds.
    pub fn meld_counts(&self) -> Counts {
        let mut c = self.all;
        for (a, b) in c.iter_mut().zip(self.concealed) {
            *a -= b;
        }
        c
    }

    /// Copies of each kind in concealed tiles and melds together.
    pub const fn all_counts(&self) -> Counts {
        self.all
    }

    /// Red fives in concealed tiles and melds together, per numbered suit.
    pub fn all_red_fives(&self) -> [u8; 3] {
        [0, 1, 2].map(|s| self.red[s] + self.meld_red[s])
    }

    /// The red fives among the concealed copies of the plain tile `t` (none
    /// but for a numbered suit's five).
    fn reds_of(&self, t: Tile) -> u8 {
        match (t.suit(), t.number()) {
            (s, 5) if s != Suit::Z => self.red[s as usize],
            _ => 0,
        }
    }

    /// The distinct concealed tiles, sorted: each kind held once, a red five
    /// apart from (and before) the plain fives of its suit. No allocation.
    pub fn distinct_concealed(&self) -> impl Iterator<Item = Tile> + '_ {
        (0..KINDS as u8)
            .filter(|&k| self.concealed[k as usize] > 0)
            .flat_map(move |k| {
                let t = Tile::from_kind(k).expect("kind");
                let reds = self.reds_of(t);
                let red = (reds > 0).then(|| Tile::red(t.suit()).expect("red five"));
                let plain = (self.concealed[k as usize] > reds).then_some(t);
                red.into_iter().chain(plain)
            })
    }

    /// The concealed tiles, sorted (red fives before the plain ones).
    pub fn concealed_tiles(&self) -> Vec<Tile> {
        let mut out = Vec::with_capacity(14);
        for k in 0..KINDS {
            let t = Tile::from_kind(k as u8).expect("kind");
            let reds = self.reds_of(t);
            for _ in 0..reds {
                out.push(Tile::red(t.suit()).expect("red five"));
            }
            for _ in 0..self.concealed[k] - reds {
                out.push(t);
            }
        }
        out
    }

    /// This hand with one more concealed tile.
    pub fn with_tile(&self, t: Tile) -> Result<Hand> {
        let mut tiles = self.concealed_tiles();
        tiles.push(t);
        Hand::new(&tiles, self.melds.clone())
    }

    /// This hand without one concealed copy of `t` (a red five must be named as red).
    pub fn without_tile(&self, t: Tile) -> Result<Hand> {
        let mut tiles = self.concealed_tiles();
        let i = tiles.iter().position(|x| *x == t).ok_or_else(|| {
            MahjongError::InvalidInput(format!("{t} is not among the concealed tiles of {self}"))
        })?;
        tiles.remove(i);
        if tiles.is_empty() {
            return Err(MahjongError::InvalidInput(format!(
                "removing {t} from {self} leaves no concealed tile"
            )));
        }
        Hand::new(&tiles, self.melds.clone())
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&mpsz::format_hand(self))
    }
}

impl std::str::FromStr for Hand {
    type Err = MahjongError;
    fn from_str(s: &str) -> Result<Hand> {
        mpsz::parse_hand(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str) -> String {
        s.parse::<Hand>().unwrap_err().to_string()
    }

    #[test]
    fn validation() {
        assert_eq!(
            err("11111m23456789p"),
            "5 copies of 1m in hand and melds (there are 4)"
        );
        let e = err("1111m5p123456s [1'23m]");
        assert!(e.contains("5 copies of 1m"), "{e}");
        assert!(err("123456789m123p").contains("12 concealed tiles"));
        assert!(err("123456789m1234p [1'11z]").contains("16 tiles"));
        assert!(err("1234m [5'55z] [6'66z] [7'77z] [1'11z]").contains("16 tiles"));
        assert!(err("1234m").contains("make 4 tiles; a hand has 13 or 14"));
        assert!("05555m123p456s78p".parse::<Hand>().is_err());
        assert!("055m123p456s789p11z".parse::<Hand>().is_ok());
    }

    #[test]
    fn red_fives_survive() {
        let h: Hand = "0m055p0s11z [0'55s] [1'23p]".parse().unwrap();
        assert_eq!(h.red_fives(), [1, 1, 1]);
        assert_eq!(h.to_string(), "0m055p0s11z [0'55s] [1'23p]");
    }

    /// The distinct concealed tiles are the sorted tiles without repeats: a
    /// red five kept apart from plain fives, whether they are held or not.
    #[test]
    fn distinct_concealed_tiles_are_the_tiles_without_repeats() {
        for s in [
            "0m055p0s11z [0'55s] [1'23p]",
            "05m555p0s1122z [789m]",
            "0555m123p456s789p",
            "55m123p456s789p11z",
            "0m123p456s789p1z [5'55m]",
            "11112222333344z",
        ] {
            let h: Hand = s.parse().unwrap();
            let mut want = h.concealed_tiles();
            want.dedup();
            let got: Vec<Tile> = h.distinct_concealed().collect();
            assert_eq!(got, want, "{s}");
        }
    }
}
