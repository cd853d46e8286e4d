//! Who plays the engine's move: a level out of range or a level with
//! perfect play is refused with the field and its range, perfect play
//! needs tables of the game's rule set, and with them the move is one the
//! tables rate best (checked by probing every legal move).

mod support;

use axum::http::StatusCode;
use axum::Router;
use bagh_core::{random_game, Move, Position};
use bagh_tablebase::{Tablebase, Value};
use bagh_web::{router, ServeOptions};
use serde_json::{json, Value as Json};

use support::{call, SMALL};

/// A new game of `body`'s rules and position; its id.
async fn new_game(app: &Router, body: Json) -> u64 {
    let (status, game) = call(app, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    game["id"].as_u64().unwrap()
}

async fn engine(app: &Router, id: u64, body: Json) -> (StatusCode, Json) {
    call(app, "POST", &format!("/api/games/{id}/engine"), Some(body)).await
}

#[tokio::test]
async fn a_level_out_of_range_is_refused_with_its_range() {
    let app = router(ServeOptions::default());
    let id = new_game(&app, json!({})).await;
    for level in [json!(0), json!(21), json!(99), json!(300), json!(-1)] {
        let (status, body) = engine(&app, id, json!({"level": level, "time_ms": 50})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{level}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(
            error.starts_with(&format!("level: {level} ")) && error.contains("1..=20"),
            "{error}"
        );
    }
    let (status, body) = engine(&app, id, json!({"level": 3, "perfect": true})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"].as_str().unwrap().starts_with("perfect:"));
    // Nothing was played; a level in range plays.
    let (_, game) = call(&app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(game["moves"], json!([]));
    let (status, game) = engine(&app, id, json!({"level": 20, "time_ms": 50})).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    assert_eq!(game["moves"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn perfect_play_needs_tables_of_the_games_rules() {
    let app = router(ServeOptions::default());
    let id = new_game(&app, json!({})).await;
    let (status, body) = engine(&app, id, json!({"perfect": true})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("--tables"),
        "{body}"
    );

    let (_dir, tables) = support::tables(SMALL);
    let app = router(ServeOptions {
        tables: Some(tables),
        ..ServeOptions::default()
    });
    let other = new_game(&app, json!({"rules": "bagh-chal"})).await;
    let (status, body) = engine(&app, other, json!({"perfect": true})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("not of this game's rules"));
    // Full strength plays such a game without the tables.
    let (status, body) = engine(&app, other, json!({"time_ms": 50})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// The best value the mover can reach from `position`, and whether some
/// legal move reaches less, by probing the position after every move.
fn best_value(tables: &Tablebase, position: &Position) -> (Value, bool) {
    let values: Vec<Value> = position
        .legal_moves()
        .iter()
        .map(|&mv| {
            tables
                .probe(&position.play(mv).unwrap())
                .unwrap()
                .value
                .flip()
        })
        .collect();
    let best = *values.iter().max().unwrap();
    (best, values.iter().any(|&v| v < best))
}

#[tokio::test]
async fn perfect_play_plays_a_move_the_tables_rate_best() {
    let (_dir, tables) = support::tables(SMALL);
    let rules = *tables.rules();
    let app = router(ServeOptions {
        tables: Some(tables.clone()),
        ..ServeOptions::default()
    });
    let mut choices = 0;
    for seed in 0..48 {
        let game = random_game(Position::new(rules), seed, 2 + seed as u32 % 13);
        if game.is_game_over() {
            continue;
        }
        let position = *game.position();
        let id = new_game(
            &app,
            json!({"rules": rules.to_string(), "position": position.to_string()}),
        )
        .await;
        let (status, view) = engine(&app, id, json!({"perfect": true, "time_ms": 200})).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        let played: Move = view["moves"][0].as_str().unwrap().parse().unwrap();
        let value = tables
            .probe(&position.play(played).unwrap())
            .unwrap()
            .value
            .flip();
        let (best, some_worse) = best_value(&tables, &position);
        assert_eq!(value, best, "{position}: {played}");
        choices += usize::from(some_worse);
    }
    // Some of these positions had a move that gives the value away.
    assert!(choices >= 3, "{choices}");
}
