//! The moves a game's view lists as banned by the repetition policy, with
//! bagh-core's reason. The expected moves are worked out by hand from
//! docs/rules.md ("forbidden": a move that would recreate a position that
//! already occurred in this game is illegal).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use bagh_web::{router, ServeOptions};
use http_body_util::BodyExt;
use serde_json::{json, Value as Json};
use tower::ServiceExt;

async fn post(app: &Router, uri: &str, body: Json) -> Json {
    let request = Request::builder()
        .method("POST")
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let view: Json = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(status, StatusCode::OK, "{view}");
    view
}

#[tokio::test]
async fn a_move_that_would_repeat_a_position_is_listed_with_its_reason() {
    let app = router(ServeOptions::default());
    // One tiger on a1 and one goat on c3, the tigers to move.
    let rules = "tigers=a1 goats=1 capture_target=1 repetition=forbidden";
    let view = post(
        &app,
        "/api/games",
        json!({"rules": rules, "position": "5/5/2G2/5/T4 t 0 0"}),
    )
    .await;
    assert_eq!(view["banned"], json!([]));
    let id = view["id"].as_u64().unwrap();
    let mut view = view;
    for mv in ["a1b1", "c3c4", "b1a1"] {
        view = post(&app, &format!("/api/games/{id}/moves"), json!({"move": mv})).await;
    }
    // c4c3 would make the start again: banned, and not among the legal moves.
    let banned = view["banned"].as_array().unwrap();
    assert_eq!(banned.len(), 1, "{view}");
    assert_eq!(banned[0]["move"], "c4c3");
    let reason = banned[0]["reason"].as_str().unwrap();
    assert!(
        reason.contains("repeats") && reason.contains("ply 0"),
        "{reason}"
    );
    assert!(!view["legal"].as_array().unwrap().contains(&json!("c4c3")));
    // The goat's other steps stay legal: c4 lies on no diagonal of the
    // board, so its neighbours are b4, d4, c5 and c3, and c3 is banned.
    let mut legal: Vec<&str> = view["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    legal.sort_unstable();
    assert_eq!(legal, ["c4b4", "c4c5", "c4d4"]);
}
