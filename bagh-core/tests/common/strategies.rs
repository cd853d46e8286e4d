//! Strategies for the property tests: random valid rule sets, random
//! legal games (as lists of choices), random positions, and the bridges to
//! the independent reference generator.

use bagh_core::{
    Game, Move, Outcome, Point, Position, Repetition, Ruleset, Setup, Side, Termination, TigerMoves,
};
use proptest::prelude::*;
use proptest::sample::Index;

use super::reference::{self, RefPosition, RefRules};

// ---------------------------------------------------------------------------
// Configuration and strategies
// ---------------------------------------------------------------------------

/// The fields of a rule set, as the builder takes them.
#[derive(Clone, Debug)]
pub struct Spec {
    pub tigers: Vec<Point>,
    pub goats: u8,
    pub capture_target: u8,
    pub tiger_moves: TigerMoves,
    pub mandatory_capture: bool,
    pub blocked_side_loses: bool,
    pub repetition: Repetition,
    pub no_progress_limit: Option<u16>,
}

impl Spec {
    pub fn build(&self) -> Ruleset {
        Ruleset::builder()
            .tigers(self.tigers.iter().copied())
            .goats(self.goats)
            .capture_target(self.capture_target)
            .tiger_moves(self.tiger_moves)
            .mandatory_capture(self.mandatory_capture)
            .blocked_side_loses(self.blocked_side_loses)
            .repetition(self.repetition)
            .no_progress_limit(self.no_progress_limit)
            .build()
            .unwrap_or_else(|error| panic!("the valid rule set {self:?} is refused: {error}"))
    }
}

/// Valid rule-set fields: 1-4 tigers on distinct points, tigers + goats at
/// most 25, a capture target of 1..=goats, any move and end rules.
pub fn spec() -> impl Strategy<Value = Spec> {
    (1usize..=4)
        .prop_flat_map(|tigers| {
            let most = 25 - tigers as u8;
            (
                prop::sample::subsequence(Point::ALL.to_vec(), tigers).prop_shuffle(),
                // Few goats half of the time: sparse boards reach the movement
                // phase, repetitions and no-progress draws far more often.
                prop_oneof![1..=most.min(5), 1..=most],
            )
        })
        .prop_flat_map(|(tigers, goats)| {
            (
                Just(tigers),
                Just(goats),
                // A target of every goat half of the time, so that random
                // games do not all end at the first capture.
                prop_oneof![Just(goats), 1..=goats],
                prop_oneof![Just(TigerMoves::Step), Just(TigerMoves::Slide)],
                any::<bool>(),
                any::<bool>(),
                prop_oneof![
                    Just(Repetition::Forbidden),
                    Just(Repetition::Allowed),
                    (2u8..=5).prop_map(Repetition::Draw),
                ],
                prop::option::of(1u16..=60),
            )
        })
        .prop_map(
            |(
                tigers,
                goats,
                capture_target,
                tiger_moves,
                mandatory_capture,
                blocked_side_loses,
                repetition,
                no_progress_limit,
            )| Spec {
                tigers,
                goats,
                capture_target,
                tiger_moves,
                mandatory_capture,
                blocked_side_loses,
                repetition,
                no_progress_limit,
            },
        )
}

/// One of the presets.
pub fn preset() -> impl Strategy<Value = Ruleset> {
    prop::sample::select(
        Ruleset::presets()
            .map(|(_, rules)| rules)
            .collect::<Vec<_>>(),
    )
}

/// A preset half of the time, a random valid rule set otherwise.
pub fn rules() -> impl Strategy<Value = Ruleset> {
    prop_oneof![preset(), spec().prop_map(|spec| spec.build())]
}

/// One choice of a random game.
#[derive(Clone, Debug)]
pub enum Pick {
    /// The move at this index of `Game::legal_moves()`.
    Any(Index),
    /// The side's previous step taken back, if that is legal now, else as
    /// `Any`. Random play alone seldom repeats a position; this makes
    /// repetitions (and the `forbidden` and `draw(n)` rules) common.
    Back(Index),
}

impl Pick {
    /// The move this choice makes among `moves`, the game's legal moves.
    pub fn choose(&self, game: &Game, moves: &[Move]) -> Move {
        let (Pick::Any(index) | Pick::Back(index)) = self;
        if let Pick::Back(_) = self {
            let previous = game.moves().len().checked_sub(2).map(|i| game.moves()[i]);
            if let Some(Move::Step { from, to }) = previous {
                let back = Move::Step { from: to, to: from };
                if moves.contains(&back) {
                    return back;
                }
            }
        }
        moves[index.index(moves.len())]
    }
}

/// A random valid position, not necessarily reachable: random rules, pieces
/// on random points, any side to move. A quarter of them are crowded boards
/// (0-3 empty points, every goat on the board), where goats are blocked and
/// tigers trapped far more often than in random games. It is built from its
/// parts (a `Setup`), not through the engine's text forms.
pub fn random_position() -> impl Strategy<Value = Position> {
    (
        spec(),
        Just(Point::ALL.to_vec()).prop_shuffle(),
        prop_oneof![3 => Just(None), 1 => (0..=3usize).prop_map(Some)],
        any::<bool>(),
        any::<Index>(),
        any::<Index>(),
    )
        .prop_map(|(spec, points, crowd, tigers_to_move, board, captured)| {
            let mut rules = spec.build();
            let tigers = rules.tiger_count();
            if let Some(empty) = crowd {
                let goats = (25 - tigers - empty).max(1) as u8;
                rules = rules
                    .to_builder()
                    .goats(goats)
                    .capture_target(goats.min(rules.capture_target()))
                    .build()
                    .expect("fewer goats fit");
            }
            let goats = usize::from(rules.goats());
            let on_board = match crowd {
                Some(_) => goats,
                None => board.index(goats + 1),
            };
            let captured =
                captured.index((goats - on_board).min(rules.capture_target().into()) + 1);
            let setup = Setup {
                tigers: points[..tigers].iter().copied().collect(),
                goats: points[tigers..tigers + on_board].iter().copied().collect(),
                side: if tigers_to_move {
                    Side::Tiger
                } else {
                    Side::Goat
                },
                goats_in_hand: (goats - on_board - captured) as u8,
                goats_captured: captured as u8,
            };
            Position::from_setup(setup, rules)
                .unwrap_or_else(|error| panic!("a valid position is refused: {error}"))
        })
}

/// The choices of a random game: 150 to 300 plies unless it ends sooner.
pub fn picks() -> impl Strategy<Value = Vec<Pick>> {
    let pick = prop_oneof![
        2 => any::<Index>().prop_map(Pick::Any),
        1 => any::<Index>().prop_map(Pick::Back),
    ];
    prop::collection::vec(pick, 150..=300)
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Plays the random game that `picks` describes and calls `visit` on every
/// game state reached, the start included.
pub fn walk(
    rules: Ruleset,
    picks: &[Pick],
    mut visit: impl FnMut(&Game) -> Result<(), TestCaseError>,
) -> Result<Game, TestCaseError> {
    let mut game = Game::new(rules);
    visit(&game)?;
    for pick in picks {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = pick.choose(&game, &moves);
        if let Err(error) = game.push(mv) {
            return Err(TestCaseError::fail(format!(
                "push refused a move from legal_moves: {error}"
            )));
        }
        visit(&game)?;
    }
    Ok(game)
}

/// The reference generator's view of a rule set, field by field.
pub fn ref_rules(rules: &Ruleset) -> RefRules {
    RefRules {
        tigers: rules.tiger_count(),
        goats: rules.goats().into(),
        capture_target: rules.capture_target().into(),
        slide: rules.tiger_moves() == TigerMoves::Slide,
        mandatory_capture: rules.mandatory_capture(),
    }
}

/// The reference generator's view of a position, through its text.
pub fn ref_position(position: &Position) -> Result<RefPosition, TestCaseError> {
    RefPosition::parse(&position.to_string())
        .ok_or_else(|| TestCaseError::fail(format!("the reference cannot read {position}")))
}

/// A reference point as an engine point.
pub fn point(p: reference::Point) -> Point {
    Point::new(p.0 as u8, p.1 as u8).expect("reference points are on the board")
}

/// Every move a position could conceivably list: a placement on each of the
/// 25 points, a step between any two points on one line (any distance), and
/// every jump the board's geometry allows. Built from the reference geometry,
/// not from the engine's.
pub fn candidates() -> Vec<Move> {
    let mut moves: Vec<Move> = reference::all_points()
        .into_iter()
        .map(|p| Move::Place { to: point(p) })
        .collect();
    for from in reference::all_points() {
        for direction in reference::directions_at(from) {
            let mut to = from;
            while let Some(next) = reference::along_line(to, direction) {
                moves.push(Move::Step {
                    from: point(from),
                    to: point(next),
                });
                to = next;
            }
        }
    }
    for (from, over, to) in reference::directed_jumps() {
        moves.push(Move::Capture {
            from: point(from),
            over: point(over),
            to: point(to),
        });
    }
    moves
}

/// Sorted move texts.
pub fn texts(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut texts: Vec<String> = moves.into_iter().map(|mv| mv.to_string()).collect();
    texts.sort();
    texts
}

/// The end of a game when the side to move has no legal move (docs/rules.md,
/// "End of the game", step 2).
pub fn blocked(side: Side, rules: &Ruleset) -> Outcome {
    match side {
        Side::Tiger => Outcome {
            winner: Some(Side::Goat),
            reason: Termination::TigersTrapped,
        },
        Side::Goat => Outcome {
            winner: rules.blocked_side_loses().then_some(Side::Tiger),
            reason: Termination::GoatsBlocked,
        },
    }
}
