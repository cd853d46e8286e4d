//! The package's position string: `B3B/5/5/5/B3B G 0`.

use super::error::expected;
use super::{BaghchalError, BaghchalErrorKind, BaghchalText};
use crate::{Position, Ruleset, Side};

/// A position read from the package's position string, with its count of
/// goat plies (which bagh's history-free [`Position`] does not keep once
/// every goat is placed).
///
/// ```
/// use bagh_core::interop::baghchal::{self, BaghchalPosition};
/// use bagh_core::Position;
///
/// let read = baghchal::read_position("B3B/5/5/5/B3B G 0", baghchal::rules())?;
/// assert_eq!(read, BaghchalPosition { position: Position::new(baghchal::rules()), goat_plies: 0 });
/// # Ok::<(), baghchal::BaghchalError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct BaghchalPosition {
    /// The position, under the rule set it was read against.
    pub position: Position,
    /// The goat plies played before it (placements and goat moves).
    pub goat_plies: u32,
}

/// Reads the package's position string against `rules` (normally
/// [`rules`](super::rules)), which checks it as it checks bagh's own position strings.
///
/// ```
/// use bagh_core::interop::baghchal;
///
/// let read = baghchal::read_position("GBGGB/1GGG1/1GGGG/BG2G/1GGGB G 31", baghchal::rules())?;
/// assert_eq!(read.position.to_string(), "GTGGT/1GGG1/1GGGG/TG2G/1GGGT g 0 5");
/// assert_eq!(read.goat_plies, 31);
/// # Ok::<(), baghchal::BaghchalError>(())
/// ```
pub fn read_position(text: &str, rules: Ruleset) -> Result<BaghchalPosition, BaghchalError> {
    const WHAT: BaghchalText = BaghchalText::Position;
    let fields: Vec<&str> = text.split(' ').collect();
    let columns: Vec<usize> = fields
        .iter()
        .scan(1, |column, field| {
            let at = *column;
            *column += field.chars().count() + 1;
            Some(at)
        })
        .collect();
    let field = |index: usize| fields.get(index).copied().unwrap_or("");
    let column = |index: usize| {
        columns
            .get(index)
            .copied()
            .unwrap_or_else(|| text.chars().count() + 1)
    };
    if fields.len() > 3 {
        return Err(expected(
            WHAT,
            column(3) - 1,
            "the end after three fields",
            field(3),
        ));
    }
    let board = field(0);
    if board.is_empty() {
        return Err(expected(WHAT, 1, "the board", ""));
    }
    if let Some((index, c)) = board
        .chars()
        .enumerate()
        .find(|(_, c)| !matches!(c, 'B' | 'G' | '/' | '0'..='9'))
    {
        return Err(expected(
            WHAT,
            index + 1,
            "B, G, a digit or /",
            &c.to_string(),
        ));
    }
    let to_move = match field(1) {
        "G" => Side::Goat,
        "B" => Side::Tiger,
        found => return Err(expected(WHAT, column(1), "G or B", found)),
    };
    let plies_text = field(2);
    let goat_plies: u32 = match plies_text.parse() {
        Ok(n) if plies_text.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => {
            return Err(expected(
                WHAT,
                column(2),
                "the number of goat plies",
                plies_text,
            ))
        }
    };
    let goats_on_board = board.matches('G').count() as u32;
    let goats = u32::from(rules.goats());
    let in_hand = goats.saturating_sub(goat_plies);
    let inconsistent = |column, reason| {
        Err(BaghchalError::new(
            WHAT,
            column,
            BaghchalErrorKind::Inconsistent { reason },
        ))
    };
    let Some(captured) = goats.checked_sub(in_hand + goats_on_board) else {
        return inconsistent(
            column(2),
            format!(
                "goat plies: {goat_plies} goat plies leave {in_hand} of {goats} goats in hand, \
                 and {goats_on_board} are on the board"
            ),
        );
    };
    if to_move == Side::Tiger && goat_plies == 0 {
        return inconsistent(
            column(1),
            "side to move: the tigers cannot move before the first goat ply".to_string(),
        );
    }
    let ours = format!(
        "{} {} {in_hand} {captured}",
        board.replace('B', "T"),
        to_move.char()
    );
    let position = Position::from_text(&ours, rules).map_err(|error| {
        // The board field is the same in both strings; the other errors are
        // about the counts, which come from the goat plies.
        let column = if error.column() <= board.chars().count() {
            error.column()
        } else {
            column(2)
        };
        BaghchalError::new(WHAT, column, BaghchalErrorKind::Position(error))
    })?;
    Ok(BaghchalPosition {
        position,
        goat_plies,
    })
}

/// Writes `position` as the package's position string. `goat_plies` is the
/// last field; `None` takes the fewest goat plies that reach the position:
/// the goats placed so far (which is exact while goats are being placed).
///
/// ```
/// use bagh_core::interop::baghchal;
/// use bagh_core::Position;
///
/// assert_eq!(baghchal::write_position(&Position::default(), None), "B3B/5/5/5/B3B G 0");
/// let later = Position::from_text("GTGGT/1GGG1/1GGGG/TG2G/1GGGT g 0 5", baghchal::rules())?;
/// assert_eq!(baghchal::write_position(&later, Some(31)), "GBGGB/1GGG1/1GGGG/BG2G/1GGGB G 31");
/// # Ok::<(), bagh_core::ParseError>(())
/// ```
pub fn write_position(position: &Position, goat_plies: Option<u32>) -> String {
    let text = position.to_string();
    let board = text.split(' ').next().unwrap_or_default().replace('T', "B");
    let side = match position.side_to_move() {
        Side::Goat => 'G',
        Side::Tiger => 'B',
    };
    let plies = goat_plies.unwrap_or_else(|| {
        u32::from(position.rules().goats()) - u32::from(position.goats_in_hand())
    });
    format!("{board} {side} {plies}")
}
