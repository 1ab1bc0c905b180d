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
use crate::error::{MahjongError, Result};
use crate::game::engine::{DrawReason, Event};
use crate::rules::Rules;
use crate::score::points::Limit;
use crate::score::Yaku;
use crate::tile::Tile;
use serde_json::{json, Value};

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

fn names(ts: &[Tile]) -> Vec<String> {
    ts.iter().map(|t| t.mjai()).collect()
}

/// The mjai object of one event.
pub fn event_to_json(e: &Event) -> Value {
    match e {
        Event::StartGame => json!({"type": "start_game"}),
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
        } => {
            let mut v = json!({
                "type": "start_kyoku",
                "bakaze": WINDS[*round_wind as usize & 3],
                "kyoku": kyoku,
                "honba": honba,
                "kyotaku": sticks,
                "oya": dealer,
                "dora_marker": dora_marker.mjai(),
                "scores": scores,
                "tehais": hands.iter().map(|h| names(h)).collect::<Vec<_>>(),
            });
            if let Some(d) = dice {
                v["dice"] = json!(d);
            }
            v
        }
        Event::Tsumo { seat, tile } => json!({"type": "tsumo", "actor": seat, "pai": tile.mjai()}),
        Event::Dahai {
            seat,
            tile,
            tsumogiri,
        } => json!({"type": "dahai", "actor": seat, "pai": tile.mjai(), "tsumogiri": tsumogiri}),
        Event::Chi {
            seat,
            target,
            tile,
            consumed,
        } => call("chi", *seat, *target, *tile, consumed),
        Event::Pon {
            seat,
            target,
            tile,
            consumed,
        } => call("pon", *seat, *target, *tile, consumed),
        Event::Daiminkan {
            seat,
            target,
            tile,
            consumed,
        } => call("daiminkan", *seat, *target, *tile, consumed),
        Event::Kakan {
            seat,
            tile,
            consumed,
        } => {
            json!({"type": "kakan", "actor": seat, "pai": tile.mjai(), "consumed": names(consumed)})
        }
        Event::Ankan { seat, consumed } => {
            json!({"type": "ankan", "actor": seat, "consumed": names(consumed)})
        }
        Event::Dora { marker } => json!({"type": "dora", "dora_marker": marker.mjai()}),
        Event::Reach { seat } => json!({"type": "reach", "actor": seat}),
        Event::ReachAccepted { seat, scores } => {
            json!({"type": "reach_accepted", "actor": seat, "scores": scores})
        }
        Event::Hora {
            seat,
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
        } => {
            let mut v = json!({
                "type": "hora",
                "actor": seat,
                "target": target,
                "pai": tile.mjai(),
                "hora_tehais": names(hand),
                "uradora_markers": names(ura_markers),
                "han": han,
                "fu": fu,
                "points": points,
                "yakus": yaku.iter().map(|(y, h)| json!([y.id(), h])).collect::<Vec<_>>(),
                "dora": dora,
                "ura": ura,
                "aka": aka,
                "limit": limit.name(),
                "deltas": deltas,
                "scores": scores,
            });
            if let Some(p) = pao {
                v["pao"] = json!(p);
            }
            v
        }
        Event::Ryukyoku {
            reason,
            tenpai,
            deltas,
            scores,
        } => json!({
            "type": "ryukyoku",
            "reason": reason.name(),
            "tenpais": tenpai,
            "deltas": deltas,
            "scores": scores,
        }),
        Event::EndKyoku => json!({"type": "end_kyoku"}),
        Event::EndGame { scores } => json!({"type": "end_game", "scores": scores}),
    }
}

fn call(kind: &str, seat: usize, target: usize, tile: Tile, consumed: &[Tile]) -> Value {
    json!({"type": kind, "actor": seat, "target": target, "pai": tile.mjai(), "consumed": names(consumed)})
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

fn field<'a>(v: &'a Value, key: &str, at: &At) -> Result<&'a Value> {
    v.get(key)
        .ok_or_else(|| at.err(format_args!("expected the field {key:?}")))
}

fn int(v: &Value, key: &str, at: &At) -> Result<i64> {
    field(v, key, at)?
        .as_i64()
        .ok_or_else(|| at.err(format_args!("{key:?} must be an integer")))
}

fn uint(v: &Value, key: &str, max: u64, at: &At) -> Result<u64> {
    let x = int(v, key, at)?;
    u64::try_from(x)
        .ok()
        .filter(|&x| x <= max)
        .ok_or_else(|| at.err(format_args!("{key:?} must be 0-{max}, got {x}")))
}

fn seat(v: &Value, key: &str, at: &At) -> Result<usize> {
    Ok(uint(v, key, 3, at)? as usize)
}

fn tile_of(v: &Value, at: &At) -> Result<Tile> {
    let s = v
        .as_str()
        .ok_or_else(|| at.err(format_args!("a tile name must be a string, got {v}")))?;
    Tile::from_mjai(s).map_err(|e| at.err(e))
}

fn tile(v: &Value, key: &str, at: &At) -> Result<Tile> {
    tile_of(field(v, key, at)?, at)
}

fn tiles(v: &Value, key: &str, at: &At) -> Result<Vec<Tile>> {
    field(v, key, at)?
        .as_array()
        .ok_or_else(|| at.err(format_args!("{key:?} must be a list of tiles")))?
        .iter()
        .map(|t| tile_of(t, at))
        .collect()
}

fn tiles_n<const N: usize>(v: &Value, key: &str, at: &At) -> Result<[Tile; N]> {
    let ts = tiles(v, key, at)?;
    let n = ts.len();
    ts.try_into()
        .map_err(|_| at.err(format_args!("{key:?} must hold {N} tiles, got {n}")))
}

fn four<T>(v: &Value, key: &str, at: &At, f: impl Fn(&Value) -> Option<T>) -> Result<[T; 4]> {
    let a = field(v, key, at)?
        .as_array()
        .filter(|a| a.len() == 4)
        .ok_or_else(|| at.err(format_args!("{key:?} must be a list of 4")))?;
    let items: Vec<T> = a
        .iter()
        .map(&f)
        .collect::<Option<_>>()
        .ok_or_else(|| at.err(format_args!("{key:?} has a value of the wrong type")))?;
    items
        .try_into()
        .map_err(|_| at.err(format_args!("{key:?} must be a list of 4")))
}

fn opt_u32(v: &Value, keys: &[&str], at: &At) -> Result<u32> {
    for k in keys {
        if v.get(*k).is_some() {
            return Ok(uint(v, k, u64::from(u32::MAX), at)? as u32);
        }
    }
    Ok(0)
}

/// Like [`opt_u32`] for any `u64`: a win's points (aotenjou's are unbounded, and
/// the writer writes the record's `u64`).
fn opt_u64(v: &Value, keys: &[&str], at: &At) -> Result<u64> {
    for k in keys {
        if let Some(x) = v.get(*k) {
            return x
                .as_u64()
                .ok_or_else(|| at.err(format_args!("{k:?} must be 0-{}, got {x}", u64::MAX)));
        }
    }
    Ok(0)
}

/// The event of one mjai object; `Ok(None)` for types that are not game events.
/// `scores` are the scores before the event (to fill what a log leaves out).
fn event_from_json(v: &Value, scores: [i64; 4], at: &At) -> Result<Option<Event>> {
    let kind = field(v, "type", at)?
        .as_str()
        .ok_or_else(|| at.err("\"type\" must be a string"))?;
    let e = match kind {
        "start_game" => Event::StartGame,
        "start_kyoku" => {
            let wind = field(v, "bakaze", at)?
                .as_str()
                .and_then(|w| WINDS.iter().position(|x| *x == w))
                .ok_or_else(|| at.err("\"bakaze\" must be E, S, W or N"))?;
            let hands_v = field(v, "tehais", at)?
                .as_array()
                .filter(|a| a.len() == 4)
                .ok_or_else(|| at.err("\"tehais\" must be 4 lists of tiles"))?;
            let mut hands: [Vec<Tile>; 4] = Default::default();
            for (h, hv) in hands.iter_mut().zip(hands_v) {
                *h = hv
                    .as_array()
                    .ok_or_else(|| at.err("\"tehais\" must be 4 lists of tiles"))?
                    .iter()
                    .map(|t| tile_of(t, at))
                    .collect::<Result<_>>()?;
                if h.len() != 13 {
                    return Err(at.err(format_args!("a hand is dealt 13 tiles, got {}", h.len())));
                }
            }
            let dice = match v.get("dice") {
                None | Some(Value::Null) => None,
                Some(_) => Some(tiles_or_dice(v, at)?),
            };
            Event::StartKyoku {
                round_wind: wind as u8,
                kyoku: uint(v, "kyoku", 4, at)?.max(1) as u8,
                honba: uint(v, "honba", 1000, at)? as u32,
                sticks: uint(v, "kyotaku", 1000, at)? as u32,
                dealer: seat(v, "oya", at)?,
                dora_marker: tile(v, "dora_marker", at)?,
                scores: four(v, "scores", at, Value::as_i64)?,
                hands,
                dice,
            }
        }
        "tsumo" => Event::Tsumo {
            seat: seat(v, "actor", at)?,
            tile: tile(v, "pai", at)?,
        },
        "dahai" => Event::Dahai {
            seat: seat(v, "actor", at)?,
            tile: tile(v, "pai", at)?,
            tsumogiri: v.get("tsumogiri").and_then(Value::as_bool).unwrap_or(false),
        },
        "chi" => Event::Chi {
            seat: seat(v, "actor", at)?,
            target: seat(v, "target", at)?,
            tile: tile(v, "pai", at)?,
            consumed: tiles_n(v, "consumed", at)?,
        },
        "pon" => Event::Pon {
            seat: seat(v, "actor", at)?,
            target: seat(v, "target", at)?,
            tile: tile(v, "pai", at)?,
            consumed: tiles_n(v, "consumed", at)?,
        },
        "daiminkan" => Event::Daiminkan {
            seat: seat(v, "actor", at)?,
            target: seat(v, "target", at)?,
            tile: tile(v, "pai", at)?,
            consumed: tiles_n(v, "consumed", at)?,
        },
        "kakan" => Event::Kakan {
            seat: seat(v, "actor", at)?,
            tile: tile(v, "pai", at)?,
            consumed: tiles_n(v, "consumed", at)?,
        },
        "ankan" => Event::Ankan {
            seat: seat(v, "actor", at)?,
            consumed: tiles_n(v, "consumed", at)?,
        },
        "dora" => Event::Dora {
            marker: tile(v, "dora_marker", at)?,
        },
        "reach" => Event::Reach {
            seat: seat(v, "actor", at)?,
        },
        "reach_accepted" => {
            let s = seat(v, "actor", at)?;
            let scores = if v.get("scores").is_some() {
                four(v, "scores", at, Value::as_i64)?
            } else {
                let mut sc = scores;
                sc[s] -= 1000;
                sc
            };
            Event::ReachAccepted { seat: s, scores }
        }
        "hora" => {
            let s = seat(v, "actor", at)?;
            let yaku = match v.get("yakus") {
                None => Vec::new(),
                Some(y) => y
                    .as_array()
                    .ok_or_else(|| at.err("\"yakus\" must be a list of [id, han]"))?
                    .iter()
                    .map(|p| {
                        let id = p.get(0).and_then(Value::as_str);
                        let han = p.get(1).and_then(Value::as_u64);
                        let (Some(id), Some(han)) = (id, han) else {
                            return Err(at.err(format_args!("a yaku is [id, han], got {p}")));
                        };
                        let han = u32::try_from(han).map_err(|_| at.err("yaku han too large"))?;
                        Yaku::all()
                            .filter(|y| y.id() == id)
                            .find(|y| y.is_yakuman() == (han >= 13) || id != "renhou")
                            .map(|y| (y, han))
                            .ok_or_else(|| at.err(format_args!("unknown yaku id {id:?}")))
                    })
                    .collect::<Result<_>>()?,
            };
            let limit = match v.get("limit").and_then(Value::as_str) {
                None => Limit::None,
                Some(n) => *LIMITS
                    .iter()
                    .find(|l| l.name() == n)
                    .ok_or_else(|| at.err(format_args!("unknown limit {n:?}")))?,
            };
            let deltas = if v.get("deltas").is_some() {
                four(v, "deltas", at, Value::as_i64)?
            } else {
                [0; 4]
            };
            let after = if v.get("scores").is_some() {
                four(v, "scores", at, Value::as_i64)?
            } else {
                std::array::from_fn(|k| scores[k] + deltas[k])
            };
            let opt_tiles = |key: &str| -> Result<Vec<Tile>> {
                if v.get(key).is_some() {
                    tiles(v, key, at)
                } else {
                    Ok(Vec::new())
                }
            };
            Event::Hora {
                seat: s,
                target: seat(v, "target", at)?,
                han: opt_u32(v, &["han", "fan"], at)?,
                fu: opt_u32(v, &["fu"], at)?,
                points: opt_u64(v, &["points", "hora_points"], at)?,
                tile: match v.get("pai") {
                    Some(p) => tile_of(p, at)?,
                    None => return Err(at.err("expected the field \"pai\"")),
                },
                hand: opt_tiles("hora_tehais")?,
                ura_markers: opt_tiles("uradora_markers")?,
                yaku,
                dora: opt_u32(v, &["dora"], at)?,
                ura: opt_u32(v, &["ura"], at)?,
                aka: opt_u32(v, &["aka"], at)?,
                limit,
                pao: match v.get("pao") {
                    None | Some(Value::Null) => None,
                    Some(_) => Some(seat(v, "pao", at)?),
                },
                deltas,
                scores: after,
            }
        }
        "ryukyoku" => {
            let reason = match v.get("reason").and_then(Value::as_str) {
                None => DrawReason::Exhaustive,
                Some(n) => *DRAW_REASONS
                    .iter()
                    .find(|r| r.name() == n)
                    .ok_or_else(|| at.err(format_args!("unknown draw reason {n:?}")))?,
            };
            let deltas = if v.get("deltas").is_some() {
                four(v, "deltas", at, Value::as_i64)?
            } else {
                [0; 4]
            };
            Event::Ryukyoku {
                reason,
                tenpai: if v.get("tenpais").is_some() {
                    four(v, "tenpais", at, Value::as_bool)?
                } else {
                    [false; 4]
                },
                deltas,
                scores: if v.get("scores").is_some() {
                    four(v, "scores", at, Value::as_i64)?
                } else {
                    std::array::from_fn(|k| scores[k] + deltas[k])
                },
            }
        }
        "end_kyoku" => Event::EndKyoku,
        "end_game" => Event::EndGame {
            scores: if v.get("scores").is_some() {
                four(v, "scores", at, Value::as_i64)?
            } else {
                scores
            },
        },
        _ => return Ok(None),
    };
    Ok(Some(e))
}

fn tiles_or_dice(v: &Value, at: &At) -> Result<[u8; 2]> {
    let d = field(v, "dice", at)?
        .as_array()
        .filter(|a| a.len() == 2)
        .and_then(|a| {
            let x: Vec<u8> = a
                .iter()
                .map(|x| x.as_u64().filter(|x| (1..=6).contains(x)).map(|x| x as u8))
                .collect::<Option<_>>()?;
            Some([x[0], x[1]])
        });
    d.ok_or_else(|| at.err("\"dice\" must be two numbers 1-6"))
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
        if matches!(e, Event::StartGame) {
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
            if v.get("first_dealer").is_some() {
                record.first_dealer = seat(&v, "first_dealer", &at)?;
            }
        }
        if let Event::EndGame { .. } = e {
            if v.get("results").is_some() {
                let r = four(&v, "results", &at, Value::as_f64)?;
                record.final_scores = Some(r.map(|x| (x * 10.0).round() as i64));
            }
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
    }
}
