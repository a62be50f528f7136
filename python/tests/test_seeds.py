"""The same seed gives the same episode: twice in Python, and in C (the
example program examples/random_game.c, built against the library)."""
import os
import random
import subprocess

import numpy as np
import pytest

import trickwood
from conftest import TREE

EXAMPLE = os.path.join(TREE, "build", "examples", "random_game")


def episode(game, seed, bot="random"):
    """A game dealt from seed played by bot (seeded with seed too) in every
    seat: the (action, notation) pairs, the returns and whether it was won."""
    state = game.new_initial_state(seed=seed)
    player = trickwood.Bot(game, bot, seed)
    lines = []
    while not state.is_terminal():
        a = player.step(state)
        lines.append("%d %s" % (a, state.action_to_string(a)))
        state.apply_action(a)
    return lines, state.returns(), state.is_won()


def test_same_seed_same_episode_in_python(setup):
    name, options = setup
    game = trickwood.load_game(name, **options)
    for seed in (0, 7, (1 << 53) - 1):
        assert episode(game, seed) == episode(game, seed)
    assert episode(game, 1)[0] != episode(game, 2)[0]
    # the observations along a seeded episode are equal too
    a, b = game.new_initial_state(seed=3), game.new_initial_state(seed=3)
    rng = random.Random(1)
    while not a.is_terminal():
        assert np.array_equal(a.observation_tensor(), b.observation_tensor())
        act = rng.choice(a.legal_actions())
        a.apply_action(act)
        b.apply_action(act)


@pytest.mark.skipif(not os.path.exists(EXAMPLE), reason="make examples builds the C example")
@pytest.mark.parametrize("name,options,bot", [("northwood", "{}", "random"), ("northwood", '{"setup":"full"}', "greedy"),
                                              ("fox", '{"level":2}', "random"), ("fox", '{"level":3}', "rule")])
def test_same_seed_same_episode_in_c(name, options, bot):
    import json
    game = trickwood.load_game(name, **json.loads(options))
    env = dict(os.environ, TRICKWOOD_DATA=os.path.join(TREE, "data"))
    for seed in (1, 2, 99):
        out = subprocess.run([EXAMPLE, name, str(seed), bot, options], capture_output=True, text=True, env=env,
                             check=True).stdout.splitlines()
        lines, returns, won = episode(game, seed, bot)
        assert out[:-2] == lines
        assert out[-2] == "returns " + " ".join("%g" % r for r in returns)
        assert out[-1] == "won %d" % won
