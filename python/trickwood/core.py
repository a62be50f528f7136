"""Games and states in OpenSpiel's spirit (docs/python.md): load_game,
Game.new_initial_state, and State's current_player, legal_actions,
apply_action, is_terminal, returns, clone, information_state_string,
observation_tensor, resample_from_infostate and action_to_string."""
import ctypes
import json
import random as _random

import numpy as np

from . import _lib
from ._lib import ClosedError, Handle, check, check_seed, lib, raise_error, text_of

TERMINAL = -4  # current_player() of a finished game, as OpenSpiel's kTerminalPlayerId

_ALIASES = {"northwood": "northwood", "for-northwood": "northwood", "fox": "fox", "foxduet": "fox",
            "fox-duet": "fox", "fox_duet": "fox"}


def game_names():
    """The games' keys ("northwood", "fox")."""
    return [lib.twl_game_key_at(i).decode() for i in range(lib.twl_game_count())]


def load_game(name, **options):
    """A game by name ("northwood", "fox"; "foxduet" too) with its options:
    For Northwood! setup="intro"|"full", medal="bronze"|"silver"|"gold",
    variant="medals"|"hidden-stars", expert=True|False, finish=True|False; the Duet level=1|2|3, dealer=0|1, board="side-b.json".
    A bad name or option raises ParseError or InvalidArgumentError naming it."""
    return Game(name, **options)


class Game(Handle):
    """A game with its options: deals states, names its bots, sizes its
    action mask (num_distinct_actions) and observation tensor."""

    def __init__(self, name, **options):
        key = _ALIASES.get(name, name) if isinstance(name, str) else name
        if not isinstance(key, str):
            raise _lib.InvalidArgumentError("a game's name is a text (%s), not %r" % (", ".join(game_names()), name))
        ptr = ctypes.c_void_p()
        check(lib.twl_game_new(key.encode(), json.dumps(options).encode(), ctypes.byref(ptr)))
        self._ptr = ptr.value
        self.key = key
        self.options = dict(options)
        self.title = lib.twl_game_title(self._ptr).decode()
        self._num_players = lib.twl_game_num_players(self._ptr)
        self._num_actions = lib.twl_game_num_actions(self._ptr)
        self._obs_size = lib.twl_game_observation_size(self._ptr)
        self.observation_fields = {}
        i = 0
        name_p, off, size = ctypes.c_char_p(), ctypes.c_int(), ctypes.c_int()
        while lib.twl_game_observation_field(self._ptr, i, ctypes.byref(name_p), ctypes.byref(off),
                                             ctypes.byref(size)) == 0:
            self.observation_fields[name_p.value.decode()] = (off.value, size.value)
            i += 1
        self.bot_names = []
        while True:
            b = lib.twl_game_bot_name(self._ptr, len(self.bot_names))
            if not b:
                break
            self.bot_names.append(b.decode())

    def _handle(self):
        if not self._ptr:
            raise ClosedError("the game was closed")
        return self._ptr

    def close(self):
        """Frees the C game (its states must not be used afterwards)."""
        if getattr(self, "_ptr", None):
            lib.twl_game_free(self._ptr)
            self._ptr = None

    def __repr__(self):
        return "<trickwood.Game %s %s>" % (self.key, json.dumps(self.options, sort_keys=True))

    def num_players(self):
        """Seats that act: 1 (For Northwood!) or 2 (the Duet)."""
        return self._num_players

    def num_distinct_actions(self):
        """The size of an action mask: actions are 0 to this - 1."""
        return self._num_actions

    def observation_tensor_size(self):
        """Floats in an observation tensor (docs/python.md lists its fields)."""
        return self._obs_size

    def observation_tensor_shape(self):
        return [self._obs_size]

    def new_initial_state(self, seed=None):
        """A new deal from seed (0 to 2^53 - 1; None: a random one)."""
        if seed is None:
            seed = _random.getrandbits(53)
        check_seed(seed)
        ptr = ctypes.c_void_p()
        check(lib.twl_state_new(self._handle(), seed, ctypes.byref(ptr)))
        return State._wrap(self, ptr.value, seed)

    def state_from_record(self, record):
        """The state a game record (JSON text, docs/formats.md) rebuilds."""
        ptr = ctypes.c_void_p()
        check(lib.twl_state_from_record(self._handle(), record.encode(), ctypes.byref(ptr)))
        return State._wrap(self, ptr.value, None)

    def observation_fields_of(self, tensor):
        """A tensor cut into its named fields (views of the array)."""
        return {name: tensor[off:off + size] for name, (off, size) in self.observation_fields.items()}


class State(Handle):
    """One position of a game. Methods raise the engine's errors as
    exceptions (IllegalActionError, GameOverError, InvalidArgumentError...)."""

    __slots__ = ("_game", "_ptr", "_buf", "seed", "__weakref__")

    @classmethod
    def _wrap(cls, game, ptr, seed):
        s = cls.__new__(cls)
        s._game = game
        s._ptr = ptr
        s._buf = None
        s.seed = seed
        return s

    def _handle(self):
        if not self._ptr:
            raise ClosedError("the state was closed")
        if not self._game._ptr:
            raise ClosedError("the state's game was closed")
        return self._ptr

    def close(self):
        """Frees the C state now (any later call raises ClosedError)."""
        if self._ptr:
            lib.twl_state_free(self._ptr)  # possible after the game's close
        self._ptr = None

    def get_game(self):
        return self._game

    def current_player(self):
        """The seat to act (0 or 1), or TERMINAL (-4) when the game is over."""
        p = lib.twl_state_current_player(self._handle())
        return TERMINAL if p == -1 else p

    def is_terminal(self):
        return lib.twl_state_is_terminal(self._handle()) == 1

    def is_won(self):
        """Whether the finished game was won (the medal aimed for; the last gem)."""
        return lib.twl_state_is_won(self._handle()) == 1

    def move_number(self):
        return lib.twl_state_move_number(self._handle())

    def legal_actions(self, player=None):
        """The legal actions, ascending ([] when over, or for a seat not to act)."""
        h = self._handle()
        if player is not None and player != lib.twl_state_current_player(h):
            self._check_player(player)
            return []
        if self._buf is None:
            self._buf = (ctypes.c_int32 * 64)()
        n = lib.twl_state_legal_actions(h, self._buf, 64)
        if n < 0:
            raise_error(-n)
        return self._buf[:n]

    def legal_actions_mask(self, player=None):
        """An int8 array of num_distinct_actions: 1 for each legal action."""
        mask = np.zeros(self._game._num_actions, dtype=np.int8)
        if player is None or player == lib.twl_state_current_player(self._handle()):
            check(lib.twl_state_legal_mask(self._handle(), mask.ctypes.data, mask.size))
        else:
            self._check_player(player)
        return mask

    def apply_action(self, action):
        """Applies a legal action; IllegalActionError (with the engine's
        reason and the legal actions) leaves the state as it was."""
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool):
            raise _lib.InvalidArgumentError("an action is a whole number, not %r" % (action,))
        rc = lib.twl_state_apply(self._handle(), int(action))
        if rc:
            raise_error(rc)

    def returns(self):
        """Each seat's return: For Northwood! the stars won; the Duet the
        victory score (0 when lost), the same for both seats; 0 until the end."""
        n = self._game._num_players
        out = (ctypes.c_double * n)()
        check(lib.twl_state_returns(self._handle(), out, n))
        return list(out)

    def rewards(self):
        """The returns once the game is over, else zeros (one reward at the end)."""
        return self.returns()

    def clone(self):
        """A copy that shares nothing with this state."""
        ptr = ctypes.c_void_p()
        check(lib.twl_state_clone(self._handle(), ctypes.byref(ptr)))
        return State._wrap(self._game, ptr.value, self.seed)

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def action_to_string(self, player_or_action, action=None):
        """The record notation of an action ("respond 7E", "play 3R");
        OpenSpiel's action_to_string(player, action) form is taken too."""
        if action is None:
            action = player_or_action
        buf = ctypes.create_string_buffer(96)
        check(lib.twl_state_action_to_string(self._handle(), int(action), buf, 96))
        return buf.value.decode()

    def string_to_action(self, text, player=None):
        """The action a record notation names now."""
        out = ctypes.c_int()
        check(lib.twl_state_string_to_action(self._handle(), text.encode(), ctypes.byref(out)))
        return out.value

    def _check_player(self, player):
        if isinstance(player, bool) or not isinstance(player, (int, np.integer)) or \
                not 0 <= player < self._game._num_players:
            err = _lib.InvalidArgumentError("seat %r does not exist in %s (seats 0 to %d)" % (
                player, self._game.title, self._game._num_players - 1))
            err.code = 3
            raise err
        return int(player)

    def _default_player(self, player):
        if player is None:
            p = lib.twl_state_current_player(self._handle())
            return 0 if p < 0 else p
        return self._check_player(player)

    def view(self, player=None):
        """What a seat may see, as a dict (the web API's view: never a hidden card)."""
        return json.loads(self.information_state_string(player))

    def information_state_string(self, player=None):
        """What seat player may see, as JSON text (docs/web-api.md's view),
        the same for every state the seat cannot tell apart."""
        p = self._default_player(player)
        return text_of(lib.twl_state_view_json, self._handle(), p)

    observation_string = information_state_string

    def observation_tensor(self, player=None, out=None):
        """A float32 array of observation_tensor_size(), written from what
        seat player may see only (docs/python.md lists the fields)."""
        p = self._default_player(player)
        if out is None:
            out = np.empty(self._game._obs_size, dtype=np.float32)
        elif out.dtype != np.float32 or out.size != self._game._obs_size or not out.flags.c_contiguous:
            raise _lib.InvalidArgumentError("out must be a contiguous float32 array of %d" % self._game._obs_size)
        check(lib.twl_state_observation(self._handle(), p, out.ctypes.data, out.size))
        return out

    information_state_tensor = observation_tensor

    def resample_from_infostate(self, player=None, seed=None):
        """A state consistent with everything seat player has seen (the
        engine's determinize): the cards it cannot see dealt again from seed
        (never a suit the partner showed it lacks); the rest unchanged."""
        p = self._default_player(player)
        if seed is None:
            seed = _random.getrandbits(53)
        if callable(seed):  # OpenSpiel passes a function giving a number in [0, 1)
            seed = int(seed() * (1 << 53))
        check_seed(seed)
        ptr = ctypes.c_void_p()
        check(lib.twl_state_resample(self._handle(), p, seed, ctypes.byref(ptr)))
        return State._wrap(self._game, ptr.value, None)

    def result(self):
        """The result once over (dict, as in records), else None."""
        return json.loads(text_of(lib.twl_state_result_json, self._handle()))

    def record(self):
        """The game record as JSON text (Game.state_from_record rebuilds it)."""
        return text_of(lib.twl_state_record_json, self._handle())

    def check(self):
        """Raises TrickwoodError when the engine's invariants fail."""
        check(lib.twl_state_check(self._handle()))

    def history_str(self):
        return "%d actions" % self.move_number()

    def __str__(self):
        return self.information_state_string(self._default_player(None))

    def __repr__(self):
        return "<trickwood.State %s move %d%s>" % (self._game.key, self.move_number(),
                                                   " over" if self.is_terminal() else "")
