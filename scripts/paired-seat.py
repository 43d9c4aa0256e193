#!/usr/bin/env python3
"""Paired comparison of two abyss binaries (or two agent mixes) in one seat, on the same seeds.

Not used by CI. It runs `abyss sim --format json --rows` with each binary on the same seed
range and compares the seat's per-seed outcomes: the win rate of each with its Wilson 95%
interval, the paired difference of win rates with Newcombe's interval (method 10, as
src/stats.rs `paired_difference`), and the paired mean difference of the seat's margin
with its normal 95% interval.

    scripts/paired-seat.py --old /tmp/abyss-old --new target/release/abyss \\
        --seeds 10001..11000 --seat govt [--agents nonplayer] [--jobs 2]

Prints the two commands it ran, so the figures can be reproduced without this script.
"""

import argparse
import json
import math
import subprocess
import sys

Z = 1.959963984540054


def wilson(k, n):
    p = k / n
    z2 = Z * Z
    half = Z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return p, low, high


def newcombe(both, first_only, second_only, neither):
    n = both + first_only + second_only + neither
    p1, l1, u1 = wilson(both + first_only, n)
    p2, l2, u2 = wilson(both + second_only, n)
    margins = [both + first_only, second_only + neither, both + second_only, first_only + neither]
    if 0 in margins:
        phi = 0.0
    else:
        prod = math.prod(margins)
        a = both * neither - first_only * second_only
        if a > n / 2:
            phi = (a - n / 2) / math.sqrt(prod)
        elif a >= 0:
            phi = 0.0
        else:
            phi = a / math.sqrt(prod)

    def spread(x, y):
        return math.sqrt(max(0.0, x * x + y * y - 2 * phi * x * y))

    d = p1 - p2
    return d, d - spread(p1 - l1, u2 - p2), d + spread(p2 - l2, u1 - p1)


def run(binary, seeds, agents, jobs, scenario):
    cmd = [binary, "sim", "--agents", agents, "--seeds", seeds, "--jobs", str(jobs),
           "--scenario", scenario, "--format", "json", "--rows"]
    print("$ " + " ".join(cmd), file=sys.stderr)
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    d = json.loads(out)
    rows = d["tally"]["rows"]
    return {r["seed"]: r for r in rows}, " ".join(cmd)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--seeds", default="1..1000")
    ap.add_argument("--seat", default="govt")
    ap.add_argument("--agents", default="nonplayer", help="agents of the old binary's run")
    ap.add_argument("--new-agents", default=None, help="agents of the new binary's run (default: --agents)")
    ap.add_argument("--scenario", default="standard")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    old, c1 = run(a.old, a.seeds, a.agents, a.jobs, a.scenario)
    new, c2 = run(a.new, a.seeds, a.new_agents or a.agents, a.jobs, a.scenario)
    seeds = sorted(set(old) & set(new))
    n = len(seeds)
    both = first_only = second_only = neither = 0
    diffs = []
    for s in seeds:
        wn = new[s]["winner"] == a.seat
        wo = old[s]["winner"] == a.seat
        both += wn and wo
        first_only += wn and not wo
        second_only += wo and not wn
        neither += not wn and not wo
        diffs.append(new[s]["margins"][a.seat] - old[s]["margins"][a.seat])
    print(f"seat {a.seat}, {n} paired seeds ({a.seeds}), scenario {a.scenario}")
    for name, k in (("old", both + second_only), ("new", both + first_only)):
        p, lo, hi = wilson(k, n)
        margins = [(old if name == "old" else new)[s]["margins"][a.seat] for s in seeds]
        m = sum(margins) / n
        print(f"  {name}: {k}/{n} wins = {100 * p:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}], mean margin {m:+.2f}")
    d, lo, hi = newcombe(both, first_only, second_only, neither)
    print(f"  win rate new - old: {100 * d:+.1f} points [{100 * lo:+.1f}, {100 * hi:+.1f}] "
          f"(Newcombe paired; both {both}, new only {first_only}, old only {second_only}, neither {neither})")
    m = sum(diffs) / n
    var = sum((x - m) ** 2 for x in diffs) / (n - 1)
    half = Z * math.sqrt(var / n)
    print(f"  margin new - old: {m:+.2f} [{m - half:+.2f}, {m + half:+.2f}] (paired mean, normal 95%)")
    print(f"  commands:\n    {c1}\n    {c2}")


if __name__ == "__main__":
    main()
