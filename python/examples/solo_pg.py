"""A learning seat on SoloEnv: a masked softmax policy trained by REINFORCE, in NumPy
alone (no torch). The policy starts uniform over the legal actions, so its first block of
games is the random seat's baseline; the printed curve shows what a few minutes of
learning add.

    python python/examples/solo_pg.py [--faction auc] [--others random] [--minutes 3]

Policy: logits = b + W @ features(observation), over the legal actions only; features are
the observation scaled to about [0, 1]. Reward: the seat's final victory margin / 10
(denser than win/lose); the curve reports both the win rate and the mean margin.
"""

import argparse
import time

import numpy as np

import abyss


def features(obs: np.ndarray) -> np.ndarray:
    # Counts are raw (Resources up to 99): a fixed scale keeps the steps even.
    return np.clip(obs, -2.0, 255.0) / 20.0


class Policy:
    def __init__(self, actions: int, size: int, rng):
        self.b = np.zeros(actions)
        self.W = np.zeros((actions, size))
        self.rng = rng

    def act(self, x, legal):
        z = self.b[legal] + self.W[legal] @ x
        p = np.exp(z - z.max())
        p /= p.sum()
        i = self.rng.choice(len(legal), p=p)
        return legal[i], p, i

    def update(self, steps, advantage, lr_b, lr_w):
        # grad of log p(a) = onehot(a) - p, over the legal actions of each step.
        for x, legal, p, i in steps:
            g = -p * advantage
            g[i] += advantage
            self.b[legal] += lr_b * g
            self.W[legal] += lr_w * np.outer(g, x)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--faction", default="auc")
    ap.add_argument("--others", default="random")
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--block", type=int, default=100, help="games per point of the curve")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--max-games", type=int, default=None)
    a = ap.parse_args(argv)
    env = abyss.SoloEnv(a.faction, others=a.others, reward="margin", seed=a.seed)
    rng = np.random.default_rng(a.seed)
    pol = Policy(abyss.ACTIONS, abyss.OBSERVATION, rng)
    baseline, curve = None, []
    wins, margins, games = [], [], 0
    start = time.perf_counter()
    print(f"REINFORCE on SoloEnv({a.faction!r}, others={a.others!r}); each point: {a.block} games")
    print(f"{'games':>6} {'minutes':>7} {'win rate':>8} {'margin':>7}")
    while time.perf_counter() - start < 60 * a.minutes and (a.max_games is None or games < a.max_games):
        obs, info = env.reset()
        steps, done = [], False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            x = features(obs)
            action, p, i = pol.act(x, legal)
            steps.append((x, legal, p, i))
            obs, reward, done, _, info = env.step(int(action))
        baseline = reward if baseline is None else 0.95 * baseline + 0.05 * reward
        # Every decision of the game shares its result (no discount: one reward at the end).
        pol.update(steps, reward - baseline, a.lr, a.lr * 0.01)
        games += 1
        wins.append(1.0 if a.faction in info["winner"] else 0.0)
        margins.append(info["margin"])
        if games % a.block == 0:
            w, m = np.mean(wins[-a.block :]), np.mean(margins[-a.block :])
            curve.append((games, w, m))
            print(f"{games:>6} {(time.perf_counter() - start) / 60:>7.1f} {100 * w:>7.1f}% {m:>7.2f}")
    return curve


if __name__ == "__main__":
    main()
