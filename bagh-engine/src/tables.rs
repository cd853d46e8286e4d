//! Tablebases in the search: scores of probes inside the tree, and the
//! choice of a root move by the tables alone.
//!
//! The tables know positions, not games: their value is the position's as
//! if it were new. At the root only the moves the game allows are
//! considered (under `forbidden`, the tables' best move may be banned), and
//! they are ranked by what the tables say of the position each leads to.

use bagh_core::{Game, Move, MoveList, Position};
use bagh_tablebase::{Probe, Tablebase, Value};

use crate::score::{DRAW, TABLE_WIN, WIN};
use crate::Score;

/// A probe as a search score at `ply` from the root.
pub(crate) fn search_score(probe: Probe, ply: usize) -> i32 {
    let ply = ply as i32;
    match (probe.value, probe.distance) {
        (Value::Win, Some(d)) => WIN - ply - i32::from(d),
        (Value::Win, None) => TABLE_WIN - ply,
        (Value::Loss, Some(d)) => -(WIN - ply - i32::from(d)),
        (Value::Loss, None) => -(TABLE_WIN - ply),
        (Value::Draw, _) => DRAW,
    }
}

/// A probe as a public score.
pub(crate) fn score(probe: Probe) -> Score {
    Score::from(probe)
}

impl From<Probe> for Score {
    /// The tables' value for the side to move as a proven score, with the
    /// distance where the tables know it: what a front end shows beside an
    /// engine's score, through the same display ([`Score::pov`]).
    ///
    /// ```
    /// use bagh_core::Side;
    /// use bagh_engine::Score;
    /// use bagh_tablebase::{Probe, Value};
    ///
    /// let draw = Score::from(Probe::new(Value::Draw, None));
    /// assert_eq!(draw.pov(Side::Tiger).to_string(), "draw");
    /// let lost = Score::from(Probe::new(Value::Loss, Some(12)));
    /// assert_eq!(lost.pov(Side::Tiger).to_string(), "goats win in 12 plies");
    /// ```
    fn from(probe: Probe) -> Score {
        let distance = probe.distance.map(u32::from);
        match probe.value {
            Value::Win => Score::Win(distance),
            Value::Loss => Score::Loss(distance),
            Value::Draw => Score::Draw,
        }
    }
}

/// A root move as the tables see it.
#[derive(Clone, Debug)]
pub(crate) struct TableMove {
    pub mv: Move,
    /// The score for the side to move at the root after this move.
    pub score: Score,
    /// For a drawing move: how many replies keep the draw for the
    /// opponent (fewer leaves more chances for a mistake).
    pub drawing_replies: usize,
}

impl TableMove {
    /// Higher is better: wins (the fastest first), then draws (the fewest
    /// drawing replies first), then losses (the slowest first).
    fn rank(&self) -> (u8, i64) {
        match self.score {
            Score::Win(d) => (3, -i64::from(d.unwrap_or(u32::MAX / 2))),
            Score::Draw | Score::Value(_) => (2, -(self.drawing_replies as i64)),
            Score::Loss(d) => (1, i64::from(d.unwrap_or(0))),
        }
    }
}

/// The game's moves ranked by the tables, best first; `None` when the
/// tables do not know every position involved (placement layers missing).
pub(crate) fn rank(tables: &Tablebase, game: &Game, moves: &MoveList) -> Option<Vec<TableMove>> {
    let position = game.position();
    tables.probe(position).ok()?;
    let mut ranked = Vec::with_capacity(moves.len());
    for &mv in moves {
        let mut after = *position;
        after.play_unchecked(mv);
        let probe = tables.probe(&after).ok()?;
        let score = score(Probe::new(
            probe.value.flip(),
            probe.distance.map(|d| d.saturating_add(1)),
        ));
        let drawing_replies = if probe.value == Value::Draw {
            drawing_replies(tables, &after)
        } else {
            0
        };
        ranked.push(TableMove {
            mv,
            score,
            drawing_replies,
        });
    }
    ranked.sort_by_key(|m| std::cmp::Reverse(m.rank()));
    Some(ranked)
}

fn drawing_replies(tables: &Tablebase, position: &Position) -> usize {
    position
        .legal_moves()
        .iter()
        .filter(|&&reply| {
            let mut after = *position;
            after.play_unchecked(reply);
            tables
                .probe(&after)
                .is_ok_and(|probe| probe.value == Value::Draw)
        })
        .count()
}

/// How many of `ranked` (best first) are as good as the first.
pub(crate) fn equally_best(ranked: &[TableMove]) -> usize {
    let best = ranked[0].rank();
    ranked.iter().take_while(|m| m.rank() == best).count()
}

/// The tables' principal variation after `mv`: their best moves, the
/// first of each, while the tables know the distance, up to `plies` moves
/// in all.
pub(crate) fn principal_variation(
    tables: &Tablebase,
    position: &Position,
    mv: Move,
    plies: usize,
) -> Vec<Move> {
    let mut pv = vec![mv];
    let mut position = *position;
    position.play_unchecked(mv);
    while pv.len() < plies && position.goats_in_hand() == 0 {
        let Ok(best) = tables.best_moves(&position) else {
            break;
        };
        let Some(&next) = best.first() else {
            break;
        };
        pv.push(next);
        position.play_unchecked(next);
    }
    pv
}
