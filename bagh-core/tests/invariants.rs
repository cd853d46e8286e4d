//! Property tests: invariants of the engine over random legal games, in every
//! preset and in random valid rule sets.
//!
//! A random game is a list of 150-300 random choices; each one picks among
//! `Game::legal_moves()` (by index, or a third of the time by taking back the
//! side's previous step, so that positions repeat) until the game is over or
//! the list runs out. Every game is legal by construction and shrinks to a
//! shorter one. Rule sets are the presets half of the time and random valid
//! ones (from the builder) otherwise. Each invariant is its own proptest, so
//! that a failure names the broken property.
//!
//! The number of cases per property comes from the environment variable
//! `BAGH_PROPTEST_CASES` (64 when unset; `make test` sets 256).

mod common;
use common::proptest_cases::config;

use std::collections::HashSet;

use bagh_core::{
    perft, Game, IllegalMoveReason, Move, Outcome, ParseError, ParseErrorKind, Point, Position,
    Repetition, Ruleset, Setup, Side, Symmetry, Termination, TextKind, TigerMoves,
};
use common::reference::{self, RefPosition, RefRules};
use proptest::prelude::*;
use proptest::sample::Index;

// ---------------------------------------------------------------------------
// Configuration and strategies
// ---------------------------------------------------------------------------

/// The fields of a rule set, as the builder takes them.
#[derive(Clone, Debug)]
struct Spec {
    tigers: Vec<Point>,
    goats: u8,
    capture_target: u8,
    tiger_moves: TigerMoves,
    mandatory_capture: bool,
    blocked_side_loses: bool,
    repetition: Repetition,
    no_progress_limit: Option<u16>,
}

impl Spec {
    fn build(&self) -> Ruleset {
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
fn spec() -> impl Strategy<Value = Spec> {
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
fn preset() -> impl Strategy<Value = Ruleset> {
    prop::sample::select(
        Ruleset::presets()
            .map(|(_, rules)| rules)
            .collect::<Vec<_>>(),
    )
}

/// A preset half of the time, a random valid rule set otherwise.
fn rules() -> impl Strategy<Value = Ruleset> {
    prop_oneof![preset(), spec().prop_map(|spec| spec.build())]
}

/// One choice of a random game.
#[derive(Clone, Debug)]
enum Pick {
    /// The move at this index of `Game::legal_moves()`.
    Any(Index),
    /// The side's previous step taken back, if that is legal now, else as
    /// `Any`. Random play alone seldom repeats a position; this makes
    /// repetitions (and the `forbidden` and `draw(n)` rules) common.
    Back(Index),
}

impl Pick {
    /// The move this choice makes among `moves`, the game's legal moves.
    fn choose(&self, game: &Game, moves: &[Move]) -> Move {
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
fn random_position() -> impl Strategy<Value = Position> {
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
fn picks() -> impl Strategy<Value = Vec<Pick>> {
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
fn walk(
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
fn ref_rules(rules: &Ruleset) -> RefRules {
    RefRules {
        tigers: rules.tiger_count(),
        goats: rules.goats().into(),
        capture_target: rules.capture_target().into(),
        slide: rules.tiger_moves() == TigerMoves::Slide,
        mandatory_capture: rules.mandatory_capture(),
    }
}

/// The reference generator's view of a position, through its text.
fn ref_position(position: &Position) -> Result<RefPosition, TestCaseError> {
    RefPosition::parse(&position.to_string())
        .ok_or_else(|| TestCaseError::fail(format!("the reference cannot read {position}")))
}

/// A reference point as an engine point.
fn point(p: reference::Point) -> Point {
    Point::new(p.0 as u8, p.1 as u8).expect("reference points are on the board")
}

/// Every move a position could conceivably list: a placement on each of the
/// 25 points, a step between any two points on one line (any distance), and
/// every jump the board's geometry allows. Built from the reference geometry,
/// not from the engine's.
fn candidates() -> Vec<Move> {
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
fn texts(moves: impl IntoIterator<Item = Move>) -> Vec<String> {
    let mut texts: Vec<String> = moves.into_iter().map(|mv| mv.to_string()).collect();
    texts.sort();
    texts
}

/// The end of a game when the side to move has no legal move (docs/rules.md,
/// "End of the game", step 2).
fn blocked(side: Side, rules: &Ruleset) -> Outcome {
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

// ---------------------------------------------------------------------------
// The invariants
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config())]

    /// 1. The fast generator and the independent reference list the same
    /// moves in every position reached, agree on the history-free outcome and
    /// on the position after each move.
    #[test]
    fn fast_generator_matches_reference(rules in rules(), picks in picks()) {
        let reference = ref_rules(&rules);
        walk(rules, &picks, |game| {
            let position = game.position();
            let slow = ref_position(position)?;
            let legal = position.legal_moves();
            prop_assert_eq!(
                texts(legal.iter().copied()),
                slow.legal_moves(&reference),
                "moves of {} under {}", position, rules
            );
            let expected = slow
                .outcome(&reference, rules.blocked_side_loses())
                .map(|(winner, reason)| (winner, reason.to_string()));
            let got = position
                .outcome()
                .map(|o| (o.winner.map(Side::char), o.reason.name().to_string()));
            prop_assert_eq!(got, expected, "outcome of {} under {}", position, rules);
            for &mv in &legal {
                let fast = position.play(mv).map(|next| next.to_string());
                let slow = slow.play(&mv.to_string(), &reference).map(|next| next.to_text());
                prop_assert_eq!(fast.ok(), slow, "{} played in {}", mv, position);
            }
            Ok(())
        })?;
    }

    /// 1b. The same, and the counting shortcuts, in random (often crowded)
    /// positions, which also reach the blocked endings; a game set up there
    /// has the position's outcome.
    #[test]
    fn fast_generator_matches_reference_in_random_positions(position in random_position()) {
        let rules = *position.rules();
        let reference = ref_rules(&rules);
        let slow = ref_position(&position)?;
        let legal = position.legal_moves();
        prop_assert_eq!(texts(legal.iter().copied()), slow.legal_moves(&reference), "moves of {} under {}", position, rules);
        prop_assert_eq!(position.count_legal_moves(), legal.len());
        prop_assert_eq!(position.has_legal_move(), !legal.is_empty());
        let expected = slow
            .outcome(&reference, rules.blocked_side_loses())
            .map(|(winner, reason)| (winner, reason.to_string()));
        let got = position
            .outcome()
            .map(|o| (o.winner.map(Side::char), o.reason.name().to_string()));
        prop_assert_eq!(&got, &expected, "outcome of {} under {}", position, rules);
        prop_assert_eq!(position.is_game_over(), expected.is_some());
        prop_assert_eq!(Game::from_position(position).outcome(), position.outcome());
        for &mv in &legal {
            let fast = position.play(mv).map(|next| next.to_string());
            let slow = slow.play(&mv.to_string(), &reference).map(|next| next.to_text());
            prop_assert_eq!(fast.ok(), slow, "{} played in {}", mv, position);
        }
        for depth in 2..=3 {
            prop_assert_eq!(perft(&position, depth), slow.perft(&reference, depth), "perft {} of {}", depth, position);
        }
    }

    /// 2. Pushing any legal move and popping it restores the exact game, and
    /// popping every move returns to a new game.
    #[test]
    fn push_then_pop_restores_the_game(rules in rules(), picks in picks()) {
        let mut game = Game::new(rules);
        let mut pick = picks.iter();
        loop {
            let before = game.clone();
            let moves = game.legal_moves();
            for &mv in &moves {
                game.push(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert_eq!(game.len(), before.len() + 1);
                prop_assert_eq!(game.peek(), Some(mv));
                prop_assert_eq!(game.pop(), Some(mv));
                prop_assert_eq!(&game, &before, "after {} and pop", mv);
                prop_assert_eq!(game.position().to_string(), before.position().to_string());
                prop_assert_eq!(game.zobrist(), before.zobrist());
                prop_assert_eq!(game.no_progress_plies(), before.no_progress_plies());
                prop_assert_eq!(game.repetition_count(), before.repetition_count());
                prop_assert_eq!(game.outcome(), before.outcome());
            }
            let Some(pick) = pick.next() else { break };
            if moves.is_empty() {
                break;
            }
            game.push(pick.choose(&game, &moves))
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        let played = game.moves().to_vec();
        for &mv in played.iter().rev() {
            prop_assert_eq!(game.pop(), Some(mv));
        }
        prop_assert_eq!(game.pop(), None);
        prop_assert_eq!(&game, &Game::new(rules));
    }

    /// 3. Text forms round-trip: every legal move's text, every position
    /// string (read with the game's rules), and the rule set's text.
    #[test]
    fn text_forms_round_trip(rules in rules(), picks in picks()) {
        let text = rules.to_string();
        prop_assert_eq!(text.parse::<Ruleset>(), Ok(rules), "rule set text {}", text);
        if let Some(id) = rules.preset_id() {
            prop_assert_eq!(&text, id);
        }
        walk(rules, &picks, |game| {
            let position = game.position();
            let text = position.to_string();
            let read = Position::from_text(&text, rules);
            prop_assert_eq!(read, Ok(*position), "position text {}", text);
            if rules == Ruleset::default() {
                prop_assert_eq!(text.parse::<Position>(), Ok(*position));
            }
            for mv in position.legal_moves() {
                prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            }
            Ok(())
        })?;
    }

    /// 3b. The builder keeps every field it is given, and the text form of
    /// any valid rule set reads back to it.
    #[test]
    fn built_rule_sets_keep_their_fields(spec in spec()) {
        let rules = spec.build();
        let starts: HashSet<Point> = spec.tigers.iter().copied().collect();
        prop_assert_eq!(rules.tigers().iter().collect::<HashSet<_>>(), starts);
        prop_assert_eq!(rules.tiger_count(), spec.tigers.len());
        prop_assert_eq!(rules.goats(), spec.goats);
        prop_assert_eq!(rules.capture_target(), spec.capture_target);
        prop_assert_eq!(rules.tiger_moves(), spec.tiger_moves);
        prop_assert_eq!(rules.mandatory_capture(), spec.mandatory_capture);
        prop_assert_eq!(rules.blocked_side_loses(), spec.blocked_side_loses);
        prop_assert_eq!(rules.repetition(), spec.repetition);
        prop_assert_eq!(rules.no_progress_limit().map(|n| n.get()), spec.no_progress_limit);
        prop_assert_eq!(rules.to_string().parse::<Ruleset>(), Ok(rules));
        prop_assert_eq!(rules.to_builder().build(), Ok(rules));
    }

    /// 4. No goat or tiger appears or vanishes: goats on the board + in hand
    /// + captured is always the rule set's goat count, the tigers always
    /// number the rule set's tigers, and no point holds both.
    #[test]
    fn pieces_are_conserved(rules in rules(), picks in picks()) {
        walk(rules, &picks, |game| {
            let position = game.position();
            let goats = position.goats().len()
                + usize::from(position.goats_in_hand())
                + usize::from(position.goats_captured());
            prop_assert_eq!(goats, usize::from(rules.goats()), "goats in {}", position);
            prop_assert_eq!(position.tigers().len(), rules.tiger_count(), "tigers in {}", position);
            prop_assert!((position.tigers() & position.goats()).is_empty());
            prop_assert!(position.goats_captured() <= rules.capture_target());
            let pieces: Vec<_> = position.pieces().collect();
            prop_assert_eq!(pieces.len(), position.tigers().len() + position.goats().len());
            for (point, side) in pieces {
                prop_assert_eq!(position.piece_at(point), Some(side));
            }
            Ok(())
        })?;
    }

    /// 5. The move list has no duplicates; `Position::play` accepts every
    /// listed move and refuses, with an error and not a panic, every other
    /// conceivable move.
    #[test]
    fn play_accepts_exactly_the_listed_moves(rules in rules(), picks in picks()) {
        let candidates = candidates();
        walk(rules, &picks, |game| {
            let position = game.position();
            let legal = position.legal_moves();
            let listed: HashSet<Move> = legal.iter().copied().collect();
            prop_assert_eq!(listed.len(), legal.len(), "duplicates in {:?} at {}", legal, position);
            for mv in &listed {
                prop_assert!(candidates.contains(mv), "{:?} listed at {} is malformed", mv, position);
            }
            let over = position.outcome().is_some();
            for &mv in &candidates {
                match position.play(mv) {
                    Ok(next) => {
                        prop_assert!(listed.contains(&mv), "{} accepted at {}", mv, position);
                        let mut unchecked = *position;
                        unchecked.play_unchecked(mv);
                        prop_assert_eq!(next, unchecked);
                        prop_assert_eq!(next.side_to_move(), !position.side_to_move());
                    }
                    Err(error) => {
                        prop_assert!(!listed.contains(&mv), "{} refused at {}: {}", mv, position, error);
                        prop_assert_eq!(error.mv(), mv);
                        prop_assert_eq!(error.position(), position.to_string());
                        // The diagnosis names a precise reason, and its hints are legal.
                        let reason = error.reason();
                        prop_assert_eq!(reason == IllegalMoveReason::GameOver, over, "{} at {}: {}", mv, position, error);
                        prop_assert!(
                            !matches!(reason, IllegalMoveReason::NotLegal | IllegalMoveReason::Repetition),
                            "{} at {}: {}", mv, position, error
                        );
                        if let Some(hint) = error.suggestion() {
                            prop_assert!(listed.contains(&hint), "{} suggested at {}", hint, position);
                        }
                        let captures: Vec<Move> = legal.iter().copied().filter(|m| m.is_capture()).collect();
                        if reason == IllegalMoveReason::CaptureMandatory {
                            prop_assert!(!captures.is_empty() && rules.mandatory_capture());
                            prop_assert_eq!(error.captures(), captures.as_slice());
                        } else {
                            prop_assert!(error.captures().is_empty());
                        }
                        prop_assert_eq!(error.repeated_ply(), None);
                        prop_assert_eq!(position.is_legal(mv), false);
                    }
                }
            }
            Ok(())
        })?;
    }

    /// 6. The board's 8 symmetries map a position onto one with the same
    /// perft(2) and outcome, whose legal moves are the images of the legal
    /// moves; a whole game replayed through a symmetry ends the same way.
    #[test]
    fn symmetric_positions_agree(rules in rules(), picks in picks()) {
        let game = walk(rules, &picks, |game| {
            let position = game.position();
            let nodes = perft(position, 2);
            let outcome = position.outcome();
            for symmetry in Symmetry::ALL {
                let image = symmetry.apply_position(position);
                prop_assert_eq!(symmetry.inverse().apply_position(&image), *position);
                prop_assert_eq!(perft(&image, 2), nodes, "{:?} of {}", symmetry, position);
                prop_assert_eq!(image.outcome(), outcome, "{:?} of {}", symmetry, position);
                let mapped: HashSet<Move> = position
                    .legal_moves()
                    .iter()
                    .map(|&mv| symmetry.apply_move(mv))
                    .collect();
                let image_moves: HashSet<Move> = image.legal_moves().iter().copied().collect();
                prop_assert_eq!(mapped, image_moves, "{:?} of {}", symmetry, position);
            }
            Ok(())
        })?;
        for symmetry in Symmetry::ALL {
            let mut image = Game::from_position(symmetry.apply_position(game.start()));
            for &mv in game.moves() {
                image.push(symmetry.apply_move(mv)).map_err(|e| TestCaseError::fail(format!("{symmetry:?}: {e}")))?;
            }
            prop_assert_eq!(image.outcome(), game.outcome(), "{:?}", symmetry);
            prop_assert_eq!(image.repetition_count(), game.repetition_count());
            prop_assert_eq!(image.no_progress_plies(), game.no_progress_plies());
        }
    }

    /// 7a. Parsing arbitrary text never panics, and an error's column lies
    /// within the text (or just after its end).
    #[test]
    fn parsing_arbitrary_text_never_panics(text in any::<String>()) {
        check_parsers(&text)?;
    }

    /// 7b. The same over text made of the notation's own characters, which
    /// gets much further into the parsers.
    #[test]
    fn parsing_notation_like_text_never_panics(
        text in "[a-fTGx0-9/ gt=(),:_é-]{0,40}|(bagh-chal|two-tigers|tigers=|goats=|repetition=draw\\(|no_progress_limit=)[a-e0-9,=() _a-z]{0,30}"
    ) {
        check_parsers(&text)?;
    }

    /// 7c. The same over valid texts with a few characters inserted, deleted
    /// or replaced.
    #[test]
    fn parsing_mutated_text_never_panics(text in valid_text(), edits in prop::collection::vec(edit(), 1..6)) {
        check_parsers(&text)?;
        let mut chars: Vec<char> = text.chars().collect();
        for edit in edits {
            match edit {
                Edit::Insert(at, c) => chars.insert(at.index(chars.len() + 1), c),
                Edit::Delete(at) if !chars.is_empty() => {
                    chars.remove(at.index(chars.len()));
                }
                Edit::Replace(at, c) if !chars.is_empty() => {
                    let at = at.index(chars.len());
                    chars[at] = c;
                }
                _ => {}
            }
            check_parsers(&chars.iter().collect::<String>())?;
        }
    }

    /// 8. The game is over exactly when the side to move has no playable move,
    /// the capture target is reached, a `draw(n)` repetition occurred or the
    /// no-progress limit is reached, with the reason of the first of these in
    /// the order of docs/rules.md; all computed here from the history, independently.
    #[test]
    fn game_ends_exactly_when_the_rules_say(rules in rules(), picks in picks()) {
        let reference = ref_rules(&rules);
        let mut game = Game::new(rules);
        let mut current = ref_position(game.position())?;
        let mut history = vec![current.to_text()];
        // docs/rules.md: starts at 0 when the last goat is placed, +1 per ply that
        // is not a capture, back to 0 on a capture; `None` before it starts.
        let mut no_progress: Option<u32> = None;
        let mut pick = picks.iter();
        loop {
            let position = *game.position();
            prop_assert_eq!(position.to_string(), current.to_text());
            let text = current.to_text();
            let occurrences = history.iter().filter(|t| **t == text).count();
            prop_assert_eq!(game.repetition_count(), occurrences, "at {}", text);
            prop_assert_eq!(game.no_progress_plies(), no_progress.unwrap_or(0), "at {}", text);

            let mut playable = current.legal_moves(&reference);
            if rules.repetition() == Repetition::Forbidden {
                prop_assert_eq!(occurrences, 1, "{} repeated under `forbidden`", text);
                playable.retain(|mv| {
                    let next = current.play(mv, &reference).expect("a reference move");
                    !history.contains(&next.to_text())
                });
            }
            let captures = current.captured >= reference.capture_target;
            let repetition = match rules.repetition() {
                Repetition::Draw(n) => {
                    prop_assert!(occurrences <= usize::from(n), "{} occurred {} times", text, occurrences);
                    occurrences >= usize::from(n)
                }
                _ => false,
            };
            let stalled = match (rules.no_progress_limit(), no_progress) {
                (Some(limit), Some(count)) => {
                    prop_assert!(count <= u32::from(limit.get()));
                    count >= u32::from(limit.get())
                }
                _ => false,
            };
            let expected = if captures {
                Some(Outcome { winner: Some(Side::Tiger), reason: Termination::Captures })
            } else if playable.is_empty() {
                Some(blocked(position.side_to_move(), &rules))
            } else if repetition {
                Some(Outcome { winner: None, reason: Termination::Repetition })
            } else if stalled {
                Some(Outcome { winner: None, reason: Termination::NoProgress })
            } else {
                None
            };
            prop_assert_eq!(game.outcome(), expected, "at {} under {}", text, rules);
            prop_assert_eq!(game.is_game_over(), expected.is_some());
            prop_assert_eq!(
                expected.is_some(),
                playable.is_empty() || captures || repetition || stalled
            );

            let listed = texts(game.legal_moves());
            if expected.is_some() {
                prop_assert!(listed.is_empty(), "{:?} listed after the end at {}", listed, text);
                for mv in position.legal_moves() {
                    let error = game.push(mv).err().map(|e| e.reason());
                    prop_assert_eq!(error, Some(IllegalMoveReason::GameOver));
                }
                break;
            }
            playable.sort();
            prop_assert_eq!(&listed, &playable, "playable moves at {} under {}", text, rules);
            for mv in position.legal_moves() {
                if !playable.contains(&mv.to_string()) {
                    let error = game.push(mv).err();
                    let reason = error.as_ref().map(|e| e.reason());
                    prop_assert_eq!(reason, Some(IllegalMoveReason::Repetition), "{} at {}", mv, text);
                    // The ply named holds the position the move would make.
                    let ply = error.and_then(|e| e.repeated_ply());
                    let next = position.play(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
                    prop_assert_eq!(ply.map(|ply| game.positions()[ply]), Some(next));
                }
            }

            let Some(pick) = pick.next() else { break };
            let mv = pick.choose(&game, &game.legal_moves());
            game.push(mv).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let in_hand_after = current.in_hand - u32::from(mv.is_place());
            no_progress = match mv {
                Move::Place { .. } => (in_hand_after == 0).then_some(0),
                Move::Capture { .. } => no_progress.map(|_| 0),
                Move::Step { .. } => no_progress.map(|count| count + 1),
            };
            current = current.play(&mv.to_string(), &reference).expect("a playable move");
            history.push(current.to_text());
        }
    }

    /// The counting shortcuts agree with the move list, and the Zobrist key
    /// kept up to date move by move equals the one computed from scratch.
    #[test]
    fn counts_and_zobrist_keys_agree(rules in rules(), picks in picks()) {
        walk(rules, &picks, |game| {
            let position = game.position();
            let legal = position.legal_moves();
            prop_assert_eq!(position.count_legal_moves(), legal.len(), "at {}", position);
            prop_assert_eq!(position.has_legal_move(), !legal.is_empty(), "at {}", position);
            prop_assert_eq!(perft(position, 1), legal.len() as u64);
            prop_assert_eq!(game.zobrist(), position.zobrist(), "at {}", position);
            for &mv in &legal {
                let mut next = *position;
                next.play_unchecked(mv);
                prop_assert_eq!(position.zobrist_after(position.zobrist(), mv), next.zobrist());
            }
            Ok(())
        })?;
    }
}

// ---------------------------------------------------------------------------
// Parsing helpers (invariant 7)
// ---------------------------------------------------------------------------

/// A change to a text, at a character index.
#[derive(Clone, Debug)]
enum Edit {
    Insert(Index, char),
    Delete(Index),
    Replace(Index, char),
}

/// Characters that matter to the parsers most of the time, any character
/// otherwise.
fn edit_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => prop::sample::select(
            "abcdefx12345609TGgt/ =,():_-é\u{0}\t\u{a0}".chars().collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<Index>(), edit_char()).prop_map(|(at, c)| Edit::Insert(at, c)),
        any::<Index>().prop_map(Edit::Delete),
        (any::<Index>(), edit_char()).prop_map(|(at, c)| Edit::Replace(at, c)),
    ]
}

/// A valid text of one of the four kinds: a point, a move, a position string
/// reached in a random game, a rule set.
fn valid_text() -> impl Strategy<Value = String> {
    let moves: Vec<String> = candidates().iter().map(Move::to_string).collect();
    prop_oneof![
        prop::sample::select(Point::ALL.to_vec()).prop_map(|p| p.to_string()),
        prop::sample::select(moves),
        (
            rules(),
            prop::collection::vec(any::<Index>().prop_map(Pick::Any), 0..60)
        )
            .prop_map(|(rules, picks)| {
                let game = walk(rules, &picks, |_| Ok(())).expect("a random game");
                game.position().to_string()
            }),
        rules().prop_map(|rules| rules.to_string()),
        (preset(), spec()).prop_map(|(preset, spec)| {
            // A preset id followed by some fields of another rule set.
            let fields = spec.build().to_string();
            let mut text = preset.to_string();
            for field in fields.split(' ').filter(|f| f.contains('=')).step_by(2) {
                text.push(' ');
                text.push_str(field);
            }
            text
        }),
    ]
}

/// Checks an error: it is of the right kind, carries the text, its column is
/// within 1..=len+1 (in characters), and it can be displayed.
fn check_error(text: &str, error: &ParseError, what: TextKind) -> Result<(), TestCaseError> {
    let len = text.chars().count();
    prop_assert_eq!(error.what(), what, "{:?}: {}", text, error);
    prop_assert_eq!(error.input(), text);
    prop_assert!(
        (1..=len + 1).contains(&error.column()),
        "{:?} ({} chars): column {} in {}",
        text,
        len,
        error.column(),
        error
    );
    prop_assert!(!error.to_string().is_empty());
    if let Some(found) = quoted_char(error) {
        if error.column() <= len {
            let at = text.chars().nth(error.column() - 1);
            prop_assert_eq!(Some(found), at, "{:?}: {}", text, error);
        }
    }
    Ok(())
}

/// The character an error says it found, if it quotes one.
fn quoted_char(error: &ParseError) -> Option<char> {
    match *error.kind() {
        ParseErrorKind::ExpectedFile { found } | ParseErrorKind::ExpectedRank { found } => found,
        ParseErrorKind::Unexpected { found, .. } => Some(found),
        _ => None,
    }
}

/// An error that quotes the character it found quotes the one at its column,
/// also when that character is not ASCII (a regression test for the
/// point reader, which once quoted the first UTF-8 byte as a Latin-1 `Ã`).
#[test]
fn parse_errors_quote_the_character_at_their_column() {
    let cases: [(&str, TextKind, usize, char); 8] = [
        ("é1", TextKind::Point, 1, 'é'),
        ("aé", TextKind::Point, 2, 'é'),
        ("é", TextKind::Move, 1, 'é'),
        ("a1é", TextKind::Move, 3, 'é'),
        ("a1xé1", TextKind::Move, 4, 'é'),
        ("a1a→", TextKind::Move, 4, '→'),
        ("tigers=a1,b😀 goats=3", TextKind::Ruleset, 12, '😀'),
        ("T3T/5/5/5/T3T ü 20 0", TextKind::Position, 15, 'ü'),
    ];
    for (text, what, column, found) in cases {
        let error = match what {
            TextKind::Point => text.parse::<Point>().err(),
            TextKind::Move => text.parse::<Move>().err(),
            TextKind::Ruleset => text.parse::<Ruleset>().err(),
            _ => text.parse::<Position>().err(),
        };
        let error = error.unwrap_or_else(|| panic!("{text:?} should not parse"));
        assert_eq!(error.what(), what, "{text:?}");
        assert_eq!(error.column(), column, "{text:?}: {error}");
        assert_eq!(quoted_char(&error), Some(found), "{text:?}: {error}");
        assert!(error.to_string().contains(found), "{text:?}: {error}");
    }
}

/// Runs every parser on `text`: each either fails with a well-formed error or
/// gives a value whose text form reads back to the same value.
fn check_parsers(text: &str) -> Result<(), TestCaseError> {
    match text.parse::<Point>() {
        Ok(point) => prop_assert_eq!(point.to_string().parse::<Point>(), Ok(point)),
        Err(error) => check_error(text, &error, TextKind::Point)?,
    }
    match text.parse::<Move>() {
        Ok(mv) => prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv)),
        Err(error) => check_error(text, &error, TextKind::Move)?,
    }
    match text.parse::<Position>() {
        Ok(position) => prop_assert_eq!(position.to_string().parse::<Position>(), Ok(position)),
        Err(error) => check_error(text, &error, TextKind::Position)?,
    }
    for (_, rules) in Ruleset::presets() {
        match Position::from_text(text, rules) {
            Ok(position) => {
                prop_assert_eq!(
                    Position::from_text(&position.to_string(), rules),
                    Ok(position)
                )
            }
            Err(error) => check_error(text, &error, TextKind::Position)?,
        }
    }
    match text.parse::<Ruleset>() {
        Ok(rules) => prop_assert_eq!(rules.to_string().parse::<Ruleset>(), Ok(rules)),
        Err(error) => check_error(text, &error, TextKind::Ruleset)?,
    }
    Ok(())
}
