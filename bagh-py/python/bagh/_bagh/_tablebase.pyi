"""Type stubs of ``bagh._bagh._tablebase``: the tables (re-exported by ``bagh``)."""

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, ClassVar, Literal, TypeAlias, final, overload

import numpy as np
import numpy.typing as npt

from bagh._bagh import Game, Ruleset, Move, Position, _SideName
from bagh._bagh._errors import BaghError

__all__ = [
    "TablebaseError",
    "Probe",
    "GameProbe",
    "MovementLayerStatistics",
    "MovementStatistics",
    "PlacementLayerStatistics",
    "PlacementStatistics",
    "TablebaseStatistics",
    "Tablebase",
    "MovementTable",
    "PlacementTable",
]

_Value: TypeAlias = Literal["win", "draw", "loss"]
_Progress: TypeAlias = bool | Callable[[int, int], object] | None
_Path: TypeAlias = str | os.PathLike[str]

class TablebaseError(BaghError):
    """A table that cannot be built, opened or probed.

    A truncated, corrupt, foreign or mismatched file (the message names it),
    a table of another rule set, a position outside a table or under another
    rule set, a missing placement build, a build above the memory budget or
    into a directory another build is writing, an argument out of range. A
    file that cannot be read raises the matching ``OSError`` instead.
    """

@final
class Probe:
    """A probe's answer: the value for the side to move, and the distance to the end.

    ``distance`` is the plies to the end of the game under perfect play where
    the table knows it: ``None`` for a draw and for positions with goats in
    hand, 0 for a finished game.
    """

    def __new__(cls, value: _Value, distance: int | None = None) -> Probe: ...
    @property
    def value(self) -> _Value:
        """``"win"``, ``"draw"`` or ``"loss"`` for the side to move."""
    @property
    def distance(self) -> int | None:
        """Plies to the end under perfect play; None for a draw or where unknown, 0 for a finished game."""
    def after_best_move(self) -> Probe:
        """What the opponent faces after a move that keeps this value."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class GameProbe:
    """The value of a game with its history: what :meth:`Tablebase.probe_game` answers.

    ``tables`` is the tables' probe of the position, as if it were new;
    ``proven`` the value with the game's history where it is proven (by the
    rules, or by a search of the game with its bans), None when the search
    ran out of nodes; ``value`` the proven value, or else the tables'.
    """

    @property
    def tables(self) -> Probe: ...
    @property
    def proven(self) -> _Value | None: ...
    @property
    def value(self) -> _Value: ...
    @property
    def nodes(self) -> int:
        """Positions the search visited."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...

@final
class MovementLayerStatistics:
    """Counts of one captured count and side to move of a movement table (values for the side to move)."""

    def __new__(
        cls,
        captured: int,
        side: _SideName,
        positions: int,
        wins: int,
        draws: int,
        losses: int,
        longest_win: tuple[int, Position] | None,
    ) -> MovementLayerStatistics: ...
    @property
    def captured(self) -> int: ...
    @property
    def side(self) -> _SideName: ...
    @property
    def positions(self) -> int:
        """Positions up to symmetry."""
    @property
    def wins(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def losses(self) -> int: ...
    @property
    def longest_win(self) -> tuple[int, Position] | None:
        """``(distance, position)`` of a longest win for the side to move, or None."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class MovementStatistics:
    """The counts of a movement table: one entry per captured count and side to move (goats first)."""

    def __new__(cls, layers: Sequence[MovementLayerStatistics], positions: int) -> MovementStatistics: ...
    @property
    def layers(self) -> list[MovementLayerStatistics]: ...
    @property
    def positions(self) -> int:
        """Positions up to symmetry, in all."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class PlacementLayerStatistics:
    """Counts of the goats-to-move positions with one number of goats placed and captured (values for the goats)."""

    def __new__(
        cls, placed: int, captured: int, positions: int, wins: int, draws: int, losses: int
    ) -> PlacementLayerStatistics: ...
    @property
    def placed(self) -> int: ...
    @property
    def captured(self) -> int: ...
    @property
    def positions(self) -> int:
        """Positions up to symmetry, the goats to move."""
    @property
    def wins(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def losses(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class PlacementStatistics:
    """The counts of the placement layers: by goats placed, then goats captured."""

    def __new__(cls, layers: Sequence[PlacementLayerStatistics], positions: int) -> PlacementStatistics: ...
    @property
    def layers(self) -> list[PlacementLayerStatistics]: ...
    @property
    def positions(self) -> int:
        """Positions up to symmetry, in all (the goats to move)."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class TablebaseStatistics:
    """The counts of a tablebase: the movement table's, and the placement layers' (None when not built)."""

    def __new__(cls, movement: MovementStatistics, placement: PlacementStatistics | None) -> TablebaseStatistics: ...
    @property
    def movement(self) -> MovementStatistics: ...
    @property
    def placement(self) -> PlacementStatistics | None: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Tablebase:
    """One rule set's tables in a directory, with one probe for any position.

    The movement table (``movement.tb``) and, once built, the placement layers
    (``placed-NN.bpl``). A directory with only the movement table answers
    positions with no goats in hand and raises :class:`TablebaseError` naming
    the missing build for the rest.
    """

    @staticmethod
    def build(
        rules: Ruleset | str,
        dir: _Path,
        *,
        placement: bool = True,
        progress: _Progress = None,
        threads: int = 0,
        memory_budget: int | None = None,
    ) -> Tablebase:
        """Builds the movement table, then with ``placement`` the placement layers, into ``dir``.

        Runs without the GIL and resumes where a stopped build left off;
        ``progress`` is False, True (one bar per stage) or a callable
        ``(done, total)`` of the stage at hand. Ctrl-C or an exception in the
        callable stops it, keeping what it finished.
        """
    @staticmethod
    def open(dir: _Path) -> Tablebase:
        """Opens the tables in ``dir``: the full table files, or the compressed file of ``bagh compress`` (the rule set is read from the files)."""
    @staticmethod
    def default(rules: Ruleset | str) -> Tablebase:
        """The compressed tables of the installed data package ``bagh-tables-<id>`` of a preset (``make tables-package RULES=<id>``)."""
    def compress(self, out: _Path, *, progress: _Progress = None, threads: int = 0, alternate_layers: bool = False, leave_out: Sequence[int] | None = None, part_bytes: int | None = None) -> Tablebase:
        """Compresses these full tables into the directory ``out`` and opens the result: the same probes from one memory-mapped file.

        ``leave_out=[16, 18]`` leaves out the placement layers of those counts
        of goats placed (never two adjacent ones; a probe searches one ply
        more for them). ``alternate_layers=True`` stores every other
        placement layer: a file about half as large, for placement probes up
        to thousands of times slower. Compressed tables of this version that
        store every layer ``out`` will are copied section by section.
        ``part_bytes=95_000_000`` writes the file in parts of at most that
        many bytes (``tables.btz``, ``tables.btz.1``, ...), cut where
        sections end, which ``open`` reads as one file."""
    @staticmethod
    def load(dir: _Path) -> Tablebase:
        """Opens the tables and reads the placement layers into memory (checksums checked)."""
    @staticmethod
    def memory_needed(rules: Ruleset | str) -> int:
        """The bytes of memory a build of both tables needs at most."""
    @property
    def rules(self) -> Ruleset: ...
    @property
    def dir(self) -> Path: ...
    @property
    def movement(self) -> MovementTable | None:
        """The movement table, or None when the tables are compressed."""
    @property
    def compressed(self) -> bool:
        """Whether the tables are the compressed file (`bagh compress`) rather than the full table files."""
    @property
    def placement(self) -> PlacementTable | None:
        """The placement layers, or None when they are not built."""
    @property
    def placement_missing(self) -> str | None:
        """Why the placement layers are not open (not built, or the layer files still to write), or None."""
    def probe(self, position: Position | str) -> Probe:
        """The value and, where known, the distance of any position for the side to move.

        The tables value a position as if it were new (a cycle counts as a
        draw): under the ``forbidden`` repetition policy, bagh-chal's own, a
        "draw" can be lost once the game's history bans the moves that hold it.
        :meth:`probe_game` takes the history into account where it can.
        """
    def probe_game(self, game: Game, *, max_nodes: int = 100000) -> GameProbe:
        """The value of ``game`` with its history, where a search of the game itself proves it.

        The search plays the game's own moves, bans and all, for at most
        ``max_nodes`` positions, trusting the tables only where the history
        cannot change them. ``proven`` is None when it runs out.
        """
    def probe_many(
        self, positions: Iterable[Position | str] | npt.NDArray[np.uint64]
    ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int16]]:
        """Many probes without the GIL: ``(values, distances)``.

        ``values`` is int8 (1 win, 0 draw, -1 loss for the side to move),
        ``distances`` int16 (plies to the end under perfect play, -1 where
        unknown). ``positions`` may be a uint64 array of ``bagh.rl.pack`` codes.
        """
    def probe_moves(self, position: Position | str) -> list[tuple[Move, Probe]]: ...
    def best_moves(self, position: Position | str) -> list[Move]: ...
    def solve(self, position: Position | str, *, tt_log2: int = 22, node_limit: int | None = None) -> Probe:
        """The probe of any position by alpha-beta search down to the movement table (without the GIL; Ctrl-C stops it)."""
    def statistics(self) -> TablebaseStatistics: ...
    def verify(self) -> None:
        """Checks every checksum: of each placement layer file, read whole, or of each section of a compressed file."""

@final
class MovementTable:
    """Every position of a rule set with no goats in hand: value and distance to the end, in memory."""

    @staticmethod
    def build(
        rules: Ruleset | str,
        path: _Path,
        *,
        progress: _Progress = None,
        threads: int = 0,
        memory_budget: int | None = None,
        checkpoint: bool = True,
    ) -> MovementTable:
        """Builds the table of ``rules`` into ``path`` (without the GIL; Ctrl-C stops it, resumably)."""
    @staticmethod
    def open(path: _Path, rules: Ruleset | str | None = None) -> MovementTable:
        """Opens and checks a table file (and that it is the table of ``rules``)."""
    @staticmethod
    def count_positions(rules: Ruleset | str) -> int: ...
    @staticmethod
    def memory_needed(rules: Ruleset | str) -> int: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def path(self) -> Path:
        """The file the table was read from."""
    @property
    def positions(self) -> int: ...
    @property
    def checksum(self) -> int:
        """The CRC-32 of the entries, which placement layer files record."""
    def probe(self, position: Position | str) -> Probe: ...
    def probe_moves(self, position: Position | str) -> list[tuple[Move, Probe]]: ...
    def best_moves(self, position: Position | str) -> list[Move]: ...
    def solve(self, position: Position | str, *, tt_log2: int = 22, node_limit: int | None = None) -> Probe:
        """The probe of any position, goats in hand by alpha-beta search (without the GIL; Ctrl-C stops it)."""
    def statistics(self) -> MovementStatistics: ...

@final
class PlacementTable:
    """The placement phase solved: the value of every position with goats in hand.

    A directory of layer files, one per number of goats placed, built on top
    of the :class:`MovementTable` of the same rule set.
    """

    @staticmethod
    def build(
        movement: MovementTable,
        dir: _Path,
        *,
        progress: _Progress = None,
        threads: int = 0,
        memory_budget: int | None = None,
    ) -> PlacementTable:
        """Builds the placement layers of ``movement``'s rule set into the directory ``dir``.

        Runs without the GIL; ``progress`` is False, True (a bar) or a callable
        ``(done, total)``. Ctrl-C or an exception in the callable stops it,
        keeping the finished layer files: building again resumes after them.
        """
    @staticmethod
    def open(dir: _Path, movement: MovementTable) -> PlacementTable:
        """Opens the layer files in ``dir``, checking their headers, lengths and movement table."""
    @staticmethod
    def load(dir: _Path, movement: MovementTable) -> PlacementTable:
        """Opens the layer files and reads them into memory (checksums checked): probes read no file."""
    @property
    def in_memory(self) -> bool:
        """Whether the values are held in memory (``load``)."""
    @staticmethod
    def entries(rules: Ruleset | str) -> int:
        """Goats-to-move positions with goats in hand, up to the tigers' symmetries."""
    @staticmethod
    def memory_needed(rules: Ruleset | str) -> int:
        """The bytes of memory a build needs at most, the movement table included."""
    @property
    def rules(self) -> Ruleset: ...
    @property
    def dir(self) -> Path:
        """The directory of the layer files."""
    @property
    def movement(self) -> MovementTable:
        """The movement table the layers stand on."""
    def probe(self, position: Position | str) -> Probe:
        """The value for the side to move of a position with goats in hand (distance None, 0 if the game is over)."""
    def probe_moves(self, position: Position | str) -> list[tuple[Move, Probe]]: ...
    def best_moves(self, position: Position | str) -> list[Move]: ...
    def verify(self) -> None:
        """Reads every layer file whole and checks its checksum."""
    def statistics(self) -> PlacementStatistics:
        """Per goats placed and captured: positions up to symmetry (goats to move), wins, draws, losses for the goats."""
