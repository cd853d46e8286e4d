//! The engine's answers as the addon's plain objects: analyses, lines,
//! scores, progress reports and static evaluations, with the addon's keys
//! (`bagh-node/src/engine.rs`) and Python's for the static evaluation.

use bagh_core::Side;
use bagh_engine::{Analysis, Progress, Score, StaticEvaluation};
use js_sys::{Object, Reflect};
use wasm_bindgen::JsValue;

use crate::moves::move_array;
use crate::points::nullable;

/// Sets `key` of `object`. Setting a property of a fresh plain object
/// cannot fail.
fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}

/// `{ kind: "cp" | "win" | "loss" | "draw", value, text }`: `value` in
/// thousandths of a result or plies (null when a proven result has no
/// known distance), for the side the score is for; `text` as given.
fn score_object(score: Score, text: String) -> Object {
    let (kind, value) = match score {
        Score::Value(v) => ("cp", Some(f64::from(v))),
        Score::Win(d) => ("win", d.map(f64::from)),
        Score::Loss(d) => ("loss", d.map(f64::from)),
        Score::Draw => ("draw", Some(0.0)),
    };
    let object = Object::new();
    set(&object, "kind", kind);
    set(&object, "value", nullable(value));
    set(&object, "text", text);
    object
}

/// `score` for the side to move (its text `+0.30`, `win in 7 plies`).
fn relative(score: Score) -> Object {
    score_object(score, score.for_side_to_move())
}

/// `score` (for `turn`, the side to move) from the goats' side, whoever is
/// to move: its text is the display every front end shows (`+0.30`,
/// `goats win in 7 plies`).
fn goats(score: Score, turn: Side) -> Object {
    let pov = score.pov(turn);
    score_object(pov.goats(), pov.to_string())
}

/// `{ bestMove, score, goatsScore, turn, pv, depth, seldepth, nodes,
/// timeMs, lines }`, `turn` being the side to move at the root.
pub fn analysis_object(analysis: &Analysis, turn: Side) -> Object {
    let object = Object::new();
    set(
        &object,
        "bestMove",
        crate::moves::JsMove::from(analysis.best_move),
    );
    set(&object, "score", relative(analysis.score));
    set(&object, "goatsScore", goats(analysis.score, turn));
    set(&object, "turn", turn.name());
    set(&object, "pv", move_array(analysis.pv.iter().copied()));
    set(&object, "depth", f64::from(analysis.depth));
    set(&object, "seldepth", f64::from(analysis.seldepth));
    set(&object, "nodes", analysis.nodes as f64);
    set(&object, "timeMs", analysis.time.as_secs_f64() * 1000.0);
    let lines: js_sys::Array = analysis
        .lines
        .iter()
        .map(|line| {
            let entry = Object::new();
            set(&entry, "score", relative(line.score));
            set(&entry, "goatsScore", goats(line.score, turn));
            set(&entry, "pv", move_array(line.pv.iter().copied()));
            JsValue::from(entry)
        })
        .collect();
    set(&object, "lines", lines);
    object
}

/// What `onProgress` hears of a line of `progress`: `{ depth, seldepth,
/// multipv, score, expected, nodes, nps, time, pv }`, the score as every
/// front end shows it (from the goats' side), `expected` the goats'
/// expected result in [-1, 1] that it rounds (what a bar draws; the Node
/// addon's report lacks it), `time` in seconds, `pv` as texts.
pub fn progress_object(progress: &Progress, turn: Side) -> Object {
    let object = Object::new();
    let pov = progress.score.pov(turn);
    set(&object, "depth", progress.depth);
    set(&object, "seldepth", progress.seldepth);
    set(&object, "multipv", progress.multipv as u32);
    set(&object, "score", pov.to_string());
    set(&object, "expected", pov.expected_result());
    set(&object, "nodes", progress.nodes as f64);
    set(&object, "nps", progress.nps as f64);
    set(&object, "time", progress.time.as_secs_f64());
    let pv: js_sys::Array = progress
        .pv
        .iter()
        .map(|mv| JsValue::from(mv.to_string()))
        .collect();
    set(&object, "pv", pv);
    object
}

/// The static evaluation as Python's `Engine.evaluate` gives it, in
/// camelCase: `{ score, goatsScore, turn, win, draw, loss, pliesToEnd }`,
/// `score` and `goatsScore` as the analysis's; `win`, `draw` and `loss`
/// the network's probabilities for the side to move (null with the classic
/// evaluation); `pliesToEnd` the network's estimate where it predicts a
/// result (null otherwise).
pub fn evaluation_object(evaluation: &StaticEvaluation, turn: Side) -> Object {
    let object = Object::new();
    let score = Score::Value(evaluation.score);
    set(&object, "score", relative(score));
    set(&object, "goatsScore", goats(score, turn));
    set(&object, "turn", turn.name());
    let wdl = evaluation.wdl;
    set(&object, "win", nullable(wdl.map(|w| f64::from(w.win))));
    set(&object, "draw", nullable(wdl.map(|w| f64::from(w.draw))));
    set(&object, "loss", nullable(wdl.map(|w| f64::from(w.loss))));
    set(
        &object,
        "pliesToEnd",
        nullable(evaluation.plies_to_end.map(f64::from)),
    );
    object
}
