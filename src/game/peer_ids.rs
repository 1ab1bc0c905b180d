//! Our action ids in the numberings other projects' agents use: Mortal (46 ids),
//! riichienv (82), mjx (181) and mahjax (87, its `red_mahjong` environment), so
//! that data, masks or policies can pass between them and us.
//!
//! Each of ours maps to one id of theirs, or to two where they take two
//! decisions: all four declare riichi and then choose its discard in a second
//! decision, and Mortal chooses a kan and then its kind. The drawn and claimed
//! tiles come from the observation of the decision. Some of ours have no
//! counterpart (kita everywhere; a pon with two red fives in Mortal and mahjax),
//! and their numberings merge some of ours: Mortal and riichienv do not tell a
//! tsumogiri from a discard of the same tile from the hand, riichienv ignores red
//! fives and merges the three kans and the two wins, Mortal merges the kans and
//! the wins and takes the red five in a chi or pon whenever it holds one.

use super::action_id::ACTION_COUNT;
use super::observation::Observation;
use crate::tile::Tile;

/// Another project's action numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Peer {
    Mortal,
    Riichienv,
    Mjx,
    Mahjax,
}

impl Peer {
    /// Every numbering, in the order the docs list them.
    pub const ALL: [Peer; 4] = [Peer::Mortal, Peer::Riichienv, Peer::Mjx, Peer::Mahjax];

    /// The name users pass: `"mortal"`, `"riichienv"`, `"mjx"` or `"mahjax"`.
    pub fn name(self) -> &'static str {
        match self {
            Peer::Mortal => "mortal",
            Peer::Riichienv => "riichienv",
            Peer::Mjx => "mjx",
            Peer::Mahjax => "mahjax",
        }
    }

    /// The numbering of this name.
    pub fn from_name(name: &str) -> Option<Peer> {
        Peer::ALL.into_iter().find(|p| p.name() == name)
    }

    /// How many ids the numbering has.
    pub fn actions(self) -> usize {
        match self {
            Peer::Mortal => 46,
            Peer::Riichienv => 82,
            Peer::Mjx => 181,
            Peer::Mahjax => 87,
        }
    }
}

/// Their id (or first and second id) for one of ours.
pub type PeerIds = (u16, Option<u16>);

/// Their ids for our id `id` at the decision `obs` describes (its drawn and
/// claimed tiles), or `None` where theirs has no such action or the decision
/// lacks the tile the id names (a tsumogiri with nothing drawn, a chi with no
/// claim). Whether the action is legal is not checked.
pub fn peer_ids(peer: Peer, id: usize, obs: &Observation) -> Option<PeerIds> {
    let drawn = obs.drawn;
    let claimed = obs.claim.map(|c| c.tile);
    let one = |x: usize| Some((x as u16, None));
    let two = |x: usize, y: usize| Some((x as u16, Some(y as u16)));
    let tile = |t: usize| Tile::from_id(t as u8).expect("a tile id");
    // The tile a discard or riichi id discards, and whether it is the drawn one.
    let discarded = |base: usize| match id - base {
        37 => drawn.map(|d| (d, true)),
        t => Some((tile(t), false)),
    };
    let kind = |t: Tile| usize::from(t.kind());
    let id_of = |t: Tile| usize::from(t.id());
    match id {
        0..=37 => {
            let (t, tsumogiri) = discarded(0)?;
            one(match peer {
                Peer::Riichienv => kind(t),
                Peer::Mjx if tsumogiri => mjx_tsumogiri(t),
                Peer::Mahjax if tsumogiri => 71,
                Peer::Mortal | Peer::Mjx | Peer::Mahjax => id_of(t),
            })
        }
        38..=75 => {
            let (t, tsumogiri) = discarded(38)?;
            match peer {
                Peer::Mortal => two(37, id_of(t)),
                Peer::Riichienv => two(37, kind(t)),
                Peer::Mjx => two(
                    177,
                    if tsumogiri {
                        mjx_tsumogiri(t)
                    } else {
                        id_of(t)
                    },
                ),
                Peer::Mahjax => two(72, if tsumogiri { 71 } else { id_of(t) }),
            }
        }
        76..=81 => {
            let (pos, red) = ((id - 76) / 2, (id - 76) % 2 == 1);
            match peer {
                Peer::Mortal | Peer::Riichienv => one(38 + pos),
                Peer::Mahjax => one(id + 2),
                Peer::Mjx => {
                    let t = claimed?;
                    let start = kind(t).checked_sub(pos)?;
                    let (suit, first) = (start / 9, start % 9);
                    if suit > 2 || first > 6 {
                        return None;
                    }
                    // mjx's red runs are those holding a red five, taken or claimed.
                    if red || t.is_red() {
                        (2..=4).contains(&first).then_some(())?;
                        one(95 + 3 * suit + first - 2)
                    } else {
                        one(74 + 7 * suit + first)
                    }
                }
            }
        }
        82..=84 => {
            let reds = id - 82;
            match peer {
                Peer::Mortal if reds < 2 => one(41),
                Peer::Riichienv => one(41),
                Peer::Mahjax if reds < 2 => one(75 + reds),
                Peer::Mjx => {
                    let t = claimed?;
                    if reds > 0 || t.is_red() {
                        (kind(t) < 27 && kind(t) % 9 == 4).then_some(())?;
                        one(138 + kind(t) / 9)
                    } else {
                        one(104 + kind(t))
                    }
                }
                _ => None,
            }
        }
        85 => {
            let k = kind(claimed?);
            match peer {
                Peer::Mortal => two(42, k),
                Peer::Riichienv => one(42 + k),
                Peer::Mjx => one(141 + k),
                Peer::Mahjax => one(77),
            }
        }
        86..=153 => {
            let k = (id - 86) % 34;
            match peer {
                Peer::Mortal => two(42, k),
                Peer::Riichienv => one(42 + k),
                Peer::Mjx => one(141 + k),
                Peer::Mahjax => one(37 + k),
            }
        }
        154 | 155 => one(match peer {
            Peer::Mortal => 43,
            Peer::Riichienv => 79,
            Peer::Mjx => 175 + (id - 154),
            Peer::Mahjax => 73 + (id - 154),
        }),
        156 => one(match peer {
            Peer::Mortal => 44,
            Peer::Riichienv => 80,
            Peer::Mjx => 178,
            Peer::Mahjax => 85,
        }),
        157 => one(match peer {
            Peer::Mortal => 45,
            Peer::Riichienv => 81,
            Peer::Mjx => 179,
            Peer::Mahjax => 84,
        }),
        _ => None,
    }
}

/// mjx's tsumogiri of tile `t`: 37 + kind for a plain tile, 71-73 for a red five.
fn mjx_tsumogiri(t: Tile) -> usize {
    if t.is_red() {
        71 + usize::from(t.id()) - 34
    } else {
        37 + usize::from(t.kind())
    }
}

/// [`peer_ids`] of every one of our ids: their first id and their second, -1
/// where there is none.
pub fn peer_table(peer: Peer, obs: &Observation) -> [[i16; 2]; ACTION_COUNT] {
    std::array::from_fn(|id| match peer_ids(peer, id, obs) {
        Some((a, b)) => [a as i16, b.map_or(-1, |b| b as i16)],
        None => [-1, -1],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::action_id::action_index;
    use crate::game::{Game, Phase};
    use crate::rules::Rules;
    use rand::{Rng, SeedableRng};

    /// The worked examples of each numbering, from their own tables.
    #[test]
    fn worked_examples_of_each_numbering() {
        let game = Game::new(Rules::default(), 1).expect("a game");
        let seat = game.deciding()[0];
        let mut obs = game.observation(seat).expect("an observation");
        let t = |s: &str| s.parse::<Tile>().expect("a tile");
        obs.drawn = Some(t("0p"));
        // A tsumogiri of the red 5p: Mortal and mjx keep the red, riichienv the kind.
        assert_eq!(peer_ids(Peer::Mortal, 37, &obs), Some((35, None)));
        assert_eq!(peer_ids(Peer::Riichienv, 37, &obs), Some((13, None)));
        assert_eq!(peer_ids(Peer::Mjx, 37, &obs), Some((72, None)));
        assert_eq!(peer_ids(Peer::Mahjax, 37, &obs), Some((71, None)));
        // Riichi discarding 3s from the hand: a declaration, then the discard.
        assert_eq!(peer_ids(Peer::Mjx, 38 + 20, &obs), Some((177, Some(20))));
        assert_eq!(peer_ids(Peer::Mahjax, 75, &obs), Some((72, Some(71))));
        // A chi of 3m with 4m and the red 5m from the hand (claimed lowest, red).
        obs.claim = Some(crate::game::Claim {
            tile: t("3m"),
            from: (seat + 3) % 4,
            on: crate::game::ClaimKind::Discard { riichi: false },
        });
        assert_eq!(peer_ids(Peer::Mjx, 77, &obs), Some((95, None)), "m3-4-5r");
        assert_eq!(peer_ids(Peer::Mjx, 76, &obs), Some((76, None)), "m345");
        assert_eq!(peer_ids(Peer::Mortal, 77, &obs), Some((38, None)));
        assert_eq!(peer_ids(Peer::Mahjax, 77, &obs), Some((79, None)));
        // A pon of 3m: mjx by kind; two red fives only where reds can be two.
        assert_eq!(peer_ids(Peer::Mjx, 82, &obs), Some((106, None)));
        assert_eq!(peer_ids(Peer::Mortal, 84, &obs), None);
        // An open kan of 3m: Mortal's kan, then its kind.
        assert_eq!(peer_ids(Peer::Mortal, 85, &obs), Some((42, Some(2))));
        assert_eq!(peer_ids(Peer::Riichienv, 85, &obs), Some((44, None)));
        // Ankan and kakan of 7z; tsumo and ron; kita has no counterpart.
        assert_eq!(peer_ids(Peer::Mahjax, 86 + 33, &obs), Some((70, None)));
        assert_eq!(peer_ids(Peer::Mjx, 120 + 33, &obs), Some((174, None)));
        assert_eq!(peer_ids(Peer::Mjx, 155, &obs), Some((176, None)));
        assert_eq!(peer_ids(Peer::Riichienv, 154, &obs), Some((79, None)));
        for p in Peer::ALL {
            assert_eq!(peer_ids(p, 158, &obs), None);
            assert_eq!(Peer::from_name(p.name()), Some(p));
        }
    }

    /// Every legal action of seeded random games maps into the other numbering's
    /// range, as one id or a declaration and a second id, with the exceptions
    /// the module names; distinct actions of one decision stay distinct where
    /// the numbering keeps what tells them apart.
    #[test]
    fn every_legal_action_of_random_games_maps_into_range() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(18);
        let mut mapped = 0;
        for seed in 0..12 {
            let mut game = Game::new(Rules::default(), seed).expect("a game");
            loop {
                match game.phase() {
                    Phase::GameOver => break,
                    Phase::HandOver => {
                        game.next_hand().expect("next hand");
                        continue;
                    }
                    _ => {}
                }
                let seat = game.deciding()[0];
                let obs = game.observation(seat).expect("an observation");
                let legal = game.legal_actions(seat);
                let claimed = obs.claim.map(|c| c.tile);
                for p in Peer::ALL {
                    let mut seen = std::collections::HashSet::new();
                    for a in &legal {
                        let id = action_index(a, claimed).expect("an id");
                        let Some((first, second)) = peer_ids(p, id, &obs) else {
                            assert!(
                                id == 158 || (id == 84 && matches!(p, Peer::Mortal | Peer::Mahjax)),
                                "{a} ({id}) has no {p:?} id"
                            );
                            continue;
                        };
                        assert!(usize::from(first) < p.actions(), "{a} → {first}");
                        if let Some(s) = second {
                            assert!(usize::from(s) < p.actions(), "{a} → {first}, {s}");
                        }
                        mapped += 1;
                        // mjx and mahjax keep every distinction of a decision.
                        if matches!(p, Peer::Mjx | Peer::Mahjax) {
                            assert!(seen.insert((first, second)), "{a}: {p:?} merges it");
                        }
                    }
                }
                let a = legal[rng.gen_range(0..legal.len())];
                game.apply(seat, a).expect("legal");
            }
        }
        assert!(mapped > 10_000, "only {mapped} actions mapped");
    }
}
