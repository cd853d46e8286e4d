"""Perfect labels: Tablebase.probe_many against one probe at a time and
against a minimax of the game written here, and the packed codes of
bagh.rl.pack against the positions' parts."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import bagh
import bagh.rl
import numpy as np
import pytest

#: One tiger in the centre, three goats, two captures win; repetition
#: allowed so that the tables' values are those of the game.
SMALL = bagh.Ruleset(tigers=["c3"], goats=3, capture_target=2, repetition="allowed")
FILES = "abcde"


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    return bagh.Tablebase.build(SMALL, tmp_path_factory.mktemp("labels") / "tables")


def test_probe_many_is_probe_one_at_a_time(tables: bagh.Tablebase) -> None:
    positions = bagh.rl.sample_positions(SMALL, 300, phase="any", seed=5)
    values, distances = tables.probe_many(positions)
    assert values.dtype == np.int8 and distances.dtype == np.int16
    assert values.shape == distances.shape == (300,)
    number = {"win": 1, "draw": 0, "loss": -1}
    for position, value, distance in zip(positions, values.tolist(), distances.tolist()):
        probe = tables.probe(position)
        assert value == number[probe.value]
        assert distance == (-1 if probe.distance is None else probe.distance)
    # The same from packed codes and from position strings.
    codes = bagh.rl.pack(positions)
    assert codes.dtype == np.uint64
    for again in (tables.probe_many(codes), tables.probe_many([p.to_text() for p in positions])):
        assert np.array_equal(again[0], values) and np.array_equal(again[1], distances)


def test_probe_many_agrees_with_a_minimax_of_the_movement_phase(tables: bagh.Tablebase) -> None:
    """Depth-limited minimax over Position.play: a win or loss it proves
    within the horizon must be the tables' value (with repetition allowed,
    a forced win never needs to repeat)."""

    @lru_cache(maxsize=None)
    def solve(position: bagh.Position, depth: int) -> int | None:
        outcome = position.outcome()
        if outcome is not None:
            if outcome.winner is None:
                return 0
            return 1 if outcome.winner == position.side_to_move else -1
        if depth == 0:
            return None
        results = [solve(position.play(m), depth - 1) for m in position.legal_moves()]
        if any(r == -1 for r in results):
            return 1
        if all(r == 1 for r in results):
            return -1
        return None

    positions = bagh.rl.sample_positions(SMALL, 120, phase="movement", seed=6)
    values, _ = tables.probe_many(positions)
    proven = 0
    for position, value in zip(positions, values.tolist()):
        result = solve(position, 5)
        if result is not None:
            assert result == value, position
            proven += 1
    assert proven > 10


def test_probe_many_names_the_position_it_cannot_answer(tables: bagh.Tablebase) -> None:
    with pytest.raises(bagh.ParseError):
        tables.probe_many(["T3T/5/5/5/T3T g 20 0"])  # another rule set's position
    with pytest.raises(bagh.TablebaseError, match="uint64"):
        tables.probe_many(np.zeros(3, dtype=np.int32))


def test_pack_holds_the_parts() -> None:
    positions = bagh.rl.sample_positions("bagh-chal", 50, seed=8)
    for position, code in zip(positions, bagh.rl.pack(positions).tolist()):
        expected = sum(1 << (FILES.index(p[0]) + 5 * (int(p[1]) - 1)) for p in position.tigers)
        expected |= sum(1 << (25 + FILES.index(p[0]) + 5 * (int(p[1]) - 1)) for p in position.goats)
        expected |= (position.side_to_move == "tiger") << 50
        expected |= position.goats_in_hand << 51 | position.goats_captured << 56
        assert code == expected
    assert bagh.rl.unpack(bagh.rl.pack(positions), "bagh-chal") == positions
    with pytest.raises(bagh.SetupError):
        bagh.rl.unpack([0], "bagh-chal")  # no tigers


def test_a_labelled_data_set(tables: bagh.Tablebase, tmp_path: Path) -> None:
    positions = bagh.rl.sample_positions(SMALL, 64, phase="placement", seed=2)
    obs = bagh.rl.observations(positions)
    values, _ = tables.probe_many(positions)
    np.savez(tmp_path / "data.npz", obs=obs, codes=bagh.rl.pack(positions), values=values)
    data = np.load(tmp_path / "data.npz")
    assert bagh.rl.unpack(data["codes"], SMALL) == positions
    assert set(data["values"].tolist()) <= {-1, 0, 1}
