//! Fuzz target: see `bagh_fuzz::position_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bagh_fuzz::position_text::run(data));
