"""bagh.rl.MCTS against the tables of a small rule set: a uniform evaluator
finds forced wins in one and three plies, and an evaluator that reads the
tables (decoding each observation back into a position here) chooses moves
that keep the tables' value."""

from __future__ import annotations

from typing import Any

import bagh
import bagh.rl
import numpy as np
import numpy.typing as npt
import pytest

from conftest import ticks_during

SMALL = bagh.Ruleset(tigers=["c3"], goats=4, capture_target=2, repetition="allowed")
FILES = "abcde"


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    return bagh.Tablebase.build(SMALL, tmp_path_factory.mktemp("mcts") / "tables")


def uniform(obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> tuple[Any, Any]:
    return np.zeros(masks.shape, dtype=np.float32), np.zeros(len(masks), dtype=np.float32)


def position_of(obs: npt.NDArray[np.float32], rules: bagh.Ruleset) -> bagh.Position:
    """The position an observation shows, read from its planes."""
    planes = obs.reshape(11, 25)
    names = [f"{FILES[i % 5]}{i // 5 + 1}" for i in range(25)]
    return bagh.Position.from_parts(
        [names[i] for i in np.flatnonzero(planes[0] > 0.5)],
        [names[i] for i in np.flatnonzero(planes[1] > 0.5)],
        side="goat" if planes[3, 0] > 0.5 else "tiger",
        goats_in_hand=round(float(planes[4, 0]) * rules.goats),
        goats_captured=round(float(planes[5, 0]) * rules.capture_target),
        rules=rules,
    )


def test_a_uniform_evaluator_finds_forced_short_wins(tables: bagh.Tablebase) -> None:
    positions = [
        p
        for p in bagh.rl.sample_positions(SMALL, 300, phase="movement", seed=3)
        if tables.probe(p).value == "win" and tables.probe(p).distance in (1, 3)
    ]
    assert len(positions) >= 5
    mcts = bagh.rl.MCTS(SMALL, simulations=300, batch_size=16)
    policies, values, actions = mcts.search(positions, uniform)
    assert policies.shape == (len(positions), bagh.rl.NUM_ACTIONS) and policies.dtype == np.float32
    assert np.allclose(policies.sum(axis=1), 1.0)
    for position, action, value in zip(positions, actions.tolist(), values.tolist()):
        move = bagh.rl.decode(action, position)
        assert tables.probe(position.play(move)).value == "loss", (position, move)
        assert value > 0
    # The action returned is the most visited.
    assert np.array_equal(policies.argmax(axis=1), actions)


def test_an_evaluator_reading_the_tables_agrees_with_them(tables: bagh.Tablebase) -> None:
    positions = [p for p in bagh.rl.sample_positions(SMALL, 40, seed=4) if tables.probe(p).value != "loss"]
    batches: list[int] = []

    def evaluate(obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> tuple[Any, Any]:
        assert obs.shape[1:] == bagh.rl.OBSERVATION_SHAPE and masks.shape[1:] == (bagh.rl.NUM_ACTIONS,)
        batches.append(len(obs))
        values, _ = tables.probe_many([position_of(o, SMALL) for o in obs])
        return np.zeros(masks.shape), values.astype(np.float64)  # any float dtype

    for gumbel in (False, True):
        mcts = bagh.rl.MCTS(SMALL, simulations=150, batch_size=64, gumbel=gumbel, considered=8)
        _, _, actions = mcts.search(positions, evaluate)
        for position, action in zip(positions, actions.tolist()):
            move = bagh.rl.decode(action, position)
            expected = {"win": "loss", "draw": "draw"}[tables.probe(position).value]
            assert tables.probe(position.play(move)).value == expected, (gumbel, position, move)
    assert max(batches) <= 64 and len(batches) > 2


def test_games_finished_games_and_errors() -> None:
    mcts = bagh.rl.MCTS(simulations=32, batch_size=8, dirichlet_weight=0.25, seed=1)
    assert repr(mcts).startswith("MCTS('bagh-chal', simulations=32")
    game = bagh.Game()
    game.push("c3")
    policies, values, actions = mcts.search([bagh.Position(), game], uniform)
    assert bagh.rl.legal_mask(game)[actions[1]]
    assert np.all(policies[0][~bagh.rl.legal_mask(bagh.Position())] == 0)
    with pytest.raises(bagh.rl.RLError, match="rule set"):
        mcts.search([bagh.Position(None, "two-tigers")], uniform)
    with pytest.raises(bagh.rl.RLError, match="shape"):
        mcts.search([game], lambda o, m: (np.zeros((len(m), 3)), np.zeros(len(m))))
    with pytest.raises(bagh.rl.RLError, match="pair"):
        mcts.search([game], lambda o, m: None)  # type: ignore[arg-type,return-value]

    def failing(obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> tuple[Any, Any]:
        raise KeyError("the network is missing")

    with pytest.raises(KeyError, match="network"):
        mcts.search([game], failing)
    for bad in ({"simulations": 0}, {"batch_size": 0}, {"dirichlet_weight": 1.5}):
        with pytest.raises(bagh.rl.RLError):
            bagh.rl.MCTS(**bad)


def test_the_search_releases_the_gil() -> None:
    mcts = bagh.rl.MCTS("two-tigers", simulations=3000, batch_size=512)
    positions = bagh.rl.sample_positions("two-tigers", 16, seed=1)
    ticks, elapsed = ticks_during(lambda: mcts.search(positions, uniform))
    assert ticks > 0.3 * elapsed * 1000, (ticks, elapsed)


@pytest.mark.parametrize(
    ("value", "expected"), [(float("nan"), "value NaN"), (1.5, "value 1.5"), (-3.0, "value -3")]
)
def test_values_that_are_no_number_in_minus_one_to_one_are_refused(
    value: float, expected: str
) -> None:
    def evaluate(
        obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[Any, Any]:
        return np.zeros(masks.shape, dtype=np.float32), np.full(
            len(masks), value, dtype=np.float32
        )

    mcts = bagh.rl.MCTS(SMALL, simulations=16)
    with pytest.raises(bagh.rl.RLError, match=expected):
        mcts.search([bagh.Game(SMALL)], evaluate)
