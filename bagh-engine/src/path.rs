//! The game as the search walks it: the game's history and the moves of the
//! search on top, with the repetition policy and the no-progress limit
//! applied exactly as [`Game`] applies them, but without copying move lists
//! or judging the outcome on every push.

use std::sync::Arc;

use bagh_core::{Game, Move, MoveList, Position, Repetition};

use crate::network::{Accumulator, Network, NetworkOutput};

/// Buckets of the key filter: a zero count proves a position new.
const BUCKETS: usize = 1024;

fn bucket(key: u64) -> usize {
    (key % BUCKETS as u64) as usize
}

/// Runs `$body` with `$mv` bound to each legal move of `$position`, in the
/// order of [`Position::legal_moves`] (the tigers' moves as
/// [`bagh_core::for_each_tiger_move`] makes them). A macro, so that the
/// body is written out where each kind of move is made and what it does
/// with the move's kind and points folds away.
macro_rules! for_each_legal_move {
    ($position:expr, |$mv:ident| $body:block) => {{
        let position: &bagh_core::Position = $position;
        if !position.is_capture_target_reached() {
            let empty = position.empty();
            let tigers = position.tigers();
            let goats = position.goats();
            // Every index made here is on the board.
            let point = |index: i32| match bagh_core::Point::from_index(index as usize) {
                Some(point) => point,
                None => unreachable!("a move leaves the board"),
            };
            match position.side_to_move() {
                bagh_core::Side::Goat if position.goats_in_hand() > 0 => {
                    for to in empty {
                        let $mv = bagh_core::Move::Place { to };
                        $body
                    }
                }
                bagh_core::Side::Goat => {
                    // The goats that can step along each direction (the
                    // shifts written out per direction), each set in the
                    // order of the points they reach.
                    let movers = $crate::eval::each_direction(|direction| {
                        goats & direction.opposite().shift(empty)
                    });
                    for (direction, movers) in bagh_core::Direction::ALL.into_iter().zip(movers) {
                        let offset = direction.offset();
                        for from in movers {
                            let to = point(from.index() as i32 + offset);
                            let $mv = bagh_core::Move::Step { from, to };
                            $body
                        }
                    }
                }
                bagh_core::Side::Tiger => {
                    let mut any_capture = false;
                    for direction in bagh_core::Direction::ALL {
                        let offset = direction.offset();
                        let over = direction.shift(tigers) & goats;
                        for to in direction.shift(over) & empty {
                            any_capture = true;
                            let to_index = to.index() as i32;
                            let $mv = bagh_core::Move::Capture {
                                from: point(to_index - 2 * offset),
                                over: point(to_index - offset),
                                to,
                            };
                            $body
                        }
                    }
                    if !(any_capture && position.rules().mandatory_capture()) {
                        let slide = position.rules().tiger_moves() == bagh_core::TigerMoves::Slide;
                        for direction in bagh_core::Direction::ALL {
                            let offset = direction.offset();
                            let mut reached = direction.shift(tigers) & empty;
                            let mut distance = 1;
                            while !reached.is_empty() {
                                for to in reached {
                                    let from = point(to.index() as i32 - offset * distance);
                                    let $mv = bagh_core::Move::Step { from, to };
                                    $body
                                }
                                if !slide {
                                    break;
                                }
                                reached = direction.shift(reached) & empty;
                                distance += 1;
                            }
                        }
                    }
                }
            }
        }
    }};
}
pub(crate) use for_each_legal_move;

/// How a node of the search ends, if it does (see [`GamePath::status`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Status {
    /// The side to move has lost (capture target reached, or blocked where
    /// that loses).
    Lost,
    /// Drawn by a blocked goat side.
    Blocked,
    /// Drawn by repetition or by the no-progress limit: a result that
    /// depends on the path.
    PathDraw,
}

/// One position of the line with its key and no-progress counter.
#[derive(Copy, Clone)]
struct Step {
    position: Position,
    key: u64,
    /// Plies since the last placement or capture.
    quiet: u32,
}

/// A game's positions with their keys and no-progress counters, pushed and
/// popped by the search.
pub(crate) struct GamePath {
    line: Vec<Step>,
    /// The last of `line`, kept apart so that reading it needs no check.
    current: Step,
    buckets: Vec<u32>,
    repetition: Repetition,
    no_progress_limit: Option<u32>,
    /// The evaluation network, if the search uses one, and the accumulator
    /// of each position of `line`, pushed and popped with it.
    network: Option<Arc<Network>>,
    accumulators: Vec<Accumulator>,
}

impl GamePath {
    /// The line of `game`, its current position last.
    pub(crate) fn new(game: &Game) -> GamePath {
        let rules = *game.rules();
        let start = *game.start();
        let key = start.zobrist();
        let first = Step {
            position: start,
            key,
            quiet: 0,
        };
        let mut line = GamePath {
            line: Vec::with_capacity(game.len() + 256),
            current: first,
            buckets: vec![0; BUCKETS],
            repetition: rules.repetition(),
            no_progress_limit: rules.no_progress_limit().map(|n| u32::from(n.get())),
            network: None,
            accumulators: Vec::new(),
        };
        line.line.push(first);
        line.buckets[bucket(key)] += 1;
        for &mv in game.moves() {
            line.push(mv);
        }
        line
    }

    /// The same line evaluated by `network`: the accumulators of its
    /// positions, the first summed, the others updated move by move.
    pub(crate) fn with_network(mut self, network: Arc<Network>) -> GamePath {
        let mut accumulators = Vec::with_capacity(self.line.capacity());
        let mut last = network.accumulate(&self.line[0].position);
        accumulators.push(last);
        for pair in self.line.windows(2) {
            last = network.update(&last, &pair[0].position, &pair[1].position);
            accumulators.push(last);
        }
        self.accumulators = accumulators;
        self.network = Some(network);
        self
    }

    /// The network's score of the current position for its side to move,
    /// when the line has a network.
    #[inline]
    pub(crate) fn network_output(&self) -> Option<NetworkOutput> {
        let network = self.network.as_ref()?;
        let acc = self.accumulators.last()?;
        Some(network.output(acc, self.current.position.side_to_move()))
    }

    #[inline]
    pub(crate) fn position(&self) -> &Position {
        &self.current.position
    }

    #[inline]
    pub(crate) fn key(&self) -> u64 {
        self.current.key
    }

    /// Plies since the last placement or capture.
    #[inline]
    pub(crate) fn quiet(&self) -> u32 {
        self.current.quiet
    }

    pub(crate) fn push(&mut self, mv: Move) {
        let current = &self.current;
        let current_position = current.position;
        let key = current.position.zobrist_after(current.key, mv);
        let mut next = current.position;
        next.play_unchecked(mv);
        let quiet = if next.goats_in_hand() > 0 || mv.is_place() || mv.is_capture() {
            0
        } else {
            current.quiet.saturating_add(1)
        };
        self.current = Step {
            position: next,
            key,
            quiet,
        };
        self.line.push(self.current);
        self.buckets[bucket(key)] += 1;
        if let (Some(network), Some(last)) = (&self.network, self.accumulators.last()) {
            let next = network.update(last, &current_position, &self.current.position);
            self.accumulators.push(next);
        }
    }

    pub(crate) fn pop(&mut self) {
        if self.line.len() > 1 {
            if let Some(last) = self.line.pop() {
                self.buckets[bucket(last.key)] -= 1;
            }
            if self.network.is_some() {
                self.accumulators.pop();
            }
            if let Some(&current) = self.line.last() {
                self.current = current;
            }
        }
    }

    /// How many earlier positions of the line equal `position` (with key
    /// `key`), which stands at index `at` with `quiet` quiet plies behind it.
    /// Only positions since the last placement or capture can match, and
    /// only every other one has the same side to move.
    fn earlier(&self, position: &Position, key: u64, at: usize, quiet: u32) -> usize {
        if self.buckets[bucket(key)] == 0 {
            return 0;
        }
        let first = at.saturating_sub(quiet as usize);
        self.line[first..at]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|step| step.key == key && step.position == *position)
            .count()
    }

    /// Whether `mv` would recreate a position of the line: inlined up to
    /// the key filter, which most moves do not pass.
    #[inline(always)]
    fn repeats(&self, mv: Move) -> bool {
        if mv.is_capture() || mv.is_place() {
            return false;
        }
        let key = self.position().zobrist_after(self.key(), mv);
        if self.buckets[bucket(key)] == 0 {
            return false;
        }
        self.repeats_after_filter(mv, key)
    }

    /// [`GamePath::repeats`] for a move whose key `key` passed the filter.
    #[inline(never)]
    fn repeats_after_filter(&self, mv: Move, key: u64) -> bool {
        let position = self.position();
        let mut next = *position;
        next.play_unchecked(mv);
        let at = self.line.len();
        self.earlier(&next, key, at, self.quiet().saturating_add(1)) > 0
    }

    /// The legal moves of the current position, less those the `forbidden`
    /// policy bans; the flag says whether any was banned (the list then
    /// depends on the path).
    #[cfg(test)]
    pub(crate) fn moves(&self) -> (MoveList, bool) {
        let mut moves = MoveList::new();
        let excluded = self.moves_into(&mut moves);
        (moves, excluded)
    }

    /// The legal moves of the current position less those the `forbidden`
    /// policy bans, into `moves` (empty), which saves copying a whole
    /// list; whether any move was banned.
    pub(crate) fn moves_into(&self, moves: &mut MoveList) -> bool {
        legal_moves_into(self.position(), moves);
        self.exclude(moves)
    }

    /// What [`GamePath::moves_into`] tells without the list: whether a move is
    /// left after the `forbidden` policy's bans, and whether any was banned.
    pub(crate) fn moves_left(&self) -> (bool, bool) {
        let (mut left, mut banned) = (false, false);
        if !self.may_ban() {
            return (self.position().has_legal_move(), false);
        }
        for_each_legal_move!(self.position(), |mv| {
            if self.repeats(mv) {
                banned = true;
            } else {
                left = true;
            }
        });
        (left, banned)
    }

    /// Whether the rule set bans repetitions (`forbidden`).
    #[cfg(feature = "tablebase")]
    pub(crate) fn forbids(&self) -> bool {
        self.repetition == Repetition::Forbidden
    }

    /// Whether the policy can ban a move here: under `forbidden`, with at
    /// least three quiet plies behind (a position recurs four plies later at
    /// the earliest).
    pub(crate) fn may_ban(&self) -> bool {
        self.repetition == Repetition::Forbidden && self.quiet() >= 3
    }

    /// Leaves out of `moves` those the `forbidden` policy bans; whether any
    /// was.
    pub(crate) fn exclude(&self, moves: &mut MoveList) -> bool {
        if !self.may_ban() {
            return false;
        }
        // Most lists lose nothing: find the first banned move before
        // rewriting the list.
        let Some(first) = moves.iter().position(|&mv| self.repeats(mv)) else {
            return false;
        };
        let mut kept = first;
        for i in first + 1..moves.len() {
            let mv = moves[i];
            if !self.repeats(mv) {
                moves[kept] = mv;
                kept += 1;
            }
        }
        moves.truncate(kept);
        true
    }

    /// How the current position ends the game, given whether the side to
    /// move has a move (from [`GamePath::moves_into`]), in the order of the rules:
    /// capture target, blocked side, repetition, no-progress limit.
    ///
    /// Under `draw(n)` the search scores any repetition as a draw (the
    /// second occurrence, not the n-th): a side that could force its way
    /// back once could do it again, and the other side, which chose to
    /// let it, had the alternatives searched.
    pub(crate) fn status(&self, has_move: bool) -> Option<Status> {
        let position = self.position();
        if position.is_capture_target_reached() {
            return Some(Status::Lost);
        }
        if !has_move {
            let loses = position.side_to_move() == bagh_core::Side::Tiger
                || position.rules().blocked_side_loses();
            return Some(if loses { Status::Lost } else { Status::Blocked });
        }
        if matches!(self.repetition, Repetition::Draw(_)) && self.quiet() >= 4 {
            let at = self.line.len() - 1;
            if self.earlier(position, self.key(), at, self.quiet()) > 0 {
                return Some(Status::PathDraw);
            }
        }
        if let Some(limit) = self.no_progress_limit {
            if self.quiet() >= limit {
                return Some(Status::PathDraw);
            }
        }
        None
    }
}

/// Appends the legal moves of `position` to `moves` (empty), in the order
/// of [`Position::legal_moves`]: filling the caller's list saves copying a
/// whole [`MoveList`] on the way back.
pub(crate) fn legal_moves_into(position: &Position, moves: &mut MoveList) {
    for_each_legal_move!(position, |mv| {
        moves.push(mv);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use bagh_core::{random_game, Ruleset};

    /// The line's moves equal the game's legal moves along random games of
    /// every repetition policy.
    #[test]
    fn moves_match_the_game() {
        for (rules, seeds) in [
            (Ruleset::preset("bagh-chal").unwrap(), 0..40u64),
            (Ruleset::preset("two-tigers").unwrap(), 0..20),
            (Ruleset::preset("bagh-chal-blocked-loses").unwrap(), 0..20),
        ] {
            for seed in seeds {
                let full = random_game(Position::new(rules), seed, 400);
                let mut game = Game::from_position(*full.start());
                let mut line = GamePath::new(&game);
                for &mv in full.moves() {
                    let mut generated = MoveList::new();
                    legal_moves_into(line.position(), &mut generated);
                    assert_eq!(generated, line.position().legal_moves());
                    let (mut moves, banned) = line.moves();
                    assert_eq!(line.moves_left(), (!moves.is_empty(), banned));
                    let mut expected = game.legal_moves();
                    if expected.is_empty() {
                        break;
                    }
                    expected.sort();
                    moves.sort();
                    assert_eq!(moves, expected, "seed {seed} after {} plies", game.len());
                    assert_eq!(line.key(), game.zobrist());
                    assert_eq!(line.quiet(), game.no_progress_plies());
                    game.push_unchecked(mv);
                    line.push(mv);
                }
                // A line made from the finished game agrees too.
                let rebuilt = GamePath::new(&game);
                assert_eq!(rebuilt.key(), line.key());
                assert_eq!(rebuilt.quiet(), line.quiet());
            }
        }
    }

    /// The status agrees with the game's outcome, except that the search
    /// calls a repetition a draw at its second occurrence.
    #[test]
    fn status_matches_the_outcome() {
        use bagh_core::Termination;
        let with_limit = Ruleset::builder()
            .repetition(Repetition::Draw(3))
            .no_progress_limit(Some(12))
            .build()
            .unwrap();
        for rules in [
            Ruleset::preset("bagh-chal").unwrap(),
            Ruleset::preset("two-tigers").unwrap(),
            Ruleset::preset("bagh-chal-blocked-loses").unwrap(),
            with_limit,
        ] {
            for seed in 0..40 {
                let full = random_game(Position::new(rules), seed, 400);
                let mut game = Game::from_position(*full.start());
                let mut line = GamePath::new(&game);
                for &mv in full.moves().iter().chain(std::iter::once(&full.moves()[0])) {
                    let (moves, _) = line.moves();
                    let status = line.status(!moves.is_empty());
                    let expected = game.outcome().map(|outcome| match outcome.reason {
                        Termination::Repetition | Termination::NoProgress => Status::PathDraw,
                        _ if outcome.winner.is_some() => Status::Lost,
                        _ => Status::Blocked,
                    });
                    match (status, expected) {
                        // A second occurrence before the game's n-th.
                        (Some(Status::PathDraw), None) => assert!(game.repetition_count() >= 2),
                        _ => assert_eq!(status, expected, "seed {seed} after {} plies", game.len()),
                    }
                    if expected.is_some() {
                        break;
                    }
                    game.push_unchecked(mv);
                    line.push(mv);
                }
            }
        }
    }
}
