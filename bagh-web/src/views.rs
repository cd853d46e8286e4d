//! The JSON the page reads: a game's state, and the tables' truth.

use bagh_core::{Game, Side};
use bagh_tablebase::{Probe, Value};
use serde::Serialize;

/// A game as the board shows it.
#[derive(Serialize)]
pub struct GameView {
    /// The session's id.
    pub id: u64,
    /// The rule set's text form.
    pub rules: String,
    /// The position's text form.
    pub position: String,
    /// `"goat"` or `"tiger"`.
    pub side: &'static str,
    /// Goats still to place.
    pub in_hand: u8,
    /// Goats captured, and the number that wins for the tigers.
    pub captured: u8,
    /// The capture target.
    pub capture_target: u8,
    /// Each occupied point and its piece, `{"c3": "goat"}`.
    pub pieces: std::collections::BTreeMap<String, &'static str>,
    /// The legal moves (the game's history counted).
    pub legal: Vec<String>,
    /// The moves legal on the board that the repetition policy bans here,
    /// each with bagh-core's reason.
    pub banned: Vec<BannedView>,
    /// The moves played.
    pub moves: Vec<String>,
    /// Moves that can be redone.
    pub redo: usize,
    /// The result and its reason when the game is over.
    pub outcome: Option<OutcomeView>,
    /// The goats a tiger could jump at once if it were the tigers' move,
    /// whoever is to move (none once the game is over): on the goats' turn,
    /// the goats to cover; on the tigers', those they can take.
    pub threats: Vec<String>,
    /// The point of the goat that the last move took, if it was a capture.
    pub taken: Option<String>,
}

/// A move the game refuses because it would repeat a position.
#[derive(Serialize)]
pub struct BannedView {
    /// The move, as `legal` writes moves.
    #[serde(rename = "move")]
    pub mv: String,
    /// Why it is refused, in bagh-core's words.
    pub reason: String,
}

/// How a game ended.
#[derive(Serialize)]
pub struct OutcomeView {
    /// `1-0` (goats), `0-1` (tigers) or `1/2-1/2`.
    pub result: &'static str,
    /// `"goat"`, `"tiger"` or null for a draw.
    pub winner: Option<&'static str>,
    /// Why, in words.
    pub reason: String,
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Goat => "goat",
        Side::Tiger => "tiger",
    }
}

impl GameView {
    /// The view of `game` in session `id` with `redo` moves to redo.
    pub fn of(id: u64, game: &Game, redo: usize) -> GameView {
        let position = game.position();
        GameView {
            id,
            rules: game.rules().to_string(),
            position: position.to_string(),
            side: side_name(position.side_to_move()),
            in_hand: position.goats_in_hand(),
            captured: position.goats_captured(),
            capture_target: game.rules().capture_target(),
            pieces: position
                .pieces()
                .map(|(point, side)| (point.to_string(), side_name(side)))
                .collect(),
            legal: game.legal_moves().iter().map(|m| m.to_string()).collect(),
            banned: game
                .banned_moves()
                .iter()
                .map(|refusal| BannedView {
                    mv: refusal.mv().to_string(),
                    reason: refusal.message().to_string(),
                })
                .collect(),
            moves: game.moves().iter().map(|m| m.to_string()).collect(),
            redo,
            outcome: game.outcome().map(|outcome| OutcomeView {
                result: outcome.result(),
                winner: outcome.winner.map(side_name),
                reason: outcome.reason.to_string(),
            }),
            threats: game
                .threatened_goats()
                .iter()
                .map(|point| point.to_string())
                .collect(),
            taken: game
                .moves()
                .last()
                .and_then(|mv| mv.over_point())
                .map(|point| point.to_string()),
        }
    }
}

/// The tables' value of a position or a move, for the side that moves.
#[derive(Serialize)]
pub struct TruthView {
    /// `"win"`, `"draw"` or `"loss"`.
    pub value: &'static str,
    /// Plies to the end under perfect play, where the tables know it.
    pub distance: Option<u16>,
}

impl TruthView {
    /// The probe as it is (for the side to move of the probed position).
    pub fn of(probe: Probe) -> TruthView {
        TruthView {
            value: value_name(probe.value),
            distance: probe.distance,
        }
    }

    /// A move's probe (of the position after it), turned to the mover's view.
    pub fn of_move(after: Probe) -> TruthView {
        let value = match after.value {
            Value::Win => Value::Loss,
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
        };
        TruthView {
            value: value_name(value),
            distance: after.distance.map(|d| d.saturating_add(1)),
        }
    }
}

fn value_name(value: Value) -> &'static str {
    match value {
        Value::Win => "win",
        Value::Draw => "draw",
        Value::Loss => "loss",
    }
}
