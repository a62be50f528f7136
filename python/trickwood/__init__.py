"""Trickwood for Python: For Northwood! and The Fox in the Forest Duet over
the shared library libtrickwood.so.1 (docs/python.md).

    import trickwood
    game = trickwood.load_game("northwood", setup="full", medal="silver")
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())
"""
from ._lib import (LIBRARY_PATH, ClosedError, GameOverError, IllegalActionError, InvalidArgumentError,
                   ParseError, PhaseError, TrickwoodError, lib as _c)
from .bots import Bot, bot_action, estimate, hint, solve_visit
from .core import TERMINAL, Game, State, game_names, load_game
from .envs import FoxDuetEnv, NorthwoodEnv, VectorEnv, register

__all__ = ["load_game", "game_names", "Game", "State", "TERMINAL", "Bot", "bot_action", "estimate", "hint",
           "solve_visit", "NorthwoodEnv", "FoxDuetEnv", "VectorEnv", "register", "TrickwoodError",
           "IllegalActionError", "PhaseError", "InvalidArgumentError", "ParseError", "GameOverError",
           "ClosedError", "LIBRARY_PATH", "api_version", "data_dir"]

__version__ = "1.0.0"


def api_version():
    """The C API's version (major * 100 + minor)."""
    return _c.twl_version()


def data_dir():
    """The folder the library reads characters and boards from."""
    return _c.twl_data_dir().decode()


register()
