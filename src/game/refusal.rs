//! Why the engine refuses an action: a reason the player can act on ("5m is not
//! in the hand", "furiten: …", "riichi needs a closed hand"), else the actions
//! that are legal now.

use super::{Action, ClaimKind, Game, Phase};
use crate::algo::agari;
use crate::meld::MeldKind;
use crate::score::score;
use crate::tile::Tile;

impl Game {
    /// Why `action` is not legal for `seat` now. Only called for an action
    /// that is not among `legal_actions(seat)`.
    pub(super) fn refusal(&self, seat: usize, action: &Action) -> String {
        if seat >= self.seats() {
            return format!("seats are 0-{}", self.seats() - 1);
        }
        let legal = self.legal_actions(seat);
        if legal.is_empty() {
            let deciding = self.deciding();
            return if deciding.is_empty() {
                "no decision is pending".into()
            } else {
                format!("it is not this seat's decision (seats deciding: {deciding:?})")
            };
        }
        let why = match self.phase {
            Phase::Turn { drawn, rinshan, .. } => self.turn_refusal(seat, action, drawn, rinshan),
            Phase::Claims {
                from, tile, kind, ..
            } => self.claim_refusal(seat, action, from, tile, kind),
            Phase::HandOver | Phase::GameOver => None,
        };
        why.unwrap_or_else(|| {
            let shown: Vec<String> = legal.iter().take(8).map(ToString::to_string).collect();
            let more = if legal.len() > 8 { ", …" } else { "" };
            format!(
                "not among its legal actions now ({}{more})",
                shown.join(", ")
            )
        })
    }

    fn turn_refusal(
        &self,
        seat: usize,
        action: &Action,
        drawn: Option<Tile>,
        rinshan: bool,
    ) -> Option<String> {
        let p = &self.players[seat];
        let held = |t: Tile| p.concealed.iter().filter(|&&x| x == t).count();
        let no_draw = || "no tile was just drawn (the turn follows a call)".to_string();
        match *action {
            Action::Ron
            | Action::Chi { .. }
            | Action::Pon { .. }
            | Action::Daiminkan
            | Action::Pass => Some("there is no tile to claim: it is this seat's turn".into()),
            Action::Discard { tile, tsumogiri } | Action::Riichi { tile, tsumogiri } => {
                if matches!(action, Action::Riichi { .. }) && p.in_riichi() {
                    return Some("the seat is already in riichi".into());
                }
                if held(tile) == 0 {
                    return Some(format!("{tile} is not in the hand"));
                }
                if tsumogiri && drawn != Some(tile) {
                    return Some(drawn.map_or_else(no_draw, |d| {
                        format!("tsumogiri discards the tile just drawn, {d}, not {tile}")
                    }));
                }
                if !tsumogiri && drawn == Some(tile) && held(tile) == 1 {
                    return Some(format!("{tile} is the tile just drawn: tsumogiri=True"));
                }
                if p.in_riichi() {
                    return Some("in riichi only the tile just drawn may be discarded".into());
                }
                if p.kuikae >> tile.kind() & 1 == 1 {
                    return Some(format!(
                        "kuikae: {tile} may not be discarded right after the call (rule kuikae)"
                    ));
                }
                matches!(action, Action::Riichi { .. }).then(|| self.riichi_refusal(seat, tile))
            }
            Action::Tsumo => {
                let Some(t) = drawn else {
                    return Some(no_draw());
                };
                if !agari::is_complete(&p.counts(), p.melds.len()) {
                    return Some(format!("the hand is not complete with {t}"));
                }
                let ctx = self.tsumo_context(seat, rinshan);
                let hand = p.hand().ok()?;
                score(&hand, t, &ctx, &self.rules)
                    .err()
                    .map(|e| e.to_string())
            }
            Action::Ankan { kind } => {
                let t = Tile::from_kind(kind)?;
                let n = p.counts().get(kind as usize).copied().unwrap_or(0);
                if drawn.is_none() {
                    Some(format!("a kan is declared after a draw: {}", no_draw()))
                } else if n < 4 {
                    Some(format!("an ankan needs four {t}; the hand holds {n}"))
                } else if let Some(why) = self.no_more_kans() {
                    Some(why)
                } else if p.in_riichi() {
                    Some(
                        "in riichi a closed kan must be of the tile just drawn and keep the waits"
                            .into(),
                    )
                } else {
                    None
                }
            }
            Action::Kakan { tile } => {
                let pon = p
                    .melds
                    .iter()
                    .any(|m| m.kind() == MeldKind::Pon && m.first_kind() == tile.kind());
                if drawn.is_none() {
                    Some(format!("a kan is declared after a draw: {}", no_draw()))
                } else if held(tile) == 0 {
                    Some(format!("{tile} is not in the hand"))
                } else if !pon {
                    Some(format!("there is no pon of {tile} to add it to"))
                } else {
                    self.no_more_kans()
                }
            }
            Action::KyuushuKyuuhai => Some(
                "kyuushu kyuuhai is declared on one's first draw, with no call before, holding \
                 9 or more kinds of terminals and honors (rule kyuushu_kyuuhai)"
                    .into(),
            ),
            Action::Kita => Some(if !self.rules.kita {
                "kita (setting a North aside) is a three-player rule: these rules have none \
                 (rule option kita)"
                    .into()
            } else if p.concealed.iter().all(|t| t.kind() != 30) {
                "kita sets a North aside: the hand holds none".into()
            } else if drawn.is_none() {
                format!("a kita is declared after a draw: {}", no_draw())
            } else if p.in_riichi() {
                "in riichi only the North just drawn may be set aside".into()
            } else {
                "no tile is left to draw after a kita".into()
            }),
        }
    }

    fn riichi_refusal(&self, seat: usize, tile: Tile) -> String {
        let p = &self.players[seat];
        if p.in_riichi() {
            return "the seat is already in riichi".into();
        }
        if !p.is_closed() {
            return "riichi needs a closed hand".into();
        }
        if let Some(m) = self.rules.riichi_min_points {
            if self.scores[seat] < i64::from(m) {
                return format!(
                    "riichi needs {m} points (rule riichi_min_points); the seat has {}",
                    self.scores[seat]
                );
            }
        }
        let left = self.wall.live_remaining();
        if left < usize::from(self.rules.riichi_min_wall) {
            return format!(
                "riichi needs {} tiles left to draw (rule riichi_min_wall); {left} are left",
                self.rules.riichi_min_wall
            );
        }
        format!("discarding {tile} does not leave the hand tenpai")
    }

    fn no_more_kans(&self) -> Option<String> {
        if self.wall.kans() >= 4 {
            Some("four kans were declared: no more".into())
        } else if self.wall.live_remaining() == 0 {
            Some("no tile is left to draw after a kan".into())
        } else {
            None
        }
    }

    fn claim_refusal(
        &self,
        seat: usize,
        action: &Action,
        from: usize,
        tile: Tile,
        kind: ClaimKind,
    ) -> Option<String> {
        let p = &self.players[seat];
        let held = |t: Tile| p.concealed.iter().filter(|&&x| x == t).count();
        let on_discard = matches!(kind, ClaimKind::Discard { .. });
        let call = |name: &str| -> Option<String> {
            if !on_discard {
                Some(if kind == ClaimKind::Kita {
                    format!("a kita may be robbed only by Ron, not by {name}")
                } else {
                    format!("a kan's tile may be robbed only by Ron, not by {name}")
                })
            } else if p.in_riichi() {
                Some("no calls in riichi".into())
            } else if self.wall.live_remaining() == 0 {
                Some("the last discard may not be called".into())
            } else {
                None
            }
        };
        // The tiles of a chi or pon, each held (two copies when they are equal).
        let hold_both = |tiles: &[Tile; 2]| -> Option<String> {
            let need = 1 + usize::from(tiles[0] == tiles[1]);
            tiles.iter().find(|&&t| held(t) < need).map(|t| {
                if need == 2 {
                    format!("the hand does not hold two {t}")
                } else {
                    format!("{t} is not in the hand")
                }
            })
        };
        match *action {
            Action::Ron => {
                let mut c = p.counts();
                c[tile.kind() as usize] += 1;
                if !agari::is_complete(&c, p.melds.len()) {
                    return Some(format!("{tile} does not complete the hand"));
                }
                if p.temporary_furiten {
                    return Some(
                        "furiten: the seat let a winning tile pass since its last draw".into(),
                    );
                }
                if p.riichi_furiten {
                    return Some(
                        "furiten: the seat let a winning tile pass after its riichi".into(),
                    );
                }
                if p.discard_furiten(p.waits()) {
                    return Some("furiten: a winning tile is among the seat's own discards".into());
                }
                if kind == ClaimKind::Ankan {
                    return Some("only kokushi musou may rob a closed kan".into());
                }
                let ctx = self.ron_context(seat, from, kind);
                let mut concealed = p.concealed.clone();
                concealed.push(tile);
                let hand = crate::hand::Hand::new(&concealed, p.melds.clone()).ok()?;
                score(&hand, tile, &ctx, &self.rules)
                    .err()
                    .map(|e| e.to_string())
            }
            Action::Chi { tiles } => call("Chi").or_else(|| {
                if !self.rules.chi {
                    return Some("these rules have no chi (rule option chi)".into());
                }
                if (from + 1) % self.seats() != seat {
                    return Some(format!(
                        "only the next seat ({}) may chi seat {from}'s discard",
                        (from + 1) % self.seats()
                    ));
                }
                if let Some(why) = hold_both(&tiles) {
                    return Some(why);
                }
                let mut kinds = [tiles[0].kind(), tiles[1].kind(), tile.kind()];
                kinds.sort_unstable();
                let run = kinds[2] < 27
                    && kinds[0] / 9 == kinds[2] / 9
                    && kinds[1] == kinds[0] + 1
                    && kinds[2] == kinds[0] + 2;
                if run {
                    Some("kuikae: after this chi no tile could be discarded (rule kuikae)".into())
                } else {
                    Some(format!(
                        "{}, {} and {tile} are not a run",
                        tiles[0], tiles[1]
                    ))
                }
            }),
            Action::Pon { tiles } => call("Pon").or_else(|| {
                if let Some(why) = hold_both(&tiles) {
                    return Some(why);
                }
                if tiles.iter().any(|t| t.kind() != tile.kind()) {
                    return Some(format!("a pon of {tile} takes two tiles of its kind"));
                }
                Some("kuikae: after this pon no tile could be discarded (rule kuikae)".into())
            }),
            Action::Daiminkan => call("Daiminkan").or_else(|| {
                let n = p.counts()[tile.kind() as usize];
                if n < 3 {
                    Some(format!(
                        "a daiminkan of {tile} needs three in the hand; it holds {n}"
                    ))
                } else {
                    self.no_more_kans()
                }
            }),
            Action::Pass => None,
            Action::Discard { .. }
            | Action::Riichi { .. }
            | Action::Tsumo
            | Action::Ankan { .. }
            | Action::Kakan { .. }
            | Action::Kita
            | Action::KyuushuKyuuhai => Some(if on_discard {
                format!("seat {from}'s {tile} may be claimed now: Ron, Chi, Pon, Daiminkan or Pass")
            } else if kind == ClaimKind::Kita {
                format!("seat {from}'s kita may be robbed now: Ron or Pass")
            } else {
                format!("seat {from}'s kan of {tile} may be robbed now: Ron or Pass")
            }),
        }
    }
}
