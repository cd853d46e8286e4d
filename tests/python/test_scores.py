"""Scores people can show: negation, ordering as a player would, the
expected result, and a fixed point of view across the plies of a game."""

from __future__ import annotations

import math

import bagh
import pytest


def test_scores_negate_order_and_read_as_numbers() -> None:
    a, b = bagh.Score(value=35), bagh.Score(value=-271)
    assert -a == bagh.Score(value=-35) and -(-a) == a
    assert -bagh.Score(win_in=7) == bagh.Score(loss_in=7)
    assert -bagh.Score(draw=True) == bagh.Score(draw=True)
    assert b < a and a > b and a >= a and b <= a
    # A win beats every value, a faster win beats a slower one, and a
    # longer loss beats a shorter one.
    ranked = [bagh.Score(loss_in=2), bagh.Score(loss_in=9), bagh.Score(value=-500),
              bagh.Score(draw=True), bagh.Score(value=120), bagh.Score(win_in=12),
              bagh.Score(win_in=3)]
    assert sorted(reversed(ranked)) == ranked
    assert max(ranked) == bagh.Score(win_in=3)
    # float() keeps its former reading, value / 100, deprecated.
    with pytest.warns(DeprecationWarning, match="expected_result"):
        assert float(a) == 0.35 and float(b) == -2.71
    with pytest.warns(DeprecationWarning):
        assert float(bagh.Score(win=True)) == math.inf and float(bagh.Score(loss_in=4)) == -math.inf
    with pytest.warns(DeprecationWarning):
        assert float(bagh.Score(draw=True)) == 0.0
    # value is in thousandths of a result: -271 is -0.271, shown -0.27.
    assert b.expected_result == -0.271 and str(b) == "-0.27"
    assert a.__lt__(3) is NotImplemented  # type: ignore[operator]
    assert len({a, bagh.Score(value=35), b}) == 2


def test_a_pov_score_fixes_the_side() -> None:
    pov = bagh.PovScore(bagh.Score(value=350), "tiger")
    assert pov.relative == bagh.Score(value=350) and pov.turn == "tiger"
    assert pov.tigers() == bagh.Score(value=350) and pov.goats() == bagh.Score(value=-350)
    assert pov.pov("goat") == pov.goats()
    # Shown from the goats' side, whoever is to move.
    assert str(pov) == "-0.35" and pov.expected_result == -0.35
    with pytest.raises(ValueError, match="side"):
        pov.pov("sheep")  # type: ignore[arg-type]


def test_analysis_scores_keep_the_goats_point_of_view_across_plies() -> None:
    # One tiger, four goats, one capture wins: after b3 the tigers capture
    # at once. The goats' score is a loss before and after the tigers' turn.
    rules = "tigers=c3 goats=4 capture_target=1"
    engine = bagh.Engine(rules)
    game = bagh.Game(rules)
    game.push("b3")
    tigers_to_move = engine.analyse(game, depth=3)
    assert tigers_to_move.score.is_win and tigers_to_move.pov_score.turn == "tiger"
    assert tigers_to_move.pov_score.goats().is_loss
    assert tigers_to_move.lines[0].pov_score.goats() == tigers_to_move.pov_score.goats()
    start = engine.analyse(bagh.Game(rules), depth=3)
    assert start.pov_score.turn == "goat"
    assert start.pov_score.goats() == start.score

