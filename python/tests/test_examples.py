"""The examples run: the random-agent loop and the language-model seat (its stub)."""

import importlib.util
import pathlib

import abyss

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_loop_plays_whole_games():
    r = load("random_aec").main(games=2, seed=3)
    assert r["games"] == 2 and r["decisions"] > 100
    # Every game has a winning seat (one Faction, or two of one player).
    assert 2 <= sum(r["wins"].values()) <= 4


def test_llm_stub_reads_the_question_and_answers_option_one(capsys):
    r = load("llm_seat").main(seed=2, seat="farc")
    assert r["asked"] > 0 and r["outcome"]["winner"]
    out = capsys.readouterr().out
    assert "You play farc. Execute the Event or an Operation, or Pass? -> Pass" in out
    # The prompt a model would get numbers the options from 1.
    env = abyss.aec_env(seed=2)
    env.reset()
    info = env.infos[env.agent_selection]
    text = load("llm_seat").prompt_for(env.agent_selection, info, "")
    assert f"1. {info['options'][0]}" in text and text.endswith("Answer with the number of one option.")


def test_the_learner_runs_a_few_games():
    curve = load("solo_pg").main(["--max-games", "4", "--block", "2", "--minutes", "5"])
    assert [g for g, _, _ in curve] == [2, 4]
