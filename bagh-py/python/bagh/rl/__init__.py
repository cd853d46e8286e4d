"""Bagh-Chal for reinforcement learning: actions, masks, observations, environments.

One fixed action space for every rule set (:data:`NUM_ACTIONS` = 289: 25
placements, then every ordered pair of points on one line), numpy
observations of shape :data:`OBSERVATION_SHAPE` and legal-action masks, the
board's eight symmetries as index maps, :class:`VecEnv` (many games stepped
in Rust without the GIL), :class:`MCTS` (a batched tree search calling
your evaluator on batches of leaves), :func:`sample_positions` to label with the
tables (:meth:`bagh.Tablebase.probe_many`), and :func:`evaluate`, which
scores an agent against perfect play (an :class:`AgentReport`: a move is
charged only where some legal move kept the value; the losses that the
``forbidden`` repetition policy forces are counted apart). The encoding, the planes, the
rewards and the auto-reset are described in the docstrings of
:func:`encode`, :func:`observation` and :class:`VecEnv`::

    >>> import bagh, bagh.rl
    >>> bagh.rl.NUM_ACTIONS, bagh.rl.OBSERVATION_SHAPE
    (289, (11, 5, 5))
    >>> bagh.rl.encode("c3"), bagh.rl.decode(12, bagh.Position())
    (12, Move('c3'))
    >>> int(bagh.rl.legal_mask(bagh.Position()).sum())
    21

The adapters :mod:`bagh.rl.pettingzoo` and :mod:`bagh.rl.gymnasium` need
the optional extra ``pip install 'bagh[rl]'``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from bagh._bagh._rl import (
    MCTS,
    AgentReport,
    Rate,
    NetworkEvaluator,
    NUM_ACTIONS,
    OBSERVATION_SHAPE,
    ActionError,
    RLError,
    VecEnv,
    critical_positions,
    decode,
    encode,
    evaluate,
    legal_mask,
    legal_masks,
    observation,
    observations,
    pack,
    sample_positions,
    symmetry_maps,
    unpack,
)

__all__ = [
    "MCTS",
    "AgentReport",
    "Rate",
    "NetworkEvaluator",
    "NUM_ACTIONS",
    "OBSERVATION_SHAPE",
    "ActionError",
    "RLError",
    "Symmetry",
    "VecEnv",
    "critical_positions",
    "decode",
    "encode",
    "evaluate",
    "legal_mask",
    "legal_masks",
    "observation",
    "observations",
    "pack",
    "sample_positions",
    "symmetries",
    "unpack",
]


class Symmetry(NamedTuple):
    """One board symmetry as index maps (int64 arrays).

    For a position ``p`` and its image ``q`` under the symmetry:
    ``observation(q).reshape(-1) == observation(p).reshape(-1)[observation]``
    and ``legal_mask(q) == legal_mask(p)[actions]``; a policy over actions
    maps the same way, and ``points`` maps the 25 points of one plane.
    """

    name: str
    points: npt.NDArray[np.int64]
    observation: npt.NDArray[np.int64]
    actions: npt.NDArray[np.int64]


def symmetries() -> list[Symmetry]:
    """The eight symmetries of the board, identity first.

    Augment a batch of observations ``obs`` (``(n, *OBSERVATION_SHAPE)``)
    and policies ``pi`` (``(n, NUM_ACTIONS)``) with one of them ``s``::

        obs_s = obs.reshape(len(obs), -1)[:, s.observation].reshape(obs.shape)
        pi_s = pi[:, s.actions]
    """
    return [Symmetry(*maps) for maps in symmetry_maps()]
