//! Fuzz target: see `bagh_fuzz::ruleset_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bagh_fuzz::ruleset_text::run(data));
