//! Fits the evaluation's weights to the tables' values (a Texel-style
//! logistic fit) and reports how well the hand-set and the fitted weights
//! predict the values of positions the fit did not see.
//!
//! ```text
//! cargo run --release -p bagh-research --example fit_eval -- TABLES [GAMES] [STEPS]
//! ```
//!
//! TABLES is a complete tablebase directory (`make solve-game`). The
//! positions come from GAMES games (default 300) of seeds 0.. (below the
//! judge's held-out seeds): a few random plies, then the engine at 2,000
//! nodes a move, so that the positions look like play. Only quiet positions
//! are kept (no capture for the tigers to move, no goat under attack for
//! the goats to move), labelled 1, ½ or 0 for a win, draw or loss of the
//! side to move. Games of even seed train the fit, odd ones measure it.
//! The model is `sigmoid(evaluation / K)`: K is fitted for the hand-set
//! weights first, then the weights by gradient descent on the squared error.
//! The fitted weights are printed in the order of `EvalWeights::NAMES`.

use bagh_core::{goats_under_attack, random_game, Game, Position, Side};
use bagh_engine::{evaluation_terms, Engine, EngineOptions, EvalWeights, Limits};
use bagh_tablebase::{Tablebase, Value};

struct Sample {
    terms: [f64; EvalWeights::COUNT],
    target: f64,
}

fn quiet(position: &Position) -> bool {
    match position.side_to_move() {
        Side::Tiger => position.legal_captures().is_empty(),
        Side::Goat => goats_under_attack(position.tigers(), position.goats()).is_empty(),
    }
}

/// The positions of one game: `seed % 8` random plies, then the engine.
fn play(start: Position, seed: u64, engine: &mut Engine) -> Vec<Position> {
    let opening = random_game(start, seed, (seed % 8) as u32);
    let mut game = Game::from_position(start);
    for &mv in opening.moves() {
        game.push_unchecked(mv);
    }
    engine.new_game();
    while !game.is_game_over() && game.len() < 200 {
        match engine.best_move(&game, &Limits::nodes(2_000)) {
            Ok(mv) => game.push_unchecked(mv),
            Err(_) => break,
        }
    }
    game.positions().to_vec()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn error(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let eval: f64 = s.terms.iter().zip(weights).map(|(t, w)| t * w).sum();
            (sigmoid(eval / k) - s.target).powi(2)
        })
        .sum();
    total / samples.len() as f64
}

/// The share of samples whose predicted class (win above ⅔, loss below ⅓,
/// else draw) is the table's.
fn accuracy(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    let class = |p: f64| {
        if p > 2.0 / 3.0 {
            2
        } else if p < 1.0 / 3.0 {
            0
        } else {
            1
        }
    };
    let right = samples
        .iter()
        .filter(|s| {
            let eval: f64 = s.terms.iter().zip(weights).map(|(t, w)| t * w).sum();
            class(sigmoid(eval / k)) == class(s.target)
        })
        .count();
    right as f64 / samples.len() as f64
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        return Err("usage: fit_eval TABLES [GAMES] [STEPS]".into());
    };
    let games: u64 = args.get(1).map_or(Ok(300), |a| a.parse())?;
    let steps: usize = args.get(2).map_or(Ok(2_000), |a| a.parse())?;
    let tables = Tablebase::open(dir)?;
    let rules = *tables.rules();
    let start = Position::new(rules);
    let mut engine = Engine::new(EngineOptions::default())?;
    let (mut train, mut check) = (Vec::new(), Vec::new());
    for seed in 0..games {
        for position in play(start, seed, &mut engine) {
            if position.is_game_over() || !quiet(&position) {
                continue;
            }
            let target = match tables.probe(&position)?.value {
                Value::Win => 1.0,
                Value::Draw => 0.5,
                Value::Loss => 0.0,
            };
            let terms = evaluation_terms(&position).map(f64::from);
            let sample = Sample { terms, target };
            if seed % 2 == 0 {
                train.push(sample)
            } else {
                check.push(sample)
            }
        }
    }
    let count = |s: &[Sample], t: f64| s.iter().filter(|x| x.target == t).count();
    println!(
        "{} training and {} checking positions (wins/draws/losses for the side to move: {}/{}/{})",
        train.len(),
        check.len(),
        count(&train, 1.0) + count(&check, 1.0),
        count(&train, 0.5) + count(&check, 0.5),
        count(&train, 0.0) + count(&check, 0.0)
    );
    let hand: Vec<f64> = EvalWeights::for_rules(&rules)
        .to_array()
        .map(f64::from)
        .to_vec();
    // K for the hand-set weights, by a scan.
    let k = (1..=1000)
        .map(|i| f64::from(i) * 10.0)
        .min_by(|a, b| error(&train, &hand, *a).total_cmp(&error(&train, &hand, *b)))
        .unwrap_or(100.0);
    // Gradient descent, each weight's step scaled by its term's spread.
    let n = EvalWeights::COUNT;
    let scale: Vec<f64> = (0..n)
        .map(|i| {
            let mean_sq =
                train.iter().map(|s| s.terms[i].powi(2)).sum::<f64>() / train.len() as f64;
            1.0 / mean_sq.max(1e-9)
        })
        .collect();
    let mut weights = hand.clone();
    for _ in 0..steps {
        let mut gradient = vec![0.0; n];
        for s in &train {
            let eval: f64 = s.terms.iter().zip(&weights).map(|(t, w)| t * w).sum();
            let p = sigmoid(eval / k);
            let common = 2.0 * (p - s.target) * p * (1.0 - p) / k;
            for (g, t) in gradient.iter_mut().zip(&s.terms) {
                *g += common * t;
            }
        }
        for i in 0..n {
            weights[i] -= 2.0 * k * k * scale[i] * gradient[i] / train.len() as f64;
        }
    }
    println!("K = {k}");
    for (name, set) in [("hand-set", &hand), ("fitted", &weights)] {
        println!(
            "{name:<9} squared error {:.4} (train {:.4}), classes right {:.1}% on the checking positions",
            error(&check, set, k),
            error(&train, set, k),
            100.0 * accuracy(&check, set, k)
        );
    }
    let rounded: Vec<String> = weights
        .iter()
        .map(|w| format!("{}", w.round() as i32))
        .collect();
    for (name, (h, w)) in EvalWeights::NAMES.iter().zip(hand.iter().zip(&weights)) {
        println!("  {name:<24} {h:>6} -> {:>6}", w.round() as i32);
    }
    println!("BAGH_WEIGHTS={}", rounded.join(","));
    Ok(())
}
