#!/usr/bin/env python3
"""A baseline agent trained with bagh.rl: AlphaZero-style self-play with the
batched MCTS and a small policy/value network, scored against the tables.

    python3 training/train_agent.py --tables DIR --out DIR [--minutes M]
        [--seed S] [--simulations N] [--games G] [--eval-every MINUTES]
        [--value result|tables]
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
evaluation with the training time, games and positions) and
`OUT/curve.md`. Only numpy is needed; the library never imports this file.
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


def score(net: Network, tables: bagh.Tablebase, positions: int, games: int) -> dict[str, Any]:
    report = bagh.rl.evaluate(net.act, tables, positions=positions, games=games)
    def rate(r: bagh.rl.Rate) -> dict[str, Any]:
        return {"count": r.count, "total": r.total, "share": r.share, "interval": list(r.interval)}

    return {
        "critical": {k: rate(v) for k, v in report.critical.items()},
        "games_kept": {k: rate(v) for k, v in report.games_kept.items()},
        "losing_moves_per_1000": report.losing_moves_per_1000,
        "losing_moves": rate(report.losing_moves),
    }


def score_of(point: dict[str, Any]) -> dict[str, Any]:
    scored: dict[str, Any] = point["score"]
    return scored


def curve_markdown(curve: list[dict[str, Any]]) -> str:
    lines = [
        "| minutes | self-play games | positions | critical kept, % (95% interval) "
        "| games kept vs random perfect | vs narrowing | value-losing moves per 1,000 |",
        "|---:|---:|---:|---|---|---|---:|",
    ]
    for point in curve:
        c = point["score"]["critical"]["all"]
        g = point["score"]["games_kept"]
        lines.append(
            f"| {point['minutes']:.0f} | {point['games']} | {point['positions']} "
            f"| {100 * c['share']:.1f} ({100 * c['interval'][0]:.1f} to {100 * c['interval'][1]:.1f}) "
            f"| {g['random']['count']} of {g['random']['total']} | {g['narrowing']['count']} of {g['narrowing']['total']} "
            f"| {point['score']['losing_moves_per_1000']:.1f} |"
        )
    return "\n".join(lines) + "\n"


def train(args: argparse.Namespace) -> None:
    tables = bagh.Tablebase.open(args.tables)
    rules = tables.rules
    rng = np.random.default_rng(args.seed)
    net = Network(rng)
    mcts = bagh.rl.MCTS(rules, simulations=args.simulations, dirichlet_weight=0.25,
                        batch_size=256, seed=args.seed)
    replay = Replay(args.window)
    teacher = tables if args.value == "tables" else None
    symmetries = bagh.rl.symmetries()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    curve: list[dict[str, Any]] = []
    games = positions = 0
    next_eval = 0.0

    def evaluate_now() -> None:
        minutes = (time.perf_counter() - started) / 60
        point = {"minutes": minutes, "games": games, "positions": positions,
                 "score": score(net, tables, args.eval_positions, args.eval_games)}
        curve.append(point)
        (out / "curve.json").write_text(json.dumps(curve, indent=1) + "\n")
        (out / "curve.md").write_text(curve_markdown(curve))
        net.save(out / "agent.npz")
        c = score_of(point)["critical"]["all"]
        print(f"{minutes:6.1f} min  {games:6d} games  {positions:8d} positions  "
              f"critical kept {100 * c['share']:.1f}%", flush=True)

    while True:
        minutes = (time.perf_counter() - started) / 60
        if minutes >= next_eval:
            evaluate_now()
            next_eval += args.eval_every
        if minutes >= args.minutes:
            break
        obs, masks, pi, z, n = self_play(net, mcts, rules, args.games, rng, teacher)
        replay.add(obs, masks, pi, z)
        games += args.games
        positions += n
        steps = max(1, n * args.reuse // args.batch)
        loss = train_steps(net, replay, steps, args.batch, args.lr, symmetries, rng)
        print(f"  {games} games, {n} positions, {steps} steps, loss {loss:.3f}", flush=True)
    if curve[-1]["games"] != games:
        evaluate_now()


def self_test() -> None:
    """Gradient check of the network, a symmetry round trip, and one tiny round."""
    rng = np.random.default_rng(1)
    net = Network(rng)
    for k in net.params:
        net.params[k] = net.params[k].astype(np.float64)
    x = rng.random((4, INPUTS))
    masks = rng.random((4, ACTIONS)) < 0.3
    masks[:, 0] = True
    pi = np.where(masks, rng.random((4, ACTIONS)), 0.0)
    pi /= pi.sum(axis=1, keepdims=True)
    z = np.array([1.0, -1.0, 0.0, 0.5])
    _, grads = net.gradients(x, masks, pi, z)  # type: ignore[arg-type]
    for name in ("w1", "wp", "wv", "b2"):
        flat = net.params[name].reshape(-1)
        for j in rng.integers(0, flat.size, 3):
            old = flat[j]
            flat[j] = old + 1e-5
            up, _ = net.gradients(x, masks, pi, z)  # type: ignore[arg-type]
            flat[j] = old - 1e-5
            down, _ = net.gradients(x, masks, pi, z)  # type: ignore[arg-type]
            flat[j] = old
            numeric = (up - down) / 2e-5
            analytic = float(grads[name].reshape(-1)[j])
            assert abs(numeric - analytic) < 1e-4 * max(1.0, abs(numeric)), (name, numeric, analytic)
    # The symmetries map a position's observation and mask together.
    game = bagh.Game("bagh-chal")
    game.push("c2")
    obs = bagh.rl.observation(game).reshape(-1)
    mask = bagh.rl.legal_mask(game)
    for s in bagh.rl.symmetries():
        assert mask[s.actions].sum() == mask.sum() and obs[s.observation].sum() == obs.sum()
    # One tiny round of self-play and training.
    small = bagh.Ruleset(tigers=["c3"], goats=3, capture_target=1)
    net = Network(rng)
    mcts = bagh.rl.MCTS(small, simulations=8, seed=1)
    o, m, p, zz, n = self_play(net, mcts, small, 2, rng)
    assert n == len(o) > 0 and np.allclose(p.sum(axis=1), 1.0) and set(np.unique(zz)) <= {-1.0, 0.0, 1.0}
    # With tables, each position's value target is its perfect value.
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        small_tables = bagh.Tablebase.build(small, tmp + "/tables")
        o2, _, _, z2, n2 = self_play(net, mcts, small, 2, rng, small_tables)
        assert n2 == len(z2) > 0
        # A second, independent labelling: each position's probe.
        first = bagh.Game(small)
        assert z2[0] == {"win": 1.0, "draw": 0.0, "loss": -1.0}[small_tables.probe(first.position).value]
        # The searching policy answers a legal move in every position judged.
        report = bagh.rl.evaluate(searching_policy(net, small, 8, 1), small_tables,
                                  positions=20, games=2, inputs="games")
        assert report.critical["all"].total == 20 and len(report.games) == 4
    replay = Replay(100)
    replay.add(o, m, p, zz)
    before = net.gradients(replay.obs[: replay.size], replay.masks[: replay.size],
                           replay.pi[: replay.size], replay.z[: replay.size])[0]
    train_steps(net, replay, 50, 16, 1e-3, bagh.rl.symmetries()[:1], rng)
    after = net.gradients(replay.obs[: replay.size], replay.masks[: replay.size],
                          replay.pi[: replay.size], replay.z[: replay.size])[0]
    assert after < before, (before, after)
    print("train_agent self-test: ok")


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
    args = parser.parse_args(argv)
    if args.self_test:
        self_test()
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
