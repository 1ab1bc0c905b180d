pub mod action;
pub mod action_id;
pub mod agents;
pub mod concealed;
mod determinize;
pub mod encode;
pub mod engine;
pub mod event;
pub mod final_result;
pub mod hidden;
pub mod observation;
pub mod peer_ids;
pub mod player;
mod refusal;
#[cfg(test)]
mod rule_tests;
#[cfg(test)]
mod sanma_tests;
#[cfg(test)]
mod scenario;
#[cfg(test)]
mod selfplay_tests;
pub mod sim;
pub mod tokens;
pub mod vec_env;
pub mod wall;

pub use action::Action;
pub use engine::{ClaimKind, Game, HandStart, Phase};
pub use event::{DrawReason, Event, Win};
pub use observation::{Claim, Observation};
pub use player::{tenpai_at_draw, Player, RiverTile};
