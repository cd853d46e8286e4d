"""Type stubs of the compiled module ``bagh._bagh`` (checked by ``mypy.stubtest``).

The exceptions, the records, the tables and the engine are described in the
stubs of the parts ``_errors``, ``_records``, ``_tablebase`` and ``_engine``,
and re-exported here.
"""

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any, ClassVar, Literal, TypeAlias, final, overload

__all__ = [
    "__version__",
    "BaghError",
    "ParseError",
    "IllegalMoveError",
    "RulesetError",
    "SetupError",
    "RecordContentError",
    "Ruleset",
    "Move",
    "Outcome",
    "Position",
    "Game",
    "random_games",
    "svg",
    "Record",
    "RecordIterator",
    "read_records",
    "read_records_text",
    "baghchal_read_game",
    "baghchal_write_game",
    "baghchal_read_position",
    "baghchal_write_position",
    "baghchal_is_repetition_draw",
    "TablebaseError",
    "Probe",
    "GameProbe",
    "Tablebase",
    "MovementTable",
    "PlacementTable",
    "TablebaseStatistics",
    "MovementStatistics",
    "MovementLayerStatistics",
    "PlacementStatistics",
    "PlacementLayerStatistics",
    "EngineError",
    "Score",
    "PovScore",
    "Line",
    "Analysis",
    "Progress",
    "Engine",
    "Evaluation",
    "PerfectPlayer",
    "puzzles",
    "MatchResult",
    "MatchError",
    "play_match",
]

from bagh._bagh._errors import (
    BaghError as BaghError,
    ParseError as ParseError,
    IllegalMoveError as IllegalMoveError,
    RulesetError as RulesetError,
    SetupError as SetupError,
    RecordContentError as RecordContentError,
)

from bagh._bagh._records import (
    Record as Record,
    RecordIterator as RecordIterator,
    read_records as read_records,
    read_records_text as read_records_text,
    baghchal_read_game as baghchal_read_game,
    baghchal_write_game as baghchal_write_game,
    baghchal_read_position as baghchal_read_position,
    baghchal_write_position as baghchal_write_position,
    baghchal_is_repetition_draw as baghchal_is_repetition_draw,
)

from bagh._bagh._tablebase import (
    TablebaseError as TablebaseError,
    Probe as Probe,
    GameProbe as GameProbe,
    MovementLayerStatistics as MovementLayerStatistics,
    MovementStatistics as MovementStatistics,
    PlacementLayerStatistics as PlacementLayerStatistics,
    PlacementStatistics as PlacementStatistics,
    TablebaseStatistics as TablebaseStatistics,
    Tablebase as Tablebase,
    MovementTable as MovementTable,
    PlacementTable as PlacementTable,
)

from bagh._bagh._engine import (
    EngineError as EngineError,
    Score as Score,
    PovScore as PovScore,
    Line as Line,
    Analysis as Analysis,
    Progress as Progress,
    Engine as Engine,
    Evaluation as Evaluation,
    PerfectPlayer as PerfectPlayer,
    puzzles as puzzles,
    MatchResult as MatchResult,
    MatchError as MatchError,
    play_match as play_match,
)

__version__: str

_SideName: TypeAlias = Literal["goat", "tiger"]
_Reason: TypeAlias = Literal["captures", "tigers-trapped", "goats-blocked", "repetition", "no-progress"]
_MoveKind: TypeAlias = Literal["place", "step", "capture"]
_Result: TypeAlias = Literal["1-0", "0-1", "1/2-1/2", "*"]

@final
class Ruleset:
    """A validated rule set: a preset or any sensible combination of fields."""

    def __new__(
        cls,
        *,
        tigers: Sequence[str] | None = None,
        goats: int = 20,
        capture_target: int = 5,
        tiger_moves: Literal["step", "slide"] | str = "step",
        mandatory_capture: bool = False,
        blocked_side_loses: bool = False,
        repetition: str = "forbidden",
        no_progress_limit: int | None = None,
    ) -> Ruleset:
        """A rule set from its fields; any argument error is a RulesetError whose ``field`` is the keyword at fault."""
    @staticmethod
    def preset(id: str) -> Ruleset: ...
    @staticmethod
    def preset_ids() -> list[str]: ...
    @staticmethod
    def from_text(text: str) -> Ruleset: ...
    @property
    def preset_id(self) -> str | None:
        """The preset id of this rule set, or None."""
    @property
    def tigers(self) -> list[str]:
        """The tigers' start points, in board order (a1, b1, ..., e5)."""
    @property
    def tiger_count(self) -> int:
        """The number of tigers."""
    @property
    def goats(self) -> int: ...
    @property
    def capture_target(self) -> int: ...
    @property
    def tiger_moves(self) -> Literal["step", "slide"]: ...
    @property
    def mandatory_capture(self) -> bool: ...
    @property
    def blocked_side_loses(self) -> bool: ...
    @property
    def repetition(self) -> str:
        """``"forbidden"``, ``"allowed"`` or ``"draw(n)"`` (``"draw:n"`` is read too)."""
    @property
    def no_progress_limit(self) -> int | None: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> Ruleset: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __copy__(self) -> Ruleset: ...
    def __deepcopy__(self, memo: Any, /) -> Ruleset: ...

@final
class Move:
    """A move: a placement ``c3``, a step or slide ``a1a2``, or a capture ``a1xa3``.

    A move equals its text (``Move("c3") == "c3"``) and hashes as it.
    """

    def __new__(cls, text: str) -> Move: ...
    @staticmethod
    def from_text(text: str) -> Move: ...
    @property
    def kind(self) -> _MoveKind: ...
    @property
    def from_point(self) -> str | None: ...
    @property
    def to_point(self) -> str: ...
    @property
    def over_point(self) -> str | None: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __lt__(self, value: Move, /) -> bool: ...
    def __le__(self, value: Move, /) -> bool: ...
    def __gt__(self, value: Move, /) -> bool: ...
    def __ge__(self, value: Move, /) -> bool: ...
    def __hash__(self) -> int: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> Move: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __copy__(self) -> Move: ...
    def __deepcopy__(self, memo: Any, /) -> Move: ...

@final
class Outcome:
    """How a game ended: the winner (None for a draw) and the reason."""

    def __new__(cls, winner: _SideName | None, reason: _Reason) -> Outcome: ...
    @property
    def winner(self) -> _SideName | None: ...
    @property
    def reason(self) -> _Reason: ...
    def is_draw(self) -> bool: ...
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2"]: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Position:
    """A history-free position; immutable, ``play`` returns a new one."""

    def __new__(cls, text: str | None = None, rules: Ruleset | str = "bagh-chal") -> Position:
        """The position ``text`` under ``rules``; without ``text``, the start: ``Position(rules="two-tigers")``."""
    @staticmethod
    def start(rules: Ruleset | str = "bagh-chal") -> Position:
        """The start position of ``rules``: ``Position.start("two-tigers")``."""
    @staticmethod
    def from_parts(
        tigers: Sequence[str],
        goats: Sequence[str],
        *,
        side: _SideName | str = "goat",
        goats_in_hand: int = 0,
        goats_captured: int = 0,
        rules: Ruleset | str = "bagh-chal",
    ) -> Position:
        """The position with these parts (point names) under ``rules``, checked as a position string is.

        Parts that do not fit the rule set raise ``SetupError``; a bad point
        name or side raises ``ParseError``.
        """
    def to_text(self) -> str: ...
    def legal_moves(self) -> list[Move]: ...
    def legal_captures(self) -> list[Move]:
        """The captures among the legal moves."""
    def is_legal(self, move: Move | str) -> bool: ...
    def play(self, move: Move | str) -> Position: ...
    def outcome(self) -> Outcome | None: ...
    def result(self) -> _Result:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, or ``"*"`` while the game goes on."""
    def is_game_over(self) -> bool: ...
    def ascii_board(self) -> str:
        """The board as an ASCII grid with coordinates, the counters, and the result once over."""
    def line_board(self) -> str:
        """The board drawn with its lines and diagonals, coordinates, and the counters."""
    def perft(self, depth: int) -> int: ...
    def perft_divide(self, depth: int) -> list[tuple[Move, int]]: ...
    def threatened_goats(self) -> list[str]:
        """The goats a tiger could capture at once on its move, in board order; none once over."""
    @property
    def side_to_move(self) -> _SideName: ...
    @property
    def goats_in_hand(self) -> int: ...
    @property
    def goats_captured(self) -> int: ...
    @property
    def tigers(self) -> list[str]:
        """The points holding a tiger, in board order (a1, b1, ..., e5)."""
    @property
    def goats(self) -> list[str]:
        """The points holding a goat, in board order (a1, b1, ..., e5)."""
    @property
    def rules(self) -> Ruleset: ...
    def piece_at(self, point: str) -> _SideName | None: ...
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> Position: ...
    def _repr_svg_(self) -> str: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: Any, /) -> Position: ...

@final
class Game:
    """A start position and the moves played; repetition, no-progress, undo, records."""

    def __new__(
        cls,
        rules: Ruleset | str | None = None,
        position: Position | str | None = None,
        moves: Iterable[Move | str] | None = None,
    ) -> Game: ...
    @staticmethod
    def from_record(text: str) -> Game: ...
    def to_record(self, tags: Mapping[str, object] | None = None) -> str:
        """The game's record with ``tags``; a tag the record cannot hold raises RecordContentError."""
    def to_json(self) -> str: ...
    @staticmethod
    def from_json(text: str) -> Game: ...
    @property
    def rules(self) -> Ruleset: ...
    @property
    def position(self) -> Position: ...
    @property
    def start(self) -> Position: ...
    @property
    def positions(self) -> list[Position]:
        """Every position of the game, the start first and the current last."""
    @property
    def side_to_move(self) -> _SideName: ...
    @property
    def moves(self) -> list[Move]: ...
    def legal_moves(self) -> list[Move]: ...
    def legal_captures(self) -> list[Move]:
        """The captures among the legal moves."""
    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` can be played now (repetition policy and game end included)."""
    def threatened_goats(self) -> list[str]:
        """The goats a tiger could capture at once on its move, in board order; none once over."""
    def banned_moves(self) -> list[tuple[Move, str]]:
        """The moves legal on the board that the repetition policy refuses, each with why."""
    def push(self, move: Move | str) -> Move: ...
    def pop(self) -> Move: ...
    def peek(self) -> Move | None: ...
    def outcome(self) -> Outcome | None: ...
    def is_game_over(self) -> bool: ...
    def result(self) -> _Result:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, or ``"*"`` while the game goes on."""
    def ascii_board(self) -> str:
        """The current board as an ASCII grid, with the result once the game is over."""
    def line_board(self) -> str:
        """The current board drawn with its lines and diagonals, with the result once over."""
    def repetition_count(self) -> int: ...
    def no_progress_plies(self) -> int: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any, /) -> Game: ...
    def __len__(self) -> int: ...
    def _repr_svg_(self) -> str: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __reduce__(self) -> tuple[Any, ...]: ...

def random_games(
    n: int,
    rules: Ruleset | str | None = None,
    seed: int = 0,
    max_plies: int = 10000,
    position: Position | str | None = None,
    *,
    keep: Literal["games", "positions"] | None = None,
) -> dict[str, Any]:
    """Plays n random games in Rust; returns a dict of numpy arrays, one entry per game.

    ``plies`` (uint32), ``result`` (``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, or
    ``"*"`` for a game stopped unfinished at ``max_plies``), ``winner``
    (``"goat"``, ``"tiger"``, or ``""`` for a draw or an unfinished game)
    and ``reason`` (the outcome's reason, ``""`` if unfinished). Game ``i``
    uses the random stream ``seed + i``. ``keep="games"`` adds ``games`` (a
    list of Game), ``keep="positions"`` adds ``positions`` (the final
    Position of each game).

    >>> r = bagh.random_games(3, rules="bagh-chal", seed=1)
    >>> sorted(r)
    ['plies', 'reason', 'result', 'winner']
    >>> r["plies"].shape
    (3,)
    """

def svg(
    board: Position | Game,
    size: int = 360,
    highlight: Iterable[str | Move] | None = None,
) -> str:
    """The board as SVG, ``size`` pixels wide, with points or moves highlighted."""
