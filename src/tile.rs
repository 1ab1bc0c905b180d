//! Tiles: the 34 kinds and the three red fives, as a `u8` newtype.
//!
//! Values 0-33 are the kinds (1m-9m, 1p-9p, 1s-9s, then East South West North,
//! Haku Hatsu Chun); 34, 35 and 36 are the red 5m, 5p and 5s. A red five has the
//! kind of its plain five everywhere shapes are concerned.

use std::cmp::Ordering;
use std::fmt;

/// Number of tile kinds.
pub const KINDS: usize = 34;

/// The four suits; honors are `Z` (winds then dragons).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    M,
    P,
    S,
    Z,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::M, Suit::P, Suit::S, Suit::Z];

    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::M),
            'p' => Some(Suit::P),
            's' => Some(Suit::S),
            'z' => Some(Suit::Z),
            _ => None,
        }
    }

    pub const fn as_char(self) -> char {
        match self {
            Suit::M => 'm',
            Suit::P => 'p',
            Suit::S => 's',
            Suit::Z => 'z',
        }
    }

    /// Number of kinds in the suit (9, or 7 for honors).
    pub const fn kinds(self) -> u8 {
        if matches!(self, Suit::Z) {
            7
        } else {
            9
        }
    }

    /// Kind of the suit's first tile.
    pub const fn base(self) -> u8 {
        self as u8 * 9
    }
}

/// One tile: a kind 0-33, or a red five 34-36. Invariant: the value is below 37.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tile(u8);

const RED_KINDS: [u8; 3] = [4, 13, 22];

impl Tile {
    /// The plain tile of a kind (0-33).
    pub const fn from_kind(kind: u8) -> Option<Tile> {
        if kind < 34 {
            Some(Tile(kind))
        } else {
            None
        }
    }

    /// The red five of a numbered suit.
    pub const fn red(suit: Suit) -> Option<Tile> {
        match suit {
            Suit::Z => None,
            _ => Some(Tile(34 + suit as u8)),
        }
    }

    /// Tile from suit and number (1-9, 1-7 for honors); 0 is the red five.
    pub const fn from_suit_number(suit: Suit, number: u8) -> Option<Tile> {
        if number == 0 {
            return Tile::red(suit);
        }
        if number > suit.kinds() {
            return None;
        }
        Some(Tile(suit.base() + number - 1))
    }

    /// The raw value (0-36).
    pub const fn id(self) -> u8 {
        self.0
    }

    /// The raw value back into a tile.
    pub const fn from_id(id: u8) -> Option<Tile> {
        if id < 37 {
            Some(Tile(id))
        } else {
            None
        }
    }

    /// The kind 0-33 (a red five has the kind of its plain five).
    pub const fn kind(self) -> u8 {
        if self.0 < 34 {
            self.0
        } else {
            RED_KINDS[(self.0 - 34) as usize]
        }
    }

    /// The same tile without red.
    #[must_use]
    pub const fn plain(self) -> Tile {
        Tile(self.kind())
    }

    pub const fn is_red(self) -> bool {
        self.0 >= 34
    }

    pub const fn suit(self) -> Suit {
        match self.kind() / 9 {
            0 => Suit::M,
            1 => Suit::P,
            2 => Suit::S,
            _ => Suit::Z,
        }
    }

    /// Number within the suit: 1-9, or 1-7 for honors (E S W N Haku Hatsu Chun).
    pub const fn number(self) -> u8 {
        self.kind() % 9 + 1
    }

    pub const fn is_honor(self) -> bool {
        self.kind() >= 27
    }

    pub const fn is_wind(self) -> bool {
        let k = self.kind();
        k >= 27 && k < 31
    }

    pub const fn is_dragon(self) -> bool {
        self.kind() >= 31
    }

    /// A 1 or a 9 of a numbered suit.
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && matches!(self.number(), 1 | 9)
    }

    /// A terminal or an honor.
    pub const fn is_yaochuu(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// Unicode mahjong tile character (a red five shows as its five).
    pub fn unicode(self) -> char {
        let k = self.kind() as u32;
        let code = match self.suit() {
            Suit::M => 0x1F007 + k,
            Suit::P => 0x1F019 + (k - 9),
            Suit::S => 0x1F010 + (k - 18),
            Suit::Z => [
                0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004,
            ][(k - 27) as usize],
        };
        char::from_u32(code).unwrap_or('?')
    }

    /// Digit used in mpsz notation (0 for a red five).
    pub const fn mpsz_digit(self) -> char {
        if self.is_red() {
            '0'
        } else {
            (b'0' + self.number()) as char
        }
    }

    /// Sort key (0-67): by kind, the red five right before its plain fives.
    pub(crate) const fn key(self) -> u8 {
        self.kind() * 2 + !self.is_red() as u8
    }
}

impl Ord for Tile {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Tile {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.mpsz_digit(), self.suit().as_char())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Tile counts by kind, the compact form the algorithms work on.
pub type Counts = [u8; KINDS];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_predicates() {
        let t = Tile::from_suit_number(Suit::P, 0).unwrap();
        assert_eq!(t.kind(), 13);
        assert!(t.is_red());
        assert_eq!(t.to_string(), "0p");
        assert!(Tile::from_kind(0).unwrap().is_terminal());
        assert!(Tile::from_kind(33).unwrap().is_yaochuu());
        assert!(!Tile::from_kind(4).unwrap().is_yaochuu());
        assert_eq!(Tile::from_kind(0).unwrap().unicode(), '🀇');
        assert_eq!(Tile::from_kind(9).unwrap().unicode(), '🀙');
        assert_eq!(Tile::from_kind(18).unwrap().unicode(), '🀐');
        assert_eq!(Tile::from_kind(31).unwrap().unicode(), '🀆');
        assert_eq!(Tile::from_kind(33).unwrap().unicode(), '🀄');
    }

    #[test]
    fn ordering_puts_red_before_plain_five() {
        let five = Tile::from_kind(4).unwrap();
        let red = Tile::red(Suit::M).unwrap();
        let six = Tile::from_kind(5).unwrap();
        assert!(red < five && five < six);
    }
}
