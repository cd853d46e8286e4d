//! What the board marks and the analysis shows, through the JSON API: the
//! `threats` of a game's view, the analysis's `expected` beside its score,
//! and the tables' value as a score. The expected answers are worked out by
//! hand from docs/rules.md for each position, not asked of the engine.

mod support;

use axum::http::StatusCode;
use axum::Router;
use bagh_web::{router, ServeOptions};
use serde_json::{json, Value as Json};

use support::{call, get_text};

/// A new game of bagh-chal from `position`, and its id.
async fn game_at(app: &Router, position: &str) -> (u64, Json) {
    let body = json!({"rules": "bagh-chal", "position": position});
    let (status, view) = call(app, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    (view["id"].as_u64().unwrap(), view)
}

async fn play(app: &Router, id: u64, mv: &str) -> Json {
    let uri = format!("/api/games/{id}/moves");
    let (status, view) = call(app, "POST", &uri, Some(json!({"move": mv}))).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    view
}

#[tokio::test]
async fn the_view_names_the_goats_a_tiger_could_jump() {
    let app = router(ServeOptions::default());
    // Goats to move: the tiger on a1 could jump b1 to the empty c1.
    let (id, view) = game_at(&app, "T3T/5/5/5/TG2T g 19 0").await;
    assert_eq!(view["threats"], json!(["b1"]));
    // A goat on c1 fills the point behind b1: no goat can be jumped (c1
    // itself lies on the edge, with nothing beyond it from b2 or d2).
    let view = play(&app, id, "c1").await;
    assert_eq!(view["side"], "tiger");
    assert_eq!(view["threats"], json!([]));

    // Tigers to move, the same goat: the capture is theirs to play, and
    // the goat is gone after it.
    let (id, view) = game_at(&app, "T3T/5/5/5/TG2T t 19 0").await;
    assert_eq!(view["threats"], json!(["b1"]));
    assert_eq!(view["taken"], Json::Null);
    let view = play(&app, id, "a1xc1").await;
    assert!(view["pieces"].get("b1").is_none(), "{view}");
    assert_eq!(view["taken"], "b1");
    assert_eq!(view["captured"], 1);
    assert_eq!(view["threats"], json!([]));

    // Four captured, b1 and b2 both en prise from a1: the fifth capture
    // ends the game, and a finished game marks nothing, though the tiger
    // now on c1 stands next to b2 with a3 empty behind it.
    let (id, view) = game_at(&app, "T3T/5/5/1G3/TG2T t 14 4").await;
    assert_eq!(view["threats"], json!(["b1", "b2"]));
    let view = play(&app, id, "a1xc1").await;
    assert_eq!(view["outcome"]["winner"], "tiger");
    assert_eq!(view["threats"], json!([]));
}

/// The `data:` of the first event `name` of a server-sent stream.
fn event(text: &str, name: &str) -> Json {
    let data = text
        .split(&format!("event: {name}\ndata: "))
        .nth(1)
        .unwrap_or_else(|| panic!("no {name} event in {text}"));
    serde_json::from_str(data.lines().next().unwrap()).unwrap()
}

#[tokio::test]
async fn the_analysis_gives_its_score_and_the_goats_expected_result() {
    let app = router(ServeOptions::default());
    // Tigers to move with four goats captured and b1 en prise: a1xc1 is
    // the fifth capture, a win in one ply for the tigers.
    let (id, _) = game_at(&app, "T3T/5/5/5/TG2T t 15 4").await;
    let uri = format!("/api/games/{id}/analysis?multipv=1&time_ms=300");
    let (_, _, text) = get_text(&app, &uri).await;
    let line = event(&text, "line");
    assert_eq!(line["score"], "tigers win in 1 ply");
    assert_eq!(line["expected"], -1.0);
    let done = event(&text, "done");
    assert_eq!(done["best"], "a1xc1");
    assert_eq!(done["score"], "tigers win in 1 ply");
    assert_eq!(done["expected"], -1.0);
    assert_eq!(done["pv"][0], "a1xc1");
}

#[tokio::test]
async fn the_tables_value_is_given_as_a_score() {
    // One tiger and two goats, the first capture wins: tables small
    // enough to build here.
    let rules = "tigers=a1 goats=2 capture_target=1 repetition=allowed";
    let (_dir, tables) = support::tables(rules);
    let app = router(ServeOptions {
        tables: Some(tables),
        ..ServeOptions::default()
    });
    // Both goats placed (the movement tables know distances), and the
    // tiger on a1 jumps b1 to c1 at once: the tigers win in 1 ply.
    let body = json!({"rules": rules, "position": "5/5/5/G4/TG3 t 0 0"});
    let (_, view) = call(&app, "POST", "/api/games", Some(body)).await;
    let id = view["id"].as_u64().unwrap();
    let (_, truth) = call(&app, "GET", &format!("/api/games/{id}/truth"), None).await;
    assert_eq!(truth["available"], true, "{truth}");
    assert_eq!(truth["score"], "tigers win in 1 ply");
    assert_eq!(truth["expected"], -1.0);
}
