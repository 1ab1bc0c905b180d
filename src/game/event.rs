//! What happens in a game, in the mjai vocabulary: the engine emits these events
//! and the log readers and writers speak them.

use crate::score::points::Limit;
use crate::score::Yaku;
use crate::tile::Tile;

/// An event, in the mjai vocabulary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    StartGame,
    StartKyoku {
        round_wind: u8,
        kyoku: u8,
        honba: u32,
        riichi_sticks: u32,
        dealer: usize,
        dora_marker: Tile,
        scores: [i64; 4],
        hands: Box<[Vec<Tile>; 4]>,
        /// The dice that broke the wall, when known (logs; see [`Wall::dice`]).
        dice: Option<[u8; 2]>,
    },
    Tsumo {
        seat: usize,
        tile: Tile,
    },
    Dahai {
        seat: usize,
        tile: Tile,
        tsumogiri: bool,
    },
    Chi {
        seat: usize,
        target: usize,
        tile: Tile,
        consumed: [Tile; 2],
    },
    Pon {
        seat: usize,
        target: usize,
        tile: Tile,
        consumed: [Tile; 2],
    },
    Daiminkan {
        seat: usize,
        target: usize,
        tile: Tile,
        consumed: [Tile; 3],
    },
    Kakan {
        seat: usize,
        tile: Tile,
        /// The pon's three tiles.
        consumed: [Tile; 3],
    },
    Ankan {
        seat: usize,
        consumed: [Tile; 4],
    },
    Dora {
        marker: Tile,
    },
    /// A North set aside as nukidora (three players; mjai `nukidora`).
    Kita {
        seat: usize,
        tile: Tile,
    },
    /// A riichi declaration (mjai `reach`).
    Riichi {
        seat: usize,
    },
    /// The riichi stick is paid (mjai `reach_accepted`).
    RiichiAccepted {
        seat: usize,
        scores: [i64; 4],
    },
    /// A win (boxed: the other events stay small).
    Hora(Box<Win>),
    Ryukyoku {
        reason: DrawReason,
        /// Who was tenpai (exhaustive draws; all false for abortive ones).
        tenpai: [bool; 4],
        deltas: [i64; 4],
        scores: [i64; 4],
    },
    EndKyoku,
    EndGame {
        scores: [i64; 4],
    },
}

/// A win: who won from whom, the hand and its value, and the points after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    pub seat: usize,
    pub target: usize,
    pub han: u32,
    pub fu: u32,
    pub points: u64,
    /// The winning tile.
    pub tile: Tile,
    /// The winner's concealed tiles (the winning tile included).
    pub hand: Vec<Tile>,
    /// Ura dora indicators, shown when the winner is in riichi.
    pub ura_markers: Vec<Tile>,
    /// The yaku with their han (a yakuman: 13 x its multiplier), then dora.
    pub yaku: Vec<(Yaku, u32)>,
    /// Han of dora, kita (three players' nukidora) included as Tenhou counts
    /// them.
    pub dora: u32,
    pub ura: u32,
    pub aka: u32,
    pub limit: Limit,
    /// The seat liable for a pao yakuman (it pays in the deltas).
    pub pao: Option<usize>,
    pub deltas: [i64; 4],
    pub scores: [i64; 4],
}

impl Event {
    /// The scores after this event, when it states them (a hand's start, a
    /// riichi stick, a win, a draw, the game's end).
    pub fn scores_after(&self) -> Option<[i64; 4]> {
        match self {
            Event::StartKyoku { scores, .. }
            | Event::RiichiAccepted { scores, .. }
            | Event::Ryukyoku { scores, .. }
            | Event::EndGame { scores } => Some(*scores),
            Event::Hora(w) => Some(w.scores),
            _ => None,
        }
    }
}

/// Why a hand ended without a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The wall ran out (荒牌流局).
    Exhaustive,
    /// Exhaustive, settled by nagashi mangan.
    NagashiMangan,
    KyuushuKyuuhai,
    SuufonRenda,
    Suukaikan,
    SuuchaRiichi,
    Sanchahou,
}

impl DrawReason {
    pub const fn name(self) -> &'static str {
        match self {
            DrawReason::Exhaustive => "exhaustive",
            DrawReason::NagashiMangan => "nagashi_mangan",
            DrawReason::KyuushuKyuuhai => "kyuushu_kyuuhai",
            DrawReason::SuufonRenda => "suufon_renda",
            DrawReason::Suukaikan => "suukaikan",
            DrawReason::SuuchaRiichi => "suucha_riichi",
            DrawReason::Sanchahou => "sanchahou",
        }
    }

    /// An abortive draw (途中流局), not the wall running out.
    pub const fn abortive(self) -> bool {
        !matches!(self, DrawReason::Exhaustive | DrawReason::NagashiMangan)
    }
}
