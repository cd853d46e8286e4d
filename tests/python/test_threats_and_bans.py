"""The goats en prise and the moves the repetition policy bans.

The expected values are worked out by hand from the rules (docs/rules.md):
a tiger captures by jumping along a line over an adjacent goat to the empty
point just beyond; under `forbidden` a move that recreates a position of the
game is refused.
"""

import bagh
from bagh import Game, Move, Position

# Tigers a1 e1 a5 e5, goats b2 c3 d1, the goats to move. e1 can jump d1 to
# the empty c1. a1's diagonal runs b2 then c3: the point beyond b2 is taken,
# so b2 is safe; no tiger stands next to c3.
GUARDED = "T3T/5/2G2/1G3/T2GT g 17 0"


def test_the_goat_a_tiger_can_jump_is_threatened() -> None:
    position = Position(GUARDED)
    assert position.threatened_goats() == ["d1"]
    assert Game(position=position).threatened_goats() == ["d1"]


def test_threats_do_not_depend_on_the_side_to_move() -> None:
    # The same board with the tigers to move: d1 is the goat e1 can take now.
    position = Position(GUARDED.replace(" g ", " t "))
    assert position.threatened_goats() == ["d1"]
    assert [str(m) for m in position.legal_captures()] == ["e1xc1"]


def test_threats_are_listed_in_board_order() -> None:
    # a1 jumps b1 to c1 and a2 to a3; e5 jumps d4 to c3. Board order runs
    # along rank 1 first.
    position = Position("T3T/3G1/5/G4/TG2T g 17 0")
    assert position.threatened_goats() == ["b1", "a2", "d4"]


def test_nothing_is_threatened_once_the_game_is_over() -> None:
    # Five goats captured: the tigers have won, though a1 could still jump b1.
    position = Position("T3T/5/5/5/TG2T g 14 5")
    assert position.is_game_over()
    assert position.threatened_goats() == []
    assert Game(position=position).threatened_goats() == []


def test_a_move_back_to_the_start_is_banned_with_its_reason() -> None:
    # bagh-chal's `forbidden` policy with three goats. The tiger goes a1a2,
    # a goat c3c4, the tiger a2a1: c4c3 would recreate the start (ply 0).
    # No goat move can remake ply 2, whose tiger stood on a2.
    game = Game("goats=3 capture_target=3", position="T3T/5/1GGG1/5/T3T t 0 0")
    assert game.rules.repetition == "forbidden"
    assert game.banned_moves() == []
    for move in ["a1a2", "c3c4", "a2a1"]:
        game.push(move)
    banned = game.banned_moves()
    assert [move for move, _ in banned] == [Move("c4c3")]
    reason = banned[0][1]
    assert "ply 0" in reason
    assert Move("c4c3") in game.position.legal_moves()
    assert Move("c4c3") not in game.legal_moves()
    # The reason is the one the game gives when the move is pushed.
    try:
        game.push("c4c3")
    except bagh.IllegalMoveError as error:
        assert str(error).endswith(reason)
    else:
        raise AssertionError("c4c3 was played")


def test_nothing_is_banned_where_repetition_is_allowed() -> None:
    rules = "goats=3 capture_target=3 repetition=allowed"
    game = Game(rules, position="T3T/5/1GGG1/5/T3T t 0 0", moves=["a1a2", "c3c4", "a2a1"])
    assert game.banned_moves() == []
    assert Move("c4c3") in game.legal_moves()
