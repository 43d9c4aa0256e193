"""Batches from Python: the same documents as the CLI, shards that merge into one run,
records."""

import json

import pytest

import abyss


def without_timing(doc):
    return {k: v for k, v in doc.items() if k != "timing"}


@pytest.mark.parametrize("agents", ["random", "nonplayer", "govt=random,others=nonplayer"])
def test_sim_gives_the_cli_document(cli, agents):
    py = abyss.sim("standard", range(1, 31), agents=agents, rows=True)
    _, out, _ = cli("sim", "--seeds", "1..30", "--agents", agents, "--format", "json", "--rows")
    doc = json.loads(out)
    assert without_timing(py) == without_timing(doc)
    rows = py["tally"]["rows"]
    assert [r["seed"] for r in rows] == list(range(1, 31))
    assert all(r["winner"] and r["margins"] for r in rows)


def test_jobs_do_not_change_the_games():
    one = abyss.sim("quick", (1, 24), agents="random", rows=True)
    two = abyss.sim("quick", (1, 24), agents="random", rows=True, jobs=2)
    assert without_timing(one) == without_timing(two)


@pytest.mark.parametrize("agents", ["random", "nonplayer"])
def test_eight_shards_merge_into_one_run(agents):
    whole = abyss.sim("standard", (1, 40), agents=agents, rows=True)
    parts = [abyss.sim("standard", (1, 40), agents=agents, rows=True, shard=(k, 8)) for k in range(1, 9)]
    assert [p["run"]["shard"]["part"] for p in parts] == list(range(1, 9))
    merged = abyss.merge(reversed(parts))
    assert merged["tally"] == whole["tally"]
    assert merged["estimates"] == whole["estimates"]
    assert without_timing(merged)["run"] == whole["run"]


def test_merge_refuses_a_missing_shard_and_two_runs():
    parts = [abyss.sim("quick", (1, 16), shard=f"{k}/4") for k in range(1, 5)]
    with pytest.raises(abyss.AbyssError, match=r"in no file \(shards 3/4\)"):
        abyss.merge(parts[:2] + parts[3:])
    other = abyss.sim("quick", (1, 16), agents="nonplayer", shard=(1, 4))
    with pytest.raises(abyss.AbyssError, match="agents"):
        abyss.merge([other] + parts[1:])


def test_sim_errors_are_the_engines():
    with pytest.raises(abyss.AbyssError, match="nowhere"):
        abyss.sim("nowhere", (1, 2))
    with pytest.raises(abyss.AbyssError, match="unknown agent"):
        abyss.sim("standard", (1, 2), agents="robot")
    with pytest.raises(ValueError, match="cannot be split"):
        abyss.sim("standard", (1, 2), shard=(1, 3))


def test_summary_text_is_the_cli_text():
    doc = abyss.sim("quick", (1, 10))
    text = abyss.summary_text(doc)
    assert text.startswith("10 games from `quick` (random agents, seeds 1..=10)")


def test_replay_reads_a_cli_record(cli, tmp_path):
    cli("sim", "--seeds", "5..5", "--agents", "nonplayer", "--save-records", str(tmp_path))
    rec = next(tmp_path.glob("*.rec"))
    r = abyss.replay(rec)
    assert r["verified"] and r["seed"] == 5 and r["answers_used"] == r["answers_total"]
    row = abyss.sim("standard", (5, 5), agents="nonplayer", rows=True)["tally"]["rows"][0]
    assert r["outcome"]["winner"] == row["winner"].split("+")
    assert r["outcome"]["margins"] == row["margins"]
    bad = tmp_path / "bad.rec"
    bad.write_text("not a record\n")
    with pytest.raises(abyss.AbyssError):
        abyss.replay(bad)
