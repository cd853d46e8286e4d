//! Fuzz target: see `fuzz/src/c_abi.rs` (calls through bagh-c's C ABI).
#![no_main]

#[path = "../src/c_abi.rs"]
mod c_abi;

libfuzzer_sys::fuzz_target!(|data: &[u8]| c_abi::run(data));
