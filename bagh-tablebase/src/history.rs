//! The value of a game rather than of its position. The tables value a
//! position as if it were new; under `forbidden` the game's history bans
//! moves they assume, so a search that plays the game itself, with its
//! bans, proves the value where it can.
//!
//! What the search trusts: a finished game; under `allowed` and `draw(n)`
//! the tables' draws; and the tables' wins and losses wherever no position
//! of the history lies on the winner's way. The winner's shortest way only
//! visits positions nearer the end than the one it starts from, so a win in
//! `d` plies is safe when no earlier position of the same stretch (since
//! the last placement or capture) is a win for the same side in fewer than
//! `d`. That covers every win and loss with goats in hand, and every one
//! right after a capture. A draw under `forbidden` is never trusted: the
//! search plays it out, until every line ends in a trusted position or the
//! node budget is spent.

use bagh_core::{Game, Move, MoveList, Position, Repetition, Side, SplitMix64};
use rustc_hash::FxHashMap;

use crate::{Probe, Tablebase, TablebaseError, Value};

/// What [`Tablebase::probe_game`] answers for a game.
///
/// ```
/// use bagh_core::{Game, Point, Repetition, Ruleset};
/// use bagh_tablebase::{BuildOptions, Tablebase, Value};
///
/// // A lone tiger and a lone goat, under bagh-chal's `forbidden` repetition.
/// let rules = Ruleset::builder().tigers([Point::C3]).goats(1).capture_target(1).build()?;
/// let dir = tempfile::tempdir()?;
/// let tables = Tablebase::build(rules, dir.path(), &BuildOptions::default())?;
/// let answer = tables.probe_game(&Game::new(rules))?;
/// // As if cycles were draws, the goat holds. With the bans the game is a
/// // race for fresh positions, too long for the search's budget to settle.
/// assert_eq!(answer.tables.value, Value::Draw);
/// assert_eq!(answer.proven, None);
/// assert_eq!(answer.value(), Value::Draw);
///
/// // Under `draw(3)` the tables' answer holds whatever the history.
/// let rules = rules.to_builder().repetition(Repetition::Draw(3)).build()?;
/// let dir = tempfile::tempdir()?;
/// let tables = Tablebase::build(rules, dir.path(), &BuildOptions::default())?;
/// assert_eq!(tables.probe_game(&Game::new(rules))?.proven, Some(Value::Draw));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct GameProbe {
    /// The tables' answer for the game's position, as if it were new.
    pub tables: Probe,
    /// The value for the side to move with the game's history, where it is
    /// proven: by the rules (the history cannot change it) or by a search
    /// that plays the game with its bans. `None` when the search ran out of
    /// nodes: then only the tables' value is known, and it ignores the
    /// history.
    pub proven: Option<Value>,
    /// Positions the search visited (0 when the tables' answer was enough).
    pub nodes: u64,
}

impl GameProbe {
    /// The proven value, or else the tables'.
    pub fn value(&self) -> Value {
        self.proven.unwrap_or(self.tables.value)
    }
}

/// The bounds of a value for the side to move, as -1 (loss), 0 (draw) and
/// 1 (win): the true value lies in `lo..=hi`.
type Bounds = (i8, i8);
const UNKNOWN: Bounds = (-1, 1);

/// No position of the history is a win for this side.
const NONE_NEARER: u16 = u16::MAX;

fn side_index(side: Side) -> usize {
    match side {
        Side::Tiger => 0,
        Side::Goat => 1,
    }
}

/// The side a probe says wins, and in how many plies, when it knows both.
fn winner(position: &Position, probe: Probe) -> Option<(Side, u16)> {
    let distance = probe.distance?;
    let mover = position.side_to_move();
    match probe.value {
        Value::Win => Some((mover, distance)),
        Value::Loss => Some((!mover, distance)),
        Value::Draw => None,
    }
}

/// `nearest` with `position` added to the stretch: its side's nearest win
/// shortened if `probe` is a nearer one.
fn with_position(mut nearest: [u16; 2], position: &Position, probe: Probe) -> [u16; 2] {
    if let Some((side, d)) = winner(position, probe) {
        let n = &mut nearest[side_index(side)];
        *n = (*n).min(d);
    }
    nearest
}

/// Whether `mv` from `position` starts a new stretch of the game: no
/// position before it can come back.
fn irreversible(position: &Position, mv: Move) -> bool {
    mv.is_place() || mv.is_capture() || position.goats_in_hand() > 0
}

/// A search over the game's own moves, bans and all, with the tables'
/// trusted answers at its leaves.
pub struct HistorySearch<'a> {
    tables: &'a Tablebase,
    max_nodes: u64,
    nodes: u64,
    /// Bounds found, by the position's key mixed with its stretch's.
    memo: FxHashMap<u64, Bounds>,
}

/// How deep a line may go before the search gives it up as unknown (the
/// search recurses once a ply).
const MAX_PLIES: usize = 600;

impl<'a> HistorySearch<'a> {
    /// A search of `tables` that visits at most `max_nodes` positions in
    /// all (its memo is kept from one game to the next).
    pub fn new(tables: &'a Tablebase, max_nodes: u64) -> HistorySearch<'a> {
        HistorySearch {
            tables,
            max_nodes,
            nodes: 0,
            memo: FxHashMap::default(),
        }
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Gives the search `more` nodes beyond those it has used.
    pub fn allow(&mut self, more: u64) {
        self.max_nodes = self.nodes.saturating_add(more);
    }

    /// The value of `game` for its side to move, with its history; see
    /// [`Tablebase::probe_game`].
    pub fn probe(&mut self, game: &Game) -> Result<GameProbe, TablebaseError> {
        let tables = self.tables.probe(game.position())?;
        let start = self.nodes;
        let (lo, hi) = self.root(game)?;
        Ok(GameProbe {
            tables,
            proven: (lo == hi).then(|| Value::from_score(lo)),
            nodes: self.nodes - start,
        })
    }

    /// The bounds of every legal move of `game`, for the side that makes
    /// it: what a history-aware player chooses by.
    pub fn probe_moves(
        &mut self,
        game: &Game,
    ) -> Result<Vec<(Move, Value, Value)>, TablebaseError> {
        self.tables.probe(game.position())?;
        let mut game = game.clone();
        let mut answers = Vec::new();
        for mv in game.legal_moves() {
            game.push_unchecked(mv);
            let (lo, hi) = self.root(&game)?;
            game.pop();
            answers.push((mv, Value::from_score(-hi), Value::from_score(-lo)));
        }
        Ok(answers)
    }

    /// The hash and nearest wins of the stretch of history before the
    /// current position of `game`.
    fn stretch(&self, game: &Game) -> Result<(u64, [u16; 2]), TablebaseError> {
        let positions = game.positions();
        let stretch = game.no_progress_plies() as usize;
        let earlier = &positions[positions.len() - 1 - stretch.min(positions.len() - 1)..];
        let earlier = &earlier[..earlier.len() - 1];
        let mut set = 0u64;
        let mut nearest = [NONE_NEARER; 2];
        for position in earlier {
            set ^= scramble(position.zobrist());
            nearest = with_position(nearest, position, self.tables.probe(position)?);
        }
        Ok((set, nearest))
    }
}

/// A position's key, scrambled before it joins the key of a set of
/// positions. Zobrist keys are XORs of piece keys, so the XOR of two sets
/// of plain keys often agrees (swap the goats of two positions); the
/// scrambled keys (the first output of the core's generator seeded with
/// the key) have no such relations.
fn scramble(key: u64) -> u64 {
    SplitMix64::new(key).next_u64()
}

/// The stretch after `mv` from the current position of `game`, whose
/// tables' answer is `probe`.
fn child_stretch(
    game: &Game,
    probe: Probe,
    mv: Move,
    set: u64,
    nearest: [u16; 2],
) -> (u64, [u16; 2]) {
    let position = game.position();
    if irreversible(position, mv) {
        return (0, [NONE_NEARER; 2]);
    }
    (
        set ^ scramble(game.zobrist()),
        with_position(nearest, position, probe),
    )
}

impl HistorySearch<'_> {
    /// The bounds of `game`'s value, searched from its stretch of history.
    fn root(&mut self, game: &Game) -> Result<Bounds, TablebaseError> {
        if self.tables.rules().no_progress_limit().is_some() {
            // The tables ignore the limit: nothing but a finished game is
            // known.
            return Ok(game.outcome().map_or(UNKNOWN, |o| {
                let v = outcome_score(o.winner, game.side_to_move());
                (v, v)
            }));
        }
        let (set, nearest) = self.stretch(game)?;
        let mut game = game.clone();
        self.node(&mut game, set, nearest, -2, 2, 0)
    }

    /// Whether the tables' answer at a position of the search holds with
    /// the history behind it.
    fn trusted(&self, position: &Position, probe: Probe, nearest: [u16; 2]) -> bool {
        match winner(position, probe) {
            Some((side, d)) => nearest[side_index(side)] >= d,
            // Placement: no distance, no position of the stretch before.
            None if probe.value != Value::Draw => true,
            None => self.tables.rules().repetition() != Repetition::Forbidden,
        }
    }

    fn node(
        &mut self,
        game: &mut Game,
        set: u64,
        nearest: [u16; 2],
        alpha: i8,
        beta: i8,
        ply: usize,
    ) -> Result<Bounds, TablebaseError> {
        if self.nodes >= self.max_nodes || ply >= MAX_PLIES {
            return Ok(UNKNOWN);
        }
        self.nodes += 1;
        // The moves once: an empty list is a finished game.
        let legal = game.legal_moves();
        if legal.is_empty() {
            let winner = game.outcome().and_then(|o| o.winner);
            let v = outcome_score(winner, game.side_to_move());
            return Ok((v, v));
        }
        let position = *game.position();
        let probe = self.tables.probe(&position)?;
        if self.trusted(&position, probe, nearest) {
            let v = probe.value.score();
            return Ok((v, v));
        }
        let key = game.zobrist() ^ scramble(set);
        if let Some(&(lo, hi)) = self.memo.get(&key) {
            if lo == hi || lo >= beta || hi <= alpha {
                return Ok((lo, hi));
            }
        }
        let moves = self.ordered_moves(legal, &position)?;
        let (mut lo, mut hi) = (-1i8, -1i8);
        for mv in moves {
            let (child_set, child_nearest) = child_stretch(game, probe, mv, set, nearest);
            game.push_unchecked(mv);
            let child = self.node(
                game,
                child_set,
                child_nearest,
                -beta,
                -alpha.max(lo),
                ply + 1,
            );
            game.pop();
            let (child_lo, child_hi) = child?;
            lo = lo.max(-child_hi);
            hi = hi.max(-child_lo);
            if lo >= beta || lo == 1 {
                hi = 1; // the moves left unsearched might be better
                break;
            }
        }
        self.memo.insert(key, (lo, hi));
        Ok((lo, hi))
    }

    /// `legal`, the moves of `position`, the tables' best for the mover
    /// first: the likeliest to settle a bound soon.
    fn ordered_moves(
        &self,
        legal: MoveList,
        position: &Position,
    ) -> Result<Vec<Move>, TablebaseError> {
        let mut keyed = Vec::new();
        for mv in legal {
            let mut after = *position;
            after.play_unchecked(mv);
            keyed.push((self.tables.probe(&after)?.rank_for_mover(), mv));
        }
        keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
        Ok(keyed.into_iter().map(|(_, mv)| mv).collect())
    }
}

fn outcome_score(winner: Option<Side>, mover: Side) -> i8 {
    match winner {
        None => 0,
        Some(side) if side == mover => 1,
        Some(_) => -1,
    }
}

impl Tablebase {
    /// The nodes [`probe_game`](Tablebase::probe_game) searches at most.
    pub const GAME_SEARCH_NODES: u64 = 100_000;

    /// The value of `game` for its side to move *with its history*, where
    /// it can be proven; see [`GameProbe`].
    ///
    /// [`probe`](Tablebase::probe) values a position as if it were new.
    /// That is exact except under `forbidden` (and a no-progress limit):
    /// there the game's earlier positions are banned, which can turn a
    /// tables' draw into a win for either side and, rarely, spoil a win.
    /// This searches the game itself, with its bans, for at most
    /// [`GAME_SEARCH_NODES`](Tablebase::GAME_SEARCH_NODES) positions, trusting the
    /// tables only where the history cannot change them.
    ///
    /// Errors: those of [`probe`](Tablebase::probe).
    pub fn probe_game(&self, game: &Game) -> Result<GameProbe, TablebaseError> {
        self.probe_game_with(game, Tablebase::GAME_SEARCH_NODES)
    }

    /// [`probe_game`](Tablebase::probe_game) with a budget of `max_nodes`
    /// positions.
    pub fn probe_game_with(
        &self,
        game: &Game,
        max_nodes: u64,
    ) -> Result<GameProbe, TablebaseError> {
        HistorySearch::new(self, max_nodes).probe(game)
    }
}
