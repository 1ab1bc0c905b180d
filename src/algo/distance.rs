//! Exact distance of one tile group (a numbered suit or the honors) to `m` sets and
//! `p` pairs: the fewest tiles that must be added, over every target made of `m`
//! sets (runs only in numbered suits) and `p` pairs whose count of each kind stays
//! within its cap. With caps of 4 this is the distance of the usual tile set; a meld
//! lowers the caps of its kinds. The whole-hand shanten is a min-plus combination of
//! the groups' distances minus one (the distance-to-target formulation of Tomohxx's
//! exact shanten algorithm).
//!
//! This file is also compiled into `build.rs`, which tabulates it for every group
//! of at most 14 tiles in rank order, so it uses nothing from the crate.

/// Index of `(m sets, p pairs)` in a distance array.
pub const fn dist_index(m: usize, p: usize) -> usize {
    m * 2 + p
}

/// Distances for `m` in 0..=4 and `p` in 0..=1, at `dist_index(m, p)`.
pub type Distances = [u8; 10];

/// Marks a target that cannot be reached.
pub const UNREACHABLE: u8 = 0xFF;

/// Stands for "unreachable" once distances are combined: above every real
/// distance (at most 14), and small enough that two of it add without overflow.
pub const FAR: u8 = 64;

/// What the scan keeps for each state: the fewest tiles added so far (`u8`),
/// or with them the kinds some way of that cost adds ([`Adding`]).
pub trait Cell: Copy {
    /// No way reaches the state.
    const NONE: Self;
    /// The empty start: nothing added.
    const START: Self;
    /// The tiles added.
    fn cost(self) -> u8;
    /// This way with `added` more tiles of the group's kind `kind`.
    #[must_use]
    fn add(self, added: u8, kind: usize) -> Self;
    /// Keep the cheaper of this and `other` (what both keep, when they cost
    /// the same).
    fn keep(&mut self, other: Self);
}

impl Cell for u8 {
    const NONE: u8 = UNREACHABLE;
    const START: u8 = 0;

    #[inline]
    fn cost(self) -> u8 {
        self
    }

    #[inline]
    fn add(self, added: u8, _kind: usize) -> u8 {
        self + added
    }

    #[inline]
    fn keep(&mut self, other: u8) {
        *self = (*self).min(other);
    }
}

/// The fewest tiles added, and the kinds (bit i = the group's i-th kind) that
/// some way of that cost adds. Once the group is scanned, these are the kinds
/// whose drawing lowers the distance: a drawn kind that some optimal target
/// holds more of than the hand lowers that target's cost by one, and a kind
/// every optimal target holds no more of than the hand lowers no target's
/// cost below it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adding {
    pub cost: u8,
    pub kinds: u16,
}

impl Cell for Adding {
    const NONE: Adding = Adding {
        cost: UNREACHABLE,
        kinds: 0,
    };
    const START: Adding = Adding { cost: 0, kinds: 0 };

    #[inline]
    fn cost(self) -> u8 {
        self.cost
    }

    #[inline]
    fn add(self, added: u8, kind: usize) -> Adding {
        Adding {
            cost: self.cost + added,
            kinds: self.kinds | u16::from(added > 0) << kind,
        }
    }

    #[inline]
    fn keep(&mut self, other: Adding) {
        if other.cost < self.cost {
            *self = other;
        } else if other.cost == self.cost {
            self.kinds |= other.kinds;
        }
    }
}

/// State of the scan over a group: for each `(a, b, m, p)` the fewest added tiles
/// (a [`Cell`]), where `a` runs started two kinds back and `b` runs started one
/// kind back still need the current kind, `m` sets and `p` pairs are placed so
/// far. Only states with `a + b <= m` exist (the open runs are among the sets
/// placed): 70 of them, those of fewer sets first, so a scan for targets of few
/// sets touches only the first few.
#[derive(Clone, Copy)]
pub struct Scan<C: Cell = u8>([C; STATES]);

/// The states of at most 4 sets.
const STATES: usize = states_up_to(4);

/// The states of at most `sets` sets: `(m + 1)(m + 2) / 2` pairs `(a, b)` of
/// each `m`, with or without the pair.
const fn states_up_to(sets: usize) -> usize {
    let mut n = 0;
    let mut m = 0;
    while m <= sets {
        n += (m + 1) * (m + 2);
        m += 1;
    }
    n
}

/// The position of state `(a, b, m, p)` (with `a + b <= m`): after every state
/// of fewer sets, then by `a`, `b` and `p`. Read from [`POSITIONS`].
#[inline]
const fn at(a: usize, b: usize, m: usize, p: usize) -> usize {
    POSITIONS[((a * 5 + b) * 5 + m) * 2 + p] as usize
}

/// [`at`] for every `(a, b, m, p)` below 5, 5, 5, 2 (0 where `a + b > m`).
const POSITIONS: [u8; 250] = {
    let mut pos = [0u8; 250];
    let mut m = 0;
    while m <= 4 {
        let mut before = if m == 0 { 0 } else { states_up_to(m - 1) };
        let mut a = 0;
        while a <= m {
            let mut b = 0;
            while a + b <= m {
                let mut p = 0;
                while p < 2 {
                    pos[((a * 5 + b) * 5 + m) * 2 + p] = before as u8;
                    before += 1;
                    p += 1;
                }
                b += 1;
            }
            a += 1;
        }
        m += 1;
    }
    pos
};

impl Scan<u8> {
    /// Take the next kind of the group: `held` copies in the hand, at most `cap` in
    /// the target; `may_start_run` when two more kinds follow it in a numbered suit.
    #[must_use]
    pub fn step(&self, held: u8, cap: u8, may_start_run: bool) -> Scan {
        self.step_within(held, cap, may_start_run, 4)
    }

    /// [`Scan::step`] for targets of at most `sets` sets (at most 4): the states
    /// of more are never made, so a scan for a hand that needs few sets (one
    /// beside melds) is quick.
    #[must_use]
    #[inline]
    pub fn step_within(&self, held: u8, cap: u8, may_start_run: bool, sets: usize) -> Scan {
        self.step_kind(0, held, cap, may_start_run, sets)
    }

    /// Distances once every kind of the group has been taken.
    pub fn finish(&self) -> Distances {
        self.finish_cells()
    }
}

impl<C: Cell> Scan<C> {
    pub const fn start() -> Scan<C> {
        let mut s = [C::NONE; STATES];
        s[at(0, 0, 0, 0)] = C::START;
        Scan(s)
    }

    /// [`Scan::step_within`] of the group's kind `kind` (which [`Adding`]
    /// marks where a way adds copies of it).
    #[must_use]
    #[inline]
    pub fn step_kind(
        &self,
        kind: usize,
        held: u8,
        cap: u8,
        may_start_run: bool,
        sets: usize,
    ) -> Scan<C> {
        let mut next = Scan([C::NONE; STATES]);
        self.step_into(&mut next, kind, held, cap, may_start_run, sets);
        next
    }

    /// [`Scan::step_kind`] written to `next`, whose states of more than `sets`
    /// sets must reach nothing (as in any scan bounded by `sets`): only those
    /// of at most `sets` sets are written, so a scan of few sets can step
    /// between two states kept in place.
    #[inline]
    pub fn step_into(
        &self,
        next: &mut Scan<C>,
        kind: usize,
        held: u8,
        cap: u8,
        may_start_run: bool,
        sets: usize,
    ) {
        // Each bound compiled apart: its loops are then of known length.
        match sets {
            0 => self.step_sets::<0>(next, kind, held, cap, may_start_run),
            1 => self.step_sets::<1>(next, kind, held, cap, may_start_run),
            2 => self.step_sets::<2>(next, kind, held, cap, may_start_run),
            3 => self.step_sets::<3>(next, kind, held, cap, may_start_run),
            _ => self.step_sets::<4>(next, kind, held, cap, may_start_run),
        }
    }

    /// [`Scan::step_into`] of `SETS` sets.
    fn step_sets<const SETS: usize>(
        &self,
        next: &mut Scan<C>,
        kind: usize,
        held: u8,
        cap: u8,
        may_start_run: bool,
    ) {
        let next = &mut next.0[..states_up_to(SETS)];
        next.fill(C::NONE);
        for m in 0..=SETS {
            for a in 0..=m {
                for b in 0..=m - a {
                    for p in 0..2 {
                        let here = self.0[at(a, b, m, p)];
                        if here.cost() == UNREACHABLE {
                            continue;
                        }
                        let max_c = if may_start_run { SETS - m } else { 0 };
                        for c in 0..=max_c {
                            for t in 0..=usize::from(m + c < SETS) {
                                for q in 0..=(1 - p) {
                                    let used = a + b + c + 3 * t + 2 * q;
                                    if used > usize::from(cap) {
                                        continue;
                                    }
                                    let way = here.add((used as u8).saturating_sub(held), kind);
                                    next[at(b, c, m + c + t, p + q)].keep(way);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The cells of each target once every kind of the group has been taken.
    pub fn finish_cells(&self) -> [C; 10] {
        let mut d = [C::NONE; 10];
        for m in 0..5 {
            for p in 0..2 {
                d[dist_index(m, p)] = self.0[at(0, 0, m, p)];
            }
        }
        d
    }
}

/// Distances of one group: `held[i]` copies of its i-th kind, at most `caps[i]` of
/// it in a target; `runs` for a numbered suit.
pub fn group_distances(held: &[u8], caps: &[u8], runs: bool) -> Distances {
    group_distances_within(held, caps, runs, 4)
}

/// [`group_distances`] for targets of at most `sets` sets; those of more read
/// [`UNREACHABLE`].
pub fn group_distances_within(held: &[u8], caps: &[u8], runs: bool, sets: usize) -> Distances {
    let n = held.len();
    let mut scan = Scan::start();
    for i in 0..n {
        scan = scan.step_within(held[i], caps[i], runs && i + 2 < n, sets);
    }
    scan.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every state `(a, b, m, p)` with `a + b <= m <= 4` has its own position,
    /// those of at most `s` sets the first `states_up_to(s)`.
    #[test]
    fn the_states_fill_their_positions_once() {
        let mut seen = [false; STATES];
        for m in 0..=4 {
            for a in 0..=m {
                for b in 0..=m - a {
                    for p in 0..2 {
                        let i = at(a, b, m, p);
                        assert!(i < states_up_to(m), "{a} {b} {m} {p}");
                        assert!(m == 0 || i >= states_up_to(m - 1), "{a} {b} {m} {p}");
                        assert!(!seen[i], "{a} {b} {m} {p} at {i} twice");
                        seen[i] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(STATES, 70);
    }
}
