//! The result strings of a win: the points (`30符2飜2000点`, `満貫8000点`) and
//! the yaku (`立直(1飜)`), read and written.

use super::read::show;
use super::{LIMIT_NAMES, TENHOU_YAKU_NAMES};
use crate::error::{MahjongError, Result};
use crate::logs::record::{yaku_from_tenhou, TENHOU_AKA, TENHOU_DORA, TENHOU_URA};
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

/// The win of `[points, yaku…]` (both may be missing: nothing known).
pub(super) fn read_win(items: &[Value]) -> Result<Win> {
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
    let (fu_han, limit, points) =
        parse_points(pts).ok_or_else(|| MahjongError::LogParse(format!("bad points {pts:?}")))?;
    w.points = points;
    for y in yaku {
        let s = text(y)?;
        let (item, han) =
            parse_yaku(s).ok_or_else(|| MahjongError::LogParse(format!("unknown yaku {s:?}")))?;
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
pub(super) fn parse_points(s: &str) -> Option<Points> {
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

pub(super) enum YakuItem {
    Yaku(Yaku),
    Dora,
    Ura,
    Aka,
}

/// `立直(1飜)`, `国士無双(役満)`, `ドラ(2飜)`; the romaji names too.
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

/// The points string of a win.
pub(super) fn points_string(
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
