//! Records through the API: a record loaded with tags and comments is given
//! back with them, reads back as it was, and loses only the comments of
//! moves that another move replaced.

mod support;

use axum::http::StatusCode;
use axum::Router;
use bagh_core::Record;
use bagh_web::{router, ServeOptions};
use serde_json::json;

use support::call;

const RECORD: &str = "[Rules \"bagh-chal\"]\n[Result \"*\"]\n[Event \"Club night\"]\n\
                      [Site \"Kathmandu\"]\n\n{A quiet start} 1. c3 {the centre} a1b2 \
                      2. d3 {out of reach} *\n";

async fn saved(app: &Router, id: u64) -> Record {
    let (status, saved) = call(app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    saved["record"].as_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn a_record_comes_back_with_its_tags_and_comments() {
    let app = router(ServeOptions::default());
    let (status, game) = call(&app, "POST", "/api/games", Some(json!({"record": RECORD}))).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    let id = game["id"].as_u64().unwrap();
    let original: Record = RECORD.parse().unwrap();
    let exported = saved(&app, id).await;
    assert_eq!(exported, original);
    // The exported text loads again, as the same record.
    let text = exported.to_string();
    let (status, loaded) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/load"),
        Some(json!({ "record": text })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{loaded}");
    assert_eq!(saved(&app, id).await, original);

    // Two moves taken back and the same move again: the comments stay.
    for _ in 0..2 {
        call(&app, "POST", &format!("/api/games/{id}/undo"), None).await;
    }
    assert_eq!(saved(&app, id).await.comment(1), Some("the centre"));
    let (_, after) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"move": "a1b2"})),
    )
    .await;
    assert_eq!(after["redo"], 1);
    call(&app, "POST", &format!("/api/games/{id}/redo"), None).await;
    assert_eq!(saved(&app, id).await, original);

    // Another third move: its predecessor's comment goes, the rest stay.
    call(&app, "POST", &format!("/api/games/{id}/undo"), None).await;
    call(
        &app,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(json!({"move": "b3"})),
    )
    .await;
    let replaced = saved(&app, id).await;
    assert_eq!(
        replaced.comments().collect::<Vec<_>>(),
        [(0, "A quiet start"), (1, "the centre")]
    );
    assert_eq!(replaced.tag("Site"), Some("Kathmandu"));

    // A position or a rule set loaded: a new game, with no tags.
    call(
        &app,
        "POST",
        &format!("/api/games/{id}/load"),
        Some(json!({"rules": "bagh-chal"})),
    )
    .await;
    assert!(saved(&app, id).await.tags().is_empty());
}
