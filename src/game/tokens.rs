//! The token encoding for sequence models: the current hand's history as one
//! seat saw it, one row of [`COLUMNS`] bytes per event, oldest first.
//!
//! A hand starts with a `start` row and one `deal` row per tile of the seat's
//! starting hand; then every draw (another seat's tile shown as [`UNSEEN`]),
//! discard, call, kan, kita, riichi and new dora indicator, in the order they
//! happened. Seats are relative to the observing seat as in the plane encoding
//! ([`super::encode::seat_at`]). Tiles are the 37 tile ids: 0-33 the kinds (1m-9m,
//! 1p-9p, 1s-9s, East South West North White Green Red), 34-36 the red 5m, 5p
//! and 5s. [`KINDS`] and [`COLUMNS`] are the tables the docs print.

use super::encode::relative;
use super::engine::Game;
use super::event::Event;
use crate::tile::Tile;

/// Bytes per token.
pub const WIDTH: usize = 8;

/// The most tokens a hand can hold (fewer than 220 happen: 1 start, 13 deals,
/// at most 74 draws, 90 discards, 20 calls and kans, 8 riichi rows, 4 dora
/// and 4 kita rows); rows past the last token are zero.
pub const MAX_TOKENS: usize = 256;

/// A tile the seat cannot see (another seat's draw).
pub const UNSEEN: u8 = 37;
/// No tile in this column.
pub const NO_TILE: u8 = 38;
/// No seat in this column.
pub const NO_SEAT: u8 = 4;

/// The token kinds (column `kind`): value, name, what the row holds.
pub const KINDS: [(u8, &str, &str); 14] = [
    (0, "padding", "no token (the rows after the last one)"),
    (
        1,
        "start",
        "the hand starts: actor the dealer, tile the first dora indicator, flag the round wind (0 East .. 3 North)",
    ),
    (2, "deal", "a tile of the seat's starting hand (actor 0)"),
    (3, "draw", "actor draws tile (37 when another seat draws)"),
    (4, "discard", "actor discards tile; flag 1 for the tile just drawn (tsumogiri)"),
    (5, "riichi", "actor declares riichi (its next discard is turned sideways)"),
    (6, "riichi_accepted", "actor's riichi stick is paid"),
    (7, "chi", "actor calls tile from target with tiles a, b"),
    (8, "pon", "actor calls tile from target with tiles a, b"),
    (9, "daiminkan", "actor calls tile from target with tiles a, b, c"),
    (10, "kakan", "actor adds tile to its pon of tiles a, b, c"),
    (11, "ankan", "actor declares a closed kan of tile and tiles a, b, c"),
    (12, "kita", "actor sets a North aside (three players)"),
    (13, "dora", "a new dora indicator: tile"),
];

/// The columns of a token, in order: name and what it holds.
pub const COLUMNS: [(&str, &str); WIDTH] = [
    ("kind", "the token kind (the table of kinds)"),
    (
        "actor",
        "the relative seat acting: 0 this seat .. 3; 4 none",
    ),
    ("tile", "the tile id 0-36; 37 unseen; 38 none"),
    (
        "target",
        "the relative seat a called tile came from; 4 none",
    ),
    (
        "flag",
        "tsumogiri (discard), the round wind (start); else 0",
    ),
    (
        "a",
        "the first tile from the hand in a call or kan; 38 none",
    ),
    ("b", "the second; 38 none"),
    ("c", "the third (kans); 38 none"),
];

const fn kind_of(name: &str) -> u8 {
    let mut i = 0;
    while i < KINDS.len() {
        if super::encode::const_eq(KINDS[i].1, name) {
            return KINDS[i].0;
        }
        i += 1;
    }
    panic!("no such token kind")
}

const START: u8 = kind_of("start");
const DEAL: u8 = kind_of("deal");
const DRAW: u8 = kind_of("draw");
const DISCARD: u8 = kind_of("discard");
const RIICHI: u8 = kind_of("riichi");
const RIICHI_ACCEPTED: u8 = kind_of("riichi_accepted");
const CHI: u8 = kind_of("chi");
const PON: u8 = kind_of("pon");
const DAIMINKAN: u8 = kind_of("daiminkan");
const KAKAN: u8 = kind_of("kakan");
const ANKAN: u8 = kind_of("ankan");
const KITA: u8 = kind_of("kita");
const DORA: u8 = kind_of("dora");

/// One row before it is written.
struct Row {
    kind: u8,
    actor: u8,
    tile: u8,
    target: u8,
    flag: u8,
    from_hand: [u8; 3],
}

impl Row {
    const fn new(kind: u8, actor: u8, tile: u8) -> Row {
        Row {
            kind,
            actor,
            tile,
            target: NO_SEAT,
            flag: 0,
            from_hand: [NO_TILE; 3],
        }
    }

    fn bytes(&self) -> [u8; WIDTH] {
        let [a, b, c] = self.from_hand;
        [
            self.kind,
            self.actor,
            self.tile,
            self.target,
            self.flag,
            a,
            b,
            c,
        ]
    }
}

fn ids(tiles: &[Tile]) -> [u8; 3] {
    let mut out = [NO_TILE; 3];
    for (o, t) in out.iter_mut().zip(tiles) {
        *o = t.id();
    }
    out
}

/// The current hand's events from its start on (empty before the first hand).
fn hand_events(game: &Game) -> &[Event] {
    &game.events()[game.hand_start()..]
}

/// Writes the current hand's tokens as `seat` saw them into `out`
/// (`MAX_TOKENS * WIDTH` bytes, overwritten whole); returns how many rows hold
/// a token. The hand's end (a win, a draw) writes nothing.
pub fn encode_tokens(game: &Game, seat: usize, out: &mut [u8]) -> usize {
    let out = &mut out[..MAX_TOKENS * WIDTH];
    out.fill(0);
    let players = game.rules().players;
    let mut n = 0;
    for e in hand_events(game) {
        event_rows(e, seat, players, |row| {
            if n < MAX_TOKENS {
                out[n * WIDTH..(n + 1) * WIDTH].copy_from_slice(&row);
                n += 1;
            }
        });
    }
    n
}

/// The rows event `e` adds to the tokens `seat` sees (none for a hand's end),
/// in order.
fn event_rows(e: &Event, seat: usize, players: u8, mut push: impl FnMut([u8; WIDTH])) {
    // Relative seats fit a byte: they are 0-3.
    let rel = |s: usize| relative(seat, s, players) as u8;
    let mut push = |row: Row| push(row.bytes());
    // A call or kan: `tile` the one called or added, `from_hand` the tiles the
    // hand gives, `target` the seat a called tile came from.
    let call = |kind, s: usize, target: Option<usize>, tile: Tile, from_hand: &[Tile]| {
        let mut row = Row::new(kind, rel(s), tile.id());
        row.target = target.map_or(NO_SEAT, rel);
        row.from_hand = ids(from_hand);
        row
    };
    match e {
        Event::StartKyoku {
            round_wind,
            dealer,
            dora_marker,
            hands,
            ..
        } => {
            let mut row = Row::new(START, rel(*dealer), dora_marker.id());
            row.flag = *round_wind;
            push(row);
            for t in &hands[seat] {
                push(Row::new(DEAL, 0, t.id()));
            }
        }
        Event::Tsumo { seat: s, tile } => {
            let t = if *s == seat { tile.id() } else { UNSEEN };
            push(Row::new(DRAW, rel(*s), t));
        }
        Event::Dahai {
            seat: s,
            tile,
            tsumogiri,
        } => {
            let mut row = Row::new(DISCARD, rel(*s), tile.id());
            row.flag = u8::from(*tsumogiri);
            push(row);
        }
        Event::Riichi { seat: s } => push(Row::new(RIICHI, rel(*s), NO_TILE)),
        Event::RiichiAccepted { seat: s, .. } => {
            push(Row::new(RIICHI_ACCEPTED, rel(*s), NO_TILE));
        }
        Event::Chi {
            seat: s,
            target,
            tile,
            consumed,
        }
        | Event::Pon {
            seat: s,
            target,
            tile,
            consumed,
        } => {
            let kind = if matches!(e, Event::Chi { .. }) {
                CHI
            } else {
                PON
            };
            push(call(kind, *s, Some(*target), *tile, consumed));
        }
        Event::Daiminkan {
            seat: s,
            target,
            tile,
            consumed,
        } => push(call(DAIMINKAN, *s, Some(*target), *tile, consumed)),
        Event::Kakan {
            seat: s,
            tile,
            consumed,
        } => push(call(KAKAN, *s, None, *tile, consumed)),
        Event::Ankan { seat: s, consumed } => {
            let [first, rest @ ..] = consumed;
            push(call(ANKAN, *s, None, *first, rest));
        }
        Event::Kita { seat: s, tile } => push(Row::new(KITA, rel(*s), tile.id())),
        Event::Dora { marker } => push(Row::new(DORA, NO_SEAT, marker.id())),
        Event::StartGame
        | Event::Hora { .. }
        | Event::Ryukyoku { .. }
        | Event::EndKyoku
        | Event::EndGame { .. } => {}
    }
}

/// Every seat's tokens of one game's current hand, kept up to date as the game
/// moves on: each new event's rows are made once, so that a game asked for its
/// tokens at every decision does not read the hand's whole history each time.
/// Give it the same game, stepped forward (a new hand starts it over).
#[derive(Clone, Debug, Default)]
pub struct TokenLog {
    /// Where the hand the rows are of starts among the game's events.
    hand_start: usize,
    /// The events read so far, and the last of them (a game that took events
    /// back and went on differently starts the rows over).
    read: usize,
    last: Option<Event>,
    rows: [Vec<[u8; WIDTH]>; 4],
}

impl TokenLog {
    /// Reads the events `game` has added since the last call.
    fn catch_up(&mut self, game: &Game) {
        let events = game.events();
        let start = game.hand_start();
        let moved_on = self.read > events.len()
            || (self.read > start && events.get(self.read - 1) != self.last.as_ref());
        if start != self.hand_start || self.read < start || moved_on {
            self.hand_start = start;
            self.read = start;
            for rows in &mut self.rows {
                rows.clear();
            }
        }
        let players = game.rules().players;
        for e in &events[self.read..] {
            for (seat, rows) in self.rows.iter_mut().enumerate().take(usize::from(players)) {
                event_rows(e, seat, players, |row| {
                    if rows.len() < MAX_TOKENS {
                        rows.push(row);
                    }
                });
            }
        }
        if self.read != events.len() {
            self.read = events.len();
            self.last = events.last().cloned();
        }
    }

    /// [`encode_tokens`] of `game` for `seat` into `out`, where the first
    /// `written` rows may hold tokens from before (the rows past those are
    /// zero and only those between are cleared); returns how many rows hold a
    /// token.
    pub fn write(&mut self, game: &Game, seat: usize, out: &mut [u8], written: usize) -> usize {
        self.catch_up(game);
        let rows = &self.rows[seat];
        let n = rows.len();
        let out = &mut out[..MAX_TOKENS * WIDTH];
        out[..n * WIDTH].copy_from_slice(rows.as_flattened());
        let end = written.clamp(n, MAX_TOKENS);
        out[n * WIDTH..end * WIDTH].fill(0);
        n
    }
}

impl Game {
    /// The current hand's tokens as `seat` saw them: `MAX_TOKENS * WIDTH` bytes
    /// and how many rows hold a token.
    pub fn tokens(&self, seat: usize) -> (Vec<u8>, usize) {
        let mut out = vec![0u8; MAX_TOKENS * WIDTH];
        let n = encode_tokens(self, seat, &mut out);
        (out, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::encode::seat_at;
    use crate::game::encode::tests::{positions, positions_under};
    use crate::rules::Rules;

    /// A seat's view rebuilt from its tokens alone.
    #[derive(Debug, Default, PartialEq)]
    struct View {
        hand: Vec<u8>,
        /// Per relative seat: (tile, tsumogiri, riichi tile, called away).
        rivers: [Vec<(u8, bool, bool, bool)>; 4],
        meld_tiles: [Vec<u8>; 4],
        melds: [usize; 4],
        indicators: Vec<u8>,
        riichi: [bool; 4],
        concealed: [usize; 4],
        round_wind: u8,
        dealer: u8,
        kita: [u8; 4],
    }

    fn take(hand: &mut Vec<u8>, t: u8) {
        let at = hand
            .iter()
            .position(|&x| x == t)
            .expect("a tile the hand holds");
        hand.swap_remove(at);
    }

    fn rebuild(rows: &[u8], n: usize, players: usize) -> View {
        let mut v = View::default();
        let mut declared = [false; 4];
        for row in rows.chunks(WIDTH).take(n) {
            let [kind, actor, tile, target, flag, a, b, c]: [u8; WIDTH] = row.try_into().unwrap();
            let s = usize::from(actor);
            let from_hand: Vec<u8> = [a, b, c].into_iter().filter(|&t| t != NO_TILE).collect();
            let lose = |v: &mut View, tiles: &[u8]| {
                v.concealed[s] -= tiles.len();
                if s == 0 {
                    for &t in tiles {
                        take(&mut v.hand, t);
                    }
                }
            };
            match kind {
                START => {
                    v.indicators.push(tile);
                    v.concealed = std::array::from_fn(|r| if r < players { 13 } else { 0 });
                    v.round_wind = flag;
                    v.dealer = actor;
                }
                DEAL => v.hand.push(tile),
                DRAW => {
                    v.concealed[s] += 1;
                    if s == 0 {
                        v.hand.push(tile);
                    } else {
                        assert_eq!(tile, UNSEEN);
                    }
                }
                DISCARD => {
                    lose(&mut v, &[tile]);
                    v.rivers[s].push((tile, flag == 1, declared[s], false));
                    declared[s] = false;
                }
                RIICHI => declared[s] = true,
                RIICHI_ACCEPTED => v.riichi[s] = true,
                CHI | PON | DAIMINKAN => {
                    let called = v.rivers[usize::from(target)].last_mut().unwrap();
                    assert_eq!(called.0, tile);
                    called.3 = true;
                    lose(&mut v, &from_hand);
                    v.melds[s] += 1;
                    v.meld_tiles[s].push(tile);
                    v.meld_tiles[s].extend(&from_hand);
                }
                KAKAN => {
                    lose(&mut v, &[tile]);
                    v.meld_tiles[s].push(tile);
                }
                ANKAN => {
                    let mut four = from_hand.clone();
                    four.push(tile);
                    lose(&mut v, &four);
                    v.melds[s] += 1;
                    v.meld_tiles[s].extend(&four);
                }
                KITA => {
                    lose(&mut v, &[tile]);
                    v.kita[s] += 1;
                }
                DORA => v.indicators.push(tile),
                other => panic!("token kind {other}"),
            }
        }
        v.hand.sort_unstable();
        for m in &mut v.meld_tiles {
            m.sort_unstable();
        }
        v
    }

    /// The view the observation gives, in the same terms.
    fn view_of(game: &Game, seat: usize) -> View {
        let obs = game.observation(seat).unwrap();
        let players = obs.players;
        let mut hand: Vec<u8> = obs.hand.iter().map(|t| t.id()).collect();
        hand.sort_unstable();
        let at = |r: usize| seat_at(seat, r, players);
        View {
            hand,
            rivers: std::array::from_fn(|r| {
                obs.rivers[at(r)]
                    .iter()
                    .map(|d| (d.tile.id(), d.tsumogiri, d.riichi, d.called))
                    .collect()
            }),
            meld_tiles: std::array::from_fn(|r| {
                let mut m: Vec<u8> = obs.melds[at(r)]
                    .iter()
                    .flat_map(|m| m.tiles().iter().map(|t| t.id()))
                    .collect();
                m.sort_unstable();
                m
            }),
            melds: std::array::from_fn(|r| obs.melds[at(r)].len()),
            indicators: obs.dora_indicators.iter().map(|t| t.id()).collect(),
            riichi: std::array::from_fn(|r| obs.riichi[at(r)]),
            concealed: std::array::from_fn(|r| obs.concealed_counts[at(r)]),
            round_wind: obs.round_wind,
            dealer: (0..4).find(|&r| at(r) == obs.dealer).unwrap() as u8,
            kita: std::array::from_fn(|r| obs.kita[at(r)]),
        }
    }

    /// The seat's hand with red fives, every river with its tsumogiri, riichi
    /// and called marks, every meld, the indicators, riichi and each seat's
    /// concealed count come back from the tokens alone, at four and three players.
    #[test]
    fn the_tokens_lose_nothing_the_seat_knows() {
        let mut checked = 0;
        let sanma = Rules::preset("tenhou_sanma").unwrap();
        let all = positions(8, 3)
            .into_iter()
            .chain(positions_under(&sanma, 4, 3));
        let mut kinds = [0usize; KINDS.len()];
        for (game, seat) in all {
            let (rows, n) = game.tokens(seat);
            let players = usize::from(game.rules().players);
            assert_eq!(rebuild(&rows, n, players), view_of(&game, seat));
            assert!(rows[n * WIDTH..].iter().all(|&x| x == 0));
            for row in rows.chunks(WIDTH).take(n) {
                kinds[usize::from(row[0])] += 1;
            }
            checked += 1;
        }
        assert!(checked > 1000, "{checked}");
        // Every kind of token but padding was met (kans and kita included).
        assert_eq!(kinds[0], 0);
        assert!(kinds[1..].iter().all(|&k| k > 0), "{kinds:?}");
    }

    /// Other seats' draws and starting hands, and the wall, change nothing in
    /// the seat's tokens; its own draw does.
    #[test]
    fn the_tokens_hold_nothing_hidden() {
        let mut changed_own = 0;
        for (game, seat) in positions(6, 7) {
            let (rows, n) = game.tokens(seat);
            let mut other = game.clone();
            let swap = |t: &mut Tile| *t = Tile::from_id((t.id() + 1) % 34).unwrap();
            let mut own_draw = None;
            for (i, e) in other.events.iter_mut().enumerate() {
                match e {
                    Event::StartKyoku { hands, .. } => {
                        for (s, h) in hands.iter_mut().enumerate() {
                            if s != seat {
                                h.iter_mut().for_each(swap);
                            }
                        }
                    }
                    Event::Tsumo { seat: s, tile } if *s != seat => swap(tile),
                    Event::Tsumo { .. } => own_draw = Some(i),
                    _ => {}
                }
            }
            let live = other.wall.live_remaining();
            if live >= 2 {
                let at = other.wall.drawn();
                other.wall.swap_tiles(at, at + live - 1);
            }
            assert_eq!(other.tokens(seat), (rows.clone(), n));
            let start = game.events.len() - hand_events(&game).len();
            if let Some(i) = own_draw.filter(|&i| i > start) {
                if let Event::Tsumo { tile, .. } = &mut other.events[i] {
                    swap(tile);
                }
                assert_ne!(other.tokens(seat).0, rows);
                changed_own += 1;
            }
        }
        assert!(changed_own > 10, "{changed_own}");
    }

    /// Whole games never come near the row limit.
    #[test]
    fn hands_fit_the_rows() {
        let most = positions(20, 1)
            .iter()
            .map(|(g, s)| g.tokens(*s).1)
            .max()
            .unwrap();
        assert!((60..MAX_TOKENS - 20).contains(&most), "{most}");
    }
}
