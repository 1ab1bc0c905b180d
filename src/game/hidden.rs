//! The tiles a seat could not see through a hand, followed event by event: each
//! other seat's dealt tiles and draws, which of them later left its hand (a
//! discard, a call's tiles, a kan, a kita) and as what tile, and which it still
//! holds. Determinization and the mjai bot's rebuilt positions both read a hand
//! this way, one from the engine's events and one from mjai's JSON.
//!
//! A tile leaving a hand is matched to a hidden place the seat still holds: a
//! tsumogiri discard to the tile just drawn, anything else to one not just
//! drawn when there is one. Which hidden place a tile came from cannot be told
//! apart otherwise, and any such matching agrees with every event.

use crate::tile::Tile;

/// Where a hidden tile stands in the events: tile `index` of `seat`'s dealt
/// hand in event `event`, or the tile drawn in event `event`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Dealt {
        event: usize,
        seat: usize,
        index: usize,
    },
    Drawn {
        event: usize,
    },
}

/// The hidden places of a hand and what each turned out to be (`None` while it
/// never left a hand), with the places each seat still holds.
#[derive(Debug, Default)]
pub struct HiddenTiles {
    places: Vec<(Place, Option<Tile>)>,
    held: [Vec<usize>; 4],
    /// The hidden tile each seat drew last, until it discards or declares.
    drawn: [Option<usize>; 4],
}

impl HiddenTiles {
    fn add(&mut self, seat: usize, place: Place) -> usize {
        self.places.push((place, None));
        let id = self.places.len() - 1;
        self.held[seat].push(id);
        id
    }

    /// Tile `index` of `seat`'s dealt hand in event `event` is hidden.
    pub fn dealt(&mut self, event: usize, seat: usize, index: usize) {
        self.add(seat, Place::Dealt { event, seat, index });
    }

    /// `seat` drew a hidden tile in event `event`.
    pub fn drew(&mut self, event: usize, seat: usize) {
        let id = self.add(seat, Place::Drawn { event });
        self.drawn[seat] = Some(id);
    }

    /// `seat` drew a tile that is not hidden, or discarded or declared: no
    /// hidden tile is the one just drawn any more.
    pub fn moved(&mut self, seat: usize) {
        self.drawn[seat] = None;
    }

    /// `seat` discarded `tile` (`tsumogiri`: the tile just drawn).
    pub fn discarded(&mut self, seat: usize, tile: Tile, tsumogiri: bool) {
        self.left(seat, tile, tsumogiri);
        self.moved(seat);
    }

    /// `seat` called with `tiles` from its hand (chi, pon, daiminkan).
    pub fn gave(&mut self, seat: usize, tiles: &[Tile]) {
        for &t in tiles {
            self.left(seat, t, false);
        }
    }

    /// `seat` declared with `tiles` from its hand (ankan, kakan, kita), and
    /// draws a replacement next.
    pub fn declared(&mut self, seat: usize, tiles: &[Tile]) {
        self.gave(seat, tiles);
        self.moved(seat);
    }

    /// `tile` left `seat`'s hand (`tsumogiri`: the tile just drawn), from a
    /// hidden place when the seat holds one.
    fn left(&mut self, seat: usize, tile: Tile, tsumogiri: bool) {
        let held = &mut self.held[seat];
        let drawn = self.drawn[seat];
        let pick = if tsumogiri { drawn } else { None }
            .or_else(|| held.iter().copied().find(|&h| Some(h) != drawn).or(drawn));
        let Some(pick) = pick else { return };
        held.retain(|&h| h != pick);
        self.places[pick].1 = Some(tile);
        if drawn == Some(pick) {
            self.drawn[seat] = None;
        }
    }

    /// The hidden places `seat` still holds, the one just drawn (if any) last.
    pub fn held(&self, seat: usize) -> Vec<usize> {
        let drawn = self.drawn[seat];
        let mut held: Vec<usize> = self.held[seat]
            .iter()
            .copied()
            .filter(|&h| Some(h) != drawn)
            .collect();
        held.extend(drawn.filter(|d| self.held[seat].contains(d)));
        held
    }

    /// Gives the hidden place `id` its tile.
    pub fn set(&mut self, id: usize, tile: Tile) {
        self.places[id].1 = Some(tile);
    }

    /// Every hidden place with its tile, in the order they were met.
    pub fn places(&self) -> &[(Place, Option<Tile>)] {
        &self.places
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(name: &str) -> Tile {
        Tile::from_mjai(name).unwrap()
    }

    /// A tsumogiri takes the drawn place; another discard a dealt one; the
    /// places left are held, the drawn one last.
    #[test]
    fn tiles_leave_the_places_they_can_have_come_from() {
        let mut h = HiddenTiles::default();
        for k in 0..3 {
            h.dealt(0, 1, k);
        }
        h.drew(1, 1);
        h.left(1, t("5m"), true);
        assert_eq!(h.places()[3], (Place::Drawn { event: 1 }, Some(t("5m"))));
        h.drew(3, 1);
        h.left(1, t("E"), false);
        assert_eq!(h.places()[0].1, Some(t("E")));
        assert_eq!(h.held(1), vec![1, 2, 4]);
        h.moved(1);
        h.left(1, t("1p"), false);
        assert_eq!(h.held(1), vec![2, 4]);
        // Another seat holds nothing hidden: its tiles leave no place.
        h.left(2, t("9s"), false);
        assert!(h.held(2).is_empty());
        h.set(2, t("P"));
        assert_eq!(h.places()[2].1, Some(t("P")));
    }
}
