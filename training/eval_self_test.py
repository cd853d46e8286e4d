"""The trainer's built-in checks (`train_eval.py --self-test`): symmetries,
features, gradients, file round trips and a tiny training run, no data needed."""

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
from eval_quantized import *  # noqa: F403
from eval_training import *  # noqa: F403

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
    # The tables know the distance of a decided movement position.
    decided = (in_hand == 0) & (rec["value"] != 1)
    rec["distance"] = np.where(decided, rng.integers(0, 220, size=n), UNKNOWN_DISTANCE)
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

    # Three points in a row: 3 on each file and each rank, 3 on each long
    # diagonal and 1 on each of the four short ones; each taken both ways.
    assert len(CAPTURE_LINES) == 2 * (3 * 5 + 3 * 5 + 3 * 2 + 4), len(CAPTURE_LINES)
    attack = np.zeros(1, dtype=RECORD_DTYPE)
    # A tiger on a1; goats on a2 (a3 empty), b1 (c1 empty), b2 and c3 (the
    # diagonal a1-b2-c3 is blocked): a2 and b1 are under attack.
    goats = 1 << 5 | 1 << 1 | 1 << 6 | 1 << 12
    attack[0] = (1, goats, 0, 4, 1, 1, 0xFFFF, 0)
    assert attacked_points(1, goats) == [1, 5]
    if N_INPUTS == INPUTS_WITH_ATTACKS:
        on = np.flatnonzero(Features(1).build(attack)[0, F_ATTACKED:]).tolist()
        assert on == [1, 5], on
        many = random_records(rng, 2000)
        built = Features(len(many)).build(many, rng.integers(0, 8, size=len(many), dtype=np.uint8))
        for row in built:
            tigers = sum(1 << int(i) for i in np.flatnonzero(row[F_TIGER : F_TIGER + POINTS]))
            goats = sum(1 << int(i) for i in np.flatnonzero(row[F_GOAT : F_GOAT + POINTS]))
            assert np.flatnonzero(row[F_ATTACKED:]).tolist() == attacked_points(tigers, goats)
        print("features: the goats under attack, by shifts, agree with the capture lines on 2,000 positions")

    # Central differences in float64 on a few hundred parameters.
    p64 = init_params(rng, np.full((BUCKETS, N_WDL), 1 / 3)).copy(np.float64)
    p64.flat[:] += rng.standard_normal(PARAM_COUNT) * 0.05
    recs = random_records(rng, 64)
    recs = recs[np.argsort(recs["side"], kind="stable")]
    n0 = int((recs["side"] == 0).sum())
    xg = Features(64).build(recs).astype(np.float64)
    bounds = side_bounds(n0, len(recs))
    grad = Params(np.float64)
    target, known = distance_target(recs)
    assert known.any() and not known.all()
    weight = 0.7

    def loss_of(params: Params) -> float:
        """The loss written out: cross-entropy, plus the weighted squared error where a distance is known."""
        outputs = forward(params, xg, bounds).logits
        squared = np.where(known, outputs[:, DISTANCE_OUT] - target, 0.0) ** 2
        return cross_entropy(outputs, recs["value"]) + weight * float(squared.sum()) / len(recs)

    reported = backward(p64, forward(p64, xg, bounds), recs["value"], grad, (target, known), weight)
    assert abs(reported - loss_of(p64)) < 1e-9, (reported, loss_of(p64))
    worst = 0.0
    for i in rng.choice(PARAM_COUNT, size=300, replace=False):
        keep = p64.flat[i]
        eps = 1e-6
        p64.flat[i] = keep + eps
        up = loss_of(p64)
        p64.flat[i] = keep - eps
        down = loss_of(p64)
        p64.flat[i] = keep
        numeric = (up - down) / (2 * eps)
        worst = max(worst, abs(numeric - grad.flat[i]) / max(1e-4, abs(numeric) + abs(grad.flat[i])))
    assert worst < 1e-3, f"gradient check failed: worst relative error {worst}"
    print(f"gradients: analytic vs central differences, worst relative error {worst:.2e}")

    rules = b"bagh-chal"
    p = init_params(rng, np.full((BUCKETS, N_WDL), 1 / 3))
    p.flat[:] = np.clip(p.flat + rng.standard_normal(PARAM_COUNT).astype(np.float32), -bound_vector(), bound_vector())
    p.w1[:5] = 4.0  # extremes must still quantize without overflow
    p.w2[0, :3] = -127 / 64
    data = serialize(quantize(p, rules))
    # 40 header bytes, w1 and b1 (2 x 91 x H1 + 2 x H1), then per side 2 x 32 x H1 + 4 x 32
    # + 2 x 32 x 32 + 4 x 32 + 2 x 4 x 32 + 4 x 4, and the CRC.
    assert len(data) == net_file_size(len(rules)) == 40 + (2 * N_INPUTS + 2) * H1 + 2 * (64 * H1 + 2576) + 4 + len(rules)
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
    # And a learnable distance where one is known: 1, 6, 21, ... plies by the goats on the board.
    on_board = unpack_points(recs["goats"]).sum(axis=1, dtype=np.int64)
    decided = (recs["in_hand"] == 0) & (recs["value"] != 1)
    recs["distance"] = np.where(decided, np.rint(np.expm1(on_board * 0.25)), UNKNOWN_DISTANCE)
    p = init_params(rng, class_prior(recs))
    outputs = float_logits(p, recs, Features(4096))
    before, distance_before = cross_entropy(outputs, recs["value"]), distance_error(outputs, recs)
    with contextlib.redirect_stdout(io.StringIO()):
        train(p, recs, recs[:2000], rng, epochs=3, batch=1024, lr=3e-3, weight_decay=0.0, distance_weight=1.0)
    outputs = float_logits(p, recs, Features(4096))
    after, distance_after = cross_entropy(outputs, recs["value"]), distance_error(outputs, recs)
    assert after < 0.6 * before, (before, after)
    assert distance_before is not None and distance_after is not None
    assert distance_after < 0.5 * distance_before, (distance_before, distance_after)
    print(
        f"training: loss {before:.3f} -> {after:.3f}, distance error {distance_before:.1f} -> "
        f"{distance_after:.1f} plies in 3 short epochs"
    )
    print("self-test passed")
    return 0
