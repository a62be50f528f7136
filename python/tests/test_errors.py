"""Bad input raises a Python exception with the engine's reason: never a
crash, never a silent wrong state."""
import random

import numpy as np
import pytest

import trickwood


def test_bad_games_and_options():
    with pytest.raises(trickwood.InvalidArgumentError, match="unknown game 'chess'"):
        trickwood.load_game("chess")
    with pytest.raises(trickwood.ParseError, match="option 'level' of fox: must be 1, 2 or 3"):
        trickwood.load_game("fox", level=4)
    with pytest.raises(trickwood.ParseError, match="setup"):
        trickwood.load_game("northwood", setup="expert")
    with pytest.raises(trickwood.ParseError, match="unknown member"):
        trickwood.load_game("northwood", colour="blue")
    with pytest.raises(trickwood.ParseError, match="board"):
        trickwood.load_game("fox", level=2, board="side-a.json")
    with pytest.raises(trickwood.InvalidArgumentError):
        trickwood.load_game(3)


@pytest.mark.parametrize("seed", [-1, 1 << 53, 1.5, "7", True])
def test_bad_seeds(seed):
    game = trickwood.load_game("fox")
    with pytest.raises(trickwood.InvalidArgumentError, match="seed"):
        game.new_initial_state(seed=seed)
    with pytest.raises(trickwood.InvalidArgumentError, match="seed"):
        game.new_initial_state(seed=1).resample_from_infostate(0, seed=seed)


def test_wrong_seat_and_action():
    fox = trickwood.load_game("fox")
    s = fox.new_initial_state(seed=2)
    for seat in (2, -1):
        with pytest.raises(trickwood.InvalidArgumentError, match="seat"):
            s.observation_tensor(seat)
        with pytest.raises(trickwood.InvalidArgumentError, match="seat"):
            s.information_state_string(seat)
        with pytest.raises(trickwood.InvalidArgumentError, match="seat"):
            s.resample_from_infostate(seat, seed=1)
    nw = trickwood.load_game("northwood").new_initial_state(seed=1)
    with pytest.raises(trickwood.InvalidArgumentError, match="seat 1 does not exist in For Northwood!"):
        nw.observation_tensor(1)
    for bad in ("play", None, 1.0, True):
        with pytest.raises(trickwood.InvalidArgumentError):
            s.apply_action(bad)
    with pytest.raises(trickwood.InvalidArgumentError):
        s.apply_action(-3)
    with pytest.raises(trickwood.ParseError, match="not an action"):
        s.string_to_action("dance")
    with pytest.raises(trickwood.InvalidArgumentError):
        s.observation_tensor(0, out=np.zeros(3, dtype=np.float32))


def test_game_over_and_closed_handles():
    game = trickwood.load_game("northwood")
    s = game.new_initial_state(seed=4)
    rng = random.Random(0)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    with pytest.raises(trickwood.GameOverError):
        s.apply_action(0)
    with pytest.raises(trickwood.GameOverError):
        trickwood.Bot(game, "random").step(s)
    t = game.new_initial_state(seed=4)
    t.close()
    with pytest.raises(trickwood.ClosedError):
        t.legal_actions()
    t.close()  # twice is fine
    other = trickwood.load_game("fox")
    u = other.new_initial_state(seed=1)
    bot = trickwood.Bot(other, "rule")
    vec = trickwood.VectorEnv(other, 2)
    vec.reset()
    other.close()
    with pytest.raises(trickwood.ClosedError):
        u.current_player()
    with pytest.raises(trickwood.ClosedError):
        bot.step(u)
    with pytest.raises(trickwood.ClosedError):
        vec.step([0, 0])
    u.close(), bot.close(), vec.close()  # freed after their game, without a crash
    with pytest.raises(trickwood.ClosedError):
        other.new_initial_state(seed=1)


def test_errors_carry_their_code():
    s = trickwood.load_game("fox").new_initial_state(seed=3)
    illegal = next(a for a in range(256) if a not in s.legal_actions())
    with pytest.raises(trickwood.TrickwoodError) as err:
        s.apply_action(illegal)
    assert err.value.code == 1 and isinstance(err.value, ValueError)


def test_missing_data_names_the_file():
    import os
    import subprocess
    import sys
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    code = ("import trickwood\ntry:\n    trickwood.load_game('northwood')\n"
            "except trickwood.TrickwoodError as e:\n    print(type(e).__name__, e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, TRICKWOOD_DATA="/nonexistent", PYTHONPATH=here)).stdout
    assert "TrickwoodError northwood cannot start" in out and "/nonexistent/characters.json" in out
