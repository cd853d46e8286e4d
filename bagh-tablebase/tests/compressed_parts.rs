//! A compressed file written in parts (`tables.btz`, `tables.btz.1`, ...):
//! the parts are the bytes of the whole file cut where sections end, it
//! opens and answers as the whole file does, and a missing, stale or badly
//! cut part is a typed error that names the file.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

mod common;

use bagh_core::{random_game, Point, Position, TigerMoves};
use bagh_tablebase::{CompressedTables, PlacementLayers, Tablebase, TablebaseError};
use common::tables::{fresh_path, quiet, rules};

/// The full tables of two tigers and five goats, and the whole compressed
/// file made from them, built once for all the tests.
fn whole() -> &'static (Tablebase, CompressedTables) {
    static BUILT: OnceLock<(Tablebase, CompressedTables)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let rules = rules(
            &[Point::A1, Point::E5],
            5,
            2,
            TigerMoves::Step,
            false,
            false,
        );
        let full_dir = fresh_path("parts-full");
        let full = Tablebase::build(rules, &full_dir, &quiet()).unwrap();
        let compressed =
            CompressedTables::compress(&full, fresh_path("parts-whole"), &quiet()).unwrap();
        (full, compressed)
    })
}

/// A part size that cuts the file into a few parts: at least its largest
/// section (and the header), which a part must hold whole.
fn part_size(whole: &CompressedTables) -> u64 {
    let largest = whole.section_sizes().iter().map(|s| s.bytes).max().unwrap();
    (largest + 4096).max(whole.bytes() / 4)
}

fn read_all(files: &[PathBuf]) -> Vec<u8> {
    files
        .iter()
        .flat_map(|f| std::fs::read(f).unwrap())
        .collect()
}

#[test]
fn parts_are_the_whole_file_cut_where_sections_end_and_answer_alike() {
    let (full, whole) = whole();
    let bytes = std::fs::read(whole.path()).unwrap();
    let max = part_size(whole);
    let dir = fresh_path("parts-split");
    let split = whole.split_into(&dir, max).unwrap();
    let files = split.files();
    assert!(files.len() >= 2, "{files:?}");
    assert_eq!(files[0], CompressedTables::path_in(&dir));
    assert_eq!(files[1], dir.join("tables.btz.1"));
    for file in &files {
        let len = std::fs::metadata(file).unwrap().len();
        assert!(len <= max, "{} has {len} bytes", file.display());
    }
    assert_eq!(
        read_all(&files),
        bytes,
        "the parts are the whole file's bytes"
    );
    assert_eq!(split.bytes(), bytes.len() as u64);
    split.verify().unwrap();
    assert_eq!(split.compare(full, 5, &quiet()).unwrap(), (0, vec![]));

    // Opened by its directory or its file, it answers as the full tables.
    let opened = Tablebase::open(&dir).unwrap();
    let rules = *full.rules();
    for seed in 0..30 {
        for position in random_game(Position::new(rules), seed, 150).positions() {
            assert_eq!(
                opened.probe(position).unwrap(),
                full.probe(position).unwrap()
            );
            assert_eq!(
                opened.best_moves(position).unwrap(),
                full.best_moves(position).unwrap()
            );
        }
    }

    // Copied again, whole: the parts are read as one file.
    let again = fresh_path("parts-joined");
    let joined =
        CompressedTables::compress_with(&opened, &again, &quiet(), PlacementLayers::Every).unwrap();
    assert_eq!(joined.files().len(), 1);
    assert_eq!(std::fs::read(joined.path()).unwrap(), bytes);
}

#[test]
fn compressing_in_parts_writes_the_same_bytes_and_removes_stale_parts() {
    let (full, whole) = whole();
    let bytes = std::fs::read(whole.path()).unwrap();
    let dir = fresh_path("in-parts-out");
    let max = part_size(whole);
    let split =
        CompressedTables::compress_in_parts(full, &dir, &quiet(), PlacementLayers::Every, max)
            .unwrap();
    assert!(split.files().len() >= 2);
    assert_eq!(read_all(&split.files()), bytes);
    // Only the parts are left in the directory: no temporary file.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let expected: Vec<String> = split
        .files()
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, expected);

    // A whole file written over them removes the parts it no longer has.
    let count = split.files().len();
    drop(split);
    let rewritten = CompressedTables::compress(full, &dir, &quiet()).unwrap();
    assert_eq!(rewritten.files().len(), 1);
    for k in 1..count {
        assert!(!dir.join(format!("tables.btz.{k}")).exists());
    }
    assert_eq!(std::fs::read(rewritten.path()).unwrap(), bytes);
}

fn names(error: &TablebaseError, file: &Path) -> bool {
    error.to_string().contains(&file.display().to_string())
}

#[test]
fn a_missing_stale_or_badly_cut_part_does_not_open() {
    let (_, whole) = whole();
    let dir = fresh_path("bad-parts-split");
    let split = whole.split_into(&dir, part_size(whole)).unwrap();
    let files = split.files();
    drop(split);
    let file = CompressedTables::path_in(&dir);

    // The last part missing: truncated, and the message says where parts are.
    let last = files.last().unwrap();
    let saved = std::fs::read(last).unwrap();
    std::fs::remove_file(last).unwrap();
    let error = Tablebase::open(&dir).unwrap_err();
    assert!(
        matches!(error, TablebaseError::Truncated { .. }) && names(&error, &file),
        "{error}"
    );
    assert!(error.to_string().contains("parts"), "{error}");
    std::fs::write(last, &saved).unwrap();

    // A stale part after the last one: bytes after the last section.
    let stale = dir.join(format!("tables.btz.{}", files.len()));
    std::fs::write(&stale, b"old").unwrap();
    let error = Tablebase::open(&dir).unwrap_err();
    assert!(
        error.to_string().contains("after the last section"),
        "{error}"
    );
    std::fs::remove_file(&stale).unwrap();

    // One byte moved from the end of the first part to the start of the
    // second: a section runs across the cut.
    let mut first = std::fs::read(&files[0]).unwrap();
    let mut second = std::fs::read(&files[1]).unwrap();
    second.insert(0, first.pop().unwrap());
    std::fs::write(&files[0], &first).unwrap();
    std::fs::write(&files[1], &second).unwrap();
    let error = Tablebase::open(&dir).unwrap_err();
    assert!(
        matches!(error, TablebaseError::Corrupt { .. })
            && error.to_string().contains("into the next"),
        "{error}"
    );
    assert!(names(&error, &file), "{error}");

    // A damaged byte in a later part: verify names that part.
    first.push(second.remove(0));
    std::fs::write(&files[0], &first).unwrap();
    let at = second.len() / 2;
    second[at] ^= 0x55;
    std::fs::write(&files[1], &second).unwrap();
    let error = Tablebase::open(&dir).unwrap().verify().unwrap_err();
    assert!(
        matches!(error, TablebaseError::Corrupt { .. }) && names(&error, &files[1]),
        "{error}"
    );
}

#[test]
fn a_part_smaller_than_a_section_or_over_itself_is_refused() {
    let (_, whole) = whole();
    let error = whole
        .split_into(fresh_path("refused-tiny"), 100)
        .unwrap_err();
    assert!(
        matches!(error, TablebaseError::Unsupported { .. })
            && error.to_string().contains("longer than parts of 100 bytes"),
        "{error}"
    );
    let own = whole.path().parent().unwrap().to_path_buf();
    let error = whole.split_into(&own, whole.bytes() / 2).unwrap_err();
    assert!(error.to_string().contains("over itself"), "{error}");
}
