//! The inputs of the `c_abi` fuzz target (fuzz/corpus/c_abi and any saved
//! failure in fuzz/regressions/c_abi) replayed through the same check
//! (fuzz/src/c_abi.rs) on the stable compiler, without libFuzzer.

#[path = "../../fuzz/src/c_abi.rs"]
mod c_abi;

use std::path::Path;

#[test]
fn c_abi_inputs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut replayed = 0;
    for dir in ["corpus/c_abi", "regressions/c_abi"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            c_abi::run(&std::fs::read(&path).unwrap());
            replayed += 1;
        }
    }
    assert!(replayed >= 5, "the committed seeds were found ({replayed})");
}
