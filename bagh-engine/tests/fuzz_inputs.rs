//! The inputs of the `network_files` fuzz target (fuzz/corpus/network_files
//! and any saved failure in fuzz/regressions/network_files) replayed
//! through the same check (fuzz/src/network_files.rs) on the stable
//! compiler, without libFuzzer.

#[path = "../../fuzz/src/network_files.rs"]
mod network_files;

use std::path::Path;

#[test]
fn network_files_inputs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut replayed = 0;
    for dir in ["corpus/network_files", "regressions/network_files"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            network_files::run(&std::fs::read(&path).unwrap());
            replayed += 1;
        }
    }
    assert!(replayed >= 4, "the committed seeds were found ({replayed})");
}
