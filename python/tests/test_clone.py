"""Copies are independent of their original, both ways."""
import copy
import random

import trickwood


def test_clone_independence(setup):
    name, options = setup
    game = trickwood.load_game(name, **options)
    state = game.new_initial_state(seed=6)
    rng = random.Random(8)
    for _ in range(10):
        state.apply_action(rng.choice(state.legal_actions()))
    snapshot = (state.information_state_string(0), state.move_number(), state.legal_actions())
    twin = state.clone()
    assert (twin.information_state_string(0), twin.move_number(), twin.legal_actions()) == snapshot
    while not twin.is_terminal():
        twin.apply_action(rng.choice(twin.legal_actions()))
    assert (state.information_state_string(0), state.move_number(), state.legal_actions()) == snapshot
    other = copy.deepcopy(state)
    state.apply_action(state.legal_actions()[-1])
    assert (other.information_state_string(0), other.move_number()) == snapshot[:2]
    state.close()
    assert other.legal_actions() == snapshot[2], "closing the original leaves the copy"
