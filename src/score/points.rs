//! Points: basic points and limits, payments with honba and sticks, score changes
//! by seat (pao included), multiple ron and nagashi mangan settlement.

use num_bigint::BigUint;

use crate::error::MahjongError;
use crate::rules::{Kazoe, MultiRon, MultiRonHonba, PaoScope, Rules, SanmaTsumo};

/// The limit a hand reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Limit {
    None,
    Mangan,
    Haneman,
    Baiman,
    Sanbaiman,
    Yakuman,
    KazoeYakuman,
    MultipleYakuman,
}

impl Limit {
    pub const fn name(self) -> &'static str {
        match self {
            Limit::None => "none",
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::Yakuman => "yakuman",
            Limit::KazoeYakuman => "kazoe_yakuman",
            Limit::MultipleYakuman => "multiple_yakuman",
        }
    }
}

/// Basic points and the limit that set them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BasePoints {
    /// Basic points (a limit's fixed value when it applies).
    pub base: u64,
    pub limit: Limit,
}

impl BasePoints {
    pub const fn new(base: u64, limit: Limit) -> BasePoints {
        BasePoints { base, limit }
    }
}

/// Basic points and limit of `han` and `fu` of regular yaku and dora (no yakuman).
/// In aotenjou the basic points are unbounded: see [`aotenjou_base`].
pub fn base_points(han: u32, fu: u32, rules: &Rules) -> BasePoints {
    match han {
        0..=4 => {
            let a = u64::from(fu) << (han + 2);
            let kiriage = rules.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
            if a >= 2000 || kiriage {
                BasePoints::new(2000, Limit::Mangan)
            } else {
                BasePoints::new(a, Limit::None)
            }
        }
        5 => BasePoints::new(2000, Limit::Mangan),
        6 | 7 => BasePoints::new(3000, Limit::Haneman),
        8..=10 => BasePoints::new(4000, Limit::Baiman),
        11 | 12 => BasePoints::new(6000, Limit::Sanbaiman),
        _ => match rules.kazoe {
            Kazoe::Yakuman => BasePoints::new(8000, Limit::KazoeYakuman),
            Kazoe::Sanbaiman => BasePoints::new(6000, Limit::Sanbaiman),
            Kazoe::Multiple => {
                let n = rules
                    .max_yakuman
                    .map_or(han / 13, |m| (han / 13).min(u32::from(m)));
                BasePoints::new(8000 * u64::from(n), Limit::KazoeYakuman)
            }
        },
    }
}

/// Basic points of a yakuman multiple.
pub fn yakuman_base(multiplier: u32) -> BasePoints {
    let limit = if multiplier > 1 {
        Limit::MultipleYakuman
    } else {
        Limit::Yakuman
    };
    BasePoints::new(8000 * u64::from(multiplier), limit)
}

/// Aotenjou basic points, exact: `fu × 2^(han+2)`.
pub fn aotenjou_base(han: u32, fu: u32) -> BigUint {
    BigUint::from(fu) << (han + 2)
}

/// A big `x` rounded up to a multiple of 100.
pub fn round_up_100_big(x: &BigUint) -> BigUint {
    let hundred = BigUint::from(100u32);
    (x + BigUint::from(99u32)) / &hundred * hundred
}

/// `x` rounded up to a multiple of 100.
pub const fn round_up_100(x: u64) -> u64 {
    x.div_ceil(100) * 100
}

/// What one payer of a tsumo pays (before honba) when the four-player share is
/// `share`: the share itself with four players; with three, what the rules do
/// with the absent North's share `absent` (a share of a non-dealer, or the
/// dealer's share when the dealer wins).
const fn tsumo_share(share: u64, absent: u64, rules: &Rules) -> u64 {
    if rules.players == 4 {
        return share;
    }
    match rules.sanma_tsumo {
        SanmaTsumo::Loss => share,
        SanmaTsumo::NorthBisection => share + round_up_100(absent / 2 + absent % 2),
        SanmaTsumo::Plus1000 => share + 1000,
    }
}

/// What each payer pays (honba included) and what the winner gains.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Payments {
    /// Paid by the discarder on a ron.
    pub ron: Option<u64>,
    /// Paid by the dealer on a non-dealer's tsumo.
    pub tsumo_dealer: Option<u64>,
    /// Paid by each non-dealer on a tsumo (three, two or one of them: the
    /// non-dealers other than the winner, with four or three players).
    pub tsumo_non_dealer: Option<u64>,
    /// Honba points, over all payers.
    pub honba: u64,
    /// Riichi sticks collected, in points.
    pub sticks: u64,
    /// The winner's gain: hand, honba and sticks.
    pub total: u64,
}

/// The largest basic points that payments settle in integers: 2^50, so that a
/// dealer's 6× with honba and sticks stays far inside `i64`. Only aotenjou goes
/// past it (about 50 han); its exact value is `ScoreResult::aotenjou`.
pub const MAX_SETTLED_BASE: u64 = 1 << 50;

impl Payments {
    /// Payments of a hand of basic points `base` (already limited; capped at
    /// [`MAX_SETTLED_BASE`]).
    pub fn new(
        base: u64,
        dealer: bool,
        tsumo: bool,
        honba: u32,
        sticks: u32,
        rules: &Rules,
    ) -> Payments {
        let base = base.min(MAX_SETTLED_BASE);
        let per_honba = u64::from(rules.honba_value);
        let sticks = u64::from(sticks) * 1000;
        let honba = u64::from(honba);
        let mut p = Payments {
            sticks,
            ..Payments::default()
        };
        if tsumo {
            let payers = u64::from(rules.players) - 1;
            let each_honba = per_honba * honba / payers;
            if dealer {
                let share = round_up_100(2 * base);
                let each = tsumo_share(share, share, rules) + each_honba;
                p.tsumo_non_dealer = Some(each);
                p.honba = payers * each_honba;
                p.total = payers * each + sticks;
            } else {
                let absent = round_up_100(base);
                let d = tsumo_share(round_up_100(2 * base), absent, rules) + each_honba;
                let n = tsumo_share(round_up_100(base), absent, rules) + each_honba;
                p.tsumo_dealer = Some(d);
                p.tsumo_non_dealer = Some(n);
                p.honba = payers * each_honba;
                p.total = d + (payers - 1) * n + sticks;
            }
        } else {
            let r = round_up_100(base * if dealer { 6 } else { 4 }) + per_honba * honba;
            p.ron = Some(r);
            p.honba = per_honba * honba;
            p.total = r + sticks;
        }
        p
    }

    /// The hand's value: the winner's gain without honba and sticks.
    pub const fn points(&self) -> u64 {
        self.total - self.honba - self.sticks
    }
}

/// Exact aotenjou amounts (unbounded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigPoints {
    pub base: BigUint,
    pub ron: Option<BigUint>,
    pub tsumo_dealer: Option<BigUint>,
    pub tsumo_non_dealer: Option<BigUint>,
    /// The hand's value (before honba and sticks).
    pub points: BigUint,
}

/// Exact aotenjou payments of `han` and `fu`.
pub fn aotenjou_points(han: u32, fu: u32, dealer: bool, tsumo: bool) -> BigPoints {
    let base = aotenjou_base(han, fu);
    let up = |m: u32| round_up_100_big(&(&base * BigUint::from(m)));
    let (ron, td, tn, total) = if tsumo {
        if dealer {
            let each = up(2);
            let total = &each * BigUint::from(3u32);
            (None, None, Some(each), total)
        } else {
            let d = up(2);
            let n = up(1);
            let total = &d + &n * BigUint::from(2u32);
            (None, Some(d), Some(n), total)
        }
    } else {
        let r = up(if dealer { 6 } else { 4 });
        (Some(r.clone()), None, None, r)
    };
    BigPoints {
        base,
        ron,
        tsumo_dealer: td,
        tsumo_non_dealer: tn,
        points: total,
    }
}

/// The facts of a win that settling it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// Winner's seat wind (0 = dealer).
    pub winner: u8,
    pub tsumo: bool,
    /// Basic points of the whole hand.
    pub base: u64,
    /// Basic points of the yakuman subject to pao (0 when none).
    pub pao_base: u64,
    pub honba: u32,
    pub sticks: u32,
}

/// Score changes by seat wind for one win. `discarder` is required for a ron;
/// `liable` is the pao player, honoured only when the hand has a pao yakuman.
pub fn deltas(
    s: &Settlement,
    discarder: Option<u8>,
    liable: Option<u8>,
    rules: &Rules,
) -> crate::error::Result<[i64; 4]> {
    let w = s.winner as usize;
    let seats = usize::from(rules.players);
    if w >= seats {
        return Err(MahjongError::InvalidInput(if seats == 3 {
            "the winner's seat wind must be E, S or W (three players)".into()
        } else {
            "the winner's seat wind must be E, S, W or N".into()
        }));
    }
    let dealer = s.winner == 0;
    let mut d = [0i64; 4];
    let liable = liable.filter(|_| s.pao_base > 0);
    match (s.tsumo, discarder) {
        (false, None) => {
            return Err(MahjongError::InvalidInput(
                "a ron needs the discarder's seat wind".into(),
            ))
        }
        (true, Some(_)) => {
            return Err(MahjongError::InvalidInput(
                "a tsumo has no discarder".into(),
            ))
        }
        (false, Some(x)) if x as usize == w || x as usize >= seats => {
            return Err(MahjongError::InvalidInput(
                "the discarder must be another seat than the winner".into(),
            ))
        }
        _ => {}
    }
    if let Some(l) = liable {
        if l as usize == w || l as usize >= seats {
            return Err(MahjongError::InvalidInput(
                "the liable player must be another seat than the winner".into(),
            ));
        }
    }
    let mult = if dealer { 6 } else { 4 };
    let honba_total = i64::from(rules.honba_value) * i64::from(s.honba);
    let sticks = i64::from(s.sticks) * 1000;
    // The part the liable player covers, and the rest settled normally.
    // Past MAX_SETTLED_BASE (aotenjou only) the settlement is capped there.
    let base = s.base.min(MAX_SETTLED_BASE);
    let pao_base = s.pao_base.min(base);
    let (pao_part, rest_base) = match (liable, rules.pao_scope) {
        (None, _) => (0, base),
        (Some(_), PaoScope::WholeHand) => (base, 0),
        (Some(_), PaoScope::YakumanOnly) => (pao_base, base - pao_base),
    };
    let pao_value = round_up_100(pao_part * mult) as i64;
    if s.tsumo {
        let rest = Payments::new(rest_base, dealer, true, 0, 0, rules);
        for p in 0..seats {
            if p == w {
                continue;
            }
            let share = if p == 0 {
                rest.tsumo_dealer.unwrap_or(0)
            } else {
                rest.tsumo_non_dealer.unwrap_or(0)
            };
            d[p] -= share as i64;
        }
        if let Some(l) = liable {
            d[l as usize] -= pao_value + honba_total;
        } else {
            let each = honba_total / (seats as i64 - 1);
            for p in (0..seats).filter(|&p| p != w) {
                d[p] -= each;
            }
        }
    } else {
        let x = discarder.expect("checked") as usize;
        let rest = round_up_100(rest_base * mult) as i64;
        d[x] -= rest;
        if let Some(l) = liable {
            let half = pao_value / 2;
            d[x] -= pao_value - half;
            d[l as usize] -= half + honba_total;
        } else {
            d[x] -= honba_total;
        }
    }
    d[w] = -d.iter().sum::<i64>() + sticks;
    Ok(d)
}

/// Order of seats after `discarder` in turn order (E→S→W→N, or E→S→W with three).
fn distance(discarder: u8, seat: u8, players: u8) -> u8 {
    (seat + players - discarder) % players
}

/// Several rons on one discard. Returns the score changes by seat wind and the
/// winners that are paid, nearest first (none when the rules make it an
/// abortive draw). Honba go to the nearest winner (or each, by rule), sticks to
/// the nearest.
pub fn settle_multi_ron(
    wins: &[(Settlement, Option<u8>)],
    discarder: u8,
    rules: &Rules,
) -> crate::error::Result<([i64; 4], Vec<u8>)> {
    if wins.is_empty() {
        return Err(MahjongError::InvalidInput("no win to settle".into()));
    }
    let mut order: Vec<&(Settlement, Option<u8>)> = wins.iter().collect();
    order.sort_by_key(|(s, _)| distance(discarder, s.winner, rules.players));
    if order.windows(2).any(|w| w[0].0.winner == w[1].0.winner) {
        return Err(MahjongError::InvalidInput(
            "two wins by the same seat".into(),
        ));
    }
    if order.iter().any(|(s, _)| s.tsumo) {
        return Err(MahjongError::InvalidInput(
            "a multiple ron settles rons only".into(),
        ));
    }
    let paid = match rules.multi_ron {
        MultiRon::HeadBump => 1,
        MultiRon::Double if order.len() >= 3 => 0,
        MultiRon::Double | MultiRon::Triple => order.len(),
    };
    let mut total = [0i64; 4];
    let mut winners = Vec::new();
    for (i, (s, liable)) in order.iter().take(paid).enumerate() {
        let mut s = *s;
        if i > 0 {
            s.sticks = 0;
            if rules.multi_ron_honba == MultiRonHonba::Nearest {
                s.honba = 0;
            }
        }
        let d = deltas(&s, Some(discarder), *liable, rules)?;
        for (t, x) in total.iter_mut().zip(d) {
            *t += x;
        }
        winners.push(s.winner);
    }
    Ok((total, winners))
}

/// Nagashi mangan's value: a mangan (5 han, the basic points of a mangan).
pub const NAGASHI_MANGAN_HAN: u32 = 5;
pub const NAGASHI_MANGAN_BASE: u64 = 2000;

/// Score changes by seat wind when `winners` make nagashi mangan: each is paid as
/// a mangan tsumo, without honba or sticks (each one's
/// [`score_nagashi_mangan`](super::score_nagashi_mangan) settled with none).
pub fn nagashi_mangan(winners: &[u8], rules: &Rules) -> crate::error::Result<[i64; 4]> {
    if !rules.nagashi_mangan {
        return Err(MahjongError::InvalidInput(
            "nagashi mangan is not in these rules (rule option nagashi_mangan)".into(),
        ));
    }
    let mut total = [0i64; 4];
    let mut seen = [false; 4];
    for &w in winners {
        if w >= rules.players || seen[w as usize] {
            return Err(MahjongError::InvalidInput(
                "nagashi mangan winners are distinct seat winds E, S, W, N".into(),
            ));
        }
        seen[w as usize] = true;
        let s = Settlement {
            winner: w,
            tsumo: true,
            base: NAGASHI_MANGAN_BASE,
            pao_base: 0,
            honba: 0,
            sticks: 0,
        };
        for (t, x) in total.iter_mut().zip(deltas(&s, None, None, rules)?) {
            *t += x;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pay(han: u32, fu: u32, dealer: bool, tsumo: bool, honba: u32) -> Payments {
        let r = Rules::default();
        Payments::new(base_points(han, fu, &r).base, dealer, tsumo, honba, 0, &r)
    }

    #[test]
    fn seed_examples() {
        // 70 fu 2 han, non-dealer tsumo: 1200 / 2300.
        let p = pay(2, 70, false, true, 0);
        assert_eq!(
            (p.tsumo_non_dealer, p.tsumo_dealer),
            (Some(1200), Some(2300))
        );
        assert_eq!(pay(1, 30, false, false, 0).ron, Some(1000));
        assert_eq!(pay(4, 30, true, false, 0).ron, Some(11600));
        assert_eq!(pay(3, 30, false, false, 2).ron, Some(3900 + 600));
        let p = pay(1, 30, true, true, 1);
        assert_eq!(p.tsumo_non_dealer, Some(500 + 100));
        let kiriage = Rules {
            kiriage: true,
            ..Rules::default()
        };
        assert_eq!(
            base_points(4, 30, &kiriage),
            BasePoints::new(2000, Limit::Mangan)
        );
        assert_eq!(base_points(4, 30, &Rules::default()).base, 1920);
    }

    #[test]
    fn pao_tsumo_whole_hand() {
        let r = Rules::default();
        let s = Settlement {
            winner: 2,
            tsumo: true,
            base: 8000,
            pao_base: 8000,
            honba: 1,
            sticks: 0,
        };
        assert_eq!(
            deltas(&s, None, Some(0), &r).unwrap(),
            [-32300, 0, 32300, 0]
        );
    }

    #[test]
    fn aotenjou_is_exact() {
        assert_eq!(aotenjou_base(1, 30), BigUint::from(240u32));
        let big = aotenjou_base(100, 30);
        assert_eq!(big, BigUint::from(30u32) << 102u32);
        assert_eq!(
            round_up_100_big(&BigUint::from(101u32)),
            BigUint::from(200u32)
        );
    }
}
