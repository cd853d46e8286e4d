"""A PettingZoo AEC environment of bagh: two agents, ``"goat"`` and ``"tiger"``.

Needs the optional extra ``pip install 'bagh[rl]'``::

    from bagh.rl.pettingzoo import env

    game = env(rules="bagh-chal")
    game.reset(seed=0)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else int(mask.nonzero()[0][0])
        game.step(action)

Observations are dicts, as in PettingZoo's classic games: ``observation``
(float32, ``bagh.rl.OBSERVATION_SHAPE``, the same board for both agents) and
``action_mask`` (int8, ``(NUM_ACTIONS,)``, all zero for the agent not to
move). Rewards come at the end: 1 to the winner, -1 to the loser, 0 to both
for a draw. An action that names no legal move raises
:class:`bagh.rl.ActionError`. ``max_plies`` truncates long games.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import bagh
import bagh.rl

__all__ = ["env", "raw_env"]

AGENTS = ["goat", "tiger"]


def env(**kwargs: Any) -> AECEnv[str, dict[str, npt.NDArray[Any]], int]:
    """The environment wrapped in PettingZoo's order checks (``raw_env`` without them)."""
    wrapped: AECEnv[str, dict[str, npt.NDArray[Any]], int] = wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
    return wrapped


class raw_env(AECEnv[str, dict[str, npt.NDArray[Any]], int]):  # noqa: N801 (PettingZoo's name)
    """Bagh-Chal for two agents, turn by turn (see the module docs)."""

    metadata = {"render_modes": ["ansi"], "name": "bagh_v0", "is_parallelizable": False}

    def __init__(
        self, rules: bagh.Ruleset | str = "bagh-chal", max_plies: int | None = None, render_mode: str | None = None
    ) -> None:
        super().__init__()
        self.rules = rules if isinstance(rules, bagh.Ruleset) else bagh.Ruleset.preset(rules)
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, bagh.rl.OBSERVATION_SHAPE, np.float32),
                    "action_mask": spaces.Box(0, 1, (bagh.rl.NUM_ACTIONS,), np.int8),
                }
            )
            for agent in AGENTS
        }
        self.action_spaces = {agent: spaces.Discrete(bagh.rl.NUM_ACTIONS) for agent in AGENTS}
        self.game = bagh.Game(self.rules)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        mask = np.zeros(bagh.rl.NUM_ACTIONS, dtype=np.int8)
        if agent == self.game.side_to_move:
            mask[bagh.rl.legal_mask(self.game)] = 1
        return {"observation": bagh.rl.observation(self.game), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game = bagh.Game(self.rules)
        self.agents = list(AGENTS)
        self.rewards = {agent: 0.0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0.0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in AGENTS}
        self.agent_selection = self.game.side_to_move

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise bagh.rl.ActionError(f"{agent}: an action is needed while the game goes on")
        self.game.push(bagh.rl.decode(int(action), self.game))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in AGENTS}
        outcome = self.game.outcome()
        if outcome is not None:
            for a in AGENTS:
                self.rewards[a] = 0.0 if outcome.winner is None else (1.0 if outcome.winner == a else -1.0)
                self.terminations[a] = True
        elif self.max_plies is not None and len(self.game) >= self.max_plies:
            self.truncations = {a: True for a in AGENTS}
        self.agent_selection = self.game.side_to_move
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``), else None."""
        return self.game.position.ascii_board() if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass
