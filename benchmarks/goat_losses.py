"""Where the engine's goats lose under ``forbidden`` (a study, not a timed test).

    python benchmarks/goat_losses.py target/tablebases/bagh-chal

The engine (network, no tables, one thread, ``--time`` seconds a move) plays
the goats of ``bagh-chal`` from the start and ``--openings`` openings drawn
from seeds ``--first-seed`` and up (500,000: the tuning seeds, apart from
``engine_strength.py``'s held-out 2,000,000), against
``PerfectPlayer(style="narrowing")`` searching the game's history. A game
stops after 300 plies. For each game the tigers win, it finds the engine's
first move after which a search of the game with its history
(``Tablebase.probe_game``, ``--nodes``) proves the tigers' win, and searches
every other move the engine had there the same way: how many were proven
lost, proven to hold, or not proven (such a search proves a loss far more
easily than a draw, whose proof must exhaust the tigers' tries). Where every
other move was proven lost too, the game was decided before that move.
``--workers`` games run at once (2), each worker with its own tables and
engine.
"""

from __future__ import annotations

import argparse
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import bagh
from engine_strength import opening_games


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
class Played:
    """One game's end and, if the goats lost it, its turning point."""

    index: int
    winner: str | None
    plies: int
    turning: Turning | None

    def line(self) -> str:
        line = f"game {self.index}: {self.winner or 'no one'} won in {self.plies} plies"
        if self.winner != "tiger":
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


def start_worker(tables_dir: str) -> None:
    global _tables, _engine
    _tables = bagh.Tablebase.open(tables_dir)
    _engine = bagh.Engine(_tables.rules, threads=1, evaluation="network")


def play(task: tuple[int, bagh.Game, float, int]) -> Played:
    """One game from its opening, and its turning point if the goats lost."""
    index, opening, seconds, nodes = task
    tigers = bagh.PerfectPlayer(_tables, style="narrowing", seed=index)
    _engine.new_game()
    game = opening.copy()
    while not game.is_game_over() and len(game.moves) < 300:
        if game.position.side_to_move == "goat":
            game.push(_engine.best_move(game, time=seconds))
        else:
            game.push(tigers.best_move(game))
    outcome = game.outcome()
    winner = outcome.winner if outcome is not None else None
    turning = turning_point(_tables, game, len(opening.moves), nodes) if winner == "tiger" else None
    return Played(index, winner, len(game.moves), turning)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables")
    parser.add_argument("--openings", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=500_000)
    parser.add_argument("--time", type=float, default=0.1)
    parser.add_argument("--nodes", type=int, default=200_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    tables = bagh.Tablebase.open(args.tables)
    if str(tables.rules) != "bagh-chal":
        parser.error(f"{args.tables} holds the tables of {tables.rules}; this study is of bagh-chal")
    openings, _ = opening_games(tables, args.openings, args.first_seed)
    tasks = [(i, opening, args.time, args.nodes) for i, opening in enumerate(openings)]
    print(
        f"{len(openings)} starts (seeds {args.first_seed} and up); engine {args.time} s a move, "
        f"history searches of {args.nodes} nodes",
        flush=True,
    )
    lost = []
    with ProcessPoolExecutor(args.workers, initializer=start_worker, initargs=(args.tables,)) as pool:
        for played in pool.map(play, tasks):
            print(played.line(), flush=True)
            if played.winner == "tiger":
                lost.append(played)
    decided = sum(played.decided_earlier() for played in lost)
    print(
        f"the goats lost {len(lost)} of {len(tasks)}; at the turning point every other move was "
        f"proven lost too in {decided} of them (a search of the history rarely proves a draw, "
        "so a move not proven lost may hold or not)"
    )


if __name__ == "__main__":
    main()
