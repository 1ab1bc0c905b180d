//! mjai tile names: `1m`-`9m`, `5mr` for a red five, `E S W N P F C` for honors.

use crate::error::{MahjongError, Result};
use crate::tile::{Suit, Tile};

const MJAI_HONORS: [&str; 7] = ["E", "S", "W", "N", "P", "F", "C"];

impl Tile {
    /// The mjai name: `5m`, `5mr` for the red five, `E S W N P F C` for honors.
    pub fn mjai(self) -> String {
        if self.is_honor() {
            return MJAI_HONORS[(self.kind() - 27) as usize].to_owned();
        }
        let red = if self.is_red() { "r" } else { "" };
        format!("{}{}{}", self.number(), self.suit().as_char(), red)
    }

    /// Parse an mjai name (`5m`, `5mr`, `E`, ...).
    pub fn from_mjai(name: &str) -> Result<Tile> {
        if let Some(i) = MJAI_HONORS.iter().position(|h| *h == name) {
            return Ok(Tile::from_kind(27 + i as u8).expect("honor kind"));
        }
        let b = name.as_bytes();
        let bad = || MahjongError::InvalidTile(format!("{name:?} is not an mjai tile name"));
        if !(2..=3).contains(&b.len()) || !b[0].is_ascii_digit() {
            return Err(bad());
        }
        let suit = match Suit::from_char(b[1] as char) {
            Some(s) if s != Suit::Z => s,
            _ => return Err(bad()),
        };
        let n = b[0] - b'0';
        match (n, b.get(2)) {
            (5, Some(b'r')) => Tile::red(suit).ok_or_else(bad),
            (1..=9, None) => Tile::from_suit_number(suit, n).ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mjai_round_trip() {
        for id in 0..37 {
            let t = Tile::from_id(id).unwrap();
            assert_eq!(Tile::from_mjai(&t.mjai()).unwrap(), t);
        }
        for bad in ["", "0m", "5z", "10m", "5mx", "X", "6mr"] {
            assert!(Tile::from_mjai(bad).is_err(), "{bad}");
        }
    }
}
