//! The inputs of the `c_abi` fuzz target (fuzz/corpus/c_abi and any saved
//! failure in fuzz/regressions/c_abi) replayed through the same check
//! (fuzz/src/c_abi.rs) on the stable compiler, without libFuzzer.

#[path = "../../fuzz/src/c_abi.rs"]
mod c_abi;
#[path = "../../fuzz/src/replay.rs"]
mod replay;

use std::path::Path;

#[test]
fn c_abi_inputs() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let replayed = replay::replay(&fuzz, "c_abi", c_abi::run);
    assert!(replayed >= 5, "the committed seeds were found ({replayed})");
}
