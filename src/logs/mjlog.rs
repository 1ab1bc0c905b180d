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
//! Tiles are read into [`Tile`]s (kind and red), so the writer chooses the 136-ids
//! again: the first free copy of a kind, the red id for a red five.

use super::record::{
    tenhou_lobby_rules, yaku_from_tenhou, GameRecord, TENHOU_AKA, TENHOU_DORA, TENHOU_URA,
};
use crate::error::{MahjongError, Result};
use crate::game::engine::{DrawReason, Event};
use crate::rules::Rules;
use crate::score::points::Limit;
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
}

/// The tags of an mjlog text, in order.
fn tags(text: &str) -> Result<Vec<Tag<'_>>> {
    let mut out = Vec::new();
    let mut i = 0;
    let err = |at: usize, what: &str| MahjongError::LogParse(format!("mjlog byte {at}: {what}"));
    while let Some(off) = text[i..].find('<') {
        let start = i + off;
        let Some(len) = text[start..].find('>') else {
            return Err(err(start, "a tag is not closed with '>' (truncated file?)"));
        };
        let end = start + len;
        let mut body = &text[start + 1..end];
        i = end + 1;
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
    Ok(out)
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
    let tags = tags(text)?;
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
                let dan = tag.get("dan").map(|_| tag.ints("dan")).transpose()?;
                let rate: Option<Vec<Option<f64>>> = tag
                    .get("rate")
                    .map(|v| v.split(',').map(|x| x.trim().parse::<f64>().ok()).collect());
                let sx: Option<Vec<&str>> = tag.get("sx").map(|v| v.split(',').collect());
                for (s, p) in r.players.iter_mut().enumerate() {
                    p.name = tag
                        .get(&format!("n{s}"))
                        .map(percent_decode)
                        .unwrap_or_default();
                    p.dan = dan
                        .as_ref()
                        .and_then(|d| d.get(s))
                        .and_then(|&d| u8::try_from(d).ok());
                    p.rate = rate.as_ref().and_then(|d| d.get(s).copied().flatten());
                    p.sex = sx.as_ref().and_then(|d| d.get(s)).map(|x| (*x).to_string());
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
                if !(0..16).contains(&round)
                    || honba < 0
                    || sticks < 0
                    || !(0..6).contains(&d0)
                    || !(0..6).contains(&d1)
                {
                    return Err(tag.err(format_args!("seed {seed:?} is out of range")));
                }
                let ten = tag.ints("ten")?;
                let scores: [i64; 4] = ten
                    .iter()
                    .map(|x| x * 100)
                    .collect::<Vec<_>>()
                    .try_into()
                    .map_err(|_| tag.err("ten must hold 4 scores"))?;
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
                            tag.ints("ten")?
                                .iter()
                                .map(|x| x * 100)
                                .collect::<Vec<_>>()
                                .try_into()
                                .map_err(|_| tag.err("ten must hold 4 scores"))?
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
    if r.hands().is_empty() {
        return Err(MahjongError::LogParse(
            "mjlog: no hand (no <INIT> tag)".into(),
        ));
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
        .find_map(|e| match e {
            Event::StartKyoku { scores, .. }
            | Event::ReachAccepted { scores, .. }
            | Event::Hora { scores, .. }
            | Event::Ryukyoku { scores, .. } => Some(*scores),
            _ => None,
        })
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
    Ok((
        std::array::from_fn(|s| v[2 * s] * 100),
        std::array::from_fn(|s| v[2 * s + 1] * 100),
    ))
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
        points[s] = parts[2 * s]
            .parse::<i64>()
            .map_err(|_| tag.err(format_args!("owari: {:?} is not a number", parts[2 * s])))?
            * 100;
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
    // Tenhou now keeps one decimal of the final scores (logs of 2022 show it;
    // older ones round to whole numbers): tenths in the log mean no rounding.
    if scores.iter().any(|s| s % 10 != 0) {
        r.rules.final_rounding = crate::rules::FinalRounding::None;
    }
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
