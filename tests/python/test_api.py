"""The names and behaviour of the API, example by example."""

from __future__ import annotations

import copy
import pickle

import bagh
import pytest
from bagh import Game, Move, Outcome, Position, Ruleset


def test_presets() -> None:
    assert Ruleset.preset_ids() == ["bagh-chal", "bagh-chal-blocked-loses", "two-tigers"]
    standard = Ruleset.preset("bagh-chal")
    assert standard == Ruleset()
    assert standard.preset_id == "bagh-chal"
    assert standard.tigers == ["a1", "e1", "a5", "e5"]
    assert (standard.goats, standard.capture_target) == (20, 5)
    assert standard.tiger_moves == "step"
    assert standard.mandatory_capture is False
    assert standard.blocked_side_loses is False
    assert standard.repetition == "forbidden"
    assert standard.no_progress_limit is None
    two = Ruleset.preset("two-tigers")
    assert (two.tigers, two.goats, two.capture_target) == (["b3", "d3"], 18, 9)
    assert (two.tiger_moves, two.blocked_side_loses, two.repetition) == ("slide", True, "draw(3)")
    assert Ruleset.preset("bagh-chal-blocked-loses").repetition == "allowed"


def test_ruleset_keywords_text_and_repr() -> None:
    rules = Ruleset(
        tigers=["c3"],
        goats=12,
        capture_target=3,
        tiger_moves="slide",
        mandatory_capture=True,
        blocked_side_loses=True,
        repetition="draw(4)",
        no_progress_limit=50,
    )
    assert rules.preset_id is None
    assert rules.repetition == "draw(4)"
    assert rules.no_progress_limit == 50
    text = str(rules)
    assert text == (
        "tigers=c3 goats=12 capture_target=3 tiger_moves=slide mandatory_capture=yes "
        "blocked_side_loses=yes repetition=draw(4) no_progress_limit=50"
    )
    assert Ruleset.from_text(text) == rules
    assert eval(repr(rules)) == rules
    assert repr(Ruleset()) == "Ruleset.preset('bagh-chal')"
    # `draw:n` is still read; the rule set writes `draw(n)`, as in its text form.
    assert Ruleset(repetition="draw(3)") == Ruleset(repetition="draw:3")
    assert Ruleset(repetition="draw:3").repetition == "draw(3)"
    assert Ruleset.from_text("bagh-chal mandatory_capture=yes") == Ruleset(mandatory_capture=True)
    assert str(Ruleset.preset("two-tigers")) == "two-tigers"


@pytest.mark.parametrize(
    "fields",
    [
        {"tigers": []},
        {"tigers": ["a1", "a1"]},
        {"goats": 0},
        {"goats": -1},
        {"goats": 2**40},
        {"capture_target": -5},
        {"no_progress_limit": -1},
        {"goats": 22},
        {"capture_target": 0},
        {"capture_target": 21},
        {"repetition": "draw(1)"},
        {"repetition": "draw(300)"},
        {"repetition": "draw:1"},
        {"no_progress_limit": 0},
        {"no_progress_limit": 70000},
    ],
)
def test_invalid_rule_sets(fields: dict[str, object]) -> None:
    with pytest.raises(bagh.RulesetError) as info:
        Ruleset(**fields)  # type: ignore[arg-type]
    assert next(iter(fields)) in str(info.value)
    assert info.value.field == next(iter(fields))


@pytest.mark.parametrize(
    "fields",
    [{"tigers": ["f1"]}, {"tiger_moves": "jump"}, {"repetition": "sometimes"}],
)
def test_unreadable_rule_set_fields(fields: dict[str, object]) -> None:
    with pytest.raises(bagh.ParseError):
        Ruleset(**fields)  # type: ignore[arg-type]


def test_ruleset_value_semantics() -> None:
    rules = Ruleset(mandatory_capture=True)
    assert hash(rules) == hash(Ruleset.from_text(str(rules)))
    assert len({Ruleset(), Ruleset.preset("bagh-chal"), rules}) == 2
    for value in [rules, Ruleset.preset("two-tigers")]:
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value


def test_position_basics() -> None:
    start = Position()
    assert start == Position(None, rules="bagh-chal") == Position("T3T/5/5/5/T3T g 20 0")
    assert repr(start) == "Position('T3T/5/5/5/T3T g 20 0', rules='bagh-chal')"
    assert eval(repr(start)) == start
    assert start.to_text() == "T3T/5/5/5/T3T g 20 0"
    assert start.ascii_board().splitlines()[0] == "5 T . . . T"
    assert start.side_to_move == "goat"
    assert (start.goats_in_hand, start.goats_captured) == (20, 0)
    assert start.tigers == ["a1", "e1", "a5", "e5"]
    assert start.goats == []
    assert start.rules == Ruleset()
    assert len(start.legal_moves()) == 21 == start.perft(1)
    assert start.perft(4) == 68_204
    assert sum(n for _, n in start.perft_divide(3)) == 5_052
    assert start.outcome() is None and not start.is_game_over()
    after = start.play("c3").play(Move("a1b2"))
    assert after.to_text() == "T3T/5/2G2/1T3/4T g 19 0"
    assert after.piece_at("c3") == "goat" and after.piece_at("b2") == "tiger"
    assert after.piece_at("a1") is None
    assert start.to_text() == "T3T/5/5/5/T3T g 20 0"  # unchanged
    two = Position(rules="two-tigers")
    assert repr(two) == "Position('5/5/1T1T1/5/5 g 18 0', rules='two-tigers')"
    custom = Position(rules=Ruleset(goats=10))
    assert eval(repr(custom)) == custom
    assert {start, Position(), two} == {start, two}


def board_index(name: str) -> int:
    """The index of a point in board order: a1 b1 ... e1 a2 ... e5."""
    return (int(name[1]) - 1) * 5 + "abcde".index(name[0])


def test_point_lists_come_in_board_order() -> None:
    start = Position()
    assert start.tigers == start.rules.tigers == ["a1", "e1", "a5", "e5"]
    # Not the order of the names as strings (a2 < b1), but rank by rank.
    position = Position("T3T/5/5/G4/TG2T t 18 0")
    assert position.goats == ["b1", "a2"]
    assert position.tigers == ["a1", "e1", "a5", "e5"]
    assert Ruleset(tigers=["e5", "b2", "a3", "c1"]).tigers == ["c1", "b2", "a3", "e5"]
    for id in Ruleset.preset_ids():
        rules = Ruleset.preset(id)
        assert rules.tigers == sorted(rules.tigers, key=board_index)
        position = Position(rules=rules)
        assert position.tigers == rules.tigers


def test_illegal_moves_quote_the_position() -> None:
    start = Position()
    with pytest.raises(bagh.IllegalMoveError) as info:
        start.play("a1a2")
    assert "a1a2" in str(info.value)
    assert "T3T/5/5/5/T3T g 20 0" in str(info.value)
    assert isinstance(info.value, ValueError)
    with pytest.raises(TypeError):
        start.play(42)  # type: ignore[arg-type]


def test_moves() -> None:
    place, step, capture = Move.from_text("c3"), Move("a1a4"), Move.from_text("a1xa3")
    assert (place.kind, place.from_point, place.to_point, place.over_point) == ("place", None, "c3", None)
    assert (step.kind, step.from_point, step.to_point, step.over_point) == ("step", "a1", "a4", None)
    assert (capture.kind, capture.from_point, capture.to_point, capture.over_point) == (
        "capture",
        "a1",
        "a3",
        "a2",
    )
    assert [str(m) for m in (place, step, capture)] == ["c3", "a1a4", "a1xa3"]
    assert repr(capture) == "Move('a1xa3')" and eval(repr(capture)) == capture
    assert len({Move("c3"), Move.from_text("c3"), capture}) == 2
    assert pickle.loads(pickle.dumps(capture)) == capture
    assert sorted([capture, place]) in ([capture, place], [place, capture])


def test_game_push_pop_peek() -> None:
    game = Game()
    assert len(game) == 0 and game.peek() is None
    assert game.push("c3") == Move("c3")
    assert game.push(Move("a1b2")) == Move("a1b2")
    assert len(game) == 2 and game.peek() == Move("a1b2")
    assert game.moves == [Move("c3"), Move("a1b2")]
    assert game.position.to_text() == "T3T/5/2G2/1T3/4T g 19 0"
    assert game.start == Position()
    assert repr(game) == "Game(rules='bagh-chal', moves=['c3', 'a1b2'])"
    assert eval(repr(game)) == game
    twin = game.copy()
    assert game.pop() == Move("a1b2")
    assert len(twin) == 2 and len(game) == 1
    assert copy.copy(twin) == twin == copy.deepcopy(twin)
    with pytest.raises(bagh.IllegalMoveError):
        game.push("c3")
    assert len(game) == 1
    game.pop()
    with pytest.raises(IndexError):
        game.pop()


def test_game_from_position() -> None:
    start = Position("5/5/1TGT1/5/5 t 17 0", rules="two-tigers")
    game = Game(position=start)
    assert game.rules == Ruleset.preset("two-tigers")
    assert Game("two-tigers", "5/5/1TGT1/5/5 t 17 0") == game
    with pytest.raises(bagh.RulesetError):
        Game("bagh-chal", start)
    with pytest.raises(bagh.ParseError):
        Game("bagh-chal", "5/5/1TGT1/5/5 t 17 0")
    game.push("b3b1")
    assert eval(repr(game)) == game
    assert pickle.loads(pickle.dumps(game)) == game
    record = game.to_record()
    assert '[Position "5/5/1TGT1/5/5 t 17 0"]' in record
    assert Game.from_record(record) == game


def test_repetition_policies() -> None:
    # A tiger and a goat shuffle back and forth: the fourth ply recreates the start.
    start = "T3T/2G2/2G2/2G2/T3T t 0 0"
    shuffle = ["a5b5", "c4d4", "b5a5", "d4c4"]
    allowed = Game(Ruleset(goats=3, capture_target=3, repetition="allowed"), start, shuffle)
    assert allowed.repetition_count() == 2 and not allowed.is_game_over()
    drawn = Game(Ruleset(goats=3, capture_target=3, repetition="draw(2)"), start, shuffle)
    assert drawn.outcome() == bagh.Outcome(None, "repetition")
    forbidden = Game(Ruleset(goats=3, capture_target=3), start, shuffle[:3])
    assert Move("d4c4") not in forbidden.legal_moves()
    assert Move("d4c4") in forbidden.position.legal_moves()
    with pytest.raises(bagh.IllegalMoveError, match="repeats"):
        forbidden.push("d4c4")


def test_outcome() -> None:
    rules = Ruleset(goats=5, capture_target=1)
    game = Game(rules, moves=["a2", "a1xa3"])
    outcome = game.outcome()
    assert outcome is not None and game.is_game_over()
    assert (outcome.winner, outcome.reason, outcome.result()) == ("tiger", "captures", "0-1")
    assert outcome == Outcome("tiger", "captures") == game.position.outcome()
    assert eval(repr(outcome)) == outcome
    assert str(outcome) == "0-1 (captures)"
    assert game.legal_moves() == []
    assert Outcome(None, "repetition").result() == "1/2-1/2"
    assert Outcome("goat", "tigers-trapped").result() == "1-0"
    assert pickle.loads(pickle.dumps(outcome)) == outcome
    with pytest.raises(bagh.ParseError):
        Outcome("sheep", "captures")  # type: ignore[arg-type]


def test_records() -> None:
    game = Game(moves=["c3", "a1b2", "c2"])
    record = game.to_record(tags={"Event": "club night", "Round": 3})
    assert record == (
        '[Rules "bagh-chal"]\n[Result "*"]\n[Event "club night"]\n[Round "3"]\n\n'
        "1. c3 a1b2 2. c2 *\n"
    )
    assert Game.from_record(record) == game
    with pytest.raises(bagh.BaghError):
        game.to_record(tags={"Result": "1-0"})
    with pytest.raises(bagh.IllegalMoveError, match="line 1, column 7"):
        Game.from_record("1. c3 a1a3")
    with pytest.raises(bagh.ParseError, match="line 1"):
        Game.from_record('[Result "1-0"]\n\n1. c3 *')
    with pytest.raises(bagh.RulesetError):
        Game.from_record('[Rules "goats=0"]')


def test_random_games_are_reproducible() -> None:
    import numpy as np

    first = bagh.random_games(50, rules="two-tigers", seed=3)
    again = bagh.random_games(50, rules=Ruleset.preset("two-tigers"), seed=3)
    assert set(first) == {"plies", "result", "winner", "reason"} == set(again)
    for key in first:
        assert isinstance(first[key], np.ndarray) and first[key].shape == (50,)
        assert (first[key] == again[key]).all()
    assert first["plies"].dtype == np.uint32
    assert set(first["reason"]) <= {"captures", "tigers-trapped", "goats-blocked", "repetition"}
    assert set(first["winner"]) <= {"goat", "tiger", ""}
    late = bagh.random_games(20, rules="two-tigers", position="5/5/1TGT1/5/5 t 17 0", seed=3)
    assert (late["result"] != "*").all()
    with pytest.raises(bagh.RulesetError):
        bagh.random_games(1, rules="bagh-chal", position=bagh.Position(rules="two-tigers"))
    capped = bagh.random_games(5, seed=3, max_plies=10)
    assert capped["plies"].tolist() == [10] * 5 and capped["reason"].tolist() == [""] * 5
    assert capped["result"].tolist() == ["*"] * 5 and capped["winner"].tolist() == [""] * 5
    assert bagh.random_games(0)["plies"].shape == (0,)


def test_random_games_keep_the_games_or_their_last_positions() -> None:
    arrays = bagh.random_games(8, rules="two-tigers", seed=5, max_plies=60, keep="games")
    games = arrays["games"]
    assert [len(game) for game in games] == arrays["plies"].tolist()
    assert [game.result() for game in games] == arrays["result"].tolist()
    for game in games:
        # Each game replays move by move from the start: every move was legal there.
        replay = Game("two-tigers")
        for move in game.moves:
            replay.push(move)
        assert replay == game
    positions = bagh.random_games(8, rules="two-tigers", seed=5, max_plies=60, keep="positions")["positions"]
    assert positions == [game.position for game in games]
    with pytest.raises(ValueError, match="keep"):
        bagh.random_games(1, keep="moves")  # type: ignore[arg-type]


def test_package_docstring_examples() -> None:
    import doctest

    failures, tried = doctest.testmod(bagh)
    assert tried > 0 and failures == 0
