//! What the API's tests share: a call to the router in-process, and the
//! small rule set whose tables a test builds for itself.
#![allow(dead_code)]

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use bagh_core::Ruleset;
use bagh_tablebase::{BuildOptions, Tablebase};
use http_body_util::BodyExt;
use serde_json::Value as Json;
use tempfile::TempDir;
use tower::ServiceExt;

/// A rule set small enough to solve in a test: two tigers, five goats.
pub const SMALL: &str = "tigers=a1,e5 goats=5 capture_target=2 repetition=allowed";

/// The status and the JSON body (`null` if there is none) of a request
/// with `body` as its JSON.
pub async fn call(app: &Router, method: &str, uri: &str, body: Option<Json>) -> (StatusCode, Json) {
    let request = Request::builder().method(method).uri(uri);
    let request = match body {
        Some(body) => request
            .header("content-type", "application/json")
            .body(Body::from(body.to_string())),
        None => request.body(Body::empty()),
    }
    .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Json::Null))
}

/// The tables of `rules` (a rule set's text form), built in a directory
/// that lasts as long as the value returned with them.
pub fn tables(rules: &str) -> (TempDir, Arc<Tablebase>) {
    let rules: Ruleset = rules.parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tables = Tablebase::build(rules, dir.path(), &BuildOptions::default()).unwrap();
    (dir, Arc::new(tables))
}

/// The status, the content type and the body as text of a GET: an event
/// stream read to its end.
pub async fn get_text(app: &Router, uri: &str) -> (StatusCode, String, String) {
    let request = Request::builder().uri(uri).body(Body::empty()).unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}
