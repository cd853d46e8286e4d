//! The longest forced win of the movement table, with one line of best
//! moves checked by playing it out.

use bagh_core::{Move, Position, Side};
use bagh_tablebase::{MovementStatistics, Tablebase};

use crate::error::CliError;

/// A longest win and a line that plays it.
pub struct LongestWin {
    /// Plies to the end.
    pub distance: u16,
    /// Where it starts; the side to move wins.
    pub position: Position,
    /// One line of best moves, `distance` plies long.
    pub line: Vec<Move>,
}

/// The longest win over every layer (the goats' when the sides tie), played
/// out by taking the first of the tables' best moves at each ply. The line
/// must end the game in exactly its distance with the right winner; if it
/// does not, the tables contradict themselves and that is an error.
pub fn longest_win(
    tables: &Tablebase,
    stats: &MovementStatistics,
) -> Result<Option<LongestWin>, CliError> {
    let Some((distance, position)) = stats
        .layers
        .iter()
        .filter_map(|l| l.longest_win)
        .max_by_key(|(d, p)| (*d, p.side_to_move() == Side::Goat))
    else {
        return Ok(None);
    };
    let mut line = Vec::with_capacity(usize::from(distance));
    let mut at = position;
    while at.outcome().is_none() && line.len() <= usize::from(distance) {
        let Some(&mv) = tables.best_moves(&at)?.first() else {
            break;
        };
        line.push(mv);
        at = at.play(mv)?;
    }
    let won = at
        .outcome()
        .is_some_and(|o| o.winner == Some(position.side_to_move()));
    if !won || line.len() != usize::from(distance) {
        return Err(CliError::failure(format!(
            "the longest win, {distance} plies from {position}, does not play out: \
             after {} plies of best moves the position is {at}",
            line.len()
        )));
    }
    Ok(Some(LongestWin {
        distance,
        position,
        line,
    }))
}
