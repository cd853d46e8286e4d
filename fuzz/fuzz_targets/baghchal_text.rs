//! Fuzz target: see `bagh_fuzz::baghchal_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bagh_fuzz::baghchal_text::run(data));
