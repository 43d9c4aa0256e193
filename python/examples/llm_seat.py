"""A seat played by a language model: it reads the question's text and the numbered
options (``infos``), and answers with an option's number. Here the "model" is a stub that
picks the first option, so this runs with no network; ``ask_model`` is where a real model
call goes. The other three seats are random.

    python python/examples/llm_seat.py [SEED]
"""

import sys

import numpy as np

import abyss


def prompt_for(agent: str, info: dict, position: str) -> str:
    """The text a model would be sent: the position, the question, numbered options."""
    lines = [position, f"You play {agent}. {info['prompt']}"]
    lines += [f"{i + 1}. {label}" for i, label in enumerate(info["options"])]
    lines.append("Answer with the number of one option.")
    return "\n".join(lines)


def ask_model(prompt: str, n_options: int) -> int:
    """Where a model call goes, e.g. with an API client:

        reply = client.responses.create(model=..., input=prompt).output_text
        return int(reply.strip().split()[0]) - 1

    The stub answers option 1. Any reply outside 1..n_options should be asked again."""
    return 0


def main(seed: int = 1, seat: str = "farc", verbose: bool = False) -> dict:
    env = abyss.aec_env(seed=seed, text=True)
    env.reset()
    rng = np.random.default_rng(seed)
    asked = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            if agent == seat:
                print(f"{seat}: reward {reward}, margin {info['margin']}; {info['outcome']}")
            env.step(None)
            continue
        if agent == seat:
            text = prompt_for(agent, info, env.render() if verbose else "")
            choice = ask_model(text, len(info["options"]))
            if asked < 3:
                print(text.strip().splitlines()[-len(info["options"]) - 2], "->", info["options"][choice])
            asked += 1
            env.step(info["legal"][choice])  # options and legal actions share their order
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    print(f"{seat} answered {asked} questions")
    return {"asked": asked, "outcome": env.game.outcome()}


if __name__ == "__main__":
    main(*(int(x) for x in sys.argv[1:2]))
