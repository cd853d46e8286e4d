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


# HTTP/2's client preface and an empty SETTINGS frame: every gRPC server,
# and so a Ray head, answers with a SETTINGS frame of its own. Ray itself,
# given a port where something else listens, retries for minutes and then
# ends the process.
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])


def _speaks_http2(probe: socket.socket) -> bool:
    """Whether the server on ``probe`` answers HTTP/2's preface with a
    SETTINGS frame (within the socket's timeout)."""
    probe.sendall(_HTTP2_PREFACE)
    header = b""
    while len(header) < 9:
        chunk = probe.recv(9 - len(header))
        if not chunk:
            return False
        header += chunk
    return header[3] == 4


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
            probe = socket.create_connection((host, port), timeout=timeout)
        except OSError as error:
            raise ClusterError(address, f"{host}:{port} does not answer ({error}); {_HOW}") from None
        with probe:
            try:
                grpc = _speaks_http2(probe)
            except OSError:  # silent past the timeout, or the connection reset
                grpc = False
        if not grpc:
            raise ClusterError(
                address, f"{host}:{port} answers, but not as a Ray head (no gRPC there); {_HOW}"
            )
    try:
        if address is None or address == "local":
            ray.init(num_cpus=num_cpus, include_dashboard=False, logging_level=logging.WARNING)
        else:
            ray.init(address=address, logging_level=logging.WARNING)
    except Exception as error:  # Ray raises ConnectionError, ValueError, RuntimeError, ...
        raise ClusterError(address or "local", f"{error}; {_HOW}") from error
    return str(ray.get_runtime_context().gcs_address)
