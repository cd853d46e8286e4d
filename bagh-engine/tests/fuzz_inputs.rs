//! The inputs of the `network_files` fuzz target (fuzz/corpus/network_files
//! and any saved failure in fuzz/regressions/network_files) replayed
//! through the same check (fuzz/src/network_files.rs) on the stable
//! compiler, without libFuzzer.

#[path = "../../fuzz/src/network_files.rs"]
mod network_files;
#[path = "../../fuzz/src/replay.rs"]
mod replay;

use std::path::Path;

#[test]
fn network_files_inputs() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let replayed = replay::replay(&fuzz, "network_files", network_files::run);
    assert!(replayed >= 4, "the committed seeds were found ({replayed})");
}
