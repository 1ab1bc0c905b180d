//! Training data from logs: every decision a record shows, as the deciding seat
//! saw it just before it chose, with the id of what it chose.
//!
//! A record is replayed through the engine ([`super::replay`]); each action of
//! the record is one decision of its seat, and so is each pass the record proves.
//! A seat asked about a claim that the record shows no claim of passed, unless
//! another seat's claim took the tile and a claim of its own would have lost to
//! that one (a chi beside a pon, a pon beside a ron, a second ron where only the
//! nearest winner is paid): then the record cannot tell a pass from a claim in
//! vain, and that decision is left out.

use super::record::GameRecord;
use super::replay::{replay_watched, Watcher};
use crate::error::{MahjongError, Result};
use crate::game::action_id::{action_index, ACTION_COUNT};
use crate::game::{Action, Game};

/// One decision, as the watcher of [`for_each_decision`] is shown it: the engine
/// just before the action applies.
pub struct DecisionAt<'a> {
    pub game: &'a Game,
    /// The hand's index in the record, from 0.
    pub hand: usize,
    pub seat: usize,
    pub action: Action,
    /// The action's id ([`crate::game::action_id`]).
    pub id: usize,
    /// Which ids the seat could take.
    pub mask: [bool; ACTION_COUNT],
}

/// What a record's decisions add up to, and what only its end tells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Decisions shown: the record's actions and the passes it proves.
    pub decisions: usize,
    /// Actions of the record among them.
    pub actions: usize,
    /// Passes the record proves among them.
    pub passes: usize,
    /// Passes left out: the record cannot tell them from a claim in vain.
    pub unproven_passes: usize,
    /// Each hand's points change by seat (riichi sticks paid, won and kept on the
    /// table count), in the order of the record's hands.
    pub hand_deltas: Vec<[i64; 4]>,
    /// Final places 1-4 by seat (0 for the empty seat of a three-player game),
    /// or `None` when the record stops before the game's end.
    pub ranks: Option<[u8; 4]>,
}

struct Collect<'f> {
    only: Option<usize>,
    visit: &'f mut dyn FnMut(&DecisionAt<'_>),
    out: Outcome,
    /// Points at each hand's start, then the last seen.
    start: Vec<[i64; 4]>,
    last: Vec<[i64; 4]>,
    /// An action of the record that is not among its seat's ids.
    stray: Option<String>,
}

impl Watcher for Collect<'_> {
    fn moved(&mut self, hand: usize, game: &Game) {
        while self.start.len() <= hand {
            self.start.push(game.scores());
            self.last.push(game.scores());
        }
        self.last[hand] = game.scores();
        if let Some(r) = game.result() {
            self.out.ranks = Some(r.ranks);
        }
    }

    fn acting(&mut self, hand: usize, game: &Game, seat: usize, action: Action, proven: bool) {
        if !proven {
            self.out.unproven_passes += 1;
            return;
        }
        if self.only.is_some_and(|s| s != seat) {
            return;
        }
        let mask = game.legal_mask(seat);
        let id = action_index(&action, game.claimed_for(seat)).filter(|&i| mask[i]);
        let Some(id) = id else {
            // The replay refuses it in a moment; the record is then refused whole.
            self.stray
                .get_or_insert_with(|| format!("seat {seat}: {action}"));
            return;
        };
        self.out.decisions += 1;
        if action == Action::Pass {
            self.out.passes += 1;
        } else {
            self.out.actions += 1;
        }
        (self.visit)(&DecisionAt {
            game,
            hand,
            seat,
            action,
            id,
            mask,
        });
    }
}

/// Shows `visit` every decision of `record` (of seat `only`, or every seat), in
/// the order the record's seats took them (the claims on one tile in seat
/// order after the claim the record shows), and returns what they add up to.
/// A record that does not replay exactly is refused (`LogParse`, naming the
/// first mismatch); its decisions up to there have been shown.
pub fn for_each_decision(
    record: &GameRecord,
    only: Option<usize>,
    visit: &mut dyn FnMut(&DecisionAt<'_>),
) -> Result<Outcome> {
    let players = usize::from(record.rules.players);
    if let Some(s) = only.filter(|&s| s >= players) {
        return Err(MahjongError::InvalidInput(format!(
            "seat {s}: the record's seats are 0-{}",
            players - 1
        )));
    }
    let mut c = Collect {
        only,
        visit,
        out: Outcome::default(),
        start: Vec::new(),
        last: Vec::new(),
        stray: None,
    };
    let report = replay_watched(record, true, &mut c);
    if let Some(m) = report.mismatches.first() {
        return Err(MahjongError::LogParse(format!(
            "the log does not replay, so its decisions are unknown: {m}"
        )));
    }
    if let Some(a) = c.stray {
        return Err(MahjongError::LogParse(format!(
            "the log's action {a} has no id among the seat's legal ones"
        )));
    }
    let mut out = c.out;
    out.hand_deltas = c
        .start
        .iter()
        .zip(&c.last)
        .map(|(a, b)| std::array::from_fn(|s| b[s] - a[s]))
        .collect();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::action_id::PASS;

    /// Every shared four-player mjlog: the decisions' actions, applied in order
    /// from the same starts, are the record's; each is legal; the count is the
    /// record's actions plus the passes it proves.
    #[test]
    fn decisions_of_the_shared_games_are_their_actions_and_proven_passes() {
        let Some(files) = crate::shared_data::texts("tenhou/mjlog", "mjlog") else {
            return;
        };
        assert!(files.len() >= 100, "{} logs", files.len());
        let (mut passes, mut unproven) = (0, 0);
        for (path, text) in &files {
            let record = super::super::read(text, None).unwrap();
            let mut ids = Vec::new();
            let out = for_each_decision(&record, None, &mut |d| {
                assert!(
                    d.mask[d.id],
                    "{}: id {} not in the mask",
                    path.display(),
                    d.id
                );
                ids.push((d.hand, d.seat, d.id));
            })
            .unwrap();
            let report = super::super::replay::replay(&record, true);
            assert!(report.ok());
            assert_eq!(out.actions, report.actions, "{}", path.display());
            assert_eq!(out.decisions, out.actions + out.passes);
            assert_eq!(ids.len(), out.decisions);
            assert_eq!(out.hand_deltas.len(), report.hands);
            let ranks = out.ranks.expect("a whole game");
            let mut sorted = ranks;
            sorted.sort_unstable();
            assert_eq!(sorted, [1, 2, 3, 4]);
            // Each hand's deltas add up to what left or came to the table.
            for d in &out.hand_deltas {
                assert_eq!(d.iter().sum::<i64>() % 1000, 0, "{d:?}");
            }
            // One seat's decisions are that seat's share of all.
            let mut mine = Vec::new();
            for_each_decision(&record, Some(2), &mut |d| mine.push((d.hand, d.seat, d.id)))
                .unwrap();
            let want: Vec<_> = ids.iter().copied().filter(|x| x.1 == 2).collect();
            assert_eq!(mine, want);
            passes += out.passes;
            unproven += out.unproven_passes;
            assert_eq!(ids.iter().filter(|x| x.2 == PASS).count(), out.passes);
        }
        assert!(
            passes > 1000 && unproven > 0,
            "{passes} passes, {unproven} unproven"
        );
    }

    #[test]
    fn a_seat_past_the_table_is_refused() {
        let record = GameRecord::new(crate::rules::Rules::default());
        let err = for_each_decision(&record, Some(4), &mut |_| {}).unwrap_err();
        assert!(err.to_string().contains("seat 4"), "{err}");
    }
}
