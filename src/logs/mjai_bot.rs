//! The mjai bot protocol's game knowledge: what one seat sees of the events,
//! a position rebuilt from that view, and a bot's answers as the engine's
//! actions and back.
//!
//! A seat sees every event as mjai writes it, except the tiles it may not know:
//! the other seats' dealt hands (`tehais`) and draws (`tsumo`'s `pai`) are `"?"`.
//! Its `start_game` carries its seat as `id` (and the rules that differ from
//! Tenhou's as `rules`). From such a view of the current hand,
//! [`seat_position`] makes up a whole game that agrees with it: each hidden tile
//! that later left a hand (a discard, a call's tiles, a kan, a kita) is given
//! that tile, the rest some tile not seen anywhere, and the hand is replayed
//! through the engine. What the seat may know of that game (its observation,
//! its legal actions) is then the real game's.

use super::mjai::{event_from_json, At};
use super::record::GameRecord;
use super::replay;
use crate::error::{MahjongError, Result};
use crate::game::hidden::{HiddenTiles, Place};
use crate::game::{Action, Event, Game, Phase};
use crate::meld::MeldKind;
use crate::rules::Rules;
use crate::tile::Tile;
use serde_json::{json, Value};

/// A tile the seat may not see.
pub const HIDDEN: &str = "?";

/// The mjai object of event `e` as `seat` sees it (see the module's notes).
pub fn seat_view(e: &Event, seat: usize, rules: &Rules) -> Value {
    let mut v = super::mjai::event_to_json(e);
    match e {
        Event::StartGame => {
            v["id"] = json!(seat);
            let changed = rules.changes_to_json_value(&Rules::default());
            if !changed.is_empty() {
                v["rules"] = Value::Object(changed);
            }
        }
        Event::StartKyoku { hands, .. } => {
            for (s, h) in hands.iter().enumerate() {
                if s != seat {
                    v["tehais"][s] = json!(vec![HIDDEN; h.len()]);
                }
            }
        }
        Event::Tsumo { seat: s, .. } if *s != seat => v["pai"] = json!(HIDDEN),
        _ => {}
    }
    v
}

fn is_hidden(v: &Value) -> bool {
    v.as_str() == Some(HIDDEN)
}

fn tile_of(v: &Value) -> Option<Tile> {
    v.as_str().and_then(|n| Tile::from_mjai(n).ok())
}

fn tiles_of(v: &Value) -> Vec<Tile> {
    v.as_array()
        .map(|a| a.iter().filter_map(tile_of).collect())
        .unwrap_or_default()
}

/// `hand` (a seat's view, from `start_kyoku`) with every hidden tile given one
/// that agrees with the events (see the module's notes).
fn resolve_hidden(hand: &[Value], rules: &Rules) -> Result<Vec<Value>> {
    let mut hidden = HiddenTiles::default();
    let mut seen: Vec<Tile> = Vec::new();
    for (i, v) in hand.iter().enumerate() {
        let actor = v
            .get("actor")
            .and_then(Value::as_u64)
            .filter(|&a| a < 4)
            .map(|a| a as usize);
        let kind = v.get("type").and_then(Value::as_str).unwrap_or_default();
        let pai = || v.get("pai").and_then(tile_of);
        match (kind, actor) {
            ("start_kyoku", _) => {
                let dealt = v.get("tehais").and_then(Value::as_array);
                for (s, h) in dealt.into_iter().flatten().take(4).enumerate() {
                    for (k, t) in h.as_array().into_iter().flatten().enumerate() {
                        if is_hidden(t) {
                            hidden.dealt(i, s, k);
                        } else {
                            seen.extend(tile_of(t));
                        }
                    }
                }
                seen.extend(v.get("dora_marker").and_then(tile_of));
            }
            ("tsumo", Some(a)) => {
                if v.get("pai").is_some_and(is_hidden) {
                    hidden.drew(i, a);
                } else {
                    seen.extend(pai());
                    hidden.moved(a);
                }
            }
            ("dahai", Some(a)) => {
                let tsumogiri = v.get("tsumogiri").and_then(Value::as_bool) == Some(true);
                match pai() {
                    Some(t) => hidden.discarded(a, t, tsumogiri),
                    None => hidden.moved(a),
                }
            }
            ("chi" | "pon" | "daiminkan", Some(a)) => {
                hidden.gave(a, &tiles_of(v.get("consumed").unwrap_or(&Value::Null)));
            }
            ("ankan", Some(a)) => {
                hidden.declared(a, &tiles_of(v.get("consumed").unwrap_or(&Value::Null)));
            }
            ("kakan" | "nukidora" | "kita", Some(a)) => {
                hidden.declared(a, pai().as_slice());
            }
            ("dora", _) => seen.extend(v.get("dora_marker").and_then(tile_of)),
            ("hora", _) => seen.extend(tiles_of(v.get("uradora_markers").unwrap_or(&Value::Null))),
            _ => {}
        }
    }
    seen.extend(hidden.places().iter().filter_map(|&(_, t)| t));
    // The tiles nobody has seen, for the hidden tiles that never showed.
    let left = crate::game::wall::tiles_left(rules, &seen).map_err(|t| {
        MahjongError::InvalidInput(format!(
            "the events show more copies of {} than the rules' tiles hold",
            t.mjai()
        ))
    })?;
    let mut out = hand.to_vec();
    let mut rest = left.into_iter().rev();
    for &(place, tile) in hidden.places() {
        let t = match tile {
            Some(t) => t,
            None => rest.next().ok_or_else(|| {
                MahjongError::InvalidInput("the events hide more tiles than the wall holds".into())
            })?,
        };
        let name = json!(t.mjai());
        match place {
            Place::Dealt { event, seat, index } => out[event]["tehais"][seat][index] = name,
            Place::Drawn { event } => out[event]["pai"] = name,
        }
    }
    Ok(out)
}

/// A whole game that agrees with what `seat` saw of the current hand (`hand`:
/// its view of the events from the hand's `start_kyoku` on, as [`seat_view`]
/// writes them; events of other types are skipped), at the point where those
/// events stop. `None` when that point is no decision of the game's: the hand
/// is over, or the engine would go on to draw a tile the events do not show
/// yet. The other seats' concealed tiles and the wall are made up.
pub fn seat_position(hand: &[Value], seat: usize, rules: &Rules) -> Result<Option<Game>> {
    let players = usize::from(rules.players);
    if seat >= players {
        return Err(MahjongError::InvalidInput(format!(
            "a seat is 0-{}, got {seat}",
            players - 1
        )));
    }
    let first = hand
        .first()
        .and_then(|v| v.get("type"))
        .and_then(Value::as_str);
    if first != Some("start_kyoku") {
        return Err(MahjongError::InvalidInput(
            "a hand's events begin with start_kyoku".into(),
        ));
    }
    let resolved = resolve_hidden(hand, rules)?;
    let mut record = GameRecord::new(rules.clone());
    record.events.push(Event::StartGame);
    let mut scores = [0i64; 4];
    for (n, v) in resolved.iter().enumerate() {
        if !v.is_object() {
            return Err(MahjongError::InvalidInput(format!(
                "event {} of the hand is not a JSON object: {v}",
                n + 1
            )));
        }
        let at = At(n + 1);
        let e = event_from_json(v, scores, &at).map_err(|e| {
            let msg = e.to_string();
            let what = msg.strip_prefix("mjai line ").map_or(msg.as_str(), |m| m);
            MahjongError::InvalidInput(format!("event {what}"))
        })?;
        let Some(e) = e else { continue };
        if n > 0 && matches!(e, Event::StartGame | Event::StartKyoku { .. }) {
            return Err(MahjongError::InvalidInput(format!(
                "event {} starts a new hand or game: a hand's events hold one start_kyoku, first",
                n + 1
            )));
        }
        if let Some(s) = e.scores_after() {
            scores = s;
        }
        record.events.push(e);
    }
    let shown = &record.events[1..];
    if shown.iter().any(|e| {
        matches!(
            e,
            Event::Hora { .. } | Event::Ryukyoku { .. } | Event::EndKyoku | Event::EndGame { .. }
        )
    }) {
        return Ok(None);
    }
    let made_up = std::array::from_fn(|s| s != seat);
    let mut game = replay::position(&record, made_up)?;
    // Claims left open that are not the seat's: the others passed (a claim of
    // theirs would show), which settles a call the seat made.
    if matches!(game.phase(), Phase::Claims { .. }) && game.phase().claim_for(seat).is_none() {
        for s in game.deciding() {
            game.apply(s, Action::Pass)?;
        }
    }
    let draws = |es: &[Event]| {
        es.iter()
            .filter(|e| matches!(e, Event::Tsumo { .. }))
            .count()
    };
    if draws(game.events()) > draws(shown)
        || matches!(game.phase(), Phase::HandOver | Phase::GameOver)
    {
        return Ok(None);
    }
    Ok(Some(game))
}

/// What a bot's answer means: an action, or a riichi declaration whose discard
/// the bot names next (after it is shown its own `reach`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Act(Action),
    Reach,
}

fn field<'a>(v: &'a Value, key: &str, what: &str) -> Result<&'a Value> {
    v.get(key).ok_or_else(|| {
        MahjongError::InvalidInput(format!("a {what} answer needs {key:?}, got {v}"))
    })
}

fn tile_field(v: &Value, key: &str, what: &str) -> Result<Tile> {
    let x = field(v, key, what)?;
    let name = x.as_str().ok_or_else(|| {
        MahjongError::InvalidInput(format!("{key:?} must be a tile name, got {x}"))
    })?;
    Tile::from_mjai(name).map_err(|e| MahjongError::InvalidInput(e.to_string()))
}

fn consumed_field<const N: usize>(v: &Value, what: &str) -> Result<[Tile; N]> {
    let x = field(v, "consumed", what)?;
    let bad = || {
        MahjongError::InvalidInput(format!(
            "\"consumed\" of a {what} must be {N} tile names, got {x}"
        ))
    };
    let names = x.as_array().filter(|a| a.len() == N).ok_or_else(bad)?;
    let mut out = [Tile::from_kind(0).expect("1m"); N];
    for (o, n) in out.iter_mut().zip(names) {
        let name = n.as_str().ok_or_else(bad)?;
        *o = Tile::from_mjai(name).map_err(|e| MahjongError::InvalidInput(e.to_string()))?;
    }
    out.sort();
    Ok(out)
}

/// The action a bot's answer `v` (an mjai object) names for `seat` in `game`;
/// `riichi` when the seat has just declared riichi (its answer is then the
/// discard). A malformed answer is an `InvalidInput` error, an answer that is
/// no legal action an `IllegalAction` error listing the legal ones.
pub fn answer_from_mjai(game: &Game, seat: usize, v: &Value, riichi: bool) -> Result<Answer> {
    let kind = v.get("type").and_then(Value::as_str).ok_or_else(|| {
        MahjongError::InvalidInput(format!(
            "an answer is a JSON object with a string \"type\", got {v}"
        ))
    })?;
    if kind != "none" {
        if let Some(a) = v.get("actor") {
            if a.as_u64() != Some(seat as u64) {
                return Err(MahjongError::IllegalAction(format!(
                    "the answer {v} is for actor {a}, but the bot plays seat {seat}"
                )));
            }
        }
    }
    let legal = game.legal_actions(seat);
    let found = |want: &dyn Fn(&Action) -> bool| legal.iter().copied().find(|a| want(a));
    let wanted: Option<Action> = match kind {
        "none" => Some(Action::Pass),
        "dahai" => {
            let tile = tile_field(v, "pai", "dahai")?;
            let tsumogiri = match v.get("tsumogiri") {
                None | Some(Value::Null) => None,
                Some(x) => Some(x.as_bool().ok_or_else(|| {
                    MahjongError::InvalidInput(format!(
                        "\"tsumogiri\" must be true or false, got {x}"
                    ))
                })?),
            };
            let matches = |t: Tile, g: bool| t == tile && tsumogiri.is_none_or(|x| x == g);
            if riichi {
                found(&|a| matches!(*a, Action::Riichi { tile: t, tsumogiri: g } if matches(t, g)))
            } else {
                found(&|a| matches!(*a, Action::Discard { tile: t, tsumogiri: g } if matches(t, g)))
            }
            .or(Some(Action::Discard {
                tile,
                tsumogiri: tsumogiri.unwrap_or(false),
            }))
        }
        "reach" => {
            if !riichi && legal.iter().any(|a| matches!(a, Action::Riichi { .. })) {
                return Ok(Answer::Reach);
            }
            None
        }
        "chi" => Some(Action::Chi {
            tiles: consumed_field::<2>(v, "chi")?,
        }),
        "pon" => Some(Action::Pon {
            tiles: consumed_field::<2>(v, "pon")?,
        }),
        "daiminkan" => Some(Action::Daiminkan),
        "ankan" => Some(Action::Ankan {
            kind: consumed_field::<4>(v, "ankan")?[0].kind(),
        }),
        "kakan" => Some(Action::Kakan {
            tile: tile_field(v, "pai", "kakan")?,
        }),
        "hora" => Some(if legal.contains(&Action::Tsumo) {
            Action::Tsumo
        } else {
            Action::Ron
        }),
        "ryukyoku" => Some(Action::KyuushuKyuuhai),
        "nukidora" | "kita" => Some(Action::Kita),
        other => {
            return Err(MahjongError::InvalidInput(format!(
                "an answer's type is none, dahai, reach, chi, pon, daiminkan, ankan, kakan, \
                 hora, ryukyoku or nukidora, got {other:?}"
            )))
        }
    };
    match wanted {
        Some(a) if !riichi && legal.contains(&a) => Ok(Answer::Act(a)),
        Some(a @ Action::Riichi { .. }) if riichi => Ok(Answer::Act(a)),
        _ => {
            let shown: Vec<String> = legal.iter().map(ToString::to_string).collect();
            let why = if riichi {
                " (after its reach the answer is the riichi discard)"
            } else {
                ""
            };
            Err(MahjongError::IllegalAction(format!(
                "seat {seat} answered {v}, which is not legal here{why}; legal: {}",
                if shown.is_empty() {
                    "nothing (the seat has no decision)".to_string()
                } else {
                    shown.join(", ")
                }
            )))
        }
    }
}

fn names(tiles: &[Tile]) -> Vec<String> {
    tiles.iter().map(|t| t.mjai()).collect()
}

/// The mjai answer of `seat` taking `action` in `game`: `dahai`, `reach` (a
/// riichi: its discard is answered after the seat's `reach` event), `chi`,
/// `pon`, `daiminkan`, `ankan`, `kakan` with the tiles they take, `hora` with
/// its target and tile, `ryukyoku` (nine terminals), `nukidora`, or `none` (a
/// pass). An `InvalidInput` error when the action does not fit the game's
/// state (a call with no claim pending, a kan without its tiles).
pub fn answer_to_mjai(game: &Game, seat: usize, action: Action) -> Result<Value> {
    let me = game.player(seat);
    let no = |why: &str| MahjongError::InvalidInput(format!("{action} for seat {seat}: {why}"));
    let claim = || {
        game.phase()
            .claim_for(seat)
            .ok_or_else(|| no("no claim is pending for the seat"))
    };
    let of_kind = |kind: u8, n: usize| -> Result<Vec<Tile>> {
        let ts: Vec<Tile> = me
            .concealed
            .iter()
            .copied()
            .filter(|t| t.kind() == kind)
            .take(n)
            .collect();
        if ts.len() == n {
            Ok(ts)
        } else {
            Err(no(&format!("the hand holds {} of the kind", ts.len())))
        }
    };
    Ok(match action {
        Action::Discard { tile, tsumogiri } => {
            json!({"type": "dahai", "actor": seat, "pai": tile.mjai(), "tsumogiri": tsumogiri})
        }
        Action::Riichi { .. } => json!({"type": "reach", "actor": seat}),
        Action::Chi { tiles } | Action::Pon { tiles } => {
            let (from, tile, _) = claim()?;
            let kind = if matches!(action, Action::Chi { .. }) {
                "chi"
            } else {
                "pon"
            };
            json!({"type": kind, "actor": seat, "target": from, "pai": tile.mjai(),
                   "consumed": names(&tiles)})
        }
        Action::Daiminkan => {
            let (from, tile, _) = claim()?;
            let consumed = of_kind(tile.kind(), 3)?;
            json!({"type": "daiminkan", "actor": seat, "target": from, "pai": tile.mjai(),
                   "consumed": names(&consumed)})
        }
        Action::Ankan { kind } => {
            json!({"type": "ankan", "actor": seat, "consumed": names(&of_kind(kind, 4)?)})
        }
        Action::Kakan { tile } => {
            let pon = me
                .melds
                .iter()
                .find(|m| m.kind() == MeldKind::Pon && m.tiles()[0].kind() == tile.kind())
                .ok_or_else(|| no("the seat has no pon of the tile"))?;
            json!({"type": "kakan", "actor": seat, "pai": tile.mjai(),
                   "consumed": names(pon.tiles())})
        }
        Action::Tsumo => match *game.phase() {
            Phase::Turn {
                seat: s,
                drawn: Some(t),
                ..
            } if s == seat => {
                json!({"type": "hora", "actor": seat, "target": seat, "pai": t.mjai()})
            }
            _ => return Err(no("the seat has not just drawn")),
        },
        Action::Ron => {
            let (from, tile, _) = claim()?;
            json!({"type": "hora", "actor": seat, "target": from, "pai": tile.mjai()})
        }
        Action::KyuushuKyuuhai => json!({"type": "ryukyoku", "actor": seat}),
        Action::Kita => json!({"type": "nukidora", "actor": seat, "pai": "N"}),
        Action::Pass => json!({"type": "none"}),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::agents::{agent_seed, Agent, AgentKind};

    /// Random games, every decision of every seat: the hidden tiles are hidden,
    /// the position rebuilt from the seat's view of the hand has the real
    /// observation and legal actions, every legal action's mjai answer reads
    /// back as that action, and a point past a decision is no position.
    #[test]
    fn seat_positions_agree_with_the_game() {
        let (mut checked, mut cut_checked) = (0, 0);
        for (seed, preset) in (0..12u64).zip(["tenhou", "mleague", "tenhou_sanma"].iter().cycle()) {
            let rules = Rules::preset(preset).unwrap();
            let mut game = Game::new(rules.clone(), seed).unwrap();
            let mut agents: Vec<Agent> = (0..4)
                .map(|s| Agent::new(AgentKind::Random, agent_seed(seed, s)))
                .collect();
            let set = crate::algo::TileSet::of(&rules);
            for _ in 0..100_000 {
                match game.phase() {
                    Phase::GameOver => break,
                    Phase::HandOver => {
                        game.next_hand().unwrap();
                        continue;
                    }
                    _ => {}
                }
                let start = game
                    .events()
                    .iter()
                    .rposition(|e| matches!(e, Event::StartKyoku { .. }))
                    .unwrap();
                let seat = game.deciding()[0];
                let view: Vec<Value> = game.events()[start..]
                    .iter()
                    .map(|e| seat_view(e, seat, &rules))
                    .collect();
                for (e, v) in game.events()[start..].iter().zip(&view) {
                    if let Event::Tsumo { seat: t, .. } = e {
                        assert_eq!(is_hidden(&v["pai"]), *t != seat);
                    }
                }
                let other = (seat + 1) % usize::from(rules.players);
                assert!(view[0]["tehais"][other]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(is_hidden));
                let pos = seat_position(&view, seat, &rules)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
                    .unwrap_or_else(|| panic!("seed {seed}: no position"));
                assert_eq!(
                    pos.observation(seat).unwrap(),
                    game.observation(seat).unwrap()
                );
                let legal = game.legal_actions(seat);
                assert_eq!(pos.legal_actions(seat), legal, "seed {seed}");
                for &a in &legal {
                    let v = answer_to_mjai(&game, seat, a).unwrap();
                    let back = answer_from_mjai(&game, seat, &v, false).unwrap();
                    match a {
                        Action::Riichi { tile, tsumogiri } => {
                            assert_eq!(back, Answer::Reach);
                            let d = json!({"type": "dahai", "actor": seat, "pai": tile.mjai(),
                                           "tsumogiri": tsumogiri});
                            let back = answer_from_mjai(&game, seat, &d, true).unwrap();
                            assert_eq!(back, Answer::Act(a));
                        }
                        _ => assert_eq!(back, Answer::Act(a), "{v}"),
                    }
                }
                checked += 1;
                let p = game.player(seat);
                let a = legal[agents[seat].choose(&p.concealed, &p.melds, &legal, set)];
                game.apply(seat, a).unwrap();
                // Right after a discard nobody claims, the next draw is not shown
                // to the seat yet: no decision there.
                if let Some(Event::Tsumo { seat: t, .. }) = game.events().last() {
                    if *t != seat && game.events().len() - start > 2 {
                        let n = game.events().len() - 1;
                        let cut: Vec<Value> = game.events()[start..n]
                            .iter()
                            .map(|e| seat_view(e, *t, &rules))
                            .collect();
                        let discarded = matches!(a, Action::Discard { .. } | Action::Riichi { .. });
                        if discarded && matches!(game.events()[n - 1], Event::Dahai { .. }) {
                            // (or the made-up hands of others may claim: not `t`.)
                            let pos = seat_position(&cut, *t, &rules).unwrap();
                            assert!(pos.is_none_or(|g| g.legal_actions(*t).is_empty()));
                            cut_checked += 1;
                        }
                    }
                }
            }
            assert_eq!(*game.phase(), Phase::GameOver);
        }
        assert!(
            checked > 1000 && cut_checked > 100,
            "{checked} {cut_checked}"
        );
    }

    #[test]
    fn bad_answers_say_what_was_wrong() {
        let rules = Rules::default();
        let game = Game::new(rules, 1).unwrap();
        let dealer = game.dealer();
        let msg = |v: Value| {
            answer_from_mjai(&game, dealer, &v, false)
                .unwrap_err()
                .to_string()
        };
        assert!(msg(json!([1])).contains("string \"type\""));
        assert!(msg(json!({"type": "fly"})).contains("\"fly\""));
        assert!(msg(json!({"type": "dahai", "actor": dealer})).contains("needs \"pai\""));
        assert!(msg(json!({"type": "dahai", "actor": dealer, "pai": "9x"})).contains("9x"));
        let other = (dealer + 1) % 4;
        assert!(msg(json!({"type": "none", "actor": other})).contains("legal: "));
        assert!(msg(json!({"type": "dahai", "actor": other, "pai": "1m"})).contains("plays seat"));
        let m = msg(json!({"type": "pon", "actor": dealer, "consumed": ["1m"]}));
        assert!(m.contains("2 tile names"), "{m}");
        // Nothing to decide for another seat.
        let v = json!({"type": "none"});
        let m = answer_from_mjai(&game, other, &v, false)
            .unwrap_err()
            .to_string();
        assert!(m.contains("no decision"), "{m}");
        // A hand's view must start with start_kyoku.
        let e = seat_position(&[json!({"type": "tsumo"})], 0, &Rules::default()).unwrap_err();
        assert!(e.to_string().contains("start_kyoku"), "{e}");
    }
}
