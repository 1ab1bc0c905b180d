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
//!   meld bit encoding; `<REACH who step=1>` (declared) and `<REACH who ten step=2>`
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

use super::record::{
    check_writable, tenhou_lobby_rules, tenhou_type_of, yaku_from_tenhou, GameRecord, TENHOU_AKA,
    TENHOU_DORA, TENHOU_URA,
};
use crate::error::{MahjongError, Result};
use crate::game::final_result::{final_result, ScoringConfig};
use crate::game::{DrawReason, Event};
use crate::rules::Rules;
use crate::score::points::Limit;
use crate::score::Yaku;
use crate::tile::Tile;

/// One tag: its name, its attributes and its byte offset in the text.
struct Tag<'a> {
    name: &'a str,
    attrs: Vec<(&'a str, &'a str)>,
    at: usize,
}

impl<'a> Tag<'a> {
    fn get(&self, key: &str) -> Option<&'a str> {
        self.attrs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn err(&self, what: impl std::fmt::Display) -> MahjongError {
        MahjongError::LogParse(format!("mjlog byte {} <{}>: {what}", self.at, self.name))
    }

    fn attr(&self, key: &str) -> Result<&'a str> {
        self.get(key)
            .ok_or_else(|| self.err(format_args!("expected the attribute {key:?}")))
    }

    /// A comma-separated list of integers.
    fn ints(&self, key: &str) -> Result<Vec<i64>> {
        let v = self.attr(key)?;
        if v.is_empty() {
            return Ok(Vec::new());
        }
        v.split(',')
            .map(|x| {
                let x = x.trim();
                x.parse::<i64>().or_else(|_| {
                    // owari scores like "-46.0": tenths.
                    x.parse::<f64>()
                        .ok()
                        .filter(|f| f.is_finite() && f.abs() < 1e12)
                        .map(|f| f.round() as i64)
                        .ok_or_else(|| self.err(format_args!("{key}: {x:?} is not a number")))
                })
            })
            .collect()
    }

    fn int(&self, key: &str, max: i64) -> Result<i64> {
        let v = self.ints(key)?;
        match v.as_slice() {
            [x] if (0..=max).contains(x) => Ok(*x),
            _ => Err(self.err(format_args!("{key} must be one number 0-{max}"))),
        }
    }

    fn seat(&self, key: &str) -> Result<usize> {
        Ok(self.int(key, 3)? as usize)
    }

    /// Tenhou's hundreds of points as points, refused past ±10^10 hundreds (no
    /// game comes near) so that sums and differences of scores cannot overflow.
    fn points(&self, key: &str, hundreds: i64) -> Result<i64> {
        if hundreds.unsigned_abs() > 10_000_000_000 {
            return Err(self.err(format_args!("{key}: {hundreds} is out of range")));
        }
        Ok(hundreds * 100)
    }

    /// Four scores in hundreds of points (`ten`), as points.
    fn scores(&self, key: &str) -> Result<[i64; 4]> {
        let v: [i64; 4] = self
            .ints(key)?
            .try_into()
            .map_err(|_| self.err(format_args!("{key} must hold 4 scores")))?;
        let [a, b, c, d] = v.map(|x| self.points(key, x));
        Ok([a?, b?, c?, d?])
    }
}

/// The tags of an mjlog text, in order, and whether `</mjloggm>` closed it.
fn tags(text: &str) -> Result<(Vec<Tag<'_>>, bool)> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut closed = false;
    let err = |at: usize, what: &str| MahjongError::LogParse(format!("mjlog byte {at}: {what}"));
    while let Some(off) = text[i..].find('<') {
        let start = i + off;
        let Some(len) = text[start..].find('>') else {
            return Err(err(start, "a tag is not closed with '>' (truncated file?)"));
        };
        let end = start + len;
        let mut body = &text[start + 1..end];
        i = end + 1;
        if body.trim() == "/mjloggm" {
            closed = true;
        }
        if body.starts_with('/') || body.starts_with('?') || body.starts_with('!') {
            continue;
        }
        body = body.strip_suffix('/').unwrap_or(body).trim_end();
        let name_end = body
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(body.len());
        let name = &body[..name_end];
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(err(
                start,
                &format!(
                    "expected a tag name, got {:?}",
                    crate::error::shortened(name)
                ),
            ));
        }
        let mut attrs = Vec::new();
        let mut rest = &body[name_end..];
        loop {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            let Some(eq) = rest.find('=') else {
                return Err(err(
                    start,
                    &format!("<{name}>: an attribute without '=\"value\"'"),
                ));
            };
            let key = rest[..eq].trim();
            let after = rest[eq + 1..].trim_start();
            let Some(after) = after.strip_prefix('"') else {
                return Err(err(
                    start,
                    &format!("<{name}>: attribute {key:?} must be quoted"),
                ));
            };
            let Some(close) = after.find('"') else {
                return Err(err(
                    start,
                    &format!("<{name}>: attribute {key:?} is not closed"),
                ));
            };
            attrs.push((key, &after[..close]));
            rest = &after[close + 1..];
        }
        out.push(Tag {
            name,
            attrs,
            at: start,
        });
    }
    Ok((out, closed))
}

/// Percent-decoding of Tenhou's names (`%E9%AC%BC` → UTF-8).
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let Some(x) = s
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(x);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A decoded `<N m>`: the meld's kind and 136-ids.
#[derive(Debug, PartialEq, Eq)]
enum Call {
    Chi { called: u8, others: [u8; 2] },
    Pon { called: u8, others: [u8; 2] },
    Kakan { added: u8, pon: [u8; 3] },
    Daiminkan { called: u8, others: [u8; 3] },
    Ankan { ids: [u8; 4] },
}

/// Tenhou's meld encoding; `from` (the low 2 bits) is relative: 1 right,
/// 2 across, 3 left, 0 own (a closed kan).
fn decode_meld(m: u32) -> Option<(Call, u8)> {
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
        None
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

/// Reads an mjlog text.
pub fn read_mjlog(text: &str) -> Result<GameRecord> {
    let (tags, closed) = tags(text)?;
    let mut r = GameRecord::new(Rules::default());
    let mut red = true;
    let mut in_hand = false;
    let mut last_draw: [Option<u8>; 4] = [None; 4];
    let mut saw_un = false;
    let mut final_points = None;
    r.events.push(Event::StartGame);
    for tag in &tags {
        let name = tag.name;
        let first = name.as_bytes()[0];
        let draw_seat = b"TUVW".iter().position(|&c| c == first);
        let discard_seat = b"DEFG".iter().position(|&c| c == first);
        let numbered = name.len() > 1 && name[1..].bytes().all(|b| b.is_ascii_digit());
        if let (Some(seat), true) = (draw_seat.or(discard_seat), numbered) {
            if !in_hand {
                return Err(tag.err("a draw or discard outside a hand"));
            }
            let id: i64 = name[1..].parse().map_err(|_| tag.err("bad tile id"))?;
            let t = tile_at(tag, id, red)?;
            if draw_seat.is_some() {
                last_draw[seat] = Some(id as u8);
                r.events.push(Event::Tsumo { seat, tile: t });
            } else {
                let tsumogiri = last_draw[seat] == Some(id as u8);
                last_draw[seat] = None;
                r.events.push(Event::Dahai {
                    seat,
                    tile: t,
                    tsumogiri,
                });
            }
            continue;
        }
        match name {
            "mjloggm" | "BYE" => {}
            "SHUFFLE" => r.shuffle_seed = tag.get("seed").map(String::from),
            "GO" => {
                let t = tag.int("type", i64::from(u32::MAX))? as u32;
                r.rules = tenhou_lobby_rules(t).map_err(|e| tag.err(e))?;
                red = r.rules.has_red();
                r.tenhou_type = Some(t);
                if tag.get("lobby").is_some() {
                    r.lobby = Some(tag.int("lobby", i64::from(u32::MAX))? as u32);
                }
            }
            "UN" => {
                if saw_un {
                    continue; // a reconnection
                }
                saw_un = true;
                // Empty entries (only a writer would leave one) are unknown.
                let dan: Option<Vec<Option<i64>>> = tag
                    .get("dan")
                    .map(|v| {
                        v.split(',')
                            .map(|x| match x.trim() {
                                "" => Ok(None),
                                x => x.parse().map(Some).map_err(|_| {
                                    tag.err(format_args!("dan: {x:?} is not a number"))
                                }),
                            })
                            .collect::<Result<_>>()
                    })
                    .transpose()?;
                // Only finite rates (Rust would parse "NaN" and "inf"): the writer
                // leaves the others out, and a NaN would make the record unequal
                // to itself.
                let rate: Option<Vec<Option<f64>>> = tag.get("rate").map(|v| {
                    v.split(',')
                        .map(|x| x.trim().parse::<f64>().ok().filter(|r| r.is_finite()))
                        .collect()
                });
                let sx: Option<Vec<&str>> = tag.get("sx").map(|v| v.split(',').collect());
                for (s, p) in r.players.iter_mut().enumerate() {
                    p.name = tag
                        .get(&format!("n{s}"))
                        .map(percent_decode)
                        .unwrap_or_default();
                    p.dan = dan
                        .as_ref()
                        .and_then(|d| d.get(s).copied().flatten())
                        .and_then(|d| u8::try_from(d).ok());
                    p.rate = rate.as_ref().and_then(|d| d.get(s).copied().flatten());
                    p.sex = sx
                        .as_ref()
                        .and_then(|d| d.get(s))
                        .filter(|x| !x.is_empty())
                        .map(|x| (*x).to_string());
                }
            }
            "TAIKYOKU" => {
                if tag.get("oya").is_some() {
                    r.first_dealer = tag.seat("oya")?;
                }
            }
            "INIT" => {
                if in_hand {
                    r.events.push(Event::EndKyoku);
                }
                in_hand = true;
                last_draw = [None; 4];
                let seed = tag.ints("seed")?;
                let [round, honba, sticks, d0, d1, dora] = seed[..] else {
                    return Err(tag.err("seed must be round,honba,sticks,die,die,dora"));
                };
                // Honba and sticks 0-1000, as the other formats read them.
                if !(0..16).contains(&round)
                    || !(0..=1000).contains(&honba)
                    || !(0..=1000).contains(&sticks)
                    || !(0..6).contains(&d0)
                    || !(0..6).contains(&d1)
                {
                    return Err(tag.err(format_args!("seed {seed:?} is out of range")));
                }
                let scores = tag.scores("ten")?;
                let mut hands: [Vec<Tile>; 4] = Default::default();
                for (s, h) in hands.iter_mut().enumerate() {
                    *h = tiles_at(tag, &format!("hai{s}"), red)?;
                    if h.len() != 13 {
                        return Err(
                            tag.err(format_args!("hai{s} must hold 13 tiles, got {}", h.len()))
                        );
                    }
                }
                r.events.push(Event::StartKyoku {
                    round_wind: (round / 4) as u8,
                    kyoku: (round % 4 + 1) as u8,
                    honba: honba as u32,
                    sticks: sticks as u32,
                    dealer: tag.seat("oya")?,
                    dora_marker: tile_at(tag, dora, red)?,
                    scores,
                    hands,
                    dice: Some([d0 as u8 + 1, d1 as u8 + 1]),
                });
            }
            "N" => {
                if !in_hand {
                    return Err(tag.err("a call outside a hand"));
                }
                let seat = tag.seat("who")?;
                let m = tag.int("m", 0xFFFF)? as u32;
                let (call, from) = decode_meld(m)
                    .ok_or_else(|| tag.err(format_args!("m={m} is not a four-player meld")))?;
                let target = (seat + from as usize) % 4;
                let t = |id: u8| tile_of(id, red).ok_or_else(|| tag.err("tile id"));
                last_draw[seat] = None;
                r.events.push(match call {
                    Call::Chi { called, others } => Event::Chi {
                        seat,
                        target,
                        tile: t(called)?,
                        consumed: [t(others[0])?, t(others[1])?],
                    },
                    Call::Pon { called, others } => Event::Pon {
                        seat,
                        target,
                        tile: t(called)?,
                        consumed: [t(others[0])?, t(others[1])?],
                    },
                    Call::Kakan { added, pon } => Event::Kakan {
                        seat,
                        tile: t(added)?,
                        consumed: [t(pon[0])?, t(pon[1])?, t(pon[2])?],
                    },
                    Call::Daiminkan { called, others } => Event::Daiminkan {
                        seat,
                        target,
                        tile: t(called)?,
                        consumed: [t(others[0])?, t(others[1])?, t(others[2])?],
                    },
                    Call::Ankan { ids } => Event::Ankan {
                        seat,
                        consumed: [t(ids[0])?, t(ids[1])?, t(ids[2])?, t(ids[3])?],
                    },
                });
            }
            "REACH" => {
                let seat = tag.seat("who")?;
                match tag.int("step", 2)? {
                    1 => r.events.push(Event::Reach { seat }),
                    2 => {
                        // Old logs leave the scores out: the stick comes off.
                        let scores: [i64; 4] = if tag.get("ten").is_some() {
                            tag.scores("ten")?
                        } else {
                            let mut sc = current_scores(&r.events);
                            sc[seat] -= 1000;
                            sc
                        };
                        r.events.push(Event::ReachAccepted { seat, scores });
                    }
                    s => return Err(tag.err(format_args!("step {s}"))),
                }
            }
            "DORA" => {
                let marker = tile_at(tag, tag.int("hai", 135)?, red)?;
                r.events.push(Event::Dora { marker });
            }
            "AGARI" => {
                if !in_hand {
                    return Err(tag.err("a win outside a hand"));
                }
                r.events.push(agari(tag, red)?);
                owari(tag, &mut r, &mut final_points)?;
            }
            "RYUUKYOKU" => {
                if !in_hand {
                    return Err(tag.err("a draw outside a hand"));
                }
                let reason = match tag.get("type") {
                    None => DrawReason::Exhaustive,
                    Some("nm") => DrawReason::NagashiMangan,
                    Some("yao9") => DrawReason::KyuushuKyuuhai,
                    Some("kaze4") => DrawReason::SuufonRenda,
                    Some("kan4") => DrawReason::Suukaikan,
                    Some("reach4") => DrawReason::SuuchaRiichi,
                    Some("ron3") => DrawReason::Sanchahou,
                    Some(t) => return Err(tag.err(format_args!("unknown draw type {t:?}"))),
                };
                let (before, deltas) = sc(tag)?;
                let tenpai = if reason.abortive() {
                    [false; 4]
                } else {
                    std::array::from_fn(|s| tag.get(&format!("hai{s}")).is_some())
                };
                r.events.push(Event::Ryukyoku {
                    reason,
                    tenpai,
                    deltas,
                    scores: std::array::from_fn(|s| before[s] + deltas[s]),
                });
                owari(tag, &mut r, &mut final_points)?;
            }
            _ => return Err(tag.err("unknown tag")),
        }
    }
    if in_hand {
        r.events.push(Event::EndKyoku);
    }
    if let Some(points) = final_points {
        r.events.push(Event::EndGame { scores: points });
    }
    // Decided at the end, so that it holds whatever the order of GO and owari.
    if r.final_scores_show_tenths() {
        r.rules.final_rounding = crate::rules::FinalRounding::None;
    }
    if r.hands().is_empty() {
        return Err(MahjongError::LogParse(
            "mjlog: no hand (no <INIT> tag)".into(),
        ));
    }
    if !closed && tags.first().is_some_and(|t| t.name == "mjloggm") {
        return Err(MahjongError::LogParse(format!(
            "mjlog byte {}: expected </mjloggm> (truncated file?)",
            text.len()
        )));
    }
    Ok(r)
}

/// The tile of 136-id `id` in a tag.
fn tile_at(tag: &Tag, id: i64, red: bool) -> Result<Tile> {
    u8::try_from(id)
        .ok()
        .and_then(|i| tile_of(i, red))
        .ok_or_else(|| tag.err(format_args!("tile id {id} is not 0-135")))
}

/// The tiles of a list of 136-ids in attribute `key`.
fn tiles_at(tag: &Tag, key: &str, red: bool) -> Result<Vec<Tile>> {
    tag.ints(key)?
        .into_iter()
        .map(|i| tile_at(tag, i, red))
        .collect()
}

/// The scores after the last event that states them.
fn current_scores(events: &[Event]) -> [i64; 4] {
    events
        .iter()
        .rev()
        .find_map(Event::scores_after)
        .unwrap_or([0; 4])
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

/// `sc`: the scores before and the changes, in hundreds, as points.
fn sc(tag: &Tag) -> Result<([i64; 4], [i64; 4])> {
    let v = tag.ints("sc")?;
    if v.len() != 8 {
        return Err(tag.err("sc must hold 8 numbers"));
    }
    let mut before = [0; 4];
    let mut deltas = [0; 4];
    for s in 0..4 {
        before[s] = tag.points("sc", v[2 * s])?;
        deltas[s] = tag.points("sc", v[2 * s + 1])?;
    }
    Ok((before, deltas))
}

/// `owari` on the last result: the final points and scores.
fn owari(tag: &Tag, r: &mut GameRecord, final_points: &mut Option<[i64; 4]>) -> Result<()> {
    let Some(v) = tag.get("owari") else {
        return Ok(());
    };
    let parts: Vec<&str> = v.split(',').map(str::trim).collect();
    if parts.len() != 8 {
        return Err(tag.err("owari must hold 8 numbers"));
    }
    let mut points = [0i64; 4];
    let mut scores = [0i64; 4];
    for s in 0..4 {
        let hundreds = parts[2 * s]
            .parse::<i64>()
            .map_err(|_| tag.err(format_args!("owari: {:?} is not a number", parts[2 * s])))?;
        points[s] = tag.points("owari", hundreds)?;
        let f: f64 = parts[2 * s + 1]
            .parse()
            .ok()
            .filter(|f: &f64| f.is_finite() && f.abs() < 1e9)
            .ok_or_else(|| {
                tag.err(format_args!(
                    "owari: {:?} is not a number",
                    parts[2 * s + 1]
                ))
            })?;
        scores[s] = (f * 10.0).round() as i64;
    }
    *final_points = Some(points);
    r.final_scores = Some(scores);
    Ok(())
}

/// Tenhou's limit codes in `ten`: 0 none … 5 yakuman.
fn limit_of(code: i64, yakuman: u32, tag: &Tag) -> Result<Limit> {
    Ok(match code {
        0 => Limit::None,
        1 => Limit::Mangan,
        2 => Limit::Haneman,
        3 => Limit::Baiman,
        4 => Limit::Sanbaiman,
        5 if yakuman == 0 => Limit::KazoeYakuman,
        5 if yakuman == 1 => Limit::Yakuman,
        5 => Limit::MultipleYakuman,
        c => return Err(tag.err(format_args!("limit code {c} is not 0-5"))),
    })
}

/// One `<AGARI>`.
fn agari(tag: &Tag, red: bool) -> Result<Event> {
    let seat = tag.seat("who")?;
    let target = tag.seat("fromWho")?;
    let pao = tag.get("paoWho").map(|_| tag.seat("paoWho")).transpose()?;
    let ten = tag.ints("ten")?;
    let [fu, points, limit] = ten[..] else {
        return Err(tag.err("ten must be fu,points,limit"));
    };
    let mut yaku = Vec::new();
    let (mut dora, mut ura, mut aka, mut han) = (0u32, 0u32, 0u32, 0u32);
    let mut yakuman_count = 0u32;
    if tag.get("yakuman").is_some() {
        for id in tag.ints("yakuman")? {
            let y = u8::try_from(id)
                .ok()
                .and_then(|id| yaku_from_tenhou(id, 13))
                .filter(|y| y.is_yakuman())
                .ok_or_else(|| tag.err(format_args!("unknown yakuman {id}")))?;
            yaku.push((y, 13));
            yakuman_count += 1;
            han += 13;
        }
    }
    if tag.get("yaku").is_some() {
        let v = tag.ints("yaku")?;
        if v.len() % 2 != 0 {
            return Err(tag.err("yaku must be pairs id,han"));
        }
        for pair in v.chunks(2) {
            let (id, h) = (pair[0], pair[1]);
            let h = u32::try_from(h)
                .ok()
                .filter(|&h| h <= 13)
                .ok_or_else(|| tag.err(format_args!("yaku {id} has {h} han")))?;
            han += h;
            match u8::try_from(id).unwrap_or(255) {
                TENHOU_DORA => dora += h,
                TENHOU_URA => ura += h,
                TENHOU_AKA => aka += h,
                i => {
                    let y = yaku_from_tenhou(i, h)
                        .filter(|y| !y.is_yakuman())
                        .ok_or_else(|| tag.err(format_args!("unknown yaku {id}")))?;
                    yaku.push((y, h));
                }
            }
        }
    }
    let machi = tag.int("machi", 135)? as u8;
    let (before, deltas) = sc(tag)?;
    Ok(Event::Hora {
        seat,
        target,
        han,
        fu: u32::try_from(fu).map_err(|_| tag.err("fu"))?,
        points: u64::try_from(points).map_err(|_| tag.err("points"))?,
        tile: tile_of(machi, red).ok_or_else(|| tag.err("machi"))?,
        hand: tiles_at(tag, "hai", red)?,
        ura_markers: if tag.get("doraHaiUra").is_some() {
            tiles_at(tag, "doraHaiUra", red)?
        } else {
            Vec::new()
        },
        yaku,
        dora,
        ura,
        aka,
        limit: limit_of(limit, yakuman_count, tag)?,
        pao,
        deltas,
        scores: std::array::from_fn(|s| before[s] + deltas[s]),
    })
}

// ---------------------------------------------------------------------------
// Writing.

/// Tenhou's meld code of a call, the inverse of [`decode_meld`]; `from` is
/// relative as there (0 only for a closed kan). `None` when the ids do not make
/// that meld.
fn encode_meld(call: &Call, from: u8) -> Option<u32> {
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

/// Tenhou's limit code in a win's `ten`.
fn limit_code(limit: Limit) -> u8 {
    match limit {
        Limit::None => 0,
        Limit::Mangan => 1,
        Limit::Haneman => 2,
        Limit::Baiman => 3,
        Limit::Sanbaiman => 4,
        Limit::Yakuman | Limit::KazoeYakuman | Limit::MultipleYakuman => 5,
    }
}

/// Comma-separated.
fn joined<T: std::fmt::Display>(xs: impl IntoIterator<Item = T>) -> String {
    let mut out = String::new();
    for (k, x) in xs.into_iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push_str(&x.to_string());
    }
    out
}

/// Tenhou's percent-encoding of a name: every UTF-8 byte as `%XX`.
fn percent_encode(s: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(s.len() * 3);
    for b in s.bytes() {
        out.push('%');
        out.push(HEX[usize::from(b >> 4)] as char);
        out.push(HEX[usize::from(b & 15)] as char);
    }
    out
}

/// Tenths (+45.3 is 453) with one decimal.
fn tenths(v: i64) -> String {
    let sign = if v < 0 { "-" } else { "" };
    format!("{sign}{}.{}", v.unsigned_abs() / 10, v.unsigned_abs() % 10)
}

/// One seat's tiles during a hand, as 136-ids.
#[derive(Default)]
struct SeatIds {
    concealed: Vec<u8>,
    drawn: Option<u8>,
    /// Each meld's code and call, in the order they were made (a kakan in place
    /// of its pon).
    melds: Vec<(u32, Call)>,
    riichi: bool,
}

/// The writer's state: the text so far and the ids of the current hand.
struct Writer {
    out: String,
    red: bool,
    /// The event being written (for messages).
    at: usize,
    hand: String,
    taken: [bool; 136],
    seats: [SeatIds; 4],
    dora: Vec<u8>,
    ura: Vec<u8>,
    /// The last discard (or added kan tile): seat and id.
    last_discard: Option<(usize, u8)>,
    /// The seat that drew last.
    turn: Option<usize>,
    honba: u32,
    sticks: u32,
    in_hand: bool,
}

impl Writer {
    fn err(&self, what: impl std::fmt::Display) -> MahjongError {
        let hand = if self.hand.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.hand)
        };
        MahjongError::InvalidInput(format!(
            "mjlog: cannot write event {}{hand}: {what}",
            self.at
        ))
    }

    /// Appends `<name a="v" .../>`; `spaced` closes with ` />` as Tenhou does
    /// for calls, dora and results.
    fn tag(&mut self, name: &str, attrs: &[(&str, String)], spaced: bool) {
        self.out.push('<');
        self.out.push_str(name);
        for (k, v) in attrs {
            self.out.push(' ');
            self.out.push_str(k);
            self.out.push_str("=\"");
            self.out.push_str(v);
            self.out.push('"');
        }
        self.out.push_str(if spaced { " />" } else { "/>" });
    }

    fn tile(&self, id: u8) -> Tile {
        tile_of(id, self.red).expect("ids are 0-135")
    }

    /// A fresh id for a tile coming out of the wall.
    fn alloc(&mut self, t: Tile) -> Result<u8> {
        let kind = t.kind();
        let red_kind = tile_of(kind * 4, true).is_some_and(Tile::is_red);
        let copies: &[u8] = if t.is_red() {
            if !self.red {
                return Err(self.err(format_args!(
                    "a red five ({t}) in a lobby without red fives"
                )));
            }
            &[0]
        } else if self.red && red_kind {
            &[1, 2, 3]
        } else {
            &[0, 1, 2, 3]
        };
        let id = copies
            .iter()
            .map(|&c| kind * 4 + c)
            .find(|&id| !self.taken[id as usize])
            .ok_or_else(|| {
                self.err(format_args!(
                    "more than {} copies of {t} in one hand",
                    copies.len()
                ))
            })?;
        self.taken[id as usize] = true;
        Ok(id)
    }

    /// The lowest id of tile `t` that `seat` holds, other than `except`; taken
    /// out of the hand.
    fn take(&mut self, seat: usize, t: Tile, except: Option<u8>) -> Option<u8> {
        let red = self.red;
        let held = &mut self.seats[seat].concealed;
        let (k, _) = held
            .iter()
            .enumerate()
            .filter(|(_, &id)| Some(id) != except && tile_of(id, red) == Some(t))
            .min_by_key(|(_, &id)| id)?;
        Some(held.remove(k))
    }

    /// Ids of `tiles`, each from `seat`'s hand.
    fn take_all<const N: usize>(&mut self, seat: usize, tiles: [Tile; N]) -> Result<[u8; N]> {
        let mut ids = [0u8; N];
        for (k, t) in tiles.into_iter().enumerate() {
            ids[k] = self
                .take(seat, t, None)
                .ok_or_else(|| self.err(format_args!("seat {seat} does not hold {t}")))?;
        }
        Ok(ids)
    }

    /// The id of a discard `seat` called: `target`'s last discard, of tile `t`.
    fn called(&self, seat: usize, target: usize, t: Tile) -> Result<u8> {
        if target == seat || target > 3 {
            return Err(self.err(format_args!("seat {seat} calls from seat {target}")));
        }
        match self.last_discard {
            Some((s, id)) if s == target && self.tile(id) == t => Ok(id),
            _ => Err(self.err(format_args!(
                "seat {seat} calls {t} from seat {target}, which did not just discard it"
            ))),
        }
    }

    /// Records a call of `seat` from `target` and writes its `<N>`.
    fn meld(&mut self, seat: usize, target: usize, call: Call) -> Result<()> {
        let from = ((target + 4 - seat) % 4) as u8;
        let m = encode_meld(&call, from)
            .ok_or_else(|| self.err(format_args!("seat {seat}'s call is not a meld")))?;
        let s = &mut self.seats[seat];
        s.drawn = None;
        if let Call::Kakan { added, .. } = call {
            let k = s
                .melds
                .iter()
                .position(|(_, c)| matches!(c, Call::Pon { called, .. } if called / 4 == added / 4))
                .expect("a kakan extends a pon");
            s.melds[k] = (m, call);
        } else {
            s.melds.push((m, call));
        }
        self.tag(
            "N",
            &[("who", seat.to_string()), ("m", m.to_string())],
            true,
        );
        Ok(())
    }

    /// Points in hundreds.
    fn hundreds(&self, points: i64) -> Result<i64> {
        if points % 100 == 0 {
            Ok(points / 100)
        } else {
            Err(self.err(format_args!("{points} points is not a multiple of 100")))
        }
    }

    fn scores(&self, scores: &[i64; 4]) -> Result<String> {
        Ok(joined(
            scores
                .iter()
                .map(|&x| self.hundreds(x))
                .collect::<Result<Vec<_>>>()?,
        ))
    }

    /// `sc`: the scores before and the changes, in hundreds.
    fn sc(&self, deltas: &[i64; 4], after: &[i64; 4]) -> Result<String> {
        let mut v = Vec::with_capacity(8);
        for s in 0..4 {
            v.push(self.hundreds(after[s] - deltas[s])?);
            v.push(self.hundreds(deltas[s])?);
        }
        Ok(joined(v))
    }

    /// `seat`'s concealed ids in order, as a `RYUUKYOKU` lists them.
    fn hand_attr(&self, seat: usize) -> (String, String) {
        let mut ids = self.seats[seat].concealed.clone();
        ids.sort_unstable();
        (format!("hai{seat}"), joined(ids))
    }

    fn start(&mut self, e: &Event) -> Result<()> {
        let Event::StartKyoku {
            round_wind,
            kyoku,
            honba,
            sticks,
            dealer,
            dora_marker,
            scores,
            hands,
            dice,
        } = e
        else {
            return Ok(());
        };
        let winds = ["East", "South", "West", "North"];
        self.hand = format!(
            "{} {kyoku}-{honba}",
            winds.get(*round_wind as usize).unwrap_or(&"?")
        );
        if *round_wind > 3 || !(1..=4).contains(kyoku) || *dealer > 3 {
            return Err(self.err("round wind, hand number or dealer out of range"));
        }
        self.taken = [false; 136];
        self.seats = Default::default();
        self.dora.clear();
        self.ura.clear();
        self.last_discard = None;
        self.turn = None;
        self.honba = *honba;
        self.sticks = *sticks;
        self.in_hand = true;
        let [d0, d1] = match dice {
            None => [0, 0],
            Some(d) if d.iter().all(|x| (1..=6).contains(x)) => [d[0] - 1, d[1] - 1],
            Some(d) => return Err(self.err(format_args!("dice {d:?} are not 1-6"))),
        };
        let mut hai = Vec::with_capacity(4);
        for (s, h) in hands.iter().enumerate() {
            if h.len() != 13 {
                return Err(self.err(format_args!("seat {s} is dealt {} tiles, not 13", h.len())));
            }
            let ids = h
                .iter()
                .map(|&t| self.alloc(t))
                .collect::<Result<Vec<_>>>()?;
            hai.push((format!("hai{s}"), joined(&ids)));
            self.seats[s].concealed = ids;
        }
        let dora = self.alloc(*dora_marker)?;
        self.dora.push(dora);
        let seed = joined([
            u32::from(round_wind * 4 + kyoku - 1),
            *honba,
            *sticks,
            u32::from(d0),
            u32::from(d1),
            u32::from(dora),
        ]);
        let mut attrs = vec![
            ("seed", seed),
            ("ten", self.scores(scores)?),
            ("oya", dealer.to_string()),
        ];
        let hai: Vec<(&str, String)> = hai.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        attrs.extend(hai);
        self.tag("INIT", &attrs, false);
        Ok(())
    }

    fn hora(&mut self, e: &Event, owari: Option<&str>) -> Result<()> {
        let Event::Hora {
            seat,
            target,
            han: _,
            fu,
            points,
            tile,
            hand,
            ura_markers,
            yaku,
            dora,
            ura,
            aka,
            limit,
            pao,
            deltas,
            scores,
        } = e
        else {
            return Ok(());
        };
        let (seat, target) = (*seat, *target);
        if seat > 3 || target > 3 || pao.is_some_and(|p| p > 3) {
            return Err(self.err("a seat out of range"));
        }
        let mut pool = self.seats[seat].concealed.clone();
        let machi = if target == seat {
            match self.seats[seat].drawn {
                Some(id) if self.tile(id) == *tile => id,
                _ => {
                    return Err(self.err(format_args!(
                        "seat {seat} wins on {tile} by tsumo without drawing it"
                    )))
                }
            }
        } else {
            let id = self.called(seat, target, *tile)?;
            pool.push(id);
            id
        };
        // The hand in the record's order, each tile the lowest id left of it.
        let mut hai = Vec::with_capacity(hand.len());
        for &t in hand {
            let k = pool
                .iter()
                .enumerate()
                .filter(|(_, &id)| self.tile(id) == t)
                .min_by_key(|(_, &id)| id)
                .map(|(k, _)| k)
                .ok_or_else(|| {
                    self.err(format_args!(
                        "seat {seat} wins with {t} in hand but does not hold it"
                    ))
                })?;
            hai.push(pool.remove(k));
        }
        if !pool.is_empty() {
            return Err(self.err(format_args!(
                "seat {seat}'s winning hand leaves out tiles the seat holds"
            )));
        }
        let mut ura_ids = Vec::with_capacity(ura_markers.len());
        for (k, &t) in ura_markers.iter().enumerate() {
            // Two winners in riichi see the same ura indicators.
            let id = match self.ura.get(k) {
                Some(&id) if self.tile(id) == t => id,
                _ => self.alloc(t)?,
            };
            ura_ids.push(id);
        }
        self.ura.clone_from(&ura_ids);
        let yakuman: Vec<&(Yaku, u32)> = yaku.iter().filter(|(y, _)| y.is_yakuman()).collect();
        if !yakuman.is_empty() && yakuman.len() != yaku.len() {
            return Err(self.err("a win lists yakuman and regular yaku together"));
        }
        let mut list: Vec<(u8, u32)> = Vec::new();
        for &(y, h) in yaku {
            let id = y
                .tenhou_id()
                .ok_or_else(|| self.err(format_args!("{} is not a yaku of Tenhou's", y.name())))?;
            if y.is_yakuman() && h != 13 {
                return Err(self.err(format_args!(
                    "{} is worth {h} han: Tenhou counts each yakuman once (13)",
                    y.name()
                )));
            }
            if !y.is_yakuman() && h > 13 {
                return Err(self.err(format_args!("{} is worth {h} han", y.name())));
            }
            list.push((id, h));
        }
        let mut extra: Vec<(u8, u32)> = Vec::new();
        if *dora > 0 {
            extra.push((TENHOU_DORA, *dora));
        }
        if *aka > 0 {
            extra.push((TENHOU_AKA, *aka));
        }
        // In riichi: Tenhou writes the ura dora, none as 0 han (not for yakuman).
        if *ura > 0 || (!ura_markers.is_empty() && yakuman.is_empty()) {
            extra.push((TENHOU_URA, *ura));
        }
        if let Some((id, h)) = extra.iter().find(|(_, h)| *h > 13) {
            return Err(self.err(format_args!("dora {id} worth {h} han")));
        }
        let pairs = |v: &[(u8, u32)]| joined(v.iter().flat_map(|&(id, h)| [u32::from(id), h]));
        let mut attrs = vec![
            ("ba", joined([self.honba, self.sticks])),
            ("hai", joined(&hai)),
        ];
        if !self.seats[seat].melds.is_empty() {
            attrs.push(("m", joined(self.seats[seat].melds.iter().map(|(m, _)| m))));
        }
        attrs.push(("machi", machi.to_string()));
        attrs.push(("ten", format!("{fu},{points},{}", limit_code(*limit))));
        if yakuman.is_empty() {
            list.extend(extra);
            attrs.push(("yaku", pairs(&list)));
        } else {
            attrs.push(("yakuman", joined(list.iter().map(|(id, _)| id))));
            if !extra.is_empty() {
                // Not Tenhou's (a yakuman counts no dora there), but readable.
                attrs.push(("yaku", pairs(&extra)));
            }
        }
        attrs.push(("doraHai", joined(&self.dora)));
        if !ura_ids.is_empty() {
            attrs.push(("doraHaiUra", joined(&ura_ids)));
        }
        attrs.push(("who", seat.to_string()));
        attrs.push(("fromWho", target.to_string()));
        if let Some(p) = pao {
            attrs.push(("paoWho", p.to_string()));
        }
        attrs.push(("sc", self.sc(deltas, scores)?));
        if let Some(o) = owari {
            attrs.push(("owari", o.to_string()));
        }
        self.tag("AGARI", &attrs, true);
        // A second winner of a double ron gets no sticks.
        self.sticks = 0;
        Ok(())
    }

    fn ryukyoku(&mut self, e: &Event, owari: Option<&str>) -> Result<()> {
        let Event::Ryukyoku {
            reason,
            tenpai,
            deltas,
            scores,
        } = e
        else {
            return Ok(());
        };
        let kind = match reason {
            DrawReason::Exhaustive => None,
            DrawReason::NagashiMangan => Some("nm"),
            DrawReason::KyuushuKyuuhai => Some("yao9"),
            DrawReason::SuufonRenda => Some("kaze4"),
            DrawReason::Suukaikan => Some("kan4"),
            DrawReason::SuuchaRiichi => Some("reach4"),
            DrawReason::Sanchahou => Some("ron3"),
        };
        let shown: Vec<usize> = match reason {
            DrawReason::Exhaustive | DrawReason::NagashiMangan => {
                (0..4).filter(|&s| tenpai[s]).collect()
            }
            DrawReason::KyuushuKyuuhai => self.turn.into_iter().collect(),
            DrawReason::SuuchaRiichi => (0..4).filter(|&s| self.seats[s].riichi).collect(),
            DrawReason::Sanchahou => match self.last_discard {
                Some((d, _)) => (0..4).filter(|&s| s != d).collect(),
                None => Vec::new(),
            },
            DrawReason::SuufonRenda | DrawReason::Suukaikan => Vec::new(),
        };
        let mut attrs = Vec::new();
        if let Some(k) = kind {
            attrs.push(("type", k.to_string()));
        }
        attrs.push(("ba", joined([self.honba, self.sticks])));
        attrs.push(("sc", self.sc(deltas, scores)?));
        let hai: Vec<(String, String)> = shown.iter().map(|&s| self.hand_attr(s)).collect();
        attrs.extend(hai.iter().map(|(k, v)| (k.as_str(), v.clone())));
        if let Some(o) = owari {
            attrs.push(("owari", o.to_string()));
        }
        self.tag("RYUUKYOKU", &attrs, true);
        Ok(())
    }

    /// One event of a hand.
    fn play(&mut self, e: &Event, owari: Option<&str>) -> Result<()> {
        if !self.in_hand {
            return Err(self.err("a hand's event outside a hand (no StartKyoku before it)"));
        }
        let seat_of = |e: &Event| match e {
            Event::Tsumo { seat, .. }
            | Event::Dahai { seat, .. }
            | Event::Chi { seat, .. }
            | Event::Pon { seat, .. }
            | Event::Daiminkan { seat, .. }
            | Event::Kakan { seat, .. }
            | Event::Ankan { seat, .. }
            | Event::Reach { seat }
            | Event::ReachAccepted { seat, .. } => *seat,
            _ => 0,
        };
        let seat = seat_of(e);
        if seat > 3 {
            return Err(self.err(format_args!("seat {seat} is not 0-3")));
        }
        match e {
            Event::Tsumo { tile, .. } => {
                let id = self.alloc(*tile)?;
                let s = &mut self.seats[seat];
                s.concealed.push(id);
                s.drawn = Some(id);
                self.turn = Some(seat);
                self.last_discard = None;
                self.tag(
                    &format!("{}{id}", "TUVW".as_bytes()[seat] as char),
                    &[],
                    false,
                );
            }
            Event::Dahai {
                tile, tsumogiri, ..
            } => {
                let drawn = self.seats[seat].drawn;
                let id = if *tsumogiri {
                    match drawn {
                        Some(id) if self.tile(id) == *tile => {
                            self.seats[seat].concealed.retain(|&x| x != id);
                            id
                        }
                        _ => {
                            return Err(self.err(format_args!(
                            "seat {seat} discards {tile} as the tile just drawn, which it is not"
                        )))
                        }
                    }
                } else {
                    self.take(seat, *tile, drawn).ok_or_else(|| {
                        if drawn.is_some_and(|d| self.tile(d) == *tile) {
                            self.err(format_args!(
                                "seat {seat} discards {tile} from the hand, but its only {tile} is the tile just drawn"
                            ))
                        } else {
                            self.err(format_args!("seat {seat} discards {tile}, which it does not hold"))
                        }
                    })?
                };
                self.seats[seat].drawn = None;
                self.last_discard = Some((seat, id));
                self.tag(
                    &format!("{}{id}", "DEFG".as_bytes()[seat] as char),
                    &[],
                    false,
                );
            }
            Event::Chi {
                target,
                tile,
                consumed,
                ..
            } => {
                let called = self.called(seat, *target, *tile)?;
                let others = self.take_all(seat, *consumed)?;
                self.last_discard = None;
                self.meld(seat, *target, Call::Chi { called, others })?;
            }
            Event::Pon {
                target,
                tile,
                consumed,
                ..
            } => {
                let called = self.called(seat, *target, *tile)?;
                let others = self.take_all(seat, *consumed)?;
                self.last_discard = None;
                self.meld(seat, *target, Call::Pon { called, others })?;
            }
            Event::Daiminkan {
                target,
                tile,
                consumed,
                ..
            } => {
                let called = self.called(seat, *target, *tile)?;
                let others = self.take_all(seat, *consumed)?;
                self.last_discard = None;
                self.meld(seat, *target, Call::Daiminkan { called, others })?;
            }
            Event::Kakan { tile, consumed, .. } => {
                let pon = self.seats[seat].melds.iter().find_map(|(m, c)| match c {
                    Call::Pon { called, others } if called / 4 == tile.kind() => {
                        Some((*m, [*called, others[0], others[1]]))
                    }
                    _ => None,
                });
                let Some((m, pon)) = pon else {
                    return Err(self.err(format_args!(
                        "seat {seat} adds {tile} to a pon it does not have"
                    )));
                };
                let mut have: Vec<Tile> = pon.iter().map(|&id| self.tile(id)).collect();
                let mut said = consumed.to_vec();
                have.sort_unstable();
                said.sort_unstable();
                if have != said {
                    return Err(self.err(format_args!(
                        "seat {seat}'s kakan names the pon {said:?}, but the pon is {have:?}"
                    )));
                }
                let added = self
                    .take(seat, *tile, None)
                    .ok_or_else(|| self.err(format_args!("seat {seat} does not hold {tile}")))?;
                self.last_discard = Some((seat, added));
                let from = (m & 3) as usize;
                self.meld(seat, (seat + from) % 4, Call::Kakan { added, pon })?;
            }
            Event::Ankan { consumed, .. } => {
                if consumed.iter().any(|t| t.kind() != consumed[0].kind()) {
                    return Err(self.err(format_args!(
                        "seat {seat}'s closed kan {consumed:?} is not four of a kind"
                    )));
                }
                let mut ids = self.take_all(seat, *consumed)?;
                ids.sort_unstable();
                // Kokushi may rob it (where the rules allow): on its last copy.
                self.last_discard = Some((seat, ids[3]));
                self.meld(seat, seat, Call::Ankan { ids })?;
            }
            Event::Dora { marker } => {
                let id = self.alloc(*marker)?;
                self.dora.push(id);
                self.tag("DORA", &[("hai", id.to_string())], true);
            }
            Event::Reach { .. } => {
                self.tag(
                    "REACH",
                    &[("who", seat.to_string()), ("step", "1".into())],
                    false,
                );
            }
            Event::ReachAccepted { scores, .. } => {
                self.seats[seat].riichi = true;
                self.sticks += 1;
                let ten = self.scores(scores)?;
                self.tag(
                    "REACH",
                    &[
                        ("who", seat.to_string()),
                        ("ten", ten),
                        ("step", "2".into()),
                    ],
                    false,
                );
            }
            Event::Hora { .. } => self.hora(e, owari)?,
            Event::Ryukyoku { .. } => self.ryukyoku(e, owari)?,
            _ => {}
        }
        Ok(())
    }
}

/// Writes a record as Tenhou's mjlog XML (see the module documentation for
/// what the text holds and how tiles get their 136-ids).
///
/// The lobby is the record's `tenhou_type`, else the one its rules are (see
/// [`super::record::tenhou_type_of`]). Errors when the rules are no Tenhou
/// lobby's, and when the events cannot be Tenhou's: a tile without a free id (a
/// fifth copy, a red five in a lobby without red fives), a discard or call of a
/// tile the seat does not hold, a yaku Tenhou does not know, points that are
/// not whole hundreds.
pub fn write_mjlog(record: &GameRecord) -> Result<String> {
    use super::record::tenhou_type::{NO_AKA, SANMA};
    let go_type = if let Some(t) = record.tenhou_type {
        t
    } else {
        check_writable(record, "mjlog", |_, _| {})?;
        tenhou_type_of(&record.rules)
            .ok_or_else(|| MahjongError::Rule("mjlog cannot carry a game of one hand".into()))?
    };
    if go_type & SANMA != 0 {
        return Err(MahjongError::InvalidInput(format!(
            "mjlog: lobby type {go_type} is a three-player game; only four-player games are written"
        )));
    }
    if record.first_dealer > 3 {
        return Err(MahjongError::InvalidInput(format!(
            "mjlog: first dealer {} is not a seat 0-3",
            record.first_dealer
        )));
    }
    let mut w = Writer {
        out: String::from("<mjloggm ver=\"2.3\">"),
        red: go_type & NO_AKA == 0,
        at: 0,
        hand: String::new(),
        taken: [false; 136],
        seats: Default::default(),
        dora: Vec::new(),
        ura: Vec::new(),
        last_discard: None,
        turn: None,
        honba: 0,
        sticks: 0,
        in_hand: false,
    };
    if let Some(seed) = &record.shuffle_seed {
        if seed.contains(['"', '<', '>', '&']) {
            return Err(MahjongError::InvalidInput(
                "mjlog: the shuffle seed holds a character XML needs escaped".into(),
            ));
        }
        w.tag(
            "SHUFFLE",
            &[("seed", seed.clone()), ("ref", String::new())],
            false,
        );
    }
    let mut go = vec![("type", go_type.to_string())];
    if let Some(lobby) = record.lobby {
        go.push(("lobby", lobby.to_string()));
    }
    w.tag("GO", &go, false);
    let p = &record.players;
    let mut un: Vec<(String, String)> = (0..4)
        .map(|s| (format!("n{s}"), percent_encode(&p[s].name)))
        .collect();
    if p.iter().any(|x| x.dan.is_some()) {
        let dan = p
            .iter()
            .map(|x| x.dan.map(|d| d.to_string()).unwrap_or_default());
        un.push(("dan".into(), joined(dan)));
    }
    if p.iter().any(|x| x.rate.is_some()) {
        let rate = p.iter().map(|x| {
            x.rate
                .filter(|r| r.is_finite())
                .map(|r| format!("{r:.2}"))
                .unwrap_or_default()
        });
        un.push(("rate".into(), joined(rate)));
    }
    if p.iter().any(|x| x.sex.is_some()) {
        if p.iter()
            .filter_map(|x| x.sex.as_deref())
            .any(|x| x.contains([',', '"', '<', '>', '&']))
        {
            return Err(MahjongError::InvalidInput(
                "mjlog: a player's sx holds ',' or a character XML needs escaped".into(),
            ));
        }
        let sx = p.iter().map(|x| x.sex.clone().unwrap_or_default());
        un.push(("sx".into(), joined(sx)));
    }
    let un: Vec<(&str, String)> = un.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    w.tag("UN", &un, false);
    w.tag(
        "TAIKYOKU",
        &[("oya", record.first_dealer.to_string())],
        false,
    );

    // `owari` goes on the last result, when the record has the game's end.
    let end = record
        .events
        .iter()
        .rposition(|e| matches!(e, Event::EndGame { .. }));
    let last_result = record.events[..end.unwrap_or(0)]
        .iter()
        .rposition(|e| matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. }));
    let owari = match (end, last_result) {
        (Some(end), Some(_)) => {
            let Event::EndGame { scores: points } = &record.events[end] else {
                unreachable!("found as EndGame")
            };
            let finals = record.final_scores.unwrap_or_else(|| {
                let cfg = ScoringConfig::from_rules(&record.rules);
                final_result(*points, 0, record.first_dealer, &cfg).scores
            });
            let mut parts = Vec::with_capacity(8);
            for s in 0..4 {
                if points[s] % 100 != 0 {
                    return Err(MahjongError::InvalidInput(format!(
                        "mjlog: final points {} are not a multiple of 100",
                        points[s]
                    )));
                }
                parts.push((points[s] / 100).to_string());
                parts.push(tenths(finals[s]));
            }
            Some(joined(parts))
        }
        _ => None,
    };

    for (i, e) in record.events.iter().enumerate() {
        w.at = i;
        match e {
            Event::StartGame | Event::EndGame { .. } => {}
            Event::StartKyoku { .. } => w.start(e)?,
            Event::EndKyoku => w.in_hand = false,
            _ => {
                let o = (Some(i) == last_result)
                    .then_some(owari.as_deref())
                    .flatten();
                w.play(e, o)?;
            }
        }
    }
    if record
        .events
        .iter()
        .all(|e| !matches!(e, Event::StartKyoku { .. }))
    {
        return Err(MahjongError::InvalidInput(
            "mjlog: the record has no hand (no StartKyoku)".into(),
        ));
    }
    w.out.push_str("</mjloggm>");
    Ok(w.out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::agents::AgentKind;
    use crate::game::sim;
    use crate::logs::record::tenhou_type::{HANCHAN, NO_AKA, VS_HUMAN};
    use std::path::PathBuf;

    /// The shared Tenhou logs, sorted, with their texts (see `shared_data`).
    fn samples() -> Option<Vec<(PathBuf, String)>> {
        crate::shared_data::texts("tenhou/mjlog", "mjlog")
    }

    #[test]
    fn every_shared_mjlog_reads_back_the_same() {
        let Some(files) = samples() else { return };
        for (f, text) in &files {
            let record = read_mjlog(text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let written = write_mjlog(&record).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let back = read_mjlog(&written).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            assert!(back == record, "{}: the record differs", f.display());
        }
        assert_eq!(files.len(), 177);
    }

    /// A tag's name without the tile id of a draw or discard.
    fn bare(name: &str) -> &str {
        let numbered = name.len() > 1 && name[1..].bytes().all(|b| b.is_ascii_digit());
        if numbered && b"TUVWDEFG".contains(&name.as_bytes()[0]) {
            &name[..1]
        } else {
            name
        }
    }

    /// The tags Tenhou's game had, as the writer writes them (no `BYE`, one `UN`).
    fn game_tags(text: &str) -> Vec<Tag<'_>> {
        let mut seen_un = false;
        tags(text)
            .unwrap()
            .0
            .into_iter()
            .filter(|t| match t.name {
                "BYE" => false,
                "UN" => !std::mem::replace(&mut seen_un, true),
                _ => true,
            })
            .collect()
    }

    #[test]
    fn written_tags_and_results_are_tenhous() {
        let Some(files) = samples() else { return };
        let numbers = |v: &str| -> Vec<f64> { v.split(',').map(|x| x.parse().unwrap()).collect() };
        for (f, text) in &files {
            let f = f.display();
            let written = write_mjlog(&read_mjlog(text).unwrap()).unwrap();
            let (a, b) = (game_tags(text), game_tags(&written));
            let names = |v: &[Tag]| {
                v.iter()
                    .map(|t| bare(t.name).to_string())
                    .collect::<Vec<_>>()
            };
            assert_eq!(names(&a), names(&b), "{f}: tag names");
            for (x, y) in a.iter().zip(&b) {
                match x.name {
                    "AGARI" | "RYUUKYOKU" => {
                        for key in [
                            "ba", "ten", "yaku", "yakuman", "sc", "who", "fromWho", "paoWho",
                            "type",
                        ] {
                            assert_eq!(x.get(key), y.get(key), "{f} byte {}: {key}", x.at);
                        }
                        let o = (x.get("owari").map(numbers), y.get("owari").map(numbers));
                        assert_eq!(o.0, o.1, "{f} byte {}: owari", x.at);
                        if x.get("owari").is_some_and(|o| o.contains('.')) {
                            assert_eq!(x.get("owari"), y.get("owari"), "{f}: owari");
                        }
                        // The same hands shown, the same count of melds and indicators.
                        let keys = |t: &Tag| -> Vec<String> {
                            t.attrs
                                .iter()
                                .map(|(k, _)| (*k).to_string())
                                .filter(|k| k.starts_with("hai"))
                                .collect()
                        };
                        assert_eq!(keys(x), keys(y), "{f} byte {}: hands", x.at);
                        for key in ["hai", "hai0", "hai1", "hai2", "hai3", "m", "doraHai"] {
                            let n = |t: &Tag| t.get(key).map(|v| v.split(',').count());
                            assert_eq!(n(x), n(y), "{f} byte {}: {key}", x.at);
                        }
                    }
                    "INIT" => {
                        let seed = |t: &Tag| t.ints("seed").unwrap()[..5].to_vec();
                        assert_eq!(seed(x), seed(y), "{f}: INIT seed");
                        assert_eq!(x.get("ten"), y.get("ten"));
                        assert_eq!(x.get("oya"), y.get("oya"));
                    }
                    "N" | "REACH" => {
                        assert_eq!(x.get("who"), y.get("who"), "{f}: {}", x.name);
                        assert_eq!(x.get("step"), y.get("step"), "{f}: {}", x.name);
                    }
                    "UN" => {
                        // Old logs give whole rates ("2144"), Tenhou now two decimals.
                        let rates = |t: &Tag| t.get("rate").map(numbers);
                        assert_eq!(rates(x), rates(y), "{f}: rate");
                        let rest = |t: &Tag| -> Vec<String> {
                            t.attrs
                                .iter()
                                .filter(|(k, _)| *k != "rate")
                                .map(|(k, v)| format!("{k}={v}"))
                                .collect()
                        };
                        assert_eq!(rest(x), rest(y), "{f}: UN");
                    }
                    "GO" | "TAIKYOKU" | "SHUFFLE" => {
                        assert_eq!(x.attrs, y.attrs, "{f}: {}", x.name);
                    }
                    _ => {}
                }
            }
        }
    }

    /// The event as an mjlog says it: a kan's tiles in order (the engine's
    /// come in hand order), unknown dice as 1 and 1.
    fn as_mjlog_says(e: &Event) -> Event {
        let mut e = e.clone();
        match &mut e {
            Event::StartKyoku { dice, .. } => {
                dice.get_or_insert([1, 1]);
            }
            Event::Daiminkan { consumed, .. } | Event::Kakan { consumed, .. } => {
                consumed.sort_unstable();
            }
            Event::Ankan { consumed, .. } => consumed.sort_unstable(),
            _ => {}
        }
        e
    }

    #[test]
    fn engine_games_read_back_the_same() {
        let lobbies = [
            Rules::default(),
            tenhou_lobby_rules(VS_HUMAN | HANCHAN | NO_AKA).unwrap(),
            tenhou_lobby_rules(VS_HUMAN).unwrap(),
        ];
        for seed in 0..200u64 {
            let rules = &lobbies[seed as usize % lobbies.len()];
            let (game, _) = sim::play(rules, seed, [AgentKind::Random; 4]).unwrap();
            let record = GameRecord::from_game(&game);
            let text = write_mjlog(&record).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let back = read_mjlog(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert_eq!(back.rules, record.rules, "seed {seed}");
            assert_eq!(back.first_dealer, record.first_dealer);
            assert_eq!(back.final_scores, record.final_scores);
            // Without final scores the writer computes them as the engine does.
            let mut bare = record.clone();
            bare.final_scores = None;
            let again = read_mjlog(&write_mjlog(&bare).unwrap()).unwrap();
            assert_eq!(again.final_scores, record.final_scores, "seed {seed}");
            assert_eq!(back.events.len(), record.events.len(), "seed {seed}");
            for (k, (x, y)) in record.events.iter().zip(&back.events).enumerate() {
                assert_eq!(as_mjlog_says(x), as_mjlog_says(y), "seed {seed} event {k}");
            }
        }
    }

    #[test]
    fn every_shared_meld_encodes_back() {
        let Some(files) = samples() else { return };
        let (mut melds, mut same_code) = (0, 0);
        for (f, text) in &files {
            for t in tags(text).unwrap().0.iter().filter(|t| t.name == "N") {
                let m = t.int("m", 0xFFFF).unwrap() as u32;
                let (call, from) = decode_meld(m).unwrap();
                let code = encode_meld(&call, from)
                    .unwrap_or_else(|| panic!("{} m={m}: {call:?} not encoded", f.display()));
                assert_eq!(
                    decode_meld(code),
                    Some((call, from)),
                    "{} m={m}",
                    f.display()
                );
                melds += 1;
                if code == m {
                    same_code += 1;
                } else {
                    // Only a closed kan's code says more than its meld: which id.
                    assert_eq!(m & 0xFF, 0, "{} m={m} written {code}", f.display());
                    assert_eq!(m >> 10, code >> 10, "{} m={m} written {code}", f.display());
                }
            }
        }
        eprintln!("{melds} melds, {same_code} with Tenhou's own code");
        assert!(melds > 3000);
    }

    fn tiny_record(rules: Rules) -> GameRecord {
        let t = |s: &str| crate::notation::mpsz::parse_tiles(s).unwrap();
        let mut r = GameRecord::new(rules);
        r.events = vec![
            Event::StartGame,
            Event::StartKyoku {
                round_wind: 0,
                kyoku: 1,
                honba: 0,
                sticks: 0,
                dealer: 0,
                dora_marker: t("1z")[0],
                scores: [25000; 4],
                hands: [
                    t("1112345678999m"),
                    t("1112345678999p"),
                    t("1112345678999s"),
                    t("1122334455667z"),
                ],
                dice: Some([3, 4]),
            },
        ];
        r
    }

    #[test]
    fn records_mjlog_cannot_hold_are_errors() {
        let t = |s: &str| crate::notation::mpsz::parse_tiles(s).unwrap()[0];
        let err = |r: &GameRecord| write_mjlog(r).unwrap_err().to_string();

        let ok = tiny_record(Rules::default());
        let text = write_mjlog(&ok).unwrap();
        assert!(text.contains(r#"<INIT seed="0,0,0,2,3,110""#), "{text}");

        let e = err(&tiny_record(Rules::preset("mleague").unwrap()));
        assert!(
            e.contains("mjlog cannot carry these rules: ") && e.contains("would be read back as"),
            "{e}"
        );

        let mut r = tiny_record(Rules::default());
        r.events.push(Event::Tsumo {
            seat: 0,
            tile: t("1m"),
        });
        r.events.push(Event::Dahai {
            seat: 0,
            tile: t("1m"),
            tsumogiri: true,
        });
        r.events.push(Event::Tsumo {
            seat: 1,
            tile: t("1m"),
        });
        assert!(err(&r).contains("more than 4 copies of 1m"), "{}", err(&r));

        let mut r = tiny_record(Rules::default());
        r.events.push(Event::Tsumo {
            seat: 0,
            tile: t("5p"),
        });
        r.events.push(Event::Dahai {
            seat: 0,
            tile: t("7z"),
            tsumogiri: false,
        });
        assert!(err(&r).contains("does not hold"), "{}", err(&r));

        let mut r = tiny_record(Rules::default());
        r.events.push(Event::Tsumo {
            seat: 0,
            tile: t("5p"),
        });
        r.events.push(Event::Dahai {
            seat: 0,
            tile: t("1m"),
            tsumogiri: true,
        });
        assert!(err(&r).contains("just drawn"), "{}", err(&r));

        let mut r = tiny_record(tenhou_lobby_rules(VS_HUMAN | HANCHAN | NO_AKA).unwrap());
        r.events.push(Event::Tsumo {
            seat: 0,
            tile: t("0p"),
        });
        assert!(err(&r).contains("without red fives"), "{}", err(&r));

        let mut r = tiny_record(Rules::default());
        r.events.push(Event::Tsumo {
            seat: 0,
            tile: t("0p"),
        });
        r.events.push(Event::Tsumo {
            seat: 1,
            tile: t("0p"),
        });
        assert!(err(&r).contains("more than 1 copies of 0p"), "{}", err(&r));

        let mut r = tiny_record(Rules::default());
        r.events.insert(
            1,
            Event::Tsumo {
                seat: 0,
                tile: t("5p"),
            },
        );
        assert!(err(&r).contains("outside a hand"), "{}", err(&r));
    }

    #[test]
    fn names_and_players_round_trip() {
        let mut r = tiny_record(Rules::default());
        r.players[0].name = "鬼 \"<&>".into();
        r.players[1].dan = Some(16);
        r.players[2].rate = Some(2012.5);
        r.players[3].sex = Some("F".into());
        r.lobby = Some(0);
        r.shuffle_seed = Some("mt19937ar-sha512-n288-base64,abc+/=".into());
        let text = write_mjlog(&r).unwrap();
        assert!(text.contains(r#"n0="%E9%AC%BC%20%22%3C%26%3E""#), "{text}");
        assert!(text.contains(r#"dan=",16,,""#), "{text}");
        assert!(text.contains(r#"rate=",,2012.50,""#), "{text}");
        let back = read_mjlog(&text).unwrap();
        assert_eq!(back.players, r.players);
        assert_eq!(back.shuffle_seed, r.shuffle_seed);
        assert_eq!(back.lobby, Some(0));
        assert_eq!(back.tenhou_type, Some(VS_HUMAN | HANCHAN));
    }
}
