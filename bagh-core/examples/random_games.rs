//! The random-game loop of every binding's benchmark, in Rust: a new
//! `bagh-chal` game; list the legal moves, pick one, play it, until none is
//! left. Prints one line, `rust <games> <plies> <seconds>`, which
//! `benchmarks/bindings.py` sets beside the same loop through Python, C and
//! Node.
//!
//! ```text
//! cargo run --release -p bagh-core --example random_games -- [SECONDS]
//! ```

use std::time::Instant;

use bagh_core::{Game, Ruleset, SplitMix64};

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(3.0);
    let rules = Ruleset::preset("bagh-chal").expect("bagh-chal is a preset");
    let mut rng = SplitMix64::new(1);
    let (mut games, mut plies) = (0u64, 0u64);
    let began = Instant::now();
    loop {
        let mut game = Game::new(rules);
        loop {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            game.push(mv).expect("a legal move plays");
            plies += 1;
        }
        games += 1;
        let elapsed = began.elapsed().as_secs_f64();
        if elapsed >= seconds {
            println!("rust {games} {plies} {elapsed:.3}");
            return;
        }
    }
}
