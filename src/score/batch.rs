//! Many wins scored in one call: the rows of a batch (hands as mpsz text or 34
//! counts, the winning tiles as tile ids 0-36, the situation as flag bits,
//! winds, indicators, honba and riichi sticks), each scored on its own, spread
//! over threads. A scored row gives its han, fu, points, yaku (a bit mask),
//! yakuman multiple, limit, dora counts and payments; a row that cannot be
//! scored gets a status saying why instead.

use crate::algo::batch::CHUNK;
use crate::error::{MahjongError, Result};
use crate::hand::Hand;
use crate::notation::mpsz;
use crate::parallel::in_pool;
use crate::rules::Rules;
use crate::score::situation::FLAGS;
use crate::score::{score, Limit, ScoreResult, WinContext, Yaku};
use crate::tile::{Tile, KINDS};

/// Row outcomes: scored, or why not.
pub const OK: i8 = 0;
/// The hand is not complete.
pub const NOT_AGARI: i8 = 1;
/// The hand is complete but has no yaku (or fewer han than the rules need).
pub const NO_YAKU: i8 = 2;
/// The situation contradicts itself, the hand or the rules.
pub const INVALID: i8 = 3;
/// The flags have bits that are no flag.
pub const BAD_FLAGS: i8 = 4;
/// The hand is unreadable or impossible (notation, counts, melds).
pub const BAD_HAND: i8 = 5;
/// The winning tile id is no tile.
pub const BAD_WIN_TILE: i8 = 6;
/// A seat or round wind is not 0-3.
pub const BAD_WIND: i8 = 7;
/// A dora or ura indicator id is no tile.
pub const BAD_INDICATOR: i8 = 8;
/// The winning tile's kind is not among the hand's concealed tiles.
pub const WIN_TILE_NOT_IN_HAND: i8 = 9;

/// Each status by name.
pub const STATUS: [(&str, i8); 10] = [
    ("ok", OK),
    ("not_agari", NOT_AGARI),
    ("no_yaku", NO_YAKU),
    ("invalid", INVALID),
    ("bad_flags", BAD_FLAGS),
    ("bad_hand", BAD_HAND),
    ("bad_win_tile", BAD_WIN_TILE),
    ("bad_wind", BAD_WIND),
    ("bad_indicator", BAD_INDICATOR),
    ("win_tile_not_in_hand", WIN_TILE_NOT_IN_HAND),
];

/// Each limit by its code in the `limit` column (its place in this list).
pub const LIMITS: [Limit; 8] = [
    Limit::None,
    Limit::Mangan,
    Limit::Haneman,
    Limit::Baiman,
    Limit::Sanbaiman,
    Limit::Yakuman,
    Limit::KazoeYakuman,
    Limit::MultipleYakuman,
];

/// 64-bit words of a row's yaku mask: bit `i % 64` of word `i / 64` is yaku
/// `i` of [`Yaku::all`].
pub const YAKU_WORDS: usize = 2;

/// The name of each bit of the yaku mask, in [`Yaku::all`] order: the yaku's id,
/// and for a yakuman its id and " (yakuman)" (two yaku share an id with a
/// yakuman: renhou and open riichi).
pub fn yaku_names() -> Vec<String> {
    Yaku::all()
        .map(|y| {
            if y.is_yakuman() {
                format!("{} (yakuman)", y.id())
            } else {
                y.id().to_string()
            }
        })
        .collect()
}

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

/// Everything a batch reads, one entry per row (indicators: `k` tile ids per
/// row, 255 for none); the columns left out are zeros.
pub struct Batch {
    pub hands: Hands,
    pub wins: Vec<u8>,
    pub flags: Option<Vec<u32>>,
    pub seat: Option<Vec<u8>>,
    pub round: Option<Vec<u8>>,
    pub dora: Option<(Vec<u8>, usize)>,
    pub ura: Option<(Vec<u8>, usize)>,
    pub honba: Option<Vec<u32>>,
    pub sticks: Option<Vec<u32>>,
    /// Norths the winner set aside (three-player rules with nukidora).
    pub kita: Option<Vec<u32>>,
    pub rules: Rules,
}

/// The indicators of row `i` (none when the column is left out), or `None`
/// when an id is no tile.
fn indicator_tiles(ind: Option<&(Vec<u8>, usize)>, i: usize) -> Option<Vec<Tile>> {
    let Some((ids, k)) = ind else {
        return Some(Vec::new());
    };
    ids[i * k..(i + 1) * k]
        .iter()
        .filter(|&&id| id != 255)
        .map(|&id| Tile::from_id(id))
        .collect()
}

/// What a scored row gives (every column but the status).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub han: i32,
    pub fu: i32,
    /// The hand's value before honba and sticks.
    pub points: i64,
    /// The yaku and yakuman, as bits of [`yaku_names`].
    pub yaku: [u64; YAKU_WORDS],
    /// The yakuman multiple (0 for none).
    pub yakuman: u8,
    /// The limit's code, its place in [`LIMITS`].
    pub limit: i8,
    pub dora: u8,
    pub aka: u8,
    pub ura: u8,
    /// Han from nukidora (Norths set aside under three-player rules).
    pub kita: u8,
    /// Paid by the discarder on a ron (0 for a tsumo).
    pub ron: i64,
    /// Paid by the dealer on a non-dealer's tsumo (0 otherwise).
    pub tsumo_dealer: i64,
    /// Paid by each non-dealer on a tsumo (0 for a ron).
    pub tsumo_non_dealer: i64,
    /// Honba points over all payers.
    pub honba: i64,
    /// Riichi sticks collected, in points.
    pub sticks: i64,
    /// The winner's gain: hand, honba and sticks.
    pub total: i64,
}

fn points_of(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

fn small(v: u32) -> u8 {
    u8::try_from(v).unwrap_or(u8::MAX)
}

impl Row {
    /// The columns of a scored win.
    pub fn of(r: &ScoreResult) -> Row {
        let mut yaku = [0u64; YAKU_WORDS];
        for &(y, _) in r.yaku.as_slice().iter().chain(r.yakuman.as_slice()) {
            let bit = y as usize;
            yaku[bit / 64] |= 1 << (bit % 64);
        }
        let p = &r.payments;
        Row {
            han: i32::try_from(r.han).unwrap_or(i32::MAX),
            fu: i32::try_from(r.fu).unwrap_or(i32::MAX),
            points: points_of(r.points()),
            yaku,
            yakuman: small(r.yakuman_multiplier),
            limit: LIMITS.iter().position(|&l| l == r.limit).unwrap_or(0) as i8,
            dora: small(r.dora),
            aka: small(r.aka),
            ura: small(r.ura),
            kita: small(r.kita),
            ron: points_of(p.ron.unwrap_or(0)),
            tsumo_dealer: points_of(p.tsumo_dealer.unwrap_or(0)),
            tsumo_non_dealer: points_of(p.tsumo_non_dealer.unwrap_or(0)),
            honba: points_of(p.honba),
            sticks: points_of(p.sticks),
            total: points_of(p.total),
        }
    }
}

/// The status of a row `score` refused.
fn status_of(e: &MahjongError) -> i8 {
    match e {
        MahjongError::NotAgari(_) => NOT_AGARI,
        MahjongError::NoYaku(_) => NO_YAKU,
        MahjongError::TileParse { .. }
        | MahjongError::InvalidHand(_)
        | MahjongError::InvalidMeld(_) => BAD_HAND,
        _ => INVALID,
    }
}

impl Batch {
    /// Row `i` scored, or its status. The checks go in this order: flags, hand,
    /// winning tile, winds, indicators, the winning tile in the hand, then what
    /// `score` refuses.
    fn row(&self, i: usize) -> std::result::Result<Row, i8> {
        let f = self.flags.as_ref().map_or(0, |f| f[i]);
        if f >> FLAGS.len() != 0 {
            return Err(BAD_FLAGS);
        }
        let hand = self.hands.hand(i).map_err(|_| BAD_HAND)?;
        let win = Tile::from_id(self.wins[i]).ok_or(BAD_WIN_TILE)?;
        let wind = |w: Option<&Vec<u8>>| -> std::result::Result<u8, i8> {
            let v = w.map_or(0, |w| w[i]);
            if v > 3 {
                return Err(BAD_WIND);
            }
            Ok(v)
        };
        let seat_wind = wind(self.seat.as_ref())?;
        let round_wind = wind(self.round.as_ref())?;
        let dora_indicators = indicator_tiles(self.dora.as_ref(), i).ok_or(BAD_INDICATOR)?;
        let ura_indicators = indicator_tiles(self.ura.as_ref(), i).ok_or(BAD_INDICATOR)?;
        if hand.counts()[win.kind() as usize] == 0 {
            return Err(WIN_TILE_NOT_IN_HAND);
        }
        let ctx = WinContext {
            seat_wind,
            round_wind,
            dora_indicators,
            ura_indicators,
            honba: self.honba.as_ref().map_or(0, |h| h[i]),
            riichi_sticks: self.sticks.as_ref().map_or(0, |s| s[i]),
            kita: self.kita.as_ref().map_or(0, |k| k[i]),
            ..WinContext::from_flag_bits(f)
        };
        let r = score(&hand, win, &ctx, &self.rules).map_err(|e| status_of(&e))?;
        Ok(Row::of(&r))
    }
}

/// The per-row columns of a scored batch beside `yaku` and `status`, each named
/// once with its type and its [`Row`] field: [`Scored`], [`Cols`] and their
/// methods are built from this list.
macro_rules! columns {
    ($m:ident) => {
        $m! {
            han: i32,
            fu: i32,
            points: i64,
            yakuman: u8,
            limit: i8,
            dora: u8,
            aka: u8,
            ura: u8,
            kita: u8,
            ron: i64,
            tsumo_dealer: i64,
            tsumo_non_dealer: i64,
            honba: i64,
            sticks: i64,
            total: i64
        }
    };
}

macro_rules! scored_types {
    ($($f:ident: $t:ty),*) => {
        /// The columns of a scored batch, one entry per row (`yaku`:
        /// [`YAKU_WORDS`] per row); rows that are not scored have zeros. Each
        /// column is the [`Row`] field of its name.
        #[derive(Clone, Debug, Default, PartialEq, Eq)]
        pub struct Scored {
            $(pub $f: Vec<$t>,)*
            pub yaku: Vec<u64>,
            /// [`OK`] or why the row was not scored (a code of [`STATUS`]).
            pub status: Vec<i8>,
        }

        impl Scored {
            /// `n` rows of zeros, each with status [`OK`] until scored.
            pub fn zeros(n: usize) -> Scored {
                Scored {
                    $($f: vec![0; n],)*
                    yaku: vec![0; n * YAKU_WORDS],
                    status: vec![OK; n],
                }
            }

            /// The rows `rows` of every column, to be written.
            fn cols(&mut self, rows: std::ops::Range<usize>) -> Cols<'_> {
                let (a, b) = (rows.start, rows.end);
                Cols {
                    $($f: &mut self.$f[a..b],)*
                    yaku: &mut self.yaku[a * YAKU_WORDS..b * YAKU_WORDS],
                    status: &mut self.status[a..b],
                }
            }
        }

        /// Some consecutive rows of every column of a [`Scored`], written in
        /// place (split in two to be written by two threads).
        struct Cols<'a> {
            $($f: &'a mut [$t],)*
            yaku: &'a mut [u64],
            status: &'a mut [i8],
        }

        impl<'a> Cols<'a> {
            /// The first `k` rows and the rest.
            fn split_at(self, k: usize) -> (Cols<'a>, Cols<'a>) {
                $(let $f = self.$f.split_at_mut(k);)*
                let yaku = self.yaku.split_at_mut(k * YAKU_WORDS);
                let status = self.status.split_at_mut(k);
                (
                    Cols { $($f: $f.0,)* yaku: yaku.0, status: status.0 },
                    Cols { $($f: $f.1,)* yaku: yaku.1, status: status.1 },
                )
            }

            /// Row `j` of these: a scored row's columns, or its status (the
            /// other columns stay as they are, zeros).
            fn set(&mut self, j: usize, row: std::result::Result<Row, i8>) {
                match row {
                    Ok(r) => {
                        $(self.$f[j] = r.$f;)*
                        self.yaku[j * YAKU_WORDS..(j + 1) * YAKU_WORDS].copy_from_slice(&r.yaku);
                        self.status[j] = OK;
                    }
                    Err(status) => self.status[j] = status,
                }
            }
        }
    };
}

columns!(scored_types);

impl Scored {
    /// How many rows.
    pub fn len(&self) -> usize {
        self.status.len()
    }

    pub fn is_empty(&self) -> bool {
        self.status.is_empty()
    }
}

impl Cols<'_> {
    fn len(&self) -> usize {
        self.status.len()
    }
}

impl Batch {
    /// Rows `first..` scored into `cols`, halved between threads down to
    /// [`CHUNK`] rows when `parallel`.
    fn fill(&self, first: usize, mut cols: Cols<'_>, parallel: bool) {
        let n = cols.len();
        if parallel && n > CHUNK {
            let (a, b) = cols.split_at(n / 2);
            rayon::join(
                || self.fill(first, a, true),
                || self.fill(first + n / 2, b, true),
            );
        } else {
            for j in 0..n {
                cols.set(j, self.row(first + j));
            }
        }
    }

    /// The rows `rows` (clipped to the batch and to `out`) scored into those
    /// rows of `out`, over `threads` (all cores when `None`).
    pub fn score_into(
        &self,
        rows: std::ops::Range<usize>,
        out: &mut Scored,
        threads: Option<usize>,
    ) -> Result<()> {
        let all = self.hands.len().min(out.len());
        let rows = rows.start.min(all)..rows.end.min(all);
        let first = rows.start;
        let cols = out.cols(rows);
        in_pool(threads, |parallel| {
            self.fill(first, cols, parallel);
            Ok(())
        })
    }

    /// Every row scored, over `threads` (all cores when `None`).
    pub fn score(&self, threads: Option<usize>) -> Result<Scored> {
        let n = self.hands.len();
        let mut out = Scored::zeros(n);
        self.score_into(0..n, &mut out, threads)?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(hands: &[&str], wins: &[&str]) -> Batch {
        let mut buf = String::new();
        let mut ends = Vec::new();
        for h in hands {
            buf.push_str(h);
            ends.push(buf.len());
        }
        Batch {
            hands: Hands::Text(buf, ends),
            wins: wins
                .iter()
                .map(|w| mpsz::parse_tiles(w).expect("tile")[0].id())
                .collect(),
            flags: None,
            seat: Some(vec![1; hands.len()]),
            round: None,
            dora: None,
            ura: None,
            honba: None,
            sticks: None,
            kita: None,
            rules: Rules::default(),
        }
    }

    #[test]
    fn the_mask_holds_every_yaku() {
        assert!(Yaku::all().count() <= YAKU_WORDS * 64);
        assert_eq!(yaku_names().len(), Yaku::all().count());
        let names = yaku_names();
        let unique: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
    }

    #[test]
    fn each_row_is_what_score_gives_and_says_why_not() {
        let hands = [
            "22334455m234p777s",
            "22334455m234p778s",
            "123m456p789s33344z",
            "x",
            "19m19p19s12345677z",
        ];
        let wins = ["5m", "5m", "3z", "1m", "1m"];
        let b = batch(&hands, &wins);
        let got = b.score(Some(1)).expect("scored");
        assert_eq!(got.status, [OK, NOT_AGARI, NO_YAKU, BAD_HAND, OK]);
        for (i, h) in hands
            .iter()
            .enumerate()
            .filter(|(i, _)| got.status[*i] == OK)
        {
            let hand = mpsz::parse_hand(h).expect("hand");
            let win = mpsz::parse_tiles(wins[i]).expect("tile")[0];
            let ctx = WinContext {
                seat_wind: 1,
                ..WinContext::default()
            };
            let r = score(&hand, win, &ctx, &Rules::default()).expect("score");
            let row = Row::of(&r);
            assert_eq!(got.han[i], row.han);
            assert_eq!(got.total[i], row.total);
            assert_eq!(&got.yaku[i * YAKU_WORDS..(i + 1) * YAKU_WORDS], &row.yaku);
            assert_eq!(LIMITS[row.limit as usize], r.limit);
        }
        // Kokushi: a yakuman, its bit set.
        assert_eq!(got.yakuman[4], 1);
        let k = Yaku::Kokushi as usize;
        assert_eq!(got.yaku[4 * YAKU_WORDS + k / 64] >> (k % 64) & 1, 1);
        // Any range of rows is those rows of the whole, the others untouched.
        let mut part = Scored::zeros(hands.len());
        b.score_into(1..3, &mut part, Some(2)).expect("part");
        assert_eq!(part.status, [OK, NOT_AGARI, NO_YAKU, OK, OK]);
        b.score_into(4..99, &mut part, None).expect("clipped");
        assert_eq!(part.yakuman, [0, 0, 0, 0, 1]);
        // Halved between threads, the rows are those of one thread.
        let many: Vec<&str> = hands.iter().copied().cycle().take(5000).collect();
        let many_wins: Vec<&str> = wins.iter().copied().cycle().take(5000).collect();
        let big = batch(&many, &many_wins);
        let one = big.score(Some(1)).expect("one thread");
        assert_eq!(big.score(Some(3)).expect("three threads"), one);
        assert_eq!(one.status[4999], OK);
        assert_eq!(one.status[5000 - 2], BAD_HAND);
    }
}
