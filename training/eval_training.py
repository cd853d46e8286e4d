"""Training and reporting: the epochs, the check file, the held-out figures
and the files a run writes."""

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

# ---------------------------------------------------------------- training


@dataclasses.dataclass
class EpochLog:
    epoch: int
    train_loss: float
    validation_loss: float
    validation_accuracy: float | None
    validation_distance_error: float | None
    lr: float
    epoch_seconds: float
    elapsed_seconds: float


def class_prior(records: Records) -> F64:
    """Label distribution per side to move (rows: side; columns: loss, draw, win)."""
    prior = np.full((BUCKETS, N_WDL), 1.0 / N_WDL)
    for s in range(BUCKETS):
        values = records["value"][records["side"] == s]
        if len(values):
            prior[s] = np.bincount(values, minlength=N_WDL)[:N_WDL] / len(values)
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
    distance_weight: float,
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
            loss = backward(p, act, rec["value"], grad, distance_target(rec), distance_weight)
            loss_sum += loss * len(idx)
            adam.step(p.flat, grad.flat, lr_now, weight_decay)
            step += 1
        val_loss, val_acc, val_distance = float("nan"), None, None
        if len(validation):
            logits = float_logits(p, validation, features)
            val_loss = cross_entropy(logits, validation["value"])
            val_acc = accuracy(wdl_prediction(logits), validation["value"])
            val_distance = distance_error(logits, validation)
        now = time.perf_counter()
        log = EpochLog(
            epoch + 1,
            loss_sum / n,
            val_loss,
            val_acc,
            val_distance,
            cosine_lr(lr, step, total_steps),
            now - epoch_start,
            now - start,
        )
        logs.append(log)
        acc_text = "n/a" if val_acc is None else f"{val_acc:.4f}"
        distance_text = "n/a" if val_distance is None else f"{val_distance:.1f}"
        print(
            f"epoch {log.epoch:3d}/{epochs}  train_loss {log.train_loss:.5f}  val_loss {log.validation_loss:.5f}  "
            f"val_acc {acc_text}  val_distance_error {distance_text} plies  lr {log.lr:.2e}  {log.epoch_seconds:.1f}s  elapsed {log.elapsed_seconds:.1f}s  "
            f"({n / log.epoch_seconds:,.0f} records/s incl. validation)",
            flush=True,
        )
    return logs


def write_check(path: Path, p: Params, q: QuantNet, heldout: Records) -> None:
    """The first CHECK_POSITIONS held-out records with the float model's
    probabilities and the integer network's (simulated here), each followed
    by its distance output, one line each: the engine's inference must give
    the second exactly and stay near the first."""
    records = heldout[:CHECK_POSITIONS]
    features = Features(len(records) or 1)
    flogits = float_logits(p, records, features).astype(np.float64)
    qlogits = quant_logits(q, records, features)
    probs = np.exp(log_softmax(flogits))
    qprobs = np.exp(log_softmax(qlogits))
    with path.open("w", encoding="ascii") as f:
        f.write(
            "# tigers goats in_hand captured side float:loss draw win distance quantized:loss draw win distance\n"
        )
        for r, pr, qr, fd, qd in zip(records, probs, qprobs, flogits[:, DISTANCE_OUT], qlogits[:, DISTANCE_OUT]):
            f.write(
                f"{int(r['tigers'])} {int(r['goats'])} {int(r['in_hand'])} {int(r['captured'])} {int(r['side'])} "
                f"{pr[0]:.8f} {pr[1]:.8f} {pr[2]:.8f} {fd:.8f} {qr[0]:.8f} {qr[1]:.8f} {qr[2]:.8f} {qd:.8f}\n"
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
    counts = np.bincount(train_records["value"], minlength=N_WDL)
    majority = int(counts.argmax())
    print(
        f"rules {rules.decode()!r}: train {len(train_records):,} (loss/draw/win {counts.tolist()}), "
        f"validation {len(validation):,}, held-out {len(heldout):,}; "
        f"seed {args.seed}, threads {args.threads}, batch {args.batch}, lr {args.lr}, epochs {args.epochs}",
        flush=True,
    )
    p = init_params(rng, class_prior(train_records))
    logs = train(
        p, train_records, validation, rng, args.epochs, args.batch, args.lr, args.weight_decay, args.distance_weight
    )

    qnet = parse_net(serialize(quantize(p, rules)))
    net_bytes = serialize(qnet)
    features = Features(65536)
    flogits = float_logits(p, heldout, features)
    qlogits = quant_logits(qnet, heldout, features)
    for i in range(min(len(heldout), 64)):
        if not np.array_equal(np.asarray(quant_logits_reference(qnet, heldout[i])), qlogits[i]):
            raise RuntimeError(f"vectorised integer inference differs from the reference on held-out record {i}")
    fpred = wdl_prediction(flogits)
    qpred = wdl_prediction(qlogits)
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
    distance_errors = {"float": distance_error(flogits, heldout), "quantized": distance_error(qlogits, heldout)}
    print(
        f"held-out distance, median error in plies where the tables know it: float {distance_errors['float']}, "
        f"quantized {distance_errors['quantized']}",
        flush=True,
    )
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
            "threads": int(args.threads),
            "width": H1,
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
            "heldout_distance_error_plies": distance_errors,
            "distance_weight": args.distance_weight,
            "float_quantized_agreement": agreement,
            "max_probability_difference": max_prob_diff,
            "check_max_probability_difference": check_prob_diff,
            "training_seconds": logs[-1].elapsed_seconds if logs else 0.0,
        }
        Path(args.report).write_text(json.dumps(without_nan(report), indent=2, allow_nan=False) + "\n")
        print(f"wrote {args.report}")
    return 0
