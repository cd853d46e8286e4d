#!/usr/bin/env python3
"""Train the engine's evaluation network from the position files of `bagh datagen`.

    python3 training/train_eval.py --data DIR [--epochs N] [--seed S] [--threads T]
        [--batch B] [--lr LR] [--weight-decay WD] [--limit N]
        [--out NET.bnn] [--check NET.check] [--report REPORT.json]
    python3 training/train_eval.py --self-test

DIR holds `train.bpos`, `validation.bpos` and `heldout.bpos`. The network
predicts loss / draw / win for the side to move:

    91 inputs -> 128 (accumulator, shared) -> 32 -> 32 -> 3

with clipped-ReLU activations and one copy of the last three layers per side
to move. It is trained in float32 with Adam on softmax cross-entropy, each
training position seen under a random one of the 8 symmetries of the board in
every epoch, and then quantized to the integer format the engine reads
(`--out`). The held-out accuracy is reported for the float model, for the
quantized model (simulated exactly as the engine computes it) and for the
trivial majority-class baseline. `--check` writes the float model's
probabilities for the first 512 held-out positions, for the engine's tests.

Only numpy and the standard library are needed. Results are reproducible for
the same `--seed`, the same data and the same numpy / BLAS build and thread
count: `--threads` (default 1) sets OPENBLAS_NUM_THREADS, OMP_NUM_THREADS and
MKL_NUM_THREADS before numpy is imported, because the summation order of a
threaded BLAS changes the low bits of every product.
"""

from __future__ import annotations

import os
import sys


def _threads_from_argv(argv: list[str]) -> str:
    """The value of `--threads` in argv, "1" without one (BLAS must be told before numpy loads)."""
    value = "1"
    for i, arg in enumerate(argv):
        if arg == "--threads" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--threads="):
            value = arg.split("=", 1)[1]
    return value if value.isdigit() and int(value) > 0 else "1"


_THREADS = _threads_from_argv(sys.argv[1:])
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = _THREADS

import argparse  # noqa: E402
import contextlib  # noqa: E402
import dataclasses  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import struct  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import zlib  # noqa: E402
from pathlib import Path  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any, NamedTuple  # noqa: E402

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
FArr = npt.NDArray[np.floating[Any]]
I64 = npt.NDArray[np.int64]
U32 = npt.NDArray[np.uint32]
Records = npt.NDArray[np.void]

# ---------------------------------------------------------------- formats

POS_MAGIC = b"BAGHPOS\0"
POS_VERSION = 1
POS_HEADER = struct.Struct("<8sIIQII")  # magic, version, record_bytes, count, header_bytes, rules_len
RECORD_DTYPE = np.dtype(
    [
        ("tigers", "<u4"),
        ("goats", "<u4"),
        ("in_hand", "u1"),
        ("captured", "u1"),
        ("side", "u1"),
        ("value", "u1"),
        ("distance", "<u2"),
        ("ply", "<u2"),
    ]
)
assert RECORD_DTYPE.itemsize == 16
SPLITS = ("train", "validation", "heldout")

NET_MAGIC = b"BAGHNET\0"
NET_VERSION = 1
NET_HEADER = struct.Struct("<8sIIIIIIII")  # magic, version, inputs, h1, h2, h3, outputs, buckets, rules_len

POINTS = 25
N_INPUTS = 91
H1 = 128
H2 = 32
H3 = 32
N_OUT = 3
BUCKETS = 2
F_TIGER = 0
F_GOAT = 25
F_HAND = 50
HAND_MAX = 31
F_CAPTURED = 82
CAPTURED_MAX = 7
F_SIDE = 90
assert F_HAND + HAND_MAX + 1 == F_CAPTURED and F_CAPTURED + CAPTURED_MAX + 1 == F_SIDE
assert F_SIDE + 1 == N_INPUTS

# Scales of the integer network: activations 0..127 stand for 0..1.
ACT_SCALE = 127
W1_SCALE = 127
HIDDEN_SHIFT = 10
HIDDEN_SCALE = 1 << HIDDEN_SHIFT  # 1024
OUT_SCALE = 1024
CHECK_POSITIONS = 512


class FormatError(Exception):
    """A position or network file that does not follow its format."""


# ---------------------------------------------------------------- position files


@dataclasses.dataclass(frozen=True)
class PositionFile:
    path: Path
    rules: bytes
    records: Records


def read_positions(path: Path) -> PositionFile:
    """Parse and check the header of a .bpos file, then map its records as one structured array."""
    try:
        size = path.stat().st_size
        with path.open("rb") as f:
            head = f.read(POS_HEADER.size)
            if len(head) < POS_HEADER.size:
                raise FormatError(f"{path}: too short for a header ({size} bytes)")
            magic, version, record_bytes, count, header_bytes, rules_len = POS_HEADER.unpack(head)
            if magic != POS_MAGIC:
                raise FormatError(f"{path}: bad magic {magic!r}, expected {POS_MAGIC!r}")
            if version != POS_VERSION:
                raise FormatError(f"{path}: unsupported version {version}, expected {POS_VERSION}")
            if record_bytes != RECORD_DTYPE.itemsize:
                raise FormatError(f"{path}: record size {record_bytes}, expected {RECORD_DTYPE.itemsize}")
            if header_bytes % 16 != 0 or header_bytes < POS_HEADER.size + rules_len:
                raise FormatError(
                    f"{path}: header size {header_bytes} is not a multiple of 16 "
                    f"holding {POS_HEADER.size} + {rules_len} bytes"
                )
            rest = f.read(header_bytes - POS_HEADER.size)
    except OSError as e:
        raise FormatError(f"{path}: {e.strerror or e}") from e
    if len(rest) < header_bytes - POS_HEADER.size:
        raise FormatError(f"{path}: truncated header ({size} bytes, header of {header_bytes})")
    rules = rest[:rules_len]
    if any(rest[rules_len:]):
        raise FormatError(f"{path}: non-zero padding after the rules text")
    try:
        rules.decode("utf-8")
    except UnicodeDecodeError as e:
        raise FormatError(f"{path}: rules text is not UTF-8 ({e})") from e
    expected = header_bytes + count * record_bytes
    if size < expected:
        raise FormatError(
            f"{path}: truncated: {count} records need {expected} bytes, the file has {size}"
        )
    if size > expected:
        raise FormatError(f"{path}: {size - expected} bytes after the {count} records")
    records = np.fromfile(path, dtype=RECORD_DTYPE, offset=header_bytes, count=count)
    if len(records) != count:
        raise FormatError(f"{path}: read {len(records)} records of {count}")
    check_records(path, records)
    return PositionFile(path, rules, records)


def check_records(path: Path, records: Records) -> None:
    """Reject records the features cannot stand for (bits past point 24, overlaps, bad labels)."""
    tigers = records["tigers"]
    goats = records["goats"]
    problems = [
        ((tigers >> POINTS) != 0, "tiger bits beyond point 24"),
        ((goats >> POINTS) != 0, "goat bits beyond point 24"),
        ((tigers & goats) != 0, "a tiger and a goat on the same point"),
        (records["side"] > 1, "side to move not 0 or 1"),
        (records["value"] > 2, "value not 0, 1 or 2"),
    ]
    for bad, what in problems:
        where = np.flatnonzero(bad)
        if len(where):
            raise FormatError(f"{path}: record {int(where[0])}: {what} ({len(where)} such records)")


def write_positions(path: Path, rules: bytes, records: Records) -> None:
    """Write a .bpos file (the self-test's round trip; `bagh datagen` writes the real ones)."""
    header_bytes = -(-(POS_HEADER.size + len(rules)) // 16) * 16
    head = POS_HEADER.pack(POS_MAGIC, POS_VERSION, RECORD_DTYPE.itemsize, len(records), header_bytes, len(rules))
    head += rules
    head += bytes(header_bytes - len(head))
    with path.open("wb") as f:
        f.write(head)
        f.write(np.ascontiguousarray(records, dtype=RECORD_DTYPE).tobytes())


def load_data(directory: Path) -> tuple[bytes, dict[str, Records]]:
    """The three splits of a data directory, all of the same rule set."""
    files = {name: read_positions(directory / f"{name}.bpos") for name in SPLITS}
    rules = files["train"].rules
    for name in SPLITS:
        if files[name].rules != rules:
            raise FormatError(
                f"{files[name].path}: rules {files[name].rules.decode()!r} differ from "
                f"{files['train'].path}'s {rules.decode()!r}"
            )
    if len(files["train"].records) == 0:
        raise FormatError(f"{files['train'].path}: no training records")
    return rules, {name: f.records for name, f in files.items()}


# ---------------------------------------------------------------- symmetries


def symmetry_permutations() -> npt.NDArray[np.intp]:
    """The 8 symmetries of the 5x5 board as permutations: perm[g][i] is the point that point i moves to."""
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda f, r: (f, r),  # identity
        lambda f, r: (4 - r, f),  # rotation by 90 degrees
        lambda f, r: (4 - f, 4 - r),  # rotation by 180 degrees
        lambda f, r: (r, 4 - f),  # rotation by 270 degrees
        lambda f, r: (4 - f, r),  # mirror in the vertical axis (files reversed)
        lambda f, r: (f, 4 - r),  # mirror in the horizontal axis (ranks reversed)
        lambda f, r: (r, f),  # mirror in the diagonal a1-e5
        lambda f, r: (4 - r, 4 - f),  # mirror in the diagonal a5-e1
    ]
    perms = np.empty((len(maps), POINTS), dtype=np.intp)
    for g, m in enumerate(maps):
        for i in range(POINTS):
            f2, r2 = m(i % 5, i // 5)
            perms[g, i] = r2 * 5 + f2
    return perms


def check_symmetry_group(perms: npt.NDArray[np.intp]) -> None:
    """Distinct bijections, with the identity, closed under composition: the dihedral group of the square."""
    as_tuples = [tuple(int(v) for v in p) for p in perms]
    if len(set(as_tuples)) != len(as_tuples):
        raise AssertionError("symmetries are not distinct")
    for p in as_tuples:
        if sorted(p) != list(range(POINTS)):
            raise AssertionError(f"symmetry {p} is not a bijection of the 25 points")
    if tuple(range(POINTS)) not in as_tuples:
        raise AssertionError("the identity is missing")
    members = set(as_tuples)
    for p in perms:
        for q in perms:
            if tuple(int(v) for v in p[q]) not in members:
                raise AssertionError("symmetries are not closed under composition")
    for p in perms:
        inverse = np.argsort(p)
        if tuple(int(v) for v in inverse) not in members:
            raise AssertionError("a symmetry's inverse is missing")


def symmetry_tables(perms: npt.NDArray[np.intp]) -> U32:
    """table[g, k, v]: the image under symmetry g of the bits v of byte k of a board word."""
    table = np.zeros((len(perms), 4, 256), dtype=np.uint32)
    values = np.arange(256)
    for g in range(len(perms)):
        for k in range(4):
            for j in range(8):
                point = 8 * k + j
                if point >= POINTS:
                    break
                hit = ((values >> j) & 1).astype(bool)
                table[g, k, hit] |= np.uint32(1 << int(perms[g, point]))
    return table


def transform_boards(table: U32, words: U32, sym: npt.NDArray[np.integer[Any]]) -> U32:
    """Apply symmetry sym[n] to board word words[n], one byte-table look-up per byte."""
    b = np.ascontiguousarray(words, dtype="<u4").view(np.uint8).reshape(-1, 4)
    out: U32 = table[sym, 0, b[:, 0]]
    out |= table[sym, 1, b[:, 1]]
    out |= table[sym, 2, b[:, 2]]
    out |= table[sym, 3, b[:, 3]]
    return out


# ---------------------------------------------------------------- features


class Features:
    """Builds the 91 float inputs of a batch of records into a reused buffer."""

    def __init__(self, capacity: int) -> None:
        self.table = symmetry_tables(symmetry_permutations())
        self.buffer: F32 = np.zeros((capacity, N_INPUTS), dtype=np.float32)

    def build(self, records: Records, sym: npt.NDArray[np.integer[Any]] | None = None) -> F32:
        n = len(records)
        if n > len(self.buffer):
            self.buffer = np.zeros((n, N_INPUTS), dtype=np.float32)
        x = self.buffer[:n]
        x.fill(0.0)
        tigers: U32 = np.ascontiguousarray(records["tigers"], dtype="<u4")
        goats: U32 = np.ascontiguousarray(records["goats"], dtype="<u4")
        if sym is not None:
            tigers = transform_boards(self.table, tigers, sym)
            goats = transform_boards(self.table, goats, sym)
        x[:, F_TIGER : F_TIGER + POINTS] = unpack_points(tigers)
        x[:, F_GOAT : F_GOAT + POINTS] = unpack_points(goats)
        rows = np.arange(n)
        x[rows, F_HAND + np.minimum(records["in_hand"], HAND_MAX)] = 1.0
        x[rows, F_CAPTURED + np.minimum(records["captured"], CAPTURED_MAX)] = 1.0
        x[:, F_SIDE] = records["side"]
        return x


def unpack_points(words: U32) -> npt.NDArray[np.uint8]:
    """(n, 25) array of the bits 0..24 of each word."""
    b = np.ascontiguousarray(words, dtype="<u4").view(np.uint8).reshape(-1, 4)
    bits: npt.NDArray[np.uint8] = np.unpackbits(b, axis=1, bitorder="little")
    return bits[:, :POINTS]


# ---------------------------------------------------------------- the float network

class Tensor(NamedTuple):
    """One parameter array: |value| <= bound after every step keeps its quantized form in range."""

    name: str
    shape: tuple[int, ...]
    bound: float
    decays: bool


LAYOUT = [
    Tensor("w1", (N_INPUTS, H1), 4.0, True),
    Tensor("b1", (H1,), 4.0, False),
    Tensor("w2", (BUCKETS, H1, H2), 4.0, True),
    Tensor("b2", (BUCKETS, H2), 127.0, False),
    Tensor("w3", (BUCKETS, H2, H3), 4.0, True),
    Tensor("b3", (BUCKETS, H3), 127.0, False),
    Tensor("w4", (BUCKETS, H3, N_OUT), 31.0, True),
    Tensor("b4", (BUCKETS, N_OUT), 127.0, False),
]
PARAM_COUNT = sum(math.prod(t.shape) for t in LAYOUT)


class Params:
    """All weights in one flat vector (for Adam and clipping), with a named view per layer.

    w1 [91][128] and b1 [128] are the shared accumulator; w2 [2][128][32],
    w3 [2][32][32], w4 [2][32][3] and their biases have one copy per side to
    move. A layer computes x @ w + b.
    """

    def __init__(self, dtype: type[np.floating[Any]] = np.float32) -> None:
        self.flat: FArr = np.zeros(PARAM_COUNT, dtype=dtype)
        views: dict[str, FArr] = {}
        offset = 0
        for t in LAYOUT:
            size = math.prod(t.shape)
            views[t.name] = self.flat[offset : offset + size].reshape(t.shape)
            offset += size
        self.w1 = views["w1"]
        self.b1 = views["b1"]
        self.w2 = views["w2"]
        self.b2 = views["b2"]
        self.w3 = views["w3"]
        self.b3 = views["b3"]
        self.w4 = views["w4"]
        self.b4 = views["b4"]

    def copy(self, dtype: type[np.floating[Any]] | None = None) -> Params:
        other = Params(dtype or self.flat.dtype.type)
        other.flat[:] = self.flat
        return other


def bound_vector() -> F32:
    """Each parameter's clip bound, as a flat vector."""
    return np.concatenate([np.full(math.prod(t.shape), t.bound, dtype=np.float32) for t in LAYOUT])


def decay_vector() -> F32:
    """1 for the weights that take weight decay, 0 for the biases."""
    return np.concatenate([np.full(math.prod(t.shape), float(t.decays), dtype=np.float32) for t in LAYOUT])


def init_params(rng: np.random.Generator, class_prior: F64) -> Params:
    """Start with most hidden units in the linear part of (0, 1) and the output at the class prior.

    At most 27 of the 91 inputs are on in a Bagh-Chal position (4 tigers,
    20 goats, hand, captured, side), so an accumulator unit with weights of
    deviation 0.1 and bias 0.5 starts within about 0.5 +- 0.5. class_prior[s] is the label distribution for side s.
    """
    p = Params()
    p.w1[:] = rng.standard_normal(p.w1.shape, dtype=np.float32) * np.float32(0.1)
    p.b1[:] = 0.5
    p.w2[:] = rng.standard_normal(p.w2.shape, dtype=np.float32) * np.float32(1.0 / math.sqrt(H1 / 3))
    p.b2[:] = 0.5
    p.w3[:] = rng.standard_normal(p.w3.shape, dtype=np.float32) * np.float32(1.0 / math.sqrt(H2 / 3))
    p.b3[:] = 0.5
    p.w4[:] = rng.standard_normal(p.w4.shape, dtype=np.float32) * np.float32(1.0 / math.sqrt(H3))
    p.b4[:] = np.log(np.maximum(class_prior, 1e-4)).astype(np.float32)
    np.clip(p.flat, -bound_vector(), bound_vector(), out=p.flat)
    return p


@dataclasses.dataclass
class Activations:
    x: FArr
    a: FArr
    h2: list[FArr]
    h3: list[FArr]
    logits: FArr
    bounds: list[tuple[int, int]]


def side_bounds(n0: int, n: int) -> list[tuple[int, int]]:
    """Row ranges of the two buckets in a batch whose first n0 rows have goats to move."""
    return [(0, n0), (n0, n)]


def forward(p: Params, x: FArr, bounds: list[tuple[int, int]]) -> Activations:
    """The float network on a batch whose rows are grouped by side to move (see side_bounds)."""
    a = x @ p.w1
    a += p.b1
    np.clip(a, 0.0, 1.0, out=a)
    logits = np.empty((len(x), N_OUT), dtype=a.dtype)
    h2s: list[FArr] = []
    h3s: list[FArr] = []
    for s, (lo, hi) in enumerate(bounds):
        h2 = a[lo:hi] @ p.w2[s]
        h2 += p.b2[s]
        np.clip(h2, 0.0, 1.0, out=h2)
        h3 = h2 @ p.w3[s]
        h3 += p.b3[s]
        np.clip(h3, 0.0, 1.0, out=h3)
        out = h3 @ p.w4[s]
        out += p.b4[s]
        logits[lo:hi] = out
        h2s.append(h2)
        h3s.append(h3)
    return Activations(x, a, h2s, h3s, logits, bounds)


def log_softmax(logits: FArr) -> FArr:
    shifted = logits - logits.max(axis=1, keepdims=True)
    result: FArr = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return result


def cross_entropy(logits: FArr, y: npt.NDArray[np.integer[Any]]) -> float:
    """Mean softmax cross-entropy of logits against labels 0/1/2."""
    if len(y) == 0:
        return float("nan")
    return float(-log_softmax(logits)[np.arange(len(y)), y].mean(dtype=np.float64))


def backward(p: Params, act: Activations, y: npt.NDArray[np.integer[Any]], grad: Params) -> float:
    """Gradient of the mean cross-entropy into grad; returns the loss."""
    n = len(y)
    logp = log_softmax(act.logits)
    rows = np.arange(n)
    loss = float(-logp[rows, y].mean(dtype=np.float64))
    d = np.exp(logp)
    d[rows, y] -= 1.0
    d *= 1.0 / n
    da = np.empty_like(act.a)
    for s, (lo, hi) in enumerate(act.bounds):
        ds = d[lo:hi]
        h2 = act.h2[s]
        h3 = act.h3[s]
        np.matmul(h3.T, ds, out=grad.w4[s])
        grad.b4[s] = ds.sum(axis=0)
        dh3 = ds @ p.w4[s].T
        dh3 *= (h3 > 0.0) & (h3 < 1.0)
        np.matmul(h2.T, dh3, out=grad.w3[s])
        grad.b3[s] = dh3.sum(axis=0)
        dh2 = dh3 @ p.w3[s].T
        dh2 *= (h2 > 0.0) & (h2 < 1.0)
        np.matmul(act.a[lo:hi].T, dh2, out=grad.w2[s])
        grad.b2[s] = dh2.sum(axis=0)
        np.matmul(dh2, p.w2[s].T, out=da[lo:hi])
    da *= (act.a > 0.0) & (act.a < 1.0)
    np.matmul(act.x.T, da, out=grad.w1)
    grad.b1[:] = da.sum(axis=0)
    return loss


class Adam:
    """Adam with decoupled weight decay on the weights (not the biases), then clipping to the quantizable ranges."""

    def __init__(self, beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8) -> None:
        self.beta1 = beta1
        self.beta2 = beta2
        self.eps = eps
        self.m: F32 = np.zeros(PARAM_COUNT, dtype=np.float32)
        self.v: F32 = np.zeros(PARAM_COUNT, dtype=np.float32)
        self.t = 0
        self.bound = bound_vector()
        self.decay = decay_vector()
        self.scratch: F32 = np.zeros(PARAM_COUNT, dtype=np.float32)

    def step(self, params: FArr, grad: FArr, lr: float, weight_decay: float) -> None:
        self.t += 1
        b1, b2 = self.beta1, self.beta2
        self.m *= b1
        self.m += (1.0 - b1) * grad
        self.v *= b2
        np.multiply(grad, grad, out=self.scratch)
        self.scratch *= 1.0 - b2
        self.v += self.scratch
        step = lr * math.sqrt(1.0 - b2**self.t) / (1.0 - b1**self.t)
        np.sqrt(self.v, out=self.scratch)
        self.scratch += self.eps
        np.divide(self.m, self.scratch, out=self.scratch)
        self.scratch *= step
        if weight_decay > 0.0:
            params -= (lr * weight_decay) * self.decay * params
        params -= self.scratch
        np.clip(params, -self.bound, self.bound, out=params)


def cosine_lr(lr: float, step: int, total: int, final_fraction: float = 0.05) -> float:
    """Learning rate falling from lr to final_fraction * lr along half a cosine over the run."""
    progress = step / max(total, 1)
    return lr * (final_fraction + (1.0 - final_fraction) * 0.5 * (1.0 + math.cos(math.pi * progress)))


# ---------------------------------------------------------------- evaluation


def grouped_batches(records: Records, batch: int) -> list[tuple[int, npt.NDArray[np.intp]]]:
    """(side, indices) batches covering every record once, each of a single side to move."""
    out: list[tuple[int, npt.NDArray[np.intp]]] = []
    side = records["side"]
    for s in range(BUCKETS):
        idx = np.flatnonzero(side == s)
        for start in range(0, len(idx), batch):
            out.append((s, idx[start : start + batch]))
    return out


def float_logits(p: Params, records: Records, features: Features, batch: int = 65536) -> F32:
    """Logits of the float model for every record, in file order, without augmentation."""
    out: F32 = np.empty((len(records), N_OUT), dtype=np.float32)
    for s, idx in grouped_batches(records, batch):
        x = features.build(records[idx])
        n0 = len(idx) if s == 0 else 0
        out[idx] = forward(p, x, side_bounds(n0, len(idx))).logits
    return out


def accuracy(pred: npt.NDArray[np.integer[Any]], y: npt.NDArray[np.integer[Any]]) -> float | None:
    return float((pred == y).mean()) if len(y) else None


def split_accuracies(pred: npt.NDArray[np.integer[Any]], records: Records) -> dict[str, float | None]:
    """Accuracy overall, by phase (goats still in hand = placement) and by side to move."""
    y = records["value"]
    placement = records["in_hand"] > 0
    goats = records["side"] == 0
    return {
        "all": accuracy(pred, y),
        "placement": accuracy(pred[placement], y[placement]),
        "movement": accuracy(pred[~placement], y[~placement]),
        "goats_to_move": accuracy(pred[goats], y[goats]),
        "tigers_to_move": accuracy(pred[~goats], y[~goats]),
    }


def split_counts(records: Records) -> dict[str, int]:
    placement = records["in_hand"] > 0
    goats = records["side"] == 0
    return {
        "all": len(records),
        "placement": int(placement.sum()),
        "movement": int((~placement).sum()),
        "goats_to_move": int(goats.sum()),
        "tigers_to_move": int((~goats).sum()),
    }


# ---------------------------------------------------------------- the quantized network


@dataclasses.dataclass
class QuantNet:
    """The integer network as the engine reads it; matrices are [output][input] except w1, [input][output]."""

    rules: bytes
    w1: npt.NDArray[np.int16]  # [91][128]
    b1: npt.NDArray[np.int16]  # [128]
    w2: npt.NDArray[np.int16]  # [2][32][128]
    b2: npt.NDArray[np.int32]  # [2][32]
    w3: npt.NDArray[np.int16]  # [2][32][32]
    b3: npt.NDArray[np.int32]  # [2][32]
    w4: npt.NDArray[np.int16]  # [2][3][32]
    b4: npt.NDArray[np.int32]  # [2][3]


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


# ---------------------------------------------------------------- training


@dataclasses.dataclass
class EpochLog:
    epoch: int
    train_loss: float
    validation_loss: float
    validation_accuracy: float | None
    lr: float
    epoch_seconds: float
    elapsed_seconds: float


def class_prior(records: Records) -> F64:
    """Label distribution per side to move (rows: side; columns: loss, draw, win)."""
    prior = np.full((BUCKETS, N_OUT), 1.0 / N_OUT)
    for s in range(BUCKETS):
        values = records["value"][records["side"] == s]
        if len(values):
            prior[s] = np.bincount(values, minlength=N_OUT)[:N_OUT] / len(values)
    return prior


def train(
    p: Params,
    train_records: Records,
    validation: Records,
    rng: np.random.Generator,
    epochs: int,
    batch: int,
    lr: float,
    weight_decay: float,
) -> list[EpochLog]:
    """Minibatch Adam over shuffled, randomly symmetrized training positions; one log line per epoch."""
    n = len(train_records)
    sides = np.ascontiguousarray(train_records["side"])
    features = Features(batch)
    grad = Params()
    adam = Adam()
    steps_per_epoch = -(-n // batch)
    total_steps = steps_per_epoch * epochs
    step = 0
    logs: list[EpochLog] = []
    start = time.perf_counter()
    for epoch in range(epochs):
        epoch_start = time.perf_counter()
        order = rng.permutation(n)
        loss_sum = 0.0
        for first in range(0, n, batch):
            idx = order[first : first + batch]
            goats_first = sides[idx] == 0
            n0 = int(goats_first.sum())
            idx = np.concatenate([idx[goats_first], idx[~goats_first]])
            rec = train_records[idx]
            sym = rng.integers(0, 8, size=len(idx), dtype=np.uint8)
            x = features.build(rec, sym)
            act = forward(p, x, side_bounds(n0, len(idx)))
            lr_now = cosine_lr(lr, step, total_steps)
            loss_sum += backward(p, act, rec["value"], grad) * len(idx)
            adam.step(p.flat, grad.flat, lr_now, weight_decay)
            step += 1
        val_loss, val_acc = float("nan"), None
        if len(validation):
            logits = float_logits(p, validation, features)
            val_loss = cross_entropy(logits, validation["value"])
            val_acc = accuracy(logits.argmax(axis=1), validation["value"])
        now = time.perf_counter()
        log = EpochLog(
            epoch + 1, loss_sum / n, val_loss, val_acc, cosine_lr(lr, step, total_steps), now - epoch_start, now - start
        )
        logs.append(log)
        acc_text = "n/a" if val_acc is None else f"{val_acc:.4f}"
        print(
            f"epoch {log.epoch:3d}/{epochs}  train_loss {log.train_loss:.5f}  val_loss {log.validation_loss:.5f}  "
            f"val_acc {acc_text}  lr {log.lr:.2e}  {log.epoch_seconds:.1f}s  elapsed {log.elapsed_seconds:.1f}s  "
            f"({n / log.epoch_seconds:,.0f} records/s incl. validation)",
            flush=True,
        )
    return logs


def write_check(path: Path, p: Params, q: QuantNet, heldout: Records) -> None:
    """The first CHECK_POSITIONS held-out records with the float model's
    probabilities and the integer network's (simulated here), one line
    each: the engine's inference must give the second exactly and stay
    near the first."""
    records = heldout[:CHECK_POSITIONS]
    features = Features(len(records) or 1)
    probs = np.exp(log_softmax(float_logits(p, records, features).astype(np.float64)))
    qprobs = np.exp(log_softmax(quant_logits(q, records, features)))
    with path.open("w", encoding="ascii") as f:
        f.write("# tigers goats in_hand captured side float:loss draw win quantized:loss draw win\n")
        for r, pr, qr in zip(records, probs, qprobs):
            f.write(
                f"{int(r['tigers'])} {int(r['goats'])} {int(r['in_hand'])} {int(r['captured'])} {int(r['side'])} "
                f"{pr[0]:.8f} {pr[1]:.8f} {pr[2]:.8f} {qr[0]:.8f} {qr[1]:.8f} {qr[2]:.8f}\n"
            )


def format_table(rows: dict[str, dict[str, float | None]], counts: dict[str, int]) -> str:
    keys = list(counts)
    lines = [f"{'held-out accuracy':<18}" + "".join(f"{k:>16}" for k in keys)]
    lines.append(f"{'(positions)':<18}" + "".join(f"{counts[k]:>16,}" for k in keys))
    for name, accs in rows.items():
        cells = "".join(f"{'-' if accs[k] is None else format(accs[k], '.4f'):>16}" for k in keys)
        lines.append(f"{name:<18}" + cells)
    return "\n".join(lines)


def without_nan(value: Any) -> Any:
    """JSON has no NaN: undefined figures (an empty split, no validation set) become null."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: without_nan(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_nan(v) for v in value]
    return value


def run(args: argparse.Namespace) -> int:
    rules, data = load_data(Path(args.data))
    rng = np.random.default_rng(args.seed)
    train_records = data["train"]
    if args.limit is not None and args.limit < len(train_records):
        chosen = np.sort(rng.choice(len(train_records), size=args.limit, replace=False))
        train_records = train_records[chosen]
    validation, heldout = data["validation"], data["heldout"]
    counts = np.bincount(train_records["value"], minlength=N_OUT)
    majority = int(counts.argmax())
    print(
        f"rules {rules.decode()!r}: train {len(train_records):,} (loss/draw/win {counts.tolist()}), "
        f"validation {len(validation):,}, held-out {len(heldout):,}; "
        f"seed {args.seed}, threads {_THREADS}, batch {args.batch}, lr {args.lr}, epochs {args.epochs}",
        flush=True,
    )
    p = init_params(rng, class_prior(train_records))
    logs = train(p, train_records, validation, rng, args.epochs, args.batch, args.lr, args.weight_decay)

    qnet = parse_net(serialize(quantize(p, rules)))
    net_bytes = serialize(qnet)
    features = Features(65536)
    flogits = float_logits(p, heldout, features)
    qlogits = quant_logits(qnet, heldout, features)
    for i in range(min(len(heldout), 64)):
        if not np.array_equal(np.asarray(quant_logits_reference(qnet, heldout[i])), qlogits[i]):
            raise RuntimeError(f"vectorised integer inference differs from the reference on held-out record {i}")
    fpred = flogits.argmax(axis=1)
    qpred = qlogits.argmax(axis=1)
    accs = {
        "float": split_accuracies(fpred, heldout),
        "quantized": split_accuracies(qpred, heldout),
        "baseline": split_accuracies(np.full(len(heldout), majority), heldout),
    }
    agreement = float((fpred == qpred).mean()) if len(heldout) else None
    fprob = np.exp(log_softmax(flogits.astype(np.float64)))
    qprob = np.exp(log_softmax(qlogits))
    prob_diff = np.abs(fprob - qprob).max(axis=1)
    max_prob_diff = float(prob_diff.max()) if len(heldout) else None
    check_prob_diff = float(prob_diff[:CHECK_POSITIONS].max()) if len(heldout) else None
    print(format_table(accs, split_counts(heldout)))
    print(
        f"held-out loss: float {cross_entropy(flogits, heldout['value']):.5f}, "
        f"quantized {cross_entropy(qlogits, heldout['value']):.5f}; "
        f"baseline = always class {majority}",
        flush=True,
    )
    print(
        f"float/quantized: argmax agreement {agreement}, largest probability difference {max_prob_diff} "
        f"({check_prob_diff} over the first {CHECK_POSITIONS} held-out positions, the check file's)",
        flush=True,
    )

    if args.out:
        Path(args.out).write_bytes(net_bytes)
        print(f"wrote {args.out} ({len(net_bytes)} bytes, crc32 {zlib.crc32(net_bytes[:-4]):08x})")
    if args.float_out:
        np.save(Path(args.float_out), p.flat)
        print(f"wrote {args.float_out} (the float model's parameters)")
    if args.check:
        write_check(Path(args.check), p, qnet, heldout)
        print(f"wrote {args.check} ({min(len(heldout), CHECK_POSITIONS)} positions)")
    if args.report:
        report = {
            "rules": rules.decode(),
            "seed": args.seed,
            "threads": int(_THREADS),
            "epochs": args.epochs,
            "batch": args.batch,
            "lr": args.lr,
            "weight_decay": args.weight_decay,
            "numpy": np.__version__,
            "records": {"train": len(train_records), "validation": len(validation), "heldout": len(heldout)},
            "train_class_counts": counts.tolist(),
            "majority_class": majority,
            "epochs_log": [dataclasses.asdict(log) for log in logs],
            "heldout_counts": split_counts(heldout),
            "heldout_accuracy": accs,
            "heldout_loss": {
                "float": cross_entropy(flogits, heldout["value"]),
                "quantized": cross_entropy(qlogits, heldout["value"]),
            },
            "float_quantized_agreement": agreement,
            "max_probability_difference": max_prob_diff,
            "check_max_probability_difference": check_prob_diff,
            "training_seconds": logs[-1].elapsed_seconds if logs else 0.0,
        }
        Path(args.report).write_text(json.dumps(without_nan(report), indent=2, allow_nan=False) + "\n")
        print(f"wrote {args.report}")
    return 0


# ---------------------------------------------------------------- self-test


def random_records(rng: np.random.Generator, n: int) -> Records:
    """Plausible positions: 4 tigers, 20 goats split between hand, board and captured."""
    rec = np.zeros(n, dtype=RECORD_DTYPE)
    points = np.argsort(rng.random((n, POINTS)), axis=1)
    captured = rng.integers(0, 6, size=n)
    in_hand = np.where(rng.random(n) < 0.5, 0, rng.integers(1, 21, size=n))
    in_hand = np.minimum(in_hand, 20 - captured)
    on_board = 20 - captured - in_hand
    bit = np.uint32(1) << points.astype(np.uint32)
    rec["tigers"] = bit[:, :4].sum(axis=1, dtype=np.uint32)
    goat_bits = np.where(np.arange(POINTS - 4) < on_board[:, None], bit[:, 4:], np.uint32(0))
    rec["goats"] = goat_bits.sum(axis=1, dtype=np.uint32)
    rec["in_hand"] = in_hand
    rec["captured"] = captured
    rec["side"] = rng.integers(0, 2, size=n)
    rec["value"] = rng.integers(0, 3, size=n)
    rec["distance"] = 0xFFFF
    return rec


def self_test() -> int:
    """Checks that need no data: symmetries, features, gradients, file formats, integer inference, a tiny run."""
    rng = np.random.default_rng(12345)

    perms = symmetry_permutations()
    check_symmetry_group(perms)
    assert perms[1].tolist()[0] == 4 and perms[1].tolist()[4] == 24  # rotation: a1 -> e1 -> e5
    table = symmetry_tables(perms)
    words = rng.integers(0, 1 << POINTS, size=500, dtype=np.uint32)
    sym = rng.integers(0, 8, size=500)
    fast = transform_boards(table, words, sym)
    for w, g, got in zip(words, sym, fast):
        want = sum(1 << int(perms[g][i]) for i in range(POINTS) if int(w) >> i & 1)
        assert int(got) == want
    print("symmetries: 8 distinct bijections forming a group; byte tables agree with the permutations")

    rec = np.zeros(2, dtype=RECORD_DTYPE)
    rec[0] = (0b1 | 1 << 24, 0b110, 40, 9, 1, 2, 0xFFFF, 0)
    rec[1] = (1 << 12, 0, 3, 2, 0, 0, 5, 7)
    x = Features(1).build(rec)
    on0 = sorted(np.flatnonzero(x[0]).tolist())
    on1 = sorted(np.flatnonzero(x[1]).tolist())
    assert on0 == [0, 24, 26, 27, F_HAND + 31, F_CAPTURED + 7, F_SIDE], on0
    assert on1 == [12, F_HAND + 3, F_CAPTURED + 2], on1
    print("features: board bits, clamped one-hots and side land on their inputs")

    # Central differences in float64 on a few hundred parameters.
    p64 = init_params(rng, np.full((BUCKETS, N_OUT), 1 / 3)).copy(np.float64)
    p64.flat[:] += rng.standard_normal(PARAM_COUNT) * 0.05
    recs = random_records(rng, 64)
    recs = recs[np.argsort(recs["side"], kind="stable")]
    n0 = int((recs["side"] == 0).sum())
    xg = Features(64).build(recs).astype(np.float64)
    bounds = side_bounds(n0, len(recs))
    grad = Params(np.float64)
    backward(p64, forward(p64, xg, bounds), recs["value"], grad)
    worst = 0.0
    for i in rng.choice(PARAM_COUNT, size=300, replace=False):
        keep = p64.flat[i]
        eps = 1e-6
        p64.flat[i] = keep + eps
        up = cross_entropy(forward(p64, xg, bounds).logits, recs["value"])
        p64.flat[i] = keep - eps
        down = cross_entropy(forward(p64, xg, bounds).logits, recs["value"])
        p64.flat[i] = keep
        numeric = (up - down) / (2 * eps)
        worst = max(worst, abs(numeric - grad.flat[i]) / max(1e-4, abs(numeric) + abs(grad.flat[i])))
    assert worst < 1e-3, f"gradient check failed: worst relative error {worst}"
    print(f"gradients: analytic vs central differences, worst relative error {worst:.2e}")

    rules = b"bagh-chal"
    p = init_params(rng, np.full((BUCKETS, N_OUT), 1 / 3))
    p.flat[:] = np.clip(p.flat + rng.standard_normal(PARAM_COUNT).astype(np.float32), -bound_vector(), bound_vector())
    p.w1[:5] = 4.0  # extremes must still quantize without overflow
    p.w2[0, :3] = -127 / 64
    data = serialize(quantize(p, rules))
    assert len(data) == net_file_size(len(rules)) == 44996 + len(rules)
    q = parse_net(data)
    assert serialize(q) == data
    bad = bytearray(data)
    bad[100] ^= 1
    try:
        parse_net(bytes(bad))
        raise AssertionError("a corrupted network file was accepted")
    except FormatError:
        pass
    recs = random_records(rng, 300)
    fast_q = quant_logits(q, recs, Features(300), batch=97)
    for i in range(len(recs)):
        assert np.array_equal(np.asarray(quant_logits_reference(q, recs[i])), fast_q[i]), i
    print(f"network file: {len(data)} bytes, CRC checked, round trip exact; integer inference matches the reference")

    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        long_rules = "bagh-chal, 5x5, a longer description: ü".encode()
        for i, name in enumerate(SPLITS):
            write_positions(d / f"{name}.bpos", long_rules, random_records(rng, 1000 + i))
        got_rules, got = load_data(d)
        assert got_rules == long_rules and len(got["heldout"]) == 1002
        raw = (d / "train.bpos").read_bytes()
        (d / "train.bpos").write_bytes(raw[:-5])
        try:
            load_data(d)
            raise AssertionError("a truncated file was accepted")
        except FormatError as e:
            assert "train.bpos" in str(e) and "truncated" in str(e)
        (d / "train.bpos").write_bytes(b"BAGHPOX\0" + raw[8:])
        try:
            load_data(d)
            raise AssertionError("a bad magic was accepted")
        except FormatError as e:
            assert "magic" in str(e)
    print("position files: round trip, truncation and bad magic reported with the file name")

    # A learnable rule (symmetric in the board): the loss must fall well below chance.
    recs = random_records(rng, 20000)
    corner = np.uint32(1 | 1 << 4 | 1 << 20 | 1 << 24)
    tiger_corners = unpack_points(recs["tigers"] & corner).sum(axis=1, dtype=np.int64)
    recs["value"] = np.clip(recs["captured"].astype(np.int64) // 2 + tiger_corners - 1, 0, 2)
    recs["value"] = np.where(recs["side"] == 1, recs["value"], 2 - recs["value"])
    p = init_params(rng, class_prior(recs))
    before = cross_entropy(float_logits(p, recs, Features(4096)), recs["value"])
    with contextlib.redirect_stdout(io.StringIO()):
        train(p, recs, recs[:2000], rng, epochs=3, batch=1024, lr=3e-3, weight_decay=0.0)
    after = cross_entropy(float_logits(p, recs, Features(4096)), recs["value"])
    assert after < 0.6 * before, (before, after)
    print(f"training: loss {before:.3f} -> {after:.3f} in 3 short epochs")
    print("self-test passed")
    return 0


# ---------------------------------------------------------------- command line


def positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive integer")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Train the bagh evaluation network (91-128-32-32-3, two side-to-move buckets) "
        "from `bagh datagen` position files and write its quantized weights.",
    )
    parser.add_argument("--data", help="directory holding train.bpos, validation.bpos, heldout.bpos")
    parser.add_argument(
        "--epochs",
        type=int,
        default=150,
        help="passes over the training set (default 150: about 33 minutes for 10 M positions on one core)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of initialisation, shuffling and augmentation")
    parser.add_argument(
        "--threads",
        type=positive,
        default=1,
        help="BLAS threads (default 1; the thread count is part of what makes a run reproducible)",
    )
    parser.add_argument("--batch", type=positive, default=8192, help="minibatch size (default 8192)")
    parser.add_argument(
        "--lr", type=float, default=2e-3, help="initial Adam learning rate, cosine-decayed to 5%% (default 2e-3)"
    )
    parser.add_argument(
        "--weight-decay", type=float, default=0.0, help="decoupled weight decay on the weights (default 0)"
    )
    parser.add_argument("--limit", type=positive, help="train on at most N records, a seeded random sample")
    parser.add_argument("--out", help="write the quantized network here (.bnn)")
    parser.add_argument(
        "--check", help="write the float model's probabilities for the first 512 held-out positions here"
    )
    parser.add_argument("--report", help="write the accuracy figures here as JSON")
    parser.add_argument("--float-out", help="write the float model's parameters here (numpy .npy)")
    parser.add_argument("--self-test", action="store_true", help="run the built-in checks (no data needed) and exit")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()
    if not args.data:
        parser.error("--data is required (or --self-test)")
    if args.epochs < 0:
        parser.error("--epochs must be >= 0")
    try:
        return run(args)
    except FormatError as e:
        print(f"train_eval: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
