//! tenhou.net/6 JSON: the game-log format of Tenhou's web viewer (what Tenhou
//! exports, and what `https://tenhou.net/6/#json=…` links carry), read into and
//! written from a [`GameRecord`].
//!
//! # The format
//!
//! One JSON object: `ver` (2.3), `ref` (the log id), `log` (the hands), `ratingc`
//! (`"PF4"`), `rule` (`{"disp":"鳳南喰赤","aka53":1,"aka52":1,"aka51":1}`: the
//! lobby's name, whose letters say the room 般/上/特/鳳, 東 east-only or 南 east and
//! south, 喰 open tanyao, 赤 red fives, 速 fast, 三 three players; then the red
//! fives per suit, which other tools give as one `aka`), `lobby`, `dan` (rank names
//! from 新人 to 天鳳), `rate`, `sx`, `sc` (final points and final score with uma in
//! turn: `[4400,-46,…]`) and `name`. Seat 0 is the first dealer.
//!
//! Each hand of `log` has 17 entries: `[round, honba, sticks]` (round 0 is East 1,
//! 4 South 1, 8 West 1), the scores, the dora indicators (kan dora included), the
//! ura indicators (shown when a player in riichi wins), then for each seat its 13
//! dealt tiles, its draws and its discards, and last the result.
//!
//! Tiles are numbers: 11-19 man, 21-29 pin, 31-39 sou, 41-47 East South West North
//! Haku Hatsu Chun, 51/52/53 the red 5m/5p/5s. Among discards 60 is the tile just
//! drawn (tsumogiri) and 0 the discard a daiminkan skips. Strings are calls: two
//! digits a tile, and a letter in front of the tile it marks.
//!
//! * Draws hold the calls on discards, the letter before the called tile: chi
//!   `c375336` (from the left, the called tile first), pon `p424242`, `42p4242` or
//!   `4242p42` (the letter first: from the player on the left; second: across;
//!   last: on the right), daiminkan `m39393939`, `39m393939` or `393939m39`.
//! * Discards hold riichi `r21` (`r60` with the tile drawn), ankan `272727a27`, and
//!   kakan: the pon's string with `p` turned into `k` and the added tile
//!   (`4242p42` becomes `4242k4242`).
//!
//! Results: `["和了", deltas, [who, from, pao (who when none), points, yaku…], …]`
//! with one deltas and info pair per winner. The points read `30符2飜2000点`,
//! `満貫8000点`, `30符1飜300-500点` (a child's tsumo: what each child pays, what the
//! dealer pays) or `40符2飜1300点∀` (the dealer's tsumo: what each pays), without
//! honba; the yaku `立直(1飜)`, `国士無双(役満)`, then `ドラ`, `赤ドラ` and `裏ドラ`.
//! Draws: `["流局", deltas]`, `["全員聴牌"]`, `["全員不聴"]`, `["流し満貫", deltas]`,
//! and the abortive `["九種九牌"]`, `["四家立直"]`, `["三家和了"]`, `["四槓散了"]` and
//! `["四風連打"]`.
//!
//! # Reading
//!
//! The draws and discards of the four seats interleave by turn: the reader plays
//! the turns (after a discard the next to act is a seat whose next draw is a call
//! on it, else the next seat; when the calls read two ways it tries each) and
//! emits the engine's events in the engine's order (an open kan's dora just before
//! its replacement discard, riichi sticks once the riichi discard passes). What the
//! format leaves out it works out by tracking the hands: who is tenpai at an
//! exhaustive draw, the winner's tiles, and the fu of a limit hand (by scoring the
//! win). Call tiles come in the engine's order (a chi's or pon's sorted, a kan's as
//! the hand holds them). Yaku may also be named in romaji (`Riichi(1飜)`,
//! `Ura Dora(0飜)`); a lobby name that is not Tenhou's means the Tenhou rules with
//! east and south. A kakan robbed while an earlier open kan's dora is owed may
//! leave that indicator out (some tools do). Final scores with tenths mean no
//! rounding (`final_rounding` none, as Tenhou since about 2021).
//!
//! # Writing
//!
//! The writer follows Tenhou's exports (byte for byte on the shared ones): `ver`
//! 2.3 always, `ratingc` and `lobby` when the lobby is known, `rule` with the red
//! fives per suit, `dan`, `rate` and `sx` when some player has them, `sc` when the
//! game's end is known; call tiles by number with a red five last, dora entries
//! only when non-zero, `全員聴牌` and `全員不聴` without payments.
//!
//! Not carried: dice, rules beyond the lobby's options, `title` and `connection`
//! (disconnections); a record read back has the lobby type bits of its rules.

use super::record::{
    check_writable, tenhou_lobby_rules, tenhou_type, yaku_from_tenhou, GameRecord, PlayerInfo,
    TENHOU_AKA, TENHOU_DORA, TENHOU_URA,
};
use crate::error::{shortened, MahjongError, Result};
use crate::game::{tenpai_at_draw, DrawReason, Event};
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind, Relative};
use crate::rules::{FinalRounding, GameLength, KanDoraTiming, Rules};
use crate::score::points::Limit;
use crate::score::{score, WinContext, Yaku};
use crate::tile::{Counts, Suit, Tile, KINDS};
use serde_json::{json, Value};
use std::borrow::Cow;
use std::fmt::Display;

/// Tenhou's yaku names by Tenhou number (0-54), as its JSON writes them.
pub const TENHOU_YAKU_NAMES: [&str; 55] = [
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風 東",
    "自風 南",
    "自風 西",
    "自風 北",
    "場風 東",
    "場風 南",
    "場風 西",
    "場風 北",
    "役牌 白",
    "役牌 發",
    "役牌 中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
];

/// Tenhou's rank names by dan index (0 = 新人 … 20 = 天鳳).
pub const TENHOU_DAN_NAMES: [&str; 21] = [
    "新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級", "初段", "二段",
    "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
];

/// The limits as the points string names them (multiple yakuman read `役満` too).
const LIMIT_NAMES: [(Limit, &str); 6] = [
    (Limit::Mangan, "満貫"),
    (Limit::Haneman, "跳満"),
    (Limit::Baiman, "倍満"),
    (Limit::Sanbaiman, "三倍満"),
    (Limit::KazoeYakuman, "数え役満"),
    (Limit::Yakuman, "役満"),
];

/// The draws by name; `全員聴牌` and `全員不聴` are exhaustive draws without
/// payments.
const DRAW_NAMES: [(&str, DrawReason); 9] = [
    ("流局", DrawReason::Exhaustive),
    ("全員聴牌", DrawReason::Exhaustive),
    ("全員不聴", DrawReason::Exhaustive),
    ("流し満貫", DrawReason::NagashiMangan),
    ("九種九牌", DrawReason::KyuushuKyuuhai),
    ("四風連打", DrawReason::SuufonRenda),
    ("四槓散了", DrawReason::Suukaikan),
    ("四家立直", DrawReason::SuuchaRiichi),
    ("三家和了", DrawReason::Sanchahou),
];

const WINDS: [&str; 4] = ["E", "S", "W", "N"];

/// How many ways of reading a hand's calls the reader tries before giving up.
const TRIALS: u32 = 2000;

// ---------------------------------------------------------------------------
// Tiles and call strings

/// The tile of a Tenhou tile code (11-47, 51-53).
fn tile_of_code(code: i64) -> Option<Tile> {
    let n = (code % 10) as u8;
    match code / 10 {
        1..=3 if (1..=9).contains(&n) => {
            Tile::from_suit_number(Suit::ALL[(code / 10 - 1) as usize], n)
        }
        4 if (1..=7).contains(&n) => Tile::from_suit_number(Suit::Z, n),
        5 if (1..=3).contains(&n) => Tile::red(Suit::ALL[(n - 1) as usize]),
        _ => None,
    }
}

/// Tenhou's code of a tile.
fn code(t: Tile) -> u8 {
    let suit = t.suit() as u8 + 1;
    if t.is_red() {
        50 + suit
    } else {
        suit * 10 + t.number()
    }
}

/// A string of the draws or discards: its letter, the index of the tile the
/// letter marks, and the tile codes.
struct CallStr {
    mark: u8,
    pos: usize,
    codes: Vec<i64>,
}

impl CallStr {
    fn parse(s: &str) -> Option<CallStr> {
        let b = s.as_bytes();
        let (mut mark, mut codes, mut i) = (None, Vec::new(), 0);
        while let Some(&c) = b.get(i) {
            if c.is_ascii_lowercase() && mark.is_none() {
                mark = Some((c, codes.len()));
                i += 1;
            } else {
                let d = b
                    .get(i + 1)
                    .filter(|d| c.is_ascii_digit() && d.is_ascii_digit())?;
                codes.push(i64::from((c - b'0') * 10 + (d - b'0')));
                i += 2;
            }
        }
        let (mark, pos) = mark?;
        (codes.len() <= 4 && pos < codes.len()).then_some(CallStr { mark, pos, codes })
    }

    fn tiles(&self) -> Option<Vec<Tile>> {
        self.codes.iter().map(|&c| tile_of_code(c)).collect()
    }

    /// For a call on a discard (chi, pon, daiminkan): its kind, where the called
    /// tile came from and the called tile.
    fn claim(&self) -> Option<(MeldKind, Relative, Tile)> {
        let (kind, rel) = match (self.mark, self.codes.len(), self.pos) {
            (b'c', 3, 0) => (MeldKind::Chi, Relative::Left),
            (b'p', 3, p) => (
                MeldKind::Pon,
                [Relative::Left, Relative::Across, Relative::Right][p],
            ),
            (b'm', 4, 0) => (MeldKind::Daiminkan, Relative::Left),
            (b'm', 4, 1) => (MeldKind::Daiminkan, Relative::Across),
            (b'm', 4, 3) => (MeldKind::Daiminkan, Relative::Right),
            _ => return None,
        };
        Some((kind, rel, tile_of_code(*self.codes.get(self.pos)?)?))
    }
}

/// The seat `rel` of `seat`.
fn seat_at(seat: usize, rel: Relative) -> usize {
    let d = match rel {
        Relative::Left => 3,
        Relative::Across => 2,
        Relative::Right => 1,
    };
    (seat + d) % 4
}

/// Where `target` sits from `seat`.
fn relative(seat: usize, target: usize) -> Option<Relative> {
    match (target + 4 - seat) % 4 {
        3 => Some(Relative::Left),
        2 => Some(Relative::Across),
        1 => Some(Relative::Right),
        _ => None,
    }
}

/// Take one `t` out of `hand` (the first one, as the engine does).
fn take(hand: &mut Vec<Tile>, t: Tile) -> bool {
    hand.iter()
        .position(|x| *x == t)
        .map(|i| hand.remove(i))
        .is_some()
}

/// The tiles of `hand` of the kind of `tiles`, in the hand's order (as the engine
/// takes a kan's tiles), when they are `tiles`.
fn held_as(hand: &[Tile], tiles: &[Tile]) -> Option<Vec<Tile>> {
    let kind = tiles.first()?.kind();
    let held: Vec<Tile> = hand.iter().copied().filter(|t| t.kind() == kind).collect();
    let (mut a, mut b) = (held.clone(), tiles.to_vec());
    a.sort_unstable();
    b.sort_unstable();
    (a == b).then_some(held)
}

/// A call's tiles in Tenhou's order: by number, a red five after its plain fives.
fn tenhou_order(tiles: &[Tile]) -> Vec<Tile> {
    let mut v = tiles.to_vec();
    v.sort_by_key(|t| (t.kind(), t.is_red()));
    v
}

fn counts(tiles: &[Tile]) -> Counts {
    let mut c = [0u8; KINDS];
    for t in tiles {
        c[t.kind() as usize] = c[t.kind() as usize].saturating_add(1);
    }
    c
}

// ---------------------------------------------------------------------------
// Reading

/// Where a reader is, for messages.
struct At(String);

impl At {
    fn err(&self, what: impl Display) -> MahjongError {
        MahjongError::LogParse(format!("{}: {what}", self.0))
    }

    /// An error at a `place` within (`draws of seat 2, item 5`).
    fn at(&self, place: impl Display, what: impl Display) -> MahjongError {
        MahjongError::LogParse(format!("{} {place}: {what}", self.0))
    }
}

fn top(what: impl Display) -> MahjongError {
    MahjongError::LogParse(format!("tenhou6: {what}"))
}

/// A JSON value as messages quote it.
fn show(v: &Value) -> String {
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

/// The rules and lobby type bits of the `rule` object.
fn read_rule(rule: Option<&Value>) -> Result<(Rules, u32)> {
    use tenhou_type::{HANCHAN, JOUKYUU, NO_AKA, NO_KUITAN, SANMA, SOKU, TOKUJOU, VS_HUMAN};
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
    let mut rules = tenhou_lobby_rules(bits).map_err(|e| top(format_args!("\"rule\": {e}")))?;
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
    rules
        .check()
        .map_err(|e| top(format_args!("\"rule\": {e}")))?;
    Ok((rules, bits))
}

/// Four values of the top-level `key` read by `f` (`None`: the key is absent).
fn four_of<T>(
    obj: &serde_json::Map<String, Value>,
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
    record.tenhou_type = Some(bits);
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
    for (s, p) in record.players.iter_mut().enumerate() {
        *p = PlayerInfo {
            name: names.as_ref().map(|n| n[s].clone()).unwrap_or_default(),
            dan: dan.and_then(|d| d[s]),
            rate: rate.and_then(|r| r[s]),
            sex: sx.as_ref().and_then(|x| x[s].clone()),
        };
    }
    let hands = obj
        .get("log")
        .and_then(Value::as_array)
        .filter(|l| !l.is_empty())
        .ok_or_else(|| top("\"log\" must be a non-empty list of hands"))?;
    record.events.push(Event::StartGame);
    for (i, h) in hands.iter().enumerate() {
        let events = read_hand(&record.rules, i, h)?;
        record.events.extend(events);
    }
    if let Some(sc) = obj.get("sc") {
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
    }
    Ok(record)
}

/// What a hand's play reads and does not change.
struct HandLog<'a> {
    at: At,
    rules: &'a Rules,
    round_wind: u8,
    honba: u32,
    dealer: usize,
    dora: Vec<Tile>,
    ura: Vec<Tile>,
    result: &'a [Value],
}

/// A seat's lists and what it holds.
#[derive(Clone)]
struct Seat<'a> {
    draws: &'a [Value],
    discards: &'a [Value],
    /// The next draw and discard to take.
    di: usize,
    ki: usize,
    hand: Vec<Tile>,
    melds: Vec<Meld>,
    /// The tile just drawn, while it is the seat's turn.
    drawn: Option<Tile>,
    /// In riichi (the stick paid).
    riichi: bool,
}

impl Seat<'_> {
    fn has_draw(&self) -> bool {
        self.di < self.draws.len()
    }

    fn tenpai(&self) -> bool {
        if self.hand.len() + 3 * self.melds.len() != 13 {
            return false;
        }
        let mut mc = [0u8; KINDS];
        for t in self.melds.iter().flat_map(Meld::tiles) {
            mc[t.kind() as usize] += 1;
        }
        tenpai_at_draw(&counts(&self.hand), &mc, self.melds.len())
    }
}

/// A hand being played from its lists.
#[derive(Clone)]
struct Play<'a> {
    seats: [Seat<'a>; 4],
    events: Vec<Event>,
    scores: [i64; 4],
    sticks: u32,
    /// Dora indicators revealed.
    shown: usize,
    /// An open kan's dora comes after the next discard.
    pending_dora: bool,
    /// Copies of each kind seen (dealt, drawn, indicators).
    seen: Counts,
}

/// What happens next in a hand.
#[derive(Clone, Copy)]
enum Step {
    Draw {
        seat: usize,
        rinshan: bool,
    },
    Turn {
        seat: usize,
        rinshan: bool,
    },
    Discarded {
        seat: usize,
        tile: Tile,
        riichi: bool,
    },
    End(End),
}

/// Where a hand ended.
#[derive(Clone, Copy)]
enum End {
    /// In `seat`'s turn (tsumo, nine terminals).
    Turn { seat: usize, rinshan: bool },
    /// On `seat`'s discard, which nobody called.
    Discard {
        seat: usize,
        tile: Tile,
        riichi: bool,
    },
    /// On `seat`'s kan of `tile` (robbed; `closed` for an ankan).
    Kan {
        seat: usize,
        tile: Tile,
        closed: bool,
    },
}

impl End {
    fn describe(self) -> String {
        match self {
            End::Turn { seat, .. } => format!("in the turn of seat {seat}"),
            End::Discard { seat, .. } => format!("after the discard of seat {seat}"),
            End::Kan { seat, .. } => format!("on the kan of seat {seat}"),
        }
    }
}

/// One hand's events, `StartKyoku` to `EndKyoku`.
fn read_hand(rules: &Rules, i: usize, v: &Value) -> Result<Vec<Event>> {
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
    let (round, honba, sticks) = (head[0] as u8, head[1] as u32, head[2] as u32);
    let at = At(format!(
        "tenhou6 log[{i}] ({}{} {honba} honba)",
        WINDS[(round / 4) as usize],
        round % 4 + 1
    ));
    let scores = four_ints(&parts[1])
        .ok_or_else(|| at.err(format_args!("expected 4 scores, got {}", show(&parts[1]))))?;
    let tiles = |v: &Value, what: &str| -> Result<Vec<Tile>> {
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
    };
    let dora = tiles(&parts[2], "dora indicators")?;
    let ura = tiles(&parts[3], "ura indicators")?;
    if dora.is_empty() || dora.len() > 5 || ura.len() > 5 {
        return Err(at.err("a hand shows 1-5 dora indicators and at most 5 ura indicators"));
    }
    let mut seen = counts(&dora);
    for (k, n) in counts(&ura).iter().enumerate() {
        seen[k] += n;
    }
    let mut hands: [Vec<Tile>; 4] = Default::default();
    let mut lists: [(&[Value], &[Value]); 4] = [(&[], &[]); 4];
    for s in 0..4 {
        hands[s] = tiles(&parts[4 + 3 * s], &format!("dealt tiles of seat {s}"))?;
        // A deal has no order of its own here: Tenhou's (by kind, red after plain).
        hands[s].sort_by_key(|t| (t.kind(), t.is_red()));
        if hands[s].len() != 13 {
            return Err(at.err(format_args!(
                "seat {s} has {} dealt tiles; a deal is 13",
                hands[s].len()
            )));
        }
        for t in &hands[s] {
            seen[t.kind() as usize] += 1;
        }
        let list = |k: usize, what: &str| {
            parts[k].as_array().map(Vec::as_slice).ok_or_else(|| {
                at.err(format_args!(
                    "the {what} of seat {s} must be a list, got {}",
                    show(&parts[k])
                ))
            })
        };
        lists[s] = (list(5 + 3 * s, "draws")?, list(6 + 3 * s, "discards")?);
    }
    if let Some(k) = (0..KINDS).find(|&k| seen[k] > 4) {
        return Err(at.err(format_args!(
            "more than 4 copies of {} dealt and shown",
            Tile::from_kind(k as u8).map_or(String::new(), |t| t.to_string())
        )));
    }
    let result = parts[16]
        .as_array()
        .filter(|r| r.first().is_some_and(Value::is_string))
        .ok_or_else(|| {
            at.err(format_args!(
                "the result must be a list starting with its name, got {}",
                show(&parts[16])
            ))
        })?;
    let dealer = (round % 4) as usize;
    let h = HandLog {
        at,
        rules,
        round_wind: (round / 4).min(3),
        honba,
        dealer,
        dora,
        ura,
        result,
    };
    let seats = std::array::from_fn(|s| Seat {
        draws: lists[s].0,
        discards: lists[s].1,
        di: 0,
        ki: 0,
        hand: hands[s].clone(),
        melds: Vec::new(),
        drawn: None,
        riichi: false,
    });
    let mut play = Play {
        seats,
        events: vec![Event::StartKyoku {
            round_wind: h.round_wind,
            kyoku: round % 4 + 1,
            honba,
            sticks,
            dealer,
            dora_marker: h.dora[0],
            scores,
            hands,
            dice: None,
        }],
        scores,
        sticks,
        shown: 1,
        pending_dora: false,
        seen,
    };
    let mut trials = TRIALS;
    play.run(
        &h,
        Step::Draw {
            seat: dealer,
            rinshan: false,
        },
        &mut trials,
    )?;
    Ok(play.events)
}

impl<'a> Play<'a> {
    /// Play from `step` to the end of the hand. At a discard that the calls let
    /// be read more than one way, each way is tried on a copy in turn.
    fn run(&mut self, h: &HandLog<'a>, mut step: Step, trials: &mut u32) -> Result<()> {
        loop {
            step = match step {
                Step::Draw { seat, rinshan } => {
                    self.draw(h, seat)?;
                    Step::Turn { seat, rinshan }
                }
                Step::Turn { seat, rinshan } => self.turn(h, seat, rinshan)?,
                Step::Discarded { seat, tile, riichi } => {
                    let callers = self.callers(seat, tile);
                    if callers.is_empty() {
                        self.pass(h, seat, riichi, tile, None)?
                    } else {
                        return self.branch(h, seat, tile, riichi, &callers, trials);
                    }
                }
                Step::End(end) => return self.finish(h, end),
            };
        }
    }

    fn branch(
        &mut self,
        h: &HandLog<'a>,
        seat: usize,
        tile: Tile,
        riichi: bool,
        callers: &[usize],
        trials: &mut u32,
    ) -> Result<()> {
        let mut first = None;
        for call in callers.iter().map(|&c| Some(c)).chain([None]) {
            if *trials == 0 {
                break;
            }
            *trials -= 1;
            let mut p = self.clone();
            match p
                .pass(h, seat, riichi, tile, call)
                .and_then(|s| p.run(h, s, trials))
            {
                Ok(()) => {
                    *self = p;
                    return Ok(());
                }
                Err(e) => {
                    first.get_or_insert(e);
                }
            }
        }
        Err(first.unwrap_or_else(|| h.at.err("the calls can be read too many ways")))
    }

    fn err(h: &HandLog, part: &str, seat: usize, item: usize, what: impl Display) -> MahjongError {
        h.at.at(format_args!("{part} of seat {seat}, item {item}"), what)
    }

    fn see(&mut self, h: &HandLog, t: Tile) -> Result<()> {
        let c = &mut self.seen[t.kind() as usize];
        *c += 1;
        if *c > 4 {
            return Err(h.at.err(format_args!("a fifth {t} is drawn")));
        }
        Ok(())
    }

    fn draw(&mut self, h: &HandLog, seat: usize) -> Result<()> {
        let s = &mut self.seats[seat];
        let i = s.di;
        let Some(item) = s.draws.get(i) else {
            return Err(Self::err(
                h,
                "draws",
                seat,
                i,
                "the seat draws here, but its draws end",
            ));
        };
        let tile = match item {
            Value::String(c) if CallStr::parse(c).is_some() => {
                let why = match CallStr::parse(c).and_then(|x| x.claim()) {
                    Some(_) => "takes no discard here (the seat draws)",
                    None => "is no chi, pon or daiminkan",
                };
                return Err(Self::err(
                    h,
                    "draws",
                    seat,
                    i,
                    format_args!("the call {c:?} {why}"),
                ));
            }
            _ => item.as_i64().and_then(tile_of_code).ok_or_else(|| {
                Self::err(
                    h,
                    "draws",
                    seat,
                    i,
                    format_args!("expected a tile code or a call, got {}", show(item)),
                )
            })?,
        };
        s.di += 1;
        s.hand.push(tile);
        s.drawn = Some(tile);
        self.events.push(Event::Tsumo { seat, tile });
        self.see(h, tile)
    }

    /// The seats whose next draw is a call on `seat`'s discard of `tile`, pon and
    /// kan before chi.
    fn callers(&self, seat: usize, tile: Tile) -> Vec<usize> {
        let mut found: Vec<(bool, usize)> = (1..4)
            .map(|d| (seat + d) % 4)
            .filter_map(|c| {
                let s = &self.seats[c];
                let call = CallStr::parse(s.draws.get(s.di)?.as_str()?)?;
                let (kind, rel, called) = call.claim()?;
                (seat_at(c, rel) == seat && called == tile).then_some((kind == MeldKind::Chi, c))
            })
            .collect();
        found.sort_by_key(|&(chi, _)| chi);
        found.into_iter().map(|(_, c)| c).collect()
    }

    /// The riichi of `seat` stands: its stick is paid.
    fn accept(&mut self, seat: usize) {
        self.seats[seat].riichi = true;
        self.scores[seat] = self.scores[seat].saturating_sub(1000);
        self.sticks = self.sticks.saturating_add(1);
        self.events.push(Event::ReachAccepted {
            seat,
            scores: self.scores,
        });
    }

    /// `seat`'s discard of `tile` is called by `call`, or passes: the next seat
    /// draws, or the hand is over.
    fn pass(
        &mut self,
        h: &HandLog,
        seat: usize,
        riichi: bool,
        tile: Tile,
        call: Option<usize>,
    ) -> Result<Step> {
        let next = (seat + 1) % 4;
        if call.is_none() && !self.seats[next].has_draw() {
            return Ok(Step::End(End::Discard { seat, tile, riichi }));
        }
        if riichi {
            self.accept(seat);
        }
        match call {
            Some(c) => self.call(h, c, seat, tile),
            None => Ok(Step::Draw {
                seat: next,
                rinshan: false,
            }),
        }
    }

    /// Seat `c` calls `from`'s discard `tile` (its next draw is the call).
    fn call(&mut self, h: &HandLog, c: usize, from: usize, tile: Tile) -> Result<Step> {
        let s = &mut self.seats[c];
        let i = s.di;
        let e = |what: &dyn Display| Self::err(h, "draws", c, i, what);
        let text = s.draws.get(i).and_then(Value::as_str).unwrap_or_default();
        let call = CallStr::parse(text).ok_or_else(|| e(&"expected a call"))?;
        let (kind, rel, _) = call.claim().ok_or_else(|| e(&"expected a call"))?;
        let mut consumed = call
            .tiles()
            .ok_or_else(|| e(&format_args!("bad tile code in {text:?}")))?;
        consumed.remove(call.pos);
        s.di += 1;
        // The engine's order: a chi's or pon's tiles sorted, a kan's as held.
        consumed.sort_unstable();
        if kind == MeldKind::Daiminkan {
            consumed = held_as(&s.hand, &consumed).ok_or_else(|| {
                e(&format_args!(
                    "the seat does not hold the tiles of {text:?}"
                ))
            })?;
        }
        for t in &consumed {
            if !take(&mut s.hand, *t) {
                return Err(e(&format_args!(
                    "the seat does not hold the {t} of {text:?}"
                )));
            }
        }
        let mut tiles = consumed.clone();
        tiles.push(tile);
        let meld = Meld::new(kind, &tiles, Some(tile), Some(rel), None)
            .map_err(|x| e(&format_args!("{text:?}: {x}")))?;
        s.melds.push(meld);
        s.drawn = None;
        let (seat, target) = (c, from);
        let two = |v: &[Tile]| [v[0], v[1]];
        match kind {
            MeldKind::Chi => self.events.push(Event::Chi {
                seat,
                target,
                tile,
                consumed: two(&consumed),
            }),
            MeldKind::Pon => self.events.push(Event::Pon {
                seat,
                target,
                tile,
                consumed: two(&consumed),
            }),
            _ => {
                let consumed = [consumed[0], consumed[1], consumed[2]];
                self.events.push(Event::Daiminkan {
                    seat,
                    target,
                    tile,
                    consumed,
                });
                self.kan_declared(h)?;
                self.open_kan_dora(h)?;
                let s = &mut self.seats[c];
                if s.discards.get(s.ki).and_then(Value::as_i64) != Some(0) {
                    return Err(Self::err(
                        h,
                        "discards",
                        c,
                        s.ki,
                        "expected the 0 that follows a daiminkan",
                    ));
                }
                s.ki += 1;
                return Ok(Step::Draw {
                    seat: c,
                    rinshan: true,
                });
            }
        }
        Ok(Step::Turn {
            seat: c,
            rinshan: false,
        })
    }

    fn reveal(&mut self, h: &HandLog) -> Result<()> {
        let marker = *h.dora.get(self.shown).ok_or_else(|| {
            h.at.err(format_args!(
                "a kan reveals a dora indicator, but the hand lists {}",
                h.dora.len()
            ))
        })?;
        self.shown += 1;
        self.events.push(Event::Dora { marker });
        Ok(())
    }

    /// A kan: the dora an earlier open kan still owes comes first.
    fn kan_declared(&mut self, h: &HandLog) -> Result<()> {
        if std::mem::take(&mut self.pending_dora) {
            self.reveal(h)?;
        }
        Ok(())
    }

    /// An open kan stands: its dora now or after the replacement discard.
    fn open_kan_dora(&mut self, h: &HandLog) -> Result<()> {
        if h.rules.kan_dora_timing == KanDoraTiming::Immediate {
            self.reveal(h)
        } else {
            self.pending_dora = true;
            Ok(())
        }
    }

    /// `seat`'s turn: its next discard, riichi or kan; none ends the hand.
    fn turn(&mut self, h: &HandLog, seat: usize, rinshan: bool) -> Result<Step> {
        let s = &mut self.seats[seat];
        let (list, i) = (s.discards, s.ki);
        let Some(item) = list.get(i) else {
            return Ok(Step::End(End::Turn { seat, rinshan }));
        };
        s.ki += 1;
        let place = format!("discards of seat {seat}, item {i}");
        let e = |what: &dyn Display| h.at.at(&place, what);
        if let Some(n) = item.as_i64() {
            return self.discard(h, &place, seat, n, false);
        }
        let text = item.as_str().unwrap_or_default();
        let expected = || {
            e(&format_args!(
                "expected a tile code, a riichi, an ankan or a kakan, got {}",
                show(item)
            ))
        };
        let call = CallStr::parse(text).ok_or_else(expected)?;
        match (call.mark, call.codes.len()) {
            (b'r', 1) => {
                if s.riichi {
                    return Err(e(&"a second riichi"));
                }
                self.events.push(Event::Reach { seat });
                self.discard(h, &place, seat, call.codes[0], true)
            }
            (b'a' | b'k', 4) => {
                let tiles = call
                    .tiles()
                    .ok_or_else(|| e(&format_args!("bad tile code in {text:?}")))?;
                let kind = tiles[0].kind();
                if tiles.iter().any(|t| t.kind() != kind) {
                    return Err(e(&format_args!("{text:?}: a kan is four of a kind")));
                }
                if call.mark == b'a' {
                    self.ankan(h, &place, seat, &tiles)
                } else if call.pos < 3 {
                    self.kakan(h, &place, seat, &tiles, call.pos)
                } else {
                    Err(e(&format_args!("{text:?}: the k of a kakan comes before the added tile and the pon's called tile")))
                }
            }
            _ => Err(expected()),
        }
    }

    /// A discard by code (60: the tile drawn).
    fn discard(
        &mut self,
        h: &HandLog,
        place: &str,
        seat: usize,
        code: i64,
        riichi: bool,
    ) -> Result<Step> {
        let e = |what: &dyn Display| h.at.at(place, what);
        let s = &mut self.seats[seat];
        let (tile, tsumogiri) = if code == 60 {
            (
                s.drawn
                    .ok_or_else(|| e(&"60 (the tile drawn) with no tile drawn"))?,
                true,
            )
        } else {
            let t = tile_of_code(code)
                .ok_or_else(|| e(&format_args!("expected a tile code, got {code}")))?;
            (t, false)
        };
        if !take(&mut s.hand, tile) {
            return Err(e(&format_args!("the seat does not hold {tile}")));
        }
        s.drawn = None;
        // An open kan's dora turns over with the replacement discard, logged just
        // before it.
        if std::mem::take(&mut self.pending_dora) {
            self.reveal(h)?;
        }
        self.events.push(Event::Dahai {
            seat,
            tile,
            tsumogiri,
        });
        Ok(Step::Discarded { seat, tile, riichi })
    }

    fn ankan(&mut self, h: &HandLog, place: &str, seat: usize, tiles: &[Tile]) -> Result<Step> {
        let e = |what: &dyn Display| h.at.at(place, what);
        let s = &mut self.seats[seat];
        let held = held_as(&s.hand, tiles).and_then(|v| <[Tile; 4]>::try_from(v).ok());
        let consumed = held.ok_or_else(|| e(&"the seat does not hold the tiles of its ankan"))?;
        for t in consumed {
            take(&mut s.hand, t);
        }
        s.melds
            .push(Meld::new(MeldKind::Ankan, &consumed, None, None, None).map_err(|x| e(&x))?);
        s.drawn = None;
        let more = s.has_draw();
        self.events.push(Event::Ankan { seat, consumed });
        self.kan_declared(h)?;
        self.reveal(h)?;
        Ok(if more {
            Step::Draw {
                seat,
                rinshan: true,
            }
        } else {
            let tile = consumed[0].plain();
            Step::End(End::Kan {
                seat,
                tile,
                closed: true,
            })
        })
    }

    /// A kakan of `tiles`, the added one at `pos` (its pon's tiles after it).
    fn kakan(
        &mut self,
        h: &HandLog,
        place: &str,
        seat: usize,
        tiles: &[Tile],
        pos: usize,
    ) -> Result<Step> {
        let e = |what: &dyn Display| h.at.at(place, what);
        let added = tiles[pos];
        let mut rest: Vec<Tile> = tiles.to_vec();
        rest.remove(pos);
        rest.sort();
        let s = &mut self.seats[seat];
        let i = s
            .melds
            .iter()
            .position(|m| m.kind() == MeldKind::Pon && m.first_kind() == added.kind())
            .ok_or_else(|| e(&format_args!("no pon of {added} to add to")))?;
        let pon = s.melds[i].clone();
        let consumed =
            <[Tile; 3]>::try_from(pon.tiles()).map_err(|_| e(&"a pon of three tiles"))?;
        if rest != consumed {
            return Err(e(&format_args!(
                "the kakan's pon is not the seat's pon of {added}"
            )));
        }
        if !take(&mut s.hand, added) {
            return Err(e(&format_args!(
                "the seat does not hold the {added} of its kakan"
            )));
        }
        s.melds[i] = Meld::new(
            MeldKind::Kakan,
            tiles,
            pon.called(),
            pon.from(),
            Some(added),
        )
        .map_err(|x| e(&x))?;
        s.drawn = None;
        let more = s.has_draw();
        self.events.push(Event::Kakan {
            seat,
            tile: added,
            consumed,
        });
        if !more && self.shown == h.dora.len() {
            // Robbed while an earlier open kan's dora is owed, and the log shows
            // no indicator for it: some tools leave it out.
            self.pending_dora = false;
        }
        self.kan_declared(h)?;
        if !more {
            return Ok(Step::End(End::Kan {
                seat,
                tile: added,
                closed: false,
            }));
        }
        self.open_kan_dora(h)?;
        Ok(Step::Draw {
            seat,
            rinshan: true,
        })
    }

    /// The hand is over at `end`: every list must be used up; the result's events.
    fn finish(&mut self, h: &HandLog, end: End) -> Result<()> {
        for (i, s) in self.seats.iter().enumerate() {
            let left = |part: &str, list: &[Value], k: usize| {
                list.get(k).map_or(Ok(()), |v| {
                    Err(h.at.err(format_args!(
                        "the hand ends {}, but the {part} of seat {i} go on at item {k} ({})",
                        end.describe(),
                        show(v)
                    )))
                })
            };
            left("draws", s.draws, s.di)?;
            left("discards", s.discards, s.ki)?;
        }
        if self.shown != h.dora.len() {
            return Err(h.at.err(format_args!(
                "the hand lists {} dora indicators, but its kans reveal {}",
                h.dora.len(),
                self.shown
            )));
        }
        let name = h.result.first().and_then(Value::as_str).unwrap_or_default();
        if name == "和了" {
            self.wins(h, end)?;
        } else {
            self.draw_result(h, end, name)?;
        }
        self.events.push(Event::EndKyoku);
        Ok(())
    }

    fn draw_result(&mut self, h: &HandLog, end: End, name: &str) -> Result<()> {
        let at = |what: &dyn Display| h.at.err(format_args!("result {name:?}: {what}"));
        let reason = DRAW_NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, r)| r)
            .ok_or_else(|| at(&"unknown result (expected 和了 or a draw: 流局, 九種九牌, …)"))?;
        let deltas = match h.result {
            [_] => [0; 4],
            [_, d] => four_ints(d)
                .ok_or_else(|| at(&format_args!("expected 4 score changes, got {}", show(d))))?,
            _ => return Err(at(&"expected the name and at most the score changes")),
        };
        let fits = match (reason, end) {
            (DrawReason::KyuushuKyuuhai, End::Turn { .. })
            | (DrawReason::Sanchahou, End::Discard { .. } | End::Kan { .. }) => true,
            (DrawReason::KyuushuKyuuhai | DrawReason::Sanchahou, _) => false,
            (_, End::Discard { seat, riichi, .. }) => {
                if riichi {
                    self.accept(seat);
                }
                true
            }
            _ => false,
        };
        if !fits {
            return Err(at(&format_args!(
                "the hand cannot end so {}",
                end.describe()
            )));
        }
        let tenpai = if reason.abortive() {
            [false; 4]
        } else {
            std::array::from_fn(|s| self.seats[s].tenpai())
        };
        for (sc, d) in self.scores.iter_mut().zip(deltas) {
            *sc = sc.saturating_add(d);
        }
        self.events.push(Event::Ryukyoku {
            reason,
            tenpai,
            deltas,
            scores: self.scores,
        });
        Ok(())
    }

    fn wins(&mut self, h: &HandLog, end: End) -> Result<()> {
        let rest = h.result.get(1..).unwrap_or_default();
        if rest.is_empty() || rest.len() % 2 != 0 || rest.len() > 6 {
            return Err(h.at.err(
                "a win's result is [\"和了\", score changes, [who, from, pao, points, yaku…], …]",
            ));
        }
        for (n, pair) in rest.chunks(2).enumerate() {
            let at = |what: &dyn Display| h.at.err(format_args!("result, win {n}: {what}"));
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
            let tsumo = who == from;
            let (tile, rinshan, robbed) = match end {
                End::Turn { seat, rinshan } if tsumo && seat == who && rest.len() == 2 => (
                    self.seats[who]
                        .drawn
                        .ok_or_else(|| at(&"a tsumo without a tile drawn"))?,
                    rinshan,
                    None,
                ),
                End::Discard { seat, tile, .. } if !tsumo && seat == from => (tile, false, None),
                End::Kan { seat, tile, closed } if !tsumo && seat == from => {
                    (tile, false, Some(closed))
                }
                _ => {
                    let how = if tsumo { "a tsumo" } else { "a ron" };
                    return Err(at(&format_args!(
                        "{how} by seat {who} cannot end the hand {}",
                        end.describe()
                    )));
                }
            };
            let mut hand = self.seats[who].hand.clone();
            if !tsumo {
                hand.push(tile);
            }
            let win = read_win(info.get(3..).unwrap_or_default()).map_err(|w| at(&w))?;
            let mut fu = win.fu.unwrap_or(0);
            if win.fu.is_none() && win.limit != Limit::None {
                let has = |y: Yaku| win.yaku.iter().any(|&(x, _)| x == y);
                let riichi = self.seats[who].riichi;
                let ctx = WinContext {
                    tsumo,
                    riichi,
                    double_riichi: has(Yaku::DoubleRiichi),
                    ippatsu: has(Yaku::Ippatsu),
                    rinshan,
                    chankan: robbed.is_some(),
                    robbed_ankan: robbed == Some(true),
                    haitei: has(Yaku::HaiteiRaoyue),
                    houtei: has(Yaku::HouteiRaoyui),
                    tenhou: has(Yaku::Tenhou),
                    chiihou: has(Yaku::Chiihou),
                    renhou: has(Yaku::Renhou) || has(Yaku::RenhouYakuman),
                    seat_wind: ((who + 4 - h.dealer) % 4) as u8,
                    round_wind: h.round_wind,
                    dora_indicators: h.dora[..self.shown.min(h.dora.len())].to_vec(),
                    ura_indicators: if riichi { h.ura.clone() } else { Vec::new() },
                    honba: h.honba,
                    riichi_sticks: self.sticks,
                    ..WinContext::default()
                };
                let melds = self.seats[who].melds.clone();
                let kokushi = win
                    .yaku
                    .iter()
                    .any(|(y, _)| matches!(y, Yaku::Kokushi | Yaku::Kokushi13));
                // Kokushi: 0 fu, as the engine and Tenhou's mjlog give it.
                fu = if kokushi {
                    0
                } else {
                    Hand::new(&hand, melds)
                        .and_then(|hd| score(&hd, tile, &ctx, h.rules))
                        .map_or(0, |r| r.fu)
                };
            }
            for (sc, d) in self.scores.iter_mut().zip(deltas) {
                *sc = sc.saturating_add(d);
            }
            self.events.push(Event::Hora {
                seat: who,
                target: from,
                han: win.han,
                fu,
                points: win.points,
                tile,
                hand,
                ura_markers: if self.seats[who].riichi {
                    h.ura.clone()
                } else {
                    Vec::new()
                },
                yaku: win.yaku,
                dora: win.dora,
                ura: win.ura,
                aka: win.aka,
                limit: win.limit,
                pao: (pao != who).then_some(pao),
                deltas,
                scores: self.scores,
            });
        }
        Ok(())
    }
}

/// A win as its points string and yaku say.
struct Win {
    han: u32,
    fu: Option<u32>,
    points: u64,
    limit: Limit,
    yaku: Vec<(Yaku, u32)>,
    dora: u32,
    ura: u32,
    aka: u32,
}

fn text(v: &Value) -> std::result::Result<&str, String> {
    v.as_str()
        .ok_or_else(|| format!("expected a string, got {}", show(v)))
}

/// The win of `[points, yaku…]` (both may be missing: nothing known).
fn read_win(items: &[Value]) -> std::result::Result<Win, String> {
    let mut w = Win {
        han: 0,
        fu: None,
        points: 0,
        limit: Limit::None,
        yaku: Vec::new(),
        dora: 0,
        ura: 0,
        aka: 0,
    };
    let Some((first, yaku)) = items.split_first() else {
        return Ok(w);
    };
    let pts = text(first)?;
    let (fu_han, limit, points) = parse_points(pts).ok_or_else(|| format!("bad points {pts:?}"))?;
    w.points = points;
    for y in yaku {
        let s = text(y)?;
        let (item, han) = parse_yaku(s).ok_or_else(|| format!("unknown yaku {s:?}"))?;
        match item {
            YakuItem::Yaku(y) => w.yaku.push((y, han)),
            YakuItem::Dora => w.dora = w.dora.saturating_add(han),
            YakuItem::Ura => w.ura = w.ura.saturating_add(han),
            YakuItem::Aka => w.aka = w.aka.saturating_add(han),
        }
    }
    let sum = |yakuman_only: bool| {
        w.yaku
            .iter()
            .filter(|(y, _)| y.is_yakuman() || !yakuman_only)
            .fold(0u32, |a, &(_, h)| a.saturating_add(h))
    };
    let yakuman = sum(true);
    if let Some((fu, han)) = fu_han {
        (w.fu, w.han) = (Some(fu), han);
        return Ok(w);
    }
    w.han = if yakuman > 0 {
        yakuman
    } else {
        [w.dora, w.ura, w.aka]
            .into_iter()
            .fold(sum(false), u32::saturating_add)
    };
    w.limit = match limit {
        Limit::Yakuman if yakuman > 13 => Limit::MultipleYakuman,
        Limit::Yakuman if yakuman == 0 => Limit::KazoeYakuman,
        l => l,
    };
    Ok(w)
}

/// A points string read: fu and han (when not a limit), the limit, the value.
type Points = (Option<(u32, u32)>, Limit, u64);

/// `30符2飜2000点`, `満貫8000点`, `30符1飜300-500点`, `40符2飜1300点∀`: fu and han
/// (when not a limit), the limit and the hand's value.
fn parse_points(s: &str) -> Option<Points> {
    let (s, each) = match s.strip_suffix('∀') {
        Some(s) => (s, true),
        None => (s, false),
    };
    let s = s.strip_suffix('点')?;
    let number = |s: &str| -> Option<(u64, usize)> {
        let n = s.bytes().take_while(u8::is_ascii_digit).count();
        Some((s.get(..n)?.parse().ok()?, n))
    };
    let (fu_han, limit, pay) =
        if let Some(&(l, name)) = LIMIT_NAMES.iter().find(|(_, n)| s.starts_with(n)) {
            (None, l, &s[name.len()..])
        } else {
            let (fu, n) = number(s)?;
            let s = s[n..].strip_prefix('符')?;
            let (han, n) = number(s)?;
            let s = s[n..].strip_prefix('飜')?;
            (
                Some((u32::try_from(fu).ok()?, u32::try_from(han).ok()?)),
                Limit::None,
                s,
            )
        };
    let (a, n) = number(pay)?;
    let points = match (pay[n..].strip_prefix('-'), each) {
        (None, _) if n == pay.len() => a.checked_mul(if each { 3 } else { 1 })?,
        (Some(b), false) => {
            let (b, _) = number(b).filter(|&(_, m)| m == b.len())?;
            a.checked_mul(2)?.checked_add(b)?
        }
        _ => return None,
    };
    Some((fu_han, limit, points))
}

enum YakuItem {
    Yaku(Yaku),
    Dora,
    Ura,
    Aka,
}

/// `立直(1飜)`, `国士無双(役満)`, `ドラ(2飜)`; the romaji names too.
fn parse_yaku(s: &str) -> Option<(YakuItem, u32)> {
    let open = s.rfind('(')?;
    let (name, inner) = (&s[..open], s[open + 1..].strip_suffix(')')?);
    let han = match inner {
        "役満" => 13,
        "ダブル役満" => 26,
        "トリプル役満" => 39,
        _ => inner.strip_suffix('飜')?.parse().ok()?,
    };
    let id = TENHOU_YAKU_NAMES
        .iter()
        .position(|n| *n == name)
        .map(|i| i as u8);
    let item = match (id, name) {
        (Some(TENHOU_DORA), _) | (None, "Dora") => YakuItem::Dora,
        (Some(TENHOU_URA), _) | (None, "Ura Dora") => YakuItem::Ura,
        (Some(TENHOU_AKA), _) | (None, "Aka Dora" | "Red Five") => YakuItem::Aka,
        (Some(id), _) => YakuItem::Yaku(yaku_from_tenhou(id, han)?),
        (None, _) => YakuItem::Yaku(
            Yaku::all()
                .filter(|y| y.name_ja() == name || y.name() == name)
                .min_by_key(|y| y.is_yakuman() != (han >= 13))?,
        ),
    };
    Some((item, han))
}

// ---------------------------------------------------------------------------
// Writing

/// The name of a yaku as Tenhou writes it (the Japanese name for local yaku).
fn yaku_name(y: Yaku) -> &'static str {
    y.tenhou_id()
        .and_then(|i| TENHOU_YAKU_NAMES.get(i as usize).copied())
        .unwrap_or(y.name_ja())
}

/// The points string of a win.
fn points_string(
    limit: Limit,
    fu: u32,
    han: u32,
    points: u64,
    tsumo: bool,
    dealer: bool,
) -> Option<String> {
    let head = match limit {
        Limit::None => format!("{fu}符{han}飜"),
        Limit::MultipleYakuman => "役満".to_string(),
        l => LIMIT_NAMES.iter().find(|(x, _)| *x == l)?.1.to_string(),
    };
    let pay = if !tsumo {
        format!("{points}点")
    } else if dealer {
        (points % 3 == 0).then(|| format!("{}点∀", points / 3))?
    } else {
        // Each child pays base rounded up, the dealer twice the base rounded up:
        // what a child pays is the value's quarter rounded up to 100.
        let child = points.div_ceil(400) * 100;
        format!("{child}-{}点", points.checked_sub(2 * child)?)
    };
    Some(head + &pay)
}

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
    let mut s = String::from(match (bits & JOUKYUU != 0, bits & TOKUJOU != 0) {
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

/// The record as tenhou.net/6 JSON, compact, keys in Tenhou's order; what the
/// record does not know is left out. `InvalidInput` when the format cannot say
/// it: a first dealer other than seat 0, a hand without its result, a seat
/// dealt other than 13 tiles, a chi not from the left, a kakan without its pon.
pub fn write_tenhou6(record: &GameRecord) -> Result<String> {
    let err = |what: &dyn Display| MahjongError::InvalidInput(format!("tenhou6 writer: {what}"));
    if record.first_dealer != 0 {
        return Err(err(&"tenhou6 numbers the seats from the first dealer: the record's first dealer must be seat 0"));
    }
    check_writable(record, "tenhou6", |lobby, rules| {
        lobby.red_fives = rules.red_fives;
    })?;
    let log: Vec<Value> = record
        .hands()
        .iter()
        .enumerate()
        .map(|(i, h)| write_hand(h).map_err(|e| err(&format_args!("hand {i}: {e}"))))
        .collect::<Result<_>>()?;
    if log.is_empty() {
        return Err(err(&"the record has no hands"));
    }
    let players = &record.players;
    let r = record.rules.red_fives;
    let rule = format!(
        "{{\"disp\":{},\"aka53\":{},\"aka52\":{},\"aka51\":{}}}",
        json!(disp(record)),
        r[2],
        r[1],
        r[0]
    );
    let mut fields: Vec<(&str, String)> = vec![("ver", "2.3".into())];
    if let Some(id) = &record.log_id {
        fields.push(("ref", json!(id).to_string()));
    }
    fields.push(("log", Value::Array(log).to_string()));
    if record.lobby.is_some() {
        fields.push(("ratingc", "\"PF4\"".into()));
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
fn write_hand(events: &[Event]) -> std::result::Result<Value, String> {
    let Some(Event::StartKyoku {
        round_wind,
        kyoku,
        honba,
        sticks,
        dealer,
        dora_marker,
        scores,
        hands,
        ..
    }) = events.first()
    else {
        return Err("a hand starts with StartKyoku".into());
    };
    if !(1..=4).contains(kyoku) || *dealer != (*kyoku - 1) as usize || *round_wind > 3 {
        return Err(format!(
            "kyoku {kyoku} dealt by seat {dealer}: tenhou6 needs the dealer of kyoku k to be seat k-1"
        ));
    }
    if hands.iter().any(|h| h.len() != 13) {
        return Err("each seat is dealt 13 tiles".into());
    }
    let codes = |ts: &[Tile]| ts.iter().map(|&t| code(t)).collect::<Vec<u8>>();
    let mut draws: [Vec<Value>; 4] = Default::default();
    let mut discards: [Vec<Value>; 4] = Default::default();
    let mut dora = vec![code(*dora_marker)];
    let mut ura: Vec<u8> = Vec::new();
    let mut reach = [false; 4];
    let mut pons: Vec<(usize, u8, String)> = Vec::new();
    let mut result: Vec<Value> = Vec::new();
    let check = |s: usize| {
        if s < 4 {
            Ok(s)
        } else {
            Err(format!("seat {s} (seats are 0-3)"))
        }
    };
    for e in &events[1..] {
        match e {
            Event::Tsumo { seat, tile } => draws[check(*seat)?].push(json!(code(*tile))),
            Event::Dahai {
                seat,
                tile,
                tsumogiri,
            } => {
                let s = check(*seat)?;
                let c = if *tsumogiri { 60 } else { code(*tile) };
                let v = if std::mem::take(&mut reach[s]) {
                    json!(format!("r{c}"))
                } else {
                    json!(c)
                };
                discards[s].push(v);
            }
            Event::Chi {
                seat,
                target,
                tile,
                consumed,
            } => {
                let s = check(*seat)?;
                if relative(s, check(*target)?) != Some(Relative::Left) {
                    return Err(format!(
                        "seat {s} chis from seat {target}, not from its left"
                    ));
                }
                draws[s].push(json!(call_string('c', *tile, &tenhou_order(consumed), 0)));
            }
            Event::Pon {
                seat,
                target,
                tile,
                consumed,
            } => {
                let s = check(*seat)?;
                let pos = match relative(s, check(*target)?) {
                    Some(Relative::Left) => 0,
                    Some(Relative::Across) => 1,
                    Some(Relative::Right) => 2,
                    None => return Err(format!("seat {s} pons its own tile")),
                };
                let text = call_string('p', *tile, &tenhou_order(consumed), pos);
                pons.push((s, tile.kind(), text.clone()));
                draws[s].push(json!(text));
            }
            Event::Daiminkan {
                seat,
                target,
                tile,
                consumed,
            } => {
                let s = check(*seat)?;
                let pos = match relative(s, check(*target)?) {
                    Some(Relative::Left) => 0,
                    Some(Relative::Across) => 1,
                    Some(Relative::Right) => 3,
                    None => return Err(format!("seat {s} kans its own discard")),
                };
                draws[s].push(json!(call_string('m', *tile, &tenhou_order(consumed), pos)));
                discards[s].push(json!(0));
            }
            Event::Kakan { seat, tile, .. } => {
                let s = check(*seat)?;
                let (_, _, pon) = pons
                    .iter()
                    .find(|(x, k, _)| *x == s && *k == tile.kind())
                    .ok_or_else(|| format!("seat {s} adds {tile} to no pon"))?;
                discards[s].push(json!(pon.replacen('p', &format!("k{}", code(*tile)), 1)));
            }
            Event::Ankan { seat, consumed } => {
                let s = check(*seat)?;
                let c = tenhou_order(consumed);
                discards[s].push(json!(call_string('a', c[3], &c[..3], 3)));
            }
            Event::Dora { marker } => dora.push(code(*marker)),
            Event::Reach { seat } => reach[check(*seat)?] = true,
            Event::ReachAccepted { .. } => {}
            Event::Hora {
                seat,
                target,
                han,
                fu,
                points,
                ura_markers,
                yaku,
                dora: d,
                ura: u,
                aka,
                limit,
                pao,
                deltas,
                ..
            } => {
                let (s, t) = (check(*seat)?, check(*target)?);
                let p = check(pao.unwrap_or(s))?;
                if result.is_empty() {
                    result.push(json!("和了"));
                } else if result[0] != "和了" {
                    return Err("a hand with a draw and a win".into());
                }
                if ura.is_empty() {
                    ura = codes(ura_markers);
                }
                let mut info = vec![json!(s), json!(t), json!(p)];
                let unknown = *han == 0 && *fu == 0 && *points == 0 && yaku.is_empty();
                if !unknown || [d, u, aka].iter().any(|n| **n > 0) {
                    let pts = points_string(*limit, *fu, *han, *points, s == t, s == *dealer)
                        .ok_or_else(|| {
                            format!("a dealer's tsumo worth {points}, not 3 equal payments")
                        })?;
                    info.push(json!(pts));
                    for &(y, h) in yaku {
                        let label = match h {
                            13 if y.is_yakuman() => "役満".to_string(),
                            26 if y.is_yakuman() => "ダブル役満".to_string(),
                            39 if y.is_yakuman() => "トリプル役満".to_string(),
                            _ => format!("{h}飜"),
                        };
                        info.push(json!(format!("{}({label})", yaku_name(y))));
                    }
                    for (id, n) in [(TENHOU_DORA, d), (TENHOU_AKA, aka), (TENHOU_URA, u)] {
                        if *n > 0 {
                            info.push(json!(format!("{}({n}飜)", TENHOU_YAKU_NAMES[id as usize])));
                        }
                    }
                }
                result.push(json!(deltas));
                result.push(Value::Array(info));
            }
            Event::Ryukyoku {
                reason,
                tenpai,
                deltas,
                ..
            } => {
                if !result.is_empty() {
                    return Err("a hand with two results".into());
                }
                // Payments when there are any, and always after an exhaustive
                // draw but when all four or none are tenpai.
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
                result.push(json!(name));
                if paid {
                    result.push(json!(deltas));
                }
            }
            Event::EndKyoku => break,
            Event::StartGame | Event::StartKyoku { .. } | Event::EndGame { .. } => {
                return Err("an event out of place within the hand".into());
            }
        }
    }
    if result.is_empty() {
        return Err("the hand has no result".into());
    }
    let round = *round_wind * 4 + *kyoku - 1;
    let mut entry = vec![
        json!([round, honba, sticks]),
        json!(scores),
        json!(dora),
        json!(ura),
    ];
    for s in 0..4 {
        // Tenhou lists a deal sorted: by kind, a red five after the plain ones.
        let mut dealt = hands[s].clone();
        dealt.sort_by_key(|t| (t.kind(), t.is_red()));
        entry.push(json!(codes(&dealt)));
        entry.push(Value::Array(std::mem::take(&mut draws[s])));
        entry.push(Value::Array(std::mem::take(&mut discards[s])));
    }
    entry.push(Value::Array(result));
    Ok(Value::Array(entry))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::agents::AgentKind;
    use crate::game::sim;
    use crate::logs::record::{tenhou_type::*, tenhou_type_of};

    /// The shared files (name, text), or `None` (see `shared_data`).
    fn files() -> Option<Vec<(String, String)>> {
        Some(
            crate::shared_data::texts("tenhou/json", "json")?
                .into_iter()
                .map(|(p, t)| (p.file_name().unwrap().to_string_lossy().into_owned(), t))
                .collect(),
        )
    }

    /// Where two JSON values first differ (numbers compared by value), if they do.
    fn diff(a: &Value, b: &Value, path: &str) -> Option<String> {
        match (a, b) {
            (Value::Number(x), Value::Number(y)) if x.as_f64() == y.as_f64() => None,
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
                .iter()
                .zip(y)
                .enumerate()
                .find_map(|(i, (x, y))| diff(x, y, &format!("{path}[{i}]"))),
            (Value::Object(x), Value::Object(y)) if x.len() == y.len() => {
                x.iter().find_map(|(k, v)| {
                    y.get(k).map_or(Some(format!("{path}.{k} missing")), |w| {
                        diff(v, w, &format!("{path}.{k}"))
                    })
                })
            }
            _ if a == b => None,
            _ => Some(format!("{path}: {a} vs {b}")),
        }
    }

    #[test]
    fn official_files_write_back_as_they_are() {
        let Some(files) = files() else { return };
        let keys = [
            "ver", "ref", "log", "ratingc", "rule", "lobby", "dan", "rate", "sx", "sc", "name",
        ];
        let order = |t: &str| -> Vec<usize> {
            keys.iter()
                .filter_map(|k| t.find(&format!("\"{k}\":")))
                .collect()
        };
        let mut n = 0;
        for (name, text) in &files {
            let mut want: Value = serde_json::from_str(text).unwrap();
            if want.get("ref").is_none() {
                continue;
            }
            // Disconnections are not carried.
            want.as_object_mut().unwrap().remove("connection");
            let record = read_tenhou6(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let written = write_tenhou6(&record).unwrap();
            let got: Value = serde_json::from_str(&written).unwrap();
            if let Some(d) = diff(&got, &want, "") {
                panic!("{name}: {d}");
            }
            let (o, w) = (order(&written), order(text));
            assert!(
                o.windows(2).all(|p| p[0] < p[1]) && w.windows(2).all(|p| p[0] < p[1]),
                "{name}: key order"
            );
            n += 1;
        }
        assert!(n >= 6, "{n} official files");
    }

    #[test]
    fn every_file_reads_back_the_same_record() {
        let Some(files) = files() else { return };
        let (mut draws, mut wins) = (0, 0);
        for (name, text) in &files {
            let record = read_tenhou6(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let written = write_tenhou6(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
            let back = read_tenhou6(&written).unwrap_or_else(|e| panic!("{name} written: {e}"));
            assert_eq!(back, record, "{name}");
            // What the reader works out agrees with what the log says.
            for e in &record.events {
                match e {
                    Event::Ryukyoku {
                        reason: DrawReason::Exhaustive,
                        tenpai,
                        deltas,
                        ..
                    } if deltas.iter().any(|&d| d != 0) => {
                        let paid: Vec<bool> = deltas.iter().map(|&d| d > 0).collect();
                        assert_eq!(tenpai.to_vec(), paid, "{name}: tenpai at a draw");
                        draws += 1;
                    }
                    Event::Hora { fu, points, .. } if *points > 0 => {
                        assert!(*fu > 0, "{name}: a win without fu: {e:?}");
                        wins += 1;
                    }
                    _ => {}
                }
            }
        }
        assert!(
            draws > 10 && wins > 50,
            "{draws} draws, {wins} wins checked"
        );
    }

    /// The record of a game the engine played, as tenhou6 can carry it: the
    /// lobby bits of its rules, no dice.
    fn carried(record: &GameRecord) -> GameRecord {
        let mut want = record.clone();
        want.tenhou_type = tenhou_type_of(&record.rules);
        for e in &mut want.events {
            match e {
                Event::StartKyoku { dice, hands, .. } => {
                    *dice = None;
                    for h in hands.iter_mut() {
                        h.sort_by_key(|t| (t.kind(), t.is_red()));
                    }
                }
                Event::Hora { hand, .. } => hand.sort_unstable(),
                _ => {}
            }
        }
        want
    }

    #[test]
    fn engine_games_round_trip() {
        let lobbies = [
            VS_HUMAN | HANCHAN,
            VS_HUMAN,
            VS_HUMAN | HANCHAN | NO_AKA | NO_KUITAN,
        ];
        let agents = [
            AgentKind::Random,
            AgentKind::Shanten,
            AgentKind::Random,
            AgentKind::Shanten,
        ];
        let mut kans = 0;
        for seed in 0..24 {
            let rules = tenhou_lobby_rules(lobbies[seed as usize % 3]).unwrap();
            let (game, _) = sim::play(&rules, seed, agents).unwrap();
            let record = GameRecord::from_game(&game);
            let text = write_tenhou6(&record).unwrap();
            let mut back = read_tenhou6(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            // The order of a winner's tiles follows the deal's, which tenhou6 sorts.
            for e in &mut back.events {
                if let Event::Hora { hand, .. } = e {
                    hand.sort_unstable();
                }
            }
            let want = carried(&record);
            if let Some(i) =
                (0..want.events.len()).find(|&i| back.events.get(i) != want.events.get(i))
            {
                panic!(
                    "seed {seed}, event {i}: read {:?}, played {:?}",
                    back.events.get(i),
                    want.events.get(i)
                );
            }
            assert_eq!(back, want, "seed {seed}");
            kans += record
                .events
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        Event::Kakan { .. } | Event::Daiminkan { .. } | Event::Ankan { .. }
                    )
                })
                .count();
        }
        assert!(kans > 5, "{kans} kans played");
    }

    #[test]
    fn links_read_like_their_json() {
        let (game, _) = sim::play(&Rules::default(), 3, [AgentKind::Random; 4]).unwrap();
        let text = write_tenhou6(&GameRecord::from_game(&game)).unwrap();
        let encoded: String = text
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        let want = read_tenhou6(&text).unwrap();
        for prefix in ["https://tenhou.net/6/#json=", "tenhou.net/6/#json="] {
            assert_eq!(read_tenhou6(&format!("{prefix}{encoded}")).unwrap(), want);
        }
        assert!(read_tenhou6("https://tenhou.net/6/#json=%7").is_err());
        assert!(read_tenhou6("https://tenhou.net/6/#json=%FF%FE").is_err());
    }

    #[test]
    fn names_and_strings() {
        for y in Yaku::all() {
            if let Some(id) = y.tenhou_id() {
                let name = TENHOU_YAKU_NAMES[id as usize];
                assert!(name == y.name_ja() || y == Yaku::Kokushi13, "{y:?}: {name}");
                let han = if y.is_yakuman() { 13 } else { 2 };
                let (item, h) = parse_yaku(&format!("{}(役満)", yaku_name(y))).unwrap();
                assert!(matches!(item, YakuItem::Yaku(x) if x == y || !y.is_yakuman()) && h == 13);
                let (item, _) = parse_yaku(&format!("{}({han}飜)", yaku_name(y))).unwrap();
                assert!(matches!(item, YakuItem::Yaku(x) if x == y), "{y:?}");
            }
        }
        assert_eq!(
            parse_points("30符1飜300-500点"),
            Some((Some((30, 1)), Limit::None, 1100))
        );
        assert_eq!(
            parse_points("40符2飜1300点∀"),
            Some((Some((40, 2)), Limit::None, 3900))
        );
        assert_eq!(
            parse_points("跳満18000点"),
            Some((None, Limit::Haneman, 18000))
        );
        assert_eq!(
            parse_points("満貫2000-4000点"),
            Some((None, Limit::Mangan, 8000))
        );
        for bad in [
            "",
            "点",
            "30符点",
            "満貫-4000点",
            "満貫2000-点",
            "30符1飜300-500点∀",
            "満貫8000",
        ] {
            assert_eq!(parse_points(bad), None, "{bad}");
        }
        // Every value a win can have writes and reads back.
        for han in 1..=4 {
            for fu in [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110] {
                let base = u64::from(fu) << (han + 2);
                let up = |x: u64| x.div_ceil(100) * 100;
                let child_tsumo = 2 * up(base) + up(2 * base);
                let s = points_string(Limit::None, fu, han, child_tsumo, true, false).unwrap();
                assert_eq!(s, format!("{fu}符{han}飜{}-{}点", up(base), up(2 * base)));
                assert_eq!(parse_points(&s).unwrap().2, child_tsumo);
            }
        }
        for (code_, t) in [
            (11, "1m"),
            (19, "9m"),
            (25, "5p"),
            (47, "7z"),
            (51, "0m"),
            (53, "0s"),
        ] {
            let tile = tile_of_code(code_).unwrap();
            assert_eq!(tile.to_string(), t);
            assert_eq!(i64::from(code(tile)), code_);
        }
        for bad in [
            0,
            10,
            20,
            30,
            40,
            48,
            50,
            54,
            60,
            99,
            -11,
            i64::MAX,
            i64::MIN,
        ] {
            assert_eq!(tile_of_code(bad), None, "{bad}");
        }
    }

    /// A small deterministic generator for the noise tests.
    struct Noise(u64);

    impl Noise {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    fn is_log_parse(r: &Result<GameRecord>) -> bool {
        matches!(r, Err(MahjongError::LogParse(_)))
    }

    #[test]
    fn malformed_logs_are_log_parse_errors() {
        let hand = |edit: &dyn Fn(&mut Vec<Value>)| {
            let mut h: Vec<Value> = serde_json::from_str(
                r#"[[0,0,0],[25000,25000,25000,25000],[33],[],
                [11,12,13,14,15,16,17,18,19,21,22,23,24],[25],[25],
                [31,32,33,34,35,36,37,38,39,41,42,43,44],[26],[26],
                [11,12,13,14,15,16,17,18,19,21,22,23,24],[27],[27],
                [31,32,33,34,35,36,37,38,39,41,42,43,44],[28],[28],
                ["流局",[0,0,0,0]]]"#,
            )
            .unwrap();
            edit(&mut h);
            json!({ "log": [h] }).to_string()
        };
        let ok = hand(&|_| {});
        assert!(read_tenhou6(&ok).is_ok(), "{:?}", read_tenhou6(&ok));
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "tenhou6"),
            ("{".into(), "not JSON"),
            ("[]".into(), "tenhou6"),
            ("{\"log\":[]}".into(), "\"log\""),
            ("{\"log\":[1]}".into(), "log[0]"),
            (
                "{\"log\":[[]],\"rule\":{\"disp\":\"三鳳南喰赤\"}}".into(),
                "three-player",
            ),
            (ok.replace("\"log\"", "\"rule\":{\"aka\":9},\"log\""), "aka"),
            (
                hand(&|h| h[4] = json!([11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23])),
                "seat 0 has 12 dealt tiles; a deal is 13",
            ),
            (
                hand(&|h| h[1] = json!(["25000", 0, 0, 0])),
                "expected 4 scores",
            ),
            (
                hand(&|h| h[5] = json!(25)),
                "the draws of seat 0 must be a list",
            ),
            (
                ok.replace("\"log\"", "\"name\":\"x\",\"log\""),
                "\"name\" must be a list of 4",
            ),
            (ok.replace("\"log\"", "\"sc\":[1,2],\"log\""), "\"sc\""),
            (hand(&|h| h[4][0] = json!(99)), "tile codes"),
            (
                hand(&|h| h[5][0] = json!("c991112")),
                "draws of seat 0, item 0",
            ),
            (hand(&|h| h[5][0] = json!(60)), "draws of seat 0, item 0"),
            (hand(&|h| h[6][0] = json!(36)), "does not hold"),
            (
                hand(&|h| h[6][0] = json!("k11111111")),
                "discards of seat 0, item 0",
            ),
            (hand(&|h| h[16] = json!(["和了"])), "win"),
            (
                hand(&|h| h[16] = json!(["和了", [0, 0, 0], [0, 0, 0]])),
                "score changes",
            ),
            (
                hand(&|h| h[16] = json!(["和了", [0, 0, 0, 0], [0, 1, 0]])),
                "cannot end",
            ),
            (
                hand(&|h| h[16] = json!(["和了", [0, 0, 0, 0], [0, 3, 0, "満貫"]])),
                "points",
            ),
            (
                hand(&|h| {
                    h[16] = json!([
                        "和了",
                        [0, 0, 0, 0],
                        [0, 3, 0, "満貫8000点", "Nothing(1飜)"]
                    ]);
                }),
                "unknown yaku",
            ),
            (hand(&|h| h[16] = json!(["流局", [0, 0]])), "score changes"),
            (hand(&|h| h[16] = json!(["九種九牌"])), "cannot end"),
            (hand(&|h| h[16] = json!(["どうでしょう"])), "unknown result"),
            (hand(&|h| h[16] = json!(7)), "result"),
            (hand(&|h| h[7] = json!(vec![25; 13])), "copies"),
            (hand(&|h| h[8] = json!([26, 29])), "seat 1 go on"),
            (hand(&|h| h[2] = json!([33, 34])), "dora indicators"),
            (hand(&|h| h[0] = json!([0, 0])), "[round"),
        ];
        for (text, want) in &cases {
            match read_tenhou6(text) {
                Err(MahjongError::LogParse(m)) => {
                    assert!(m.contains(want), "{text}: {m} (wanted {want:?})");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn messages_say_where() {
        let (game, _) = sim::play(&Rules::default(), 1, [AgentKind::Random; 4]).unwrap();
        let mut v: Value =
            serde_json::from_str(&write_tenhou6(&GameRecord::from_game(&game)).unwrap()).unwrap();
        let h = &mut v["log"][1];
        let label = format!(
            "{}{}",
            ["E", "S"][h[0][0].as_u64().unwrap() as usize / 4],
            h[0][0].as_u64().unwrap() % 4 + 1
        );
        h[8][2] = json!("x");
        let Err(MahjongError::LogParse(m)) = read_tenhou6(&v.to_string()) else {
            panic!()
        };
        assert!(m.starts_with(&format!("tenhou6 log[1] ({label} ")), "{m}");
        assert!(
            m.contains("honba) draws of seat 1, item 2: expected a tile code"),
            "{m}"
        );
    }

    #[test]
    fn unwritable_records_are_refused() {
        let (game, _) = sim::play(&Rules::default(), 2, [AgentKind::Random; 4]).unwrap();
        let record = GameRecord::from_game(&game);
        let refused = |r: &GameRecord, want: &str| match write_tenhou6(r) {
            Err(MahjongError::InvalidInput(m)) => assert!(m.contains(want), "{m}"),
            other => panic!("{other:?}"),
        };
        let mut r = record.clone();
        r.first_dealer = 1;
        refused(&r, "first dealer");
        let mut r = record.clone();
        let end = r
            .events
            .iter()
            .position(|e| matches!(e, Event::EndKyoku))
            .unwrap();
        r.events.truncate(end - 1);
        refused(&r, "no result");
        let mut r = record.clone();
        r.events.truncate(1);
        refused(&r, "no hands");
    }

    #[test]
    fn noise_never_panics() {
        let mut rng = Noise(0x9E37_79B9_7F4A_7C15);
        // Byte noise and truncations.
        let base = {
            let (game, _) = sim::play(&Rules::default(), 5, [AgentKind::Random; 4]).unwrap();
            write_tenhou6(&GameRecord::from_game(&game)).unwrap()
        };
        for _ in 0..400 {
            let len = rng.below(200);
            let bytes: Vec<u8> = (0..len)
                .map(|_| b"{}[],\"0123456789rkapcm-#json=%"[rng.below(30)])
                .collect();
            let text = String::from_utf8_lossy(&bytes);
            assert!(is_log_parse(&read_tenhou6(&text)), "{text}");
            let cut = rng.below(base.len());
            if let Some(t) = base.get(..cut) {
                assert!(is_log_parse(&read_tenhou6(t)));
            }
        }
        // Structured noise: leaves of real logs changed to other values.
        let mut texts = vec![base];
        if let Some(f) = files() {
            texts.extend(f.into_iter().map(|(_, t)| t));
        }
        let pool = [
            json!(0),
            json!(60),
            json!(-1),
            json!(11),
            json!(51),
            json!(47),
            json!(99),
            json!(null),
            json!("r60"),
            json!("c111213"),
            json!("p111111"),
            json!("1111m11"),
            json!("k11111111"),
            json!("111111a11"),
            json!("和了"),
            json!("流局"),
            json!([]),
            json!([0, 0, 0, 0]),
            json!("満貫8000点"),
            json!("立直(1飜)"),
            json!(1e300),
            json!(u64::MAX),
        ];
        for n in 0..3000 {
            let mut v: Value = serde_json::from_str(&texts[n % texts.len()]).unwrap();
            for _ in 0..=rng.below(3) {
                if !v.is_object() {
                    break;
                }
                // Down from the top (mostly into "log") to some value.
                let mut at = if rng.below(8) == 0 {
                    &mut v
                } else {
                    &mut v["log"]
                };
                while rng.below(5) != 0 {
                    let n = match &*at {
                        Value::Array(a) => a.len(),
                        Value::Object(o) => o.len(),
                        _ => 0,
                    };
                    if n == 0 {
                        break;
                    }
                    let i = rng.below(n);
                    at = match at {
                        Value::Array(a) => &mut a[i],
                        Value::Object(o) => o.values_mut().nth(i).unwrap(),
                        _ => unreachable!(),
                    };
                }
                *at = pool[rng.below(pool.len())].clone();
            }
            let r = read_tenhou6(&v.to_string());
            assert!(r.is_ok() || is_log_parse(&r), "{r:?}");
            if let Ok(record) = r {
                // What reads also writes, and reads back the same.
                let w = write_tenhou6(&record).unwrap();
                assert_eq!(read_tenhou6(&w).unwrap(), record);
            }
        }
    }

    /// An event with the orders a format does not keep sorted away.
    fn sorted(e: &Event) -> Event {
        let mut e = e.clone();
        match &mut e {
            Event::StartKyoku { hands, dice, .. } => {
                for h in hands.iter_mut() {
                    h.sort_unstable();
                }
                *dice = None;
            }
            Event::Hora { hand, .. } => hand.sort_unstable(),
            Event::Chi { consumed, .. } | Event::Pon { consumed, .. } => consumed.sort_unstable(),
            Event::Daiminkan { consumed, .. } | Event::Kakan { consumed, .. } => {
                consumed.sort_unstable();
            }
            Event::Ankan { consumed, .. } => consumed.sort_unstable(),
            _ => {}
        }
        e
    }

    /// Shared files that do not replay, each with the one mismatch it must show
    /// (its label and kind, and a part of what the file says): the first
    /// file's winner's deltas leave out a riichi stick that its scores count; the
    /// second shows a ron by a seat after another seat's decision (four plain 5s
    /// under one red five confuse the calls before it). A listed file that
    /// replays, or mismatches otherwise, fails the test.
    const INCONSISTENT: [(&str, &str, &str, &str); 2] = [
        (
            "hand-confusing_nakis_1.json",
            "E2-2",
            "win",
            "\"deltas\":[1600,0,-1600,0]",
        ),
        (
            "hand-confusing_nakis_2.json",
            "E1-0",
            "illegal_action",
            "seat 1: Ron()",
        ),
    ];

    #[test]
    fn files_agree_with_their_mjlog_and_replay() {
        let Some(files) = files() else { return };
        let mut same = 0;
        for (name, text) in &files {
            let record = read_tenhou6(text).unwrap();
            let report = crate::logs::replay::replay(&record, true);
            let known = INCONSISTENT.iter().find(|k| k.0 == name);
            match (report.mismatches.first(), known) {
                (None, None) => {}
                (Some(m), None) => panic!("{name}: {m}"),
                (None, Some(_)) => panic!("{name} now replays: take it off INCONSISTENT"),
                (Some(m), Some(&(_, label, kind, expected))) => assert!(
                    m.label == label && m.kind == kind && m.expected.contains(expected),
                    "{name}: another mismatch than the known one: {m}"
                ),
            }
            let Some(id) = name.strip_suffix(".json") else {
                continue;
            };
            let mjlog = crate::shared_data::path("tenhou/mjlog").join(format!("{id}.mjlog"));
            let Ok(xml) = std::fs::read_to_string(mjlog) else {
                continue;
            };
            // The same game read from Tenhou's mjlog: the same record but for
            // what the two formats order differently, the dice and the seed.
            let m = crate::logs::mjlog::read_mjlog(&xml).unwrap();
            let ours: Vec<Event> = record.events.iter().map(sorted).collect();
            let theirs: Vec<Event> = m.events.iter().map(sorted).collect();
            assert_eq!(ours, theirs, "{name}");
            assert_eq!(
                (
                    &record.rules,
                    &record.players,
                    record.final_scores,
                    record.tenhou_type,
                    record.lobby,
                ),
                (&m.rules, &m.players, m.final_scores, m.tenhou_type, m.lobby,),
                "{name}"
            );
            same += 1;
        }
        assert!(same >= 6, "{same} games compared with their mjlog");
    }

    #[test]
    fn mjlog_games_convert_to_tenhou6_and_back() {
        let Some(paths) = crate::shared_data::texts("tenhou/mjlog", "mjlog") else {
            return;
        };
        let mut games = 0;
        for (path, xml) in paths {
            let m = crate::logs::mjlog::read_mjlog(&xml).unwrap();
            let text = write_tenhou6(&m).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            let r = read_tenhou6(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            let ours: Vec<Event> = r.events.iter().map(sorted).collect();
            let theirs: Vec<Event> = m.events.iter().map(sorted).collect();
            assert_eq!(ours, theirs, "{path:?}");
            assert_eq!(
                (&r.rules, &r.players, r.final_scores, r.tenhou_type, r.lobby),
                (&m.rules, &m.players, m.final_scores, m.tenhou_type, m.lobby),
                "{path:?}"
            );
            games += 1;
        }
        assert!(games >= 100, "{games} games");
    }
}
