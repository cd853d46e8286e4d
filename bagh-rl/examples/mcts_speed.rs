//! MCTS simulations per second from Rust alone (no Python): 64 games from
//! the start of `bagh-chal`, 800 simulations each, a uniform evaluator,
//! batches of 256.
//!
//! `cargo run --release -p bagh-rl --example mcts_speed -- [seconds]`

use std::time::Instant;

use bagh_core::{Game, Ruleset};
use bagh_rl::{Mcts, MctsOptions};

fn main() -> Result<(), bagh_rl::MctsError<()>> {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3.0);
    let mut mcts = Mcts::new(MctsOptions {
        simulations: 800,
        batch_size: 256,
        ..MctsOptions::default()
    })?;
    let games = vec![Game::new(Ruleset::default()); 64];
    let began = Instant::now();
    let mut simulations = 0u64;
    while began.elapsed().as_secs_f64() < seconds {
        mcts.search(&games, |_, _, logits, values| {
            logits.fill(0.0);
            values.fill(0.0);
            Ok(())
        })?;
        simulations += 800 * games.len() as u64;
    }
    let rate = simulations as f64 / began.elapsed().as_secs_f64();
    println!("{rate:.0} simulations/s");
    Ok(())
}
