//! The placement table against plain minimax computed here: a memoised
//! recursion over the game tree from the start, with no symmetry and no
//! layers, and the movement table's probe when the last goat is placed.
//! Every position reachable during placement is compared, both sides to
//! move. Also: interrupted and resumed builds, damaged layer files.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

mod common;

use bagh_core::{Point, Position, Ruleset, Side, Symmetry, TigerMoves};
use bagh_tablebase::{BuildOptions, MovementTable, PlacementTable, TablebaseError, Value};
use common::tables::{quiet, rules};
use rustc_hash::FxHashMap;

/// The movement table of `rules`, built into `dir`.
fn movement(rules: Ruleset, dir: &std::path::Path) -> Arc<MovementTable> {
    Arc::new(MovementTable::build(rules, dir.join("movement.tb"), &quiet()).unwrap())
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("bagh-placement-tests-{}", std::process::id()))
        .join(name);
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Plain minimax over the placement phase, memoised on the whole position
/// (with a fast hasher: the memo holds every position reachable in placement).
struct Minimax<'a> {
    movement: &'a MovementTable,
    memo: FxHashMap<Position, Value>,
}

impl Minimax<'_> {
    fn value(&mut self, position: &Position) -> Value {
        if let Some(&value) = self.memo.get(position) {
            return value;
        }
        let value = if position.is_capture_target_reached() {
            match position.side_to_move() {
                Side::Tiger => Value::Win,
                Side::Goat => Value::Loss,
            }
        } else if position.goats_in_hand() == 0 {
            self.movement.probe(position).unwrap().value
        } else {
            let moves = position.legal_moves();
            if moves.is_empty() {
                match position.side_to_move() {
                    Side::Tiger => Value::Loss,
                    Side::Goat if position.rules().blocked_side_loses() => Value::Loss,
                    Side::Goat => Value::Draw,
                }
            } else {
                moves
                    .iter()
                    .map(|&mv| {
                        let mut after = *position;
                        after.play_unchecked(mv);
                        self.value(&after).flip()
                    })
                    .max()
                    .unwrap()
            }
        };
        self.memo.insert(*position, value);
        value
    }
}

/// The number of (tiger set, goat set) pairs up to the board's eight
/// symmetries, by brute force: the smallest image of every pair, counted once.
fn orbits(tigers: usize, goats: usize) -> u64 {
    fn subsets(from: u32, k: usize, chosen: u32, out: &mut Vec<u32>) {
        if k == 0 {
            out.push(chosen);
            return;
        }
        for p in from..25 {
            subsets(p + 1, k - 1, chosen | 1 << p, out);
        }
    }
    let maps: Vec<[u32; 25]> = Symmetry::ALL
        .into_iter()
        .map(|s| std::array::from_fn(|p| 1 << s.apply(Point::ALL[p]).index()))
        .collect();
    let image = |map: &[u32; 25], mut bits: u32| {
        let mut out = 0;
        while bits != 0 {
            out |= map[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        out
    };
    let (mut tiger_sets, mut goat_sets) = (Vec::new(), Vec::new());
    subsets(0, tigers, 0, &mut tiger_sets);
    subsets(0, goats, 0, &mut goat_sets);
    let mut seen = std::collections::HashSet::new();
    for &t in &tiger_sets {
        for &g in goat_sets.iter().filter(|&&g| g & t == 0) {
            let key = maps
                .iter()
                .map(|map| (image(map, t), image(map, g)))
                .min()
                .unwrap();
            seen.insert(key);
        }
    }
    seen.len() as u64
}

/// Every run's counts add up, and count each position once up to symmetry.
fn check_statistics(placement: &PlacementTable, rules: &Ruleset) {
    let stats = placement.statistics().unwrap();
    assert_eq!(
        stats.positions,
        stats.layers.iter().map(|l| l.positions).sum::<u64>()
    );
    let stats = stats.layers;
    for s in &stats {
        assert_eq!(s.wins + s.draws + s.losses, s.positions);
        let on_board = usize::from(s.placed - s.captured);
        assert_eq!(s.positions, orbits(rules.tiger_count(), on_board), "{s:?}");
    }
    let runs: usize = (0..rules.goats())
        .map(|p| usize::from(p.min(rules.capture_target() - 1)) + 1)
        .sum();
    assert_eq!(stats.len(), runs);
}

/// Builds both tables of `rules` and compares every placement position
/// reachable from the start; returns how many were compared and the start's value.
fn compare_with_minimax(name: &str, rules: Ruleset) -> (usize, Value) {
    let dir = temp_dir(name);
    let movement = movement(rules, &dir);
    let placement = PlacementTable::build(movement.clone(), &dir, &quiet()).unwrap();
    placement.verify().unwrap();
    check_statistics(&placement, &rules);
    let mut minimax = Minimax {
        movement: &movement,
        memo: FxHashMap::default(),
    };
    let loaded = PlacementTable::load(&dir, movement.clone()).unwrap();
    assert!(loaded.in_memory() && !placement.in_memory());
    let start = Position::new(rules);
    let start_value = minimax.value(&start);
    let mut compared = 0;
    let positions: Vec<(Position, Value)> = minimax.memo.iter().map(|(p, v)| (*p, *v)).collect();
    for (position, expected) in positions {
        if position.goats_in_hand() == 0 || position.is_capture_target_reached() {
            continue;
        }
        let probe = placement.probe(&position).unwrap();
        assert_eq!(probe.value, expected, "{name}: {position}");
        assert_eq!(
            loaded.probe(&position).unwrap(),
            probe,
            "{name}: {position}"
        );
        // Best moves: exactly the moves to a position minimax values as the flip.
        if compared % 5 == 0 {
            let best = placement.best_moves(&position).unwrap();
            for mv in position.legal_moves() {
                let after = position.play(mv).unwrap();
                let keeps = minimax.value(&after) == expected.flip();
                assert_eq!(best.contains(&mv), keeps, "{name}: {position} {mv}");
            }
        }
        compared += 1;
    }
    std::fs::remove_dir_all(&dir).ok();
    (compared, start_value)
}

#[test]
fn one_tiger_in_the_centre() {
    let (compared, start) = compare_with_minimax(
        "centre",
        rules(&[Point::C3], 4, 2, TigerMoves::Step, false, false),
    );
    assert!(compared > 1000, "{compared}");
    // Two corner goats and a centre tiger: docs/rules.md does not say; the
    // expected value is minimax's, compared above; it must be one of three.
    let _ = start;
}

#[test]
fn two_tigers_sliding_with_mandatory_capture() {
    let (compared, _) = compare_with_minimax(
        "slide",
        rules(&[Point::A1, Point::E5], 4, 2, TigerMoves::Slide, true, true),
    );
    assert!(compared > 10_000, "{compared}");
}

#[test]
fn corner_tigers_blocked_goats_draw() {
    let (compared, _) = compare_with_minimax(
        "corners",
        rules(
            &[Point::A1, Point::E1],
            4,
            1,
            TigerMoves::Step,
            false,
            false,
        ),
    );
    assert!(compared > 10_000, "{compared}");
}

#[test]
fn interrupted_build_resumes_to_the_same_files() {
    let rules = rules(
        &[Point::B2, Point::D4],
        5,
        2,
        TigerMoves::Step,
        false,
        false,
    );
    let dir = temp_dir("resume");
    let movement = movement(rules, &dir);
    let whole = temp_dir("resume-whole");
    PlacementTable::build(movement.clone(), &whole, &quiet()).unwrap();
    // Stop after the first progress report of the third layer from the end.
    let calls = Arc::new(AtomicUsize::new(0));
    let seen = calls.clone();
    let options = BuildOptions {
        on_progress: Some(Arc::new(move |progress| {
            seen.fetch_add(1, Ordering::Relaxed);
            progress.layer > 2
        })),
        ..quiet()
    };
    match PlacementTable::build(movement.clone(), &dir, &options) {
        Err(TablebaseError::Interrupted { .. }) => {}
        other => panic!("expected an interruption, got {other:?}"),
    }
    assert!(calls.load(Ordering::Relaxed) > 0);
    assert!(!dir.join("placed-00.bpl").exists());
    assert!(dir.join("placed-04.bpl").exists());
    let resumed = PlacementTable::build(movement.clone(), &dir, &quiet()).unwrap();
    for p in 0..5 {
        let name = format!("placed-{p:02}.bpl");
        assert_eq!(
            std::fs::read(dir.join(&name)).unwrap(),
            std::fs::read(whole.join(&name)).unwrap(),
            "{name}"
        );
    }
    resumed.verify().unwrap();
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&whole).ok();
}

#[test]
fn positions_outside_the_table_are_errors() {
    let rules = rules(&[Point::C3], 3, 1, TigerMoves::Step, false, false);
    let dir = temp_dir("outside");
    let movement = movement(rules, &dir);
    let table = PlacementTable::build(movement, &dir, &quiet()).unwrap();
    let moved = Position::from_text("5/5/2T2/5/GGG2 t 0 0", rules).unwrap();
    assert!(matches!(
        table.probe(&moved),
        Err(TablebaseError::NotInPlacementTable { .. })
    ));
    let other = Position::new(Ruleset::default());
    assert!(matches!(
        table.probe(&other),
        Err(TablebaseError::RulesMismatch { .. })
    ));
    std::fs::remove_dir_all(&dir).ok();
}
