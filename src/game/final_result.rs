//! The final result of a game (終局精算): placings, uma and oka, and the final
//! scores in thousands of points (docs/rules.md: `rounding`, `uma`, `oka` and the
//! presets).
//!
//! Score of a seat = (final points − return points) / 1000 + uma of its place,
//! plus the oka, (return − start) × 4 / 1000, for first place. Scores are kept in
//! tenths of a thousand (+45.3 is `453`), exact for points that are multiples of
//! 100, as they always are in play.
//!
//! # Rounding
//!
//! * [`Rounding::Tenhou`]: the final points of 2nd-4th are rounded to the nearest
//!   1000 with halves away from zero (四捨五入 of the points: 36500 → 37000,
//!   24500 → 25000, −500 → −1000), then the return points and the uma are applied;
//!   1st takes the remainder. This is the manual's "終了時の得点は1000点未満を
//!   四捨五入" and reproduces all 84 four-player Tenhou logs of 2010 to
//!   August 2020 in the test data (19 of them with a .5 in 2nd-4th).
//!   Rounding a digit of 0.5 down after subtracting the return points is contradicted by those
//!   logs (36500 in 2nd scores +17, not +16). The later logs there (June 2022 on)
//!   show one decimal and no rounding, i.e. [`Rounding::None`].
//! * [`Rounding::GoshaRokunyu`] (五捨六入): the whole score, uma and oka
//!   included, is rounded to a thousand on its magnitude, .5 down and .6 up
//!   (+0.5 → 0, +0.6 → +1, −0.5 → 0, −0.6 → −1); 1st takes the remainder so the
//!   four sum to zero. A written band of "−0.6 ≤ score ≤ 0.5" scoring ±0
//!   is sometimes given; only its −0.6 end disagrees with five-down-six-up (a band
//!   of 1.1 is not a rounding step), and that end is read as a slip.
//! * [`Rounding::None`]: one decimal, no rounding (Mahjong Soul, WRC, EMA,
//!   M.League, and Tenhou in its logs from June 2022 on).
//!
//! Under both rounding modes 1st (the earliest seat among tied firsts) absorbs only
//! the rounding differences, so the four scores always sum to the unrounded sum:
//! zero when points and sticks add up to four starts, minus the unclaimed sticks
//! otherwise.
//!
//! # Ties
//!
//! [`TieBreak::Seat`] places tied players by seat order from the first dealer.
//! [`TieBreak::Share`] gives them the same place and splits the sum of
//! the uma (and the oka) of the places they cover equally;
//! what does not split into tenths goes 0.1 at a time to the earlier seats from
//! the first dealer. Leftover sticks split among tied firsts the same way,
//! in 100-point steps.

use crate::rules::Rules;
/// The rounding, tie-break and leftover-stick choices are the rule options' own.
pub use crate::rules::{FinalRounding as Rounding, LeftoverSticks, TieBreak};

/// The end-of-game scoring rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScoringConfig {
    /// Points each player starts with.
    pub start_points: i64,
    /// Points subtracted from the final points (返し); above the start, the
    /// difference times four is the oka of first place.
    pub return_points: i64,
    /// Uma by place, in thousands: `[1st, 2nd, 3rd, 4th]`.
    pub uma: [i64; 4],
    pub rounding: Rounding,
    pub tie_break: TieBreak,
    pub leftover_sticks: LeftoverSticks,
    /// Players: 4, or 3 (the fourth seat is empty: no place, no score).
    pub players: usize,
}

impl ScoringConfig {
    /// Tenhou: 25000 start, 30000 return (oka +20), uma +20/+10/−10/−20,
    /// Tenhou rounding, ties by seat, leftover sticks to first.
    pub const fn tenhou() -> Self {
        ScoringConfig {
            start_points: 25000,
            return_points: 30000,
            uma: [20, 10, -10, -20],
            rounding: Rounding::Tenhou,
            tie_break: TieBreak::Seat,
            leftover_sticks: LeftoverSticks::First,
            players: 4,
        }
    }

    /// Mahjong Soul: 25000 start and return (no oka), uma +15/+5/−5/−15, one
    /// decimal, ties by seat, leftover sticks to first (not confirmed by an official text).
    pub const fn mahjong_soul() -> Self {
        ScoringConfig {
            start_points: 25000,
            return_points: 25000,
            uma: [15, 5, -5, -15],
            rounding: Rounding::None,
            tie_break: TieBreak::Seat,
            leftover_sticks: LeftoverSticks::First,
            players: 4,
        }
    }

    /// WRC 2025: 30000 start and return (no oka), uma +15/+5/−5/−15, one
    /// decimal, tied players share, leftover sticks unclaimed.
    pub const fn wrc() -> Self {
        ScoringConfig {
            start_points: 30000,
            return_points: 30000,
            uma: [15, 5, -5, -15],
            rounding: Rounding::None,
            tie_break: TieBreak::Share,
            leftover_sticks: LeftoverSticks::None,
            players: 4,
        }
    }

    /// EMA 2025: as WRC, but leftover sticks go to first (split on a tie).
    pub const fn ema() -> Self {
        ScoringConfig {
            leftover_sticks: LeftoverSticks::First,
            ..Self::wrc()
        }
    }

    /// M.League: 25000 start, 30000 return (oka +20), uma
    /// +30/+10/−10/−30, one decimal, tied players share (remainders by initial
    /// seat), leftover sticks to first (unverified).
    pub const fn m_league() -> Self {
        ScoringConfig {
            start_points: 25000,
            return_points: 30000,
            uma: [30, 10, -10, -30],
            rounding: Rounding::None,
            tie_break: TieBreak::Share,
            leftover_sticks: LeftoverSticks::First,
            players: 4,
        }
    }

    /// Seed 004's rule: 25000 start, 30000 return (oka +20), uma "10-20"
    /// (+20/+10/−10/−20), 五捨六入, ties by seat, leftover sticks to first.
    pub const fn seed_004() -> Self {
        ScoringConfig {
            rounding: Rounding::GoshaRokunyu,
            ..Self::tenhou()
        }
    }

    /// The final-score part of a rule configuration.
    pub fn from_rules(rules: &Rules) -> Self {
        ScoringConfig {
            start_points: i64::from(rules.start_points),
            return_points: i64::from(rules.return_points),
            uma: rules.uma.map(i64::from),
            rounding: rules.final_rounding,
            tie_break: rules.tie_break,
            leftover_sticks: rules.leftover_sticks,
            players: usize::from(rules.players),
        }
    }
}

impl From<&Rules> for ScoringConfig {
    fn from(rules: &Rules) -> Self {
        Self::from_rules(rules)
    }
}

/// The end of a game, by absolute seat 0-3 (with three players, seat 3 is empty:
/// 0 points, place 0, score 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FinalResult {
    /// Final points, leftover sticks included when they go to first.
    pub points: [i64; 4],
    /// Place 1-4; tied players under [`TieBreak::Share`] share the better place.
    pub ranks: [u8; 4],
    /// Final scores in tenths of a thousand points (+45.3 is `453`). They sum to 0,
    /// less 10 per unclaimed leftover stick.
    pub scores: [i64; 4],
}

/// Points of one riichi stick.
const STICK: i64 = 1000;

/// Places, points and scores at the end of a game. `points` are the players'
/// points by absolute seat before leftover sticks; `first_dealer` is the seat that
/// was East in the first hand (taken modulo the players).
pub fn final_result(
    points: [i64; 4],
    sticks_on_table: u32,
    first_dealer: usize,
    cfg: &ScoringConfig,
) -> FinalResult {
    let n = cfg.players.clamp(3, 4);
    let first_dealer = first_dealer % n;
    // Seats by place: more points first, then seat order from the first dealer.
    let mut order: Vec<usize> = (0..n).map(|k| (first_dealer + k) % n).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(points[s])); // stable: keeps seat order on ties

    let oka_tenths = ((cfg.return_points - cfg.start_points) * n as i64).div_euclid(100);
    let mut ranks = [0u8; 4];
    // Uma and oka of each seat, in tenths.
    let mut bonus = [0i64; 4];
    let mut pos = 0;
    while pos < n {
        let mut end = pos + 1;
        if cfg.tie_break == TieBreak::Share {
            while end < n && points[order[end]] == points[order[pos]] {
                end += 1;
            }
        }
        let group = &order[pos..end];
        let pool =
            cfg.uma[pos..end].iter().sum::<i64>() * 10 + if pos == 0 { oka_tenths } else { 0 };
        for (&seat, part) in group.iter().zip(split(pool, group.len())) {
            bonus[seat] = part;
            ranks[seat] = pos as u8 + 1;
        }
        pos = end;
    }

    let mut final_points = points;
    if n == 3 {
        final_points[3] = 0;
    }
    if cfg.leftover_sticks == LeftoverSticks::First {
        let firsts = order.iter().take_while(|&&s| ranks[s] == 1).count();
        let pot = i64::from(sticks_on_table) * STICK / 100;
        for (&seat, part) in order[..firsts].iter().zip(split(pot, firsts)) {
            final_points[seat] += part * 100;
        }
    }

    let exact = [0, 1, 2, 3].map(|s| {
        if s < n {
            (final_points[s] - cfg.return_points).div_euclid(100) + bonus[s]
        } else {
            0
        }
    });
    let scores = match cfg.rounding {
        Rounding::None => exact,
        Rounding::Tenhou => absorb_into_first(&exact, order[0], n, |s| {
            round_half_away(final_points[s], 1000) * 10 - cfg.return_points.div_euclid(100)
                + bonus[s]
        }),
        Rounding::GoshaRokunyu => absorb_into_first(&exact, order[0], n, |s| {
            gosha_rokunyu(final_points[s] - cfg.return_points + bonus[s] * 100) * 10
        }),
    };
    FinalResult {
        points: final_points,
        ranks,
        scores,
    }
}

/// `total` split into `n` (1-4) near-equal integer parts, the larger ones first.
fn split(total: i64, n: usize) -> [i64; 4] {
    let n = n.clamp(1, 4) as i64;
    let (q, r) = (total.div_euclid(n), total.rem_euclid(n));
    [0, 1, 2, 3].map(|k| q + i64::from(k < r))
}

/// Rounded scores for every seat (of `n`) but `first`, which gets its exact
/// score plus every other seat's rounding difference.
fn absorb_into_first(
    exact: &[i64; 4],
    first: usize,
    n: usize,
    rounded: impl Fn(usize) -> i64,
) -> [i64; 4] {
    let mut scores = *exact;
    for s in 0..n {
        if s != first {
            scores[s] = rounded(s);
            scores[first] += exact[s] - scores[s];
        }
    }
    scores
}

/// `x / unit` rounded to the nearest integer, halves away from zero (四捨五入).
fn round_half_away(x: i64, unit: i64) -> i64 {
    let (q, r) = (
        x.unsigned_abs() / unit as u64,
        x.unsigned_abs() % unit as u64,
    );
    let m = (q + u64::from(2 * r >= unit as u64)) as i64;
    if x < 0 {
        -m
    } else {
        m
    }
}

/// Points to thousands by 五捨六入: a remainder of 600 or more rounds the
/// magnitude up, 500 or less rounds it down.
fn gosha_rokunyu(x: i64) -> i64 {
    let (q, r) = (x.unsigned_abs() / 1000, x.unsigned_abs() % 1000);
    let m = (q + u64::from(r >= 600)) as i64;
    if x < 0 {
        -m
    } else {
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fr(
        points: [i64; 4],
        riichi_sticks: u32,
        first_dealer: usize,
        cfg: &ScoringConfig,
    ) -> FinalResult {
        let r = final_result(points, riichi_sticks, first_dealer, cfg);
        let unclaimed = if cfg.leftover_sticks == LeftoverSticks::None {
            i64::from(riichi_sticks) * 10
        } else {
            0
        };
        // Whenever points and sticks add up to four starts, the scores sum to zero
        // less the unclaimed sticks.
        if points.iter().sum::<i64>() + i64::from(riichi_sticks) * STICK == 4 * cfg.start_points {
            assert_eq!(r.scores.iter().sum::<i64>(), -unclaimed, "{r:?}");
        }
        r
    }

    #[test]
    fn tenhou_round_example() {
        // (40000 − 30000)/1000 + 20 + 20 oka = 50; 0 + 10 = 10; −10 − 10 = −20;
        // −20 − 20 = −40.
        let r = fr([40000, 30000, 20000, 10000], 0, 0, &ScoringConfig::tenhou());
        assert_eq!(r.scores, [500, 100, -200, -400]);
        assert_eq!(r.ranks, [1, 2, 3, 4]);
        assert_eq!(r.points, [40000, 30000, 20000, 10000]);
    }

    #[test]
    fn tenhou_rounding_first_takes_remainder() {
        // 2nd 27300 → 27000: −3 + 10 = 7; 3rd 22400 → 22000: −8 − 10 = −18;
        // 4th 14600 → 15000: −15 − 20 = −35; 1st = −(7 − 18 − 35) = 46
        // (unrounded 5.7 + 40 = 45.7).
        let r = fr([35700, 27300, 22400, 14600], 0, 0, &ScoringConfig::tenhou());
        assert_eq!(r.scores, [460, 70, -180, -350]);
    }

    #[test]
    fn tenhou_rounding_halves_away_from_zero_on_points() {
        let cfg = ScoringConfig::tenhou();
        // Tenhou log 17.mjlog, owari -6,-51,365,17,180,-22,461,56: 2nd 36500 →
        // 37000: +7 + 10 = 17 (not 16); 3rd 18000: −12 − 10 = −22; 4th −600 →
        // −1000: −31 − 20 = −51; 1st = −(17 − 22 − 51) = 56.
        assert_eq!(
            fr([-600, 36500, 18000, 46100], 0, 0, &cfg).scores,
            [-510, 170, -220, 560]
        );
        // 26.mjlog, owari 285,9,440,53,30,-47,245,-15: 2nd 28500 → 29000: −1 + 10
        // = 9; 3rd 24500 → 25000: −5 − 10 = −15; 4th 3000: −27 − 20 = −47;
        // 1st = −(9 − 15 − 47) = 53.
        assert_eq!(
            fr([28500, 44000, 3000, 24500], 0, 0, &cfg).scores,
            [90, 530, -470, -150]
        );
        // 31.mjlog, owari -5,-51,266,-13,295,10,444,54: −500 → −1000 (away from
        // zero): −31 − 20 = −51; 29500 → 30000: 0 + 10 = 10; 26600 → 27000:
        // −3 − 10 = −13; 1st = 54.
        assert_eq!(
            fr([-500, 26600, 29500, 44400], 0, 0, &cfg).scores,
            [-510, -130, 100, 540]
        );
    }

    #[test]
    fn tenhou_from_2022_keeps_one_decimal() {
        // Tenhou log 2023053016gm-0029-0000-e54b3b98, sc 53800,63.8,16100,-23.9,
        // 29300,9.3,800,-49.2: 23.8 + 20 + 20 = 63.8; −0.7 + 10 = 9.3;
        // −13.9 − 10 = −23.9; −29.2 − 20 = −49.2.
        let cfg = ScoringConfig {
            rounding: Rounding::None,
            ..ScoringConfig::tenhou()
        };
        assert_eq!(
            fr([53800, 16100, 29300, 800], 0, 0, &cfg).scores,
            [638, -239, 93, -492]
        );
    }

    #[test]
    fn gosha_rokunyu_seed_004_examples() {
        // Seed 004's formula (final points − 30000 + uma)/1000 has no oka, so its
        // 1st-place example is reproduced with start = return = 30000:
        // 40000 in 1st: (40000 − 30000 + 20000)/1000 = +30.0.
        let no_oka = ScoringConfig {
            start_points: 30000,
            ..ScoringConfig::seed_004()
        };
        assert_eq!(
            fr([40000, 30000, 30000, 20000], 0, 0, &no_oka).scores[0],
            300
        );
        // 2nd and 3rd do not involve the oka. 40000 in 2nd: (40000 − 30000 +
        // 10000)/1000 = +20.0.
        let cfg = ScoringConfig::seed_004();
        assert_eq!(fr([41000, 40000, 10000, 9000], 0, 0, &cfg).scores[1], 200);
        // 25000 in 2nd: (25000 − 30000 + 10000)/1000 = +5.0; in 3rd:
        // (25000 − 30000 − 10000)/1000 = −15.0.
        let r = fr([45000, 25000, 25000, 5000], 0, 0, &cfg);
        assert_eq!((r.scores[1], r.scores[2]), (50, -150));
        assert_eq!(r.scores, [550, 50, -150, -450]);
    }

    #[test]
    fn gosha_rokunyu_seed_004_plus_minus_zero_bands() {
        let cfg = ScoringConfig::seed_004();
        // ±0 in 2nd: X − 30000 + 10000 within the band; the seed gives
        // 19400 ≤ X ≤ 20500. 20500: +0.5 → 0; 20600: +0.6 → +1; 19500: −0.5 → 0;
        // 19400: −0.6 → −1 (the seed's band says 0; see the module docs).
        for (x, want) in [(20500, 0), (20600, 10), (19500, 0), (19400, -10)] {
            let r = fr([60000, x, 19000, 21000 - x], 0, 0, &cfg);
            assert_eq!(r.ranks[1], 2);
            assert_eq!(r.scores[1], want, "2nd with {x}");
        }
        // ±0 in 3rd: X − 30000 − 10000; the seed gives 39400 ≤ X ≤ 40500.
        for (x, want) in [(40500, 0), (40600, 10), (39500, 0), (39400, -10)] {
            let r = fr([50000, 45000, x, 5000 - x], 0, 0, &cfg);
            assert_eq!(r.ranks[2], 3);
            assert_eq!(r.scores[2], want, "3rd with {x}");
        }
    }

    #[test]
    fn gosha_rokunyu_rounds_the_magnitude() {
        for (x, want) in [
            (500, 0),
            (600, 1),
            (1500, 1),
            (1600, 2),
            (-500, 0),
            (-600, -1),
            (-1500, -1),
            (-1600, -2),
            (-2000, -2),
            (0, 0),
        ] {
            assert_eq!(gosha_rokunyu(x), want, "{x}");
        }
    }

    #[test]
    fn gosha_rokunyu_first_absorbs_rounding() {
        // 2nd 27600: 7.6 → 8; 3rd 22600: −17.4 → −17; 4th 14200: −35.8 → −36.
        // Rounded alone 1st would be 45.6 → 46 and the sum +1; instead 1st =
        // −(8 − 17 − 36) = 45.
        let r = fr(
            [35600, 27600, 22600, 14200],
            0,
            0,
            &ScoringConfig::seed_004(),
        );
        assert_eq!(r.scores, [450, 80, -170, -360]);
    }

    #[test]
    fn two_way_tie_by_seat() {
        // WRC points with seat ties: seats 0 and 1 both 40000.
        let cfg = ScoringConfig {
            tie_break: TieBreak::Seat,
            ..ScoringConfig::wrc()
        };
        // First dealer seat 0: seat 0 is 1st (+10 + 15 = 25), seat 1 2nd (+10 + 5 = 15);
        // 3rd −5 − 5 = −10; 4th −15 − 15 = −30.
        let r = fr([40000, 40000, 25000, 15000], 0, 0, &cfg);
        assert_eq!((r.ranks, r.scores), ([1, 2, 3, 4], [250, 150, -100, -300]));
        // First dealer seat 1: seat 1 comes first.
        let r = fr([40000, 40000, 25000, 15000], 0, 1, &cfg);
        assert_eq!((r.ranks, r.scores), ([2, 1, 3, 4], [150, 250, -100, -300]));
        // First dealer seat 2: order 2, 3, 0, 1, so seat 0 still before seat 1.
        assert_eq!(
            fr([40000, 40000, 25000, 15000], 0, 2, &cfg).ranks,
            [1, 2, 3, 4]
        );
        // Tenhou log 2022060103gm-00a9-0000-957cc283 (one decimal): seats 0 and 1
        // tie on 19100; seat 0 places 3rd: −10.9 − 10 = −20.9, seat 1 4th:
        // −10.9 − 20 = −30.9; 26600: −3.4 + 10 = 6.6; 35200: 5.2 + 40 = 45.2.
        let cfg = ScoringConfig {
            rounding: Rounding::None,
            ..ScoringConfig::tenhou()
        };
        let r = fr([19100, 19100, 26600, 35200], 0, 0, &cfg);
        assert_eq!((r.ranks, r.scores), ([3, 4, 2, 1], [-209, -309, 66, 452]));
    }

    #[test]
    fn two_way_tie_shared() {
        // WRC: seats 0 and 1 tie for 1st and split 15 + 5: +10 + 10 = 20 each;
        // 3rd −5 − 5 = −10; 4th −15 − 15 = −30.
        let r = fr([40000, 40000, 25000, 15000], 0, 3, &ScoringConfig::wrc());
        assert_eq!((r.ranks, r.scores), ([1, 1, 3, 4], [200, 200, -100, -300]));
        // M.League, seats 0 and 2 tie for 2nd on 20000 and split 10 − 10 = 0:
        // −10 + 0 = −10 each; 1st 50000: 20 + 30 + 20 oka = 70; 4th 10000:
        // −20 − 30 = −50.
        let r = fr(
            [20000, 50000, 20000, 10000],
            0,
            0,
            &ScoringConfig::m_league(),
        );
        assert_eq!((r.ranks, r.scores), ([2, 1, 2, 4], [-100, 700, -100, -500]));
    }

    #[test]
    fn three_way_tie() {
        // WRC, three tied on 35000 share 15 + 5 − 5 = 15: +5 + 5 = 10 each;
        // 4th −15 − 15 = −30.
        let r = fr([35000, 35000, 15000, 35000], 0, 0, &ScoringConfig::wrc());
        assert_eq!((r.ranks, r.scores), ([1, 1, 4, 1], [100, 100, -300, 100]));
        // M.League: they share 30 + 10 − 10 + 20 oka = 50, 16.7/16.7/16.6, the
        // extra tenths to the earlier seats from the first dealer (seat 1: order
        // 1, 2, 0): +5 each, so seats 1, 2: 21.7, seat 0: 21.6; 4th −35 − 30 = −65.
        let r = fr(
            [35000, 35000, 35000, -5000],
            0,
            1,
            &ScoringConfig::m_league(),
        );
        assert_eq!((r.ranks, r.scores), ([1, 1, 1, 4], [216, 217, 217, -650]));
        // Tenhou by seat: 2nd seat 1: 5 + 10 = 15; 3rd seat 2: 5 − 10 = −5;
        // 4th −5000: −35 − 20 = −55; 1st seat 0: −(15 − 5 − 55) = 45 = 5 + 20 + 20.
        let r = fr([35000, 35000, 35000, -5000], 0, 0, &ScoringConfig::tenhou());
        assert_eq!((r.ranks, r.scores), ([1, 2, 3, 4], [450, 150, -50, -550]));
    }

    #[test]
    fn four_way_tie_shared() {
        // Everyone shares the whole uma (0) and oka (20): +5 each; all −5 + 5 = 0.
        let r = fr([25000; 4], 0, 2, &ScoringConfig::m_league());
        assert_eq!((r.ranks, r.scores), ([1; 4], [0; 4]));
    }

    #[test]
    fn leftover_sticks_to_first() {
        // Tenhou, one stick: 1st 40000 → 41000: 11 + 40 = 51; 2nd 10; 3rd −20;
        // 4th 9000: −21 − 20 = −41. The points sum to 100000 again.
        let r = fr([40000, 30000, 20000, 9000], 1, 0, &ScoringConfig::tenhou());
        assert_eq!(r.points, [41000, 30000, 20000, 9000]);
        assert_eq!(r.scores, [510, 100, -200, -410]);
        // EMA, tied firsts split 3 sticks: 1500 each.
        let r = fr([40000, 40000, 20000, 17000], 3, 0, &ScoringConfig::ema());
        assert_eq!(r.points, [41500, 41500, 20000, 17000]);
        // 11.5 + 10 = 21.5 each; −10 − 5 = −15; −13 − 15 = −28.
        assert_eq!(r.scores, [215, 215, -150, -280]);
    }

    #[test]
    fn leftover_sticks_unclaimed() {
        // WRC, one stick stays on the table: points sum to 119000. Seats 1 and 2 tie
        // on 30000 and share 5 − 5 = 0: 0 each; 1st 10 + 15 = 25; 4th −11 − 15 =
        // −26. The scores sum to −1, the unclaimed stick.
        let r = fr([40000, 30000, 30000, 19000], 1, 0, &ScoringConfig::wrc());
        assert_eq!(r.points, [40000, 30000, 30000, 19000]);
        assert_eq!(r.scores, [250, 0, 0, -260]);
        assert_eq!(r.scores.iter().sum::<i64>(), -10);
        // Tenhou rounding with unclaimed sticks: 1st absorbs only rounding, so
        // the sum is still −1: 1st 10 + 40 = 50, 10, −20, −41.
        let cfg = ScoringConfig {
            leftover_sticks: LeftoverSticks::None,
            ..ScoringConfig::tenhou()
        };
        let r = fr([40000, 30000, 20000, 9000], 1, 0, &cfg);
        assert_eq!(r.points, [40000, 30000, 20000, 9000]);
        assert_eq!(r.scores, [500, 100, -200, -410]);
    }

    #[test]
    fn negative_points_still_ranked() {
        // Mahjong Soul: seat 2 60000 1st: 35 + 15 = 50; seat 3 41500 2nd: 16.5 + 5
        // = 21.5; seat 1 −300 3rd: −25.3 − 5 = −30.3; seat 0 −1200 4th:
        // −26.2 − 15 = −41.2.
        let r = fr(
            [-1200, -300, 60000, 41500],
            0,
            0,
            &ScoringConfig::mahjong_soul(),
        );
        assert_eq!((r.ranks, r.scores), ([4, 3, 1, 2], [-412, -303, 500, 215]));
    }

    #[test]
    fn mahjong_soul_one_decimal() {
        // 10.7 + 15 = 25.7; 2.3 + 5 = 7.3; −2.6 − 5 = −7.6; −10.4 − 15 = −25.4.
        let r = fr(
            [35700, 27300, 22400, 14600],
            0,
            0,
            &ScoringConfig::mahjong_soul(),
        );
        assert_eq!(r.scores, [257, 73, -76, -254]);
    }

    #[test]
    fn m_league_one_decimal() {
        // The preset's worked example: 2nd with 36800 = +6.8 + 10 = 16.8. 1st 45000: 15 + 30 + 20
        // = 65; 3rd 10000: −20 − 10 = −30; 4th 8200: −21.8 − 30 = −51.8.
        let r = fr(
            [8200, 45000, 36800, 10000],
            0,
            0,
            &ScoringConfig::m_league(),
        );
        assert_eq!(r.scores, [-518, 650, 168, -300]);
    }

    #[test]
    fn presets_match_rules_presets() {
        assert_eq!(
            ScoringConfig::from(&Rules::default()),
            ScoringConfig::tenhou()
        );
        for (name, cfg) in [
            ("mahjong_soul", ScoringConfig::mahjong_soul()),
            ("wrc2025", ScoringConfig::wrc()),
            ("ema2025", ScoringConfig::ema()),
            ("mleague", ScoringConfig::m_league()),
        ] {
            let rules = Rules::preset(name).unwrap();
            assert_eq!(ScoringConfig::from(&rules), cfg, "{name}");
        }
    }

    #[test]
    fn out_of_range_first_dealer_wraps() {
        let cfg = ScoringConfig::tenhou();
        let p = [30000, 30000, 20000, 20000];
        assert_eq!(fr(p, 0, 5, &cfg), fr(p, 0, 1, &cfg));
    }
}
