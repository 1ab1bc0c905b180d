pub mod agents;
pub mod engine;
pub mod final_result;
pub mod sim;
pub mod wall;
