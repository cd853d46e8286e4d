//! The game API: create a board, play, undo, redo, walk the moves, load and
//! save records and positions.

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::Json;
use bagh_core::{Game, Move, Position, Record, Ruleset};
use serde::Deserialize;

use crate::error::ApiError;
use crate::notes::Notes;
use crate::state::{AppState, Session};
use crate::views::GameView;

/// The body of `POST /api/games`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// A preset id or a rule set's text form (default: the tables' rule
    /// set, else bagh-chal).
    pub rules: Option<String>,
    /// A position's text form to start from (default: the start).
    pub position: Option<String>,
    /// A game record to load instead (its tags give the rule set).
    pub record: Option<String>,
}

/// The body of `POST /api/games/{id}/moves`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    /// The move in the notation (`c3`, `a1a2`, `a1xa3`; any case).
    #[serde(rename = "move")]
    pub mv: String,
}

/// The body of `POST /api/games/{id}/goto`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goto {
    /// The ply to show: 0 for the start, up to the moves played and to redo.
    pub ply: usize,
}

/// A move typed in the notation, in any case; 400 when it does not read.
pub fn parse_move(text: &str) -> Result<Move, ApiError> {
    text.trim()
        .to_ascii_lowercase()
        .parse()
        .map_err(|e| ApiError::bad_request(format!("move {text:?}: {e}")))
}

/// The view of a session's game after a change, its searches stopped
/// (they searched the position before it).
fn changed(id: u64, s: &mut Session) -> Result<Json<GameView>, ApiError> {
    s.stop_searches();
    Ok(Json(GameView::of(id, &s.game, s.redo.len())))
}

/// The game a `NewGame` describes, with its record's tags and comments.
pub fn game_of(request: &NewGame, state: &AppState) -> Result<(Game, Notes), ApiError> {
    if let Some(text) = &request.record {
        if request.position.is_some() {
            return Err(ApiError::bad_request(
                "give a record or a position, not both",
            ));
        }
        let record: Record = text
            .parse()
            .map_err(|e| ApiError::bad_request(format!("record: {e}")))?;
        let notes = Notes::of(&record);
        return Ok((record.into_game(), notes));
    }
    let rules = match &request.rules {
        Some(text) => Ruleset::preset(text)
            .or_else(|_| text.parse())
            .map_err(|e| ApiError::bad_request(format!("rules: {e}")))?,
        None => state
            .tables
            .as_ref()
            .map_or_else(Ruleset::default, |t| *t.rules()),
    };
    let start = match &request.position {
        Some(text) => Position::from_text(text, rules)
            .map_err(|e| ApiError::bad_request(format!("position: {e}")))?,
        None => Position::new(rules),
    };
    Ok((Game::from_position(start), Notes::default()))
}

/// `POST /api/games`: a new board.
pub async fn create(
    State(state): State<Arc<AppState>>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Json(request) = body?;
    let (game, notes) = game_of(&request, &state)?;
    let id = state.open(game.clone(), notes);
    Ok(Json(GameView::of(id, &game, 0)))
}

/// `GET /api/games/{id}`.
pub async fn show(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, axum::extract::rejection::PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path(id) = path?;
    state.with(id, |s| Ok(Json(GameView::of(id, &s.game, s.redo.len()))))
}

/// `DELETE /api/games/{id}`: closes the board and stops its searches.
pub async fn close(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, axum::extract::rejection::PathRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Path(id) = path?;
    if state.close(id) {
        Ok(Json(serde_json::json!({ "closed": id })))
    } else {
        Err(ApiError::not_found(format!("no game {id}")))
    }
}

/// `POST /api/games/{id}/moves`: plays a move (400 with the reason when it
/// is illegal; nothing changes then).
pub async fn play(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, axum::extract::rejection::PathRejection>,
    body: Result<Json<PlayMove>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path(id) = path?;
    let Json(request) = body?;
    let mv = parse_move(&request.mv)?;
    state.with(id, |s| {
        s.game.push(mv).map_err(ApiError::bad_request)?;
        s.played(mv);
        changed(id, s)
    })
}

/// `POST /api/games/{id}/undo`.
pub async fn undo(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, axum::extract::rejection::PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path(id) = path?;
    state.with(id, |s| {
        let mv = s
            .game
            .pop()
            .ok_or_else(|| ApiError::conflict("no move to take back"))?;
        s.redo.push(mv);
        changed(id, s)
    })
}

/// `POST /api/games/{id}/redo`.
pub async fn redo(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, axum::extract::rejection::PathRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path(id) = path?;
    state.with(id, |s| {
        let mv = s
            .redo
            .pop()
            .ok_or_else(|| ApiError::conflict("no move to redo"))?;
        s.game.push_unchecked(mv);
        changed(id, s)
    })
}

/// `POST /api/games/{id}/goto`: shows the position after `ply` moves of
/// the line (played and redoable moves together).
pub async fn goto(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, axum::extract::rejection::PathRejection>,
    body: Result<Json<Goto>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path(id) = path?;
    let Json(request) = body?;
    state.with(id, |s| {
        let line = s.game.len() + s.redo.len();
        if request.ply > line {
            return Err(ApiError::bad_request(format!(
                "ply {}: the line has {line} moves",
                request.ply
            )));
        }
        while s.game.len() > request.ply {
            if let Some(mv) = s.game.pop() {
                s.redo.push(mv);
            }
        }
        while s.game.len() < request.ply {
            if let Some(mv) = s.redo.pop() {
                s.game.push_unchecked(mv);
            }
        }
        changed(id, s)
    })
}

/// `POST /api/games/{id}/load`: replaces the board's game (a record, or a
/// rule set and a position).
pub async fn load(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, axum::extract::rejection::PathRejection>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path(id) = path?;
    let Json(request) = body?;
    let (game, notes) = game_of(&request, &state)?;
    state.with(id, |s| {
        s.game = game;
        s.notes = notes;
        s.redo.clear();
        changed(id, s)
    })
}

/// `GET /api/games/{id}/record`: the game's record (with the tags and
/// comments of the record it was loaded from) and position.
pub async fn record(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, axum::extract::rejection::PathRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Path(id) = path?;
    state.with(id, |s| {
        Ok(Json(serde_json::json!({
            "record": s.notes.record(&s.game)?.to_string(),
            "position": s.game.position().to_string(),
        })))
    })
}
