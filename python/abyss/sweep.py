"""A sweep on Ray: scenario variants x seed ranges, each range a Ray task (a shard).

    python -m abyss.sweep --scenario standard --variant my.toml --seeds 1..10000 \
        --agents nonplayer --out summary.json

Each variant's seeds are cut into shards (``--shard-games`` games each, or sized so that a
task takes about ``--task-seconds`` on this machine's measured speed); each shard is one
Ray task running ``abyss.sim(..., shard=(K, N))`` with the GIL released. A task that fails
(a worker lost, a node gone) is run again by Ray (``--retries``): that is safe because a
seed range always plays the same games. The shards are joined with ``abyss.merge``, which
refuses a missing or doubled seed, and the summary is written as ``abyss sim --format
json`` writes it (one variant), or as ``{"abyss-sweep": 1, "runs": {VARIANT: summary}}``
(several). The text summary of each variant is printed.

Run it on a cluster by starting Ray there and giving ``--address auto`` (docs/scale.md).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Dict, List, Optional, Sequence, Tuple

import abyss


def parse_seeds(text: str) -> Tuple[int, int]:
    a, sep, b = text.partition("..")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r}: write FIRST..LAST, e.g. 1..10000 (both ends played)")
    try:
        first, last = int(a), int(b.lstrip("="))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: write FIRST..LAST, e.g. 1..10000") from None
    if last < first:
        raise argparse.ArgumentTypeError(f"{text!r}: the last seed is below the first")
    return first, last


def seconds_per_game(scenario: str, agents: str, first: int, content=None, mod=None, budget: float = 1.0) -> float:
    """This machine's cost of a game, measured on a few games from ``first`` (doubling
    the games until ``budget`` seconds have gone, at most 32 games)."""
    games, spent, played = 1, 0.0, 0
    while True:
        s = abyss.sim(scenario, (first + played, first + played + games - 1), agents=agents, content=content, mod=mod)
        spent += s["timing"]["seconds"]
        played += games
        if spent >= budget or played >= 32:
            return spent / played
        games *= 2


def plan_shards(count: int, shard_games: int) -> int:
    """How many shards of about ``shard_games`` games ``count`` seeds make."""
    return max(1, min(count, math.ceil(count / max(1, shard_games))))


def _task(ray):
    @ray.remote
    def run_shard(scenario, first, last, part, of, agents, content, mod, rows, crash_once=None):
        # One shard: part `part` of `of` of the seeds first..=last. Pure function of its
        # arguments, so a retry gives the same result.
        if crash_once and part == 1 and not os.path.exists(crash_once):
            # The retry path's test: the first attempt of shard 1 loses its worker.
            open(crash_once, "w").close()
            os._exit(1)
        return abyss.sim(
            scenario, (first, last), agents=agents, shard=(part, of), content=content, mod=mod, rows=rows
        )

    return run_shard


def sweep(
    variants: Sequence[str],
    seeds: Tuple[int, int],
    agents: str = "random",
    shard_games: Optional[int] = None,
    task_seconds: float = 30.0,
    retries: int = 3,
    content=None,
    mod=None,
    rows: bool = False,
    address: Optional[str] = None,
    num_cpus: Optional[int] = None,
    log=print,
) -> Dict[str, dict]:
    """Run every variant over ``seeds`` on Ray; returns {variant: merged summary}.

    Uses the Ray already initialised in this process, or starts one (``address``: a
    cluster's, e.g. "auto"; ``num_cpus``: a local one's size).
    """
    import ray

    if not ray.is_initialized():
        ray.init(address=address, num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
    first, last = seeds
    count = last - first + 1
    if shard_games is None:
        per_game = seconds_per_game(variants[0], agents, first, content, mod)
        shard_games = max(1, int(task_seconds / max(per_game, 1e-6)))
        log(f"abyss.sweep: {per_game * 1000:.2f} ms a game here: {shard_games} games a shard (~{task_seconds:.0f} s)")
    # A task whose worker dies is rerun up to `retries` times; an exception of the engine
    # (bad content, a bad scenario) is not: it would fail the same way again.
    run_shard = _task(ray).options(max_retries=retries, retry_exceptions=False)
    # Testing only: the file named by $ABYSS_SWEEP_CRASH_ONCE makes one shard's first
    # attempt kill its worker (tests/test_sweep.py).
    crash_once = os.environ.get("ABYSS_SWEEP_CRASH_ONCE")
    of = plan_shards(count, shard_games)
    futures: Dict[str, List] = {}
    for v in variants:
        futures[v] = [run_shard.remote(v, first, last, k, of, agents, content, mod, rows, crash_once) for k in range(1, of + 1)]
    log(f"abyss.sweep: {len(variants)} variant(s) x {of} shard(s) of seeds {first}..={last}, agents {agents}")
    out = {}
    for v, fs in futures.items():
        parts = ray.get(fs)
        out[v] = abyss.merge(parts, names=[f"{v} shard {k}/{of}" for k in range(1, of + 1)])
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m abyss.sweep", description=__doc__.split("\n\n")[0])
    p.add_argument("--scenario", action="append", default=[], help="a scenario of the content (repeatable)")
    p.add_argument("--variant", action="append", default=[], help="a scenario file (TOML) to compare (repeatable)")
    p.add_argument("--seeds", type=parse_seeds, required=True, help="FIRST..LAST, both ends played")
    p.add_argument("--agents", default="random", help="as `abyss sim --agents` (random, nonplayer, mcts:N, mixes)")
    p.add_argument("--shard-games", type=int, default=None, help="games a shard (default: sized by --task-seconds)")
    p.add_argument("--task-seconds", type=float, default=30.0, help="target seconds a task, measured here (10-60)")
    p.add_argument("--retries", type=int, default=3, help="times Ray reruns a failed shard")
    p.add_argument("--content", default=None, help="a content folder instead of the embedded content")
    p.add_argument("--mod", default=None, help="a mod folder laid over the content")
    p.add_argument("--rows", action="store_true", help="keep one row per game")
    p.add_argument("--address", default=None, help="a Ray cluster's address (e.g. auto); default: a local Ray")
    p.add_argument("--num-cpus", type=int, default=None, help="CPUs of a local Ray")
    p.add_argument("--out", default=None, help="write the summary (JSON) here")
    p.add_argument("-v", "--verbose", action="store_true", help="also print the Non-player rules fired")
    a = p.parse_args(argv)
    # A variant file is read where each task runs: give the tasks its absolute path (the
    # same on every node of a cluster, with a shared file system).
    variants = a.scenario + [os.path.abspath(v) for v in a.variant]
    if not variants:
        variants = ["standard"]
    if len(set(variants)) != len(variants):
        p.error("a variant is named twice")
    start = time.time()
    try:
        runs = sweep(
            variants,
            a.seeds,
            agents=a.agents,
            shard_games=a.shard_games,
            task_seconds=a.task_seconds,
            retries=a.retries,
            content=a.content,
            mod=a.mod,
            rows=a.rows,
            address=a.address,
            num_cpus=a.num_cpus,
            log=lambda m: print(m, file=sys.stderr),
        )
    except abyss.AbyssError as e:
        print(f"abyss.sweep: {e}", file=sys.stderr)
        return 1
    wall = time.time() - start
    for v, s in runs.items():
        if len(runs) > 1:
            print(f"== {v}")
        sys.stdout.write(abyss.summary_text(s, a.verbose))
    cpu = sum(s["timing"]["seconds"] for s in runs.values())
    games = sum(s["tally"]["games"] for s in runs.values())
    print(f"sweep: {games} games in {wall:.1f} s wall ({cpu:.1f} s in the shards: {games / max(wall, 1e-9):.0f} games/s)")
    if a.out:
        doc = next(iter(runs.values())) if len(runs) == 1 else {"abyss-sweep": 1, "runs": runs}
        with open(a.out, "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
    clean = all(not s["tally"]["failures"] for s in runs.values())
    return 0 if clean else 1


if __name__ == "__main__":
    sys.exit(main())
