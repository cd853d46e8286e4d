"""Bagh-Chal (tigers and goats) and its relatives: an exact, fast rules engine.

The rules live in Rust (``bagh-core``); this package exposes them::

    >>> import bagh
    >>> position = bagh.Position()
    >>> position
    Position('T3T/5/5/5/T3T g 20 0', rules='bagh-chal')
    >>> len(position.legal_moves()), position.perft(3)
    (21, 5052)
    >>> game = bagh.Game()
    >>> game.push("c3")
    Move('c3')
    >>> game.outcome() is None
    True

Every error is a :class:`BaghError` (a :class:`ValueError`):
:class:`ParseError` for text that cannot be read, :class:`IllegalMoveError`
for a move that cannot be played, :class:`RulesetError` for rule-set fields
that do not fit together, :class:`SetupError` for the parts of a position
(:meth:`Position.from_parts`) that do not fit its rule set. Lists of points
come in board order: ``a1``, ``b1``, ..., ``e1``, ``a2``, ..., ``e5``.

Game records (:class:`Record`, with tags and comments) are read one by one
from a file by :func:`read_records`; :mod:`bagh.interop.baghchal` reads and
writes the formats of the ``baghchal`` package; values have ``to_json`` and
``from_json``.

:class:`Tablebase` builds, opens and probes movement-phase tablebases (perfect
play once every goat is placed), and :class:`PlacementTable` the placement
phase solved on top of one (the value of every position with goats in hand);
their errors are :class:`TablebaseError`.
"""

from bagh._bagh import (
    BaghError,
    Game,
    IllegalMoveError,
    Move,
    Outcome,
    ParseError,
    PlacementTable,
    Position,
    Probe,
    Record,
    RecordIterator,
    Ruleset,
    RulesetError,
    SetupError,
    Tablebase,
    TablebaseError,
    __version__,
    random_games,
    read_records,
    svg,
)

__all__ = [
    "BaghError",
    "Game",
    "IllegalMoveError",
    "Move",
    "Outcome",
    "ParseError",
    "PlacementTable",
    "Position",
    "Probe",
    "Record",
    "RecordIterator",
    "Ruleset",
    "RulesetError",
    "SetupError",
    "Tablebase",
    "TablebaseError",
    "__version__",
    "interop",
    "random_games",
    "read_records",
    "svg",
]

from bagh import interop  # noqa: E402  (after the names it uses)
