//! `bagh.rl.VecEnv`: many games stepped in Rust without the GIL, writing
//! into numpy arrays made once and returned at every step.

use bagh_core::{Game, Ruleset, Side};
use bagh_rl::{Buffers, Opponent, VecEnv, VecEnvOptions, NUM_ACTIONS, OBSERVATION_SHAPE};
use numpy::{
    PyArray1, PyArrayDescrMethods, PyArrayDyn, PyArrayMethods, PyUntypedArray,
    PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString, PyTuple};

use super::error::{env_error, rl_error};
use crate::convert::to_rules;
use crate::game::PyGame;
use crate::ruleset::PyRuleset;
use crate::tablebase::PyTablebase;

/// Many games of one rule set at once: self-play, or one side against an
/// opponent. Auto-reset is next-step: the step after a game ends ignores
/// that environment's action and starts a new game; the step that ends it
/// gives its row the start position's mask, so that a masked sampler always
/// finds an action.
#[pyclass(name = "VecEnv", module = "bagh.rl")]
pub struct PyVecEnv {
    env: VecEnv,
    opponent: String,
    observations: Py<PyArrayDyn<f32>>,
    masks: Py<PyArrayDyn<bool>>,
    to_play: Py<PyArrayDyn<i8>>,
    rewards: Py<PyArrayDyn<f32>>,
    terminated: Py<PyArrayDyn<bool>>,
    truncated: Py<PyArrayDyn<bool>>,
}

/// The opponent an argument names, and its text for the repr.
fn to_opponent(
    opponent: Option<&Bound<'_, PyAny>>,
    tablebase: Option<&Bound<'_, PyTablebase>>,
    rules: &Ruleset,
) -> PyResult<(Option<Opponent>, String)> {
    let Some(opponent) = opponent.filter(|o| !o.is_none()) else {
        if tablebase.is_some() {
            return Err(rl_error(
                "tablebase",
                "only an opponent=\"perfect\" uses tables",
            ));
        }
        return Ok((None, "None".to_string()));
    };
    let expected = "expected None, \"random\", a level from 1 to 20 or \"perfect\"";
    if opponent.is_instance_of::<PyInt>() && !opponent.is_instance_of::<PyBool>() {
        let level: i64 = opponent.extract()?;
        let level = u8::try_from(level)
            .ok()
            .filter(|l| (1..=20).contains(l))
            .ok_or_else(|| rl_error("opponent", format!("level {level} is not in 1..=20")))?;
        return Ok((Some(Opponent::Level(level)), level.to_string()));
    }
    if let Ok(name) = opponent.cast::<PyString>() {
        match name.to_str()? {
            "random" => return Ok((Some(Opponent::Random), "'random'".to_string())),
            "perfect" => {
                let Some(tables) = tablebase else {
                    return Err(rl_error(
                        "opponent",
                        "\"perfect\" plays by the tables: pass tablebase=",
                    ));
                };
                let tables = tables.get().shared();
                if tables.rules() != rules {
                    return Err(rl_error(
                        "tablebase",
                        format!(
                            "the tables are of the rule set {}, the environments of {rules}",
                            tables.rules()
                        ),
                    ));
                }
                return Ok((Some(Opponent::Perfect(tables)), "'perfect'".to_string()));
            }
            other => return Err(rl_error("opponent", format!("{expected}, got {other:?}"))),
        }
    }
    Err(rl_error(
        "opponent",
        format!("{expected}, got {}", opponent.get_type().name()?),
    ))
}

/// The actions as int64 values: a 1-D integer array (or sequence) of length `n`.
pub(crate) fn to_actions(
    py: Python<'_>,
    actions: &Bound<'_, PyAny>,
    n: usize,
) -> PyResult<Vec<i64>> {
    let array = match actions.cast::<PyUntypedArray>() {
        Ok(array) => array.clone(),
        Err(_) => {
            let converted = py.import("numpy")?.call_method1("asarray", (actions,))?;
            converted
                .cast::<PyUntypedArray>()
                .map_err(|_| rl_error("actions", "expected an array of integers"))?
                .clone()
        }
    };
    if array.ndim() != 1 || array.len() != n {
        return Err(rl_error(
            "actions",
            format!("expected shape ({n},), got {:?}", array.shape()),
        ));
    }
    let kind = array.dtype().kind();
    if kind != b'i' && kind != b'u' {
        return Err(rl_error(
            "actions",
            format!("expected an integer dtype, got {}", array.dtype()),
        ));
    }
    if let Ok(exact) = array.cast::<PyArray1<i64>>() {
        if let Ok(values) = exact.to_vec() {
            return Ok(values);
        }
    }
    let converted = array.call_method1("astype", ("int64",))?;
    let converted = converted
        .cast::<PyArray1<i64>>()
        .map_err(|_| rl_error("actions", "cannot be read as int64"))?;
    converted
        .to_vec()
        .map_err(|e| rl_error("actions", e.to_string()))
}

impl PyVecEnv {
    /// Runs `work` on the environments and every output buffer, without the GIL.
    fn run(
        &mut self,
        py: Python<'_>,
        work: impl FnOnce(&mut VecEnv, &mut Buffers<'_>) -> Result<(), bagh_rl::EnvError> + Send,
    ) -> PyResult<()> {
        let mut observations = self.observations.bind(py).try_readwrite().map_err(busy)?;
        let mut masks = self.masks.bind(py).try_readwrite().map_err(busy)?;
        let mut to_play = self.to_play.bind(py).try_readwrite().map_err(busy)?;
        let mut rewards = self.rewards.bind(py).try_readwrite().map_err(busy)?;
        let mut terminated = self.terminated.bind(py).try_readwrite().map_err(busy)?;
        let mut truncated = self.truncated.bind(py).try_readwrite().map_err(busy)?;
        let mut buffers = Buffers {
            observations: observations.as_slice_mut().map_err(busy)?,
            masks: masks.as_slice_mut().map_err(busy)?,
            to_play: to_play.as_slice_mut().map_err(busy)?,
            rewards: rewards.as_slice_mut().map_err(busy)?,
            terminated: terminated.as_slice_mut().map_err(busy)?,
            truncated: truncated.as_slice_mut().map_err(busy)?,
        };
        let env = &mut self.env;
        py.detach(|| work(env, &mut buffers))
            .map_err(|error| env_error(py, error))
    }

    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let info = PyDict::new(py);
        info.set_item("action_mask", self.masks.bind(py))?;
        info.set_item("to_play", self.to_play.bind(py))?;
        Ok(info)
    }
}

fn busy(error: impl std::fmt::Display) -> PyErr {
    rl_error(
        "buffers",
        format!("an output array cannot be written: {error}"),
    )
}

#[pymethods]
impl PyVecEnv {
    /// `num_envs` games of `rules`. `opponent` is None (self-play: both
    /// sides act through `step`), `"random"`, an engine level from 1 to 20,
    /// or `"perfect"` (with `tablebase=`, tables of the same rule set); the
    /// agent then plays `side` (`"goat"` unless given; a side without an
    /// opponent raises `RLError`: self-play plays both). Games are truncated after `max_plies`
    /// plies; `threads` worker threads step the environments.
    #[new]
    #[pyo3(
        signature = (num_envs, rules = None, *, seed = 0, max_plies = None, opponent = None, side = None, tablebase = None, threads = 1),
        text_signature = "(num_envs, rules='bagh-chal', *, seed=0, max_plies=None, opponent=None, side=None, tablebase=None, threads=1)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        rules: Option<&Bound<'_, PyAny>>,
        seed: u64,
        max_plies: Option<u32>,
        opponent: Option<&Bound<'_, PyAny>>,
        side: Option<&str>,
        tablebase: Option<&Bound<'_, PyTablebase>>,
        threads: usize,
    ) -> PyResult<PyVecEnv> {
        let rules = rules.map(to_rules).transpose()?.unwrap_or_default();
        if opponent.is_none_or(|o| o.is_none()) {
            if let Some(side) = side {
                return Err(rl_error(
                    "side",
                    format!("{side:?} needs an opponent: without one (self-play) the agent plays both sides"),
                ));
            }
        }
        let agent = match side.unwrap_or("goat") {
            "goat" => Side::Goat,
            "tiger" => Side::Tiger,
            other => {
                return Err(rl_error(
                    "side",
                    format!("expected \"goat\" or \"tiger\", got {other:?}"),
                ))
            }
        };
        let (opponent, opponent_text) = to_opponent(opponent, tablebase, &rules)?;
        let options = VecEnvOptions {
            num_envs,
            rules,
            seed,
            max_plies,
            opponent,
            agent,
            threads,
        };
        let env = py
            .detach(|| VecEnv::new(options))
            .map_err(|error| env_error(py, error))?;
        let [planes, ranks, files] = OBSERVATION_SHAPE;
        Ok(PyVecEnv {
            env,
            opponent: opponent_text,
            observations: PyArrayDyn::zeros(py, &[num_envs, planes, ranks, files][..], false)
                .unbind(),
            masks: PyArrayDyn::zeros(py, &[num_envs, NUM_ACTIONS][..], false).unbind(),
            to_play: PyArrayDyn::zeros(py, &[num_envs][..], false).unbind(),
            rewards: PyArrayDyn::zeros(py, &[num_envs][..], false).unbind(),
            terminated: PyArrayDyn::zeros(py, &[num_envs][..], false).unbind(),
            truncated: PyArrayDyn::zeros(py, &[num_envs][..], false).unbind(),
        })
    }

    /// The number of environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.env.num_envs()
    }

    /// The rule set of the games.
    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset(*self.env.rules())
    }

    /// Starts a new game everywhere: `(observations, info)`. With `seed`,
    /// the environments' generators start again from it.
    #[pyo3(signature = (*, seed = None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyTuple>> {
        if let Some(seed) = seed {
            self.env.reseed(seed);
        }
        self.run(py, |env, buffers| env.reset(buffers))?;
        (self.observations.bind(py), self.info(py)?).into_pyobject(py)
    }

    /// Plays one action per environment: `(observations, rewards,
    /// terminated, truncated, info)`, the same arrays at every step.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let actions = to_actions(py, actions, self.env.num_envs())?;
        self.run(py, |env, buffers| env.step(&actions, buffers))?;
        (
            self.observations.bind(py),
            self.rewards.bind(py),
            self.terminated.bind(py),
            self.truncated.bind(py),
            self.info(py)?,
        )
            .into_pyobject(py)
    }

    /// A uniformly random legal action for every environment, as a new
    /// int64 array (0 where the next step starts a new game).
    fn random_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let mut actions = vec![0; self.env.num_envs()];
        self.env.random_actions(&mut actions);
        PyArray1::from_vec(py, actions)
    }

    /// A copy of environment `env`'s game.
    fn game(&self, env: usize) -> PyResult<PyGame> {
        let game: &Game = self.env.game(env).ok_or_else(|| {
            rl_error(
                "env",
                format!("{env} is not below num_envs ({})", self.env.num_envs()),
            )
        })?;
        Ok(PyGame(game.clone()))
    }

    fn __repr__(&self) -> String {
        format!(
            "VecEnv({}, '{}', opponent={})",
            self.env.num_envs(),
            self.env.rules(),
            self.opponent
        )
    }
}
