//! `bagh serve`: a local analysis board for Bagh-Chal and its relatives.
//!
//! An axum server on tokio with a JSON API (`docs/web.md`) and an embedded
//! page (HTML, CSS, plain JavaScript and SVG): play against the engine,
//! follow its lines live, see the tables' value of every move, and train
//! with verified puzzles. Each page has its own game; searches are bounded
//! in time and stop when their page closes.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let options = bagh_web::ServeOptions::default();
//! let listener = tokio::net::TcpListener::bind((options.host.as_str(), options.port)).await?;
//! bagh_web::serve(listener, options).await
//! # }
//! ```

#![warn(missing_docs)]

mod api_engine;
mod api_games;
mod api_puzzles;
mod api_truth;
mod assets;
mod engine_player;
mod error;
mod notes;
mod search_guard;
mod state;
mod views;

use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use bagh_engine::puzzles::Puzzle;
use bagh_tablebase::Tablebase;

pub use error::ApiError;
pub use state::MAX_SESSIONS;

/// The largest request body accepted, in bytes (a long game record fits).
pub const MAX_BODY_BYTES: usize = 256 * 1024;

/// What the server serves.
#[derive(Clone)]
pub struct ServeOptions {
    /// The address to bind (127.0.0.1: this machine only).
    pub host: String,
    /// The port (0 for any free one).
    pub port: u16,
    /// Tables for the truth of each move and for perfect play.
    pub tables: Option<Arc<Tablebase>>,
    /// The trainer's puzzles.
    pub puzzles: Vec<Puzzle>,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            host: "127.0.0.1".into(),
            port: 8000,
            tables: None,
            puzzles: Vec::new(),
        }
    }
}

/// The routes of the page and the API over `options`' tables and puzzles.
pub fn router(options: ServeOptions) -> Router {
    let state = Arc::new(state::AppState::new(options.tables, options.puzzles));
    assets::routes(Router::new())
        .route("/api/info", get(info))
        .route("/api/games", post(api_games::create))
        .route(
            "/api/games/{id}",
            get(api_games::show).delete(api_games::close),
        )
        .route("/api/games/{id}/moves", post(api_games::play))
        .route("/api/games/{id}/undo", post(api_games::undo))
        .route("/api/games/{id}/redo", post(api_games::redo))
        .route("/api/games/{id}/goto", post(api_games::goto))
        .route("/api/games/{id}/load", post(api_games::load))
        .route("/api/games/{id}/record", get(api_games::record))
        .route("/api/games/{id}/engine", post(api_engine::engine_move))
        .route("/api/games/{id}/analysis", get(api_engine::analysis))
        .route("/api/games/{id}/stop", post(api_engine::stop))
        .route("/api/games/{id}/truth", get(api_truth::truth))
        .route("/api/puzzles", get(api_puzzles::list))
        .route("/api/puzzles/{n}", get(api_puzzles::show))
        .route("/api/puzzles/{n}/answer", post(api_puzzles::answer))
        .route("/api/puzzles/{n}/hint", get(api_puzzles::hint))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(state)
}

/// Serves the board on `listener` until the process ends.
pub async fn serve(
    listener: tokio::net::TcpListener,
    options: ServeOptions,
) -> std::io::Result<()> {
    axum::serve(listener, router(options)).await
}

/// `GET /api/info`: the presets, the tables' rule set, the puzzle count and
/// the searches running.
async fn info(
    axum::extract::State(state): axum::extract::State<Arc<state::AppState>>,
) -> axum::Json<serde_json::Value> {
    let presets: Vec<_> = bagh_core::Ruleset::presets()
        .map(|(id, rules)| serde_json::json!({ "id": id, "rules": rules.to_string() }))
        .collect();
    axum::Json(serde_json::json!({
        "presets": presets,
        "tables": state.tables.as_ref().map(|t| t.rules().to_string()),
        "puzzles": state.puzzles.len(),
        "searches": state.searches_running(),
        "version": env!("CARGO_PKG_VERSION"),
    }))
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("no such page or call: {uri}"))
}

// The crate's README (its page on crates.io) compiles as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
