"""Random play through Python beside the C loop, in one run
(docs/benchmarks.md, "Python"):

    make shared && /usr/bin/python3 python/bench.py [--seconds S] [--envs N]

For each game prints steps per second of:
  C loop        twl_vec_random_steps: random legal actions chosen and
                applied inside C (one Python call for the whole run)
  batched       VectorEnv.step over N games per call, the random legal
                actions picked in numpy from the masks, observations written
  batched-mask  the same without the observation tensors (masks only)
  one-step      State.legal_actions, random.choice, State.apply_action: one
                step per Python call
  gym-step      NorthwoodEnv / FoxDuetEnv step with its observation and mask
  one-step-fin  (--finish) one-step For Northwood! with the game's "finish"
                option on
and each one's share of the C loop's rate. One core; the figures vary
with the machine, the ratios less."""
import argparse
import os
import random
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trickwood  # noqa: E402


def timed(fn, seconds):
    """Runs fn(chunk) -> steps until seconds have passed; steps per second."""
    steps = 0
    start = time.perf_counter()
    while True:
        steps += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def c_loop(name, envs, seconds):
    vec = trickwood.VectorEnv(name, envs, seed=1)
    vec.reset()
    seed = [0]

    def chunk():
        seed[0] += 1
        vec.random_steps(200000, seed=seed[0])
        return 200000
    rate = timed(chunk, seconds)
    vec.close()
    return rate


def batched(name, envs, seconds, observe):
    vec = trickwood.VectorEnv(name, envs, seed=1)
    vec.reset()
    rng = np.random.default_rng(1)

    def chunk():
        for _ in range(20):
            vec.step(vec.random_actions(rng), observe=observe)
        return 20 * envs
    rate = timed(chunk, seconds)
    vec.close()
    return rate


def one_step(name, seconds, **options):
    game = trickwood.load_game(name, **options)
    rng = random.Random(1)
    state = [game.new_initial_state(seed=0), 0]

    def chunk():
        s = state[0]
        n = 0
        for _ in range(1000):
            if s.is_terminal():
                state[1] += 1
                s = state[0] = game.new_initial_state(seed=state[1])
            s.apply_action(rng.choice(s.legal_actions()))
            n += 1
        return n
    return timed(chunk, seconds)


def gym_step(name, seconds):
    rng = random.Random(1)
    if name == "northwood":
        env = trickwood.NorthwoodEnv()
        _, info = env.reset(seed=0)
        box = [info]

        def chunk():
            for _ in range(1000):
                _, _, term, trunc, info = env.step(rng.choice(box[0]["legal_actions"]))
                box[0] = env.reset()[1] if term or trunc else info
            return 1000
        return timed(chunk, seconds)
    env = trickwood.FoxDuetEnv()
    env.reset(seed=0)

    def chunk():
        n = 0
        while n < 1000:
            if not env.agents:
                env.reset()
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
            else:
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[int(rng.random() * len(legal))]))
            n += 1
        return n
    return timed(chunk, seconds)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="time per measurement (default 1)")
    ap.add_argument("--envs", type=int, default=256, help="games per batched call (default 256)")
    ap.add_argument("--finish", action="store_true",
                    help="also For Northwood! one step a call with finish on (a proof per decision)")
    args = ap.parse_args()
    print("trickwood %s, library %s, %d games per batched call, %.1f s each" % (
        trickwood.__version__, trickwood.LIBRARY_PATH, args.envs, args.seconds))
    print("%-10s %-13s %12s %9s" % ("game", "loop", "steps/s", "of C"))
    for name in ("northwood", "fox"):
        c = c_loop(name, args.envs, args.seconds)
        rows = [("C loop", c), ("batched", batched(name, args.envs, args.seconds, True)),
                ("batched-mask", batched(name, args.envs, args.seconds, False)),
                ("one-step", one_step(name, args.seconds)), ("gym-step", gym_step(name, args.seconds))]
        if args.finish and name == "northwood":
            rows.append(("one-step-fin", one_step(name, args.seconds, finish=True)))
        for label, rate in rows:
            print("%-10s %-13s %12.0f %8.1f%%" % (name, label, rate, 100.0 * rate / c))


if __name__ == "__main__":
    main()
