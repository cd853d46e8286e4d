#!/usr/bin/env python3
"""Train the engine's evaluation network from the position files of `bagh datagen`.

    python3 training/train_eval.py --data DIR [--epochs N] [--seed S] [--threads T]
        [--width W] [--inputs I] [--batch B] [--lr LR] [--weight-decay WD] [--limit N]
        [--out NET.bnn] [--check NET.check] [--report REPORT.json]
    python3 training/train_eval.py --self-test

DIR holds `train.bpos`, `validation.bpos` and `heldout.bpos`. The network
predicts loss / draw / win for the side to move:

    116 inputs -> W (accumulator, shared) -> 32 -> 32 -> 3 + 1

The inputs are the board's 91 (a tiger or a goat on each point, goats in
hand, goats captured, side to move) and one per point on where a tiger
could capture the goat there at once (`--inputs 91` leaves these out). W is
128 or 256 (`--width`, default 128), with clipped-ReLU activations and one copy of the last three layers per side
to move. The three outputs are the logits of loss, draw and win; the fourth
estimates how far the end is, ln(1 + plies) / ln(256), where the tables know
it (the movement phase's wins and losses). It is trained in float32 with Adam
on softmax cross-entropy plus the distance's squared error, each
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


def _option_from_argv(argv: list[str], option: str, default: str) -> str:
    """The value of `option` in argv, `default` without one (read before the modules load)."""
    value = default
    for i, arg in enumerate(argv):
        if arg == option and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith(option + "="):
            value = arg.split("=", 1)[1]
    return value if value.isdigit() and int(value) > 0 else default


_THREADS = _option_from_argv(sys.argv[1:], "--threads", "1")
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = _THREADS
# The accumulator's width shapes every module's arrays, so it is fixed
# before they load (eval_formats reads it).
os.environ["BAGH_TRAIN_WIDTH"] = _option_from_argv(sys.argv[1:], "--width", "128")
os.environ["BAGH_TRAIN_INPUTS"] = _option_from_argv(sys.argv[1:], "--inputs", "116")

import argparse  # noqa: E402

from eval_formats import FormatError  # noqa: E402
from eval_self_test import self_test  # noqa: E402
from eval_training import run  # noqa: E402

# ---------------------------------------------------------------- command line


def positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive integer")
    return value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Train the bagh evaluation network (116-W-32-32-4, two side-to-move buckets) "
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
    parser.add_argument(
        "--width",
        type=int,
        choices=[128, 256],
        default=128,
        help="the accumulator's width (default 128, as the shipped networks; the engine reads both)",
    )
    parser.add_argument(
        "--inputs",
        type=int,
        choices=[91, 116],
        default=116,
        help="116 (default): the board and the goats under attack; 91: the board alone, as the networks "
        "before them (the engine reads both)",
    )
    parser.add_argument("--batch", type=positive, default=8192, help="minibatch size (default 8192)")
    parser.add_argument(
        "--lr", type=float, default=2e-3, help="initial Adam learning rate, cosine-decayed to 5%% (default 2e-3)"
    )
    parser.add_argument(
        "--weight-decay", type=float, default=0.0, help="decoupled weight decay on the weights (default 0)"
    )
    parser.add_argument(
        "--distance-weight",
        type=float,
        default=4.0,
        help="weight of the distance output's squared error against the cross-entropy (default 4: "
        "on two-tigers, a median error of 4.3 plies against 5.1 with 1, for the same accuracy)",
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
