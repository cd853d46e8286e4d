//! A measurement split into parts, measured anywhere and merged.
//!
//! A part measures a range of the critical positions and a range of the
//! games; [`merge`] joins parts that tile the whole into the report that
//! [`evaluate`](super::evaluate) gives. The figures are the same because
//! each critical position, and each game's seed, depends on its index
//! alone, and because an agent must answer each game the same whatever else
//! it is asked with it (a policy of the game alone,
//! [`random_move`](super::random_move), an engine level: all seeded by the
//! game).

use std::ops::Range;
use std::sync::Arc;

use bagh_core::{Game, Move};
use bagh_tablebase::Tablebase;

use super::{
    critical_positions, games, judge_critical, BenchmarkError, BenchmarkOptions, BenchmarkReport,
    Rate,
};

/// Which critical positions and games a part measures.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Part {
    /// Indices into the critical positions, `0..options.positions`.
    pub positions: Range<usize>,
    /// Indices into the games, `0..2 * options.games`: those against the
    /// random style first, then those against the narrowing style.
    pub games: Range<usize>,
}

impl Part {
    /// The whole measurement as one part.
    pub fn whole(options: &BenchmarkOptions) -> Part {
        Part {
            positions: 0..options.positions,
            games: 0..2 * options.games,
        }
    }

    /// `count` parts (at least one) that tile the whole, the positions and
    /// the games each shared out as evenly as they go.
    ///
    /// ```
    /// use bagh_rl::benchmark::{BenchmarkOptions, Part};
    ///
    /// let options = BenchmarkOptions { positions: 10, games: 3, ..BenchmarkOptions::default() };
    /// let parts = Part::split(&options, 4);
    /// assert_eq!(parts[0], Part { positions: 0..2, games: 0..1 });
    /// assert_eq!(parts[3], Part { positions: 7..10, games: 4..6 });
    /// ```
    pub fn split(options: &BenchmarkOptions, count: usize) -> Vec<Part> {
        let count = count.max(1);
        let share = |total: usize, k: usize| total * k / count;
        let games = 2 * options.games;
        (0..count)
            .map(|k| Part {
                positions: share(options.positions, k)..share(options.positions, k + 1),
                games: share(games, k)..share(games, k + 1),
            })
            .collect()
    }
}

/// What a part measured: its report covers only its positions and games.
#[derive(Clone, Debug, PartialEq)]
pub struct PartReport {
    /// The part.
    pub part: Part,
    /// The options of the whole measurement.
    pub options: BenchmarkOptions,
    /// The figures of the part's positions and games alone; `seeds` are the
    /// whole's where the part has positions, `(first_seed, first_seed)`
    /// where it has none.
    pub report: BenchmarkReport,
}

/// Measures `agent` on one part of the measurement that `options` describe
/// (see the module docs). Every part computes the critical positions of
/// the whole, which costs little beside the agent's answers, so that no
/// part depends on another.
pub fn evaluate_part<E>(
    tables: &Arc<Tablebase>,
    options: &BenchmarkOptions,
    part: &Part,
    mut agent: impl FnMut(&[&Game]) -> Result<Vec<Move>, E>,
) -> Result<PartReport, BenchmarkError<E>> {
    check_range("positions", &part.positions, options.positions).map_err(BenchmarkError::Part)?;
    check_range("games", &part.games, 2 * options.games).map_err(BenchmarkError::Part)?;
    let (critical, seeds) = if part.positions.is_empty() {
        (Default::default(), (options.first_seed, options.first_seed))
    } else {
        let (found, next_seed) = critical_positions(tables, options.first_seed, options.positions)?;
        // The seeds may run out before `options.positions` are found (see
        // `critical_positions`): the whole then has fewer, and so has a part.
        let end = part.positions.end.min(found.len());
        let start = part.positions.start.min(end);
        let critical = judge_critical(&found[start..end], options.batch, &mut agent)?;
        (critical, (options.first_seed, next_seed))
    };
    let (games, losing_moves, forced_losses) =
        games::play(tables, options, part.games.clone(), &mut agent)?;
    Ok(PartReport {
        part: part.clone(),
        options: options.clone(),
        report: BenchmarkReport {
            critical,
            seeds,
            games,
            losing_moves,
            forced_losses,
        },
    })
}

fn check_range(what: &str, range: &Range<usize>, total: usize) -> Result<(), String> {
    if range.start > range.end || range.end > total {
        return Err(format!(
            "{what} {}..{} are not within 0..{total}",
            range.start, range.end
        ));
    }
    Ok(())
}

/// Why parts could not be merged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MergeError {
    /// No part was given.
    #[error("no part to merge")]
    NoParts,
    /// The parts belong to different measurements.
    #[error("the parts measure different things: {0}")]
    Mismatch(String),
    /// The parts' positions or games leave some out, or count some twice.
    #[error("the parts do not tile the measurement: {0}")]
    Tiling(String),
}

/// Whether two option sets describe the same measurement (`batch` changes
/// only how many games the agent is asked at once).
fn same_measurement(a: &BenchmarkOptions, b: &BenchmarkOptions) -> bool {
    (a.positions, a.first_seed, a.games, a.seed, a.max_plies)
        == (b.positions, b.first_seed, b.games, b.seed, b.max_plies)
}

/// Checks that the non-empty `ranges` cover `0..total` once each.
fn check_tiling(what: &str, mut ranges: Vec<Range<usize>>, total: usize) -> Result<(), MergeError> {
    ranges.retain(|r| !r.is_empty());
    ranges.sort_by_key(|r| (r.start, r.end));
    let mut covered = 0;
    for range in ranges {
        if range.start > covered {
            return Err(MergeError::Tiling(format!(
                "{what} {covered}..{} are in no part",
                range.start
            )));
        }
        if range.start < covered {
            return Err(MergeError::Tiling(format!(
                "{what} {}..{} are in two parts",
                range.start,
                covered.min(range.end)
            )));
        }
        covered = range.end;
    }
    if covered < total {
        return Err(MergeError::Tiling(format!(
            "{what} {covered}..{total} are in no part"
        )));
    }
    Ok(())
}

/// The report of the whole from parts that tile it, in any order: the
/// critical positions and the move counts summed, the games in the whole's
/// order.
pub fn merge(parts: impl IntoIterator<Item = PartReport>) -> Result<BenchmarkReport, MergeError> {
    let mut parts: Vec<PartReport> = parts.into_iter().collect();
    let Some(first) = parts.first() else {
        return Err(MergeError::NoParts);
    };
    let options = first.options.clone();
    if let Some(other) = parts
        .iter()
        .find(|p| !same_measurement(&p.options, &options))
    {
        return Err(MergeError::Mismatch(format!(
            "{:?} and {:?}",
            options, other.options
        )));
    }
    let ranges = |f: fn(&Part) -> &Range<usize>| parts.iter().map(|p| f(&p.part).clone()).collect();
    check_tiling("positions", ranges(|p| &p.positions), options.positions)?;
    check_tiling("games", ranges(|p| &p.games), 2 * options.games)?;
    let mut seeds = (options.first_seed, options.first_seed);
    let with_positions = parts.iter().filter(|p| !p.part.positions.is_empty());
    for (i, part) in with_positions.enumerate() {
        if i > 0 && part.report.seeds != seeds {
            return Err(MergeError::Mismatch(format!(
                "critical positions of seeds {:?} and {:?}",
                seeds, part.report.seeds
            )));
        }
        seeds = part.report.seeds;
    }
    parts.sort_by_key(|p| p.part.games.start);
    let mut report = BenchmarkReport {
        critical: Default::default(),
        seeds,
        games: Vec::with_capacity(2 * options.games),
        losing_moves: Rate::default(),
        forced_losses: Rate::default(),
    };
    for part in parts {
        for (whole, of_part) in report.critical.iter_mut().zip(&part.report.critical) {
            for (w, p) in whole.iter_mut().zip(of_part) {
                *w = w.merge(p);
            }
        }
        report.losing_moves = report.losing_moves.merge(&part.report.losing_moves);
        report.forced_losses = report.forced_losses.merge(&part.report.forced_losses);
        report.games.extend(part.report.games);
    }
    Ok(report)
}
