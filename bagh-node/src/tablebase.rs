//! `Tablebase`: the solved game of a rule set, opened from a directory of
//! full tables or a compressed `tables.btz`.

use std::sync::Arc;

use bagh_tablebase::{Probe, Tablebase, Value};
use napi::bindgen_prelude::{Array, ClassInstance, Object};
use napi::{Env, Result};
use napi_derive::napi;

use crate::errors::OrThrow;
use crate::game::{JsGame, PositionArg};
use crate::moves::{move_array, move_object};
use crate::options::{check_keys, whole};
use crate::progress::{reporter, send, BuildReport, Reporter};
use crate::ruleset::JsRuleset;

/// The tables of one rule set: the value of every position, with the
/// distance to the end where the tables know it.
#[napi(js_name = "Tablebase")]
pub struct JsTablebase {
    pub(crate) inner: Arc<Tablebase>,
}

fn value_name(value: Value) -> &'static str {
    match value {
        Value::Win => "win",
        Value::Draw => "draw",
        Value::Loss => "loss",
    }
}

/// `{ value, distance }` for the side to move (`distance` null where unknown).
fn probe_object<'env>(env: &'env Env, probe: Probe) -> Result<Object<'env>> {
    let mut object = Object::new(env)?;
    object.set("value", value_name(probe.value))?;
    object.set("distance", probe.distance.map(f64::from))?;
    Ok(object)
}

/// A build on a libuv worker.
pub struct BuildTask {
    rules: bagh_core::Ruleset,
    dir: String,
    on_progress: Option<Arc<Reporter<BuildReport>>>,
}

impl<'task> napi::ScopedTask<'task> for BuildTask {
    type Output = std::result::Result<Tablebase, bagh_tablebase::TablebaseError>;
    type JsValue = JsTablebase;

    fn compute(&mut self) -> Result<Self::Output> {
        let mut options = bagh_tablebase::BuildOptions::default();
        if let Some(reporter) = self.on_progress.clone() {
            options.on_progress = Some(Arc::new(move |p: &bagh_tablebase::BuildProgress| {
                send(
                    &reporter,
                    BuildReport {
                        stage: p.stage.name().to_string(),
                        layer: u32::from(p.layer),
                        done: p.done as f64,
                        total: p.total as f64,
                    },
                );
                true
            }));
        }
        Ok(Tablebase::build(self.rules, &self.dir, &options))
    }

    fn resolve(&mut self, env: &'task Env, output: Self::Output) -> Result<JsTablebase> {
        Ok(JsTablebase {
            inner: Arc::new(output.or_throw(env)?),
        })
    }
}

#[napi]
impl JsTablebase {
    /// Builds the tables of `rules` into `dir` off the main thread (a
    /// Promise of the tables; a stopped build resumes where it was). Small
    /// rule sets take seconds, bagh-chal tens of minutes.
    /// `{ onProgress }` hears `{ stage, layer, done, total }` now and then.
    #[napi(catch_unwind, ts_return_type = "Promise<Tablebase>")]
    pub fn build(
        env: Env,
        rules: crate::convert::RulesArg,
        dir: String,
        options: Option<Object>,
    ) -> Result<napi::bindgen_prelude::AsyncTask<BuildTask>> {
        let rules = crate::convert::rules_of(Some(rules)).or_throw(&env)?;
        let mut on_progress = None;
        if let Some(options) = &options {
            check_keys(options, &["onProgress"], "Tablebase.build").or_throw(&env)?;
            on_progress = reporter(options)?.map(Arc::new);
        }
        Ok(napi::bindgen_prelude::AsyncTask::new(BuildTask {
            rules,
            dir,
            on_progress,
        }))
    }

    /// Opens the tables in `dir` (`bagh build` or `bagh compress` made
    /// them); a `TablebaseError` names what is missing or damaged.
    #[napi(factory, catch_unwind)]
    pub fn open(env: Env, dir: String) -> Result<JsTablebase> {
        let inner = Tablebase::open(&dir).or_throw(&env)?;
        Ok(JsTablebase {
            inner: Arc::new(inner),
        })
    }

    /// The rule set the tables solve.
    #[napi(getter)]
    pub fn rules(&self) -> JsRuleset {
        JsRuleset::from(*self.inner.rules())
    }

    /// The value of a position (a `Position` or a position string) for the
    /// side to move: `{ value: "win" | "draw" | "loss", distance }`.
    #[napi(catch_unwind)]
    pub fn probe<'env>(&self, env: &'env Env, position: PositionArg) -> Result<Object<'env>> {
        let position = self.position(env, position)?;
        let probe = self.inner.probe(&position).or_throw(env)?;
        probe_object(env, probe)
    }

    /// Each legal move with the value of the position after it (for the
    /// opponent, who moves next): `[{ move, value, distance }]`.
    #[napi(catch_unwind)]
    pub fn probe_moves<'env>(&self, env: &'env Env, position: PositionArg) -> Result<Array<'env>> {
        let position = self.position(env, position)?;
        let moves = self.inner.probe_moves(&position).or_throw(env)?;
        let mut out = env.create_array(moves.len() as u32)?;
        for (i, (mv, probe)) in moves.into_iter().enumerate() {
            let mut entry = probe_object(env, probe)?;
            entry.set("move", move_object(env, mv)?)?;
            out.set(i as u32, entry)?;
        }
        Ok(out)
    }

    /// The moves that keep the position's value (the fastest win, the
    /// slowest loss where distances are known).
    #[napi(catch_unwind)]
    pub fn best_moves<'env>(&self, env: &'env Env, position: PositionArg) -> Result<Array<'env>> {
        let position = self.position(env, position)?;
        let moves = self.inner.best_moves(&position).or_throw(env)?;
        move_array(env, moves)
    }

    /// The value of `game` with its history, where a search of the game
    /// itself (its bans included, at most `maxNodes` positions, 100,000
    /// unless given) proves it: `{ tables, proven, value, nodes }`.
    /// `tables` is the plain probe, which values the position as if new;
    /// `proven` is null when the search ran out of nodes.
    #[napi(catch_unwind)]
    pub fn probe_game<'env>(
        &self,
        env: &'env Env,
        game: ClassInstance<JsGame>,
        max_nodes: Option<f64>,
    ) -> Result<Object<'env>> {
        let max_nodes = match max_nodes {
            Some(n) => whole("maxNodes", n, 0.0..=9_007_199_254_740_991.0).or_throw(env)?,
            None => Tablebase::GAME_SEARCH_NODES,
        };
        let answer = self
            .inner
            .probe_game_with(&game.inner, max_nodes)
            .or_throw(env)?;
        let mut object = Object::new(env)?;
        object.set("tables", probe_object(env, answer.tables)?)?;
        object.set("proven", answer.proven.map(value_name))?;
        object.set("value", value_name(answer.value()))?;
        object.set("nodes", answer.nodes as f64)?;
        Ok(object)
    }
}

impl JsTablebase {
    fn position(&self, env: &Env, position: PositionArg) -> Result<bagh_core::Position> {
        match position {
            napi::bindgen_prelude::Either::A(text) => {
                bagh_core::Position::from_text(&text, *self.inner.rules()).or_throw(env)
            }
            napi::bindgen_prelude::Either::B(position) => Ok(position.inner),
        }
    }
}
