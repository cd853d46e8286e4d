//! # bagh-rl
//!
//! Bagh-Chal for reinforcement learning: one fixed action space for every
//! rule set, observations and legal-action masks, the board's symmetries
//! as index maps, many games stepped at once, and realistic positions to
//! label with the tables' perfect values. Python reaches all of it as
//! `bagh.rl`, with numpy arrays at the surface.
//!
//! ```
//! use bagh_core::{Game, Ruleset};
//! use bagh_rl::{decode_in_game, encode, observation, write_game_mask, NUM_ACTIONS};
//!
//! let mut game = Game::new(Ruleset::default());
//! let mut mask = [false; NUM_ACTIONS];
//! write_game_mask(&game, &mut mask);
//! let action = mask.iter().position(|legal| *legal).unwrap(); // the first legal action
//! let mv = decode_in_game(action, &game)?;
//! assert_eq!(encode(mv), action);
//! game.push(mv)?;
//! let planes = observation(game.position());
//! assert_eq!(planes.len(), 11 * 25);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The parts
//!
//! - [`actions`](crate::encode): [`NUM_ACTIONS`] = 289, [`encode`],
//!   [`decode`], [`decode_in_game`]; the [`guide`] has the table.
//! - masks: [`legal_mask`], [`write_position_mask`], [`write_game_mask`];
//! - observations: [`observation()`], [`write_position_observation`],
//!   [`write_game_observation`], the planes in [`plane`];
//! - symmetries: [`symmetries`], maps over observations and actions;
//! - [`VecEnv`]: many games at once, self-play or against an [`Opponent`];
//! - [`Mcts`]: batched tree search (PUCT, optional Gumbel root) with a
//!   caller's evaluator;
//! - [`sample_positions`]: positions of random games, by phase;
//! - labels: [`probe_many`] (the tables' values of many positions), and
//!   [`pack`] / [`unpack`], a position in one `u64`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod actions;
pub mod benchmark;
mod error;
mod labels;
mod mask;
mod mcts;
mod network_evaluator;
mod observation;
mod sample;
mod symmetry;
mod vec_env;

pub use actions::{
    action_move, action_points, decode, decode_in_game, encode, find, find_or_error, points_action,
    ActionPoints, NUM_ACTIONS, NUM_PAIRS, NUM_PLACEMENTS,
};
pub use error::{ActionError, EnvError};
pub use labels::{pack, probe_many, unpack, value_number};
pub use mask::{legal_mask, write_game_mask, write_mask, write_position_mask};
pub use mcts::{Mcts, MctsError, MctsOptions, SearchOutput};
pub use network_evaluator::{position_from_observation, NetworkEvaluator};
pub use observation::{
    observation, plane, write_game_observation, write_position_observation, OBSERVATION_SHAPE,
    OBSERVATION_SIZE,
};
pub use sample::{sample_positions, Phase};
pub use symmetry::{symmetries, symmetry_maps, SymmetryMaps};
pub use vec_env::{Buffers, Opponent, VecEnv, VecEnvOptions};

/// The guide to this crate: the page `docs/rl.md` of the repository,
/// shipped in the crate so that it reads the same here. Its examples run as
/// doctests.
#[doc = include_str!(concat!(env!("OUT_DIR"), "/guide/rl.md"))]
// The guide is Markdown for a code host, where `[W]` is text, not a link
// to an item: rustdoc must not read its brackets as intra-doc links.
#[allow(rustdoc::broken_intra_doc_links)]
pub mod guide {}

// The crate's README (its page on crates.io) runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;
