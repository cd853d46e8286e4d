"""The reference rows of bagh.rl.evaluate on a rule set's tables: random
play and the engine at a few levels, each scored on the held-out critical
positions and in games against both perfect players.

    python benchmarks/rl_agents.py TABLES [--positions 1000] [--games 20] [--levels 1,10,20]

Prints one Markdown table: a row per agent, each share with its 95%
interval (`make bench-agents` runs it on target/tablebases/bagh-chal).
"""

from __future__ import annotations

import argparse
import time
from typing import Literal

import bagh
import bagh.rl


def cell(rate: bagh.rl.Rate, scale: float = 100.0) -> str:
    low, high = rate.interval
    return f"{scale * rate.share:.1f} ({scale * low:.1f} to {scale * high:.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables")
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--levels", default="1,10,20")
    parser.add_argument("--engine-nodes", type=int, default=20_000)
    args = parser.parse_args()
    tables = bagh.Tablebase.open(args.tables)
    agents: list[tuple[str, Literal["random"] | int]] = [("random", "random")]
    agents += [(f"engine level {level}", int(level)) for level in args.levels.split(",")]
    print(f"rules {tables.rules}, {args.positions} critical positions from seed 1000000, "
          f"{args.games} games against each perfect player, engine {args.engine_nodes} nodes a move")
    print()
    print("| agent | critical kept, % | placement goats | placement tigers | movement goats | movement tigers "
          "| games kept vs random perfect, % | vs narrowing, % | value-losing moves per 1,000 | seconds |")
    print("|---|---|---|---|---|---|---|---|---|---:|")
    for name, policy in agents:
        started = time.perf_counter()
        report = bagh.rl.evaluate(
            policy, tables, positions=args.positions, games=args.games, engine_nodes=args.engine_nodes
        )
        seconds = time.perf_counter() - started
        c = report.critical
        print(
            f"| {name} | {cell(c['all'])} | {cell(c['placement goats'])} | {cell(c['placement tigers'])} "
            f"| {cell(c['movement goats'])} | {cell(c['movement tigers'])} | {cell(report.games_kept['random'])} "
            f"| {cell(report.games_kept['narrowing'])} | {cell(report.losing_moves, 1000.0)} | {seconds:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
