//! Games played by the fuzzer's choices under a rule set of its choice,
//! with every invariant of [`game_invariants`](super::game_invariants)
//! checked after every step.

use arbitrary::{Arbitrary, Unstructured};
use bagh_core::{Game, Move, Point, Position, Ruleset, Setup, Side, SplitMix64};

use super::arbitrary_rules::RulesChoice;
use super::game_invariants::{check_record, check_state, push_pop_push};

/// At most this many steps: long enough for repetitions and the
/// no-progress limit, short enough for thousands of runs a second.
const MOST_STEPS: usize = 400;

/// How often (in steps) the whole game goes through its record text.
const RECORD_EVERY: usize = 32;

/// One step of a game.
#[derive(Clone, Debug, Arbitrary)]
pub enum Step {
    /// Play the legal move at this index, modulo their number.
    Push(u16),
    /// Play the legal move at this index, written as text and read back.
    PushText(u16),
    /// Play the move that takes back the side's previous step, where that
    /// is legal (repetitions, rare in random play, become common).
    Back,
    /// Try a move of the fuzzer's making: played if legal, and otherwise
    /// refused without changing the game.
    Try(u8, u8, u8),
    /// Take back the last move.
    Pop,
}

/// A start position other than the rule set's own: pieces on shuffled
/// points, any side to move. Positions no game reaches (crowded boards,
/// trapped tigers) are where the end-of-game rules are tested hardest.
#[derive(Clone, Debug, Arbitrary)]
pub struct Start {
    /// Seeds the shuffle of the points.
    pub seed: u64,
    /// Goats on the board, modulo what fits.
    pub on_board: u8,
    /// Goats captured, modulo what is left and the capture target.
    pub captured: u8,
    /// Tigers to move rather than goats.
    pub tigers_to_move: bool,
}

impl Start {
    /// The position under `rules`, if it accepts the parts (an unreachable
    /// one may still be refused, e.g. tigers to move with goats in hand).
    pub fn position(&self, rules: Ruleset) -> Option<Position> {
        let mut points = Point::ALL.to_vec();
        let mut random = SplitMix64::new(self.seed);
        for index in (1..points.len()).rev() {
            points.swap(index, random.below(index + 1));
        }
        let tigers = rules.tiger_count();
        let goats = usize::from(rules.goats());
        let on_board = usize::from(self.on_board) % (goats.min(25 - tigers) + 1);
        let most_captured = (goats - on_board).min(usize::from(rules.capture_target()));
        let captured = usize::from(self.captured) % (most_captured + 1);
        let setup = Setup {
            tigers: points[..tigers].iter().copied().collect(),
            goats: points[tigers..tigers + on_board].iter().copied().collect(),
            side: if self.tigers_to_move {
                Side::Tiger
            } else {
                Side::Goat
            },
            goats_in_hand: u8::try_from(goats - on_board - captured).ok()?,
            goats_captured: u8::try_from(captured).ok()?,
        };
        Position::from_setup(setup, rules).ok()
    }
}

/// A rule set, a start, and the steps of a game.
#[derive(Clone, Debug, Arbitrary)]
pub struct Play {
    /// The rule set.
    pub rules: RulesChoice,
    /// A start of the fuzzer's making, or the rule set's own.
    pub start: Option<Start>,
    /// The steps.
    pub steps: Vec<Step>,
}

/// Reads a [`Play`] from the bytes and plays it.
pub fn run(data: &[u8]) {
    if let Ok(play) = Play::arbitrary_take_rest(Unstructured::new(data)) {
        play_and_check(&play);
    }
}

/// Plays the steps, checking the game after each.
pub fn play_and_check(play: &Play) {
    let Some(rules) = play.rules.rules() else {
        return;
    };
    let start = play
        .start
        .as_ref()
        .and_then(|start| start.position(rules))
        .unwrap_or(Position::new(rules));
    let mut game = Game::from_position(start);
    check_state(&game);
    for (count, step) in play.steps.iter().take(MOST_STEPS).enumerate() {
        apply(&mut game, step);
        check_state(&game);
        if count % RECORD_EVERY == 0 {
            check_record(&game);
        }
    }
    check_record(&game);
}

fn apply(game: &mut Game, step: &Step) {
    let moves = game.legal_moves();
    let pick = |index: u16| moves.get(usize::from(index) % moves.len().max(1)).copied();
    match *step {
        Step::Push(index) => {
            if let Some(mv) = pick(index) {
                push_pop_push(game, mv);
            }
        }
        Step::PushText(index) => {
            if let Some(mv) = pick(index) {
                let read: Move = mv.to_string().parse().expect("a move's text reads");
                assert_eq!(read, mv);
                push_pop_push(game, read);
            }
        }
        Step::Back => {
            let previous = game.len().checked_sub(2).map(|ply| game.moves()[ply]);
            if let Some(Move::Step { from, to }) = previous {
                let back = Move::Step { from: to, to: from };
                if moves.contains(&back) {
                    push_pop_push(game, back);
                }
            }
        }
        Step::Try(from, over, to) => try_move(game, made_move(from, over, to)),
        Step::Pop => {
            let len = game.len();
            let last = game.peek();
            assert_eq!(game.pop(), last);
            assert_eq!(game.len(), len.saturating_sub(1));
        }
    }
}

/// A move of any kind between any points, legal or not.
fn made_move(from: u8, over: u8, to: u8) -> Option<Move> {
    let point = |byte: u8| Point::from_index(usize::from(byte) % 25);
    let to = point(to)?;
    Some(match from / 25 % 3 {
        0 => Move::Place { to },
        1 => Move::Step {
            from: point(from)?,
            to,
        },
        _ => Move::Capture {
            from: point(from)?,
            over: point(over)?,
            to,
        },
    })
}

fn try_move(game: &mut Game, mv: Option<Move>) {
    let Some(mv) = mv else { return };
    let legal = game.legal_moves().contains(&mv);
    assert_eq!(game.is_legal(mv), legal);
    if legal {
        push_pop_push(game, mv);
    } else {
        let before = game.clone();
        assert!(game.push(mv).is_err(), "{mv} is not legal but is played");
        assert!(game == &before, "a refused move changed the game");
    }
}
