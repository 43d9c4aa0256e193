"""The PettingZoo and Gymnasium environments: the checkers of both libraries, seeds, errors,
the question's text, and records that the CLI replays."""

import json

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import abyss


def play_random(env, rng, limit=10_000):
    """Answer every question uniformly among the legal actions; returns the actions."""
    actions = []
    for agent in env.agent_iter(limit):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        a = int(rng.choice(legal))
        actions.append((agent, a))
        env.step(a)
    return actions


def test_pettingzoo_api_test():
    api_test(abyss.aec_env(seed=1), num_cycles=400)


def test_pettingzoo_seed_test():
    seed_test(lambda: abyss.aec_env(), num_cycles=300)


def test_gymnasium_check_env():
    # check_env steps an action sampled before a reset, which the new game may not allow:
    # the env is checked with illegal actions ending the episode (the default raises).
    check_env(abyss.SoloEnv("farc", others="nonplayer", illegal="forfeit"))
    check_env(abyss.SoloEnv("govt", others="random", reward="margin", text=True, illegal="forfeit"))


def test_solo_env_is_registered_with_gymnasium():
    # gymnasium.make imports abyss.env (the prefix), which registers the id; the made
    # environment is SoloEnv under Gymnasium's checking wrappers, and plays.
    import gymnasium

    env = gymnasium.make("abyss.env:abyss/Solo-v0", faction="farc", others="random", seed=3)
    assert isinstance(env.unwrapped, abyss.SoloEnv) and env.unwrapped.faction == "farc"
    obs, info = env.reset(seed=3)
    assert obs.shape == (abyss.OBSERVATION,) and info["action_mask"].sum() > 0
    first = int(info["action_mask"].nonzero()[0][0])
    env.step(first)
    env.close()


def test_observation_and_mask_follow_the_engine():
    env = abyss.aec_env(seed=7)
    env.reset()
    obs, *_ = env.last()
    o, m = obs["observation"], obs["action_mask"]
    assert o.dtype == np.float32 and o.shape == (abyss.OBSERVATION,)
    assert m.dtype == np.int8 and m.shape == (abyss.ACTIONS,)
    info = env.infos[env.agent_selection]
    # The mask is the legal list; the options in words go with it, in the same order.
    assert sorted(info["legal"]) == list(np.flatnonzero(m))
    assert len(info["options"]) == len(info["legal"])
    assert info["prompt"] == "Execute the Event or an Operation, or Pass?"
    names = abyss.action_names()
    assert [names[a] for a in info["legal"]][0] == "pass" and info["options"][0] == "Pass"
    # Bogotá (space 0 of the map) holds Government pieces at the start of `standard`.
    assert o[0:3].sum() > 0 and o[19] == 1.0
    # The current card is one-hot at 1527 + card.
    assert o[1527:1604].sum() == 1.0 and o[1604:1681].sum() == 1.0
    # Agents not asked see the position but no legal action.
    other = next(a for a in env.agents if a != env.agent_selection)
    assert env.observe(other)["action_mask"].sum() == 0
    assert np.array_equal(env.observe(other)["observation"], o)


def test_an_illegal_action_is_a_value_error_and_changes_nothing():
    env = abyss.aec_env(seed=3)
    env.reset()
    agent = env.agent_selection
    legal = env.infos[agent]["legal"]
    bad = next(a for a in range(abyss.ACTIONS) if a not in legal)
    with pytest.raises(ValueError, match=f"{len(legal)} legal actions"):
        env.step(bad)
    assert env.agent_selection == agent and env.infos[agent]["legal"] == legal
    with pytest.raises(ValueError, match="outside"):
        env.step(abyss.ACTIONS + 5)
    solo = abyss.SoloEnv("govt", others="random")
    solo.reset(seed=2)
    n = int(solo.action_masks().sum())
    with pytest.raises(ValueError, match=f"{n} legal actions"):
        solo.step(next(a for a in range(abyss.ACTIONS) if not solo.action_masks()[a]))
    # The env goes on after the error.
    solo.step(solo.action_space.sample())


def test_bad_arguments_are_clear_errors():
    with pytest.raises(abyss.AbyssError, match="nowhere"):
        abyss.aec_env("nowhere")
    with pytest.raises(ValueError, match="unknown agent `robot`"):
        abyss.SoloEnv("farc", others="robot")
    with pytest.raises(ValueError, match="faction"):
        abyss.SoloEnv("nobody")


def test_the_same_seed_gives_the_same_game_and_the_next_reset_the_next_seed():
    def game(seed):
        env = abyss.aec_env()
        env.reset(seed=seed)
        acts = play_random(env, np.random.default_rng(5))
        return acts, env.game.answers(), env.game.outcome()

    a, b = game(11), game(11)
    assert a == b
    assert game(12)[1] != a[1]
    env = abyss.aec_env(seed=11)
    env.reset()
    assert env.game_seed == 11
    env.reset()
    assert env.game_seed == 12


def test_a_python_game_replays_in_the_cli(cli, tmp_path):
    # Every seat answered from Python: its record is the same game for `abyss replay`.
    env = abyss.aec_env(seed=21)
    env.reset()
    rng = np.random.default_rng(1)
    ends = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term:
            ends[agent] = (reward, info)
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert set(ends) == set(abyss.FACTIONS)
    rec = tmp_path / "py.rec"
    # The record was kept when the game ended (the env drops nothing until reset).
    rec.write_text(env.game.record())
    code, out, _ = cli("replay", str(rec), "--verify", "-q", check=False)
    assert code == 0, out
    outcome = env.game.outcome()
    assert f"game over: {outcome['text']}" in out
    r = abyss.replay(rec)
    assert r["verified"] and r["outcome"]["margins"] == outcome["margins"]
    assert [tuple(x) for x in r["answers"]] == [tuple(x) for x in env.game.answers()]
    winners = set(outcome["winner"])
    for agent, (reward, info) in ends.items():
        assert reward == (1 if agent in winners else 0)
        assert info["margin"] == outcome["margins"][agent]


def test_solo_env_plays_whole_games_against_bots():
    env = abyss.SoloEnv("auc", others="nonplayer", text=True)
    obs, info = env.reset(seed=4)
    assert info["prompt"] and len(info["options"]) == len(info["legal"])
    done, steps = False, 0
    while not done:
        obs, reward, done, trunc, info = env.step(env.action_space.sample())
        steps += 1
    assert reward in (0.0, 1.0) and set(info["margins"]) == set(abyss.FACTIONS)
    assert reward == (1.0 if "auc" in info["winner"] else 0.0)
    # Only the learning seat was asked: every answer of another seat came from a bot.
    assert sum(1 for f, _ in env.game.answers() if f == "auc") >= steps
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_render_text_svg_and_fork():
    env = abyss.aec_env(seed=9, render_mode="ansi")
    env.reset()
    text = env.render()
    assert "Bogotá" in text and "Execute the Event or an Operation, or Pass?" in text
    svg = env.render_svg()
    assert svg.lstrip().startswith("<svg") or svg.lstrip().startswith("<?xml")
    game = env.game
    a = game.legal()[0]
    copy = game.fork()
    game.answer(a)
    copy.answer(a)
    assert copy.answers() == game.answers() and copy.legal() == game.legal()


def test_a_game_used_from_another_thread_is_a_clear_error():
    # A driven game is a coroutine of the thread that made it: another thread gets a
    # RuntimeError saying so, and the game goes on where it was made.
    import threading

    g = abyss.Content("standard").start(1, ["govt", "farc", "auc", "cartels"], "random")
    before = g.prompt()
    caught = []

    def other():
        try:
            g.prompt()
        except RuntimeError as e:
            caught.append(str(e))

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert caught and "made on another thread" in caught[0]
    assert g.prompt() == before
    g.answer_option(0)
