"""How well a placement section's entries are predicted by their neighbours:
the conditional entropy, in bits an entry, of each value given contexts a
block coder could use.

    .venv/bin/python research/scripts/placement_contexts.py LAYER_FILE CAPTURED TIGER_SETS

For example `target/tablebases/bagh-chal/placed-16.bpl 2 100,700,1300`: the
run of 16 goats placed and 2 captured, three tiger sets (each the colex
ranks of the goat sets among the 21 free points). The contexts: the entry
before; the down-shift neighbours (the same goat set with one goat moved to
the next lower free point, which comes earlier in colex order): the lowest,
the highest, the lowest two or three, the counts of their values; and those
counts with the neighbours limited to a window of entries behind.
"""

from __future__ import annotations

import itertools
import math
import struct
import sys
from collections import Counter, defaultdict

import numpy as np


def entropy(pairs: list[tuple[object, int]]) -> float:
    """H(value | context) in bits, from (context, value) pairs."""
    joint = Counter(pairs)
    total = sum(joint.values())
    context: Counter[object] = Counter()
    for (c, _), n in joint.items():
        context[c] += n
    return -sum(n / total * math.log2(n / context[c]) for (c, _), n in joint.items())


def main() -> None:
    path, captured, tiger_sets = sys.argv[1], int(sys.argv[2]), [int(t) for t in sys.argv[3].split(",")]
    raw = open(path, "rb").read()
    _, _, _, placed, runs, _, text_length = struct.unpack_from("<8sIIIIII", raw, 0)
    offset = 32 + text_length
    entries, data = struct.unpack_from("<QQ", raw, offset + 16 * captured)
    goats = placed - captured
    per_set = math.comb(21, goats)
    words = np.frombuffer(raw, dtype="<u8", count=(entries + 31) // 32, offset=data)

    def values(start: int) -> list[int]:
        index = np.arange(start, start + per_set, dtype=np.uint64)
        word = words[(index // 32).astype(np.int64)]
        shifted = (word >> ((index % np.uint64(32)) * np.uint64(2))) & np.uint64(3)
        return [int(v) for v in shifted]

    def rank(combination: tuple[int, ...]) -> int:
        return sum(math.comb(x, i + 1) for i, x in enumerate(combination))

    order = sorted(itertools.combinations(range(21), goats), key=rank)
    ranks = {c: i for i, c in enumerate(order)}
    neighbours = []
    for combination in order:
        held = set(combination)
        neighbours.append([
            ranks[tuple(sorted((held - {e}) | {e - 1}))] for e in combination if e > 0 and e - 1 not in held
        ])
    totals: defaultdict[str, float] = defaultdict(float)
    for t in tiger_sets:
        v = values(t * per_set)

        def counts(i: int, window: int | None = None, v: list[int] = v) -> tuple[int, ...]:
            """The counts of each value among entry i's neighbours (within `window` entries behind)."""
            near = Counter(v[j] for j in neighbours[i] if window is None or i - j <= window)
            return tuple(near.get(z, 0) for z in range(3))

        totals["no context"] += entropy([(0, x) for x in v])
        totals["the entry before"] += entropy([((v[i - 1] if i else 9), v[i]) for i in range(per_set)])
        totals["lowest neighbour"] += entropy([((v[n[0]] if n else 9), v[i]) for i, n in enumerate(neighbours)])
        totals["highest neighbour"] += entropy([((v[n[-1]] if n else 9), v[i]) for i, n in enumerate(neighbours)])
        totals["lowest three neighbours"] += entropy([(tuple(v[j] for j in n[:3]), v[i]) for i, n in enumerate(neighbours)])
        totals["counts of all neighbours"] += entropy([(counts(i), v[i]) for i in range(per_set)])
        for window in (512, 2048, 8192):
            totals[f"counts, window {window}"] += entropy([(counts(i, window), v[i]) for i in range(per_set)])
    print(f"{path}: {placed} placed, {captured} captured, {per_set} goat sets a tiger set, tiger sets {tiger_sets}")
    for name, total in totals.items():
        print(f"{name:28} {total / len(tiger_sets):.3f} bits an entry")


if __name__ == "__main__":
    main()
