"""bagh.rl on a Ray cluster: agents evaluated, and self-play run, across machines.

The optional extra ``ray`` (``pip install '.[ray]'`` from bagh's source
tree, or ``pip install 'ray>=2.40'`` beside bagh) brings Ray's core:

- :func:`connect` joins a cluster (``ray start --head`` prints its address)
  or starts one on this machine; a bad address raises :class:`ClusterError`.
- :class:`Tables` says where each worker finds the tables: a directory on
  storage every node sees, or the data package installed on each node
  (:meth:`bagh.Tablebase.default`); a node without them raises
  :class:`TablesNotFoundError`, which names the node.
- :class:`SelfPlayPool` plays self-play games on ``workers`` Ray actors
  (:class:`bagh.rl.VecEnv` and :class:`bagh.rl.MCTS`, an evaluator each
  worker builds from the weights the driver broadcasts once a round) and
  hands the driver the finished games as :class:`Trajectories` (numpy
  arrays), with each worker's throughput; a worker that dies is replaced.
- :func:`evaluate` is :func:`bagh.rl.evaluate` with its critical positions
  and games shared out among ``workers`` Ray actors: the same
  :class:`bagh.rl.AgentReport`, the same figures for the same seeds,
  whatever the number of workers.
"""

from __future__ import annotations

try:
    import ray as _ray
except ImportError as error:  # the extra is not installed
    raise ImportError(
        "bagh.rl.ray needs the ray extra: pip install '.[ray]' "
        "(in bagh's source tree; or pip install 'ray>=2.40')",
        name="ray",
    ) from error

from bagh.rl.ray.cluster import ClusterError, connect
from bagh.rl.ray.evaluate import evaluate
from bagh.rl.ray.selfplay import SelfPlayError, SelfPlayPool, Trajectories, WorkerStats
from bagh.rl.ray.tables import Tables, TablesNotFoundError

del _ray

__all__ = [
    "ClusterError",
    "SelfPlayError",
    "SelfPlayPool",
    "Tables",
    "TablesNotFoundError",
    "Trajectories",
    "WorkerStats",
    "connect",
    "evaluate",
]
