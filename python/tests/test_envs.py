"""The environments follow the conventions of Gymnasium (single agent) and
PettingZoo's AEC API (two agents), as their documentation states them:
seeding gives identical episodes, masks match the legal actions, rewards
and terminal states, copies independent; and the batched VectorEnv."""
import random

import numpy as np
import pytest

import trickwood


def gym_episode(env, seed, pick_seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(pick_seed)
    trace = [obs.copy()]
    total = 0.0
    steps = 0
    while True:
        assert env.observation_space.contains(obs)
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (env.action_space.n,)
        assert list(np.flatnonzero(mask)) == env.state.legal_actions() == info["legal_actions"]
        action = int(rng.choice(np.flatnonzero(mask)))
        assert env.action_space.contains(action)
        obs, reward, terminated, truncated, info = env.step(action)
        assert isinstance(reward, float) and isinstance(terminated, bool) and isinstance(truncated, bool)
        trace.append(obs.copy())
        total += reward
        steps += 1
        if terminated or truncated:
            return trace, total, terminated, truncated, info, steps
        assert reward == 0.0, "the reward comes at the end"


@pytest.mark.parametrize("options", [{}, {"setup": "full", "medal": "gold"}, {"reward": "win"}])
def test_gym_conventions(options):
    env = trickwood.NorthwoodEnv(**options)
    assert env.unwrapped is env
    a = gym_episode(env, 5, 1)
    b = gym_episode(env, 5, 1)
    assert all(np.array_equal(x, y) for x, y in zip(a[0], b[0])) and a[1:4] == b[1:4], "same seed, same episode"
    assert a[2] and not a[3]
    assert not a[4]["action_mask"].any(), "nothing is legal once terminated"
    if options.get("reward") == "win":
        assert a[1] == float(env.state.is_won())
    else:
        assert a[1] == env.state.returns()[0] == env.state.result()["stars"]
    c = gym_episode(env, 6, 1)
    assert any(not np.array_equal(x, y) for x, y in zip(a[0], c[0])), "another seed, another deal"
    # reset without a seed goes on from the environment's generator
    obs1, _ = env.reset()
    obs2, _ = env.reset()
    assert env.observation_space.contains(obs1) and env.observation_space.contains(obs2)


def test_gym_truncation_and_errors():
    env = trickwood.NorthwoodEnv(max_steps=3)
    with pytest.raises(trickwood.PhaseError):
        env.step(0)
    _, info = env.reset(seed=1)
    for i in range(3):
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert truncated and not terminated
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state.information_state_string()
    with pytest.raises(trickwood.IllegalActionError):
        env.step(illegal)
    assert env.state.information_state_string() == before
    assert env.action_masks().tolist() == info["action_mask"].tolist()
    with pytest.raises(trickwood.InvalidArgumentError):
        trickwood.NorthwoodEnv(reward="gems")


def aec_episode(env, seed, pick_seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(pick_seed)
    trace = []
    left = []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        assert agent == env.agent_selection
        assert set(observation) == {"observation", "action_mask"}
        assert env.observation_space(agent)["observation"].contains(observation["observation"])
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        seat = env.possible_agents.index(agent)
        other = env.possible_agents[1 - seat]
        if termination or truncation:
            assert not observation["action_mask"].any()
            trace.append(("end", agent, reward))
            env.step(None)
            left.append(agent)
            continue
        assert env.state.current_player() == seat
        assert list(np.flatnonzero(observation["action_mask"])) == env.state.legal_actions()
        if other in env.agents:
            assert not env.infos[other]["action_mask"].any(), "only the agent to act has legal actions"
        assert reward == 0.0
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        trace.append((agent, action, observation["observation"].tobytes()))
        env.step(action)
    assert left and set(left) == set(env.possible_agents) and env.agents == []
    return trace


@pytest.mark.parametrize("options", [{"level": 1}, {"level": 3, "dealer": 1}, {"level": 2, "reward": "win"}])
def test_pettingzoo_aec_conventions(options):
    env = trickwood.FoxDuetEnv(**options)
    assert env.unwrapped is env and env.metadata["is_parallelizable"] is False
    a = aec_episode(env, 3, 2)
    assert a == aec_episode(env, 3, 2), "same seed, same episode"
    assert a != aec_episode(env, 4, 2)
    ends = [t for t in a if t[0] == "end"]
    assert len(ends) == 2 and ends[0][2] == ends[1][2], "both agents get the team's reward"
    # the last reward is the victory score (or the win), given once
    env2 = trickwood.FoxDuetEnv(**options)
    env2.reset(seed=3)
    state = None
    for agent in env2.agent_iter():
        obs, reward, term, trunc, info = env2.last()
        if term:
            state = env2.state
            expect = float(state.is_won()) if options.get("reward") == "win" else state.returns()[0]
            assert reward == expect
            env2.step(None)
        else:
            env2.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert state is not None


def test_pettingzoo_dead_and_live_steps():
    env = trickwood.FoxDuetEnv()
    env.reset(seed=1)
    with pytest.raises(trickwood.InvalidArgumentError):
        env.step(None)
    with pytest.raises(trickwood.IllegalActionError):
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"] == 0)[0]))
    copy = env.state.clone()
    while not env.terminations[env.agent_selection]:
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    with pytest.raises(trickwood.InvalidArgumentError):
        env.step(0)
    assert not copy.is_terminal(), "a copy of the state is not stepped with the environment"


def test_vector_env_masks_rewards_and_autoreset():
    for name in ("northwood", "fox"):
        vec = trickwood.VectorEnv(name, 16, seed=100)
        obs, info = vec.reset()
        game = vec.game
        rng = np.random.default_rng(0)
        finished = 0
        for _ in range(400):
            for i in range(vec.num_envs):
                state = trickwood.State._wrap(game, trickwood._c.twl_vec_state(vec._vec, i), None)
                try:
                    assert list(np.flatnonzero(info["action_mask"][i])) == state.legal_actions()
                    assert np.array_equal(obs[i], state.observation_tensor(int(info["current_player"][i])))
                finally:
                    state._ptr = None  # owned by the vector
            actions = vec.random_actions(rng)
            obs, rewards, terminated, truncated, info = vec.step(actions)
            finished += int(terminated.sum())
            assert not rewards[~terminated].any()
        assert finished > 0
        with pytest.raises(trickwood.IllegalActionError):
            vec.step(np.argmin(vec.masks, axis=1))
        assert vec.random_steps(1000, seed=1) > 0
        vec.close()


def test_vector_env_first_deal_is_the_games():
    vec = trickwood.VectorEnv("fox", 4, seed=10, level=2)
    obs, info = vec.reset()
    game = trickwood.load_game("fox", level=2)
    for i in range(4):
        s = game.new_initial_state(seed=10 + i)
        assert np.array_equal(obs[i], s.observation_tensor(s.current_player()))


def test_registration_only_with_gymnasium():
    try:
        import gymnasium  # noqa: F401
    except ImportError:
        assert trickwood.register() == []
    else:  # pragma: no cover
        assert "Trickwood/Northwood-v0" in trickwood.register()
