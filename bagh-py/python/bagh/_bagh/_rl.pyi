"""Type stubs of ``bagh._bagh._rl``: the compiled part of :mod:`bagh.rl` (re-exported there)."""

import os
from collections.abc import Callable, Sequence
from typing import Any, Final, Literal, final

import numpy as np
import numpy.typing as npt

from bagh._bagh import Game, Move, Position, Ruleset
from bagh._bagh._errors import BaghError
from bagh._bagh._tablebase import Tablebase

__all__ = [
    "NUM_ACTIONS",
    "OBSERVATION_SHAPE",
    "RLError",
    "ActionError",
    "encode",
    "decode",
    "legal_mask",
    "observation",
    "legal_masks",
    "observations",
    "symmetry_maps",
    "sample_positions",
    "pack",
    "unpack",
    "VecEnv",
    "MCTS",
    "NetworkEvaluator",
    "Rate",
    "AgentReport",
    "evaluate",
    "critical_positions",
    "_split_parts",
    "_agent_report_from_state",
]

NUM_ACTIONS: Final[int]
"""289: 25 placements, then the 264 ordered pairs of points on one line."""
OBSERVATION_SHAPE: Final[tuple[int, int, int]]
"""(11, 5, 5): planes, ranks (rank 1 first), files (file a first)."""

class RLError(BaghError):
    """An argument of bagh.rl that cannot be used: an array of the wrong shape or dtype, an option out of range."""

class ActionError(RLError):
    """An action that names no legal move.

    ``action`` is the action given, ``position`` the position's text (None
    when the action is out of range), ``env`` the environment's index in a
    :class:`VecEnv` (else None).
    """

    action: int | None
    env: int | None
    position: str | None

_Board = Position | Game

def encode(mv: Move | str) -> int:
    """The action of a move: its point for a placement, its (from, to) pair otherwise."""

def decode(action: int, board: _Board) -> Move:
    """The move ``action`` names in a position or a game; :class:`ActionError` when none."""

def legal_mask(board: _Board) -> npt.NDArray[np.bool_]:
    """The legal-action mask, bool of shape ``(NUM_ACTIONS,)``; a game's honours repetition and its end."""

def observation(board: _Board) -> npt.NDArray[np.float32]:
    """The observation, float32 of shape ``OBSERVATION_SHAPE``."""

def legal_masks(
    boards: Sequence[_Board], out: npt.NDArray[np.bool_] | None = None
) -> npt.NDArray[np.bool_]:
    """The masks of many boards, written into ``out`` (``(len(boards), NUM_ACTIONS)``) or a new array."""

def observations(
    boards: Sequence[_Board], out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """The observations of many boards, written into ``out`` (``(len(boards), *OBSERVATION_SHAPE)``) or a new array."""

def symmetry_maps() -> list[
    tuple[str, npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]
]:
    """(name, points, observation, actions) of each symmetry, identity first; see ``bagh.rl.symmetries``."""

def sample_positions(
    rules: Ruleset | str,
    n: int,
    *,
    phase: Literal["placement", "movement", "any"] = "any",
    seed: int = 0,
) -> list[Position]:
    """``n`` unfinished positions of random games in ``phase``; a seed gives the same positions."""

def pack(positions: Sequence[Position]) -> npt.NDArray[np.uint64]:
    """Each position in one uint64 (61 bits: tigers, goats, side, in hand, captured; not the rule set)."""

def unpack(codes: Sequence[int] | npt.NDArray[np.uint64], rules: Ruleset | str) -> list[Position]:
    """The positions of ``pack`` codes under ``rules``; a code that fits no position raises SetupError."""

@final
class VecEnv:
    """Many games of one rule set stepped at once, in Rust, without the GIL.

    ``opponent`` None is self-play (both sides act through :meth:`step`,
    rewards for the side that moved); ``"random"``, an engine level 1-20 or
    ``"perfect"`` (with ``tablebase=``) answers the agent, who plays
    ``side``. Auto-reset is next-step: the step after a game ends ignores
    that environment's action and returns the first observation of a new
    game; the step that ends a game gives its row the mask of the start
    position, so that a masked sampler always finds an action. The arrays
    returned are the same objects at every step.
    """

    def __new__(
        cls,
        num_envs: int,
        rules: Ruleset | str = "bagh-chal",
        *,
        seed: int = 0,
        max_plies: int | None = None,
        opponent: None | Literal["random", "perfect"] | int = None,
        side: Literal["goat", "tiger"] | None = None,
        tablebase: Tablebase | None = None,
        threads: int = 1,
    ) -> VecEnv: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def rules(self) -> Ruleset: ...
    def reset(
        self, *, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Starts a new game everywhere: ``(observations, info)``; ``info`` has ``action_mask`` and ``to_play``."""
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One action per environment: ``(observations, rewards, terminated, truncated, info)``."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action per environment (0 where the next step resets)."""
    def game(self, env: int) -> Game:
        """A copy of environment ``env``'s game."""

_Evaluator = Callable[
    [npt.NDArray[np.float32], npt.NDArray[np.bool_]],
    tuple[npt.ArrayLike, npt.ArrayLike],
]

@final
class NetworkEvaluator:
    """The engine's evaluation network as an ``MCTS`` evaluator.

    Called with ``(observations, masks)``, it returns zero policy logits (a
    uniform prior over the legal moves) and each observation's value for
    its side to move, P(win) - P(loss) by the network. ``network``: a
    network file instead of the one shipped for ``rules``.
    """

    def __new__(
        cls, rules: Ruleset | str | None = None, *, network: str | os.PathLike[str] | None = None
    ) -> NetworkEvaluator: ...
    @property
    def rules(self) -> Ruleset: ...
    def __call__(
        self, observations: npt.ArrayLike, masks: npt.ArrayLike
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]: ...

@final
class MCTS:
    """A batched tree search in Rust: PUCT as in AlphaZero, optionally a Gumbel root.

    ``search`` hands batches of up to ``batch_size`` leaves to
    ``evaluate(observations, masks) -> (policy_logits, values)`` (values for
    each leaf's side to move) and releases the GIL in between.
    """

    def __new__(
        cls,
        rules: Ruleset | str = "bagh-chal",
        *,
        simulations: int = 800,
        c_puct: float = 1.25,
        dirichlet_alpha: float = 0.3,
        dirichlet_weight: float = 0.0,
        batch_size: int = 256,
        seed: int = 0,
        gumbel: bool = False,
        considered: int = 16,
    ) -> MCTS: ...
    @property
    def rules(self) -> Ruleset: ...
    def search(
        self, boards: Sequence[_Board], evaluate: _Evaluator
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.int64]]:
        """``(policies, values, actions)``: visit shares (Gumbel: the improved policy), root values, actions to play (-1 when over).

        ``evaluate`` answers values in [-1, 1]; NaN, a value outside it, or a NaN logit of a legal action raises ``RLError``."""

@final
class Rate:
    """A share with its 95% interval (Wilson's score interval)."""

    @property
    def count(self) -> int:
        """The cases counted."""
    @property
    def total(self) -> int:
        """The cases in all."""
    @property
    def share(self) -> float:
        """count / total (0 with no case)."""
    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the share, ``(low, high)``."""

@final
class AgentReport:
    """What :func:`evaluate` measured."""

    @property
    def critical(self) -> dict[str, Rate]:
        """Critical positions kept: ``"placement goats"``, ``"placement tigers"``, ``"movement goats"``, ``"movement tigers"``, ``"all"``."""
    @property
    def games_kept(self) -> dict[str, Rate]:
        """Games with no slip of the agent's own (a loss the history forced does not count), by the perfect player's style: ``"random"``, ``"narrowing"``."""
    @property
    def games_forced(self) -> dict[str, Rate]:
        """Games where the history forced at least one loss of the tables' value on the agent: ``"random"``, ``"narrowing"``."""
    @property
    def games(self) -> list[dict[str, Any]]:
        """Each game: ``opponent``, ``side``, ``result`` (for the agent), ``losing_moves`` (slips), ``forced_losses``, ``agent_moves``, ``record``."""
    @property
    def losing_moves(self) -> Rate:
        """The agent's slips among all its game moves: moves that gave away a value that some legal move kept."""
    @property
    def losing_moves_per_1000(self) -> float:
        """Value-losing moves (slips) per 1,000 of the agent's game moves."""
    @property
    def forced_losses(self) -> Rate:
        """The tables' value lost by a best legal move where the history (``forbidden``) had banned every move that keeps it, among all the agent's game moves."""
    @property
    def forced_losses_per_1000(self) -> float:
        """Forced losses per 1,000 of the agent's game moves."""
    @property
    def seeds(self) -> tuple[int, int]:
        """The first and the next unused seed of the critical positions."""
    @property
    def part(self) -> tuple[tuple[int, int], tuple[int, int]] | None:
        """For a part's report (``evaluate(..., part=...)``), its critical positions and games as ``((start, stop), (start, stop))``; None for a whole report."""
    @staticmethod
    def merge(parts: Sequence[AgentReport]) -> AgentReport:
        """The report of the whole from the reports of parts that tile it, in any order: the figures of one ``evaluate`` of the whole.

        Raises :class:`RLError` when the parts leave positions or games out,
        count some twice, or come from different measurements.
        """
    def to_markdown(self) -> str:
        """The figures as a Markdown table with their 95% intervals."""
    def __reduce__(self) -> tuple[Any, ...]: ...

def _agent_report_from_state(state: tuple[Any, ...]) -> AgentReport: ...
def _split_parts(count: int, positions: int, games: int) -> list[tuple[tuple[int, int], tuple[int, int]]]: ...

_Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.bool_]], Any]
_GamesPolicy = Callable[[list[Game]], Any]

def evaluate(
    policy: _Policy | _GamesPolicy | Literal["random"] | int,
    tablebase: Tablebase,
    *,
    positions: int = 1000,
    games: int = 20,
    seed: int = 0,
    first_seed: int = 1_000_000,
    max_plies: int = 300,
    batch: int = 256,
    engine_nodes: int = 20_000,
    inputs: Literal["observations", "games"] = "observations",
    part: tuple[tuple[int, int], tuple[int, int]] | None = None,
) -> AgentReport:
    """Scores ``policy`` against perfect play, each figure with a 95% interval.

    The share of a fixed, seeded set of critical positions (positions of
    random games ``first_seed..`` where some move gives the value away)
    where the agent's move keeps the value, by phase and side; ``games``
    games against each perfect player's style (half as the goats; they
    play by the tables alone, ``history_nodes=0``, as the benchmark defines
    them); and
    value-losing moves per 1,000: moves that gave away a value some legal
    move kept. Where the history (``forbidden``) banned every move that
    keeps the value, a best legal move is no slip: such losses are counted
    apart (``forced_losses``). ``policy`` maps a batch of observations
    and masks to legal actions (with ``inputs="games"``, a list of games,
    copies, to their legal actions: an agent that searches), or is
    ``"random"`` or an engine level
    (1 to 20, ``engine_nodes`` nodes a move): the reference rows; random
    play and the levels draw from ``seed`` and the game, so that each game
    gets the same move whatever else is asked with it. The
    tables may be full or compressed; they ignore a game's history.

    ``part=((start, stop), (start, stop))`` measures only those critical
    positions and games (indices into ``2 * games``, the games against the
    random perfect player first); :meth:`AgentReport.merge` joins parts
    that tile the whole into the report of the whole, the same figures for
    a policy that answers each game alone (``bagh.rl.ray.evaluate`` runs
    the parts on a Ray cluster).
    """

def critical_positions(
    tablebase: Tablebase, count: int = 1000, first_seed: int = 1_000_000
) -> list[tuple[Position, list[Move]]]:
    """The fixed set :func:`evaluate` judges: ``count`` positions of the seeded random games ``first_seed..`` where some legal move gives the value away, each with the moves that keep it."""
