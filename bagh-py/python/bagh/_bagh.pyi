"""Type stubs of the compiled module ``bagh._bagh`` (checked by ``mypy.stubtest``)."""

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
    "Tablebase",
    "MovementTable",
    "PlacementTable",
    "TablebaseStatistics",
    "MovementStatistics",
    "MovementLayerStatistics",
    "PlacementStatistics",
    "PlacementLayerStatistics",
]

__version__: str

_SideName: TypeAlias = Literal["goat", "tiger"]
_Reason: TypeAlias = Literal["captures", "tigers-trapped", "goats-blocked", "repetition", "no-progress"]
_MoveKind: TypeAlias = Literal["place", "step", "capture"]
_Result: TypeAlias = Literal["1-0", "0-1", "1/2-1/2", "*"]

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

    def __new__(cls, text: str | None = None, rules: Ruleset | str = "bagh-chal") -> Position: ...
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
    def perft(self, depth: int) -> int: ...
    def perft_divide(self, depth: int) -> list[tuple[Move, int]]: ...
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
    def push(self, move: Move | str) -> Move: ...
    def pop(self) -> Move: ...
    def peek(self) -> Move | None: ...
    def outcome(self) -> Outcome | None: ...
    def is_game_over(self) -> bool: ...
    def result(self) -> _Result:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, or ``"*"`` while the game goes on."""
    def ascii_board(self) -> str:
        """The current board as an ASCII grid, with the result once the game is over."""
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
    """Plays n random games in Rust; numpy arrays ``plies``, ``result``, ``winner`` and ``reason``.

    ``keep="games"`` adds ``games`` (a list of Game), ``keep="positions"``
    adds ``positions`` (the final Position of each game).
    """

def svg(
    board: Position | Game,
    size: int = 360,
    highlight: Iterable[str | Move] | None = None,
) -> str:
    """The board as SVG, ``size`` pixels wide, with points or moves highlighted."""

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
        """Opens the tables in ``dir`` (the rule set is read from the movement table)."""
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
    def movement(self) -> MovementTable: ...
    @property
    def placement(self) -> PlacementTable | None:
        """The placement layers, or None when they are not built."""
    @property
    def placement_missing(self) -> str | None:
        """Why the placement layers are not open (not built, or the layer files still to write), or None."""
    def probe(self, position: Position | str) -> Probe:
        """The value and, where known, the distance of any position for the side to move."""
    def probe_moves(self, position: Position | str) -> list[tuple[Move, Probe]]: ...
    def best_moves(self, position: Position | str) -> list[Move]: ...
    def solve(self, position: Position | str, *, tt_log2: int = 22, node_limit: int | None = None) -> Probe:
        """The probe of any position by alpha-beta search down to the movement table (without the GIL; Ctrl-C stops it)."""
    def statistics(self) -> TablebaseStatistics: ...
    def verify(self) -> None:
        """Reads every placement layer file whole and checks its checksum."""

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
