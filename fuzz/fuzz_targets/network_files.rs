//! Fuzz target: see `fuzz/src/network_files.rs` (evaluation network files).
#![no_main]

#[path = "../src/network_files.rs"]
mod network_files;

libfuzzer_sys::fuzz_target!(|data: &[u8]| network_files::run(data));
