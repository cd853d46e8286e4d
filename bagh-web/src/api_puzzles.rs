//! The trainer: puzzles served without their answers, answers checked, and
//! a hint (the piece the solution moves) given when asked.

use std::sync::Arc;

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::extract::{Path, State};
use axum::Json;
use bagh_core::{Move, Record};
use bagh_engine::puzzles::{Keeps, Puzzle, PuzzleTag};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::state::AppState;

/// A puzzle as the trainer poses it: no solution.
#[derive(Serialize)]
pub struct PuzzleQuestion {
    /// Its number, from 0.
    pub index: usize,
    /// The rule set's text form.
    pub rules: String,
    /// The moves that lead to it.
    pub moves: Vec<String>,
    /// The game record of those moves, which `load` reads: the page shows
    /// the puzzle with the moves before it.
    pub record: String,
    /// The position's text form.
    pub position: String,
    /// `"win"` or `"draw"`: what the one good move keeps.
    pub keeps: Keeps,
    /// 1 (easy) to 5.
    pub difficulty: u8,
    /// Themes.
    pub tags: Vec<PuzzleTag>,
}

/// The body of `POST /api/puzzles/{n}/answer`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer {
    /// The move tried.
    #[serde(rename = "move")]
    pub mv: String,
}

/// A hint: where the solution starts, without the move itself.
#[derive(Serialize)]
pub struct Hint {
    /// The point of the piece the solution moves, or for a placement the
    /// point the goat goes on.
    pub point: String,
    /// Whether the solution is a placement.
    pub placement: bool,
}

/// The verdict on an answer.
#[derive(Serialize)]
pub struct Verdict {
    /// Whether the move is the solution.
    pub correct: bool,
    /// The solution.
    pub solution: String,
    /// When wrong: perfect play after the move tried, the reply first
    /// (empty when the move is not among the refuted ones and the server
    /// has no tables of the rule set).
    pub refutation: Vec<String>,
    /// When wrong: what the move tried gives (`"draw"` or `"loss"`).
    pub outcome: Option<String>,
}

fn question(index: usize, puzzle: &Puzzle) -> Result<PuzzleQuestion, ApiError> {
    // The server replays every puzzle when it reads the file, so a failure
    // here is the server's own.
    let game = puzzle.game().map_err(ApiError::internal)?;
    Ok(PuzzleQuestion {
        index,
        rules: puzzle.rules.to_string(),
        moves: puzzle.moves.iter().map(|m| m.to_string()).collect(),
        record: Record::new(game).to_string(),
        position: puzzle.position.clone(),
        keeps: puzzle.keeps,
        difficulty: puzzle.difficulty,
        tags: puzzle.tags.clone(),
    })
}

fn puzzle(state: &AppState, index: usize) -> Result<&Puzzle, ApiError> {
    state.puzzles.get(index).ok_or_else(|| {
        ApiError::not_found(format!(
            "no puzzle {index}: there are {}",
            state.puzzles.len()
        ))
    })
}

/// `GET /api/puzzles`: every puzzle, without answers (an empty list when
/// the server has none).
pub async fn list(
    State(state): State<Arc<AppState>>,
) -> Result<Json<Vec<PuzzleQuestion>>, ApiError> {
    let questions = state
        .puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| question(i, p))
        .collect::<Result<_, _>>()?;
    Ok(Json(questions))
}

/// `GET /api/puzzles/{n}`.
pub async fn show(
    State(state): State<Arc<AppState>>,
    path: Result<Path<usize>, PathRejection>,
) -> Result<Json<PuzzleQuestion>, ApiError> {
    let Path(index) = path?;
    Ok(Json(question(index, puzzle(&state, index)?)?))
}

/// `GET /api/puzzles/{n}/hint`: the point the solution starts from.
pub async fn hint(
    State(state): State<Arc<AppState>>,
    path: Result<Path<usize>, PathRejection>,
) -> Result<Json<Hint>, ApiError> {
    let Path(index) = path?;
    let solution = puzzle(&state, index)?.solution;
    Ok(Json(Hint {
        point: solution
            .from_point()
            .unwrap_or_else(|| solution.to_point())
            .to_string(),
        placement: solution.is_place(),
    }))
}

/// `POST /api/puzzles/{n}/answer`: checks a move.
pub async fn answer(
    State(state): State<Arc<AppState>>,
    path: Result<Path<usize>, PathRejection>,
    body: Result<Json<Answer>, JsonRejection>,
) -> Result<Json<Verdict>, ApiError> {
    let Path(index) = path?;
    let Json(request) = body?;
    let puzzle = puzzle(&state, index)?;
    let mv = crate::api_games::parse_move(&request.mv)?;
    let game = puzzle.game().map_err(ApiError::internal)?;
    if !game.is_legal(mv) {
        return Err(ApiError::bad_request(format!(
            "{mv} is not a legal move in the puzzle"
        )));
    }
    if mv == puzzle.solution {
        return Ok(Json(Verdict {
            correct: true,
            solution: mv.to_string(),
            refutation: Vec::new(),
            outcome: None,
        }));
    }
    let known = puzzle.refutations.iter().find(|r| r.mv == mv);
    let (refutation, outcome) = match known {
        Some(r) => (
            r.line.iter().map(|m| m.to_string()).collect(),
            serde_json::to_value(r.outcome)
                .ok()
                .and_then(|v| v.as_str().map(String::from)),
        ),
        None => match refute_with_tables(&state, &game, mv)? {
            Some(found) => found,
            // Without tables: every move but the solution of a held draw
            // loses; a win let go may draw or lose, which only they tell.
            None => (
                Vec::new(),
                (puzzle.keeps == Keeps::Draw).then(|| "loss".to_string()),
            ),
        },
    };
    Ok(Json(Verdict {
        correct: false,
        solution: puzzle.solution.to_string(),
        refutation,
        outcome,
    }))
}

/// A wrong move's refutation and what it gives (`"draw"` or `"loss"`).
type Refuted = (Vec<String>, Option<String>);

/// Perfect play after a wrong move that the puzzle does not refute itself,
/// and what the move gives; `None` when the server has no tables of the
/// puzzle's rule set.
fn refute_with_tables(
    state: &AppState,
    game: &bagh_core::Game,
    mv: Move,
) -> Result<Option<Refuted>, ApiError> {
    let Some(tables) = state.tables.as_ref().filter(|t| t.rules() == game.rules()) else {
        return Ok(None);
    };
    let mut line_game = game.clone();
    line_game.push_unchecked(mv);
    let outcome = match tables
        .probe(line_game.position())
        .map_err(ApiError::internal)?
        .value
    {
        bagh_tablebase::Value::Win => "loss",
        _ => "draw",
    };
    let mut line = Vec::new();
    while line.len() < 8 && !line_game.is_game_over() {
        let best = bagh_engine::PerfectPlayer::perfect_moves(tables, &line_game)
            .map_err(ApiError::internal)?;
        let Some(&next) = best.first() else { break };
        line.push(next.to_string());
        line_game.push_unchecked(next);
    }
    Ok(Some((line, Some(outcome.to_string()))))
}
