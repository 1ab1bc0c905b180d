//! Many wins scored in one call: the rows of a batch (hands as mpsz text or 34
//! counts, the winning tiles as 136-ids, the situation as flag bits, winds,
//! indicators and honba), each scored on its own, spread over threads. A row
//! that cannot be scored gets a status instead of a result.

use crate::algo::batch::CHUNK;
use crate::error::{MahjongError, Result};
use crate::hand::Hand;
use crate::notation::mpsz;
use crate::parallel::in_pool;
use crate::rules::Rules;
use crate::score::situation::FLAGS;
use crate::score::{score, WinContext};
use crate::tile::{Tile, KINDS};
use rayon::prelude::*;

/// Row outcomes.
pub const OK: i8 = 0;
pub const NOT_AGARI: i8 = 1;
pub const NO_YAKU: i8 = 2;
pub const INVALID: i8 = 3;

/// Each status by name.
pub const STATUS: [(&str, i8); 4] = [
    ("ok", OK),
    ("not_agari", NOT_AGARI),
    ("no_yaku", NO_YAKU),
    ("invalid", INVALID),
];

/// The hands of a batch: mpsz strings (one buffer and their ends) or counts.
pub enum Hands {
    Text(String, Vec<usize>),
    Counts(Vec<u8>),
}

impl Hands {
    /// How many hands.
    pub fn len(&self) -> usize {
        match self {
            Hands::Text(_, ends) => ends.len(),
            Hands::Counts(c) => c.len() / KINDS,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn hand(&self, i: usize) -> Result<Hand> {
        match self {
            Hands::Text(buf, ends) => {
                let start = if i == 0 { 0 } else { ends[i - 1] };
                mpsz::parse_hand(&buf[start..ends[i]])
            }
            Hands::Counts(c) => {
                let row = &c[i * KINDS..(i + 1) * KINDS];
                if row.iter().any(|&x| x > 4) {
                    return Err(MahjongError::InvalidHand("a count above 4".into()));
                }
                let mut tiles = Vec::with_capacity(14);
                for (k, &n) in row.iter().enumerate() {
                    let t = Tile::from_kind(k as u8).expect("kind");
                    tiles.extend(std::iter::repeat_n(t, n as usize));
                }
                Hand::new(&tiles, Vec::new())
            }
        }
    }
}

/// Everything a batch reads, one entry per row (indicators: `k` 136-ids per row,
/// 255 for none); the columns left out are zeros.
pub struct Batch {
    pub hands: Hands,
    pub wins: Vec<u8>,
    pub flags: Option<Vec<u32>>,
    pub seat: Option<Vec<u8>>,
    pub round: Option<Vec<u8>>,
    pub dora: Option<(Vec<u8>, usize)>,
    pub ura: Option<(Vec<u8>, usize)>,
    pub honba: Option<Vec<u32>>,
    pub rules: Rules,
}

fn indicator_tiles(ind: Option<&(Vec<u8>, usize)>, i: usize) -> Result<Vec<Tile>> {
    let Some((ids, k)) = ind else {
        return Ok(Vec::new());
    };
    ids[i * k..(i + 1) * k]
        .iter()
        .filter(|&&id| id != 255)
        .map(|&id| {
            Tile::from_id(id).ok_or_else(|| MahjongError::InvalidTile(format!("tile id {id}")))
        })
        .collect()
}

impl Batch {
    fn row(&self, i: usize) -> Result<(u32, u32, i64)> {
        let f = self.flags.as_ref().map_or(0, |f| f[i]);
        if f >> FLAGS.len() != 0 {
            return Err(MahjongError::InvalidInput(format!(
                "flags {f:#x} has bits that are no flag (SCORE_FLAGS)"
            )));
        }
        let hand = self.hands.hand(i)?;
        let win = Tile::from_id(self.wins[i])
            .ok_or_else(|| MahjongError::InvalidTile(format!("tile id {}", self.wins[i])))?;

        let wind = |w: Option<&Vec<u8>>| -> Result<u8> {
            let v = w.map_or(0, |w| w[i]);
            if v > 3 {
                return Err(MahjongError::InvalidContext(format!("wind {v} is not 0-3")));
            }
            Ok(v)
        };
        let ctx = WinContext {
            seat_wind: wind(self.seat.as_ref())?,
            round_wind: wind(self.round.as_ref())?,
            dora_indicators: indicator_tiles(self.dora.as_ref(), i)?,
            ura_indicators: indicator_tiles(self.ura.as_ref(), i)?,
            honba: self.honba.as_ref().map_or(0, |h| h[i]),
            ..WinContext::from_flag_bits(f)
        };
        let r = score(&hand, win, &ctx, &self.rules)?;
        let points = i64::try_from(r.points()).unwrap_or(i64::MAX);
        Ok((r.han, r.fu, points))
    }
}

/// The columns of a scored batch, one entry per row.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scored {
    pub han: Vec<i32>,
    pub fu: Vec<i32>,
    pub points: Vec<i64>,
    /// [`OK`], [`NOT_AGARI`], [`NO_YAKU`] or [`INVALID`].
    pub status: Vec<i8>,
}

impl Scored {
    /// `other`'s rows after these (a batch scored in parts).
    pub fn append(&mut self, mut other: Scored) {
        self.han.append(&mut other.han);
        self.fu.append(&mut other.fu);
        self.points.append(&mut other.points);
        self.status.append(&mut other.status);
    }
}

/// One chunk of each output column: han, fu, points, status.
type Outputs<'a> = (
    ((&'a mut [i32], &'a mut [i32]), &'a mut [i64]),
    &'a mut [i8],
);

impl Batch {
    /// The rows in `rows` scored (every row for `0..self.hands.len()`), over
    /// `threads` (all cores when `None`).
    pub fn score(&self, rows: std::ops::Range<usize>, threads: Option<usize>) -> Result<Scored> {
        let all = self.hands.len();
        let rows = rows.start.min(all)..rows.end.min(all);
        let n = rows.len();
        let first = rows.start;
        let mut out = Scored {
            han: vec![0; n],
            fu: vec![0; n],
            points: vec![0; n],
            status: vec![OK; n],
        };
        in_pool(threads, |parallel| {
            let work = |(c, (((h, f), p), s)): (usize, Outputs<'_>)| {
                for j in 0..h.len() {
                    match self.row(first + c * CHUNK + j) {
                        Ok((a, b, pts)) => {
                            h[j] = a as i32;
                            f[j] = b as i32;
                            p[j] = pts;
                        }
                        Err(e) => {
                            s[j] = match e {
                                MahjongError::NotAgari(_) => NOT_AGARI,
                                MahjongError::NoYaku(_) => NO_YAKU,
                                _ => INVALID,
                            };
                        }
                    }
                }
            };
            let Scored {
                han,
                fu,
                points,
                status,
            } = &mut out;
            if parallel {
                han.par_chunks_mut(CHUNK)
                    .zip(fu.par_chunks_mut(CHUNK))
                    .zip(points.par_chunks_mut(CHUNK))
                    .zip(status.par_chunks_mut(CHUNK))
                    .enumerate()
                    .for_each(work);
            } else {
                han.chunks_mut(CHUNK)
                    .zip(fu.chunks_mut(CHUNK))
                    .zip(points.chunks_mut(CHUNK))
                    .zip(status.chunks_mut(CHUNK))
                    .enumerate()
                    .for_each(work);
            }
            Ok(())
        })?;
        Ok(out)
    }
}
