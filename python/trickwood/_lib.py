"""Finds and loads libtrickwood.so.1 with ctypes, declares the C API of
include/trickwood/libtrickwood.h, and turns its error codes into Python
exceptions carrying the engine's reason.

The library is looked for at $TRICKWOOD_LIB, then where `make install` put
it (_installed.py), then in the source tree this package sits in
(build/shared/), then by the dynamic loader (libtrickwood.so.1). The data
folder likewise: $TRICKWOOD_DATA, the installed one, the tree's data/.
"""
import ctypes
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_TREE = os.path.dirname(os.path.dirname(_HERE))


class TrickwoodError(Exception):
    """A call into the engine failed; the message is the engine's reason."""

    code = None


class IllegalActionError(TrickwoodError, ValueError):
    """The action is not legal now (the state is as it was)."""


class PhaseError(TrickwoodError, ValueError):
    """The call does not apply at this point of the game."""


class InvalidArgumentError(TrickwoodError, ValueError):
    """A seat, an action number, a seed, a handle... out of range."""


class ParseError(TrickwoodError, ValueError):
    """A bad option, record or action text."""


class GameOverError(TrickwoodError):
    """The game is over: nothing more applies."""


class ClosedError(TrickwoodError):
    """The object was closed (its C handle freed)."""


_ERRORS = {1: IllegalActionError, 2: PhaseError, 3: InvalidArgumentError, 5: ParseError, 8: GameOverError}


def _installed():
    try:
        from . import _installed as inst  # written by make install
        return inst
    except ImportError:
        return None


def _find_library():
    env = os.environ.get("TRICKWOOD_LIB")
    if env:
        return env
    inst = _installed()
    if inst and os.path.exists(inst.LIBRARY):
        return inst.LIBRARY
    tree = os.path.join(_TREE, "build", "shared", "libtrickwood.so.1")
    if os.path.exists(tree):
        return tree
    return "libtrickwood.so.1"


def _set_data_dir():
    if os.environ.get("TRICKWOOD_DATA"):
        return
    inst = _installed()
    for candidate in ([inst.DATA] if inst else []) + [os.path.join(_TREE, "data")]:
        if os.path.exists(os.path.join(candidate, "characters.json")):
            os.environ["TRICKWOOD_DATA"] = candidate  # read by the library's tw_data_dir
            return


_set_data_dir()
LIBRARY_PATH = _find_library()
try:
    lib = ctypes.CDLL(LIBRARY_PATH)
except OSError as err:
    raise ImportError(
        "trickwood: cannot load the shared library %s (%s); build it with `make shared` "
        "or install it with `make install`, or set TRICKWOOD_LIB" % (LIBRARY_PATH, err)) from None

_P = ctypes.c_void_p
_I = ctypes.c_int
_S = ctypes.c_char_p
_U64 = ctypes.c_uint64
_SZ = ctypes.c_size_t
_PP = ctypes.POINTER(ctypes.c_void_p)
_PI = ctypes.POINTER(ctypes.c_int)

_PROTOTYPES = {
    "twl_version": (_I, []),
    "twl_last_error": (_S, []),
    "twl_error_name": (_S, [_I]),
    "twl_data_dir": (_S, []),
    "twl_game_count": (_I, []),
    "twl_game_key_at": (_S, [_I]),
    "twl_game_new": (_I, [_S, _S, _PP]),
    "twl_game_free": (None, [_P]),
    "twl_game_key": (_S, [_P]),
    "twl_game_title": (_S, [_P]),
    "twl_game_options": (_S, [_P]),
    "twl_game_num_players": (_I, [_P]),
    "twl_game_num_actions": (_I, [_P]),
    "twl_game_observation_size": (_I, [_P]),
    "twl_game_observation_field": (_I, [_P, _I, ctypes.POINTER(_S), _PI, _PI]),
    "twl_game_bot_name": (_S, [_P, _I]),
    "twl_state_new": (_I, [_P, _U64, _PP]),
    "twl_state_from_record": (_I, [_P, _S, _PP]),
    "twl_state_clone": (_I, [_P, _PP]),
    "twl_state_free": (None, [_P]),
    "twl_state_current_player": (_I, [_P]),
    "twl_state_is_terminal": (_I, [_P]),
    "twl_state_move_number": (_I, [_P]),
    "twl_state_legal_actions": (_I, [_P, _P, _I]),
    "twl_state_legal_mask": (_I, [_P, _P, _I]),
    "twl_state_apply": (_I, [_P, _I]),
    "twl_state_returns": (_I, [_P, _P, _I]),
    "twl_state_is_won": (_I, [_P]),
    "twl_state_action_to_string": (_I, [_P, _I, _P, _SZ]),
    "twl_state_string_to_action": (_I, [_P, _S, _PI]),
    "twl_state_view_json": (_I, [_P, _I, _P, _SZ]),
    "twl_state_result_json": (_I, [_P, _P, _SZ]),
    "twl_state_record_json": (_I, [_P, _P, _SZ]),
    "twl_state_observation": (_I, [_P, _I, _P, _I]),
    "twl_state_resample": (_I, [_P, _I, _U64, _PP]),
    "twl_state_check": (_I, [_P]),
    "twl_bot_new": (_I, [_P, _S, _U64, _PP]),
    "twl_bot_free": (None, [_P]),
    "twl_bot_choose": (_I, [_P, _P, _PI]),
    "twl_bot_play": (_I, [_P, _P, _I, _PI]),
    "twl_state_estimate": (_I, [_P, _I, _I, _P, _P, _P, _I, _P]),
    "twl_state_hint_json": (_I, [_P, _P, _SZ]),
    "twl_state_solve_visit": (_I, [_P, _PI, _P, _I]),
    "twl_vec_new": (_I, [_P, _I, _U64, _PP]),
    "twl_vec_free": (None, [_P]),
    "twl_vec_size": (_I, [_P]),
    "twl_vec_state": (_P, [_P, _I]),
    "twl_vec_observe": (_I, [_P, _P, _P, _P]),
    "twl_vec_legal": (_I, [_P, _P, _P]),
    "twl_vec_step": (_I, [_P, _P, _P, _P, _P, _P, _P]),
    "twl_vec_random_steps": (_I, [_P, ctypes.c_int64, _U64, ctypes.POINTER(ctypes.c_int64)]),
}
for _name, (_res, _args) in _PROTOTYPES.items():
    _fn = getattr(lib, _name)
    _fn.restype = _res
    _fn.argtypes = _args


class Handle:
    """An object over a C handle: close() frees it, and so does the
    garbage collector (quietly while the interpreter shuts down)."""

    __slots__ = ()

    def close(self):
        raise NotImplementedError

    def __del__(self):
        try:
            self.close()
        except Exception:  # the interpreter is shutting down
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def raise_error(code):
    """Raises the exception of a C error code with the library's reason."""
    cls = _ERRORS.get(code, TrickwoodError)
    reason = lib.twl_last_error().decode("utf-8", "replace")
    err = cls(reason or lib.twl_error_name(code).decode())
    err.code = code
    raise err


def check(code):
    """Raises when code is an error; returns it otherwise."""
    if code != 0:
        raise_error(code)
    return code


def text_of(fn, *args):
    """Calls an snprintf-style text function of the API and returns the text."""
    size = 4096
    while True:
        buf = ctypes.create_string_buffer(size)
        n = fn(*args, buf, size)
        if n < 0:
            raise_error(-n)
        if n < size:
            return buf.value.decode("utf-8")
        size = n + 1


def check_seed(seed):
    """A seed as the engine takes it (0 to 2^53 - 1), or ValueError."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= (1 << 53) - 1:
        err = InvalidArgumentError("seed %r is out of range: a whole number from 0 to 2^53-1" % (seed,))
        err.code = 3
        raise err
    return seed
