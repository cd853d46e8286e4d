"""Malformed text raises the right exception class, never anything else."""

from __future__ import annotations

import bagh
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ALPHABET = st.sampled_from(list("abcdefx0123456789TG/ gt-=,:()") + ["é", "\n"])


def parses_or_raises(function: object, text: str, error: type[Exception]) -> None:
    try:
        function(text)  # type: ignore[operator]
    except error as e:
        assert isinstance(e, bagh.BaghError) and isinstance(e, ValueError)
        assert repr(text)[1:-1] in str(e) or text in str(e) or "line" in str(e)


@settings(max_examples=300, deadline=None)
@given(st.text(ALPHABET, max_size=30))
def test_any_text_as_a_move(text: str) -> None:
    parses_or_raises(bagh.Move.from_text, text, bagh.ParseError)


@settings(max_examples=300, deadline=None)
@given(st.text(ALPHABET, max_size=40))
def test_any_text_as_a_position(text: str) -> None:
    parses_or_raises(bagh.Position, text, bagh.ParseError)


@settings(max_examples=300, deadline=None)
@given(st.text(ALPHABET, max_size=40))
def test_any_text_as_a_ruleset(text: str) -> None:
    try:
        bagh.Ruleset.from_text(text)
    except (bagh.ParseError, bagh.RulesetError):
        pass


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(["[", "]", '"', "1.", "2.", "1...", "*", "0-1", "c3", "a1b2", "\n", "[Rules"])
        | st.text(ALPHABET, max_size=6),
        max_size=12,
    ).map(" ".join)
)
def test_any_text_as_a_record(text: str) -> None:
    try:
        bagh.Game.from_record(text)
    except bagh.BaghError:
        pass


@pytest.mark.parametrize(
    ("text", "column"),
    [("", 1), ("a", 2), ("a6", 2), ("f1", 1), ("a1b3", 1), ("a1xa2", 1), ("c3c", 4), ("a1a2a3", 5)],
)
def test_malformed_moves(text: str, column: int) -> None:
    with pytest.raises(bagh.ParseError, match=f"column {column}"):
        bagh.Move.from_text(text)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "T3T/5/5/5/T3T",
        "T3T/5/5/5/T3T x 20 0",
        "T3T/5/5/5/T3T g 19 0",
        "T3T/5/5/5 g 20 0",
        "T4T/5/5/5/T3T g 20 0",
        "T3T/5/5/5/T3T g 20 0 extra",
        "T3T/5/5/5/T3T  g 20 0",
        "T3T/5/5/5/T2T g 20 0",
        "T3T/5/5/5/T3T g twenty 0",
    ],
)
def test_malformed_positions(text: str) -> None:
    with pytest.raises(bagh.ParseError) as info:
        bagh.Position(text)
    assert repr(text)[1:-1] in str(info.value) or f'"{text}"' in str(info.value)


@pytest.mark.parametrize("text", ["nepal", "goats=x", "colour=red", "bagh-chal tiger_moves=fly"])
def test_malformed_rule_sets(text: str) -> None:
    with pytest.raises(bagh.ParseError):
        bagh.Ruleset.from_text(text)
    with pytest.raises(bagh.ParseError):
        bagh.Position(rules=text)


def test_invalid_rule_set_texts() -> None:
    with pytest.raises(bagh.RulesetError, match="capture_target"):
        bagh.Ruleset.from_text("capture_target=0")


@pytest.mark.parametrize("text", ["", "x", "1. c3 a1a1", "1. c3 *  c2", "[Rules bagh-chal]"])
def test_malformed_records(text: str) -> None:
    if text == "":
        assert bagh.Game.from_record(text) == bagh.Game()
        return
    with pytest.raises(bagh.BaghError, match="line 1"):
        bagh.Game.from_record(text)


def test_wrong_types() -> None:
    with pytest.raises(TypeError):
        bagh.Position(rules=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        bagh.Game().push(None)  # type: ignore[arg-type]


def test_error_attributes() -> None:
    with pytest.raises(bagh.ParseError) as parse:
        bagh.Move("a1a9")
    assert (parse.value.text, parse.value.column, parse.value.what) == ("a1a9", 4, "move")
    with pytest.raises(bagh.IllegalMoveError) as illegal:
        bagh.Position().play("a1a2")
    assert (illegal.value.move, illegal.value.position) == ("a1a2", "T3T/5/5/5/T3T g 20 0")
    with pytest.raises(bagh.RulesetError) as ruleset:
        bagh.Ruleset(goats=0)
    assert ruleset.value.field == "goats"
    with pytest.raises(bagh.RulesetError) as ruleset:
        bagh.Ruleset.from_text("capture_target=0")
    assert ruleset.value.field == "capture_target"
    with pytest.raises(bagh.IllegalMoveError) as record:
        bagh.Game.from_record("[Rules \"bagh-chal\"]\n\n1. c3 a1a3")
    assert (record.value.line, record.value.column, record.value.move) == (3, 7, "a1a3")
