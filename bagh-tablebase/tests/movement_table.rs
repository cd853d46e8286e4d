//! Movement-phase tablebases against a brute-force solution computed here by
//! another method: synchronous value iteration over every position, unfolded,
//! held in a hash map. Also: best moves, symmetric images, file errors,
//! interrupted and resumed builds.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

mod common;

use bagh_core::{Move, Point, PointSet, Position, Ruleset, Setup, Side, Symmetry, TigerMoves};
use bagh_tablebase::{BuildOptions, MovementTable, PlacementSolver, Probe, TablebaseError, Value};
use common::tables::{quiet, rules, temp_path};

/// A solved position of the brute force: its value and distance.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Solved {
    value: Value,
    distance: u16,
}

impl Solved {
    /// What the table should answer: the distance of wins and losses.
    fn probe(self) -> Probe {
        Probe::new(self.value, Some(self.distance))
    }
}

/// Every `k`-subset of the points of `mask`.
fn subsets(mask: u32, k: u32) -> Vec<u32> {
    fn go(points: &[u32], k: u32, chosen: u32, out: &mut Vec<u32>) {
        if k == 0 {
            out.push(chosen);
            return;
        }
        if points.len() < k as usize {
            return;
        }
        go(&points[1..], k - 1, chosen | 1 << points[0], out);
        go(&points[1..], k, chosen, out);
    }
    let points: Vec<u32> = (0..25).filter(|p| mask & (1 << p) != 0).collect();
    let mut out = Vec::new();
    go(&points, k, 0, &mut out);
    out
}

/// The solution of every movement-phase position by value iteration.
struct Brute {
    positions: Vec<Position>,
    solution: Vec<Solved>,
    index: KeyMap,
}

/// A whole position (the rule set aside) in one number.
fn key(p: &Position) -> u64 {
    u64::from(p.tigers().bits())
        | u64::from(p.goats().bits()) << 25
        | u64::from(p.side_to_move() == Side::Tiger) << 50
        | u64::from(p.goats_captured()) << 51
}

/// A multiplicative hasher for the `u64` keys.
#[derive(Default, Clone, Copy)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys")
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (n ^ n >> 29).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type KeyMap = HashMap<u64, u32, std::hash::BuildHasherDefault<KeyHasher>>;

/// Marks a move that reaches the capture target: the goats, to move, have lost.
const TIGERS_WON: u32 = u32::MAX;

fn brute_force(rules: Ruleset) -> Brute {
    let mut positions = Vec::new();
    let full = (1u32 << 25) - 1;
    for captured in 0..rules.capture_target() {
        let goats = u32::from(rules.goats() - captured);
        for tigers in subsets(full, rules.tiger_count() as u32) {
            for goat_set in subsets(full & !tigers, goats) {
                for side in [Side::Goat, Side::Tiger] {
                    let setup = Setup {
                        tigers: PointSet::from_bits(tigers),
                        goats: PointSet::from_bits(goat_set),
                        side,
                        goats_in_hand: 0,
                        goats_captured: captured,
                    };
                    positions.push(Position::from_setup(setup, rules).unwrap());
                }
            }
        }
    }
    let mut index = KeyMap::default();
    index.reserve(positions.len());
    for (i, p) in positions.iter().enumerate() {
        index.insert(key(p), i as u32);
    }
    // The successors of position i are next[first[i]..first[i + 1]].
    let mut first = Vec::with_capacity(positions.len() + 1);
    let mut next = Vec::new();
    // None: undecided; a decided entry never changes.
    let mut state: Vec<Option<Solved>> = vec![None; positions.len()];
    let mut undecided = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        first.push(next.len());
        let moves = p.legal_moves();
        if moves.is_empty() {
            let outcome = p.outcome().expect("no move: the game is over");
            if let Some(winner) = outcome.winner {
                assert_ne!(winner, p.side_to_move());
                state[i] = Some(Solved {
                    value: Value::Loss,
                    distance: 0,
                });
            }
            continue;
        }
        undecided.push(i);
        for mv in moves {
            let mut after = *p;
            after.play_unchecked(mv);
            next.push(if after.goats_captured() >= rules.capture_target() {
                TIGERS_WON
            } else {
                index[&key(&after)]
            });
        }
    }
    first.push(next.len());
    // The positions one move before each position (the reverse of `next`).
    let mut before_first = vec![0usize; positions.len() + 1];
    for &j in &next {
        if j != TIGERS_WON {
            before_first[j as usize + 1] += 1;
        }
    }
    for i in 0..positions.len() {
        before_first[i + 1] += before_first[i];
    }
    let mut fill = before_first.clone();
    let mut before = vec![0u32; before_first[positions.len()]];
    for i in 0..positions.len() {
        for &j in &next[first[i]..first[i + 1]] {
            if j != TIGERS_WON {
                before[fill[j as usize]] = i as u32;
                fill[j as usize] += 1;
            }
        }
    }
    // Synchronous rounds: round k decides exactly the positions k plies from
    // the end, from the values of round k - 1. Only positions with a
    // successor decided in the last round can change, so only those are
    // looked at again.
    let mut stamp = vec![0u32; positions.len()];
    let mut round = 1u32;
    loop {
        let mut changes = Vec::new();
        for &i in &undecided {
            let mut best_win: Option<u16> = None;
            let mut all_lose = true;
            let mut longest = 0;
            for &j in &next[first[i]..first[i + 1]] {
                let after = if j == TIGERS_WON {
                    Some(Solved {
                        value: Value::Loss,
                        distance: 0,
                    })
                } else {
                    state[j as usize]
                };
                match after {
                    Some(Solved {
                        value: Value::Loss,
                        distance,
                    }) => {
                        best_win = Some(best_win.map_or(distance + 1, |b| b.min(distance + 1)));
                        all_lose = false;
                    }
                    Some(Solved {
                        value: Value::Win,
                        distance,
                    }) => longest = longest.max(distance + 1),
                    _ => all_lose = false,
                }
            }
            if let Some(distance) = best_win {
                changes.push((
                    i,
                    Solved {
                        value: Value::Win,
                        distance,
                    },
                ));
            } else if all_lose {
                changes.push((
                    i,
                    Solved {
                        value: Value::Loss,
                        distance: longest,
                    },
                ));
            }
        }
        if changes.is_empty() {
            break;
        }
        for &(i, probe) in &changes {
            state[i] = Some(probe);
        }
        round += 1;
        undecided.clear();
        for &(j, _) in &changes {
            for &i in &before[before_first[j]..before_first[j + 1]] {
                let i = i as usize;
                if state[i].is_none() && stamp[i] != round {
                    stamp[i] = round;
                    undecided.push(i);
                }
            }
        }
    }
    let solution = state
        .into_iter()
        .map(|s| {
            s.unwrap_or(Solved {
                value: Value::Draw,
                distance: 0,
            })
        })
        .collect();
    Brute {
        positions,
        solution,
        index,
    }
}

fn check_against_brute_force(name: &str, rules: Ruleset) {
    let path = temp_path(&format!("{name}.tb"));
    let table = MovementTable::build(rules, &path, &quiet()).unwrap();
    let brute = brute_force(rules);
    assert_eq!(
        table.positions(),
        MovementTable::count_positions(&rules),
        "{name}: positions"
    );
    let mut seen = std::collections::HashSet::new();
    let mut decisive = 0;
    for (i, position) in brute.positions.iter().enumerate() {
        let expected = brute.solution[i];
        let probe = table.probe(position).unwrap();
        assert_eq!(probe, expected.probe(), "{name}: {position}");
        if expected.value != Value::Draw {
            decisive += 1;
        }
        // Every image probes the same.
        let canonical = Symmetry::ALL
            .iter()
            .map(|s| key(&s.apply_position(position)))
            .min()
            .unwrap();
        seen.insert(canonical);
        if i % 7 == 0 {
            for s in Symmetry::ALL {
                assert_eq!(
                    table.probe(&s.apply_position(position)).unwrap(),
                    expected.probe()
                );
            }
        }
        // Best moves: exactly the moves that keep the value and distance.
        if i % 11 == 0 {
            let best = table.best_moves(position).unwrap();
            for mv in position.legal_moves() {
                let after = position.play(mv).unwrap();
                // The brute force's own answer for the position after the move.
                let after_solved = if after.goats_captured() >= rules.capture_target() {
                    Solved {
                        value: Value::Loss,
                        distance: 0,
                    }
                } else {
                    brute.solution[brute.index[&key(&after)] as usize]
                };
                let keeps = after_solved.value == expected.value.flip()
                    && (expected.value == Value::Draw
                        || after_solved.distance + 1 == expected.distance);
                assert_eq!(best.contains(&mv), keeps, "{name}: {position} {mv}");
            }
            if expected.value != Value::Draw || !position.legal_moves().is_empty() {
                assert!(
                    !best.is_empty() || expected.distance == 0,
                    "{name}: {position}"
                );
            }
        }
    }
    assert_eq!(seen.len() as u64, table.positions(), "{name}: classes");
    assert!(decisive > 0, "{name}: nothing decided");
    let stats = table.statistics();
    assert_eq!(stats.positions, table.positions());
    std::fs::remove_file(&path).ok();
}

#[test]
fn one_tiger_three_goats_step_optional_blocked_draws() {
    check_against_brute_force(
        "t1g3",
        rules(&[Point::C3], 3, 1, TigerMoves::Step, false, false),
    );
}

#[test]
fn one_tiger_three_goats_slide_mandatory_blocked_loses() {
    check_against_brute_force(
        "t1g3s",
        rules(&[Point::C3], 3, 2, TigerMoves::Slide, true, true),
    );
}

#[test]
fn one_tiger_four_goats_step_mandatory_three_captures() {
    check_against_brute_force(
        "t1g4",
        rules(&[Point::A1], 4, 3, TigerMoves::Step, true, false),
    );
}

#[test]
fn one_tiger_four_goats_slide_optional_blocked_loses() {
    check_against_brute_force(
        "t1g4s",
        rules(&[Point::A1], 4, 2, TigerMoves::Slide, false, true),
    );
}

#[test]
#[ignore = "a few seconds; run with --ignored"]
fn two_tigers_three_goats_step_optional_blocked_loses() {
    check_against_brute_force(
        "t2g3",
        rules(&[Point::B3, Point::D3], 3, 2, TigerMoves::Step, false, true),
    );
}

#[test]
fn two_tigers_three_goats_slide_mandatory_blocked_draws() {
    check_against_brute_force(
        "t2g3s",
        rules(
            &[Point::A1, Point::E5],
            3,
            1,
            TigerMoves::Slide,
            true,
            false,
        ),
    );
}

#[test]
fn bagh_chal_counts_without_building() {
    let rules = Ruleset::default();
    assert_eq!(MovementTable::count_positions(&rules), 88_260_972);
    assert!(MovementTable::memory_needed(&rules) < 1 << 30);
}

#[test]
fn too_large_is_refused_up_front() {
    let path = temp_path("never.tb");
    let options = BuildOptions {
        memory_budget: 1 << 20,
        ..quiet()
    };
    match MovementTable::build(Ruleset::default(), &path, &options) {
        Err(TablebaseError::TooLarge { needed, budget, .. }) => {
            assert!(needed > budget);
        }
        other => panic!("expected TooLarge, got {other:?}"),
    }
    assert!(!path.exists());
}

fn small_rules() -> Ruleset {
    rules(&[Point::C3], 4, 3, TigerMoves::Step, false, false)
}

#[test]
fn damaged_files_are_errors_not_panics() {
    let rules = small_rules();
    let path = temp_path("damaged-source.tb");
    MovementTable::build(rules, &path, &quiet()).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let damaged = temp_path("damaged.tb");
    let open = |data: &[u8]| {
        std::fs::write(&damaged, data).unwrap();
        MovementTable::open(&damaged)
    };
    // Every truncation, at a spread of lengths.
    let mut cut = 0;
    while cut < bytes.len() {
        match open(&bytes[..cut]) {
            Err(TablebaseError::Truncated { .. }) | Err(TablebaseError::Corrupt { .. }) => {}
            other => panic!("cut at {cut}: {other:?}"),
        }
        cut = if cut < 200 { cut + 1 } else { cut * 2 };
    }
    assert!(matches!(
        open(&bytes[..bytes.len() - 1]),
        Err(TablebaseError::Truncated { .. })
    ));
    // Any flipped byte is caught.
    for at in [9, 13, 21, 30, 40, 60, 75, 85, 100, bytes.len() - 1] {
        let mut copy = bytes.clone();
        copy[at] ^= 0x40;
        let result = open(&copy);
        assert!(
            matches!(
                result,
                Err(TablebaseError::Corrupt { .. })
                    | Err(TablebaseError::UnsupportedVersion { .. })
                    | Err(TablebaseError::Truncated { .. })
            ),
            "flip at {at}: {result:?}"
        );
    }
    let mut copy = bytes.clone();
    copy[8] = 99;
    assert!(matches!(
        open(&copy),
        Err(TablebaseError::UnsupportedVersion { found: 99, .. })
    ));
    assert!(matches!(
        open(b"not a table at all, just text"),
        Err(TablebaseError::NotATablebase { .. })
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(open(&longer), Err(TablebaseError::Corrupt { .. })));
    assert!(matches!(
        MovementTable::open(temp_path("missing.tb")),
        Err(TablebaseError::Io { .. })
    ));
    // The error says what and where.
    let message = open(&bytes[..100]).unwrap_err().to_string();
    assert!(
        message.contains("damaged.tb") && message.contains("truncated"),
        "{message}"
    );
    std::fs::remove_file(&path).ok();
    std::fs::remove_file(&damaged).ok();
}

#[test]
fn another_rule_set_is_an_error() {
    let rules = small_rules();
    let path = temp_path("mismatch.tb");
    let table = MovementTable::build(rules, &path, &quiet()).unwrap();
    let other = rules.to_builder().mandatory_capture(true).build().unwrap();
    assert!(matches!(
        MovementTable::open_for(&path, &other),
        Err(TablebaseError::WrongRules { .. })
    ));
    assert!(MovementTable::open_for(&path, &rules).is_ok());
    let position = Position::from_text("5/5/1GTG1/2GG1/5 t 0 0", other).unwrap();
    assert!(matches!(
        table.probe(&position),
        Err(TablebaseError::RulesMismatch { .. })
    ));
    let placing = Position::new(rules);
    assert!(matches!(
        table.probe(&placing),
        Err(TablebaseError::NotInTable { .. })
    ));
    // A finished game probes as finished.
    let over = Position::from_text("5/5/2T2/2G2/5 g 0 3", rules).unwrap();
    assert_eq!(
        table.probe(&over).unwrap(),
        Probe::new(Value::Loss, Some(0))
    );
    assert!(table.best_moves(&over).unwrap().is_empty());
    std::fs::remove_file(&path).ok();
}

#[test]
fn interrupted_build_resumes_to_the_same_file() {
    let rules = small_rules();
    let whole = temp_path("whole.tb");
    MovementTable::build(rules, &whole, &quiet()).unwrap();
    let path = temp_path("resumed.tb");
    let layers_seen = Arc::new(AtomicUsize::new(0));
    let seen = Arc::clone(&layers_seen);
    let stopping = BuildOptions {
        // Stop as soon as the top layer (2 captured) is solved.
        on_progress: Some(Arc::new(move |p| {
            seen.fetch_add(1, Ordering::Relaxed);
            p.layer == 2
        })),
        ..quiet()
    };
    match MovementTable::build(rules, &path, &stopping) {
        Err(TablebaseError::Interrupted { checkpoint }) => {
            assert_eq!(checkpoint, MovementTable::checkpoint_path(&path));
            assert!(checkpoint.exists());
        }
        other => panic!("expected Interrupted, got {other:?}"),
    }
    assert!(!path.exists());
    assert!(layers_seen.load(Ordering::Relaxed) >= 2);
    // A second build resumes from the checkpoint and ends with the same file.
    let table = MovementTable::build(rules, &path, &quiet()).unwrap();
    assert!(!MovementTable::checkpoint_path(&path).exists());
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(&whole).unwrap()
    );
    let position = Position::from_text("5/5/1GTG1/2GG1/5 t 0 0", rules).unwrap();
    assert!(table.probe(&position).is_ok());
    std::fs::remove_file(&path).ok();
    std::fs::remove_file(&whole).ok();
}

#[test]
fn a_best_line_plays_out_the_value() {
    let rules = rules(&[Point::C3], 4, 2, TigerMoves::Step, false, true);
    let path = temp_path("line.tb");
    let table = MovementTable::build(rules, &path, &quiet()).unwrap();
    let stats = table.statistics();
    let (distance, start) = stats
        .layers
        .iter()
        .filter_map(|l| l.longest_win)
        .max_by_key(|(d, _)| *d)
        .unwrap();
    assert!(distance > 1);
    // Following best moves from the longest win ends the game in exactly
    // that many plies, with the side that was to move winning.
    let winner = start.side_to_move();
    let mut position = start;
    for _ in 0..distance {
        let mv: Move = table.best_moves(&position).unwrap()[0];
        position = position.play(mv).unwrap();
    }
    let outcome = position.outcome().expect("the game is over");
    assert_eq!(outcome.winner, Some(winner));
    std::fs::remove_file(&path).ok();
}

/// The value of a position for the side to move by plain minimax over the
/// placement phase (no pruning, no symmetry), memoised by position, with the
/// table's values once the goats are all placed.
fn placement_minimax(
    table: &MovementTable,
    position: &Position,
    memo: &mut HashMap<Position, Value>,
) -> Value {
    if position.goats_in_hand() == 0 || position.is_capture_target_reached() {
        return table.probe(position).unwrap().value;
    }
    if let Some(&v) = memo.get(position) {
        return v;
    }
    let moves = position.legal_moves();
    let v = if moves.is_empty() {
        match position.outcome().unwrap().winner {
            None => Value::Draw,
            Some(w) if w == position.side_to_move() => Value::Win,
            Some(_) => Value::Loss,
        }
    } else {
        moves
            .iter()
            .map(|&mv| placement_minimax(table, &position.play(mv).unwrap(), memo).flip())
            .max()
            .unwrap()
    };
    memo.insert(*position, v);
    v
}

#[test]
fn placement_solver_matches_plain_minimax() {
    for (name, rules) in [
        (
            "p1",
            rules(&[Point::C3], 4, 1, TigerMoves::Step, true, true),
        ),
        (
            "p2",
            rules(&[Point::B3, Point::D3], 3, 2, TigerMoves::Slide, true, true),
        ),
        (
            "p3",
            rules(&[Point::A1], 4, 1, TigerMoves::Step, false, true),
        ),
    ] {
        let path = temp_path(&format!("{name}.tb"));
        let table = MovementTable::build(rules, &path, &quiet()).unwrap();
        let mut memo = HashMap::new();
        let mut solver = PlacementSolver::new(&table, 16).unwrap();
        let start = Position::new(rules);
        // The start, and every position two plies later.
        let mut positions = vec![start];
        for mv in start.legal_moves() {
            let after = start.play(mv).unwrap();
            positions.push(after);
            for reply in after.legal_moves() {
                positions.push(after.play(reply).unwrap());
            }
        }
        let mut values = std::collections::BTreeMap::new();
        for position in &positions {
            let expected = placement_minimax(&table, position, &mut memo);
            assert_eq!(
                solver.solve(position).unwrap(),
                expected,
                "{name}: {position}"
            );
            *values.entry(expected).or_insert(0) += 1;
        }
        eprintln!("{name}: {values:?}, {} nodes", solver.nodes());
        assert!(solver.nodes() > 0);
        std::fs::remove_file(&path).ok();
    }
}
