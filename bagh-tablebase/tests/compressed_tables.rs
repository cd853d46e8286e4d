//! The compressed tables against the full tables they are made from: the
//! same answer for every position reached in random games and for random
//! setups (symmetric tiger sets included), every entry compared by
//! `compare`, and every fault a compressed file can meet a typed error
//! that names the file.

use std::path::{Path, PathBuf};

mod common;

use bagh_core::{random_game, Point, PointSet, Position, Ruleset, Setup, Side, TigerMoves};
use bagh_tablebase::{CompressedTables, PlacementLayers, Tablebase, TablebaseError};
use common::tables::{fresh_path, quiet, rules, temp_path};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The full tables of `rules` in `name`, and their compressed copy in
/// `name-compressed` (the default layers).
fn both(name: &str, rules: Ruleset) -> (Tablebase, PathBuf) {
    let tables = full(name, rules);
    let out = fresh_path(&format!("{name}-compressed"));
    CompressedTables::compress(&tables, &out, &quiet()).unwrap();
    (tables, out)
}

/// The full tables of `rules`, built in `name`.
fn full(name: &str, rules: Ruleset) -> Tablebase {
    let full = fresh_path(name);
    Tablebase::build(rules, &full, &quiet()).unwrap()
}

/// Random positions of `rules`: pieces on shuffled points, any side to
/// move, any split of the goats between hand, board and captures.
fn random_setups(rules: Ruleset, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut points: Vec<Point> = Point::ALL.to_vec();
        for i in (1..points.len()).rev() {
            points.swap(i, rng.random_range(0..=i));
        }
        let tigers = rules.tiger_count();
        let captured = rng.random_range(0..=rules.capture_target().min(rules.goats()));
        let in_hand = rng.random_range(0..=rules.goats() - captured);
        let on_board = usize::from(rules.goats() - captured - in_hand);
        if tigers + on_board > 25 {
            continue;
        }
        let setup = Setup {
            tigers: points[..tigers].iter().copied().collect::<PointSet>(),
            goats: points[tigers..tigers + on_board]
                .iter()
                .copied()
                .collect::<PointSet>(),
            side: if rng.random_bool(0.5) {
                Side::Goat
            } else {
                Side::Tiger
            },
            goats_in_hand: in_hand,
            goats_captured: captured,
        };
        if let Ok(position) = Position::from_setup(setup, rules) {
            out.push(position);
        }
    }
    out
}

/// Every position of some random games and random setups answers the same
/// from both tables: probe, the probe of every move, the best moves.
fn same_answers(full: &Tablebase, compressed: &Tablebase) {
    let rules = *full.rules();
    let mut positions = random_setups(rules, 400, 7);
    for seed in 0..30 {
        positions.extend_from_slice(random_game(Position::new(rules), seed, 200).positions());
    }
    for position in &positions {
        assert_eq!(
            compressed.probe(position).unwrap(),
            full.probe(position).unwrap(),
            "{position}"
        );
        // Placement positions have a search of their own for the best moves.
        assert_eq!(
            compressed.best_moves(position).unwrap(),
            full.best_moves(position).unwrap(),
            "{position}"
        );
    }
    for position in positions.iter().step_by(7) {
        assert_eq!(
            compressed.probe_moves(position).unwrap(),
            full.probe_moves(position).unwrap()
        );
    }
}

#[test]
fn a_symmetric_tiger_answers_like_the_full_tables() {
    // A lone tiger on c3 is fixed by all eight symmetries: every run of
    // the table holds images that the compressed file leaves out.
    let rules = rules(&[Point::C3], 5, 2, TigerMoves::Step, false, false);
    let (full, out) = both("lone", rules);
    let compressed = Tablebase::open(&out).unwrap();
    assert!(compressed.compressed().is_some() && compressed.movement().is_none());
    assert_eq!(compressed.rules(), &rules);
    same_answers(&full, &compressed);
    let (count, differences) = compressed
        .compressed()
        .unwrap()
        .compare(&full, 10, &quiet())
        .unwrap();
    assert_eq!((count, differences), (0, vec![]));
    compressed.verify().unwrap();
}

#[test]
fn two_tigers_with_slides_answer_like_the_full_tables_from_the_file_itself() {
    let rules = rules(
        &[Point::A1, Point::E5],
        5,
        2,
        TigerMoves::Slide,
        false,
        true,
    );
    let full = full("pair", rules);
    let full_bytes: u64 = std::fs::read_dir(full.dir())
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum();
    let mut sizes = Vec::new();
    for (layers, stored) in [
        (PlacementLayers::Every, vec![1, 2, 3, 4]),
        // Every other layer counted back from the last, so the first too
        // is left out: its probes search from the start.
        (PlacementLayers::Alternate, vec![2, 4]),
        // The last layer too: its probes search into the movement phase.
        (PlacementLayers::leaving_out([1, 4]), vec![2, 3]),
    ] {
        let out = fresh_path(&format!("pair-{layers:?}"));
        let made = CompressedTables::compress_with(&full, &out, &quiet(), layers).unwrap();
        assert_eq!(made.stored_layers(), stored);
        assert_eq!(made.compare(&full, 5, &quiet()).unwrap(), (0, vec![]));
        // The file itself opens too, not only its directory.
        let compressed = Tablebase::open(CompressedTables::path_in(&out)).unwrap();
        same_answers(&full, &compressed);
        // The compressed file is smaller than the table files.
        sizes.push(made.bytes());
        assert!(made.bytes() < full_bytes / 4);
    }
    // Leaving out layers makes the file smaller.
    assert!(sizes[1] < sizes[0] && sizes[2] < sizes[0], "{sizes:?}");
    // A file copied from the compressed file of every layer is the file
    // compressed from the full tables, byte for byte.
    let every = Tablebase::open(temp_path("pair-Every")).unwrap();
    let copied = fresh_path("pair-copied");
    let layers = PlacementLayers::leaving_out([1, 4]);
    CompressedTables::compress_with(&every, &copied, &quiet(), layers).unwrap();
    let read = |dir: &Path| std::fs::read(CompressedTables::path_in(dir)).unwrap();
    assert!(read(&copied) == read(&temp_path("pair-LeavingOut(18)")));
    // A file that lacks a layer cannot give it, and two adjacent layers,
    // or a layer the rule set does not have, cannot be left out.
    let alternate = Tablebase::open(temp_path("pair-Alternate")).unwrap();
    for (source, layers, says) in [
        (
            &alternate,
            PlacementLayers::Every,
            "leaves out the placement layers of [1, 3]",
        ),
        (
            &full,
            PlacementLayers::leaving_out([3, 4]),
            "of 3 and 4 goats placed",
        ),
        (
            &full,
            PlacementLayers::leaving_out([5]),
            "no placement layer of 5 goats placed",
        ),
    ] {
        let error =
            CompressedTables::compress_with(source, temp_path("pair-refused"), &quiet(), layers)
                .unwrap_err();
        assert!(
            matches!(error, TablebaseError::Unsupported { .. }),
            "{error}"
        );
        assert!(error.to_string().contains(says), "{error}");
    }
}

#[test]
fn a_difference_is_found_and_named() {
    let small = rules(&[Point::C3], 4, 2, TigerMoves::Step, false, false);
    let other = rules(&[Point::C3], 4, 2, TigerMoves::Step, false, true);
    let (full, _) = both("cmp-a", small);
    let (_, out) = both("cmp-b", other);
    // Another rule set's file is refused by name.
    let foreign = Tablebase::open(&out).unwrap();
    let error = foreign
        .compressed()
        .unwrap()
        .compare(&full, 5, &quiet())
        .unwrap_err();
    assert!(
        matches!(error, TablebaseError::WrongRules { .. }),
        "{error}"
    );
}

#[test]
fn a_movement_only_directory_is_not_compressed() {
    let dir = fresh_path("movement-only");
    let rules = rules(&[Point::C3], 4, 2, TigerMoves::Step, false, false);
    let tables = Tablebase::build_movement(rules, &dir, &quiet()).unwrap();
    let error = CompressedTables::compress(&tables, temp_path("nothing"), &quiet()).unwrap_err();
    assert!(error.to_string().contains("placement layer"), "{error}");
}

fn names(error: &TablebaseError, file: &Path) -> bool {
    error.to_string().contains(&file.display().to_string())
}

/// A copy of the compressed file of a small rule set, with `change` applied.
fn damaged(name: &str, change: impl FnOnce(&mut Vec<u8>)) -> PathBuf {
    let (_, out) = both(
        name,
        rules(&[Point::C3], 4, 2, TigerMoves::Step, false, false),
    );
    let path = CompressedTables::path_in(&out);
    let mut bytes = std::fs::read(&path).unwrap();
    change(&mut bytes);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn a_damaged_block_fails_verify_naming_the_file() {
    let path = damaged("flip", |bytes| {
        let at = bytes.len() - 100;
        bytes[at] ^= 0x5a;
    });
    let tables = Tablebase::open(&path).unwrap();
    let error = tables.verify().unwrap_err();
    assert!(matches!(error, TablebaseError::Corrupt { .. }), "{error}");
    assert!(
        names(&error, &path) && error.to_string().contains("section"),
        "{error}"
    );
}

#[test]
fn a_cut_foreign_or_newer_file_does_not_open() {
    let cut = damaged("cut", |bytes| bytes.truncate(bytes.len() - 10));
    let error = Tablebase::open(&cut).unwrap_err();
    assert!(names(&error, &cut), "{error}");
    let short = damaged("short", |bytes| bytes.truncate(5));
    let error = Tablebase::open(&short).unwrap_err();
    assert!(matches!(error, TablebaseError::Truncated { .. }), "{error}");
    let foreign = damaged("foreign", |bytes| bytes[0] = b'X');
    let error = Tablebase::open(&foreign).unwrap_err();
    assert!(
        matches!(error, TablebaseError::NotATablebase { .. }),
        "{error}"
    );
    let newer = damaged("newer", |bytes| bytes[8] = 9);
    let error = Tablebase::open(&newer).unwrap_err();
    assert!(
        matches!(error, TablebaseError::UnsupportedVersion { found: 9, .. }),
        "{error}"
    );
    let header = damaged("header", |bytes| bytes[40] ^= 1);
    let error = Tablebase::open(&header).unwrap_err();
    assert!(error.to_string().contains("header's checksum"), "{error}");
    assert!(names(&error, &header));
}

#[test]
fn threads_probe_one_file_at_once() {
    let rules = rules(&[Point::C3], 5, 2, TigerMoves::Step, false, false);
    let (full, out) = both("threads", rules);
    let compressed = Tablebase::open(&out).unwrap();
    let positions = random_setups(rules, 2000, 11);
    let expected: Vec<_> = positions.iter().map(|p| full.probe(p).unwrap()).collect();
    std::thread::scope(|scope| {
        for t in 0..4 {
            let (compressed, positions, expected) = (&compressed, &positions, &expected);
            scope.spawn(move || {
                for (p, e) in positions.iter().zip(expected).skip(t) {
                    assert_eq!(&compressed.probe(p).unwrap(), e);
                }
            });
        }
    });
}
