//! `bagh analyse`: a search of one position, one line per completed depth
//! and the best move, or one JSON object.

use std::io::Write;
use std::time::Duration;

use bagh_core::{Move, Side};
use bagh_engine::{Analysis, Engine, EngineOptions, Progress};
use serde::Serialize;

use crate::engine_setup::{game_from, limits_of, open_tables, rules_of};
use crate::error::CliError;
use crate::AnalyseArgs;

/// The search time when no limit is given.
const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// Runs `bagh analyse`.
pub fn run(args: &AnalyseArgs) -> Result<(), CliError> {
    let tables = open_tables(args.tables.as_deref())?;
    let rules = rules_of(args.rules, tables.as_deref())?;
    let game = game_from(rules, args.position.as_deref(), &args.moves)?;
    let mut engine = Engine::new(EngineOptions {
        threads: args.threads as usize,
        hash_mb: args.hash as usize,
        tablebase: tables,
        ..EngineOptions::default()
    })?;
    let limits = limits_of(args.depth, args.nodes, args.time, DEFAULT_TIME);
    let mut out = std::io::stdout().lock();
    let mut written: std::io::Result<()> = Ok(());
    let turn = game.side_to_move();
    let analysis = engine.analyse(&game, &limits, args.multipv as usize, |progress| {
        if !args.json && written.is_ok() {
            written = writeln!(out, "{}", progress_line(progress, turn, args.multipv > 1));
        }
    })?;
    written?;
    if args.json {
        serde_json::to_writer(&mut out, &JsonAnalysis::new(&game, &analysis))?;
        writeln!(out)?;
    } else {
        writeln!(out, "bestmove {}", analysis.best_move)?;
    }
    Ok(())
}

/// `depth 6 seldepth 11 [multipv 2] score +0.30 nodes 1234 nps 56789 time 21 pv c3 a1a2`:
/// the score as every front end shows it, from the goats' side (`turn` is
/// the side to move at the root): `+0.30`, `goats win in 12 plies`, `draw`.
pub fn progress_line(progress: &Progress, turn: Side, multipv: bool) -> String {
    let mut line = format!("depth {} seldepth {}", progress.depth, progress.seldepth);
    if multipv {
        line += &format!(" multipv {}", progress.multipv);
    }
    line += &format!(
        " score {} nodes {} nps {} time {} pv {}",
        progress.score.pov(turn),
        progress.nodes,
        progress.nps,
        progress.time.as_millis(),
        moves_text(&progress.pv)
    );
    line
}

/// Moves separated by spaces.
pub fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(Move::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The object `--json` prints: `score` in the line protocol's form (for the
/// side to move: `cp N` in thousandths of a result, `win N`, `loss N` in
/// plies, `draw`), `text` as people read it (from the goats' side).
#[derive(Serialize)]
struct JsonAnalysis {
    position: String,
    best_move: String,
    score: String,
    text: String,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    time_ms: u128,
    pv: Vec<String>,
    lines: Vec<JsonLine>,
}

#[derive(Serialize)]
struct JsonLine {
    score: String,
    text: String,
    pv: Vec<String>,
}

fn strings(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

impl JsonAnalysis {
    fn new(game: &bagh_core::Game, analysis: &Analysis) -> JsonAnalysis {
        let turn = game.side_to_move();
        JsonAnalysis {
            position: game.position().to_string(),
            best_move: analysis.best_move.to_string(),
            score: analysis.score.to_string(),
            text: analysis.score.pov(turn).to_string(),
            depth: analysis.depth,
            seldepth: analysis.seldepth,
            nodes: analysis.nodes,
            time_ms: analysis.time.as_millis(),
            pv: strings(&analysis.pv),
            lines: analysis
                .lines
                .iter()
                .map(|line| JsonLine {
                    score: line.score.to_string(),
                    text: line.score.pov(turn).to_string(),
                    pv: strings(&line.pv),
                })
                .collect(),
        }
    }
}
