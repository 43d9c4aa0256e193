"""The PettingZoo and Gymnasium environments over ``abyss._abyss.Game``.

Both number actions as the engine does (``abyss::game::actions``: 240 answers, fixed) and
observe the open position as the engine encodes it (``abyss::game::observe``: 1681
numbers); docs/python.md documents both. Rewards come only at the end of a game.
"""

from __future__ import annotations

import os
from typing import Any, Dict, List, Optional

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import _abyss
from ._abyss import ACTIONS, OBSERVATION

AGENTS = list(_abyss.FACTIONS)

# Every number of an observation lies in [-2, 255]: Support levels are -2..2, every other
# field a count (pieces, markers, Resources <= 99, Total Support <= 2 x Population) or a
# 0/1 flag (docs/python.md).
OBS_LOW = -2.0
OBS_HIGH = 255.0


def _fresh_seed() -> int:
    # A seed nobody gave: from the OS, small enough to type back (as `abyss sim` draws).
    return 1 + int.from_bytes(os.urandom(8), "little") % 999_999_999


def _observation_box() -> spaces.Box:
    return spaces.Box(OBS_LOW, OBS_HIGH, shape=(OBSERVATION,), dtype=np.float32)


def _mask_box() -> spaces.Box:
    return spaces.Box(0, 1, shape=(ACTIONS,), dtype=np.int8)


def _path(p) -> Optional[str]:
    return None if p is None else os.fspath(p)


def _observation(game: "_abyss.Game") -> np.ndarray:
    # A bytearray of native float32s, read by NumPy without a second copy (and writable:
    # the caller owns it).
    return np.frombuffer(game.observation(), dtype=np.float32)


def _mask(game: "_abyss.Game") -> np.ndarray:
    return np.frombuffer(game.mask(), dtype=np.int8)


def _question(game: "_abyss.Game", text: bool) -> Dict[str, Any]:
    """The info of the seat asked: its legal actions, and (with ``text``) the question's
    words and the option labels, in the same order as ``legal``."""
    info: Dict[str, Any] = {"legal": game.legal()}
    if text:
        ask, doing = game.ask()
        info["prompt"] = game.prompt()
        info["options"] = game.options()
        info["ask"] = ask
        info["doing"] = doing
    return info


def _end_info(outcome: Dict[str, Any], agent: str) -> Dict[str, Any]:
    return {
        "winner": list(outcome["winner"]),
        "margin": outcome["margins"][agent],
        "margins": dict(outcome["margins"]),
        "victory_check": outcome["victory_check"],
        "outcome": outcome["text"],
    }


class AbyssAEC(AECEnv):
    """Andean Abyss as a PettingZoo AEC environment: agents ``govt``, ``farc``, ``auc``,
    ``cartels``, every seat driven from Python.

    - ``agent_selection`` is the Faction the engine asks now (not a fixed rotation: an
      Operation asks its Faction many questions in a row, an Event may ask another one).
    - Actions: ``Discrete(240)``; observation: ``{"observation": float32 (1681,),
      "action_mask": int8 (240,)}`` (the mask is all zeros for an agent not asked).
    - Rewards: at the end only, 1 to each Faction of the winning seat and 0 to the others;
      ``infos[agent]`` then holds ``winner``, ``margin``, ``margins``, ``victory_check``.
    - While the game goes on, ``infos[agent_selection]`` holds ``legal`` (the legal actions,
      in the order of the question's options) and, with ``text=True``, ``prompt``,
      ``options`` (the options in words, for people or language models), ``ask`` and
      ``doing`` (the typed question and what the game is doing).
    - Seeds: ``reset(seed=S)`` plays the game of seed S (as ``abyss sim --seeds S..S``
      deals it); each later ``reset()`` without a seed plays the next seed, S+1, S+2, ...
      ``seed=None`` draws a first seed from the OS; ``game_seed`` says which was played.
    - ``render()``: the position as text (``render_mode="ansi"``, the default) or the SVG
      board (``render_mode="svg"``); ``render_svg()`` gives the SVG either way.
    """

    metadata = {"name": "abyss_v0", "render_modes": ["ansi", "svg"], "is_parallelizable": False}

    def __init__(
        self,
        scenario: str = "standard",
        seed: Optional[int] = None,
        content=None,
        mod=None,
        render_mode: Optional[str] = "ansi",
        text: bool = True,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.text = text
        self._content = _abyss.Content(scenario, _path(content), _path(mod))
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        # One space object per agent, the same object every time (PettingZoo seeds them).
        self.observation_spaces = {
            a: spaces.Dict({"observation": _observation_box(), "action_mask": _mask_box()}) for a in AGENTS
        }
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in AGENTS}
        self._next_seed = seed
        self.game_seed: Optional[int] = None
        self.game: Optional[_abyss.Game] = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is not None:
            self._next_seed = int(seed)
        if self._next_seed is None:
            self._next_seed = _fresh_seed()
        self.game_seed = self._next_seed
        self._next_seed = self.game_seed + 1
        self.game = self._content.start(self.game_seed, AGENTS, "random")
        self.agents = list(AGENTS)
        self.rewards = {a: 0 for a in AGENTS}
        self._cumulative_rewards = {a: 0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self._skip_agent_selection = None
        self._moved()

    def _moved(self) -> None:
        """Point at the Faction asked now, or end the game."""
        game = self.game
        if not game.over:
            agent = game.faction
            for a in self.agents:
                self.infos[a] = {}
            self.infos[agent] = _question(game, self.text)
            self.agent_selection = agent
            return
        outcome = game.outcome()
        winners = set(outcome["winner"])
        for a in self.agents:
            self.rewards[a] = 1 if a in winners else 0
            self.terminations[a] = True
            self.infos[a] = _end_info(outcome, a)
        # The agent that moved last stays selected; every agent then takes its dead step.

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        obs = _observation(self.game)
        if agent == self.agent_selection and not self.game.over:
            mask = _mask(self.game)
        else:
            mask = np.zeros(ACTIONS, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        # An illegal action is a ValueError naming the legal count; the game is unchanged.
        self.game.answer(int(action))
        self._moved()
        self._accumulate_rewards()

    def render(self):
        if self.game is None:
            return None
        if self.render_mode == "svg":
            return self.game.render_svg()
        return self.game.render_text()

    def render_svg(self) -> str:
        return self.game.render_svg()

    def close(self) -> None:
        # Dropping the game ends it (its coroutine unwinds; its stack is kept for the next game).
        self.game = None

    def __str__(self) -> str:
        return "abyss_v0"


class LegalDiscrete(spaces.Discrete):
    """``Discrete(240)`` whose ``sample()`` without a mask draws among the actions legal
    now (as ``sample(env.action_masks())``): generic code that samples the bare space gets
    actions the game accepts."""

    def __init__(self, n: int, legal_mask, seed=None):
        super().__init__(n, seed=seed)
        self._legal_mask = legal_mask

    def sample(self, mask=None, probability=None):
        if mask is None and probability is None:
            mask = self._legal_mask()
        return super().sample(mask=mask, probability=probability)


class SoloEnv(gymnasium.Env):
    """One learning seat against seats played inside the engine, as a Gymnasium env.

    - ``faction``: the seat learned (``govt``, ``farc``, ``auc``, ``cartels``); it is a
      player of its own. ``others``: who plays the other seats, as ``abyss sim --agents``
      (``nonplayer``: the section-8 bots; ``random``; ``mcts:N``; or a mix such as
      ``auc=random,others=nonplayer``).
    - Actions ``Discrete(240)`` (the engine's numbering); ``action_masks()`` gives the legal
      ones (for MaskablePPO and the like); ``action_space.sample()`` draws a legal one.
      An illegal action raises ``ValueError`` naming the legal count, the game unchanged
      (``illegal="raise"``, the default). With ``illegal="forfeit"`` it ends the episode
      instead, reward -1 and ``info["illegal"]`` saying why: the convention of generic
      checkers and trainers that step actions sampled without the mask (Gymnasium's
      ``check_env`` steps an action drawn before a ``reset``, which the new game may not
      allow).
    - Observation: float32 (1681,), the engine's encoding (docs/python.md).
    - Reward at the end only: ``reward="win"`` gives 1 if the seat's Faction wins, else
      0; ``reward="margin"`` gives its final victory margin / 10 (a denser signal).
      ``info`` holds ``action_mask``, ``legal`` and (``text=True``) the question's words;
      at the end ``winner``, ``margin``, ``margins``.
    - Seeds as in ``aec_env``: ``reset(seed=S)`` plays seed S, later resets S+1, S+2, ...
      (if the seat is never asked in a game, the next seed is played instead).
    """

    metadata = {"render_modes": ["ansi", "svg"]}

    def __init__(
        self,
        faction: str,
        others: str = "nonplayer",
        scenario: str = "standard",
        seed: Optional[int] = None,
        content=None,
        mod=None,
        reward: str = "win",
        render_mode: Optional[str] = "ansi",
        text: bool = False,
        illegal: str = "raise",
    ):
        super().__init__()
        if illegal not in ("raise", "forfeit"):
            raise ValueError(f"illegal {illegal!r}: 'raise' or 'forfeit'")
        self.illegal = illegal
        if faction not in AGENTS:
            raise ValueError(f"faction {faction!r}: one of {AGENTS}")
        if reward not in ("win", "margin"):
            raise ValueError(f"reward {reward!r}: 'win' or 'margin'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        self.faction = faction
        self.others = others
        self.reward_kind = reward
        self.render_mode = render_mode
        self.text = text
        self._content = _abyss.Content(scenario, _path(content), _path(mod))
        self.observation_space = _observation_box()
        self.action_space = LegalDiscrete(ACTIONS, self._legal_int8)
        self._next_seed = seed
        self.game_seed: Optional[int] = None
        self.game: Optional[_abyss.Game] = None
        self._forfeited = False
        # A bad `others` is an error here, not at the first reset.
        _abyss.parse_agents(others)

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (240,)."""
        if self.game is None or self._forfeited:
            return np.zeros(ACTIONS, dtype=bool)
        return _mask(self.game).astype(bool)

    def _legal_int8(self) -> np.ndarray:
        if self.game is None or self._forfeited:
            return np.zeros(ACTIONS, dtype=np.int8)
        return _mask(self.game)

    def _info(self) -> Dict[str, Any]:
        info = _question(self.game, self.text)
        info["action_mask"] = _mask(self.game)
        return info

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        if seed is not None:
            self._next_seed = int(seed)
        if self._next_seed is None:
            self._next_seed = _fresh_seed()
        while True:
            self.game_seed = self._next_seed
            self._next_seed = self.game_seed + 1
            self.game = self._content.start(self.game_seed, [self.faction], self.others)
            if not self.game.over:
                break
        self._forfeited = False
        return _observation(self.game), self._info()

    def step(self, action):
        if self.game is None or self.game.over or self._forfeited:
            raise RuntimeError("the game is over: call reset()")
        try:
            self.game.answer(int(action))
        except ValueError as e:
            if self.illegal == "raise":
                raise
            # The game stays where it was (render() shows the question that was missed).
            self._forfeited = True
            info = {"illegal": str(e), "action_mask": np.zeros(ACTIONS, dtype=np.int8), "legal": []}
            return _observation(self.game), -1.0, True, False, info
        obs = _observation(self.game)
        if not self.game.over:
            return obs, 0.0, False, False, self._info()
        outcome = self.game.outcome()
        info = _end_info(outcome, self.faction)
        info["action_mask"] = np.zeros(ACTIONS, dtype=np.int8)
        info["legal"] = []
        if self.reward_kind == "win":
            reward = 1.0 if self.faction in outcome["winner"] else 0.0
        else:
            reward = outcome["margins"][self.faction] / 10.0
        return obs, reward, True, False, info

    def render(self):
        if self.game is None:
            return None
        if self.render_mode == "svg":
            return self.game.render_svg()
        return self.game.render_text()

    def close(self) -> None:
        self.game = None


#: The Gymnasium id of ``SoloEnv``: ``gymnasium.make("abyss.env:abyss/Solo-v0",
#: faction="farc")`` (the ``abyss.env:`` prefix makes Gymnasium import this module, which
#: registers it). Keyword arguments are ``SoloEnv``'s.
SOLO_ENV_ID = "abyss/Solo-v0"

if SOLO_ENV_ID not in gymnasium.registry:
    gymnasium.register(id=SOLO_ENV_ID, entry_point="abyss.env:SoloEnv")
