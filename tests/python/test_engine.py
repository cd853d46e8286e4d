"""bagh.Engine from Python: searches checked against tables built here.

The expected values come from the tables of a small rule set (one tiger,
five goats, two captures to win, repetition allowed), built into a
temporary directory in about a second; the tables themselves are checked
against a plain minimax in test_tablebase.py. Without tables, the engine
must prove every won or lost movement position with the tables' exact
distance and keep the value with its move; with them, its move must be one
of the tables' best moves. Then the API: limits, MultiPV, levels, typed
errors, Score, progress, the GIL.
"""

from __future__ import annotations

import random
from pathlib import Path

import bagh
import pytest
from conftest import ticks_during

#: Repetition allowed: the tables value positions, not games, and under
#: "forbidden" a search's own path can ban the move that keeps a value.
RULES = bagh.Ruleset(tigers=["c3"], goats=5, capture_target=2, repetition="allowed")


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    return bagh.Tablebase.build(RULES, tmp_path_factory.mktemp("engine") / "tables")


def sample(n: int, seed: int, movement_only: bool) -> list[bagh.Position]:
    """Distinct positions of random games that are not over (with no goats
    in hand when `movement_only`), in the order met."""
    rng = random.Random(seed)
    seen: dict[bagh.Position, None] = {}
    while len(seen) < n:
        position = bagh.Position(None, RULES)
        for _ in range(rng.randrange(1, 60)):
            if position.is_game_over():
                break
            if not movement_only or position.goats_in_hand == 0:
                seen[position] = None
            position = position.play(rng.choice(position.legal_moves()))
    return list(seen)[:n]


def test_search_alone_finds_the_tables_distances(tables: bagh.Tablebase) -> None:
    engine = bagh.Engine(RULES)
    decided = drawn = 0
    for position in sample(600, seed=1, movement_only=True):
        probe = tables.probe(position)
        if probe.value == "draw":
            if drawn < 10:
                drawn += 1
                score = engine.analyse(position, depth=4).score
                assert not score.is_win and not score.is_loss, position
            continue
        assert probe.distance is not None
        if probe.distance > 9 or decided >= 40:
            continue
        decided += 1
        analysis = engine.analyse(position, depth=probe.distance + 1)
        if probe.value == "win":
            assert analysis.score == bagh.Score(win_in=probe.distance), position
        else:
            assert analysis.score == bagh.Score(loss_in=probe.distance), position
        reply = tables.probe(position.play(analysis.best_move))
        assert reply == probe.after_best_move(), (position, analysis.best_move)
    assert decided >= 30 and drawn >= 5, (decided, drawn)


def test_with_tables_the_move_is_one_of_the_best(tables: bagh.Tablebase) -> None:
    engine = bagh.Engine(tablebase=tables)
    assert engine.rules == RULES
    positions = sample(60, seed=2, movement_only=False)
    assert any(p.goats_in_hand > 0 for p in positions) and any(p.goats_in_hand == 0 for p in positions)
    for position in positions:
        analysis = engine.analyse(position, depth=3)
        assert analysis.best_move in tables.best_moves(position), position
        assert engine.best_move(position, depth=3) in tables.best_moves(position), position
        probe = tables.probe(position)
        if probe.value == "draw":
            assert analysis.score.is_draw, position
        elif probe.distance is not None:
            expected = bagh.Score(win_in=probe.distance) if probe.value == "win" else bagh.Score(loss_in=probe.distance)
            assert analysis.score == expected, position
        else:
            assert analysis.score.is_win == (probe.value == "win"), position
            assert analysis.score.is_loss == (probe.value == "loss"), position


def test_depth_pv_and_lines() -> None:
    engine = bagh.Engine()
    game = bagh.Game()
    analysis = engine.analyse(game, depth=6)
    assert analysis.depth == 6
    assert analysis.seldepth >= 6
    assert analysis.nodes > 0 and analysis.time >= 0.0
    assert analysis.pv[0] == analysis.best_move
    assert game.is_legal(analysis.best_move)
    assert len(analysis.lines) == 1
    assert analysis.lines[0].pv == analysis.pv and analysis.lines[0].score == analysis.score
    # The pv is playable from the game.
    for move in analysis.pv:
        game.push(move)


def test_multipv_gives_distinct_moves_best_first() -> None:
    engine = bagh.Engine()
    analysis = engine.analyse(bagh.Position(), depth=5, multipv=3)
    assert len(analysis.lines) == 3
    firsts = [line.pv[0] for line in analysis.lines]
    assert len(set(firsts)) == 3
    assert firsts[0] == analysis.best_move
    keys = [line.score.sort_key() for line in analysis.lines]
    assert keys == sorted(keys, reverse=True)
    # Fewer legal moves than lines asked for: one line per move.
    position = bagh.Position("T3T/5/5/5/T3T g 20 0")
    assert len(engine.analyse(position, depth=2, multipv=100).lines) == len(position.legal_moves())


def test_a_level_with_a_seed_replays_the_same_moves() -> None:
    def play(seed: int) -> list[bagh.Move]:
        engine = bagh.Engine(level=3, seed=seed)
        game = bagh.Game()
        for _ in range(12):
            game.push(engine.best_move(game, depth=4))
        return game.moves

    assert play(7) == play(7)
    engine = bagh.Engine(level=5, seed=11)
    assert engine.level == 5 and engine.seed == 11
    assert repr(engine) == "Engine(rules='bagh-chal', level=5, seed=11)"
    # Unseeded engines draw a seed, which they tell.
    assert isinstance(bagh.Engine(level=1).seed, int)


def test_a_finished_game_is_refused() -> None:
    game = bagh.Game("two-tigers")
    while not game.is_game_over():
        game.push(game.legal_moves()[0])
    with pytest.raises(bagh.EngineError, match="game is over") as error:
        bagh.Engine("two-tigers").analyse(game, depth=2)
    assert error.value.outcome == game.outcome()
    assert isinstance(error.value, bagh.BaghError)


def test_typed_errors() -> None:
    engine = bagh.Engine()
    with pytest.raises(bagh.EngineError, match="no limit"):
        engine.analyse(bagh.Position())
    with pytest.raises(bagh.EngineError, match="no limit"):
        engine.best_move(bagh.Position())
    for kwargs in [{"depth": 0}, {"depth": 101}, {"nodes": 0}, {"time": -1.0}, {"time": float("nan")}]:
        with pytest.raises(bagh.EngineError):
            engine.analyse(bagh.Position(), **kwargs)  # type: ignore[arg-type]
    with pytest.raises(bagh.EngineError, match="multipv"):
        engine.analyse(bagh.Position(), depth=1, multipv=0)
    with pytest.raises(bagh.EngineError, match="engine under"):
        engine.analyse(bagh.Position(None, "two-tigers"), depth=1)
    with pytest.raises(TypeError):
        engine.analyse(42, depth=1)  # type: ignore[arg-type]
    for options in [{"threads": 0}, {"threads": 300}, {"hash_mb": 0}, {"level": 0}, {"level": 21}, {"seed": -1}]:
        with pytest.raises(bagh.EngineError):
            bagh.Engine(**options)  # type: ignore[arg-type]
    with pytest.raises(bagh.ParseError):
        bagh.Engine("no-such-rules")


def test_tables_of_another_rule_set_are_refused(tables: bagh.Tablebase) -> None:
    with pytest.raises(bagh.EngineError, match="tables are for"):
        bagh.Engine("bagh-chal", tablebase=tables)


def test_score_is_exactly_one_thing() -> None:
    scores = [
        bagh.Score(value=35),
        bagh.Score(value=-120),
        bagh.Score(value=0),
        bagh.Score(win_in=7),
        bagh.Score(loss_in=4),
        bagh.Score(win=True),
        bagh.Score(loss=True),
        bagh.Score(draw=True),
    ]
    for score in scores:
        kinds = [score.value is not None, score.is_win, score.is_loss, score.is_draw]
        assert kinds.count(True) == 1, score
        assert score.is_proven == (score.value is None)
        assert eval(repr(score), {"Score": bagh.Score}) == score
    # For the side to move, value / 1000 with two decimals; distances in plies.
    assert [str(s) for s in scores] == ["+0.04", "-0.12", "0.00", "win in 7 plies", "loss in 4 plies", "win", "loss", "draw"]
    assert repr(scores[0]) == "Score(value=35)" and repr(scores[3]) == "Score(win_in=7)"
    assert scores[3].win_in == 7 and scores[3].loss_in is None and scores[3].value is None
    assert scores[5].win_in is None and scores[5].is_win
    assert len(set(scores + [bagh.Score(value=35)])) == len(scores)
    keys = [s.sort_key() for s in (scores[3], scores[5], scores[0], scores[2], scores[1], scores[6], scores[4])]
    assert keys == sorted(keys, reverse=True)
    for bad in [{}, {"value": 1, "draw": True}, {"win_in": 3, "loss_in": 3}]:
        with pytest.raises(bagh.EngineError):
            bagh.Score(**bad)  # type: ignore[arg-type]


def test_progress_hears_every_iteration() -> None:
    reports: list[bagh.Progress] = []
    analysis = bagh.Engine().analyse(bagh.Game(), depth=5, multipv=2, progress=reports.append)
    assert [(p.depth, p.multipv) for p in reports] == [(d, k) for d in range(1, 6) for k in (1, 2)]
    last = reports[-2]
    assert last.pv == analysis.pv and last.score == analysis.score
    assert all(p.nodes > 0 and 0 <= p.hashfull <= 1000 for p in reports)

    def fail(progress: bagh.Progress) -> None:
        raise RuntimeError("enough")

    with pytest.raises(RuntimeError, match="enough"):
        bagh.Engine().analyse(bagh.Game(), depth=30, progress=fail)
    with pytest.raises(TypeError):
        bagh.Engine().analyse(bagh.Game(), depth=3, progress=3)  # type: ignore[arg-type]


def test_a_game_keeps_its_history_and_new_game_forgets() -> None:
    engine = bagh.Engine("two-tigers", threads=2, hash_mb=8)
    assert repr(engine) == "Engine(rules='two-tigers', threads=2, hash_mb=8)"
    game = bagh.Game("two-tigers")
    for _ in range(6):
        move = engine.best_move(game, nodes=20_000)
        assert game.is_legal(move)
        game.push(move)
    engine.new_game()
    assert game.is_legal(engine.best_move(game.position.to_text(), time=0.05))


def test_the_search_lets_other_threads_run() -> None:
    engine = bagh.Engine()
    ticks, elapsed = ticks_during(lambda: engine.analyse(bagh.Game(), time=0.5))
    # With the GIL held for the whole search the ticker would barely run.
    assert ticks > elapsed * 100


def test_reprs(tables: bagh.Tablebase, tmp_path: Path) -> None:
    analysis = bagh.Engine(tablebase=tables).analyse(bagh.Position(None, RULES), depth=2, multipv=2)
    assert repr(analysis).startswith(f"<Analysis best_move='{analysis.best_move}' pov_score='{analysis.pov_score}' depth=")
    assert repr(analysis.lines[1]).startswith(f"<Line pov_score='{analysis.lines[1].pov_score}' pv='")
    assert "tablebase=<Tablebase" in repr(bagh.Engine(tablebase=tables))
