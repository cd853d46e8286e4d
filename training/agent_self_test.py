"""The self-test of train_agent.py (`python3 training/train_agent.py --self-test`):
a gradient check of the network, a symmetry round trip, one tiny round of
self-play and training, and a checkpoint's round trip."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np

import bagh
import bagh.rl

import agent_checkpoint
from train_agent import ACTIONS, INPUTS, Network, Replay, searching_policy, self_play, train_steps


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
    # A checkpoint gives back the weights, Adam's moments and step, and the run's state.
    with tempfile.TemporaryDirectory() as tmp:
        state = agent_checkpoint.RunState(rules=str(small), round=7, games=3, curve=[{"games": 3}],
                                          rng=dict(rng.bit_generator.state))
        agent_checkpoint.save(Path(tmp), net, state)
        again = Network(np.random.default_rng(2))
        assert agent_checkpoint.load(Path(tmp), again) == state and again.steps == net.steps == 50
        for k in net.params:
            assert np.array_equal(again.params[k], net.params[k]) and np.array_equal(again.m[k], net.m[k])
            assert np.array_equal(again.v[k], net.v[k])
    print("train_agent self-test: ok")
