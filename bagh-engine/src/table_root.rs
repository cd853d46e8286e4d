//! The root move from the tables: the engine's answer when the tables know
//! the position and the result of every move.

use bagh_core::{Move, Repetition};

use crate::run::Request;
use crate::{Analysis, Engine, Line, Progress, Score};

impl Engine {
    /// The answer of the tables at the root, when they know the position
    /// and every move's result: the best-ranked move; at a drawn root, the
    /// search's choice among the tables' equals, or under `forbidden` among
    /// every drawing move (searched with the game's history).
    pub(crate) fn analyse_with_tables(
        &mut self,
        request: &Request<'_>,
        on_progress: &mut dyn FnMut(&Progress),
    ) -> Option<Analysis> {
        let Request {
            game,
            moves,
            multipv,
            start,
            ..
        } = *request;
        let tables = self.options.tablebase.clone()?;
        let list: bagh_core::MoveList = moves.iter().copied().collect();
        let ranked = crate::tables::rank(&tables, game, &list)?;
        let position = *game.position();
        let mut lines: Vec<Line> = ranked[..multipv]
            .iter()
            .map(|m| Line {
                score: m.score,
                pv: crate::tables::principal_variation(&tables, &position, m.mv, 32),
            })
            .collect();
        let ties = crate::tables::equally_best(&ranked);
        let forbidden = game.rules().repetition() == Repetition::Forbidden;
        let (mut depth, mut seldepth, mut nodes) = (0, 0, 0);
        if ranked[0].score == Score::Draw && (ties > 1 || forbidden) {
            // Under `forbidden` the tables' draw may need a move the history
            // will ban, and the opponent's drawing moves may be banned too:
            // every drawing move is searched (with the history, and without
            // trusting the tables' draws inside the tree), and the search's
            // best is played, which avoids the bans it sees and plays on for
            // a win. Otherwise the tables' equals are left to the search.
            // Either way the candidates come fewest drawing replies first,
            // so that among equal scores that one is kept.
            let considered = if forbidden {
                ranked.iter().take_while(|m| m.score == Score::Draw).count()
            } else {
                ties
            };
            let candidates: Vec<Move> = ranked[..considered].iter().map(|m| m.mv).collect();
            let (completed, searched) = self.run(
                &Request {
                    moves: &candidates,
                    multipv: 1,
                    ..*request
                },
                &mut |_| {},
            );
            nodes = searched;
            if let Some(completed) = completed {
                let chosen = &completed.moves[0];
                depth = completed.depth;
                seldepth = completed.seldepth;
                let score = match Score::from_search(chosen.score) {
                    lost @ Score::Loss(_) => lost,
                    _ => Score::Draw,
                };
                lines.retain(|l| l.first() != Some(chosen.mv));
                lines.insert(
                    0,
                    Line {
                        score,
                        pv: chosen.pv.clone(),
                    },
                );
                lines.truncate(multipv);
            }
        }
        let time = start.elapsed();
        for (i, line) in lines.iter().enumerate() {
            on_progress(&Progress {
                depth,
                seldepth,
                multipv: i + 1,
                score: line.score,
                nodes,
                nps: crate::engine::nps(nodes, time),
                time,
                hashfull: self.tt.hashfull(),
                pv: line.pv.clone(),
            });
        }
        Some(Analysis {
            best_move: lines[0].pv[0],
            score: lines[0].score,
            pv: lines[0].pv.clone(),
            depth,
            seldepth,
            nodes,
            time,
            lines,
        })
    }
}
