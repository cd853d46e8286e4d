//! The action space, masks and observations against bagh-core's own
//! geometry and move generator, and the figures of the rules.

use std::collections::HashSet;

use bagh_core::{Direction, Game, Point, Position, Ruleset, Side, SplitMix64};
use bagh_rl::{
    action_move, action_points, decode, decode_in_game, encode, legal_mask, observation, plane,
    write_game_mask, write_game_observation, ActionError, ActionPoints, NUM_ACTIONS,
};

fn rule_sets() -> Vec<Ruleset> {
    let mut sets: Vec<Ruleset> = Ruleset::presets().map(|(_, rules)| rules).collect();
    sets.push(
        "tigers=c3 goats=6 capture_target=2 mandatory_capture=true repetition=draw(2) no_progress_limit=12"
            .parse()
            .unwrap(),
    );
    sets
}

/// Random games of every rule set: every game's positions, each with its game.
fn games(seed: u64, count: usize) -> Vec<Game> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for rules in rule_sets() {
        for _ in 0..count {
            let mut game = Game::new(rules);
            let plies = rng.below(120);
            for _ in 0..plies {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.push_unchecked(moves[rng.below(moves.len())]);
            }
            out.push(game);
        }
    }
    out
}

#[test]
fn the_space_is_25_placements_and_every_ordered_pair_on_a_line() {
    // The pairs of points on one line, by bagh-core's geometry.
    let mut pairs = 0;
    let (mut steps, mut jumps) = (0, 0);
    for from in Point::ALL {
        for to in Point::ALL {
            if let Some((_, distance)) = Direction::between(from, to) {
                pairs += 1;
                steps += usize::from(distance == 1);
                jumps += usize::from(distance == 2);
            }
        }
    }
    // The counts of the rules: 112 directed one-step moves, 80 jumps.
    assert_eq!((steps, jumps), (112, 80));
    assert_eq!(NUM_ACTIONS, 25 + pairs);
    assert_eq!(NUM_ACTIONS, 289);
    let mut seen = HashSet::new();
    for action in 0..NUM_ACTIONS {
        let points = action_points(action).unwrap();
        match points {
            ActionPoints::Place(point) => assert_eq!(point.index(), action),
            ActionPoints::Pair { from, to } => {
                assert!(action >= 25);
                assert!(Direction::between(from, to).is_some(), "{points}");
            }
        }
        assert!(seen.insert(points));
    }
}

#[test]
fn every_legal_move_round_trips_and_the_mask_is_the_legal_moves() {
    for game in games(1, 40) {
        for position in game.positions() {
            let moves = position.legal_moves();
            let actions: HashSet<usize> = moves.iter().map(|mv| encode(*mv)).collect();
            assert_eq!(
                actions.len(),
                moves.len(),
                "two moves share an action in {position}"
            );
            for mv in &moves {
                assert_eq!(decode(encode(*mv), position), Ok(*mv));
                // The geometry alone gives the same move for a legal action.
                assert_eq!(action_move(encode(*mv), position), Some(*mv));
            }
            let mask = legal_mask(position);
            for (action, legal) in mask.iter().enumerate() {
                assert_eq!(*legal, actions.contains(&action));
                if !legal {
                    assert!(matches!(
                        decode(action, position),
                        Err(ActionError::Illegal { .. })
                    ));
                }
            }
        }
    }
}

#[test]
fn a_games_mask_honours_repetition_and_the_end() {
    for game in games(2, 40) {
        let mut mask = [true; NUM_ACTIONS];
        write_game_mask(&game, &mut mask);
        let legal = game.legal_moves();
        assert_eq!(mask.iter().filter(|m| **m).count(), legal.len());
        if game.outcome().is_some() {
            assert!(mask.iter().all(|m| !m));
        }
        for mv in game.position().legal_moves() {
            let action = encode(mv);
            assert_eq!(decode_in_game(action, &game).is_ok(), legal.contains(&mv));
        }
    }
}

#[test]
fn decode_says_what_is_wrong() {
    let start = Position::default();
    assert_eq!(
        decode(NUM_ACTIONS, &start),
        Err(ActionError::OutOfRange {
            action: NUM_ACTIONS as i64
        })
    );
    // a1 holds a tiger: no placement there.
    let error = decode(0, &start).unwrap_err();
    assert_eq!(
        error.to_string(),
        "action 0 (a1) is not a legal move in T3T/5/5/5/T3T g 20 0"
    );
    // A pair is written in the notation (a step), not with a dash.
    let a1a2 = bagh_rl::points_action(bagh_rl::ActionPoints::Pair {
        from: bagh_core::Point::A1,
        to: bagh_core::Point::A2,
    })
    .unwrap();
    let error = decode(a1a2, &start).unwrap_err();
    assert!(
        error
            .to_string()
            .contains(&format!("action {a1a2} (a1a2) is not")),
        "{error}"
    );
}

#[test]
fn observations_hold_the_pieces_and_the_counters() {
    for game in games(3, 20) {
        let position = game.position();
        let mut obs = [0.0; bagh_rl::OBSERVATION_SIZE];
        write_game_observation(&game, &mut obs);
        let rules = position.rules();
        for point in Point::ALL {
            let at = |plane: usize| obs[plane * 25 + point.index()];
            let piece = position.piece_at(point);
            assert_eq!(
                at(plane::TIGERS),
                f32::from(u8::from(piece == Some(Side::Tiger)))
            );
            assert_eq!(
                at(plane::GOATS),
                f32::from(u8::from(piece == Some(Side::Goat)))
            );
            assert_eq!(at(plane::EMPTY), f32::from(u8::from(piece.is_none())));
            let goats_to_move = position.side_to_move() == Side::Goat;
            assert_eq!(at(plane::GOATS_TO_MOVE), f32::from(u8::from(goats_to_move)));
            let in_hand = f32::from(position.goats_in_hand()) / f32::from(rules.goats());
            assert_eq!(at(plane::IN_HAND), in_hand);
            let captured = f32::from(position.goats_captured()) / f32::from(rules.capture_target());
            assert_eq!(at(plane::CAPTURED), captured);
        }
        // A position alone has no history planes.
        let alone = observation(position);
        assert!(alone[plane::NO_PROGRESS * 25..].iter().all(|x| *x == 0.0));
        assert_eq!(
            alone[..plane::NO_PROGRESS * 25],
            obs[..plane::NO_PROGRESS * 25]
        );
    }
}

#[test]
fn the_history_planes_count_toward_the_draws() {
    // One tiger, draw on the second occurrence, no-progress limit 12.
    let rules: Ruleset =
        "tigers=c3 goats=1 capture_target=1 repetition=draw(2) no_progress_limit=12"
            .parse()
            .unwrap();
    let mut game = Game::new(rules);
    for mv in ["a1", "c3c4", "a1a2", "c4c3", "a2a1"] {
        game.push(mv.parse().unwrap()).unwrap();
    }
    // The position after a1 recurs after four more plies: drawn.
    assert_eq!(game.repetition_count(), 2);
    let mut obs = [0.0; bagh_rl::OBSERVATION_SIZE];
    write_game_observation(&game, &mut obs);
    assert_eq!(obs[plane::REPETITION * 25], 1.0);
    // Four quiet plies after the last placement, of 12.
    assert_eq!(obs[plane::NO_PROGRESS * 25], 4.0 / 12.0);
}
