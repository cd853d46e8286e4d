"""A tour of the bagh Python API, printed. Run: python examples/quickstart.py"""

from __future__ import annotations

import pickle
import random
import tempfile
import time
from pathlib import Path

import bagh


def section(title: str) -> None:
    print(f"\n== {title} ==")


section("Rule sets")
print("presets:", bagh.Ruleset.preset_ids())
standard = bagh.Ruleset.preset("bagh-chal")
print(repr(standard), "tigers:", standard.tigers, "goats:", standard.goats)
custom = bagh.Ruleset(mandatory_capture=True, repetition="draw(3)")
print("custom:", custom)
print("read back equal:", bagh.Ruleset.from_text(str(custom)) == custom)
try:
    bagh.Ruleset(goats=30)
except bagh.RulesetError as error:
    print("RulesetError:", error)

section("Positions")
start = bagh.Position()
print(repr(start))
print(start)
print("legal moves:", [str(m) for m in start.legal_moves()])
print("perft(1..5):", [start.perft(depth) for depth in range(1, 6)])
after = start.play("c3").play("a1b2")
print("after c3 a1b2:", after.to_text(), "| side to move:", after.side_to_move)
try:
    after.play("a1a2")
except bagh.IllegalMoveError as error:
    print("IllegalMoveError:", error)
try:
    bagh.Position("T3T/5/5/5/T3T g 19 0")
except bagh.ParseError as error:
    print("ParseError:", error)
print("tigers and goats, in board order:", after.tigers, after.goats)
parts = bagh.Position.from_parts(after.tigers, after.goats, goats_in_hand=19)
print("from its parts:", repr(parts), "| equal:", parts == after)
try:
    bagh.Position.from_parts(["a1", "e1", "a5"], [], goats_in_hand=20)
except bagh.SetupError as error:
    print("SetupError:", error, "| field:", error.field)

section("Moves")
capture = bagh.Move.from_text("a1xa3")
print(repr(capture), capture.kind, capture.from_point, capture.over_point, capture.to_point)

section("A random game")
rng = random.Random(2026)
game = bagh.Game("bagh-chal")
while not game.is_game_over():
    game.push(rng.choice(game.legal_moves()))
outcome = game.outcome()
assert outcome is not None
print(f"{len(game)} plies; outcome: {outcome} (winner {outcome.winner}, reason {outcome.reason})")
print(game.ascii_board())                 # the board, and the result once over
record = game.to_record(tags={"Event": "quickstart"})
print(record)
print("record read back equal:", bagh.Game.from_record(record) == game)
print("pickle round trip equal:", pickle.loads(pickle.dumps(game)) == game)
print("undo the last move:", game.pop(), "->", game.position.to_text())

section("Many games in Rust")
began = time.perf_counter()
results = bagh.random_games(20_000, rules="bagh-chal", seed=1)
elapsed = time.perf_counter() - began
plies = int(results["plies"].sum())                   # numpy arrays, one entry per game
wins = {result: int((results["result"] == result).sum()) for result in ("1-0", "0-1", "1/2-1/2")}
print(f"20000 games, {plies} plies in {elapsed:.2f} s: {plies / elapsed / 1e6:.1f} million plies/s")
print("results (1-0 goats win, 0-1 tigers win):", wins)

section("Drawing")
svg = bagh.svg(game.position, size=240, highlight=["c3"])
print(f"bagh.svg(...) gives {len(svg)} characters of SVG; notebooks draw Position and Game by themselves.")

section("Perfect play: tablebases")
# A small rule set builds in a fraction of a second; `make solve-game` builds
# bagh-chal's into target/tablebases/bagh-chal.
with tempfile.TemporaryDirectory() as directory:
    small = bagh.Ruleset(tigers=["c3"], goats=4, capture_target=2)
    began = time.perf_counter()
    tables = bagh.Tablebase.build(small, Path(directory) / "small")
    elapsed = time.perf_counter() - began
    counts = tables.statistics()
    placed = counts.placement.positions if counts.placement is not None else 0
    print(f"built in {elapsed:.2f} s: {counts.movement.positions:,} positions with no goats in hand,")
    print(f"  {placed:,} with goats in hand and the goats to move (up to symmetry)")
    start = bagh.Position.start(small)
    print("the start:", repr(tables.probe(start)), "| moves that keep it:", len(tables.best_moves(start)))
    position = bagh.Position("5/3G1/GG3/1GT2/5 t 0 0", small)
    probe = tables.probe(position)
    print(position.to_text(), "->", repr(probe), "| best moves:", [str(m) for m in tables.best_moves(position)])
    line = []
    while not position.is_game_over():
        move = tables.best_moves(position)[0]
        line.append(str(move))
        position = position.play(move)
    print(f"perfect play, {len(line)} plies:", " ".join(line), "->", position.outcome())
    movement_only = bagh.Tablebase.build(small, Path(directory) / "movement-only", placement=False)
    print("without the placement layers, the start by search:", repr(movement_only.solve(start)))
    try:
        movement_only.probe(start)
    except bagh.TablebaseError as error:
        print("TablebaseError:", error)

section("The engine")
engine = bagh.Engine()                             # bagh-chal, full strength, no tables
analysis = engine.analyse(bagh.Game(), depth=8, multipv=3)
print(analysis)
for best in analysis.lines:                        # the three best first moves, scored for the goats
    print(f"  {best.pov_score}  {' '.join(str(move) for move in best.pv)}")
for rules in bagh.Ruleset.preset_ids():            # full strength against level 3, every rule set
    strong, weak = bagh.Engine(rules), bagh.Engine(rules, level=3, seed=1)
    game = bagh.Game(rules)
    while not game.is_game_over() and len(game) < 200:
        player = strong if game.side_to_move == "goat" else weak
        game.push(player.best_move(game, nodes=5_000))
    print(f"{rules}: the engine as goats against level 3: {game.result()} after {len(game)} plies")
