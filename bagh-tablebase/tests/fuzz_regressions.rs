//! The fuzz targets' checks (fuzz/src, included here as a module) over the
//! committed seeds (`fuzz/corpus/<target>`) and every input that once
//! failed a target (`fuzz/regressions/<target>`): the same code that
//! libFuzzer runs, in the ordinary test suite, on a stable compiler and
//! without libFuzzer. It lives in this crate because the `table_files`
//! checks need the tables, and this crate already depends on bagh-core.

#[path = "../../fuzz/src/lib.rs"]
mod fuzz_checks;

use std::path::{Path, PathBuf};

/// The saved inputs of one target: its seeds, then its regressions.
fn inputs(target: &str) -> Vec<PathBuf> {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut files = Vec::new();
    for kind in ["corpus", "regressions"] {
        let Ok(dir) = std::fs::read_dir(fuzz.join(kind).join(target)) else {
            continue;
        };
        let mut found: Vec<PathBuf> = dir.map(|entry| entry.unwrap().path()).collect();
        found.sort();
        files.extend(found);
    }
    files
}

/// Runs `check` on every saved input of `target`, naming each so that a
/// failure says which input failed.
fn replay(target: &str, check: fn(&[u8])) {
    let files = inputs(target);
    assert!(!files.is_empty(), "no seeds for {target}");
    for file in files {
        eprintln!("{target}: {}", file.display());
        check(&std::fs::read(&file).unwrap());
    }
}

#[test]
fn position_text_inputs() {
    replay("position_text", fuzz_checks::position_text::run);
}

#[test]
fn move_text_inputs() {
    replay("move_text", fuzz_checks::move_text::run);
}

#[test]
fn ruleset_text_inputs() {
    replay("ruleset_text", fuzz_checks::ruleset_text::run);
}

#[test]
fn record_text_inputs() {
    replay("record_text", fuzz_checks::record_text::run);
}

#[test]
fn baghchal_text_inputs() {
    replay("baghchal_text", fuzz_checks::baghchal_text::run);
}

#[test]
fn json_inputs() {
    replay("json", fuzz_checks::json::run);
}

#[test]
fn play_loop_inputs() {
    replay("play_loop", fuzz_checks::play_loop::run);
}

#[test]
fn table_files_inputs() {
    replay("table_files", fuzz_checks::table_files::run);
}

/// The compressed file of the `table_files` tables damaged by hand: cut,
/// flipped and rewritten at offsets over the whole file, with and without
/// repaired checksums, so that damage reaches the section checks and the
/// block decoder (the saved inputs mostly damage the other files).
#[test]
fn table_files_compressed_damage() {
    use fuzz_checks::table_files::{check_damage, Damage};
    use fuzz_checks::table_mutation::Edit;
    // The files are movement.tb, the three layer files, then tables.btz.
    let compressed = 4;
    let mut damages = Vec::new();
    for offset in (0..4000u32).step_by(37) {
        for (repair_header, repair_data) in [(false, false), (true, false), (true, true)] {
            for edit in [
                Edit::Flip(offset, 0x41),
                Edit::Word(offset, u64::MAX, true),
                Edit::Word(offset, 3, false),
                Edit::Truncate(offset),
            ] {
                damages.push(Damage {
                    file: compressed,
                    edits: vec![edit],
                    repair_header,
                    repair_data,
                    split_at: None,
                });
            }
        }
    }
    // The file (about 6 KB) in two parts, cut at every byte: between sections it
    // answers as before, elsewhere a section runs across the cut and it
    // does not open.
    for at in 0..6000 {
        damages.push(Damage {
            file: compressed,
            edits: vec![],
            repair_header: false,
            repair_data: false,
            split_at: Some(at),
        });
    }
    for damage in &damages {
        check_damage(damage);
    }
    let opened = fuzz_checks::table_files::SPLITS_OPENED.load(std::sync::atomic::Ordering::Relaxed);
    assert!(opened >= 3, "{opened} cuts between sections");
}
