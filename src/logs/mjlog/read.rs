//! Reading an mjlog into a record.

use super::{decode_meld, tile_of, Call};
use crate::error::{MahjongError, Result};
use crate::game::{DrawReason, Event, Win};
use crate::logs::record::{
    tenhou_lobby_rules, yaku_from_tenhou, GameRecord, TENHOU_AKA, TENHOU_DORA, TENHOU_URA,
};
use crate::rules::Rules;
use crate::score::points::Limit;
use crate::tile::Tile;

/// One tag: its name, its attributes and its byte offset in the text.
pub(super) struct Tag<'a> {
    pub(super) name: &'a str,
    pub(super) attrs: Vec<(&'a str, &'a str)>,
    pub(super) at: usize,
}

impl<'a> Tag<'a> {
    pub(super) fn get(&self, key: &str) -> Option<&'a str> {
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
    pub(super) fn ints(&self, key: &str) -> Result<Vec<i64>> {
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

    pub(super) fn int(&self, key: &str, max: i64) -> Result<i64> {
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
pub(super) fn tags(text: &str) -> Result<(Vec<Tag<'_>>, bool)> {
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

/// Reads an mjlog text.
pub fn read_mjlog(text: &str) -> Result<GameRecord> {
    let (tags, closed) = tags(text)?;
    let mut reader = Reader::new();
    for tag in &tags {
        reader.tag(tag)?;
    }
    let r = reader.finish()?;
    if !closed && tags.first().is_some_and(|t| t.name == "mjloggm") {
        return Err(MahjongError::LogParse(format!(
            "mjlog byte {}: expected </mjloggm> (truncated file?)",
            text.len()
        )));
    }
    Ok(r)
}

/// A record being read, tag by tag.
struct Reader {
    r: GameRecord,
    /// The lobby has red fives.
    red: bool,
    /// Between an `INIT` and the next (or the end).
    in_hand: bool,
    /// The 136-id each seat just drew, for tsumogiri.
    last_draw: [Option<u8>; 4],
    /// The first `UN` was read (later ones are reconnections).
    saw_un: bool,
    /// The final points of `owari`.
    final_points: Option<[i64; 4]>,
}

impl Reader {
    fn new() -> Reader {
        let mut r = GameRecord::new(Rules::default());
        r.events.push(Event::StartGame);
        Reader {
            r,
            red: true,
            in_hand: false,
            last_draw: [None; 4],
            saw_un: false,
            final_points: None,
        }
    }

    fn tag(&mut self, tag: &Tag) -> Result<()> {
        if self.draw_or_discard(tag)? {
            return Ok(());
        }
        match tag.name {
            "mjloggm" | "BYE" => {}
            "SHUFFLE" => self.r.shuffle_seed = tag.get("seed").map(String::from),
            "GO" => self.go(tag)?,
            "UN" => self.un(tag)?,
            "TAIKYOKU" => {
                if tag.get("oya").is_some() {
                    self.r.first_dealer = tag.seat("oya")?;
                }
            }
            "INIT" => self.init(tag)?,
            "N" => self.call(tag)?,
            "REACH" => self.reach(tag)?,
            "DORA" => {
                let marker = tile_at(tag, tag.int("hai", 135)?, self.red)?;
                self.r.events.push(Event::Dora { marker });
            }
            "AGARI" => {
                self.in_hand(tag, "a win outside a hand")?;
                self.r.events.push(agari(tag, self.red)?);
                owari(tag, &mut self.r, &mut self.final_points)?;
            }
            "RYUUKYOKU" => {
                self.in_hand(tag, "a draw outside a hand")?;
                self.r.events.push(ryuukyoku(tag)?);
                owari(tag, &mut self.r, &mut self.final_points)?;
            }
            _ => return Err(tag.err("unknown tag")),
        }
        Ok(())
    }

    fn in_hand(&self, tag: &Tag, what: &str) -> Result<()> {
        if self.in_hand {
            Ok(())
        } else {
            Err(tag.err(what))
        }
    }

    /// A draw (`T12`, `U`, `V`, `W`) or discard (`D`, `E`, `F`, `G`): false
    /// for any other tag.
    fn draw_or_discard(&mut self, tag: &Tag) -> Result<bool> {
        let name = tag.name;
        let first = name.as_bytes()[0];
        let draw_seat = b"TUVW".iter().position(|&c| c == first);
        let discard_seat = b"DEFG".iter().position(|&c| c == first);
        let numbered = name.len() > 1 && name[1..].bytes().all(|b| b.is_ascii_digit());
        let (Some(seat), true) = (draw_seat.or(discard_seat), numbered) else {
            return Ok(false);
        };
        self.in_hand(tag, "a draw or discard outside a hand")?;
        let id: i64 = name[1..].parse().map_err(|_| tag.err("bad tile id"))?;
        let t = tile_at(tag, id, self.red)?;
        if draw_seat.is_some() {
            self.last_draw[seat] = Some(id as u8);
            self.r.events.push(Event::Tsumo { seat, tile: t });
        } else {
            let tsumogiri = self.last_draw[seat] == Some(id as u8);
            self.last_draw[seat] = None;
            self.r.events.push(Event::Dahai {
                seat,
                tile: t,
                tsumogiri,
            });
        }
        Ok(true)
    }

    /// `GO`: the lobby's rules.
    fn go(&mut self, tag: &Tag) -> Result<()> {
        let t = tag.int("type", i64::from(u32::MAX))? as u32;
        self.r.rules = tenhou_lobby_rules(t).map_err(|e| tag.err(e))?;
        self.red = self.r.rules.has_red();
        self.r.tenhou_type = Some(t);
        if tag.get("lobby").is_some() {
            self.r.lobby = Some(tag.int("lobby", i64::from(u32::MAX))? as u32);
        }
        Ok(())
    }

    /// The first `UN`: the players (later ones are reconnections).
    fn un(&mut self, tag: &Tag) -> Result<()> {
        if std::mem::replace(&mut self.saw_un, true) {
            return Ok(());
        }
        // Empty entries (only a writer would leave one) are unknown.
        let dan: Option<Vec<Option<i64>>> = tag
            .get("dan")
            .map(|v| {
                v.split(',')
                    .map(|x| match x.trim() {
                        "" => Ok(None),
                        x => x
                            .parse()
                            .map(Some)
                            .map_err(|_| tag.err(format_args!("dan: {x:?} is not a number"))),
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
        for (s, p) in self.r.players.iter_mut().enumerate() {
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
        Ok(())
    }

    /// `INIT`: a hand starts (the one before ends).
    fn init(&mut self, tag: &Tag) -> Result<()> {
        if self.in_hand {
            self.r.events.push(Event::EndKyoku);
        }
        self.in_hand = true;
        self.last_draw = [None; 4];
        let seed = tag.ints("seed")?;
        let [round, honba, riichi_sticks, d0, d1, dora] = seed[..] else {
            return Err(tag.err("seed must be round,honba,sticks,die,die,dora"));
        };
        // Honba and sticks 0-1000, as the other formats read them.
        if !(0..16).contains(&round)
            || !(0..=1000).contains(&honba)
            || !(0..=1000).contains(&riichi_sticks)
            || !(0..6).contains(&d0)
            || !(0..6).contains(&d1)
        {
            return Err(tag.err(format_args!("seed {seed:?} is out of range")));
        }
        let scores = tag.scores("ten")?;
        // A 2009 log's hand carries its own shuffle seed.
        if let Some(sh) = tag.get("shuffle") {
            let hand = self.r.hands().len();
            if self.r.init_shuffles.len() != hand {
                return Err(tag.err("every hand of a log with INIT shuffle seeds has one"));
            }
            self.r.init_shuffles.push(sh.to_string());
        }
        let mut hands: [Vec<Tile>; 4] = Default::default();
        let three = self.r.rules.players == 3;
        for (s, h) in hands.iter_mut().enumerate() {
            // A three-player game's empty seat: `hai3=""`.
            if three && s == 3 {
                if tag.get("hai3").is_some_and(|v| !v.is_empty()) {
                    return Err(tag.err("a three-player game deals no hai3"));
                }
                continue;
            }
            *h = tiles_at(tag, &format!("hai{s}"), self.red)?;
            if h.len() != 13 {
                return Err(tag.err(format_args!("hai{s} must hold 13 tiles, got {}", h.len())));
            }
        }
        self.r.events.push(Event::StartKyoku {
            round_wind: (round / 4) as u8,
            kyoku: (round % 4 + 1) as u8,
            honba: honba as u32,
            riichi_sticks: riichi_sticks as u32,
            dealer: tag.seat("oya")?,
            dora_marker: tile_at(tag, dora, self.red)?,
            scores,
            hands: Box::new(hands),
            dice: Some([d0 as u8 + 1, d1 as u8 + 1]),
        });
        Ok(())
    }

    /// `N`: a call.
    fn call(&mut self, tag: &Tag) -> Result<()> {
        self.in_hand(tag, "a call outside a hand")?;
        let seat = tag.seat("who")?;
        let m = tag.int("m", 0xFFFF)? as u32;
        let (call, from) =
            decode_meld(m).ok_or_else(|| tag.err(format_args!("m={m} is not a meld")))?;
        let target = (seat + from as usize) % 4;
        self.last_draw[seat] = None;
        let red = self.red;
        let t = |id: u8| tile_of(id, red).ok_or_else(|| tag.err("tile id"));
        self.r.events.push(match call {
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
            Call::Kita { id } => Event::Kita { seat, tile: t(id)? },
        });
        Ok(())
    }

    /// `REACH`: declared (step 1) or its stick paid (step 2).
    fn reach(&mut self, tag: &Tag) -> Result<()> {
        let seat = tag.seat("who")?;
        match tag.int("step", 2)? {
            1 => self.r.events.push(Event::Riichi { seat }),
            2 => {
                // Old logs leave the scores out: the stick comes off.
                let scores: [i64; 4] = if tag.get("ten").is_some() {
                    tag.scores("ten")?
                } else {
                    let mut sc = current_scores(&self.r.events);
                    sc[seat] -= 1000;
                    sc
                };
                self.r.events.push(Event::RiichiAccepted { seat, scores });
            }
            s => return Err(tag.err(format_args!("step {s}"))),
        }
        Ok(())
    }

    /// The record, once every tag is read.
    fn finish(mut self) -> Result<GameRecord> {
        let r = &mut self.r;
        if self.in_hand {
            r.events.push(Event::EndKyoku);
        }
        if let Some(points) = self.final_points {
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
        Ok(self.r)
    }
}

/// `RYUUKYOKU`: a draw.
fn ryuukyoku(tag: &Tag) -> Result<Event> {
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
    Ok(Event::Ryukyoku {
        reason,
        tenpai,
        deltas,
        scores: std::array::from_fn(|s| before[s] + deltas[s]),
    })
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
    Ok(Event::Hora(Box::new(Win {
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
    })))
}
