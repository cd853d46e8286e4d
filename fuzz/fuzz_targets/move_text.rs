//! Fuzz target: see `bagh_fuzz::move_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bagh_fuzz::move_text::run(data));
