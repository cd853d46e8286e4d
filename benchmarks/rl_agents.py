"""The reference rows of bagh.rl.evaluate on a rule set's tables: random
play and the engine at a few levels, each scored on the held-out critical
positions and in games against both perfect players.

    python benchmarks/rl_agents.py TABLES [--positions 1000] [--games 20] [--levels 1,10,20]
        [--agent training/agents/bagh-chal-baseline.npz]

Prints one Markdown table: a row per agent, each share with its 95%
interval (`make bench-agents` runs it on target/tablebases/bagh-chal).
Games kept are games with no slip of the agent's own, value-losing moves
its slips; forced losses are the tables' value lost where the history had
banned every move that keeps it (under `forbidden` only).
`--agent` adds a row for a checkpoint of `training/train_agent.py` (its raw
policy, no search; numpy is needed), measured in the same run as the
reference rows (`make evaluate-agent`).
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from pathlib import Path
from typing import Any, Callable, Literal

import bagh
import bagh.rl

Policy = Literal["random"] | int | Callable[[Any, Any], Any]


def checkpoint_policy(path: str) -> Callable[[Any, Any], Any]:
    """The raw policy of a `training/train_agent.py` checkpoint."""
    script = Path(__file__).resolve().parent.parent / "training" / "train_agent.py"
    spec = importlib.util.spec_from_file_location("train_agent", script)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {script}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    network = module.Network.load(Path(path))
    act: Callable[[Any, Any], Any] = network.act
    return act


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
    parser.add_argument("--agent", action="append", default=[], help="a train_agent.py checkpoint (.npz)")
    args = parser.parse_args()
    tables = bagh.Tablebase.open(args.tables)
    agents: list[tuple[str, Policy]] = [(Path(path).stem, checkpoint_policy(path)) for path in args.agent]
    agents.append(("random", "random"))
    agents += [(f"engine level {level}", int(level)) for level in args.levels.split(",")]
    print(f"rules {tables.rules}, {args.positions} critical positions from seed 1000000, "
          f"{args.games} games against each perfect player, engine {args.engine_nodes} nodes a move")
    print()
    print("| agent | critical kept, % | placement goats | placement tigers | movement goats | movement tigers "
          "| games kept vs random perfect, % | vs narrowing, % | value-losing moves per 1,000 "
          "| forced losses per 1,000 | seconds |")
    print("|---|---|---|---|---|---|---|---|---|---|---:|")
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
            f"| {cell(report.games_kept['narrowing'])} | {cell(report.losing_moves, 1000.0)} "
            f"| {cell(report.forced_losses, 1000.0)} | {seconds:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
