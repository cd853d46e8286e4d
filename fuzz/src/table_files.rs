//! Table files damaged by the fuzzer: the movement table, the placement
//! layers and the compressed file of a tiny rule set, built once per
//! process, with bytes changed,
//! cut or added, and checksums optionally repaired so that a changed header
//! reaches the checks behind its checksum. Opening, probing and verifying
//! must answer or fail with a typed error, never panic.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use arbitrary::{Arbitrary, Unstructured};
use bagh_core::{random_game, Point, Position, Ruleset, TigerMoves};
use bagh_tablebase::{BuildOptions, CompressedTables, MovementTable, Probe, Tablebase};

use super::table_mutation::{repair_compressed, repair_layer, repair_movement, Edit};

/// The tables of the tiny rule set: file names and bytes, and the positions
/// probed after each change.
struct Originals {
    files: Vec<(PathBuf, Vec<u8>)>,
    positions: Vec<Position>,
    /// The undamaged tables' answers for `positions`.
    answers: Vec<Option<Probe>>,
    scratch: PathBuf,
    /// The directory of the copy of the compressed file.
    compressed: PathBuf,
}

/// One tiger in the centre, three goats, one capture to win: tables of a
/// few kilobytes, built in a blink, so that a run takes milliseconds.
fn tiny_rules() -> Ruleset {
    Ruleset::builder()
        .tigers([Point::C3])
        .goats(3)
        .capture_target(1)
        .tiger_moves(TigerMoves::Step)
        .build()
        .expect("the tiny rule set is valid")
}

fn originals() -> &'static Originals {
    static ORIGINALS: OnceLock<Originals> = OnceLock::new();
    ORIGINALS.get_or_init(|| {
        let root = std::env::temp_dir().join(format!("bagh-fuzz-tables-{}", std::process::id()));
        let built = root.join("built");
        let scratch = root.join("scratch");
        std::fs::remove_dir_all(&root).ok();
        let rules = tiny_rules();
        let tables = Tablebase::build(rules, &built, &BuildOptions::default())
            .expect("the tiny tables build");
        let compressed = root.join("compressed");
        let made = CompressedTables::compress(&tables, &compressed, &BuildOptions::default())
            .expect("the tiny tables compress");
        std::fs::create_dir_all(&scratch).expect("a scratch directory");
        // Only the scratch copies are used from here on.
        let mut files = Vec::new();
        let mut entries: Vec<_> = std::fs::read_dir(&built)
            .expect("the tables' directory reads")
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|path| {
                path.extension()
                    .is_some_and(|ext| ext == "tb" || ext == "bpl")
            })
            .collect();
        entries.sort();
        for path in entries {
            let bytes = std::fs::read(&path).expect("a table file reads");
            let copy = scratch.join(path.file_name().expect("a file name"));
            std::fs::write(&copy, &bytes).expect("a table file copies");
            files.push((copy, bytes));
        }
        files.push((
            made.path().to_path_buf(),
            std::fs::read(made.path()).expect("the compressed file reads"),
        ));
        drop(made);
        std::fs::remove_dir_all(&built).ok();
        let positions = (0..6)
            .flat_map(|seed| {
                random_game(Position::new(rules), seed, 24)
                    .positions()
                    .to_vec()
            })
            .step_by(3)
            .collect::<Vec<Position>>();
        let tables = Tablebase::open(&scratch).expect("the undamaged tables open");
        let answers = positions
            .iter()
            .map(|position| tables.probe(position).ok())
            .collect();
        Originals {
            files,
            positions,
            answers,
            scratch,
            compressed,
        }
    })
}

/// Which file to damage, how, and whether to repair its checksums.
#[derive(Clone, Debug, Arbitrary)]
pub struct Damage {
    /// The file, by its place in name order, modulo their number.
    pub file: u8,
    /// The changes, in order.
    pub edits: Vec<Edit>,
    /// Rewrite the header's checksum to match the changed header.
    pub repair_header: bool,
    /// Rewrite the data's checksum too.
    pub repair_data: bool,
    /// For the compressed file: write it in two parts, cut after this many
    /// bytes (modulo its length plus one), `tables.btz` and `tables.btz.1`.
    pub split_at: Option<u32>,
}

/// How many files cut in two have opened (the regression test checks that
/// some cuts fall between sections).
pub static SPLITS_OPENED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Reads a [`Damage`] from the bytes and checks the damaged tables.
pub fn run(data: &[u8]) {
    if let Ok(damage) = Damage::arbitrary_take_rest(Unstructured::new(data)) {
        check_damage(&damage);
    }
}

/// Damages one file, opens, probes and verifies the tables, and puts the
/// file back.
pub fn check_damage(damage: &Damage) {
    let originals = originals();
    let (path, original) = &originals.files[usize::from(damage.file) % originals.files.len()];
    let mut bytes = original.clone();
    for edit in &damage.edits {
        edit.apply(&mut bytes);
    }
    let movement = path.extension().is_some_and(|ext| ext == "tb");
    let compressed = path.extension().is_some_and(|ext| ext == "btz");
    if damage.repair_header || damage.repair_data {
        if compressed {
            repair_compressed(&mut bytes, damage.repair_data);
        } else if movement {
            repair_movement(&mut bytes, damage.repair_data);
        } else {
            repair_layer(&mut bytes, damage.repair_data);
        }
    }
    let part = compressed
        .then_some(damage.split_at)
        .flatten()
        .map(|at| at as usize % (bytes.len() + 1));
    let part_path = path.with_extension("btz.1");
    match part {
        Some(at) => {
            std::fs::write(path, &bytes[..at]).expect("the scratch file writes");
            std::fs::write(&part_path, &bytes[at..]).expect("the scratch part writes");
        }
        None => std::fs::write(path, &bytes).expect("the scratch file writes"),
    }
    let dir = if compressed {
        &originals.compressed
    } else {
        &originals.scratch
    };
    let answers = exercise(
        dir,
        &originals.positions,
        movement.then_some(path.as_path()),
    );
    // Undamaged tables answer as before; cut in two, they open only where
    // the cut falls between sections, and then answer as before too.
    if part.is_some() && answers.is_some() {
        SPLITS_OPENED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    if &bytes == original && (part.is_none() || answers.is_some()) {
        assert_eq!(
            answers.as_ref(),
            Some(&originals.answers),
            "undamaged tables answer otherwise"
        );
    }
    std::fs::write(path, original).expect("the scratch file is restored");
    if part.is_some() {
        std::fs::remove_file(&part_path).expect("the scratch part is removed");
    }
}

/// Every reader of the tables: each call answers or fails, and a failure
/// is one of the crate's errors (a panic fails the run). Returns the
/// probes' answers where the tables open.
fn exercise(
    dir: &Path,
    positions: &[Position],
    movement_file: Option<&Path>,
) -> Option<Vec<Option<Probe>>> {
    if let Some(path) = movement_file {
        if let Ok(table) = MovementTable::open(path) {
            for position in positions {
                let _ = table.probe(position);
            }
            let _ = table.statistics();
        }
    }
    let tables = Tablebase::open(dir).ok()?;
    let answers = positions
        .iter()
        .map(|position| tables.probe(position).ok())
        .collect();
    if let Some(start) = positions.first() {
        let _ = tables.probe_moves(start);
        let _ = tables.best_moves(start);
    }
    let _ = tables.verify();
    let _ = tables.statistics();
    Some(answers)
}
