"""Joining a Ray cluster, or starting one on this machine."""

from __future__ import annotations

import logging
import socket

import ray

__all__ = ["ClusterError", "connect"]


class ClusterError(ConnectionError):
    """No Ray cluster could be joined at ``address`` (the message says why)."""

    def __init__(self, address: str, reason: str) -> None:
        super().__init__(f"no Ray cluster at {address!r}: {reason}")
        self.address = address
        self.reason = reason

    def __reduce__(self) -> tuple[type[ClusterError], tuple[str, str]]:
        return (type(self), (self.address, self.reason))


_HOW = "start one with `ray start --head` and pass the address it prints (host:port), or connect() with no address to start a local one"


def _host_port(address: str) -> tuple[str, int]:
    """The head's host and port in ``host:port`` (or ``ray://host:port``)."""
    bare = address.removeprefix("ray://")
    host, colon, port = bare.rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ClusterError(address, f"expected host:port, e.g. 192.168.1.10:6379; {_HOW}")
    return host.strip("[]"), int(port)


def connect(address: str | None = None, *, num_cpus: int | None = None, timeout: float = 5.0) -> str:
    """Joins the Ray cluster at ``address``, or starts one here; returns its address.

    ``address`` is the head's ``host:port`` (what ``ray start --head``
    prints), ``"auto"`` for a cluster started on this machine, or None (or
    ``"local"``) to start a cluster of this machine alone with ``num_cpus``
    CPUs (all by default). Where this process is already connected, nothing
    is joined and the current cluster's address is returned.

    Before Ray is asked to join, the head's port must answer within
    ``timeout`` seconds, so that a wrong address fails fast with
    :class:`ClusterError` instead of Ray's long retries.
    """
    if ray.is_initialized():
        return str(ray.get_runtime_context().gcs_address)
    if address is not None and address not in ("local", "auto"):
        host, port = _host_port(address)
        try:
            with socket.create_connection((host, port), timeout=timeout):
                pass
        except OSError as error:
            raise ClusterError(address, f"{host}:{port} does not answer ({error}); {_HOW}") from None
    try:
        if address is None or address == "local":
            ray.init(num_cpus=num_cpus, include_dashboard=False, logging_level=logging.WARNING)
        else:
            ray.init(address=address, logging_level=logging.WARNING)
    except Exception as error:  # Ray raises ConnectionError, ValueError, RuntimeError, ...
        raise ClusterError(address or "local", f"{error}; {_HOW}") from error
    return str(ray.get_runtime_context().gcs_address)
