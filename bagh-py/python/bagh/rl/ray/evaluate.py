"""bagh.rl.evaluate with its critical positions and games shared out among Ray actors."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Literal

import bagh
import bagh.rl
import ray
from bagh._bagh._rl import _split_parts

from bagh.rl.ray.cluster import connect
from bagh.rl.ray.tables import Tables

__all__ = ["evaluate"]

_Part = tuple[tuple[int, int], tuple[int, int]]


@ray.remote(num_cpus=1)
class _Evaluator:
    """One worker: opens the tables on its node at its first part, then
    measures the parts it is given."""

    def __init__(self, tables: Tables) -> None:
        self._source = tables
        self._tables: bagh.Tablebase | None = None

    def part(self, policy: Any, part: _Part, options: dict[str, Any]) -> bagh.rl.AgentReport:
        # Opened here rather than in __init__, so that a node without the
        # tables fails this call with TablesNotFoundError, which reaches the
        # driver as itself (an actor's failed start reaches it only as a
        # dead actor).
        if self._tables is None:
            self._tables = self._source.open()
        return bagh.rl.evaluate(policy, self._tables, part=part, **options)


def evaluate(
    policy: Callable[..., Any] | Literal["random"] | int,
    tables: Tables | bagh.Tablebase | str | os.PathLike[str],
    *,
    workers: int = 2,
    positions: int = 1000,
    games: int = 20,
    seed: int = 0,
    first_seed: int = 1_000_000,
    max_plies: int = 300,
    batch: int = 256,
    engine_nodes: int = 20_000,
    inputs: Literal["observations", "games"] = "observations",
) -> bagh.rl.AgentReport:
    """:func:`bagh.rl.evaluate` on a Ray cluster, in ``workers`` actors.

    The critical positions and the games are shared out among ``workers``
    Ray actors (one CPU each, spread over the nodes), each measuring its
    part on its node's tables; the parts merge
    (:meth:`bagh.rl.AgentReport.merge`) into the report that
    :func:`bagh.rl.evaluate` gives with the same arguments: the same
    figures for the same seeds, whatever ``workers``, for a policy that
    answers each game alone (a function of the observations, ``"random"``,
    an engine level).

    What travels: ``policy``, pickled once (``ray.put``) and read by every
    actor, so a callable must pickle (a function or an object holding
    numpy weights does; one defined in ``__main__`` travels by value, one
    from a module needs that module on the nodes); ``tables`` as a
    :class:`Tables` (a path or a preset's name, never the tables
    themselves); each part's report back, as its figures and games.

    Connects to a local cluster (:func:`connect`) unless this process is
    connected already. A node without the tables raises
    :class:`TablesNotFoundError`; an error of the policy or of the tables
    on a worker is raised here as itself.
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers: expected a count of at least 1, got {workers!r}")
    source = Tables.of(tables)
    connect()
    options: dict[str, Any] = dict(
        positions=positions,
        games=games,
        seed=seed,
        first_seed=first_seed,
        max_plies=max_plies,
        batch=batch,
        engine_nodes=engine_nodes,
        inputs=inputs,
    )
    parts = _split_parts(workers, positions, games)
    policy_ref = ray.put(policy)
    actors = [_Evaluator.options(scheduling_strategy="SPREAD").remote(source) for _ in parts]  # type: ignore[attr-defined]
    try:
        refs = [actor.part.remote(policy_ref, part, options) for actor, part in zip(actors, parts)]
        try:
            reports: list[bagh.rl.AgentReport] = ray.get(refs)
        except ray.exceptions.RayTaskError as error:
            # The worker's own exception (TablesNotFoundError, the policy's
            # error, RLError), not Ray's wrapper around it.
            cause = getattr(error, "cause", None)
            if isinstance(cause, Exception):
                raise cause from None
            raise
    finally:
        for actor in actors:
            ray.kill(actor)
    return bagh.rl.AgentReport.merge(reports)
