"""bagh against the `baghchal` package (1.0.1, from PyPI), move for move.

The package is a dependency of the `test` extra (pyproject.toml), so the
virtualenv of `make test` has it; this test installs nothing. Seeded random
games are played with both libraries in lockstep under
`bagh-chal-blocked-loses`, the package's rules: at every ply the legal move
sets and the position strings must agree, and at the end the result. A game
stops at its first repeated board, where the repetition rules differ (the
package draws at a board's third occurrence, the preset allows repetition).
Every game also goes both ways through the package's game text and through
bagh's own record format.
"""

from __future__ import annotations

import importlib
import os
import random
import time
from types import ModuleType
from typing import Any

import bagh
import bagh.interop.baghchal as interop
import pytest

RULES = "bagh-chal-blocked-loses"
# 300 games in `make test` (about 10 s); raise it for a deeper run, e.g.
# `BAGH_DIFFERENTIAL_GAMES=5000 .venv/bin/python -m pytest tests/python/test_baghchal_differential.py`.
GAMES = int(os.environ.get("BAGH_DIFFERENTIAL_GAMES", "300"))
RESULTS = {"G": "1-0", "B": "0-1", 0: "1/2-1/2"}


def import_baghchal_env() -> ModuleType:
    """`baghchal.env`, imported without letting it move the working
    directory: importing it calls os.chdir."""
    cwd = os.getcwd()
    try:
        return importlib.import_module("baghchal.env")
    finally:
        os.chdir(cwd)


@pytest.fixture(scope="module")
def env() -> ModuleType:
    cwd = os.getcwd()
    module = import_baghchal_env()
    assert os.getcwd() == cwd
    return module


def point(name: str) -> str:
    """A bagh point in the package's notation: row from the top, column."""
    return f"{6 - int(name[1])}{'abcde'.index(name[0]) + 1}"


def their_move(move: bagh.Move, side: str) -> str:
    if move.kind == "place":
        return "G" + point(move.to_point)
    assert move.from_point is not None
    if move.kind == "capture":
        return "Bx" + point(move.from_point) + point(move.to_point)
    return ("G" if side == "goat" else "B") + point(move.from_point) + point(move.to_point)


def their_moves(board: Any) -> list[str]:
    if board.is_game_over():
        return []
    moves = board.possible_moves()
    # With the goats blocked it answers 0, not an empty set.
    return sorted(moves) if moves else []


def test_random_games_in_lockstep(env: ModuleType) -> None:
    began = time.perf_counter()
    plies = games = repeated = 0
    endings: dict[tuple[str, str], int] = {}
    for seed in range(GAMES):
        rng = random.Random(seed)
        # Half the games avoid captures where they can, to reach the blocked endings.
        quiet = seed % 2 == 1
        game = bagh.Game(RULES)
        board = env.Board()
        boards = {game.position.to_text().split()[0]}
        goat_plies = 0
        while True:
            position = game.position
            side = position.side_to_move
            ours = game.legal_moves()
            assert sorted(their_move(m, side) for m in ours) == their_moves(board), (seed, board.pgn)
            assert interop.write_position(position, goat_plies) == board.fen, (seed, board.pgn)
            assert interop.read_position_and_plies(board.fen, RULES) == (position, goat_plies)
            plies += 1
            if not ours:
                break
            pool = [m for m in ours if m.kind != "capture"] if quiet and rng.random() < 0.9 else []
            move = rng.choice(pool or ours)
            board.move(their_move(move, side))
            game.push(move)
            goat_plies += side == "goat"
            key = game.position.to_text().split()[0]
            if key in boards:
                repeated += 1
                break
            boards.add(key)
        games += 1
        outcome = game.outcome()
        assert board.is_game_over() == (outcome is not None), (seed, board.pgn)
        if outcome is not None:
            theirs = RESULTS[board.winner()]
            assert outcome.result() == theirs, (seed, board.pgn)
            endings[(outcome.reason, theirs)] = endings.get((outcome.reason, theirs), 0) + 1

        # Their game text: ours is the same text, reads back to the same game,
        # and the package replays our text to the same board.
        text = interop.write_game(game)
        assert text == board.pgn, seed
        assert interop.read_game(board.pgn) == game
        replay = env.Board(text)
        assert (replay.fen, replay.pgn) == (board.fen, board.pgn)
        # bagh's own record, with the package's position string as a tag.
        record = bagh.Record(game, tags={"Source": "baghchal 1.0.1", "FEN": board.fen})
        assert bagh.Record.from_text(record.to_text()) == record

    elapsed = time.perf_counter() - began
    print(
        f"\nbaghchal 1.0.1 differential: {games} games, {plies} plies compared "
        f"(legal move sets and position strings), {repeated} stopped at a repeated board, "
        f"endings {sorted(endings.items())}, {elapsed:.1f} s"
    )
    assert games == GAMES
    # The three decisive endings all occur.
    reasons = {reason for reason, _ in endings}
    assert {"captures", "tigers-trapped"} <= reasons, endings


def test_their_repetition_draw_reads(env: ModuleType) -> None:
    """A game the package ends by repetition: its text reads, with the draw,
    and the same game written by bagh is the same text."""
    for seed in range(400):
        rng = random.Random(seed)
        board = env.Board()
        game = bagh.Game(RULES)
        while not board.is_game_over():
            side = game.position.side_to_move
            moves = game.legal_moves()
            quiet = [m for m in moves if m.kind != "capture"]
            move = rng.choice(quiet or moves)
            board.move(their_move(move, side))
            game.push(move)
        if board.winner() == 0:
            assert not game.is_game_over() and interop.is_repetition_draw(game)
            assert board.pgn.endswith("# 1/2-1/2")
            assert interop.read_game(board.pgn) == game
            assert interop.write_game(game) == board.pgn
            return
    pytest.fail("no game drawn by repetition")


#: A game that ends with the goats blocked (a loss for them in both), which
#: random games seldom reach.
BLOCKED = (
    " 1. G45 B5142 2. G43 B5544 3. G12 B1514 4. G32 B1122 5. G54 B4434 6. G25 B4233 7. G23 B3424"
    " 8. G11 B2435 9. G44 B1415 10. G24 B3334 11. G33 B2221 12. G55 B2122 13. G51 B2213 14. G31 B1314"
    " 15. G53 B1413 16. G52 B1314 17. G21 B1413 18. G41 B1514 19. G42 B1415 20. G22 B1514"
    " 21. G2515 B3525 22. G4435 B3444 23. G3534 B2535 24. G1525 B1415 25. G2414 B1324 26. G1413 B2414"
    " 27. G2524 B3525 28. G2435 B1524# 0-1"
)


def test_blocked_goats_lose_in_both(env: ModuleType) -> None:
    board = env.Board(BLOCKED)
    assert board.is_game_over() and board.winner() == "B" and board.pgn == BLOCKED
    game = interop.read_game(BLOCKED)
    outcome = game.outcome()
    assert outcome is not None and (outcome.reason, outcome.result()) == ("goats-blocked", "0-1")
    assert interop.write_game(game) == BLOCKED
    # Under bagh-chal, goats without a move draw: the text's result is then wrong.
    with pytest.raises(bagh.ParseError, match="the text says 0-1 but the moves give 1/2-1/2"):
        interop.read_game(BLOCKED, "bagh-chal")
