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

/// A decomposition borrowed from buffers (what the scorer walks without
/// allocating); [`Decomposition`] owns the same parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecompositionRef<'a> {
    pub form: Form,
    pub blocks: &'a [Block],
    pub pairs: &'a [u8],
}

impl Decomposition {
    pub fn as_view(&self) -> DecompositionRef<'_> {
        DecompositionRef {
            form: self.form,
            blocks: &self.blocks,
            pairs: &self.pairs,
        }
    }
}

impl DecompositionRef<'_> {
    pub fn to_owned(self) -> Decomposition {
        Decomposition {
            form: self.form,
            blocks: self.blocks.to_vec(),
            pairs: self.pairs.to_vec(),
        }
    }
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
    let mut out = Vec::new();
    for_each_split(counts, |pair, sets| out.push((pair, sets.to_vec())));
    out
}

/// Call `f(pair, sets)` for each standard split of `counts` (sets sorted). The
/// pair lies in the one group whose count is 2 mod 3, the others split into sets
/// alone; honors split only as triplets: groups that cannot split stop the search
/// before it starts.
/// Room for the distinct standard splits of one hand (the most any hand of at most
/// 14 tiles has is checked by a test).
const MAX_SPLITS: usize = 32;

pub fn for_each_split(counts: &Counts, mut f: impl FnMut(u8, &[Block])) {
    /// A split found: the pair, the sets (sorted) and how many there are.
    type Split = (u8, [Block; 4], usize);
    fn go(
        c: &mut Counts,
        from: usize,
        pair_group: (usize, usize),
        pair: Option<u8>,
        sets: &mut [Block; 4],
        n: usize,
        found: &mut (usize, [Split; MAX_SPLITS]),
    ) {
        let Some(k) = (from..KINDS).find(|&k| c[k] > 0) else {
            if let Some(p) = pair {
                let mut s = *sets;
                s[..n].sort_unstable();
                let (len, list) = found;
                let seen = list[..*len]
                    .iter()
                    .any(|x| x.0 == p && x.2 == n && x.1[..n] == s[..n]);
                if !seen && *len < list.len() {
                    list[*len] = (p, s, n);
                    *len += 1;
                }
            }
            return;
        };
        let kk = k as u8;
        if pair.is_none() && c[k] >= 2 && (pair_group.0..pair_group.1).contains(&k) {
            c[k] -= 2;
            go(c, k, pair_group, Some(kk), sets, n, found);
            c[k] += 2;
        }
        if n == sets.len() {
            return;
        }
        if c[k] >= 3 {
            c[k] -= 3;
            sets[n] = Block {
                shape: BlockShape::Koutsu,
                first: kk,
                meld: None,
            };
            go(c, k, pair_group, pair, sets, n + 1, found);
            c[k] += 3;
        }
        if k < 27 && k % 9 <= 6 && c[k + 1] > 0 && c[k + 2] > 0 {
            c[k..k + 3].iter_mut().for_each(|x| *x -= 1);
            sets[n] = Block {
                shape: BlockShape::Shuntsu,
                first: kk,
                meld: None,
            };
            go(c, k, pair_group, pair, sets, n + 1, found);
            c[k..k + 3].iter_mut().for_each(|x| *x += 1);
        }
    }
    const GROUPS: [(usize, usize); 4] = [(0, 9), (9, 18), (18, 27), (27, 34)];
    let mut pair_group = None;
    for (g, &(lo, hi)) in GROUPS.iter().enumerate() {
        let n: usize = counts[lo..hi].iter().map(|&c| c as usize).sum();
        match n % 3 {
            0 => {}
            2 if pair_group.is_none() => pair_group = Some((lo, hi)),
            _ => return,
        }
        // Honors split only as triplets and one pair (a fifth copy: 3 + 2).
        if g == 3 && counts[lo..hi].iter().any(|&c| c == 1 || c == 4) {
            return;
        }
    }
    let Some(pair_group) = pair_group else {
        return;
    };
    let block = Block {
        shape: BlockShape::Shuntsu,
        first: 0,
        meld: None,
    };
    let mut found = (0, [(0, [block; 4], 0); MAX_SPLITS]);
    go(
        &mut counts.clone(),
        0,
        pair_group,
        None,
        &mut [block; 4],
        0,
        &mut found,
    );
    let found = &mut found.1[..found.0];
    found.sort_unstable_by(|a, b| (a.0, &a.1[..a.2]).cmp(&(b.0, &b.1[..b.2])));
    for (p, sets, n) in found.iter() {
        f(*p, &sets[..*n]);
    }
}

/// Every decomposition of a hand whose concealed tiles are 3n+2 (empty when the
/// hand is not complete). Melds are appended to each standard split as sets.
pub fn decompositions(hand: &Hand) -> Vec<Decomposition> {
    decompose_counts(hand.counts(), hand)
}

/// Decompositions of `counts` taken as the concealed part of `hand` (used with an
/// added tile that may be a fifth copy).
pub fn decompose_counts(counts: &Counts, hand: &Hand) -> Vec<Decomposition> {
    let mut out = Vec::new();
    for_each_decomposition(counts, hand, |d| out.push(d.to_owned()));
    out
}

/// Call `f` with each decomposition of `counts` taken as the concealed part of
/// `hand`: the standard splits with the melds appended as sets, then seven pairs
/// and kokushi for a closed 14-tile hand whose shanten in that form is -1.
pub fn for_each_decomposition(
    counts: &Counts,
    hand: &Hand,
    mut f: impl FnMut(DecompositionRef<'_>),
) {
    let melds = hand.melds();
    let mut blocks = [Block {
        shape: BlockShape::Shuntsu,
        first: 0,
        meld: None,
    }; 8];
    let m = melds.len().min(4);
    for_each_split(counts, |pair, sets| {
        let n = sets.len().min(4);
        blocks[..n].copy_from_slice(&sets[..n]);
        for (b, meld) in blocks[n..n + m].iter_mut().zip(melds) {
            *b = Block {
                shape: match meld.kind() {
                    MeldKind::Chi => BlockShape::Shuntsu,
                    MeldKind::Pon => BlockShape::Koutsu,
                    _ => BlockShape::Kantsu,
                },
                first: meld.first_kind(),
                meld: Some(meld.kind()),
            };
        }
        f(DecompositionRef {
            form: Form::Standard,
            blocks: &blocks[..n + m],
            pairs: &[pair],
        });
    });
    if !melds.is_empty() {
        return;
    }
    let (tally, n) = Tally::with_size(counts);
    if n != 14 {
        return;
    }
    if tally.chiitoitsu() == -1 {
        let mut pairs = [0u8; 7];
        let mut i = 0;
        for k in 0..KINDS {
            if counts[k] == 2 && i < 7 {
                pairs[i] = k as u8;
                i += 1;
            }
        }
        f(DecompositionRef {
            form: Form::Chiitoitsu,
            blocks: &[],
            pairs: &pairs[..i],
        });
    }
    if tally.kokushi() == -1 {
        let pair = YAOCHUU.iter().find(|&&k| counts[k] == 2).map(|&k| k as u8);
        let pairs = [pair.unwrap_or(0)];
        f(DecompositionRef {
            form: Form::Kokushi,
            blocks: &[],
            pairs: &pairs[..usize::from(pair.is_some())],
        });
    }
}

/// Wait shapes with which the winning kind `win` can complete a decomposition:
/// one reading per concealed set or pair that holds it.
pub fn readings(d: &Decomposition, win: u8) -> Vec<Reading> {
    let mut out = Vec::new();
    for_each_reading(d.as_view(), win, |wait, win_block| {
        out.push(Reading {
            decomposition: d.clone(),
            wait,
            win_block,
        });
    });
    out
}

/// [`readings`] without building them: `f(wait, win_block)` for each.
pub fn for_each_reading(d: DecompositionRef<'_>, win: u8, mut f: impl FnMut(Wait, Option<usize>)) {
    match d.form {
        Form::ShiisanPuutaa => {}
        Form::Chiitoitsu => {
            if d.pairs.contains(&win) {
                f(Wait::Tanki, None);
            }
        }
        Form::Kokushi => {
            if d.pairs.first() == Some(&win) {
                f(Wait::Kokushi13, None);
            } else {
                f(Wait::KokushiSingle, None);
            }
        }
        Form::Standard => {
            if d.pairs[0] == win {
                f(Wait::Tanki, None);
            }
            let mut seen = [(BlockShape::Shuntsu, 0u8, Wait::Ryanmen); 4];
            let mut n_seen = 0;
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
                let key = (s.shape, s.first, wait);
                if !seen[..n_seen].contains(&key) {
                    seen[n_seen] = key;
                    n_seen += 1;
                    f(wait, Some(i));
                }
            }
        }
    }
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
    fn split_buffer_holds_every_hand() {
        // Alternatives need 9+ tiles in one suit, so the most splits of any hand
        // of at most 14 tiles is the most of one suit's.
        fn walk(c: &mut Counts, k: usize, n: usize, most: &mut usize) {
            if k == 9 {
                if n % 3 == 2 {
                    let mut count = 0;
                    for_each_split(c, |_, _| count += 1);
                    *most = (*most).max(count);
                }
                return;
            }
            for x in 0..=4.min(14 - n) {
                c[k] = x as u8;
                walk(c, k + 1, n + x, most);
            }
            c[k] = 0;
        }
        let mut most = 0;
        walk(&mut [0; KINDS], 0, 0, &mut most);
        assert!(most < MAX_SPLITS, "{most}");
        assert!(most >= 4);
    }

    #[test]
    fn fifth_copy_of_an_honor_splits() {
        // 4444z and a fifth 4z (a wait on a tile the hand holds all of): 444z + 44z.
        let mut c = *hand("123m456p789s4444z").counts();
        c[30] += 1;
        assert_eq!(standard_splits(&c).len(), 1);
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
