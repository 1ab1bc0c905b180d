//! Many logs as arrays for learning: every decision of every log (see
//! [`super::decisions`]) in the plane encoding, with its legal ids, the id
//! taken and where it stands, the logs read and replayed in parallel.

use super::decisions::for_each_decision;
use super::{in_file, Source};
use crate::error::Result;
use crate::game::action_id::ACTION_COUNT;
use crate::game::encode::{
    encode_oracle, encode_planes, encode_scalars, ORACLE_PLANES, PLANES, SCALARS,
};
use crate::game::tokens::{TokenLog, MAX_TOKENS, WIDTH};
use crate::game::Observation;
use crate::tile::KINDS;

/// Rows of decisions, one array per column, row-major.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Arrays {
    /// Channels per row: the plane encoding's, and the oracle's when asked.
    pub channels: usize,
    /// `rows * channels * 34` values.
    pub planes: Vec<u8>,
    /// With the token encoding: every row's tokens one after the other,
    /// `WIDTH` bytes each (row `r`'s are `token_starts[r]` on, `token_counts[r]`
    /// of them).
    pub tokens: Vec<u8>,
    pub token_starts: Vec<i64>,
    pub token_counts: Vec<i16>,
    /// `rows * SCALARS.len()` values.
    pub scalars: Vec<f32>,
    /// `rows * ACTION_COUNT`: the ids the seat could take.
    pub masks: Vec<bool>,
    /// The id taken.
    pub actions: Vec<i16>,
    pub seats: Vec<i8>,
    /// The log's index among those given.
    pub games: Vec<i32>,
    /// The hand's index in its log, from 0.
    pub hands: Vec<i16>,
    /// The seat's discards in the hand before the decision.
    pub turns: Vec<i16>,
    /// The seat's points change over the hand.
    pub hand_deltas: Vec<i32>,
    /// The seat's final place 1-4 (0 when the log stops before the game's end).
    pub ranks: Vec<i8>,
}

impl Arrays {
    pub fn rows(&self) -> usize {
        self.actions.len()
    }

    /// The rows of `parts`, in order, in arrays allocated once at their full
    /// size (growing them part by part would copy hundreds of megabytes).
    pub fn concat(opts: Options, parts: Vec<Arrays>) -> Arrays {
        let mut all = opts.empty();
        let sum = |f: fn(&Arrays) -> usize| parts.iter().map(f).sum::<usize>();
        all.planes.reserve_exact(sum(|a| a.planes.len()));
        all.tokens.reserve_exact(sum(|a| a.tokens.len()));
        all.scalars.reserve_exact(sum(|a| a.scalars.len()));
        all.masks.reserve_exact(sum(|a| a.masks.len()));
        let rows = sum(Arrays::rows);
        all.token_starts.reserve_exact(rows);
        all.token_counts.reserve_exact(rows);
        all.actions.reserve_exact(rows);
        all.seats.reserve_exact(rows);
        all.games.reserve_exact(rows);
        all.hands.reserve_exact(rows);
        all.turns.reserve_exact(rows);
        all.hand_deltas.reserve_exact(rows);
        all.ranks.reserve_exact(rows);
        for p in parts {
            all.append(p);
        }
        all
    }

    /// `other`'s rows after these.
    pub fn append(&mut self, mut other: Arrays) {
        self.planes.append(&mut other.planes);
        let shift = (self.tokens.len() / WIDTH) as i64;
        self.token_starts
            .extend(other.token_starts.iter().map(|s| s + shift));
        self.tokens.append(&mut other.tokens);
        self.token_counts.append(&mut other.token_counts);
        self.scalars.append(&mut other.scalars);
        self.masks.append(&mut other.masks);
        self.actions.append(&mut other.actions);
        self.seats.append(&mut other.seats);
        self.games.append(&mut other.games);
        self.hands.append(&mut other.hands);
        self.turns.append(&mut other.turns);
        self.hand_deltas.append(&mut other.hand_deltas);
        self.ranks.append(&mut other.ranks);
    }
}

/// What to encode of each decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Append the oracle channels (other hands, ura indicators, the live wall).
    pub oracle: bool,
    /// The token encoding instead of the planes (the scalars stay).
    pub tokens: bool,
    /// Only this seat's decisions.
    pub seat: Option<usize>,
}

impl Options {
    /// Channels per row: the plane encoding's (none with tokens), and the
    /// oracle's when asked.
    pub const fn channels(self) -> usize {
        (if self.tokens { 0 } else { PLANES }) + if self.oracle { ORACLE_PLANES } else { 0 }
    }

    /// No rows yet, of this many channels.
    pub fn empty(self) -> Arrays {
        Arrays {
            channels: self.channels(),
            ..Arrays::default()
        }
    }

    /// No rows yet, with room for about `rows` (each column allocated once at
    /// that size, not grown by doubling through it).
    pub fn with_room(self, rows: usize) -> Arrays {
        let mut a = self.empty();
        a.planes.reserve(rows * a.channels * KINDS);
        if self.tokens {
            a.tokens.reserve(rows * TOKENS_A_ROW * WIDTH);
            a.token_starts.reserve(rows);
            a.token_counts.reserve(rows);
        }
        a.scalars.reserve(rows * SCALARS.len());
        a.masks.reserve(rows * ACTION_COUNT);
        for v in [&mut a.actions, &mut a.hands, &mut a.turns] {
            v.reserve(rows);
        }
        a.seats.reserve(rows);
        a.ranks.reserve(rows);
        a.games.reserve(rows);
        a.hand_deltas.reserve(rows);
        a
    }
}

/// The decisions of one log (its index `game` among those given).
pub fn encode_log(source: &Source, game: usize, opts: Options) -> Result<Arrays> {
    let record = source.read(None)?;
    let channels = opts.channels();
    // A log holds about as many decisions as events (each action an event, a
    // pass none, a draw or a new indicator one without a decision); one seat's,
    // about its share.
    let players = usize::from(record.rules.players);
    let rows = record.events.len() / if opts.seat.is_some() { players } else { 1 };
    let mut a = opts.with_room(rows);
    let mut failed = None;
    let mut rows = vec![0u8; MAX_TOKENS * WIDTH];
    // The replay plays each hand in a game of its own: a new log for each.
    let (mut log, mut log_hand) = (TokenLog::default(), usize::MAX);
    let planes_len = if opts.tokens { 0 } else { PLANES * KINDS };
    // One observation rewritten at every decision: its lists keep their room.
    let mut obs = Observation::default();
    let outcome = for_each_decision(&record, opts.seat, &mut |d| {
        if let Err(e) = d.game.observation_into(d.seat, &mut obs) {
            failed.get_or_insert(e);
            return;
        }
        let at = a.planes.len();
        a.planes.resize(at + channels * KINDS, 0);
        let s = a.scalars.len();
        a.scalars.resize(s + SCALARS.len(), 0.0);
        let planes = &mut a.planes[at..];
        if opts.tokens {
            encode_scalars(&obs, &mut a.scalars[s..]);
            if d.hand != log_hand {
                (log, log_hand) = (TokenLog::default(), d.hand);
            }
            // Only the first `n` rows are read: none need clearing.
            let n = log.write(d.game, d.seat, &mut rows, 0);
            a.token_starts.push((a.tokens.len() / WIDTH) as i64);
            a.token_counts.push(n as i16);
            a.tokens.extend_from_slice(&rows[..n * WIDTH]);
        } else {
            encode_planes(&obs, &mut planes[..PLANES * KINDS], &mut a.scalars[s..]);
        }
        if opts.oracle {
            encode_oracle(d.game, d.seat, &mut planes[planes_len..]);
        }
        a.masks.extend_from_slice(&d.mask);
        a.actions.push(d.id as i16);
        a.seats.push(d.seat as i8);
        a.games.push(game as i32);
        a.hands.push(d.hand as i16);
        a.turns.push(d.game.player(d.seat).river.len() as i16);
    })
    .map_err(|e| in_file(source.name(), e))?;
    if let Some(e) = failed {
        return Err(in_file(source.name(), e));
    }
    // What only the log's end tells, row by row.
    for (&h, &s) in a.hands.iter().zip(&a.seats) {
        let (h, s) = (h as usize, s as usize);
        a.hand_deltas
            .push(outcome.hand_deltas.get(h).map_or(0, |d| d[s]) as i32);
        a.ranks.push(outcome.ranks.map_or(0, |r| r[s]) as i8);
    }
    Ok(a)
}

/// The decisions of every log, in order, the logs numbered from `first` (logs
/// read and replayed in parallel when `parallel`); the first log that cannot be
/// read or replayed fails the call, naming its file.
pub fn encode_logs(
    sources: &[Source],
    first: usize,
    opts: Options,
    parallel: bool,
) -> Result<Arrays> {
    use rayon::prelude::*;
    let one = |(g, s): (usize, &Source)| encode_log(s, first + g, opts);
    let parts: Vec<Result<Arrays>> = if parallel {
        sources.par_iter().enumerate().map(one).collect()
    } else {
        sources.iter().enumerate().map(one).collect()
    };
    Ok(Arrays::concat(
        opts,
        parts.into_iter().collect::<Result<_>>()?,
    ))
}

const _: () = assert!(ACTION_COUNT < i16::MAX as usize);

/// Token rows a decision holds on average in real games (about 70): the room
/// [`Options::with_room`] makes for them.
const TOKENS_A_ROW: usize = 72;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_the_shared_games_are_their_decisions_in_order() {
        let Some(files) = crate::shared_data::files("tenhou/mjlog", "mjlog") else {
            return;
        };
        let sources: Vec<Source> = files
            .iter()
            .take(6)
            .map(|p| Source::File(p.display().to_string()))
            .collect();
        let opts = Options {
            oracle: true,
            tokens: false,
            seat: None,
        };
        let all = encode_logs(&sources, 0, opts, true).unwrap();
        let serial = encode_logs(&sources, 0, opts, false).unwrap();
        assert!(all == serial, "threads change nothing");
        let n = all.rows();
        assert!(n > 1000, "{n} rows");
        assert_eq!(all.channels, PLANES + ORACLE_PLANES);
        assert_eq!(all.planes.len(), n * all.channels * KINDS);
        assert_eq!(all.masks.len(), n * ACTION_COUNT);
        for (col, len) in [
            ("scalars", all.scalars.len() / SCALARS.len()),
            ("seats", all.seats.len()),
            ("games", all.games.len()),
            ("hands", all.hands.len()),
            ("turns", all.turns.len()),
            ("deltas", all.hand_deltas.len()),
            ("ranks", all.ranks.len()),
        ] {
            assert_eq!(len, n, "{col}");
        }
        for r in 0..n {
            assert!(all.masks[r * ACTION_COUNT + all.actions[r] as usize]);
            assert!((1..=4).contains(&all.ranks[r]));
        }
        // Each log's rows come in order, and equal its own call's rows.
        let third = encode_log(&sources[2], 2, opts).unwrap();
        let at = all.games.iter().position(|&g| g == 2).unwrap();
        assert_eq!(all.actions[at..at + third.rows()], third.actions[..]);
        assert!(all.games.windows(2).all(|w| w[0] <= w[1]));
    }

    /// With tokens, each row's tokens are its position's own, whatever the
    /// logs' grouping, and the planes are left out.
    #[test]
    fn token_rows_are_each_positions_tokens() {
        let Some(files) = crate::shared_data::files("tenhou/mjlog", "mjlog") else {
            return;
        };
        let sources: Vec<Source> = files
            .iter()
            .take(3)
            .map(|p| Source::File(p.display().to_string()))
            .collect();
        let opts = Options {
            tokens: true,
            ..Options::default()
        };
        let all = encode_logs(&sources, 0, opts, true).unwrap();
        assert!(all.planes.is_empty() && all.channels == 0);
        let n = all.rows();
        assert_eq!((all.token_starts.len(), all.token_counts.len()), (n, n));
        let record = sources[1].read(None).unwrap();
        let at = all.games.iter().position(|&g| g == 1).unwrap();
        let mut r = at;
        for_each_decision(&record, None, &mut |d| {
            let (want, count) = d.game.tokens(d.seat);
            let start = all.token_starts[r] as usize * WIDTH;
            assert_eq!(all.token_counts[r] as usize, count);
            assert_eq!(
                all.tokens[start..start + count * WIDTH],
                want[..count * WIDTH]
            );
            r += 1;
        })
        .unwrap();
        assert_eq!(all.games[r - 1], 1);
        assert!(r == n || all.games[r] == 2);
    }

    #[test]
    fn a_missing_file_is_named() {
        let err = encode_logs(
            &[Source::File("/no/such/log.mjlog".into())],
            0,
            Options::default(),
            false,
        )
        .unwrap_err();
        assert!(err.to_string().contains("/no/such/log.mjlog"), "{err}");
    }
}
