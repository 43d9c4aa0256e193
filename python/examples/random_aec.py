"""Random agents in every seat of the PettingZoo AEC environment: the loop any
multi-agent code writes, with the decision rate it gets.

    python python/examples/random_aec.py [GAMES] [SEED]
"""

import sys
import time

import numpy as np

import abyss


def main(games: int = 3, seed: int = 1) -> dict:
    env = abyss.aec_env(seed=seed, text=False)
    rng = np.random.default_rng(seed)
    wins = {a: 0 for a in abyss.FACTIONS}
    decisions, start = 0, time.perf_counter()
    for _ in range(games):
        env.reset()
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                wins[agent] += int(reward)
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(rng.choice(legal)))
            decisions += 1
    seconds = time.perf_counter() - start
    print(f"{games} games, {decisions} decisions in {seconds:.2f} s: {decisions / seconds:,.0f} decisions/s; wins {wins}")
    return {"games": games, "decisions": decisions, "wins": wins}


if __name__ == "__main__":
    main(*(int(x) for x in sys.argv[1:3]))
