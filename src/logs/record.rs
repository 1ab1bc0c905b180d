//! One game as a log records it: the rules, the players, and the events in the
//! engine's own vocabulary ([`Event`], mjai's), so that every format reads into
//! and writes from the same thing and a game played by the engine is a record too.
//!
//! A record's events are `StartGame`, then for each hand `StartKyoku`, the play
//! (`Tsumo`, `Dahai`, calls, `Riichi`/`RiichiAccepted`, `Dora`), its results (one
//! `Hora` per winner or one `Ryukyoku`) and `EndKyoku`; then `EndGame` when the
//! log has the game's end.

use crate::error::{MahjongError, Result};
use crate::game::{Event, Game};
use crate::rules::{FinalRounding, GameLength, Rules};
use crate::score::Yaku;

/// A player as the log names them (Tenhou adds rank, rating and sex).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerInfo {
    pub name: String,
    /// Tenhou's dan index (0 = 新人 … 20 = 天鳳).
    pub dan: Option<u8>,
    pub rate: Option<f64>,
    /// Tenhou's `sx` letter (M, F, C).
    pub sex: Option<String>,
}

/// One game: rules, players, events.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub rules: Rules,
    pub players: [PlayerInfo; 4],
    /// The seat that dealt first.
    pub first_dealer: usize,
    /// Tenhou's log id (`2019021004gm-00a9-0000-e2f6516d`), when known.
    pub log_id: Option<String>,
    /// Tenhou's lobby: the `GO type` bits and the lobby number.
    pub tenhou_type: Option<u32>,
    pub lobby: Option<u32>,
    /// Tenhou's `SHUFFLE` seed, from which every wall of the game follows.
    pub shuffle_seed: Option<String>,
    /// A 2009 Tenhou log's `INIT shuffle` attribute of each hand, in order
    /// (`mt19937ar,HEX,…`, each seeding that hand's wall), empty for other logs.
    pub init_shuffles: Vec<String>,
    /// The final scores as the log states them, in tenths (+45.3 is 453), uma
    /// and oka included (Tenhou's `owari`); the final points are `EndGame`'s.
    pub final_scores: Option<[i64; 4]>,
    pub events: Vec<Event>,
}

impl GameRecord {
    /// Whether the final scores keep tenths: Tenhou logs since about 2022 keep
    /// one decimal (older ones round to whole numbers), and tenths in a log mean
    /// that its rules do not round the final scores (`final_rounding = none`).
    pub fn final_scores_show_tenths(&self) -> bool {
        self.final_scores
            .is_some_and(|s| s.iter().any(|x| x % 10 != 0))
    }

    /// A Tenhou lobby's log (`tenhou_type` known) takes the rules in force on
    /// the date its log id begins with ([`tenhou_era_rules`]); other records,
    /// and logs whose date is unknown, keep their rules.
    pub fn apply_tenhou_era(&mut self) {
        if self.tenhou_type.is_some() {
            tenhou_era_rules(&mut self.rules, self.log_id.as_deref());
        }
    }

    /// An empty record under `rules` (events to be pushed).
    pub fn new(rules: Rules) -> GameRecord {
        GameRecord {
            rules,
            players: Default::default(),
            first_dealer: 0,
            log_id: None,
            tenhou_type: None,
            lobby: None,
            shuffle_seed: None,
            init_shuffles: Vec::new(),
            final_scores: None,
            events: Vec::new(),
        }
    }

    /// The record of a game the engine played (or is playing).
    pub fn from_game(game: &Game) -> GameRecord {
        let mut r = GameRecord::new(game.rules().clone());
        r.first_dealer = game.first_dealer();
        r.final_scores = game.result().map(|f| f.scores);
        game.events().clone_into(&mut r.events);
        r
    }

    /// Each hand's events, `StartKyoku` to `EndKyoku` (or to the last event of
    /// an unfinished hand).
    pub fn hands(&self) -> Vec<&[Event]> {
        let starts: Vec<usize> = self
            .events
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, Event::StartKyoku { .. }))
            .map(|(i, _)| i)
            .collect();
        starts
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let end = starts.get(k + 1).copied().unwrap_or(self.events.len());
                let end = self.events[i..end]
                    .iter()
                    .position(|e| matches!(e, Event::EndKyoku))
                    .map_or(end, |p| i + p + 1);
                &self.events[i..end]
            })
            .collect()
    }

    /// The final points (`EndGame`), when the record has the game's end.
    pub fn final_points(&self) -> Option<[i64; 4]> {
        self.events.iter().rev().find_map(|e| match e {
            Event::EndGame { scores } => Some(*scores),
            _ => None,
        })
    }

    /// Counts of hands, wins and draws.
    pub fn counts(&self) -> (usize, usize, usize) {
        let mut c = (0, 0, 0);
        for e in &self.events {
            match e {
                Event::StartKyoku { .. } => c.0 += 1,
                Event::Hora { .. } => c.1 += 1,
                Event::Ryukyoku { .. } => c.2 += 1,
                _ => {}
            }
        }
        c
    }
}

/// Bits of Tenhou's lobby type (`<GO type>`).
pub mod tenhou_type {
    /// Against people (not the computer).
    pub const VS_HUMAN: u32 = 0x01;
    /// No red fives.
    pub const NO_AKA: u32 = 0x02;
    /// No open tanyao.
    pub const NO_KUITAN: u32 = 0x04;
    /// East and South (else East only).
    pub const HANCHAN: u32 = 0x08;
    /// Three players.
    pub const SANMA: u32 = 0x10;
    pub const TOKUJOU: u32 = 0x20;
    /// Fast (速).
    pub const SOKU: u32 = 0x40;
    pub const JOUKYUU: u32 = 0x80;
}

/// The rules of a Tenhou lobby from its type bits: the Tenhou preset (the
/// `tenhou_sanma` preset for a three-player lobby) with red fives, open tanyao
/// and the game length as the bits say.
pub fn tenhou_lobby_rules(go_type: u32) -> Result<Rules> {
    use tenhou_type::{HANCHAN, NO_AKA, NO_KUITAN, SANMA};
    let sanma = go_type & SANMA != 0;
    let base = if sanma {
        Rules::preset("tenhou_sanma")?
    } else {
        Rules::default()
    };
    let r = Rules {
        red_fives: match (go_type & NO_AKA == 0, sanma) {
            (true, false) => [1, 1, 1],
            (true, true) => [0, 1, 1],
            (false, _) => [0, 0, 0],
        },
        open_tanyao: go_type & NO_KUITAN == 0,
        game_length: if go_type & HANCHAN == 0 {
            GameLength::East
        } else {
            GameLength::Hanchan
        },
        ..base
    };
    Ok(r)
}

/// The hour (Tenhou log ids begin with `yyyymmddhh`, Japan time) from which
/// Tenhou ends a game when the all-last dealer is tenpai at an exhaustive draw
/// in first place with the return points (tenpai-yame), announced for June
/// 2010; before it, that dealer played on (a win in first place already ended
/// the game: agari-yame).
pub const TENHOU_TENPAI_YAME_SINCE: u64 = log_hour(2010, 6, 1, 0);

/// The number a Tenhou log id begins with for an hour: `yyyymmddhh`.
pub const fn log_hour(year: u64, month: u64, day: u64, hour: u64) -> u64 {
    ((year * 100 + month) * 100 + day) * 100 + hour
}

/// The date and hour a Tenhou log id begins with (`2009060321` of
/// `2009060321gm-00b9-0000-75b25bcf`), when it does.
pub fn tenhou_log_hour(log_id: &str) -> Option<u64> {
    let digits = log_id.get(..10)?;
    digits
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| digits.parse().ok())
        .flatten()
}

/// Tenhou's `rules` as they stood when a game with log id `log_id` was played:
/// before June 2010 no tenpai-yame ([`TENHOU_TENPAI_YAME_SINCE`]). Rules of
/// a log without a dated id are left as they are (today's).
pub fn tenhou_era_rules(rules: &mut Rules, log_id: Option<&str>) {
    if log_id
        .and_then(tenhou_log_hour)
        .is_some_and(|h| h < TENHOU_TENPAI_YAME_SINCE)
    {
        rules.tenpai_yame = false;
    }
}

/// The lobby type bits of `rules` when they are a Tenhou lobby's (against
/// people; room bits left at 0), or `None`.
pub fn tenhou_type_of(rules: &Rules) -> Option<u32> {
    use tenhou_type::{HANCHAN, NO_AKA, NO_KUITAN, SANMA, VS_HUMAN};
    let mut t = VS_HUMAN;
    if rules.players == 3 {
        t |= SANMA;
    }
    if rules.red_fives == [0, 0, 0] {
        t |= NO_AKA;
    }
    if !rules.open_tanyao {
        t |= NO_KUITAN;
    }
    match rules.game_length {
        GameLength::Hanchan => t |= HANCHAN,
        GameLength::East => {}
        GameLength::OneHand => return None,
    }
    (tenhou_lobby_rules(t).ok()? == *rules).then_some(t)
}

/// Refuses `rules` that a log format cannot carry: `format` can say only the
/// rules of a Tenhou lobby (`carried` sets what more it says, as tenhou.net/6
/// says the red fives of each suit). The error names the first option the
/// format would lose and its value, so that a written log never comes back under
/// other rules than it was played under.
pub fn check_writable(
    record: &GameRecord,
    format: &str,
    carried: impl Fn(&mut Rules, &Rules),
) -> Result<()> {
    use tenhou_type::{HANCHAN, NO_AKA, NO_KUITAN, SANMA};
    let rules = &record.rules;
    let mut bits = 0;
    if rules.players == 3 {
        bits |= SANMA;
    }
    if rules.red_fives == [0, 0, 0] {
        bits |= NO_AKA;
    }
    if !rules.open_tanyao {
        bits |= NO_KUITAN;
    }
    if rules.game_length != GameLength::East {
        bits |= HANCHAN;
    }
    let mut lobby = tenhou_lobby_rules(bits)?;
    tenhou_era_rules(&mut lobby, record.log_id.as_deref());
    carried(&mut lobby, rules);
    // Final scores with tenths say that they were not rounded.
    if record.final_scores_show_tenths() {
        lobby.final_rounding = FinalRounding::None;
    }
    let lost = rules.differences(&lobby).next();
    match lost {
        None => Ok(()),
        Some((name, ours, theirs)) => Err(MahjongError::Rule(format!(
            "{format} cannot carry these rules: {name} = {ours} would be read back as \
             {theirs} (the format holds only a Tenhou lobby's rules)"
        ))),
    }
}

/// Tenhou's numbers for dora, ura dora and red fives in a win's yaku list.
pub const TENHOU_DORA: u8 = 52;
pub const TENHOU_URA: u8 = 53;
pub const TENHOU_AKA: u8 = 54;

/// The yaku of Tenhou number `id` (0-51) worth `han` (13 or more: the yakuman).
pub fn yaku_from_tenhou(id: u8, han: u32) -> Option<Yaku> {
    if id == 36 {
        return Some(if han >= 13 {
            Yaku::RenhouYakuman
        } else {
            Yaku::Renhou
        });
    }
    Yaku::all().find(|y| y.tenhou_id() == Some(id))
}
