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
    perft, Game, IllegalMoveReason, Move, Outcome, Point, Position, Repetition, Ruleset, Side,
    Symmetry, Termination,
};
use proptest::prelude::*;

use common::strategies::*;

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
