//! Plays one game of every preset with a simple seeded player and prints it.
//!
//! ```text
//! cargo run --release -p bagh-core --example demo [-- SEED]
//! ```
//!
//! The player is simple: tigers capture when they can, goats avoid moves that
//! leave a goat to be captured at once when they can, and otherwise a small
//! seeded generator picks, so every run with the same seed prints the same games.

use bagh_core::{Game, Move, Position, Ruleset, Side};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A game longer than this is shown as unfinished.
const MAX_PLIES: usize = 1_000;

/// Whether the tigers could capture right after the goats play `mv`.
fn gives_a_capture(position: &Position, mv: Move) -> bool {
    let mut next = *position;
    next.play_unchecked(mv);
    next.legal_moves().iter().any(|m| m.is_capture())
}

fn play(rules: Ruleset, random: &mut SmallRng) -> Game {
    let mut game = Game::new(rules);
    while game.len() < MAX_PLIES {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let preferred: Vec<Move> = match game.position().side_to_move() {
            Side::Tiger => moves.iter().copied().filter(|m| m.is_capture()).collect(),
            Side::Goat => moves
                .iter()
                .copied()
                .filter(|&m| !gives_a_capture(game.position(), m))
                .collect(),
        };
        let choices: &[Move] = if preferred.is_empty() {
            &moves
        } else {
            &preferred
        };
        let mv = choices[random.random_range(0..choices.len())];
        game.push(mv).expect("a move from legal_moves is legal");
    }
    game
}

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2026);
    let mut random = SmallRng::seed_from_u64(seed);
    for (id, rules) in Ruleset::presets() {
        println!(
            "== {id}: {} tigers, {} goats, tigers win at {} captures, tigers {}, repetition {}",
            rules.tiger_count(),
            rules.goats(),
            rules.capture_target(),
            rules.tiger_moves(),
            rules.repetition()
        );
        let game = play(rules, &mut random);
        println!("{}\n", game.start().ascii_board());
        let mut line = String::new();
        for (ply, mv) in game.moves().iter().enumerate() {
            if ply % 2 == 0 {
                line.push_str(&format!("{}. ", ply / 2 + 1));
            }
            line.push_str(&format!("{mv} "));
            if line.len() > 72 {
                println!("{}", line.trim_end());
                line.clear();
            }
        }
        println!("{}", line.trim_end());
        println!("\n{}\n", game.position().ascii_board());
        match game.outcome() {
            Some(outcome) => println!(
                "result {} after {} plies: {}\n",
                outcome.result(),
                game.len(),
                match outcome.winner {
                    Some(side) => format!("{side}s win ({})", outcome.reason),
                    None => format!("draw ({})", outcome.reason),
                }
            ),
            None => println!("unfinished after {} plies\n", game.len()),
        }
    }
}
