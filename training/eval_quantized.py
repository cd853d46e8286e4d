"""The integer network the engine reads: quantization, the `.bnn` file, and
the engine's integer inference simulated exactly."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import json
import math
import struct
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
from eval_formats import *  # noqa: F403
from eval_board import *  # noqa: F403
from eval_model import *  # noqa: F403

# ---------------------------------------------------------------- the quantized network


@dataclasses.dataclass
class QuantNet:
    """The integer network as the engine reads it; matrices are [output][input] except w1, [input][output]."""

    rules: bytes
    w1: npt.NDArray[np.int16]  # [N_INPUTS][128]
    b1: npt.NDArray[np.int16]  # [128]
    w2: npt.NDArray[np.int16]  # [2][32][128]
    b2: npt.NDArray[np.int32]  # [2][32]
    w3: npt.NDArray[np.int16]  # [2][32][32]
    b3: npt.NDArray[np.int32]  # [2][32]
    w4: npt.NDArray[np.int16]  # [2][4][32]
    b4: npt.NDArray[np.int32]  # [2][4]


def _quantize(values: FArr, scale: float, dtype: type[np.signedinteger[Any]], name: str) -> Any:
    """round(values * scale) (half to even) as dtype; out-of-range values are an error, not wrapped."""
    q = np.rint(values.astype(np.float64) * scale)
    info = np.iinfo(dtype)
    if q.size and (q.min() < info.min or q.max() > info.max):
        raise ValueError(f"{name} out of range for {np.dtype(dtype).name}: {q.min()}..{q.max()}")
    return q.astype(dtype)


def quantize(p: Params, rules: bytes) -> QuantNet:
    return QuantNet(
        rules=rules,
        w1=_quantize(p.w1, W1_SCALE, np.int16, "W1"),
        b1=_quantize(p.b1, W1_SCALE, np.int16, "b1"),
        w2=_quantize(p.w2.transpose(0, 2, 1), HIDDEN_SCALE, np.int16, "W2"),
        b2=_quantize(p.b2, ACT_SCALE * HIDDEN_SCALE, np.int32, "b2"),
        w3=_quantize(p.w3.transpose(0, 2, 1), HIDDEN_SCALE, np.int16, "W3"),
        b3=_quantize(p.b3, ACT_SCALE * HIDDEN_SCALE, np.int32, "b3"),
        w4=_quantize(p.w4.transpose(0, 2, 1), OUT_SCALE, np.int16, "W4"),
        b4=_quantize(p.b4, ACT_SCALE * OUT_SCALE, np.int32, "b4"),
    )


def net_file_size(rules_len: int) -> int:
    """Bytes of a .bnn file: header, rules, the integer arrays, the CRC trailer."""
    per_bucket = 2 * H2 * H1 + 4 * H2 + 2 * H3 * H2 + 4 * H3 + 2 * N_OUT * H3 + 4 * N_OUT
    return NET_HEADER.size + rules_len + 2 * N_INPUTS * H1 + 2 * H1 + BUCKETS * per_bucket + 4


def serialize(q: QuantNet) -> bytes:
    """The .bnn file: little-endian header, rules, W1q, b1q, per bucket W2q b2q W3q b3q W4q b4q, CRC-32."""
    parts = [
        NET_HEADER.pack(NET_MAGIC, NET_VERSION, N_INPUTS, H1, H2, H3, N_OUT, BUCKETS, len(q.rules)),
        q.rules,
        q.w1.astype("<i2").tobytes(),
        q.b1.astype("<i2").tobytes(),
    ]
    for s in range(BUCKETS):
        parts += [
            q.w2[s].astype("<i2").tobytes(),
            q.b2[s].astype("<i4").tobytes(),
            q.w3[s].astype("<i2").tobytes(),
            q.b3[s].astype("<i4").tobytes(),
            q.w4[s].astype("<i2").tobytes(),
            q.b4[s].astype("<i4").tobytes(),
        ]
    body = b"".join(parts)
    data = body + struct.pack("<I", zlib.crc32(body))
    assert len(data) == net_file_size(len(q.rules))
    return data


def parse_net(data: bytes, name: str = "network") -> QuantNet:
    """Read a .bnn file back, checking magic, version, dimensions, size and CRC."""
    if len(data) < NET_HEADER.size + 4:
        raise FormatError(f"{name}: too short ({len(data)} bytes)")
    magic, version, inputs, h1, h2, h3, outputs, buckets, rules_len = NET_HEADER.unpack_from(data)
    if magic != NET_MAGIC:
        raise FormatError(f"{name}: bad magic {magic!r}")
    if version != NET_VERSION:
        raise FormatError(f"{name}: unsupported version {version}")
    if (inputs, h1, h2, h3, outputs, buckets) != (N_INPUTS, H1, H2, H3, N_OUT, BUCKETS):
        raise FormatError(f"{name}: dimensions {(inputs, h1, h2, h3, outputs, buckets)} differ from this trainer's")
    if len(data) != net_file_size(rules_len):
        raise FormatError(f"{name}: {len(data)} bytes, expected {net_file_size(rules_len)}")
    (crc,) = struct.unpack_from("<I", data, len(data) - 4)
    if crc != zlib.crc32(data[:-4]):
        raise FormatError(f"{name}: CRC mismatch")
    offset = NET_HEADER.size
    rules = data[offset : offset + rules_len]
    offset += rules_len

    def take(dtype: str, shape: tuple[int, ...]) -> Any:
        nonlocal offset
        count = math.prod(shape)
        arr = np.frombuffer(data, dtype=dtype, count=count, offset=offset).reshape(shape)
        offset += count * np.dtype(dtype).itemsize
        return arr.astype(np.dtype(dtype).newbyteorder("="))

    w1 = take("<i2", (N_INPUTS, H1))
    b1 = take("<i2", (H1,))
    w2, b2, w3, b3, w4, b4 = [], [], [], [], [], []
    for _ in range(BUCKETS):
        w2.append(take("<i2", (H2, H1)))
        b2.append(take("<i4", (H2,)))
        w3.append(take("<i2", (H3, H2)))
        b3.append(take("<i4", (H3,)))
        w4.append(take("<i2", (N_OUT, H3)))
        b4.append(take("<i4", (N_OUT,)))
    assert offset == len(data) - 4
    return QuantNet(
        rules, w1, b1, np.stack(w2), np.stack(b2), np.stack(w3), np.stack(b3), np.stack(w4), np.stack(b4)
    )


def quant_logits(q: QuantNet, records: Records, features: Features, batch: int = 65536) -> F64:
    """The engine's integer inference on every record, in file order.

    The matrix products run in float64, which is exact here: every partial
    sum is an integer far below 2**53 (at most 29 * 508 for the accumulator,
    128 * 127 * 127 plus the bias for the hidden layers).
    """
    out: F64 = np.empty((len(records), N_OUT), dtype=np.float64)
    w1 = q.w1.astype(np.float64)
    b1 = q.b1.astype(np.float64)
    for s, idx in grouped_batches(records, batch):
        x = features.build(records[idx]).astype(np.float64)
        acc = x @ w1 + b1
        lo, hi = float(acc.min()), float(acc.max())
        if lo < -32768 or hi > 32767:
            raise RuntimeError(f"accumulator outside int16: {lo}..{hi}")
        a = np.clip(acc, 0, ACT_SCALE)
        pre2 = (a @ q.w2[s].T.astype(np.float64) + q.b2[s]).astype(np.int64)
        h2 = np.clip(pre2 >> HIDDEN_SHIFT, 0, ACT_SCALE).astype(np.float64)
        pre3 = (h2 @ q.w3[s].T.astype(np.float64) + q.b3[s]).astype(np.int64)
        h3 = np.clip(pre3 >> HIDDEN_SHIFT, 0, ACT_SCALE).astype(np.float64)
        out4 = (h3 @ q.w4[s].T.astype(np.float64) + q.b4[s]).astype(np.int64)
        out[idx] = out4 / float(ACT_SCALE * OUT_SCALE)
    return out


def quant_logits_reference(q: QuantNet, record: np.void) -> list[float]:
    """One position through the integer network in int64 arithmetic, step by step as the engine does it."""
    tigers, goats = int(record["tigers"]), int(record["goats"])
    active = [F_TIGER + i for i in range(POINTS) if tigers >> i & 1]
    active += [F_GOAT + i for i in range(POINTS) if goats >> i & 1]
    active.append(F_HAND + min(int(record["in_hand"]), HAND_MAX))
    active.append(F_CAPTURED + min(int(record["captured"]), CAPTURED_MAX))
    side = int(record["side"])
    if side:
        active.append(F_SIDE)
    if N_INPUTS == INPUTS_WITH_ATTACKS:
        active += [F_ATTACKED + i for i in attacked_points(tigers, goats)]
    acc = q.b1.astype(np.int64)
    for feature in active:
        acc = acc + q.w1[feature]
        if acc.min() < -32768 or acc.max() > 32767:
            raise RuntimeError("accumulator outside int16")
    a = np.clip(acc, 0, ACT_SCALE)
    h2 = np.clip((q.w2[side].astype(np.int64) @ a + q.b2[side]) >> HIDDEN_SHIFT, 0, ACT_SCALE)
    h3 = np.clip((q.w3[side].astype(np.int64) @ h2 + q.b3[side]) >> HIDDEN_SHIFT, 0, ACT_SCALE)
    out = q.w4[side].astype(np.int64) @ h3 + q.b4[side]
    return [int(v) / (ACT_SCALE * OUT_SCALE) for v in out]
