"""bagh.rl.evaluate against the tables of a small rule set: a policy that
reads the tables keeps every value, random play is scored as a recount by
hand finds, and the reference rows and bad policies behave."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import bagh
import bagh.rl
import numpy as np
import numpy.typing as npt
import pytest

from test_rl_mcts import position_of

SMALL = bagh.Ruleset(tigers=["a1", "e5"], goats=6, capture_target=2, repetition="allowed")


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    directory: Path = tmp_path_factory.mktemp("benchmark") / "tables"
    return bagh.Tablebase.build(SMALL, directory)


def test_a_policy_reading_the_tables_keeps_every_value(tables: bagh.Tablebase) -> None:
    def perfect(obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> Any:
        moves = [tables.best_moves(position_of(o, SMALL))[0] for o in obs]
        return np.array([bagh.rl.encode(m) for m in moves], dtype=np.int64)

    report = bagh.rl.evaluate(perfect, tables, positions=200, games=4, batch=16)
    assert report.critical["all"].count == report.critical["all"].total == 200
    assert sum(r.total for k, r in report.critical.items() if k != "all") == 200
    assert report.losing_moves.count == 0 and report.losing_moves_per_1000 == 0.0
    # Without `forbidden` no move is banned, so the history forces nothing.
    assert report.forced_losses.count == 0 and report.forced_losses.total == report.losing_moves.total
    assert all(g["forced_losses"] == 0 for g in report.games)
    assert report.games_forced["random"].count == 0
    assert report.games_kept["random"].count == 4 and report.games_kept["narrowing"].count == 4
    assert len(report.games) == 8
    assert {g["side"] for g in report.games} == {"goat", "tiger"}
    assert report.critical["all"].interval[1] == 1.0
    assert "| critical positions kept, all (%) | 200 of 200 |" in report.to_markdown()


def test_a_first_move_policy_is_scored_as_a_recount_finds(tables: bagh.Tablebase) -> None:
    def first(obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> Any:
        return masks.argmax(axis=1)  # the lowest legal action

    report = bagh.rl.evaluate(first, tables, positions=200, games=2)
    assert report.seeds[0] == 1_000_000
    # The recount: each critical position's lowest action judged here by
    # probing the position after it.
    flip = {"win": "loss", "loss": "win", "draw": "draw"}
    positions = bagh.rl.critical_positions(tables, 200)
    assert len(positions) == 200
    kept = 0
    for position, keeping in positions:
        value = tables.probe(position).value
        lowest = min(position.legal_moves(), key=bagh.rl.encode)
        kept += flip[tables.probe(position.play(lowest)).value] == value
        assert (lowest in keeping) == (flip[tables.probe(position.play(lowest)).value] == value)
        assert len(keeping) < len(position.legal_moves())
    critical = report.critical["all"]
    assert (critical.count, critical.total) == (kept, 200)
    assert 0 < kept < 200
    low, high = critical.interval
    assert low < critical.share < high
    # The reference rows: random play, and the engine at a level.
    random_row = bagh.rl.evaluate("random", tables, positions=200, games=2, seed=3)
    assert random_row.critical["all"].total == 200
    engine_row = bagh.rl.evaluate(20, tables, positions=200, games=2, engine_nodes=5000)
    assert engine_row.critical["all"].count > random_row.critical["all"].count


def test_compressed_tables_give_the_same_report(
    tables: bagh.Tablebase, tmp_path: Path
) -> None:
    tables.compress(tmp_path / "compressed")
    small = bagh.Tablebase.open(tmp_path / "compressed")
    full = bagh.rl.evaluate("random", tables, positions=100, games=2, seed=5)
    compressed = bagh.rl.evaluate("random", small, positions=100, games=2, seed=5)
    assert compressed.to_markdown() == full.to_markdown()
    assert [g["record"] for g in compressed.games] == [g["record"] for g in full.games]


def test_bad_policies_raise(tables: bagh.Tablebase) -> None:
    with pytest.raises(bagh.rl.RLError, match="policy"):
        bagh.rl.evaluate("perfect", tables, positions=5, games=0)  # type: ignore[arg-type]
    with pytest.raises(bagh.rl.RLError, match="policy"):
        bagh.rl.evaluate(lambda o, m: np.full(len(m), -1), tables, positions=5, games=0)
    with pytest.raises(bagh.rl.RLError, match="shape"):
        bagh.rl.evaluate(lambda o, m: np.zeros(1, dtype=np.int64), tables, positions=5, games=0, batch=5)

    def failing(obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> Any:
        raise KeyError("no network")

    with pytest.raises(KeyError, match="no network"):
        bagh.rl.evaluate(failing, tables, positions=5, games=0)


def test_a_policy_over_games_is_scored_like_one_over_observations(tables: bagh.Tablebase) -> None:
    # The same decisions (each game's lowest legal action) through both
    # inputs give the same report; the games are copies the policy may play on.
    def first_of_observations(obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> Any:
        return masks.argmax(axis=1)

    def first_of_games(games: list[bagh.Game]) -> Any:
        actions = [min(bagh.rl.encode(m) for m in g.legal_moves()) for g in games]
        for game in games:
            game.push(game.legal_moves()[0])
        return np.array(actions, dtype=np.int64)

    by_observations = bagh.rl.evaluate(first_of_observations, tables, positions=150, games=2)
    by_games = bagh.rl.evaluate(first_of_games, tables, positions=150, games=2, inputs="games")
    assert by_games.to_markdown() == by_observations.to_markdown()
    assert [g["record"] for g in by_games.games] == [g["record"] for g in by_observations.games]
    with pytest.raises(bagh.rl.RLError, match="inputs"):
        bagh.rl.evaluate(first_of_games, tables, positions=5, games=0, inputs="boards")  # type: ignore[arg-type]
    with pytest.raises(bagh.rl.RLError, match="row 0"):
        bagh.rl.evaluate(lambda games: [999] * len(games), tables, positions=5, games=0, inputs="games")
