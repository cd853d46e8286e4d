"""Type stubs of ``bagh._bagh._records``: game records and the baghchal package's texts (re-exported by ``bagh``)."""

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, ClassVar, Literal, TypeAlias, final, overload

from bagh._bagh import Ruleset, Position, Game
from bagh._bagh._errors import BaghError, RecordContentError

__all__ = [
    "Record",
    "RecordIterator",
    "read_records",
    "read_records_text",
    "baghchal_read_game",
    "baghchal_write_game",
    "baghchal_read_position",
    "baghchal_write_position",
    "baghchal_is_repetition_draw",
]

@final
class Record:
    """A game with the tag pairs and comments of its record (comment 0 before the first move)."""

    def __new__(
        cls,
        game: Game,
        tags: Mapping[str, object] | Iterable[tuple[str, object]] | None = None,
        comments: Mapping[int, str] | Iterable[tuple[int, str]] | None = None,
    ) -> Record:
        """A record of ``game``; a tag or comment it cannot hold raises RecordContentError."""
    @staticmethod
    def from_text(text: str) -> Record: ...
    def to_text(self) -> str: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> Record: ...
    @property
    def game(self) -> Game: ...
    @property
    def tags(self) -> list[tuple[str, str]]: ...
    @property
    def comments(self) -> dict[int, str]: ...
    @property
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2", "*"]: ...
    def tag(self, name: str) -> str | None: ...
    def comment(self, ply: int) -> str | None: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class RecordIterator(Iterator[Record]):
    """The records of a stream, read lazily; a game that cannot be read is raised (and next() goes on), skipped, or yielded as its exception, as ``errors`` says."""

    def __iter__(self) -> RecordIterator: ...
    def __next__(self) -> Record: ...

_RecordSource: TypeAlias = str | os.PathLike[str] | IO[str] | IO[bytes]

@overload
def read_records(source: _RecordSource, *, errors: Literal["raise", "skip"] = "raise") -> RecordIterator:
    """The records of a path or a file object, one per game, read lazily.

    A game that cannot be read is a BaghError with ``game`` (its 1-based
    number), ``line`` (over the whole stream) and ``column``. ``errors``:
    ``"raise"`` raises it, and the next ``next()`` goes on with the next
    game; ``"skip"`` leaves it out; ``"collect"`` yields the exception
    instance in its place. A stream that cannot be read raises in every
    mode. A str is a path: one that is no file but reads like record text
    (a line break, a ``[`` or ``{``, a move number such as ``1.``) raises
    ValueError pointing to :func:`read_records_text`.
    """

@overload
def read_records(source: _RecordSource, *, errors: Literal["collect"]) -> Iterator[Record | BaghError]: ...
@overload
def read_records_text(text: str, *, errors: Literal["raise", "skip"] = "raise") -> RecordIterator:
    """The records of a text, one or many games, read lazily as :func:`read_records` does."""

@overload
def read_records_text(text: str, *, errors: Literal["collect"]) -> Iterator[Record | BaghError]: ...

def baghchal_read_game(text: str, rules: Ruleset | str | None = None) -> Game:
    """Reads the baghchal package's game text (see bagh.interop.baghchal)."""

def baghchal_write_game(game: Game) -> str:
    """Writes a game as the baghchal package's game text."""

def baghchal_read_position(text: str, rules: Ruleset | str | None = None) -> tuple[Position, int]:
    """Reads the baghchal package's position string: the position and its goat plies."""

def baghchal_write_position(position: Position, goat_plies: int | None = None) -> str:
    """Writes a position as the baghchal package's position string."""

def baghchal_is_repetition_draw(game: Game) -> bool:
    """Whether the baghchal package's repetition rule ends the game at its board."""
