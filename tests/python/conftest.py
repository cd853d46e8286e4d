"""Shared strategies: random games in every preset, driven by hypothesis."""

from __future__ import annotations

import logging
import os
import random
import subprocess
import sys
import threading
import time
import types
from collections.abc import Callable
from typing import Any

import bagh
import pytest
from hypothesis import strategies as st

PRESETS = bagh.Ruleset.preset_ids()

#: A custom rule set besides the presets: every optional rule switched on.
CUSTOM = bagh.Ruleset(
    mandatory_capture=True,
    blocked_side_loses=True,
    repetition="draw(3)",
    no_progress_limit=40,
)

RULE_SETS = [bagh.Ruleset.preset(id) for id in PRESETS] + [CUSTOM]


def play_random(game: bagh.Game, rng: random.Random, plies: int) -> bagh.Game:
    """Plays up to `plies` random legal moves in `game` and returns it."""
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game


@st.composite
def games(draw: st.DrawFn, max_plies: int = 300) -> bagh.Game:
    """A random game (often finished) under one of the rule sets."""
    rules = draw(st.sampled_from(RULE_SETS))
    seed = draw(st.integers(0, 2**32 - 1))
    plies = draw(st.integers(0, max_plies))
    return play_random(bagh.Game(rules), random.Random(seed), plies)


@pytest.fixture(params=PRESETS)
def preset(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def ticks_during(work: Callable[[], object]) -> tuple[int, float]:
    """Runs `work` while another Python thread counts millisecond ticks: the
    ticks it got and the seconds `work` took. A call that holds the GIL
    throughout leaves the ticker almost no ticks."""
    ticks = 0
    stop = threading.Event()

    def tick() -> None:
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        began = time.perf_counter()
        work()
        elapsed = time.perf_counter() - began
    finally:
        stop.set()
        ticker.join()
    return ticks, elapsed


_INTERRUPTED_BUILD = """
import os, signal, sys, threading, time
import bagh
rules = bagh.Ruleset(tigers=["a1", "e5"], goats=6, capture_target=3)
# A process started in the background may inherit SIGINT ignored; Ctrl-C
# must reach Python's handler whatever the parent did.
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
began = time.perf_counter()
try:
    getattr(bagh, sys.argv[1]).build(rules, sys.argv[2], threads=1)
except KeyboardInterrupt:
    print("interrupted after", round(time.perf_counter() - began, 2))
else:
    print("finished after", round(time.perf_counter() - began, 2))
"""


def interrupted_build(table_class: str, target: str | os.PathLike[str]) -> float:
    """Starts ``bagh.<table_class>.build`` of a rule set that takes seconds
    in a child process, sends it SIGINT after half a second, and returns how
    long the build took to stop (it must raise KeyboardInterrupt)."""
    done = subprocess.run(
        [sys.executable, "-c", _INTERRUPTED_BUILD, table_class, os.fspath(target)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("interrupted after"), done.stdout
    return float(done.stdout.split()[-1])


class FakeBar:
    """A stand-in for ``tqdm.auto.tqdm`` that records what a build shows."""

    def __init__(self, total: int, desc: str, **kwargs: Any) -> None:
        self.total, self.desc, self.n, self.closed = total, desc, 0, False

    def update(self, n: int) -> None:
        assert not self.closed
        self.n += n

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def fake_tqdm(monkeypatch: pytest.MonkeyPatch) -> list[FakeBar]:
    """Installs a fake ``tqdm.auto`` and returns the bars it makes, in order."""
    bars: list[FakeBar] = []

    def make(total: int, desc: str, **kwargs: Any) -> FakeBar:
        bar = FakeBar(total, desc, **kwargs)
        bars.append(bar)
        return bar

    fake = types.ModuleType("tqdm.auto")
    fake.tqdm = make  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tqdm.auto", fake)
    return bars


# --- A local Ray cluster, shared by the tests of bagh.rl.ray ---
# Ray takes seconds to start, so one cluster serves every test that asks for
# it: a head and a second node on this machine (each with its own raylet and
# object store, so that objects really travel between nodes), two logical
# CPUs each. Under pytest-xdist each worker process that runs one of these
# tests starts its own (pytest 9 moved the node ids that xdist's
# `--dist loadgroup` rewrites, so the tests cannot be kept in one worker).

RAY_MISSING = "ray is not installed: pip install '.[ray]' (make .venv installs it where it can)"


class RayCluster:
    """The running test cluster: its address, and the ids of its two nodes
    (head first). The test process is connected to it (``ray.init``)."""

    def __init__(self, cluster: Any, head: str, other: str) -> None:
        self.cluster = cluster
        self.address: str = cluster.address
        self.head_node_id = head
        self.other_node_id = other


@pytest.fixture(scope="session")
def ray_cluster() -> Any:
    ray = pytest.importorskip("ray", reason=RAY_MISSING)
    from ray.cluster_utils import Cluster

    # A small object store: the tests move kilobytes, and /dev/shm is shared.
    store = 150 * 1024 * 1024
    cluster: Any = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 2, "include_dashboard": False, "object_store_memory": store},
    )
    other = cluster.add_node(num_cpus=2, object_store_memory=store)
    try:
        ray.init(address=cluster.address, logging_level=logging.WARNING, log_to_driver=False)
        cluster.wait_for_nodes()
        yield RayCluster(cluster, cluster.head_node.node_id, other.node_id)
    finally:
        ray.shutdown()
        cluster.shutdown()
