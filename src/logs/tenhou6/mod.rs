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
//! The reader only builds the record: the play is the engine's
//! ([`crate::game::Game`]). Each hand is taken up from its start on a wall
//! that holds the deal and the indicators where the engine takes them; each draw
//! is put into the wall when the engine is about to take it, so the engine's
//! draws are the log's. The seats' actions come from their lists in the order the
//! engine asks for them: whose turn it is, who may claim a discard (after a
//! discard, a seat whose next draw is a call on it calls; when the calls read two
//! ways each is tried), when a kan's dora turns over and when a riichi stick is
//! paid are the engine's, and its events are the record's. The result is the
//! log's (its points, yaku and score changes), completed from the engine: the
//! winner's tiles, the fu of a limit hand (the engine scores the win) and who is
//! tenpai at an exhaustive draw. A win the engine would not allow is kept as the
//! log states it (a replay reports it). Call tiles come in the engine's order (a
//! chi's or pon's sorted, a kan's as the hand holds them). Yaku may also be
//! named in romaji (`Riichi(1飜)`, `Ura Dora(0飜)`); a lobby name that is not
//! Tenhou's means the Tenhou rules with east and south. Final scores with tenths
//! mean no rounding (`final_rounding` none, as Tenhou since about 2021).
//!
//! # Writing
//!
//! The writer follows Tenhou's exports (byte for byte on the shared ones): `ver`
//! 2.3 always, `ratingc` and `lobby` when the lobby is known, `rule` with the red
//! fives per suit, `dan`, `rate` and `sx` when some player has them, `sc` when the
//! game's end is known; call tiles by number with a red five last, dora entries
//! only when non-zero, `全員聴牌` and `全員不聴` without payments.
//!
//! # Three players
//!
//! A three-player game (`三` in the lobby's name) lists a fourth seat with nothing
//! dealt, drawn or discarded and four scores, the last 0; hands count East 1-3
//! then South 1-3 as rounds 0-2 and 4-6. A kita is `f44` among the discards, its
//! replacement the next draw. Calls give where the tile came from as with four
//! seats (seat 0 calling seat 2's discard is "across"). A tsumo's points strings
//! are what each of the two payers pays (`倍満8000点∀` collects 16,000). Tenhou
//! writes `aka51` beside the other red fives though no 5m is played; the reader
//! takes no red 5m, the writer writes it as Tenhou does. A room named like
//! Mahjong Soul's (`三銀の間赤`, `金の間南`) means its rules (east only unless 南),
//! with its yaku names (`抜きドラ` counted with the dora, `役牌:場風牌`,
//! `役牌:自風牌`, `国士無双十三面待ち`).
//!
//! Not carried: dice, rules beyond the lobby's options, `title` and `connection`
//! (disconnections); a record read back has the lobby type bits of its rules.

mod play;
mod read;
mod result;
#[cfg(test)]
mod tests;
mod write;

pub use read::read_tenhou6;
pub use write::write_tenhou6;

use crate::game::DrawReason;
use crate::meld::{MeldKind, Relative};
use crate::score::points::Limit;
use crate::tile::{Suit, Tile};

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
pub(super) const LIMIT_NAMES: [(Limit, &str); 6] = [
    (Limit::Mangan, "満貫"),
    (Limit::Haneman, "跳満"),
    (Limit::Baiman, "倍満"),
    (Limit::Sanbaiman, "三倍満"),
    (Limit::KazoeYakuman, "数え役満"),
    (Limit::Yakuman, "役満"),
];

/// The draws by name; `全員聴牌` and `全員不聴` are exhaustive draws without
/// payments.
pub(super) const DRAW_NAMES: [(&str, DrawReason); 9] = [
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

pub(super) const WINDS: [&str; 4] = ["E", "S", "W", "N"];

/// How many ways of reading a hand's calls the reader tries before giving up.
pub(super) const TRIALS: u32 = 2000;

// ---------------------------------------------------------------------------
// Tiles and call strings

/// The tile of a Tenhou tile code (11-47, 51-53).
pub(super) fn tile_of_code(code: i64) -> Option<Tile> {
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
pub(super) fn code(t: Tile) -> u8 {
    let suit = t.suit() as u8 + 1;
    if t.is_red() {
        50 + suit
    } else {
        suit * 10 + t.number()
    }
}

/// A string of the draws or discards: its letter, the index of the tile the
/// letter marks, and the tile codes.
pub(super) struct CallStr {
    pub(super) mark: u8,
    pub(super) pos: usize,
    pub(super) codes: Vec<i64>,
}

impl CallStr {
    pub(super) fn parse(s: &str) -> Option<CallStr> {
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

    pub(super) fn tiles(&self) -> Option<Vec<Tile>> {
        self.codes.iter().map(|&c| tile_of_code(c)).collect()
    }

    /// For a call on a discard (chi, pon, daiminkan): its kind, where the called
    /// tile came from and the called tile.
    pub(super) fn claim(&self) -> Option<(MeldKind, Relative, Tile)> {
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
pub(super) fn seat_at(seat: usize, rel: Relative) -> usize {
    let d = match rel {
        Relative::Left => 3,
        Relative::Across => 2,
        Relative::Right => 1,
    };
    (seat + d) % 4
}

/// Where `target` sits from `seat`.
pub(super) fn relative(seat: usize, target: usize) -> Option<Relative> {
    match (target + 4 - seat) % 4 {
        3 => Some(Relative::Left),
        2 => Some(Relative::Across),
        1 => Some(Relative::Right),
        _ => None,
    }
}

/// A call's tiles in Tenhou's order: by number, a red five after its plain fives.
pub(super) fn tenhou_order(tiles: &[Tile]) -> Vec<Tile> {
    let mut v = tiles.to_vec();
    v.sort_by_key(|t| (t.kind(), t.is_red()));
    v
}
