"""Type stubs of ``bagh._bagh._errors``: the exceptions (re-exported by ``bagh``)."""

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, ClassVar, Literal, TypeAlias, final, overload

__all__ = [
    "BaghError",
    "ParseError",
    "IllegalMoveError",
    "RulesetError",
    "SetupError",
    "RecordContentError",
]

class BaghError(ValueError):
    """The base of every bagh error; a subclass of ValueError."""

_IllegalMoveReason: TypeAlias = Literal[
    "game-over",
    "wrong-side",
    "no-piece",
    "occupied",
    "placement-phase",
    "no-goats-in-hand",
    "not-a-line",
    "slide-not-allowed",
    "blocked",
    "capture-without-x",
    "not-a-capture",
    "capture-mandatory",
    "repetition",
    "not-legal",
]
_RecordContentCause: TypeAlias = Literal[
    "tag-name",
    "reserved-tag",
    "tag-line-break",
    "comment-past-end",
    "comment-brace",
    "comment-carriage-return",
    "comment-tag-line",
]

# Every attribute declared on an exception class below exists on every
# instance: it is None on the class, and set where it applies.

class ParseError(BaghError):
    """A point, move, position string, rule-set text or game record that cannot be read.

    Raised while reading a text, it carries ``text``, ``column`` (1-based) and
    ``what`` (``"point"``, ``"move"``, ``"position"`` or ``"rule set"``); from a
    game record, ``line`` and ``column``, and from :func:`read_records`
    ``game`` (the game's 1-based number in the stream); from JSON, ``line``,
    ``column`` and ``what == "JSON"``; from a text of the baghchal package,
    ``column`` and ``what`` (``"baghchal game text"`` or ``"baghchal position
    string"``). The others are None.
    """

    text: str | None
    column: int | None
    what: str | None
    line: int | None
    game: int | None

class IllegalMoveError(BaghError):
    """A move that cannot be played in the position (or game) at hand.

    It carries ``move`` (the move's text), ``position`` (the position string)
    and ``reason``, why the move was refused; the message says it about this
    position, with a hint where there is one. Where they apply:
    ``suggestion``, the legal move probably meant (``"a1xa3"`` for
    ``"a1a3"`` written without its x, and the plain move for an x move that
    captures nothing); ``captures``, the captures that are mandatory here;
    ``repeated_ply``, the ply (0: the start) whose position the move would
    repeat. From a game record, ``line`` and ``column`` too (and ``game``
    from :func:`read_records`); from a text of the baghchal package,
    ``column`` and ``what``. The others are None.
    """

    move: str | None
    position: str | None
    reason: _IllegalMoveReason | None
    suggestion: str | None
    captures: list[str] | None
    repeated_ply: int | None
    line: int | None
    column: int | None
    what: str | None
    game: int | None

class RulesetError(BaghError):
    """Rule-set fields that do not make a valid rule set; ``field`` names the field at fault.

    From ``Ruleset(...)``, ``field`` is the keyword argument at fault,
    whatever the cause (a wrong type, a value out of range, fields that do
    not fit together). Raised while reading a text, it also carries
    ``text``, ``column`` and ``what`` as a ParseError does; from a game
    record, ``line`` and ``column`` (and ``game`` from :func:`read_records`).
    The others are None.
    """

    field: str | None
    text: str | None
    column: int | None
    what: str | None
    line: int | None
    game: int | None

class SetupError(BaghError):
    """The parts of a position (``Position.from_parts``) that do not make a position under the rule set.

    ``field`` names the argument at fault: ``"tigers"``, ``"goats"``,
    ``"goats_in_hand"`` or ``"captured"``.
    """

    field: str | None

class RecordContentError(BaghError):
    """A tag or a comment that a record cannot hold (``Record(...)``, ``Game.to_record``).

    ``cause`` says why: ``"tag-name"`` (a name other than ASCII letters,
    digits and _), ``"reserved-tag"`` (``Rules``, ``Position`` and
    ``Result``, which the record writes from the game), ``"tag-line-break"``
    (a value is one line), ``"comment-past-end"`` (a ply the game has not
    reached), ``"comment-brace"`` (a ``}`` would end the comment),
    ``"comment-carriage-return"``, ``"comment-tag-line"`` (a line after the
    first starting with ``[`` would read as a tag). ``tag`` names the tag,
    or ``ply`` gives the comment's ply; the other is None.
    """

    cause: _RecordContentCause | None
    tag: str | None
    ply: int | None
