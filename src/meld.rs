//! Melds: chi, pon, daiminkan, kakan and ankan, validated on construction.

use crate::error::{quoted, MahjongError, Result};
use crate::notation::mpsz;
use crate::tile::Tile;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MeldKind {
    Chi,
    Pon,
    Daiminkan,
    Kakan,
    Ankan,
}

impl MeldKind {
    pub const fn name(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::Daiminkan => "daiminkan",
            MeldKind::Kakan => "kakan",
            MeldKind::Ankan => "ankan",
        }
    }

    pub fn from_name(name: &str) -> Option<MeldKind> {
        [
            MeldKind::Chi,
            MeldKind::Pon,
            MeldKind::Daiminkan,
            MeldKind::Kakan,
            MeldKind::Ankan,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }

    pub const fn is_kan(self) -> bool {
        matches!(
            self,
            MeldKind::Daiminkan | MeldKind::Kakan | MeldKind::Ankan
        )
    }

    /// Whether the meld opens the hand (everything but ankan).
    pub const fn is_open(self) -> bool {
        !matches!(self, MeldKind::Ankan)
    }
}

/// The seat a called tile came from, relative to the caller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relative {
    /// Kamicha, the player before you (the only source of a chi).
    Left,
    /// Toimen.
    Across,
    /// Shimocha, the player after you.
    Right,
}

impl Relative {
    pub const fn name(self) -> &'static str {
        match self {
            Relative::Left => "left",
            Relative::Across => "across",
            Relative::Right => "right",
        }
    }

    pub fn from_name(name: &str) -> Option<Relative> {
        [Relative::Left, Relative::Across, Relative::Right]
            .into_iter()
            .find(|r| r.name() == name)
    }
}

/// A declared meld. Invariants: `tiles` are sorted, 3 of them for chi and pon and 4
/// for kans, and form the meld; `called` is one of the tiles, `added` too (kakan only).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    kind: MeldKind,
    tiles: [Tile; 4],
    len: u8,
    called: Option<Tile>,
    from: Option<Relative>,
    added: Option<Tile>,
}

impl Meld {
    /// Build and validate a meld. `called`/`from` say which tile was claimed and from
    /// whom (unknown when `None`; a chi's source is always the left seat); `added`
    /// is the tile a kakan added to its pon.
    pub fn new(
        kind: MeldKind,
        tiles: &[Tile],
        called: Option<Tile>,
        from: Option<Relative>,
        added: Option<Tile>,
    ) -> Result<Meld> {
        let bad = |why: String| meld_error(kind, tiles, &why);
        let want = if kind.is_kan() { 4 } else { 3 };
        if tiles.len() != want {
            return Err(bad(format!(
                "{} {} has {want} tiles, not {}",
                article(kind),
                kind.name(),
                tiles.len()
            )));
        }
        // Sorted in place: the meld's own array, its unused slot a copy of the first.
        let mut arr = [tiles[0]; 4];
        arr[..want].copy_from_slice(tiles);
        let sorted = &mut arr[..want];
        sorted.sort_unstable();
        let sorted = &*sorted;
        let k0 = sorted[0].kind();
        if kind == MeldKind::Chi {
            if sorted[0].is_honor() {
                return Err(bad("a chi cannot be made of honors".into()));
            }
            let run = sorted[1].kind() == k0 + 1
                && sorted[2].kind() == k0 + 2
                && sorted[2].suit() == sorted[0].suit();
            if !run {
                return Err(bad("a chi is three consecutive tiles of one suit".into()));
            }
        } else if sorted.iter().any(|t| t.kind() != k0) {
            return Err(bad(format!(
                "{} {} is {want} tiles of one kind",
                article(kind),
                kind.name()
            )));
        }
        let from = match (kind, called, from) {
            (MeldKind::Ankan, None, None) => None,
            (MeldKind::Ankan, _, _) => {
                return Err(bad("an ankan has no called tile and no source seat".into()))
            }
            (_, Some(c), _) if !sorted.contains(&c) => {
                return Err(bad(format!("the called tile {c} is not in the meld")));
            }
            (_, None, Some(_)) => return Err(bad("a source seat needs the called tile".into())),
            (MeldKind::Chi, Some(_), None | Some(Relative::Left)) => Some(Relative::Left),
            (MeldKind::Chi, _, Some(r)) => {
                return Err(bad(format!(
                    "a chi is called from the left seat, not {}",
                    r.name()
                )))
            }
            (_, Some(_), None) => return Err(bad("a called tile needs its source seat".into())),
            (_, _, f) => f,
        };
        match (kind, added) {
            (MeldKind::Kakan, Some(a)) if sorted.contains(&a) => {
                if let Some(c) = called {
                    // The called tile must be another copy than the added one.
                    let copies = |t: Tile| sorted.iter().filter(|&&x| x == t).count();
                    if c == a && copies(c) < 2 {
                        return Err(bad(format!(
                            "the called tile {c} and the added tile {a} are the same copy"
                        )));
                    }
                }
            }
            (MeldKind::Kakan, Some(a)) => {
                return Err(bad(format!("the added tile {a} is not in the meld")))
            }
            (MeldKind::Kakan, None) => {
                return Err(bad("a kakan needs the tile added to its pon".into()))
            }
            (_, Some(_)) => return Err(bad("only a kakan has an added tile".into())),
            (_, None) => {}
        }
        let first = arr[0];
        arr[want..].fill(first);
        Ok(Meld {
            kind,
            tiles: arr,
            len: want as u8,
            called,
            from,
            added,
        })
    }

    pub const fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The meld's tiles, sorted.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles[..self.len as usize]
    }

    pub const fn called(&self) -> Option<Tile> {
        self.called
    }

    pub const fn from(&self) -> Option<Relative> {
        self.from
    }

    pub const fn added(&self) -> Option<Tile> {
        self.added
    }

    pub const fn is_open(&self) -> bool {
        self.kind.is_open()
    }

    /// Kind of the lowest tile (the meld's identity for shape purposes).
    pub const fn first_kind(&self) -> u8 {
        self.tiles[0].kind()
    }
}

fn article(kind: MeldKind) -> &'static str {
    if kind == MeldKind::Ankan {
        "an"
    } else {
        "a"
    }
}

fn meld_error(kind: MeldKind, tiles: &[Tile], why: &str) -> MahjongError {
    let shown = mpsz::format_tiles(tiles);
    MahjongError::InvalidMeld(format!("{} of {}: {why}", kind.name(), quoted(&shown)))
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&mpsz::format_meld(self))
    }
}

impl std::str::FromStr for Meld {
    type Err = MahjongError;
    fn from_str(s: &str) -> Result<Meld> {
        mpsz::parse_meld(s)
    }
}
