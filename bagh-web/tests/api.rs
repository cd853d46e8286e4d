//! The JSON API driven in-process: play, undo, redo, bad input, the tables'
//! truth checked against probes, the engine, puzzles, and concurrent games
//! (the analysis's stream: `api_analysis.rs`).

mod support;

use axum::http::StatusCode;
use axum::Router;
use bagh_core::{Game, Move};
use bagh_engine::puzzles::{generate, PuzzleOptions};
use bagh_tablebase::Value;
use bagh_web::{router, ServeOptions};
use serde_json::{json, Value as Json};

use support::{call, SMALL};

fn plain() -> Router {
    router(ServeOptions::default())
}

#[tokio::test]
async fn a_game_is_played_taken_back_and_walked_through() {
    let app = plain();
    let (status, game) = call(&app, "POST", "/api/games", Some(json!({}))).await;
    assert_eq!(status, StatusCode::OK);
    let id = game["id"].as_u64().unwrap();
    assert_eq!(game["rules"], "bagh-chal");
    assert_eq!(game["side"], "goat");
    assert_eq!(game["in_hand"], 20);
    // The start's 21 empty points are the legal placements (docs/rules.md).
    assert_eq!(game["legal"].as_array().unwrap().len(), 21);
    let (status, after) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"move": "C3"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["pieces"]["c3"], "goat");
    assert_eq!(after["side"], "tiger");
    // An illegal move: 400 with the reason, and nothing changes.
    let (status, error) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"move": "b2"})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error["error"].as_str().unwrap().contains("b2"), "{error}");
    let (_, same) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(same["moves"], json!(["c3"]));
    let (_, after) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"move": "a1a2"})),
    )
    .await;
    assert_eq!(after["moves"], json!(["c3", "a1a2"]));
    let (_, back) = call(&app, "POST", &format!("/api/games/{id}/undo"), None).await;
    assert_eq!(
        (back["moves"].clone(), back["redo"].clone()),
        (json!(["c3"]), json!(1))
    );
    let (_, start) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/goto"),
        Some(json!({"ply": 0})),
    )
    .await;
    assert_eq!(
        (start["moves"].clone(), start["redo"].clone()),
        (json!([]), json!(2))
    );
    let (_, end) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/goto"),
        Some(json!({"ply": 2})),
    )
    .await;
    assert_eq!(end["moves"], json!(["c3", "a1a2"]));
    let (status, _) = call(&app, "POST", &format!("/api/games/{id}/redo"), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/goto"),
        Some(json!({"ply": 3})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // The record reads back into the same game.
    let (_, saved) = call(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    let game: Game = saved["record"]
        .as_str()
        .unwrap()
        .parse::<bagh_core::Record>()
        .unwrap()
        .into_game();
    assert_eq!(
        game.moves(),
        ["c3".parse::<Move>().unwrap(), "a1a2".parse().unwrap()]
    );
    let (_, loaded) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/load"),
        Some(json!({"record": saved["record"]})),
    )
    .await;
    assert_eq!(loaded["moves"], json!(["c3", "a1a2"]));
    let (status, _) = call(&app, "DELETE", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn bad_requests_get_a_json_error() {
    let app = plain();
    let (_, game) = call(&app, "POST", "/api/games", Some(json!({}))).await;
    let id = game["id"].as_u64().unwrap();
    let cases: Vec<(&str, String, Option<Json>, StatusCode)> = vec![
        (
            "POST",
            "/api/games".into(),
            Some(json!({"rules": "no such rules"})),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({"rule": "bagh-chal"})),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            "POST",
            "/api/games".into(),
            Some(json!({"position": "nonsense"})),
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            "/api/games/999999".into(),
            None,
            StatusCode::NOT_FOUND,
        ),
        (
            "GET",
            "/api/games/abc".into(),
            None,
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            format!("/api/games/{id}/moves"),
            Some(json!({"move": "z9"})),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            format!("/api/games/{id}/moves"),
            None,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            "POST",
            format!("/api/games/{id}/undo"),
            None,
            StatusCode::CONFLICT,
        ),
        (
            "POST",
            format!("/api/games/{id}/engine"),
            Some(json!({"level": 21})),
            StatusCode::BAD_REQUEST,
        ),
        (
            "POST",
            format!("/api/games/{id}/engine"),
            Some(json!({"time_ms": 999999})),
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            format!("/api/games/{id}/analysis?multipv=99"),
            None,
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            format!("/api/games/{id}/analysis?time_ms=0"),
            None,
            StatusCode::BAD_REQUEST,
        ),
        ("GET", "/api/puzzles/0".into(), None, StatusCode::NOT_FOUND),
        ("GET", "/no/such/page".into(), None, StatusCode::NOT_FOUND),
    ];
    for (method, uri, body, expected) in cases {
        let (status, error) = call(&app, method, &uri, body).await;
        assert_eq!(status, expected, "{method} {uri}: {error}");
        assert!(
            error["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{method} {uri}: {error}"
        );
    }
    // A body above the limit is refused before it is read whole.
    let huge = json!({"record": "x".repeat(bagh_web::MAX_BODY_BYTES + 1)});
    let (status, _) = call(&app, "POST", "/api/games", Some(huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn concurrent_pages_each_get_their_own_game() {
    let app = plain();
    let mut tasks = Vec::new();
    for i in 0..8 {
        let app = app.clone();
        tasks.push(tokio::spawn(async move {
            let (_, game) = call(&app, "POST", "/api/games", Some(json!({}))).await;
            let id = game["id"].as_u64().unwrap();
            let point = ["a2", "a3", "a4", "b1", "b2", "b3", "b4", "b5"][i];
            let (status, after) = call(
                &app,
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(json!({"move": point})),
            )
            .await;
            assert_eq!(status, StatusCode::OK);
            (id, point, after)
        }));
    }
    let mut ids = std::collections::HashSet::new();
    for task in tasks {
        let (id, point, after) = task.await.unwrap();
        assert!(ids.insert(id));
        let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
        assert_eq!(game["moves"], json!([point]), "{after}");
    }
}

#[tokio::test]
async fn the_truth_of_every_move_is_the_tables_and_puzzles_are_checked() {
    let (_dir, tables) = support::tables(SMALL);
    let rules = *tables.rules();
    let options = PuzzleOptions {
        count: 2,
        max_depth: 4,
        ..PuzzleOptions::default()
    };
    let puzzles = generate(&tables, &options, |_| {}).unwrap();
    let app = router(ServeOptions {
        tables: Some(tables.clone()),
        puzzles: puzzles.clone(),
        ..ServeOptions::default()
    });
    let (_, game) = call(&app, "POST", "/api/games", Some(json!({}))).await;
    assert_eq!(game["rules"], rules.to_string());
    let id = game["id"].as_u64().unwrap();
    for mv in ["b2", "a1a2", "d4"] {
        call(
            &app,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(json!({"move": mv})),
        )
        .await;
    }
    let (status, truth) = call(&app, "GET", &format!("/api/games/{id}/truth"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(truth["available"], true);
    let mut game = Game::new(rules);
    for mv in ["b2", "a1a2", "d4"] {
        game.push(mv.parse().unwrap()).unwrap();
    }
    let name = |v: Value| match v {
        Value::Win => "win",
        Value::Draw => "draw",
        Value::Loss => "loss",
    };
    assert_eq!(
        truth["position"]["value"],
        name(tables.probe(game.position()).unwrap().value)
    );
    let moves = truth["moves"].as_array().unwrap();
    assert_eq!(moves.len(), game.legal_moves().len());
    for entry in moves {
        let mv: Move = entry["move"].as_str().unwrap().parse().unwrap();
        let after = tables
            .probe(&game.position().play(mv).unwrap())
            .unwrap()
            .value;
        let mover = match after {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        };
        assert_eq!(entry["value"], name(mover), "{mv}");
    }
    // Puzzles are posed without their answer, and answers are checked.
    let (_, list) = call(&app, "GET", "/api/puzzles", None).await;
    assert_eq!(list.as_array().unwrap().len(), 2);
    assert!(list[0].get("solution").is_none());
    let solution = puzzles[0].solution.to_string();
    let (_, verdict) = call(
        &app,
        "POST",
        "/api/puzzles/0/answer",
        Some(json!({"move": solution})),
    )
    .await;
    assert_eq!(verdict["correct"], true);
    let puzzle_game = puzzles[0].game().unwrap();
    let wrong = puzzle_game
        .legal_moves()
        .into_iter()
        .find(|m| *m != puzzles[0].solution)
        .unwrap();
    let (_, verdict) = call(
        &app,
        "POST",
        "/api/puzzles/0/answer",
        Some(json!({"move": wrong.to_string()})),
    )
    .await;
    assert_eq!(verdict["correct"], false);
    assert_eq!(verdict["solution"], solution);
    assert!(
        !verdict["refutation"].as_array().unwrap().is_empty()
            || puzzle_game.position().play(wrong).unwrap().is_game_over()
    );
    // The engine at full strength plays a move that keeps the value.
    let value_before = tables.probe(game.position()).unwrap().value;
    let (status, after) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/engine"),
        Some(json!({"time_ms": 200})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    let played: Move = after["moves"].as_array().unwrap()[3]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let after_value = tables
        .probe(&game.position().play(played).unwrap())
        .unwrap()
        .value;
    let kept = match value_before {
        Value::Win => after_value == Value::Loss,
        Value::Draw => after_value != Value::Win,
        Value::Loss => true,
    };
    assert!(kept, "{played}");
}
