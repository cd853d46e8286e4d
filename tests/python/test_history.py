"""Values and play with the game's history: Tablebase.probe_game and the
history-aware PerfectPlayer.

Where the history cannot matter (repetition "draw(3)") the proven value
must be the tables'; under "forbidden" a value that is proven must be what
its side gets when the game is played out by bagh.Game's own rules (a side
moving by probe_game's verdicts against random replies), not just what the
search says.
"""

from __future__ import annotations

import pathlib
import random

import bagh
import pytest

LONE = "tigers=c3 goats=1 capture_target=1"


@pytest.fixture(scope="module")
def forbidden(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    rules = bagh.Ruleset.from_text(LONE)
    return bagh.Tablebase.build(rules, tmp_path_factory.mktemp("history") / "forbidden")


def wandered(rules: bagh.Ruleset, plies: int, seed: int) -> bagh.Game:
    """A game after up to ``plies`` random moves that are not captures."""
    rng = random.Random(seed)
    game = bagh.Game(rules)
    for _ in range(plies):
        quiet = [m for m in game.legal_moves() if m.kind != "capture"]
        if not quiet:
            break
        game.push(rng.choice(quiet))
    return game


def test_the_tables_hold_where_the_history_cannot_matter(tmp_path: pathlib.Path) -> None:
    rules = bagh.Ruleset.from_text(LONE + " repetition=draw(3)")
    tables = bagh.Tablebase.build(rules, tmp_path / "draw3")
    for seed in range(10):
        game = wandered(rules, 10 + seed, seed)
        answer = tables.probe_game(game)
        assert answer.proven == answer.tables.value
        assert answer.value == answer.tables.value


def test_a_forbidden_draw_is_not_claimed_without_proof(forbidden: bagh.Tablebase) -> None:
    start = bagh.Game(forbidden.rules)
    answer = forbidden.probe_game(start, max_nodes=1000)
    assert answer.tables == forbidden.probe(start.position)
    assert answer.tables.value == "draw"
    assert answer.proven is None
    assert answer.value == "draw"
    assert 0 < answer.nodes <= 1000
    assert "proven=None" in repr(answer)


def test_proven_values_hold_in_play(forbidden: bagh.Tablebase) -> None:
    rules = forbidden.rules
    checked = 0
    for seed in range(40):
        game = wandered(rules, 20 + (seed % 6) * 20, seed)
        if game.is_game_over():
            continue
        # Most of these positions are not proven in any affordable search
        # (200,000 nodes prove none more than 20,000 do), so the screen is
        # short; the moves played out below get the longer searches.
        answer = forbidden.probe_game(game, max_nodes=20_000)
        if answer.proven not in ("win", "loss"):
            continue
        winner = game.side_to_move
        if answer.proven == "loss":
            winner = "goat" if winner == "tiger" else "tiger"
        rng = random.Random(seed)
        while not game.is_game_over():
            moves = game.legal_moves()
            if game.side_to_move == winner:
                # A move after which the opponent is proven lost.
                for move in moves:
                    game.push(move)
                    if forbidden.probe_game(game, max_nodes=400_000).proven == "loss":
                        break
                    game.pop()
                else:
                    pytest.fail(f"seed {seed}: no move keeps the proven win")
            else:
                game.push(rng.choice(moves))
        outcome = game.outcome()
        assert outcome is not None and outcome.winner == winner, seed
        checked += 1
    assert checked >= 1


def test_the_perfect_player_searches_the_history(forbidden: bagh.Tablebase) -> None:
    player = bagh.PerfectPlayer(forbidden, seed=3)
    assert player.history_nodes == 20000
    assert "history_nodes=20000" in repr(player)
    tables_only = bagh.PerfectPlayer(forbidden, seed=3, history_nodes=0)
    game = wandered(forbidden.rules, 30, 1)
    assert not game.is_game_over()
    for p in (player, tables_only):
        assert p.best_move(game) in game.legal_moves()
    with pytest.raises(OverflowError):
        bagh.PerfectPlayer(forbidden, history_nodes=-1)
