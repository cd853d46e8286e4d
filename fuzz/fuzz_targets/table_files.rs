//! Fuzz target: see `bagh_fuzz::table_files`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bagh_fuzz::table_files::run(data));
