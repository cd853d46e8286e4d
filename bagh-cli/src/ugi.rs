//! `bagh engine`: the UGI line protocol on stdin and stdout. This module
//! keeps the session (options, rule set, game) and answers each command;
//! [`crate::ugi_command`] reads the lines and [`crate::ugi_search`] runs
//! `go` on its own thread. docs/protocol.md describes the protocol.

use std::io::BufRead;
use std::path::Path;
use std::sync::Arc;

use bagh_core::{Game, Move, Position, Ruleset, Side};
use bagh_engine::network::Network;
use bagh_engine::{Engine, EngineOptions, Evaluation, Limits};
use bagh_tablebase::Tablebase;

use crate::clock::allot;
use crate::error::CliError;
use crate::ugi_command::{parse, Command, Go, Query, Start};
use crate::ugi_search::{say, Job, Search};

/// The largest `Seed` a GUI is told about (many read spins as `i64`).
const SEED_MAX: u64 = i64::MAX as u64;

/// The session of one `bagh engine` process.
struct Session {
    rules: Ruleset,
    game: Game,
    options: EngineOptions,
    multipv: usize,
    /// `None` while a search holds the engine.
    engine: Option<Engine>,
    search: Option<Search>,
}

/// Runs `bagh engine` until `quit` or the end of stdin.
pub fn run() -> Result<(), CliError> {
    let options = EngineOptions::default();
    let mut session = Session {
        rules: Ruleset::default(),
        game: Game::new(Ruleset::default()),
        engine: Some(Engine::new(options.clone())?),
        options,
        multipv: 1,
        search: None,
    };
    let mut input = std::io::stdin().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // Bytes that are not UTF-8 are read as U+FFFD: such a line is
        // answered like any other that does not read.
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !session.handle(&String::from_utf8_lossy(&bytes)) {
            break;
        }
    }
    session.finish_search();
    Ok(())
}

impl Session {
    /// Answers one line; `false` after `quit`.
    fn handle(&mut self, line: &str) -> bool {
        match parse(line) {
            Command::Ugi => self.ugi(),
            Command::IsReady => say("readyok"),
            Command::NewGame => {
                if let Some(engine) = self.idle_engine() {
                    engine.new_game();
                }
            }
            Command::SetOption { name, value } => self.set_option(&name, &value),
            Command::Position { start, moves } => self.position(&start, &moves),
            Command::Go(go) => self.go(&go),
            Command::Stop => self.finish_search(),
            Command::Quit => return false,
            Command::Query(query) => self.query(query),
            Command::Empty => {}
            Command::Unknown(line) => say(&format!("info string unknown command: {line}")),
            Command::Bad(reason) => say(&format!("info string error: {reason}")),
        }
        true
    }

    /// `ugi`: the name, the author, the options, `ugiok`.
    fn ugi(&self) {
        say(&format!("id name bagh {}", env!("CARGO_PKG_VERSION")));
        say("id author the bagh authors");
        let defaults = EngineOptions::default();
        say(&format!(
            "option name Hash type spin default {} min 1 max 1048576",
            defaults.hash_mb
        ));
        say(&format!(
            "option name Threads type spin default {} min 1 max 256",
            defaults.threads
        ));
        say(&format!(
            "option name Rules type string default {}",
            Ruleset::default()
        ));
        say("option name Level type spin default 0 min 0 max 20");
        say(&format!(
            "option name Seed type spin default 0 min 0 max {SEED_MAX}"
        ));
        say("option name MultiPV type spin default 1 min 1 max 256");
        say("option name Tables type string default <empty>");
        say(
            "option name Evaluation type combo default default var default var network var classic",
        );
        say("option name EvalFile type string default <empty>");
        say("ugiok");
    }

    /// The engine when no search runs (a search that has ended is
    /// collected); while one runs, `None` and an `info string`.
    fn idle_engine(&mut self) -> Option<&mut Engine> {
        if let Some(search) = self.search.take() {
            match search.try_finish() {
                Ok(engine) => self.engine = Some(engine),
                Err(search) => {
                    self.search = Some(search);
                    say("info string error: a search is running: send stop first");
                    return None;
                }
            }
        }
        self.engine.as_mut()
    }

    /// Stops a running search (its `bestmove` is sent) and takes the
    /// engine back.
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            self.engine = Some(search.stop());
        }
    }

    /// `setoption name <name> value <value>`; names are read without
    /// regard to case. A bad value changes nothing.
    fn set_option(&mut self, name: &str, value: &str) {
        if let Err(reason) = self.try_set_option(name, value) {
            say(&format!("info string error: option {name}: {reason}"));
        }
    }

    fn try_set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let number = |max: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| *n <= max)
                .ok_or_else(|| format!("{value:?} is not a number from 0 to {max}"))
        };
        let mut options = self.options.clone();
        match name.to_ascii_lowercase().as_str() {
            "hash" => options.hash_mb = number(1 << 20)? as usize,
            "threads" => options.threads = number(256)? as usize,
            "level" => {
                let level = number(20)? as u8;
                options.level = (level > 0).then_some(level);
            }
            "seed" => options.seed = number(SEED_MAX)?,
            "multipv" => {
                self.multipv = number(256)?.max(1) as usize;
                return Ok(());
            }
            "rules" => {
                let rules: Ruleset = value.parse().map_err(|e| format!("{e}"))?;
                self.rules = rules;
                self.game = Game::new(rules);
                return Ok(());
            }
            "tables" => options.tablebase = open_tables(value)?,
            "evaluation" => {
                options.evaluation = match value.to_ascii_lowercase().as_str() {
                    "default" => Evaluation::Default,
                    "classic" => Evaluation::Classic,
                    "network" => {
                        Evaluation::Network(Network::shipped(&self.rules).ok_or_else(|| {
                            format!(
                                "no network ships for rule set {}; set EvalFile or use classic",
                                self.rules
                            )
                        })?)
                    }
                    _ => return Err(format!("{value:?}: expected default, network or classic")),
                }
            }
            "evalfile" => {
                options.evaluation = if value.is_empty() || value == "<empty>" {
                    Evaluation::Default
                } else {
                    let network = Network::open(value).map_err(|e| e.to_string())?;
                    Evaluation::Network(std::sync::Arc::new(network))
                }
            }
            _ => return Err("no such option".into()),
        }
        let Some(engine) = self.idle_engine() else {
            return Ok(());
        };
        engine
            .set_options(options.clone())
            .map_err(|e| e.to_string())?;
        self.options = options;
        Ok(())
    }

    /// `position`: the new game, or an `info string` and the game unchanged.
    fn position(&mut self, start: &Start, moves: &[String]) {
        match self.game_from(start, moves) {
            Ok(game) => self.game = game,
            Err(reason) => say(&format!("info string error: {reason}")),
        }
    }

    fn game_from(&self, start: &Start, moves: &[String]) -> Result<Game, String> {
        let start = match start {
            Start::StartPos => Position::new(self.rules),
            Start::Fen(text) => Position::from_text(text, self.rules)
                .map_err(|e| format!("position fen {text}: {e}"))?,
        };
        let mut game = Game::from_position(start);
        for text in moves {
            let mv: Move = text
                .parse()
                .map_err(|e| format!("move {text}: {e}; the position is unchanged"))?;
            game.push(mv)
                .map_err(|e| format!("move {text}: {e}; the position is unchanged"))?;
        }
        Ok(game)
    }

    /// `go`: starts a search of the current game.
    fn go(&mut self, go: &Go) {
        if self.idle_engine().is_none() {
            return;
        }
        let Some(engine) = self.engine.take() else {
            return;
        };
        let job = Job {
            game: self.game.clone(),
            limits: limits(go, self.game.side_to_move()),
            multipv: self.multipv,
        };
        self.search = Some(Search::start(engine, job));
    }

    /// `query p1turn|gameover|result`: player 1 is the goats.
    fn query(&self, query: Query) {
        let answer = match query {
            Query::P1Turn => (self.game.side_to_move() == Side::Goat).to_string(),
            Query::GameOver => self.game.is_game_over().to_string(),
            Query::Result => match self.game.outcome() {
                None => "none".into(),
                Some(outcome) => match outcome.winner {
                    Some(Side::Goat) => "p1win".into(),
                    Some(Side::Tiger) => "p2win".into(),
                    None => "draw".into(),
                },
            },
        };
        say(&format!("response {answer}"));
    }
}

/// The limits of `go`. A clock (`p1time` for the goats, `p2time` for the
/// tigers, with their increments) gives the share of [`allot`]; with
/// `movetime` too the shorter time holds. A `go` with no limit at all
/// searches until `stop`, as `go infinite`.
fn limits(go: &Go, side: Side) -> Limits {
    let (clock, inc) = match side {
        Side::Goat => (go.p1time, go.p1inc),
        Side::Tiger => (go.p2time, go.p2inc),
    };
    let from_clock = clock.map(|time| allot(time, inc.unwrap_or(0)));
    let movetime = go.movetime.map(std::time::Duration::from_millis);
    let time = match (movetime, from_clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let mut limits = Limits {
        time,
        depth: go.depth.map(|d| d.clamp(1, bagh_engine::MAX_DEPTH)),
        nodes: go.nodes,
        infinite: go.infinite,
    };
    if limits.time.is_none() && limits.depth.is_none() && limits.nodes.is_none() {
        limits.infinite = true;
    }
    if limits.infinite {
        limits.time = None;
    }
    limits
}

/// The tables of `Tables`: none for an empty value or `<empty>`.
fn open_tables(value: &str) -> Result<Option<Arc<Tablebase>>, String> {
    if value.is_empty() || value == "<empty>" {
        return Ok(None);
    }
    Tablebase::open(Path::new(value))
        .map(|tables| Some(Arc::new(tables)))
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn go_limits() {
        let clock = Go {
            p1time: Some(60_000),
            p2time: Some(1_000),
            ..Go::default()
        };
        assert_eq!(limits(&clock, Side::Goat).time, Some(allot(60_000, 0)));
        assert_eq!(limits(&clock, Side::Tiger).time, Some(allot(1_000, 0)));
        let both = Go {
            movetime: Some(100),
            ..clock
        };
        assert_eq!(
            limits(&both, Side::Goat).time,
            Some(Duration::from_millis(100))
        );
        assert!(limits(&Go::default(), Side::Goat).infinite);
        let depth = Go {
            depth: Some(0),
            ..Go::default()
        };
        assert_eq!(limits(&depth, Side::Goat).depth, Some(1));
        assert!(!limits(&depth, Side::Goat).infinite);
    }
}
