"""The PettingZoo and Gymnasium adapters pass their libraries' own checks,
and play the games bagh.Game plays."""

from __future__ import annotations

import random
import warnings

import bagh
import bagh.rl
import numpy as np
import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

from bagh.rl.gymnasium import BaghEnv  # noqa: E402  (after the skips)
from bagh.rl.pettingzoo import env, raw_env  # noqa: E402


@pytest.mark.parametrize("rules", ["bagh-chal", "two-tigers"])
def test_pettingzoo_api_test(rules: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # naming advice for agents and spaces
        pettingzoo_test.api_test(env(rules=rules, max_plies=150), num_cycles=300)


def test_pettingzoo_plays_the_game_of_its_moves() -> None:
    aec = raw_env(rules="bagh-chal-blocked-loses")
    aec.reset(seed=1)
    game, rng = bagh.Game("bagh-chal-blocked-loses"), random.Random(3)
    for agent in aec.agent_iter(max_iter=2000):
        observation, reward, termination, truncation, _ = aec.last()
        assert agent == game.side_to_move or termination
        if termination or truncation:
            outcome = game.outcome()
            assert outcome is not None
            assert reward == (0.0 if outcome.winner is None else (1.0 if outcome.winner == agent else -1.0))
            aec.step(None)
            continue
        assert np.array_equal(observation["action_mask"].astype(bool), bagh.rl.legal_mask(game))
        assert np.array_equal(observation["observation"], bagh.rl.observation(game))
        other = "tiger" if agent == "goat" else "goat"
        assert not aec.observe(other)["action_mask"].any()
        move = rng.choice(game.legal_moves())
        game.push(move)
        aec.step(bagh.rl.encode(move))
    assert game.is_game_over()
    with pytest.raises(bagh.rl.ActionError):
        aec.reset()
        aec.step(0)  # a tiger stands on a1


@pytest.mark.parametrize(
    "kwargs", [{}, {"side": "tiger"}, {"opponent": 1, "rules": "two-tigers"}, {"max_plies": 30}]
)
def test_gymnasium_check_env(kwargs: dict[str, object]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # no spec: made without gymnasium.make
        env_checker.check_env(BaghEnv(**kwargs))  # type: ignore[arg-type]


def test_gymnasium_episodes_and_illegal_actions() -> None:
    env = BaghEnv(side="tiger", opponent="random", render_mode="ansi")
    obs, info = env.reset(seed=5)
    assert env.game.side_to_move == "tiger" and len(env.game) == 1  # the goats opened
    assert obs.shape == bagh.rl.OBSERVATION_SHAPE
    rng = np.random.default_rng(0)
    done, returns = False, 0.0
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        returns += reward
        done = terminated or truncated
    outcome = env.game.outcome()
    assert outcome is not None
    assert returns == (0.0 if outcome.winner is None else (1.0 if outcome.winner == "tiger" else -1.0))
    render = env.render()
    assert render is not None and render.startswith("5 ")
    env.reset(seed=5)
    _, reward, terminated, _, info = env.step(12)  # a placement: not the tigers'
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = BaghEnv(illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(bagh.rl.ActionError):
        strict.step(0)


def test_the_vector_env_has_gymnasiums_spaces_and_next_step_resets() -> None:
    import gymnasium
    from gymnasium.vector import AutoresetMode

    from bagh.rl.gymnasium import BaghVectorEnv

    env = BaghVectorEnv(4, "two-tigers", max_plies=30)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert env.single_action_space == gymnasium.spaces.Discrete(bagh.rl.NUM_ACTIONS)
    assert env.observation_space.shape == (4, *bagh.rl.OBSERVATION_SHAPE)
    assert env.action_space.shape == (4,)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    ended = 0
    for _ in range(80):
        actions = env.random_actions()
        assert env.action_space.contains(actions)
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert env.observation_space.contains(obs)
        assert info["action_mask"].shape == (4, bagh.rl.NUM_ACTIONS)
        ended += int((terminated | truncated).sum())
    assert ended > 0
    against = BaghVectorEnv(2, opponent="random", side="tiger")
    _, info = against.reset(seed=1)
    assert list(info["to_play"]) == [1, 1]
    with pytest.raises(bagh.rl.ActionError):
        against.step(np.array([0, 0]))  # a placement: the tigers are to move
    against.close()
