"""The perft suite files under tests/perft, run from Python.

Each block has an `id`, a `rules` line, a `position` line and `perft D N`
lines; a trailing `slow` marks a figure that normal runs skip. Figures above
LIMIT nodes are skipped here too, to keep the Python run quick (the Rust
tests cover them).
"""

from __future__ import annotations

from pathlib import Path

import bagh
import pytest

SUITES = Path(__file__).resolve().parent.parent / "perft"
LIMIT = 2_000_000


def read_suite(path: Path) -> list[tuple[str, str, str, int, int, bool]]:
    entries = []
    for block in path.read_text().split("\n\n"):
        fields: dict[str, str] = {}
        figures: list[tuple[int, int, bool]] = []
        for line in block.splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, _, rest = line.partition(" ")
            if key == "perft":
                words = rest.split()
                figures.append((int(words[0]), int(words[1]), words[2:] == ["slow"]))
            else:
                fields[key] = rest
        for depth, nodes, slow in figures:
            entries.append((fields["id"], fields["rules"], fields["position"], depth, nodes, slow))
    return entries


ENTRIES = [entry for path in sorted(SUITES.glob("*.perft")) for entry in read_suite(path)]


def test_the_suites_are_there() -> None:
    assert {rules for _, rules, *_ in ENTRIES} == set(bagh.Ruleset.preset_ids())
    assert len(ENTRIES) > 100


@pytest.mark.parametrize(
    ("id", "rules", "position", "depth", "nodes", "slow"),
    ENTRIES,
    ids=[f"{rules}:{id}:{depth}" for id, rules, _, depth, _, _ in ENTRIES],
)
def test_perft(id: str, rules: str, position: str, depth: int, nodes: int, slow: bool) -> None:
    if slow or nodes > LIMIT:
        pytest.skip(f"{nodes} nodes: left to the Rust tests")
    start = bagh.Position(position, rules=rules)
    assert start.to_text() == position
    assert start.perft(depth) == nodes
