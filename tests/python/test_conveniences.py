"""The conveniences a python-chess user reaches for: moves that equal their
text, the game's side to move, legality under the game's history, positions,
results, captures, and boards that say how the game ended."""

from __future__ import annotations

import bagh
from bagh import Game, Move, Position

# Tigers in the corners, goats placed so that b1 sits between a1 and an empty c1.
CAPTURE_READY = "T3T/5/5/5/TG2T t 19 0"


def test_moves_equal_their_text_and_hash_like_it() -> None:
    assert Move("c3") == "c3" and "c3" == Move("c3")
    assert Move("a1xa3") != "a1a3" and Move("c3") != "c4"
    assert "c3" in Position().legal_moves()
    assert "a1a2" not in Position().legal_moves()
    assert hash(Move("a1xa3")) == hash("a1xa3")
    assert {Move("c3"), "c3"} == {"c3"}
    assert Move("c3") != 3 and Move("a1a2") < Move("a1a3")


def test_game_side_to_move_and_positions_follow_the_moves() -> None:
    game = Game(moves=["c3", "a1b2"])
    assert game.side_to_move == "goat" == game.position.side_to_move
    game.push("d3")
    after: str = game.side_to_move  # a fresh read: mypy would keep the narrowing above
    assert after == "tiger"
    assert [p.to_text() for p in game.positions] == [
        "T3T/5/5/5/T3T g 20 0",
        "T3T/5/2G2/5/T3T t 19 0",
        "T3T/5/2G2/1T3/4T g 19 0",
        "T3T/5/2GG1/1T3/4T t 18 0",
    ]


def test_game_is_legal_honours_repetition_where_position_cannot() -> None:
    # Under `forbidden`, a tiger stepping back and forth may not recreate the
    # position two moves later; the position alone knows no history.
    sparse = "T3T/5/5/5/TG2T t 0 19"
    rules = bagh.Ruleset(goats=20, capture_target=20)
    game = Game(rules, sparse, ["e5d5", "b1c1", "d5e5"])
    back = "c1b1"  # would recreate the start, ply 0
    assert game.position.is_legal(back)
    assert not game.is_legal(back)
    assert back not in game.legal_moves()
    assert game.is_legal("c1d1")


def test_results_are_star_until_the_game_ends() -> None:
    game = Game("two-tigers")
    assert game.result() == "*" and Position().result() == "*"
    seed_moves = bagh.random_games(1, rules="two-tigers", seed=11, keep="games")["games"][0].moves
    for move in seed_moves:
        assert game.result() == "*"
        game.push(move)
    outcome = game.outcome()
    assert outcome is not None and game.result() == outcome.result()


def test_captures_among_the_legal_moves() -> None:
    position = Position(CAPTURE_READY)
    assert position.legal_captures() == ["a1xc1"]
    assert Game(position=position).legal_captures() == ["a1xc1"]
    assert Position().legal_captures() == []


def test_the_board_of_a_finished_game_says_how_it_ended() -> None:
    assert "game over" not in Position().ascii_board()
    # Five goats captured: the tigers have won (0-1).
    won = Position("T3T/5/5/5/T3T g 15 5")
    assert won.ascii_board().endswith("game over: tigers win by captures (0-1)")
    game = bagh.random_games(1, rules="two-tigers", seed=4, keep="games")["games"][0]
    outcome = game.outcome()
    assert outcome is not None
    assert game.ascii_board().splitlines()[-1].endswith(f"({outcome.result()})")
    assert outcome.reason in game.ascii_board().splitlines()[-1]


def test_str_is_the_text_form_and_reads_back() -> None:
    position = Position("T3T/5/2G2/5/T3T t 19 0")
    assert str(position) == position.to_text() == "T3T/5/2G2/5/T3T t 19 0"
    assert Position(str(position)) == position
    game = Game(moves=["c3", "a1b2"])
    assert str(game) == game.to_record()
    assert Game.from_record(str(game)) == game


def test_the_vocabulary_matches_the_rust_names() -> None:
    rules = bagh.Ruleset.preset("two-tigers")
    assert rules.preset_id == "two-tigers" and bagh.Ruleset(goats=12).preset_id is None
    assert rules.tigers == ["b3", "d3"] and rules.tiger_count == 2
    assert Position("T3T/5/5/5/T3T g 15 5").goats_captured == 5
    parts = Position.from_parts(["a1", "e1", "a5", "e5"], [], goats_in_hand=15, goats_captured=5)
    assert parts == Position("T3T/5/5/5/T3T g 15 5")
    assert Move("a1xa3").kind == "capture" and Move("a1xa3").over_point == "a2"
