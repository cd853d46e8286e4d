//! Fuzz target: see `bagh_fuzz::play_loop`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| bagh_fuzz::play_loop::run(data));
