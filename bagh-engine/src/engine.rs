//! The engine: options, the shared table, and the searches of a game.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use bagh_core::{Game, Move, Position};

use crate::clock::Instant;
use crate::level;
use crate::ordering::Heuristics;
use crate::root::Completed;
use crate::tt::TranspositionTable;
use crate::{
    Analysis, EngineError, EvalWeights, Evaluation, Limits, Line, Progress, Score, StaticEvaluation,
};
use bagh_core::SplitMix64;

/// The deepest iteration a search starts.
pub const MAX_DEPTH: u32 = 100;

/// How an [`Engine`] plays.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// Search threads (1 to 256): more than one runs a Lazy SMP search,
    /// every thread on the same root over the shared table.
    pub threads: usize,
    /// The size of the transposition table in megabytes (at least 1).
    pub hash_mb: usize,
    /// A playing level from 1 to 20 for human opponents, or `None` for full
    /// strength. Levels 1 to 19 cap the search's depth (1 to 11) and
    /// [`Engine::best_move`] picks among the best moves at random (seeded
    /// by `seed`), more loosely the lower the level: a time limit only
    /// bounds them. Level 20 has no cap and plays the best move, searching
    /// for all the time it is given. A level plays without tables.
    pub level: Option<u8>,
    /// The seed of the level's choices: the same seed, game and options
    /// give the same move.
    pub seed: u64,
    /// Tables of the game's rule set: with them the engine plays perfectly
    /// where they answer (see the [guide](crate::guide::engine)).
    #[cfg(feature = "tablebase")]
    pub tablebase: Option<Arc<bagh_tablebase::Tablebase>>,
    /// The evaluation's weights; `None` takes [`EvalWeights::for_rules`] of
    /// the game's rule set.
    pub weights: Option<EvalWeights>,
    /// The static evaluation: by default the network shipped for the rule
    /// set (`bagh-chal`, `bagh-chal-blocked-loses`, `two-tigers`) and the
    /// classic evaluation, with `weights`, for the others.
    pub evaluation: Evaluation,
}

impl Default for EngineOptions {
    /// One thread, 16 MB, full strength, no tables, default weights.
    fn default() -> EngineOptions {
        EngineOptions {
            threads: 1,
            hash_mb: 16,
            level: None,
            seed: 0,
            #[cfg(feature = "tablebase")]
            tablebase: None,
            weights: None,
            evaluation: Evaluation::Default,
        }
    }
}

impl EngineOptions {
    /// The network the engine evaluates a game under `rules` with, or
    /// `None` for the classic evaluation: [`Evaluation::network_for`], except
    /// that a level below 20 with the default evaluation keeps the classic
    /// one (the levels' strengths and the spread of their choices were set
    /// with its scores; level 20 plays the best move, like full strength).
    ///
    /// Errors: a given network was trained for another rule set.
    pub fn network_for(
        &self,
        rules: &bagh_core::Ruleset,
    ) -> Result<Option<Arc<crate::network::Network>>, EngineError> {
        if self.level.is_some_and(|level| level < 20)
            && matches!(self.evaluation, Evaluation::Default)
        {
            return Ok(None);
        }
        self.evaluation.network_for(rules)
    }

    /// `network` or `classic`: the evaluation of a game under `rules`.
    pub fn evaluation_name(&self, rules: &bagh_core::Ruleset) -> &'static str {
        match self.network_for(rules) {
            Ok(Some(_)) => "network",
            _ => "classic",
        }
    }
}

/// A search engine for every rule set: it keeps its transposition table
/// and move-ordering history between the searches of one game.
pub struct Engine {
    pub(crate) options: EngineOptions,
    pub(crate) tt: TranspositionTable,
    pub(crate) heuristics: Heuristics,
    pub(crate) stop: Arc<AtomicBool>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

fn invalid(option: &'static str, reason: impl Into<String>) -> EngineError {
    EngineError::InvalidOption {
        option,
        reason: reason.into(),
    }
}

/// Checks every option's range.
fn check(options: &EngineOptions) -> Result<(), EngineError> {
    if !(1..=256).contains(&options.threads) {
        return Err(invalid(
            "threads",
            format!("{} is not in 1..=256", options.threads),
        ));
    }
    if !(1..=1 << 20).contains(&options.hash_mb) {
        return Err(invalid(
            "hash_mb",
            format!("{} is not in 1..=1048576", options.hash_mb),
        ));
    }
    if let Some(level) = options.level {
        if !level::LEVELS.contains(&level) {
            return Err(invalid("level", format!("{level} is not in 1..=20")));
        }
    }
    Ok(())
}

/// A table of `hash_mb` megabytes, or the error that it cannot be had.
fn table(hash_mb: usize) -> Result<TranspositionTable, EngineError> {
    TranspositionTable::new(hash_mb).ok_or_else(|| {
        invalid(
            "hash_mb",
            format!("{hash_mb} MB of memory cannot be allocated"),
        )
    })
}

impl Engine {
    /// An engine with `options`, checked.
    pub fn new(options: EngineOptions) -> Result<Engine, EngineError> {
        check(&options)?;
        Ok(Engine {
            tt: table(options.hash_mb)?,
            heuristics: Heuristics::new(),
            stop: Arc::new(AtomicBool::new(false)),
            options,
        })
    }

    /// Changes the options between searches (as a line protocol's
    /// `setoption` does), keeping the stop flag; the table is kept unless
    /// its size changes. Invalid options are an error and change nothing.
    ///
    /// ```
    /// use bagh_engine::{Engine, EngineOptions};
    ///
    /// let mut engine = Engine::new(EngineOptions::default())?;
    /// let stop = engine.stop_flag();
    /// engine.set_options(EngineOptions { hash_mb: 2, level: Some(5), ..EngineOptions::default() })?;
    /// assert_eq!(engine.options().level, Some(5));
    /// assert!(engine.set_options(EngineOptions { threads: 0, ..EngineOptions::default() }).is_err());
    /// assert_eq!(engine.options().hash_mb, 2);
    /// assert!(std::sync::Arc::ptr_eq(&stop, &engine.stop_flag()));
    /// # Ok::<(), bagh_engine::EngineError>(())
    /// ```
    pub fn set_options(&mut self, options: EngineOptions) -> Result<(), EngineError> {
        check(&options)?;
        if options.hash_mb != self.options.hash_mb {
            self.tt = table(options.hash_mb)?;
        }
        self.options = options;
        Ok(())
    }

    /// The static evaluation of `position` by the options' evaluation,
    /// with no search: the score for the side to move and, with the
    /// network, its win, draw and loss probabilities.
    ///
    /// ```
    /// use bagh_core::{Position, Ruleset};
    /// use bagh_engine::{Engine, EngineOptions, Evaluation};
    ///
    /// let start = Position::new(Ruleset::default());
    /// let engine = Engine::new(EngineOptions::default())?;
    /// let wdl = engine.evaluate(&start).wdl.expect("bagh-chal has a network");
    /// assert!((wdl.win + wdl.draw + wdl.loss - 1.0).abs() < 1e-4);
    /// let classic = Engine::new(EngineOptions { evaluation: Evaluation::Classic, ..EngineOptions::default() })?;
    /// assert!(classic.evaluate(&start).wdl.is_none());
    /// # Ok::<(), bagh_engine::EngineError>(())
    /// ```
    ///
    /// A network of another rule set than the position's is not used: the
    /// classic evaluation answers (a search reports the mismatch).
    pub fn evaluate(&self, position: &Position) -> StaticEvaluation {
        let network = self.options.network_for(position.rules()).ok().flatten();
        let weights = self
            .options
            .weights
            .unwrap_or_else(|| EvalWeights::for_rules(position.rules()));
        crate::evaluation::evaluate_with(position, network.as_deref(), &weights)
    }

    /// The options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// A name for reports and records: `bagh`, `bagh level 5` or `bagh
    /// with tables`.
    pub fn name(&self) -> String {
        if let Some(level) = self.options.level {
            return format!("bagh level {level}");
        }
        #[cfg(feature = "tablebase")]
        if self.options.tablebase.is_some() {
            return "bagh with tables".into();
        }
        "bagh".into()
    }

    /// The flag that stops a running search: raise it from another thread
    /// and the search returns its best move so far at once. It is lowered
    /// when a search starts.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Forgets what earlier searches learnt (the table and the history),
    /// as before a new game.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.heuristics.clear();
    }

    /// [`Engine::new_game`] with `seed` for a level's choices: how a match
    /// starts each game of an engine player.
    pub fn new_game_seeded(&mut self, seed: u64) {
        let options = self.options().clone();
        // Only the seed changes, which every value accepts.
        let _ = self.set_options(crate::EngineOptions { seed, ..options });
        self.new_game();
    }

    /// Searches `position` as the start of a new game; see
    /// [`Engine::analyse`].
    pub fn analyse_position(
        &mut self,
        position: &Position,
        limits: &Limits,
        multipv: usize,
        on_progress: impl FnMut(&Progress),
    ) -> Result<Analysis, EngineError> {
        self.analyse(
            &Game::from_position(*position),
            limits,
            multipv,
            on_progress,
        )
    }

    /// Searches the current position of `game` within `limits` for the
    /// `multipv` best moves (at least 1), honouring the game's history
    /// (moves the `forbidden` policy bans are never considered; repetitions
    /// under `draw(n)` and the no-progress limit score as draws).
    /// `on_progress` hears every line of every completed iteration.
    ///
    /// A lone legal move under a time limit is answered after one ply.
    ///
    /// A level does not limit analysis: the search goes as deep as the
    /// limits allow, with the tables when the engine has them (a level
    /// below 20 still evaluates with the classic evaluation, see
    /// [`EngineOptions::network_for`]). The level sets how
    /// [`Engine::best_move`] plays.
    ///
    /// Errors: the game is over, the limits are unbounded or out of range
    /// (a depth above [`MAX_DEPTH`]), or the tables
    /// are of another rule set.
    pub fn analyse(
        &mut self,
        game: &Game,
        limits: &Limits,
        multipv: usize,
        on_progress: impl FnMut(&Progress),
    ) -> Result<Analysis, EngineError> {
        self.search(game, limits, multipv, on_progress, None)
    }

    /// [`Engine::analyse`], or with `play_level` the search a level plays
    /// by: no deeper than the level's depth, and without the tables.
    fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        multipv: usize,
        mut on_progress: impl FnMut(&Progress),
        play_level: Option<u8>,
    ) -> Result<Analysis, EngineError> {
        let start = Instant::now();
        if let Some(outcome) = game.outcome() {
            return Err(EngineError::GameOver { outcome });
        }
        if !limits.is_bounded() {
            return Err(EngineError::NoLimit);
        }
        if let Some(depth) = limits.depth.filter(|&depth| depth > MAX_DEPTH) {
            return Err(EngineError::InvalidLimit {
                limit: "depth",
                reason: format!("{depth} plies is deeper than the search goes ({MAX_DEPTH})"),
            });
        }
        #[cfg(feature = "tablebase")]
        if let Some(tables) = &self.options.tablebase {
            if tables.rules() != game.rules() {
                return Err(EngineError::RulesMismatch {
                    game_rules: game.rules().to_string(),
                    table_rules: tables.rules().to_string(),
                });
            }
        }
        self.options.network_for(game.rules())?;
        self.stop.store(false, Ordering::Relaxed);
        self.tt.new_search();
        self.heuristics.age();
        let moves: Vec<Move> = game.legal_moves().to_vec();
        let multipv = multipv.clamp(1, moves.len());
        let mut max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        if let Some(level) = play_level {
            max_depth = max_depth.min(level::depth(level));
        }
        // A forced move under a clock: no time is spent on it.
        if moves.len() == 1 && limits.time.is_some() && !limits.infinite {
            max_depth = 1;
        }

        let request = crate::run::Request {
            game,
            moves: &moves,
            limits,
            max_depth,
            multipv,
            start,
            use_tables: play_level.is_none(),
        };
        #[cfg(feature = "tablebase")]
        if play_level.is_none() {
            if let Some(analysis) = self.analyse_with_tables(&request, &mut on_progress) {
                return Ok(analysis);
            }
        }

        let (completed, nodes) = self.run(&request, &mut on_progress);
        Ok(self.analysis(game, &moves, completed, multipv, nodes, start))
    }

    /// The move to play in `game`: the best move of [`Engine::analyse`], or
    /// at a level a seeded softmax choice among the best lines (searched
    /// from an empty table, so that with a depth or node limit the same
    /// seed, game and options always give the same move).
    pub fn best_move(&mut self, game: &Game, limits: &Limits) -> Result<Move, EngineError> {
        self.best_move_with_progress(game, limits, |_| {})
    }

    /// [`Engine::best_move`], with `on_progress` hearing every line of
    /// every completed iteration (at a level, the lines it chooses from).
    pub fn best_move_with_progress(
        &mut self,
        game: &Game,
        limits: &Limits,
        on_progress: impl FnMut(&Progress),
    ) -> Result<Move, EngineError> {
        let Some(level) = self.options.level else {
            return Ok(self.analyse(game, limits, 1, on_progress)?.best_move);
        };
        // From an empty table, so that earlier searches do not change the
        // lines and a seed replays the same game.
        self.new_game();
        let analysis = self.search(game, limits, level::lines(level), on_progress, Some(level))?;
        let lines: Vec<(Move, Score)> = analysis
            .lines
            .iter()
            .filter_map(|l| Some((l.first()?, l.score)))
            .collect();
        let mut rng = SplitMix64::new(
            self.options.seed
                ^ game.zobrist().rotate_left(17)
                ^ (game.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        Ok(
            level::choose(&lines, level::temperature(level), &mut rng)
                .unwrap_or(analysis.best_move),
        )
    }

    /// The analysis of a completed search, or of none (stopped before the
    /// first iteration ended): then the table's move or the first legal
    /// move, scored by the evaluation.
    fn analysis(
        &self,
        game: &Game,
        moves: &[Move],
        completed: Option<Completed>,
        multipv: usize,
        nodes: u64,
        start: Instant,
    ) -> Analysis {
        let time = start.elapsed();
        let Some(completed) = completed else {
            let stored = self.tt.probe(game.zobrist()).and_then(|e| e.mv);
            let best_move = stored.filter(|mv| moves.contains(mv)).unwrap_or(moves[0]);
            let score = Score::Value(self.evaluate(game.position()).score);
            let line = Line {
                score,
                pv: vec![best_move],
            };
            return Analysis {
                best_move,
                score,
                pv: vec![best_move],
                depth: 0,
                seldepth: 0,
                nodes,
                time,
                lines: vec![line],
            };
        };
        let lines: Vec<Line> = completed.moves[..multipv.min(completed.moves.len())]
            .iter()
            .map(|m| Line {
                score: Score::from_search(m.score),
                pv: m.pv.clone(),
            })
            .collect();
        Analysis {
            best_move: lines[0].pv[0],
            score: lines[0].score,
            pv: lines[0].pv.clone(),
            depth: completed.depth,
            seldepth: completed.seldepth,
            nodes,
            time,
            lines,
        }
    }
}

pub(crate) fn nps(nodes: u64, time: Duration) -> u64 {
    let micros = time.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}
