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

/// State of the scan over a group: for each `(a, b, m, p)` the fewest added tiles,
/// where `a` runs started two kinds back and `b` runs started one kind back still
/// need the current kind, `m` sets and `p` pairs are placed so far.
#[derive(Clone, Copy)]
pub struct Scan([u8; 250]);

const fn at(a: usize, b: usize, m: usize, p: usize) -> usize {
    ((a * 5 + b) * 5 + m) * 2 + p
}

impl Scan {
    pub const fn start() -> Scan {
        let mut s = [UNREACHABLE; 250];
        s[0] = 0;
        Scan(s)
    }

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
    pub fn step_within(&self, held: u8, cap: u8, may_start_run: bool, sets: usize) -> Scan {
        let sets = sets.min(4);
        let mut next = [UNREACHABLE; 250];
        for a in 0..5 {
            for b in 0..5 - a {
                for m in (a + b)..=sets {
                    for p in 0..2 {
                        let here = self.0[at(a, b, m, p)];
                        if here == UNREACHABLE {
                            continue;
                        }
                        let max_c = if may_start_run { sets - m } else { 0 };
                        for c in 0..=max_c {
                            for t in 0..=usize::from(m + c < sets) {
                                for q in 0..=(1 - p) {
                                    let used = a + b + c + 3 * t + 2 * q;
                                    if used > usize::from(cap) {
                                        continue;
                                    }
                                    let cost = here + (used as u8).saturating_sub(held);
                                    let slot = &mut next[at(b, c, m + c + t, p + q)];
                                    if cost < *slot {
                                        *slot = cost;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        Scan(next)
    }

    /// Distances once every kind of the group has been taken.
    pub fn finish(&self) -> Distances {
        let mut d = [UNREACHABLE; 10];
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
