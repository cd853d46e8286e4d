//! Many games stepped at once, writing observations, masks, rewards and
//! flags into the caller's buffers: the engine of `bagh.rl.VecEnv`.
//!
//! ```
//! use bagh_core::Ruleset;
//! use bagh_rl::{Buffers, Opponent, VecEnv, VecEnvOptions, NUM_ACTIONS, OBSERVATION_SIZE};
//!
//! let n = 4;
//! let mut env = VecEnv::new(VecEnvOptions {
//!     opponent: Some(Opponent::Random),
//!     ..VecEnvOptions::new(n, Ruleset::default())
//! })?;
//! let (mut obs, mut masks) = (vec![0.0; n * OBSERVATION_SIZE], vec![false; n * NUM_ACTIONS]);
//! let (mut to_play, mut rewards) = (vec![0; n], vec![0.0; n]);
//! let (mut terminated, mut truncated) = (vec![false; n], vec![false; n]);
//! let mut buffers = Buffers {
//!     observations: &mut obs, masks: &mut masks, to_play: &mut to_play,
//!     rewards: &mut rewards, terminated: &mut terminated, truncated: &mut truncated,
//! };
//! env.reset(&mut buffers)?;
//! let mut actions = vec![0; n];
//! for _ in 0..100 {
//!     env.random_actions(&mut actions);
//!     env.step(&actions, &mut buffers)?;
//! }
//! # Ok::<(), bagh_rl::EnvError>(())
//! ```
//!
//! # Semantics
//!
//! - Self-play (no opponent): each step plays the action of the side to
//!   move, and the reward is for that side: 1 when its move wins, -1 when
//!   it loses, 0 otherwise.
//! - With an [`Opponent`], the agent plays [`VecEnvOptions::agent`]; the
//!   opponent answers inside the same step (and opens the game when it has
//!   the first move). Rewards are the agent's.
//! - A game is *terminated* when it is over (the rule set's outcome,
//!   repetition and no-progress included) and *truncated* when it reaches
//!   `max_plies` plies first.
//! - Auto-reset is next-step, as in Gymnasium's vector environments: the
//!   step that ends a game returns its last observation; the next step
//!   ignores that environment's action, starts a new game and returns its
//!   first observation with reward 0 and both flags false.
//! - The mask of a game that has just ended (terminated) is that of its
//!   start position, not all false: the action the next step ignores can
//!   then be drawn by a masked sampler like any other.

use bagh_core::{Game, MoveList, Ruleset, Side, SplitMix64};

mod buffers;
mod opponent;
mod slot;
mod workers;

use buffers::split;
pub use buffers::Buffers;
pub use opponent::Opponent;
use opponent::Player;
use slot::{check_action, step_rows, Slot};
use workers::{Gate, Workers};

use crate::{EnvError, NUM_ACTIONS};

/// The options of a [`VecEnv`].
#[derive(Clone, Debug)]
pub struct VecEnvOptions {
    /// The number of environments (at least 1).
    pub num_envs: usize,
    /// The rule set of every game.
    pub rules: Ruleset,
    /// The seed of the environments' generators (random opponents, random
    /// actions, perfect players' choices).
    pub seed: u64,
    /// Games are truncated after this many plies.
    pub max_plies: Option<u32>,
    /// `None` for self-play; otherwise who answers the agent.
    pub opponent: Option<Opponent>,
    /// The side the agent plays against an opponent.
    pub agent: Side,
    /// Worker threads for a step (at least 1).
    pub threads: usize,
}

impl VecEnvOptions {
    /// `num_envs` self-play games of `rules`, seed 0, no ply limit, one thread.
    pub fn new(num_envs: usize, rules: Ruleset) -> VecEnvOptions {
        VecEnvOptions {
            num_envs,
            rules,
            seed: 0,
            max_plies: None,
            opponent: None,
            agent: Side::Goat,
            threads: 1,
        }
    }
}

/// What every worker reads.
struct Shared {
    rules: Ruleset,
    max_plies: Option<u32>,
    agent: Option<Side>,
}

/// Many games of one rule set, stepped together (see the module docs).
pub struct VecEnv {
    slots: Vec<Slot>,
    shared: Shared,
    /// One opponent per worker thread (none for self-play).
    players: Vec<Option<Player>>,
    threads: usize,
    /// The workers beyond the calling thread, kept for the environment's
    /// life (threads - 1 of them; none on one thread).
    pool: Option<Workers>,
}

impl std::fmt::Debug for VecEnv {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VecEnv")
            .field("num_envs", &self.slots.len())
            .field("rules", &self.shared.rules)
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

fn invalid(name: &'static str, reason: impl Into<String>) -> EnvError {
    EnvError::Invalid {
        name,
        reason: reason.into(),
    }
}

impl VecEnv {
    /// The environments, checked: at least one environment and one thread,
    /// tables of the same rule set for a perfect opponent, a level in 1..=20.
    /// Call [`VecEnv::reset`] before the first step.
    pub fn new(options: VecEnvOptions) -> Result<VecEnv, EnvError> {
        if options.num_envs == 0 {
            return Err(invalid("num_envs", "at least one environment is needed"));
        }
        if options.threads == 0 {
            return Err(invalid("threads", "at least one thread is needed"));
        }
        if options.max_plies == Some(0) {
            return Err(invalid("max_plies", "a game needs at least one ply"));
        }
        if let Some(Opponent::Perfect(tables)) = &options.opponent {
            if tables.rules() != &options.rules {
                return Err(invalid(
                    "opponent",
                    format!(
                        "the tables are of the rule set {}, the environments of {}",
                        tables.rules(),
                        options.rules
                    ),
                ));
            }
        }
        let threads = options.threads.min(options.num_envs);
        let mut master = SplitMix64::new(options.seed);
        // The games' generators first, so that a seed gives the same games
        // whatever the number of threads.
        let slots = (0..options.num_envs)
            .map(|_| Slot {
                game: Game::new(options.rules),
                moves: MoveList::new(),
                legal: [0; NUM_ACTIONS.div_ceil(64)],
                rng: SplitMix64::new(master.next_u64()),
                done: true,
            })
            .collect();
        let players = (0..threads)
            .map(|_| {
                let seed = master.next_u64();
                options
                    .opponent
                    .as_ref()
                    .map(|opponent| Player::new(opponent, seed))
                    .transpose()
                    .map_err(|reason| invalid("opponent", reason))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(VecEnv {
            slots,
            shared: Shared {
                rules: options.rules,
                max_plies: options.max_plies,
                agent: options.opponent.is_some().then_some(options.agent),
            },
            players,
            threads,
            pool: if threads > 1 {
                Some(
                    Workers::new(threads - 1).map_err(|e| {
                        invalid("threads", format!("cannot start the workers: {e}"))
                    })?,
                )
            } else {
                None
            },
        })
    }

    /// Starts every environment's generator again from `seed`, as
    /// [`VecEnv::new`] does (the opponents' engines keep theirs).
    pub fn reseed(&mut self, seed: u64) {
        let mut master = SplitMix64::new(seed);
        for slot in &mut self.slots {
            slot.rng = SplitMix64::new(master.next_u64());
        }
    }

    /// The number of environments.
    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The rule set of the games.
    pub fn rules(&self) -> &Ruleset {
        &self.shared.rules
    }

    /// The game of environment `env`.
    pub fn game(&self, env: usize) -> Option<&Game> {
        self.slots.get(env).map(|slot| &slot.game)
    }

    /// Starts a new game in every environment and writes the first
    /// observations, masks and sides to move; rewards and flags are zeroed.
    pub fn reset(&mut self, out: &mut Buffers<'_>) -> Result<(), EnvError> {
        for slot in &mut self.slots {
            slot.done = true;
        }
        let ignored = vec![0; self.slots.len()];
        self.step(&ignored, out)
    }

    /// Plays one action in every environment (see the module docs for the
    /// rewards and the auto-reset) and writes the results into `out`.
    /// Every action is checked before any is played: an action that names
    /// no legal move is an [`EnvError::Action`] naming the environment, and
    /// then nothing changes.
    pub fn step(&mut self, actions: &[i64], out: &mut Buffers<'_>) -> Result<(), EnvError> {
        let n = self.slots.len();
        if actions.len() != n {
            return Err(EnvError::Length {
                what: "actions",
                expected: n,
                got: actions.len(),
            });
        }
        out.check(n)?;
        let shared = &self.shared;
        let Some(pool) = &self.pool else {
            check_rows(&self.slots, actions, 0)?;
            return step_rows(
                &mut self.slots,
                actions,
                out,
                &mut self.players[0],
                shared,
                0,
            );
        };
        // Each thread checks, then steps, the same rows, so that the rows of
        // a worker's games stay in its core's caches; none steps until
        // every thread has checked its rows.
        let chunk = self.rows_per_thread();
        let mut rows: Vec<Buffers<'_>> = Vec::with_capacity(self.threads);
        let mut rest = Buffers {
            observations: &mut *out.observations,
            masks: &mut *out.masks,
            to_play: &mut *out.to_play,
            rewards: &mut *out.rewards,
            terminated: &mut *out.terminated,
            truncated: &mut *out.truncated,
        };
        let mut left = n;
        while left > 0 {
            let len = chunk.min(left);
            let (head, tail) = split(rest, len);
            rows.push(head);
            rest = tail;
            left -= len;
        }
        let jobs = self
            .slots
            .chunks_mut(chunk)
            .zip(actions.chunks(chunk))
            .zip(rows)
            .zip(self.players.iter_mut())
            .enumerate()
            .collect();
        let gate = Gate::new(n.div_ceil(chunk));
        first_error(
            pool.run(jobs, |(i, (((slots, actions), mut rows), player))| {
                // A check that panics refuses the step for every thread.
                let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    check_rows(slots, actions, i * chunk)
                }))
                .unwrap_or_else(|_| Err(stopped()));
                if !gate.pass(checked.is_ok()) {
                    return checked;
                }
                step_rows(slots, actions, &mut rows, player, shared, i * chunk)
            }),
        )
    }

    /// A uniformly random legal action for every environment, from its
    /// generator (0 for an environment whose next step starts a new game,
    /// where the action is ignored).
    pub fn random_actions(&mut self, out: &mut [i64]) {
        let Some(pool) = &self.pool else {
            return random_rows(&mut self.slots, out);
        };
        // The threads that step the rows choose their actions.
        let chunk = self.rows_per_thread();
        let jobs = self.slots.chunks_mut(chunk).zip(out.chunks_mut(chunk));
        pool.run(jobs.collect(), |(slots, out)| random_rows(slots, out));
    }

    /// How many environments each thread steps (the last thread fewer).
    fn rows_per_thread(&self) -> usize {
        self.slots.len().div_ceil(self.threads)
    }
}

/// The first error of the threads' results, in the environments' order; a
/// worker that panicked (no result) is an error too.
fn first_error(results: Vec<Option<Result<(), EnvError>>>) -> Result<(), EnvError> {
    results
        .into_iter()
        .try_for_each(|result| result.unwrap_or_else(|| Err(stopped())))
}

/// The error of a worker thread that panicked.
fn stopped() -> EnvError {
    invalid("threads", "a worker thread stopped unexpectedly")
}

/// Checks the actions of `slots` (the first of which is number `first`).
fn check_rows(slots: &[Slot], actions: &[i64], first: usize) -> Result<(), EnvError> {
    for (i, (slot, &action)) in slots.iter().zip(actions).enumerate() {
        if !slot.done {
            check_action(slot, action).map_err(|source| EnvError::Action {
                env: first + i,
                source,
            })?;
        }
    }
    Ok(())
}

/// A uniformly random legal action for each of `slots`, into `out`.
fn random_rows(slots: &mut [Slot], out: &mut [i64]) {
    for (slot, action) in slots.iter_mut().zip(out) {
        *action = if slot.done || slot.moves.is_empty() {
            0
        } else {
            crate::encode(slot.moves[slot.rng.below(slot.moves.len())]) as i64
        };
    }
}
