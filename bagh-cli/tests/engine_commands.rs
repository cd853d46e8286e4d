//! `bagh analyse` and `bagh play`, run as the binary with small limits.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use bagh_core::{Game, Move, Position, Ruleset};
use serde_json::Value as Json;

/// One tiger in the centre, four goats, the tigers win with one capture.
const TINY: &str = "tigers=c3 goats=4 capture_target=1";

fn bagh(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bagh"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bagh binary runs");
    // A command that refuses its arguments exits before reading its input:
    // the pipe is then closed, which is that run's outcome, not the test's
    // failure. Its exit code and output are what the tests judge.
    match child.stdin.take().unwrap().write_all(input.as_bytes()) {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Asserts a successful run and gives its stdout.
fn ok(args: &[&str], input: &str) -> String {
    let output = bagh(args, input);
    assert!(
        output.status.success(),
        "bagh {args:?} failed: {}",
        text(&output.stderr)
    );
    text(&output.stdout)
}

#[test]
fn analyse_prints_each_depth_and_the_best_move() {
    let out = ok(&["analyse", "--moves", "c3", "a1b1", "--depth", "3"], "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    for (i, line) in lines[..3].iter().enumerate() {
        assert!(
            line.starts_with(&format!("depth {} seldepth ", i + 1)),
            "{line}"
        );
        assert!(line.contains(" pv "), "{line}");
        // The score from the goats' side: an expected result in [-1, 1]
        // with two decimals, signed unless 0.00.
        let score = line
            .split(" score ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        let value: f64 = score.parse().unwrap();
        assert!((-1.0..=1.0).contains(&value), "{line}");
        assert_eq!(score.split('.').nth(1).map(str::len), Some(2), "{line}");
        assert!(score == "0.00" || score.starts_with(['+', '-']), "{line}");
    }
    let mut game = Game::default();
    game.push("c3".parse().unwrap()).unwrap();
    game.push("a1b1".parse().unwrap()).unwrap();
    let best: Move = lines[3].strip_prefix("bestmove ").unwrap().parse().unwrap();
    assert!(game.is_legal(best));
}

#[test]
fn analyse_json_gives_the_lines() {
    let out = ok(
        &[
            "analyse",
            "two-tigers",
            "--nodes",
            "5000",
            "--multipv",
            "2",
            "--json",
        ],
        "",
    );
    let json: Json = serde_json::from_str(out.trim()).unwrap();
    let position = Position::new(Ruleset::preset("two-tigers").unwrap());
    assert_eq!(json["position"], position.to_string());
    let best: Move = json["best_move"].as_str().unwrap().parse().unwrap();
    assert!(position.is_legal(best));
    assert_eq!(json["lines"].as_array().unwrap().len(), 2);
    // `score` keeps the line protocol's form, `text` is the display.
    assert!(json["score"].as_str().unwrap().starts_with("cp "));
    let text = json["text"].as_str().unwrap();
    assert!(
        text.parse::<f64>().is_ok_and(|v| (-1.0..=1.0).contains(&v)),
        "{text}"
    );
    assert!(json["lines"][1]["text"].is_string());
}

#[test]
fn analyse_finds_a_win_and_refuses_a_finished_game() {
    let position = "5/5/1GTG1/2G2/2G2 t 0 0";
    let out = ok(
        &["analyse", TINY, "--position", position, "--depth", "2"],
        "",
    );
    // The tigers to move capture and reach the target: the display names
    // the winner, whoever is to move.
    assert!(out.contains("score tigers win in 1 ply "), "{out}");
    assert!(
        out.ends_with("bestmove c3xa3\n") || out.ends_with("bestmove c3xe3\n"),
        "{out}"
    );

    let over = bagh(
        &["analyse", TINY, "--position", position, "--moves", "c3xa3"],
        "",
    );
    assert_eq!(over.status.code(), Some(1));
    assert!(
        text(&over.stderr).contains("the game is over"),
        "{}",
        text(&over.stderr)
    );
}

#[test]
fn analyse_rejects_bad_usage() {
    for args in [
        &["analyse", "--moves", "c3", "c3"][..],
        &["analyse", "--moves", "zz"],
        &["analyse", "--position", "T3T/5 g"],
        &["analyse", "--depth", "3", "--time", "1"],
        &["analyse", "--depth", "0"],
        &["analyse", "not-a-rule-set"],
    ] {
        assert_eq!(bagh(args, "").status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn play_answers_moves_hints_undo_and_quit() {
    let input = "C3\nHint\nzz\na1a2\nmoves\nhelp\nundo\nundo\nquit\n";
    let out = ok(
        &["play", "--level", "3", "--seed", "1", "--time", "0.1"],
        input,
    );
    assert!(
        out.contains("You play the goats against bagh at level 3"),
        "{out}"
    );
    assert!(out.contains("bagh plays "), "{out}");
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("invalid move \"zz\""), "{out}");
    assert!(out.contains("illegal move a1a2"), "{out}");
    assert!(out.contains("legal moves: "), "{out}");
    // The move and the command in capitals are read; help lists itself.
    assert!(out.contains("bagh plays "), "{out}");
    assert!(out.contains("  help   this list"), "{out}");
    assert!(out.contains("taken back"), "{out}");
    assert!(out.contains("nothing to take back"), "{out}");
    assert!(out.contains("The game is left unfinished."), "{out}");
    // Everything was taken back: the record has no moves.
    assert!(out.ends_with("[Result \"*\"]\n\n*\n"), "{out}");
    // The board is drawn at the start, after the move, after the answer
    // and after the undo.
    assert_eq!(out.matches("  a   b   c   d   e").count(), 4, "{out}");
    // The board is drawn with its lines and diagonals.
    assert!(
        out.contains("5 T---.---.---.---T\n  | \\ | / | \\ | / |"),
        "{out}"
    );
}

#[test]
fn play_to_the_end_prints_the_result_and_the_record() {
    // The goat on b3 is lost at once, and with it the game.
    let out = ok(&["play", TINY, "--level", "20", "--time", "0.2"], "b3\n");
    assert!(out.contains("bagh plays c3xa3"), "{out}");
    assert!(out.contains("The game is over: 0-1"), "{out}");
    assert!(out.contains("bagh wins"), "{out}");
    assert!(out.contains("1. b3 c3xa3 0-1"), "{out}");
}

#[test]
fn play_as_the_tigers_and_stop_at_the_end_of_input() {
    let out = ok(
        &[
            "play", TINY, "--side", "tiger", "--level", "1", "--seed", "3", "--time", "0.1",
        ],
        "undo\n",
    );
    assert!(out.contains("You play the tigers"), "{out}");
    assert!(out.contains("nothing to take back"), "{out}");
    assert!(out.contains("The game is left unfinished."), "{out}");
}

#[test]
fn match_plays_pairs_and_writes_the_records() {
    let dir = tempfile::tempdir().unwrap();
    let records = dir.path().join("games.txt");
    let out = ok(
        &[
            "match",
            TINY,
            "--level-a",
            "4",
            "--level-b",
            "1",
            "--games",
            "2",
            "--depth",
            "2",
            "--seed",
            "5",
            "--opening-plies",
            "2",
            "--out",
            records.to_str().unwrap(),
        ],
        "",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(
        lines[1].starts_with("game 1: A (level 4) goats, B (level 1) tigers"),
        "{out}"
    );
    assert!(
        lines[2].starts_with("game 2: B (level 1) goats, A (level 4) tigers"),
        "{out}"
    );
    assert!(lines[3].starts_with("2 games, for A: "), "{out}");
    assert!(lines[4].starts_with("Elo difference A - B: "), "{out}");
    let text = std::fs::read_to_string(&records).unwrap();
    let games: Vec<bagh_core::Record> = bagh_core::RecordReader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(games.len(), 2);
    // Both games of a pair start with the same opening.
    assert_eq!(games[0].game().moves()[..2], games[1].game().moves()[..2]);
    // The same seed plays the same match.
    let again = ok(
        &[
            "match",
            TINY,
            "--level-a",
            "4",
            "--level-b",
            "1",
            "--games",
            "2",
            "--depth",
            "2",
            "--seed",
            "5",
            "--opening-plies",
            "2",
        ],
        "",
    );
    assert_eq!(again, out);
}

#[test]
fn tables_of_another_rule_set_are_refused_before_the_first_move() {
    // Tables of TINY, then a game of bagh-chal with them: refused at the
    // start with both rule sets named, for each command that takes tables.
    let dir = tempfile::tempdir().unwrap();
    let dir_text = dir.path().to_str().unwrap();
    ok(&["build", TINY, "--dir", dir_text, "--quiet"], "");
    for args in [
        vec!["play", "bagh-chal", "--tables", dir_text, "--time", "0.1"],
        vec!["analyse", "bagh-chal", "--tables", dir_text, "--depth", "2"],
    ] {
        let output = bagh(&args, "c3\n");
        assert_eq!(output.status.code(), Some(2), "bagh {args:?}");
        let message = text(&output.stderr);
        assert!(
            message.contains("c3") && message.contains("tigers") && message.contains("rule set"),
            "bagh {args:?}: {message}"
        );
        assert!(
            text(&output.stdout).is_empty(),
            "bagh {args:?} played a move"
        );
    }
}

#[test]
fn analyse_json_answers_errors_in_json_and_negative_times_read_as_values() {
    let output = bagh(&["analyse", "--moves", "c3", "c3", "--json"], "");
    assert_eq!(output.status.code(), Some(2));
    let error: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(
        error["error"].as_str().unwrap().contains("illegal move c3"),
        "{error}"
    );
    assert_eq!(error["exit_code"], 2);
    // `--time -1` is a number out of range, not an unknown flag.
    for command in ["analyse", "play"] {
        let output = bagh(&[command, "--time", "-1"], "");
        assert_eq!(output.status.code(), Some(2));
        let message = text(&output.stderr);
        assert!(
            message.contains("a number of seconds above 0") && !message.contains("tip"),
            "{message}"
        );
    }
}
