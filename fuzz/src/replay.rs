//! Replays a fuzz target's committed inputs (`fuzz/corpus/<target>` and
//! any saved failure in `fuzz/regressions/<target>`) through its check, on
//! the stable compiler, without libFuzzer. Included by path by the tests
//! of the crates whose checks are not part of the fuzz library (bagh-c's
//! `c_abi`, bagh-engine's `network_files`).

use std::path::Path;

/// Runs `check` on every input of `target` and returns how many there
/// were. `fuzz` is the fuzz crate's directory.
pub fn replay(fuzz: &Path, target: &str, check: fn(&[u8])) -> usize {
    let mut replayed = 0;
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = std::fs::read_dir(fuzz.join(dir).join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            check(&std::fs::read(&path).unwrap());
            replayed += 1;
        }
    }
    replayed
}
