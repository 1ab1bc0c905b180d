//! The result strings of a win: the points (`30符2飜2000点`, `満貫8000点`) and
//! the yaku (`立直(1飜)`), read and written.

use super::read::show;
use super::{LIMIT_NAMES, TENHOU_YAKU_NAMES};
use crate::error::{MahjongError, Result};
use crate::logs::record::{yaku_from_tenhou, TENHOU_AKA, TENHOU_DORA, TENHOU_URA};
use crate::rules::Rules;
use crate::score::points::Limit;
use crate::score::Yaku;
use serde_json::Value;

pub(super) struct Win {
    pub(super) han: u32,
    pub(super) fu: Option<u32>,
    pub(super) points: u64,
    pub(super) limit: Limit,
    pub(super) yaku: Vec<(Yaku, u32)>,
    pub(super) dora: u32,
    pub(super) ura: u32,
    pub(super) aka: u32,
}

fn text(v: &Value) -> Result<&str> {
    v.as_str()
        .ok_or_else(|| MahjongError::LogParse(format!("expected a string, got {}", show(v))))
}

/// The win of `[points, yaku…]` (both may be missing: nothing known) under
/// `rules` (three players: a tsumo's payments come from the two others), by a
/// winner whose seat wind and round wind are `winds` (0-3, for yaku named only
/// as "the round wind" or "the seat wind"). A yakuman the rules double that is
/// written as one (`(役満)`, as Mahjong Soul's logs write them) counts double.
pub(super) fn read_win(items: &[Value], rules: &Rules, winds: (u8, u8)) -> Result<Win> {
    let players = rules.players;
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
    let (fu_han, limit, points) = parse_points(pts, players)
        .ok_or_else(|| MahjongError::LogParse(format!("bad points {pts:?}")))?;
    w.points = points;
    for y in yaku {
        let s = text(y)?;
        let (item, han) =
            parse_yaku(s).ok_or_else(|| MahjongError::LogParse(format!("unknown yaku {s:?}")))?;
        let wind = |first: u8, w: u8| yaku_from_tenhou(first + w, han);
        let unknown = || MahjongError::LogParse(format!("unknown yaku {s:?}"));
        match item {
            YakuItem::Yaku(y) if y.is_yakuman() && han == 13 => {
                w.yaku.push((y, 13 * u32::from(y.yakuman_multiple(rules))));
            }
            YakuItem::Yaku(y) => w.yaku.push((y, han)),
            YakuItem::SeatWind => w.yaku.push((wind(10, winds.0).ok_or_else(unknown)?, han)),
            YakuItem::RoundWind => w.yaku.push((wind(14, winds.1).ok_or_else(unknown)?, han)),
            // Kita count as dora, as Tenhou records them.
            YakuItem::Dora | YakuItem::Kita => w.dora = w.dora.saturating_add(han),
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
/// (when not a limit), the limit and what the win collects from `players - 1`
/// payers (a non-dealer's tsumo: one dealer, the rest non-dealers, each paying
/// as written; three players pay no share for the absent seat).
pub(super) fn parse_points(s: &str, players: u8) -> Option<Points> {
    let others = u64::from(players.clamp(3, 4)) - 1;
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
        (None, _) if n == pay.len() => a.checked_mul(if each { others } else { 1 })?,
        (Some(b), false) => {
            let (b, _) = number(b).filter(|&(_, m)| m == b.len())?;
            a.checked_mul(others - 1)?.checked_add(b)?
        }
        _ => return None,
    };
    Some((fu_han, limit, points))
}

pub(super) enum YakuItem {
    Yaku(Yaku),
    /// The yakuhai of the winner's seat wind, or of the round wind, not named.
    SeatWind,
    RoundWind,
    Dora,
    Ura,
    Aka,
    /// Han of Norths set aside (three players).
    Kita,
}

/// `立直(1飜)`, `国士無双(役満)`, `ドラ(2飜)`; the romaji names too, and the names
/// Mahjong Soul's logs give (`抜きドラ`, `役牌:場風牌`, `国士無双十三面待ち`).
pub(super) fn parse_yaku(s: &str) -> Option<(YakuItem, u32)> {
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
        (None, "抜きドラ" | "Kita" | "Nukidora") => YakuItem::Kita,
        (None, "役牌:自風牌") => YakuItem::SeatWind,
        (None, "役牌:場風牌") => YakuItem::RoundWind,
        (None, "国士無双十三面待ち") => YakuItem::Yaku(Yaku::Kokushi13),
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

/// The name of a yaku as Tenhou writes it (the Japanese name for local yaku).
pub(super) fn yaku_name(y: Yaku) -> &'static str {
    y.tenhou_id()
        .and_then(|i| TENHOU_YAKU_NAMES.get(i as usize).copied())
        .unwrap_or(y.name_ja())
}

/// The points string of a win that collects `points` in a game of `players`.
pub(super) fn points_string(
    limit: Limit,
    fu: u32,
    han: u32,
    points: u64,
    tsumo: bool,
    dealer: bool,
    players: u8,
) -> Option<String> {
    let n = u64::from(players.clamp(3, 4));
    let head = match limit {
        Limit::None => format!("{fu}符{han}飜"),
        Limit::MultipleYakuman => "役満".to_string(),
        l => LIMIT_NAMES.iter().find(|(x, _)| *x == l)?.1.to_string(),
    };
    let pay = if !tsumo {
        format!("{points}点")
    } else if dealer {
        (points % (n - 1) == 0).then(|| format!("{}点∀", points / (n - 1)))?
    } else {
        // Each child pays base rounded up, the dealer twice the base rounded up:
        // what a child pays is the value over the players rounded up to 100.
        let child = points.div_ceil(100 * n) * 100;
        format!("{child}-{}点", points.checked_sub((n - 2) * child)?)
    };
    Some(head + &pay)
}
