//! What a player may do at a decision point, as the engine takes it.

use crate::tile::Tile;

/// What a player may do at a decision point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Discard a tile (`tsumogiri`: the tile just drawn).
    Discard {
        tile: Tile,
        tsumogiri: bool,
    },
    /// Declare riichi with this discard.
    Riichi {
        tile: Tile,
        tsumogiri: bool,
    },
    Tsumo,
    Ron,
    /// Chi the discard with these two tiles of the hand.
    Chi {
        tiles: [Tile; 2],
    },
    /// Pon the discard with these two tiles of the hand.
    Pon {
        tiles: [Tile; 2],
    },
    /// Open kan on the discard with the three copies in hand.
    Daiminkan,
    /// Closed kan of the four copies of a kind.
    Ankan {
        kind: u8,
    },
    /// Add this tile to a pon.
    Kakan {
        tile: Tile,
    },
    /// Set a North aside as nukidora and draw its replacement (three players,
    /// rule option `kita`).
    Kita,
    /// Abortive draw: nine terminal and honor kinds on one's first draw.
    KyuushuKyuuhai,
    /// Decline every claim.
    Pass,
}

impl Action {
    /// How a claim ranks when claims meet: ron (3), then pon and open kan (2),
    /// then chi (1); anything else 0.
    pub fn claim_priority(&self) -> u8 {
        match self {
            Action::Ron => 3,
            Action::Pon { .. } | Action::Daiminkan => 2,
            Action::Chi { .. } => 1,
            _ => 0,
        }
    }
}

impl std::fmt::Display for Action {
    /// The Python form: `Discard(Tile("5m"), tsumogiri=True)`, `Chi((Tile("3m"), Tile("4m")))`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = |x: Tile| format!("Tile({:?})", x.to_string());
        let b = |x: bool| if x { "True" } else { "False" };
        match *self {
            Action::Discard { tile, tsumogiri } => {
                write!(f, "Discard({}, tsumogiri={})", t(tile), b(tsumogiri))
            }
            Action::Riichi { tile, tsumogiri } => {
                write!(f, "Riichi({}, tsumogiri={})", t(tile), b(tsumogiri))
            }
            Action::Chi { tiles } => write!(f, "Chi(({}, {}))", t(tiles[0]), t(tiles[1])),
            Action::Pon { tiles } => write!(f, "Pon(({}, {}))", t(tiles[0]), t(tiles[1])),
            Action::Daiminkan => f.write_str("Daiminkan()"),
            Action::Ankan { kind } => match Tile::from_kind(kind) {
                Some(k) => write!(f, "Ankan({})", t(k)),
                None => write!(f, "Ankan({kind})"),
            },
            Action::Kakan { tile } => write!(f, "Kakan({})", t(tile)),
            Action::Tsumo => f.write_str("Tsumo()"),
            Action::Ron => f.write_str("Ron()"),
            Action::Kita => f.write_str("Kita()"),
            Action::KyuushuKyuuhai => f.write_str("KyuushuKyuuhai()"),
            Action::Pass => f.write_str("Pass()"),
        }
    }
}
