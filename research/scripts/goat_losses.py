"""Where the engine's goats lose under ``forbidden`` (a study, not a timed test).

    python research/scripts/goat_losses.py target/tablebases/bagh-chal

The engine (``--evaluation``: the shipped network unless a network file or
``classic`` is named; no tables unless ``--engine-tables``; one thread,
``--time`` seconds a move) plays
the goats of ``bagh-chal`` from the start and ``--openings`` openings drawn
from seeds ``--first-seed`` and up (500,000: the tuning seeds, apart from
``engine_strength.py``'s held-out 2,000,000), against
``PerfectPlayer(style="narrowing")`` (``--style``) searching the game's history. A game
stops after 300 plies. For each game the tigers win, it finds the engine's
first move after which a search of the game with its history
(``Tablebase.probe_game``, ``--nodes``) proves the tigers' win, and searches
every other move the engine had there the same way: how many were proven
lost, proven to hold, or not proven (such a search proves a loss far more
easily than a draw, whose proof must exhaust the tigers' tries). Where every
other move was proven lost too, the game was decided before that move.
``--nodes 0`` skips these searches.

Each lost game's first slip is also told by the tables alone: the goats'
first move that the tables value as lost where the position before was not,
and whether a move that keeps the tables' value was left, or the history
had banned every such move (a loss no evaluation of the board could avoid
at that turn). With ``--engine-tables`` the engine plays the board
perfectly, so what it still loses is what the history costs.
``--workers`` games run at once (2), each worker with its own tables and
engine.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import bagh

# The openings are those of the product's strength benchmark, which stays in
# benchmarks/: one definition of them for both.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from engine_strength import FLIP, opening_games  # noqa: E402


@dataclass
class Turning:
    """The engine's first move after which the tigers' win is proven."""

    ply: int
    phase: str
    captured: int
    tables_value: str
    alternatives: Counter[str]


def proven_for_tigers(tables: bagh.Tablebase, game: bagh.Game, nodes: int) -> str:
    """"lost" (for the goats, the tigers to move win), "holds" (proven not
    lost) or "unproven", by a search of `game` with its history."""
    proven = tables.probe_game(game, max_nodes=nodes).proven
    return "unproven" if proven is None else "lost" if proven == "win" else "holds"


def turning_point(
    tables: bagh.Tablebase, game: bagh.Game, opening: int, nodes: int
) -> Turning | None:
    """The turning point of a lost `game`, replayed from its start."""
    replay = bagh.Game(game.rules, game.start)
    for ply, mv in enumerate(game.moves):
        position = replay.position
        if ply >= opening and position.side_to_move == "goat":
            after = replay.copy()
            after.push(mv)
            if proven_for_tigers(tables, after, nodes) == "lost":
                alternatives: Counter[str] = Counter()
                for other in replay.legal_moves():
                    if other != mv:
                        tried = replay.copy()
                        tried.push(other)
                        alternatives[proven_for_tigers(tables, tried, nodes)] += 1
                return Turning(
                    ply,
                    "placement" if position.goats_in_hand else "movement",
                    position.goats_captured,
                    tables.probe(position).value,
                    alternatives,
                )
        replay.push(mv)
    return None


@dataclass
class Slip:
    """The goats' first move that the tables value as lost, the position
    before it not: the moves left that keep the tables' value, and those the
    history banned that would have."""

    ply: int
    phase: str
    captured: int
    keeping_left: int
    keeping_banned: int

    def forced(self) -> bool:
        """Whether the history had banned every move that keeps the value."""
        return self.keeping_left == 0


def lost_by_tables(tables: bagh.Tablebase, position: bagh.Position, move: bagh.Move) -> bool:
    """Whether the tables value the position after `move` as lost for the side
    that played it."""
    return FLIP[tables.probe(position.play(move)).value] == "loss"


def first_slip(tables: bagh.Tablebase, game: bagh.Game, opening: int) -> Slip | None:
    """The first slip of a lost `game`, by the tables alone."""
    replay = bagh.Game(game.rules, game.start)
    for ply, mv in enumerate(game.moves):
        position = replay.position
        if (
            ply >= opening
            and position.side_to_move == "goat"
            and tables.probe(position).value != "loss"
            and lost_by_tables(tables, position, mv)
        ):
            left = set(replay.legal_moves())
            keeping = [m for m in position.legal_moves() if not lost_by_tables(tables, position, m)]
            return Slip(
                ply,
                "placement" if position.goats_in_hand else "movement",
                position.goats_captured,
                sum(m in left for m in keeping),
                sum(m not in left for m in keeping),
            )
        replay.push(mv)
    return None


@dataclass
class Played:
    """One game's end and, if the goats lost it, its turning point."""

    index: int
    winner: str | None
    plies: int
    turning: Turning | None
    slip: Slip | None
    searched: bool

    def line(self) -> str:
        line = f"game {self.index}: {self.winner or 'no one'} won in {self.plies} plies"
        if self.winner != "tiger":
            return line
        slip = self.slip
        if slip is not None:
            line += (
                f"; first slip by the tables at ply {slip.ply} ({slip.phase}, {slip.captured} "
                f"captured): {slip.keeping_left} value-keeping moves left, "
                f"{slip.keeping_banned} banned by the history"
            )
        if not self.searched:
            return line
        turning = self.turning
        if turning is None:
            return line + "; no goat move proven losing"
        others = ", ".join(f"{n} {kind}" for kind, n in sorted(turning.alternatives.items()))
        return line + (
            f"; proven lost after the goats' move at ply {turning.ply} ({turning.phase}, "
            f"{turning.captured} captured, the tables say {turning.tables_value}, "
            f"{self.plies - turning.ply} plies before the end); the other moves: {others or 'none'}"
        )

    def decided_earlier(self) -> bool:
        """Whether every other move at the turning point was proven lost too."""
        return self.turning is not None and set(self.turning.alternatives) <= {"lost"}


# Each worker's tables and engine, opened once (`start_worker`).
_tables: bagh.Tablebase
_engine: bagh.Engine


def start_worker(tables_dir: str, engine_tables: bool, evaluation: str) -> None:
    global _tables, _engine
    _tables = bagh.Tablebase.open(tables_dir)
    _engine = bagh.Engine(
        _tables.rules,
        threads=1,
        evaluation=evaluation,
        tablebase=_tables if engine_tables else None,
    )


Style = Literal["random", "narrowing"]


def play(task: tuple[int, bagh.Game, float, int, Style]) -> Played:
    """One game from its opening, and its turning point if the goats lost."""
    index, opening, seconds, nodes, style = task
    tigers = bagh.PerfectPlayer(_tables, style=style, seed=index)
    _engine.new_game()
    game = opening.copy()
    while not game.is_game_over() and len(game.moves) < 300:
        if game.position.side_to_move == "goat":
            game.push(_engine.best_move(game, time=seconds))
        else:
            game.push(tigers.best_move(game))
    outcome = game.outcome()
    winner = outcome.winner if outcome is not None else None
    lost = winner == "tiger"
    turning = turning_point(_tables, game, len(opening.moves), nodes) if lost and nodes else None
    slip = first_slip(_tables, game, len(opening.moves)) if lost else None
    return Played(index, winner, len(game.moves), turning, slip, nodes > 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables")
    parser.add_argument("--openings", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=500_000)
    parser.add_argument("--time", type=float, default=0.1)
    parser.add_argument(
        "--nodes", type=int, default=200_000, help="the history searches' nodes (0: none)"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--style", choices=["narrowing", "random"], default="narrowing")
    parser.add_argument(
        "--engine-tables",
        action="store_true",
        help="give the engine the tables too: what perfect play of the board loses to the history",
    )
    parser.add_argument(
        "--evaluation",
        default="network",
        help="the engine's evaluation: network (the shipped one), classic, or a network file",
    )
    args = parser.parse_args()
    tables = bagh.Tablebase.open(args.tables)
    if str(tables.rules) != "bagh-chal":
        parser.error(f"{args.tables} holds the tables of {tables.rules}; this study is of bagh-chal")
    openings, _ = opening_games(tables, args.openings, args.first_seed)
    style: Style = "random" if args.style == "random" else "narrowing"
    tasks = [(i, opening, args.time, args.nodes, style) for i, opening in enumerate(openings)]
    print(
        f"{len(openings)} starts (seeds {args.first_seed} and up) against the {args.style} "
        f"perfect tigers; engine ({args.evaluation}) {args.time} s a move"
        f"{' with the tables' if args.engine_tables else ''}, "
        f"history searches of {args.nodes} nodes",
        flush=True,
    )
    lost = []
    with ProcessPoolExecutor(
        args.workers, initializer=start_worker, initargs=(args.tables, args.engine_tables, args.evaluation)
    ) as pool:
        for played in pool.map(play, tasks):
            print(played.line(), flush=True)
            if played.winner == "tiger":
                lost.append(played)
    decided = sum(played.decided_earlier() for played in lost)
    slips = [played.slip for played in lost if played.slip is not None]
    forced = sum(slip.forced() for slip in slips)
    by_phase = Counter(slip.phase for slip in slips if not slip.forced())
    print(
        f"first slips by the tables: {forced} forced by the history (every value-keeping move "
        f"banned), {by_phase['placement']} in placement and {by_phase['movement']} in movement "
        "with a value-keeping move left"
    )
    if args.nodes == 0:
        print(f"the goats lost {len(lost)} of {len(tasks)}")
        return
    print(
        f"the goats lost {len(lost)} of {len(tasks)}; at the turning point every other move was "
        f"proven lost too in {decided} of them (a search of the history rarely proves a draw, "
        "so a move not proven lost may hold or not)"
    )


if __name__ == "__main__":
    main()
