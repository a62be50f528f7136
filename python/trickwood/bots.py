"""The engines' bots, the hints' estimator and For Northwood!'s exact
solver, called on a State (docs/python.md, "Bots")."""
import ctypes
import json

from . import _lib
from ._lib import ClosedError, Handle, check, check_seed, lib, raise_error, text_of


class Bot(Handle):
    """A bot of a game by name (game.bot_names: For Northwood! strong,
    greedy, random, clairvoyant, hint, solve, solve-light; the Duet strong, rule, random,
    open-hands, hint), its own random choices from seed. Held across
    decisions, so a searching bot keeps what it learnt. The clairvoyant
    and open-hands bots see every card by design (bounds for study); the
    others decide from the acting seat's view only."""

    def __init__(self, game, name, seed=0):
        check_seed(seed)
        if not isinstance(name, str):
            raise _lib.InvalidArgumentError("a bot's name is a text (%s)" % ", ".join(game.bot_names))
        ptr = ctypes.c_void_p()
        check(lib.twl_bot_new(game._handle(), name.encode(), seed, ctypes.byref(ptr)))
        self._ptr = ptr.value
        self._game = game
        self.name = name

    def step(self, state):
        """The bot's action for the seat to act in state."""
        if not self._ptr:
            raise ClosedError("the bot was closed")
        self._game._handle()  # raises when the game was closed
        out = ctypes.c_int()
        check(lib.twl_bot_choose(self._ptr, state._handle(), ctypes.byref(out)))
        return out.value

    __call__ = step

    def play(self, state, max_actions=None):
        """Plays this bot in every seat from state on (in place) until the
        game is over or max_actions were applied, in C: a rollout. Returns
        the actions applied."""
        if not self._ptr:
            raise ClosedError("the bot was closed")
        self._game._handle()  # raises when the game was closed
        applied = ctypes.c_int()
        check(lib.twl_bot_play(self._ptr, state._handle(), -1 if max_actions is None else int(max_actions),
                               ctypes.byref(applied)))
        return applied.value

    def close(self):
        if getattr(self, "_ptr", None):
            lib.twl_bot_free(self._ptr)  # possible after the game's close
        self._ptr = None


def bot_action(state, name, seed=0):
    """One action from a bot made for this decision only."""
    bot = Bot(state.get_game(), name, seed)
    try:
        return bot.step(state)
    finally:
        bot.close()


def estimate(state, samples=None, played=None):
    """The hints' estimator from the acting seat's view: {"best": action,
    "chances": {action: (p, margin)}} where p is the chance of the game's
    analysed outcome after the action (For Northwood!: hitting the visited
    fief's target, every legal action; the Duet: winning, for played and
    the best only). {} when the decision is not judged (one option)."""
    n = 64
    acts = (ctypes.c_int32 * n)()
    p = (ctypes.c_double * n)()
    margin = (ctypes.c_double * n)()
    best = ctypes.c_int32(-1)
    k = lib.twl_state_estimate(state._handle(), int(samples or 0), -1 if played is None else int(played),
                               acts, p, margin, n, ctypes.byref(best))
    if k < 0:
        raise_error(-k)
    if k == 0:
        return {}
    chances = {acts[i]: (p[i], margin[i]) for i in range(k) if p[i] >= 0}
    return {"best": best.value, "chances": chances}


def hint(state):
    """The hint for the acting seat (dict: "action" in the record
    notation, the game's chances, "samples")."""
    return json.loads(text_of(lib.twl_state_hint_json, state._handle()))


def solve_visit(state):
    """For Northwood!'s exact solver on the true state (every card known,
    deck order included: a bound, not a player's view): (reachable,
    {action: still reachable after it}) for the visit under way.
    InvalidArgumentError in the Duet, PhaseError between visits."""
    n = 64
    ok = (ctypes.c_uint8 * n)()
    reachable = ctypes.c_int()
    legal = state.legal_actions()
    check(lib.twl_state_solve_visit(state._handle(), ctypes.byref(reachable), ok, n))
    return bool(reachable.value), {a: bool(ok[i]) for i, a in enumerate(legal)}
