//! `datagen`: labels from the tables, no position twice up to symmetry, the
//! same files whatever the threads, and typed errors for damaged files.

use std::collections::HashSet;

use bagh_core::{Point, Position, Ruleset, Symmetry};
use bagh_engine::datagen::{generate, read_positions, DatagenError, DatagenOptions, Split};
use bagh_tablebase::{BuildOptions, Tablebase};

fn small_tables(dir: &std::path::Path) -> Tablebase {
    // Two tigers, five goats, two captures win: small, and every result occurs.
    let rules = Ruleset::builder()
        .tigers([Point::A1, Point::E5])
        .goats(5)
        .capture_target(2)
        .build()
        .unwrap();
    Tablebase::build(rules, dir.join("tables"), &BuildOptions::default()).unwrap()
}

fn all_records(dir: &std::path::Path) -> Vec<bagh_engine::datagen::LabelledPosition> {
    [Split::Train, Split::Validation, Split::Heldout]
        .iter()
        .flat_map(|s| read_positions(dir.join(s.file_name())).unwrap().1)
        .collect()
}

#[test]
fn positions_are_labelled_distinct_and_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let tables = small_tables(dir.path());
    let options = DatagenOptions {
        positions: 3_000,
        seed: 7,
        threads: 1,
        ..DatagenOptions::default()
    };
    let summary = generate(&tables, &options, dir.path().join("one"), |_| {}).unwrap();
    let records = all_records(&dir.path().join("one"));
    assert_eq!(
        records.len() as u64,
        summary.train + summary.validation + summary.heldout
    );
    assert!(records.len() >= 3_000);
    assert!(summary.validation > 0 && summary.heldout > 0 && summary.train > summary.validation);
    assert!(summary.engine_games > 0 && summary.engine_games < summary.games);
    let mut seen = HashSet::new();
    let mut values = HashSet::new();
    for record in &records {
        let probe = tables.probe(&record.position).unwrap();
        assert_eq!(
            (probe.value, probe.distance),
            (record.value, record.distance)
        );
        assert!(!record.position.is_game_over());
        // No image of a kept position under a symmetry was kept before.
        let images: Vec<Position> = Symmetry::ALL
            .iter()
            .map(|s| s.apply_position(&record.position))
            .collect();
        assert!(
            images.iter().all(|image| !seen.contains(image)),
            "{:?}",
            record
        );
        seen.insert(record.position);
        values.insert(record.value);
    }
    assert_eq!(values.len(), 3, "wins, draws and losses all occur");
    // Two threads write the same bytes.
    let two = DatagenOptions {
        threads: 2,
        ..options
    };
    generate(&tables, &two, dir.path().join("two"), |_| {}).unwrap();
    for split in [Split::Train, Split::Validation, Split::Heldout] {
        let a = std::fs::read(dir.path().join("one").join(split.file_name())).unwrap();
        let b = std::fs::read(dir.path().join("two").join(split.file_name())).unwrap();
        assert_eq!(a, b, "{}", split.file_name());
    }
}

#[test]
fn bad_options_and_damaged_files_are_typed_errors() {
    let dir = tempfile::tempdir().unwrap();
    let tables = small_tables(dir.path());
    let bad = DatagenOptions {
        engine_share: 1.5,
        ..DatagenOptions::default()
    };
    let error = generate(&tables, &bad, dir.path().join("bad"), |_| {}).unwrap_err();
    assert!(matches!(
        error,
        DatagenError::InvalidOption {
            option: "engine_share",
            ..
        }
    ));
    let options = DatagenOptions {
        positions: 200,
        ..DatagenOptions::default()
    };
    generate(&tables, &options, dir.path().join("data"), |_| {}).unwrap();
    let path = dir.path().join("data").join("train.bpos");
    let bytes = std::fs::read(&path).unwrap();
    let damaged = dir.path().join("damaged.bpos");
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (bytes[..bytes.len() - 3].to_vec(), "truncated"),
        ([b"NOTAPOS\0", &bytes[8..]].concat(), "magic"),
        (
            {
                let mut b = bytes.clone();
                b[8] = 9;
                b
            },
            "version 9",
        ),
        ([bytes.as_slice(), &[0u8; 16]].concat(), "after"),
        (bytes[..20].to_vec(), "header"),
    ];
    for (content, expected) in cases {
        std::fs::write(&damaged, &content).unwrap();
        match read_positions(&damaged) {
            Err(DatagenError::BadFile { path, reason }) => {
                assert_eq!(path, damaged);
                assert!(reason.contains(expected), "{reason} lacks {expected}");
            }
            other => panic!("{expected}: {other:?}"),
        }
    }
    // A record that is no position (a tiger and a goat on one point).
    let mut b = bytes.clone();
    let header = u32::from_le_bytes(b[24..28].try_into().unwrap()) as usize;
    let tigers: Vec<u8> = b[header..header + 4].to_vec();
    b[header + 4..header + 8].copy_from_slice(&tigers);
    std::fs::write(&damaged, &b).unwrap();
    let error = read_positions(&damaged).unwrap_err().to_string();
    assert!(error.contains("record 0"), "{error}");
}
