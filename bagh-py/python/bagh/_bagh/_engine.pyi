"""Type stubs of ``bagh._bagh._engine``: the search engine (re-exported by ``bagh``)."""

import os
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Literal, TypeAlias, final

from bagh._bagh import Game, Move, Outcome, Position, Ruleset
from bagh._bagh._records import Record
from bagh._bagh._errors import BaghError
from bagh._bagh._tablebase import Tablebase

__all__ = [
    "Evaluation",
    "EngineError",
    "Score",
    "PovScore",
    "Line",
    "Analysis",
    "Progress",
    "Engine",
    "PerfectPlayer",
    "MatchResult",
    "MatchError",
    "play_match",
    "puzzles",
]

class EngineError(BaghError):
    """A search that cannot start, or an engine that cannot be made.

    An option out of range, a search without a limit, a game that is over
    (``outcome`` is then its :class:`Outcome`, else None), a game or tables
    under another rule set than the engine's.
    """

    outcome: Outcome | None

@final
class Score:
    """The score of a position for the side to move: exactly one of four readings.

    A heuristic ``value`` in thousandths of a result (1000 a sure win, -1000
    a sure loss; with the network, 1000 times the win probability less the
    loss probability); a proven win (``is_win``, in ``win_in`` plies where
    known); a proven loss (``is_loss``, in ``loss_in`` plies where known); a
    proven draw (``is_draw``). Wins and losses proven by the placement
    tables have no known distance: ``is_win`` is True and ``win_in`` None.

    Scores compare as a player would (``<`` by :meth:`sort_key`), ``-score``
    is the other side's, ``expected_result`` the value as a result in
    [-1, 1]. ``str(score)`` is ``+0.30``, ``win in 7 plies`` or ``draw``, for
    the side to move; :class:`PovScore` fixes the point of view, and its
    ``str`` is how scores are shown: from the goats' side.
    """

    def __new__(
        cls,
        *,
        value: int | None = None,
        win_in: int | None = None,
        loss_in: int | None = None,
        win: bool = False,
        loss: bool = False,
        draw: bool = False,
    ) -> Score:
        """``Score(value=35)``, ``Score(win_in=7)``, ``Score(draw=True)``, ``Score(win=True)`` (no distance): exactly one."""
    @property
    def value(self) -> int | None:
        """The heuristic value in thousandths of a result (1000 a sure win); None for a proven result."""
    @property
    def win_in(self) -> int | None:
        """Plies to the win where known; None otherwise."""
    @property
    def loss_in(self) -> int | None:
        """Plies to the loss where known; None otherwise."""
    @property
    def is_win(self) -> bool: ...
    @property
    def is_loss(self) -> bool: ...
    @property
    def is_draw(self) -> bool: ...
    @property
    def is_proven(self) -> bool:
        """A win, a loss or a draw."""
    @property
    def expected_result(self) -> float:
        """The expected result for the side to move in [-1, 1]: ``value / 1000`` clamped, 1 for a proven win, -1 for a loss, 0 for a draw."""
    def sort_key(self) -> int:
        """One number that orders scores as a player would: larger is better."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __lt__(self, value: Score, /) -> bool: ...
    def __le__(self, value: Score, /) -> bool: ...
    def __gt__(self, value: Score, /) -> bool: ...
    def __ge__(self, value: Score, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __neg__(self) -> Score: ...
    def __float__(self) -> float:
        """Deprecated (DeprecationWarning): ``value / 100``, ``inf`` for a win; read :attr:`expected_result`."""

@final
class PovScore:
    """A score with its point of view: ``relative`` for ``turn``, the side to move.

    ``str`` is how every front end shows a score, from the goats' side:
    ``+0.30`` (the goats better), ``-0.30`` (the tigers), ``goats win in 12
    plies``, ``tigers win`` (no known distance), ``draw``. ``goats()`` and
    ``tigers()`` give it for a fixed side, so that scores of a game compare
    across plies: ``PovScore(Score(value=350), "tiger")`` reads ``-0.35``,
    and its ``goats()`` is ``Score(value=-350)``.
    """

    def __new__(cls, relative: Score, turn: Literal["goat", "tiger"]) -> PovScore: ...
    @property
    def relative(self) -> Score: ...
    @property
    def turn(self) -> Literal["goat", "tiger"]: ...
    def pov(self, side: Literal["goat", "tiger"]) -> Score: ...
    def goats(self) -> Score: ...
    def tigers(self) -> Score: ...
    @property
    def expected_result(self) -> float:
        """The expected result for the goats in [-1, 1]: what ``str`` shows, unrounded."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Line:
    """One root move's score and principal variation."""

    @property
    def score(self) -> Score: ...
    @property
    def pov_score(self) -> PovScore:
        """The score with its point of view (``pov_score.goats()``: the goats')."""
    @property
    def pv(self) -> list[Move]:
        """The moves, the root move first."""

@final
class Analysis:
    """The answer of a search."""

    @property
    def best_move(self) -> Move: ...
    @property
    def score(self) -> Score:
        """The best move's score, for the side to move."""
    @property
    def pov_score(self) -> PovScore:
        """The score with its point of view: ``pov_score.goats()`` is the goats' whoever is to move."""
    @property
    def pv(self) -> list[Move]:
        """The principal variation, ``best_move`` first."""
    @property
    def depth(self) -> int:
        """The last completed iteration; 0 when the tables answered alone or the search was stopped before depth 1."""
    @property
    def seldepth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def time(self) -> float:
        """Seconds taken."""
    @property
    def lines(self) -> list[Line]:
        """The ``multipv`` best lines, best first (fewer when there are fewer legal moves)."""

@final
class Progress:
    """A report of a running search: one line of one completed iteration."""

    @property
    def depth(self) -> int: ...
    @property
    def seldepth(self) -> int: ...
    @property
    def multipv(self) -> int:
        """Which line: 1 for the best."""
    @property
    def score(self) -> Score: ...
    @property
    def pov_score(self) -> PovScore:
        """The score with its point of view (``str``: from the goats' side)."""
    @property
    def nodes(self) -> int: ...
    @property
    def nps(self) -> int: ...
    @property
    def time(self) -> float:
        """Seconds since the search started."""
    @property
    def hashfull(self) -> int:
        """How full the transposition table is, in permille."""
    @property
    def pv(self) -> list[Move]: ...

@final
class Evaluation:
    """A static evaluation, without search.

    ``score`` is for the side to move, in thousandths of a result (the unit
    of :attr:`Score.value`): with the network, 1000 times (win - loss), plus
    a progress term of up to ±400 where the network is sure of the result;
    with the classic evaluation, the weighed features on the same scale.
    ``win``, ``draw`` and ``loss`` are the network's probabilities for the
    side to move (None with the classic evaluation). ``str`` shows the score
    from the goats' side, as every score is shown (``+0.01``).
    """

    @property
    def score(self) -> int: ...
    @property
    def pov_score(self) -> PovScore:
        """The score with its point of view: ``str`` from the goats' side, ``expected_result`` in [-1, 1]."""
    @property
    def turn(self) -> Literal["goat", "tiger"]:
        """The side to move of the position evaluated."""
    @property
    def plies_to_end(self) -> float | None:
        """The network's estimate of the plies to the end where it predicts a result.

        None where a draw is at least as likely as a win and as a loss (a
        draw has no end to count to: the start of bagh-chal), with the
        classic evaluation, or with a network without the distance.
        """
    @property
    def win(self) -> float | None: ...
    @property
    def draw(self) -> float | None: ...
    @property
    def loss(self) -> float | None: ...

@final
class Engine:
    """A search engine for one rule set; it keeps its table between searches.

    ``rules`` is a Ruleset or a preset id (None: the tables' rule set, or
    bagh-chal). With ``tablebase`` (tables of the same rule set) it plays
    perfectly where they answer. ``level`` 1 to 20 plays weaker for human
    opponents, choosing among the best moves at random from ``seed`` (None:
    drawn at random; see ``seed``); a level plays without the tables and
    does not limit :meth:`analyse`, which searches as deep as asked, with
    the tables. ``evaluation`` is the static evaluation:
    "default" (the network shipped for bagh-chal, bagh-chal-blocked-loses and
    two-tigers, the classic evaluation elsewhere), "network", "classic", or
    the path of a network file. Options out of range raise
    :class:`EngineError`.
    """

    def __new__(
        cls,
        rules: Ruleset | str | None = None,
        *,
        tablebase: Tablebase | Literal["default"] | None = None,
        threads: int = 1,
        hash_mb: int = 64,
        level: int | None = None,
        seed: int | None = None,
        evaluation: str | os.PathLike[str] | None = None,
    ) -> Engine: ...
    def analyse(
        self,
        board: Game | Position | str,
        *,
        time: float | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        multipv: int = 1,
        progress: Callable[[Progress], object] | None = None,
    ) -> Analysis:
        """The ``multipv`` best lines of ``board`` within the limits (at least one of time, depth, nodes).

        A Game is searched with its history; a Position or a position string
        as the start of a game. Runs without the GIL; ``progress`` hears every
        line of every completed iteration. Ctrl-C stops the search and returns
        its best analysis so far.
        """
    def best_move(
        self,
        board: Game | Position | str,
        *,
        time: float | None = None,
        depth: int | None = None,
        nodes: int | None = None,
    ) -> Move:
        """The move to play (at a level, a seeded choice); Ctrl-C returns the move so far."""
    def new_game(self) -> None:
        """Forgets the transposition table and the move-ordering history."""
    def evaluate(self, board: Game | Position | str) -> Evaluation:
        """The static evaluation of ``board``, without search."""
    @property
    def evaluation(self) -> Literal["network", "classic"]:
        """The static evaluation the search uses."""
    @property
    def rules(self) -> Ruleset: ...
    @property
    def tablebase(self) -> Tablebase | None: ...
    @property
    def threads(self) -> int: ...
    @property
    def hash_mb(self) -> int: ...
    @property
    def level(self) -> int | None: ...
    @property
    def seed(self) -> int:
        """The seed of the level's choices: the one given, or the one drawn."""

@final
class PerfectPlayer:
    """A player that plays perfectly by the tables.

    It chooses among the best moves the tables give (the best value, the
    fastest win, the slowest loss) that the game's history allows: under
    ``forbidden`` a banned move is never chosen. ``style`` picks among equal
    moves: ``"random"`` (seeded) or ``"narrowing"`` (the move that leaves the
    opponent the fewest moves keeping its value). A player of
    :func:`play_match`.

    The tables ignore the game's history (a cycle counts as a draw): under
    the ``forbidden`` repetition policy, bagh-chal's own, play by them alone
    can lose a drawn position once the history bans the moves that hold it.
    So there, in the movement phase, the player plays the move of the
    engine with the same tables, searched with the game's history for about
    ``history_nodes`` nodes (0 turns it off). Beyond its horizon the caveat
    stands.
    """

    def __new__(
        cls,
        tablebase: Tablebase,
        *,
        style: Literal["random", "narrowing"] = "random",
        seed: int = 0,
        history_nodes: int = 20000,
    ) -> PerfectPlayer: ...
    def best_move(self, game: Game) -> Move:
        """The move this player makes in ``game``; EngineError when it is over."""
    def perfect_moves(self, game: Game) -> list[Move]:
        """The best moves of ``game`` by the tables among those its history allows."""
    @property
    def tablebase(self) -> Tablebase: ...
    @property
    def style(self) -> Literal["random", "narrowing"]: ...
    @property
    def seed(self) -> int: ...
    @property
    def history_nodes(self) -> int: ...

class MatchError(BaghError):
    """A match that cannot go on: an opening that cannot be played, or a player that chose an illegal move.

    ``player`` and ``round`` (from 1) name the player and the game of an
    illegal move (None otherwise); the :class:`IllegalMoveError` is the
    cause.
    """

    player: str | None
    round: int | None

@final
class MatchResult:
    """What a match gave, for its first player: wins, draws, losses, Elo, and every game as a record."""

    @property
    def players(self) -> tuple[str, str]: ...
    @property
    def wins(self) -> int: ...
    @property
    def draws(self) -> int:
        """Games drawn, or stopped at ``max_plies``."""
    @property
    def losses(self) -> int: ...
    @property
    def score(self) -> float:
        """(wins + draws / 2) / games."""
    @property
    def elo(self) -> float:
        """The Elo difference of the first player over the second (infinite after a sweep)."""
    @property
    def elo_interval(self) -> tuple[float, float]:
        """The 95% interval of the Elo difference, ``(low, high)``.

        A bound is infinite where the interval reaches a score of 0 or 1,
        which no Elo difference expresses: after a sweep (a 2-0 match, ``elo``
        is ``inf``) the high end is ``inf`` and the low end Wilson's bound
        for a proportion, ``n / (n + 1.96**2)`` of the games (-113.4 Elo for
        2-0); few games with a lopsided score can give an infinite bound too.
        More games give two finite bounds.
        """
    @property
    def records(self) -> list[Record]:
        """Every game, tagged ``Event``, ``Round``, ``Goats``, ``Tigers`` (and ``Termination`` when stopped)."""
    def __len__(self) -> int: ...

_Player: TypeAlias = Engine | int | PerfectPlayer | Callable[[Game], Move | str]

def play_match(
    a: _Player,
    b: _Player,
    *,
    games: int = 2,
    openings: int | Iterable[Game | Position | str] | None = None,
    rules: Ruleset | str | None = None,
    time: float | None = None,
    depth: int | None = None,
    nodes: int | None = None,
    seed: int = 0,
    max_plies: int = 1000,
) -> MatchResult:
    """Plays a match between ``a`` and ``b``: each an Engine, a level (1 to 20), a PerfectPlayer or a callable.

    Games go in pairs from one opening, ``a`` taking the goats first.
    ``openings``: None (random openings of 4 plies), an int (that many random
    plies) or games, positions or position strings used in turn. Engines
    search each move for ``time`` seconds, ``depth`` plies or about ``nodes``
    nodes (0.1 s when none is given). Runs without the GIL; Ctrl-C stops it
    between two moves.
    """

def puzzles(
    tablebase: Tablebase, *, count: int = 20, seed: int = 1, max_depth: int = 10
) -> list[dict[str, Any]]:
    """Verified puzzles: positions of seeded engine games where exactly one legal move keeps the value.

    Each is a dict, as in the file of ``bagh puzzles``: ``rules``, ``moves``
    (from the start), ``position``, ``keeps`` ("win" or "draw"),
    ``solution``, ``refutations`` (the tempting wrong moves: ``move``,
    ``outcome``, ``line`` of perfect play), ``depth`` (the search depth that
    finds the solution, or None), ``nodes``, ``difficulty`` (1 to 5) and
    ``tags``. Fewer than ``count`` when the games held no more. The tables
    ignore a game's history: under ``forbidden`` repetition a "draw" may be
    more.
    """
