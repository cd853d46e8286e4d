"""Self-play on a Ray cluster for train_agent.py (`--ray ADDRESS --workers N`).

The learner stays in the driver; `bagh.rl.ray.SelfPlayPool` plays on the
workers with the weights the driver broadcasts after each round. The
network's evaluator is built on each worker by `network_evaluator`, which
travels by value with this file and train_agent.py, so the workers need
neither on their path (only bagh with its ray extra, and the tables with
`--value tables`).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

import bagh
import train_agent


def network_evaluator(params: dict[str, npt.NDArray[np.float32]]) -> Callable[..., Any]:
    """The MCTS evaluator of the network with these weights (run on a worker)."""
    net = train_agent.Network(np.random.default_rng(0))
    net.params = dict(params)
    return net.evaluate


class RaySelfPlay:
    """The self-play source of a training run with `--ray`."""

    def __init__(self, args: Any, rules: bagh.Ruleset, state: Any) -> None:
        import ray.cloudpickle

        import bagh.rl.ray

        local = args.ray == "local"
        try:
            bagh.rl.ray.connect(None if local else args.ray, num_cpus=args.workers if local else None)
        except bagh.rl.ray.ClusterError as error:
            raise SystemExit(f"--ray: {error}") from None
        register: Any = ray.cloudpickle.register_pickle_by_value
        for module in (sys.modules[__name__], train_agent):
            register(module)
        self.games = args.games
        self.before = {name: w | {"alive": False} for name, w in state.workers.items()}
        first = 1 + max((int(name[1:]) for name in self.before), default=-1)
        # A resumed run plays other games than the first (its seed moves on
        # with the round counter) and numbers its workers after the first's.
        self.pool = bagh.rl.ray.SelfPlayPool(
            network_evaluator, rules, workers=args.workers, games=args.games,
            simulations=args.simulations, value=args.value,
            tables=args.tables if args.value == "tables" else None,
            seed=args.seed + 1_000_003 * state.round, first_worker=first,
        )

    def broadcast(self, params: dict[str, npt.NDArray[np.float32]]) -> None:
        self.pool.broadcast(params)

    def play(self) -> tuple[Any, Any, Any, Any, int, int]:
        """A round's games: at least `--games` of them, from whichever workers deliver first."""
        t = self.pool.collect(self.games)
        obs = t.observations.reshape(t.positions, -1)
        return obs, t.masks, t.policies, t.values, t.positions, t.games

    def workers(self) -> dict[str, dict[str, Any]]:
        """Each worker's games, positions and speed, those of the run resumed too."""
        now = {
            w.name: {"games": w.games, "positions": w.positions, "seconds": round(w.seconds, 1),
                     "positions_per_second": round(w.positions_per_second, 1), "node": w.node,
                     "alive": w.alive}
            for w in self.pool.workers_stats
        }
        return self.before | now

    def report(self) -> str:
        return "  ".join(f"{name} {w['games']} games {w['positions_per_second']:.0f} pos/s"
                         for name, w in self.workers().items() if w.get("alive"))

    def close(self) -> None:
        self.pool.close()
