//! mjai JSON lines: the event protocol of mjai bots (Mortal and others), one JSON
//! object per line.
//!
//! The play events are mjai's own (`start_kyoku`, `tsumo`, `dahai`, `chi`, `pon`,
//! `daiminkan`, `kakan`, `ankan`, `dora`, `reach`, `reach_accepted`, `hora`,
//! `ryukyoku`, `end_kyoku`, `end_game`). Results carry what a replay checks:
//! `hora` has `han`, `fu`, `points` (the hand's value), `yakus` (`[id, han]` with
//! this library's yaku ids), `dora`/`ura`/`aka`, `limit`, `pao`, `deltas` and
//! `scores`; `ryukyoku` has `reason`, `tenpais`, `deltas` and `scores`. The reader
//! also takes `fan` for `han` and `hora_points` for `points`, and fills
//! `reach_accepted` scores that a log leaves out. `start_game` carries `names`,
//! `rules` (the options that differ from the Tenhou preset), and when known
//! `log_id`, `first_dealer` and Tenhou's `tenhou_type`, `lobby`, `shuffle_seed`,
//! `dan`, `rate` and `sex`; `end_game` carries `scores` and the final `results` (uma included) when
//! known. Unknown event types (`none`, bots' messages) are skipped.

use super::record::{GameRecord, PlayerInfo};
use crate::error::{shortened, MahjongError, Result};
use crate::game::engine::{DrawReason, Event};
use crate::rules::Rules;
use crate::score::points::Limit;
use crate::score::Yaku;
use crate::tile::Tile;
use serde_json::{json, Value};

use serde::de::{Error as _, Unexpected};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

const WINDS: [&str; 4] = ["E", "S", "W", "N"];
const LIMITS: [Limit; 8] = [
    Limit::None,
    Limit::Mangan,
    Limit::Haneman,
    Limit::Baiman,
    Limit::Sanbaiman,
    Limit::Yakuman,
    Limit::KazoeYakuman,
    Limit::MultipleYakuman,
];
const DRAW_REASONS: [DrawReason; 7] = [
    DrawReason::Exhaustive,
    DrawReason::NagashiMangan,
    DrawReason::KyuushuKyuuhai,
    DrawReason::SuufonRenda,
    DrawReason::Suukaikan,
    DrawReason::SuuchaRiichi,
    DrawReason::Sanchahou,
];

/// A tile by its mjai name (`5mr` a red five).
#[derive(Clone, Copy)]
struct T(Tile);

impl Serialize for T {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.mjai())
    }
}

impl<'de> Deserialize<'de> for T {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<T, D::Error> {
        let name = String::deserialize(d)?;
        Tile::from_mjai(&name).map(T).map_err(D::Error::custom)
    }
}

fn tiles(ts: &[Tile]) -> Vec<T> {
    ts.iter().map(|&t| T(t)).collect()
}

fn plain<const N: usize>(ts: [T; N]) -> [Tile; N] {
    ts.map(|t| t.0)
}

/// An integer from `MIN` to `MAX` (a seat 0-3, a kyoku, honba and sticks).
#[derive(Clone, Copy, Serialize)]
#[serde(transparent)]
struct Upto<const MIN: u64, const MAX: u64>(u64);

type Seat = Upto<0, 3>;

impl<'de, const MIN: u64, const MAX: u64> Deserialize<'de> for Upto<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let x = i64::deserialize(d)?;
        u64::try_from(x)
            .ok()
            .filter(|x| (MIN..=MAX).contains(x))
            .map(Upto)
            .ok_or_else(|| {
                D::Error::invalid_value(Unexpected::Signed(x), &format!("{MIN}-{MAX}").as_str())
            })
    }
}

fn seat(s: usize) -> Seat {
    Upto(s as u64)
}

/// A name from a fixed list (winds, limits, draw reasons).
macro_rules! named {
    ($name:ident, $ty:ty, $all:expr, $name_of:expr, $what:literal) => {
        #[derive(Clone, Copy)]
        struct $name($ty);

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                s.serialize_str($name_of(self.0))
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
                let n = String::deserialize(d)?;
                $all.iter()
                    .find(|&&x| $name_of(x) == n)
                    .map(|&x| $name(x))
                    .ok_or_else(|| {
                        D::Error::custom(format_args!(concat!("unknown ", $what, " {:?}"), n))
                    })
            }
        }
    };
}

named!(
    Wind,
    u8,
    [0u8, 1, 2, 3],
    |w: u8| WINDS[w as usize & 3],
    "wind (E, S, W or N)"
);
named!(LimitName, Limit, LIMITS, Limit::name, "limit");
named!(
    Reason,
    DrawReason,
    DRAW_REASONS,
    DrawReason::name,
    "draw reason"
);

impl Default for LimitName {
    fn default() -> Self {
        LimitName(Limit::None)
    }
}

impl Default for Reason {
    fn default() -> Self {
        Reason(DrawReason::Exhaustive)
    }
}

/// A yaku with its han, as `[id, han]`.
struct YakuHan(Yaku, u32);

impl Serialize for YakuHan {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        (self.0.id(), self.1).serialize(s)
    }
}

impl<'de> Deserialize<'de> for YakuHan {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let (id, han) = <(String, u32)>::deserialize(d)
            .map_err(|e| D::Error::custom(format_args!("a yaku is [id, han]: {e}")))?;
        // Renhou is a yakuman or not by its han.
        Yaku::all()
            .filter(|y| y.id() == id)
            .find(|y| y.is_yakuman() == (han >= 13) || id != "renhou")
            .map(|y| YakuHan(y, han))
            .ok_or_else(|| D::Error::custom(format_args!("unknown yaku id {id:?}")))
    }
}

/// Two dice faces, 1-6 each.
type Dice = [Upto<1, 6>; 2];

/// One mjai event as its JSON object says it. Fields a log may leave out have
/// defaults; `None` scores are filled from the scores before.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Wire {
    StartGame,
    StartKyoku {
        bakaze: Wind,
        kyoku: Upto<0, 4>,
        honba: Upto<0, 1000>,
        kyotaku: Upto<0, 1000>,
        oya: Seat,
        dora_marker: T,
        scores: [i64; 4],
        tehais: [Vec<T>; 4],
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<Dice>,
    },
    Tsumo {
        actor: Seat,
        pai: T,
    },
    Dahai {
        actor: Seat,
        pai: T,
        #[serde(default)]
        tsumogiri: bool,
    },
    Chi {
        actor: Seat,
        target: Seat,
        pai: T,
        consumed: [T; 2],
    },
    Pon {
        actor: Seat,
        target: Seat,
        pai: T,
        consumed: [T; 2],
    },
    Daiminkan {
        actor: Seat,
        target: Seat,
        pai: T,
        consumed: [T; 3],
    },
    Kakan {
        actor: Seat,
        pai: T,
        consumed: [T; 3],
    },
    Ankan {
        actor: Seat,
        consumed: [T; 4],
    },
    Dora {
        dora_marker: T,
    },
    Reach {
        actor: Seat,
    },
    ReachAccepted {
        actor: Seat,
        scores: Option<[i64; 4]>,
    },
    Hora {
        actor: Seat,
        target: Seat,
        pai: T,
        #[serde(default)]
        hora_tehais: Vec<T>,
        #[serde(default)]
        uradora_markers: Vec<T>,
        #[serde(default, alias = "fan")]
        han: u32,
        #[serde(default)]
        fu: u32,
        #[serde(default, alias = "hora_points")]
        points: u64,
        #[serde(default)]
        yakus: Vec<YakuHan>,
        #[serde(default)]
        dora: u32,
        #[serde(default)]
        ura: u32,
        #[serde(default)]
        aka: u32,
        #[serde(default)]
        limit: LimitName,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pao: Option<Seat>,
        #[serde(default)]
        deltas: [i64; 4],
        scores: Option<[i64; 4]>,
    },
    Ryukyoku {
        #[serde(default)]
        reason: Reason,
        #[serde(default)]
        tenpais: [bool; 4],
        #[serde(default)]
        deltas: [i64; 4],
        scores: Option<[i64; 4]>,
    },
    EndKyoku,
    EndGame {
        scores: Option<[i64; 4]>,
    },
    /// Any other type (`none`, bots' messages): not a game event.
    #[serde(other)]
    Other,
}

impl Wire {
    /// The mjai form of `e`.
    fn of(e: &Event) -> Wire {
        match e {
            Event::StartGame => Wire::StartGame,
            Event::StartKyoku {
                round_wind,
                kyoku,
                honba,
                sticks,
                dealer,
                dora_marker,
                scores,
                hands,
                dice,
            } => Wire::StartKyoku {
                bakaze: Wind(*round_wind),
                kyoku: Upto(u64::from(*kyoku)),
                honba: Upto(u64::from(*honba)),
                kyotaku: Upto(u64::from(*sticks)),
                oya: seat(*dealer),
                dora_marker: T(*dora_marker),
                scores: *scores,
                tehais: hands.each_ref().map(|h| tiles(h)),
                dice: dice.map(|d| d.map(|f| Upto(u64::from(f)))),
            },
            &Event::Tsumo { seat: s, tile } => Wire::Tsumo {
                actor: seat(s),
                pai: T(tile),
            },
            &Event::Dahai {
                seat: s,
                tile,
                tsumogiri,
            } => Wire::Dahai {
                actor: seat(s),
                pai: T(tile),
                tsumogiri,
            },
            &Event::Chi {
                seat: s,
                target,
                tile,
                consumed,
            } => Wire::Chi {
                actor: seat(s),
                target: seat(target),
                pai: T(tile),
                consumed: consumed.map(T),
            },
            &Event::Pon {
                seat: s,
                target,
                tile,
                consumed,
            } => Wire::Pon {
                actor: seat(s),
                target: seat(target),
                pai: T(tile),
                consumed: consumed.map(T),
            },
            &Event::Daiminkan {
                seat: s,
                target,
                tile,
                consumed,
            } => Wire::Daiminkan {
                actor: seat(s),
                target: seat(target),
                pai: T(tile),
                consumed: consumed.map(T),
            },
            &Event::Kakan {
                seat: s,
                tile,
                consumed,
            } => Wire::Kakan {
                actor: seat(s),
                pai: T(tile),
                consumed: consumed.map(T),
            },
            &Event::Ankan { seat: s, consumed } => Wire::Ankan {
                actor: seat(s),
                consumed: consumed.map(T),
            },
            &Event::Dora { marker } => Wire::Dora {
                dora_marker: T(marker),
            },
            &Event::Reach { seat: s } => Wire::Reach { actor: seat(s) },
            &Event::ReachAccepted { seat: s, scores } => Wire::ReachAccepted {
                actor: seat(s),
                scores: Some(scores),
            },
            Event::Hora { .. } => Wire::hora(e),
            Event::Ryukyoku {
                reason,
                tenpai,
                deltas,
                scores,
            } => Wire::Ryukyoku {
                reason: Reason(*reason),
                tenpais: *tenpai,
                deltas: *deltas,
                scores: Some(*scores),
            },
            Event::EndKyoku => Wire::EndKyoku,
            Event::EndGame { scores } => Wire::EndGame {
                scores: Some(*scores),
            },
        }
    }

    fn hora(e: &Event) -> Wire {
        let Event::Hora {
            seat: s,
            target,
            han,
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
            return Wire::Other;
        };
        Wire::Hora {
            actor: seat(*s),
            target: seat(*target),
            pai: T(*tile),
            hora_tehais: tiles(hand),
            uradora_markers: tiles(ura_markers),
            han: *han,
            fu: *fu,
            points: *points,
            yakus: yaku.iter().map(|&(y, h)| YakuHan(y, h)).collect(),
            dora: *dora,
            ura: *ura,
            aka: *aka,
            limit: LimitName(*limit),
            pao: pao.map(seat),
            deltas: *deltas,
            scores: Some(*scores),
        }
    }

    /// The event, `None` for a type that is no game event; `before` are the
    /// scores before it (for the scores a log leaves out).
    fn event(self, before: [i64; 4]) -> std::result::Result<Option<Event>, String> {
        let after = |scores: Option<[i64; 4]>, deltas: [i64; 4]| {
            scores.unwrap_or_else(|| std::array::from_fn(|k| before[k] + deltas[k]))
        };
        let s = |x: Seat| x.0 as usize;
        Ok(Some(match self {
            Wire::StartGame => Event::StartGame,
            Wire::StartKyoku {
                bakaze,
                kyoku,
                honba,
                kyotaku,
                oya,
                dora_marker,
                scores,
                tehais,
                dice,
            } => {
                if let Some(h) = tehais.iter().find(|h| h.len() != 13) {
                    return Err(format!("a hand is dealt 13 tiles, got {}", h.len()));
                }
                Event::StartKyoku {
                    round_wind: bakaze.0,
                    kyoku: kyoku.0.max(1) as u8,
                    honba: honba.0 as u32,
                    sticks: kyotaku.0 as u32,
                    dealer: s(oya),
                    dora_marker: dora_marker.0,
                    scores,
                    hands: tehais.map(|h| h.into_iter().map(|t| t.0).collect()),
                    dice: dice.map(|d| d.map(|f| f.0 as u8)),
                }
            }
            Wire::Tsumo { actor, pai } => Event::Tsumo {
                seat: s(actor),
                tile: pai.0,
            },
            Wire::Dahai {
                actor,
                pai,
                tsumogiri,
            } => Event::Dahai {
                seat: s(actor),
                tile: pai.0,
                tsumogiri,
            },
            Wire::Chi {
                actor,
                target,
                pai,
                consumed,
            } => Event::Chi {
                seat: s(actor),
                target: s(target),
                tile: pai.0,
                consumed: plain(consumed),
            },
            Wire::Pon {
                actor,
                target,
                pai,
                consumed,
            } => Event::Pon {
                seat: s(actor),
                target: s(target),
                tile: pai.0,
                consumed: plain(consumed),
            },
            Wire::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => Event::Daiminkan {
                seat: s(actor),
                target: s(target),
                tile: pai.0,
                consumed: plain(consumed),
            },
            Wire::Kakan {
                actor,
                pai,
                consumed,
            } => Event::Kakan {
                seat: s(actor),
                tile: pai.0,
                consumed: plain(consumed),
            },
            Wire::Ankan { actor, consumed } => Event::Ankan {
                seat: s(actor),
                consumed: plain(consumed),
            },
            Wire::Dora { dora_marker } => Event::Dora {
                marker: dora_marker.0,
            },
            Wire::Reach { actor } => Event::Reach { seat: s(actor) },
            Wire::ReachAccepted { actor, scores } => {
                let mut stick = [0; 4];
                stick[s(actor)] = -1000;
                Event::ReachAccepted {
                    seat: s(actor),
                    scores: after(scores, stick),
                }
            }
            Wire::Hora {
                actor,
                target,
                pai,
                hora_tehais,
                uradora_markers,
                han,
                fu,
                points,
                yakus,
                dora,
                ura,
                aka,
                limit,
                pao,
                deltas,
                scores,
            } => Event::Hora {
                seat: s(actor),
                target: s(target),
                han,
                fu,
                points,
                tile: pai.0,
                hand: hora_tehais.into_iter().map(|t| t.0).collect(),
                ura_markers: uradora_markers.into_iter().map(|t| t.0).collect(),
                yaku: yakus.into_iter().map(|y| (y.0, y.1)).collect(),
                dora,
                ura,
                aka,
                limit: limit.0,
                pao: pao.map(s),
                deltas,
                scores: after(scores, deltas),
            },
            Wire::Ryukyoku {
                reason,
                tenpais,
                deltas,
                scores,
            } => Event::Ryukyoku {
                reason: reason.0,
                tenpai: tenpais,
                deltas,
                scores: after(scores, deltas),
            },
            Wire::EndKyoku => Event::EndKyoku,
            Wire::EndGame { scores } => Event::EndGame {
                scores: after(scores, [0; 4]),
            },
            Wire::Other => return Ok(None),
        }))
    }
}

/// The mjai object of one event.
pub fn event_to_json(e: &Event) -> Value {
    serde_json::to_value(Wire::of(e)).expect("an event serializes")
}

/// The record as mjai JSON lines (each line one event, `\n` after each).
pub fn write_mjai(record: &GameRecord) -> String {
    let mut out = String::new();
    for e in &record.events {
        let mut v = event_to_json(e);
        match e {
            Event::StartGame => {
                let names: Vec<&str> = record.players.iter().map(|p| p.name.as_str()).collect();
                v["names"] = json!(names);
                let rules = record.rules.changes_to_json_value(&Rules::default());
                if !rules.is_empty() {
                    v["rules"] = Value::Object(rules);
                }
                if let Some(id) = &record.log_id {
                    v["log_id"] = json!(id);
                }
                if record.first_dealer != 0 {
                    v["first_dealer"] = json!(record.first_dealer);
                }
                if let Some(t) = record.tenhou_type {
                    v["tenhou_type"] = json!(t);
                }
                if let Some(l) = record.lobby {
                    v["lobby"] = json!(l);
                }
                if let Some(seed) = &record.shuffle_seed {
                    v["shuffle_seed"] = json!(seed);
                }
                let ps = &record.players;
                if ps.iter().any(|p| p.dan.is_some()) {
                    v["dan"] = json!(ps.iter().map(|p| p.dan).collect::<Vec<_>>());
                }
                if ps.iter().any(|p| p.rate.is_some()) {
                    v["rate"] = json!(ps.iter().map(|p| p.rate).collect::<Vec<_>>());
                }
                if ps.iter().any(|p| p.sex.is_some()) {
                    v["sex"] = json!(ps.iter().map(|p| p.sex.clone()).collect::<Vec<_>>());
                }
            }
            Event::EndGame { .. } => {
                if let Some(r) = record.final_scores {
                    v["results"] = json!(r.map(|x| x as f64 / 10.0));
                }
            }
            _ => {}
        }
        out.push_str(&v.to_string());
        out.push('\n');
    }
    out
}

/// Where a reader is: the line, for messages.
struct At(usize);

impl At {
    fn err(&self, what: impl std::fmt::Display) -> MahjongError {
        MahjongError::LogParse(format!("mjai line {}: {what}", self.0))
    }
}

/// The event of one mjai object; `Ok(None)` for types that are not game events.
/// `scores` are the scores before the event (to fill what a log leaves out).
fn event_from_json(v: &Value, scores: [i64; 4], at: &At) -> Result<Option<Event>> {
    // Messages name the event type, when there is one, before what was wrong.
    let kind = v
        .get("type")
        .and_then(Value::as_str)
        .map_or(String::new(), |k| format!("{} ", shortened(k)));
    let wire = Wire::deserialize(v).map_err(|e| at.err(format_args!("{kind}{e}")))?;
    wire.event(scores)
        .map_err(|e| at.err(format_args!("{kind}{e}")))
}

/// The game's own fields of `start_game`: names, rules, ids and Tenhou's
/// player data.
fn read_start_game(v: &Value, record: &mut GameRecord, at: &At) -> Result<()> {
    if let Some(r) = v.get("rules") {
        record.rules = Rules::from_json_value(r).map_err(|e| at.err(e))?;
    }
    if let Some(ns) = v.get("names").and_then(Value::as_array) {
        for (p, name) in record.players.iter_mut().zip(ns) {
            *p = PlayerInfo {
                name: name.as_str().unwrap_or_default().to_string(),
                ..PlayerInfo::default()
            };
        }
    }
    record.log_id = v.get("log_id").and_then(Value::as_str).map(String::from);
    let small = |key: &str| {
        v.get(key)
            .and_then(Value::as_u64)
            .and_then(|x| u32::try_from(x).ok())
    };
    record.tenhou_type = small("tenhou_type");
    record.lobby = small("lobby");
    record.shuffle_seed = v
        .get("shuffle_seed")
        .and_then(Value::as_str)
        .map(String::from);
    for (s, p) in record.players.iter_mut().enumerate() {
        let at = |key: &str| v.get(key).and_then(|a| a.get(s));
        p.dan = at("dan")
            .and_then(Value::as_u64)
            .and_then(|d| u8::try_from(d).ok());
        p.rate = at("rate").and_then(Value::as_f64);
        p.sex = at("sex").and_then(Value::as_str).map(String::from);
    }
    if let Some(d) = v.get("first_dealer") {
        record.first_dealer = Seat::deserialize(d)
            .map_err(|e| at.err(format_args!("\"first_dealer\": {e}")))?
            .0 as usize;
    }
    Ok(())
}

/// The final scores of `end_game` (`results`, uma included).
fn read_results(v: &Value, record: &mut GameRecord, at: &At) -> Result<()> {
    if let Some(r) = v.get("results") {
        let r = <[f64; 4]>::deserialize(r)
            .map_err(|e| at.err(format_args!("\"results\" must be 4 numbers: {e}")))?;
        record.final_scores = Some(r.map(|x| (x * 10.0).round() as i64));
    }
    Ok(())
}

/// A record from mjai JSON lines (blank lines skipped).
pub fn read_mjai(text: &str) -> Result<GameRecord> {
    let mut record = GameRecord::new(Rules::default());
    let mut scores = [0i64; 4];
    for (n, line) in text.lines().enumerate() {
        let at = At(n + 1);
        if line.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(line).map_err(|e| at.err(e))?;
        if !v.is_object() {
            return Err(at.err("expected a JSON object"));
        }
        let Some(e) = event_from_json(&v, scores, &at)? else {
            continue;
        };
        match e {
            Event::StartGame => read_start_game(&v, &mut record, &at)?,
            Event::EndGame { .. } => read_results(&v, &mut record, &at)?,
            _ => {}
        }
        if record.events.is_empty() && !matches!(e, Event::StartGame) {
            record.events.push(Event::StartGame);
        }
        if let Some(s) = e.scores_after() {
            scores = s;
        }
        record.events.push(e);
    }
    if record.events.is_empty() {
        return Err(MahjongError::LogParse("mjai: no events".into()));
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::agents::AgentKind;
    use crate::game::sim;

    #[test]
    fn engine_games_round_trip() {
        for seed in 0..20 {
            let rules = if seed % 2 == 0 {
                Rules::default()
            } else {
                Rules::preset("mleague").unwrap()
            };
            let (game, _) = sim::play(&rules, seed, [AgentKind::Random; 4]).unwrap();
            let record = GameRecord::from_game(&game);
            let text = write_mjai(&record);
            let back = read_mjai(&text).unwrap();
            assert_eq!(back, record, "seed {seed}");
        }
    }

    #[test]
    fn errors_name_the_line() {
        let e =
            read_mjai("{\"type\":\"start_game\"}\n{\"type\":\"tsumo\",\"actor\":7}").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        let e = read_mjai("{\"type\":\"dahai\"").unwrap_err();
        assert!(e.to_string().contains("line 1"), "{e}");
        assert!(read_mjai("").is_err());
        // What was wrong: the event type and the value.
        let msg = |line: &str| read_mjai(line).unwrap_err().to_string();
        let m = msg(r#"{"type":"tsumo","actor":7,"pai":"5m"}"#);
        assert!(
            m.contains("line 1: tsumo") && m.contains('7') && m.contains("0-3"),
            "{m}"
        );
        let m = msg(r#"{"type":"dahai","actor":0,"pai":"9x"}"#);
        assert!(m.contains("dahai") && m.contains("9x"), "{m}");
        let m = msg(r#"{"type":"pon","actor":0,"target":1,"pai":"5m"}"#);
        assert!(m.contains("missing field `consumed`"), "{m}");
        let m = msg(r#"{"type":"hora","actor":0,"target":1,"pai":"5m","yakus":[["nothing",1]]}"#);
        assert!(m.contains("unknown yaku id \"nothing\""), "{m}");
        let m = msg(r#"{"type":"ryukyoku","reason":"tired"}"#);
        assert!(m.contains("unknown draw reason \"tired\""), "{m}");
        let m = msg(r#"{"type":"start_game","rules":{"kirage":true}}"#);
        assert!(m.contains("unknown rule option"), "{m}");
        assert!(read_mjai(r#"{"type":"none"}"#).is_err(), "no events");
    }
}
