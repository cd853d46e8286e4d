//! Fuzz target: see `bagh_fuzz::json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bagh_fuzz::json::run(data));
