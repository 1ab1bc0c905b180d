//! Batch analysis: many hands given as rows of 34 counts (kind order 1m..7z, one
//! byte per kind), each checked and analysed, the rows spread over threads.
//! Every call returns one output per row (`width` per row for waits) or the
//! first row that does not fit, named by its index (counted from `first`, the
//! index of the call's first row, so that a batch taken in parts names its rows
//! as the whole).

use super::shanten::{check_counts, shanten_of_size};
use super::{agari, waits};
use crate::error::{MahjongError, Result};
use crate::parallel::in_pool;
use crate::tile::{Counts, KINDS};
use rayon::prelude::*;

/// Rows per unit of parallel work.
pub const CHUNK: usize = 1024;

/// Run `f` on each checked row of `rows` (a multiple of 34 counts; the first is
/// row `first`), writing `width` outputs per row, over `threads` (all cores when
/// `None`; one runs in this thread). `f` gets the row's counts and its tile
/// count, or says why the row does not fit the call.
pub fn map_rows<T: Copy + Default + Send + Sync>(
    rows: &[u8],
    first: usize,
    threads: Option<usize>,
    width: usize,
    f: impl Fn(&Counts, usize, &mut [T]) -> Result<()> + Sync,
) -> Result<Vec<T>> {
    if rows.len() % KINDS != 0 {
        return Err(MahjongError::InvalidInput(format!(
            "rows of 34 counts expected, got {} counts",
            rows.len()
        )));
    }
    let mut out = vec![T::default(); rows.len() / KINDS * width];
    // One chunk of rows: its index, its outputs and its counts.
    let work = |(chunk, (out, rows)): (usize, (&mut [T], &[u8]))| {
        for (i, row) in rows.chunks_exact(KINDS).enumerate() {
            // A copy: the caller's memory may change under a released lock, and
            // what is checked must be what is analysed.
            let c: Counts = row.try_into().expect("row of 34");
            let row = first + chunk * CHUNK + i;
            let at_row = |e: MahjongError| MahjongError::InvalidInput(format!("row {row}: {e}"));
            let tiles = check_counts(&c).map_err(at_row)?;
            f(&c, tiles, &mut out[i * width..(i + 1) * width]).map_err(at_row)?;
        }
        Ok(())
    };
    let out_chunk = width.max(1) * CHUNK;
    in_pool(threads, |parallel| {
        if parallel {
            out.par_chunks_mut(out_chunk)
                .zip(rows.par_chunks(KINDS * CHUNK))
                .enumerate()
                .try_for_each(work)
        } else {
            out.chunks_mut(out_chunk)
                .zip(rows.chunks(KINDS * CHUNK))
                .enumerate()
                .try_for_each(work)
        }
    })?;
    Ok(out)
}

/// Shanten of each closed hand (3n+1 or 3n+2 tiles).
pub fn shanten_rows(rows: &[u8], first: usize, threads: Option<usize>) -> Result<Vec<i8>> {
    map_rows(rows, first, threads, 1, |c, n, o: &mut [i8]| {
        o[0] = shanten_of_size(c, n);
        Ok(())
    })
}

/// Whether each closed hand is complete.
pub fn complete_rows(rows: &[u8], first: usize, threads: Option<usize>) -> Result<Vec<bool>> {
    map_rows(rows, first, threads, 1, |c, _, o: &mut [bool]| {
        o[0] = agari::is_complete(c, 0);
        Ok(())
    })
}

/// The winning kinds of each closed 3n+1 hand, 34 flags per row (kinds the hand
/// holds four of are never waits).
pub fn wait_rows(rows: &[u8], first: usize, threads: Option<usize>) -> Result<Vec<bool>> {
    map_rows(rows, first, threads, KINDS, |c, n, o: &mut [bool]| {
        if n % 3 != 1 {
            return Err(MahjongError::InvalidInput(format!(
                "{n} tiles; waits need 3n+1 (13 with no melds)"
            )));
        }
        let mask = waits::wait_mask(c);
        for (k, slot) in o.iter_mut().enumerate() {
            *slot = mask >> k & 1 == 1;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::mpsz::parse_counts;

    fn rows(hands: &[&str]) -> Vec<u8> {
        hands
            .iter()
            .flat_map(|h| parse_counts(h).expect("hand").0)
            .collect()
    }

    #[test]
    fn each_row_gets_its_own_answer_in_order_on_any_thread_count() {
        let hands = ["123456789m1234p", "19m19p19s1234567z", "1133557799m113p"];
        let counts = rows(&hands).repeat(1500);
        for threads in [Some(1), Some(2), None] {
            let s = shanten_rows(&counts, 0, threads).expect("rows");
            assert_eq!(s.len(), 4500);
            assert!(s.chunks(3).all(|c| c == [0, 0, 0]), "{threads:?}");
            let w = wait_rows(&counts[..34], 0, threads).expect("row");
            let waits: Vec<usize> = (0..KINDS).filter(|&k| w[k]).collect();
            assert_eq!(waits, [9, 12], "1234p waits on 1p and 4p");
        }
        assert_eq!(
            complete_rows(&rows(&["123456789m11p123s", "123456789m12p123s"]), 0, None).unwrap(),
            [true, false]
        );
    }

    #[test]
    fn a_bad_row_is_named_by_its_index() {
        let mut counts = rows(&["123456789m1234p"]).repeat(2100);
        counts[2050 * KINDS] = 5;
        let e = shanten_rows(&counts, 0, Some(2)).unwrap_err().to_string();
        assert!(e.starts_with("row 2050: "), "{e}");
        // A part of a batch names its rows as the whole.
        let e = shanten_rows(&counts[2000 * KINDS..], 2000, Some(2))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("row 2050: "), "{e}");
        let e = wait_rows(&rows(&["123456789m12345p"]), 0, None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("row 0: 14 tiles; waits need 3n+1"), "{e}");
        assert!(shanten_rows(&[0; 33], 0, None).is_err());
    }
}
