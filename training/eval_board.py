"""The board as the network sees it: the 8 symmetries (for augmentation) and
the 91 input features of a batch of records."""

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
