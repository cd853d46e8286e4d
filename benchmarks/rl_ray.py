"""Self-play on a Ray cluster (bagh.rl.ray.SelfPlayPool), what limits it, and
how far it scales.

    .venv/bin/python benchmarks/rl_ray.py [--runs 3] [--seconds 20]
        [--agent training/agents/bagh-chal-baseline.npz] [--address ADDRESS]

Without `--address` it starts a cluster of its own: two nodes on this
machine (ray.cluster_utils.Cluster), so that the weights and trajectories
really travel between object stores. It measures, each the median of
`--runs` runs with the lowest and highest:

- self-play positions per second with 1 and 2 workers, side by side (the
  two alternate in each run): the baseline agent's network as the
  evaluator, bagh-chal, 64 games a worker, 64 simulations a move, as
  `train_agent.py --ray` plays; positions received by the driver over
  `--seconds`, after each worker's first task;
- the learner's time per round (train_agent.py's: the round's positions
  added to the replay window, 4 uses of each in Adam steps of 256, the new
  weights put in the object store);
- the weight broadcast: `ray.put` of the weights, and their fetch by a
  worker on the other node;
- the object store: a round's trajectories fetched by the driver from the
  other node.

It ends with the projection to N nodes of this machine's kind and the
number of nodes at which each of the three limits stops the scaling.
"""

from __future__ import annotations

import os

# The learner on one BLAS thread, as train_agent.py runs it.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import logging  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import bagh.rl  # noqa: E402
import numpy as np  # noqa: E402
import ray  # noqa: E402
import ray.cloudpickle  # noqa: E402
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy  # noqa: E402

from bagh.rl.ray import SelfPlayPool, Trajectories  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "training"))
import agent_ray  # noqa: E402
import train_agent  # noqa: E402

register: Any = ray.cloudpickle.register_pickle_by_value
for module in (agent_ray, train_agent):
    register(module)


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ({min(values):,.0f} to {max(values):,.0f})"


def spread_ms(values: list[float]) -> str:
    ms = [1000 * v for v in values]
    return f"{statistics.median(ms):.1f} ms ({min(ms):.1f} to {max(ms):.1f})"


def self_play(params: Any, workers: int, seconds: float) -> tuple[float, list[float], Trajectories]:
    """Positions per second received by the driver, each worker's own rate, and one round's games."""
    with SelfPlayPool(agent_ray.network_evaluator, "bagh-chal", workers=workers, games=64, simulations=64,
                      seed=workers) as pool:
        pool.broadcast(params)
        while min(w.tasks for w in pool.workers_stats) < 1:
            pool.collect(64)
        round_ = pool.collect(64)
        before = sum(w.positions for w in pool.workers_stats)
        started = time.perf_counter()
        while time.perf_counter() - started < seconds:
            pool.collect(64)
        elapsed = time.perf_counter() - started
        rate = (sum(w.positions for w in pool.workers_stats) - before) / elapsed
        return rate, [w.positions_per_second for w in pool.workers_stats], round_


def learner_round(params: dict[str, Any], t: Trajectories) -> float:
    """Seconds of one learner round on `t`, as train_agent.py's loop does it."""
    rng = np.random.default_rng(0)
    net = train_agent.Network(rng)
    net.params = {k: v.copy() for k, v in params.items()}
    replay = train_agent.Replay(200_000)
    symmetries = bagh.rl.symmetries()
    replay.add(t.observations.reshape(t.positions, -1), t.masks, t.policies, t.values)
    started = time.perf_counter()
    replay.add(t.observations.reshape(t.positions, -1), t.masks, t.policies, t.values)
    train_agent.train_steps(net, replay, max(1, t.positions * 4 // 256), 256, 1e-3, symmetries, rng)
    ray.put(net.params)
    return time.perf_counter() - started


@ray.remote(num_cpus=0)
class Far:
    """An actor on the other node: fetches what the driver put, holds what the driver fetches."""

    def __init__(self) -> None:
        self.held: Any = None

    def fetch(self, boxed: list[Any]) -> float:
        started = time.perf_counter()
        ray.get(boxed[0])
        return time.perf_counter() - started

    def hold(self, value: Any) -> None:
        self.held = value

    def give(self) -> Any:
        return self.held

    def ping(self) -> None:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--agent", default=str(ROOT / "training" / "agents" / "bagh-chal-baseline.npz"))
    parser.add_argument("--address")
    args = parser.parse_args()
    cluster: Any = None
    if args.address is None:
        from ray.cluster_utils import Cluster

        cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 2, "include_dashboard": False})
        cluster.add_node(num_cpus=2)
        ray.init(address=cluster.address, logging_level=logging.WARNING, log_to_driver=False)
        cluster.wait_for_nodes()
    else:
        ray.init(address=args.address, logging_level=logging.WARNING, log_to_driver=False)
    try:
        run(args)
    finally:
        shutdown: Any = ray.shutdown
        shutdown()
        if cluster is not None:
            cluster.shutdown()


def run(args: argparse.Namespace) -> None:
    params = train_agent.Network.load(Path(args.agent)).params
    here = ray.get_runtime_context().get_node_id()
    nodes: Any = ray.nodes
    others = [n["NodeID"] for n in nodes() if n["Alive"] and n["NodeID"] != here]
    far_class: Any = Far
    far = far_class.options(scheduling_strategy=NodeAffinitySchedulingStrategy(others[0] if others else here,
                                                                        soft=False)).remote()
    ray.get(far.ping.remote())
    rates: dict[int, list[float]] = {1: [], 2: []}
    per_worker: dict[int, list[float]] = {1: [], 2: []}
    loads: list[float] = []
    rounds: list[Trajectories] = []
    for _ in range(args.runs):
        for workers in (1, 2):
            loads.append(os.getloadavg()[0])
            rate, each, round_ = self_play(params, workers, args.seconds)
            rates[workers].append(rate)
            per_worker[workers].extend(each)
            rounds.append(round_)
            print(f"  {workers} worker(s): {rate:,.0f} positions/s", flush=True)
    t = max(rounds, key=lambda r: r.positions)
    learner = [learner_round(params, t) for _ in range(5)]
    puts, fetches, gets = [], [], []
    for _ in range(10):
        started = time.perf_counter()
        ref = ray.put(params)
        puts.append(time.perf_counter() - started)
        fetches.append(ray.get(far.fetch.remote([ref])))
    ray.get(far.hold.remote(t))
    for _ in range(10):
        latency_start = time.perf_counter()
        ray.get(far.ping.remote())
        latency = time.perf_counter() - latency_start
        started = time.perf_counter()
        ray.get(far.give.remote())
        gets.append(max(1e-6, time.perf_counter() - started - latency))
    weight_bytes = sum(v.nbytes for v in params.values())
    round_bytes = sum(getattr(t, f).nbytes for f in ("observations", "masks", "policies", "values",
                                                      "to_play", "actions", "packed", "game"))
    node = statistics.median(rates[2])
    learner_cap = t.positions / statistics.median(learner)
    fetch = statistics.median(fetches)
    store_cap = t.positions / statistics.median(gets)
    # Rounds of `t.positions` positions: with N nodes a round takes
    # t.positions / (N * node) seconds, and the driver serves the weights
    # to each node once a round (N fetches), so the broadcast fills the
    # round at N = sqrt(t.positions / (fetch * node)).
    broadcast_nodes = (t.positions / (fetch * node)) ** 0.5
    print(f"\nload average (1 min) before each measurement: {min(loads):.2f} to {max(loads):.2f}\n")
    print("| what | figure |")
    print("|---|---|")
    print(f"| self-play, 1 worker: positions per second received | {spread(rates[1])} |")
    print(f"| self-play, 2 workers (one on each node) | {spread(rates[2])} |")
    print(f"| one worker's own rate, with 1 / with 2 running | {spread(per_worker[1])} / {spread(per_worker[2])} |")
    print(f"| a round: 64 games, positions, bytes of trajectories | {t.positions:,}, {round_bytes / 1e6:.1f} MB |")
    print(f"| learner, one round (replay, {max(1, t.positions * 4 // 256)} Adam steps, put) | {spread_ms(learner)} |")
    print(f"| weights ({weight_bytes / 1e6:.2f} MB): `ray.put` | {spread_ms(puts)} |")
    print(f"| weights: fetched on the other node | {spread_ms(fetches)} |")
    print(f"| a round's trajectories: fetched from the other node | {spread_ms(gets)} |")
    print()
    print("| limit | positions per second it allows | nodes of this machine's kind (2 workers each) |")
    print("|---|---:|---:|")
    print(f"| learner (4 uses a position) | {learner_cap:,.0f} | {learner_cap / node:.1f} |")
    print(f"| weight broadcast (the driver serves each node once a round) | {broadcast_nodes * node:,.0f} "
          f"| {broadcast_nodes:.0f} |")
    print(f"| object store (trajectories into the driver) | {store_cap:,.0f} | {store_cap / node:.0f} |")


if __name__ == "__main__":
    main()
