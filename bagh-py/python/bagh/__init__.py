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
(:meth:`Position.from_parts`) that do not fit its rule set,
:class:`RecordContentError` for a tag or comment a :class:`Record` cannot
hold. An :class:`IllegalMoveError` says why the move was refused
(``reason``, with ``suggestion``, ``captures`` or ``repeated_ply`` where they
apply). Lists of points
come in board order: ``a1``, ``b1``, ..., ``e1``, ``a2``, ..., ``e5``.

Game records (:class:`Record`, with tags and comments) are read one by one
from a file by :func:`read_records` (from a string by
:func:`read_records_text`), which can skip or collect the games that cannot
be read; :mod:`bagh.interop.baghchal` reads and
writes the formats of the ``baghchal`` package; values have ``to_json`` and
``from_json``.

:class:`Tablebase` builds and opens one rule set's tables in a directory and
probes any position of the game: a :class:`Probe` holds the value under
perfect play for the side to move and, where known, the distance to the end.
Its parts are :class:`MovementTable` (every position with no goats in hand,
with distances) and :class:`PlacementTable` (every position with goats in
hand). Their ``statistics()`` are typed: :class:`TablebaseStatistics`,
:class:`MovementStatistics` (of :class:`MovementLayerStatistics`) and
:class:`PlacementStatistics` (of :class:`PlacementLayerStatistics`). Their
errors are :class:`TablebaseError`.

:class:`Engine` searches any position or game for the best move, with or
without a :class:`Tablebase`: its ``analyse`` answers an :class:`Analysis`
(the best move, its :class:`Score`, the principal variation and the best
lines, each a :class:`Line`), reporting each iteration as a
:class:`Progress`; its errors are :class:`EngineError`.
:func:`play_match` plays engines, levels, the tables' :class:`PerfectPlayer`
or Python functions against each other and answers a :class:`MatchResult`
(wins, draws, losses, an Elo difference, the records); its errors are
:class:`MatchError`.

Scores are shown one way, from the goats' side whoever is to move:
``str(analysis.pov_score)`` is ``+0.30`` (the expected result for the goats
in [-1, 1], with two decimals: +1 a sure goat win, -1 a sure tiger win, 0
even or a likely draw) or a proven result in words (``goats win in 12
plies``, ``tigers win``, ``draw``). :class:`Score` is the same for the side
to move, its ``value`` in thousandths of a result.

Tables are built once into a directory of their own; the project's
commands and examples use ``target/tablebases/<rules>``, for example
``bagh.Tablebase.build("bagh-chal", "target/tablebases/bagh-chal")``.

The guides (rules, records, engine, tables, reinforcement learning) are
the pages of the bagh repository's ``docs/`` folder, listed by its
``docs/index.md``; the Rust crates carry the same pages in their ``guide``
modules on docs.rs (``bagh_engine::guide``).
"""

from bagh._bagh import (
    Analysis,
    BaghError,
    Engine,
    Evaluation,
    EngineError,
    Game,
    IllegalMoveError,
    Line,
    MatchError,
    MatchResult,
    Move,
    MovementLayerStatistics,
    MovementStatistics,
    MovementTable,
    Outcome,
    ParseError,
    PerfectPlayer,
    puzzles,
    PlacementLayerStatistics,
    PlacementStatistics,
    PlacementTable,
    Position,
    PovScore,
    Probe,
    GameProbe,
    Progress,
    Record,
    RecordContentError,
    RecordIterator,
    Ruleset,
    RulesetError,
    Score,
    SetupError,
    Tablebase,
    TablebaseError,
    TablebaseStatistics,
    __version__,
    play_match,
    random_games,
    read_records,
    read_records_text,
    svg,
)

__all__ = [
    "Analysis",
    "BaghError",
    "Engine",
    "Evaluation",
    "EngineError",
    "Game",
    "IllegalMoveError",
    "Line",
    "MatchError",
    "MatchResult",
    "Move",
    "MovementLayerStatistics",
    "MovementStatistics",
    "MovementTable",
    "Outcome",
    "ParseError",
    "PerfectPlayer",
    "puzzles",
    "PlacementLayerStatistics",
    "PlacementStatistics",
    "PlacementTable",
    "Position",
    "PovScore",
    "Probe",
    "GameProbe",
    "Progress",
    "Record",
    "RecordContentError",
    "RecordIterator",
    "Ruleset",
    "RulesetError",
    "Score",
    "SetupError",
    "Tablebase",
    "TablebaseError",
    "TablebaseStatistics",
    "__version__",
    "interop",
    "play_match",
    "random_games",
    "read_records",
    "read_records_text",
    "svg",
]

from bagh import interop  # noqa: E402  (after the names it uses)
