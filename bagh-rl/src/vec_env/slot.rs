//! One environment and its step: the move played, the opponent's answer,
//! the rewards and flags, the observation and the mask written.

use bagh_core::{Game, MoveList, Side, SplitMix64};

use super::opponent::Player;
use super::{Buffers, Shared};
use crate::{
    find_or_error, write_game_observation, ActionError, EnvError, NUM_ACTIONS, OBSERVATION_SIZE,
};

/// One environment: its game, the legal moves of its current state (and
/// their actions as a bit set), its generator, and whether its game ended
/// at the last step.
pub(crate) struct Slot {
    pub(crate) game: Game,
    pub(crate) moves: MoveList,
    pub(crate) legal: [u64; NUM_ACTIONS.div_ceil(64)],
    pub(crate) rng: SplitMix64,
    pub(crate) done: bool,
}

impl Slot {
    fn is_legal(&self, action: usize) -> bool {
        self.legal
            .get(action / 64)
            .is_some_and(|bits| bits >> (action % 64) & 1 == 1)
    }

    /// Writes the mask of the legal moves into `out` and keeps it as bits.
    ///
    /// The bits gather in a local array, stored once: setting them in
    /// `self.legal` move by move chained every move's update through memory
    /// (a read-modify-write of the same word), the costliest line of a step.
    fn write_mask(&mut self, out: &mut [bool]) {
        out.fill(false);
        let mut legal = [0u64; NUM_ACTIONS.div_ceil(64)];
        for mv in &self.moves {
            let action = crate::encode(*mv);
            out[action] = true;
            legal[action / 64] |= 1 << (action % 64);
        }
        self.legal = legal;
    }
}

pub(crate) fn check_action(slot: &Slot, action: i64) -> Result<(), ActionError> {
    let index = usize::try_from(action).map_err(|_| ActionError::OutOfRange { action })?;
    if slot.is_legal(index) {
        return Ok(());
    }
    find_or_error(index, &slot.moves, || slot.game.position().to_string()).map(|_| ())
}

/// The reward for `side` of a finished game.
fn reward(game: &Game, side: Side) -> f32 {
    match game.outcome().and_then(|outcome| outcome.winner) {
        Some(winner) if winner == side => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    }
}

/// Steps the environments `slots` (the first of which is number `first`)
/// and writes their rows of `out`.
pub(crate) fn step_rows(
    slots: &mut [Slot],
    actions: &[i64],
    out: &mut Buffers<'_>,
    player: &mut Option<Player>,
    shared: &Shared,
    first: usize,
) -> Result<(), EnvError> {
    for (i, (slot, &action)) in slots.iter_mut().zip(actions).enumerate() {
        let env = first + i;
        let (mut rewarded, mut terminated, mut truncated) = (0.0, false, false);
        if slot.done {
            start(slot, player, shared).map_err(|reason| EnvError::Opponent { env, reason })?;
        } else {
            // Checked by the caller; an action with no move changes nothing.
            let Some(mv) = usize::try_from(action)
                .ok()
                .filter(|a| slot.is_legal(*a))
                .and_then(|a| crate::action_move(a, slot.game.position()))
            else {
                continue;
            };
            let mover = slot.game.side_to_move();
            play(slot, mv);
            if slot.moves.is_empty() {
                terminated = true;
                rewarded = reward(&slot.game, shared.agent.unwrap_or(mover));
            } else if let (Some(player), Some(agent)) = (player.as_mut(), shared.agent) {
                if slot.game.side_to_move() != agent {
                    let answer = player
                        .choose(&slot.game, &slot.moves, &mut slot.rng)
                        .map_err(|reason| EnvError::Opponent { env, reason })?;
                    play(slot, answer);
                    if slot.moves.is_empty() {
                        terminated = true;
                        rewarded = reward(&slot.game, agent);
                    }
                }
            }
            if !terminated {
                truncated = shared
                    .max_plies
                    .is_some_and(|limit| slot.game.len() >= limit as usize);
            }
            slot.done = terminated || truncated;
        }
        out.rewards[i] = rewarded;
        out.terminated[i] = terminated;
        out.truncated[i] = truncated;
        out.to_play[i] = match slot.game.side_to_move() {
            Side::Goat => 0,
            Side::Tiger => 1,
        };
        write_game_observation(
            &slot.game,
            &mut out.observations[i * OBSERVATION_SIZE..(i + 1) * OBSERVATION_SIZE],
        );
        let mask = &mut out.masks[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS];
        slot.write_mask(mask);
        if terminated {
            write_start_mask(&slot.game, mask);
        }
    }
    Ok(())
}

/// A finished game has no legal move, but the next step still takes an
/// action for it (and ignores it: next-step auto-reset). Its row gets the
/// mask of the game's start, so that a masked sampler always finds one.
fn write_start_mask(game: &Game, out: &mut [bool]) {
    out.fill(false);
    for mv in &game.start().legal_moves() {
        out[crate::encode(*mv)] = true;
    }
}

/// Plays `mv` (legal) and refreshes the legal moves.
fn play(slot: &mut Slot, mv: bagh_core::Move) {
    slot.game.push_unchecked(mv);
    slot.game.legal_moves_into(&mut slot.moves);
}

/// Starts a new game in `slot`; the opponent opens it when the agent does
/// not have the first move.
fn start(slot: &mut Slot, player: &mut Option<Player>, shared: &Shared) -> Result<(), String> {
    // Back to the start; the game's memory is kept for the next one.
    slot.game.rewind();
    slot.game.legal_moves_into(&mut slot.moves);
    slot.done = false;
    if let (Some(player), Some(agent)) = (player.as_mut(), shared.agent) {
        if slot.game.side_to_move() != agent && !slot.moves.is_empty() {
            let mv = player.choose(&slot.game, &slot.moves, &mut slot.rng)?;
            play(slot, mv);
        }
    }
    Ok(())
}
