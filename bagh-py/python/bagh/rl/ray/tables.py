"""How a worker on any node finds the tables."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass

import bagh

__all__ = ["Tables", "TablesNotFoundError"]


class TablesNotFoundError(bagh.TablebaseError):
    """A node of the cluster could not open the tables: the message names the
    node (its host name and Ray node id) and says how to provide them."""

    def __init__(self, message: str, node: str = "", node_id: str = "") -> None:
        super().__init__(message)
        self.node = node
        self.node_id = node_id

    def __reduce__(self) -> tuple[type[TablesNotFoundError], tuple[str, str, str]]:
        return (type(self), (str(self), self.node, self.node_id))


@dataclass(frozen=True)
class Tables:
    """Where each worker opens the tables: what travels to the nodes.

    ``Tables.at(dir)`` opens the directory ``dir`` (full or compressed
    tables) on every node, so it must be on storage that every node sees
    (NFS, a shared volume) or copied to the same path on each;
    ``Tables.default(rules)`` opens the data package ``bagh-tables-<id>``
    installed on each node (:meth:`bagh.Tablebase.default`). A
    :class:`bagh.Tablebase` given where tables are expected travels as its
    directory, as with ``Tables.at``.
    """

    path: str | None = None
    rules: str | None = None

    @staticmethod
    def at(path: str | os.PathLike[str]) -> Tables:
        """The tables in the directory ``path``, the same path on every node."""
        return Tables(path=os.path.abspath(os.fspath(path)))

    @staticmethod
    def default(rules: bagh.Ruleset | str) -> Tables:
        """The data package of the preset ``rules`` installed on every node."""
        return Tables(rules=rules if isinstance(rules, str) else (rules.preset_id or str(rules)))

    @staticmethod
    def of(tables: Tables | bagh.Tablebase | str | os.PathLike[str]) -> Tables:
        """``tables`` as a :class:`Tables`: a Tablebase or a path by its directory."""
        if isinstance(tables, Tables):
            return tables
        if isinstance(tables, bagh.Tablebase):
            return Tables.at(tables.dir)
        if isinstance(tables, (str, os.PathLike)):
            return Tables.at(tables)
        raise TypeError(
            f"tables: expected bagh.rl.ray.Tables, a bagh.Tablebase or a directory, got {type(tables).__name__}"
        )

    def open(self) -> bagh.Tablebase:
        """Opens the tables on this node, or raises :class:`TablesNotFoundError`."""
        try:
            if self.path is not None:
                return bagh.Tablebase.open(self.path)
            if self.rules is not None:
                return bagh.Tablebase.default(self.rules)
        except (bagh.TablebaseError, OSError) as error:
            raise self._missing(str(error)) from None
        raise TypeError("Tables: give a path (Tables.at) or a preset (Tables.default)")

    def _missing(self, reason: str) -> TablesNotFoundError:
        node = socket.gethostname()
        try:
            import ray

            node_id = str(ray.get_runtime_context().get_node_id())
        except Exception:  # not inside Ray: the host name alone
            node_id = ""
        where = f"node {node}" + (f" (Ray node {node_id})" if node_id else "")
        if self.path is not None:
            how = (
                f"put the tables at {self.path} on every node (shared storage such as NFS, "
                "or a copy at the same path), or install the data package on each node and "
                "use Tables.default(rules)"
            )
        else:
            how = (
                f"install the data package of {self.rules} on every node (make tables-package "
                f"RULES={self.rules}, then pip install the wheel it writes), or put the tables "
                "on shared storage and use Tables.at(dir)"
            )
        return TablesNotFoundError(f"{where} has no tables: {reason}. To provide them: {how}", node, node_id)
