"""bagh.rl.VecEnv against a plain loop over bagh.Game: the same moves give
the same observations, masks, rewards and flags, with Gymnasium's
next-step auto-reset; opponents, typed errors, reused buffers, the GIL."""

from __future__ import annotations

import random
from pathlib import Path

import bagh
import bagh.rl
import numpy as np
import numpy.typing as npt
import pytest

from conftest import ticks_during

SMALL = bagh.Ruleset(tigers=["c3"], goats=3, capture_target=2, repetition="allowed")


def mask_of(moves: list[bagh.Move]) -> npt.NDArray[np.bool_]:
    mask = np.zeros(bagh.rl.NUM_ACTIONS, dtype=bool)
    mask[[bagh.rl.encode(m) for m in moves]] = True
    return mask


def reward_for(game: bagh.Game, side: str) -> float:
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return 0.0
    return 1.0 if outcome.winner == side else -1.0


@pytest.mark.parametrize("rules", ["bagh-chal", "two-tigers", "bagh-chal-blocked-loses"])
@pytest.mark.parametrize("threads", [1, 2])
def test_self_play_is_the_games_of_its_moves(rules: str, threads: int) -> None:
    n, max_plies = 6, 50
    env = bagh.rl.VecEnv(n, rules, seed=1, max_plies=max_plies, threads=threads)
    obs, info = env.reset()
    games = [bagh.Game(rules) for _ in range(n)]
    pending = [False] * n
    rng = random.Random(7)
    episodes = 0
    for _ in range(150):
        actions = np.zeros(n, dtype=np.int64)
        movers = [""] * n
        for i, game in enumerate(games):
            if pending[i]:
                actions[i] = 99999  # ignored: this step starts a new game
                continue
            move = rng.choice(game.legal_moves())
            actions[i], movers[i] = bagh.rl.encode(move), game.side_to_move
            game.push(move)
        obs, rewards, terminated, truncated, info = env.step(actions)
        for i in range(n):
            if pending[i]:
                games[i], pending[i] = bagh.Game(rules), False
                assert (rewards[i], terminated[i], truncated[i]) == (0.0, False, False)
            else:
                assert terminated[i] == games[i].is_game_over()
                assert rewards[i] == reward_for(games[i], movers[i])
                assert truncated[i] == (not terminated[i] and len(games[i]) >= max_plies)
                pending[i] = bool(terminated[i] or truncated[i])
                episodes += pending[i]
            # A game that has just ended shows a new game's start mask, so
            # that the action the next step ignores can be sampled.
            shown = bagh.Game(rules) if terminated[i] else games[i]
            assert np.array_equal(info["action_mask"][i], mask_of(shown.legal_moves()))
            assert info["action_mask"][i].any()
            assert np.array_equal(obs[i], bagh.rl.observation(games[i]))
            assert info["to_play"][i] == (games[i].side_to_move == "tiger")
            assert env.game(i) == games[i]
    assert episodes > 0


def test_buffers_are_reused_and_typed() -> None:
    env = bagh.rl.VecEnv(3)
    obs, info = env.reset()
    assert obs.shape == (3, *bagh.rl.OBSERVATION_SHAPE) and obs.dtype == np.float32
    assert info["action_mask"].shape == (3, bagh.rl.NUM_ACTIONS) and info["action_mask"].dtype == np.bool_
    assert info["to_play"].dtype == np.int8
    obs2, rewards, terminated, truncated, info2 = env.step(env.random_actions())
    assert obs2 is obs and info2["action_mask"] is info["action_mask"]
    assert rewards.dtype == np.float32 and terminated.dtype == truncated.dtype == np.bool_
    assert env.num_envs == 3 and env.rules == bagh.Ruleset.preset("bagh-chal")
    assert repr(env) == "VecEnv(3, 'bagh-chal', opponent=None)"


def test_bad_actions_shapes_and_dtypes_are_typed_errors() -> None:
    env = bagh.rl.VecEnv(3)
    obs, _ = env.reset()
    before = obs.copy()
    with pytest.raises(bagh.rl.ActionError) as info:
        env.step(np.array([12, 0, 12]))  # a tiger stands on a1
    assert info.value.env == 1 and info.value.action == 0 and "environment 1" in str(info.value)
    with pytest.raises(bagh.rl.ActionError) as info:
        env.step(np.array([12, 12, bagh.rl.NUM_ACTIONS]))
    assert info.value.env == 2
    assert np.array_equal(obs, before) and all(len(env.game(i)) == 0 for i in range(3))
    with pytest.raises(bagh.rl.RLError, match=r"shape \(3,\)"):
        env.step(np.array([12, 12]))
    with pytest.raises(bagh.rl.RLError, match="dtype"):
        env.step(np.array([12.0, 12.0, 12.0]))
    # Any integer dtype or a list of ints is read.
    env.step(np.array([12, 12, 12], dtype=np.int16))
    env.step([bagh.rl.encode("a1a2")] * 3)  # the tigers' turn
    with pytest.raises(bagh.rl.RLError, match="env"):
        env.game(3)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"opponent": 0},
        {"opponent": 21},
        {"opponent": "strong"},
        {"opponent": "perfect"},
        {"side": "sheep", "opponent": "random"},
        {"side": "tiger"},  # a side with no opponent: self-play plays both
        {"threads": 0},
        {"max_plies": 0},
    ],
)
def test_options_are_checked(kwargs: dict[str, object]) -> None:
    with pytest.raises(bagh.rl.RLError) as raised:
        bagh.rl.VecEnv(2, **kwargs)  # type: ignore[arg-type]
    if kwargs == {"side": "tiger"}:
        assert "needs an opponent" in str(raised.value)
    with pytest.raises(bagh.rl.RLError, match="num_envs"):
        bagh.rl.VecEnv(0)


@pytest.mark.parametrize("side", ["goat", "tiger"])
@pytest.mark.parametrize("opponent", ["random", 1])
def test_against_an_opponent_the_agent_has_the_move(side: str, opponent: str | int) -> None:
    env = bagh.rl.VecEnv(4, seed=2, opponent=opponent, side=side, max_plies=80)  # type: ignore[arg-type]
    _, info = env.reset()
    pending = np.zeros(4, dtype=bool)
    for _ in range(60):
        for i in range(4):
            if not pending[i]:
                assert env.game(i).side_to_move == side
                assert info["to_play"][i] == (side == "tiger")
        _, rewards, terminated, truncated, info = env.step(env.random_actions())
        for ended in np.flatnonzero(terminated).tolist():
            assert rewards[ended] == reward_for(env.game(ended), side)
        pending = terminated | truncated


def test_the_perfect_opponent_keeps_the_tables_value(tmp_path: Path) -> None:
    tables = bagh.Tablebase.build(SMALL, tmp_path / "tables")
    env = bagh.rl.VecEnv(8, SMALL, seed=4, opponent="perfect", tablebase=tables, side="goat", max_plies=40)
    env.reset()
    checked = 0
    for _ in range(40):
        games = [env.game(i) for i in range(8)]
        env.step(env.random_actions())
        for i in range(8):
            game = env.game(i)
            if len(game) != len(games[i]) + 2:
                continue  # the goats' move ended the game, or a new game began
            position, answer = game.positions[-2], game.moves[-1]
            assert answer in tables.best_moves(position)
            checked += 1
    assert checked > 50
    with pytest.raises(bagh.rl.RLError, match="rule set"):
        bagh.rl.VecEnv(2, "bagh-chal", opponent="perfect", tablebase=tables)


def test_seeds_replay_and_reset_reseeds() -> None:
    def run(env: bagh.rl.VecEnv, seed: int | None) -> list[int]:
        env.reset(seed=seed)
        played: list[int] = []
        for _ in range(20):
            actions = env.random_actions()
            played += actions.tolist()
            env.step(actions)
        return played

    first = run(bagh.rl.VecEnv(5, seed=9), None)
    assert first == run(bagh.rl.VecEnv(5, seed=9), None)
    assert first == run(bagh.rl.VecEnv(5, seed=1), 9)
    assert first != run(bagh.rl.VecEnv(5, seed=10), None)


def test_steps_release_the_gil() -> None:
    env = bagh.rl.VecEnv(2048, "two-tigers")
    env.reset()
    actions = env.random_actions()

    def work() -> None:
        for _ in range(40):
            env.step(actions)
            actions[:] = env.random_actions()

    ticks, elapsed = ticks_during(work)
    # A ticker that sleeps 1 ms gets most of its ticks while the steps run.
    assert ticks > 0.3 * elapsed * 1000, (ticks, elapsed)
