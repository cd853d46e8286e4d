//! The tree search: principal variation search with a transposition table,
//! and a quiescence search at the horizon.
//!
//! Every node returns its score and whether that score depends on the path
//! that led there (a move banned by the `forbidden` policy, a repetition
//! draw, the no-progress limit, anywhere below). Such a score is right for
//! this game but not for the position met along another path, so the table
//! keeps only its best move (see the [guide](crate::guide::engine)).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

use bagh_core::{for_each_tiger_move, goats_under_attack, Move, MoveList, Side};

use crate::clock::Instant;
use crate::eval::evaluate;
use crate::ordering::{pick, Heuristics, KeyedMoves, MAX_PLY, REDUCIBLE};
use crate::path::{for_each_legal_move, GamePath, Status};
use crate::score::{from_table, to_table, DRAW, INFINITE, WIN};
use crate::threats::{defences, landing_points};
use crate::tt::{Bound, TranspositionTable};
use crate::EvalWeights;

/// Plies of quiescence search at most below the horizon.
pub(crate) const QUIESCENCE_PLIES: usize = 8;

/// What ends a search early, checked as the nodes go by.
pub(crate) struct Control<'a> {
    /// The caller's stop flag.
    pub stop: &'a AtomicBool,
    /// For helper threads: raised when the main thread has finished.
    pub done: Option<&'a AtomicBool>,
    pub deadline: Option<Instant>,
    pub max_nodes: Option<u64>,
}

/// One thread's search over a shared table.
pub(crate) struct Searcher<'a> {
    pub path: GamePath,
    pub tt: &'a TranspositionTable,
    pub heuristics: &'a mut Heuristics,
    pub weights: EvalWeights,
    #[cfg(feature = "tablebase")]
    pub tables: Option<&'a bagh_tablebase::Tablebase>,
    pub control: Control<'a>,
    pub nodes: u64,
    pub seldepth: usize,
    pub stopped: bool,
    /// Whether late move reductions are on; off to verify a proven result.
    pub reduce: bool,
    /// The principal variation found below each ply.
    pub pv: Vec<Vec<Move>>,
}

/// A score and whether it depends on the path.
type Scored = (i32, bool);

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        path: GamePath,
        tt: &'a TranspositionTable,
        heuristics: &'a mut Heuristics,
        weights: EvalWeights,
        control: Control<'a>,
    ) -> Searcher<'a> {
        Searcher {
            path,
            tt,
            heuristics,
            weights,
            #[cfg(feature = "tablebase")]
            tables: None,
            control,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            reduce: true,
            pv: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect(),
        }
    }

    /// Counts a node and checks the limits: the node count at every node,
    /// the clock and the stop flag every 1024. Once stopped, the nodes the
    /// search passes through on its way out are not counted, so that a
    /// thread never reports more than its node limit.
    fn count_node(&mut self, ply: usize) {
        if self.stopped {
            return;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.control.max_nodes.is_some_and(|max| self.nodes >= max) {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0
            && (self.control.stop.load(Ordering::Relaxed)
                || self.control.done.is_some_and(|d| d.load(Ordering::Relaxed))
                || self.control.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
    }

    fn status_score(status: Status, ply: usize, excluded: bool) -> Scored {
        match status {
            Status::Lost => (-(WIN - ply as i32), excluded),
            Status::Blocked => (DRAW, excluded),
            Status::PathDraw => (DRAW, true),
        }
    }

    /// The tables' score of the current position, where they have one.
    /// Under `forbidden` their draws are not taken: the line that holds
    /// the draw may need a move this game's history bans, so the search
    /// goes on (their wins and losses never repeat a position of their own
    /// line, and are taken).
    #[cfg(feature = "tablebase")]
    fn probe_tables(&self, ply: usize, movement_only: bool) -> Option<i32> {
        let tables = self.tables?;
        let position = self.path.position();
        if movement_only && position.goats_in_hand() > 0 {
            return None;
        }
        let probe = tables.probe(position).ok()?;
        if probe.value == bagh_tablebase::Value::Draw && self.path.forbids() {
            return None;
        }
        Some(crate::tables::search_score(probe, ply))
    }

    #[cfg(not(feature = "tablebase"))]
    fn probe_tables(&self, _ply: usize, _movement_only: bool) -> Option<i32> {
        None
    }

    /// The principal variation search of the current position with `depth`
    /// plies to go, `ply` plies below the root.
    pub(crate) fn search(
        &mut self,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
    ) -> Scored {
        if depth <= 0 || ply + QUIESCENCE_PLIES + 2 >= MAX_PLY {
            return self.quiesce(alpha, beta, ply, 0);
        }
        self.pv[ply].clear();
        self.count_node(ply);
        if self.stopped {
            return (DRAW, true);
        }
        // The whole move list is needed now only when the policy may ban
        // moves (to know whether one is left, and whether any was banned);
        // otherwise the board says whether a move exists, and the list waits
        // until the table has had its chance to cut the node off.
        let mut moves = MoveList::new();
        let listed = self.path.may_ban();
        let (has_move, excluded) = if listed {
            let excluded = self.path.moves_into(&mut moves);
            (!moves.is_empty(), excluded)
        } else {
            (self.path.position().has_legal_move(), false)
        };
        if let Some(status) = self.path.status(has_move) {
            return Self::status_score(status, ply, excluded);
        }
        // No result here can beat a win on the next ply or lose faster
        // than now.
        alpha = alpha.max(-(WIN - ply as i32));
        beta = beta.min(WIN - ply as i32 - 1);
        if alpha >= beta {
            return (alpha, false);
        }
        if let Some(score) = self.probe_tables(ply, false) {
            return (score, false);
        }
        let pv_node = beta - alpha > 1;
        let key = self.path.key();
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(key) {
            tt_move = entry.mv;
            // A banned move here may be the stored one: then the stored
            // value is not this node's.
            // Without reductions, only results of full-width searches count.
            if !pv_node && !excluded && entry.depth >= depth && (self.reduce || entry.full_width) {
                let score = from_table(entry.score, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                    Bound::None => false,
                };
                if usable {
                    return (score, false);
                }
            }
        }

        let position = *self.path.position();
        let side = position.side_to_move();
        let (landing, attacked) = if side == Side::Goat {
            (
                landing_points(&position),
                goats_under_attack(position.tigers(), position.goats()),
            )
        } else {
            Default::default()
        };
        // The moves with their ordering keys, side by side.
        let mut keyed = KeyedMoves::new();
        let scorer = self
            .heuristics
            .scorer(side, tt_move, ply, landing, attacked);
        if listed {
            keyed.extend(moves.iter().map(|&mv| (scorer.key(mv), mv)));
        } else {
            // Each move keyed as it is made.
            for_each_legal_move!(&position, |mv| {
                keyed.push((scorer.key(mv), mv));
            });
        }
        let alpha_start = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut path_dependent = excluded;
        for i in 0..keyed.len() {
            pick(&mut keyed, i);
            let (key, mv) = keyed[i];
            self.path.push(mv);
            let (mut score, mut dependent);
            if i == 0 {
                (score, dependent) = negate(self.search(depth - 1, -beta, -alpha, ply + 1));
            } else {
                // Late move reductions: a late quiet move of a node off the
                // principal variation is first searched shallower, and again
                // at full depth only if it beats alpha.
                let reduction =
                    if self.reduce && !pv_node && depth >= 3 && i >= 3 && key < REDUCIBLE {
                        1 + i32::from(depth >= 6 && i >= 8)
                    } else {
                        0
                    };
                (score, dependent) =
                    negate(self.search(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1));
                if reduction > 0 && score > alpha {
                    (score, dependent) =
                        negate(self.search(depth - 1, -alpha - 1, -alpha, ply + 1));
                }
                if score > alpha && score < beta {
                    (score, dependent) = negate(self.search(depth - 1, -beta, -alpha, ply + 1));
                }
            }
            self.path.pop();
            if self.stopped {
                return (DRAW, true);
            }
            path_dependent |= dependent;
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.set_pv(ply, mv);
                    if score >= beta {
                        if !mv.is_capture() {
                            self.heuristics.cutoff(side, mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if path_dependent {
            self.tt
                .store(key, best_move, 0, depth, Bound::None, !self.reduce);
        } else {
            let score = to_table(best, ply);
            self.tt
                .store(key, best_move, score, depth, bound, !self.reduce);
        }
        (best, path_dependent)
    }

    /// `pv[ply]` = `mv` followed by the variation below it.
    fn set_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// The quiescence search: the side to move may stand on the static
    /// evaluation or play a forcing move. Tigers try their captures; goats
    /// facing a capture threat try their answers to it (a goat onto a point
    /// where a tiger would land, or an attacked goat moving away). At most
    /// [`QUIESCENCE_PLIES`] plies deep.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize, depth: usize) -> Scored {
        self.pv[ply].clear();
        self.count_node(ply);
        if self.stopped {
            return (DRAW, true);
        }
        let position = *self.path.position();
        // Whether a move is left (and whether the policy banned one), told
        // without listing the moves.
        let (has_move, excluded) = self.path.moves_left();
        if let Some(status) = self.path.status(has_move) {
            return Self::status_score(status, ply, excluded);
        }
        if let Some(score) = self.probe_tables(ply, true) {
            return (score, false);
        }
        let stand = match self.path.network_output() {
            Some(output) => crate::evaluation::network_score(output, &position, || {
                evaluate(&position, &self.weights)
            }),
            None => evaluate(&position, &self.weights),
        };
        if depth >= QUIESCENCE_PLIES || ply + 1 >= MAX_PLY || stand >= beta {
            return (stand, false);
        }
        let mut moves = MoveList::new();
        match position.side_to_move() {
            Side::Tiger => {
                // Captures come first from the generator.
                let _ = for_each_tiger_move(
                    position.rules(),
                    position.tigers(),
                    position.goats(),
                    |mv| {
                        if mv.is_capture() {
                            moves.push(mv);
                            ControlFlow::Continue(())
                        } else {
                            ControlFlow::Break(())
                        }
                    },
                );
            }
            Side::Goat => {
                let attacked = goats_under_attack(position.tigers(), position.goats());
                if attacked.is_empty() {
                    return (stand, false);
                }
                defences(&position, attacked, &mut moves);
            }
        }
        let mut path_dependent = self.path.exclude(&mut moves);
        alpha = alpha.max(stand);
        let mut best = stand;
        for &mv in &moves {
            self.path.push(mv);
            let (score, dependent) = negate(self.quiesce(-beta, -alpha, ply + 1, depth + 1));
            self.path.pop();
            if self.stopped {
                return (DRAW, true);
            }
            path_dependent |= dependent;
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        (best, path_dependent)
    }
}

fn negate((score, dependent): Scored) -> Scored {
    (-score, dependent)
}
