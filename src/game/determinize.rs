//! Determinization for search: a game that agrees with everything one seat
//! knows, the tiles it cannot see dealt anew at random.
//!
//! The tiles a seat cannot see are the other seats' concealed tiles and the
//! wall's untaken tiles but the revealed dora indicators (the ura indicators,
//! the replacement tiles and the live wall). [`Game::determinize`] shuffles them
//! together and puts them back in the same places, so every hand keeps its size
//! and the wall its length. The current hand's events follow: each other seat's
//! dealt tiles and draws are rewritten so that what it discarded, called with,
//! or set aside is what it shows, and what it still holds is its new hand.
//!
//! What else only the other seats know starts over: their answers to a claim
//! not yet settled, and their temporary and riichi furiten (which hang on the
//! tiles they let go by with the hands they really held). The walls of later
//! hands are shuffled from the new seed.

use super::engine::{Game, Phase};
use super::event::Event;
use super::hidden::{HiddenTiles, Place};
use super::wall::Rng;
use crate::error::{MahjongError, Result};
use crate::tile::Tile;

impl Game {
    /// A copy of this game that agrees with everything `seat` knows, the tiles it
    /// cannot see (the other hands, the wall's unseen part) shuffled with `seed`
    /// and dealt back into the same places (see the module's notes). Its
    /// observation and legal actions for `seat` are this game's.
    ///
    /// An `InvalidInput` error for a seat not at the table, or when no hand is
    /// in play.
    pub fn determinize(&self, seat: usize, seed: u64) -> Result<Game> {
        let players = self.seats();
        if seat >= players {
            return Err(MahjongError::InvalidInput(format!(
                "seat {seat} is not at a table of {players} players (seats 0-{})",
                players - 1
            )));
        }
        if !matches!(self.phase, Phase::Turn { .. } | Phase::Claims { .. }) {
            return Err(MahjongError::InvalidInput(
                "no hand is in play: a game is determinized between a hand's start and its end"
                    .into(),
            ));
        }
        let mut rng = Rng::new(seed);
        let others: Vec<usize> = (0..players).filter(|&s| s != seat).collect();
        let positions = self.wall.unseen_positions();
        let mut pool: Vec<Tile> = others
            .iter()
            .flat_map(|&s| self.players[s].concealed.iter().copied())
            .chain(positions.iter().map(|&i| self.wall.tiles()[i]))
            .collect();
        // A deal that leaves a deciding seat without a legal action (a seat that
        // called, left only kinds it may not discard) is dealt again.
        for _ in 0..64 {
            rng.shuffle(&mut pool);
            let mut g = self.clone();
            let mut next = pool.iter().copied();
            for &s in &others {
                let p = &mut g.players[s];
                for i in 0..p.concealed.len() {
                    let t = next.next().expect("the pool holds every hidden tile");
                    p.concealed.replace(i, t);
                }
                p.temporary_furiten = false;
                p.riichi_furiten = false;
            }
            let rest: Vec<Tile> = next.collect();
            g.wall.refill(&positions, &rest);
            match &mut g.phase {
                Phase::Turn {
                    seat: s,
                    drawn: Some(t),
                    ..
                } if *s != seat => {
                    *t = *g.players[*s]
                        .concealed
                        .last()
                        .expect("a seat on its turn holds tiles");
                }
                Phase::Claims { chosen, .. } => {
                    for &s in &others {
                        chosen[s] = None;
                    }
                }
                _ => {}
            }
            g.rewrite_hidden_events(&others);
            g.rng = Rng::new(rng.next_u64());
            g.walls.clear();
            if g.deciding().iter().all(|&s| !g.legal_actions(s).is_empty()) {
                return Ok(g);
            }
        }
        Err(MahjongError::InvalidInput(
            "no deal of the unseen tiles leaves every deciding seat an action".into(),
        ))
    }

    /// The current hand's dealt tiles and draws of `others`, rewritten to agree
    /// with what each showed and with what each now holds.
    fn rewrite_hidden_events(&mut self, others: &[usize]) {
        let start = self.hand_start();
        let mut hidden = HiddenTiles::default();
        for (i, e) in self.events.iter().enumerate().skip(start) {
            match e {
                Event::StartKyoku { hands, .. } => {
                    for &s in others {
                        for k in 0..hands[s].len() {
                            hidden.dealt(i, s, k);
                        }
                    }
                }
                Event::Tsumo { seat, .. } if others.contains(seat) => hidden.drew(i, *seat),
                Event::Dahai {
                    seat,
                    tile,
                    tsumogiri,
                } => hidden.discarded(*seat, *tile, *tsumogiri),
                Event::Chi { seat, consumed, .. } | Event::Pon { seat, consumed, .. } => {
                    hidden.gave(*seat, consumed);
                }
                Event::Daiminkan { seat, consumed, .. } => hidden.gave(*seat, consumed),
                Event::Ankan { seat, consumed } => hidden.declared(*seat, consumed),
                Event::Kakan { seat, tile, .. } | Event::Kita { seat, tile } => {
                    hidden.declared(*seat, &[*tile]);
                }
                _ => {}
            }
        }
        // What each still holds, the tile just drawn last on both sides.
        for &s in others {
            for (id, &t) in hidden.held(s).into_iter().zip(&self.players[s].concealed) {
                hidden.set(id, t);
            }
        }
        for &(place, tile) in hidden.places() {
            let Some(tile) = tile else { continue };
            match place {
                Place::Dealt { event, seat, index } => {
                    if let Event::StartKyoku { hands, .. } = &mut self.events[event] {
                        hands[seat][index] = tile;
                    }
                }
                Place::Drawn { event } => {
                    if let Event::Tsumo { tile: t, .. } = &mut self.events[event] {
                        *t = tile;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::agents::{Agent, AgentKind};
    use crate::game::encode::tests::{positions, positions_under};
    use crate::rules::Rules;

    fn sorted(mut tiles: Vec<Tile>) -> Vec<Tile> {
        tiles.sort();
        tiles
    }

    /// Each other seat's hand made again from the current hand's events: its
    /// dealt tiles and draws less what it showed; and each tsumogiri discard is
    /// the tile it drew just before.
    fn hands_from_events(g: &Game) -> [Vec<Tile>; 4] {
        let start = g
            .events
            .iter()
            .rposition(|e| matches!(e, Event::StartKyoku { .. }))
            .unwrap();
        let mut hands: [Vec<Tile>; 4] = Default::default();
        let mut last_draw = [None; 4];
        let take = |h: &mut Vec<Tile>, t: Tile| {
            let at = h
                .iter()
                .position(|&x| x == t)
                .expect("a tile the hand held");
            h.swap_remove(at);
        };
        for e in &g.events[start..] {
            match e {
                Event::StartKyoku { hands: dealt, .. } => hands = (**dealt).clone(),
                Event::Tsumo { seat, tile } => {
                    hands[*seat].push(*tile);
                    last_draw[*seat] = Some(*tile);
                }
                Event::Dahai {
                    seat,
                    tile,
                    tsumogiri,
                } => {
                    if *tsumogiri {
                        assert_eq!(last_draw[*seat], Some(*tile));
                    }
                    take(&mut hands[*seat], *tile);
                }
                Event::Chi { seat, consumed, .. } | Event::Pon { seat, consumed, .. } => {
                    for &t in consumed {
                        take(&mut hands[*seat], t);
                    }
                }
                Event::Daiminkan { seat, consumed, .. } => {
                    for &t in consumed {
                        take(&mut hands[*seat], t);
                    }
                }
                Event::Ankan { seat, consumed } => {
                    for &t in consumed {
                        take(&mut hands[*seat], t);
                    }
                }
                Event::Kakan { seat, tile, .. } | Event::Kita { seat, tile } => {
                    take(&mut hands[*seat], *tile);
                }
                _ => {}
            }
        }
        hands.map(sorted)
    }

    /// What the seat knows is unchanged (its observation, legal actions and
    /// tokens); the tiles are all there and the events agree with the new
    /// hands; the same seed deals the same, and the deals differ.
    #[test]
    fn a_determinized_game_is_the_same_game_for_the_seat() {
        let sanma = Rules::preset("tenhou_sanma").unwrap();
        let mut differ = 0;
        let mut checked = 0;
        for (n, (game, seat)) in positions(6, 5)
            .into_iter()
            .chain(positions_under(&sanma, 3, 5))
            .enumerate()
        {
            let seed = n as u64;
            let d = game.determinize(seat, seed).unwrap();
            assert_eq!(
                d.observation(seat).unwrap(),
                game.observation(seat).unwrap()
            );
            assert_eq!(d.legal_actions(seat), game.legal_actions(seat));
            assert_eq!(d.tokens(seat), game.tokens(seat));
            d.check_invariants().unwrap();
            let hands = hands_from_events(&d);
            for s in 0..game.seats() {
                assert_eq!(
                    hands[s],
                    sorted(d.players[s].concealed.to_vec()),
                    "seat {s}"
                );
            }
            assert_eq!(game.determinize(seat, seed).unwrap(), d);
            let other = (seat + 1) % game.seats();
            if d.players[other].concealed != game.players[other].concealed {
                differ += 1;
            }
            assert_ne!(d.wall.tiles(), game.wall.tiles());
            checked += 1;
        }
        assert!(checked > 500, "{checked}");
        assert!(differ > checked * 9 / 10, "{differ} of {checked}");
    }

    /// Determinized games play on to their end, the invariants holding after
    /// every action.
    #[test]
    fn determinized_games_play_on() {
        for (n, (game, seat)) in positions(3, 40).into_iter().enumerate() {
            let mut g = game.determinize(seat, n as u64).unwrap();
            let mut agent = Agent::new(AgentKind::Random, n as u64);
            while g.result().is_none() {
                let Some(&s) = g.deciding().first() else {
                    g.next_hand().unwrap();
                    continue;
                };
                let legal = g.legal_actions(s);
                let p = g.player(s);
                let i = agent.choose(
                    &p.concealed,
                    &p.melds,
                    &legal,
                    crate::algo::TileSet::of(g.rules()),
                );
                g.apply(s, legal[i]).unwrap();
                g.check_invariants().unwrap();
            }
        }
    }

    #[test]
    fn a_seat_off_the_table_or_no_hand_in_play_is_refused() {
        let sanma = Rules::preset("tenhou_sanma").unwrap();
        let g = Game::new(sanma, 1).unwrap();
        let err = g.determinize(3, 0).unwrap_err().to_string();
        assert!(
            err.contains("seat 3 is not at a table of 3 players"),
            "{err}"
        );
        let mut g = Game::new(Rules::default(), 1).unwrap();
        while g.phase != Phase::HandOver {
            let s = g.deciding()[0];
            let a = g.legal_actions(s)[0];
            g.apply(s, a).unwrap();
        }
        let err = g.determinize(0, 0).unwrap_err().to_string();
        assert!(err.contains("no hand is in play"), "{err}");
    }
}
