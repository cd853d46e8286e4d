//! A game: a start position plus the moves played, with everything that needs
//! history (repetition, the no-progress limit, undo).
//!
//! ```
//! use bagh_core::{Game, Move, Ruleset};
//!
//! let mut game = Game::new(Ruleset::default());
//! game.push("c3".parse::<Move>()?)?;
//! game.push("a1b2".parse::<Move>()?)?;
//! assert_eq!(game.len(), 2);
//! assert_eq!(game.peek().map(|m| m.to_string()), Some("a1b2".to_string()));
//! assert_eq!(game.position().to_string(), "T3T/5/2G2/1T3/4T g 19 0");
//! game.pop();
//! assert_eq!(game.position().to_string(), "T3T/5/2G2/5/T3T t 19 0");
//! assert_eq!(game.outcome(), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::IllegalMoveError;
use crate::{Move, MoveList, Outcome, Position, Repetition, Ruleset, Side, Termination};

/// Plies the history vectors of a new game hold before they grow: most games
/// end before that, and growing them one doubling at a time showed in the
/// cost of short playouts.
const RESERVED_PLIES: usize = 128;

/// A vector with room for a game's history, holding `first`.
fn with_first<T>(first: T) -> Vec<T> {
    let mut items = Vec::with_capacity(RESERVED_PLIES + 1);
    items.push(first);
    items
}

/// The bit of `key` in a stretch's filter.
fn filter_bit(key: u64) -> u128 {
    1 << (key % 128)
}

/// What the history keeps of each position besides the position itself.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Mark {
    /// Its Zobrist key, updated per move.
    key: u64,
    /// Its no-progress counter.
    quiet: u32,
    /// Its stretch's filter (see [`Current::filter`]).
    filter: u128,
}

/// What a step reads of the game, kept beside the history: the current
/// position, its key, its no-progress counter and its stretch's filter.
/// Reading these, not the ends of the history vectors, keeps a step of many
/// games at once (an RL batch) out of cold memory.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Current {
    position: Position,
    key: u64,
    quiet: u32,
    /// A bit per key (modulo 128) of the positions since the last
    /// placement or capture: a clear bit proves at once that a position is
    /// not among them, so the `forbidden` check rarely scans the history.
    filter: u128,
}

/// A start position and the moves played from it. Equality compares the start
/// and the moves (everything else follows from them).
///
/// Legal moves here honour the `forbidden` repetition policy, and the outcome
/// adds `draw(n)` repetition and the no-progress limit to what the
/// [`Position`] alone can tell.
#[derive(Clone, PartialEq, Eq)]
pub struct Game {
    /// `positions[i]` is the position after `i` moves; `positions[0]` the start.
    positions: Vec<Position>,
    /// The key, counter and filter of each position, in one vector so
    /// that a move writes one place, not three.
    marks: Vec<Mark>,
    moves: Vec<Move>,
    current: Current,
}

impl Default for Game {
    /// A new game of `bagh-chal`.
    fn default() -> Game {
        Game::new(Ruleset::default())
    }
}

impl Game {
    /// A new game from the rule set's start position.
    pub fn new(rules: Ruleset) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A game that starts from `start` (whose no-progress counter starts at 0).
    pub fn from_position(start: Position) -> Game {
        let key = start.zobrist();
        let filter = filter_bit(key);
        Game {
            positions: with_first(start),
            marks: with_first(Mark {
                key,
                quiet: 0,
                filter,
            }),
            moves: Vec::with_capacity(RESERVED_PLIES),
            current: Current {
                position: start,
                key,
                quiet: 0,
                filter,
            },
        }
    }

    /// The rule set.
    pub fn rules(&self) -> &Ruleset {
        self.start().rules()
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The side to move in the current position.
    pub fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.current.position
    }

    /// Every position of the game, the start first and the current last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of plies played.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The last move played.
    pub fn peek(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// The Zobrist key of the current position, kept up to date per move.
    pub fn zobrist(&self) -> u64 {
        self.current.key
    }

    /// Plies since the last goat was placed or the last capture (0 while goats
    /// are still being placed).
    pub fn no_progress_plies(&self) -> u32 {
        self.current.quiet
    }

    /// How many times `position` (with `key`, its Zobrist key) occurs in the
    /// game, where `position` is the current one (`after_one_more` false) or
    /// follows it by one move (true). Goats in hand only fall and captures
    /// only rise, so only the positions since the last placement or capture
    /// can match: the last `no_progress_plies() + 1`. Of those, only every
    /// other one has the same side to move.
    fn occurrences(&self, position: &Position, key: u64, after_one_more: bool) -> usize {
        if self.current.filter & filter_bit(key) == 0 {
            return 0;
        }
        let window = self.no_progress_plies() as usize + 1;
        let first = self.positions.len() - window.min(self.positions.len());
        self.marks[first..]
            .iter()
            .zip(&self.positions[first..])
            .rev()
            .skip(usize::from(after_one_more))
            .step_by(2)
            .filter(|(mark, earlier)| mark.key == key && *earlier == position)
            .count()
    }

    /// How many times the current position has occurred in this game,
    /// itself included (so at least 1).
    pub fn repetition_count(&self) -> usize {
        self.occurrences(self.position(), self.zobrist(), false)
    }

    /// Whether playing `mv` (a legal move of the current position) would
    /// recreate a position that already occurred.
    pub fn repeats(&self, mv: Move) -> bool {
        let position = self.position();
        // A placement or a capture makes a position unlike every earlier one.
        if mv.is_capture() || mv.is_place() {
            return false;
        }
        let key = position.zobrist_after(self.zobrist(), mv);
        if self.current.filter & filter_bit(key) == 0 {
            return false;
        }
        let mut next = *position;
        next.play_unchecked(mv);
        self.occurrences(&next, key, true) > 0
    }

    fn forbids_repetition(&self) -> bool {
        self.rules().repetition() == Repetition::Forbidden
    }

    /// Appends the position's legal moves less those the repetition policy
    /// forbids, whether or not the game has ended otherwise.
    fn push_playable_moves(&self, moves: &mut MoveList) {
        self.position().push_legal_moves(moves);
        // A position recurs at the earliest four plies later, and only the
        // positions since the last placement or capture can recur: with fewer
        // than three quiet plies behind it no move can repeat anything.
        if self.forbids_repetition() && self.no_progress_plies() >= 3 {
            moves.retain(|mv| !self.repeats(*mv));
        }
    }

    fn playable_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.push_playable_moves(&mut moves);
        moves
    }

    fn has_playable_move(&self) -> bool {
        if self.forbids_repetition() {
            !self.playable_moves().is_empty()
        } else {
            self.position().has_legal_move()
        }
    }

    /// The legal moves: none once the game is over; under the `forbidden`
    /// policy, without the moves that would recreate an earlier position.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// [`Game::legal_moves`] written into `moves` (cleared first): a caller
    /// that keeps one list, as an RL environment does for each game, saves
    /// copying a whole list at every step.
    pub fn legal_moves_into(&self, moves: &mut MoveList) {
        moves.clear();
        self.push_playable_moves(moves);
        if self.outcome_given(!moves.is_empty()).is_some() {
            moves.clear();
        }
    }

    /// Whether `mv` can be played now: legal in the position, not forbidden
    /// by the repetition policy, and the game not over.
    ///
    /// ```
    /// use bagh_core::{Game, Move};
    ///
    /// let game = Game::default();
    /// assert!(game.is_legal("c3".parse::<Move>()?));
    /// assert!(!game.is_legal("a1a2".parse::<Move>()?)); // goats are to move
    /// # Ok::<(), bagh_core::ParseError>(())
    /// ```
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The captures among [`Game::legal_moves`].
    pub fn legal_captures(&self) -> MoveList {
        let mut moves = self.legal_moves();
        moves.retain(|mv| mv.is_capture());
        moves
    }

    /// The result as in game records: `1-0`, `0-1`, `1/2-1/2`, or `*` while
    /// the game goes on.
    pub fn result(&self) -> &'static str {
        self.outcome().map_or("*", |outcome| outcome.result())
    }

    /// How the game ended, if it has, in the order of the
    /// [rules guide](crate::guide::rules#the-end-of-the-game): capture target,
    /// side to move blocked (counting forbidden repetitions), `draw(n)`
    /// repetition, no-progress limit.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_given(self.has_playable_move())
    }

    /// [`Game::outcome`], told whether the side to move has a playable move.
    fn outcome_given(&self, has_playable_move: bool) -> Option<Outcome> {
        let position = self.position();
        if position.is_capture_target_reached() {
            return position.outcome();
        }
        if !has_playable_move {
            return Some(position.blocked_outcome());
        }
        if let Repetition::Draw(n) = self.rules().repetition() {
            if self.repetition_count() >= usize::from(n) {
                return Some(Outcome {
                    winner: None,
                    reason: Termination::Repetition,
                });
            }
        }
        if let Some(limit) = self.rules().no_progress_limit() {
            if self.no_progress_plies() >= u32::from(limit.get()) {
                return Some(Outcome {
                    winner: None,
                    reason: Termination::NoProgress,
                });
            }
        }
        None
    }

    /// Whether the game is over.
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Plays `mv` if it is legal in this game; otherwise returns an error that
    /// names the move, the position and the reason (for a repetition, the ply
    /// repeated), and changes nothing.
    pub fn push(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let moves = self.playable_moves();
        let outcome = self.outcome_given(!moves.is_empty());
        if outcome.is_some() || !moves.contains(&mv) {
            return Err(crate::illegal_move::in_game(self, mv, &moves, outcome));
        }
        self.push_unchecked(mv);
        Ok(())
    }

    /// Plays `mv` without checking it: for moves taken from
    /// [`Game::legal_moves`].
    pub fn push_unchecked(&mut self, mv: Move) {
        let position = *self.position();
        let key = position.zobrist_after(self.zobrist(), mv);
        let mut next = position;
        next.play_unchecked(mv);
        let (quiet, filter) = if next.in_hand > 0 || mv.is_place() || mv.is_capture() {
            (0, filter_bit(key))
        } else {
            (
                self.no_progress_plies().saturating_add(1),
                self.current.filter | filter_bit(key),
            )
        };
        self.current = Current {
            position: next,
            key,
            quiet,
            filter,
        };
        self.positions.push(next);
        self.marks.push(Mark { key, quiet, filter });
        self.moves.push(mv);
    }

    /// Takes back the last move and returns it; `None` at the start.
    pub fn pop(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.marks.pop();
        self.restore_current();
        Some(mv)
    }

    /// Takes back every move: the game is at its start again, and keeps
    /// the memory of its history for the next one.
    pub fn rewind(&mut self) {
        self.moves.clear();
        self.positions.truncate(1);
        self.marks.truncate(1);
        self.restore_current();
    }

    /// The current state from the ends of the history.
    fn restore_current(&mut self) {
        let last = self.positions.len() - 1;
        let Mark { key, quiet, filter } = self.marks[last];
        self.current = Current {
            position: self.positions[last],
            key,
            quiet,
            filter,
        };
    }
}
