//! Reading tenhou.net/6 JSON: the game's own fields, and each hand's lists read
//! into items that [`super::play`] hands to the engine.

use super::play::play_hand;
use super::result::{read_win, Win};
use super::{tile_of_code, CallStr, DRAW_NAMES, TENHOU_DAN_NAMES, WINDS};
use crate::error::{shortened, MahjongError, Result};
use crate::game::{DrawReason, Event};
use crate::logs::record::{tenhou_lobby_rules, tenhou_type, GameRecord, PlayerInfo};
use crate::meld::{MeldKind, Relative};
use crate::rules::{FinalRounding, GameLength, Rules};
use crate::tile::Tile;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::fmt::Display;

/// Where a reader is, for messages.
pub(super) struct At(String);

impl At {
    pub(super) fn err(&self, what: impl Display) -> MahjongError {
        MahjongError::LogParse(format!("{}: {what}", self.0))
    }

    /// An error at a `place` within (`draws of seat 2, item 5`).
    pub(super) fn at(&self, place: impl Display, what: impl Display) -> MahjongError {
        MahjongError::LogParse(format!("{} {place}: {what}", self.0))
    }
}

fn top(what: impl Display) -> MahjongError {
    MahjongError::LogParse(format!("tenhou6: {what}"))
}

/// A JSON value as messages quote it.
pub(super) fn show(v: &Value) -> String {
    shortened(&v.to_string())
}

/// `n` integers.
fn ints(v: &Value, n: usize) -> Option<Vec<i64>> {
    let a = v.as_array().filter(|a| a.len() == n)?;
    a.iter().map(Value::as_i64).collect()
}

fn four_ints(v: &Value) -> Option<[i64; 4]> {
    ints(v, 4)?.try_into().ok()
}

fn seat_of(v: &Value) -> Option<usize> {
    v.as_u64().filter(|&s| s < 4).map(|s| s as usize)
}

/// JSON text of the JSON itself or of a `…tenhou.net/6/#json=<url-encoded>` link.
fn json_text(text: &str) -> Result<Cow<'_, str>> {
    let t = text.trim();
    if t.starts_with('{') {
        return Ok(Cow::Borrowed(t));
    }
    let Some(i) = t.find("#json=") else {
        return Err(top(
            "expected a JSON object or a tenhou.net/6 link with #json=",
        ));
    };
    let b = t.as_bytes();
    let (mut out, mut k) = (Vec::new(), i + 6);
    while let Some(&c) = b.get(k) {
        if c == b'%' {
            let hex = |j: usize| b.get(j).and_then(|d| (*d as char).to_digit(16));
            let (Some(hi), Some(lo)) = (hex(k + 1), hex(k + 2)) else {
                return Err(top(format_args!("bad %-escape at byte {k} of the link")));
            };
            out.push((hi * 16 + lo) as u8);
            k += 3;
        } else {
            out.push(c);
            k += 1;
        }
    }
    String::from_utf8(out)
        .map(Cow::Owned)
        .map_err(|_| top("the link's JSON is not UTF-8 once decoded"))
}

/// The lobby type bits a `disp` name says.
fn lobby_bits(disp: &str) -> u32 {
    use tenhou_type::{HANCHAN, JOUKYUU, NO_AKA, NO_KUITAN, SANMA, SOKU, TOKUJOU, VS_HUMAN};
    let mut bits = VS_HUMAN;
    if disp.contains('東') || disp.contains('南') {
        let has = |c: char| disp.contains(c);
        for (c, bit, present) in [
            ('南', HANCHAN, true),
            ('喰', NO_KUITAN, false),
            ('赤', NO_AKA, false),
            ('三', SANMA, true),
            ('速', SOKU, true),
            ('上', JOUKYUU, true),
            ('特', TOKUJOU, true),
            ('鳳', JOUKYUU | TOKUJOU, true),
        ] {
            if has(c) == present {
                bits |= bit;
            }
        }
    } else if !disp.contains("East") {
        // Another tool's name ("Gold Room South") or none: east and south.
        bits |= HANCHAN;
    }
    bits
}

/// A Mahjong Soul room's name (`金の間`, `三銀の間赤`): its rules, three players
/// when the name starts with 三, east only unless it says 南.
pub(super) fn mahjong_soul_rules(disp: &str) -> Option<Result<Rules>> {
    if !disp.contains("の間") {
        return None;
    }
    let preset = if disp.starts_with('三') {
        "mahjong_soul_sanma"
    } else {
        "mahjong_soul"
    };
    Some(Rules::preset(preset).map(|r| Rules {
        game_length: if disp.contains('南') {
            GameLength::Hanchan
        } else {
            GameLength::East
        },
        ..r
    }))
}

/// The rules of the `rule` object, and the Tenhou lobby type bits (`None` for
/// another site's room).
fn read_rule(rule: Option<&Value>) -> Result<(Rules, Option<u32>)> {
    if rule.is_some_and(|r| !r.is_object()) {
        return Err(top("\"rule\" must be an object"));
    }
    let field = |k: &str| rule.and_then(|r| r.get(k));
    let disp = match field("disp") {
        None => "",
        Some(d) => d
            .as_str()
            .ok_or_else(|| top("\"rule\".\"disp\" must be a string"))?,
    };
    let (mut rules, bits) = if let Some(rules) = mahjong_soul_rules(disp) {
        (rules?, None)
    } else {
        let bits = lobby_bits(disp);
        let rules = tenhou_lobby_rules(bits).map_err(|e| top(format_args!("\"rule\": {e}")))?;
        (rules, Some(bits))
    };
    let aka = |k: &str| -> Result<Option<u8>> {
        field(k)
            .map(|v| {
                v.as_u64()
                    .filter(|&n| n <= 4)
                    .map(|n| n as u8)
                    .ok_or_else(|| top(format_args!("\"rule\".\"{k}\" must be a count 0-4")))
            })
            .transpose()
    };
    if let Some(n) = aka("aka")? {
        rules.red_fives = [n; 3];
    }
    for (i, k) in ["aka51", "aka52", "aka53"].into_iter().enumerate() {
        if let Some(n) = aka(k)? {
            rules.red_fives[i] = n;
        }
    }
    if rules.players == 3 {
        // Three-player games have no 5m; Tenhou writes aka51 all the same.
        rules.red_fives[0] = 0;
    }
    rules
        .check()
        .map_err(|e| top(format_args!("\"rule\": {e}")))?;
    Ok((rules, bits))
}

/// Four values of the top-level `key` read by `f` (`None`: the key is absent).
fn four_of<T>(
    obj: &Map<String, Value>,
    key: &str,
    what: &str,
    f: impl Fn(&Value) -> Option<T>,
) -> Result<Option<[T; 4]>> {
    let Some(v) = obj.get(key) else {
        return Ok(None);
    };
    let bad = || {
        top(format_args!(
            "{key:?} must be a list of 4 {what}, got {}",
            show(v)
        ))
    };
    let a = v.as_array().filter(|a| a.len() == 4).ok_or_else(bad)?;
    let items: Vec<T> = a.iter().map(f).collect::<Option<_>>().ok_or_else(bad)?;
    items.try_into().map(Some).map_err(|_| bad())
}

/// A record from tenhou.net/6 JSON, or from a link carrying it (`#json=`).
pub fn read_tenhou6(text: &str) -> Result<GameRecord> {
    let text = json_text(text)?;
    let v: Value = serde_json::from_str(&text).map_err(|e| top(format_args!("not JSON: {e}")))?;
    let obj = v.as_object().ok_or_else(|| top("expected a JSON object"))?;
    let (rules, bits) = read_rule(obj.get("rule"))?;
    let mut record = GameRecord::new(rules);
    record.tenhou_type = bits;
    read_ids(obj, &mut record)?;
    record.players = read_players(obj)?;
    read_hands(obj, &mut record)?;
    read_final(obj, &mut record)?;
    Ok(record)
}

/// The log id (`ref`) and the lobby number.
fn read_ids(obj: &Map<String, Value>, record: &mut GameRecord) -> Result<()> {
    record.log_id = match obj.get("ref") {
        None => None,
        Some(r) => Some(
            r.as_str()
                .ok_or_else(|| top("\"ref\" must be a string"))?
                .to_string(),
        ),
    };
    record.lobby = match obj.get("lobby") {
        None => None,
        Some(l) => Some(
            l.as_u64()
                .and_then(|l| u32::try_from(l).ok())
                .ok_or_else(|| top("\"lobby\" must be a lobby number"))?,
        ),
    };
    Ok(())
}

/// The players' names, ranks, ratings and sex letters.
fn read_players(obj: &Map<String, Value>) -> Result<[PlayerInfo; 4]> {
    let names = four_of(obj, "name", "names", |v| v.as_str().map(String::from))?;
    let dan = four_of(obj, "dan", "rank names", |v| {
        let s = v.as_str()?;
        Some(
            TENHOU_DAN_NAMES
                .iter()
                .position(|d| *d == s)
                .map(|d| d as u8),
        )
    })?;
    let rate = four_of(obj, "rate", "ratings", |v| match v {
        Value::Null => Some(None),
        _ => v.as_f64().map(Some),
    })?;
    let sx = four_of(obj, "sx", "letters", |v| {
        v.as_str().map(|s| (!s.is_empty()).then(|| s.to_string()))
    })?;
    Ok(std::array::from_fn(|s| PlayerInfo {
        name: names.as_ref().map(|n| n[s].clone()).unwrap_or_default(),
        dan: dan.and_then(|d| d[s]),
        rate: rate.and_then(|r| r[s]),
        sex: sx.as_ref().and_then(|x| x[s].clone()),
    }))
}

/// `StartGame` and every hand of `log`.
fn read_hands(obj: &Map<String, Value>, record: &mut GameRecord) -> Result<()> {
    let hands = obj
        .get("log")
        .and_then(Value::as_array)
        .filter(|l| !l.is_empty())
        .ok_or_else(|| top("\"log\" must be a non-empty list of hands"))?;
    record.events.push(Event::StartGame);
    for (i, h) in hands.iter().enumerate() {
        let hand = HandLog::read(&record.rules, i, h)?;
        record.events.extend(play_hand(&hand)?);
    }
    Ok(())
}

/// The final points and scores (`sc`): `EndGame`, and no rounding when the
/// scores keep tenths.
fn read_final(obj: &Map<String, Value>, record: &mut GameRecord) -> Result<()> {
    let Some(sc) = obj.get("sc") else {
        return Ok(());
    };
    let bad = || {
        top(format_args!(
            "\"sc\" must be 4 pairs of final points and score, got {}",
            show(sc)
        ))
    };
    let a = sc.as_array().filter(|a| a.len() == 8).ok_or_else(bad)?;
    let mut points = [0i64; 4];
    let mut scores = [0i64; 4];
    for s in 0..4 {
        points[s] = a[2 * s].as_i64().ok_or_else(bad)?;
        let x = a[2 * s + 1]
            .as_f64()
            .filter(|x| x.abs() < 1e15)
            .ok_or_else(bad)?;
        scores[s] = (x * 10.0).round() as i64;
    }
    record.final_scores = Some(scores);
    record.events.push(Event::EndGame { scores: points });
    if record.final_scores_show_tenths() {
        record.rules.final_rounding = FinalRounding::None;
    }
    Ok(())
}

/// One item of a seat's draws.
pub(super) enum Draw {
    Tile(Tile),
    /// A chi, pon or daiminkan of `called` from the seat at `rel`, with the
    /// hand's `consumed` tiles; `text` the item as the log writes it.
    Call {
        kind: MeldKind,
        rel: Relative,
        called: Tile,
        consumed: Vec<Tile>,
        text: String,
    },
}

/// One item of a seat's discards.
pub(super) enum Discard {
    /// A discard (`None`: 60, the tile drawn), a riichi's with `riichi`.
    Tile {
        tile: Option<Tile>,
        riichi: bool,
    },
    /// The 0 that follows a daiminkan.
    KanSkip,
    /// A North set aside (kita, three players): `f44`.
    Kita,
    Ankan {
        tiles: [Tile; 4],
    },
    /// A kakan of `tiles`, the added one at `pos` (its pon's tiles after it).
    Kakan {
        tiles: [Tile; 4],
        pos: usize,
    },
}

/// How a hand ended, as its result says.
pub(super) enum Outcome {
    Wins(Vec<WinLog>),
    Draw {
        name: String,
        reason: DrawReason,
        deltas: [i64; 4],
    },
}

/// One win of a result.
pub(super) struct WinLog {
    pub(super) who: usize,
    pub(super) from: usize,
    pub(super) pao: usize,
    pub(super) deltas: [i64; 4],
    pub(super) win: Win,
}

/// One hand as its log entry says, read but not played.
pub(super) struct HandLog<'a> {
    pub(super) at: At,
    pub(super) rules: &'a Rules,
    /// Hand number from the start (0 = East 1).
    pub(super) round: u8,
    pub(super) honba: u32,
    pub(super) riichi_sticks: u32,
    pub(super) scores: [i64; 4],
    pub(super) dora: Vec<Tile>,
    pub(super) ura: Vec<Tile>,
    /// Each seat's deal, in Tenhou's order (by kind, a red five after its plain).
    pub(super) deals: [Vec<Tile>; 4],
    pub(super) draws: [Vec<Draw>; 4],
    pub(super) discards: [Vec<Discard>; 4],
    /// The lists as the log writes them, for messages.
    pub(super) raw: [(&'a [Value], &'a [Value]); 4],
    pub(super) outcome: Outcome,
}

impl<'a> HandLog<'a> {
    pub(super) fn dealer(&self) -> usize {
        (self.round % 4) as usize
    }

    /// The seats that play: 4, or 3 under three-player rules.
    pub(super) fn seats(&self) -> usize {
        usize::from(self.rules.players)
    }

    /// Entry `i` of `log`: a list of 17.
    fn read(rules: &'a Rules, i: usize, v: &'a Value) -> Result<HandLog<'a>> {
        let at = At(format!("tenhou6 log[{i}]"));
        let parts = v.as_array().filter(|a| a.len() == 17).ok_or_else(|| {
            at.err("a hand is a list of 17: [round, honba, sticks], scores, dora, ura, then dealt tiles, draws and discards of each seat, and the result")
        })?;
        let head = ints(&parts[0], 3)
            .filter(|h| (0..16).contains(&h[0]) && h[1..].iter().all(|x| (0..=1000).contains(x)))
            .ok_or_else(|| {
                at.err(format_args!(
                    "expected [round 0-15, honba, sticks], got {}",
                    show(&parts[0])
                ))
            })?;
        let (round, honba, riichi_sticks) = (head[0] as u8, head[1] as u32, head[2] as u32);
        let at = At(format!(
            "tenhou6 log[{i}] ({}{} {honba} honba)",
            WINDS[(round / 4) as usize],
            round % 4 + 1
        ));
        let scores = four_ints(&parts[1])
            .ok_or_else(|| at.err(format_args!("expected 4 scores, got {}", show(&parts[1]))))?;
        let dora = tiles(&at, &parts[2], "dora indicators")?;
        let ura = tiles(&at, &parts[3], "ura indicators")?;
        if dora.is_empty() || dora.len() > 5 || ura.len() > 5 {
            return Err(at.err("a hand shows 1-5 dora indicators and at most 5 ura indicators"));
        }
        let mut h = HandLog {
            at,
            rules,
            round,
            honba,
            riichi_sticks,
            scores,
            dora,
            ura,
            deals: Default::default(),
            draws: Default::default(),
            discards: Default::default(),
            raw: [(&[], &[]); 4],
            outcome: Outcome::Wins(Vec::new()),
        };
        for s in 0..4 {
            h.read_seat(s, &parts[4 + 3 * s..7 + 3 * s])?;
        }
        h.outcome = h.read_result(&parts[16])?;
        for s in 0..4 {
            h.read_items(s)?;
        }
        Ok(h)
    }

    /// Seat `s`'s deal, and its lists of draws and discards.
    fn read_seat(&mut self, s: usize, parts: &'a [Value]) -> Result<()> {
        let at = &self.at;
        let mut deal = tiles(at, &parts[0], &format!("dealt tiles of seat {s}"))?;
        // A deal has no order of its own here: Tenhou's (by kind, red after plain).
        deal.sort_by_key(|t| (t.kind(), t.is_red()));
        let three = self.rules.players == 3;
        if three && s == 3 {
            // The empty seat of a three-player game: nothing dealt, drawn or discarded.
            if parts
                .iter()
                .any(|p| p.as_array().is_none_or(|a| !a.is_empty()))
            {
                return Err(at.err(
                    "a three-player game has no seat 3: its dealt tiles, draws and discards are []",
                ));
            }
            return Ok(());
        }
        if let Some(t) = deal
            .iter()
            .find(|t| three && crate::algo::TileSet::Sanma.is_absent(t.kind()))
        {
            return Err(at.err(format_args!(
                "seat {s} is dealt {t}, which three players do not use (2m-8m are removed)"
            )));
        }
        if deal.len() != 13 {
            return Err(at.err(format_args!(
                "seat {s} has {} dealt tiles; a deal is 13",
                deal.len()
            )));
        }
        let list = |v: &'a Value, what: &str| {
            v.as_array().map(Vec::as_slice).ok_or_else(|| {
                at.err(format_args!(
                    "the {what} of seat {s} must be a list, got {}",
                    show(v)
                ))
            })
        };
        self.raw[s] = (list(&parts[1], "draws")?, list(&parts[2], "discards")?);
        self.deals[s] = deal;
        Ok(())
    }

    /// The items of seat `s`'s lists.
    fn read_items(&mut self, s: usize) -> Result<()> {
        let (at, (draws, discards)) = (&self.at, self.raw[s]);
        self.draws[s] = draws
            .iter()
            .enumerate()
            .map(|(i, v)| {
                read_draw(v).map_err(|w| at.at(format_args!("draws of seat {s}, item {i}"), w))
            })
            .collect::<Result<_>>()?;
        self.discards[s] = discards
            .iter()
            .enumerate()
            .map(|(i, v)| {
                read_discard(v)
                    .map_err(|w| at.at(format_args!("discards of seat {s}, item {i}"), w))
            })
            .collect::<Result<_>>()?;
        Ok(())
    }

    /// The result: the wins, or the draw.
    fn read_result(&self, v: &Value) -> Result<Outcome> {
        let result = v
            .as_array()
            .filter(|r| r.first().is_some_and(Value::is_string))
            .ok_or_else(|| {
                self.at.err(format_args!(
                    "the result must be a list starting with its name, got {}",
                    show(v)
                ))
            })?;
        let name = result[0].as_str().unwrap_or_default();
        if name == "和了" {
            self.read_wins(&result[1..]).map(Outcome::Wins)
        } else {
            self.read_draw(name, result)
        }
    }

    fn read_draw(&self, name: &str, result: &[Value]) -> Result<Outcome> {
        let at = |what: &dyn Display| self.at.err(format_args!("result {name:?}: {what}"));
        let reason = DRAW_NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, r)| r)
            .ok_or_else(|| at(&"unknown result (expected 和了 or a draw: 流局, 九種九牌, …)"))?;
        let deltas = match result {
            [_] => [0; 4],
            [_, d] => four_ints(d)
                .ok_or_else(|| at(&format_args!("expected 4 score changes, got {}", show(d))))?,
            _ => return Err(at(&"expected the name and at most the score changes")),
        };
        Ok(Outcome::Draw {
            name: name.to_string(),
            reason,
            deltas,
        })
    }

    /// Pairs of score changes and `[who, from, pao, points, yaku…]`.
    fn read_wins(&self, rest: &[Value]) -> Result<Vec<WinLog>> {
        if rest.is_empty() || rest.len() % 2 != 0 || rest.len() > 6 {
            return Err(self.at.err(
                "a win's result is [\"和了\", score changes, [who, from, pao, points, yaku…], …]",
            ));
        }
        let one = |n: usize, pair: &[Value]| -> Result<WinLog> {
            let at = |what: &dyn Display| self.at.err(format_args!("result, win {n}: {what}"));
            let deltas = four_ints(&pair[0]).ok_or_else(|| {
                at(&format_args!(
                    "expected 4 score changes, got {}",
                    show(&pair[0])
                ))
            })?;
            let info = pair[1].as_array().map(Vec::as_slice).unwrap_or_default();
            let (Some(who), Some(from), Some(pao)) = (
                info.first().and_then(seat_of),
                info.get(1).and_then(seat_of),
                info.get(2).and_then(seat_of),
            ) else {
                return Err(at(&format_args!(
                    "expected [who, from, pao, points, yaku…], got {}",
                    show(&pair[1])
                )));
            };
            let n = self.seats();
            if [who, from, pao].iter().any(|&s| s >= n) {
                return Err(at(&format_args!(
                    "a seat of {} is not one of the {n} players",
                    show(&pair[1])
                )));
            }
            let items = info.get(3..).unwrap_or_default();
            let seat_wind = ((who + n - self.dealer()) % n) as u8;
            let winds = (seat_wind, self.round / 4);
            let win = read_win(items, self.rules, winds).map_err(|w| at(&w))?;
            Ok(WinLog {
                who,
                from,
                pao,
                deltas,
                win,
            })
        };
        rest.chunks(2)
            .enumerate()
            .map(|(n, pair)| one(n, pair))
            .collect()
    }
}

/// A list of tile codes.
fn tiles(at: &At, v: &Value, what: &str) -> Result<Vec<Tile>> {
    let bad = || {
        at.err(format_args!(
            "{what}: expected a list of tile codes, got {}",
            show(v)
        ))
    };
    v.as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|t| t.as_i64().and_then(tile_of_code).ok_or_else(bad))
        .collect()
}

/// A draw: a tile code, or a chi, pon or daiminkan string.
fn read_draw(v: &Value) -> Result<Draw> {
    let expected =
        || MahjongError::LogParse(format!("expected a tile code or a call, got {}", show(v)));
    let Value::String(text) = v else {
        return v
            .as_i64()
            .and_then(tile_of_code)
            .map(Draw::Tile)
            .ok_or_else(expected);
    };
    let call = CallStr::parse(text).ok_or_else(expected)?;
    let (kind, rel, called) = call.claim().ok_or_else(|| {
        MahjongError::LogParse(format!("the call {text:?} is no chi, pon or daiminkan"))
    })?;
    let mut consumed = call
        .tiles()
        .ok_or_else(|| MahjongError::LogParse(format!("bad tile code in {text:?}")))?;
    consumed.remove(call.pos);
    Ok(Draw::Call {
        kind,
        rel,
        called,
        consumed,
        text: text.clone(),
    })
}

/// A discard: a tile code (60 the tile drawn, 0 after a daiminkan), a riichi,
/// an ankan or a kakan string, or a kita (`f44`).
fn read_discard(v: &Value) -> Result<Discard> {
    let code = |n: i64| match n {
        60 => Ok(None),
        _ => tile_of_code(n)
            .map(Some)
            .ok_or_else(|| MahjongError::LogParse(format!("expected a tile code, got {n}"))),
    };
    if let Some(n) = v.as_i64() {
        return match n {
            0 => Ok(Discard::KanSkip),
            _ => Ok(Discard::Tile {
                tile: code(n)?,
                riichi: false,
            }),
        };
    }
    let text = v.as_str().unwrap_or_default();
    let expected = || {
        MahjongError::LogParse(format!(
            "expected a tile code, a riichi, an ankan, a kakan or a kita, got {}",
            show(v)
        ))
    };
    let call = CallStr::parse(text).ok_or_else(expected)?;
    match (call.mark, call.codes.len()) {
        (b'r', 1) => Ok(Discard::Tile {
            tile: code(call.codes[0])?,
            riichi: true,
        }),
        (b'f', 1) if call.codes[0] == 44 => Ok(Discard::Kita),
        (b'f', 1) => Err(MahjongError::LogParse(format!(
            "{text:?}: a kita (f) sets aside a North, 44"
        ))),
        (b'a' | b'k', 4) => {
            let tiles: [Tile; 4] = call
                .tiles()
                .and_then(|t| t.try_into().ok())
                .ok_or_else(|| MahjongError::LogParse(format!("bad tile code in {text:?}")))?;
            if tiles.iter().any(|t| t.kind() != tiles[0].kind()) {
                return Err(MahjongError::LogParse(format!(
                    "{text:?}: a kan is four of a kind"
                )));
            }
            match (call.mark, call.pos) {
                (b'a', _) => Ok(Discard::Ankan { tiles }),
                (_, pos @ 0..3) => Ok(Discard::Kakan { tiles, pos }),
                _ => Err(MahjongError::LogParse(format!("{text:?}: the k of a kakan comes before the added tile and the pon's called tile"))),
            }
        }
        _ => Err(expected()),
    }
}
