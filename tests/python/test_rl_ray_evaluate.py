"""bagh.rl.ray.evaluate on a two-node local Ray cluster: the same figures as
bagh.rl.evaluate, one by one, with 1 and 2 workers; a node without the
tables, a bad address and a missing extra give errors that say what is
wrong. The reports of parts merge into the whole's, and pickle, without Ray."""

from __future__ import annotations

import pickle
import socket
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, TypedDict

import bagh
import bagh.rl
import numpy as np
import numpy.typing as npt
import pytest

from conftest import RAY_MISSING

# Under `forbidden`, so that forced losses are merged too (its tables build
# in well under a second).
RULES = bagh.Ruleset(tigers=["c3"], goats=4, capture_target=2, repetition="forbidden")


class Sizes(TypedDict):
    positions: int
    games: int
    seed: int
    batch: int


SIZES: Sizes = {"positions": 120, "games": 5, "seed": 3, "batch": 8}


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    directory: Path = tmp_path_factory.mktemp("ray-evaluate") / "tables"
    return bagh.Tablebase.build(RULES, directory)


class LinearPolicy:
    """A policy of numpy weights: the legal action of highest score, a
    linear function of the observation (what a trained network's argmax is,
    in small). Deterministic, so it answers each game alone."""

    def __init__(self, seed: int) -> None:
        size = int(np.prod(bagh.rl.OBSERVATION_SHAPE))
        self.weights = np.random.default_rng(seed).normal(size=(size, bagh.rl.NUM_ACTIONS)).astype(np.float32)

    def __call__(self, obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        scores = obs.reshape(len(obs), -1) @ self.weights
        scores[~masks] = -np.inf
        actions: npt.NDArray[np.int64] = scores.argmax(axis=1).astype(np.int64)
        return actions


def figures(report: bagh.rl.AgentReport) -> dict[str, Any]:
    """Every figure of a report, and every game with its record."""

    def rate(r: bagh.rl.Rate) -> tuple[int, int]:
        return (r.count, r.total)

    return {
        "critical": {k: rate(r) for k, r in report.critical.items()},
        "games_kept": {k: rate(r) for k, r in report.games_kept.items()},
        "games_forced": {k: rate(r) for k, r in report.games_forced.items()},
        "losing_moves": rate(report.losing_moves),
        "forced_losses": rate(report.forced_losses),
        "seeds": report.seeds,
        "games": report.games,
        "markdown": report.to_markdown(),
    }


# --- Without Ray: parts, merge and pickling ---


def test_parts_merge_into_the_whole_and_reports_pickle(tables: bagh.Tablebase) -> None:
    policy = LinearPolicy(1)
    whole = bagh.rl.evaluate(policy, tables, **SIZES)
    assert whole.part is None and whole.critical["all"].total == 120 and len(whole.games) == 10
    parts = [
        bagh.rl.evaluate(policy, tables, part=((0, 50), (0, 3)), **SIZES),
        bagh.rl.evaluate(policy, tables, part=((50, 120), (3, 10)), **SIZES),
    ]
    assert parts[1].part == ((50, 120), (3, 10))
    assert parts[0].critical["all"].total == 50 and len(parts[1].games) == 7
    # Pickled parts (as they come back from workers), merged in any order.
    travelled = [pickle.loads(pickle.dumps(p)) for p in reversed(parts)]
    assert [p.part for p in travelled] == [p.part for p in reversed(parts)]
    assert figures(bagh.rl.AgentReport.merge(travelled)) == figures(whole)
    assert figures(pickle.loads(pickle.dumps(whole))) == figures(whole)
    with pytest.raises(bagh.rl.RLError, match="positions 50..120 are in no part"):
        bagh.rl.AgentReport.merge(parts[:1] + [bagh.rl.evaluate(policy, tables, part=((0, 0), (3, 10)), **SIZES)])
    with pytest.raises(bagh.rl.RLError, match="not of a part"):
        bagh.rl.AgentReport.merge([whole])


# --- On the cluster ---


def test_the_distributed_evaluate_matches_the_local_one(ray_cluster: Any, tables: bagh.Tablebase) -> None:
    import ray
    import bagh.rl.ray

    # The test module is not importable on the workers: its policy travels by value.
    cloudpickle: Any = ray.cloudpickle
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    policy = LinearPolicy(2)
    local = figures(bagh.rl.evaluate(policy, tables, **SIZES))
    assert 0 < local["critical"]["all"][0] < 120 and local["losing_moves"][1] > 0
    for workers in (1, 2):
        distributed = bagh.rl.ray.evaluate(policy, tables, workers=workers, **SIZES)
        assert distributed.part is None
        assert figures(distributed) == local, f"{workers} workers"
    # Random play draws by the game: the same figures, split or not.
    local_random = figures(bagh.rl.evaluate("random", tables, **SIZES))
    by_path = bagh.rl.ray.Tables.at(tables.dir)
    assert figures(bagh.rl.ray.evaluate("random", by_path, workers=2, **SIZES)) == local_random


def test_a_node_without_the_tables_is_named(ray_cluster: Any, tmp_path: Path) -> None:
    import bagh.rl.ray

    missing = tmp_path / "no-tables"
    with pytest.raises(bagh.rl.ray.TablesNotFoundError) as raised:
        bagh.rl.ray.evaluate("random", missing, workers=2, positions=10, games=1)
    error = raised.value
    assert error.node_id in (ray_cluster.head_node_id, ray_cluster.other_node_id)
    assert error.node == socket.gethostname()
    message = str(error)
    assert f"node {error.node} (Ray node {error.node_id}) has no tables" in message
    assert f"put the tables at {missing} on every node" in message
    assert isinstance(error, bagh.TablebaseError)


_CONNECT = """
import socket, sys, time
from bagh.rl.ray import ClusterError, connect
with socket.socket() as s:  # a port that nothing listens on
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
other = socket.socket()  # one where a server listens, silent (not a Ray head)
other.bind(("127.0.0.1", 0))
other.listen()
silent = other.getsockname()[1]
for address in (f"127.0.0.1:{port}", f"127.0.0.1:{silent}", "no-port-here", "10.0.0.1:http"):
    began = time.perf_counter()
    try:
        connect(address, timeout=2.0)
    except ClusterError as error:
        print(f"{time.perf_counter() - began:.2f}", error.address, "|", error, sep="\\t")
    else:
        sys.exit(f"{address} joined a cluster")
"""


def test_a_bad_address_fails_fast_and_names_it() -> None:
    pytest.importorskip("ray", reason=RAY_MISSING)
    done = subprocess.run([sys.executable, "-c", _CONNECT], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = [line.split("\t") for line in done.stdout.splitlines()]
    assert len(lines) == 4, done.stdout
    for seconds, address, _, message in lines:
        # Ray alone retries such addresses for minutes, then ends the process.
        assert float(seconds) < 5, f"{address} took {seconds} s"
        assert message.startswith(f"no Ray cluster at {address!r}: "), message
        assert "ray start --head" in message
    assert "does not answer" in lines[0][3]
    assert "answers, but not as a Ray head" in lines[1][3]
    assert "expected host:port" in lines[2][3] and "expected host:port" in lines[3][3]


def test_a_missing_extra_says_how_to_install_it() -> None:
    # `import ray` fails as it does where the extra is not installed.
    code = textwrap.dedent(
        """
        import sys
        sys.modules["ray"] = None
        try:
            import bagh.rl.ray
        except ImportError as error:
            print(error)
        else:
            sys.exit("imported without ray")
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("bagh.rl.ray needs the ray extra: pip install '.[ray]'"), done.stdout
