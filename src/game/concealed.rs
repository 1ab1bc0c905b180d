//! A seat's concealed tiles, with the count of each kind and the tiles of each
//! group kept beside them: the checks made on every discard (ron, pon, chi, by
//! each other seat) read the counts instead of counting the tiles again.

use std::fmt;
use std::ops::Deref;

use crate::algo::agari;
use crate::algo::shanten::group_of;
use crate::tile::{Counts, Tile, KINDS};

/// Concealed tiles in the order they were dealt and drawn (the drawn tile last
/// on one's turn), read as a slice of tiles; changed only through the methods
/// here, which keep the counts.
#[derive(Clone)]
pub struct Concealed {
    tiles: Vec<Tile>,
    counts: Counts,
    /// Tiles of each group: man, pin, sou, honors.
    sizes: [u8; 4],
    /// Red fives held: man, pin, sou.
    reds: [u8; 3],
    /// Known to be short of tenpai, so that no tile completes it (noted by
    /// whoever worked its shanten out; any change forgets it).
    short_of_tenpai: bool,
}

impl Concealed {
    /// The count of each kind (red fives counted with their kind).
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The counts with `tile` added, and the tiles of each group with it (see
    /// [`crate::algo::agari::group_sizes`]).
    pub fn counts_with(&self, tile: Tile) -> (Counts, [u8; 4]) {
        let k = tile.kind() as usize;
        let mut c = self.counts;
        c[k] += 1;
        (c, self.sizes_with(k))
    }

    /// The group sizes with a tile of kind `k` added, worked out in a register.
    fn sizes_with(&self, k: usize) -> [u8; 4] {
        (u32::from_le_bytes(self.sizes) + (1 << (8 * group_of(k)))).to_le_bytes()
    }

    /// Notes that the hand is short of tenpai (its shanten is 1 or more), as
    /// worked out by the caller, until it changes: [`Concealed::completed_by`]
    /// is then false at once.
    pub fn note_short_of_tenpai(&mut self) {
        self.short_of_tenpai = true;
    }

    /// Whether `tile` completes the hand beside `melds` melds; the counts are
    /// read only when the groups' sizes allow it.
    pub fn completed_by(&self, tile: Tile, melds: usize) -> bool {
        if self.short_of_tenpai {
            return false;
        }
        let k = tile.kind() as usize;
        let sizes = self.sizes_with(k);
        agari::sizes_fit(sizes, melds) && {
            let mut c = self.counts;
            c[k] += 1;
            agari::is_complete_sized(&c, sizes, melds)
        }
    }

    /// The tiles in order (a red five before the plain ones of its kind) into
    /// `out`, read off the counts: each kind writes four copies of itself and
    /// moves on by its count, with no comparison.
    pub fn sorted_into(&self, out: &mut Vec<Tile>) {
        out.clear();
        // Four more than the tiles: the last kind's copies are written whole.
        let mut sorted = [Tile::from_kind(0).expect("a kind"); 18];
        let mut n = 0;
        let mut more_than_four = false;
        for (k, &c) in self.counts.iter().enumerate() {
            if n > 14 {
                break;
            }
            let t = Tile::from_kind(k as u8).expect("a kind");
            sorted[n..n + 4].fill(t);
            n += usize::from(c);
            more_than_four |= c > 4;
        }
        // More tiles than a hand holds, or a kind more than four times: sorted.
        if n > 14 || more_than_four {
            out.extend_from_slice(&self.tiles);
            out.sort_unstable();
            return;
        }
        // The red copies go first among their kind's.
        for (suit, &red) in self.reds.iter().enumerate() {
            if red > 0 {
                let five = 9 * suit + 4;
                let at: usize = self.counts[..five].iter().map(|&c| usize::from(c)).sum();
                let t = Tile::from_id(34 + suit as u8).expect("a red five");
                sorted[at..at + usize::from(red)].fill(t);
            }
        }
        out.extend_from_slice(&sorted[..n]);
    }

    /// Adds a tile at the end (a draw).
    pub fn push(&mut self, t: Tile) {
        self.tiles.push(t);
        self.count(t, 1);
    }

    /// Removes and returns the tile at `i`, keeping the others' order.
    pub fn remove(&mut self, i: usize) -> Tile {
        let t = self.tiles.remove(i);
        self.count(t, -1);
        t
    }

    /// Removes the first copy of `t` (the same red or plain five); whether one
    /// was held.
    pub fn take(&mut self, t: Tile) -> bool {
        match self.tiles.iter().position(|x| *x == t) {
            Some(i) => {
                self.remove(i);
                true
            }
            None => false,
        }
    }

    /// Puts `t` in place of the tile at `i`, which it returns.
    pub fn replace(&mut self, i: usize, t: Tile) -> Tile {
        let old = std::mem::replace(&mut self.tiles[i], t);
        self.count(old, -1);
        self.count(t, 1);
        old
    }

    fn count(&mut self, t: Tile, by: i8) {
        self.short_of_tenpai = false;
        let k = t.kind() as usize;
        self.counts[k] = self.counts[k].wrapping_add_signed(by);
        let g = group_of(k);
        self.sizes[g] = self.sizes[g].wrapping_add_signed(by);
        if t.is_red() {
            let r = usize::from(t.id() - 34);
            self.reds[r] = self.reds[r].wrapping_add_signed(by);
        }
    }
}

impl From<Vec<Tile>> for Concealed {
    fn from(tiles: Vec<Tile>) -> Self {
        let mut c = Concealed {
            tiles: Vec::with_capacity(tiles.len().max(14)),
            counts: [0; KINDS],
            sizes: [0; 4],
            reds: [0; 3],
            short_of_tenpai: false,
        };
        for t in tiles {
            c.push(t);
        }
        c
    }
}

impl Default for Concealed {
    fn default() -> Self {
        Concealed::from(Vec::new())
    }
}

impl<'a> IntoIterator for &'a Concealed {
    type Item = &'a Tile;
    type IntoIter = std::slice::Iter<'a, Tile>;
    fn into_iter(self) -> Self::IntoIter {
        self.tiles.iter()
    }
}

impl FromIterator<Tile> for Concealed {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        Concealed::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl Deref for Concealed {
    type Target = [Tile];
    fn deref(&self) -> &[Tile] {
        &self.tiles
    }
}

/// Equal when the same tiles are held in the same order (the counts follow).
impl PartialEq for Concealed {
    fn eq(&self, other: &Self) -> bool {
        self.tiles == other.tiles
    }
}

impl Eq for Concealed {}

impl PartialEq<Vec<Tile>> for Concealed {
    fn eq(&self, other: &Vec<Tile>) -> bool {
        &self.tiles == other
    }
}

/// The tiles, as a list.
impl fmt::Debug for Concealed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.tiles.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::wall::Rng;

    fn recount(tiles: &[Tile]) -> Counts {
        let mut c = [0u8; KINDS];
        for t in tiles {
            c[t.kind() as usize] += 1;
        }
        c
    }

    /// Every change keeps the counts and group sizes those of the tiles held,
    /// red fives with their kind.
    #[test]
    fn the_counts_follow_every_change() {
        let mut rng = Rng::new(3);
        let all: Vec<Tile> = (0..37).filter_map(Tile::from_id).collect();
        let pick = |rng: &mut Rng| all[rng.below(all.len() as u64) as usize];
        let mut c = Concealed::from((0..13).map(|_| pick(&mut rng)).collect::<Vec<_>>());
        for step in 0..20_000 {
            match step % 4 {
                0 if c.len() < 14 => c.push(pick(&mut rng)),
                1 if !c.is_empty() => {
                    let i = rng.below(c.len() as u64) as usize;
                    let want = c[i];
                    assert_eq!(c.remove(i), want);
                }
                2 if !c.is_empty() => {
                    let i = rng.below(c.len() as u64) as usize;
                    let t = pick(&mut rng);
                    c.replace(i, t);
                    assert_eq!(c[i], t);
                }
                _ => {
                    let t = pick(&mut rng);
                    let held = c.contains(&t);
                    assert_eq!(c.take(t), held, "{c:?} {t}");
                }
            }
            assert_eq!(*c.counts(), recount(&c), "{c:?}");
            let mut sorted = Vec::new();
            c.sorted_into(&mut sorted);
            let mut want = c.to_vec();
            want.sort();
            assert_eq!(sorted, want);
            let t = pick(&mut rng);
            let (with, sizes) = c.counts_with(t);
            let mut want = recount(&c);
            want[t.kind() as usize] += 1;
            assert_eq!(with, want);
            assert_eq!(sizes, agari::group_sizes(&want), "{c:?} + {t}");
            if want.iter().all(|&n| n <= 4) {
                let melds = (14 - c.len()) / 3;
                let complete = agari::is_complete(&want, melds);
                assert_eq!(c.completed_by(t, melds), complete, "{c:?} + {t}");
            }
        }
    }

    /// A hand noted short of tenpai is completed by nothing until it
    /// changes: any change (a draw, a discard, a replaced tile) forgets it.
    #[test]
    fn a_note_short_of_tenpai_lasts_until_the_hand_changes() {
        let tiles = crate::notation::mpsz::parse_tiles("123m456p789s1122z").unwrap();
        let (one, two) = (tiles[9], tiles[11]);
        let mut c = Concealed::from(tiles[..13].to_vec());
        assert!(c.completed_by(one, 0) && c.completed_by(two, 0));
        let changes: [fn(&mut Concealed, Tile); 3] = [
            |c, t| {
                c.push(t);
                assert!(c.take(t));
            },
            |c, _| {
                let t = c.remove(0);
                c.push(t);
            },
            |c, _| {
                let t = c[0];
                c.replace(0, t);
            },
        ];
        for change in changes {
            c.note_short_of_tenpai();
            assert!(!c.completed_by(one, 0) && !c.completed_by(two, 0));
            change(&mut c, two);
            assert!(c.completed_by(one, 0) && c.completed_by(two, 0), "{c:?}");
        }
    }

    /// Hands built complete (1-4 sets, runs and triplets, and a pair, with 4 - sets
    /// melds beside them), one tile taken out: that tile completes them, and
    /// agrees with `is_complete` for every other kind.
    #[test]
    fn a_hand_is_completed_by_what_completes_its_counts() {
        let mut rng = Rng::new(4);
        let mut completed = 0;
        for i in 0..5_000 {
            let sets = 1 + i % 4;
            let mut c = [0u8; KINDS];
            let add = |c: &mut Counts, k: usize, n: u8| {
                c[k] += n;
                c[k] <= 4
            };
            let mut ok = add(&mut c, rng.below(34) as usize, 2);
            for _ in 0..sets {
                let k = rng.below(34) as usize;
                ok &= if k < 27 && k % 9 < 7 && rng.below(2) == 0 {
                    (k..k + 3).all(|x| add(&mut c, x, 1))
                } else {
                    add(&mut c, k, 3)
                };
            }
            if !ok {
                continue;
            }
            let mut tiles: Vec<Tile> = (0..KINDS)
                .flat_map(|k| std::iter::repeat_n(k, c[k] as usize))
                .map(|k| Tile::from_kind(k as u8).expect("a kind"))
                .collect();
            let out = tiles.remove(rng.below(tiles.len() as u64) as usize);
            let hand = Concealed::from(tiles);
            let melds = 4 - sets;
            assert!(hand.completed_by(out, melds), "{hand:?} + {out}");
            completed += 1;
            // Every kind of which a copy is left (a fifth is never drawn).
            for k in (0..KINDS).filter(|&k| hand.counts()[k] < 4) {
                let t = Tile::from_kind(k as u8).expect("a kind");
                let (with, _) = hand.counts_with(t);
                assert_eq!(
                    hand.completed_by(t, melds),
                    agari::is_complete(&with, melds),
                    "{hand:?} + {t}"
                );
            }
        }
        assert!(completed > 3_000, "{completed}");
    }
}
