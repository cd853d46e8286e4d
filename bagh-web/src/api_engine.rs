//! The engine's side of the API: its move in play, and live analysis over
//! server-sent events, bounded in time and stopped when the page goes.

use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::Json;
use bagh_engine::{Engine, EngineOptions, Limits};
use futures_util::Stream;
use serde::Deserialize;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::StreamExt;

use crate::engine_player::EngineMove;
use crate::error::ApiError;
use crate::search_guard::SearchGuard;
use crate::state::AppState;
use crate::views::GameView;

/// The longest engine move, in milliseconds.
pub const MAX_MOVE_MS: u64 = 10_000;
/// The longest analysis, in milliseconds.
pub const MAX_ANALYSIS_MS: u64 = 60_000;
/// The most lines an analysis shows.
pub const MAX_MULTIPV: usize = 8;

/// The query of `GET /api/games/{id}/analysis`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisQuery {
    /// Lines to show, 1 to 8 (default 3).
    pub multipv: Option<usize>,
    /// How long to search, 1 to 60000 milliseconds (default 20000).
    pub time_ms: Option<u64>,
}

/// `time_ms` (or `default`) as a duration, if in `1..=max`.
pub(crate) fn checked_time(
    time_ms: Option<u64>,
    default: u64,
    max: u64,
) -> Result<Duration, ApiError> {
    let ms = time_ms.unwrap_or(default);
    if !(1..=max).contains(&ms) {
        return Err(ApiError::bad_request(format!(
            "time_ms: {ms} is not in 1..={max}"
        )));
    }
    Ok(Duration::from_millis(ms))
}

/// `POST /api/games/{id}/engine`: the engine plays the side to move.
pub async fn engine_move(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, PathRejection>,
    body: Result<Json<EngineMove>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path(id) = path?;
    let Json(request) = body?;
    let player = request.check()?;
    let (game, options, cancel) = state.with(id, |s| {
        if let Some(outcome) = s.game.outcome() {
            return Err(ApiError::conflict(format!("the game is over: {outcome}")));
        }
        let options = player.options(state.tables.as_ref(), s.game.rules(), s.game.len() as u64)?;
        Ok((s.game.clone(), options, s.add_search()))
    })?;
    let time = player.time;
    let searched = game.clone();
    let searching = Arc::clone(&state);
    let mv = tokio::task::spawn_blocking(move || {
        let mut engine = new_engine(options, &cancel)?;
        let _guard = SearchGuard::start(&searching, cancel, engine.stop_flag(), None);
        engine
            .best_move(&searched, &Limits::time(time))
            .map_err(ApiError::conflict)
    })
    .await
    .map_err(ApiError::internal)??;
    state.with(id, |s| {
        // The board changed while the engine thought: its move is stale.
        if s.game.moves() != game.moves() || s.game.rules() != game.rules() {
            return Err(ApiError::conflict(
                "the game changed during the search; ask again",
            ));
        }
        s.game.push(mv).map_err(ApiError::internal)?;
        s.played(mv);
        Ok(Json(GameView::of(id, &s.game, s.redo.len())))
    })
}

/// An engine for one search, made on the search's own thread: its table
/// (16 MB) is filled as it is made, which must hold up neither the server's
/// threads nor the lock of the games. When it cannot be made, the search's
/// flag marks it ended.
fn new_engine(options: EngineOptions, cancel: &AtomicBool) -> Result<Engine, ApiError> {
    Engine::new(options).map_err(|error| {
        cancel.store(true, Ordering::Relaxed);
        ApiError::internal(error)
    })
}

/// The analysis stream's `error` event.
fn error_event(error: &str) -> Event {
    Event::default()
        .event("error")
        .data(serde_json::json!({ "error": error }).to_string())
}

/// `POST /api/games/{id}/stop`: stops the game's searches.
pub async fn stop(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, PathRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Path(id) = path?;
    state.with(id, |s| {
        Ok(Json(serde_json::json!({ "stopped": s.stop_searches() })))
    })
}

/// `GET /api/games/{id}/analysis`: the engine's lines as they deepen, as
/// server-sent events: `line` (depth, multipv, score, expected, nodes, pv)
/// for each line of each completed iteration, then `done` (best, depth,
/// score, expected, pv) or `error`. `score` is the one display of a score
/// (from the goats' side: `+0.30`, `goats win in 12 plies`, `draw`) and
/// `expected` the goats' expected result in [-1, 1] that it rounds, which
/// the page's bar draws. Closing the stream stops the search.
pub async fn analysis(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, PathRejection>,
    query: Result<Query<AnalysisQuery>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let Path(id) = path?;
    let Query(query) = query?;
    let time = checked_time(query.time_ms, 20_000, MAX_ANALYSIS_MS)?;
    let multipv = query.multipv.unwrap_or(3);
    if !(1..=MAX_MULTIPV).contains(&multipv) {
        return Err(ApiError::bad_request(format!(
            "multipv: {multipv} is not in 1..={MAX_MULTIPV}"
        )));
    }
    let (game, cancel) = state.with(id, |s| {
        if let Some(outcome) = s.game.outcome() {
            return Err(ApiError::conflict(format!("the game is over: {outcome}")));
        }
        Ok((s.game.clone(), s.add_search()))
    })?;
    let (sender, receiver) = tokio::sync::mpsc::channel::<Event>(64);
    let searching = Arc::clone(&state);
    // Scores are shown as everywhere else: from the goats' side, whoever
    // is to move (`+0.30`, `goats win in 12 plies`, `draw`).
    let turn = game.side_to_move();
    tokio::task::spawn_blocking(move || {
        let mut engine = match new_engine(EngineOptions::default(), &cancel) {
            Ok(engine) => engine,
            Err(error) => {
                let _ = sender.blocking_send(error_event(&error.message));
                return;
            }
        };
        let guard =
            SearchGuard::start(&searching, cancel, engine.stop_flag(), Some(sender.clone()));
        let result = engine.analyse(&game, &Limits::time(time), multipv, |progress| {
            let line = serde_json::json!({
                "depth": progress.depth,
                "multipv": progress.multipv,
                "score": progress.score.pov(turn).to_string(),
                "expected": progress.score.pov(turn).expected_result(),
                "nodes": progress.nodes,
                "pv": progress.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
            });
            // A page that went away is seen by the guard.
            let _ = sender.blocking_send(Event::default().event("line").data(line.to_string()));
        });
        let last = match result {
            Ok(analysis) => Event::default().event("done").data(
                serde_json::json!({
                    "best": analysis.best_move.to_string(),
                    "depth": analysis.depth,
                    "score": analysis.score.pov(turn).to_string(),
                    "expected": analysis.score.pov(turn).expected_result(),
                    "pv": analysis.pv.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                })
                .to_string(),
            ),
            Err(error) => error_event(&error.to_string()),
        };
        drop(guard);
        let _ = sender.blocking_send(last);
    });
    let stream = ReceiverStream::new(receiver).map(Ok);
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}
