"""One display of a score in every front end: from the goats' side, the
expected result with two decimals and a sign, proven results in words;
plies to the end only where a result is predicted; the start position
written plainly; Elo bounds of a sweep."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

import bagh
import pytest

TINY = "tigers=c3 goats=4 capture_target=1"


def shown(thousandths: int) -> str:
    """The display of a value for the goats, computed with decimal
    arithmetic: value / 1000 clamped to [-1, 1], rounded half up to
    hundredths, signed unless it rounds to 0."""
    x = max(Decimal(-1), min(Decimal(1), Decimal(thousandths) / 1000))
    rounded = x.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return "0.00" if rounded == 0 else f"{rounded:+}"


@pytest.mark.parametrize("value", [0, 4, 5, -5, 35, 300, -300, 999, 1000, 1400, -2000, 12345])
def test_values_read_from_the_goats_side(value: int) -> None:
    goats_to_move = bagh.PovScore(bagh.Score(value=value), "goat")
    tigers_to_move = bagh.PovScore(bagh.Score(value=-value), "tiger")
    assert str(goats_to_move) == shown(value)
    assert str(tigers_to_move) == shown(value)
    assert goats_to_move.expected_result == max(-1.0, min(1.0, value / 1000))


def test_proven_results_name_the_winner() -> None:
    cases: list[tuple[bagh.Score, Literal["goat", "tiger"], str]] = [
        (bagh.Score(win_in=12), "goat", "goats win in 12 plies"),
        (bagh.Score(win_in=12), "tiger", "tigers win in 12 plies"),
        (bagh.Score(loss_in=9), "goat", "tigers win in 9 plies"),
        (bagh.Score(loss_in=1), "tiger", "goats win in 1 ply"),
        (bagh.Score(win=True), "tiger", "tigers win"),
        (bagh.Score(draw=True), "tiger", "draw"),
    ]
    for score, turn, text in cases:
        assert str(bagh.PovScore(score, turn)) == text
    assert str(bagh.Score(win_in=7)) == "win in 7 plies"
    assert str(bagh.Score(loss=True)) == "loss"


def test_a_search_shows_the_same_text_from_either_side_to_move() -> None:
    # One tiger on c3, four goats, one capture wins: after b3 the tiger
    # captures at once (the capture target is 1), a win in 1 ply.
    engine = bagh.Engine(TINY)
    game = bagh.Game(TINY)
    game.push("b3")
    seen: list[bagh.Progress] = []
    analysis = engine.analyse(game, depth=3, progress=seen.append)
    assert str(analysis.pov_score) == "tigers win in 1 ply"
    assert str(analysis.score) == "win in 1 ply"
    assert "pov_score='tigers win in 1 ply'" in repr(analysis)
    assert "pov_score='tigers win in 1 ply'" in repr(analysis.lines[0])
    assert str(seen[-1].pov_score) == "tigers win in 1 ply"
    assert analysis.pov_score.expected_result == -1.0


def test_an_evaluation_reads_as_a_score_and_predicts_no_end_for_a_draw() -> None:
    # Bagh-Chal is a draw with best play (Jin and Nievergelt, 2009).
    evaluation = bagh.Engine("bagh-chal").evaluate(bagh.Position.start())
    assert evaluation.win is not None and evaluation.draw is not None and evaluation.loss is not None
    assert evaluation.draw > max(evaluation.win, evaluation.loss)
    assert evaluation.plies_to_end is None
    assert evaluation.turn == "goat"
    assert str(evaluation) == shown(evaluation.score) == str(evaluation.pov_score)
    assert repr(evaluation).startswith(f"Evaluation('{evaluation}', score={evaluation.score}")


def test_a_decided_position_has_plies_to_its_end() -> None:
    # Sixteen goats on the board and four captured, the tigers to move: a1
    # jumps b2 to c3, the fifth capture, which wins bagh-chal.
    position = bagh.Position("TGGGT/GGGGG/GG1GG/GGGG1/T3T t 0 4")
    evaluation = bagh.Engine("bagh-chal").evaluate(position)
    assert evaluation.win is not None and evaluation.draw is not None
    assert evaluation.win > evaluation.draw
    assert evaluation.plies_to_end is not None
    # The tigers are better: the goats' display is negative.
    assert str(evaluation).startswith("-") and evaluation.turn == "tiger"


def test_the_start_position_is_written_plainly() -> None:
    # The start strings of docs/notation.md.
    assert bagh.Position.start().to_text() == "T3T/5/5/5/T3T g 20 0"
    assert bagh.Position.start("two-tigers").to_text() == "5/5/1T1T1/5/5 g 18 0"
    assert bagh.Position(rules="two-tigers") == bagh.Position.start("two-tigers")
    assert bagh.Position.start(bagh.Ruleset.preset("two-tigers")) == bagh.Position.start("two-tigers")
    with pytest.raises(bagh.BaghError):
        bagh.Position.start("no-such-rules")


def test_random_games_returns_what_its_docstring_says() -> None:
    results = bagh.random_games(3, rules="bagh-chal", seed=1)
    assert sorted(results) == ["plies", "reason", "result", "winner"]
    assert results["plies"].shape == (3,) and str(results["plies"].dtype) == "uint32"
    assert set(results["result"]) <= {"1-0", "0-1", "1/2-1/2", "*"}
    short = bagh.random_games(2, rules="bagh-chal", seed=1, max_plies=4)
    assert list(short["result"]) == ["*", "*"] and list(short["winner"]) == ["", ""]


def careless(game: bagh.Game) -> str:
    return str(game.legal_moves()[0])


def test_a_sweep_has_one_infinite_elo_bound() -> None:
    # One tiger in a corner against eight goats, four captures to win: the
    # engine wins with either side against a player of the first legal move.
    rules = "tigers=a1 goats=8 capture_target=4"
    result = bagh.play_match(bagh.Engine(rules), careless, games=2, rules=rules, depth=6, openings=0)
    assert (result.wins, result.draws, result.losses) == (2, 0, 0)
    low, high = result.elo_interval
    assert result.elo == math.inf and high == math.inf
    # Wilson's lower bound for 2 of 2 at 95%: n / (n + z^2).
    p = 2 / (2 + 1.96**2)
    assert low == pytest.approx(400 * math.log10(p / (1 - p)))
    assert round(low, 1) == -113.4


def test_few_games_can_reach_a_score_of_one_without_a_sweep() -> None:
    # The tiny rule set: the engine wins as tigers and draws as goats.
    result = bagh.play_match(bagh.Engine(TINY), careless, games=2, rules=TINY, depth=6, openings=0)
    assert (result.wins, result.draws, result.losses) == (1, 1, 0)
    # The mean game score 0.75 with its standard error: the high end of the
    # 95% interval passes 1, which no Elo difference reaches.
    p, n = 0.75, 2
    se = math.sqrt(((1 - p) ** 2 + (0.5 - p) ** 2) / n / n)
    assert p + 1.96 * se > 1
    low, high = result.elo_interval
    assert high == math.inf and math.isfinite(result.elo)
    lo = p - 1.96 * se
    assert low == pytest.approx(400 * math.log10(lo / (1 - lo)))
