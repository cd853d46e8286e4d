//! The tables' truth for the board: the position's value and every legal
//! move's, with distances where known.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::Json;
use bagh_engine::Score;
use serde::Serialize;

use crate::error::ApiError;
use crate::state::AppState;
use crate::views::TruthView;

/// `GET /api/games/{id}/truth`.
#[derive(Serialize)]
pub struct Truth {
    /// Whether the server has tables of this game's rule set.
    pub available: bool,
    /// Why not, when not.
    pub reason: Option<String>,
    /// The position's value for the side to move.
    pub position: Option<TruthView>,
    /// The position's value in the one display of a score, from the goats'
    /// side (`goats win in 12 plies`, `draw`), as the analysis shows the
    /// engine's.
    pub score: Option<String>,
    /// The goats' expected result of that value: 1, 0 or -1.
    pub expected: Option<f64>,
    /// Each legal move (the game's history counted) and what it gives its player.
    pub moves: Vec<MoveTruth>,
    /// The tables ignore the game's history (a cycle counts as a draw).
    pub history_ignored: bool,
}

/// One move's truth.
#[derive(Serialize)]
pub struct MoveTruth {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value for the player who makes it.
    #[serde(flatten)]
    pub truth: TruthView,
}

/// `GET /api/games/{id}/truth`: the tables' value of the position and of
/// each legal move.
pub async fn truth(
    State(state): State<Arc<AppState>>,
    path: Result<Path<u64>, PathRejection>,
) -> Result<Json<Truth>, ApiError> {
    let Path(id) = path?;
    let game = state.with(id, |s| Ok(s.game.clone()))?;
    let unavailable = |reason: String| Truth {
        available: false,
        reason: Some(reason),
        position: None,
        score: None,
        expected: None,
        moves: Vec::new(),
        history_ignored: true,
    };
    let Some(tables) = state.tables.clone() else {
        return Ok(Json(unavailable(
            "no tables: start the server with --tables DIR".into(),
        )));
    };
    if tables.rules() != game.rules() {
        return Ok(Json(unavailable(format!(
            "the tables are of {}, the game of {}",
            tables.rules(),
            game.rules()
        ))));
    }
    let answer = tokio::task::spawn_blocking(move || -> Result<Truth, ApiError> {
        let position = *game.position();
        let probe = tables.probe(&position).map_err(ApiError::internal)?;
        let mut moves = Vec::new();
        for mv in game.legal_moves() {
            let after = position.play(mv).map_err(ApiError::internal)?;
            let probe = tables.probe(&after).map_err(ApiError::internal)?;
            moves.push(MoveTruth {
                mv: mv.to_string(),
                truth: TruthView::of_move(probe),
            });
        }
        let score = Score::from(probe).pov(position.side_to_move());
        Ok(Truth {
            available: true,
            reason: None,
            position: Some(TruthView::of(probe)),
            score: Some(score.to_string()),
            expected: Some(score.expected_result()),
            moves,
            history_ignored: true,
        })
    })
    .await
    .map_err(ApiError::internal)??;
    Ok(Json(answer))
}
