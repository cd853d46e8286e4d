//! Puzzles checked against the tables move by move: the solution keeps the
//! value, every other legal move gives it away, the refutations are perfect
//! play, and the file form reads back to the same puzzles.

use bagh_core::{Game, Ruleset};
use bagh_engine::puzzles::{generate, Keeps, Outcome, Puzzle, PuzzleOptions, PuzzleTag};
use bagh_engine::{Engine, EngineOptions, Limits, PerfectPlayer};
use bagh_tablebase::{BuildOptions, Tablebase, Value};

fn rules() -> Ruleset {
    "tigers=a1,e5 goats=5 capture_target=2 repetition=allowed"
        .parse()
        .unwrap()
}

fn tables(dir: &std::path::Path) -> Tablebase {
    Tablebase::build(rules(), dir, &BuildOptions::default()).unwrap()
}

/// The value for the side to move of `game`'s position after `mv`, from
/// the mover's point of view.
fn value_for_mover(tables: &Tablebase, game: &Game, mv: bagh_core::Move) -> Value {
    match tables
        .probe(&game.position().play(mv).unwrap())
        .unwrap()
        .value
    {
        Value::Win => Value::Loss,
        Value::Loss => Value::Win,
        Value::Draw => Value::Draw,
    }
}

#[test]
fn every_puzzle_has_exactly_one_move_that_keeps_the_value() {
    let dir = tempfile::tempdir().unwrap();
    let tables = tables(dir.path());
    let options = PuzzleOptions {
        count: 6,
        max_depth: 6,
        ..PuzzleOptions::default()
    };
    let mut heard = Vec::new();
    let puzzles = generate(&tables, &options, |n| heard.push(n)).unwrap();
    assert_eq!(
        puzzles.len(),
        6,
        "six puzzles in the default number of games"
    );
    assert_eq!(heard, (1..=6).collect::<Vec<_>>());
    for puzzle in &puzzles {
        let game = puzzle.game().unwrap();
        let position = *game.position();
        let value = tables.probe(&position).unwrap().value;
        let expected = match puzzle.keeps {
            Keeps::Win => Value::Win,
            Keeps::Draw => Value::Draw,
        };
        assert_eq!(value, expected, "{}", puzzle.position);
        let keeping: Vec<_> = game
            .legal_moves()
            .into_iter()
            .filter(|&mv| value_for_mover(&tables, &game, mv) == value)
            .collect();
        assert_eq!(keeping, vec![puzzle.solution], "{}", puzzle.position);
        for refutation in &puzzle.refutations {
            assert_ne!(refutation.mv, puzzle.solution);
            let given = value_for_mover(&tables, &game, refutation.mv);
            let outcome = match given {
                Value::Draw => Outcome::Draw,
                Value::Loss => Outcome::Loss,
                Value::Win => panic!("a refuted move wins"),
            };
            assert_eq!(refutation.outcome, outcome);
            // The line is perfect play: every move keeps its player's value.
            let mut line = game.clone();
            line.push(refutation.mv).unwrap();
            for &mv in &refutation.line {
                assert!(
                    PerfectPlayer::perfect_moves(&tables, &line)
                        .unwrap()
                        .contains(&mv),
                    "{mv} in the refutation of {}",
                    refutation.mv
                );
                line.push(mv).unwrap();
            }
            assert!(refutation.line.len() == 8 || line.is_game_over());
        }
        let in_hand = position.goats_in_hand() > 0;
        assert_eq!(puzzle.tags.contains(&PuzzleTag::Placement), in_hand);
        assert_eq!(puzzle.tags.contains(&PuzzleTag::Movement), !in_hand);
        // The depth recorded is one at which the engine chooses the solution.
        if let Some(depth) = puzzle.depth {
            let mut engine = Engine::new(EngineOptions::default()).unwrap();
            let chosen = engine.best_move(&game, &Limits::depth(depth)).unwrap();
            assert_eq!(
                chosen, puzzle.solution,
                "depth {depth} of {}",
                puzzle.position
            );
        }
        assert_eq!(puzzle.difficulty, Puzzle::difficulty_of(puzzle.depth));
    }
    // Seeded: the same options give the same puzzles; another seed others.
    assert_eq!(generate(&tables, &options, |_| {}).unwrap(), puzzles);
    let other = PuzzleOptions {
        seed: 2,
        ..options.clone()
    };
    assert_ne!(generate(&tables, &other, |_| {}).unwrap(), puzzles);
}

#[test]
fn puzzles_read_back_and_a_tampered_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let tables = tables(dir.path());
    let options = PuzzleOptions {
        count: 2,
        max_depth: 4,
        ..PuzzleOptions::default()
    };
    let puzzles = generate(&tables, &options, |_| {}).unwrap();
    let text = serde_json::to_string(&puzzles).unwrap();
    let read: Vec<Puzzle> = serde_json::from_str(&text).unwrap();
    assert_eq!(read, puzzles);
    assert!(text.contains("\"solution\"") && text.contains("\"keeps\""));

    let mut wrong = puzzles[0].clone();
    wrong.position = "nonsense".into();
    assert!(wrong.game().unwrap_err().to_string().contains("nonsense"));
    let mut illegal = puzzles[0].clone();
    illegal.solution = *game_tigers_move(&illegal);
    assert!(illegal.game().is_err());
    let unknown = text.replacen("\"keeps\"", "\"kept\"", 1);
    assert!(serde_json::from_str::<Vec<Puzzle>>(&unknown).is_err());
    assert!(generate(
        &tables,
        &PuzzleOptions {
            max_depth: 0,
            ..options
        },
        |_| {}
    )
    .is_err());
}

/// A move that is not legal in the puzzle: one of the side not to move.
fn game_tigers_move(puzzle: &Puzzle) -> &bagh_core::Move {
    puzzle
        .moves
        .iter()
        .rev()
        .find(|mv| !puzzle.game().unwrap().is_legal(**mv))
        .unwrap_or(&puzzle.moves[0])
}
