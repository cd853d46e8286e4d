"""bagh.puzzles against the tables, move by move: in each puzzle exactly
one legal move keeps the side to move's value, and the refuted moves give
what the puzzle says."""

from __future__ import annotations

from pathlib import Path

import bagh
import pytest

SMALL = bagh.Ruleset(tigers=["a1", "e5"], goats=6, capture_target=2, repetition="allowed")
FLIP = {"win": "loss", "loss": "win", "draw": "draw"}


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    directory: Path = tmp_path_factory.mktemp("puzzles") / "tables"
    return bagh.Tablebase.build(SMALL, directory)


def test_each_puzzle_has_one_move_that_keeps_the_value(tables: bagh.Tablebase) -> None:
    puzzles = bagh.puzzles(tables, count=3, max_depth=4)
    assert len(puzzles) == 3
    for puzzle in puzzles:
        game = bagh.Game(SMALL)
        for move in puzzle["moves"]:
            game.push(move)
        assert str(game.position) == puzzle["position"]
        value = tables.probe(game.position).value
        assert value == puzzle["keeps"]
        keeping = [
            str(move)
            for move in game.legal_moves()
            if FLIP[tables.probe(game.position.play(move)).value] == value
        ]
        assert keeping == [puzzle["solution"]]
        for refutation in puzzle["refutations"]:
            given = FLIP[tables.probe(game.position.play(refutation["move"])).value]
            assert given == refutation["outcome"]
        assert 1 <= puzzle["difficulty"] <= 5
        assert ("placement" in puzzle["tags"]) == (game.position.goats_in_hand > 0)
    assert bagh.puzzles(tables, count=3, max_depth=4) == puzzles


def test_bad_options_raise(tables: bagh.Tablebase) -> None:
    with pytest.raises(ValueError, match="max_depth"):
        bagh.puzzles(tables, count=1, max_depth=0)
