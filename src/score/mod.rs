//! Scoring a win: every reading of the hand is scored (yaku, yakuman, fu, dora),
//! the one that pays most is kept (ties: more han, then more fu, then the first),
//! and its points and payments are worked out under the rules.

pub mod batch;
pub mod context;
pub mod evaluate;
pub mod fu;
pub mod points;
pub mod report;
pub mod situation;
pub mod yaku;

use crate::algo::decompose::{
    for_each_decomposition, for_each_reading, CompactDecomposition, DecompositionRef, Form, Wait,
};
use crate::error::{MahjongError, Result};
use crate::hand::Hand;
use crate::rules::{Renhou, Rules};
use crate::tile::{Counts, Tile, KINDS};
pub use context::WinContext;
use evaluate::{evaluate, Evaluation, HandFacts, YakuList};
pub use fu::{FuItem, FuList, FuReason};
use num_bigint::BigUint;
pub use points::{
    aotenjou_points, BasePoints, BigPoints, Limit, Payments, Settlement, MAX_SETTLED_BASE,
};
pub use yaku::Yaku;

/// A scored win.
#[derive(Clone, Debug)]
pub struct ScoreResult {
    pub han: u32,
    pub fu: u32,
    pub fu_items: FuList,
    /// Regular yaku with their han (empty for a yakuman hand unless aotenjou).
    pub yaku: YakuList,
    /// Yakuman with their multipliers.
    pub yakuman: YakuList,
    pub yakuman_multiplier: u32,
    pub dora: u32,
    pub aka: u32,
    pub ura: u32,
    /// Han of nukidora: one per North set aside (kita, three-player). Dora
    /// indicators pointing to North count those tiles again, in `dora` and `ura`.
    pub kita: u32,
    pub limit: Limit,
    /// Basic points (saturated in aotenjou: see `aotenjou`).
    pub base_points: u64,
    pub payments: Payments,
    /// The reading that scored highest (`as_view().to_owned()` for a `Decomposition`).
    pub decomposition: CompactDecomposition,
    pub wait: Wait,
    pub seat_wind: u8,
    /// Players at the table (4, or 3 under three-player rules): who pays a tsumo.
    pub players: u8,
    pub tsumo: bool,
    pub honba: u32,
    pub riichi_sticks: u32,
    /// Basic points of the yakuman subject to pao.
    pub pao_base: u64,
    pub aotenjou: Option<Box<BigPoints>>,
}

impl ScoreResult {
    pub const fn is_dealer(&self) -> bool {
        self.seat_wind == 0
    }

    /// The hand's value before honba and sticks.
    pub const fn points(&self) -> u64 {
        self.payments.points()
    }

    /// A nagashi mangan scored as a hand ([`score_nagashi_mangan`]): it has no
    /// tiles to read, so its reading and wait mean nothing.
    pub fn is_nagashi_mangan(&self) -> bool {
        (self.yaku.as_slice().iter()).any(|&(y, _)| y == Yaku::NagashiMangan)
    }

    /// What settling this win needs.
    pub const fn settlement(&self) -> Settlement {
        Settlement {
            winner: self.seat_wind,
            tsumo: self.tsumo,
            base: self.base_points,
            pao_base: self.pao_base,
            honba: self.honba,
            sticks: self.riichi_sticks,
        }
    }
}

/// The dora kind an indicator points to.
pub const fn dora_of(indicator: u8) -> u8 {
    match indicator {
        0..=26 => indicator / 9 * 9 + (indicator % 9 + 1) % 9,
        27..=30 => 27 + (indicator - 27 + 1) % 4,
        _ => 31 + (indicator - 31 + 1) % 3,
    }
}

/// The dora kind an indicator points to with `players` players: with three, man
/// has only 1m and 9m, each the other's dora.
pub const fn dora_of_with(indicator: u8, players: u8) -> u8 {
    match (players, indicator) {
        (3, 0) => 8,
        (3, 8) => 0,
        _ => dora_of(indicator),
    }
}

fn count_dora(all: &Counts, indicators: &[Tile], players: u8) -> u32 {
    indicators
        .iter()
        .map(|t| u32::from(all[dora_of_with(t.kind(), players) as usize]))
        .sum()
}

/// Ranking of a candidate, field by field: basic points (in aotenjou, han plus
/// log2 of fu), then a real yakuman over a counted one, then han, fu, and fu before
/// rounding.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
struct Rank {
    value: f64,
    yakuman: bool,
    han: u32,
    fu: u32,
    raw_fu: u32,
}

/// How a reading is valued (its evaluation is kept apart).
struct Candidate {
    /// Han, a yakuman counting 13 per multiple.
    han: u32,
    /// Basic points (`u64::MAX` in aotenjou: the exact ones come later).
    base: u64,
    limit: Limit,
    /// The yakuman multiple (0 for a regular hand).
    yakuman_multiplier: u32,
    rank: Rank,
    /// The wait of the reading.
    wait: Wait,
}

/// Dora of a win, by kind.
#[derive(Clone, Copy, Default)]
struct DoraCount {
    dora: u32,
    aka: u32,
    ura: u32,
    kita: u32,
}

impl DoraCount {
    const fn total(self) -> u32 {
        self.dora + self.aka + self.ura + self.kita
    }
}

/// The kind of North.
const NORTH: usize = 30;

/// The best reading so far.
struct Best {
    /// Where its evaluation is (`evals[slot]`).
    slot: usize,
    candidate: Candidate,
    decomposition: CompactDecomposition,
}

/// The first reading of a hand (renhou valued alone takes it).
struct FirstReading {
    evaluation: Evaluation,
    decomposition: CompactDecomposition,
    wait: Wait,
}

/// The value of reading `e` won on `wait`, with `dora` han of dora counted.
fn candidate(e: &Evaluation, dora: u32, rules: &Rules, wait: Wait) -> Candidate {
    let rank = |value: f64, yakuman: bool, han: u32| Rank {
        value,
        yakuman,
        han,
        fu: e.fu,
        raw_fu: e.raw_fu,
    };
    let aotenjou_rank = |han: u32| f64::from(han) + f64::from(e.fu.max(1)).log2();
    let (han, multiplier) = if e.yakuman.is_empty() {
        (e.yaku_han + dora, 0)
    } else {
        let mut mult: u32 = e
            .yakuman
            .as_slice()
            .iter()
            .map(|&(_, m)| u32::from(m))
            .sum();
        if let Some(cap) = rules.max_yakuman {
            mult = mult.min(u32::from(cap));
        }
        if rules.aotenjou {
            (13 * mult + e.yaku_han + dora, mult)
        } else {
            (13 * mult, mult)
        }
    };
    if rules.aotenjou {
        return Candidate {
            han,
            base: u64::MAX,
            limit: Limit::None,
            yakuman_multiplier: multiplier,
            rank: rank(aotenjou_rank(han), multiplier > 0, han),
            wait,
        };
    }
    let BasePoints { base, limit } = if multiplier > 0 {
        points::yakuman_base(multiplier)
    } else {
        points::base_points(han, e.fu, rules)
    };
    Candidate {
        han,
        base,
        limit,
        yakuman_multiplier: multiplier,
        rank: rank(base as f64, multiplier > 0, han),
        wait,
    }
}

/// Score a win. `hand` holds the winning tile `win` among its concealed tiles.
pub fn score(hand: &Hand, win: Tile, ctx: &WinContext, rules: &Rules) -> Result<ScoreResult> {
    let all = hand.all_counts();
    ctx.check(hand, &all, win, rules)?;
    let melds = hand.melds();
    let aka: u32 = hand.all_red_fives().iter().map(|&r| u32::from(r)).sum();
    // The Norths set aside count for the dora indicators too.
    let mut with_kita = all;
    with_kita[NORTH] += ctx.kita.min(4) as u8;
    let dora = count_dora(&with_kita, &ctx.dora_indicators, rules.players);
    let ura = if ctx.in_riichi() {
        count_dora(&with_kita, &ctx.ura_indicators, rules.players)
    } else {
        0
    };
    let facts = HandFacts::new(
        all,
        *hand.counts(),
        hand.is_closed(),
        !melds.is_empty(),
        win.kind(),
    );
    let needed = match rules.two_han_from_honba {
        Some(h) if ctx.honba >= u32::from(h) => u32::from(rules.min_han).max(2),
        _ => u32::from(rules.min_han),
    };
    let dora = DoraCount {
        dora,
        aka,
        ura,
        kita: ctx.kita,
    };
    let dora_total = dora.total();
    // Readings are evaluated in place, in the slot the best one so far leaves free.
    let mut evals = [Evaluation::default(), Evaluation::default()];
    let mut best: Option<Best> = None;
    let mut best_without_yaku: Option<u32> = None;
    // For renhou valued alone: the first reading.
    let mut first: Option<FirstReading> = None;
    let mut robbing_needs_kokushi = false;
    let renhou_alone = ctx.renhou && matches!(rules.renhou, Renhou::Mangan | Renhou::Baiman);
    for_each_decomposition(hand.counts(), hand, |d: DecompositionRef<'_>| {
        if ctx.robbed_ankan && d.form != Form::Kokushi {
            robbing_needs_kokushi = true;
            return;
        }
        for_each_reading(d, win.kind(), |wait, win_block| {
            let slot = best.as_ref().map_or(0, |b| 1 - b.slot);
            let eval = &mut evals[slot];
            evaluate(&facts, ctx, rules, d, wait, win_block, eval);
            if renhou_alone && first.is_none() {
                first = Some(FirstReading {
                    evaluation: eval.clone(),
                    decomposition: CompactDecomposition::new(d),
                    wait,
                });
            }
            if eval.yakuman.is_empty() && eval.yaku_han < needed {
                best_without_yaku = best_without_yaku.max(Some(eval.yaku_han));
                return;
            }
            let dora_here = if eval.yakuman.is_empty() || rules.aotenjou {
                dora_total
            } else {
                0
            };
            let c = candidate(eval, dora_here, rules, wait);
            if best.as_ref().is_none_or(|b| c.rank > b.candidate.rank) {
                best = Some(Best {
                    slot,
                    candidate: c,
                    decomposition: CompactDecomposition::new(d),
                });
            }
        });
    });
    if robbing_needs_kokushi && best.is_none() && best_without_yaku.is_none() {
        return Err(MahjongError::InvalidContext(format!(
            "only kokushi musou may rob a closed kan, not {hand}"
        )));
    }
    if best.is_none() && best_without_yaku.is_none() && first.is_none() {
        if let Some((eval, r)) = shiisan_puutaa(hand, &facts, ctx, rules) {
            let pairs: Vec<u8> = (0..KINDS as u8)
                .filter(|&k| facts.concealed[k as usize] == 2)
                .collect();
            let d = CompactDecomposition::new(DecompositionRef {
                form: Form::ShiisanPuutaa,
                blocks: &[],
                pairs: &pairs,
            });
            return Ok(finish(&eval, &r, ctx, rules, dora, d));
        }
        return Err(MahjongError::NotAgari(format!(
            "{hand} won on {win} is not a complete hand"
        )));
    }
    // Renhou valued as mangan or baiman stands alone: take it when it pays more.
    let renhou_han = match rules.renhou {
        Renhou::Mangan if ctx.renhou => Some(5),
        Renhou::Baiman if ctx.renhou => Some(8),
        _ => None,
    };
    if let Some(han) = renhou_han {
        let BasePoints { base, limit } = points::base_points(han, 0, rules);
        if best.as_ref().is_none_or(|b| b.candidate.base < base) {
            let FirstReading {
                evaluation: mut eval,
                decomposition: d,
                wait,
            } = first.expect("a complete hand has a reading");
            eval.yaku.clear();
            eval.yaku.push((Yaku::Renhou, han as u8));
            eval.yaku_han = han;
            let c = Candidate {
                han,
                base,
                limit,
                yakuman_multiplier: 0,
                rank: Rank {
                    value: base as f64,
                    yakuman: false,
                    han,
                    fu: 0,
                    raw_fu: 0,
                },
                wait,
            };
            return Ok(finish(&eval, &c, ctx, rules, DoraCount::default(), d));
        }
    }
    let Some(best) = best else {
        let han = best_without_yaku.unwrap_or(0);
        let why = if han > 0 {
            format!("has {han} han of yaku, fewer than the {needed} the rules require")
        } else if dora_total > 0 {
            "has no yaku (dora alone do not win)".to_string()
        } else {
            "has no yaku".to_string()
        };
        return Err(MahjongError::NoYaku(format!("{hand} won on {win} {why}")));
    };
    let eval = &evals[best.slot];
    Ok(finish(
        eval,
        &best.candidate,
        ctx,
        rules,
        dora,
        best.decomposition,
    ))
}

fn finish(
    eval: &Evaluation,
    c: &Candidate,
    ctx: &WinContext,
    rules: &Rules,
    dora: DoraCount,
    decomposition: CompactDecomposition,
) -> ScoreResult {
    let wait = c.wait;
    let dealer = ctx.is_dealer();
    let mut pao_base = 8000 * u64::from(eval.pao_multiplier);
    pao_base = pao_base.min(c.base);
    let mut aotenjou = None;
    let big = rules
        .aotenjou
        .then(|| aotenjou_points(c.han, eval.fu.max(20), dealer, ctx.tsumo));
    // Past MAX_SETTLED_BASE the machine-size payments are those of that cap, as
    // the settlement's (`points::deltas`); the exact values stay in `aotenjou`.
    let beyond = big
        .as_ref()
        .is_some_and(|b| u64::try_from(&b.base).map_or(true, |x| x > MAX_SETTLED_BASE));
    let payments = if let (Some(big), true) = (big.as_ref(), beyond) {
        aotenjou = Some(Box::new(big.clone()));
        pao_base = 0;
        Payments::new(
            MAX_SETTLED_BASE,
            dealer,
            ctx.tsumo,
            ctx.honba,
            ctx.riichi_sticks,
            rules,
        )
    } else if let Some(big) = big {
        // Saturated machine-size view; the exact values are in `aotenjou`.
        let sat = |b: &BigUint| u64::try_from(b).unwrap_or(u64::MAX);
        let mut p = Payments {
            ron: big.ron.as_ref().map(sat),
            tsumo_dealer: big.tsumo_dealer.as_ref().map(sat),
            tsumo_non_dealer: big.tsumo_non_dealer.as_ref().map(sat),
            honba: 0,
            sticks: u64::from(ctx.riichi_sticks) * 1000,
            total: 0,
        };
        let honba = Payments::new(0, dealer, ctx.tsumo, ctx.honba, 0, rules);
        p.honba = honba.honba;
        p.total = sat(&big.points)
            .saturating_add(p.honba)
            .saturating_add(p.sticks);
        let add = |x: Option<u64>, h: Option<u64>| x.map(|x| x.saturating_add(h.unwrap_or(0)));
        p.ron = add(p.ron, honba.ron);
        p.tsumo_dealer = add(p.tsumo_dealer, honba.tsumo_dealer);
        p.tsumo_non_dealer = add(p.tsumo_non_dealer, honba.tsumo_non_dealer);
        aotenjou = Some(Box::new(big));
        pao_base = 0;
        p
    } else {
        Payments::new(
            c.base,
            dealer,
            ctx.tsumo,
            ctx.honba,
            ctx.riichi_sticks,
            rules,
        )
    };
    let base_points = aotenjou
        .as_ref()
        .map_or(c.base, |b| u64::try_from(&b.base).unwrap_or(u64::MAX));
    let mut yaku = eval.yaku;
    yaku.sort_by_yaku();
    ScoreResult {
        han: c.han,
        fu: eval.fu,
        fu_items: eval.fu_items,
        yaku: if c.yakuman_multiplier > 0 && !rules.aotenjou {
            YakuList::default()
        } else {
            yaku
        },
        yakuman: eval.yakuman,
        yakuman_multiplier: c.yakuman_multiplier,
        dora: dora.dora,
        aka: dora.aka,
        ura: dora.ura,
        kita: dora.kita,
        limit: c.limit,
        base_points,
        payments,
        decomposition,
        wait,
        seat_wind: ctx.seat_wind,
        players: rules.players,
        tsumo: ctx.tsumo,
        honba: ctx.honba,
        riichi_sticks: ctx.riichi_sticks,
        pao_base,
        aotenjou,
    }
}

/// Nagashi mangan scored as a hand: a mangan tsumo of the player at `seat_wind`
/// (a yaku of 5 han, no fu, no reading), paid by the others as a tsumo with
/// `honba` and `riichi_sticks` (settled as a draw, as Tenhou and
/// [`points::nagashi_mangan`] do, it takes neither: pass 0).
pub fn score_nagashi_mangan(
    seat_wind: u8,
    honba: u32,
    riichi_sticks: u32,
    rules: &Rules,
) -> Result<ScoreResult> {
    if !rules.nagashi_mangan {
        return Err(MahjongError::InvalidInput(
            "nagashi mangan is not in these rules (rule option nagashi_mangan)".into(),
        ));
    }
    if seat_wind > 3 {
        return Err(MahjongError::InvalidContext(
            "seat and round wind are E, S, W or N".into(),
        ));
    }
    if seat_wind >= rules.players {
        return Err(MahjongError::InvalidContext(
            "there is no North seat with three players (rule option players = 3)".into(),
        ));
    }
    let mut yaku = YakuList::default();
    yaku.push((Yaku::NagashiMangan, points::NAGASHI_MANGAN_HAN as u8));
    let base = points::NAGASHI_MANGAN_BASE;
    Ok(ScoreResult {
        han: points::NAGASHI_MANGAN_HAN,
        fu: 0,
        fu_items: FuList::default(),
        yaku,
        yakuman: YakuList::default(),
        yakuman_multiplier: 0,
        dora: 0,
        aka: 0,
        ura: 0,
        kita: 0,
        limit: Limit::Mangan,
        base_points: base,
        payments: Payments::new(base, seat_wind == 0, true, honba, riichi_sticks, rules),
        decomposition: CompactDecomposition::new(DecompositionRef {
            form: Form::Standard,
            blocks: &[],
            pairs: &[],
        }),
        wait: Wait::default(),
        seat_wind,
        players: rules.players,
        tsumo: true,
        honba,
        riichi_sticks,
        pao_base: 0,
        aotenjou: None,
    })
}

/// Shiisan puutaa: on the first draw, 13 kinds with one pair, numbers of a suit at
/// least 3 apart, honors distinct, at least one simple.
fn shiisan_puutaa(
    hand: &Hand,
    f: &HandFacts,
    ctx: &WinContext,
    rules: &Rules,
) -> Option<(Evaluation, Candidate)> {
    if !rules.shiisan_puutaa || !(ctx.tenhou || ctx.chiihou) || !hand.melds().is_empty() {
        return None;
    }
    let c = &f.concealed;
    let kinds = c.iter().filter(|&&x| x > 0).count();
    let pairs = c.iter().filter(|&&x| x == 2).count();
    if kinds != 13 || pairs != 1 || c.iter().any(|&x| x > 2) {
        return None;
    }
    for s in 0..3 {
        let present: Vec<usize> = (0..9).filter(|&n| c[9 * s + n] > 0).collect();
        if present.windows(2).any(|w| w[1] - w[0] < 3) {
            return None;
        }
    }
    if f.all_yaochuu {
        return None;
    }
    let mut eval = Evaluation::default();
    eval.yakuman.push((Yaku::ShiisanPuutaa, 1));
    evaluate::simple_fu(f, ctx, &mut eval);
    let c = candidate(&eval, 0, rules, Wait::Tanki);
    Some((eval, c))
}

#[cfg(test)]
mod tests;
