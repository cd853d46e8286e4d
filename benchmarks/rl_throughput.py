"""Throughput of bagh.rl: VecEnv steps, MCTS simulations and table labels per second.

Run with the virtualenv of `make test` (or any with bagh installed):

    .venv/bin/python benchmarks/rl_throughput.py [--runs 5] [--seconds 2]

Every line is the median of `--runs` runs of about `--seconds` each, all in
one process:

- VecEnv environment steps per second: 1,024 self-play games of
  `bagh-chal`, random legal actions drawn in Rust (`random_actions()`),
  observations and masks written at every step; on one thread, then two.
- The same loop over a pure-Python environment built on the `baghchal`
  package's `Board` (the 217-action encoding of its `possible_moves_vector`
  and the planes of its `board_repr`, as AlphaBaghChal uses them): 16 games,
  a random legal action each from the mask, the move played (`pure_move`), the planes and
  the mask made again, a finished game started anew.
- MCTS simulations per second with a trivial evaluator (uniform logits,
  value 0), batches of 256, one thread: 64 games from the start, 800
  simulations each.
- `Tablebase.probe_many` positions per second, on the tables of a small rule
  set built into a temporary directory and loaded into memory (the figure
  for bagh-chal's own tables, read from files, depends on the disk).

It installs `baghchal==1.0.1` into the running interpreter's environment if
it is missing.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

import bagh
import bagh.rl
import numpy as np
import numpy.typing as npt
from baghchal_package import BAGHCHAL, import_baghchal

def median_rate(
    run: Callable[[float], tuple[int, float]], runs: int, seconds: float
) -> tuple[float, float, float]:
    """The median, lowest and highest over `runs` of count / elapsed, each run about `seconds` long."""
    rates = []
    for _ in range(runs):
        count, elapsed = run(seconds)
        rates.append(count / elapsed)
    return statistics.median(rates), min(rates), max(rates)


def vec_env_steps(threads: int) -> Callable[[float], tuple[int, float]]:
    env = bagh.rl.VecEnv(1024, "bagh-chal", seed=1, threads=threads)
    env.reset()

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        began = time.perf_counter()
        while True:
            for _ in range(20):
                env.step(env.random_actions())
            steps += 20 * env.num_envs
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return steps, elapsed

    return run


class PythonEnv:
    """A Bagh-Chal environment in pure Python over baghchal's Board, with the
    217 actions of its `possible_moves_vector` and the planes of its `board_repr`."""

    def __init__(self, env: Any, table: Any) -> None:
        self.board_class = env.Board
        self.actions = table.reversed_action_space
        self.reset()

    def reset(self) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
        self.board = self.board_class()
        return self.observe()

    def observe(self) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
        return self.board.board_repr(), self.board.possible_moves_vector()

    def step(self, action: int) -> tuple[npt.NDArray[Any], npt.NDArray[Any], bool]:
        self.board.pure_move(self.actions[action])
        if self.board.is_game_over():
            obs, mask = self.reset()
            return obs, mask, True
        obs, mask = self.observe()
        return obs, mask, False


def python_steps(env: Any, table: Any) -> Callable[[float], tuple[int, float]]:
    envs = [PythonEnv(env, table) for _ in range(16)]
    masks = [e.observe()[1] for e in envs]
    rng = np.random.default_rng(1)

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        began = time.perf_counter()
        while True:
            for i, e in enumerate(envs):
                action = int(rng.choice(np.flatnonzero(masks[i])))
                _, masks[i], _ = e.step(action)
            steps += len(envs)
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return steps, elapsed

    return run


def mcts_simulations() -> Callable[[float], tuple[int, float]]:
    mcts = bagh.rl.MCTS("bagh-chal", simulations=800, batch_size=256)
    games = [bagh.Game() for _ in range(64)]

    def uniform(obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> tuple[Any, Any]:
        return np.zeros(masks.shape, np.float32), np.zeros(len(masks), np.float32)

    def run(seconds: float) -> tuple[int, float]:
        simulations = 0
        began = time.perf_counter()
        while True:
            mcts.search(games, uniform)
            simulations += 800 * len(games)
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return simulations, elapsed

    return run


def probes(tables: bagh.Tablebase, rules: bagh.Ruleset) -> Callable[[float], tuple[int, float]]:
    codes = bagh.rl.pack(bagh.rl.sample_positions(rules, 100_000, phase="any", seed=1))

    def run(seconds: float) -> tuple[int, float]:
        count = 0
        began = time.perf_counter()
        while True:
            tables.probe_many(codes)
            count += len(codes)
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return count, elapsed

    return run


def playout_plies() -> Callable[[float], tuple[int, float]]:
    """bagh's own random playouts (`random_games`, one thread): the bare cost of a ply."""

    def run(seconds: float) -> tuple[int, float]:
        plies = 0
        began = time.perf_counter()
        seed = 0
        while True:
            played = bagh.random_games(256, "bagh-chal", seed=seed)
            plies += int(played["plies"].sum())
            seed += 1
            elapsed = time.perf_counter() - began
            if elapsed >= seconds:
                return plies, elapsed

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per line (the median is shown)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per run")
    args = parser.parse_args()
    env, table = import_baghchal("env", "lookup_table")
    print(
        f"Python {platform.python_version()}, bagh {bagh.__version__}, {BAGHCHAL}, "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start; "
        f"median of {args.runs} runs of {args.seconds} s\n"
    )

    def line(name: str, rates: tuple[float, float, float], unit: str) -> float:
        rate, low, high = rates
        print(f"{name:<62} {rate:>14,.0f} {unit} ({low:,.0f} to {high:,.0f})", flush=True)
        return rate

    one = line("VecEnv, 1,024 envs, 1 thread", median_rate(vec_env_steps(1), args.runs, args.seconds), "steps/s")
    two = line("VecEnv, 1,024 envs, 2 threads", median_rate(vec_env_steps(2), args.runs, args.seconds), "steps/s")
    bare = line("random_games plies, 1 thread (no observations or masks)", median_rate(playout_plies(), args.runs, args.seconds), "plies/s")
    slow = line(
        "pure Python over baghchal's Board, 217 actions",
        median_rate(python_steps(env, table), args.runs, args.seconds),
        "steps/s",
    )
    line("MCTS, uniform evaluator, batch 256, 1 thread", median_rate(mcts_simulations(), args.runs, args.seconds), "simulations/s")
    rules = bagh.Ruleset(tigers=["a1", "e5"], goats=6, capture_target=3)
    with tempfile.TemporaryDirectory() as tmp:
        bagh.Tablebase.build(rules, tmp + "/tables")
        tables = bagh.Tablebase.load(tmp + "/tables")
        line(
            "probe_many, 2 tigers and 6 goats, tables in memory",
            median_rate(probes(tables, rules), args.runs, args.seconds),
            "positions/s",
        )
    print(f"\nVecEnv on one thread over the pure-Python environment: {one / slow:,.0f}x")
    print(f"VecEnv on two threads over one: {two / one:.2f}x")
    print(f"a VecEnv step costs {bare / one:.2f} bare playout plies")


if __name__ == "__main__":
    main()
