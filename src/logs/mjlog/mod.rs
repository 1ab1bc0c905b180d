//! Tenhou's mjlog XML: reading it into a [`GameRecord`] and writing one back.
//!
//! An mjlog is a flat list of tags under `<mjloggm ver="2.3">`:
//!
//! * `<SHUFFLE seed>` (the walls, see [`super::tenhou_shuffle`]), `<GO type lobby>`
//!   (the lobby's rule bits), `<UN n0..n3 dan rate sx>` (names, percent-encoded
//!   UTF-8), `<TAIKYOKU oya>`.
//! * Per hand `<INIT seed="round,honba,sticks,die0,die1,dora" ten oya hai0..hai3>`,
//!   then draws `<T12/>` `<U..>` `<V..>` `<W..>` (seats 0-3) and discards
//!   `<D..>` `<E..>` `<F..>` `<G..>`, with 136-ids (`id / 4` is the kind; in lobbies
//!   with red fives 16, 52 and 88 are the red ones); calls `<N who m>` in Tenhou's
//!   meld bit encoding (a three-player kita is `<N who m="(id << 8) | 0x20">`, no
//!   `DORA` after it); `<REACH who step=1>` (declared) and `<REACH who ten step=2>`
//!   (the stick paid, scores after in hundreds); `<DORA hai>` (a kan dora);
//!   `<AGARI ...>` per winner and `<RYUUKYOKU ...>`, the last one with `owari`.
//! * `<BYE>` and later `<UN>` tags (disconnections) are skipped.
//!
//! Tiles are read into [`Tile`]s (kind and red), so [`write_mjlog`] chooses the
//! 136-ids again, hand by hand: every dealt, drawn or indicator tile takes the
//! lowest free id of its kind (the red id for a red five, never for a plain one
//! in a lobby with red fives), each seat's concealed ids are tracked, and a
//! discard or call gives up an id the seat holds (a tsumogiri discard the drawn
//! tile's, any other discard a different copy). Reading a written log gives the
//! record back, except what an mjlog cannot say: unknown dice are written as
//! 1 and 1 (`0,0` in the seed), the tiles of a call come back in Tenhou's
//! order (by id, so a red five first; a kakan's pon from its called tile), a
//! game's end comes back with its final scores (computed under the rules when
//! the record has none), and a hand without `EndKyoku` gets one.
//!
//! What the writer follows of Tenhou's conventions (checked against the shared
//! logs): a win's `yaku` lists the yaku as the record orders them, then dora
//! `52`, red fives `54` and ura dora `53`; `52` and `54` only when non-zero,
//! `53` always when the winner is in riichi (`doraHaiUra` present), `0` han
//! included. A yakuman win lists its yakuman in `yakuman` and has no `yaku`.
//! In a double ron the second `ba` keeps the honba but has no sticks (the
//! first winner took them). `hai` of a `RYUUKYOKU` are the tenpai hands of an
//! exhaustive draw or nagashi mangan, the 14 tiles of the seat that declared
//! nine terminals, every hand of four riichi and the three winners' hands of a
//! triple ron. A closed kan's code names the kind's first id (as Tenhou's
//! codes mostly do). `owari` has one decimal, `rate` two, and an accepted riichi
//! always its `ten` (some old logs write whole numbers and leave `ten` out).
//! Attributes come in Tenhou's order, and calls, dora and results close with
//! ` />` as Tenhou's do: apart from the ids, a written shared log is the
//! original text less its `BYE`s and reconnection `UN`s.

mod read;
#[cfg(test)]
mod tests;
mod write;

pub use read::read_mjlog;
pub use write::write_mjlog;

use crate::tile::Tile;

/// A decoded `<N m>`: the meld's kind and 136-ids.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Call {
    Chi {
        called: u8,
        others: [u8; 2],
    },
    Pon {
        called: u8,
        others: [u8; 2],
    },
    Kakan {
        added: u8,
        pon: [u8; 3],
    },
    Daiminkan {
        called: u8,
        others: [u8; 3],
    },
    Ankan {
        ids: [u8; 4],
    },
    /// A North set aside (three players): `(id << 8) | 0x20`.
    Kita {
        id: u8,
    },
}

/// Tenhou's meld encoding; `from` (the low 2 bits) is relative: 1 right,
/// 2 across, 3 left, 0 own (a closed kan).
pub(super) fn decode_meld(m: u32) -> Option<(Call, u8)> {
    let from = (m & 3) as u8;
    if m & 0x4 != 0 {
        let t = m >> 10;
        let r = (t % 3) as usize;
        let t = t / 3;
        let base = (t / 7) * 9 + t % 7;
        if base / 9 >= 3 {
            return None;
        }
        let ids: [u8; 3] =
            std::array::from_fn(|k| ((base + k as u32) * 4 + ((m >> (3 + 2 * k)) & 3)) as u8);
        let others: Vec<u8> = (0..3).filter(|&k| k != r).map(|k| ids[k]).collect();
        Some((
            Call::Chi {
                called: ids[r],
                others: [others[0], others[1]],
            },
            from,
        ))
    } else if m & 0x18 != 0 {
        let unused = (m >> 5) & 3;
        let t = m >> 9;
        let r = (t % 3) as usize;
        let kind = t / 3;
        if kind >= 34 {
            return None;
        }
        let ids: Vec<u8> = (0..4)
            .filter(|&c| c != unused)
            .map(|c| (kind * 4 + c) as u8)
            .collect();
        if m & 0x8 != 0 {
            let others: Vec<u8> = (0..3).filter(|&k| k != r).map(|k| ids[k]).collect();
            Some((
                Call::Pon {
                    called: ids[r],
                    others: [others[0], others[1]],
                },
                from,
            ))
        } else {
            Some((
                Call::Kakan {
                    added: (kind * 4 + unused) as u8,
                    pon: [ids[r], ids[(r + 1) % 3], ids[(r + 2) % 3]],
                },
                from,
            ))
        }
    } else if m & 0x20 != 0 {
        let id = m >> 8;
        (id / 4 == 30 && from == 0).then_some((Call::Kita { id: id as u8 }, 0))
    } else {
        let hai0 = m >> 8;
        let kind = hai0 / 4;
        if kind >= 34 {
            return None;
        }
        let ids: [u8; 4] = std::array::from_fn(|c| (kind * 4 + c as u32) as u8);
        if from == 0 {
            Some((Call::Ankan { ids }, 0))
        } else {
            let others: Vec<u8> = ids
                .iter()
                .copied()
                .filter(|&i| u32::from(i) != hai0)
                .collect();
            Some((
                Call::Daiminkan {
                    called: hai0 as u8,
                    others: [others[0], others[1], others[2]],
                },
                from,
            ))
        }
    }
}

/// The tile of a 136-id (`None` above 135); 16, 52 and 88 are red when `red`.
pub fn tile_of(id: u8, red: bool) -> Option<Tile> {
    let plain = Tile::from_kind(id / 4)?;
    if red && matches!(id, 16 | 52 | 88) {
        Tile::red(plain.suit())
    } else {
        Some(plain)
    }
}

/// Tenhou's meld code of a call, the inverse of [`decode_meld`]; `from` is
/// relative as there (0 only for a closed kan). `None` when the ids do not make
/// that meld.
pub(super) fn encode_meld(call: &Call, from: u8) -> Option<u32> {
    let distinct = |ids: &[u8]| {
        ids.iter().all(|&i| i < 136)
            && (0..ids.len()).all(|a| (a + 1..ids.len()).all(|b| ids[a] != ids[b]))
    };
    let same_kind = |ids: &[u8]| ids.iter().all(|&i| i / 4 == ids[0] / 4);
    let by_other = (1..=3).contains(&from);
    let from = u32::from(from);
    match *call {
        Call::Chi { called, others } => {
            let mut ids = [called, others[0], others[1]];
            if !by_other || !distinct(&ids) {
                return None;
            }
            ids.sort_unstable();
            let base = u32::from(ids[0] / 4);
            let run = (0..3).all(|k| u32::from(ids[k] / 4) == base + k as u32);
            if !run || base >= 27 || base % 9 > 6 {
                return None;
            }
            let r = ids.iter().position(|&i| i == called)? as u32;
            let t = (base / 9) * 7 + base % 9;
            let copies = (0..3).fold(0, |m, k| m | (u32::from(ids[k] % 4) << (3 + 2 * k)));
            Some(((t * 3 + r) << 10) | copies | 0x4 | from)
        }
        Call::Pon { called, others } => {
            let ids = [called, others[0], others[1]];
            let unused = (0..4u8).find(|&c| ids.iter().all(|&i| i % 4 != c))?;
            (by_other && distinct(&ids) && same_kind(&ids))
                .then(|| pon_code(ids, unused, from) | 0x8)
        }
        Call::Kakan { added, pon } => {
            let all = [added, pon[0], pon[1], pon[2]];
            (by_other && distinct(&all) && same_kind(&all))
                .then(|| pon_code(pon, added % 4, from) | 0x10)
        }
        Call::Daiminkan { called, others } => {
            let all = [called, others[0], others[1], others[2]];
            (by_other && distinct(&all) && same_kind(&all)).then(|| (u32::from(called) << 8) | from)
        }
        Call::Ankan { ids } => {
            (from == 0 && distinct(&ids) && same_kind(&ids)).then(|| u32::from(ids[0] / 4 * 4) << 8)
        }
        Call::Kita { id } => (from == 0 && id / 4 == 30).then(|| (u32::from(id) << 8) | 0x20),
    }
}

/// The code of a pon (or, with 0x10 instead of 0x8, the kakan that extends it):
/// `ids[0]` is the called tile, `unused` the copy (0-3) outside the pon.
fn pon_code(ids: [u8; 3], unused: u8, from: u32) -> u32 {
    let mut sorted = ids;
    sorted.sort_unstable();
    let r = sorted.iter().position(|&i| i == ids[0]).unwrap_or(0) as u32;
    let kind = u32::from(ids[0] / 4);
    ((kind * 3 + r) << 9) | (u32::from(unused) << 5) | from
}
