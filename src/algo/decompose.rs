//! Every reading of a complete hand: how its concealed tiles split into sets and a
//! pair (or seven pairs, or kokushi), the melds as further sets, and, given the
//! winning tile, each place it can have completed with the wait shape that made.

use super::shanten::{Tally, YAOCHUU};
use crate::hand::Hand;
use crate::meld::MeldKind;
use crate::tile::{Counts, KINDS};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BlockShape {
    /// Three consecutive kinds of a numbered suit.
    Shuntsu,
    /// Three of a kind.
    Koutsu,
    /// Four of a kind (a declared kan).
    Kantsu,
}

/// One set of a reading: its shape, first kind, and whether it came from a meld
/// (`open` for every meld but ankan).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block {
    pub shape: BlockShape,
    pub first: u8,
    pub meld: Option<MeldKind>,
}

impl Block {
    pub fn is_open(&self) -> bool {
        self.meld.is_some_and(MeldKind::is_open)
    }

    /// Whether the set holds a tile of kind `k`.
    pub fn contains(&self, k: u8) -> bool {
        match self.shape {
            BlockShape::Shuntsu => (self.first..self.first + 3).contains(&k),
            _ => self.first == k,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    Standard,
    Chiitoitsu,
    Kokushi,
    /// Shiisan puutaa (local yakuman): no sets, 13 kinds and a pair.
    ShiisanPuutaa,
}

impl Form {
    pub const fn name(self) -> &'static str {
        match self {
            Form::Standard => "standard",
            Form::Chiitoitsu => "chiitoitsu",
            Form::Kokushi => "kokushi",
            Form::ShiisanPuutaa => "shiisan_puutaa",
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Wait {
    #[default]
    Ryanmen,
    Kanchan,
    Penchan,
    Tanki,
    Shanpon,
    /// Kokushi waiting on its one missing kind.
    KokushiSingle,
    /// Kokushi holding all 13 kinds, waiting on any of them.
    Kokushi13,
}

impl Wait {
    pub const fn name(self) -> &'static str {
        match self {
            Wait::Ryanmen => "ryanmen",
            Wait::Kanchan => "kanchan",
            Wait::Penchan => "penchan",
            Wait::Tanki => "tanki",
            Wait::Shanpon => "shanpon",
            Wait::KokushiSingle => "kokushi",
            Wait::Kokushi13 => "kokushi13",
        }
    }
}

/// How a complete hand splits. `blocks` lists the concealed sets (sorted) then the
/// melds in hand order; `pairs` holds one kind, or seven for chiitoitsu (for
/// kokushi, the doubled kind).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Decomposition {
    pub form: Form,
    pub blocks: Vec<Block>,
    pub pairs: Vec<u8>,
}

/// A decomposition read with a winning tile: the wait shape, and which set took
/// the tile (`None` when it completed the pair, or for chiitoitsu and kokushi).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    pub decomposition: Decomposition,
    pub wait: Wait,
    pub win_block: Option<usize>,
}

/// Standard splits of concealed counts (any count, fifth copies included) into
/// sets and exactly one pair, each distinct split once.
pub fn standard_splits(counts: &Counts) -> Vec<(u8, Vec<Block>)> {
    fn go(
        c: &mut Counts,
        pair: Option<u8>,
        sets: &mut Vec<Block>,
        out: &mut Vec<(u8, Vec<Block>)>,
    ) {
        let Some(k) = (0..KINDS).find(|&k| c[k] > 0) else {
            if let Some(p) = pair {
                let mut s = sets.clone();
                s.sort_unstable();
                out.push((p, s));
            }
            return;
        };
        let kk = k as u8;
        if pair.is_none() && c[k] >= 2 {
            c[k] -= 2;
            go(c, Some(kk), sets, out);
            c[k] += 2;
        }
        if c[k] >= 3 {
            c[k] -= 3;
            sets.push(Block {
                shape: BlockShape::Koutsu,
                first: kk,
                meld: None,
            });
            go(c, pair, sets, out);
            sets.pop();
            c[k] += 3;
        }
        if k < 27 && k % 9 <= 6 && c[k + 1] > 0 && c[k + 2] > 0 {
            c[k..k + 3].iter_mut().for_each(|x| *x -= 1);
            sets.push(Block {
                shape: BlockShape::Shuntsu,
                first: kk,
                meld: None,
            });
            go(c, pair, sets, out);
            sets.pop();
            c[k..k + 3].iter_mut().for_each(|x| *x += 1);
        }
    }
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    let mut out = Vec::new();
    if n % 3 == 2 {
        go(
            &mut counts.clone(),
            None,
            &mut Vec::with_capacity(4),
            &mut out,
        );
        out.sort_unstable();
        out.dedup();
    }
    out
}

/// Every decomposition of a hand whose concealed tiles are 3n+2 (empty when the
/// hand is not complete). Melds are appended to each standard split as sets.
pub fn decompositions(hand: &Hand) -> Vec<Decomposition> {
    decompose_counts(hand.counts(), hand)
}

/// Decompositions of `counts` taken as the concealed part of `hand` (used with an
/// added tile that may be a fifth copy).
pub fn decompose_counts(counts: &Counts, hand: &Hand) -> Vec<Decomposition> {
    let meld_sets: Vec<Block> = hand
        .melds()
        .iter()
        .map(|m| Block {
            shape: match m.kind() {
                MeldKind::Chi => BlockShape::Shuntsu,
                MeldKind::Pon => BlockShape::Koutsu,
                _ => BlockShape::Kantsu,
            },
            first: m.first_kind(),
            meld: Some(m.kind()),
        })
        .collect();
    let mut out: Vec<Decomposition> = standard_splits(counts)
        .into_iter()
        .map(|(pair, mut sets)| {
            sets.extend_from_slice(&meld_sets);
            Decomposition {
                form: Form::Standard,
                blocks: sets,
                pairs: vec![pair],
            }
        })
        .collect();
    // Seven pairs and kokushi: closed 14-tile hands whose shanten in the form is -1.
    let (tally, n) = Tally::with_size(counts);
    let closed_14 = hand.melds().is_empty() && n == 14;
    if closed_14 && tally.chiitoitsu() == -1 {
        let pairs = (0..KINDS as u8)
            .filter(|&k| counts[k as usize] == 2)
            .collect();
        out.push(Decomposition {
            form: Form::Chiitoitsu,
            blocks: vec![],
            pairs,
        });
    }
    if closed_14 && tally.kokushi() == -1 {
        let pair = YAOCHUU.iter().find(|&&k| counts[k] == 2).map(|&k| k as u8);
        out.push(Decomposition {
            form: Form::Kokushi,
            blocks: vec![],
            pairs: pair.into_iter().collect(),
        });
    }
    out
}

/// Wait shapes with which the winning kind `win` can complete a decomposition:
/// one reading per concealed set or pair that holds it.
pub fn readings(d: &Decomposition, win: u8) -> Vec<Reading> {
    let mut out = Vec::new();
    let mut push = |wait, win_block| {
        out.push(Reading {
            decomposition: d.clone(),
            wait,
            win_block,
        });
    };
    match d.form {
        Form::ShiisanPuutaa => {}
        Form::Chiitoitsu => {
            if d.pairs.contains(&win) {
                push(Wait::Tanki, None);
            }
        }
        Form::Kokushi => {
            if d.pairs.first() == Some(&win) {
                push(Wait::Kokushi13, None);
            } else {
                push(Wait::KokushiSingle, None);
            }
        }
        Form::Standard => {
            if d.pairs[0] == win {
                push(Wait::Tanki, None);
            }
            let mut seen: Vec<(BlockShape, u8, Wait)> = Vec::new();
            for (i, s) in d.blocks.iter().enumerate() {
                if s.meld.is_some() || !s.contains(win) {
                    continue;
                }
                let wait = match s.shape {
                    BlockShape::Shuntsu if win == s.first + 1 => Wait::Kanchan,
                    BlockShape::Shuntsu if win == s.first + 2 && s.first % 9 == 0 => Wait::Penchan,
                    BlockShape::Shuntsu if win == s.first && s.first % 9 == 6 => Wait::Penchan,
                    BlockShape::Shuntsu => Wait::Ryanmen,
                    _ => Wait::Shanpon,
                };
                // Identical sets give identical readings.
                if !seen.contains(&(s.shape, s.first, wait)) {
                    seen.push((s.shape, s.first, wait));
                    push(wait, Some(i));
                }
            }
        }
    }
    out
}

/// Every reading of a complete hand won on a tile of kind `win` (which the
/// concealed tiles must hold).
pub fn all_readings(hand: &Hand, win: u8) -> Vec<Reading> {
    decompositions(hand)
        .iter()
        .flat_map(|d| readings(d, win))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    fn waits(s: &str, win: u8) -> Vec<Wait> {
        let mut w: Vec<Wait> = all_readings(&hand(s), win).iter().map(|r| r.wait).collect();
        w.sort_unstable();
        w.dedup();
        w
    }

    #[test]
    fn splits() {
        assert_eq!(decompositions(&hand("111222333m44455p")).len(), 2);
        // Three standard readings and chiitoitsu.
        assert_eq!(decompositions(&hand("11223344556677m")).len(), 4);
        // 111/222/333/444, 123x3/444, 111/234x3 with 55, and 111/234/345x2 with 22.
        assert_eq!(decompositions(&hand("11122233344455m")).len(), 4);
        assert!(decompositions(&hand("123m456p789s1234z")).is_empty());
        let k = decompositions(&hand("19m19p19s12345677z"));
        assert_eq!(k.len(), 1);
        assert_eq!(k[0].form, Form::Kokushi);
    }

    #[test]
    fn wait_shapes() {
        assert_eq!(waits("345m456p789s111z22z", 2), vec![Wait::Ryanmen]);
        assert_eq!(waits("345m456p789s111z22z", 3), vec![Wait::Kanchan]);
        assert_eq!(waits("789m456p789s111z22z", 6), vec![Wait::Penchan]);
        assert_eq!(waits("123m456p789s111z22z", 2), vec![Wait::Penchan]);
        assert_eq!(waits("123m456p789s111z22z", 27), vec![Wait::Shanpon]);
        assert_eq!(waits("123m456p789s111z22z", 28), vec![Wait::Tanki]);
        // 3455m + 5m: the five completes the 34 run or the 5 single.
        assert_eq!(
            waits("34555m456p789s111z", 4),
            vec![Wait::Ryanmen, Wait::Tanki]
        );
        assert_eq!(waits("19m19p19s12345677z", 33), vec![Wait::Kokushi13]);
        assert_eq!(waits("19m19p19s12345677z", 0), vec![Wait::KokushiSingle]);
        assert_eq!(waits("1122m3344p5566s77z", 27), vec![]);
        assert_eq!(waits("1122m3344p5566s77z", 33), vec![Wait::Tanki]);
    }

    #[test]
    fn melds_are_sets() {
        let d = decompositions(&hand("123m44p [5'55z] (6666s) [7'89p]"));
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].blocks.len(), 4);
        assert!(!d[0].blocks[0].is_open());
        assert!(d[0].blocks[1].is_open());
        assert!(!d[0].blocks[2].is_open());
        assert!(d[0].blocks[3].is_open());
    }
}
