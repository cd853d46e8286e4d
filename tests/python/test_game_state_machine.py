"""A stateful test of `bagh.Game`: hypothesis drives a game with pushes, pops,
copies, pickling, records and JSON, and checks it after every step against a
model kept here.

The model is the rule set, the start position and the moves played. From
them it computes, independently of `Game`, everything a game must show:

- the positions, by replaying the moves with `Position.play`;
- the goats: in hand, on the board and captured add up to the rule set's
  goats; the goats in hand go down by one per placement, the captures up by
  one per capture; the tigers keep their number;
- the side to move, which alternates from the start's;
- the no-progress counter, the repetition count, the legal moves under the
  repetition policy and the outcome, as docs/rules.md (The end of the game,
  Repetition, No progress) defines them, scanning the whole history.

So `Game.legal_moves()` differs from `Position.legal_moves()` only where the
`forbidden` policy removes the moves that recreate an earlier position, or
where the game is over (no legal moves at all).

Round trips (`copy`, `copy.copy`, `copy.deepcopy`, pickling, `to_record` /
`from_record`, `bagh.Record`, `to_json` / `from_json`, and `Game(rules,
start, moves)`) must give an equal game that is independent of the original;
the machine may then carry on with the copy, so that a rebuilt game's
internal state (its keys and counters) is checked by the later steps too.

It runs under every preset and under arbitrary rule sets.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import ClassVar

import bagh
import pytest
from conftest import PRESETS
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

POINTS = [f"{file}{rank}" for rank in "12345" for file in "abcde"]


def every_move() -> list[bagh.Move]:
    """Every move the move text can write: placements, steps and slides
    along a line, captures over one point."""
    moves = [bagh.Move(point) for point in POINTS]
    for a in POINTS:
        for b in POINTS:
            for text in (f"{a}{b}", f"{a}x{b}"):
                try:
                    moves.append(bagh.Move(text))
                except bagh.ParseError:
                    pass
    return moves


EVERY_MOVE = every_move()

#: Indices into a list of moves (taken modulo its length).
INDICES = st.integers(0, 63)


@st.composite
def rule_sets(draw: st.DrawFn) -> bagh.Ruleset:
    """Any valid rule set, from the limits of docs/rules.md (Rule sets): one
    tiger or more on distinct points, goats and tigers on at most 25 points,
    a capture target from 1 to the goats, draw(n) with 2 <= n <= 255 and a
    no-progress limit from 1 to 65535. Small numbers are favoured, so that
    games reach the movement phase, captures and repetitions."""
    count = draw(st.integers(1, 6) | st.integers(1, 20), label="tiger count")
    tigers = draw(st.lists(st.sampled_from(POINTS), min_size=count, max_size=count, unique=True))
    goats = draw(st.integers(1, min(6, 25 - count)) | st.integers(1, 25 - count), label="goats")
    return bagh.Ruleset(
        tigers=tigers,
        goats=goats,
        capture_target=draw(st.integers(1, goats)),
        tiger_moves=draw(st.sampled_from(["step", "slide"])),
        mandatory_capture=draw(st.booleans()),
        blocked_side_loses=draw(st.booleans()),
        repetition=draw(
            st.sampled_from(["forbidden", "allowed", "draw"]).flatmap(
                lambda policy: (st.integers(2, 4) | st.integers(2, 255)).map(lambda n: f"draw({n})")
                if policy == "draw"
                else st.just(policy)
            ),
            label="repetition",
        ),
        no_progress_limit=draw(st.one_of(st.none(), st.integers(1, 30), st.integers(1, 65535))),
    )


def other(side: str) -> str:
    return "tiger" if side == "goat" else "goat"


class GameMachine(RuleBasedStateMachine):
    """A `bagh.Game` and its model: the start and the moves played."""

    #: Where the rule set of each run comes from.
    rule_sets: ClassVar[st.SearchStrategy[bagh.Ruleset]] = st.just(bagh.Ruleset())

    def __init__(self) -> None:
        super().__init__()
        self.ruleset = bagh.Ruleset()
        self.start = bagh.Position()
        self.moves: list[bagh.Move] = []
        self.positions: list[bagh.Position] = [self.start]
        self.game = bagh.Game()

    # --- the model -------------------------------------------------------------------

    def model_push(self, move: bagh.Move) -> None:
        self.moves.append(move)
        self.positions.append(self.positions[-1].play(move))

    def model_pop(self) -> bagh.Move:
        self.positions.pop()
        return self.moves.pop()

    def no_progress_plies(self) -> int:
        """0 while goats are being placed; then up by one per ply that is no
        capture or placement, back to 0 on a capture (from 0 at the start)."""
        plies = 0
        for move, after in zip(self.moves, self.positions[1:]):
            quiet = move.kind == "step" and after.goats_in_hand == 0
            plies = plies + 1 if quiet else 0
        return plies

    def playable_moves(self) -> list[bagh.Move]:
        """The position's legal moves less, under `forbidden`, those that
        recreate a position of the game."""
        position = self.positions[-1]
        moves = position.legal_moves()
        if self.ruleset.repetition == "forbidden":
            moves = [move for move in moves if position.play(move) not in self.positions]
        return moves

    def outcome(self, playable: list[bagh.Move]) -> bagh.Outcome | None:
        """The four checks of docs/rules.md, in order."""
        position, rules = self.positions[-1], self.ruleset
        if position.goats_captured >= rules.capture_target:
            return bagh.Outcome("tiger", "captures")
        if not playable:
            if position.side_to_move == "tiger":
                return bagh.Outcome("goat", "tigers-trapped")
            return bagh.Outcome("tiger" if rules.blocked_side_loses else None, "goats-blocked")
        if rules.repetition.startswith("draw("):
            n = int(rules.repetition.removeprefix("draw(").removesuffix(")"))
            if self.positions.count(position) >= n:
                return bagh.Outcome(None, "repetition")
        limit = rules.no_progress_limit
        if limit is not None and self.no_progress_plies() >= limit:
            return bagh.Outcome(None, "no-progress")
        return None

    def assert_unchanged(self) -> None:
        """The game under test still shows the model's moves and position."""
        assert self.game.moves == self.moves
        assert self.game.position == self.positions[-1]

    def adopt_or_keep(self, other_game: bagh.Game, adopt: bool) -> None:
        """Checks that `other_game` equals the game and is independent of it,
        then carries on with it if `adopt`."""
        assert other_game == self.game and not (other_game != self.game)
        assert other_game is not self.game
        assert other_game.moves == self.moves and other_game.positions == self.positions
        moves = other_game.legal_moves()
        if moves:
            other_game.push(moves[-1])
            assert other_game != self.game
            self.assert_unchanged()
            other_game.pop()
        if self.moves:
            other_game.pop()
            self.assert_unchanged()
            other_game.push(self.moves[-1])
        assert other_game == self.game
        if adopt:
            self.game = other_game

    # --- rules -----------------------------------------------------------------------

    @initialize(data=st.data(), how=st.sampled_from(["start", "walk", "parts"]))
    def begin(self, data: st.DataObject, how: str) -> None:
        """A rule set, and a start: its start position, one reached from there
        by a random walk of `Position.play` (which knows no history), or one
        set up from arbitrary parts with `Position.from_parts`."""
        rules = self.ruleset = data.draw(self.rule_sets, label="rules")
        start = bagh.Position(rules=rules)
        if how == "walk":
            # Captures are mostly avoided, so that walks often reach the
            # movement phase with goats left.
            rng = data.draw(st.randoms(use_true_random=False), label="walk")
            for _ in range(data.draw(st.integers(0, 90), label="plies")):
                moves = start.legal_moves()
                quiet = [move for move in moves if move.kind != "capture"]
                if quiet and rng.random() < 0.9:
                    moves = quiet
                if not moves:
                    break
                start = start.play(rng.choice(moves))
        elif how == "parts":
            points = data.draw(st.permutations(POINTS), label="points")
            tigers, rest = points[: rules.tiger_count], points[rules.tiger_count :]
            # Mostly fewer captures than the target and no goats in hand,
            # so that the game is on and in the movement phase.
            target = rules.capture_target
            captured = data.draw(st.integers(0, target - 1) | st.integers(0, target), label="captured")
            in_hand = data.draw(st.just(0) | st.integers(0, rules.goats - captured), label="in hand")
            on_board = rules.goats - captured - in_hand
            start = bagh.Position.from_parts(
                tigers,
                rest[:on_board],
                side=data.draw(st.sampled_from(["goat", "tiger"]), label="side"),
                goats_in_hand=in_hand,
                goats_captured=captured,
                rules=rules,
            )
        self.start = start
        self.positions = [start]
        self.moves = []
        explicit: bool = data.draw(st.booleans(), label="explicit start")
        if how != "start" or explicit:
            self.game = bagh.Game(rules, start)
        else:
            self.game = bagh.Game(rules)
        assert self.game.start == start

    @rule(index=INDICES)
    def push(self, index: int) -> None:
        """A legal move of the game, by index; it returns the move."""
        moves = self.game.legal_moves()
        if moves:
            move = moves[index % len(moves)]
            assert self.game.push(move) == move
            self.model_push(move)

    @rule(indices=st.lists(INDICES, min_size=1, max_size=12))
    def push_several(self, indices: list[int]) -> None:
        """Several legal moves, to get deeper into the game."""
        for index in indices:
            self.push(index)

    @rule(index=INDICES)
    def push_any(self, index: int) -> None:
        """A legal move of the position, by index, given as text: the game
        plays it if it is in its legal moves, and otherwise refuses it with
        IllegalMoveError and changes nothing."""
        moves = self.positions[-1].legal_moves()
        if not moves:
            return
        move = moves[index % len(moves)]
        if move in self.game.legal_moves():
            assert self.game.is_legal(str(move))
            assert self.game.push(str(move)) == move
            self.model_push(move)
        else:
            assert not self.game.is_legal(move)
            with pytest.raises(bagh.IllegalMoveError):
                self.game.push(move)
            self.assert_unchanged()

    @rule(move=st.sampled_from(EVERY_MOVE))
    def push_anything(self, move: bagh.Move) -> None:
        """Any move at all: played if legal in the game, otherwise refused
        with IllegalMoveError, changing nothing."""
        if move in self.game.legal_moves():
            assert self.game.is_legal(move)
            assert self.game.push(move) == move
            self.model_push(move)
        else:
            assert not self.game.is_legal(move)
            with pytest.raises(bagh.IllegalMoveError):
                self.game.push(move)
            self.assert_unchanged()

    @rule(plies=st.integers(1, 6))
    def shuffle(self, plies: int) -> None:
        """Each side in turn takes back its last step, as a new move: the way
        to repeat positions. A step the game allows is played; one that only
        the repetition policy (or the game's end) forbids is refused with
        IllegalMoveError, and the shuffle stops."""
        for _ in range(plies):
            if len(self.moves) < 2 or self.moves[-2].kind != "step":
                return
            last = self.moves[-2]
            move = bagh.Move(f"{last.to_point}{last.from_point}")
            if move not in self.game.legal_moves():
                if self.positions[-1].is_legal(move):
                    with pytest.raises(bagh.IllegalMoveError):
                        self.game.push(move)
                    self.assert_unchanged()
                return
            assert self.game.push(move) == move
            self.model_push(move)

    @rule()
    def pop(self) -> None:
        """Pop returns the last move and restores the previous position; at
        the start it raises IndexError."""
        if not self.moves:
            with pytest.raises(IndexError):
                self.game.pop()
            assert len(self.game) == 0
            return
        expected = self.model_pop()
        assert self.game.peek() == expected
        assert self.game.pop() == expected

    @rule(how=st.sampled_from(["copy", "copy.copy", "copy.deepcopy"]), adopt=st.booleans())
    def copy(self, how: str, adopt: bool) -> None:
        makers: dict[str, Callable[[bagh.Game], bagh.Game]] = {
            "copy": bagh.Game.copy,
            "copy.copy": copy.copy,
            "copy.deepcopy": copy.deepcopy,
        }
        self.adopt_or_keep(makers[how](self.game), adopt)

    @rule(protocol=st.integers(0, pickle.HIGHEST_PROTOCOL), adopt=st.booleans())
    def pickle(self, protocol: int, adopt: bool) -> None:
        unpickled: bagh.Game = pickle.loads(pickle.dumps(self.game, protocol=protocol))
        self.adopt_or_keep(unpickled, adopt)

    @rule(adopt=st.booleans())
    def record(self, adopt: bool) -> None:
        """`Game.to_record` / `from_record`, and `bagh.Record` (its text and
        its JSON) round-trip to an equal game."""
        text = self.game.to_record(tags={"Event": "stateful test"})
        record = bagh.Record(self.game, tags={"Event": "stateful test"})
        assert record.game == self.game
        assert record.to_text() == text and record.tag("Event") == "stateful test"
        assert record.result == self.game.result()
        assert bagh.Record.from_text(text) == record
        assert bagh.Record.from_json(record.to_json()) == record
        assert bagh.Game.from_record(self.game.to_record()) == self.game
        self.adopt_or_keep(bagh.Game.from_record(text), adopt)

    @rule(adopt=st.booleans())
    def json(self, adopt: bool) -> None:
        text = self.game.to_json()
        read = bagh.Game.from_json(text)
        assert read.to_json() == text
        self.adopt_or_keep(read, adopt)

    @rule(adopt=st.booleans())
    def rebuild(self, adopt: bool) -> None:
        """`Game(rules, start, moves)` replays the model's moves."""
        self.adopt_or_keep(bagh.Game(self.ruleset, self.start, [str(move) for move in self.moves]), adopt)

    # --- invariants ------------------------------------------------------------------

    @invariant()
    def moves_and_positions(self) -> None:
        game = self.game
        assert game.rules == self.ruleset and game.start == self.start
        assert game.moves == self.moves and len(game) == len(self.moves)
        assert game.peek() == (self.moves[-1] if self.moves else None)
        assert game.positions == self.positions
        assert game.positions[-1] == game.position == self.positions[-1]
        assert game.position.rules == self.ruleset

    @invariant()
    def pieces_add_up(self) -> None:
        position, start = self.positions[-1], self.start
        placed = sum(move.kind == "place" for move in self.moves)
        captured = sum(move.kind == "capture" for move in self.moves)
        assert position.goats_in_hand == start.goats_in_hand - placed
        assert position.goats_captured == start.goats_captured + captured
        goats = position.goats_in_hand + len(position.goats) + position.goats_captured
        assert goats == self.ruleset.goats
        assert len(position.tigers) == self.ruleset.tiger_count
        assert not set(position.tigers) & set(position.goats)

    @invariant()
    def sides_alternate(self) -> None:
        side = self.start.side_to_move if len(self.moves) % 2 == 0 else other(self.start.side_to_move)
        assert self.game.side_to_move == self.game.position.side_to_move == side
        for move, before in zip(self.moves, self.positions):
            assert (move.kind == "place" or move.from_point in before.goats) == (before.side_to_move == "goat")

    @invariant()
    def counters(self) -> None:
        assert self.game.no_progress_plies() == self.no_progress_plies()
        assert self.game.repetition_count() == self.positions.count(self.positions[-1])

    @invariant()
    def legal_moves_and_outcome(self) -> None:
        game, position = self.game, self.positions[-1]
        position_moves = position.legal_moves()
        game_moves = game.legal_moves()
        playable = self.playable_moves()
        outcome = self.outcome(playable)
        assert game.outcome() == outcome
        assert game.is_game_over() == (outcome is not None)
        assert game.result() == ("*" if outcome is None else outcome.result())
        assert set(game_moves) <= set(position_moves)
        if outcome is not None:
            assert game_moves == []
        else:
            assert game_moves == playable
            if self.ruleset.repetition != "forbidden":
                assert game_moves == position_moves
        assert game.legal_captures() == [move for move in game_moves if move.kind == "capture"]
        for move in position_moves:
            assert game.is_legal(move) == (move in game_moves)


def machine_for(rules: st.SearchStrategy[bagh.Ruleset]) -> type[GameMachine]:
    """The machine with its rule sets drawn from `rules`."""

    class Machine(GameMachine):
        rule_sets = rules

    return Machine


def run(rules: st.SearchStrategy[bagh.Ruleset], runs: int) -> None:
    """`runs` games of up to 40 steps each, the invariants checked after every
    step (about 2.5 s for 40 runs on two cores)."""
    run_state_machine_as_test(
        machine_for(rules),
        settings=settings(
            max_examples=runs,
            stateful_step_count=40,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )


@pytest.mark.parametrize("preset", PRESETS)
def test_game_under_each_preset(preset: str) -> None:
    run(st.just(bagh.Ruleset.preset(preset)), runs=40)


def test_game_under_arbitrary_rule_sets() -> None:
    run(rule_sets(), runs=150)
