//! Yaku, yakuman and fu of one reading of a complete hand.

use super::context::WinContext;
use super::fu::{FuItem, FuList, FuReason};
use super::yaku::Yaku;
use crate::algo::decompose::{BlockShape, DecompositionRef, Form, Wait};
use crate::meld::MeldKind;
use crate::rules::{
    Daisharin, HyakumanGoku, IsshokuSanjun, Rules, SanshokuTsuukan, ToupuuShinkansen, Tuibuudao,
};
use crate::tile::{Counts, KINDS};

/// A short list on the stack. Only its first `len` items count (compared,
/// hashed, shown): a list emptied for reuse keeps the others unread.
#[derive(Clone, Copy)]
pub struct InlineList<T: Copy + Default, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for InlineList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for InlineList<T, N> {}

impl<T: Copy + Default + std::hash::Hash, const N: usize> std::hash::Hash for InlineList<T, N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: Copy + Default + std::fmt::Debug, const N: usize> std::fmt::Debug for InlineList<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Copy + Default, const N: usize> Default for InlineList<T, N> {
    fn default() -> Self {
        InlineList {
            items: [T::default(); N],
            len: 0,
        }
    }
}

impl<T: Copy + Default, const N: usize> InlineList<T, N> {
    pub fn push(&mut self, t: T) {
        if (self.len as usize) < N {
            self.items[self.len as usize] = t;
            self.len += 1;
        }
    }
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl<const N: usize> InlineList<(Yaku, u8), N> {
    /// Order the entries by yaku (the stable order results list them in).
    pub fn sort_by_yaku(&mut self) {
        self.items[..self.len as usize].sort_unstable_by_key(|&(y, _)| y);
    }
}

/// Yaku with their han (regular) or multiplier (yakuman).
pub type YakuList = InlineList<(Yaku, u8), 24>;

/// Facts of the whole hand that every reading shares.
#[derive(Clone, Debug)]
pub struct HandFacts {
    /// Concealed tiles and melds, a kan counting 4.
    pub all: Counts,
    /// Concealed counts (with the winning tile).
    pub concealed: Counts,
    pub closed: bool,
    pub has_melds: bool,
    pub win: u8,
    /// Kinds present, as bits.
    pub present: u64,
    /// Present groups: bit 0 m, 1 p, 2 s, 3 winds, 4 dragons.
    pub groups: u8,
    pub all_simple: bool,
    pub all_yaochuu: bool,
    pub all_honor: bool,
    pub all_terminal: bool,
    pub all_green: bool,
}

/// A set of kinds as bits.
const fn kinds(list: &[usize]) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < list.len() {
        m |= 1 << list[i];
        i += 1;
    }
    m
}

const GREEN: u64 = kinds(&[19, 20, 21, 23, 25, 32]);
const HONORS: u64 = kinds(&[27, 28, 29, 30, 31, 32, 33]);
const TERMINALS: u64 = kinds(&[0, 8, 9, 17, 18, 26]);
const MAN: u64 = 0x1ff;
const PIN: u64 = 0x1ff << 9;
const SOU: u64 = 0x1ff << 18;
const WINDS: u64 = 0xf << 27;
const DRAGONS: u64 = 0x7 << 31;
const YAOCHUU_KINDS: u64 = crate::algo::shanten::YAOCHUU_BITS;
/// First kinds of the runs an outside hand may have: 123 and 789.
const OUTSIDE_RUNS: u64 = kinds(&[0, 6, 9, 15, 18, 24]);

impl HandFacts {
    pub fn new(
        all: Counts,
        concealed: Counts,
        closed: bool,
        has_melds: bool,
        win: u8,
    ) -> HandFacts {
        let present = crate::algo::shanten::Tally::of(&all).once;
        let groups = [MAN, PIN, SOU, WINDS, DRAGONS]
            .iter()
            .enumerate()
            .fold(0u8, |g, (i, m)| g | u8::from(present & m != 0) << i);
        HandFacts {
            all,
            concealed,
            closed,
            has_melds,
            win,
            present,
            groups,
            all_simple: present & YAOCHUU_KINDS == 0,
            all_yaochuu: present & !YAOCHUU_KINDS == 0,
            all_honor: present & !HONORS == 0,
            all_terminal: present & !TERMINALS == 0,
            all_green: present & !GREEN == 0,
        }
    }

    /// Whether every tile of the hand is of one of the kinds in `allowed`.
    fn only(&self, allowed: u64) -> bool {
        self.present & !allowed == 0
    }

    /// The one numbered suit (0-2) of the hand, when there is exactly one.
    fn one_suit(&self) -> Option<usize> {
        match self.groups & 7 {
            1 => Some(0),
            2 => Some(1),
            4 => Some(2),
            _ => None,
        }
    }

    fn has_honor(&self) -> bool {
        self.groups & 0b1_1000 != 0
    }
}

/// The outcome of one reading before dora and limits.
#[derive(Clone, Debug, Default)]
pub struct Evaluation {
    pub yaku: YakuList,
    pub yakuman: YakuList,
    /// Han of the regular yaku.
    pub yaku_han: u32,
    pub fu: u32,
    /// Fu before rounding (the last tie-break between readings).
    pub raw_fu: u32,
    pub fu_items: FuList,
    /// Yakuman multiplier subject to pao (daisangen, daisuushii, suukantsu by rule).
    pub pao_multiplier: u32,
}

/// Concealed set status of block `i` for a win: melds other than ankan are open,
/// and so is a triplet completed by ron. (Bitwise: branches on which sets are
/// concealed mispredict, as it differs from one win to the next.)
#[allow(clippy::needless_bitwise_bool)]
fn concealed_set(d: DecompositionRef<'_>, i: usize, win_block: Option<usize>, tsumo: bool) -> bool {
    let b = &d.blocks[i];
    let by_ron = !tsumo & (win_block == Some(i)) & (b.shape == BlockShape::Koutsu);
    matches!(b.meld, None | Some(MeldKind::Ankan)) & !by_ron
}

fn is_yakuhai(k: u8, ctx: &WinContext) -> bool {
    k >= 31 || k == 27 + ctx.seat_wind || k == 27 + ctx.round_wind
}

impl Evaluation {
    /// Empty again, for the next reading (the lists' old items stay unread).
    pub fn reset(&mut self) {
        self.yaku.clear();
        self.yakuman.clear();
        self.fu_items.clear();
        self.yaku_han = 0;
        self.fu = 0;
        self.raw_fu = 0;
        self.pao_multiplier = 0;
    }
}

/// Evaluate one reading into `e` (what it held before is dropped): written in
/// place, as the scorer keeps the best evaluation so far beside the current one.
pub fn evaluate(
    f: &HandFacts,
    ctx: &WinContext,
    rules: &Rules,
    d: DecompositionRef<'_>,
    wait: Wait,
    win_block: Option<usize>,
    e: &mut Evaluation,
) {
    e.reset();
    yakuman_of_situation(f, ctx, rules, e);
    match d.form {
        Form::Kokushi => {
            // Robbing a closed kan takes a tile the hand could not hold: never
            // 13-sided. On tenhou the wait is the rules' choice (any tile or none).
            let thirteen = !ctx.robbed_ankan
                && if ctx.tenhou {
                    rules.tenhou_any_winning_tile
                } else {
                    wait == Wait::Kokushi13
                };
            if thirteen {
                e.yakuman
                    .push((Yaku::Kokushi13, Yaku::Kokushi13.yakuman_multiple(rules)));
            } else {
                e.yakuman.push((Yaku::Kokushi, 1));
            }
            if rules.aotenjou && rules.aotenjou_drop_implied {
                // No regular yaku beside it, and fixed fu.
                let fu = if ctx.tsumo { 30 } else { 40 };
                e.fu_items.push(FuItem::new(FuReason::Kokushi, fu, None));
                e.fu = u32::from(fu);
            } else if rules.aotenjou {
                situation_yaku(f, ctx, rules, e, false);
                simple_fu(f, ctx, e);
            }
            // Otherwise no fu: it has no sets (Tenhou records 0), and a yakuman's
            // fu do not count.
        }
        Form::Chiitoitsu => {
            hand_yakuman(f, ctx, rules, e, true);
            if rules.daichisei && f.all_honor {
                e.yakuman.push((Yaku::Daichisei, 2));
            } else if f.all_honor {
                e.yakuman.push((Yaku::Tsuuiisou, 1));
            }
            if e.yakuman.is_empty() || rules.aotenjou {
                situation_yaku(f, ctx, rules, e, false);
                if rules.chiitoitsu_50fu_1han {
                    e.yaku.push((Yaku::Chiitoitsu, 1));
                } else {
                    e.yaku.push((Yaku::Chiitoitsu, 2));
                }
                hand_yaku(f, rules, e);
            }
            let fu = if rules.chiitoitsu_50fu_1han { 50 } else { 25 };
            e.fu_items.push(FuItem::new(FuReason::Chiitoitsu, fu, None));
            e.fu = u32::from(fu);
        }
        Form::Standard => standard(f, ctx, rules, d, wait, win_block, e),
        // Scored apart (it is not a complete hand): see `score::shiisan_puutaa`.
        Form::ShiisanPuutaa => {}
    }
    if rules.aotenjou && rules.aotenjou_drop_implied {
        drop_implied(e);
    }
    e.yaku_han = e.yaku.as_slice().iter().map(|&(_, h)| u32::from(h)).sum();
    // Paarenchan is not a yaku of its own: by rule the hand must have one.
    if ctx.is_paarenchan()
        && rules.paarenchan != crate::rules::Paarenchan::Off
        && (!rules.paarenchan_needs_yaku || e.yaku_han > 0 || !e.yakuman.is_empty())
    {
        e.yakuman.push((Yaku::Paarenchan, 1));
        if !rules.aotenjou {
            e.yaku.clear();
            e.yaku_han = 0;
        }
    }
}

/// The regular yaku each yakuman implies, dropped beside it by
/// `aotenjou_drop_implied` (kokushi's are never counted then).
const IMPLIED: &[(Yaku, &[Yaku])] = &[
    (
        Yaku::Daisangen,
        &[Yaku::Haku, Yaku::Hatsu, Yaku::Chun, Yaku::Shousangen],
    ),
    (Yaku::Tsuuiisou, &[Yaku::Toitoi, Yaku::Honroutou]),
    (Yaku::Chinroutou, &[Yaku::Toitoi, Yaku::Honroutou]),
    (Yaku::Daisuushii, &[Yaku::Toitoi]),
    (Yaku::Suuankou, &[Yaku::Toitoi]),
    (Yaku::SuuankouTanki, &[Yaku::Toitoi]),
    (Yaku::Suukantsu, &[Yaku::Toitoi]),
    (Yaku::Chuuren, &[Yaku::Chinitsu]),
    (Yaku::JunseiChuuren, &[Yaku::Chinitsu]),
    (Yaku::Ryuuiisou, &[Yaku::Honitsu]),
    (
        Yaku::Daisharin,
        &[
            Yaku::Chinitsu,
            Yaku::Pinfu,
            Yaku::Tanyao,
            Yaku::Ryanpeikou,
            Yaku::Chiitoitsu,
        ],
    ),
];

/// Drop the regular yaku the reading's yakuman imply.
fn drop_implied(e: &mut Evaluation) {
    let mut implied: Vec<Yaku> = Vec::new();
    for &(y, _) in e.yakuman.as_slice() {
        if let Some((_, list)) = IMPLIED.iter().find(|(k, _)| *k == y) {
            implied.extend_from_slice(list);
        }
    }
    if implied.is_empty() {
        return;
    }
    let kept: Vec<(Yaku, u8)> = (e.yaku.as_slice().iter())
        .filter(|(y, _)| !implied.contains(y))
        .copied()
        .collect();
    e.yaku.clear();
    for y in kept {
        e.yaku.push(y);
    }
}

/// Fu of a hand without sets (shiisan puutaa; kokushi in aotenjou, where they
/// count): base and the menzen ron or tsumo fu, rounded up.
pub fn simple_fu(f: &HandFacts, ctx: &WinContext, e: &mut Evaluation) {
    e.fu_items.push(FuItem::new(FuReason::Base, 20, None));
    if ctx.tsumo {
        e.fu_items.push(FuItem::new(FuReason::Tsumo, 2, None));
    } else if f.closed {
        e.fu_items.push(FuItem::new(FuReason::MenzenRon, 10, None));
    }
    let raw: u32 = e.fu_items.as_slice().iter().map(|i| u32::from(i.fu)).sum();
    e.fu = raw.div_ceil(10) * 10;
    if e.fu > raw {
        e.fu_items
            .push(FuItem::new(FuReason::RoundUp, (e.fu - raw) as u8, None));
    }
}

/// Yakuman that come from the situation (tenhou, chiihou, renhou, …).
fn yakuman_of_situation(f: &HandFacts, ctx: &WinContext, rules: &Rules, e: &mut Evaluation) {
    let _ = f;
    if ctx.tenhou {
        e.yakuman
            .push((Yaku::Tenhou, if rules.double_tenhou { 2 } else { 1 }));
    }
    if ctx.chiihou {
        e.yakuman.push((Yaku::Chiihou, 1));
    }
    if ctx.renhou && rules.renhou == crate::rules::Renhou::Yakuman {
        e.yakuman.push((Yaku::RenhouYakuman, 1));
    }
    if ctx.open_riichi_deal_in && rules.open_riichi_deal_in_yakuman {
        e.yakuman.push((Yaku::OpenRiichiYakuman, 1));
    }
}

/// Yakuman decided by the tiles alone, whatever the reading.
fn hand_yakuman(f: &HandFacts, ctx: &WinContext, rules: &Rules, e: &mut Evaluation, pairs: bool) {
    let a = &f.all;
    if f.all_green {
        let hatsu = a[32] > 0;
        if hatsu || !rules.ryuuiisou_needs_hatsu {
            let double = !hatsu && rules.double_pure_ryuuiisou;
            e.yakuman
                .push((Yaku::Ryuuiisou, if double { 2 } else { 1 }));
        }
    }
    if f.all_terminal {
        e.yakuman.push((Yaku::Chinroutou, 1));
    }
    // Chuuren: closed, one suit, 1112345678999 plus one.
    if f.closed && !f.has_melds && !f.has_honor() {
        if let Some(s) = f.one_suit() {
            let c = &f.concealed[9 * s..9 * s + 9];
            let shape = c[0] >= 3 && c[8] >= 3 && c[1..8].iter().all(|&x| x >= 1);
            if shape && (s == 0 || !rules.chuuren_manzu_only) {
                let mut before = [0u8; 9];
                before.copy_from_slice(c);
                before[f.win as usize - 9 * s] -= 1;
                // On tenhou any tile may be the winning one (by rule): the one
                // beyond 1112345678999 makes it pure.
                let pure = if ctx.tenhou {
                    rules.tenhou_any_winning_tile
                } else {
                    before == [3, 1, 1, 1, 1, 1, 1, 1, 3]
                };
                if pure {
                    let m = Yaku::JunseiChuuren.yakuman_multiple(rules);
                    e.yakuman.push((Yaku::JunseiChuuren, m));
                } else {
                    e.yakuman.push((Yaku::Chuuren, 1));
                }
            }
        }
    }
    if rules.daisharin != Daisharin::Off && f.closed && !f.has_melds && pairs {
        for s in 0..3 {
            if s != 1 && !rules.daisharin_any_suit {
                continue;
            }
            let want = |k: usize| {
                if (1..8).contains(&(k % 9)) && k / 9 == s {
                    2
                } else {
                    0
                }
            };
            if (0..KINDS).all(|k| f.concealed[k] == want(k)) {
                let m = if rules.daisharin == Daisharin::Double {
                    2
                } else {
                    1
                };
                e.yakuman.push((Yaku::Daisharin, m));
            }
        }
    }
    if rules.hyakuman_goku != HyakumanGoku::Off && f.groups == 1 {
        let sum: u32 = (0..9).map(|k| u32::from(a[k]) * (k as u32 + 1)).sum();
        let m = match rules.hyakuman_goku {
            HyakumanGoku::DoubleAt100 if sum == 100 => 2,
            HyakumanGoku::AtLeast100 | HyakumanGoku::DoubleAt100 if sum >= 100 => 1,
            HyakumanGoku::Over100 if sum > 100 => 1,
            _ => 0,
        };
        if m > 0 {
            e.yakuman.push((Yaku::HyakumanGoku, m));
        }
    }
    if rules.beni_kujaku && f.only(kinds(&[18, 22, 24, 26, 33])) {
        e.yakuman.push((Yaku::BeniKujaku, 1));
    }
    if rules.kouitten && a[33] > 0 && f.only(kinds(&[19, 20, 21, 23, 25, 33])) {
        e.yakuman.push((Yaku::Kouitten, 1));
    }
    let symmetric = match rules.tuibuudao {
        Tuibuudao::Off => 0,
        Tuibuudao::On => kinds(&[9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]),
        Tuibuudao::PinOnly => kinds(&[9, 10, 11, 12, 13, 16, 17]),
    };
    if symmetric != 0 && f.only(symmetric) {
        e.yakuman.push((Yaku::Tuibuudao, 1));
    }
}

/// Regular yaku from the situation: riichi kinds, ippatsu, tsumo, last tile, kans.
fn situation_yaku(f: &HandFacts, ctx: &WinContext, rules: &Rules, e: &mut Evaluation, _std: bool) {
    match (ctx.open_riichi, ctx.double_riichi) {
        (true, true) => e.yaku.push((Yaku::OpenDoubleRiichi, 3)),
        (true, false) => e.yaku.push((Yaku::OpenRiichi, 2)),
        (false, true) => e.yaku.push((Yaku::DoubleRiichi, 2)),
        (false, false) if ctx.riichi => e.yaku.push((Yaku::Riichi, 1)),
        _ => {}
    }
    if ctx.ippatsu {
        e.yaku.push((Yaku::Ippatsu, 1));
    }
    if ctx.tsumo && f.closed {
        e.yaku.push((Yaku::MenzenTsumo, 1));
    }
    if ctx.rinshan {
        e.yaku.push((Yaku::RinshanKaihou, 1));
    }
    if ctx.haitei && (!ctx.rinshan || rules.haitei_with_rinshan) {
        e.yaku.push((Yaku::HaiteiRaoyue, 1));
    }
    if ctx.houtei {
        e.yaku.push((Yaku::HouteiRaoyui, 1));
    }
    if ctx.chankan {
        e.yaku.push((Yaku::Chankan, 1));
    }
}

/// Regular yaku of the tiles alone: tanyao, honroutou, flushes, uumensai.
fn hand_yaku(f: &HandFacts, rules: &Rules, e: &mut Evaluation) {
    if f.all_simple && (f.closed || rules.open_tanyao) {
        e.yaku.push((Yaku::Tanyao, 1));
    }
    if f.all_yaochuu && !f.all_honor && !f.all_terminal {
        let han = if f.closed { rules.honroutou_han } else { 2 };
        e.yaku.push((Yaku::Honroutou, han));
    }
    if f.one_suit().is_some() {
        let closed = u8::from(f.closed);
        if f.has_honor() {
            e.yaku.push((Yaku::Honitsu, 2 + closed));
        } else {
            e.yaku.push((Yaku::Chinitsu, 5 + closed));
        }
    }
    if rules.uumensai && f.groups == 31 {
        e.yaku.push((Yaku::Uumensai, 2));
    }
}

fn standard(
    f: &HandFacts,
    ctx: &WinContext,
    rules: &Rules,
    d: DecompositionRef<'_>,
    wait: Wait,
    win_block: Option<usize>,
    e: &mut Evaluation,
) {
    let pair = d.pairs[0];
    let blocks = d.blocks;
    // Shape summary, as bit sets of kinds: `runs` the first kinds of shuntsu
    // (`runs_twice` ... those of at least two, three, four identical ones), `sets` the
    // kinds of triplets and quads; counted without branching on the shapes.
    let (mut runs, mut runs_twice, mut runs_thrice, mut runs_four) = (0u64, 0u64, 0u64, 0u64);
    let mut sets = 0u64;
    let (mut n_runs, mut n_kans, mut ankou) = (0u32, 0u32, 0u32);
    for (i, b) in blocks.iter().enumerate() {
        let is_run = b.shape == BlockShape::Shuntsu;
        let bit = 1u64 << b.first;
        let run_bit = bit & 0u64.wrapping_sub(u64::from(is_run));
        runs_four |= runs_thrice & run_bit;
        runs_thrice |= runs_twice & run_bit;
        runs_twice |= runs & run_bit;
        runs |= run_bit;
        sets |= bit & !run_bit;
        n_runs += u32::from(is_run);
        n_kans += u32::from(b.shape == BlockShape::Kantsu);
        ankou += u32::from(!is_run & concealed_set(d, i, win_block, ctx.tsumo));
    }
    let run = |k: usize| runs >> k & 1 == 1;
    let set = |k: usize| sets >> k & 1 == 1;
    let n_sets = 4 - n_runs;
    let dragon_sets = (sets & DRAGONS).count_ones();
    let wind_sets = (sets & WINDS).count_ones();
    let pair_dragon = pair >= 31;
    let pair_wind = (27..31).contains(&pair);

    // Yakuman.
    hand_yakuman(f, ctx, rules, e, false);
    if ankou == 4 {
        let tanki = if ctx.tenhou {
            rules.tenhou_any_winning_tile
        } else {
            wait == Wait::Tanki
        };
        if tanki {
            let m = Yaku::SuuankouTanki.yakuman_multiple(rules);
            e.yakuman.push((Yaku::SuuankouTanki, m));
        } else {
            e.yakuman.push((Yaku::Suuankou, 1));
        }
    }
    if dragon_sets == 3 {
        e.yakuman.push((Yaku::Daisangen, 1));
        if rules.pao_daisangen {
            e.pao_multiplier += 1;
        }
    }
    if wind_sets == 4 {
        let m = Yaku::Daisuushii.yakuman_multiple(rules);
        e.yakuman.push((Yaku::Daisuushii, m));
        if rules.pao_daisuushii {
            e.pao_multiplier += u32::from(m);
        }
    } else if wind_sets == 3 && pair_wind {
        e.yakuman.push((Yaku::Shousuushii, 1));
    }
    if f.all_honor {
        e.yakuman.push((Yaku::Tsuuiisou, 1));
    }
    if n_kans == 4 {
        let m = if rules.double_suukantsu { 2 } else { 1 };
        e.yakuman.push((Yaku::Suukantsu, m));
        if rules.pao_suukantsu {
            e.pao_multiplier += u32::from(m);
        }
    }
    // The most identical runs.
    let max_runs = [runs, runs_twice, runs_thrice, runs_four]
        .iter()
        .map(|&m| u32::from(m != 0))
        .sum::<u32>();
    if rules.isshoku_yonjun && max_runs == 4 {
        e.yakuman.push((Yaku::IsshokuYonjun, 1));
    }
    // n triplets of consecutive numbers in a suit: a start bit with the n-1 next
    // bits set, the start at most 9-n in its suit.
    let consecutive_sets = |n: u32| {
        let starts = (0x1ffu64 >> (n - 1)) * (1 | 1 << 9 | 1 << 18);
        (0..n).fold(starts, |m, j| m & sets >> j) != 0
    };
    if rules.suurenkou && consecutive_sets(4) {
        e.yakuman.push((Yaku::Suurenkou, 1));
    }
    let ittsu_suit = (0..3).find(|&s| run(9 * s) && run(9 * s + 3) && run(9 * s + 6));
    if rules.toupuu_shinkansen != ToupuuShinkansen::Off {
        if let Some(s) = ittsu_suit {
            let suit_ok = s == 2 || rules.toupuu_shinkansen == ToupuuShinkansen::On;
            let winds = (pair == 27 && set(30)) || (pair == 30 && set(27));
            if suit_ok && winds {
                e.yakuman.push((Yaku::ToupuuShinkansen, 1));
            }
        }
    }
    if rules.kinmonkyou {
        let gate =
            (0..3).any(|s| [0, 2, 4, 6].iter().all(|&i| run(9 * s + i)) && pair as usize / 9 == s);
        if gate {
            e.yakuman.push((Yaku::Kinmonkyou, 2));
        }
    }

    // Fu first: pinfu needs to know it is the pinfu shape.
    let pinfu_shape = f.closed && n_runs == 4 && !is_yakuhai(pair, ctx) && wait == Wait::Ryanmen;
    let pinfu = pinfu_shape && (!ctx.tsumo || rules.pinfu_tsumo);
    fu(f, ctx, rules, d, wait, win_block, pinfu, e);

    if !e.yakuman.is_empty() && !rules.aotenjou {
        return;
    }
    // Regular yaku.
    situation_yaku(f, ctx, rules, e, true);
    if pinfu {
        e.yaku.push((Yaku::Pinfu, 1));
    }
    // Identical sequences: pairs of them (four of a kind count twice unless the
    // rules want two distinct ones).
    let closed = f.closed;
    let peikou = runs_twice.count_ones()
        + if rules.ryanpeikou_needs_distinct {
            0
        } else {
            runs_four.count_ones()
        };
    let sanjun = rules.isshoku_sanjun != IsshokuSanjun::Off && max_runs >= 3;
    if closed && peikou >= 2 {
        e.yaku.push((Yaku::Ryanpeikou, 3));
    } else if sanjun {
        let han = if !closed && rules.isshoku_sanjun == IsshokuSanjun::Open1 {
            1
        } else {
            2
        };
        e.yaku.push((Yaku::IsshokuSanjun, han));
    } else if closed && peikou == 1 {
        e.yaku.push((Yaku::Iipeikou, 1));
    }
    // Yakuhai.
    for k in 27..34u8 {
        if !set(k as usize) {
            continue;
        }
        if k >= 31 {
            e.yaku.push((Yaku::dragon(k), 1));
        } else {
            if k == 27 + ctx.seat_wind {
                e.yaku.push((Yaku::seat_wind(ctx.seat_wind), 1));
            }
            if k == 27 + ctx.round_wind {
                e.yaku.push((Yaku::round_wind(ctx.round_wind), 1));
            }
        }
    }
    let open_less = |closed_han: u8| if closed { closed_han } else { closed_han - 1 };
    // Outside hands: runs of 123 and 789, the sets and the pair yaochuu.
    let outside =
        n_runs > 0 && runs & !OUTSIDE_RUNS == 0 && (sets | 1 << pair) & !YAOCHUU_KINDS == 0;
    if outside {
        if f.has_honor() {
            e.yaku.push((Yaku::Chanta, open_less(2)));
        } else {
            e.yaku.push((Yaku::Junchan, open_less(3)));
        }
    }
    if ittsu_suit.is_some() {
        e.yaku.push((Yaku::Ittsu, open_less(2)));
    }
    if runs & runs >> 9 & runs >> 18 & 0x7f != 0 {
        e.yaku.push((Yaku::SanshokuDoujun, open_less(2)));
    }
    if rules.sanshoku_tsuukan != SanshokuTsuukan::Off {
        const PERMS: [[usize; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        let found = PERMS
            .iter()
            .any(|p| run(9 * p[0]) && run(9 * p[1] + 3) && run(9 * p[2] + 6));
        if found {
            match rules.sanshoku_tsuukan {
                SanshokuTsuukan::On => e.yaku.push((Yaku::SanshokuTsuukan, open_less(2))),
                SanshokuTsuukan::ClosedOnly if closed => {
                    e.yaku.push((Yaku::SanshokuTsuukan, 1));
                }
                _ => {}
            }
        }
    }
    if sets & sets >> 9 & sets >> 18 & 0x1ff != 0 {
        e.yaku.push((Yaku::SanshokuDoukou, 2));
    }
    if ankou == 3 {
        e.yaku.push((Yaku::Sanankou, 2));
    }
    if n_kans == 3 {
        e.yaku.push((Yaku::Sankantsu, 2));
    }
    if n_sets == 4 {
        e.yaku.push((Yaku::Toitoi, 2));
    }
    if dragon_sets == 2 && pair_dragon {
        e.yaku.push((Yaku::Shousangen, 2));
    }
    if rules.sanrenkou && consecutive_sets(3) {
        e.yaku.push((Yaku::Sanrenkou, 2));
    }
    hand_yaku(f, rules, e);
}

/// Fu of a standard reading, item by item.
#[allow(clippy::too_many_arguments)]
fn fu(
    f: &HandFacts,
    ctx: &WinContext,
    rules: &Rules,
    d: DecompositionRef<'_>,
    wait: Wait,
    win_block: Option<usize>,
    pinfu: bool,
    e: &mut Evaluation,
) {
    let items = &mut e.fu_items;
    items.push(FuItem::new(FuReason::Base, 20, None));
    if f.closed && !ctx.tsumo {
        items.push(FuItem::new(FuReason::MenzenRon, 10, None));
    }
    if ctx.tsumo && !pinfu && (!ctx.rinshan || rules.rinshan_tsumo_fu) {
        items.push(FuItem::new(FuReason::Tsumo, 2, None));
    }
    for (i, b) in d.blocks.iter().enumerate() {
        let base: u8 = match b.shape {
            BlockShape::Shuntsu => continue,
            BlockShape::Koutsu => 2,
            BlockShape::Kantsu => 8,
        };
        let yaochuu = YAOCHUU_KINDS >> b.first & 1 == 1;
        let concealed = concealed_set(d, i, win_block, ctx.tsumo);
        let fu = base << (u8::from(yaochuu) + u8::from(concealed));
        items.push(FuItem::new(FuReason::Set { concealed }, fu, Some(i as u8)));
    }
    let p = d.pairs[0];
    let seat = p == 27 + ctx.seat_wind;
    let round = p == 27 + ctx.round_wind;
    let pair_fu = if p >= 31 {
        2
    } else if seat & round {
        rules.double_wind_pair_fu
    } else {
        2 * u8::from(seat | round)
    };
    if pair_fu > 0 {
        items.push(FuItem::new(FuReason::Pair, pair_fu, None));
    }
    if matches!(wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
        items.push(FuItem::new(FuReason::Wait(wait), 2, None));
    }
    let raw: u32 = items.as_slice().iter().map(|i| u32::from(i.fu)).sum();
    e.raw_fu = raw;
    let total = if pinfu && ctx.tsumo {
        20
    } else if !f.closed && raw == 20 {
        let fu = u32::from(rules.open_pinfu_fu);
        if fu > 20 {
            items.push(FuItem::new(FuReason::OpenPinfu, (fu - 20) as u8, None));
        }
        fu
    } else {
        let r = raw.div_ceil(10) * 10;
        if r > raw {
            items.push(FuItem::new(FuReason::RoundUp, (r - raw) as u8, None));
        }
        r
    };
    e.fu = total;
}
