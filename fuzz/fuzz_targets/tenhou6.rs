#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| riichi_fuzz::checks::tenhou6(data));
