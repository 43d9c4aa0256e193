"""abyss: the Andean Abyss rules engine (Rust) for Python.

Entry points:

- ``aec_env(...)``: a PettingZoo AEC environment, the four Factions driven from Python.
- ``SoloEnv(faction, others=...)``: a Gymnasium environment for one learning seat; the
  other seats are played inside the engine (section-8 bots, random, or the search).
- ``sim(...)``, ``merge(...)``, ``replay(...)``: batches of games, shards and records,
  the same documents as ``abyss sim --format json``, ``abyss merge`` and ``abyss replay``.

The encodings (action numbering, observation vector) are documented in docs/python.md.
"""

from __future__ import annotations

import json
import os
import warnings
from typing import Iterable, Optional, Sequence, Tuple, Union

from . import _abyss
from ._abyss import ACTIONS, OBSERVATION, AbyssError, Content, Game

__all__ = [
    "ACTIONS",
    "OBSERVATION",
    "FACTIONS",
    "AbyssError",
    "Content",
    "Game",
    "aec_env",
    "SoloEnv",
    "sim",
    "merge",
    "replay",
    "summary_text",
    "action_names",
]

#: The agents of the AEC environment, in the engine's Faction order.
FACTIONS: Tuple[str, ...] = tuple(_abyss.FACTIONS)

Seeds = Union[range, Tuple[int, int], Sequence[int]]
PathLike = Union[str, "os.PathLike[str]", None]


def _path(p: PathLike) -> Optional[str]:
    return None if p is None else os.fspath(p)


def _seed_bounds(seeds: Seeds) -> Tuple[int, int]:
    """(first, last) of a seed range: ``range(a, b)`` plays a..b-1, a pair (a, b) plays a..b."""
    if isinstance(seeds, range):
        if seeds.step != 1 or len(seeds) == 0:
            raise ValueError(f"seeds {seeds!r}: give a non-empty range with step 1")
        return seeds.start, seeds.stop - 1
    if isinstance(seeds, int):
        return seeds, seeds
    first, last = seeds
    return int(first), int(last)


def _shard(shard) -> Optional[Tuple[int, int]]:
    if shard is None:
        return None
    if isinstance(shard, str):
        k, _, n = shard.partition("/")
        try:
            return int(k), int(n)
        except ValueError:
            raise ValueError(f"shard {shard!r}: write PART/PARTS, e.g. '3/8'") from None
    k, n = shard
    return int(k), int(n)


def sim(
    scenario: str = "standard",
    seeds: Seeds = (1, 100),
    agents: str = "random",
    jobs: int = 1,
    rows: bool = False,
    content: PathLike = None,
    mod: PathLike = None,
    shard=None,
    check: bool = False,
) -> dict:
    """Play a batch of games in Rust and return the summary ``abyss sim --format json`` prints.

    ``seeds`` is ``range(first, last + 1)`` or a pair ``(first, last)`` (both ends played);
    ``shard`` = ``"K/N"`` or ``(K, N)`` plays part K of N of those seeds, for ``merge``.
    ``agents`` as the CLI's ``--agents``. The GIL is released while the games run.
    """
    first, last = _seed_bounds(seeds)
    text = _abyss.sim_json(
        scenario,
        first,
        last,
        agents=agents,
        jobs=jobs,
        rows=rows,
        check=check,
        content=_path(content),
        mod=_path(mod),
        shard=_shard(shard),
    )
    return json.loads(text)


def merge(summaries: Iterable[dict], names: Optional[Sequence[str]] = None) -> dict:
    """Join the summaries of batches of one run (e.g. shards) as ``abyss merge`` does.

    Refused (``AbyssError``) when they disagree on what was run, when a seed is in two of
    them, or when seeds of the run are missing. ``names`` label them in messages.
    """
    docs = [json.dumps(s) for s in summaries]
    if names is None:
        names = [f"summary {i + 1}" for i in range(len(docs))]
    text, remarks = _abyss.merge_json(list(zip(names, docs)))
    for r in remarks:
        warnings.warn(r, stacklevel=2)
    return json.loads(text)


def summary_text(summary: dict, verbose: bool = False) -> str:
    """The summary as ``abyss sim`` prints it in text."""
    return _abyss.summary_text(json.dumps(summary), verbose)


def replay(
    path: PathLike,
    content: PathLike = None,
    mod: PathLike = None,
    scenario: Optional[str] = None,
    check: bool = False,
) -> dict:
    """Rebuild the game of a record (``abyss replay --verify -q``).

    Returns ``verified`` (the record replays to its end as it says), ``outcome`` (winner,
    margins) or ``stopped``, ``answers`` ([faction, answer] pairs), ``report`` (the CLI's
    lines). A record that cannot be read raises ``AbyssError``.
    """
    return json.loads(
        _abyss.replay_json(_path(path), content=_path(content), mod=_path(mod), scenario=scenario, check=check)
    )


def action_names(scenario: str = "standard", content: PathLike = None, mod: PathLike = None) -> list:
    """The answer each action number stands for ("bogota", "rally", "3", "pass", ...)."""
    return _abyss.action_names(scenario, _path(content), _path(mod))


def aec_env(scenario: str = "standard", seed: Optional[int] = None, content: PathLike = None, mod: PathLike = None, **kwargs):
    """A PettingZoo AEC environment of a game (see ``abyss.env.AbyssAEC``)."""
    from .env import AbyssAEC

    return AbyssAEC(scenario=scenario, seed=seed, content=content, mod=mod, **kwargs)


def __getattr__(name: str):
    # SoloEnv imports gymnasium: only when asked for.
    if name == "SoloEnv":
        from .env import SoloEnv

        return SoloEnv
    raise AttributeError(f"module 'abyss' has no attribute {name!r}")
