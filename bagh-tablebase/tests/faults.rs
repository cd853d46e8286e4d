//! Every fault a tablebase directory can meet, injected by hand: damaged,
//! truncated, foreign and mismatched files, a newer format, missing layers,
//! a second build at the same time, resumes over bad files, and limits out
//! of range. Each must be a typed error that names the file, never a panic
//! and never a wrong answer.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

mod common;

use bagh_core::{Point, Position, Ruleset, TigerMoves};
use bagh_tablebase::{
    BuildOptions, MovementTable, PlacementSolver, PlacementTable, Tablebase, TablebaseError, Value,
};
use common::tables::{fresh_path, quiet, rules};

fn small() -> Ruleset {
    rules(&[Point::C3], 4, 2, TigerMoves::Step, false, false)
}

/// A fresh directory holding the complete tables of `rules`.
fn built(name: &str, rules: Ruleset) -> PathBuf {
    let dir = fresh_path(name);
    Tablebase::build(rules, &dir, &quiet()).unwrap();
    dir
}

fn layer(dir: &Path, placed: u32) -> PathBuf {
    dir.join(format!("placed-{placed:02}.bpl"))
}

/// Rewrites a layer file's header field at `at` and its header checksum,
/// as a file written by other means would look.
fn patch_header(path: &Path, at: usize, value: u32) {
    let mut bytes = std::fs::read(path).unwrap();
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
    let rules_len = u32::from_le_bytes(bytes[28..32].try_into().unwrap()) as usize;
    let runs = u32::from_le_bytes(bytes[20..24].try_into().unwrap()) as usize;
    let end = 32 + rules_len + 16 * runs;
    let crc = crc32fast::hash(&bytes[..end]);
    bytes[end..end + 4].copy_from_slice(&crc.to_le_bytes());
    std::fs::write(path, bytes).unwrap();
}

fn names(error: &TablebaseError, file: &Path) -> bool {
    error.to_string().contains(&file.display().to_string())
}

#[test]
fn a_clean_directory_opens_verifies_and_leaves_no_temporary_files() {
    let dir = built("clean", small());
    let tables = Tablebase::open(&dir).unwrap();
    tables.verify().unwrap();
    assert!(tables.placement().is_some());
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp") || n.ends_with(".partial"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    assert!(tables.placement_missing().is_none());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(layer(&dir, 0))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o444, 0o444, "readable by everyone: {mode:o}");
    }
}

#[test]
fn a_flipped_data_byte_fails_verify_and_load_naming_the_file() {
    let dir = built("flipped-data", small());
    let file = layer(&dir, 2);
    let mut bytes = std::fs::read(&file).unwrap();
    let at = bytes.len() - 6;
    bytes[at] ^= 0x10;
    std::fs::write(&file, bytes).unwrap();
    // The header is fine: the directory opens; the checksum catches it.
    let tables = Tablebase::open(&dir).unwrap();
    let error = tables.verify().unwrap_err();
    assert!(matches!(error, TablebaseError::Corrupt { .. }), "{error:?}");
    assert!(names(&error, &file), "{error}");
    let error = Tablebase::load(&dir).unwrap_err();
    assert!(matches!(error, TablebaseError::Corrupt { .. }), "{error:?}");
}

#[test]
fn a_flipped_header_byte_or_a_cut_file_does_not_open() {
    let dir = built("header", small());
    let file = layer(&dir, 1);
    let bytes = std::fs::read(&file).unwrap();
    for at in [12, 17, 25, 33, 40] {
        let mut copy = bytes.clone();
        copy[at] ^= 0x04;
        std::fs::write(&file, &copy).unwrap();
        let error = Tablebase::open(&dir).unwrap_err();
        assert!(names(&error, &file), "flip at {at}: {error}");
        assert!(
            matches!(error, TablebaseError::Corrupt { .. }),
            "flip at {at}: {error:?}"
        );
    }
    for cut in [0, 5, 20, 40, bytes.len() - 9, bytes.len() - 1] {
        std::fs::write(&file, &bytes[..cut]).unwrap();
        let error = Tablebase::open(&dir).unwrap_err();
        assert!(
            matches!(error, TablebaseError::Truncated { .. }),
            "cut at {cut}: {error:?}"
        );
        assert!(names(&error, &file), "{error}");
    }
    let mut longer = bytes.clone();
    longer.extend_from_slice(b"tail");
    std::fs::write(&file, &longer).unwrap();
    assert!(Tablebase::open(&dir).is_err());
    std::fs::write(&file, b"this is not a table").unwrap();
    assert!(matches!(
        Tablebase::open(&dir),
        Err(TablebaseError::NotATablebase { .. })
    ));
}

#[test]
fn a_newer_format_or_numbering_is_refused() {
    let dir = built("version", small());
    let file = layer(&dir, 0);
    let bytes = std::fs::read(&file).unwrap();
    let mut newer = bytes.clone();
    newer[8] = 99;
    std::fs::write(&file, &newer).unwrap();
    assert!(matches!(
        Tablebase::open(&dir),
        Err(TablebaseError::UnsupportedVersion { found: 99, .. })
    ));
    std::fs::write(&file, &bytes).unwrap();
    patch_header(&file, 12, 7);
    let error = Tablebase::open(&dir).unwrap_err();
    assert!(error.to_string().contains("layout version 7"), "{error}");
}

#[test]
fn a_layer_of_another_rule_set_is_foreign() {
    let dir = built("foreign", small());
    let other = built(
        "foreign-other",
        rules(&[Point::C3], 4, 2, TigerMoves::Slide, false, false),
    );
    std::fs::copy(layer(&other, 1), layer(&dir, 1)).unwrap();
    let error = Tablebase::open(&dir).unwrap_err();
    assert!(
        matches!(error, TablebaseError::WrongRules { .. }),
        "{error:?}"
    );
    assert!(names(&error, &layer(&dir, 1)), "{error}");
}

#[test]
fn a_layer_built_on_another_movement_table_is_a_mismatch() {
    let dir = built("mismatch", small());
    patch_header(&layer(&dir, 3), 24, 0xdead_beef);
    match Tablebase::open(&dir) {
        Err(TablebaseError::MovementMismatch { path, found, .. }) => {
            assert_eq!(path, layer(&dir, 3));
            assert_eq!(found, 0xdead_beef);
        }
        other => panic!("expected a mismatch, got {other:?}"),
    }
}

#[test]
fn a_movement_only_directory_answers_movement_and_names_the_missing_build() {
    let rules = small();
    let dir = fresh_path("movement-only");
    let tables = Tablebase::build_movement(rules, &dir, &quiet()).unwrap();
    assert!(tables.placement().is_none());
    assert!(tables.placement_missing().unwrap().contains("not built"));
    let moving = Position::from_text("5/5/1GTG1/1GG2/5 t 0 0", rules).unwrap();
    let probe = tables.probe(&moving).unwrap();
    assert_eq!(probe, tables.movement().unwrap().probe(&moving).unwrap());
    assert!(probe.value == Value::Draw || probe.distance.is_some());
    let error = tables.probe(&Position::new(rules)).unwrap_err();
    assert!(
        matches!(error, TablebaseError::PlacementMissing { .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("not built"), "{error}");
    // An unfinished set of layers says which are missing.
    let full = built("movement-only-full", rules);
    std::fs::copy(layer(&full, 3), layer(&dir, 3)).unwrap();
    let tables = Tablebase::open(&dir).unwrap();
    let error = tables.probe(&Position::new(rules)).unwrap_err();
    assert!(error.to_string().contains("placed-00.bpl"), "{error}");
    assert!(!error.to_string().contains("placed-03.bpl"), "{error}");
}

#[test]
fn a_second_build_into_the_same_directory_is_busy() {
    let dir = fresh_path("busy");
    std::fs::create_dir_all(&dir).unwrap();
    let lock = std::fs::File::create(dir.join("build.lock")).unwrap();
    lock.try_lock().unwrap();
    match Tablebase::build(small(), &dir, &quiet()) {
        Err(TablebaseError::Busy { lock }) => assert_eq!(lock, dir.join("build.lock")),
        other => panic!("expected Busy, got {other:?}"),
    }
    assert!(!Tablebase::movement_path(&dir).exists());
    lock.unlock().unwrap();
    Tablebase::build(small(), &dir, &quiet()).unwrap();
}

#[test]
fn a_resume_recomputes_damaged_or_foreign_layers_and_ends_with_the_same_files() {
    let rules = small();
    let whole = built("resume-whole", rules);
    let dir = fresh_path("resume");
    // Stop once the layer of 1 goat placed starts (layers 3 and 2 are done).
    let seen = Arc::new(AtomicUsize::new(0));
    let calls = seen.clone();
    let stopping = BuildOptions {
        on_progress: Some(Arc::new(move |p| {
            calls.fetch_add(1, Ordering::Relaxed);
            p.stage == bagh_tablebase::Stage::Movement || p.layer > 1
        })),
        ..quiet()
    };
    assert!(matches!(
        Tablebase::build(rules, &dir, &stopping),
        Err(TablebaseError::Interrupted { .. })
    ));
    assert!(layer(&dir, 3).exists() && layer(&dir, 2).exists() && !layer(&dir, 0).exists());
    // The top layer is cut and the next one patched to another movement table:
    // a resume must not trust either.
    let top = std::fs::read(layer(&dir, 3)).unwrap();
    std::fs::write(layer(&dir, 3), &top[..top.len() / 2]).unwrap();
    patch_header(&layer(&dir, 2), 24, 1);
    Tablebase::build(rules, &dir, &quiet()).unwrap();
    for p in 0..4 {
        assert_eq!(
            std::fs::read(layer(&dir, p)).unwrap(),
            std::fs::read(layer(&whole, p)).unwrap(),
            "placed-{p:02}.bpl"
        );
    }
    Tablebase::open(&dir).unwrap().verify().unwrap();
}

#[test]
fn search_limits_out_of_range_are_errors() {
    let dir = built("limits", small());
    let movement = MovementTable::open(Tablebase::movement_path(&dir)).unwrap();
    for log2 in [0, 33, 40, u32::MAX] {
        match PlacementSolver::new(&movement, log2) {
            Err(TablebaseError::InvalidArgument { name, .. }) => assert_eq!(name, "tt_log2"),
            other => panic!("tt_log2 {log2}: {other:?}"),
        }
    }
    assert!(PlacementSolver::new(&movement, 10).is_ok());
    // A budget too small for the tables is refused before anything is written.
    let fresh = fresh_path("limits-budget");
    let tight = BuildOptions {
        memory_budget: 1 << 10,
        ..quiet()
    };
    assert!(matches!(
        Tablebase::build(small(), &fresh, &tight),
        Err(TablebaseError::TooLarge { .. })
    ));
    assert!(!Tablebase::movement_path(&fresh).exists());
    // The placement budget counts the movement table it holds.
    let movement = Arc::new(movement);
    let just_layers = PlacementTable::memory_needed(&small()) - movement.memory_used();
    let short = BuildOptions {
        memory_budget: just_layers,
        ..quiet()
    };
    assert!(matches!(
        PlacementTable::build(movement, &fresh, &short),
        Err(TablebaseError::TooLarge { .. })
    ));
}

#[test]
fn threads_probe_the_same_files_at_once() {
    let rules = rules(
        &[Point::B2, Point::D4],
        5,
        2,
        TigerMoves::Step,
        false,
        false,
    );
    let dir = built("threads", rules);
    let tables = Tablebase::open(&dir).unwrap();
    let mut positions = vec![Position::new(rules)];
    let mut i = 0;
    while positions.len() < 400 {
        let p = positions[i];
        i += 1;
        positions.extend(p.legal_moves().iter().map(|&mv| p.play(mv).unwrap()));
    }
    let alone: Vec<_> = positions.iter().map(|p| tables.probe(p).unwrap()).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                scope.spawn(|| {
                    positions
                        .iter()
                        .map(|p| tables.probe(p).unwrap())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            assert_eq!(handle.join().unwrap(), alone);
        }
    });
}
