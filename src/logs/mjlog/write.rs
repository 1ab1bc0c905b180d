//! Writing a record as an mjlog.

use super::{encode_meld, tile_of, Call};
use crate::error::{MahjongError, Result};
use crate::game::final_result::{final_result, ScoringConfig};
use crate::game::{DrawReason, Event, Win};
use crate::logs::record::{
    check_writable, tenhou_type_of, GameRecord, PlayerInfo, TENHOU_AKA, TENHOU_DORA, TENHOU_URA,
};
use crate::score::points::Limit;
use crate::score::Yaku;
use crate::tile::Tile;

/// Tenhou's limit code in a win's `ten`.
fn limit_code(limit: Limit) -> u8 {
    match limit {
        Limit::None => 0,
        Limit::Mangan => 1,
        Limit::Haneman => 2,
        Limit::Baiman => 3,
        Limit::Sanbaiman => 4,
        Limit::Yakuman | Limit::KazoeYakuman | Limit::MultipleYakuman => 5,
    }
}

/// Comma-separated.
fn joined<T: std::fmt::Display>(xs: impl IntoIterator<Item = T>) -> String {
    let mut out = String::new();
    for (k, x) in xs.into_iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push_str(&x.to_string());
    }
    out
}

/// Tenhou's percent-encoding of a name: every UTF-8 byte as `%XX`.
fn percent_encode(s: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(s.len() * 3);
    for b in s.bytes() {
        out.push('%');
        out.push(HEX[usize::from(b >> 4)] as char);
        out.push(HEX[usize::from(b & 15)] as char);
    }
    out
}

/// Tenths (+45.3 is 453) with one decimal.
fn tenths(v: i64) -> String {
    let sign = if v < 0 { "-" } else { "" };
    format!("{sign}{}.{}", v.unsigned_abs() / 10, v.unsigned_abs() % 10)
}

/// Yaku (or dora) by Tenhou number, with their han.
type TenhouYaku = Vec<(u8, u32)>;

/// One seat's tiles during a hand, as 136-ids.
#[derive(Default)]
struct SeatIds {
    concealed: Vec<u8>,
    drawn: Option<u8>,
    /// Each meld's code and call, in the order they were made (a kakan in place
    /// of its pon).
    melds: Vec<(u32, Call)>,
    riichi: bool,
}

/// The writer's state: the text so far and the ids of the current hand.
struct Writer {
    out: String,
    red: bool,
    /// The event being written (for messages).
    at: usize,
    hand: String,
    taken: [bool; 136],
    seats: [SeatIds; 4],
    dora: Vec<u8>,
    ura: Vec<u8>,
    /// The last discard (or added kan tile): seat and id.
    last_discard: Option<(usize, u8)>,
    /// The seat that drew last.
    turn: Option<usize>,
    honba: u32,
    riichi_sticks: u32,
    in_hand: bool,
    /// 3 for a three-player game (seat 3 empty).
    players: usize,
    /// Hands started so far, and a 2009 log's `INIT shuffle` of each hand.
    hands: usize,
    init_shuffles: Vec<String>,
}

impl Writer {
    fn err(&self, what: impl std::fmt::Display) -> MahjongError {
        let hand = if self.hand.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.hand)
        };
        MahjongError::InvalidInput(format!(
            "mjlog: cannot write event {}{hand}: {what}",
            self.at
        ))
    }

    /// Appends `<name a="v" .../>`; `spaced` closes with ` />` as Tenhou does
    /// for calls, dora and results.
    fn tag(&mut self, name: &str, attrs: &[(&str, String)], spaced: bool) {
        self.out.push('<');
        self.out.push_str(name);
        for (k, v) in attrs {
            self.out.push(' ');
            self.out.push_str(k);
            self.out.push_str("=\"");
            self.out.push_str(v);
            self.out.push('"');
        }
        self.out.push_str(if spaced { " />" } else { "/>" });
    }

    fn tile(&self, id: u8) -> Tile {
        tile_of(id, self.red).expect("ids are 0-135")
    }

    /// A fresh id for a tile coming out of the wall.
    fn alloc(&mut self, t: Tile) -> Result<u8> {
        let kind = t.kind();
        let red_kind = tile_of(kind * 4, true).is_some_and(Tile::is_red);
        let copies: &[u8] = if t.is_red() {
            if !self.red {
                return Err(self.err(format_args!(
                    "a red five ({t}) in a lobby without red fives"
                )));
            }
            &[0]
        } else if self.red && red_kind {
            &[1, 2, 3]
        } else {
            &[0, 1, 2, 3]
        };
        let id = copies
            .iter()
            .map(|&c| kind * 4 + c)
            .find(|&id| !self.taken[id as usize])
            .ok_or_else(|| {
                self.err(format_args!(
                    "more than {} copies of {t} in one hand",
                    copies.len()
                ))
            })?;
        self.taken[id as usize] = true;
        Ok(id)
    }

    /// The lowest id of tile `t` that `seat` holds, other than `except`; taken
    /// out of the hand.
    fn take(&mut self, seat: usize, t: Tile, except: Option<u8>) -> Option<u8> {
        let red = self.red;
        let held = &mut self.seats[seat].concealed;
        let (k, _) = held
            .iter()
            .enumerate()
            .filter(|(_, &id)| Some(id) != except && tile_of(id, red) == Some(t))
            .min_by_key(|(_, &id)| id)?;
        Some(held.remove(k))
    }

    /// Ids of `tiles`, each from `seat`'s hand.
    fn take_all<const N: usize>(&mut self, seat: usize, tiles: [Tile; N]) -> Result<[u8; N]> {
        let mut ids = [0u8; N];
        for (k, t) in tiles.into_iter().enumerate() {
            ids[k] = self
                .take(seat, t, None)
                .ok_or_else(|| self.err(format_args!("seat {seat} does not hold {t}")))?;
        }
        Ok(ids)
    }

    /// The id of a discard `seat` called: `target`'s last discard, of tile `t`.
    fn called(&self, seat: usize, target: usize, t: Tile) -> Result<u8> {
        if target == seat || target > 3 {
            return Err(self.err(format_args!("seat {seat} calls from seat {target}")));
        }
        match self.last_discard {
            Some((s, id)) if s == target && self.tile(id) == t => Ok(id),
            _ => Err(self.err(format_args!(
                "seat {seat} calls {t} from seat {target}, which did not just discard it"
            ))),
        }
    }

    /// Records a call of `seat` from `target` and writes its `<N>`.
    fn meld(&mut self, seat: usize, target: usize, call: Call) -> Result<()> {
        let from = ((target + 4 - seat) % 4) as u8;
        let m = encode_meld(&call, from)
            .ok_or_else(|| self.err(format_args!("seat {seat}'s call is not a meld")))?;
        let s = &mut self.seats[seat];
        s.drawn = None;
        if let Call::Kakan { added, .. } = call {
            let k = s
                .melds
                .iter()
                .position(|(_, c)| matches!(c, Call::Pon { called, .. } if called / 4 == added / 4))
                .expect("a kakan extends a pon");
            s.melds[k] = (m, call);
        } else {
            s.melds.push((m, call));
        }
        self.tag(
            "N",
            &[("who", seat.to_string()), ("m", m.to_string())],
            true,
        );
        Ok(())
    }

    /// Points in hundreds.
    fn hundreds(&self, points: i64) -> Result<i64> {
        if points % 100 == 0 {
            Ok(points / 100)
        } else {
            Err(self.err(format_args!("{points} points is not a multiple of 100")))
        }
    }

    fn scores(&self, scores: &[i64; 4]) -> Result<String> {
        Ok(joined(
            scores
                .iter()
                .map(|&x| self.hundreds(x))
                .collect::<Result<Vec<_>>>()?,
        ))
    }

    /// `sc`: the scores before and the changes, in hundreds.
    fn sc(&self, deltas: &[i64; 4], after: &[i64; 4]) -> Result<String> {
        let mut v = Vec::with_capacity(8);
        for s in 0..4 {
            v.push(self.hundreds(after[s] - deltas[s])?);
            v.push(self.hundreds(deltas[s])?);
        }
        Ok(joined(v))
    }

    /// `seat`'s concealed ids in order, as a `RYUUKYOKU` lists them.
    fn hand_attr(&self, seat: usize) -> (String, String) {
        let mut ids = self.seats[seat].concealed.clone();
        ids.sort_unstable();
        (format!("hai{seat}"), joined(ids))
    }

    fn start(&mut self, e: &Event) -> Result<()> {
        let Event::StartKyoku {
            round_wind,
            kyoku,
            honba,
            riichi_sticks,
            dealer,
            dora_marker,
            scores,
            hands,
            dice,
        } = e
        else {
            return Ok(());
        };
        let winds = ["East", "South", "West", "North"];
        self.hand = format!(
            "{} {kyoku}-{honba}",
            winds.get(*round_wind as usize).unwrap_or(&"?")
        );
        if *round_wind > 3 || !(1..=4).contains(kyoku) || *dealer > 3 {
            return Err(self.err("round wind, hand number or dealer out of range"));
        }
        self.taken = [false; 136];
        self.seats = Default::default();
        self.dora.clear();
        self.ura.clear();
        self.last_discard = None;
        self.turn = None;
        self.honba = *honba;
        self.riichi_sticks = *riichi_sticks;
        self.in_hand = true;
        let [d0, d1] = match dice {
            None => [0, 0],
            Some(d) if d.iter().all(|x| (1..=6).contains(x)) => [d[0] - 1, d[1] - 1],
            Some(d) => return Err(self.err(format_args!("dice {d:?} are not 1-6"))),
        };
        let mut hai = Vec::with_capacity(4);
        for (s, h) in hands.iter().enumerate() {
            if s >= self.players && h.is_empty() {
                hai.push((format!("hai{s}"), String::new()));
                continue;
            }
            if h.len() != 13 {
                return Err(self.err(format_args!("seat {s} is dealt {} tiles, not 13", h.len())));
            }
            let ids = h
                .iter()
                .map(|&t| self.alloc(t))
                .collect::<Result<Vec<_>>>()?;
            hai.push((format!("hai{s}"), joined(&ids)));
            self.seats[s].concealed = ids;
        }
        let dora = self.alloc(*dora_marker)?;
        self.dora.push(dora);
        let seed = joined([
            u32::from(round_wind * 4 + kyoku - 1),
            *honba,
            *riichi_sticks,
            u32::from(d0),
            u32::from(d1),
            u32::from(dora),
        ]);
        let mut attrs = vec![
            ("seed", seed),
            ("ten", self.scores(scores)?),
            ("oya", dealer.to_string()),
        ];
        let hai: Vec<(&str, String)> = hai.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        attrs.extend(hai);
        let shuffle = self.init_shuffles.get(self.hands).cloned();
        self.hands += 1;
        if let Some(sh) = shuffle {
            if sh.contains(['"', '<', '>', '&']) {
                return Err(self.err("an INIT shuffle holds a character XML needs escaped"));
            }
            attrs.push(("shuffle", sh));
        }
        self.tag("INIT", &attrs, false);
        Ok(())
    }

    fn hora(&mut self, e: &Event, owari: Option<&str>) -> Result<()> {
        let Event::Hora(w) = e else {
            return Ok(());
        };
        let Win {
            seat,
            target,
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
            ..
        } = &**w;
        let (seat, target) = (*seat, *target);
        if seat > 3 || target > 3 || pao.is_some_and(|p| p > 3) {
            return Err(self.err("a seat out of range"));
        }
        let (machi, hai) = self.win_ids(seat, target, *tile, hand)?;
        let ura_ids = self.ura_ids(ura_markers)?;
        let (list, extra, yakuman) =
            self.yaku_lists(yaku, [*dora, *aka, *ura], !ura_ids.is_empty())?;
        let pairs = |v: &[(u8, u32)]| joined(v.iter().flat_map(|&(id, h)| [u32::from(id), h]));
        let mut attrs = vec![
            ("ba", joined([self.honba, self.riichi_sticks])),
            ("hai", joined(&hai)),
        ];
        if !self.seats[seat].melds.is_empty() {
            attrs.push(("m", joined(self.seats[seat].melds.iter().map(|(m, _)| m))));
        }
        attrs.push(("machi", machi.to_string()));
        attrs.push(("ten", format!("{fu},{points},{}", limit_code(*limit))));
        if yakuman {
            attrs.push(("yakuman", joined(list.iter().map(|(id, _)| id))));
            if !extra.is_empty() {
                // Not Tenhou's (a yakuman counts no dora there), but readable.
                attrs.push(("yaku", pairs(&extra)));
            }
        } else {
            attrs.push(("yaku", pairs(&[list, extra].concat())));
        }
        attrs.push(("doraHai", joined(&self.dora)));
        if !ura_ids.is_empty() {
            attrs.push(("doraHaiUra", joined(&ura_ids)));
        }
        attrs.push(("who", seat.to_string()));
        attrs.push(("fromWho", target.to_string()));
        if let Some(p) = pao {
            attrs.push(("paoWho", p.to_string()));
        }
        attrs.push(("sc", self.sc(deltas, scores)?));
        if let Some(o) = owari {
            attrs.push(("owari", o.to_string()));
        }
        self.tag("AGARI", &attrs, true);
        // A second winner of a double ron gets no sticks.
        self.riichi_sticks = 0;
        Ok(())
    }

    /// The winning tile's id and the winner's hand's ids, in the record's
    /// order (each tile the lowest id left of it).
    fn win_ids(
        &self,
        seat: usize,
        target: usize,
        tile: Tile,
        hand: &[Tile],
    ) -> Result<(u8, Vec<u8>)> {
        let mut pool = self.seats[seat].concealed.clone();
        let machi = if target == seat {
            match self.seats[seat].drawn {
                Some(id) if self.tile(id) == tile => id,
                _ => {
                    return Err(self.err(format_args!(
                        "seat {seat} wins on {tile} by tsumo without drawing it"
                    )))
                }
            }
        } else {
            let id = self.called(seat, target, tile)?;
            pool.push(id);
            id
        };
        let mut hai = Vec::with_capacity(hand.len());
        for &t in hand {
            let k = pool
                .iter()
                .enumerate()
                .filter(|(_, &id)| self.tile(id) == t)
                .min_by_key(|(_, &id)| id)
                .map(|(k, _)| k)
                .ok_or_else(|| {
                    self.err(format_args!(
                        "seat {seat} wins with {t} in hand but does not hold it"
                    ))
                })?;
            hai.push(pool.remove(k));
        }
        if !pool.is_empty() {
            return Err(self.err(format_args!(
                "seat {seat}'s winning hand leaves out tiles the seat holds"
            )));
        }
        Ok((machi, hai))
    }

    /// The ura indicators' ids (two winners in riichi see the same ones).
    fn ura_ids(&mut self, ura_markers: &[Tile]) -> Result<Vec<u8>> {
        let mut ids = Vec::with_capacity(ura_markers.len());
        for (k, &t) in ura_markers.iter().enumerate() {
            let id = match self.ura.get(k) {
                Some(&id) if self.tile(id) == t => id,
                _ => self.alloc(t)?,
            };
            ids.push(id);
        }
        self.ura.clone_from(&ids);
        Ok(ids)
    }

    /// A win's yaku by Tenhou number with their han, its dora, red fives and ura
    /// (`[dora, aka, ura]`; ura always, 0 han included, for a riichi win but a
    /// yakuman), and whether the yaku are yakuman.
    fn yaku_lists(
        &self,
        yaku: &[(Yaku, u32)],
        [dora, aka, ura]: [u32; 3],
        riichi: bool,
    ) -> Result<(TenhouYaku, TenhouYaku, bool)> {
        let yakuman = yaku.iter().filter(|(y, _)| y.is_yakuman()).count();
        if yakuman > 0 && yakuman != yaku.len() {
            return Err(self.err("a win lists yakuman and regular yaku together"));
        }
        let mut list: Vec<(u8, u32)> = Vec::new();
        for &(y, h) in yaku {
            let id = y
                .tenhou_id()
                .ok_or_else(|| self.err(format_args!("{} is not a yaku of Tenhou's", y.name())))?;
            if y.is_yakuman() && h != 13 {
                return Err(self.err(format_args!(
                    "{} is worth {h} han: Tenhou counts each yakuman once (13)",
                    y.name()
                )));
            }
            if !y.is_yakuman() && h > 13 {
                return Err(self.err(format_args!("{} is worth {h} han", y.name())));
            }
            list.push((id, h));
        }
        let mut extra: Vec<(u8, u32)> = Vec::new();
        if dora > 0 {
            extra.push((TENHOU_DORA, dora));
        }
        if aka > 0 {
            extra.push((TENHOU_AKA, aka));
        }
        if ura > 0 || (riichi && yakuman == 0) {
            extra.push((TENHOU_URA, ura));
        }
        if let Some((id, h)) = extra.iter().find(|(_, h)| *h > 13) {
            return Err(self.err(format_args!("dora {id} worth {h} han")));
        }
        Ok((list, extra, yakuman > 0))
    }

    fn ryukyoku(&mut self, e: &Event, owari: Option<&str>) -> Result<()> {
        let Event::Ryukyoku {
            reason,
            tenpai,
            deltas,
            scores,
        } = e
        else {
            return Ok(());
        };
        let kind = match reason {
            DrawReason::Exhaustive => None,
            DrawReason::NagashiMangan => Some("nm"),
            DrawReason::KyuushuKyuuhai => Some("yao9"),
            DrawReason::SuufonRenda => Some("kaze4"),
            DrawReason::Suukaikan => Some("kan4"),
            DrawReason::SuuchaRiichi => Some("reach4"),
            DrawReason::Sanchahou => Some("ron3"),
        };
        let shown: Vec<usize> = match reason {
            DrawReason::Exhaustive | DrawReason::NagashiMangan => {
                (0..4).filter(|&s| tenpai[s]).collect()
            }
            DrawReason::KyuushuKyuuhai => self.turn.into_iter().collect(),
            DrawReason::SuuchaRiichi => (0..4).filter(|&s| self.seats[s].riichi).collect(),
            DrawReason::Sanchahou => match self.last_discard {
                Some((d, _)) => (0..4).filter(|&s| s != d).collect(),
                None => Vec::new(),
            },
            DrawReason::SuufonRenda | DrawReason::Suukaikan => Vec::new(),
        };
        let mut attrs = Vec::new();
        if let Some(k) = kind {
            attrs.push(("type", k.to_string()));
        }
        attrs.push(("ba", joined([self.honba, self.riichi_sticks])));
        attrs.push(("sc", self.sc(deltas, scores)?));
        let hai: Vec<(String, String)> = shown.iter().map(|&s| self.hand_attr(s)).collect();
        attrs.extend(hai.iter().map(|(k, v)| (k.as_str(), v.clone())));
        if let Some(o) = owari {
            attrs.push(("owari", o.to_string()));
        }
        self.tag("RYUUKYOKU", &attrs, true);
        Ok(())
    }

    /// One event of a hand.
    fn play(&mut self, e: &Event, owari: Option<&str>) -> Result<()> {
        if !self.in_hand {
            return Err(self.err("a hand's event outside a hand (no StartKyoku before it)"));
        }
        let seat = match e {
            Event::Tsumo { seat, .. }
            | Event::Dahai { seat, .. }
            | Event::Chi { seat, .. }
            | Event::Pon { seat, .. }
            | Event::Daiminkan { seat, .. }
            | Event::Kakan { seat, .. }
            | Event::Ankan { seat, .. }
            | Event::Riichi { seat }
            | Event::Kita { seat, .. }
            | Event::RiichiAccepted { seat, .. } => *seat,
            _ => 0,
        };
        if seat >= self.players {
            return Err(self.err(format_args!("seat {seat} is not 0-{}", self.players - 1)));
        }
        match e {
            Event::Tsumo { tile, .. } => self.tsumo(seat, *tile)?,
            Event::Dahai {
                tile, tsumogiri, ..
            } => self.dahai(seat, *tile, *tsumogiri)?,
            Event::Chi {
                target,
                tile,
                consumed,
                ..
            } => {
                let (called, others) = self.claimed(seat, *target, *tile, *consumed)?;
                self.meld(seat, *target, Call::Chi { called, others })?;
            }
            Event::Pon {
                target,
                tile,
                consumed,
                ..
            } => {
                let (called, others) = self.claimed(seat, *target, *tile, *consumed)?;
                self.meld(seat, *target, Call::Pon { called, others })?;
            }
            Event::Daiminkan {
                target,
                tile,
                consumed,
                ..
            } => {
                let (called, others) = self.claimed(seat, *target, *tile, *consumed)?;
                self.meld(seat, *target, Call::Daiminkan { called, others })?;
            }
            Event::Kakan { tile, consumed, .. } => self.kakan(seat, *tile, consumed)?,
            Event::Ankan { consumed, .. } => self.ankan(seat, *consumed)?,
            Event::Kita { tile, .. } => {
                let id = self
                    .take(seat, *tile, None)
                    .ok_or_else(|| self.err(format_args!("seat {seat} does not hold {tile}")))?;
                self.meld(seat, seat, Call::Kita { id })?;
            }
            Event::Dora { marker } => {
                let id = self.alloc(*marker)?;
                self.dora.push(id);
                self.tag("DORA", &[("hai", id.to_string())], true);
            }
            Event::Riichi { .. } => {
                self.tag(
                    "REACH",
                    &[("who", seat.to_string()), ("step", "1".into())],
                    false,
                );
            }
            Event::RiichiAccepted { scores, .. } => self.riichi_accepted(seat, scores)?,
            Event::Hora { .. } => self.hora(e, owari)?,
            Event::Ryukyoku { .. } => self.ryukyoku(e, owari)?,
            _ => {}
        }
        Ok(())
    }

    fn tsumo(&mut self, seat: usize, tile: Tile) -> Result<()> {
        let id = self.alloc(tile)?;
        let s = &mut self.seats[seat];
        s.concealed.push(id);
        s.drawn = Some(id);
        self.turn = Some(seat);
        self.last_discard = None;
        self.tag(
            &format!("{}{id}", "TUVW".as_bytes()[seat] as char),
            &[],
            false,
        );
        Ok(())
    }

    fn dahai(&mut self, seat: usize, tile: Tile, tsumogiri: bool) -> Result<()> {
        let drawn = self.seats[seat].drawn;
        let id = if tsumogiri {
            match drawn {
                Some(id) if self.tile(id) == tile => {
                    self.seats[seat].concealed.retain(|&x| x != id);
                    id
                }
                _ => {
                    return Err(self.err(format_args!(
                        "seat {seat} discards {tile} as the tile just drawn, which it is not"
                    )))
                }
            }
        } else {
            self.take(seat, tile, drawn).ok_or_else(|| {
                if drawn.is_some_and(|d| self.tile(d) == tile) {
                    self.err(format_args!(
                        "seat {seat} discards {tile} from the hand, but its only {tile} is the tile just drawn"
                    ))
                } else {
                    self.err(format_args!("seat {seat} discards {tile}, which it does not hold"))
                }
            })?
        };
        self.seats[seat].drawn = None;
        self.last_discard = Some((seat, id));
        self.tag(
            &format!("{}{id}", "DEFG".as_bytes()[seat] as char),
            &[],
            false,
        );
        Ok(())
    }

    /// The ids of a call on a discard: the called tile's and the seat's own.
    fn claimed<const N: usize>(
        &mut self,
        seat: usize,
        target: usize,
        tile: Tile,
        consumed: [Tile; N],
    ) -> Result<(u8, [u8; N])> {
        let called = self.called(seat, target, tile)?;
        let others = self.take_all(seat, consumed)?;
        self.last_discard = None;
        Ok((called, others))
    }

    fn kakan(&mut self, seat: usize, tile: Tile, consumed: &[Tile; 3]) -> Result<()> {
        let pon = self.seats[seat].melds.iter().find_map(|(m, c)| match c {
            Call::Pon { called, others } if called / 4 == tile.kind() => {
                Some((*m, [*called, others[0], others[1]]))
            }
            _ => None,
        });
        let Some((m, pon)) = pon else {
            return Err(self.err(format_args!(
                "seat {seat} adds {tile} to a pon it does not have"
            )));
        };
        let mut have: Vec<Tile> = pon.iter().map(|&id| self.tile(id)).collect();
        let mut said = consumed.to_vec();
        have.sort_unstable();
        said.sort_unstable();
        if have != said {
            return Err(self.err(format_args!(
                "seat {seat}'s kakan names the pon {said:?}, but the pon is {have:?}"
            )));
        }
        let added = self
            .take(seat, tile, None)
            .ok_or_else(|| self.err(format_args!("seat {seat} does not hold {tile}")))?;
        self.last_discard = Some((seat, added));
        let from = (m & 3) as usize;
        self.meld(seat, (seat + from) % 4, Call::Kakan { added, pon })
    }

    fn ankan(&mut self, seat: usize, consumed: [Tile; 4]) -> Result<()> {
        if consumed.iter().any(|t| t.kind() != consumed[0].kind()) {
            return Err(self.err(format_args!(
                "seat {seat}'s closed kan {consumed:?} is not four of a kind"
            )));
        }
        let mut ids = self.take_all(seat, consumed)?;
        ids.sort_unstable();
        // Kokushi may rob it (where the rules allow): on its last copy.
        self.last_discard = Some((seat, ids[3]));
        self.meld(seat, seat, Call::Ankan { ids })
    }

    fn riichi_accepted(&mut self, seat: usize, scores: &[i64; 4]) -> Result<()> {
        self.seats[seat].riichi = true;
        self.riichi_sticks += 1;
        let ten = self.scores(scores)?;
        self.tag(
            "REACH",
            &[
                ("who", seat.to_string()),
                ("ten", ten),
                ("step", "2".into()),
            ],
            false,
        );
        Ok(())
    }
}

/// Writes a record as Tenhou's mjlog XML (see the module documentation for
/// what the text holds and how tiles get their 136-ids).
///
/// The lobby is the record's `tenhou_type`, else the one its rules are (see
/// [`crate::logs::record::tenhou_type_of`]). Errors when the rules are no Tenhou
/// lobby's, and when the events cannot be Tenhou's: a tile without a free id (a
/// fifth copy, a red five in a lobby without red fives), a discard or call of a
/// tile the seat does not hold, a yaku Tenhou does not know, points that are
/// not whole hundreds.
pub fn write_mjlog(record: &GameRecord) -> Result<String> {
    use crate::logs::record::tenhou_type::NO_AKA;
    let go_type = go_type_of(record)?;
    let mut w = Writer {
        out: String::from("<mjloggm ver=\"2.3\">"),
        red: go_type & NO_AKA == 0,
        at: 0,
        hand: String::new(),
        taken: [false; 136],
        seats: Default::default(),
        dora: Vec::new(),
        ura: Vec::new(),
        last_discard: None,
        turn: None,
        honba: 0,
        riichi_sticks: 0,
        in_hand: false,
        players: usize::from(record.rules.players),
        hands: 0,
        init_shuffles: record.init_shuffles.clone(),
    };
    w.header(record, go_type)?;
    let (last_result, owari) = owari_of(record)?;
    for (i, e) in record.events.iter().enumerate() {
        w.at = i;
        match e {
            Event::StartGame | Event::EndGame { .. } => {}
            Event::StartKyoku { .. } => w.start(e)?,
            Event::EndKyoku => w.in_hand = false,
            _ => {
                let o = (Some(i) == last_result)
                    .then_some(owari.as_deref())
                    .flatten();
                w.play(e, o)?;
            }
        }
    }
    if record
        .events
        .iter()
        .all(|e| !matches!(e, Event::StartKyoku { .. }))
    {
        return Err(MahjongError::InvalidInput(
            "mjlog: the record has no hand (no StartKyoku)".into(),
        ));
    }
    w.out.push_str("</mjloggm>");
    Ok(w.out)
}

/// The lobby type bits the log says: the record's, else its rules' lobby.
fn go_type_of(record: &GameRecord) -> Result<u32> {
    use crate::logs::record::tenhou_type::SANMA;
    let go_type = if let Some(t) = record.tenhou_type {
        // An mjlog holds no log id: one read back without it (from text, or a
        // file not named by its id) takes today's rules, not those of its date.
        let mut then = crate::logs::record::tenhou_lobby_rules(t)?;
        let today = then.clone();
        crate::logs::record::tenhou_era_rules(&mut then, record.log_id.as_deref());
        if then != today && record.rules == then {
            return Err(MahjongError::Rule(format!(
                "mjlog cannot carry the rules of {}: the format holds no log id, so it \
                 would be read back under today's Tenhou rules (tenpai_yame = {}); write \
                 tenhou6 or mjai, which keep the id",
                record.log_id.as_deref().unwrap_or("its date"),
                today.tenpai_yame
            )));
        }
        t
    } else {
        check_writable(record, "mjlog", |_, _| {})?;
        tenhou_type_of(&record.rules)
            .ok_or_else(|| MahjongError::Rule("mjlog cannot carry a game of one hand".into()))?
    };
    if (go_type & SANMA != 0) != (record.rules.players == 3) {
        return Err(MahjongError::InvalidInput(format!(
            "mjlog: lobby type {go_type} does not say {} players, as the rules do",
            record.rules.players
        )));
    }
    if record.first_dealer >= usize::from(record.rules.players) {
        return Err(MahjongError::InvalidInput(format!(
            "mjlog: first dealer {} is not a seat 0-3",
            record.first_dealer
        )));
    }
    Ok(go_type)
}

/// The `UN` attributes: names, and ranks, ratings and sex letters when known.
fn un_attrs(p: &[PlayerInfo; 4]) -> Result<Vec<(String, String)>> {
    let mut un: Vec<(String, String)> = (0..4)
        .map(|s| (format!("n{s}"), percent_encode(&p[s].name)))
        .collect();
    if p.iter().any(|x| x.dan.is_some()) {
        let dan = p
            .iter()
            .map(|x| x.dan.map(|d| d.to_string()).unwrap_or_default());
        un.push(("dan".into(), joined(dan)));
    }
    if p.iter().any(|x| x.rate.is_some()) {
        let rate = p.iter().map(|x| {
            x.rate
                .filter(|r| r.is_finite())
                .map(|r| format!("{r:.2}"))
                .unwrap_or_default()
        });
        un.push(("rate".into(), joined(rate)));
    }
    if p.iter().any(|x| x.sex.is_some()) {
        if p.iter()
            .filter_map(|x| x.sex.as_deref())
            .any(|x| x.contains([',', '"', '<', '>', '&']))
        {
            return Err(MahjongError::InvalidInput(
                "mjlog: a player's sx holds ',' or a character XML needs escaped".into(),
            ));
        }
        let sx = p.iter().map(|x| x.sex.clone().unwrap_or_default());
        un.push(("sx".into(), joined(sx)));
    }
    Ok(un)
}

/// Where `owari` goes (the last result, when the record has the game's end)
/// and its text: final points in hundreds and final scores, in turn.
fn owari_of(record: &GameRecord) -> Result<(Option<usize>, Option<String>)> {
    let end = record
        .events
        .iter()
        .rposition(|e| matches!(e, Event::EndGame { .. }));
    let last_result = record.events[..end.unwrap_or(0)]
        .iter()
        .rposition(|e| matches!(e, Event::Hora { .. } | Event::Ryukyoku { .. }));
    let (Some(end), Some(_)) = (end, last_result) else {
        return Ok((last_result, None));
    };
    let Event::EndGame { scores: points } = &record.events[end] else {
        unreachable!("found as EndGame")
    };
    let finals = record.final_scores.unwrap_or_else(|| {
        let cfg = ScoringConfig::from_rules(&record.rules);
        final_result(*points, 0, record.first_dealer, &cfg).scores
    });
    let mut parts = Vec::with_capacity(8);
    for s in 0..4 {
        if points[s] % 100 != 0 {
            return Err(MahjongError::InvalidInput(format!(
                "mjlog: final points {} are not a multiple of 100",
                points[s]
            )));
        }
        parts.push((points[s] / 100).to_string());
        parts.push(tenths(finals[s]));
    }
    Ok((last_result, Some(joined(parts))))
}

impl Writer {
    /// `SHUFFLE`, `GO`, `UN` and `TAIKYOKU`.
    fn header(&mut self, record: &GameRecord, go_type: u32) -> Result<()> {
        if let Some(seed) = &record.shuffle_seed {
            if seed.contains(['"', '<', '>', '&']) {
                return Err(MahjongError::InvalidInput(
                    "mjlog: the shuffle seed holds a character XML needs escaped".into(),
                ));
            }
            self.tag(
                "SHUFFLE",
                &[("seed", seed.clone()), ("ref", String::new())],
                false,
            );
        }
        let mut go = vec![("type", go_type.to_string())];
        if let Some(lobby) = record.lobby {
            go.push(("lobby", lobby.to_string()));
        }
        self.tag("GO", &go, false);
        let un = un_attrs(&record.players)?;
        let un: Vec<(&str, String)> = un.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        self.tag("UN", &un, false);
        self.tag(
            "TAIKYOKU",
            &[("oya", record.first_dealer.to_string())],
            false,
        );
        Ok(())
    }
}
