//! The analysis through the JSON API: a stream of lines that ends with the
//! best move, and a search that stops when its stream is closed.

mod support;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use bagh_core::{Game, Move};
use bagh_web::{router, ServeOptions};
use http_body_util::BodyExt;
use serde_json::{json, Value as Json};
use tower::ServiceExt;

use support::{call, get_text, SMALL};

fn plain() -> Router {
    router(ServeOptions::default())
}

#[tokio::test]
async fn analysis_streams_lines_and_ends() {
    let app = plain();
    let (_, game) = call(&app, "POST", "/api/games", Some(json!({"rules": SMALL}))).await;
    let id = game["id"].as_u64().unwrap();
    let uri = format!("/api/games/{id}/analysis?multipv=2&time_ms=300");
    let (status, content_type, text) = get_text(&app, &uri).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "text/event-stream");
    assert!(text.contains("event: line"), "{text}");
    assert!(text.contains("\"multipv\":2"), "{text}");
    let done = text
        .split("event: done\ndata: ")
        .nth(1)
        .expect("a done event");
    let done: Json = serde_json::from_str(done.lines().next().unwrap()).unwrap();
    let best: Move = done["best"].as_str().unwrap().parse().unwrap();
    assert!(Game::new(SMALL.parse().unwrap()).is_legal(best));
    let (_, stopped) = call(&app, "POST", &format!("/api/games/{id}/stop"), None).await;
    assert!(stopped["stopped"].is_u64());
}

#[tokio::test]
async fn closing_the_analysis_stream_stops_its_search() {
    let app = plain();
    let (_, game) = call(&app, "POST", "/api/games", Some(json!({}))).await;
    let id = game["id"].as_u64().unwrap();
    let request = Request::builder()
        .uri(format!("/api/games/{id}/analysis?time_ms=60000"))
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let mut body = response.into_body();
    // The first line arrives; then the page goes away.
    let first = body.frame().await.unwrap().unwrap();
    assert!(String::from_utf8_lossy(first.data_ref().unwrap()).contains("event: line"));
    let (_, info) = call(&app, "GET", "/api/info", None).await;
    assert_eq!(info["searches"], 1);
    drop(body);
    // The search ends at its next line, long before its minute.
    let started = std::time::Instant::now();
    loop {
        let (_, info) = call(&app, "GET", "/api/info", None).await;
        if info["searches"] == 0 {
            break;
        }
        assert!(
            started.elapsed().as_secs() < 20,
            "the search went on: {info}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // A stop request ends an analysis just as well.
    let request = Request::builder()
        .uri(format!("/api/games/{id}/analysis?time_ms=60000"))
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let (_, stopped) = call(&app, "POST", &format!("/api/games/{id}/stop"), None).await;
    assert_eq!(stopped["stopped"], 1);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    assert!(String::from_utf8_lossy(&bytes).contains("event: done"));
}
