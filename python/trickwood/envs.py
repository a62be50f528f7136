"""Environments in the conventions of the AI libraries (docs/python.md,
"Environments"):

- NorthwoodEnv: single-agent, Gymnasium's Env interface: reset(seed=,
  options=) -> (observation, info), step(action) -> (observation, reward,
  terminated, truncated, info), info["action_mask"] an int8 array.
- FoxDuetEnv: two agents in PettingZoo's AEC interface: reset, agent_iter,
  observe, last, step, agent_selection, rewards, terminations, truncations,
  infos, observation = {"observation", "action_mask"}, info["action_mask"].
- VectorEnv: many games stepped in one C call (autoreset).

Gymnasium's and PettingZoo's base classes are used when they can be
imported, and the environments registered with Gymnasium then; without
them the same interfaces stand alone (with small Discrete and Box spaces
of the same shape)."""
import random as _random

import numpy as np

from . import _lib
from .core import Game, load_game

try:  # pragma: no cover - not installable here; used when present
    import gymnasium as _gym
    from gymnasium import spaces as _spaces
except ImportError:
    _gym = None
    _spaces = None

try:  # pragma: no cover
    from pettingzoo import AECEnv as _AECBase
except ImportError:
    _AECBase = object


class Discrete:
    """Gymnasium's Discrete(n) stand-in: n, sample(mask=None), contains."""

    def __init__(self, n, seed=None):
        self.n = n
        self.shape = ()
        self.dtype = np.int64
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        if mask is None:
            return int(self._rng.integers(self.n))
        legal = np.flatnonzero(mask)
        return int(self._rng.choice(legal)) if legal.size else 0

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and 0 <= x < self.n

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box:
    """Gymnasium's Box stand-in: low, high, shape, dtype, contains."""

    def __init__(self, low, high, shape, dtype=np.float32):
        self.low = np.full(shape, low, dtype=dtype)
        self.high = np.full(shape, high, dtype=dtype)
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and x.dtype == self.dtype and bool(np.all(x >= self.low) and np.all(x <= self.high))

    def __repr__(self):
        return "Box(%s, %s)" % (self.shape, self.dtype)


class Dict(dict):
    """Gymnasium's Dict space stand-in (a mapping of spaces)."""

    def contains(self, x):
        return isinstance(x, dict) and set(x) == set(self) and all(self[k].contains(x[k]) for k in self)

    @property
    def spaces(self):
        return self


def _discrete(n):
    return _spaces.Discrete(n) if _spaces else Discrete(n)


def _box(size):
    return _spaces.Box(0.0, 1e6, shape=(size,), dtype=np.float32) if _spaces else Box(0.0, 1e6, (size,))


def _mask_box(n):
    return _spaces.Box(0, 1, shape=(n,), dtype=np.int8) if _spaces else Box(0, 1, (n,), np.int8)


_EnvBase = _gym.Env if _gym else object


class NorthwoodEnv(_EnvBase):
    """For Northwood! as a single-agent environment. Options: setup, medal,
    variant, expert, finish (the game's); reward="stars" (the stars won, at
    the end) or "win" (1 when the game's goal is reached: the medal aimed
    for, or every hidden star with variant="hidden-stars", else 0); max_steps
    (truncated after so many steps; None: never). An illegal action raises
    IllegalActionError with the engine's reason (the state stays)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, setup="intro", medal="bronze", finish=False, reward="stars", max_steps=None,
                 render_mode=None, variant="medals", expert=False):
        if reward not in ("stars", "win"):
            raise _lib.InvalidArgumentError("reward must be \"stars\" or \"win\", not %r" % (reward,))
        if render_mode not in (None, "ansi"):
            raise _lib.InvalidArgumentError("render_mode must be None or \"ansi\", not %r" % (render_mode,))
        self.game = load_game("northwood", setup=setup, medal=medal, finish=finish, variant=variant, expert=expert)
        self.reward_kind = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.action_space = _discrete(self.game.num_distinct_actions())
        self.observation_space = _box(self.game.observation_tensor_size())
        self.state = None
        self._rng = _random.Random()
        self._steps = 0

    def _info(self):
        return {"action_mask": self.state.legal_actions_mask(), "legal_actions": self.state.legal_actions(),
                "seed": self.state.seed}

    def reset(self, seed=None, options=None):
        """A new game: the first from seed when given (the same seed gives
        the same deal and, with the same actions, the same episode), else
        the next from the environment's own generator."""
        if seed is not None:
            _lib.check_seed(seed)
            self._rng.seed(seed)
            if hasattr(self.action_space, "seed"):
                self.action_space.seed(seed)
        if self.state is not None:
            self.state.close()
        self.state = self.game.new_initial_state(self._rng.getrandbits(53))
        self._steps = 0
        return self.state.observation_tensor(0), self._info()

    def step(self, action):
        if self.state is None:
            raise _lib.PhaseError("call reset() before step()")
        self.state.apply_action(action)
        self._steps += 1
        terminated = self.state.is_terminal()
        reward = 0.0
        if terminated:
            reward = float(self.state.is_won()) if self.reward_kind == "win" else self.state.returns()[0]
        truncated = bool(not terminated and self.max_steps is not None and self._steps >= self.max_steps)
        return self.state.observation_tensor(0), reward, terminated, truncated, self._info()

    if _gym is None:
        @property
        def unwrapped(self):
            """The environment itself (Gymnasium's Env gives it when present)."""
            return self

    def action_masks(self):
        """The legal-action mask (sb3-contrib's MaskablePPO asks for it)."""
        return self.state.legal_actions_mask()

    def render(self):
        if self.render_mode == "ansi" and self.state is not None:
            return self.state.information_state_string(0)
        return None

    def close(self):
        if self.state is not None:
            self.state.close()
            self.state = None


class FoxDuetEnv(_AECBase):
    """The Fox in the Forest Duet in PettingZoo's AEC form: agents
    "player_0" and "player_1" (the seats). Options: level, dealer, board
    (the game's); reward="score" (the victory score, 0 when lost) or "win"
    (1 or 0), given to both agents at the end (a cooperative game). After
    the end, each agent is stepped with None to leave, as PettingZoo asks."""

    metadata = {"render_modes": ["ansi"], "name": "trickwood_fox_duet_v0", "is_parallelizable": False}

    def __init__(self, level=1, dealer=0, board=None, reward="score", render_mode=None):
        if reward not in ("score", "win"):
            raise _lib.InvalidArgumentError("reward must be \"score\" or \"win\", not %r" % (reward,))
        opts = {"level": level, "dealer": dealer}
        if board is not None:
            opts["board"] = board
        self.game = load_game("fox", **opts)
        self.reward_kind = reward
        self.render_mode = render_mode
        self.possible_agents = ["player_0", "player_1"]
        n = self.game.num_distinct_actions()
        size = self.game.observation_tensor_size()
        obs_space = _spaces.Dict({"observation": _box(size), "action_mask": _mask_box(n)}) if _spaces else \
            Dict(observation=_box(size), action_mask=_mask_box(n))
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: _discrete(n) for a in self.possible_agents}
        self.state = None
        self._rng = _random.Random()
        self.agents = []
        self.infos = {}
        self._to_act = -1

    if _AECBase is object:
        @property
        def unwrapped(self):
            """The environment itself (PettingZoo's AECEnv gives it when present)."""
            return self

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def _seat(self, agent):
        if agent not in self.possible_agents:
            raise _lib.InvalidArgumentError("no agent %r (agents: %s)" % (agent, ", ".join(self.possible_agents)))
        return self.possible_agents.index(agent)

    def _mask(self, agent):
        """The agent's mask: the legal actions for the agent to act, else empty."""
        seat = self._seat(agent)
        if seat != self._to_act:
            return np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return self.state.legal_actions_mask()

    def reset(self, seed=None, options=None):
        if seed is not None:
            _lib.check_seed(seed)
            self._rng.seed(seed)
        if self.state is not None:
            self.state.close()
        self.state = self.game.new_initial_state(self._rng.getrandbits(53))
        self._to_act = self.state.current_player()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"action_mask": self._mask(a)} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent):
        """{"observation": the seat's tensor, "action_mask": its legal actions}."""
        info = self.infos.get(agent) if self.agents else None
        mask = info["action_mask"].copy() if info else self._mask(agent)
        return {"observation": self.state.observation_tensor(self._seat(agent)), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        """The agent to act, until every agent has left (PettingZoo's AECIterable)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise _lib.InvalidArgumentError("the game is over for %s: the only action is None" % agent)
            for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
                del table[agent]
            self.agents.remove(agent)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        if action is None:
            raise _lib.InvalidArgumentError("%s must act: None is only for an agent whose game is over" % agent)
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(action)
        self._to_act = self.state.current_player()
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            value = float(self.state.is_won()) if self.reward_kind == "win" else self.state.returns()[0]
            for a in self.agents:
                self.rewards[a] = value
                self.terminations[a] = True
            self.agent_selection = agent
        else:
            self.agent_selection = self.possible_agents[self._to_act]
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
            self.infos[a] = {"action_mask": self._mask(a)}

    def render(self):
        if self.render_mode == "ansi" and self.state is not None:
            return self.state.information_state_string(self._seat(self.agent_selection))
        return None

    def close(self):
        if self.state is not None:
            self.state.close()
            self.state = None


class VectorEnv(_lib.Handle):
    """num_envs games of one game stepped by one C call each step. reset()
    -> (observations, info); step(actions) -> (observations, rewards,
    terminated, truncated, info): arrays over the games, observations of the
    seat to act (info["current_player"]) and info["action_mask"] (num_envs x
    num_distinct_actions). A finished game is dealt again at once (its
    reward and terminated are reported, its next observation is the new
    deal's). Game options as load_game's."""

    def __init__(self, name, num_envs, seed=0, **options):
        _lib.check_seed(seed)
        self.game = name if isinstance(name, Game) else load_game(name, **options)
        self.num_envs = int(num_envs)
        self._seed = seed
        self._vec = None
        n, a, o = self.num_envs, self.game.num_distinct_actions(), self.game.observation_tensor_size()
        self.obs = np.zeros((n, o), dtype=np.float32)
        self.masks = np.zeros((n, a), dtype=np.int8)
        self.players = np.zeros(n, dtype=np.int32)
        self.rewards = np.zeros(n, dtype=np.float64)
        self.dones = np.zeros(n, dtype=np.uint8)
        self.legal = np.zeros((n, 64), dtype=np.int32)
        self.counts = np.zeros(n, dtype=np.int32)
        self.single_action_space = _discrete(a)
        self.single_observation_space = _box(o)

    def _make(self, seed):
        import ctypes
        self.close()
        ptr = ctypes.c_void_p()
        _lib.check(_lib.lib.twl_vec_new(self.game._handle(), self.num_envs, seed, ctypes.byref(ptr)))
        self._vec = ptr.value

    def reset(self, seed=None, options=None):
        """Deals every game afresh: from seed, seed + 1, ... (default: the
        constructor's seed)."""
        self._make(self._seed if seed is None else _lib.check_seed(seed))
        _lib.check(_lib.lib.twl_vec_observe(self._vec, self.players.ctypes.data, self.obs.ctypes.data,
                                            self.masks.ctypes.data))
        return self.obs, {"action_mask": self.masks, "current_player": self.players}

    def step(self, actions, observe=True):
        """Applies actions[i] to game i (observe=False skips the tensors,
        the masks are always written)."""
        if self._vec is None:
            raise _lib.PhaseError("call reset() before step()")
        self.game._handle()  # raises when the game was closed
        acts = np.ascontiguousarray(actions, dtype=np.int32)
        if acts.shape != (self.num_envs,):
            raise _lib.InvalidArgumentError("step takes %d actions, not %s" % (self.num_envs, acts.shape))
        _lib.check(_lib.lib.twl_vec_step(self._vec, acts.ctypes.data, self.rewards.ctypes.data,
                                         self.dones.ctypes.data, self.players.ctypes.data,
                                         self.obs.ctypes.data if observe else None, self.masks.ctypes.data))
        done = self.dones.astype(bool)
        return self.obs, self.rewards, done, np.zeros(self.num_envs, dtype=bool), \
            {"action_mask": self.masks, "current_player": self.players}

    def legal_actions(self):
        """Each game's legal actions: (actions, counts), actions a
        num_envs x 64 int32 array (row i: game i's, ascending, then -1)."""
        if self._vec is None:
            raise _lib.PhaseError("call reset() before legal_actions()")
        self.game._handle()
        _lib.check(_lib.lib.twl_vec_legal(self._vec, self.legal.ctypes.data, self.counts.ctypes.data))
        return self.legal, self.counts

    def random_actions(self, rng):
        """A uniformly random legal action per game (numpy draws)."""
        legal, counts = self.legal_actions()
        pick = (rng.random(self.num_envs) * counts).astype(np.int64)
        return legal[np.arange(self.num_envs), pick]

    def random_steps(self, steps, seed=0):
        """Plays steps random legal actions across the games inside C (the
        C loop); returns the games finished."""
        import ctypes
        if self._vec is None:
            self.reset()
        self.game._handle()
        episodes = ctypes.c_int64()
        _lib.check(_lib.lib.twl_vec_random_steps(self._vec, int(steps), _lib.check_seed(seed), ctypes.byref(episodes)))
        return episodes.value

    def close(self):
        if self._vec is not None:
            _lib.lib.twl_vec_free(self._vec)  # possible after the game's close
        self._vec = None


def register():
    """Registers the environments with Gymnasium when it can be imported
    (ids Trickwood/Northwood-v0 and Trickwood/Northwood-Full-v0); returns
    the ids registered ([] without Gymnasium)."""
    if _gym is None:
        return []
    ids = []
    for env_id, kwargs in (("Trickwood/Northwood-v0", {}), ("Trickwood/Northwood-Full-v0", {"setup": "full"})):
        if env_id not in _gym.registry:
            _gym.register(id=env_id, entry_point="trickwood.envs:NorthwoodEnv", kwargs=kwargs)
        ids.append(env_id)
    return ids


def fox_duet_env(**options):
    """PettingZoo's usual constructor name: env(**options)."""
    return FoxDuetEnv(**options)
