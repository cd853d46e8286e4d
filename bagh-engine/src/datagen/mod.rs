//! Training data from the tables: positions of realistic games, each with
//! its true value, for fitting an evaluation (see the [network
//! guide](crate::guide::network)).
//!
//! The games are engine self-play at varied levels and node counts (with
//! the classic evaluation, so that the data never depends on a network
//! trained from it), and
//! perfect play with noise, each from a few random opening plies. Every
//! position of a game is kept, with, half the time, the position after a
//! random other move (the kind of position a search meets). Positions are
//! deduplicated up to the eight symmetries of the board, and each game's
//! seed puts all its new positions in one split, so the validation and
//! held-out sets share no game with the training set.
//!
//! ```
//! use bagh_core::{Point, Ruleset};
//! use bagh_engine::datagen::{generate, read_positions, DatagenOptions};
//! use bagh_tablebase::{BuildOptions, Tablebase};
//!
//! let rules = Ruleset::builder().tigers([Point::C3]).goats(4).capture_target(1).build()?;
//! let dir = tempfile::tempdir()?;
//! let tables = Tablebase::build(rules, dir.path().join("tables"), &BuildOptions::default())?;
//! let options = DatagenOptions { positions: 200, ..DatagenOptions::default() };
//! let summary = generate(&tables, &options, dir.path().join("data"), |_| {})?;
//! let (read_rules, train) = read_positions(dir.path().join("data/train.bpos"))?;
//! assert_eq!(read_rules, rules);
//! assert_eq!(train.len() as u64, summary.train);
//! // Every label is the tables' value.
//! assert!(train.iter().all(|r| tables.probe(&r.position).unwrap().value == r.value));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod records;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use bagh_core::{Game, Move, Position, Side, SplitMix64, Symmetry};
use bagh_tablebase::{Tablebase, TablebaseError};
use rayon::prelude::*;

use records::PositionWriter;
pub use records::{
    read_positions, LabelledPosition, POSITIONS_MAGIC, POSITIONS_VERSION, RECORD_BYTES,
};

use crate::{Engine, EngineError, EngineOptions, Evaluation, Limits, PerfectPlayer};

/// What [`generate`] makes.
#[derive(Clone, Debug, PartialEq)]
pub struct DatagenOptions {
    /// Stop after the game that brings the records of the three splits to
    /// at least this many.
    pub positions: u64,
    /// The seed of every game's seed: the same seed and options give the
    /// same files, whatever the number of threads.
    pub seed: u64,
    /// The share of games played by the engine against itself (the rest is
    /// perfect play with noise), from 0 to 1.
    pub engine_share: f64,
    /// Plies at most in a game.
    pub max_plies: u32,
    /// Threads playing games (at least 1).
    pub threads: usize,
}

impl Default for DatagenOptions {
    /// A million positions, a quarter of the games by the engine.
    fn default() -> DatagenOptions {
        DatagenOptions {
            positions: 1_000_000,
            seed: 1,
            engine_share: 0.25,
            max_plies: 300,
            threads: 1,
        }
    }
}

/// Which file a game's positions go to.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Split {
    /// 90% of the games.
    Train,
    /// 5%: for choosing when to stop training.
    Validation,
    /// 5%: never trained or tuned on; the accuracy the docs report.
    Heldout,
}

impl Split {
    /// The split of the game with this seed.
    pub fn of_game(game_seed: u64) -> Split {
        match SplitMix64::new(game_seed ^ 0x5eed_5917).next_u64() % 100 {
            0..90 => Split::Train,
            90..95 => Split::Validation,
            _ => Split::Heldout,
        }
    }

    /// The file name of the split's positions.
    pub fn file_name(self) -> &'static str {
        match self {
            Split::Train => "train.bpos",
            Split::Validation => "validation.bpos",
            Split::Heldout => "heldout.bpos",
        }
    }
}

/// How far [`generate`] has come, after each batch of games.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct DatagenProgress {
    /// Games played so far.
    pub games: u64,
    /// Positions written so far, over the three splits.
    pub positions: u64,
    /// Positions asked for.
    pub wanted: u64,
}

/// What [`generate`] wrote.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct DatagenSummary {
    /// Games played.
    pub games: u64,
    /// Of those, games of engine self-play.
    pub engine_games: u64,
    /// Positions in `train.bpos`.
    pub train: u64,
    /// Positions in `validation.bpos`.
    pub validation: u64,
    /// Positions in `heldout.bpos`.
    pub heldout: u64,
    /// Positions dropped as equal, up to symmetry, to one kept before.
    pub duplicates: u64,
}

/// Why [`generate`] or [`read_positions`] failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DatagenError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// A file is not a position file this library reads.
    #[error("{path}: {reason}")]
    BadFile {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        reason: String,
    },
    /// An option is out of range.
    #[error("option {option}: {reason}")]
    InvalidOption {
        /// The option's name.
        option: &'static str,
        /// What is wrong with its value.
        reason: String,
    },
    /// The tables could not label a position.
    #[error("the tables could not label a position: {0}")]
    Tables(#[from] TablebaseError),
    /// The engine could not play a move.
    #[error("the engine could not play: {0}")]
    Engine(#[from] EngineError),
}

/// Plays games until `options.positions` positions are labelled, and writes
/// them to `out` (created if missing) as `train.bpos`, `validation.bpos`
/// and `heldout.bpos`. `progress` hears after each batch of games.
///
/// Errors: an option out of range, the tables cannot answer (another rule
/// set, or missing layers), or the files cannot be written.
pub fn generate(
    tables: &Tablebase,
    options: &DatagenOptions,
    out: impl AsRef<Path>,
    mut progress: impl FnMut(&DatagenProgress),
) -> Result<DatagenSummary, DatagenError> {
    check(options)?;
    let out = out.as_ref();
    std::fs::create_dir_all(out).map_err(|source| DatagenError::Io {
        path: out.to_path_buf(),
        source,
    })?;
    let rules = *tables.rules();
    let mut writers = Vec::with_capacity(3);
    for split in [Split::Train, Split::Validation, Split::Heldout] {
        writers.push(PositionWriter::create(
            &out.join(split.file_name()),
            &rules,
        )?);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| DatagenError::InvalidOption {
            option: "threads",
            reason: e.to_string(),
        })?;
    let batch = 32 * options.threads as u64;
    let mut seen = HashSet::new();
    let mut summary = DatagenSummary::default();
    let mut next_game = 0u64;
    while summary.train + summary.validation + summary.heldout < options.positions {
        let games: Vec<_> = pool.install(|| {
            (next_game..next_game + batch)
                .into_par_iter()
                .map(|index| play_game(tables, options, game_seed(options.seed, index)))
                .collect()
        });
        for (index, game) in (next_game..).zip(games) {
            // The games past the one that completes the count are dropped,
            // so that the files do not depend on the batch size.
            if summary.train + summary.validation + summary.heldout >= options.positions {
                break;
            }
            let (records, by_engine) = game?;
            summary.games += 1;
            summary.engine_games += u64::from(by_engine);
            let split = Split::of_game(game_seed(options.seed, index));
            for record in records {
                if !seen.insert(symmetry_key(&record.position)) {
                    summary.duplicates += 1;
                    continue;
                }
                let (writer, count) = match split {
                    Split::Train => (&mut writers[0], &mut summary.train),
                    Split::Validation => (&mut writers[1], &mut summary.validation),
                    Split::Heldout => (&mut writers[2], &mut summary.heldout),
                };
                writer.push(record)?;
                *count += 1;
            }
        }
        next_game += batch;
        progress(&DatagenProgress {
            games: summary.games,
            positions: summary.train + summary.validation + summary.heldout,
            wanted: options.positions,
        });
    }
    for writer in writers {
        writer.finish()?;
    }
    Ok(summary)
}

fn check(options: &DatagenOptions) -> Result<(), DatagenError> {
    let invalid = |option, reason: &str| {
        Err(DatagenError::InvalidOption {
            option,
            reason: reason.to_string(),
        })
    };
    if !(0.0..=1.0).contains(&options.engine_share) {
        return invalid("engine_share", "must be between 0 and 1");
    }
    if options.threads == 0 || options.threads > 256 {
        return invalid("threads", "must be from 1 to 256");
    }
    if options.max_plies == 0 {
        return invalid("max_plies", "must be at least 1");
    }
    Ok(())
}

/// The seed of game `index`: one stream of its own, apart from the seeds
/// that the benchmarks' random openings and critical positions use.
fn game_seed(seed: u64, index: u64) -> u64 {
    SplitMix64::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xDA7A_6E4E).next_u64() ^ index
}

/// A key equal for two positions exactly when one is the image of the
/// other under a symmetry of the board.
pub(crate) fn symmetry_key(position: &Position) -> u128 {
    let sets = Symmetry::ALL
        .iter()
        .map(|s| {
            (u64::from(s.apply_set(position.tigers()).bits()) << 25)
                | u64::from(s.apply_set(position.goats()).bits())
        })
        .min()
        .unwrap_or(0);
    u128::from(sets)
        | u128::from(position.goats_in_hand()) << 64
        | u128::from(position.goats_captured()) << 72
        | u128::from(position.side_to_move() == Side::Tiger) << 80
}

/// One game's labelled positions, and whether the engine played it.
fn play_game(
    tables: &Tablebase,
    options: &DatagenOptions,
    seed: u64,
) -> Result<(Vec<LabelledPosition>, bool), DatagenError> {
    let mut rng = SplitMix64::new(seed);
    let rules = *tables.rules();
    let mut game = Game::new(rules);
    let opening = rng.below(9);
    let by_engine = rng.next_f64() < options.engine_share;
    // Perfect play makes a random move this often.
    let noise = 0.03 + 0.25 * rng.next_f64();
    let mut engines = if by_engine {
        let mut side = || -> Result<(Engine, Limits), EngineError> {
            let engine = Engine::new(EngineOptions {
                level: Some(1 + rng.below(20) as u8),
                seed: rng.next_u64(),
                hash_mb: 2,
                // Not the shipped network, which these files train: the
                // data must not depend on the weights made from it.
                evaluation: Evaluation::Classic,
                ..EngineOptions::default()
            })?;
            Ok((engine, Limits::nodes(200 + rng.below(3000) as u64)))
        };
        Some([side()?, side()?])
    } else {
        None
    };
    let mut records = Vec::new();
    let label = |position: &Position, ply: usize| -> Result<LabelledPosition, DatagenError> {
        let probe = tables.probe(position)?;
        Ok(LabelledPosition {
            position: *position,
            value: probe.value,
            distance: probe.distance,
            ply: ply.min(usize::from(u16::MAX)) as u16,
        })
    };
    for ply in 0..options.max_plies as usize {
        if game.is_game_over() {
            break;
        }
        let position = *game.position();
        records.push(label(&position, ply)?);
        let moves = game.legal_moves();
        if rng.below(2) == 0 {
            let other = position
                .play(moves[rng.below(moves.len())])
                .expect("a legal move");
            if !other.is_game_over() {
                records.push(label(&other, ply + 1)?);
            }
        }
        let mv: Move = if ply < opening || (!by_engine && rng.next_f64() < noise) {
            moves[rng.below(moves.len())]
        } else if let Some(engines) = engines.as_mut() {
            let (engine, limits) =
                &mut engines[usize::from(position.side_to_move() == Side::Tiger)];
            engine.best_move(&game, limits)?
        } else {
            let best = PerfectPlayer::perfect_moves(tables, &game)?;
            best[rng.below(best.len())]
        };
        game.push_unchecked(mv);
    }
    Ok((records, by_engine))
}
