"""The formats of the ``baghchal`` package (version 1.0.1) from PyPI.

Its **position string** is ``B3B/5/5/5/B3B G 0``: the rows from the top
down (``B`` a tiger, ``G`` a goat, digits for empty points), the side to move
(``G`` or ``B``) and the number of goat plies played so far. Its **game
text** is `` 1. G33 B1112 2. G44 Bx1113 ... 21. G3233# 1-0``: a point is
its row from the top then its column from the left (``11`` is ``a5``,
``51`` is ``a1``); ``G`` places or moves a goat, ``B`` steps a tiger,
``Bx`` captures; ``#`` and the result (``1-0`` goats won, ``0-1`` tigers
won, ``1/2-1/2`` drawn) follow the last move of a finished game::

    >>> from bagh.interop import baghchal
    >>> game = baghchal.read_game(" 1. G33 B1112 2. G44")
    >>> game.moves
    [Move('c3'), Move('a5b5'), Move('d2')]
    >>> baghchal.write_game(game)
    ' 1. G33 B1112 2. G44'
    >>> baghchal.read_position("B3B/3G1/5/5/1B2B G 1")
    Position('T3T/3G1/5/5/1T2T g 19 0', rules='bagh-chal-blocked-loses')
    >>> baghchal.write_position(game.position)
    '1B2B/5/2G2/3G1/B3B B 2'

How a game maps onto a rule set: the package plays ``bagh-chal-blocked-loses``
(:data:`RULES`) except for repetition. From the twentieth goat ply on, it
counts boards (the pieces alone, whichever side is to move; the start board
once), and the third occurrence of a board is a draw. No bagh rule set has
that rule and the preset allows repetition, so a game read here goes on
where the package would have stopped; :func:`is_repetition_draw` tells
whether the package's rule ends the game at its current board. A text whose
result is ``1/2-1/2`` reads without error when its moves end in such a draw,
and :func:`write_game` writes ``# 1/2-1/2`` after such a game. Every other
result must be the outcome that the moves reach.

Errors are :class:`bagh.ParseError` (an :class:`bagh.IllegalMoveError` for a
move that cannot be played) with the ``column`` of the problem; a game that
does not start from four tigers in the corners and twenty goats in hand
cannot be written (:class:`bagh.BaghError`).
"""

from __future__ import annotations

from bagh._bagh import (
    Game,
    Position,
    Ruleset,
    baghchal_is_repetition_draw,
    baghchal_read_game,
    baghchal_read_position,
    baghchal_write_game,
    baghchal_write_position,
)

__all__ = [
    "RULES",
    "is_repetition_draw",
    "read_game",
    "read_position",
    "read_position_and_plies",
    "write_game",
    "write_position",
]

#: The rule set the package plays (but for its repetition rule).
RULES = "bagh-chal-blocked-loses"


def read_game(text: str, rules: Ruleset | str = RULES) -> Game:
    """Reads the package's game text; the moves are replayed under ``rules``."""
    return baghchal_read_game(text, rules)


def write_game(game: Game) -> str:
    """The package's game text of ``game``, exactly as the package writes it."""
    return baghchal_write_game(game)


def read_position(text: str, rules: Ruleset | str = RULES) -> Position:
    """Reads the package's position string (see :func:`read_position_and_plies`)."""
    return baghchal_read_position(text, rules)[0]


def read_position_and_plies(text: str, rules: Ruleset | str = RULES) -> tuple[Position, int]:
    """Reads the package's position string: the position and its count of
    goat plies, which a :class:`bagh.Position` does not keep once every goat
    is placed."""
    return baghchal_read_position(text, rules)


def write_position(position: Position, goat_plies: int | None = None) -> str:
    """The package's position string of ``position``; ``goat_plies`` is its
    last field, by default the goats placed so far (exact while goats are
    being placed)."""
    return baghchal_write_position(position, goat_plies)


def is_repetition_draw(game: Game) -> bool:
    """Whether the package's repetition rule ends ``game`` at its current board."""
    return baghchal_is_repetition_draw(game)
