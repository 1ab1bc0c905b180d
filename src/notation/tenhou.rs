//! Tenhou 136-ids: `id / 4` is the kind, `id % 4` the copy; ids 16, 52 and 88
//! (copy 0 of each five) are the red fives.

use crate::error::{MahjongError, Result};
use crate::tile::{Tile, KINDS};

impl Tile {
    /// The tile of a Tenhou 136-id.
    pub fn from_id136(id: u32) -> Result<Tile> {
        match id {
            16 | 52 | 88 => Ok(Tile::from_id(34 + (id / 36) as u8).expect("red five")),
            0..=135 => Ok(Tile::from_kind((id / 4) as u8).expect("kind below 34")),
            _ => Err(MahjongError::InvalidTile(format!(
                "136-id {id} is out of range 0-135"
            ))),
        }
    }
}

/// Give each tile a distinct 136-id: a red five takes copy 0 of its five, plain
/// tiles take the lowest free copy (plain fives never take copy 0).
pub fn to_id136(tiles: &[Tile]) -> Result<Vec<u32>> {
    let mut used = [0u8; KINDS];
    let mut out = Vec::with_capacity(tiles.len());
    for &t in tiles {
        let k = t.kind() as usize;
        let five = matches!(k, 4 | 13 | 22);
        let copy = if t.is_red() {
            0
        } else {
            (0..4u8)
                .find(|&c| used[k] & (1 << c) == 0 && !(five && c == 0))
                .ok_or_else(|| too_many(t))?
        };
        if used[k] & (1 << copy) != 0 {
            return Err(too_many(t));
        }
        used[k] |= 1 << copy;
        out.push(k as u32 * 4 + u32::from(copy));
    }
    Ok(out)
}

fn too_many(t: Tile) -> MahjongError {
    MahjongError::InvalidTile(format!(
        "no free 136-id left for {t}: more copies than the tile set has"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn red_ids() {
        for (id, name) in [(16, "0m"), (52, "0p"), (88, "0s"), (17, "5m"), (135, "7z")] {
            assert_eq!(Tile::from_id136(id).unwrap().to_string(), name);
        }
        assert!(Tile::from_id136(136).is_err());
    }

    #[test]
    fn ids_round_trip() {
        let all: Vec<Tile> = (0..136).map(|i| Tile::from_id136(i).unwrap()).collect();
        let ids = to_id136(&all).unwrap();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..136).collect::<Vec<_>>());
        for (t, id) in all.iter().zip(&ids) {
            assert_eq!(Tile::from_id136(*id).unwrap(), *t);
        }
        let five = Tile::from_kind(4).unwrap();
        assert!(to_id136(&[five; 4]).is_err());
    }
}
