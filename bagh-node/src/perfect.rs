//! `PerfectPlayer`: the tables' player, choosing among the moves that keep
//! the value (the game's history counted).

use std::sync::Arc;

use bagh_engine::{PerfectPlayer, PerfectStyle, Player};
use napi::bindgen_prelude::{ClassInstance, Object};
use napi::{Env, Result};
use napi_derive::napi;

use crate::errors::{ErrorClass, Failure, OrThrow, Throw};
use crate::game::JsGame;
use crate::moves::move_object;
use crate::options::{check_keys, whole};
use crate::tablebase::JsTablebase;

/// Perfect play by the tables: `style` `"random"` (uniform among the best
/// moves, seeded) or `"narrowing"` (the move that leaves the opponent the
/// fewest good replies).
#[napi(js_name = "PerfectPlayer")]
pub struct JsPerfectPlayer {
    player: PerfectPlayer,
    /// How to make a fresh player like this one, for a match.
    pub(crate) tables: Arc<bagh_tablebase::Tablebase>,
    style: PerfectStyle,
    seed: u64,
    history_nodes: u64,
}

impl JsPerfectPlayer {
    /// A fresh player of the same tables, style, seed and search.
    pub fn fresh(&self) -> PerfectPlayer {
        PerfectPlayer::new(Arc::clone(&self.tables), self.style, self.seed)
            .with_history_nodes(self.history_nodes)
    }
}

#[napi]
impl JsPerfectPlayer {
    /// `new PerfectPlayer(tablebase, { style, seed, historyNodes })`:
    /// under `forbidden` it searches the game's history for about
    /// `historyNodes` nodes a move (20,000; 0 turns it off).
    #[napi(constructor, catch_unwind)]
    pub fn new(
        env: Env,
        tablebase: ClassInstance<JsTablebase>,
        options: Option<Object>,
    ) -> Result<JsPerfectPlayer> {
        let mut style = PerfectStyle::Random;
        let mut seed = 0;
        let mut history_nodes = PerfectPlayer::HISTORY_NODES;
        if let Some(options) = &options {
            check_keys(options, &["style", "seed", "historyNodes"], "PerfectPlayer")
                .or_throw(&env)?;
            match options.get::<String>("style")?.as_deref() {
                None | Some("random") => {}
                Some("narrowing") => style = PerfectStyle::Narrowing,
                Some(other) => {
                    return Err(Failure::new(
                        ErrorClass::Argument,
                        format!("style: expected \"random\" or \"narrowing\", found {other:?}"),
                    )
                    .throw(&env))
                }
            }
            if let Some(value) = options.get::<f64>("seed")? {
                seed = whole("seed", value, 0.0..=9_007_199_254_740_991.0).or_throw(&env)?;
            }
            if let Some(value) = options.get::<f64>("historyNodes")? {
                history_nodes =
                    whole("historyNodes", value, 0.0..=9_007_199_254_740_991.0).or_throw(&env)?;
            }
        }
        Ok(JsPerfectPlayer {
            player: PerfectPlayer::new(Arc::clone(&tablebase.inner), style, seed)
                .with_history_nodes(history_nodes),
            tables: Arc::clone(&tablebase.inner),
            style,
            seed,
            history_nodes,
        })
    }

    /// The move it plays in `game` (never one the history bans); an
    /// `EngineError` when the game is over, a `TablebaseError` when the
    /// tables cannot answer.
    #[napi(catch_unwind)]
    pub fn best_move<'env>(
        &mut self,
        env: &'env Env,
        game: ClassInstance<JsGame>,
    ) -> Result<Object<'env>> {
        if let Some(outcome) = game.inner.outcome() {
            return Err(Failure::from(bagh_engine::EngineError::GameOver { outcome }).throw(env));
        }
        let mv = self
            .player
            .choose(&game.inner)
            .map_err(|e| Failure::new(ErrorClass::Tablebase, e.to_string()).throw(env))?;
        move_object(env, mv)
    }
}
