//! The trainer's API: each puzzle's record leads to its position, a hint
//! names where the solution starts and nothing more, a server without
//! tables still says what a wrong move gives where the puzzle tells, and a
//! server without puzzles answers an empty list.

mod support;

use std::sync::Arc;

use axum::http::StatusCode;
use axum::Router;
use bagh_engine::puzzles::{generate, Keeps, Puzzle, PuzzleOptions};
use bagh_tablebase::{Tablebase, Value};
use bagh_web::{router, ServeOptions};
use serde_json::json;

use support::{call, SMALL};

/// A server over a small rule set's tables with four of its puzzles.
fn with_puzzles() -> (Router, Vec<Puzzle>, Arc<Tablebase>, tempfile::TempDir) {
    let (dir, tables) = support::tables(SMALL);
    let options = PuzzleOptions {
        count: 4,
        max_depth: 4,
        ..PuzzleOptions::default()
    };
    let puzzles = generate(&tables, &options, |_| {}).unwrap();
    assert!(!puzzles.is_empty());
    let app = router(ServeOptions {
        tables: Some(tables.clone()),
        puzzles: puzzles.clone(),
        ..ServeOptions::default()
    });
    (app, puzzles, tables, dir)
}

#[tokio::test]
async fn a_puzzle_comes_with_its_record_and_a_hint_of_where_its_solution_starts() {
    let (app, puzzles, tables, _dir) = with_puzzles();
    let (status, list) = call(&app, "GET", "/api/puzzles", None).await;
    assert_eq!(status, StatusCode::OK);
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), puzzles.len());
    for (question, puzzle) in list.iter().zip(&puzzles) {
        // The record is a game the page loads: the moves of the puzzle file
        // played from the start, ending on the file's position.
        let record = question["record"].as_str().unwrap();
        let (status, game) = call(
            &app,
            "POST",
            "/api/games",
            Some(json!({ "record": record })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let moves: Vec<String> = puzzle.moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(game["moves"], json!(moves));
        assert_eq!(game["position"], puzzle.position.as_str());
        assert!(question.get("solution").is_none());
    }
    let (_, one) = call(&app, "GET", "/api/puzzles/0", None).await;
    assert_eq!(one, list[0]);
    // A hint names the point of the solution's piece, and nothing more.
    for (index, puzzle) in puzzles.iter().enumerate() {
        let (status, hint) = call(&app, "GET", &format!("/api/puzzles/{index}/hint"), None).await;
        assert_eq!(status, StatusCode::OK, "{hint}");
        // In the notation (docs/notation.md) a placement is its point
        // (`c3`); a step or a capture starts with the point it leaves
        // (`a1a2`, `a1xa3`).
        let text = puzzle.solution.to_string();
        assert_eq!(hint["point"], &text[..2], "puzzle {index}: {text}");
        assert_eq!(hint["placement"], text.len() == 2, "puzzle {index}: {text}");
        assert_eq!(hint.as_object().unwrap().len(), 2, "{hint}");
    }
    let past = puzzles.len();
    let (status, error) = call(&app, "GET", &format!("/api/puzzles/{past}/hint"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains(&format!("there are {past}")),
        "{error}"
    );
    let (status, _) = call(&app, "GET", "/api/puzzles/first/hint", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Without tables, a wrong move the puzzle does not refute has no line;
    // in a held draw it loses (docs/web.md: exactly one move keeps the
    // value), which the tables confirm; a win let go is not said.
    let bare = router(ServeOptions {
        puzzles: puzzles.clone(),
        ..ServeOptions::default()
    });
    let mut draws = 0;
    for (index, puzzle) in puzzles.iter().enumerate() {
        let game = puzzle.game().unwrap();
        let refuted: Vec<_> = puzzle.refutations.iter().map(|r| r.mv).collect();
        let Some(wrong) = game
            .legal_moves()
            .into_iter()
            .find(|m| *m != puzzle.solution && !refuted.contains(m))
        else {
            continue;
        };
        let (status, verdict) = call(
            &bare,
            "POST",
            &format!("/api/puzzles/{index}/answer"),
            Some(json!({ "move": wrong.to_string() })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{verdict}");
        assert_eq!(verdict["correct"], false);
        assert_eq!(verdict["refutation"], json!([]));
        if puzzle.keeps == Keeps::Draw {
            draws += 1;
            assert_eq!(verdict["outcome"], "loss", "puzzle {index}: {wrong}");
            let after = game.position().play(wrong).unwrap();
            assert_eq!(tables.probe(&after).unwrap().value, Value::Win);
        } else {
            assert_eq!(verdict["outcome"], json!(null), "puzzle {index}: {wrong}");
        }
    }
    assert!(
        draws > 0,
        "a held draw among the puzzles, with a move it does not refute"
    );
}

#[tokio::test]
async fn a_server_without_puzzles_answers_an_empty_list() {
    let app = router(ServeOptions::default());
    let (status, info) = call(&app, "GET", "/api/info", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(info["puzzles"], 0);
    let (status, list) = call(&app, "GET", "/api/puzzles", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list, json!([]));
    let (status, _) = call(&app, "GET", "/api/puzzles/0/hint", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
