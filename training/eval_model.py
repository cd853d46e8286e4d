"""The float network: parameters, forward and backward passes, Adam, and the
accuracy figures of a model on a set of records."""

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

    w1 [N_INPUTS][128] and b1 [128] are the shared accumulator; w2 [2][128][32],
    w3 [2][32][32], w4 [2][32][4] and their biases have one copy per side to
    move. A layer computes x @ w + b. The outputs are the logits of loss,
    draw and win, then the distance estimate (see distance_target).
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

    At most 27 of the board's 91 inputs are on in a Bagh-Chal position (4
    tigers, 20 goats, hand, captured, side), and a few goats under attack, so an accumulator unit with weights of
    deviation 0.1 and bias 0.5 starts within about 0.5 +- 0.5. class_prior[s] is the label distribution for side s;
    the distance output starts at the middle of its range.
    """
    p = Params()
    p.w1[:] = rng.standard_normal(p.w1.shape, dtype=np.float32) * np.float32(0.1)
    p.b1[:] = 0.5
    p.w2[:] = rng.standard_normal(p.w2.shape, dtype=np.float32) * np.float32(1.0 / math.sqrt(H1 / 3))
    p.b2[:] = 0.5
    p.w3[:] = rng.standard_normal(p.w3.shape, dtype=np.float32) * np.float32(1.0 / math.sqrt(H2 / 3))
    p.b3[:] = 0.5
    p.w4[:] = rng.standard_normal(p.w4.shape, dtype=np.float32) * np.float32(1.0 / math.sqrt(H3))
    p.b4[:, :N_WDL] = np.log(np.maximum(class_prior, 1e-4)).astype(np.float32)
    p.b4[:, DISTANCE_OUT] = 0.5
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
    """Log-probabilities of loss, draw and win from rows of outputs (the first N_WDL columns)."""
    logits = logits[:, :N_WDL]
    shifted = logits - logits.max(axis=1, keepdims=True)
    result: FArr = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return result


def wdl_prediction(logits: FArr) -> npt.NDArray[np.intp]:
    """The most likely result (0 loss, 1 draw, 2 win) of each row of outputs."""
    return np.asarray(logits[:, :N_WDL].argmax(axis=1))


def distance_error(outputs: FArr, records: Records) -> float | None:
    """The median error, in plies, of the distance estimate where the records have a distance."""
    _, known = distance_target(records)
    if not known.any():
        return None
    estimate = plies_from_output(outputs[known, DISTANCE_OUT].astype(np.float64))
    return float(np.median(np.abs(estimate - records["distance"][known])))


def cross_entropy(logits: FArr, y: npt.NDArray[np.integer[Any]]) -> float:
    """Mean softmax cross-entropy of logits against labels 0/1/2."""
    if len(y) == 0:
        return float("nan")
    return float(-log_softmax(logits)[np.arange(len(y)), y].mean(dtype=np.float64))


def backward(
    p: Params,
    act: Activations,
    y: npt.NDArray[np.integer[Any]],
    grad: Params,
    distance: tuple[FArr, npt.NDArray[np.bool_]] | None = None,
    distance_weight: float = 1.0,
) -> float:
    """Gradient of the loss into grad; returns the loss: the mean
    cross-entropy, plus distance_weight times the mean squared error of the
    distance output over the rows that have a target (distance: the
    targets and where they exist, see distance_target)."""
    n = len(y)
    logp = log_softmax(act.logits)
    rows = np.arange(n)
    loss = float(-logp[rows, y].mean(dtype=np.float64))
    d = np.zeros_like(act.logits)
    d[:, :N_WDL] = np.exp(logp)
    d[rows, y] -= 1.0
    if distance is not None:
        target, known = distance
        error = np.where(known, act.logits[:, DISTANCE_OUT] - target, 0.0)
        loss += distance_weight * float(np.square(error, dtype=np.float64).sum()) / n
        d[:, DISTANCE_OUT] = (2.0 * distance_weight) * error
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
