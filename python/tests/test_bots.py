"""Every bot of both games from Python, the hints' estimator, the hint and
For Northwood!'s exact solver."""
import random
import time

import pytest

import trickwood


def midgame(game, seed, steps):
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", ["northwood", "fox"])
def test_every_bot_plays_legal_actions(name):
    game = trickwood.load_game(name)
    assert set(game.bot_names) >= ({"random", "greedy", "strong", "clairvoyant", "solve", "solve-light"} if name == "northwood"
                                   else {"random", "rule", "strong", "open-hands"})
    for bot_name in game.bot_names:
        bot = trickwood.Bot(game, bot_name, seed=3)
        start = time.time()
        for seed in range(3):
            state = midgame(game, seed, 6)
            moves = 0
            while not state.is_terminal() and moves < 6 and time.time() - start < 8:
                a = bot.step(state)
                assert a in state.legal_actions(), (bot_name, a)
                state.apply_action(a)
                moves += 1
        bot.close()


def test_cheap_bots_finish_games_and_beat_random():
    game = trickwood.load_game("northwood")
    stars = {}
    for bot_name in ("random", "greedy", "clairvoyant"):
        total = 0
        for seed in range(12):
            state = game.new_initial_state(seed=seed)
            bot = trickwood.Bot(game, bot_name, seed)
            while not state.is_terminal():
                state.apply_action(bot.step(state))
            total += state.returns()[0]
        stars[bot_name] = total
    assert stars["clairvoyant"] >= stars["greedy"] > stars["random"]
    fox = trickwood.load_game("fox")
    won = {}
    for bot_name in ("random", "rule"):
        won[bot_name] = 0
        for seed in range(12):
            state = fox.new_initial_state(seed=seed)
            bot = trickwood.Bot(fox, bot_name, seed)
            while not state.is_terminal():
                state.apply_action(bot.step(state))
            won[bot_name] += state.returns()[0]
    assert won["rule"] > won["random"]


def test_bot_action_and_wrong_game():
    nw, fox = trickwood.load_game("northwood"), trickwood.load_game("fox")
    s = nw.new_initial_state(seed=1)
    assert trickwood.bot_action(s, "greedy", 2) in s.legal_actions()
    bot = trickwood.Bot(fox, "rule")
    with pytest.raises(trickwood.InvalidArgumentError, match="the state is of For Northwood!"):
        bot.step(s)
    with pytest.raises(trickwood.InvalidArgumentError, match="no bot 'rule'"):
        trickwood.Bot(nw, "rule")


def test_estimator_northwood():
    game = trickwood.load_game("northwood")
    state = midgame(game, 2, 0)
    est = trickwood.estimate(state, samples=4)
    legal = state.legal_actions()
    assert est["best"] in legal
    assert set(est["chances"]) <= set(legal) and est["chances"]
    for p, margin in est["chances"].values():
        assert 0.0 <= p <= 1.0 and margin >= 0.0
    assert trickwood.estimate(state, samples=4) == est, "the estimator seeds itself from the view"


def test_estimator_fox_and_hint():
    game = trickwood.load_game("fox")
    state = midgame(game, 1, 3)
    played = state.legal_actions()[0]
    est = trickwood.estimate(state, samples=2, played=played)
    if est:
        assert est["best"] in state.legal_actions()
        assert played in est["chances"] and est["best"] in est["chances"]
    hint = trickwood.hint(trickwood.load_game("northwood").new_initial_state(seed=1))
    assert "action" in hint


def test_solver_answers_for_a_visit():
    game = trickwood.load_game("northwood")
    checked = 0
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        with pytest.raises(trickwood.PhaseError):
            trickwood.solve_visit(state)  # no visit yet
        state.apply_action(state.legal_actions()[0])  # visit a fief
        rng = random.Random(seed)
        while not state.is_terminal() and state.view()["visiting"] is not None:
            reachable, after = trickwood.solve_visit(state)
            assert set(after) == set(state.legal_actions())
            assert reachable == any(after.values()), "reachable now when some action keeps it reachable"
            checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 10
    with pytest.raises(trickwood.InvalidArgumentError, match="For Northwood!'s"):
        trickwood.solve_visit(trickwood.load_game("fox").new_initial_state(seed=1))
