pub mod agents;
pub mod engine;
pub mod final_result;
mod refusal;
#[cfg(test)]
mod rule_tests;
#[cfg(test)]
mod scenario;
#[cfg(test)]
mod selfplay_tests;
pub mod sim;
pub mod wall;
