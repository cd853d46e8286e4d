"""The engine's strength and speed, measured (not a timed test).

Three measurements, one subcommand each::

    python benchmarks/engine_strength.py perfect target/tablebases/bagh-chal
    python benchmarks/engine_strength.py baghchal --games 100
    python benchmarks/engine_strength.py speed

``perfect``: whole games against two perfect opponents, the tables judging
every move (build them with ``make solve-game``). The games start from the
rule set's start and from ``--openings`` openings of 4 to 11 random plies
whose value is still the start's, drawn from seeds ``--first-seed`` and up
(2,000,000: held out from any tuning). The engine plays each side, one
thread, ``--time`` seconds a move (0.1), in three configurations: without
tables, with the movement table only, with both tables. Its opponents are
``bagh.PerfectPlayer`` in both styles: "random" (at random among the best
moves) and "narrowing" (the best move that leaves the engine the fewest
value-keeping replies). For each configuration, side and opponent it prints
the games in which the engine kept the game-theoretic value, those in
which it never lost it while a move that keeps it was left (every slip
forced by the history's bans, below), the games' results, and the
value-losing moves per 1,000 by phase. A game stops after
``--max-plies`` plies (300) and counts as drawn. The tables value positions
as if new: under ``forbidden`` the history can ban every move that keeps a
value, and such turns are counted apart (the game then counts as not kept).
So under ``forbidden`` the perfect opponents search the game's history
(``history_nodes``, ``--history-nodes``, 20,000 as ``bagh.PerfectPlayer``
does by default; 0 gives the players of the tables alone), and a move the
tables call value-losing is searched with the history too
(``Tablebase.probe_game``, ``--judge-nodes`` positions): when that search
proves the position after it at least the tables' value before it, for the
engine, the move is *cleared* and keeps the value. Each line prints the
moves cleared. ``--split-by DIR`` also counts each side's games by the value
of their start in the tables of another rule set on the same board: with
the tables of ``bagh-chal capture_target=4``, whether perfect tigers could
force a fourth capture from there.

``baghchal``: games against the ``baghchal`` package's ``Engine(depth=5)``
(PyPI, 1.0.1; installed here if missing), ``--games`` a side from varied
openings, under the package's rules (``bagh-chal-blocked-loses``, with its
draw at a board's third occurrence applied). Every finished game is printed
as it ends, so a long run can be stopped and still be counted.

``speed``: nodes per second on one thread and the time to each depth, from
the start and from a placement middlegame, the median of ``--runs`` runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import bagh
import bagh.interop.baghchal as interop
from baghchal_package import import_baghchal

FLIP = {"win": "loss", "draw": "draw", "loss": "win"}


def opening_games(
    tables: bagh.Tablebase, count: int, first_seed: int
) -> tuple[list[bagh.Game], int]:
    """The start and `count` openings of 4 to 11 random plies with the
    start's side to move and value; also the next unused seed."""
    rules = tables.rules
    start = bagh.Position(None, rules)
    value = tables.probe(start).value
    games = [bagh.Game(rules)]
    seed = first_seed
    while len(games) < count + 1:
        rng = random.Random(seed)
        plies = 4 + seed % 8
        seed += 1
        game = bagh.Game(rules)
        for _ in range(plies):
            if game.is_game_over():
                break
            game.push(rng.choice(game.legal_moves()))
        position = game.position
        if (
            len(game.moves) == plies
            and not game.is_game_over()
            and position.side_to_move == start.side_to_move
            and tables.probe(position).value == value
        ):
            games.append(game)
    return games, seed


RANK = {"loss": 0, "draw": 1, "win": 2}


@dataclass
class Tally:
    """The engine's games against one opponent, from one side."""

    games: int = 0
    kept: int = 0
    # Games whose value-losing moves (if any) all came where the history had
    # banned every move that keeps the value: no slip of the engine's own.
    unforced_kept: int = 0
    results: dict[str, int] = field(default_factory=lambda: {"won": 0, "drawn": 0, "lost": 0})
    moves: dict[str, int] = field(default_factory=lambda: {"placement": 0, "movement": 0})
    losing: dict[str, int] = field(default_factory=lambda: {"placement": 0, "movement": 0})
    banned: int = 0
    cleared: int = 0

    def add(self, other: Tally) -> None:
        """Counts `other`'s games in this tally too."""
        self.games += other.games
        self.kept += other.kept
        self.unforced_kept += other.unforced_kept
        pairs = [
            (self.results, other.results),
            (self.moves, other.moves),
            (self.losing, other.losing),
        ]
        for counts, more in pairs:
            for key, n in more.items():
                counts[key] += n
        self.banned += other.banned
        self.cleared += other.cleared

    def per_mille(self, phase: str) -> float:
        return 1000 * self.losing[phase] / max(self.moves[phase], 1)

    def line(self) -> str:
        r = self.results
        return (
            f"kept {self.kept}/{self.games} (no slip with a keeping move left: "
            f"{self.unforced_kept}); won/drawn/lost {r['won']}/{r['drawn']}/{r['lost']}; "
            f"value-losing per 1,000: placement {self.per_mille('placement'):.1f} "
            f"(of {self.moves['placement']}), movement {self.per_mille('movement'):.1f} "
            f"(of {self.moves['movement']}); turns with every keeping move banned: {self.banned}; "
            f"moves cleared by the history: {self.cleared}"
        )


def cleared_by_history(
    tables: bagh.Tablebase, replay: bagh.Game, mv: bagh.Move, value: str, nodes: int
) -> bool:
    """Whether a search of the game's history (`probe_game`, at most `nodes`
    positions) proves the position after `mv` worth at least `value` (the
    tables' value before it) to the side that played it."""
    if nodes <= 0 or replay.rules.repetition != "forbidden":
        return False
    after = replay.copy()
    after.push(mv)
    proven = tables.probe_game(after, max_nodes=nodes).proven
    return proven is not None and RANK[FLIP[proven]] >= RANK[value]


def judge(
    tables: bagh.Tablebase,
    record: bagh.Record,
    opening: int,
    engine_side: str,
    tally: Tally,
    judge_nodes: int,
) -> None:
    """Adds one game to `tally`: the tables judge every move of the engine
    after the `opening` plies, and the history search the moves they call
    value-losing."""
    game = record.game
    replay = bagh.Game(game.rules, game.start)
    kept = unforced_kept = True
    for ply, mv in enumerate(game.moves):
        position = replay.position
        if ply >= opening and position.side_to_move == engine_side:
            value = tables.probe(position).value
            phase = "placement" if position.goats_in_hand else "movement"
            results = {m: FLIP[tables.probe(position.play(m)).value] for m in replay.legal_moves()}
            keeping = [m for m, result in results.items() if result == value]
            after = results[mv]
            tally.moves[phase] += 1
            if not keeping:
                tally.banned += 1
            if after != value:
                if cleared_by_history(tables, replay, mv, value, judge_nodes):
                    tally.cleared += 1
                else:
                    kept = False
                    if keeping:
                        unforced_kept = False
                        tally.losing[phase] += 1
        replay.push(mv)
    tally.games += 1
    tally.kept += kept
    tally.unforced_kept += unforced_kept
    outcome = game.outcome()
    winner = outcome.winner if outcome is not None else None
    tally.results["drawn" if winner is None else "won" if winner == engine_side else "lost"] += 1


def value_in(other: bagh.Tablebase, position: bagh.Position) -> str:
    """The value for the side to move of `position` in the tables of another
    rule set with the same board (such as the game the tigers win at four
    captures); "over" where that rule set's capture target is reached."""
    if position.goats_captured >= other.rules.capture_target:
        return "over"
    return other.probe(bagh.Position(str(position), other.rules)).value


def movement_only(tables: bagh.Tablebase, scratch: Path) -> bagh.Tablebase:
    """The same tables without their placement layers."""
    (scratch / "movement.tb").symlink_to(Path(tables.dir).resolve() / "movement.tb")
    return bagh.Tablebase.open(scratch)


def perfect(args: argparse.Namespace) -> None:
    tables = bagh.Tablebase.open(args.tables)
    split_by = bagh.Tablebase.open(args.split_by) if args.split_by else None
    openings, next_seed = opening_games(tables, args.openings, args.first_seed)
    start_value = tables.probe(bagh.Position(None, tables.rules)).value
    print(
        f"{tables.rules}: {len(openings)} starts (the start and {args.openings} openings from "
        f"seeds {args.first_seed}..{next_seed - 1}), {start_value} for the goats to move; "
        f"engine {args.time} s a move, one thread; opponents search the history "
        f"{args.history_nodes} nodes, the judge {args.judge_nodes}",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as scratch:
        configurations = {
            "none": None,
            "movement": movement_only(tables, Path(scratch)),
            "both": tables,
        }
        for name, evaluation, style in [
            (n, e, s)
            for n in args.configs.split(",")
            for e in args.evaluations.split(",")
            for s in args.opponents.split(",")
        ]:
            engine = bagh.Engine(
                tables.rules, tablebase=configurations[name], threads=1, evaluation=evaluation
            )
            opponent = bagh.PerfectPlayer(
                tables, style=style, seed=args.first_seed, history_nodes=args.history_nodes
            )
            began = time.monotonic()
            result = bagh.play_match(
                engine,
                opponent,
                games=2 * len(openings),
                openings=openings,
                time=args.time,
                seed=args.first_seed,
                max_plies=args.max_plies,
            )
            tallies = {"goat": Tally(), "tiger": Tally()}
            # Each side's games by the value of their start in the --split-by tables.
            parts: dict[str, dict[str, Tally]] = {"goat": {}, "tiger": {}}
            for i, record in enumerate(result.records):
                side = "goat" if i % 2 == 0 else "tiger"
                start = openings[i // 2 % len(openings)]
                game_tally = Tally()
                judge(tables, record, len(start.moves), side, game_tally, args.judge_nodes)
                tallies[side].add(game_tally)
                if split_by is not None:
                    value = value_in(split_by, start.position)
                    parts[side].setdefault(value, Tally()).add(game_tally)
            # A network file is named, so that two files side by side are told apart.
            shown = evaluation if evaluation.endswith(".bnn") else engine.evaluation
            for side, tally in tallies.items():
                print(
                    f"tables {name}, {shown} evaluation, engine as {side}s "
                    f"vs {style} perfect: {tally.line()}",
                    flush=True,
                )
                for value in sorted(parts[side]):
                    print(
                        f"  starts that --split-by values {value} for the goats: "
                        f"{parts[side][value].line()}",
                        flush=True,
                    )
            print(f"  ({time.monotonic() - began:.0f} s)", flush=True)


def their_point(text: str) -> str:
    """A point of the package (row from the top, column) in bagh's notation."""
    return f"{'abcde'[int(text[1]) - 1]}{6 - int(text[0])}"


def baghchal_player(env: ModuleType, engine_module: ModuleType, depth: int) -> Any:
    """The package's engine as a player of `bagh.play_match`."""
    engine = engine_module.Engine(depth=depth)

    def baghchal_depth_5(game: bagh.Game) -> str:
        board = env.Board()
        board.pgn_converter(interop.write_game(game))
        move, _ = engine.get_best_move(board)
        if move == 0:
            # Every move loses to its search: it names none, so take its first.
            move = next(iter(board.possible_moves()))
        body = move[2:] if move.startswith("Bx") else move[1:]
        points = [their_point(body[i : i + 2]) for i in range(0, len(body), 2)]
        if len(points) == 1:
            return points[0]
        if move.startswith("Bx"):
            return points[0] + "x" + points[1]
        return points[0] + points[1]

    return baghchal_depth_5


def baghchal(args: argparse.Namespace) -> None:
    env, engine_module = import_baghchal("env", "engine")
    rules = interop.RULES
    player = baghchal_player(env, engine_module, args.depth)
    bagh_engine = bagh.Engine(rules, threads=1)
    wins = draws = losses = 0
    print(
        f"bagh ({args.time} s a move) against baghchal Engine(depth={args.depth}), "
        f"{args.games} games a side, {rules}",
        flush=True,
    )
    for pair in range(args.games):
        rng = random.Random(args.first_seed + pair)
        opening = bagh.Game(rules)
        for _ in range(args.opening_plies):
            opening.push(rng.choice(opening.legal_moves()))
        for bagh_side in ("goat", "tiger"):
            game = opening.copy()
            while not game.is_game_over() and not interop.is_repetition_draw(game):
                if len(game.moves) >= args.max_plies:
                    break
                if game.position.side_to_move == bagh_side:
                    game.push(bagh_engine.best_move(game, time=args.time))
                else:
                    game.push(player(game))
            outcome = game.outcome()
            winner = outcome.winner if outcome is not None else None
            how = (
                outcome.reason
                if outcome is not None
                else "third occurrence"
                if interop.is_repetition_draw(game)
                else "stopped"
            )
            if winner is None:
                draws += 1
            elif winner == bagh_side:
                wins += 1
            else:
                losses += 1
            print(
                f"game {2 * pair + (bagh_side == 'tiger') + 1}: bagh {bagh_side}s, "
                f"{'drawn' if winner is None else winner + 's won'} ({how}) in {len(game.moves)} plies; "
                f"bagh so far +{wins} ={draws} -{losses}",
                flush=True,
            )
            bagh_engine.new_game()
    print(f"bagh: {wins} wins, {draws} draws, {losses} losses", flush=True)


def speed(args: argparse.Namespace) -> None:
    """Median time to each depth and nodes per second, one thread."""
    middlegame = bagh.Game()
    rng = random.Random(11)
    while middlegame.position.goats_in_hand > 8 or middlegame.position.side_to_move != "goat":
        middlegame.push(rng.choice(middlegame.legal_moves()))
    for evaluation, name, game in [
        (e, n, g)
        for e in args.evaluations.split(",")
        for n, g in (("start", bagh.Game()), ("placement middlegame", middlegame))
    ]:
        times: dict[int, list[float]] = {}
        rates = []
        for _ in range(args.runs):
            engine = bagh.Engine(threads=1, hash_mb=64, evaluation=evaluation)
            reached: dict[int, float] = {}

            def heard(progress: bagh.Progress) -> None:
                reached[progress.depth] = progress.time

            analysis = engine.analyse(game, depth=args.depth, progress=heard)
            rates.append(analysis.nodes / analysis.time)
            for depth, seconds in reached.items():
                times.setdefault(depth, []).append(seconds)
        print(f"{evaluation}, {name} ({game.position}): {statistics.median(rates) / 1e6:.2f} M nodes/s")
        print(
            "  depth: "
            + ", ".join(f"{d} {1000 * statistics.median(t):.0f} ms" for d, t in sorted(times.items()))
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("perfect", help="games against perfect opponents, judged by the tables")
    p.add_argument("tables", help="a complete tablebase directory")
    p.add_argument("--openings", type=int, default=50)
    p.add_argument("--time", type=float, default=0.1)
    p.add_argument("--configs", default="none,movement,both")
    p.add_argument("--opponents", default="random,narrowing")
    p.add_argument(
        "--evaluations",
        default="network,classic",
        help="engine evaluations, side by side: network, classic, default or a network file",
    )
    p.add_argument("--first-seed", type=int, default=2_000_000)
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument(
        "--history-nodes",
        type=int,
        default=20_000,
        help="the perfect opponents' search of the history under forbidden (0: the tables alone)",
    )
    p.add_argument(
        "--judge-nodes",
        type=int,
        default=100_000,
        help="the history search of each move the tables call value-losing (0: none)",
    )
    p.add_argument(
        "--split-by",
        help="the tables of another rule set on the same board (such as bagh-chal capture_target=4): "
        "each side's games also counted by the value of their start there",
    )
    p.set_defaults(run=perfect)
    b = commands.add_parser("baghchal", help="games against the baghchal package's engine")
    b.add_argument("--games", type=int, default=100, help="games a side")
    b.add_argument("--time", type=float, default=0.1)
    b.add_argument("--depth", type=int, default=5)
    b.add_argument("--opening-plies", type=int, default=4)
    b.add_argument("--first-seed", type=int, default=3_000_000)
    b.add_argument("--max-plies", type=int, default=300)
    b.set_defaults(run=baghchal)
    s = commands.add_parser("speed", help="nodes per second and time to each depth")
    s.add_argument("--depth", type=int, default=12)
    s.add_argument("--runs", type=int, default=5)
    s.add_argument(
        "--evaluations",
        default="network,classic",
        help="engine evaluations, one after the other: network, classic or a network file",
    )
    s.set_defaults(run=speed)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
