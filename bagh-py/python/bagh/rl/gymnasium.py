"""A Gymnasium environment of bagh: one agent against an opponent.

Needs the optional extra ``pip install 'bagh[rl]'``::

    import numpy as np
    from bagh.rl.gymnasium import BaghEnv

    env = BaghEnv(side="goat", opponent="random")
    observation, info = env.reset(seed=0)
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        observation, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated

One game of :class:`bagh.rl.VecEnv` underneath: the opponent (``"random"``,
an engine level 1-20, or ``"perfect"`` with ``tablebase=``) answers inside
``step``, so the agent is always to move. Observations are float32 of
``bagh.rl.OBSERVATION_SHAPE``; ``info["action_mask"]`` holds the legal
actions. Rewards are the agent's: 1 win, -1 loss, 0 otherwise. An action
that names no legal move loses the game (reward -1, ``info["illegal_action"]``
True) with ``illegal_action="lose"`` (the default, so that any sampled
action is a valid input), or raises :class:`bagh.rl.ActionError` with
``illegal_action="raise"``.
"""

from __future__ import annotations

from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

import bagh
import bagh.rl

__all__ = ["BaghEnv", "BaghVectorEnv"]

Observation = npt.NDArray[np.float32]


class BaghEnv(gymnasium.Env[Observation, int]):
    """Bagh-Chal against an opponent, as a Gymnasium environment (see the module docs)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        rules: bagh.Ruleset | str = "bagh-chal",
        *,
        side: Literal["goat", "tiger"] = "goat",
        opponent: Literal["random", "perfect"] | int = "random",
        tablebase: bagh.Tablebase | None = None,
        max_plies: int | None = None,
        illegal_action: Literal["lose", "raise"] = "lose",
        render_mode: str | None = None,
    ) -> None:
        if illegal_action not in ("lose", "raise"):
            raise bagh.rl.RLError(f'illegal_action: expected "lose" or "raise", got {illegal_action!r}')
        self._vec = bagh.rl.VecEnv(
            1, rules, max_plies=max_plies, opponent=opponent, side=side, tablebase=tablebase
        )
        self.side = side
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, bagh.rl.OBSERVATION_SHAPE, np.float32)
        self.action_space = spaces.Discrete(bagh.rl.NUM_ACTIONS)
        self._mask = np.zeros(bagh.rl.NUM_ACTIONS, dtype=bool)
        self._seeded = False

    def _info(self, info: dict[str, Any]) -> dict[str, Any]:
        self._mask = info["action_mask"][0].copy()
        return {"action_mask": self._mask.copy()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None and not self._seeded:
            # The first game follows Gymnasium's seeding; later ones go on
            # from the generators' state.
            seed = int(self.np_random.integers(2**63))
        self._seeded = True
        obs, info = self._vec.reset(seed=seed)
        return obs[0].copy(), self._info(info)

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        action = int(action)
        if not (0 <= action < bagh.rl.NUM_ACTIONS and self._mask[action]):
            if self.illegal_action == "raise":
                bagh.rl.decode(action, self._vec.game(0))  # raises ActionError
            obs = bagh.rl.observation(self._vec.game(0))
            return obs, -1.0, True, False, {"action_mask": np.zeros_like(self._mask), "illegal_action": True}
        obs, rewards, terminated, truncated, info = self._vec.step(np.array([action], dtype=np.int64))
        return obs[0].copy(), float(rewards[0]), bool(terminated[0]), bool(truncated[0]), self._info(info)

    @property
    def game(self) -> bagh.Game:
        """A copy of the game being played."""
        return self._vec.game(0)

    def render(self) -> str | None:  # type: ignore[override]
        return self._vec.game(0).position.ascii_board() if self.render_mode == "ansi" else None


class BaghVectorEnv(VectorEnv):  # type: ignore[misc]
    """:class:`bagh.rl.VecEnv` as a Gymnasium vector environment.

    ``num_envs`` games stepped in Rust, with the spaces and the metadata a
    Gymnasium vector env has: ``single_observation_space`` (float32 Box of
    ``OBSERVATION_SHAPE``), ``single_action_space`` (``Discrete(NUM_ACTIONS)``),
    their batched ``observation_space`` and ``action_space``, and next-step
    auto-reset (``metadata["autoreset_mode"]``). ``info`` holds
    ``action_mask`` and ``to_play``. Without ``opponent`` it is self-play;
    with one the agent plays ``side``. An illegal action raises
    :class:`bagh.rl.ActionError` naming the environment before any is
    stepped (as ``VecEnv``; ``BaghEnv`` can instead score it a loss). The
    arrays returned are ``VecEnv``'s own, rewritten at every step: copy
    what you keep.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        num_envs: int,
        rules: bagh.Ruleset | str = "bagh-chal",
        *,
        opponent: Literal["random", "perfect"] | int | None = None,
        side: Literal["goat", "tiger"] | None = None,
        tablebase: bagh.Tablebase | None = None,
        max_plies: int | None = None,
        threads: int = 1,
    ) -> None:
        self._vec = bagh.rl.VecEnv(
            num_envs, rules, max_plies=max_plies, opponent=opponent, side=side,
            tablebase=tablebase, threads=threads,
        )
        self.num_envs = num_envs
        self.render_mode = None
        self.single_observation_space = spaces.Box(0.0, 1.0, bagh.rl.OBSERVATION_SHAPE, np.float32)
        self.single_action_space = spaces.Discrete(bagh.rl.NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """New games; ``seed`` (an int, or a list whose first item is used) seeds them."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        obs, info = self._vec.reset(seed=seed)
        return obs, dict(info)

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_],
        npt.NDArray[np.bool_], dict[str, Any],
    ]:
        obs, rewards, terminated, truncated, info = self._vec.step(np.asarray(actions))
        return obs, rewards, terminated, truncated, dict(info)

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A legal action per environment, drawn in Rust."""
        return self._vec.random_actions()

    def game(self, env: int) -> bagh.Game:
        """A copy of environment ``env``'s game."""
        return self._vec.game(env)

    def close_extras(self, **kwargs: Any) -> None:
        pass
