//! Observations: planes of 5 × 5 floats that describe a position, or a game
//! with its history, for a neural network.
//!
//! ```
//! use bagh_core::Position;
//! use bagh_rl::{observation, plane, OBSERVATION_SHAPE, OBSERVATION_SIZE};
//!
//! assert_eq!(OBSERVATION_SHAPE, [11, 5, 5]);
//! let obs = observation(&Position::default());
//! assert_eq!(obs.len(), OBSERVATION_SIZE);
//! // Plane 0 holds the tigers: a1 is row 0 (rank 1), column 0 (file a).
//! assert_eq!(obs[plane::TIGERS * 25], 1.0);
//! // Plane 4: goats in hand as a fraction of the rule set's goats.
//! assert_eq!(obs[plane::IN_HAND * 25], 1.0);
//! ```
//!
//! The planes, each 25 values in point order (`a1`, `b1`, ..., `e5`, so
//! that the plane reshaped to 5 × 5 has rank 1 in row 0 and file `a` in
//! column 0), are listed in [`plane`]. The constant planes carry numbers
//! (the counters and the rule set's switches) so that one convolutional
//! network reads everything as planes.

use bagh_core::{Game, PointSet, Position, Repetition, Side, TigerMoves};

/// The index of each observation plane.
pub mod plane {
    /// 1 where a tiger stands.
    pub const TIGERS: usize = 0;
    /// 1 where a goat stands.
    pub const GOATS: usize = 1;
    /// 1 on empty points.
    pub const EMPTY: usize = 2;
    /// All 1 when the goats are to move, all 0 when the tigers are.
    pub const GOATS_TO_MOVE: usize = 3;
    /// Goats in hand divided by the rule set's goat count.
    pub const IN_HAND: usize = 4;
    /// Goats captured divided by the rule set's capture target.
    pub const CAPTURED: usize = 5;
    /// All 1 when tigers slide (the rule set's tiger moves).
    pub const SLIDES: usize = 6;
    /// All 1 when captures are mandatory.
    pub const MANDATORY_CAPTURE: usize = 7;
    /// All 1 when goats with no move lose.
    pub const BLOCKED_SIDE_LOSES: usize = 8;
    /// A game's no-progress plies divided by the rule set's limit (0 for a
    /// position, or with no limit).
    pub const NO_PROGRESS: usize = 9;
    /// Under `draw(n)`, a game's earlier occurrences of the current
    /// position divided by n − 1 (1 means the game is drawn); 0 otherwise
    /// (`forbidden` shows in the mask instead).
    pub const REPETITION: usize = 10;
    /// The number of planes.
    pub const COUNT: usize = 11;
}

/// The shape of one observation: planes, ranks, files.
pub const OBSERVATION_SHAPE: [usize; 3] = [plane::COUNT, 5, 5];

/// The number of floats of one observation.
pub const OBSERVATION_SIZE: usize = plane::COUNT * 25;

fn fill_plane(out: &mut [f32], plane: usize, value: f32) {
    out[plane * 25..(plane + 1) * 25].fill(value);
}

/// Writes 1 at each point of `points` and 0 elsewhere. Written for every
/// point without a branch, so that it compiles to a few vector operations:
/// a loop over the set's points was a fifth of an RL step.
#[inline]
fn write_points(points: PointSet, out: &mut [f32]) {
    /// Each point's bit, read from a table: a shift by a varying amount
    /// does not vectorise on the baseline x86-64 target.
    const POINT_BITS: [u32; 25] = {
        let mut bits = [0; 25];
        let mut index = 0;
        while index < 25 {
            bits[index] = 1 << index;
            index += 1;
        }
        bits
    };
    let bits = points.bits();
    for (value, bit) in out[..25].iter_mut().zip(POINT_BITS) {
        *value = if bits & bit != 0 { 1.0 } else { 0.0 };
    }
}

#[inline]
fn write(position: &Position, no_progress: f32, repetition: f32, out: &mut [f32]) {
    let out = &mut out[..OBSERVATION_SIZE];
    write_points(position.tigers(), &mut out[plane::TIGERS * 25..]);
    write_points(position.goats(), &mut out[plane::GOATS * 25..]);
    write_points(position.empty(), &mut out[plane::EMPTY * 25..]);
    let rules = position.rules();
    let flag = |on: bool| if on { 1.0 } else { 0.0 };
    fill_plane(
        out,
        plane::GOATS_TO_MOVE,
        flag(position.side_to_move() == Side::Goat),
    );
    fill_plane(
        out,
        plane::IN_HAND,
        f32::from(position.goats_in_hand()) / f32::from(rules.goats()),
    );
    fill_plane(
        out,
        plane::CAPTURED,
        f32::from(position.goats_captured()) / f32::from(rules.capture_target()),
    );
    fill_plane(
        out,
        plane::SLIDES,
        flag(rules.tiger_moves() == TigerMoves::Slide),
    );
    fill_plane(
        out,
        plane::MANDATORY_CAPTURE,
        flag(rules.mandatory_capture()),
    );
    fill_plane(
        out,
        plane::BLOCKED_SIDE_LOSES,
        flag(rules.blocked_side_loses()),
    );
    fill_plane(out, plane::NO_PROGRESS, no_progress);
    fill_plane(out, plane::REPETITION, repetition);
}

/// Writes the observation of a position (no history) into the first
/// [`OBSERVATION_SIZE`] floats of `out`.
///
/// # Panics
///
/// Never for an `out` of at least [`OBSERVATION_SIZE`] floats; a shorter
/// one panics, so callers check lengths first (the environments do).
pub fn write_position_observation(position: &Position, out: &mut [f32]) {
    write(position, 0.0, 0.0, out);
}

/// Writes the observation of a game's current position, with its
/// no-progress count and repetitions, into the first [`OBSERVATION_SIZE`]
/// floats of `out` (of at least that length).
#[inline]
pub fn write_game_observation(game: &Game, out: &mut [f32]) {
    let rules = game.rules();
    let no_progress = rules.no_progress_limit().map_or(0.0, |limit| {
        (game.no_progress_plies() as f32 / f32::from(limit.get())).min(1.0)
    });
    let repetition = match rules.repetition() {
        Repetition::Draw(n) if n > 1 => {
            ((game.repetition_count() - 1) as f32 / f32::from(n - 1)).min(1.0)
        }
        _ => 0.0,
    };
    write(game.position(), no_progress, repetition, out);
}

/// The observation of a position, as an array.
pub fn observation(position: &Position) -> [f32; OBSERVATION_SIZE] {
    let mut out = [0.0; OBSERVATION_SIZE];
    write_position_observation(position, &mut out);
    out
}
