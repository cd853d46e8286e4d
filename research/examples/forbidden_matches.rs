//! Perfect play under `forbidden`: matches of the tables' perfect player
//! with and without its search of the game's history, in both styles, and
//! of the engine with tables, on one rule set. It prints who won how often:
//! with sides alternating, a player that keeps the value it is given should
//! not lose where the other version of itself does not.
//!
//! ```text
//! cargo run --release -p bagh-research --example forbidden_matches -- RULES [GAMES] [DIR] [MS] [PLIES]
//! ```
//!
//! RULES is a rule set's text form or a preset id (default:
//! `tigers=a1,e5 goats=6 capture_target=2`); GAMES per match (default 10);
//! DIR a directory with its tables (built in a temporary one if not
//! given, or given as ""); MS the engine's time a move (default 100);
//! PLIES the random opening's length (default 4; 0: every game from the
//! start, where only the random style's seeds differ).

use std::sync::Arc;
use std::time::{Duration, Instant};

use bagh_core::{Ruleset, Side};
use bagh_engine::{
    play_match, Engine, EngineOptions, EnginePlayer, Limits, MatchOptions, MatchReport, Openings,
    PerfectPlayer, PerfectStyle, Player,
};
use bagh_tablebase::{BuildOptions, Tablebase};

/// Wins of the tigers and of the goats, draws and unfinished games.
fn sides(report: &MatchReport) -> String {
    let (mut tigers, mut goats, mut draws, mut unfinished) = (0, 0, 0, 0);
    for game in &report.games {
        match game.game.outcome().map(|o| o.winner) {
            Some(Some(Side::Tiger)) => tigers += 1,
            Some(Some(Side::Goat)) => goats += 1,
            Some(None) => draws += 1,
            None => unfinished += 1,
        }
    }
    format!(
        "+{} ={} -{} | tigers won {tigers}, goats won {goats}, drawn {draws}, unfinished {unfinished}",
        report.tally.wins, report.tally.draws, report.tally.losses
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let rules: Ruleset = args
        .next()
        .unwrap_or_else(|| "tigers=a1,e5 goats=6 capture_target=2".into())
        .parse()?;
    let games: u32 = args.next().map_or(Ok(10), |s| s.parse())?;
    let temporary = tempfile::tempdir()?;
    let dir = args
        .next()
        .filter(|d| !d.is_empty())
        .map_or_else(|| temporary.path().to_path_buf(), Into::into);
    let ms: u64 = args.next().map_or(Ok(100), |s| s.parse())?;
    let plies: u32 = args.next().map_or(Ok(4), |s| s.parse())?;
    let tables = Arc::new(Tablebase::build(rules, &dir, &BuildOptions::default())?);
    println!(
        "{rules}: {games} games a match, sides alternating, random {plies}-ply openings, seed 1"
    );
    let options = MatchOptions {
        games,
        seed: 1,
        openings: Openings::Random { plies },
        ..MatchOptions::default()
    };
    let perfect = |style, seed, aware: bool| {
        let p = PerfectPlayer::new(tables.clone(), style, seed);
        if aware {
            p
        } else {
            p.with_history_nodes(0)
        }
    };
    let engine = || -> Result<EnginePlayer, Box<dyn std::error::Error>> {
        let engine = Engine::new(EngineOptions {
            tablebase: Some(tables.clone()),
            ..EngineOptions::default()
        })?;
        Ok(EnginePlayer::new(
            engine,
            Limits::time(Duration::from_millis(ms)),
        ))
    };
    let run = |label: &str, a: &mut dyn Player, b: &mut dyn Player| {
        let started = Instant::now();
        let report = play_match(rules, a, b, &options, |_| Ok(()));
        match report {
            Ok(report) => println!(
                "{label}: {} ({:.0} s)",
                sides(&report),
                started.elapsed().as_secs_f64()
            ),
            Err(e) => println!("{label}: {e}"),
        }
    };
    for style in [PerfectStyle::Random, PerfectStyle::Narrowing] {
        let name = format!("{style:?}").to_lowercase();
        run(
            &format!("tables only vs tables only ({name})"),
            &mut perfect(style, 1, false),
            &mut perfect(style, 2, false),
        );
        run(
            &format!("history-aware vs history-aware ({name})"),
            &mut perfect(style, 1, true),
            &mut perfect(style, 2, true),
        );
        run(
            &format!("history-aware vs tables only ({name})"),
            &mut perfect(style, 1, true),
            &mut perfect(style, 2, false),
        );
    }
    run(
        &format!("engine with tables, {ms} ms vs history-aware (random)"),
        &mut engine()?,
        &mut perfect(PerfectStyle::Random, 2, true),
    );
    run(
        &format!("engine with tables, {ms} ms vs tables only (random)"),
        &mut engine()?,
        &mut perfect(PerfectStyle::Random, 2, false),
    );
    Ok(())
}
