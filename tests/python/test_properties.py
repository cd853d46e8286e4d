"""Properties over random games in every preset (and a custom rule set)."""

from __future__ import annotations

import copy
import pickle

import bagh
from conftest import RULE_SETS, games
from hypothesis import given, settings
from hypothesis import strategies as st


def board_index(name: str) -> int:
    """The index of a point in board order: a1 b1 ... e1 a2 ... e5."""
    return (int(name[1]) - 1) * 5 + "abcde".index(name[0])


@settings(max_examples=60, deadline=None)
@given(games())
def test_point_lists_come_in_board_order(game: bagh.Game) -> None:
    for position in (game.start, game.position):
        assert position.tigers == sorted(position.tigers, key=board_index)
        assert position.goats == sorted(position.goats, key=board_index)
        assert position.rules.tigers == sorted(position.rules.tigers, key=board_index)


@settings(max_examples=60, deadline=None)
@given(games())
def test_push_pop_round_trip(game: bagh.Game) -> None:
    positions = [game.position]
    moves = game.moves
    replay = bagh.Game(game.rules, game.start)
    seen = [replay.position]
    for move in moves:
        assert move in replay.legal_moves()
        assert replay.push(move) == move
        seen.append(replay.position)
    assert replay == game
    undone = game.copy()
    for move in reversed(moves):
        assert undone.peek() == move
        assert undone.pop() == move
        positions.append(undone.position)
    assert len(undone) == 0
    assert positions[::-1] == seen


@settings(max_examples=60, deadline=None)
@given(games())
def test_pickle_text_and_record_round_trips(game: bagh.Game) -> None:
    assert pickle.loads(pickle.dumps(game)) == game
    assert copy.deepcopy(game) == game
    assert eval(repr(game), vars(bagh)) == game
    assert bagh.Game.from_record(game.to_record()) == game
    position = game.position
    assert bagh.Position(position.to_text(), rules=position.rules) == position
    assert pickle.loads(pickle.dumps(position)) == position
    assert eval(repr(position), vars(bagh)) == position
    rules = game.rules
    assert bagh.Ruleset.from_text(str(rules)) == rules
    for move in position.legal_moves():
        assert bagh.Move.from_text(str(move)) == move


@settings(max_examples=60, deadline=None)
@given(games())
def test_legal_moves_agree_with_perft(game: bagh.Game) -> None:
    position = game.position
    moves = position.legal_moves()
    assert len(moves) == position.perft(1) == len(set(moves))
    if len(moves) < 30:
        assert position.perft(2) == sum(len(position.play(m).legal_moves()) for m in moves)
    assert set(game.legal_moves()) <= set(moves)
    for move in moves:
        assert position.is_legal(move)


@settings(max_examples=100, deadline=None)
@given(games(max_plies=1000))
def test_outcomes_follow_the_rules(game: bagh.Game) -> None:
    outcome = game.outcome()
    position = game.position
    rules = game.rules
    if outcome is None:
        assert game.legal_moves() and not game.is_game_over()
        return
    assert game.is_game_over() and game.legal_moves() == []
    assert outcome.result() == {"goat": "1-0", "tiger": "0-1", None: "1/2-1/2"}[outcome.winner]
    if outcome.reason == "captures":
        assert outcome.winner == "tiger" and position.goats_captured >= rules.capture_target
    elif outcome.reason == "tigers-trapped":
        assert outcome.winner == "goat" and position.side_to_move == "tiger"
    elif outcome.reason == "goats-blocked":
        assert position.side_to_move == "goat"
        assert outcome.winner == ("tiger" if rules.blocked_side_loses else None)
    elif outcome.reason == "repetition":
        assert outcome.winner is None and rules.repetition.startswith("draw(")
        assert game.repetition_count() >= int(rules.repetition.removeprefix("draw(").removesuffix(")"))
    else:
        assert outcome.reason == "no-progress" and outcome.winner is None
        assert rules.no_progress_limit is not None
        assert game.no_progress_plies() >= rules.no_progress_limit
    # The history-free outcome agrees where the history plays no part.
    blocked = outcome.reason in ("tigers-trapped", "goats-blocked")
    if outcome.reason == "captures" or (blocked and rules.repetition != "forbidden"):
        assert position.outcome() == outcome
    elif blocked and position.outcome() is None:
        # Under `forbidden` a side whose every move would recreate an earlier
        # position is blocked, though the position alone has moves.
        assert every_move_recreates_an_earlier_position(game)


def every_move_recreates_an_earlier_position(game: bagh.Game) -> bool:
    """Whether each move the position alone allows leads back to a position of the game."""
    earlier = {p.to_text() for p in game.positions}
    return all(game.position.play(move).to_text() in earlier for move in game.position.legal_moves())


def test_tigers_whose_every_move_is_banned_are_trapped() -> None:
    # A game hypothesis found: the tigers' one move, c3d4, would recreate an
    # earlier position, which `forbidden` bans (docs/rules.md: a side whose every
    # move is banned is blocked), while the position alone still has it.
    game = bagh.Game("bagh-chal")
    for move in (
        "b3 a5b5 c4 b5a5 c5 e1d2 a4 a5xa3 b1 d2d3 d1 d3d2 c1 a1b2 e3 d2c3 b5 e5e4 d2 b2a2 e1 c3b2 c3 b2a1 "
        "c2 e4e5 a5 a3b4 b2 e5d5 a3 d5e5 e2 b4a4 b4 e5d5 e4 d5d4 d5 d4e5 c3d3 e5d4 e4e5 d4c3 e5e4"
    ).split():
        game.push(move)
    outcome = game.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == ("goat", "tigers-trapped")
    assert game.legal_moves() == []
    assert game.position.legal_moves() and game.position.outcome() is None
    assert every_move_recreates_an_earlier_position(game)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(RULE_SETS), st.integers(0, 2**63))
def test_random_games_finish_by_the_rules(rules: bagh.Ruleset, seed: int) -> None:
    result = bagh.random_games(20, rules=rules, seed=seed)
    for plies, winner, reason in zip(result["plies"], result["winner"], result["reason"]):
        assert plies > 0
        assert reason in ("captures", "tigers-trapped", "goats-blocked", "repetition", "no-progress")
        if reason == "captures":
            assert winner == "tiger"
        if reason == "tigers-trapped":
            assert winner == "goat"


class SplitMix64:
    """The generator of `bagh.random_games`, in Python, to replay its games."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self.MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return (self.next() * n) >> 64


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(RULE_SETS), st.integers(0, 2**40))
def test_outcomes_agree_with_the_rust_playouts(rules: bagh.Ruleset, seed: int) -> None:
    """The same random games played from Python, move by move, end as the
    batched Rust playouts say."""
    batch = bagh.random_games(5, rules=rules, seed=seed)
    for i in range(5):
        rng = SplitMix64(seed + i)
        game = bagh.Game(rules)
        while moves := game.legal_moves():
            game.push(moves[rng.below(len(moves))])
        outcome = game.outcome()
        assert outcome is not None
        assert (len(game), outcome.winner or "", outcome.reason, outcome.result()) == (
            batch["plies"][i],
            batch["winner"][i],
            batch["reason"][i],
            batch["result"][i],
        )
