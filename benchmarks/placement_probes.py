"""Probe speed of a tablebase from Python: positions with goats in hand, from
the placement layer files (`Tablebase.open`) and from memory
(`Tablebase.load`), from one Python thread and from several.

Needs the tables first (`make solve-game`, into target/tablebases/bagh-chal).
Run:

    .venv/bin/python benchmarks/placement_probes.py [--dir DIR] [--positions N] [--threads 1 2]

The positions are taken from seeded random games of the directory's rule set,
stopped at a random point of the placement phase; both sides to move. Each
line is the median of three passes, the Python call included.

Threads: each thread probes its share of the positions on one shared
`Tablebase`. A probe that reads the layer files releases the GIL around its
reads, and the library reads by position with no lock, so the threads' reads
overlap instead of taking turns on a file; the Python part of each call (the
argument, the `Probe` made) still holds the GIL. With the files in the page
cache a read takes about a microsecond, about what handing the GIL over
costs, so a second thread gains little there; the gain shows when the reads
wait for the disk. A probe answered from memory (`load`) keeps the GIL, as
releasing it would cost more than the probe: there the threads take turns,
and the figure for two threads shows what that costs, not a speed-up.
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time

import bagh


def placement_positions(rules: bagh.Ruleset, count: int, seed: int = 7) -> list[bagh.Position]:
    rng = random.Random(seed)
    positions: list[bagh.Position] = []
    while len(positions) < count:
        position = bagh.Position(None, rules)
        stop = rng.randrange(1, rules.goats + 1)
        while position.goats_in_hand > 0 and not position.is_game_over():
            if position.goats_in_hand <= stop and rng.random() < 0.3:
                break
            position = position.play(rng.choice(position.legal_moves()))
        if position.goats_in_hand > 0 and not position.is_game_over():
            positions.append(position)
    return positions


def probe_all(tables: bagh.Tablebase, positions: list[bagh.Position], threads: int) -> float:
    """Seconds to probe every position, split among `threads` Python threads."""
    shares = [positions[i::threads] for i in range(threads)]

    def work(share: list[bagh.Position]) -> None:
        for position in share:
            tables.probe(position)

    workers = [threading.Thread(target=work, args=(share,)) for share in shares]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--dir", default="target/tablebases/bagh-chal")
    parser.add_argument("--positions", type=int, default=20_000)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2], help="Python threads to probe from")
    args = parser.parse_args()
    rules = bagh.Tablebase.open(args.dir).rules
    positions = placement_positions(rules, args.positions)
    by_side = {side: [p for p in positions if p.side_to_move == side] for side in ("goat", "tiger")}
    for mode in ("open", "load"):
        started = time.perf_counter()
        tables = bagh.Tablebase.open(args.dir) if mode == "open" else bagh.Tablebase.load(args.dir)
        print(f"{mode}: {time.perf_counter() - started:.1f} s")
        for side, group in by_side.items():
            for threads in args.threads:
                passes = [probe_all(tables, group, threads) for _ in range(3)]
                seconds = statistics.median(passes)
                print(
                    f"  {side}s to move, {threads} thread{'s' if threads > 1 else ''}: {len(group)} probes,"
                    f" {seconds / len(group) * 1e6:.2f} us per probe, {len(group) / seconds:,.0f} probes/s"
                )
        del tables


if __name__ == "__main__":
    main()
