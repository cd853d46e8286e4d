"""Probe speed of the bagh-chal placement table from Python: from the layer
files (`PlacementTable.open`) and from memory (`PlacementTable.load`).

Needs the table first (`make solve-game`). Run:

    .venv/bin/python benchmarks/placement_probes.py [--dir DIR] [--positions N]

The positions are taken from seeded random games, stopped at a random point
of the placement phase; both sides to move. Each line is the median of three
passes, the Python call included.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import bagh


def placement_positions(count: int, seed: int = 7) -> list[bagh.Position]:
    rng = random.Random(seed)
    positions: list[bagh.Position] = []
    while len(positions) < count:
        position = bagh.Position()
        stop = rng.randrange(1, 21)
        while position.goats_in_hand > 0 and not position.is_game_over():
            if position.goats_in_hand <= stop and rng.random() < 0.3:
                break
            position = position.play(rng.choice(position.legal_moves()))
        if position.goats_in_hand > 0 and not position.is_game_over():
            positions.append(position)
    return positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", default="target/tablebases/bagh-chal.tb.placement")
    parser.add_argument("--positions", type=int, default=20_000)
    args = parser.parse_args()
    positions = placement_positions(args.positions)
    by_side = {
        side: [p for p in positions if p.side_to_move == side] for side in ("goat", "tiger")
    }
    for mode in ("open", "load"):
        started = time.perf_counter()
        opener = bagh.PlacementTable.open if mode == "open" else bagh.PlacementTable.load
        table = opener(args.dir, "bagh-chal")
        print(f"{mode}: {time.perf_counter() - started:.1f} s")
        for side, group in by_side.items():
            passes = []
            for _ in range(3):
                started = time.perf_counter()
                for position in group:
                    table.probe(position)
                passes.append((time.perf_counter() - started) / len(group) * 1e6)
            print(f"  {side}s to move: {len(group)} probes, {statistics.median(passes):.1f} us per probe")
        del table


if __name__ == "__main__":
    main()
