//! Every reading of a complete hand: how its concealed tiles split into sets and a
//! pair (or seven pairs, or kokushi), the melds as further sets, and, given the
//! winning tile, each place it can have completed with the wait shape that made.

use super::shanten::{Tally, YAOCHUU};
use super::{suit_splits, table};
use crate::hand::Hand;
use crate::meld::MeldKind;
use crate::tile::Counts;

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

/// A decomposition held in place (no allocation): what a score result keeps. A
/// complete hand has at most 4 sets and 7 pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CompactDecomposition {
    form: Form,
    blocks: [Block; 4],
    n_blocks: u8,
    pairs: [u8; 7],
    n_pairs: u8,
}

impl CompactDecomposition {
    /// A copy of `d` (at most 4 sets and 7 pairs are kept).
    pub fn new(d: DecompositionRef<'_>) -> Self {
        let mut c = CompactDecomposition {
            form: d.form,
            blocks: [Block {
                shape: BlockShape::Shuntsu,
                first: 0,
                meld: None,
            }; 4],
            n_blocks: d.blocks.len().min(4) as u8,
            pairs: [0; 7],
            n_pairs: d.pairs.len().min(7) as u8,
        };
        c.blocks[..c.n_blocks as usize].copy_from_slice(&d.blocks[..c.n_blocks as usize]);
        c.pairs[..c.n_pairs as usize].copy_from_slice(&d.pairs[..c.n_pairs as usize]);
        c
    }

    pub fn as_view(&self) -> DecompositionRef<'_> {
        DecompositionRef {
            form: self.form,
            blocks: &self.blocks[..self.n_blocks as usize],
            pairs: &self.pairs[..self.n_pairs as usize],
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
    out.sort_unstable();
    out
}

/// Call `f(pair, sets)` for each standard split of `counts` (sets sorted), each
/// once, in a fixed order: that of a search kind by kind from the lowest, by the
/// choice made at each kind (see `suit_splits`). Each numbered suit's splits come
/// from the table of suit splits; the honors split only as triplets and the pair.
pub fn for_each_split(counts: &Counts, f: impl FnMut(u8, &[Block])) {
    splits_then(counts, &[NO_BLOCK; 4], 0, f);
}

const NO_BLOCK: Block = Block {
    shape: BlockShape::Shuntsu,
    first: 0,
    meld: None,
};

/// Bytes of `x` equal to `v`, as the high bit of each.
const fn bytes_equal(x: u64, v: u8) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let t = x ^ (v as u64 * 0x0101_0101_0101_0101);
    !(((t & LOW) + LOW) | t | LOW)
}

/// [`for_each_split`] with the first `m` blocks of `tail` after each split's sets.
#[inline(never)]
fn splits_then(counts: &Counts, tail: &[Block; 4], m: usize, mut f: impl FnMut(u8, &[Block])) {
    // The honors, a byte each: 0, 2 (the pair), 3 (a triplet) or 5 (both).
    let mut honors = [0u8; 8];
    honors[..7].copy_from_slice(&counts[27..]);
    let h = u64::from_le_bytes(honors);
    let (two, three, five) = (bytes_equal(h, 2), bytes_equal(h, 3), bytes_equal(h, 5));
    if (bytes_equal(h, 0) | two | three | five) != 0x8080_8080_8080_8080 {
        return;
    }
    let honor_pairs = two | five;
    let mut honor_trips = three | five;
    let n_honor_trips = honor_trips.count_ones() as usize;
    if honor_pairs.count_ones() > 1 || n_honor_trips > 4 {
        return;
    }
    let honor_pair = (honor_pairs != 0).then(|| 27 + (honor_pairs.trailing_zeros() / 8) as u8);
    // Each suit's splits (an empty suit: the empty split); one group has the pair.
    let mut splits = [[suit_splits::EMPTY; suit_splits::MOST_SPLITS]; 3];
    let mut lens = [0; 3];
    let mut pairs = u32::from(honor_pair.is_some());
    for (g, (list, len)) in splits.iter_mut().zip(&mut lens).enumerate() {
        let Some(key) = suit_splits::key(counts[9 * g..9 * g + 9].try_into().expect("9 kinds"))
        else {
            return;
        };
        (*list, *len) = table::splits_of_suit(key);
        pairs += u32::from(suit_splits::pair(list[0]).is_some());
    }
    if pairs != 1 || lens.contains(&0) {
        return;
    }
    let mut out = [NO_BLOCK; 8];
    // The honor triplets come last: written once, from the end of the sets.
    let mut honor_blocks = [NO_BLOCK; 4];
    for b in &mut honor_blocks[..n_honor_trips] {
        b.shape = BlockShape::Koutsu;
        b.first = 27 + (honor_trips.trailing_zeros() / 8) as u8;
        honor_trips &= honor_trips - 1;
    }
    let room = 4 - n_honor_trips;
    for &a in &splits[0][..lens[0]] {
        for &b in &splits[1][..lens[1]] {
            for &c in &splits[2][..lens[2]] {
                let chosen = [a, b, c];
                if chosen.iter().map(|&s| suit_splits::sets(s)).sum::<usize>() > room {
                    continue;
                }
                // Each group writes 4 blocks from the sets so far (at most 4, so
                // they fit) and keeps as many as it has: no branch on the counts.
                let mut n = 0;
                let mut pair = honor_pair.unwrap_or(0);
                for (g, &s) in chosen.iter().enumerate() {
                    let base = 9 * g as u8;
                    for (i, o) in out[n..n + 4].iter_mut().enumerate() {
                        *o = Block {
                            shape: BlockShape::Shuntsu,
                            first: base + suit_splits::run(s, i),
                            meld: None,
                        };
                    }
                    n += suit_splits::run_count(s);
                    let p = suit_splits::pair(s);
                    pair = p.map_or(pair, |p| base + p);
                }
                for (g, &s) in chosen.iter().enumerate() {
                    let mut trips = suit_splits::triplets(s);
                    for o in &mut out[n..n + 4] {
                        *o = Block {
                            shape: BlockShape::Koutsu,
                            first: 9 * g as u8 + trips.trailing_zeros() as u8,
                            meld: None,
                        };
                        trips &= trips.wrapping_sub(1);
                    }
                    n += suit_splits::triplets(s).count_ones() as usize;
                }
                out[n..n + 4].copy_from_slice(&honor_blocks);
                n += n_honor_trips;
                out[n..n + 4].copy_from_slice(tail);
                f(pair, &out[..n + m]);
            }
        }
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
    // Standard forms by pair then sets, then seven pairs, then kokushi.
    out.sort_by(|a, b| (a.form, &a.pairs, &a.blocks).cmp(&(b.form, &b.pairs, &b.blocks)));
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
    let mut tail = [NO_BLOCK; 4];
    for (b, meld) in tail.iter_mut().zip(melds) {
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
    splits_then(counts, &tail, melds.len().min(4), |pair, blocks| {
        f(DecompositionRef {
            form: Form::Standard,
            blocks,
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
        // Seven kinds held twice and 14 tiles: each of them twice.
        let mut pairs = [0u8; 7];
        let mut twice = tally.twice;
        for p in &mut pairs {
            *p = twice.trailing_zeros() as u8;
            twice &= twice.wrapping_sub(1);
        }
        f(DecompositionRef {
            form: Form::Chiitoitsu,
            blocks: &[],
            pairs: &pairs,
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
    use crate::tile::KINDS;

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
    fn every_split_once() {
        // Every single-suit hand of at most 14 tiles: no split is found twice.
        fn walk(c: &mut Counts, k: usize, n: usize, most: &mut usize) {
            if k == 9 {
                if n % 3 == 2 {
                    let mut seen: Vec<(u8, Vec<Block>)> = Vec::new();
                    for_each_split(c, |p, s| {
                        let x = (p, s.to_vec());
                        assert!(!seen.contains(&x), "{c:?} twice: {x:?}");
                        seen.push(x);
                    });
                    *most = (*most).max(seen.len());
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
        assert!(most >= 4);
    }

    /// The search [`for_each_split`] replaced (kind by kind over the whole hand),
    /// kept as the reference its splits and their order are checked against.
    fn splits_by_kind(counts: &Counts, mut f: impl FnMut(u8, &[Block])) {
        /// The sets chosen so far: runs and triplets by first kind, each ascending
        /// (so runs then triplets is the sorted order of blocks).
        #[derive(Default)]
        struct Chosen {
            runs: [u8; 4],
            nr: usize,
            trips: [u8; 4],
            nt: usize,
        }
        /// At the lowest kind `k` left, every choice of what its tiles make (the pair
        /// or not, a triplet or not, the rest runs starting at `k`) is tried once,
        /// so each split is found exactly once.
        fn go<F: FnMut(u8, &[Block])>(
            c: &mut Counts,
            // Kinds with tiles left, as bits.
            left: u64,
            pair_group: (usize, usize),
            pair: Option<u8>,
            sets: &mut Chosen,
            f: &mut F,
        ) {
            if left == 0 {
                if let Some(p) = pair {
                    let block = |shape, first| Block {
                        shape,
                        first,
                        meld: None,
                    };
                    let mut out = [block(BlockShape::Shuntsu, 0); 4];
                    for (o, &r) in out.iter_mut().zip(&sets.runs[..sets.nr]) {
                        *o = block(BlockShape::Shuntsu, r);
                    }
                    for (o, &t) in out[sets.nr..].iter_mut().zip(&sets.trips[..sets.nt]) {
                        *o = block(BlockShape::Koutsu, t);
                    }
                    f(p, &out[..sets.nr + sets.nt]);
                }
                return;
            }
            let k = left.trailing_zeros() as usize;
            let x = c[k] as usize;
            let kk = k as u8;
            let can_pair = pair.is_none() && x >= 2 && (pair_group.0..pair_group.1).contains(&k);
            for with_pair in [false, true] {
                if with_pair && !can_pair {
                    continue;
                }
                let rest = x - 2 * usize::from(with_pair);
                for triplet in [false, true] {
                    if triplet && rest < 3 {
                        continue;
                    }
                    let runs = rest - 3 * usize::from(triplet);
                    if sets.nr + sets.nt + usize::from(triplet) + runs > 4 {
                        continue;
                    }
                    if runs > 0
                        && !(k < 27
                            && k % 9 <= 6
                            && c[k + 1] as usize >= runs
                            && c[k + 2] as usize >= runs)
                    {
                        continue;
                    }
                    let (nr, nt) = (sets.nr, sets.nt);
                    if triplet {
                        sets.trips[nt] = kk;
                        sets.nt += 1;
                    }
                    for r in &mut sets.runs[nr..nr + runs] {
                        *r = kk;
                    }
                    sets.nr += runs;
                    let saved = c[k];
                    c[k] = 0;
                    let mut next = left & !(1 << k);
                    if runs > 0 {
                        c[k + 1] -= runs as u8;
                        c[k + 2] -= runs as u8;
                        next &= !(u64::from(c[k + 1] == 0) << (k + 1));
                        next &= !(u64::from(c[k + 2] == 0) << (k + 2));
                    }
                    let p = if with_pair { Some(kk) } else { pair };
                    go(c, next, pair_group, p, sets, f);
                    c[k] = saved;
                    if runs > 0 {
                        c[k + 1] += runs as u8;
                        c[k + 2] += runs as u8;
                    }
                    (sets.nr, sets.nt) = (nr, nt);
                }
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
        let left = crate::algo::shanten::Tally::of(counts).once;
        go(
            &mut counts.clone(),
            left,
            pair_group,
            None,
            &mut Chosen::default(),
            &mut f,
        );
    }

    fn same_splits(c: &Counts) {
        let (mut new, mut old) = (Vec::new(), Vec::new());
        for_each_split(c, |p, s| new.push((p, s.to_vec())));
        splits_by_kind(c, |p, s| old.push((p, s.to_vec())));
        assert_eq!(new, old, "{c:?}");
    }

    #[test]
    fn splits_as_the_search_by_kind() {
        // Every one-suit hand of at most 14 tiles, each count up to 5 (a fifth
        // copy), in the first and the last suit.
        fn walk(c: &mut Counts, k: usize, n: usize, base: usize) {
            if k == 9 {
                same_splits(c);
                return;
            }
            for x in 0..=5.min(14 - n) {
                c[base + k] = x as u8;
                walk(c, k + 1, n + x, base);
            }
            c[base + k] = 0;
        }
        walk(&mut [0; KINDS], 0, 0, 0);
        walk(&mut [0; KINDS], 0, 0, 18);
        // Random hands over every kind, and with counts past any hand's.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for i in 0..300_000 {
            let mut c = [0u8; KINDS];
            let tiles = if i % 10 == 0 { 20 } else { 14 };
            for _ in 0..tiles {
                let k = (next() % if i % 2 == 0 { 34 } else { 12 }) as usize;
                c[k] += 1;
            }
            same_splits(&c);
        }
        let mut c = [0u8; KINDS];
        for x in 0..=20 {
            c[4] = x;
            c[30] = x;
            same_splits(&c);
        }
        // Every count of a suit or of all kinds at once, up to past any key.
        for x in [1, 2, 3, 4, 5, 8, 9, 15, 16, 255] {
            let mut suit = [0u8; KINDS];
            suit[9..18].fill(x);
            same_splits(&suit);
            same_splits(&[x; KINDS]);
        }
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
