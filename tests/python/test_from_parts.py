"""Position.from_parts: a position built from point names and counters,
checked as a position string is."""

from __future__ import annotations

import random

import bagh
import pytest
from bagh import Position, Ruleset
from conftest import games
from hypothesis import given, settings
from hypothesis import strategies as st

CORNERS = ["a1", "e1", "a5", "e5"]


def test_from_parts() -> None:
    start = Position.from_parts(CORNERS, [], goats_in_hand=20)
    assert start == Position()
    after = Position.from_parts(["e5", "a5", "e1", "a1"], ["c3"], side="tiger", goats_in_hand=19)
    assert after == Position("T3T/5/2G2/5/T3T t 19 0")
    assert after.tigers == CORNERS and after.goats == ["c3"]
    two = Position.from_parts(("b3", "d3"), (), goats_in_hand=18, rules="two-tigers")
    assert two == Position(rules="two-tigers")
    custom = Ruleset(goats=3, capture_target=3)
    finished = Position.from_parts(CORNERS, [], side="goat", goats_captured=3, rules=custom)
    assert finished.to_text() == "T3T/5/5/5/T3T g 0 3" and finished.is_game_over()


@settings(max_examples=60, deadline=None)
@given(games())
def test_a_position_is_its_parts(game: bagh.Game) -> None:
    for position in (game.start, game.position):
        rebuilt = Position.from_parts(
            position.tigers,
            position.goats,
            side=position.side_to_move,
            goats_in_hand=position.goats_in_hand,
            goats_captured=position.goats_captured,
            rules=position.rules,
        )
        assert rebuilt == position


@pytest.mark.parametrize(
    ("tigers", "goats", "fields", "field", "message"),
    [
        (CORNERS[:3], [], {"goats_in_hand": 20}, "tigers", "tigers: 3 tigers on the board, the rule set has 4"),
        (CORNERS + ["c3"], [], {"goats_in_hand": 20}, "tigers", "tigers: 5 tigers"),
        (CORNERS, ["e1"], {"goats_in_hand": 19}, "goats", "goats: e1 holds a tiger too"),
        (CORNERS, ["c3"], {"goats_in_hand": 20}, "goats_in_hand", "make 21, the rule set has 20"),
        (CORNERS, [], {}, "goats_in_hand", "0 goats on the board + 0 in hand + 0 captured make 0"),
        (CORNERS, [], {"goats_in_hand": 14, "goats_captured": 6}, "goats_captured", "goats_captured: 6 is above the capture target 5"),
        (CORNERS + ["a1"], [], {"goats_in_hand": 20}, "tigers", "tigers: a1 is given twice"),
        (CORNERS, ["c3", "c3"], {"goats_in_hand": 18}, "goats", "goats: c3 is given twice"),
        (CORNERS, [], {"goats_in_hand": -1}, "goats_in_hand", "goats_in_hand: -1 is not a valid count"),
        (CORNERS, [], {"goats_captured": 256}, "goats_captured", "goats_captured: 256 is not a valid count"),
    ],
)
def test_every_wrong_part_names_its_argument(
    tigers: list[str], goats: list[str], fields: dict[str, int], field: str, message: str
) -> None:
    with pytest.raises(bagh.SetupError) as info:
        Position.from_parts(tigers, goats, **fields)  # type: ignore[arg-type]
    assert isinstance(info.value, bagh.BaghError) and isinstance(info.value, ValueError)
    assert info.value.field == field
    assert message in str(info.value)


def test_unreadable_parts() -> None:
    with pytest.raises(bagh.ParseError, match="f1"):
        Position.from_parts(["f1", "e1", "a5", "e5"], [], goats_in_hand=20)
    with pytest.raises(bagh.ParseError, match="side"):
        Position.from_parts(CORNERS, [], side="g", goats_in_hand=20)
    with pytest.raises(bagh.ParseError):
        Position.from_parts(CORNERS, [], goats_in_hand=20, rules="no-such-rules")
    with pytest.raises(TypeError):
        Position.from_parts(CORNERS, [], goats_in_hand=20, rules=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Position.from_parts(CORNERS, [], "tiger")  # type: ignore[call-arg]


def board_text(tigers: list[str], goats: list[str]) -> str:
    """The board field of a position string, written here from the point names."""
    grid = [["."] * 5 for _ in range(5)]
    for names, piece in ((tigers, "T"), (goats, "G")):
        for name in names:
            grid[int(name[1]) - 1]["abcde".index(name[0])] = piece
    ranks = []
    for row in reversed(grid):
        rank, run = "", 0
        for cell in row:
            if cell == ".":
                run += 1
                continue
            rank += (str(run) if run else "") + cell
            run = 0
        ranks.append(rank + (str(run) if run else ""))
    return "/".join(ranks)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(Ruleset.preset_ids()),
    st.integers(0, 2**32 - 1),
    st.integers(-1, 1),
    st.integers(-1, 1),
    st.booleans(),
)
def test_parts_are_accepted_exactly_when_their_position_string_is(
    id: str, seed: int, tiger_delta: int, hand_delta: int, tigers_move: bool
) -> None:
    rules = Ruleset.preset(id)
    rng = random.Random(seed)
    points = [f"{file}{rank}" for rank in "12345" for file in "abcde"]
    rng.shuffle(points)
    tiger_count = len(rules.tigers) + tiger_delta
    on_board = rng.randint(0, min(rules.goats + 1, 25 - tiger_count))
    tigers, goats = points[:tiger_count], points[tiger_count : tiger_count + on_board]
    captured = rng.randint(0, rules.capture_target + 1)
    in_hand = max(0, rules.goats - on_board - captured + hand_delta)
    side = "tiger" if tigers_move else "goat"
    text = f"{board_text(tigers, goats)} {side[0]} {in_hand} {captured}"
    try:
        expected: Position | None = Position(text, rules)
    except bagh.ParseError:
        expected = None
    try:
        built: Position | None = Position.from_parts(
            tigers, goats, side=side, goats_in_hand=in_hand, goats_captured=captured, rules=rules
        )
    except bagh.SetupError:
        built = None
    assert built == expected, text
