//! Fuzz target: see `bagh_fuzz::record_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bagh_fuzz::record_text::run(data));
