"""The board as the network sees it: the 8 symmetries (for augmentation), the
lines a tiger captures along, and the input features of a batch of records."""

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


# ---------------------------------------------------------------- captures


def capture_lines() -> list[tuple[int, int, int]]:
    """Every (tiger, goat, landing) triple of a capture: three points in a row
    along a file, a rank, or a diagonal through the points whose file and
    rank add up to an even number."""
    lines = []
    for start in range(POINTS):
        f, r = start % 5, start // 5
        directions = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if (f + r) % 2 == 0:
            directions += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        for df, dr in directions:
            if 0 <= f + 2 * df < 5 and 0 <= r + 2 * dr < 5:
                lines.append((start, start + df + 5 * dr, start + 2 * (df + 5 * dr)))
    return lines


def capture_shifts(lines: list[tuple[int, int, int]]) -> list[tuple[int, np.uint32]]:
    """The lines grouped by direction: (step, tigers that can jump that way),
    the step being the change of point number from tiger to goat."""
    by_step: dict[int, int] = {}
    for tiger, goat, _ in lines:
        by_step[goat - tiger] = by_step.get(goat - tiger, 0) | 1 << tiger
    return [(step, np.uint32(mask)) for step, mask in sorted(by_step.items())]


CAPTURE_LINES = capture_lines()
CAPTURE_SHIFTS = capture_shifts(CAPTURE_LINES)


def shift(words: U32, step: int) -> U32:
    """Each point's bit moved `step` points up (down when negative)."""
    return (words << np.uint32(step)) if step > 0 else (words >> np.uint32(-step))


def goats_under_attack(tigers: U32, goats: U32) -> U32:
    """The goats that a tiger could capture at once, as board words: a tiger
    on one side along a line, an empty point on the other."""
    empty = ~(tigers | goats) & np.uint32((1 << POINTS) - 1)
    attacked = np.zeros_like(tigers)
    for step, jumpers in CAPTURE_SHIFTS:
        attacked |= shift(tigers & jumpers, step) & goats & shift(empty, -step)
    return attacked


def attacked_points(tigers: int, goats: int) -> list[int]:
    """goats_under_attack for one position, the plain way (the reference the
    vectorised features are checked against)."""
    empty = ~(tigers | goats)
    return sorted(
        {goat for tiger, goat, land in CAPTURE_LINES if tigers >> tiger & goats >> goat & empty >> land & 1}
    )


# ---------------------------------------------------------------- features


class Features:
    """Builds the N_INPUTS float inputs of a batch of records into a reused buffer."""

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
        if N_INPUTS == INPUTS_WITH_ATTACKS:
            x[:, F_ATTACKED : F_ATTACKED + POINTS] = unpack_points(goats_under_attack(tigers, goats))
        return x


def unpack_points(words: U32) -> npt.NDArray[np.uint8]:
    """(n, 25) array of the bits 0..24 of each word."""
    b = np.ascontiguousarray(words, dtype="<u4").view(np.uint8).reshape(-1, 4)
    bits: npt.NDArray[np.uint8] = np.unpackbits(b, axis=1, bitorder="little")
    return bits[:, :POINTS]
