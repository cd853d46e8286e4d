"""Self-play on a Ray cluster: actors that play games with :class:`bagh.rl.VecEnv`
and :class:`bagh.rl.MCTS`, guided by an evaluator built on the worker.

The driver keeps the learner. It hands the pool a picklable
``evaluator_factory`` once, then broadcasts the weights once a round
(:meth:`SelfPlayPool.broadcast`: one ``ray.put``, fetched once by each
worker) and collects finished games as numpy arrays
(:meth:`SelfPlayPool.collect`). Each worker keeps its ``games`` games
running between tasks, starting a new game where one ends, so that every
search has a full batch; a task returns the games that finished during
it. A worker that dies is replaced: the games it had not finished die
with it, and those of a task whose result never arrived are never counted.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import ray

import bagh
import bagh.rl
from bagh.rl.ray.tables import Tables

Evaluator = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], tuple[npt.ArrayLike, npt.ArrayLike]]
"""``evaluate(observations, masks) -> (policy_logits, values)``, as :meth:`bagh.rl.MCTS.search` calls it."""

EvaluatorFactory = Callable[[Any], Evaluator]
"""Builds the evaluator on the worker from the weights the driver broadcast."""

# A game's id is its worker's number in the high bits and the worker's own
# count of games in the low ones: unique in a pool whatever the number of
# workers or replacements.
_GAME_BITS = 32
# A worker whose replacements die this many times in a row without a
# result is not a lost node but a broken setup: the pool stops.
_MAX_FAILURES = 3


class SelfPlayError(RuntimeError):
    """A self-play pool that cannot go on: no weights yet, or workers that keep dying."""


@dataclass(frozen=True)
class Trajectories:
    """Positions of finished self-play games, one row each, as numpy arrays.

    ``observations`` float32 ``(n, *OBSERVATION_SHAPE)``, ``masks`` bool
    ``(n, NUM_ACTIONS)``, ``policies`` the search's visit shares (float32
    ``(n, NUM_ACTIONS)``), ``values`` the value target for the side to move
    (float32: the game's result, 1, 0 or -1, or with ``value="tables"`` the
    tables' value), ``to_play`` (int8, 0 goats, 1 tigers), ``actions`` (int64,
    the move played), ``packed`` (uint64, the position's :func:`bagh.rl.pack`
    code) and ``game`` (int64, the game's id: ``game >> 32`` is the worker's
    number). A game's rows are consecutive, in the order played.
    """

    observations: npt.NDArray[np.float32]
    masks: npt.NDArray[np.bool_]
    policies: npt.NDArray[np.float32]
    values: npt.NDArray[np.float32]
    to_play: npt.NDArray[np.int8]
    actions: npt.NDArray[np.int64]
    packed: npt.NDArray[np.uint64]
    game: npt.NDArray[np.int64]

    @property
    def positions(self) -> int:
        return len(self.values)

    @property
    def games(self) -> int:
        """The number of games (each game's positions are all here)."""
        return len(np.unique(self.game))

    @staticmethod
    def concatenate(parts: Sequence[Trajectories]) -> Trajectories:
        if not parts:
            return _empty()
        return Trajectories(*(np.concatenate([getattr(p, f) for p in parts]) for f in _FIELDS))


_FIELDS = ("observations", "masks", "policies", "values", "to_play", "actions", "packed", "game")


def _empty() -> Trajectories:
    return Trajectories(
        np.zeros((0, *bagh.rl.OBSERVATION_SHAPE), np.float32),
        np.zeros((0, bagh.rl.NUM_ACTIONS), bool),
        np.zeros((0, bagh.rl.NUM_ACTIONS), np.float32),
        np.zeros(0, np.float32),
        np.zeros(0, np.int8),
        np.zeros(0, np.int64),
        np.zeros(0, np.uint64),
        np.zeros(0, np.int64),
    )


@dataclass
class WorkerStats:
    """What the driver knows of one worker: its place, its games and its speed.

    ``seconds`` is the time spent inside its tasks, ``evaluators`` the
    evaluators it built (one for each version of the weights it played
    with); ``alive`` is False once it has died (its replacement is another
    worker, with a new number).
    """

    name: str
    number: int
    node: str = ""
    node_id: str = ""
    games: int = 0
    positions: int = 0
    seconds: float = 0.0
    tasks: int = 0
    evaluators: int = 0
    alive: bool = True

    @property
    def positions_per_second(self) -> float:
        return self.positions / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True)
class _Settings:
    """What every worker of a pool is built with (picklable)."""

    factory: EvaluatorFactory
    rules: bagh.Ruleset
    games: int
    simulations: int
    dirichlet_weight: float
    sampled_plies: int
    max_plies: int
    value: Literal["result", "tables"]
    tables: Tables | None
    seed: int


class _Player:
    """The games of one worker: the body of the Ray actor (plain Python, so
    that it runs without Ray as well)."""

    def __init__(self, number: int, settings: _Settings) -> None:
        s = settings
        self.number, self.s = number, s
        seed = int(np.random.SeedSequence([s.seed, number]).generate_state(1, np.uint64)[0] >> 1)
        self.env = bagh.rl.VecEnv(s.games, s.rules, seed=seed, max_plies=s.max_plies)
        self.mcts = bagh.rl.MCTS(s.rules, simulations=s.simulations, dirichlet_weight=s.dirichlet_weight,
                                 batch_size=256, seed=seed)
        self.rng = np.random.default_rng(seed)
        self.tables = s.tables.open() if s.tables is not None else None
        self.version = -1
        self.evaluate: Evaluator | None = None
        obs, info = self.env.reset()
        self.obs, self.masks, self.to_play = obs, info["action_mask"], info["to_play"]
        self.resetting = np.zeros(s.games, bool)
        self.records: list[list[tuple[Any, ...]]] = [[] for _ in range(s.games)]
        self.finished = 0

    def where(self) -> tuple[str, str]:
        """The worker's host name and Ray node id."""
        node_id = ray.get_runtime_context().get_node_id() if ray.is_initialized() else ""
        return socket.gethostname(), node_id

    def play(self, weights: list[Any], min_games: int) -> tuple[Trajectories, float, bool]:
        """Plays until `min_games` games have finished: their positions, the
        seconds it took, and whether a new evaluator was built. `weights` is
        ``[version, ObjectRef]``: fetched and turned into an evaluator only
        when the version is new."""
        started = time.perf_counter()
        version, ref = weights
        built = version != self.version or self.evaluate is None
        if built:
            self.evaluate = self.s.factory(ray.get(ref) if isinstance(ref, ray.ObjectRef) else ref)
            self.version = version
        assert self.evaluate is not None
        done: list[Trajectories] = []
        while len(done) < min_games:
            done.extend(self._step(self.evaluate))
        return Trajectories.concatenate(done), time.perf_counter() - started, built

    def _step(self, evaluate: Evaluator) -> list[Trajectories]:
        """One move in every game that is not starting over."""
        live = np.flatnonzero(~self.resetting)
        actions = np.zeros(self.s.games, np.int64)
        if len(live) == 0:
            self.obs, _, _, _, info = self.env.step(actions)
            self.masks, self.to_play = info["action_mask"], info["to_play"]
            self.resetting[:] = False
            return []
        games = [self.env.game(int(i)) for i in live]
        policies, _, _ = self.mcts.search(games, evaluate)
        codes = bagh.rl.pack([g.position for g in games])
        sampled = np.array([len(g) < self.s.sampled_plies for g in games], bool)
        # A draw from each row's visit shares where the game is young, the
        # most visited move after (as the local trainer plays).
        cumulative = policies.cumsum(axis=1)
        u = self.rng.random(len(live)) * cumulative[:, -1]
        drawn = (cumulative > u[:, None]).argmax(axis=1)
        actions[live] = np.where(sampled, drawn, policies.argmax(axis=1))
        obs, masks, to_play = self.obs[live].copy(), self.masks[live].copy(), self.to_play[live].copy()
        for row, i in enumerate(live.tolist()):
            self.records[i].append((obs[row], masks[row], policies[row], to_play[row], actions[i], codes[row]))
        self.obs, rewards, terminated, truncated, info = self.env.step(actions)
        self.masks, self.to_play = info["action_mask"], info["to_play"]
        ended = (terminated | truncated) & ~self.resetting
        self.resetting = ended
        return [self._finish(int(i), float(rewards[i])) for i in np.flatnonzero(ended)]

    def _finish(self, env: int, reward: float) -> Trajectories:
        """The positions of a game just ended: `reward` is for its last mover."""
        record, self.records[env] = self.records[env], []
        obs, masks, pi, to_play, actions, codes = (np.array(column) for column in zip(*record))
        if self.tables is not None:
            values = self.tables.probe_many(codes.astype(np.uint64))[0].astype(np.float32)
        else:
            last = to_play[-1]
            values = np.where(to_play == last, reward, -reward).astype(np.float32)
        game_id = (self.number << _GAME_BITS) | self.finished
        self.finished += 1
        return Trajectories(obs.astype(np.float32), masks.astype(bool), pi.astype(np.float32), values,
                            to_play.astype(np.int8), actions.astype(np.int64), codes.astype(np.uint64),
                            np.full(len(values), game_id, np.int64))


@dataclass
class _Slot:
    number: int
    actor: Any
    where: Any
    task: Any = None
    failures: int = 0


@dataclass
class SelfPlayPool:
    """``workers`` self-play actors on the connected Ray cluster.

    ``evaluator_factory(weights)`` runs on each worker and returns the
    evaluator its :class:`bagh.rl.MCTS` calls; it and the weights must be
    picklable, and the factory importable on the workers (or pickled by
    value: ``ray.cloudpickle.register_pickle_by_value(module)``). Each worker
    keeps ``games`` games going (``simulations`` a move, Dirichlet noise of
    weight ``dirichlet_weight`` at the root; moves drawn from the visit
    shares for the first ``sampled_plies`` plies, the most visited after; a
    draw at ``max_plies``). ``value="tables"`` labels each position with the
    tables' value, opened on each worker from ``tables``: a
    :class:`bagh.rl.ray.Tables`, a directory or a :class:`bagh.Tablebase`
    (its directory, the same path on every node), or None for the data
    package installed on each node (``Tables.default(rules)``); a node
    without them raises :class:`bagh.rl.ray.TablesNotFoundError`
    when its worker starts. ``actor_options`` are Ray's (default: one
    CPU each, spread over the nodes). Workers are numbered from
    ``first_worker``.
    """

    evaluator_factory: EvaluatorFactory
    rules: bagh.Ruleset | str = "bagh-chal"
    workers: int = 2
    games: int = 64
    simulations: int = 64
    dirichlet_weight: float = 0.25
    sampled_plies: int = 20
    max_plies: int = 200
    value: Literal["result", "tables"] = "result"
    tables: Any = None
    seed: int = 0
    actor_options: dict[str, Any] | None = None
    first_worker: int = 0
    replaced: int = field(default=0, init=False)
    """Workers replaced after a death so far."""

    def __post_init__(self) -> None:
        if self.workers < 1 or self.games < 1:
            raise ValueError(f"workers and games must be at least 1, not {self.workers} and {self.games}")
        if self.value not in ("result", "tables"):
            raise ValueError(f"value must be 'result' or 'tables', not {self.value!r}")
        rules = self.rules if isinstance(self.rules, bagh.Ruleset) else bagh.Ruleset.preset(self.rules)
        tables = None
        if self.value == "tables":
            tables = Tables.default(rules) if self.tables is None else Tables.of(self.tables)
        self._settings = _Settings(self.evaluator_factory, rules, self.games, self.simulations,
                                   self.dirichlet_weight, self.sampled_plies, self.max_plies,
                                   self.value, tables, self.seed)
        options = {"num_cpus": 1, "scheduling_strategy": "SPREAD"} | (self.actor_options or {})
        # Ray does not restart the actor itself: a replacement starts clean,
        # under a new number, and the games of the dead one stay lost.
        self._actor_class = ray.remote(_Player).options(max_restarts=0, max_task_retries=0, **options)
        self._weights: list[Any] | None = None
        self._stats: dict[int, WorkerStats] = {}
        self._next = self.first_worker
        self._slots = [self._start() for _ in range(self.workers)]

    def _start(self, failures: int = 0) -> _Slot:
        number = self._next
        self._next += 1
        actor: Any = self._actor_class.remote(number, self._settings)
        self._stats[number] = WorkerStats(name=f"w{number}", number=number)
        return _Slot(number, actor, actor.where.remote(), failures=failures)

    @property
    def actors(self) -> list[Any]:
        """The live workers' actor handles, in slot order."""
        return [slot.actor for slot in self._slots]

    @property
    def workers_stats(self) -> list[WorkerStats]:
        """Every worker so far, the dead ones too, by number."""
        return [self._stats[n] for n in sorted(self._stats)]

    def broadcast(self, weights: Any) -> int:
        """Puts `weights` in the object store once; every task submitted
        from now on plays with them. Returns their version (0, 1, ...)."""
        version = 0 if self._weights is None else self._weights[0] + 1
        self._weights = [version, ray.put(weights)]
        return version

    def collect(self, games: int) -> Trajectories:
        """At least `games` finished games (and any other already done), as
        soon as the workers deliver them; each worker is given its next task
        the moment its last one is back, so it plays on while the driver
        trains."""
        if self._weights is None:
            raise SelfPlayError("broadcast the weights before collecting games")
        for slot in self._slots:
            if slot.task is None:
                self._submit(slot)
        parts: list[Trajectories] = []
        received = 0
        while received < games or not parts:
            ready, _ = ray.wait([s.task for s in self._slots], num_returns=1)
            for part in self._receive(ready):
                parts.append(part)
                received += part.games
        # What else is ready now comes along without waiting.
        ready, _ = ray.wait([s.task for s in self._slots], num_returns=len(self._slots), timeout=0)
        parts.extend(self._receive(ready))
        return Trajectories.concatenate(parts)

    def _submit(self, slot: _Slot) -> None:
        slot.task = slot.actor.play.remote(self._weights, self.games)

    def _receive(self, ready: list[Any]) -> list[Trajectories]:
        parts = []
        for i, slot in enumerate(self._slots):
            if slot.task is None or slot.task not in ready:
                continue
            stats = self._stats[slot.number]
            try:
                part, seconds, built = ray.get(slot.task)
            except ray.exceptions.RayActorError:
                self._slots[i] = slot = self._replace(slot)
                self._submit(slot)
                continue
            if not stats.node:
                stats.node, stats.node_id = ray.get(slot.where)
            stats.games += part.games
            stats.positions += part.positions
            stats.seconds += seconds
            stats.tasks += 1
            stats.evaluators += built
            slot.failures = 0
            self._submit(slot)
            parts.append(part)
        return parts

    def _replace(self, slot: _Slot) -> _Slot:
        """A new worker in place of a dead one; its unfinished games are dropped."""
        self._stats[slot.number].alive = False
        ray.kill(slot.actor)
        if slot.failures + 1 >= _MAX_FAILURES:
            raise SelfPlayError(f"worker w{slot.number} died: {_MAX_FAILURES} workers in a row died in its place, "
                                "the replacements before delivering a game (does the evaluator crash them?)")
        self.replaced += 1
        return self._start(slot.failures + 1)

    def close(self) -> None:
        """Stops the workers; games still in flight are dropped."""
        for slot in self._slots:
            ray.kill(slot.actor)
            self._stats[slot.number].alive = False
        self._slots = []

    def __enter__(self) -> SelfPlayPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
