"""Resampling from an information state never contradicts what the seat
has seen: 10,000 samples over positions of both games (the Duet's with a
partner's void suit among them)."""
import random

import numpy as np

import trickwood


def positions(game, want_void, count):
    """States along random games; for the Duet, positions where a seat's
    partner has shown a void suit when want_void."""
    found = []
    rng = random.Random(4)
    seed = 0
    while len(found) < count:
        state = game.new_initial_state(seed=seed)
        seed += 1
        while not state.is_terminal() and len(found) < count:
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal() or rng.random() > 0.3:
                continue
            seat = state.current_player()
            if want_void:
                f = game.observation_fields_of(state.observation_tensor(seat))
                if not f["partner_void"].any():
                    continue
            found.append((state.clone(), seat))
    return found


def check_samples(game, state, seat, n):
    obs = state.observation_tensor(seat)
    view = state.information_state_string(seat)
    fields = game.observation_fields_of(obs)
    hidden = set()
    for k in range(n):
        sample = state.resample_from_infostate(seat, seed=k)
        sample.check()
        assert np.array_equal(sample.observation_tensor(seat), obs), "the seat's observation is unchanged"
        assert sample.legal_actions() == state.legal_actions()
        if game.key == "fox":
            partner = 1 - seat
            theirs = sample.view(partner)["hand"]
            voids = np.flatnonzero(fields["partner_void"])
            suits = "DRS"
            known = set(state.view(seat)["partner_known"])
            for card in theirs:
                if card not in known:
                    assert suits.index(card[-1]) not in voids, "no card of a suit the partner lacks"
            hidden.add(tuple(sorted(theirs)))
        if k < 20:
            assert sample.information_state_string(seat) == view
    return hidden


def test_resampling_agrees_with_the_observation():
    total = 0
    fox = trickwood.load_game("fox", level=3)
    varied = 0
    for state, seat in positions(fox, True, 25):
        hands = check_samples(fox, state, seat, 240)
        total += 240
        varied += len(hands) > 1
    assert varied > 0, "resampling deals the hidden cards differently"
    for state, seat in positions(fox, False, 5):
        check_samples(fox, state, seat, 200)
        total += 200
    nw = trickwood.load_game("northwood", setup="full")
    for state, seat in positions(nw, False, 15):
        check_samples(nw, state, seat, 200)
        total += 200
    assert total >= 10000


def test_northwood_resample_shuffles_the_unseen_deck():
    game = trickwood.load_game("northwood")
    state = game.new_initial_state(seed=8)
    hands = set()
    for k in range(30):
        sample = state.resample_from_infostate(0, seed=k)
        # the same actions from each sample draw its own unseen cards
        while not sample.is_terminal() and sample.move_number() < 12:
            sample.apply_action(sample.legal_actions()[0])
        hands.add(tuple(sample.view(0)["hand"]))
    assert len(hands) > 1
