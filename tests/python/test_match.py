"""bagh.play_match and bagh.PerfectPlayer from Python.

The tallies are recounted here from the records' own results, the perfect
player's moves are checked against the tables' probes of every move (built
here for a small rule set), and wins are checked against the tables'
distance: two perfect players end a won game in exactly that many plies.
"""

from __future__ import annotations

import math
import random

import bagh
import pytest

#: Two sliding tigers against four goats, blocked goats lose: the tigers
#: win from the start (the tables below say so, and a test checks it).
TIGERS_WIN = bagh.Ruleset(
    tigers=["b3", "d3"],
    goats=4,
    capture_target=2,
    tiger_moves="slide",
    blocked_side_loses=True,
    repetition="allowed",
)


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> bagh.Tablebase:
    return bagh.Tablebase.build(TIGERS_WIN, tmp_path_factory.mktemp("match") / "tables")


def first_move(game: bagh.Game) -> bagh.Move:
    return game.legal_moves()[0]


def test_sides_alternate_and_the_tally_is_the_records() -> None:
    result = bagh.play_match(7, first_move, games=4, depth=2, seed=5, openings=3)
    assert result.players == ("bagh level 7", "first_move")
    assert len(result) == 4
    wins = draws = losses = 0
    for i, record in enumerate(result.records):
        first_side = "goat" if i % 2 == 0 else "tiger"
        goats, tigers = ("bagh level 7", "first_move")[:: 1 if first_side == "goat" else -1]
        assert record.tag("Goats") == goats and record.tag("Tigers") == tigers
        assert record.tag("Round") == str(i + 1)
        # The record reads back to the same game.
        again = bagh.Record.from_text(record.to_text())
        assert again.game.moves == record.game.moves
        outcome = record.game.outcome()
        winner = outcome.winner if outcome is not None else None
        if winner is None:
            draws += 1
        elif winner == first_side:
            wins += 1
        else:
            losses += 1
    # Games 2k and 2k+1 share their 3-ply opening.
    records = result.records
    assert records[0].game.moves[:3] == records[1].game.moves[:3]
    assert (result.wins, result.draws, result.losses) == (wins, draws, losses)
    assert result.score == pytest.approx((wins + draws / 2) / 4)
    low, high = result.elo_interval
    assert low <= result.elo <= high


def test_elo_of_a_known_score() -> None:
    # 3 wins out of 4 is a score of 0.75: -400 log10(1/0.75 - 1) = +190.8.
    def play(game: bagh.Game) -> bagh.Move:
        return game.legal_moves()[0]

    result = bagh.play_match(12, play, games=4, depth=3, seed=2)
    score = (result.wins + result.draws / 2) / 4
    if 0 < score < 1:
        assert result.elo == pytest.approx(-400 * math.log10(1 / score - 1))
    else:
        assert math.isinf(result.elo)


def test_openings_given_as_positions_and_games() -> None:
    opening = bagh.Game()
    for mv in ["c3", "a1b2", "a1"]:
        opening.push(mv)
    result = bagh.play_match(first_move, first_move, games=2, openings=[opening], max_plies=20)
    for record in result.records:
        assert record.game.moves[:3] == opening.moves
        # Stopped at 20 plies: counted as a draw and tagged.
        assert len(record.game.moves) <= 20
    assert result.draws == 2 and result.records[0].tag("Termination") == "stopped: too long"


def test_typed_errors() -> None:
    with pytest.raises(bagh.MatchError) as caught:
        bagh.play_match(first_move, lambda game: "c3c4", games=2)
    assert caught.value.player == "<lambda>" and caught.value.round == 1
    assert isinstance(caught.value.__cause__, bagh.IllegalMoveError)

    class Boom(Exception):
        pass

    def boom(game: bagh.Game) -> bagh.Move:
        raise Boom("no move")

    with pytest.raises(Boom):
        bagh.play_match(first_move, boom)
    with pytest.raises(TypeError):
        bagh.play_match(first_move, "not a player")  # type: ignore[arg-type]
    with pytest.raises(bagh.EngineError, match="level"):
        bagh.play_match(first_move, 21)
    with pytest.raises(bagh.EngineError, match="openings"):
        bagh.play_match(first_move, first_move, openings=["not a position"])
    with pytest.raises(bagh.EngineError, match="b"):
        bagh.play_match(first_move, bagh.Engine("two-tigers"), rules="bagh-chal")
    with pytest.raises(bagh.EngineError, match="max_plies"):
        bagh.play_match(first_move, first_move, max_plies=0)


def test_perfect_moves_are_the_best_by_the_tables(tables: bagh.Tablebase) -> None:
    rank = {"win": 2, "draw": 1, "loss": 0}
    flipped = {"win": "loss", "draw": "draw", "loss": "win"}
    player = bagh.PerfectPlayer(tables, style="narrowing", seed=1)
    rng = random.Random(4)
    checked = 0
    for _ in range(30):
        game = bagh.Game(TIGERS_WIN)
        while not game.is_game_over() and len(game.moves) < 40:
            answers = {mv: tables.probe(game.position.play(mv)) for mv in game.legal_moves()}

            def key(probe: bagh.Probe) -> tuple[int, int]:
                mine = flipped[probe.value]
                distance = probe.distance or 0
                return (rank[mine], -distance if mine == "win" else distance)

            best = max(key(p) for p in answers.values())
            expected = {mv for mv, p in answers.items() if key(p) == best}
            assert set(player.perfect_moves(game)) == expected
            assert player.best_move(game) in expected
            checked += 1
            game.push(rng.choice(game.legal_moves()))
    assert checked > 300


def test_perfect_tigers_convert_and_win_by_the_distance(tables: bagh.Tablebase) -> None:
    assert tables.probe(bagh.Position(None, TIGERS_WIN)).value == "loss"
    perfect = bagh.PerfectPlayer(tables, seed=9)
    result = bagh.play_match(perfect, 4, games=6, depth=2, openings=0)
    assert result.players[0] == "perfect (random)"
    for i, record in enumerate(result.records):
        if i % 2 == 1:  # the perfect player has the tigers
            outcome = record.game.outcome()
            assert outcome is not None and outcome.winner == "tiger"
    # Two perfect players from a won movement position: exactly the distance.
    other = bagh.PerfectPlayer(tables, style="narrowing", seed=2)
    rng = random.Random(8)
    for _ in range(20):
        position = bagh.Position(None, TIGERS_WIN)
        while position.goats_in_hand and not position.is_game_over():
            position = position.play(rng.choice(position.legal_moves()))
        probe = tables.probe(position)
        if position.is_game_over() or probe.value == "draw":
            continue
        game = bagh.Game(TIGERS_WIN, position)
        players = [perfect, other]
        while not game.is_game_over():
            game.push(players[len(game.moves) % 2].best_move(game))
        assert len(game.moves) == probe.distance
