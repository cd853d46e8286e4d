//! VecEnv steps per second from Rust alone (no Python): 1,024 self-play
//! games of `bagh-chal`, random legal actions, observations and masks
//! written at every step.
//!
//! `cargo run --release -p bagh-rl --example throughput -- [threads] [seconds]`

use std::time::Instant;

use bagh_core::Ruleset;
use bagh_rl::{Buffers, VecEnv, VecEnvOptions, NUM_ACTIONS, OBSERVATION_SIZE};

fn main() -> Result<(), bagh_rl::EnvError> {
    let mut args = std::env::args().skip(1);
    let threads = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let seconds: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3.0);
    let n = 1024;
    let mut env = VecEnv::new(VecEnvOptions {
        threads,
        ..VecEnvOptions::new(n, Ruleset::default())
    })?;
    let (mut obs, mut masks) = (
        vec![0.0; n * OBSERVATION_SIZE],
        vec![false; n * NUM_ACTIONS],
    );
    let (mut to_play, mut rewards) = (vec![0; n], vec![0.0; n]);
    let (mut terminated, mut truncated) = (vec![false; n], vec![false; n]);
    let mut buffers = Buffers {
        observations: &mut obs,
        masks: &mut masks,
        to_play: &mut to_play,
        rewards: &mut rewards,
        terminated: &mut terminated,
        truncated: &mut truncated,
    };
    env.reset(&mut buffers)?;
    let mut actions = vec![0; n];
    let began = Instant::now();
    let mut steps = 0u64;
    while began.elapsed().as_secs_f64() < seconds {
        for _ in 0..20 {
            env.random_actions(&mut actions);
            env.step(&actions, &mut buffers)?;
        }
        steps += 20 * n as u64;
    }
    let rate = steps as f64 / began.elapsed().as_secs_f64();
    println!("{threads} thread(s): {rate:.0} steps/s ({steps} steps)");
    Ok(())
}
