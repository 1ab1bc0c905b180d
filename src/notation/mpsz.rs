//! mpsz notation: digits followed by their suit letter (`123m0p77z`; `0` is a red
//! five), and the hand notation built on it: concealed tiles, then each meld,
//! `[...]` open and `(...)` closed kan, e.g. `123m456p11z [555z] (1111s)`.
//!
//! Inside an open meld, `'` after a digit marks the called tile and its place says
//! where it came from, as the sideways tile on a real table: first = left,
//! middle = across, last = right (`[3'45m]`, `[55'5z]`, `[555'z]`). A kakan writes
//! the added tile after `+`: `[5'55+5z]`. Melds may also be typed as a word and
//! their tiles (`pon 555z`, `chi 456m`, `kan 1111p`, `ankan 9999s`); they print in
//! the bracket form.

use crate::algo::shanten::nibble_lanes;
use crate::error::{quoted, MahjongError, Result};
use crate::hand::{Concealed, Hand};
use crate::meld::{Meld, MeldKind, Relative};
use crate::tile::{Counts, Suit, Tile, KINDS};
use std::fmt::Write;

/// A tile written in a string, with the marks the meld notation allows.
#[derive(Clone, Copy, Debug)]
struct Written {
    tile: Tile,
    called: bool,
    added: bool,
}

impl Written {
    /// An unused slot.
    const BLANK: Written = Written {
        tile: match Tile::from_kind(0) {
            Some(t) => t,
            None => panic!("kind 0"),
        },
        called: false,
        added: false,
    };
}

/// What a span of tiles may hold.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Span {
    /// A tile list: digits and suit letters, spaces between groups.
    Tiles,
    /// Inside a meld's brackets: also `'` (the called tile) and `+` (the added one).
    Meld,
    /// One group of a hand's concealed tiles: it ends at a space or a bracket.
    Group,
}

/// Scan `input[start..end]` as tiles, handing each to `emit`; positions in errors
/// refer to `input`. Returns where it stopped: `end`, or for a [`Span::Group`] the
/// space or bracket after it. Allocates nothing.
fn scan(
    input: &str,
    start: usize,
    end: usize,
    span: Span,
    mut emit: impl FnMut(Written) -> Result<()>,
) -> Result<usize> {
    let marks = span == Span::Meld;
    let mut stop = end;
    let bytes = input.as_bytes();
    // Where the digits waiting for their suit letter begin.
    let mut digits_from: Option<usize> = None;
    let mut plus_at: Option<usize> = None;
    for i in start..end {
        let c = bytes[i];
        match c {
            b'0'..=b'9' => {
                plus_at = None;
                digits_from.get_or_insert(i);
            }
            b'\'' if marks => {
                if i == start || !bytes[i - 1].is_ascii_digit() {
                    return Err(MahjongError::parse(
                        input,
                        i,
                        "\"'\" must follow a tile digit",
                    ));
                }
            }
            b'+' if marks => {
                if plus_at.is_some() {
                    return Err(MahjongError::parse(
                        input,
                        i,
                        "'+' must precede a tile digit",
                    ));
                }
                plus_at = Some(i);
            }
            b' ' | b'\t' | b'[' | b'(' | b']' | b')' if span == Span::Group => {
                stop = i;
                break;
            }
            b' ' | b'\t' if span == Span::Tiles => {
                if let Some(p) = digits_from {
                    return Err(MahjongError::parse(
                        input,
                        p,
                        "digits without a suit letter",
                    ));
                }
            }
            b'm' | b'p' | b's' | b'z' => {
                let suit = Suit::from_char(c as char).expect("suit letter");
                let Some(from) = digits_from.take() else {
                    return Err(MahjongError::parse(
                        input,
                        i,
                        format!("suit '{}' has no digits before it", c as char),
                    ));
                };
                for pos in from..i {
                    let d = bytes[pos];
                    if !d.is_ascii_digit() {
                        continue;
                    }
                    let n = d - b'0';
                    let tile = Tile::from_suit_number(suit, n).ok_or_else(|| {
                        let why = if n == 0 {
                            "honors have no red five ('0z')".to_owned()
                        } else {
                            format!("no tile {n}{}", c as char)
                        };
                        MahjongError::parse(input, pos, why)
                    })?;
                    emit(Written {
                        tile,
                        called: marks && bytes[pos + 1] == b'\'',
                        added: marks && pos > 0 && bytes[pos - 1] == b'+',
                    })?;
                }
            }
            _ => {
                let ch = input[i..].chars().next().unwrap_or('?');
                // Printable as Rust writes a char literal ('\u{1b}', '\0').
                let why = if ch.is_alphabetic() {
                    format!("unknown suit {ch:?}")
                } else {
                    format!("unexpected character {ch:?}")
                };
                return Err(MahjongError::parse(input, i, why));
            }
        }
    }
    if let Some(p) = plus_at {
        return Err(MahjongError::parse(
            input,
            p,
            "'+' must precede a tile digit",
        ));
    }
    if let Some(p) = digits_from {
        return Err(MahjongError::parse(
            input,
            p,
            "digits without a suit letter",
        ));
    }
    Ok(stop)
}

fn parse_span(input: &str, start: usize, end: usize, span: Span) -> Result<Vec<Written>> {
    let mut out = Vec::with_capacity(14);
    scan(input, start, end, span, |w| {
        out.push(w);
        Ok(())
    })?;
    Ok(out)
}

/// Counts of a plain tile string (no melds), without building tiles: the fast
/// path of module-level queries. Fails on more than 4 copies of a kind.
pub fn parse_counts(input: &str) -> Result<(Counts, usize)> {
    if let Some(read) = plain_counts(input.as_bytes()) {
        return Ok(read);
    }
    let mut counts = [0u8; KINDS];
    let mut n = 0;
    scan(input, 0, input.len(), Span::Tiles, |w| {
        let k = w.tile.kind() as usize;
        counts[k] += 1;
        n += 1;
        if counts[k] > 4 {
            return Err(MahjongError::InvalidHand(format!(
                "{}: more than 4 copies of {}",
                quoted(input),
                w.tile.plain()
            )));
        }
        Ok(())
    })?;
    Ok((counts, n))
}

/// Whether a nibble of the nine low ones of `x` is above 4: it has its top
/// bit, or its 4 bit with a lower one (bit tests alone, so nothing carries).
fn over_four(x: u64) -> bool {
    const BIT: [u64; 4] = [0x1_1111_1111, 0x2_2222_2222, 0x4_4444_4444, 0x8_8888_8888];
    x & BIT[3] != 0 || (x & BIT[2]) >> 2 & ((x & BIT[1]) >> 1 | (x & BIT[0])) != 0
}

/// [`parse_counts`] of the common form alone, digits each followed in time by a
/// suit letter (`123m0p77z`: no spaces, marks or other letters), in one pass over
/// the bytes. `None` for anything else, valid or not, for a fifth copy and for
/// text longer than 14 tiles can be written: the full reader then reads it or
/// says what is wrong.
#[inline]
pub fn plain_counts(b: &[u8]) -> Option<(Counts, usize)> {
    // Each suit's counts are the nibbles of one word while reading: a digit adds
    // its entry of `DIGITS` (one to its kind's nibble, a 0 to the five's), which
    // also counts the digits and those that cannot be an honor. At most 28
    // bytes (14 tiles, each with its own letter) are read, so no count
    // overflows its field; one over 14 tiles may carry, and is refused by the
    // digit count first.
    const TILE: u64 = 1 << 48;
    const NOT_HONOR: u64 = 1 << 40;
    const DIGITS: [u64; 256] = {
        let mut t = [0u64; 256];
        let mut d = 0;
        while d < 10 {
            let nibble = if d == 0 { 1 << 16 } else { 1 << (4 * (d - 1)) };
            let not_honor = if d == 0 || d > 7 { NOT_HONOR } else { 0 };
            t[b'0' as usize + d] = TILE | not_honor | nibble;
            d += 1;
        }
        t
    };
    // The suit (0-3) of each letter, 4 for any other byte.
    const SUITS: [u8; 256] = {
        let mut t = [4u8; 256];
        t[b'm' as usize] = 0;
        t[b'p' as usize] = 1;
        t[b's' as usize] = 2;
        t[b'z' as usize] = 3;
        t
    };
    if b.len() > 28 {
        return None;
    }
    let mut suits = [0u64; 4];
    // The digits read since the last suit letter (none while it is 0).
    let mut pending = 0u64;
    for &c in b {
        let digit = DIGITS[c as usize];
        if digit != 0 {
            pending += digit;
            continue;
        }
        // The suit read from a table: a jump through one would make the order
        // of the letters a guess.
        let suit = SUITS[c as usize] as usize;
        if suit > 3 || pending == 0 {
            return None;
        }
        suits[suit] += pending;
        pending = 0;
    }
    let n = (suits.iter().sum::<u64>() / TILE) as usize;
    if pending != 0 || n > 14 || suits[3] % TILE >= NOT_HONOR {
        return None;
    }
    let [m, p, s, z] = suits.map(|w| w % NOT_HONOR);
    if [m, p, s, z].into_iter().any(over_four) {
        return None;
    }
    // The 34 counts as the nibbles of two words and a byte, each spread to
    // bytes at once.
    let mut counts = [0u8; KINDS];
    counts[..16].copy_from_slice(&nibble_lanes(m | p << 36));
    counts[16..32].copy_from_slice(&nibble_lanes(p >> 28 | s << 8 | z << 44));
    counts[32] = (z >> 20) as u8 & 15;
    counts[33] = (z >> 24) as u8 & 15;
    Some((counts, n))
}

/// Parse a tile list such as `123m0p77z` (spaces between groups are allowed).
pub fn parse_tiles(input: &str) -> Result<Vec<Tile>> {
    Ok(parse_span(input, 0, input.len(), Span::Tiles)?
        .into_iter()
        .map(|w| w.tile)
        .collect())
}

impl std::str::FromStr for Tile {
    type Err = MahjongError;

    /// Exactly one tile in mpsz notation: `"5m"`, `"0p"`.
    fn from_str(s: &str) -> Result<Tile> {
        // The common case, a digit and a suit letter, without building a list.
        if let [d @ b'0'..=b'9', suit] = s.as_bytes() {
            let tile = match (d - b'0', suit) {
                (0, b'm' | b'p' | b's') => Suit::from_char(*suit as char).and_then(Tile::red),
                (n @ 1..=9, b'm' | b'p' | b's') | (n @ 1..=7, b'z') => {
                    Suit::from_char(*suit as char).and_then(|su| Tile::from_suit_number(su, n))
                }
                _ => None,
            };
            if let Some(t) = tile {
                return Ok(t);
            }
        }
        let tiles = parse_tiles(s)?;
        match tiles.as_slice() {
            [t] => Ok(*t),
            _ => Err(MahjongError::parse(
                s,
                0,
                format!("expected one tile, got {}", tiles.len()),
            )),
        }
    }
}

/// The shortest mpsz string of the tiles: sorted, one suit letter per suit.
pub fn format_tiles(tiles: &[Tile]) -> String {
    let mut sorted = tiles.to_vec();
    sorted.sort_unstable();
    let mut s = String::with_capacity(tiles.len() + 4);
    write_group(&mut s, &sorted, None, None);
    s
}

/// Write tiles in the given order, a suit letter after each run of one suit;
/// `called` and `added` are indices to mark.
fn write_group(s: &mut String, tiles: &[Tile], called: Option<usize>, added: Option<usize>) {
    for (i, t) in tiles.iter().enumerate() {
        if added == Some(i) {
            s.push('+');
        }
        s.push(t.mpsz_digit());
        if called == Some(i) {
            s.push('\'');
        }
        if tiles.get(i + 1).is_none_or(|n| n.suit() != t.suit()) {
            s.push(t.suit().as_char());
        }
    }
}

/// Parse one meld in bracket notation: `[3'45m]`, `[555z]`, `[5'55+5z]`, `(1111s)`.
pub fn parse_meld(input: &str) -> Result<Meld> {
    let trimmed = input.trim_end();
    let lead = input.len() - input.trim_start().len();
    parse_meld_at(input, lead, trimmed.len())
}

fn parse_meld_at(input: &str, start: usize, end: usize) -> Result<Meld> {
    let b = input.as_bytes();
    let closed = match (b.get(start), end.checked_sub(1).and_then(|e| b.get(e))) {
        (Some(b'['), Some(b']')) => false,
        (Some(b'('), Some(b')')) => true,
        _ => {
            return Err(MahjongError::parse(
                input,
                start,
                "a meld is written [...] (open) or (...) (closed kan)",
            ))
        }
    };
    // A meld has at most 4 tiles: kept here without a list; more are read again
    // into one only to say what is wrong.
    let mut few = [Written::BLANK; 4];
    let mut n = 0;
    let span = if closed { Span::Tiles } else { Span::Meld };
    scan(input, start + 1, end - 1, span, |w| {
        if let Some(slot) = few.get_mut(n) {
            *slot = w;
        }
        n += 1;
        Ok(())
    })?;
    let err = |why: MahjongError| {
        MahjongError::InvalidMeld(format!("{}: {why}", quoted(&input[start..end])))
    };
    if n > few.len() {
        let written = parse_span(input, start + 1, end - 1, span)?;
        let tiles: Vec<Tile> = written.iter().map(|w| w.tile).collect();
        return meld_of(&written, &tiles, closed).map_err(err);
    }
    let tiles = few.map(|w| w.tile);
    meld_of(&few[..n], &tiles[..n], closed).map_err(err)
}

/// The meld the tiles of a bracket say (`tiles` are the written tiles without
/// their marks); an error says why not.
fn meld_of(written: &[Written], tiles: &[Tile], closed: bool) -> Result<Meld> {
    if closed {
        return Meld::new(MeldKind::Ankan, tiles, None, None, None);
    }
    let added_idx = written.iter().position(|w| w.added);
    if written.iter().filter(|w| w.added).count() > 1 {
        return Err(MahjongError::InvalidMeld(
            "more than one added tile ('+')".into(),
        ));
    }
    if written.iter().filter(|w| w.called).count() > 1 {
        return Err(MahjongError::InvalidMeld(
            "more than one called tile (\"'\")".into(),
        ));
    }
    if written.iter().any(|w| w.added && w.called) {
        return Err(MahjongError::InvalidMeld(
            "the tile a kakan adds was not called".into(),
        ));
    }
    // The pon part of a kakan is the tiles except the added one.
    let shown = || written.iter().filter(|w| !w.added);
    let (called, from) = match shown().position(|w| w.called) {
        None => (None, None),
        Some(p) => {
            let rel = if p == 0 {
                Relative::Left
            } else if p + 1 == shown().count() {
                Relative::Right
            } else {
                Relative::Across
            };
            (shown().nth(p).map(|w| w.tile), Some(rel))
        }
    };
    let kind = match (tiles.len(), added_idx) {
        (4, Some(_)) => MeldKind::Kakan,
        (4, None) => MeldKind::Daiminkan,
        (3, None) if tiles.iter().all(|t| t.kind() == tiles[0].kind()) => MeldKind::Pon,
        (3, None) => MeldKind::Chi,
        (n, Some(_)) => {
            return Err(MahjongError::InvalidMeld(format!(
                "'+' marks a kakan, which has 4 tiles, not {n}"
            )))
        }
        (n, None) => {
            return Err(MahjongError::InvalidMeld(format!(
                "an open meld has 3 or 4 tiles, not {n}"
            )))
        }
    };
    let added = added_idx.map(|i| written[i].tile);
    Meld::new(kind, tiles, called, from, added)
}

/// Write a meld in bracket notation (the inverse of [`parse_meld`]).
pub fn format_meld(meld: &Meld) -> String {
    let mut s = String::with_capacity(12);
    if meld.kind() == MeldKind::Ankan {
        s.push('(');
        write_group(&mut s, meld.tiles(), None, None);
        s.push(')');
        return s;
    }
    // Lay the shown tiles out as on the table: the called tile sideways on the
    // side it came from.
    let mut shown: Vec<Tile> = meld.tiles().to_vec();
    if let Some(a) = meld.added() {
        let i = shown
            .iter()
            .position(|t| *t == a)
            .expect("added tile in meld");
        shown.remove(i);
    }
    let mut called_at = None;
    if let (Some(c), Some(from)) = (meld.called(), meld.from()) {
        let i = shown
            .iter()
            .position(|t| *t == c)
            .expect("called tile in meld");
        shown.remove(i);
        let at = match from {
            Relative::Left => 0,
            Relative::Across => 1,
            Relative::Right => shown.len(),
        };
        shown.insert(at, c);
        called_at = Some(at);
    }
    let added_at = meld.added().map(|a| {
        shown.push(a);
        shown.len() - 1
    });
    s.push('[');
    write_group(&mut s, &shown, called_at, added_at);
    s.push(']');
    s
}

/// The meld named by a word of the hand notation: `chi 456m`, `pon 555z`,
/// `kan 1111p` (an open kan), `ankan 9999s`.
fn meld_word(word: &str) -> Option<MeldKind> {
    match word {
        "chi" => Some(MeldKind::Chi),
        "pon" => Some(MeldKind::Pon),
        "kan" | "minkan" | "daiminkan" => Some(MeldKind::Daiminkan),
        "ankan" => Some(MeldKind::Ankan),
        _ => None,
    }
}

/// Parse the hand notation: concealed tiles then melds, separated by spaces. A meld
/// is `[...]` or `(...)` (see the module header) or a word and its tiles
/// (`pon 555z`, `chi 456m`, `kan 1111p`, `ankan 9999s`).
pub fn parse_hand(input: &str) -> Result<Hand> {
    let b = input.as_bytes();
    let token_end = |from: usize| {
        b[from..]
            .iter()
            .position(|&c| matches!(c, b' ' | b'\t' | b'[' | b'(' | b']' | b')'))
            .map_or(b.len(), |p| p + from)
    };
    let skip_space = |from: usize| {
        b[from..]
            .iter()
            .position(|&c| !matches!(c, b' ' | b'\t'))
            .map_or(b.len(), |p| p + from)
    };
    let mut concealed = Concealed::EMPTY;
    let mut melds = Vec::new();
    let mut i = skip_space(0);
    while i < b.len() {
        match b[i] {
            open @ (b'[' | b'(') => {
                let close = if open == b'[' { b']' } else { b')' };
                let end = b[i..].iter().position(|&c| c == close).ok_or_else(|| {
                    MahjongError::parse(input, i, format!("'{}' is never closed", open as char))
                })? + i
                    + 1;
                melds.push(parse_meld_at(input, i, end)?);
                i = end;
            }
            b']' | b')' => {
                return Err(MahjongError::parse(
                    input,
                    i,
                    format!("'{}' closes nothing", b[i] as char),
                ))
            }
            c => {
                // A meld word starts with a letter; concealed tiles with a digit.
                let word = (!c.is_ascii_digit())
                    .then(|| token_end(i))
                    .and_then(|end| Some((meld_word(&input[i..end])?, end)));
                if let Some((kind, end)) = word {
                    let from = skip_space(end);
                    let to = token_end(from);
                    if from == to {
                        return Err(MahjongError::parse(
                            input,
                            end,
                            format!("'{}' needs its tiles", &input[i..end]),
                        ));
                    }
                    let tiles: Vec<Tile> = parse_span(input, from, to, Span::Tiles)?
                        .into_iter()
                        .map(|w| w.tile)
                        .collect();
                    let meld = Meld::new(kind, &tiles, None, None, None).map_err(|e| {
                        MahjongError::InvalidMeld(format!("{}: {e}", quoted(&input[i..to])))
                    })?;
                    melds.push(meld);
                    i = to;
                } else {
                    if !melds.is_empty() {
                        return Err(MahjongError::parse(
                            input,
                            i,
                            "concealed tiles must come before the melds",
                        ));
                    }
                    // Up to the next space or bracket.
                    i = scan(input, i, b.len(), Span::Group, |w| {
                        concealed.add(w.tile);
                        Ok(())
                    })?;
                }
            }
        }
        i = skip_space(i);
    }
    Hand::from_concealed(&concealed, melds)
}

/// Write a hand in the notation [`parse_hand`] reads.
pub fn format_hand(hand: &Hand) -> String {
    let mut s = format_tiles(&hand.concealed_tiles());
    for m in hand.melds() {
        if !s.is_empty() {
            s.push(' ');
        }
        let _ = write!(s, "{}", format_meld(m));
    }
    s
}

#[cfg(test)]
mod tests {
    /// The one-pass reader of plain tile lists equals the full reader wherever it
    /// answers, and answers for every valid plain list.
    #[test]
    fn plain_counts_equal_the_full_reader() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(34);
        let alphabet = b"0123456789mpsz";
        let mut answered = 0;
        for _ in 0..200_000 {
            let len = rng.gen_range(0..24);
            let text: String = (0..len)
                .map(|_| alphabet[rng.gen_range(0..alphabet.len())] as char)
                .collect();
            let full = {
                let mut counts = [0u8; KINDS];
                let mut n = 0;
                scan(&text, 0, text.len(), Span::Tiles, |w| {
                    counts[w.tile.kind() as usize] += 1;
                    n += 1;
                    Ok(())
                })
                .ok()
                .filter(|_| counts.iter().all(|&c| c <= 4))
                .map(|_| (counts, n))
            };
            match plain_counts(text.as_bytes()) {
                Some(fast) => {
                    answered += 1;
                    assert_eq!(Some(fast), full, "{text:?}");
                }
                None => assert!(
                    full.is_none_or(|(_, n)| n > 14) || text.is_empty(),
                    "{text:?} is plain and valid: {full:?}"
                ),
            }
        }
        assert!(answered > 10_000, "{answered} plain lists read");
        assert_eq!(plain_counts(b"123m456p789s1122z3m").map(|r| r.1), Some(14));
        // Every kind's count lands in its own byte, the red fives in the fives'.
        let (counts, n) = plain_counts(b"19m01589p19s1567z").expect("plain");
        assert_eq!(n, 13);
        let mut expected = [0u8; KINDS];
        for k in [0, 8, 13, 9, 13, 16, 17, 18, 26, 27, 31, 32, 33] {
            expected[k] += 1;
        }
        assert_eq!(counts, expected);
        // Many copies of one kind neither wrap nor spill into the next kind.
        assert_eq!(plain_counts(b"11111111111111m"), None);
        assert_eq!(
            plain_counts(&[b"9".repeat(27), b"m".to_vec()].concat()),
            None
        );
        assert_eq!(plain_counts(b"111122223333444m"), None);
        // The longest plain form of 14 tiles is read; a longer text is not.
        let each = b"1m2m3m4m5m6m7m8m9m1p2p3p4p5p";
        assert_eq!(plain_counts(each).map(|r| r.1), Some(14));
        assert_eq!(plain_counts(&[&each[..], b"5p"].concat()), None);
        assert_eq!(plain_counts(b"1111m1111m1111m11m"), None);
        assert_eq!(
            plain_counts(b"555m0m"),
            Some((
                {
                    let mut c = [0; KINDS];
                    c[4] = 4;
                    c
                },
                4
            ))
        );
    }

    use super::*;

    fn err(s: &str) -> String {
        parse_tiles(s).unwrap_err().to_string()
    }

    #[test]
    fn one_tile_round_trip() {
        for id in 0..37 {
            let t = Tile::from_id(id).unwrap();
            assert_eq!(t.to_string().parse::<Tile>().unwrap(), t);
        }
        assert!("12m".parse::<Tile>().is_err());
        assert!("".parse::<Tile>().is_err());
    }

    #[test]
    fn tiles_round_trip() {
        for s in ["123m0p77z", "19m19p19s1234567z", "", "0555m", "1m2p3s4z"] {
            let t = parse_tiles(s).unwrap();
            assert_eq!(format_tiles(&t), s);
        }
        assert_eq!(format_tiles(&parse_tiles("7z1m 1m").unwrap()), "11m7z");
    }

    #[test]
    fn tile_errors_name_the_place() {
        assert_eq!(err("123x"), "\"123x\": unknown suit 'x' at position 3");
        assert_eq!(
            err("123"),
            "\"123\": digits without a suit letter at position 0"
        );
        assert_eq!(
            err("m"),
            "\"m\": suit 'm' has no digits before it at position 0"
        );
        assert_eq!(
            err("10z"),
            "\"10z\": honors have no red five ('0z') at position 1"
        );
        assert_eq!(err("8z"), "\"8z\": no tile 8z at position 0");
        assert_eq!(
            err("1m!"),
            "\"1m!\": unexpected character '!' at position 2"
        );
    }

    #[test]
    fn melds_round_trip() {
        for s in [
            "[3'45m]",
            "[555z]",
            "[55'5z]",
            "[555'z]",
            "[5'55z]",
            "[0'55m]",
            "[3'40p]",
            "(1111s)",
            "(0555p)",
            "[5'55+5z]",
            "[555+5z]",
            "[5'555m]",
            "[55'55p]",
            "[5555's]",
            "[123s]",
        ] {
            let m = parse_meld(s).unwrap();
            assert_eq!(format_meld(&m), s, "{s}");
        }
    }

    #[test]
    fn meld_errors() {
        for s in [
            "[124m]",
            "[123z]",
            "[55z]",
            "[5555'5z]",
            "(111s)",
            "[1'2'3m]",
            "[4'35m",
            "555z",
        ] {
            assert!(parse_meld(s).is_err(), "{s}");
        }
        // A chi is always called from the left.
        assert!(parse_meld("[34'5m]").is_err());
    }

    #[test]
    fn meld_words() {
        let h = parse_hand("123m 11z pon 555z chi 456p ankan 9999s").unwrap();
        assert_eq!(h.to_string(), "123m11z [555z] [456p] (9999s)");
        assert_eq!(
            parse_hand("1m kan 1111p [555z] (2222s) chi 345s")
                .unwrap()
                .melds()
                .len(),
            4
        );
        for bad in [
            "123m456p789s11z pon",
            "123m456p789s1z pon 556z",
            "pon 555z 123m456p789s11z",
        ] {
            assert!(parse_hand(bad).is_err(), "{bad}");
        }
        let e = parse_hand("123m456p789s1z chi 123z")
            .unwrap_err()
            .to_string();
        assert!(e.contains("chi 123z") && e.contains("honors"), "{e}");
    }

    #[test]
    fn hand_round_trip() {
        for s in [
            "123m456p11z [555z] (1111s)",
            "1112345678999m",
            "11z [3'45m] [66'6p] [7'77+7s] (0555p)",
        ] {
            let h = parse_hand(s).unwrap();
            assert_eq!(format_hand(&h), s);
        }
    }
}
