"""Self-play on a Ray cluster (bagh.rl.ray.SelfPlayPool and `train_agent.py
--ray`) on the shared two-node test cluster, with a small rule set.

The trajectories are checked against the games replayed here with
bagh.Game (its own observations, masks, outcome) and against the tables'
probes; a worker killed mid-task is replaced and no game is counted that
was not received, nor twice; a short training run on two workers writes
its checkpoint and a curve with each worker's games, and a second driver
resumes it. The training runs last 15 and 9 seconds of training time: the
least that gives a few rounds on each side of the restart (the curve's
workers and a resumed round counter, not the agent's strength, are what
is checked).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Literal

import bagh
import bagh.rl
import numpy as np
import numpy.typing as npt
import pytest

pytest.importorskip("ray", reason="ray is not installed: pip install '.[ray]' (make .venv installs it where it can)")

import ray  # noqa: E402
import ray.cloudpickle  # noqa: E402

from bagh.rl.ray import SelfPlayPool, Trajectories  # noqa: E402

SMALL = bagh.Ruleset(tigers=["c3"], goats=3, capture_target=1)
ROOT = Path(__file__).resolve().parents[2]
VALUE = {"win": 1.0, "draw": 0.0, "loss": -1.0}

# The factories below travel to the workers by value: this file is not on their path.
register: Any = ray.cloudpickle.register_pickle_by_value
register(sys.modules[__name__])


def uniform_factory(weights: Any) -> Any:
    """A uniform prior and a value of 0 (the weights are not needed)."""

    def evaluate(obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> tuple[Any, Any]:
        return np.zeros(masks.shape, np.float32), np.zeros(len(masks), np.float32)

    return evaluate


def slow_factory(weights: Any) -> Any:
    """A uniform evaluator that takes 50 ms a call: a task lasts long enough to be killed in."""

    def evaluate(obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> tuple[Any, Any]:
        time.sleep(0.05)
        return np.zeros(masks.shape, np.float32), np.zeros(len(masks), np.float32)

    return evaluate


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    return bagh.Tablebase.build(SMALL, tmp_path_factory.mktemp("selfplay") / "tables")


def replay_games(t: Trajectories, tables: bagh.Tablebase | None = None) -> int:
    """Replays each game of `t` from its actions and checks every row against
    the game; returns the number of games."""
    ids = np.unique(t.game)
    for game_id in ids:
        rows = np.flatnonzero(t.game == game_id)
        assert np.array_equal(rows, np.arange(rows[0], rows[-1] + 1)), "a game's rows are consecutive"
        game = bagh.Game(SMALL)
        for row in rows:
            assert np.array_equal(t.observations[row], bagh.rl.observation(game))
            assert np.array_equal(t.masks[row], bagh.rl.legal_mask(game))
            assert t.packed[row] == bagh.rl.pack([game.position])[0]
            assert t.to_play[row] == (0 if game.side_to_move == "goat" else 1)
            assert abs(float(t.policies[row].sum()) - 1.0) < 1e-5 and not t.policies[row][~t.masks[row]].any()
            game.push(bagh.rl.decode(int(t.actions[row]), game))
        outcome = game.outcome()
        assert outcome is not None or len(game) == 200, "a game is returned once it has ended"
        for row, position in zip(rows, bagh.rl.unpack(t.packed[rows], SMALL)):
            side = "goat" if t.to_play[row] == 0 else "tiger"
            if tables is not None:
                expected = VALUE[tables.probe(position).value]
            else:
                winner = outcome.winner if outcome is not None else None
                expected = 0.0 if winner is None else (1.0 if winner == side else -1.0)
            assert t.values[row] == expected
    return len(ids)


def test_trajectories_are_the_games_played_on_both_nodes(ray_cluster: Any, tables: bagh.Tablebase) -> None:
    cases: list[tuple[Literal["result", "tables"], bagh.Tablebase | None]] = [("result", None), ("tables", tables)]
    for value, teacher in cases:
        with SelfPlayPool(uniform_factory, SMALL, workers=2, games=8, simulations=16, value=value,
                          tables=str(tables.dir) if teacher else None, seed=5) as pool:
            pool.broadcast(None)
            parts = [pool.collect(8)]
            while len(parts) < 3 or min(w.tasks for w in pool.workers_stats) < 1:
                parts.append(pool.collect(8))
            stats = pool.workers_stats
        received = sum(replay_games(part, teacher) for part in parts)
        assert received == sum(w.games for w in stats) >= 24
        assert {w.node_id for w in stats} == {ray_cluster.head_node_id, ray_cluster.other_node_id}
        assert all(w.positions_per_second > 0 for w in stats)


def test_weights_are_fetched_once_a_round(ray_cluster: Any) -> None:
    with SelfPlayPool(uniform_factory, SMALL, workers=2, games=4, simulations=4, seed=6) as pool:
        pool.broadcast(np.zeros(1000, np.float32))
        while min(w.tasks for w in pool.workers_stats) < 3:
            pool.collect(8)
        assert all(w.evaluators == 1 for w in pool.workers_stats)
        pool.broadcast(np.ones(1000, np.float32))
        while min(w.tasks for w in pool.workers_stats) < 6:
            pool.collect(8)
        assert all(w.evaluators == 2 for w in pool.workers_stats)


def test_a_killed_worker_is_replaced_and_no_game_counted_twice(ray_cluster: Any) -> None:
    received: list[npt.NDArray[np.int64]] = []
    with SelfPlayPool(slow_factory, SMALL, workers=2, games=8, simulations=16, seed=7) as pool:
        pool.broadcast(None)
        received.append(np.unique(pool.collect(8).game))
        # Both workers have a task of a second or so in hand now: one dies in it.
        victim = pool.workers_stats[0]
        tasks_before = victim.tasks
        ray.kill(pool.actors[0])
        deadline = time.monotonic() + 60
        while not any(w.number == 2 and w.games > 0 for w in pool.workers_stats):
            assert time.monotonic() < deadline, "the replacement never delivered a game"
            received.append(np.unique(pool.collect(8).game))
        stats = {w.number: w for w in pool.workers_stats}
        assert pool.replaced == 1 and set(stats) == {0, 1, 2}
        assert not stats[0].alive and stats[1].alive and stats[2].alive
    # The task it died in delivered nothing; its games in progress are lost.
    assert stats[0].tasks == tasks_before
    ids = np.concatenate(received)
    games = np.unique(ids)
    assert len(games) == len(ids), "a game came twice"
    # Each game counted once: the workers' counts are the games received, by worker.
    assert sum(w.games for w in stats.values()) == len(games)
    for number, w in stats.items():
        assert w.games == int(np.count_nonzero((games >> 32) == number))


def run_training(cluster: Any, tables: bagh.Tablebase, out: Path, minutes: float, *extra: str) -> str:
    command = [
        sys.executable, str(ROOT / "training" / "train_agent.py"), "--tables", str(tables.dir),
        "--out", str(out), "--minutes", str(minutes), "--eval-every", "0.1", "--eval-positions", "20",
        "--eval-games", "2", "--games", "16", "--simulations", "16", "--ray", cluster.address,
        "--workers", "2", *extra,
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def checkpoint_state(out: Path) -> dict[str, Any]:
    with np.load(out / "checkpoint.npz") as data:
        state: dict[str, Any] = json.loads(str(data["state"]))
        state["adam_steps"] = int(data["adam_steps"])
    return state


def test_training_on_two_workers_and_its_resumption(
    ray_cluster: Any, tables: bagh.Tablebase, tmp_path: Path
) -> None:
    out = tmp_path / "agent"
    run_training(ray_cluster, tables, out, 0.25)
    assert (out / "agent.npz").exists()
    first = json.loads((out / "curve.json").read_text())
    before = checkpoint_state(out)
    last = first[-1]
    assert set(last["workers"]) == {"w0", "w1"} and all(g > 0 for g in last["workers"].values())
    assert sum(last["workers"].values()) == last["games"] == before["games"]
    assert "w0" in (out / "curve.md").read_text()

    log = run_training(ray_cluster, tables, out, 0.4, "--resume")
    assert f"resumed at round {before['round']}, " in log and f"Adam step {before['adam_steps']}" in log
    curve = json.loads((out / "curve.json").read_text())
    after = checkpoint_state(out)
    assert curve[: len(first)] == first and len(curve) > len(first)
    for previous, point in zip(curve[len(first) - 1:], curve[len(first):]):
        for key in ("minutes", "round", "adam_steps", "games", "positions"):
            assert point[key] > previous[key], key
    # The workers of the first driver keep their games; the second's are new ones.
    workers = curve[-1]["workers"]
    assert {k: workers[k] for k in ("w0", "w1")} == last["workers"] and {"w2", "w3"} <= set(workers)
    assert sum(workers.values()) == curve[-1]["games"] == after["games"]
    assert after["round"] > before["round"] and after["adam_steps"] > before["adam_steps"]
