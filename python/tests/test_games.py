"""Full random episodes of both games, every setup, with invariants."""
import random

import numpy as np
import pytest

import trickwood


def play_random(state, rng, check_every=1):
    """Plays a whole game with uniformly random legal actions, checking the
    invariants after each; returns the actions."""
    game = state.get_game()
    actions = []
    while not state.is_terminal():
        player = state.current_player()
        assert 0 <= player < game.num_players()
        legal = state.legal_actions()
        assert legal, "a game that is not over has legal actions"
        assert legal == sorted(set(legal))
        mask = state.legal_actions_mask()
        assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions(),)
        assert list(np.flatnonzero(mask)) == legal
        assert state.returns() == [0.0] * game.num_players()
        a = rng.choice(legal)
        before = state.move_number()
        state.apply_action(a)
        assert state.move_number() == before + 1
        actions.append(a)
        if len(actions) % check_every == 0:
            state.check()
    assert state.current_player() == trickwood.TERMINAL
    assert state.legal_actions() == []
    assert not state.legal_actions_mask().any()
    return actions


def test_random_episodes(setup):
    name, options = setup
    game = trickwood.load_game(name, **options)
    rng = random.Random(11)
    for seed in range(6 if options.get("finish") else 20):
        state = game.new_initial_state(seed=seed)
        play_random(state, rng, check_every=1 if seed < 3 else 7)
        result = state.result()
        returns = state.returns()
        if name == "northwood":
            assert returns == [float(result["stars"])]
            assert state.is_won() == result["won"]
        else:
            assert returns[0] == returns[1] == float(result["score"])
            assert state.is_won() == result["won"] and (result["score"] > 0) == result["won"]


def test_observation_tensor_fields(setup):
    name, options = setup
    game = trickwood.load_game(name, **options)
    size = game.observation_tensor_size()
    offsets = sorted(game.observation_fields.values())
    assert offsets[0][0] == 0 and sum(s for _, s in offsets) == size
    for (o1, s1), (o2, _) in zip(offsets, offsets[1:]):
        assert o1 + s1 == o2, "fields follow each other without gap"
    state = game.new_initial_state(seed=4)
    rng = random.Random(2)
    for _ in range(30):
        if state.is_terminal():
            break
        for seat in range(game.num_players()):
            t = state.observation_tensor(seat)
            assert t.shape == (size,) and t.dtype == np.float32
            f = game.observation_fields_of(t)
            view = state.view(seat)
            assert int(f["hand"].sum()) == len(view["hand"])
            if name == "fox":
                assert f["counts"][6] == len(view["hand"]) and f["counts"][7] == view["partner_hand_count"]
                assert f["seat_flags"][0] == (view["to_act"] == seat)
            else:
                assert f["counts"][4] == len(view["hand"])
            # every card is in exactly one of the seat's zones
            zones = ["hand", "discard", "score_pile", "deck_known", "unseen"] if name == "northwood" else \
                ["hand", "partner_known", "unseen", "played_this_round", "decree", "trick_led", "trick_followed"]
            total = sum(f[z] for z in zones)
            assert np.all(total == 1), total
        state.apply_action(rng.choice(state.legal_actions()))


def test_illegal_action_leaves_state(setup):
    name, options = setup
    game = trickwood.load_game(name, **options)
    state = game.new_initial_state(seed=9)
    legal = state.legal_actions()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    before = state.information_state_string(0), state.move_number()
    with pytest.raises(trickwood.IllegalActionError) as err:
        state.apply_action(illegal)
    assert "legal now" in str(err.value)
    assert (state.information_state_string(0), state.move_number()) == before
    with pytest.raises(trickwood.InvalidArgumentError):
        state.apply_action(game.num_distinct_actions())


def test_action_strings_round_trip(setup):
    name, options = setup
    game = trickwood.load_game(name, **options)
    state = game.new_initial_state(seed=5)
    rng = random.Random(3)
    while not state.is_terminal():
        for a in state.legal_actions():
            assert state.string_to_action(state.action_to_string(a)) == a
        state.apply_action(rng.choice(state.legal_actions()))


def test_record_rebuilds_the_state():
    for name in ("northwood", "fox"):
        game = trickwood.load_game(name)
        state = game.new_initial_state(seed=21)
        rng = random.Random(5)
        for _ in range(25):
            state.apply_action(rng.choice(state.legal_actions()))
        again = game.state_from_record(state.record())
        assert again.information_state_string(0) == state.information_state_string(0)
        assert again.legal_actions() == state.legal_actions()
