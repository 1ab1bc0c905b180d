//! Fu breakdown items: each amount with its reason.

use super::evaluate::InlineList;
use crate::algo::decompose::{BlockShape, DecompositionRef, Wait};
use crate::notation::mpsz;
use crate::tile::Tile;

/// Why an item of fu is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FuReason {
    /// The 20 fu every hand has.
    #[default]
    Base,
    /// A closed hand won by ron.
    MenzenRon,
    Tsumo,
    /// A triplet or quad (the item's block), concealed or not.
    Set {
        concealed: bool,
    },
    /// A pair of yakuhai.
    Pair,
    Wait(Wait),
    /// Chiitoitsu's fixed fu.
    Chiitoitsu,
    /// Kokushi musou's fixed fu (an aotenjou convention).
    Kokushi,
    /// An open hand with no fu rounded to 30.
    OpenPinfu,
    RoundUp,
}

impl FuReason {
    pub const fn name(self) -> &'static str {
        match self {
            FuReason::Base => "base",
            FuReason::MenzenRon => "menzen_ron",
            FuReason::Tsumo => "tsumo",
            FuReason::Set { .. } => "meld",
            FuReason::Pair => "pair",
            FuReason::Wait(_) => "wait",
            FuReason::Chiitoitsu => "chiitoitsu",
            FuReason::Kokushi => "kokushi",
            FuReason::OpenPinfu => "open_pinfu",
            FuReason::RoundUp => "round_up",
        }
    }
}

/// One item of a fu breakdown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FuItem {
    pub reason: FuReason,
    pub fu: u8,
    /// The block of the decomposition the item is about (sets only).
    pub block: Option<u8>,
}

pub type FuList = InlineList<FuItem, 12>;

impl FuItem {
    pub const fn new(reason: FuReason, fu: u8, block: Option<u8>) -> FuItem {
        FuItem { reason, fu, block }
    }

    /// A readable line: `"closed yaochuu triplet 999m"`.
    pub fn detail(&self, d: DecompositionRef<'_>) -> String {
        match self.reason {
            FuReason::Base => "base fu".into(),
            FuReason::MenzenRon => "closed hand won by ron".into(),
            FuReason::Tsumo => "tsumo".into(),
            FuReason::Set { concealed } => {
                let Some(b) = self.block.and_then(|i| d.blocks.get(i as usize)) else {
                    return "set".into();
                };
                let t = Tile::from_kind(b.first).expect("kind");
                let (name, n) = match b.shape {
                    BlockShape::Kantsu => ("quad", 4),
                    _ => ("triplet", 3),
                };
                let kind = if t.is_yaochuu() { "yaochuu" } else { "simple" };
                let state = if concealed { "closed" } else { "open" };
                format!("{state} {kind} {name} {}", mpsz::format_tiles(&vec![t; n]))
            }
            FuReason::Pair => {
                let p = d.pairs.first().copied().unwrap_or(0);
                let t = Tile::from_kind(p).expect("kind");
                format!("yakuhai pair {}", mpsz::format_tiles(&[t, t]))
            }
            FuReason::Wait(w) => format!("{} wait", w.name()),
            FuReason::Chiitoitsu => "chiitoitsu (fixed)".into(),
            FuReason::Kokushi => "kokushi musou (fixed)".into(),
            FuReason::OpenPinfu => "open hand without fu".into(),
            FuReason::RoundUp => "rounded up to 10".into(),
        }
    }
}
