pub mod engine;
pub mod final_result;
pub mod wall;
