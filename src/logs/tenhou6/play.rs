//! One hand of a tenhou.net/6 log played by the engine.
//!
//! The log gives each seat's draws and discards as separate lists; the engine
//! puts them in order. It is asked at each decision for the next item of the seat
//! it waits for: in a turn the seat's next discard (a riichi, a kan), at a
//! discard the calls of the seats whose next draw is a call on it (each reading
//! tried in turn when there are several), else every seat passes. Before each
//! action the tiles the engine may draw next are put into its wall: the next
//! draw of the seat that would draw from the live wall, and of the seat that
//! would take a kan's replacement. The engine's events are the record's; the
//! hand ends where the lists do, and the result is the log's, completed from the
//! engine's state.

use super::read::{Discard, Draw, HandLog, Outcome, WinLog};
use super::{seat_at, TRIALS};
use crate::error::{MahjongError, Result};
use crate::game::wall::{Layout, Wall, WALL_TILES};
use crate::game::{tenpai_at_draw, Action, ClaimKind, Event, Game, HandStart, Phase, Win};
use crate::logs::replay::{deal_slots, fill_wall};
use crate::meld::{Meld, MeldKind};
use crate::score::points::Limit;
use crate::tile::{Counts, Suit, Tile, KINDS};

/// One hand's events, `StartKyoku` to `EndKyoku`.
pub(super) fn play_hand(h: &HandLog) -> Result<Vec<Event>> {
    let mut play = HandPlayer::start(h)?;
    let mut trials = TRIALS;
    play.run(&mut trials)?;
    Ok(play.record)
}

/// Where a hand ended.
#[derive(Clone, Copy)]
enum End {
    /// In `seat`'s turn (tsumo, nine terminals).
    Turn { seat: usize },
    /// On `seat`'s discard of `tile`; `passed` when the engine went on past it
    /// (nobody could claim it, or everyone passed).
    Discard {
        seat: usize,
        tile: Tile,
        riichi: bool,
        passed: bool,
    },
    /// On `seat`'s kan of `tile` (`closed` for an ankan).
    Kan {
        seat: usize,
        tile: Tile,
        closed: bool,
        passed: bool,
    },
}

impl End {
    fn describe(self) -> String {
        match self {
            End::Turn { seat } => format!("in the turn of seat {seat}"),
            End::Discard { seat, .. } => format!("after the discard of seat {seat}"),
            End::Kan { seat, .. } => format!("on the kan of seat {seat}"),
        }
    }

    fn passed(self) -> End {
        match self {
            End::Discard {
                seat, tile, riichi, ..
            } => End::Discard {
                seat,
                tile,
                riichi,
                passed: true,
            },
            End::Kan {
                seat, tile, closed, ..
            } => End::Kan {
                seat,
                tile,
                closed,
                passed: true,
            },
            end @ End::Turn { .. } => end,
        }
    }
}

/// A hand being played from its lists.
#[derive(Clone)]
struct HandPlayer<'a> {
    h: &'a HandLog<'a>,
    game: Game,
    /// The next draw and the next discard of each seat.
    di: [usize; 4],
    ki: [usize; 4],
    /// The engine's events taken in so far.
    seen: usize,
    /// Where the wall's parts lie (four or three players).
    layout: &'static Layout,
    /// The wall's tiles, and which the log shows (the deal and the indicators).
    tiles: Vec<Tile>,
    shown: Vec<bool>,
    /// The record's events, once the hand is over.
    record: Vec<Event>,
}

impl<'a> HandPlayer<'a> {
    /// The engine at the hand's start: the deal, the indicators and the dealer's
    /// first draw in their places of the wall.
    fn start(h: &'a HandLog<'a>) -> Result<HandPlayer<'a>> {
        let layout = Layout::of(h.rules.players);
        let mut slots: Box<[Option<Tile>; WALL_TILES]> = Box::new([None; WALL_TILES]);
        for (s, deal) in h.deals.iter().enumerate() {
            for (i, &t) in deal_slots(h.dealer(), s, h.seats()).zip(deal) {
                slots[i] = Some(t);
            }
        }
        for (&i, &t) in layout.dora.iter().zip(&h.dora) {
            slots[i] = Some(t);
        }
        for (&i, &t) in layout.ura.iter().zip(&h.ura) {
            slots[i] = Some(t);
        }
        let shown = slots[..layout.tiles].iter().map(Option::is_some).collect();
        if let Some(Draw::Tile(t)) = h.draws[h.dealer()].first() {
            slots[layout.deal] = Some(*t);
        }
        let wall = fill_wall(&slots, h.rules).map_err(|e| h.at.err(e))?;
        let start = HandStart {
            round: h.round,
            honba: h.honba,
            riichi_sticks: h.riichi_sticks,
            scores: h.scores,
        };
        let game =
            Game::resume(h.rules.clone(), 0, start, vec![wall.clone()]).map_err(|e| h.at.err(e))?;
        let mut play = HandPlayer {
            h,
            game,
            di: [0; 4],
            ki: [0; 4],
            seen: 0,
            layout,
            tiles: wall.tiles().to_vec(),
            shown,
            record: Vec::new(),
        };
        let dealt = End::Turn { seat: h.dealer() };
        play.take_events(dealt)?;
        Ok(play)
    }

    /// Plays to the end of the hand. At a discard that the calls let be read
    /// more than one way, each way is tried on a copy in turn.
    fn run(&mut self, trials: &mut u32) -> Result<()> {
        loop {
            let end = match self.game.phase().clone() {
                Phase::Turn { seat, .. } => self.turn(seat)?,
                Phase::Claims {
                    from, tile, kind, ..
                } => {
                    let callers = self.callers(from, tile, kind);
                    if !callers.is_empty() {
                        return self.branch(from, tile, kind, &callers, trials);
                    }
                    self.decide(from, tile, kind, None)?
                }
                // The engine ends a hand only inside an action (see `take_events`).
                Phase::HandOver | Phase::GameOver => {
                    return Err(self.h.at.err("the hand is over before its lists end"))
                }
            };
            if let Some(end) = end {
                return self.finish(end);
            }
        }
    }

    fn branch(
        &mut self,
        from: usize,
        tile: Tile,
        kind: ClaimKind,
        callers: &[usize],
        trials: &mut u32,
    ) -> Result<()> {
        let mut first = None;
        for call in callers.iter().map(|&c| Some(c)).chain([None]) {
            if *trials == 0 {
                break;
            }
            *trials -= 1;
            let mut p = self.clone();
            let played = p.decide(from, tile, kind, call).and_then(|end| match end {
                Some(end) => p.finish(end),
                None => p.run(trials),
            });
            match played {
                Ok(()) => {
                    *self = p;
                    return Ok(());
                }
                Err(e) => {
                    first.get_or_insert(e);
                }
            }
        }
        Err(first.unwrap_or_else(|| self.h.at.err("the calls can be read too many ways")))
    }

    fn place(what: &str, seat: usize, item: usize) -> String {
        format!("{what} of seat {seat}, item {item}")
    }

    /// The seat after `seat` in turn order.
    fn next_seat(&self, seat: usize) -> usize {
        (seat + 1) % self.h.seats()
    }

    fn has_draw(&self, seat: usize) -> bool {
        self.di[seat] < self.h.draws[seat].len()
    }

    /// `seat`'s turn: its next discard, riichi or kan; none ends the hand.
    fn turn(&mut self, seat: usize) -> Result<Option<End>> {
        let i = self.ki[seat];
        let Some(item) = self.h.discards[seat].get(i) else {
            return Ok(Some(End::Turn { seat }));
        };
        self.ki[seat] += 1;
        let place = Self::place("discards", seat, i);
        let (action, end) = self
            .turn_action(seat, item)
            .map_err(|w| self.h.at.at(&place, w))?;
        self.prepare_wall(Some(self.next_seat(seat)), Some(seat))?;
        self.apply(seat, action, &place)?;
        self.take_events(end)
    }

    /// The engine's action for a discards item, and where the hand ends if the
    /// log ends it there.
    fn turn_action(&self, seat: usize, item: &Discard) -> Result<(Action, End)> {
        let player = self.game.player(seat);
        match *item {
            Discard::Tile { tile, riichi } => {
                let drawn = match *self.game.phase() {
                    Phase::Turn { drawn, .. } => drawn,
                    _ => None,
                };
                let (tile, tsumogiri) = match tile {
                    None => (
                        drawn.ok_or_else(|| {
                            MahjongError::LogParse("60 (the tile drawn) with no tile drawn".into())
                        })?,
                        true,
                    ),
                    // The drawn tile written out, no other copy held: a
                    // tsumogiri all the same (some tools never write 60).
                    Some(t) => {
                        let copies = player.concealed.iter().filter(|&&x| x == t).count();
                        (t, drawn == Some(t) && copies == 1)
                    }
                };
                if !player.concealed.contains(&tile) {
                    return Err(MahjongError::LogParse(format!(
                        "the seat does not hold {tile}"
                    )));
                }
                let action = if riichi {
                    Action::Riichi { tile, tsumogiri }
                } else {
                    Action::Discard { tile, tsumogiri }
                };
                let end = End::Discard {
                    seat,
                    tile,
                    riichi,
                    passed: false,
                };
                Ok((action, end))
            }
            Discard::KanSkip => Err(MahjongError::LogParse("expected a tile code, got 0".into())),
            Discard::Kita => {
                let north = Tile::from_suit_number(Suit::Z, 4).expect("North");
                if !player.concealed.contains(&north) {
                    return Err(MahjongError::LogParse(
                        "a kita, but the seat holds no North".into(),
                    ));
                }
                let end = End::Kan {
                    seat,
                    tile: north,
                    closed: false,
                    passed: false,
                };
                Ok((Action::Kita, end))
            }
            Discard::Ankan { tiles } => {
                if held_as(&player.concealed, &tiles).is_none() {
                    return Err(MahjongError::LogParse(
                        "the seat does not hold the tiles of its ankan".into(),
                    ));
                }
                let kind = tiles[0].kind();
                let end = End::Kan {
                    seat,
                    tile: tiles[0].plain(),
                    closed: true,
                    passed: false,
                };
                Ok((Action::Ankan { kind }, end))
            }
            Discard::Kakan { tiles, pos } => {
                let added = kakan_tile(&player.melds, &player.concealed, &tiles, pos)?;
                let end = End::Kan {
                    seat,
                    tile: added,
                    closed: false,
                    passed: false,
                };
                Ok((Action::Kakan { tile: added }, end))
            }
        }
    }

    /// The seats whose next draw is a call on `from`'s discard of `tile`, pon and
    /// kan before chi.
    fn callers(&self, from: usize, tile: Tile, kind: ClaimKind) -> Vec<usize> {
        if !matches!(kind, ClaimKind::Discard { .. }) {
            return Vec::new();
        }
        let n = self.h.seats();
        let mut found: Vec<(bool, usize)> = (1..n)
            .map(|d| (from + d) % n)
            .filter_map(|c| match self.h.draws[c].get(self.di[c]) {
                Some(Draw::Call {
                    kind, rel, called, ..
                }) if seat_at(c, *rel) == from && *called == tile => {
                    Some((*kind == MeldKind::Chi, c))
                }
                _ => None,
            })
            .collect();
        found.sort_by_key(|&(chi, _)| chi);
        found.into_iter().map(|(_, c)| c).collect()
    }

    /// The claims on `from`'s `tile`: seat `call` calls it and the others pass,
    /// or, without a call, the hand ends here when the next draw has no item, else
    /// every seat passes.
    fn decide(
        &mut self,
        from: usize,
        tile: Tile,
        kind: ClaimKind,
        call: Option<usize>,
    ) -> Result<Option<End>> {
        if let Some(c) = call {
            self.call(c)?;
            self.pass_all(from)?;
            let rinshan = End::Turn { seat: c };
            return self.take_events(rinshan);
        }
        let (end, drawer) = match kind {
            ClaimKind::Discard { riichi } => (
                End::Discard {
                    seat: from,
                    tile,
                    riichi,
                    passed: false,
                },
                self.next_seat(from),
            ),
            ClaimKind::Kakan | ClaimKind::Ankan | ClaimKind::Kita => (
                End::Kan {
                    seat: from,
                    tile,
                    closed: kind == ClaimKind::Ankan,
                    passed: false,
                },
                from,
            ),
        };
        if !self.has_draw(drawer) {
            return Ok(Some(end));
        }
        self.prepare_wall(Some(self.next_seat(from)), Some(from))?;
        self.pass_all(from)?;
        self.take_events(end)
    }

    /// Seat `c` calls the discard: its next draw is the call.
    fn call(&mut self, c: usize) -> Result<()> {
        let i = self.di[c];
        let place = Self::place("draws", c, i);
        let err = |w: &dyn std::fmt::Display| self.h.at.at(&place, w);
        let Some(Draw::Call {
            kind,
            consumed,
            text,
            ..
        }) = self.h.draws[c].get(i)
        else {
            return Err(err(&"expected a call"));
        };
        let mut consumed = consumed.clone();
        consumed.sort_unstable();
        let action = match kind {
            MeldKind::Chi => Action::Chi {
                tiles: [consumed[0], consumed[1]],
            },
            MeldKind::Pon => Action::Pon {
                tiles: [consumed[0], consumed[1]],
            },
            _ => {
                if held_as(&self.game.player(c).concealed, &consumed).is_none() {
                    return Err(err(&format_args!(
                        "the seat does not hold the tiles of {text:?}"
                    )));
                }
                let k = self.ki[c];
                if !matches!(self.h.discards[c].get(k), Some(Discard::KanSkip)) {
                    let place = Self::place("discards", c, k);
                    return Err(self
                        .h
                        .at
                        .at(place, "expected the 0 that follows a daiminkan"));
                }
                self.ki[c] += 1;
                Action::Daiminkan
            }
        };
        self.di[c] += 1;
        self.prepare_wall(None, Some(c))?;
        self.apply(c, action, &place)
    }

    /// Every seat still deciding on `from`'s tile passes.
    fn pass_all(&mut self, from: usize) -> Result<()> {
        if !matches!(self.game.phase(), Phase::Claims { .. }) {
            return Ok(());
        }
        for s in self.game.deciding() {
            let place = format!("after the discard of seat {from}, seat {s} passing");
            self.apply(s, Action::Pass, &place)?;
        }
        Ok(())
    }

    fn apply(&mut self, seat: usize, action: Action, place: &str) -> Result<()> {
        self.game
            .apply(seat, action)
            .map_err(|e| self.h.at.at(place, e))
    }

    /// Takes in the engine's new events: each draw must be the drawer's next
    /// item. A draw by a seat whose draws are used up, or the engine ending the
    /// hand itself, ends the hand at `end` (the draw taken back).
    fn take_events(&mut self, end: End) -> Result<Option<End>> {
        while let Some(e) = self.game.events().get(self.seen) {
            match *e {
                Event::Tsumo { seat, tile } => {
                    let i = self.di[seat];
                    match self.h.draws[seat].get(i) {
                        Some(Draw::Tile(t)) if *t == tile => self.di[seat] += 1,
                        None if !matches!(end, End::Turn { .. }) => {
                            self.game.take_back_draw(self.seen);
                            return Ok(Some(end.passed()));
                        }
                        item => {
                            let why = match item {
                                None => "the seat draws here, but its draws end".to_string(),
                                Some(Draw::Call { text, .. }) => {
                                    format!(
                                        "the call {text:?} takes no discard here (the seat draws)"
                                    )
                                }
                                Some(Draw::Tile(t)) => {
                                    format!("the seat draws {t} here, but the wall gives {tile}")
                                }
                            };
                            return Err(self.h.at.at(Self::place("draws", seat, i), why));
                        }
                    }
                }
                Event::Hora { .. } | Event::Ryukyoku { .. } => {
                    return Ok(Some(end.passed()));
                }
                _ => {}
            }
            self.seen += 1;
        }
        Ok(None)
    }

    /// Puts into the wall the next draw of `live` (from the live wall) and of
    /// `rinshan` (a kan's replacement), when those are tiles.
    fn prepare_wall(&mut self, live: Option<usize>, rinshan: Option<usize>) -> Result<()> {
        let wall = self.game.wall();
        let next = |s: Option<usize>| match s.and_then(|s| self.h.draws[s].get(self.di[s])) {
            Some(Draw::Tile(t)) => Some(*t),
            _ => None,
        };
        let mut wanted = Vec::with_capacity(2);
        if let Some(t) = next(live) {
            wanted.push((wall.drawn(), t));
        }
        if let (Some(t), Some(&i)) = (next(rinshan), self.layout.rinshan.get(wall.replacements())) {
            wanted.push((i, t));
        }
        let mut changed = false;
        for (k, &(i, t)) in wanted.iter().enumerate() {
            if self.tiles[i] == t {
                continue;
            }
            let taken: Vec<usize> = wanted[..k].iter().map(|w| w.0).collect();
            let j = self
                .spare(t, i, &taken)
                .ok_or_else(|| self.h.at.err(format_args!("a fifth {t} is drawn")))?;
            self.tiles[j] = t;
            self.tiles.swap(i, j);
            changed = true;
        }
        if changed {
            self.rebuild_wall()?;
        }
        Ok(())
    }

    /// A wall index other than `i` and `taken` whose tile the engine has not
    /// taken nor the log shown, holding `t` (or, for a plain five, a red one
    /// that it may stand for).
    fn spare(&self, t: Tile, i: usize, taken: &[usize]) -> Option<usize> {
        let wall = self.game.wall();
        let layout = self.layout;
        let free = |j: usize| {
            let used = if j < layout.live {
                j < wall.drawn()
            } else if let Some(k) = layout.rinshan.iter().position(|&r| r == j) {
                k < wall.replacements()
            } else if let Some(k) = layout.dora.iter().position(|&d| d == j) {
                k <= wall.kan_dora_revealed()
            } else {
                false
            };
            j != i && !used && !self.shown[j] && !taken.contains(&j)
        };
        let find = |x: Tile| (0..layout.tiles).find(|&j| free(j) && self.tiles[j] == x);
        find(t).or_else(|| {
            let red = (!t.is_red() && t.number() == 5).then(|| Tile::red(t.suit()));
            red.flatten().and_then(find)
        })
    }

    /// The engine's wall made of `tiles`, as far taken as it was.
    fn rebuild_wall(&mut self) -> Result<()> {
        let old = self.game.wall();
        let mut w = Wall::from_tiles(&self.tiles).map_err(|e| self.h.at.err(e))?;
        w.dice = old.dice;
        w.deal(self.h.dealer()).map_err(|e| self.h.at.err(e))?;
        for _ in self.layout.deal..old.drawn() {
            w.draw();
        }
        for _ in 0..old.kans() {
            w.draw_rinshan();
        }
        for _ in 0..old.kita() {
            w.draw_kita();
        }
        for _ in 0..old.kan_dora_revealed() {
            w.reveal_kan_dora();
        }
        self.game.replace_wall(w);
        Ok(())
    }

    /// The hand is over at `end`: every list must be used up, the dora shown
    /// revealed; then the result's events.
    fn finish(&mut self, end: End) -> Result<()> {
        let h = self.h;
        for (s, (draws, discards)) in h.raw.iter().enumerate() {
            for (part, list, k) in [
                ("draws", draws, self.di[s]),
                ("discards", discards, self.ki[s]),
            ] {
                if let Some(v) = list.get(k) {
                    return Err(h.at.err(format_args!(
                        "the hand ends {}, but the {part} of seat {s} go on at item {k} ({})",
                        end.describe(),
                        super::read::show(v)
                    )));
                }
            }
        }
        let shown = 1 + self.game.wall().kan_dora_revealed();
        if shown != h.dora.len() {
            return Err(h.at.err(format_args!(
                "the hand lists {} dora indicators, but its kans reveal {shown}",
                h.dora.len(),
            )));
        }
        match &h.outcome {
            Outcome::Wins(wins) => self.wins(end, wins)?,
            Outcome::Draw {
                name,
                reason,
                deltas,
            } => self.draw_result(end, name, *reason, *deltas)?,
        }
        self.record.push(Event::EndKyoku);
        Ok(())
    }

    /// The engine's events of the hand's play (its result left out).
    fn play_events(&self) -> Vec<Event> {
        let n = self.seen.min(self.game.events().len());
        self.game.events()[..n].to_vec()
    }

    /// The scores before the result.
    fn scores(&self) -> [i64; 4] {
        self.record
            .iter()
            .rev()
            .find_map(Event::scores_after)
            .unwrap_or(self.h.scores)
    }

    fn draw_result(
        &mut self,
        end: End,
        name: &str,
        reason: crate::game::DrawReason,
        deltas: [i64; 4],
    ) -> Result<()> {
        use crate::game::DrawReason::{KyuushuKyuuhai, Sanchahou};
        let fits = match (reason, end) {
            (KyuushuKyuuhai, End::Turn { .. })
            | (Sanchahou, End::Discard { .. } | End::Kan { .. }) => true,
            (KyuushuKyuuhai | Sanchahou, _) => false,
            (_, End::Discard { passed, seat, .. }) => {
                if !passed {
                    // The engine takes the discard past the claims (a riichi's
                    // stick is paid), then the hand is over.
                    self.pass_all(seat)?;
                    self.take_events(end)?;
                }
                true
            }
            _ => false,
        };
        if !fits {
            return Err(self.h.at.err(format_args!(
                "result {name:?}: the hand cannot end so {}",
                end.describe()
            )));
        }
        self.record = self.play_events();
        let tenpai = if reason.abortive() {
            [false; 4]
        } else {
            std::array::from_fn(|s| {
                let p = self.game.player(s);
                tenpai_of(&p.concealed, &p.melds)
            })
        };
        let mut scores = self.scores();
        for (sc, d) in scores.iter_mut().zip(deltas) {
            *sc = sc.saturating_add(d);
        }
        self.record.push(Event::Ryukyoku {
            reason,
            tenpai,
            deltas,
            scores,
        });
        Ok(())
    }

    /// The winning tile, and whether it was a rinshan draw, for a win at `end`.
    fn win_tile(&self, n: usize, w: &WinLog, end: End, winners: usize) -> Result<Tile> {
        let tsumo = w.who == w.from;
        let tile = match end {
            End::Turn { seat } if tsumo && seat == w.who && winners == 1 => {
                match *self.game.phase() {
                    Phase::Turn { drawn: Some(t), .. } => Some(t),
                    _ => {
                        return Err(self.h.at.err(format_args!(
                            "result, win {n}: a tsumo without a tile drawn"
                        )))
                    }
                }
            }
            End::Discard {
                seat,
                tile,
                passed: false,
                ..
            }
            | End::Kan {
                seat,
                tile,
                passed: false,
                ..
            } if !tsumo && seat == w.from => Some(tile),
            _ => None,
        };
        tile.ok_or_else(|| {
            let how = if tsumo { "a tsumo" } else { "a ron" };
            self.h.at.err(format_args!(
                "result, win {n}: {how} by seat {} cannot end the hand {}",
                w.who,
                end.describe()
            ))
        })
    }

    fn wins(&mut self, end: End, wins: &[WinLog]) -> Result<()> {
        let tiles: Vec<Tile> = wins
            .iter()
            .enumerate()
            .map(|(n, w)| self.win_tile(n, w, end, wins.len()))
            .collect::<Result<_>>()?;
        self.record = self.play_events();
        let mut scores = self.scores();
        // The winners' tiles and riichi before the engine settles the wins.
        let held: Vec<(Vec<Tile>, bool)> = wins
            .iter()
            .zip(&tiles)
            .map(|(w, &tile)| {
                let p = self.game.player(w.who);
                let mut hand = p.concealed.to_vec();
                if w.who != w.from {
                    hand.push(tile);
                }
                (hand, p.riichi_at.is_some())
            })
            .collect();
        let engine_fu = self.engine_fu(wins);
        for ((w, tile), (hand, riichi)) in wins.iter().zip(tiles).zip(held) {
            let win = &w.win;
            let fu = match (win.fu, win.limit) {
                (Some(fu), _) => fu,
                (None, Limit::None) => 0,
                (None, _) => engine_fu.get(&w.who).copied().unwrap_or(0),
            };
            for (sc, d) in scores.iter_mut().zip(w.deltas) {
                *sc = sc.saturating_add(d);
            }
            self.record.push(Event::Hora(Box::new(Win {
                seat: w.who,
                target: w.from,
                han: win.han,
                fu,
                points: win.points,
                tile,
                hand,
                ura_markers: if riichi {
                    self.h.ura.clone()
                } else {
                    Vec::new()
                },
                yaku: win.yaku.clone(),
                dora: win.dora,
                ura: win.ura,
                aka: win.aka,
                limit: win.limit,
                pao: (w.pao != w.who).then_some(w.pao),
                deltas: w.deltas,
                scores,
            })));
        }
        Ok(())
    }

    /// The engine's fu of each win it allows (by winner), the wins applied.
    fn engine_fu(&mut self, wins: &[WinLog]) -> std::collections::HashMap<usize, u32> {
        let before = self.game.events().len();
        let mut allowed = true;
        for w in wins {
            let action = if w.who == w.from {
                Action::Tsumo
            } else {
                Action::Ron
            };
            allowed &= self.game.apply(w.who, action).is_ok();
        }
        if allowed && matches!(self.game.phase(), Phase::Claims { .. }) {
            for s in self.game.deciding() {
                let _ = self.game.apply(s, Action::Pass);
            }
        }
        self.game.events()[before..]
            .iter()
            .filter_map(|e| match e {
                Event::Hora(w) => Some((w.seat, w.fu)),
                _ => None,
            })
            .collect()
    }
}

/// The tiles of `hand` of the kind of `tiles`, in the hand's order (as the engine
/// takes a kan's tiles), when they are `tiles`.
fn held_as(hand: &[Tile], tiles: &[Tile]) -> Option<Vec<Tile>> {
    let kind = tiles.first()?.kind();
    let held: Vec<Tile> = hand.iter().copied().filter(|t| t.kind() == kind).collect();
    let (mut a, mut b) = (held.clone(), tiles.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    (a == b).then_some(held)
}

/// The added tile of a kakan of `tiles` (the added one at `pos`), when the
/// seat's pon of its kind is the rest and the seat holds it.
fn kakan_tile(melds: &[Meld], concealed: &[Tile], tiles: &[Tile; 4], pos: usize) -> Result<Tile> {
    let added = tiles[pos];
    let mut rest: Vec<Tile> = tiles.to_vec();
    rest.remove(pos);
    rest.sort();
    let pon = melds
        .iter()
        .find(|m| m.kind() == MeldKind::Pon && m.first_kind() == added.kind())
        .ok_or_else(|| MahjongError::LogParse(format!("no pon of {added} to add to")))?;
    if rest != pon.tiles() {
        return Err(MahjongError::LogParse(format!(
            "the kakan's pon is not the seat's pon of {added}"
        )));
    }
    if !concealed.contains(&added) {
        return Err(MahjongError::LogParse(format!(
            "the seat does not hold the {added} of its kakan"
        )));
    }
    Ok(added)
}

/// Tenpai at an exhaustive draw, by the engine's rule.
fn tenpai_of(concealed: &[Tile], melds: &[Meld]) -> bool {
    if concealed.len() + 3 * melds.len() != 13 {
        return false;
    }
    let mut c: Counts = [0; KINDS];
    for t in concealed {
        c[t.kind() as usize] = c[t.kind() as usize].saturating_add(1);
    }
    let mut mc: Counts = [0; KINDS];
    for t in melds.iter().flat_map(Meld::tiles) {
        mc[t.kind() as usize] += 1;
    }
    tenpai_at_draw(&c, &mc, melds.len())
}
