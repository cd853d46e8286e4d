#!/usr/bin/env python3
"""A baseline agent trained with bagh.rl: AlphaZero-style self-play with the
batched MCTS and a small policy/value network, scored against the tables.

    python3 training/train_agent.py --tables DIR --out DIR [--minutes M]
        [--seed S] [--simulations N] [--games G] [--eval-every MINUTES]
        [--value result|tables] [--ray ADDRESS --workers N] [--resume]
    python3 training/train_agent.py --evaluate AGENT.npz --tables DIR
        [--play-simulations N]
    python3 training/train_agent.py --self-test

The network is a numpy multilayer perceptron over the observation planes,

    275 inputs -> 256 -> 256 -> (289 policy logits, 1 value in [-1, 1])

with ReLU hidden layers. Each round plays `--games` self-play games at once
(bagh.rl.MCTS, `--simulations` a move, Dirichlet noise at the root, moves
drawn from the visit shares for the first 20 plies and the most visited
after; a game is scored a draw at 200 plies), keeps the positions with the
search's policy and the game's result in a replay window, and trains on
minibatches of it with Adam, each position under a random one of the eight
symmetries of the board. Every `--eval-every` minutes the raw network (its
most likely legal move, no search) is scored with bagh.rl.evaluate on the
held-out critical positions and in games against both perfect players.

It writes `OUT/agent.npz` (the weights, float16), `OUT/curve.json` (each
evaluation with the training time, round, games and positions) and
`OUT/curve.md`, and every `--checkpoint-every` minutes `OUT/checkpoint.npz`,
from which `--resume` continues the run (agent_checkpoint.py). With `--ray
ADDRESS --workers N` the games are played by N workers of a Ray cluster
(agent_ray.py): each round takes the first `--games` games or more that
they deliver, and the curve lists each worker's games. Only numpy is
needed (and bagh's ray extra for `--ray`); the library never imports this file.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any, Literal  # noqa: E402

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

import bagh  # noqa: E402
import bagh.rl  # noqa: E402

Array = npt.NDArray[np.float32]
INPUTS = int(np.prod(bagh.rl.OBSERVATION_SHAPE))
HIDDEN = 256
ACTIONS = bagh.rl.NUM_ACTIONS
MAX_PLIES = 200
SAMPLED_PLIES = 20


class Network:
    """The policy/value network and its Adam state."""

    NAMES = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")

    def __init__(self, rng: np.random.Generator) -> None:
        def layer(n_in: int, n_out: int) -> Array:
            weights: Array = (rng.standard_normal((n_in, n_out)) * np.sqrt(2.0 / n_in)).astype(np.float32)
            return weights

        self.params: dict[str, Array] = {
            "w1": layer(INPUTS, HIDDEN), "b1": np.zeros(HIDDEN, np.float32),
            "w2": layer(HIDDEN, HIDDEN), "b2": np.zeros(HIDDEN, np.float32),
            "wp": layer(HIDDEN, ACTIONS) * 0.1, "bp": np.zeros(ACTIONS, np.float32),
            "wv": layer(HIDDEN, 1) * 0.1, "bv": np.zeros(1, np.float32),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.steps = 0

    def forward(self, x: Array) -> tuple[Array, Array, dict[str, Array]]:
        p = self.params
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0.0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0.0)
        logits = h2 @ p["wp"] + p["bp"]
        value = np.tanh(h2 @ p["wv"] + p["bv"])[:, 0]
        return logits, value, {"x": x, "h1": h1, "h2": h2, "value": value}

    def evaluate(self, obs: Array, masks: npt.NDArray[np.bool_]) -> tuple[Array, Array]:
        """The MCTS evaluator: logits and values of a batch of leaves."""
        logits, value, _ = self.forward(obs.reshape(len(obs), -1))
        return logits.astype(np.float32), value.astype(np.float32)

    def act(self, obs: Array, masks: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        """The raw policy: the most likely legal action of each row."""
        logits, _, _ = self.forward(obs.reshape(len(obs), -1))
        actions: npt.NDArray[np.int64] = np.where(masks, logits, -np.inf).argmax(axis=1).astype(np.int64)
        return actions

    def gradients(
        self, x: Array, masks: npt.NDArray[np.bool_], target_pi: Array, target_z: Array
    ) -> tuple[float, dict[str, Array]]:
        """Loss (masked cross-entropy plus squared value error) and gradients."""
        p = self.params
        logits, value, cache = self.forward(x)
        n = len(x)
        masked: Any = np.where(masks, logits, -1e9)
        masked -= masked.max(axis=1, keepdims=True)
        probs = np.exp(masked) * masks
        probs /= probs.sum(axis=1, keepdims=True)
        loss = float(-(target_pi * np.log(probs + 1e-9)).sum() / n + ((value - target_z) ** 2).mean())
        d_logits = (probs - target_pi) / n
        d_value = (2.0 * (value - target_z) / n * (1.0 - value**2))[:, None].astype(np.float32)
        g: dict[str, Any] = {}
        g["wp"] = cache["h2"].T @ d_logits
        g["bp"] = d_logits.sum(axis=0)
        g["wv"] = cache["h2"].T @ d_value
        g["bv"] = d_value.sum(axis=0)
        d_h2 = (d_logits @ p["wp"].T + d_value @ p["wv"].T) * (cache["h2"] > 0)
        g["w2"] = cache["h1"].T @ d_h2
        g["b2"] = d_h2.sum(axis=0)
        d_h1 = (d_h2 @ p["w2"].T) * (cache["h1"] > 0)
        g["w1"] = cache["x"].T @ d_h1
        g["b1"] = d_h1.sum(axis=0)
        return loss, {k: v.astype(x.dtype) for k, v in g.items()}

    def adam(self, grads: dict[str, Array], lr: float, decay: float = 1e-4) -> None:
        self.steps += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            g = g + decay * self.params[k]
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            m_hat = self.m[k] / (1 - b1**self.steps)
            v_hat = self.v[k] / (1 - b2**self.steps)
            self.params[k] -= (lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)

    def save(self, path: Path) -> None:
        halves: dict[str, Any] = {k: v.astype(np.float16) for k, v in self.params.items()}
        np.savez_compressed(path, **halves)

    @classmethod
    def load(cls, path: Path) -> Network:
        net = cls(np.random.default_rng(0))
        with np.load(path) as data:
            for k in cls.NAMES:
                net.params[k] = data[k].astype(np.float32)
        return net


class Replay:
    """A window of the latest self-play positions."""

    def __init__(self, capacity: int) -> None:
        self.obs = np.zeros((capacity, INPUTS), np.float32)
        self.masks = np.zeros((capacity, ACTIONS), bool)
        self.pi = np.zeros((capacity, ACTIONS), np.float32)
        self.z = np.zeros(capacity, np.float32)
        self.size = 0
        self.next = 0

    def add(self, obs: Array, masks: npt.NDArray[np.bool_], pi: Array, z: Array) -> None:
        for i in range(len(obs)):
            j = self.next
            self.obs[j], self.masks[j], self.pi[j], self.z[j] = obs[i], masks[i], pi[i], z[i]
            self.next = (self.next + 1) % len(self.obs)
            self.size = min(self.size + 1, len(self.obs))


def self_play(
    net: Network, mcts: bagh.rl.MCTS, rules: bagh.Ruleset, games: int, rng: np.random.Generator,
    tables: bagh.Tablebase | None = None,
) -> tuple[Array, npt.NDArray[np.bool_], Array, Array, int]:
    """`games` games played at once; their positions, masks, search
    policies and values for the side to move (the games' results, or with
    `tables` the perfect values); and the positions' count."""
    boards = [bagh.Game(rules) for _ in range(games)]
    records: list[list[tuple[Array, npt.NDArray[np.bool_], Array, str, int]]] = [[] for _ in boards]
    live = list(range(games))
    while live:
        batch = [boards[i] for i in live]
        policies, _, _ = mcts.search(batch, net.evaluate)
        obs = bagh.rl.observations(batch).reshape(len(batch), -1)
        masks = bagh.rl.legal_masks(batch)
        packed = bagh.rl.pack([game.position for game in batch])
        still = []
        for row, i in enumerate(live):
            game = boards[i]
            pi = policies[row]
            records[i].append((obs[row], masks[row], pi, game.side_to_move, int(packed[row])))
            if len(game) < SAMPLED_PLIES:
                action = int(rng.choice(ACTIONS, p=pi / pi.sum()))
            else:
                action = int(pi.argmax())
            game.push(bagh.rl.decode(action, game))
            if not game.is_game_over() and len(game) < MAX_PLIES:
                still.append(i)
        live = still
    out_obs, out_masks, out_pi, out_z, out_codes = [], [], [], [], []
    for game, record in zip(boards, records):
        outcome = game.outcome()
        winner = outcome.winner if outcome is not None else None
        for o, m, pi, side, code in record:
            out_obs.append(o)
            out_masks.append(m)
            out_pi.append(pi)
            out_z.append(0.0 if winner is None else (1.0 if winner == side else -1.0))
            out_codes.append(code)
    values = np.array(out_z, np.float32)
    if tables is not None:
        values = tables.probe_many(np.array(out_codes, np.uint64))[0].astype(np.float32)
    return (np.array(out_obs, np.float32), np.array(out_masks), np.array(out_pi, np.float32),
            values, len(out_obs))


def train_steps(
    net: Network, replay: Replay, steps: int, batch: int, lr: float,
    symmetries: list[bagh.rl.Symmetry], rng: np.random.Generator,
) -> float:
    """`steps` Adam steps on minibatches of the window, each under a random symmetry."""
    loss = 0.0
    for _ in range(steps):
        idx = rng.integers(0, replay.size, batch)
        s = symmetries[int(rng.integers(len(symmetries)))]
        x = replay.obs[idx][:, s.observation]
        masks = replay.masks[idx][:, s.actions]
        pi = replay.pi[idx][:, s.actions]
        loss, grads = net.gradients(x, masks, pi, replay.z[idx])
        net.adam(grads, lr)
    return loss


def searching_policy(
    net: Network, rules: bagh.Ruleset, simulations: int, seed: int
) -> Callable[[list[bagh.Game]], npt.NDArray[np.int64]]:
    """A policy over games: the most visited move of a noiseless MCTS
    guided by the network."""
    mcts = bagh.rl.MCTS(rules, simulations=simulations, dirichlet_weight=0.0, batch_size=256, seed=seed)

    def policy(games: list[bagh.Game]) -> npt.NDArray[np.int64]:
        policies, _, _ = mcts.search(games, net.evaluate)
        actions: npt.NDArray[np.int64] = policies.argmax(axis=1).astype(np.int64)
        return actions

    return policy


def train(args: argparse.Namespace) -> None:
    # Beside this file, as the script runs (benchmarks/rl_agents.py loads it as a module for Network alone).
    import agent_checkpoint
    from agent_curve import curve_markdown, score, score_of

    tables = bagh.Tablebase.open(args.tables)
    rules = tables.rules
    rng = np.random.default_rng(args.seed)
    net = Network(rng)
    replay = Replay(args.window)
    symmetries = bagh.rl.symmetries()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    state = agent_checkpoint.RunState(rules=str(rules))
    if args.resume:
        state = agent_checkpoint.load(out, net)
        if state.rules != str(rules):
            raise SystemExit(f"--resume: the checkpoint in {out} is of {state.rules}, the tables of {rules}")
        rng.bit_generator.state = state.rng
        print(f"resumed at round {state.round}, {state.seconds / 60:.1f} min, Adam step {net.steps}", flush=True)
    source: Any
    if args.ray:
        import agent_ray

        source = agent_ray.RaySelfPlay(args, rules, state)
    else:
        source = LocalSelfPlay(net, args, rules, tables, rng)
    started = time.perf_counter() - state.seconds
    last_checkpoint = time.perf_counter()

    def checkpoint() -> None:
        nonlocal last_checkpoint
        state.seconds = time.perf_counter() - started
        state.rng = dict(rng.bit_generator.state)
        if args.ray:
            state.workers = source.workers()
        agent_checkpoint.save(out, net, state)
        last_checkpoint = time.perf_counter()

    def evaluate_now() -> None:
        minutes = (time.perf_counter() - started) / 60
        point = {"minutes": minutes, "round": state.round, "adam_steps": net.steps, "games": state.games,
                 "positions": state.positions, "score": score(net, tables, args.eval_positions, args.eval_games)}
        if args.ray:
            point["workers"] = {name: w["games"] for name, w in source.workers().items()}
        state.curve.append(point)
        (out / "curve.json").write_text(json.dumps(state.curve, indent=1) + "\n")
        (out / "curve.md").write_text(curve_markdown(state.curve))
        net.save(out / "agent.npz")
        checkpoint()
        c = score_of(point)["critical"]["all"]
        print(f"{minutes:6.1f} min  {state.games:6d} games  {state.positions:8d} positions  "
              f"critical kept {100 * c['share']:.1f}%", flush=True)
        if args.ray:
            print("  " + source.report(), flush=True)

    try:
        source.broadcast(net.params)
        while True:
            minutes = (time.perf_counter() - started) / 60
            if minutes >= state.next_eval:
                state.next_eval += args.eval_every
                evaluate_now()
            if minutes >= args.minutes:
                break
            obs, masks, pi, z, n, games = source.play()
            replay.add(obs, masks, pi, z)
            state.games += games
            state.positions += n
            steps = max(1, n * args.reuse // args.batch)
            loss = train_steps(net, replay, steps, args.batch, args.lr, symmetries, rng)
            state.round += 1
            source.broadcast(net.params)
            print(f"  round {state.round}: {state.games} games, {n} positions, {steps} steps, loss {loss:.3f}",
                  flush=True)
            if time.perf_counter() - last_checkpoint >= 60 * args.checkpoint_every:
                checkpoint()
        if state.curve[-1]["games"] != state.games:
            evaluate_now()
        else:
            checkpoint()
    finally:
        source.close()


class LocalSelfPlay:
    """Self-play in this process: `--games` games a round."""

    def __init__(self, net: Network, args: argparse.Namespace, rules: bagh.Ruleset,
                 tables: bagh.Tablebase, rng: np.random.Generator) -> None:
        self.net, self.rules, self.games, self.rng = net, rules, args.games, rng
        self.mcts = bagh.rl.MCTS(rules, simulations=args.simulations, dirichlet_weight=0.25,
                                 batch_size=256, seed=args.seed)
        self.teacher = tables if args.value == "tables" else None

    def broadcast(self, params: dict[str, Array]) -> None:
        """The network is this process's own: nothing to send."""

    def play(self) -> tuple[Array, npt.NDArray[np.bool_], Array, Array, int, int]:
        obs, masks, pi, z, n = self_play(self.net, self.mcts, self.rules, self.games, self.rng, self.teacher)
        return obs, masks, pi, z, n, self.games

    def close(self) -> None:
        pass


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("--evaluate", metavar="AGENT.npz", help="score a saved agent against the tables")
    parser.add_argument("--tables")
    parser.add_argument("--out", default="target/agent")
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--simulations", type=int, default=64)
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--window", type=int, default=200_000)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--reuse", type=int, default=4)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--eval-every", type=float, default=10.0)
    parser.add_argument("--eval-positions", type=int, default=1000)
    parser.add_argument("--eval-games", type=int, default=10)
    parser.add_argument("--play-simulations", type=int, default=0,
                        help="with --evaluate: play the most visited move of an MCTS of this many simulations")
    parser.add_argument("--value", choices=("result", "tables"), default="result",
                        help="value targets: the self-play games' results, or the tables' values")
    parser.add_argument("--ray", metavar="ADDRESS",
                        help="self-play on the Ray cluster at ADDRESS ('auto': the one `ray start` runs here; "
                             "'local': a cluster of this run's own), the learner here")
    parser.add_argument("--workers", type=int, default=None, help="with --ray: self-play workers (2 unless given)")
    parser.add_argument("--resume", action="store_true",
                        help="continue the run whose checkpoint is in --out (round, weights, Adam, curve)")
    parser.add_argument("--checkpoint-every", type=float, default=1.0, metavar="MINUTES",
                        help="write OUT/checkpoint.npz this often (and at each evaluation)")
    args = parser.parse_args(argv)
    # --workers alone would train on this machine as if it had been heard.
    if args.workers is not None and args.ray is None:
        parser.error("--workers N needs --ray ADDRESS (the workers are a Ray cluster's)")
    if args.workers is not None and args.workers < 1:
        parser.error(f"--workers {args.workers}: at least one worker is needed")
    if args.workers is None:
        args.workers = 2
    if args.self_test:
        import agent_self_test

        agent_self_test.self_test()
    elif args.tables is None:
        parser.error("--tables DIR is needed (or --self-test)")
    elif args.evaluate:
        tables = bagh.Tablebase.open(args.tables)
        net = Network.load(Path(args.evaluate))
        if args.play_simulations > 0:
            policy: Any = searching_policy(net, tables.rules, args.play_simulations, args.seed)
            inputs: Literal["observations", "games"] = "games"
        else:
            policy, inputs = net.act, "observations"
        report = bagh.rl.evaluate(policy, tables, positions=args.eval_positions, games=args.eval_games,
                                  inputs=inputs)
        print(report.to_markdown(), end="")
    else:
        train(args)


if __name__ == "__main__":
    main(sys.argv[1:])
