//! Test scenarios (tests only): a 136-tile wall (108 under three-player rules)
//! built from what a test cares about — the four (three) starting hands (the dealer's first), the draws in turn order,
//! the dora and ura indicators and the rinshan tiles — with every other position
//! filled from the tiles left (four copies of each kind, red fives per the rules),
//! and a few helpers to drive a [`Game`] so that a test reads like a story.
//!
//! Filler tiles go out one copy of each kind at a time (1m 2m … 7z, then the
//! second copies, …), so consecutive filler draws differ. A test that needs a kind
//! to stay out of the filler (a tenpai player's wait, say) places every copy
//! itself: in a hand, a draw, or an unrevealed dead-wall position with
//! [`Scenario::dead`].

use super::wall::{Layout, Wall, WALL_TILES};
use super::{Action, Event, Game, Phase};
use crate::notation::mpsz::parse_tiles;
use crate::rules::Rules;
use crate::tile::{Suit, Tile, KINDS};

/// One tile in mpsz notation (`"5m"`, `"0p"` for a red five, `"7z"`).
pub fn tile(s: &str) -> Tile {
    s.parse().unwrap_or_else(|e| panic!("tile {s:?}: {e}"))
}

/// Tiles in mpsz notation, in the order written (`"123m 0p 77z"`).
pub fn tiles(s: &str) -> Vec<Tile> {
    parse_tiles(s).unwrap_or_else(|e| panic!("tiles {s:?}: {e}"))
}

/// Tiles where `?` stands for a filler tile (`None`): `"5p ? ? 1z"`.
fn slots(s: &str) -> Vec<Option<Tile>> {
    let mut out = Vec::new();
    for token in s.split_whitespace() {
        if token.chars().all(|c| c == '?') {
            out.extend(token.chars().map(|_| None));
        } else {
            out.extend(tiles(token).into_iter().map(Some));
        }
    }
    out
}

/// Wall positions of the hand dealt `k`-th from the dealer (0 = the dealer) of
/// `n` seats, in dealing order (see `Wall::deal`).
pub fn hand_positions(k: usize, n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = (0..3)
        .flat_map(|round| (0..4).map(move |c| 4 * n * round + 4 * k + c))
        .collect();
    v.push(12 * n + k);
    v
}

/// A wall under construction.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub rules: Rules,
    slots: [Option<Tile>; WALL_TILES],
}

impl Scenario {
    pub fn new(rules: Rules) -> Scenario {
        Scenario {
            rules,
            slots: [None; WALL_TILES],
        }
    }

    fn layout(&self) -> &'static Layout {
        Layout::of(self.rules.players)
    }

    fn put(&mut self, i: usize, t: Option<Tile>) {
        if let Some(t) = t {
            assert!(self.slots[i].is_none(), "wall position {i} given twice");
            self.slots[i] = Some(t);
        }
    }

    /// The four starting hands (the fourth empty with three players), the
    /// dealer's first then in turn order: up to 13 tiles each (`?` or missing
    /// tiles are filler).
    pub fn hands(mut self, hands: [&str; 4]) -> Scenario {
        let n = usize::from(self.rules.players);
        for (k, h) in hands.iter().enumerate() {
            let s = slots(h);
            assert!(s.len() <= 13, "hand {k} has {} tiles", s.len());
            assert!(
                k < n || s.is_empty(),
                "three players: the fourth hand is empty"
            );
            for (pos, t) in hand_positions(k, n).into_iter().zip(s) {
                self.put(pos, t);
            }
        }
        self
    }

    /// The draws from the live wall in order (the dealer's first draw first),
    /// `?` for a filler tile.
    pub fn draws(mut self, draws: &str) -> Scenario {
        let l = self.layout();
        for (i, t) in slots(draws).into_iter().enumerate() {
            assert!(l.deal + i < l.live, "more draws than the live wall holds");
            self.put(l.deal + i, t);
        }
        self
    }

    /// Draw number `n` (0 = the dealer's first draw).
    pub fn draw_at(mut self, n: usize, t: &str) -> Scenario {
        let first = self.layout().deal;
        self.put(first + n, Some(tile(t)));
        self
    }

    /// The last tile of the live wall when no kan is made (the haitei).
    pub fn haitei(mut self, t: &str) -> Scenario {
        let last = self.layout().live - 1;
        self.put(last, Some(tile(t)));
        self
    }

    /// Dora indicators in reveal order (the first, then the kan dora).
    pub fn dora(mut self, s: &str) -> Scenario {
        let l = self.layout();
        for (i, t) in slots(s).into_iter().enumerate() {
            self.put(l.dora[i], t);
        }
        self
    }

    /// Ura indicators, under the dora indicators in the same order.
    pub fn ura(mut self, s: &str) -> Scenario {
        let l = self.layout();
        for (i, t) in slots(s).into_iter().enumerate() {
            self.put(l.ura[i], t);
        }
        self
    }

    /// Rinshan tiles (after a kan or a kita) in draw order.
    pub fn rinshan(mut self, s: &str) -> Scenario {
        let l = self.layout();
        for (i, t) in slots(s).into_iter().enumerate() {
            self.put(l.rinshan[i], t);
        }
        self
    }

    /// Tiles parked out of play: the last kan-dora and ura positions (4th, 3rd,
    /// … kan dora first), so that no filler holds them.
    pub fn dead(mut self, s: &str) -> Scenario {
        let l = self.layout();
        let mut free = (1..5)
            .rev()
            .flat_map(|i| [l.dora[i], l.ura[i]])
            .filter(|&i| self.slots[i].is_none())
            .collect::<Vec<_>>()
            .into_iter();
        for t in slots(s).into_iter().flatten() {
            let i = free.next().expect("no free dead-wall position left");
            self.put(i, Some(t));
        }
        self
    }

    /// The 136 tiles (108): the given ones, and the rest filled from the tiles
    /// left.
    pub fn tiles(&self) -> Vec<Tile> {
        // The full set: plain copies, and the red fives of the rules.
        let mut plain = [4u8; KINDS];
        if self.rules.players == 3 {
            for c in &mut plain[1..8] {
                *c = 0;
            }
        }
        let mut red = [0u8; 3];
        for (s, suit) in [Suit::M, Suit::P, Suit::S].into_iter().enumerate() {
            let r = self.rules.red_fives[s].min(4);
            red[s] = r;
            let five = &mut plain[(suit.base() + 4) as usize];
            *five = five.saturating_sub(r);
        }
        for t in self.slots.iter().flatten() {
            let left = if t.is_red() {
                &mut red[t.suit() as usize]
            } else {
                &mut plain[t.kind() as usize]
            };
            assert!(*left > 0, "scenario uses too many {t} (rules: {:?} red)", {
                self.rules.red_fives
            });
            *left -= 1;
        }
        // The filler: one copy of each kind at a time, a red five after the plain.
        let mut filler = Vec::new();
        for _ in 0..4 {
            for k in 0..KINDS {
                if plain[k] > 0 {
                    plain[k] -= 1;
                    filler.push(Tile::from_kind(k as u8).expect("kind"));
                } else if k < 27 && k % 9 == 4 && red[k / 9] > 0 {
                    red[k / 9] -= 1;
                    filler.push(Tile::red([Suit::M, Suit::P, Suit::S][k / 9]).expect("red"));
                }
            }
        }
        let mut filler = filler.into_iter();
        self.slots[..self.layout().tiles]
            .iter()
            .map(|s| s.unwrap_or_else(|| filler.next().expect("136 tiles")))
            .collect()
    }

    pub fn wall(&self) -> Wall {
        Wall::from_tiles(&self.tiles()).expect("a valid wall")
    }

    /// A game whose first hand is played on this wall (seat 0 deals).
    pub fn game(&self) -> Game {
        Game::with_walls(self.rules.clone(), 0, vec![self.wall()]).expect("game")
    }
}

/// Driving a game in a test: every helper panics, naming the legal actions, when
/// the action is not legal.
pub trait Drive {
    /// Apply a legal action.
    fn act(&mut self, seat: usize, a: Action);
    /// Discard this tile (from the hand or the one just drawn).
    fn discard(&mut self, seat: usize, t: &str);
    /// Discard the tile just drawn.
    fn tsumogiri(&mut self, seat: usize);
    /// Declare riichi with this discard.
    fn riichi(&mut self, seat: usize, t: &str);
    /// Every seat asked about a claim passes.
    fn pass_all(&mut self);
    /// The seat whose turn it is.
    fn turn(&self) -> usize;
    /// Whether `seat` may take an action matching `f`.
    fn can(&self, seat: usize, f: impl Fn(&Action) -> bool) -> bool;
    /// Turns of discarding the drawn tile (claims passed) until `stop` holds at
    /// the start of a turn, or the hand ends.
    fn tsumogiri_until(&mut self, stop: impl Fn(&Game) -> bool);
    /// The last event matching `f`.
    fn last_event(&self, f: impl Fn(&Event) -> bool) -> Option<&Event>;
}

impl Drive for Game {
    fn act(&mut self, seat: usize, a: Action) {
        if let Err(e) = self.apply(seat, a) {
            panic!("{e}; legal: {:?}", self.legal_actions(seat));
        }
    }

    fn discard(&mut self, seat: usize, t: &str) {
        let t = tile(t);
        let acts = self.legal_actions(seat);
        let a = acts
            .iter()
            .find(|a| matches!(a, Action::Discard { tile, .. } if *tile == t))
            .unwrap_or_else(|| panic!("seat {seat} may not discard {t}; legal: {acts:?}"));
        self.act(seat, *a);
    }

    fn tsumogiri(&mut self, seat: usize) {
        let acts = self.legal_actions(seat);
        let a = acts
            .iter()
            .find(|a| {
                matches!(
                    a,
                    Action::Discard {
                        tsumogiri: true,
                        ..
                    }
                )
            })
            .unwrap_or_else(|| panic!("seat {seat} has no tsumogiri; legal: {acts:?}"));
        self.act(seat, *a);
    }

    fn riichi(&mut self, seat: usize, t: &str) {
        let t = tile(t);
        let acts = self.legal_actions(seat);
        let a = acts
            .iter()
            .find(|a| matches!(a, Action::Riichi { tile, .. } if *tile == t))
            .unwrap_or_else(|| panic!("seat {seat} may not riichi on {t}; legal: {acts:?}"));
        self.act(seat, *a);
    }

    fn pass_all(&mut self) {
        while let Phase::Claims { .. } = self.phase {
            let seat = (0..self.seats())
                .find(|&s| !self.legal_actions(s).is_empty())
                .expect("someone is asked");
            self.act(seat, Action::Pass);
        }
    }

    fn turn(&self) -> usize {
        match self.phase {
            Phase::Turn { seat, .. } => seat,
            ref p => panic!("not a turn: {p:?}"),
        }
    }

    fn can(&self, seat: usize, f: impl Fn(&Action) -> bool) -> bool {
        self.legal_actions(seat).iter().any(f)
    }

    fn tsumogiri_until(&mut self, stop: impl Fn(&Game) -> bool) {
        loop {
            self.pass_all();
            let Phase::Turn { seat, .. } = self.phase else {
                return;
            };
            if stop(self) {
                return;
            }
            self.tsumogiri(seat);
            self.check_invariants().expect("invariants");
        }
    }

    fn last_event(&self, f: impl Fn(&Event) -> bool) -> Option<&Event> {
        self.events.iter().rev().find(|e| f(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builder_places_what_it_is_told_and_fills_the_rest() {
        let s = Scenario::new(Rules::default())
            .hands(["123m456m789m1122z", "?", "", "1z"])
            .draws("5p ? 0s")
            .dora("3z")
            .ura("4z")
            .rinshan("6z 7z")
            .haitei("9s");
        let t = s.tiles();
        let mut w = s.wall();
        let hands = w.deal(0).unwrap();
        assert_eq!(hands[0], tiles("123m456m789m1122z"));
        assert_eq!(hands[3][0], tile("1z"));
        assert_eq!(t[52], tile("5p"));
        assert_eq!(t[54], tile("0s"));
        assert_eq!(t[130], tile("3z"));
        assert_eq!(t[131], tile("4z"));
        assert_eq!((t[134], t[135]), (tile("6z"), tile("7z")));
        assert_eq!(t[121], tile("9s"));
        // One red five per suit in all: the given 0s and the filler's 0m and 0p.
        assert_eq!(t.iter().filter(|t| t.is_red()).count(), 3);
    }

    #[test]
    #[should_panic(expected = "too many")]
    fn builder_refuses_a_fifth_copy() {
        Scenario::new(Rules::default())
            .hands(["1111m", "1m", "", ""])
            .tiles();
    }
}
