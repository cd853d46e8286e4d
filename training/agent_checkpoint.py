"""The state of a training run of train_agent.py, saved to resume it.

`OUT/checkpoint.npz` holds the network's weights in float32, Adam's moments
and step count, and a JSON record of the rest: the round counter, the games
and positions so far, the training time, the next evaluation, the curve,
the games of each self-play worker and the generator's state. A resumed run
continues all of them; its replay window starts empty (a window of 200,000
positions is half a gigabyte: the first rounds after the restart refill it).
The file is written to a temporary name and renamed, so a run killed while
writing leaves the previous checkpoint whole.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

FILE = "checkpoint.npz"


@dataclass
class RunState:
    """What a run has done so far, besides the network."""

    rules: str
    round: int = 0
    games: int = 0
    positions: int = 0
    seconds: float = 0.0
    next_eval: float = 0.0
    curve: list[dict[str, Any]] = field(default_factory=list)
    workers: dict[str, dict[str, Any]] = field(default_factory=dict)
    rng: dict[str, Any] = field(default_factory=dict)


def save(out: Path, net: Any, state: RunState) -> None:
    """Writes `out/checkpoint.npz` (`net` a train_agent.Network)."""
    arrays: dict[str, Any] = {f"param_{k}": v for k, v in net.params.items()}
    arrays |= {f"m_{k}": v for k, v in net.m.items()} | {f"v_{k}": v for k, v in net.v.items()}
    arrays["adam_steps"] = np.array(net.steps, np.int64)
    arrays["state"] = np.array(json.dumps(asdict(state)))
    tmp = out / (FILE + ".tmp.npz")
    np.savez(tmp, **arrays)
    os.replace(tmp, out / FILE)


def load(out: Path, net: Any) -> RunState:
    """Reads `out/checkpoint.npz` into `net` and returns the run's state;
    SystemExit naming the file when there is none."""
    path = out / FILE
    if not path.exists():
        raise SystemExit(f"--resume: no checkpoint at {path} (a run with --out {out} writes one)")
    with np.load(path, allow_pickle=False) as data:
        for k in net.params:
            net.params[k] = data[f"param_{k}"].astype(np.float32)
            net.m[k] = data[f"m_{k}"].astype(np.float32)
            net.v[k] = data[f"v_{k}"].astype(np.float32)
        net.steps = int(data["adam_steps"])
        state = RunState(**json.loads(str(data["state"])))
    return state
