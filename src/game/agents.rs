//! The built-in agents, for whole games inside Rust and for Python's agent
//! classes alike: a uniformly random one, one that always discards the tile it
//! drew, and a shanten-greedy one.

use super::wall::Rng;
use super::Action;
use crate::algo::waits::Discards;
use crate::algo::TileSet;
use crate::meld::Meld;
use crate::tile::{Counts, Tile, KINDS};

/// A built-in policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AgentKind {
    /// Any legal action, uniformly.
    Random,
    /// Wins when it can, otherwise discards the drawn tile and passes every claim.
    Tsumogiri,
    /// Wins whenever it can, declares riichi when it can, discards towards the
    /// lowest shanten and then the most tiles that lower it, never calls.
    Shanten,
}

impl AgentKind {
    pub fn from_name(name: &str) -> Option<AgentKind> {
        match name {
            "random" => Some(AgentKind::Random),
            "tsumogiri" => Some(AgentKind::Tsumogiri),
            "shanten" => Some(AgentKind::Shanten),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            AgentKind::Random => "random",
            AgentKind::Tsumogiri => "tsumogiri",
            AgentKind::Shanten => "shanten",
        }
    }
}

/// A built-in agent: its policy and its own seeded random numbers (for ties and
/// the random policy). It decides from what its seat may know: its concealed
/// tiles and melds, and the legal actions.
#[derive(Clone, Debug)]
pub struct Agent {
    kind: AgentKind,
    rng: Rng,
}

/// The seed of seat `seat`'s agent in a game seeded `seed` (what
/// [`super::sim::play`] gives each seat).
pub fn agent_seed(seed: u64, seat: usize) -> u64 {
    super::sim::game_seed(seed ^ 0x5EED_A6E7, seat as u64)
}

impl Agent {
    pub fn new(kind: AgentKind, seed: u64) -> Agent {
        Agent {
            kind,
            rng: Rng::new(seed),
        }
    }

    pub fn kind(&self) -> AgentKind {
        self.kind
    }

    /// The index in `legal` (never empty) of the action this agent takes, holding
    /// `hand` (concealed tiles, the drawn one included) beside `melds`, playing
    /// with the tiles of `set` (three players have no 2m-8m to draw).
    pub fn choose(
        &mut self,
        hand: &[Tile],
        melds: &[Meld],
        legal: &[Action],
        set: TileSet,
    ) -> usize {
        self.choose_given(hand, melds, legal, set, None)
    }

    /// [`Agent::choose`], given `discards`: the analysis of every discard of
    /// the hand under four players' tiles ([`super::Game::turn_discards`]),
    /// which the shanten policy then reads instead of working it out.
    pub(crate) fn choose_given(
        &mut self,
        hand: &[Tile],
        melds: &[Meld],
        legal: &[Action],
        set: TileSet,
        discards: Option<&Discards>,
    ) -> usize {
        match self.kind {
            AgentKind::Random => self.rng.below(legal.len() as u64) as usize,
            AgentKind::Tsumogiri => tsumogiri_choice(legal),
            AgentKind::Shanten => {
                let discards = discards.filter(|_| set == TileSet::Full);
                shanten_choice(hand, melds, legal, set, discards, &mut self.rng)
            }
        }
    }
}

/// The first legal action that `want` accepts.
fn first(legal: &[Action], want: impl Fn(&Action) -> bool) -> Option<usize> {
    legal.iter().position(want)
}

fn win(legal: &[Action]) -> Option<usize> {
    first(legal, |a| *a == Action::Tsumo).or_else(|| first(legal, |a| *a == Action::Ron))
}

fn tsumogiri_choice(legal: &[Action]) -> usize {
    win(legal)
        .or_else(|| {
            first(legal, |a| {
                matches!(
                    a,
                    Action::Discard {
                        tsumogiri: true,
                        ..
                    }
                )
            })
        })
        .or_else(|| first(legal, |a| *a == Action::Pass))
        .or_else(|| first(legal, |a| matches!(a, Action::Discard { .. })))
        .unwrap_or(0)
}

fn shanten_choice(
    hand: &[Tile],
    melds: &[Meld],
    legal: &[Action],
    set: TileSet,
    given: Option<&Discards>,
    rng: &mut Rng,
) -> usize {
    if let Some(i) = win(legal) {
        return i;
    }
    // A kita is a free dora (and a draw): always taken.
    if let Some(i) = first(legal, |a| *a == Action::Kita) {
        return i;
    }
    let kinds = legal
        .iter()
        .filter_map(discarded)
        .fold(0u64, |m, (kind, _)| m | 1 << kind);
    if kinds == 0 {
        // A claim offered: passed.
        return first(legal, |a| *a == Action::Pass).unwrap_or(0);
    }
    if kinds.is_power_of_two() {
        // One kind to discard (as in riichi): nothing to weigh.
        return best_discard(legal, kinds, &[0; KINDS], rng);
    }
    let mut counts: Counts = [0; KINDS];
    for t in hand {
        counts[t.kind() as usize] += 1;
    }
    let mut meld_counts: Counts = [0; KINDS];
    for m in melds {
        for t in m.tiles() {
            meld_counts[t.kind() as usize] += 1;
        }
    }
    // Each discard (or riichi discard): resulting shanten, then tiles that lower
    // it. A kind's discards (plain or red, from the hand or the drawn tile, with
    // or without riichi) leave the same hand: analysed once. The shanten of
    // every kind first, cheaply; the tiles that lower it only for the kinds
    // that reach the lowest, since no other can be chosen, and only if two or
    // more kinds reach it.
    let mut own = None;
    let discards =
        given.unwrap_or_else(|| own.insert(Discards::new(&counts, &meld_counts, melds.len(), set)));
    let (_, at_lowest) = discards.lowest(kinds);
    let mut live_of = [0i32; KINDS];
    if at_lowest.count_ones() > 1 {
        let planes = copy_planes(&counts, &meld_counts);
        discards.lowering_each(at_lowest, |kind, _, lowering| {
            // The copies of each lowering kind in neither the hand (once `kind`
            // is discarded) nor the melds.
            let seen: u32 = planes
                .iter()
                .enumerate()
                .map(|(b, plane)| (lowering & plane).count_ones() << b)
                .sum();
            let back = (lowering >> kind & 1) as u32;
            live_of[kind] = (4 * lowering.count_ones() - seen + back) as i32;
        });
    }
    best_discard(legal, at_lowest, &live_of, rng)
}

/// The kind of a discard or riichi action, and whether it declares riichi.
fn discarded(a: &Action) -> Option<(usize, bool)> {
    match *a {
        Action::Discard { tile, .. } => Some((tile.kind() as usize, false)),
        Action::Riichi { tile, .. } => Some((tile.kind() as usize, true)),
        _ => None,
    }
}

/// The index in `legal` of the discard of a kind of `at_lowest` with the most
/// live draws (`live_of`), riichi preferred; ties drawn uniformly with `rng`.
fn best_discard(legal: &[Action], at_lowest: u64, live_of: &[i32; KINDS], rng: &mut Rng) -> usize {
    let mut best: Option<((i32, bool), usize)> = None;
    let mut ties = 0u64;
    for (i, (kind, riichi)) in legal
        .iter()
        .enumerate()
        .filter_map(|(i, a)| Some((i, discarded(a)?)))
    {
        if at_lowest >> kind & 1 == 0 {
            continue;
        }
        let live = live_of[kind];
        // More ukeire, riichi preferred.
        let key = (live, riichi);
        match &best {
            Some((b, _)) if key < *b => {}
            Some((b, _)) if key == *b => {
                // Ties: reservoir sampling keeps the choice uniform and seeded.
                ties += 1;
                if rng.below(ties + 1) == 0 {
                    best = Some((key, i));
                }
            }
            _ => {
                ties = 0;
                best = Some((key, i));
            }
        }
    }
    best.map(|(_, i)| i)
        .or_else(|| first(legal, |a| *a == Action::Pass))
        .unwrap_or(0)
}

/// The copies of each kind in `counts` and `meld_counts` together (at most
/// four), as three bit planes: bit k of plane b is bit b of kind k's copies,
/// so that the copies of the kinds of a mask are summed by counting bits.
/// Eight kinds at a time: their counts added as bytes of one word, and each
/// byte's bit b gathered into a byte by one multiplication.
fn copy_planes(counts: &Counts, meld_counts: &Counts) -> [u64; 3] {
    let mut planes = [0u64; 3];
    for (i, (c, m)) in counts.chunks(8).zip(meld_counts.chunks(8)).enumerate() {
        let (mut held, mut melded) = ([0u8; 8], [0u8; 8]);
        held[..c.len()].copy_from_slice(c);
        melded[..m.len()].copy_from_slice(m);
        let word = u64::from_le_bytes(held) + u64::from_le_bytes(melded);
        for (b, plane) in planes.iter_mut().enumerate() {
            let lows = word >> b & 0x0101_0101_0101_0101;
            *plane |= (lows.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
        }
    }
    planes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algo::waits::ukeire_in;
    use crate::hand::Hand;
    use crate::meld::MeldKind;

    /// A random closed 14-tile hand of the kinds three players use.
    fn sanma_hand(rng: &mut Rng) -> Vec<Tile> {
        let kinds: Vec<u8> = (0..KINDS as u8)
            .filter(|&k| !TileSet::Sanma.is_absent(k))
            .collect();
        let mut counts: Counts = [0; KINDS];
        let mut hand = Vec::new();
        while hand.len() < 14 {
            let k = kinds[rng.below(kinds.len() as u64) as usize];
            if counts[k as usize] < 4 {
                counts[k as usize] += 1;
                hand.push(Tile::from_kind(k).expect("kind"));
            }
        }
        hand.sort();
        hand
    }

    /// A random four-player hand: `melds` chi or pon and 14 - 3 `melds`
    /// concealed tiles, no kind more than four times in all.
    fn melded_hand(rng: &mut Rng, melds: usize) -> (Vec<Tile>, Vec<Meld>) {
        let tile = |k: usize| Tile::from_kind(k as u8).expect("kind");
        let mut counts: Counts = [0; KINDS];
        let mut out = Vec::new();
        while out.len() < melds {
            let k = rng.below(KINDS as u64) as usize;
            let chi = k < 27 && k % 9 < 7 && rng.below(2) == 0;
            let kinds = if chi { [k, k + 1, k + 2] } else { [k; 3] };
            let mut c = counts;
            for &x in &kinds {
                c[x] += 1;
            }
            if c.iter().any(|&n| n > 4) {
                continue;
            }
            counts = c;
            let tiles = kinds.map(tile);
            let kind = if chi { MeldKind::Chi } else { MeldKind::Pon };
            out.push(Meld::new(kind, &tiles, None, None, None).expect("meld"));
        }
        let mut hand = Vec::new();
        while hand.len() < 14 - 3 * melds {
            let k = rng.below(KINDS as u64) as usize;
            if counts[k] < 4 {
                counts[k] += 1;
                hand.push(tile(k));
            }
        }
        hand.sort();
        (hand, out)
    }

    /// Each kind's copies read back from the bit planes, for every count of
    /// 0 to 4 in every position, split between the hand and the melds.
    #[test]
    fn copy_planes_hold_each_kinds_copies() {
        let mut rng = Rng::new(5);
        for _ in 0..2000 {
            let (mut counts, mut meld_counts) = ([0u8; KINDS], [0u8; KINDS]);
            for k in 0..KINDS {
                let all = rng.below(5) as u8;
                let melded = rng.below(u64::from(all) + 1) as u8;
                (counts[k], meld_counts[k]) = (all - melded, melded);
            }
            let planes = copy_planes(&counts, &meld_counts);
            for k in 0..KINDS {
                let got: u8 = (0..3).map(|b| ((planes[b] >> k & 1) as u8) << b).sum();
                assert_eq!(got, counts[k] + meld_counts[k], "kind {k}");
            }
            assert!(planes.iter().all(|p| p >> KINDS == 0));
        }
    }

    /// The shanten agent takes a discard of the lowest shanten and, among
    /// those, of the most live draws, as the ukeire of each discard says, on
    /// hands with 0 to 3 melds and with some discards forbidden; with riichi
    /// offered beside a discard, it prefers the riichi.
    #[test]
    fn the_shanten_agent_takes_the_best_discard_by_its_ukeire() {
        let mut rng = Rng::new(11);
        for i in 0..2000 {
            let (hand, melds) = melded_hand(&mut rng, i % 4);
            let mut tiles = hand.clone();
            tiles.dedup();
            if i % 5 == 4 {
                // Some discards forbidden (as after a call): the best left may
                // be worse than the hand's, and drawing back the discarded kind
                // may then lower it.
                let keep: Vec<Tile> = tiles
                    .iter()
                    .copied()
                    .filter(|_| rng.below(2) == 0)
                    .collect();
                if !keep.is_empty() {
                    tiles = keep;
                }
            }
            let mut legal: Vec<Action> = tiles
                .iter()
                .map(|&tile| Action::Discard {
                    tile,
                    tsumogiri: false,
                })
                .collect();
            let riichi = melds.is_empty() && i % 3 == 0;
            if riichi {
                legal.push(Action::Riichi {
                    tile: tiles[0],
                    tsumogiri: false,
                });
            }
            let value = |a: &Action| {
                let (Action::Discard { tile, .. } | Action::Riichi { tile, .. }) = *a else {
                    unreachable!()
                };
                let mut rest = hand.clone();
                let at = rest.iter().position(|&t| t == tile).expect("held");
                rest.remove(at);
                let h = Hand::new(&rest, melds.clone()).expect("hand");
                let u = ukeire_in(&h, &[0; KINDS], TileSet::Full).expect("ukeire");
                (-u.shanten, u.live)
            };
            let best = legal.iter().map(value).max();
            let chosen = Agent::new(AgentKind::Shanten, i as u64).choose(
                &hand,
                &melds,
                &legal,
                TileSet::Full,
            );
            assert_eq!(Some(value(&legal[chosen])), best, "{hand:?} {melds:?}");
            if riichi && value(&legal[0]) == best.expect("a discard") {
                assert!(
                    matches!(legal[chosen], Action::Riichi { .. }),
                    "{hand:?}: riichi preferred"
                );
            }
        }
    }

    /// The shanten agent under three players discards for the best shanten, then
    /// the most live draws among the tiles in play (no 2m-8m), as the analysis of
    /// each discard says; counting the 34 kinds of four players would choose
    /// otherwise on some hands.
    #[test]
    fn the_shanten_agent_counts_only_the_tiles_in_play() {
        let mut rng = Rng::new(7);
        let mut differ = 0;
        for _ in 0..1500 {
            let hand = sanma_hand(&mut rng);
            let mut kinds: Vec<Tile> = hand.clone();
            kinds.dedup();
            let legal: Vec<Action> = kinds
                .iter()
                .map(|&tile| Action::Discard {
                    tile,
                    tsumogiri: false,
                })
                .collect();
            let value = |a: &Action| {
                let Action::Discard { tile, .. } = *a else {
                    unreachable!()
                };
                let mut rest = hand.clone();
                let at = rest.iter().position(|&t| t == tile).expect("held");
                rest.remove(at);
                let h = Hand::new(&rest, Vec::new()).expect("hand");
                let u = ukeire_in(&h, &[0; KINDS], TileSet::Sanma).expect("ukeire");
                (-u.shanten, u.live)
            };
            let best = legal.iter().map(value).max();
            let sanma =
                Agent::new(AgentKind::Shanten, 1).choose(&hand, &[], &legal, TileSet::Sanma);
            assert_eq!(Some(value(&legal[sanma])), best, "{hand:?}");
            let four = Agent::new(AgentKind::Shanten, 1).choose(&hand, &[], &legal, TileSet::Full);
            differ += usize::from(Some(value(&legal[four])) != best);
        }
        assert!(differ > 0, "no hand tells the two tile sets apart");
    }
}
