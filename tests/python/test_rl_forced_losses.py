"""bagh.rl.evaluate under the ``forbidden`` repetition policy, where a game's
history can ban every move that keeps the tables' value (docs/rules.md: a move
that recreates an earlier position is illegal). A policy that plays a best
legal move by the tables is charged with no slip and keeps every game, while
the history does force losses on it; the slips and forced losses of any
policy are what a recount finds by replaying its games and probing every
legal move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import bagh
import bagh.rl
import numpy as np
import pytest

# Small enough that its tables build in well under a second, and under
# `forbidden` its perfect games cycle until the history bans every move that
# keeps the draw.
RULES = bagh.Ruleset(tigers=["c3"], goats=4, capture_target=2, repetition="forbidden")
FLIP = {"win": "loss", "loss": "win", "draw": "draw"}
RANK = {"loss": 0, "draw": 1, "win": 2}


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    directory: Path = tmp_path_factory.mktemp("forced") / "tables"
    return bagh.Tablebase.build(RULES, directory)


def best_legal_move(tables: bagh.Tablebase, game: bagh.Game) -> bagh.Move:
    """A best move by the tables among the game's legal moves (which leave out
    the banned ones): the best value for the mover, then the fastest win or
    the slowest loss."""

    def key(move: bagh.Move) -> tuple[int, int]:
        probe = tables.probe(game.position.play(move))
        value, distance = FLIP[probe.value], probe.distance or 0
        return RANK[value], -distance if value == "win" else distance if value == "loss" else 0

    return max(game.legal_moves(), key=key)


def recount(tables: bagh.Tablebase, played: dict[str, Any]) -> tuple[int, int, int]:
    """One game of the report replayed: the agent's moves below the tables'
    value, those of them where some legal move kept it, and its moves worse
    than the best legal move."""
    game = bagh.Record.from_text(played["record"]).game
    replay = bagh.Game(game.rules, game.start)
    lost = keeping_left = worse = 0
    for move in game.moves:
        if replay.position.side_to_move == played["side"]:
            position = replay.position
            before = RANK[tables.probe(position).value]
            results = {m: RANK[FLIP[tables.probe(position.play(m)).value]] for m in replay.legal_moves()}
            after, best = results[move], max(results.values())
            if after < before:
                lost += 1
                keeping_left += best >= before
            worse += after < best
        replay.push(move)
    return lost, keeping_left, worse


def test_a_best_legal_move_policy_scores_perfectly_while_the_history_forces_losses(
    tables: bagh.Tablebase,
) -> None:
    def perfect(games: list[bagh.Game]) -> Any:
        return np.array([bagh.rl.encode(best_legal_move(tables, g)) for g in games], dtype=np.int64)

    report = bagh.rl.evaluate(perfect, tables, positions=200, games=6, seed=2, inputs="games")
    assert report.critical["all"].count == report.critical["all"].total == 200
    assert report.losing_moves.count == 0 and report.losing_moves_per_1000 == 0.0
    assert report.games_kept["random"].count == report.games_kept["random"].total == 6
    assert report.games_kept["narrowing"].count == report.games_kept["narrowing"].total == 6
    # Not vacuous: the history banned every keeping move, and the value was lost.
    assert report.forced_losses.count > 0
    assert report.forced_losses_per_1000 == pytest.approx(1000 * report.forced_losses.share)
    assert report.games_forced["random"].count + report.games_forced["narrowing"].count > 0
    lost_in_all = 0
    for played in report.games:
        lost, keeping_left, worse = recount(tables, played)
        assert (keeping_left, worse) == (0, 0)
        assert (played["losing_moves"], played["forced_losses"]) == (0, lost)
        lost_in_all += lost
    assert report.forced_losses.count == lost_in_all
    assert report.forced_losses.total == report.losing_moves.total
    assert "| losses forced by the history (per 1,000) |" in report.to_markdown()


def test_slips_and_forced_losses_are_what_a_recount_finds(tables: bagh.Tablebase) -> None:
    def first(games: list[bagh.Game]) -> Any:
        return np.array([min(bagh.rl.encode(m) for m in g.legal_moves()) for g in games], dtype=np.int64)

    report = bagh.rl.evaluate(first, tables, positions=0, games=6, seed=2, inputs="games")
    slips = 0
    for played in report.games:
        lost, _, worse = recount(tables, played)
        assert played["losing_moves"] == worse
        # A move below the tables' value is a slip or a forced loss, never both.
        assert played["losing_moves"] + played["forced_losses"] == lost
        slips += worse
    assert slips > 0
    assert report.losing_moves.count == slips
    assert report.losing_moves.total == sum(g["agent_moves"] for g in report.games)
    kept = sum(g["losing_moves"] == 0 for g in report.games if g["opponent"] == "random")
    assert report.games_kept["random"].count == kept
    forced = sum(g["forced_losses"] > 0 for g in report.games if g["opponent"] == "narrowing")
    assert report.games_forced["narrowing"].count == forced
