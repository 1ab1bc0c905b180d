//! Built-in agents for whole games inside Rust: a uniformly random one, one that
//! always discards the tile it drew, and a shanten-greedy one.

use super::wall::Rng;
use super::{Action, Game};
use crate::algo::waits::shanten_and_lowering;
use crate::tile::{Counts, KINDS};

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

/// The action `kind` takes for `seat`, among `legal` (never empty).
pub fn choose(
    kind: AgentKind,
    game: &Game,
    seat: usize,
    legal: &[Action],
    rng: &mut Rng,
) -> Action {
    match kind {
        AgentKind::Random => legal[rng.below(legal.len() as u64) as usize],
        AgentKind::Tsumogiri => {
            for want in [Action::Tsumo, Action::Ron] {
                if legal.contains(&want) {
                    return want;
                }
            }
            legal
                .iter()
                .copied()
                .find(|a| {
                    matches!(
                        a,
                        Action::Discard {
                            tsumogiri: true,
                            ..
                        }
                    )
                })
                .or_else(|| legal.iter().copied().find(|a| *a == Action::Pass))
                .or_else(|| {
                    legal
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::Discard { .. }))
                })
                .unwrap_or(legal[0])
        }
        AgentKind::Shanten => shanten_choice(game, seat, legal, rng),
    }
}

fn shanten_choice(game: &Game, seat: usize, legal: &[Action], rng: &mut Rng) -> Action {
    for want in [Action::Tsumo, Action::Ron] {
        if legal.contains(&want) {
            return want;
        }
    }
    let p = &game.players[seat];
    let mut counts: Counts = [0; KINDS];
    for t in &p.concealed {
        counts[t.kind() as usize] += 1;
    }
    let mut meld_counts: Counts = [0; KINDS];
    for m in &p.melds {
        for t in m.tiles() {
            meld_counts[t.kind() as usize] += 1;
        }
    }
    // Each discard (or riichi discard): resulting shanten, then tiles that lower it.
    let mut best: Option<((i8, i32, bool), Action)> = None;
    let mut ties = 0u64;
    for &a in legal {
        let (tile, riichi) = match a {
            Action::Discard { tile, .. } => (tile, false),
            Action::Riichi { tile, .. } => (tile, true),
            _ => continue,
        };
        let mut c = counts;
        c[tile.kind() as usize] -= 1;
        let (s, mask) = shanten_and_lowering(&c, Some(&meld_counts), p.melds.len());
        let live: i32 = (0..KINDS)
            .filter(|&k| mask >> k & 1 == 1)
            .map(|k| 4 - i32::from(c[k] + meld_counts[k]))
            .sum();
        // Lower shanten, more ukeire, riichi preferred.
        let key = (-s, live, riichi);
        match &best {
            Some((b, _)) if key < *b => {}
            Some((b, _)) if key == *b => {
                // Ties: reservoir sampling keeps the choice uniform and seeded.
                ties += 1;
                if rng.below(ties + 1) == 0 {
                    best = Some((key, a));
                }
            }
            _ => {
                ties = 0;
                best = Some((key, a));
            }
        }
    }
    if let Some((_, a)) = best {
        return a;
    }
    if legal.contains(&Action::Pass) {
        return Action::Pass;
    }
    legal[0]
}
