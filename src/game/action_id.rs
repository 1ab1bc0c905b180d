//! One number per action: the ids learning agents use for masks and policies.
//!
//! The numbering is lossless: two different legal actions of one decision never
//! share an id, and an id with the observation of the decision gives back the
//! action. The layout (159 ids):
//!
//! | ids | action |
//! |---|---|
//! | 0-36 | discard this tile from the hand (tile ids: kinds 0-33, red fives 34-36) |
//! | 37 | discard the tile just drawn (tsumogiri) |
//! | 38-74 | riichi, discarding this tile from the hand |
//! | 75 | riichi, discarding the tile just drawn |
//! | 76-81 | chi: the claimed tile lowest, middle, highest; each without, then with a red five |
//! | 82-84 | pon with no, one, two red fives from the hand |
//! | 85 | open kan (daiminkan) |
//! | 86-119 | closed kan (ankan) of this kind |
//! | 120-153 | added kan (kakan) of this kind |
//! | 154 | tsumo |
//! | 155 | ron |
//! | 156 | abortive draw on nine terminal and honor kinds |
//! | 157 | pass |
//! | 158 | kita: set a North aside (three players) |

use super::action::Action;
use super::observation::Observation;
use crate::error::{MahjongError, Result};
use crate::tile::{Tile, KINDS};

/// How many action ids there are.
pub const ACTION_COUNT: usize = 159;

const DISCARD: usize = 0;
const TSUMOGIRI: usize = 37;
const RIICHI: usize = 38;
const RIICHI_TSUMOGIRI: usize = 75;
const CHI: usize = 76;
const PON: usize = 82;
const DAIMINKAN: usize = 85;
const ANKAN: usize = 86;
const KAKAN: usize = 120;
const TSUMO: usize = 154;
const RON: usize = 155;
const KYUUSHU: usize = 156;
pub const PASS: usize = 157;
const KITA: usize = 158;

/// The id ranges by name, first id and count: the table the docs print.
pub const ACTION_GROUPS: [(&str, usize, usize, &str); 14] = [
    (
        "discard",
        DISCARD,
        37,
        "discard this tile from the hand (the tile id: kinds 0-33, red fives 34-36)",
    ),
    ("tsumogiri", TSUMOGIRI, 1, "discard the tile just drawn"),
    (
        "riichi",
        RIICHI,
        37,
        "riichi, discarding this tile from the hand (by tile id)",
    ),
    (
        "riichi_tsumogiri",
        RIICHI_TSUMOGIRI,
        1,
        "riichi, discarding the tile just drawn",
    ),
    (
        "chi",
        CHI,
        6,
        "chi with the claimed tile lowest, middle, highest; each without, then with a red five",
    ),
    (
        "pon",
        PON,
        3,
        "pon with no, one, two red fives from the hand",
    ),
    ("daiminkan", DAIMINKAN, 1, "open kan on the discard"),
    ("ankan", ANKAN, 34, "closed kan of this kind"),
    ("kakan", KAKAN, 34, "added kan of this kind"),
    ("tsumo", TSUMO, 1, "win on the drawn tile"),
    ("ron", RON, 1, "win on the claimed tile"),
    (
        "kyuushu_kyuuhai",
        KYUUSHU,
        1,
        "abortive draw on nine terminal and honor kinds",
    ),
    ("pass", PASS, 1, "decline the claim"),
    (
        "kita",
        KITA,
        1,
        "set a North aside as nukidora (three players)",
    ),
];

fn chi_position(tiles: &[Tile; 2], claimed: Tile) -> usize {
    let c = claimed.kind();
    let lo = tiles[0].kind().min(tiles[1].kind());
    if c < lo {
        0
    } else if c < tiles[0].kind().max(tiles[1].kind()) {
        1
    } else {
        2
    }
}

/// The id of `action`; a chi needs the claimed tile (`claimed`), every other
/// action ignores it. `None`: a chi without its claimed tile.
pub fn action_index(action: &Action, claimed: Option<Tile>) -> Option<usize> {
    Some(match *action {
        Action::Discard {
            tsumogiri: true, ..
        } => TSUMOGIRI,
        Action::Discard { tile, .. } => DISCARD + tile.id() as usize,
        Action::Riichi {
            tsumogiri: true, ..
        } => RIICHI_TSUMOGIRI,
        Action::Riichi { tile, .. } => RIICHI + tile.id() as usize,
        Action::Chi { tiles } => {
            let red = usize::from(tiles.iter().any(|t| t.is_red()));
            CHI + 2 * chi_position(&tiles, claimed?) + red
        }
        Action::Pon { tiles } => PON + tiles.iter().filter(|t| t.is_red()).count(),
        Action::Daiminkan => DAIMINKAN,
        Action::Ankan { kind } => ANKAN + kind as usize,
        Action::Kakan { tile } => KAKAN + tile.kind() as usize,
        Action::Tsumo => TSUMO,
        Action::Ron => RON,
        Action::KyuushuKyuuhai => KYUUSHU,
        Action::Pass => PASS,
        Action::Kita => KITA,
    })
}

/// The name of the group an id belongs to (`"discard"`, `"chi"`, ...).
pub fn group_of(id: usize) -> Option<&'static str> {
    ACTION_GROUPS
        .iter()
        .find(|g| (g.1..g.1 + g.2).contains(&id))
        .map(|g| g.0)
}

fn refuse(id: usize, why: &str) -> MahjongError {
    MahjongError::IllegalAction(format!("action id {id}: {why}"))
}

/// A tile of kind `k` from `hand`, red or plain as asked (`None`: none held).
fn held(hand: &[Tile], k: u8, red: bool) -> Option<Tile> {
    hand.iter()
        .copied()
        .find(|t| t.kind() == k && t.is_red() == red)
}

/// The action an id stands for at the decision `obs` shows. The action is built
/// from the observation (the drawn tile, the claimed tile, the tiles held); it
/// is not checked against the rules: `Game::apply` does that.
pub fn action_from_index(id: usize, obs: &Observation) -> Result<Action> {
    let drawn = || {
        obs.drawn
            .ok_or_else(|| refuse(id, "no tile was just drawn (tsumogiri needs one)"))
    };
    let claim = || {
        obs.claim
            .map(|c| c.tile)
            .ok_or_else(|| refuse(id, "the seat has no claim to decide"))
    };
    let from_hand = |base: usize| {
        let t = Tile::from_id((id - base) as u8).expect("below 37");
        // A discard from the hand: a copy other than the drawn one, if the drawn
        // tile is this tile.
        let copies = obs.hand.iter().filter(|&&h| h == t).count();
        let needed = 1 + usize::from(obs.drawn == Some(t));
        if copies < needed {
            return Err(refuse(id, &format!("the hand holds no {t} to discard")));
        }
        Ok(t)
    };
    Ok(match id {
        DISCARD..TSUMOGIRI => Action::Discard {
            tile: from_hand(DISCARD)?,
            tsumogiri: false,
        },
        TSUMOGIRI => Action::Discard {
            tile: drawn()?,
            tsumogiri: true,
        },
        RIICHI..RIICHI_TSUMOGIRI => Action::Riichi {
            tile: from_hand(RIICHI)?,
            tsumogiri: false,
        },
        RIICHI_TSUMOGIRI => Action::Riichi {
            tile: drawn()?,
            tsumogiri: true,
        },
        CHI..PON => {
            let c = claim()?;
            let k = c.kind();
            let pos = (id - CHI) / 2;
            let red = (id - CHI) % 2 == 1;
            if k >= 27 || (k % 9) < pos as u8 || (k % 9) + 2 - (pos as u8) > 8 {
                return Err(refuse(id, &format!("no such chi on {c}")));
            }
            let start = k - pos as u8;
            let others: Vec<u8> = (start..start + 3).filter(|&x| x != k).collect();
            let mut tiles = [c; 2];
            for (slot, &o) in tiles.iter_mut().zip(&others) {
                let five = o % 9 == 4;
                *slot = held(&obs.hand, o, red && five)
                    .ok_or_else(|| refuse(id, "the hand lacks the tiles of this chi"))?;
            }
            if red && !tiles.iter().any(|t| t.is_red()) {
                return Err(refuse(id, "this chi holds no five to be red"));
            }
            tiles.sort();
            Action::Chi { tiles }
        }
        PON..DAIMINKAN => {
            let k = claim()?.kind();
            let reds = id - PON;
            let red_held = obs
                .hand
                .iter()
                .filter(|t| t.kind() == k && t.is_red())
                .count();
            let plain_held = obs.hand.iter().filter(|&&t| t.id() == k).count();
            if red_held < reds || plain_held < 2 - reds {
                return Err(refuse(id, "the hand lacks the tiles of this pon"));
            }
            let plain = Tile::from_kind(k).expect("a kind");
            let red = obs
                .hand
                .iter()
                .copied()
                .find(|t| t.kind() == k && t.is_red())
                .unwrap_or(plain);
            let mut tiles = match reds {
                0 => [plain, plain],
                1 => [plain, red],
                _ => [red, red],
            };
            tiles.sort();
            Action::Pon { tiles }
        }
        DAIMINKAN => Action::Daiminkan,
        ANKAN..KAKAN => Action::Ankan {
            kind: (id - ANKAN) as u8,
        },
        KAKAN..TSUMO => {
            let k = (id - KAKAN) as u8;
            let tile = obs
                .hand
                .iter()
                .copied()
                .find(|t| t.kind() == k)
                .ok_or_else(|| refuse(id, "the hand holds no tile of this kind to add"))?;
            Action::Kakan { tile }
        }
        TSUMO => Action::Tsumo,
        RON => Action::Ron,
        KYUUSHU => Action::KyuushuKyuuhai,
        PASS => Action::Pass,
        KITA => Action::Kita,
        _ => {
            return Err(refuse(
                id,
                &format!("ids are 0-{} (there are {ACTION_COUNT})", ACTION_COUNT - 1),
            ))
        }
    })
}

/// The claimed tile of a decision, what a chi's id needs.
pub fn claimed_tile(obs: &Observation) -> Option<Tile> {
    obs.claim.map(|c| c.tile)
}

/// Sets `mask[id]` for each of `legal` (the mask is cleared first).
pub fn fill_mask(legal: &[Action], claimed: Option<Tile>, mask: &mut [bool; ACTION_COUNT]) {
    *mask = [false; ACTION_COUNT];
    for a in legal {
        if let Some(i) = action_index(a, claimed) {
            mask[i] = true;
        }
    }
}

const _: () = assert!(KAKAN + KINDS == TSUMO);

impl super::engine::Game {
    /// The tile `seat` is asked to claim, if any (what a chi's id needs).
    pub fn claimed_for(&self, seat: usize) -> Option<Tile> {
        self.phase().claim_for(seat).map(|(_, t, _)| t)
    }

    /// Which ids `seat` may take now (all false when it is not asked).
    pub fn legal_mask(&self, seat: usize) -> [bool; ACTION_COUNT] {
        let mut mask = [false; ACTION_COUNT];
        fill_mask(&self.legal_actions(seat), self.claimed_for(seat), &mut mask);
        mask
    }

    /// The legal action of `seat` with this id.
    pub fn action_for_index(&self, seat: usize, id: usize) -> Result<Action> {
        if id >= ACTION_COUNT {
            return Err(refuse(
                id,
                &format!("ids are 0-{} (there are {ACTION_COUNT})", ACTION_COUNT - 1),
            ));
        }
        let claimed = self.claimed_for(seat);
        let legal = self.legal_actions(seat);
        legal
            .into_iter()
            .find(|a| action_index(a, claimed) == Some(id))
            .ok_or_else(|| {
                refuse(
                    id,
                    &format!(
                        "{} is not legal for seat {seat} now",
                        group_of(id).unwrap_or("this action")
                    ),
                )
            })
    }

    /// Apply the action with this id, returning it; a refused id changes nothing.
    pub fn apply_index(&mut self, seat: usize, id: usize) -> Result<Action> {
        let a = self.action_for_index(seat, id)?;
        self.apply_unchecked(seat, a);
        Ok(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::agents::{Agent, AgentKind};
    use crate::game::sim::game_seed;
    use crate::game::Game;
    use crate::rules::Rules;

    /// Every legal action of many random positions (four- and three-player): one
    /// id each, distinct within the decision, and back to the same action from
    /// the id and the observation.
    /// `RIICHI_ID_POSITIONS` sets how many positions (1,000,000 for the full proof).
    #[test]
    fn every_legal_action_round_trips_through_its_id() {
        let want: usize = std::env::var("RIICHI_ID_POSITIONS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1_000_000);
        let rules = Rules {
            red_fives: [1, 2, 1],
            ..Rules::default()
        };
        // Every fourth game three-player (kita, no chi).
        let sanma = Rules::preset("tenhou_sanma").unwrap();
        let mut positions = 0usize;
        let mut groups = std::collections::HashSet::new();
        let mut g_i = 0u64;
        while positions < want {
            let r = if g_i % 4 == 3 { &sanma } else { &rules };
            let mut game = Game::new(r.clone(), game_seed(7, g_i)).unwrap();
            g_i += 1;
            let mut agents: Vec<Agent> = (0..4)
                .map(|s| Agent::new(AgentKind::Random, game_seed(g_i, s)))
                .collect();
            while game.result().is_none() && positions < want {
                let Some(&seat) = game.deciding().first() else {
                    game.next_hand().unwrap();
                    continue;
                };
                let legal = game.legal_actions(seat);
                let obs = game.observation(seat).unwrap();
                let mask = game.legal_mask(seat);
                let mut ids: Vec<usize> = legal
                    .iter()
                    .map(|a| action_index(a, claimed_tile(&obs)).unwrap())
                    .collect();
                for (a, &i) in legal.iter().zip(&ids) {
                    assert_eq!(action_from_index(i, &obs).unwrap(), *a, "id {i}");
                    assert_eq!(game.action_for_index(seat, i).unwrap(), *a);
                    assert!(mask[i]);
                    groups.insert(group_of(i).unwrap());
                }
                assert_eq!(mask.iter().filter(|&&m| m).count(), legal.len());
                ids.sort_unstable();
                ids.dedup();
                assert_eq!(ids.len(), legal.len(), "two actions share an id: {legal:?}");
                positions += 1;
                let p = game.player(seat);
                let pick = agents[seat].choose(
                    &p.concealed,
                    &p.melds,
                    &legal,
                    crate::algo::TileSet::of(game.rules()),
                );
                game.apply(seat, legal[pick]).unwrap();
            }
        }
        // A million random positions reach every kind of action.
        if want >= 1_000_000 {
            for (g, ..) in ACTION_GROUPS {
                assert!(groups.contains(g), "no {g} in {positions} positions");
            }
        }
    }

    #[test]
    fn an_illegal_id_is_refused_and_changes_nothing() {
        let mut game = Game::new(Rules::default(), 3).unwrap();
        let before = game.clone();
        let seat = game.dealer();
        for id in [PASS, RON, CHI, 400] {
            let e = game.apply_index(seat, id).unwrap_err().to_string();
            assert!(e.contains(&format!("action id {id}")), "{e}");
        }
        assert_eq!(game, before);
    }

    #[test]
    fn the_groups_tile_the_id_range() {
        let mut next = 0;
        for (_, first, n, _) in ACTION_GROUPS {
            assert_eq!(first, next);
            next += n;
        }
        assert_eq!(next, ACTION_COUNT);
    }
}
