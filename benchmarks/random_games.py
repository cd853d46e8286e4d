"""Random games per second: bagh against the `baghchal` package from PyPI.

Run with the virtualenv of `make test` (or any with bagh installed):

    .venv/bin/python benchmarks/random_games.py [--seconds 5]

It installs `baghchal==1.0.1` into the running interpreter's environment if
it is missing, then plays the same loop with both libraries, side by side:
list the legal moves, pick one at random, play it, until the game is over.
A third line is the batched `bagh.random_games`, where the loop runs in Rust.

The two libraries do not play quite the same rules: baghchal draws on the
third repetition of a board and lets trapped goats lose; bagh's `bagh-chal`
forbids repeating a position and draws a blocked goat side. The
`bagh-chal-blocked-loses` preset is the nearer one, so both presets are shown.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

import bagh
from baghchal_package import BAGHCHAL, import_baghchal

def timed(play_one: Callable[[random.Random], int], seconds: float, seed: int) -> tuple[int, int, float]:
    """Plays games until `seconds` have passed: (games, plies, elapsed)."""
    rng = random.Random(seed)
    games = plies = 0
    began = time.perf_counter()
    while True:
        plies += play_one(rng)
        games += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return games, plies, elapsed


def bagh_game(rules: str) -> Callable[[random.Random], int]:
    def play(rng: random.Random) -> int:
        game = bagh.Game(rules)
        while True:
            moves = game.legal_moves()
            if not moves:
                return len(game)
            game.push(rng.choice(moves))

    return play


def baghchal_game(env: object) -> Callable[[random.Random], int]:
    board_class = env.Board  # type: ignore[attr-defined]

    def play(rng: random.Random) -> int:
        board = board_class()
        plies = 0
        while not board.is_game_over():
            moves = board.possible_moves()
            if not moves:
                break
            board.move(rng.choice(list(moves)))
            plies += 1
        return plies

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per line")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    (env,) = import_baghchal("env")

    rows: list[tuple[str, float]] = []

    def report(name: str, games: int, plies: int, elapsed: float) -> float:
        rate = plies / elapsed
        print(f"{name:<56} {games:>9} games {plies:>11} plies {rate:>14,.0f} plies/s", flush=True)
        rows.append((name, rate))
        return rate

    print(f"Python {sys.version.split()[0]}, bagh {bagh.__version__}, {BAGHCHAL}; {args.seconds} s per line\n")
    baseline = report("baghchal 1.0.1, Python loop", *timed(baghchal_game(env), args.seconds, args.seed))
    for rules in ("bagh-chal", "bagh-chal-blocked-loses"):
        report(f"bagh {rules}, same Python loop", *timed(bagh_game(rules), args.seconds, args.seed))
    for rules in ("bagh-chal", "bagh-chal-blocked-loses"):
        n = 0
        games = plies = 0
        began = time.perf_counter()
        while time.perf_counter() - began < args.seconds:
            batch = bagh.random_games(5000, rules=rules, seed=args.seed + n)
            n += 5000
            games += len(batch["plies"])
            plies += int(batch["plies"].sum())
        report(f"bagh.random_games({rules}), loop in Rust", games, plies, time.perf_counter() - began)

    print("\nspeed-up over baghchal:")
    for name, rate in rows[1:]:
        print(f"  {name:<56} {rate / baseline:>8,.0f}x")


if __name__ == "__main__":
    main()
