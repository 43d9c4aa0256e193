"""The Ray sweep on a local Ray of 2 CPUs: shards as tasks, merged into one run."""

import json
import os

import pytest

ray = pytest.importorskip("ray", reason="the sweep needs ray (pip install ray)")

import abyss
from abyss import sweep


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_sweep_equals_one_run(local_ray, tmp_path, capsys):
    out = tmp_path / "summary.json"
    code = sweep.main(
        ["--scenario", "quick", "--scenario", "standard", "--seeds", "1..24", "--shard-games", "5", "--out", str(out)]
    )
    assert code == 0
    doc = json.loads(out.read_text())
    assert set(doc["runs"]) == {"quick", "standard"}
    for name, s in doc["runs"].items():
        whole = abyss.sim(name, (1, 24))
        assert s["tally"] == whole["tally"] and s["run"] == whole["run"]
    printed = capsys.readouterr().out
    assert "== quick" in printed and "24 games from `standard`" in printed


def test_a_failed_shard_is_run_again(local_ray, tmp_path, monkeypatch):
    # The first attempt of one shard kills its worker; Ray reruns it, and the run is whole.
    flag = tmp_path / "crashed"
    monkeypatch.setenv("ABYSS_SWEEP_CRASH_ONCE", str(flag))
    runs = sweep.sweep(["quick"], (1, 12), agents="nonplayer", shard_games=4, retries=2, log=lambda m: None)
    assert flag.exists()
    assert runs["quick"]["tally"] == abyss.sim("quick", (1, 12), agents="nonplayer")["tally"]


def test_shard_sizing():
    assert sweep.plan_shards(10_000, 3000) == 4
    assert sweep.plan_shards(5, 100) == 1
    assert sweep.plan_shards(5, 1) == 5
    assert sweep.parse_seeds("1..=10") == (1, 10)


def test_a_variant_file_is_swept_beside_its_base(local_ray, tmp_path, monkeypatch):
    variant = tmp_path / "more-aid.toml"
    variant.write_text('name = "More aid"\nbase = "standard"\naid = 20\n')
    out = tmp_path / "summary.json"
    # The tasks get the file's absolute path, whatever folder the sweep starts in.
    monkeypatch.chdir(tmp_path)
    code = sweep.main(["--scenario", "standard", "--variant", "more-aid.toml", "--seeds", "1..10", "--shard-games", "4", "--out", str(out)])
    assert code == 0
    runs = json.loads(out.read_text())["runs"]
    assert runs[str(variant)]["tally"] == abyss.sim(str(variant), (1, 10))["tally"]
    assert runs[str(variant)]["run"]["scenario_file"]
    assert runs[str(variant)]["tally"] != runs["standard"]["tally"]
