"""Engine nodes per second through each front end: the same search from Rust
(the `bagh` command line), Python and Node.

Run by `make bench-engine-bindings` (which builds the release programs):

    .venv/bin/python benchmarks/engine_bindings.py [--depth 10] [--rounds 5]

Each front end searches bagh-chal's start to `--depth` plies on one thread
with a new engine (the default evaluation, a 16 MB table), and the search's
own nodes and time give its nodes per second. The front ends run one after
another, their order rotated each round; the table gives the median of the
rounds, their range, and the ratio to Rust.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

NODE_SCRIPT = """
const bagh = require(process.argv[1]);
const depth = Number(process.argv[2]);
new bagh.Engine('bagh-chal', { hashMb: 16 }).analyse(new bagh.Game(), { depth }).then((a) => {
  console.log(JSON.stringify({ nodes: a.nodes, seconds: a.timeMs / 1000 }));
});
"""


def rust(depth: int) -> float:
    out = subprocess.run(
        [str(ROOT / "target/release/bagh"), "analyse", "--depth", str(depth), "--hash", "16", "--json"],
        check=True, capture_output=True, text=True,
    ).stdout
    answer = json.loads(out)
    return float(answer["nodes"]) / max(float(answer["time_ms"]) / 1000.0, 1e-9)


def python(depth: int) -> float:
    import bagh

    analysis = bagh.Engine("bagh-chal", hash_mb=16).analyse(bagh.Game("bagh-chal"), depth=depth)
    return float(analysis.nodes) / max(analysis.time, 1e-9)


def node(depth: int) -> float:
    out = subprocess.run(
        ["node", "-e", NODE_SCRIPT, str(ROOT / "bagh-node"), str(depth)],
        check=True, capture_output=True, text=True,
    ).stdout
    answer = json.loads(out)
    return float(answer["nodes"]) / max(float(answer["seconds"]), 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    runners = [("Rust (bagh analyse)", rust), ("Python", python), ("Node", node)]
    rates: dict[str, list[float]] = {name: [] for name, _ in runners}
    for round_ in range(args.rounds):
        order = runners[round_ % len(runners):] + runners[: round_ % len(runners)]
        for name, run in order:
            rates[name].append(run(args.depth))
    rust_median = statistics.median(rates[runners[0][0]])
    print(f"bagh-chal start, depth {args.depth}, one thread, {args.rounds} rounds ({sys.platform})")
    print()
    print("| front end | nodes/s, median | range | of Rust |")
    print("|---|---:|---:|---:|")
    for name, _ in runners:
        values = rates[name]
        median = statistics.median(values)
        print(f"| {name} | {median / 1e6:.2f} M | {min(values) / 1e6:.2f} to {max(values) / 1e6:.2f} M "
              f"| {median / rust_median:.2f} |")


if __name__ == "__main__":
    main()
