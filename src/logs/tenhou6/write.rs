//! Writing a record as tenhou.net/6 JSON.

use super::result::{points_string, yaku_name};
use super::{code, relative, tenhou_order, DRAW_NAMES, TENHOU_DAN_NAMES, TENHOU_YAKU_NAMES};
use crate::error::{MahjongError, Result};
use crate::game::{DrawReason, Event, Win};
use crate::logs::record::{
    check_writable, tenhou_type, GameRecord, TENHOU_AKA, TENHOU_DORA, TENHOU_URA,
};
use crate::meld::Relative;
use crate::rules::GameLength;
use crate::tile::Tile;
use serde_json::{json, Value};
use std::fmt::Display;

/// A call's string: the tiles with `mark` and the called tile at `pos`.
fn call_string(mark: char, called: Tile, consumed: &[Tile], pos: usize) -> String {
    let mut s = String::new();
    for (i, t) in consumed.iter().enumerate() {
        if i == pos {
            s.push(mark);
            s += &code(called).to_string();
        }
        s += &code(*t).to_string();
    }
    if pos >= consumed.len() {
        s.push(mark);
        s += &code(called).to_string();
    }
    s
}

/// A number as Tenhou writes it: integers without a fraction.
fn number(x: f64) -> Value {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        json!(x as i64)
    } else {
        json!(x)
    }
}

/// The lobby's name from the type bits (room, speed, red fives) and the rules
/// (game length, open tanyao).
fn disp(record: &GameRecord) -> String {
    use tenhou_type::{JOUKYUU, NO_AKA, SOKU, TOKUJOU};
    let rules = &record.rules;
    let bits = record
        .tenhou_type
        .unwrap_or(if rules.red_fives == [0; 3] { NO_AKA } else { 0 });
    let mut s = String::from(if rules.players == 3 { "三" } else { "" });
    s.push_str(match (bits & JOUKYUU != 0, bits & TOKUJOU != 0) {
        (true, true) => "鳳",
        (false, true) => "特",
        (true, false) => "上",
        (false, false) => "般",
    });
    s.push(if rules.game_length == GameLength::Hanchan {
        '南'
    } else {
        '東'
    });
    for (c, on) in [
        ('喰', rules.open_tanyao),
        ('赤', bits & NO_AKA == 0),
        ('速', bits & SOKU != 0),
    ] {
        if on {
            s.push(c);
        }
    }
    s
}

/// A Mahjong Soul room's name that reads back as `rules` (`雀魂の間`, with 三
/// for three players and 南 for east-south games, as Mahjong Soul marks its
/// rooms), when `rules` are Mahjong Soul's.
fn mahjong_soul_room(rules: &crate::rules::Rules) -> Option<String> {
    let name = format!(
        "{}雀魂の間{}",
        if rules.players == 3 { "三" } else { "" },
        if rules.game_length == GameLength::Hanchan {
            "南"
        } else {
            ""
        }
    );
    matches!(super::read::mahjong_soul_rules(&name), Some(Ok(r)) if r == *rules).then_some(name)
}

/// The record as tenhou.net/6 JSON, compact, keys in Tenhou's order; what the
/// record does not know is left out. `InvalidInput` when the format cannot say
/// it: a first dealer other than seat 0, a hand without its result, a seat
/// dealt other than 13 tiles, a chi not from the left, a kakan without its pon.
pub fn write_tenhou6(record: &GameRecord) -> Result<String> {
    let err = |what: &dyn Display| MahjongError::InvalidInput(format!("tenhou6 writer: {what}"));
    if record.first_dealer != 0 {
        return Err(err(&"tenhou6 numbers the seats from the first dealer: the record's first dealer must be seat 0"));
    }
    // Mahjong Soul's rules are said by a room name; any other rules must be a
    // Tenhou lobby's.
    let room = mahjong_soul_room(&record.rules);
    if room.is_none() {
        check_writable(record, "tenhou6", |lobby, rules| {
            lobby.red_fives = rules.red_fives;
        })?;
    }
    let log: Vec<Value> = record
        .hands()
        .iter()
        .enumerate()
        .map(|(i, h)| {
            write_hand(h, record.rules.players).map_err(|e| err(&format_args!("hand {i}: {e}")))
        })
        .collect::<Result<_>>()?;
    if log.is_empty() {
        return Err(err(&"the record has no hands"));
    }
    let players = &record.players;
    let r = record.rules.red_fives;
    // Tenhou's three-player logs give aka51 as the other suits' though no 5m is
    // played (the reader takes no red 5m under three players).
    let aka51 = if record.rules.players == 3 {
        r[1]
    } else {
        r[0]
    };
    let rule = format!(
        "{{\"disp\":{},\"aka53\":{},\"aka52\":{},\"aka51\":{aka51}}}",
        json!(room.unwrap_or_else(|| disp(record))),
        r[2],
        r[1],
    );
    let mut fields: Vec<(&str, String)> = vec![("ver", "2.3".into())];
    if let Some(id) = &record.log_id {
        fields.push(("ref", json!(id).to_string()));
    }
    fields.push(("log", Value::Array(log).to_string()));
    if record.lobby.is_some() {
        let ratingc = if record.rules.players == 3 {
            "PF3"
        } else {
            "PF4"
        };
        fields.push(("ratingc", format!("\"{ratingc}\"")));
    }
    fields.push(("rule", rule));
    if let Some(l) = record.lobby {
        fields.push(("lobby", l.to_string()));
    }
    if players.iter().any(|p| p.dan.is_some()) {
        let dan = players.each_ref().map(|p| {
            p.dan
                .and_then(|d| TENHOU_DAN_NAMES.get(d as usize))
                .copied()
                .unwrap_or_default()
        });
        fields.push(("dan", json!(dan).to_string()));
    }
    if players.iter().any(|p| p.rate.is_some()) {
        let rate = players
            .each_ref()
            .map(|p| p.rate.map_or(Value::Null, number));
        fields.push(("rate", json!(rate).to_string()));
    }
    if players.iter().any(|p| p.sex.is_some()) {
        let sx = players
            .each_ref()
            .map(|p| p.sex.clone().unwrap_or_default());
        fields.push(("sx", json!(sx).to_string()));
    }
    if let (Some(points), Some(scores)) = (record.final_points(), record.final_scores) {
        let sc: Vec<Value> = (0..4)
            .flat_map(|s| {
                let t = scores[s];
                let score = if t % 10 == 0 {
                    json!(t / 10)
                } else {
                    json!(t as f64 / 10.0)
                };
                [json!(points[s]), score]
            })
            .collect();
        fields.push(("sc", Value::Array(sc).to_string()));
    }
    let names = players.each_ref().map(|p| p.name.as_str());
    fields.push(("name", json!(names).to_string()));
    let body: Vec<String> = fields.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
    Ok(format!("{{{}}}", body.join(",")))
}

/// One hand's entry of `log`.
fn write_hand(events: &[Event], players: u8) -> Result<Value> {
    let Some(Event::StartKyoku {
        round_wind,
        kyoku,
        dealer,
        dora_marker,
        hands,
        ..
    }) = events.first()
    else {
        return Err(MahjongError::LogParse(
            "a hand starts with StartKyoku".into(),
        ));
    };
    if !(1..=players).contains(kyoku) || *dealer != (*kyoku - 1) as usize || *round_wind > 3 {
        return Err(MahjongError::LogParse(format!(
            "kyoku {kyoku} dealt by seat {dealer}: tenhou6 needs the dealer of kyoku k to be seat k-1"
        )));
    }
    let seats = usize::from(players);
    if hands
        .iter()
        .enumerate()
        .any(|(s, h)| h.len() != if s < seats { 13 } else { 0 })
    {
        return Err(MahjongError::LogParse(
            "each seat is dealt 13 tiles (none to seat 3 of three players)".into(),
        ));
    }
    let mut w = HandWriter {
        players,
        dealer: *dealer,
        draws: Default::default(),
        discards: Default::default(),
        dora: vec![code(*dora_marker)],
        ura: Vec::new(),
        riichi: [false; 4],
        pons: Vec::new(),
        result: Vec::new(),
    };
    for e in &events[1..] {
        if matches!(e, Event::EndKyoku) {
            break;
        }
        w.event(e)?;
    }
    if w.result.is_empty() {
        return Err(MahjongError::LogParse("the hand has no result".into()));
    }
    Ok(w.entry(&events[0]))
}

/// One hand's lists as they are written.
struct HandWriter {
    players: u8,
    dealer: usize,
    draws: [Vec<Value>; 4],
    discards: [Vec<Value>; 4],
    dora: Vec<u8>,
    ura: Vec<u8>,
    /// A riichi declared, its discard next.
    riichi: [bool; 4],
    /// Each pon's seat, kind and string (a kakan rewrites it).
    pons: Vec<(usize, u8, String)>,
    result: Vec<Value>,
}

fn codes(ts: &[Tile]) -> Vec<u8> {
    ts.iter().map(|&t| code(t)).collect()
}

fn seat_ok(s: usize) -> Result<usize> {
    if s < 4 {
        Ok(s)
    } else {
        Err(MahjongError::LogParse(format!("seat {s} (seats are 0-3)")))
    }
}

/// Where the called tile's letter goes in a pon's (`pon`) or daiminkan's string:
/// by the seat it came from.
fn call_pos(seat: usize, target: usize, pon: bool) -> Result<usize> {
    match relative(seat, seat_ok(target)?) {
        Some(Relative::Left) => Ok(0),
        Some(Relative::Across) => Ok(1),
        Some(Relative::Right) => Ok(if pon { 2 } else { 3 }),
        None if pon => Err(MahjongError::LogParse(format!(
            "seat {seat} pons its own tile"
        ))),
        None => Err(MahjongError::LogParse(format!(
            "seat {seat} kans its own discard"
        ))),
    }
}

impl HandWriter {
    fn event(&mut self, e: &Event) -> Result<()> {
        match e {
            Event::Tsumo { seat, tile } => self.draws[seat_ok(*seat)?].push(json!(code(*tile))),
            Event::Dahai {
                seat,
                tile,
                tsumogiri,
            } => {
                let s = seat_ok(*seat)?;
                let c = if *tsumogiri { 60 } else { code(*tile) };
                let v = if std::mem::take(&mut self.riichi[s]) {
                    json!(format!("r{c}"))
                } else {
                    json!(c)
                };
                self.discards[s].push(v);
            }
            Event::Chi {
                seat,
                target,
                tile,
                consumed,
            } => {
                let s = seat_ok(*seat)?;
                if relative(s, seat_ok(*target)?) != Some(Relative::Left) {
                    return Err(MahjongError::LogParse(format!(
                        "seat {s} chis from seat {target}, not from its left"
                    )));
                }
                self.draws[s].push(json!(call_string('c', *tile, &tenhou_order(consumed), 0)));
            }
            Event::Pon {
                seat,
                target,
                tile,
                consumed,
            } => {
                let s = seat_ok(*seat)?;
                let pos = call_pos(s, *target, true)?;
                let text = call_string('p', *tile, &tenhou_order(consumed), pos);
                self.pons.push((s, tile.kind(), text.clone()));
                self.draws[s].push(json!(text));
            }
            Event::Daiminkan {
                seat,
                target,
                tile,
                consumed,
            } => {
                let s = seat_ok(*seat)?;
                let pos = call_pos(s, *target, false)?;
                self.draws[s].push(json!(call_string('m', *tile, &tenhou_order(consumed), pos)));
                self.discards[s].push(json!(0));
            }
            Event::Kakan { seat, tile, .. } => {
                let s = seat_ok(*seat)?;
                let (_, _, pon) = self
                    .pons
                    .iter()
                    .find(|(x, k, _)| *x == s && *k == tile.kind())
                    .ok_or_else(|| {
                        MahjongError::LogParse(format!("seat {s} adds {tile} to no pon"))
                    })?;
                let text = pon.replacen('p', &format!("k{}", code(*tile)), 1);
                self.discards[s].push(json!(text));
            }
            Event::Ankan { seat, consumed } => {
                let s = seat_ok(*seat)?;
                let c = tenhou_order(consumed);
                self.discards[s].push(json!(call_string('a', c[3], &c[..3], 3)));
            }
            Event::Dora { marker } => self.dora.push(code(*marker)),
            Event::Kita { seat, tile } => {
                self.discards[seat_ok(*seat)?].push(json!(format!("f{}", code(*tile))));
            }
            Event::Riichi { seat } => self.riichi[seat_ok(*seat)?] = true,
            Event::RiichiAccepted { .. } | Event::EndKyoku => {}
            Event::Hora { .. } => self.hora(e)?,
            Event::Ryukyoku { .. } => self.ryukyoku(e)?,
            Event::StartGame | Event::StartKyoku { .. } | Event::EndGame { .. } => {
                return Err(MahjongError::LogParse(
                    "an event out of place within the hand".into(),
                ));
            }
        }
        Ok(())
    }

    /// A win: `和了` once, then its score changes and `[who, from, pao, points,
    /// yaku…]`.
    fn hora(&mut self, e: &Event) -> Result<()> {
        let Event::Hora(w) = e else {
            return Ok(());
        };
        let Win {
            seat,
            target,
            ura_markers,
            pao,
            deltas,
            ..
        } = &**w;
        let (s, t) = (seat_ok(*seat)?, seat_ok(*target)?);
        let p = seat_ok(pao.unwrap_or(s))?;
        if self.result.is_empty() {
            self.result.push(json!("和了"));
        } else if self.result[0] != "和了" {
            return Err(MahjongError::LogParse(
                "a hand with a draw and a win".into(),
            ));
        }
        if self.ura.is_empty() {
            self.ura = codes(ura_markers);
        }
        let mut info = vec![json!(s), json!(t), json!(p)];
        info.extend(win_strings(e, s == self.dealer, self.players)?);
        self.result.push(json!(deltas));
        self.result.push(Value::Array(info));
        Ok(())
    }

    /// A draw: its name, and its payments when there are any, and always after
    /// an exhaustive draw but when all four or none are tenpai.
    fn ryukyoku(&mut self, e: &Event) -> Result<()> {
        let Event::Ryukyoku {
            reason,
            tenpai,
            deltas,
            ..
        } = e
        else {
            return Ok(());
        };
        if !self.result.is_empty() {
            return Err(MahjongError::LogParse("a hand with two results".into()));
        }
        let zero = deltas.iter().all(|&d| d == 0);
        let all = |v: bool| tenpai.iter().all(|&t| t == v);
        let (name, paid) = match reason {
            DrawReason::Exhaustive if zero && all(true) => ("全員聴牌", false),
            DrawReason::Exhaustive if zero && all(false) => ("全員不聴", false),
            r => {
                let name = DRAW_NAMES.iter().find(|(_, x)| x == r);
                (name.map_or("流局", |(n, _)| n), !zero || !r.abortive())
            }
        };
        self.result.push(json!(name));
        if paid {
            self.result.push(json!(deltas));
        }
        Ok(())
    }

    /// The hand's entry of `log`, from its `start`.
    fn entry(mut self, start: &Event) -> Value {
        let Event::StartKyoku {
            round_wind,
            kyoku,
            honba,
            riichi_sticks,
            scores,
            hands,
            ..
        } = start
        else {
            return Value::Null;
        };
        let round = *round_wind * 4 + *kyoku - 1;
        let mut entry = vec![
            json!([round, honba, riichi_sticks]),
            json!(scores),
            json!(self.dora),
            json!(self.ura),
        ];
        for s in 0..4 {
            // Tenhou lists a deal sorted: by kind, a red five after the plain ones.
            let mut dealt = hands[s].clone();
            dealt.sort_by_key(|t| (t.kind(), t.is_red()));
            entry.push(json!(codes(&dealt)));
            entry.push(Value::Array(std::mem::take(&mut self.draws[s])));
            entry.push(Value::Array(std::mem::take(&mut self.discards[s])));
        }
        entry.push(Value::Array(self.result));
        Value::Array(entry)
    }
}

/// A win's points string and yaku strings (none when the record knows nothing
/// of its value).
fn win_strings(e: &Event, dealer: bool, players: u8) -> Result<Vec<Value>> {
    let Event::Hora(w) = e else {
        return Ok(Vec::new());
    };
    let Win {
        seat,
        target,
        han,
        fu,
        points,
        yaku,
        dora,
        ura,
        aka,
        limit,
        ..
    } = &**w;
    let unknown = *han == 0 && *fu == 0 && *points == 0 && yaku.is_empty();
    if unknown && [dora, ura, aka].iter().all(|n| **n == 0) {
        return Ok(Vec::new());
    }
    let pts = points_string(*limit, *fu, *han, *points, seat == target, dealer, players)
        .ok_or_else(|| {
            MahjongError::LogParse(format!(
                "a dealer's tsumo worth {points}, not {} equal payments",
                players - 1
            ))
        })?;
    let mut out = vec![json!(pts)];
    for &(y, h) in yaku {
        let label = match h {
            13 if y.is_yakuman() => "役満".to_string(),
            26 if y.is_yakuman() => "ダブル役満".to_string(),
            39 if y.is_yakuman() => "トリプル役満".to_string(),
            _ => format!("{h}飜"),
        };
        out.push(json!(format!("{}({label})", yaku_name(y))));
    }
    for (id, n) in [(TENHOU_DORA, dora), (TENHOU_AKA, aka), (TENHOU_URA, ura)] {
        if *n > 0 {
            out.push(json!(format!("{}({n}飜)", TENHOU_YAKU_NAMES[id as usize])));
        }
    }
    Ok(out)
}
