"""Long calls run without the GIL and stop on Ctrl-C (SIGINT)."""

from __future__ import annotations

import subprocess
import sys

import bagh
import pytest
from conftest import ticks_during

SCRIPT = """
import os, signal, threading, time
import bagh
# A process started in the background may inherit SIGINT ignored; Ctrl-C
# must reach Python's handler whatever the parent did.
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
began = time.perf_counter()
try:
    {call}
except KeyboardInterrupt:
    print("interrupted after", round(time.perf_counter() - began, 2))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT by os.kill is POSIX")
@pytest.mark.parametrize(
    "call",
    ["bagh.random_games(10**9)", "bagh.Position().perft(12)", "bagh.Position().perft_divide(12)"],
)
def test_ctrl_c_stops_long_calls(call: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(call=call)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("interrupted after"), done.stdout
    assert float(done.stdout.split()[-1]) < 5


def test_other_threads_run_during_perft() -> None:

    def work() -> None:
        bagh.Position().perft(3)  # short, to warm up
        bagh.Position().perft(6)

    ticks, elapsed = ticks_during(work)
    # With the GIL held for the whole call the ticker would barely run.
    assert ticks > elapsed * 100


ENGINE_SCRIPT = """
import os, signal, threading, time
import bagh
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
began = time.perf_counter()
game = bagh.Game()
analysis = bagh.Engine().analyse(game, time=60)
print(round(time.perf_counter() - began, 2), analysis.depth, game.is_legal(analysis.best_move))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT by os.kill is POSIX")
def test_ctrl_c_stops_a_search_and_returns_its_best_so_far() -> None:
    done = subprocess.run(
        [sys.executable, "-c", ENGINE_SCRIPT],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    seconds, depth, legal = done.stdout.split()
    assert float(seconds) < 5
    assert int(depth) >= 1 and legal == "True"
