//! How scores read: a search's score shown from the goats' side whoever is
//! to move, and a static evaluation that counts plies to an end only where
//! it predicts one.

use bagh_core::{Game, Position, Ruleset, Side};
use bagh_engine::{Engine, EngineOptions, Limits, Score};

#[test]
fn the_start_of_bagh_chal_predicts_no_end_to_count_to() {
    // Bagh-Chal is a draw with best play (Jin and Nievergelt's
    // 2009 database; docs/tablebase-bagh-chal.md), and the shipped network says so at the start.
    let engine = Engine::new(EngineOptions::default()).unwrap();
    let start = Position::new(Ruleset::default());
    let evaluation = engine.evaluate(&start);
    let wdl = evaluation.wdl.expect("bagh-chal ships a network");
    assert!(wdl.draw > wdl.win && wdl.draw > wdl.loss, "{wdl:?}");
    assert_eq!(evaluation.plies_to_end, None);
    // The network's raw estimate is still there for who wants it.
    let network = bagh_engine::network::Network::shipped(&Ruleset::default()).unwrap();
    assert!(network.plies_to_end(&start).is_some());
}

#[test]
fn a_decided_position_gets_its_distance() {
    // Four goats captured, a fifth capture for the tigers to play: the
    // tigers win next ply (five captures win bagh-chal, docs/rules.md).
    // Sixteen goats on the board, none in hand; a1 jumps b2 to c3.
    let position =
        Position::from_text("TGGGT/GGGGG/GG1GG/GGGG1/T3T t 0 4", Ruleset::default()).unwrap();
    let evaluation = Engine::new(EngineOptions::default())
        .unwrap()
        .evaluate(&position);
    let wdl = evaluation.wdl.unwrap();
    assert!(wdl.win > wdl.draw, "{wdl:?}");
    assert!(evaluation.plies_to_end.is_some());
}

#[test]
fn a_search_reads_the_same_for_either_side_to_move() {
    // One tiger on c3, four goats, one capture wins: after the goats place
    // on b3 the tiger captures at once. Tigers to move win in 1 ply; the
    // display names the winner rather than the side to move.
    let rules: Ruleset = "tigers=c3 goats=4 capture_target=1".parse().unwrap();
    let mut game = Game::new(rules);
    game.push("b3".parse().unwrap()).unwrap();
    let mut engine = Engine::new(EngineOptions::default()).unwrap();
    let analysis = engine.analyse(&game, &Limits::depth(3), 1, |_| {}).unwrap();
    assert_eq!(analysis.score, Score::Win(Some(1)));
    let pov = analysis.score.pov(game.side_to_move());
    assert_eq!(pov.to_string(), "tigers win in 1 ply");
    assert_eq!(pov.goats(), Score::Loss(Some(1)));
    assert_eq!(pov.expected_result(), -1.0);
    // The protocol's form is unchanged: for the side to move, in plies.
    assert_eq!(analysis.score.to_string(), "win 1");
    assert_eq!(Side::Tiger, game.side_to_move());
}
