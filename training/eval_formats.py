"""The file formats of the evaluation network's training: the position files of
`bagh datagen` (read and, for tests, written) and the network's shape and
scales, shared by every other module of the trainer."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import json
import math
import os
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
# The board's inputs (points, goats in hand, goats captured, side to move);
# a network may also have one input per point on where a tiger could
# capture the goat there at once. train_eval.py sets the count from --inputs.
BOARD_INPUTS = 91
INPUTS_WITH_ATTACKS = BOARD_INPUTS + POINTS
N_INPUTS = int(os.environ.get("BAGH_TRAIN_INPUTS", str(INPUTS_WITH_ATTACKS)))
if N_INPUTS not in (BOARD_INPUTS, INPUTS_WITH_ATTACKS):
    raise SystemExit(f"BAGH_TRAIN_INPUTS={N_INPUTS}: the engine reads {BOARD_INPUTS} or {INPUTS_WITH_ATTACKS} inputs")
# The accumulator's width, 128 or 256: train_eval.py sets it from --width.
H1 = int(os.environ.get("BAGH_TRAIN_WIDTH", "128"))
if H1 not in (128, 256):
    raise SystemExit(f"BAGH_TRAIN_WIDTH={H1}: the engine reads accumulators of 128 or 256")
H2 = 32
H3 = 32
N_WDL = 3  # loss, draw, win
N_OUT = 4  # the three logits, then the distance estimate
DISTANCE_OUT = 3
# The distance output estimates ln(1 + plies to the end) / ln(256): 0 at the
# end, 1 at 255 plies, so that short distances, where the search makes its
# progress, are told apart most finely.
DISTANCE_SCALE = math.log(256.0)
UNKNOWN_DISTANCE = 65535
BUCKETS = 2
F_TIGER = 0
F_GOAT = 25
F_HAND = 50
HAND_MAX = 31
F_CAPTURED = 82
CAPTURED_MAX = 7
F_SIDE = 90
F_ATTACKED = BOARD_INPUTS
assert F_HAND + HAND_MAX + 1 == F_CAPTURED and F_CAPTURED + CAPTURED_MAX + 1 == F_SIDE
assert F_SIDE + 1 == BOARD_INPUTS

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


def distance_target(records: Records) -> tuple[F32, npt.NDArray[np.bool_]]:
    """The distance output's target for each record, and whether it has one:
    positions of a decided game with a known distance (the movement phase's
    wins and losses); draws and placement positions have none."""
    distance = records["distance"].astype(np.float32)
    known = (records["distance"] != UNKNOWN_DISTANCE) & (records["value"] != 1)
    target = np.log1p(np.where(known, distance, 0.0)).astype(np.float32) / np.float32(DISTANCE_SCALE)
    return target, known


def plies_from_output(output: FArr) -> FArr:
    """Plies to the end from the distance output (its inverse)."""
    result: FArr = np.expm1(np.clip(output, 0.0, 1.0) * DISTANCE_SCALE)
    return result
