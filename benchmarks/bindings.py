"""Calls per second through each binding: one random-game loop in Rust, Python, C and Node.

Run by `make bench-bindings` (which builds the four programs first):

    .venv/bin/python benchmarks/bindings.py [--seconds 3] [--rounds 5]

Every program plays the same loop on the `bagh-chal` rules: a new game;
list the legal moves, pick one at random, play it, until no move is left;
and prints one line, `<binding> <games> <plies> <seconds>`. A ply is one
call for the legal moves and one to play, so plies per second measure the
cost of crossing each binding. The programs run one after another, their
order rotated each round, and the table gives the median of the rounds,
their range, and the ratio to Rust.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def python_loop(seconds: float) -> None:
    """The loop through the Python package; prints the line."""
    import bagh

    rng = random.Random(1)
    games = plies = 0
    began = time.perf_counter()
    while True:
        game = bagh.Game("bagh-chal")
        while True:
            moves = game.legal_moves()
            if not moves:
                break
            game.push(rng.choice(moves))
            plies += 1
        games += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            print(f"python {games} {plies} {elapsed:.3f}")
            return


def commands(seconds: float) -> dict[str, list[str]]:
    """The program of each binding, given the seconds to run."""
    time_arg = f"{seconds}"
    return {
        "rust": [str(ROOT / "target/release/examples/random_games"), time_arg],
        "python": [sys.executable, str(Path(__file__).resolve()), "--loop", "--seconds", time_arg],
        "c": [str(ROOT / "target/c-tests/random_games"), time_arg],
        "node": ["node", str(ROOT / "benchmarks/random_games.js"), time_arg],
    }


def run(command: list[str]) -> float:
    """Plies per second of one run of a program."""
    line = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
    _binding, _games, plies, elapsed = line[-4:]
    return int(plies) / float(elapsed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per run")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each program")
    parser.add_argument("--loop", action="store_true", help="run the Python loop only (used by the table)")
    args = parser.parse_args()
    if args.loop:
        python_loop(args.seconds)
        return

    programs = commands(args.seconds)
    missing = [name for name, command in programs.items() if not Path(command[0]).exists() and "/" in command[0]]
    if missing:
        sys.exit(f"not built: {', '.join(missing)} (run `make bench-bindings`)")
    rates: dict[str, list[float]] = {name: [] for name in programs}
    names = list(programs)
    for round_ in range(args.rounds):
        order = names[round_ % len(names) :] + names[: round_ % len(names)]
        for name in order:
            rates[name].append(run(programs[name]))
        print(f"round {round_ + 1}/{args.rounds}: " + ", ".join(f"{n} {rates[n][-1]:,.0f}" for n in names), flush=True)

    rust = statistics.median(rates["rust"])
    print(f"\nplies per second (one ply = legal moves + play), median of {args.rounds} runs of {args.seconds:g} s")
    print(f"{'binding':8} {'median':>12} {'range':>25} {'of Rust':>8}")
    for name in names:
        median = statistics.median(rates[name])
        low, high = min(rates[name]), max(rates[name])
        print(f"{name:8} {median:12,.0f} {low:12,.0f} – {high:10,.0f} {median / rust:8.1%}")


if __name__ == "__main__":
    main()
