"""For Northwood!'s variants through the Python package: the options, the
observation fields (the hidden stars stay out of the tensor until the
end), the goal behind is_won and the environment's "win" reward."""
import random

import numpy as np
import pytest

import trickwood

OUTER = (0, 1, 6, 7)


def friendly_fiefs(fields):
    """The fiefs whose status is friendly (one-hot: neutral, friendly, lost)."""
    status = fields["fief_status"].reshape(8, 3)
    return {f for f in range(8) if status[f][1] == 1}


def play_out(game, seed, rng):
    """Plays a game at random; checks the stars stay hidden at every step
    before the end. Returns the final state."""
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        fields = game.observation_fields_of(state.observation_tensor(0))
        assert not fields["star_fiefs"].any(), "no star is told before the end"
        assert state.view(0).get("star_fiefs") is None, "nor in the view"
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_base_game_says_medals():
    game = trickwood.load_game("northwood")
    fields = game.observation_fields_of(game.new_initial_state(seed=1).observation_tensor(0))
    assert list(fields["variant"]) == [1, 0]
    assert fields["expert"][0] == 0


@pytest.mark.parametrize("expert", [False, True])
def test_hidden_stars_are_told_at_the_end_and_decide_the_win(expert):
    game = trickwood.load_game("northwood", variant="hidden-stars", expert=expert)
    rng = random.Random(12)
    won = 0
    for seed in range(60):
        state = play_out(game, seed, rng)
        fields = game.observation_fields_of(state.observation_tensor(0))
        assert list(fields["variant"]) == [0, 1]
        assert fields["expert"][0] == (1 if expert else 0)
        stars = set(np.flatnonzero(fields["star_fiefs"]))
        assert len(stars) == 3
        friendly = friendly_fiefs(fields)
        goal = stars <= friendly and (not expert or set(OUTER) <= friendly)
        assert state.is_won() == goal
        won += goal
    assert won < 60


def test_the_expert_rule_with_medals_needs_the_outer_fiefs():
    game = trickwood.load_game("northwood", medal="bronze", expert=True)
    rng = random.Random(5)
    for seed in range(40):
        state = play_out(game, seed, rng)
        fields = game.observation_fields_of(state.observation_tensor(0))
        friendly = friendly_fiefs(fields)
        bronze = state.returns()[0] >= 16
        assert state.is_won() == (bronze and set(OUTER) <= friendly)


def test_the_environment_rewards_the_variants_goal():
    env = trickwood.NorthwoodEnv(variant="hidden-stars", reward="win")
    rng = random.Random(3)
    obs, info = env.reset(seed=21)
    done = False
    while not done:
        obs, reward, done, truncated, info = env.step(rng.choice(info["legal_actions"]))
    assert reward == float(env.state.is_won())
    assert env.game.observation_fields_of(obs)["star_fiefs"].sum() == 3


def test_bad_variant_options():
    with pytest.raises(trickwood.ParseError, match="variant"):
        trickwood.load_game("northwood", variant="stars")
    with pytest.raises(trickwood.ParseError, match="expert"):
        trickwood.load_game("northwood", expert="yes")
