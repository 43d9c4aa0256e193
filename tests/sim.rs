//! `abyss sim` with intervals and JSON tallies, `--seeds`/`--shard`, and `abyss merge`.

mod common;

use common::{TempDir, abyss, shard_files};
use serde_json::Value;

/// Run abyss, expecting exit 0; its stdout.
fn ok(args: &[&str]) -> String {
    let (code, out, err) = abyss(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A document without its timing, which differs from run to run.
fn untimed(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("timing").expect("a timing field");
    v
}

/// Write the 8 shards of seeds 1..=40 (5 games each) as JSON files; their paths.
fn shards(dir: &TempDir, agents: &str) -> Vec<String> {
    let args = [
        "sim", "--seeds", "1..40", "--agents", agents, "--rows", "--format", "json",
    ];
    shard_files(dir, agents, 8, &args)
}

fn merge(files: &[String], format: &str) -> (i32, String, String) {
    let mut args = vec!["merge", "--format", format];
    args.extend(files.iter().map(String::as_str));
    abyss(&args)
}

/// 8 shards merged are the one run over all their seeds: the same JSON document (timing
/// aside) and the same text (its timing line aside). The one run uses 2 threads, the
/// shards one each, in 8 processes.
fn eight_shards_are_one_run(agents: &str) {
    let dir = TempDir::new(&format!("shards-{agents}"));
    let files = shards(&dir, agents);
    let one = ok(&[
        "sim", "--seeds", "1..40", "--agents", agents, "--rows", "--format", "json", "--jobs", "2",
    ]);
    let (code, merged, err) = merge(&files, "json");
    assert_eq!(code, 0, "{err}");
    let (one, merged) = (untimed(json(&one)), untimed(json(&merged)));
    assert_eq!(merged["tally"]["games"], 40);
    assert_eq!(merged["tally"]["rows"].as_array().unwrap().len(), 40);
    assert_eq!(one, merged);
    // A shard's own document says which part it is.
    let third = json(&std::fs::read_to_string(&files[2]).unwrap());
    assert_eq!(third["run"]["seeds"], json(r#"{"first": 11, "last": 15}"#));
    assert_eq!(
        third["run"]["shard"],
        json(r#"{"part": 3, "of": 8, "whole": {"first": 1, "last": 40}}"#)
    );
    // The text of the merge is the text of the one run.
    let untimed_text = |t: &str| -> String {
        t.lines()
            .filter(|l| !l.contains(" games/s"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let one_text = ok(&["sim", "--seeds", "1..40", "--agents", agents]);
    let (_, merged_text, _) = merge(&files, "text");
    assert_eq!(untimed_text(&one_text), untimed_text(&merged_text));
    assert!(
        merged_text.starts_with(&format!("40 games from `standard` ({agents} agents, seeds 1..=40)")),
        "{merged_text}"
    );
}

#[test]
fn eight_shards_merged_equal_one_run_of_random_agents() {
    eight_shards_are_one_run("random");
}

#[test]
fn eight_shards_merged_equal_one_run_of_the_bots() {
    eight_shards_are_one_run("nonplayer");
}

#[test]
fn merge_refuses_overlaps_gaps_other_runs_and_broken_files() {
    let dir = TempDir::new("merge-errors");
    let part = |k: u64, agents: &str| -> String {
        let path = dir.path().join(format!("{agents}-{k}.json"));
        let shard = format!("{k}/4");
        std::fs::write(
            &path,
            ok(&[
                "sim", "--seeds", "1..8", "--shard", &shard, "--agents", agents, "--format", "json",
            ]),
        )
        .unwrap();
        path.to_str().unwrap().to_string()
    };
    let (one, two, three, four) = (
        part(1, "random"),
        part(2, "random"),
        part(3, "random"),
        part(4, "random"),
    );
    let fails = |files: &[String], wanted: &str| {
        let (code, out, err) = merge(files, "text");
        assert_eq!(code, 2, "{files:?}: {out}{err}");
        assert!(err.contains(wanted), "{files:?}: {err}");
        assert!(out.is_empty(), "{out}");
    };
    // The same seeds twice.
    fails(
        &[one.clone(), two.clone(), two.clone(), three.clone(), four.clone()],
        &format!("{two} (seeds 3..=4) and {two} (seeds 3..=4) both hold seeds 3..=4"),
    );
    // Parts missing, in the middle and at the end.
    fails(
        &[one.clone(), three.clone()],
        "seeds 3..=4, 7..=8 of 1..=8 are in no file (shards 2/4, 4/4)",
    );
    // Another run: other agents, other content, another split.
    let bots = part(2, "nonplayer");
    fails(
        &[one.clone(), bots.clone(), three.clone(), four.clone()],
        &format!("{bots}: `run.agents` is nonplayer, but {one}'s is random"),
    );
    let other_split = dir.path().join("split.json");
    std::fs::write(
        &other_split,
        ok(&["sim", "--seeds", "1..8", "--shard", "2/2", "--format", "json"]),
    )
    .unwrap();
    let other_split = other_split.to_str().unwrap().to_string();
    fails(
        &[one.clone(), other_split.clone()],
        &format!("{other_split}: `run.shard` is 2 parts of 1..=8, but {one}'s is 4 parts of 1..=8"),
    );
    // Broken files name the file and the field.
    let doc = json(&std::fs::read_to_string(&two).unwrap());
    let broken = |name: &str, edit: &dyn Fn(&mut Value)| -> String {
        let mut v = doc.clone();
        edit(&mut v);
        let path = dir.path().join(name);
        std::fs::write(&path, v.to_string()).unwrap();
        path.to_str().unwrap().to_string()
    };
    let no_cartels = broken("no-cartels.json", &|v| {
        v["tally"]["wins"].as_object_mut().unwrap().remove("cartels");
    });
    fails(
        &[one.clone(), no_cartels.clone()],
        &format!("{no_cartels}: `tally.wins`: missing field `cartels`"),
    );
    let text_wins = broken("text-wins.json", &|v| v["tally"]["games"] = Value::String("two".into()));
    fails(
        std::slice::from_ref(&text_wins),
        &format!("{text_wins}: `tally.games`: invalid type: string"),
    );
    let short = broken("short.json", &|v| v["tally"]["games"] = Value::from(1));
    fails(
        std::slice::from_ref(&short),
        &format!("{short}: `tally`: `games` is 1 and `completed` 2, but `failures` lists 0"),
    );
    let longer = broken("longer.json", &|v| {
        v["run"]["seeds"]["last"] = Value::from(5);
        v["run"].as_object_mut().unwrap().remove("shard");
    });
    fails(
        std::slice::from_ref(&longer),
        &format!("{longer}: `tally.games` is 2, but `run.seeds` (3..=5) holds 3 seeds"),
    );
    let moved = broken("moved.json", &|v| v["run"]["shard"]["part"] = Value::from(3));
    fails(
        std::slice::from_ref(&moved),
        &format!("{moved}: `run.shard`: part 3/4 of 1..=8 is 5..=6, but `run.seeds` is 3..=4"),
    );
    let misspelt = broken("misspelt.json", &|v| {
        let w = v["tally"]["wins"].clone();
        v["tally"]["winz"] = w;
    });
    fails(
        std::slice::from_ref(&misspelt),
        &format!("{misspelt}: `tally.winz` is not a field of a sim tally"),
    );
    let not_sim = dir.path().join("validate.json");
    std::fs::write(&not_sim, ok(&["validate", "--format", "json", "--scenario", "quick"])).unwrap();
    let not_sim = not_sim.to_str().unwrap().to_string();
    fails(
        std::slice::from_ref(&not_sim),
        &format!("{not_sim}: not a sim tally (no `format`"),
    );
    fails(&["no/such/file.json".to_string()], "no/such/file.json: ");
    // And all four parts merge.
    let (code, out, err) = merge(&[four, two, three, one], "text");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("8 games from `standard` (random agents, seeds 1..=8)"),
        "{out}"
    );
}

#[test]
fn json_fields_are_labelled_and_carry_counts_and_sums() {
    let v = json(&ok(&["sim", "--seeds", "3..7", "--format", "json", "--rows"]));
    assert_eq!(v["format"], "abyss-sim 1");
    let run = &v["run"];
    assert_eq!(
        (&run["scenario"], &run["agents"], &run["check"], &run["abyss"]),
        (
            &json("\"standard\""),
            &json("\"random\""),
            &Value::Bool(false),
            &json(&format!("\"{}\"", env!("CARGO_PKG_VERSION")))
        )
    );
    assert_eq!(run["content"].as_str().unwrap().len(), 16, "{run}");
    assert_eq!(run["seeds"], json(r#"{"first": 3, "last": 7}"#));
    assert!(run.get("shard").is_none(), "{run}");
    let t = &v["tally"];
    let factions = ["govt", "farc", "auc", "cartels"];
    for field in ["wins", "margin_sum", "margin_sum_of_squares"] {
        // (serde_json's objects list their keys in order.)
        let keys: Vec<&str> = t[field].as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys, ["auc", "cartels", "farc", "govt"], "{field}");
    }
    let wins: u64 = factions.iter().map(|f| t["wins"][f].as_u64().unwrap()).sum();
    assert_eq!((t["games"].as_u64(), t["completed"].as_u64()), (Some(5), Some(5)));
    assert!(wins >= 5, "one winning seat a game: {t}");
    let ended: u64 = t["endings"]["victory_check"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum::<u64>()
        + t["endings"]["final_ranking"].as_u64().unwrap();
    assert_eq!(ended, 5);
    // The rows add up to the sums.
    let rows = t["rows"].as_array().unwrap();
    assert_eq!(
        rows.iter().map(|r| r["seed"].as_u64().unwrap()).collect::<Vec<_>>(),
        [3, 4, 5, 6, 7]
    );
    for f in factions {
        let sum: i64 = rows.iter().map(|r| r["margins"][f].as_i64().unwrap()).sum();
        let squares: i64 = rows.iter().map(|r| r["margins"][f].as_i64().unwrap().pow(2)).sum();
        assert_eq!(
            (t["margin_sum"][f].as_i64(), t["margin_sum_of_squares"][f].as_i64()),
            (Some(sum), Some(squares))
        );
    }
    let cards: u64 = rows.iter().map(|r| r["cards"].as_u64().unwrap()).sum();
    assert_eq!(t["cards_sum"].as_u64(), Some(cards));
    for r in rows {
        let winner = r["winner"].as_str().unwrap();
        assert!(winner.split('+').all(|w| factions.contains(&w)), "{r}");
        match r["ending"].as_str().unwrap() {
            "victory_check" => assert!(r["round"].as_u64().is_some_and(|n| n >= 1), "{r}"),
            "final_ranking" => assert!(r["round"].is_null(), "{r}"),
            other => panic!("ending {other}: {r}"),
        }
    }
    // The estimates: labelled intervals that hold their estimate.
    let e = &v["estimates"];
    for f in factions {
        let w = &e["win_rate"][f];
        let (low, est, high) = (
            w["low"].as_f64().unwrap(),
            w["estimate"].as_f64().unwrap(),
            w["high"].as_f64().unwrap(),
        );
        assert!(low <= est && est <= high && high - low > 0.2, "{f}: {w}");
        assert_eq!(est, t["wins"][f].as_f64().unwrap() / 5.0);
        let m = &e["margin"][f];
        assert!(
            m["low"].as_f64() <= m["estimate"].as_f64() && m["estimate"].as_f64() <= m["high"].as_f64(),
            "{m}"
        );
    }
    assert!(e["games_for_one_point"].as_u64().unwrap() > 100, "{e}");
    assert!(v["timing"]["seconds"].is_f64());
    // Without --rows, no rows.
    let v = json(&ok(&["sim", "--seeds", "3..4", "--format", "json"]));
    assert!(v["tally"].get("rows").is_none());
}

#[test]
fn text_gives_intervals_the_games_needed_and_the_bot_warning() {
    let out = ok(&["sim", "--games", "20", "--seed", "1"]);
    assert!(
        out.starts_with("20 games from `standard` (random agents, seeds 1..=20): 20 completed, 0 failed\n"),
        "{out}"
    );
    assert!(out.contains("95% interval"), "{out}");
    let farc = out.lines().find(|l| l.trim_start().starts_with("FARC")).unwrap();
    assert!(farc.contains("%  [") && farc.contains(" ± "), "{farc}");
    assert!(out.contains("±1 point on every win rate takes about "), "{out}");
    assert!(out.contains("ended by a victory check "), "{out}");
    assert!(out.contains("mean length "), "{out}");
    assert!(!out.contains("Government bot"), "{out}");
    let bots = ok(&["sim", "--games", "3", "--seed", "1", "--agents", "nonplayer"]);
    assert!(
        bots.contains("note: the Government bot is weak")
            && bots.contains("measure the bot")
            && bots.contains("govt=mcts"),
        "{bots}"
    );
}

#[test]
fn seeds_and_shards_are_checked_on_the_command_line() {
    let fails = |args: &[&str], wanted: &str| {
        let (code, _, err) = abyss(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(wanted), "{args:?}: {err}");
    };
    fails(&["sim", "--seeds", "9..1"], "the last seed is below the first");
    fails(&["sim", "--seeds", "1-9"], "not a seed range");
    fails(&["sim", "--seeds", "1..9", "--seed", "3"], "cannot be used with");
    fails(&["sim", "--shard", "1/2"], "--shard splits the seeds of the whole run");
    fails(&["sim", "--seeds", "1..4", "--shard", "5/4"], "counted from 1");
    fails(
        &["sim", "--seeds", "1..4", "--shard", "1/5"],
        "4 seeds (1..=4) cannot be split into 5 parts",
    );
    fails(&["sim", "--seeds", "1..4", "--rows"], "--rows goes with --format json");
    fails(&["sim", "--seed", "1", "--games", "0"], "no games to play");
    // --seeds A..B plays the same games as --seed A --games B-A+1.
    let a = json(&ok(&["sim", "--seeds", "5..9", "--format", "json"]));
    let b = json(&ok(&["sim", "--seed", "5", "--games", "5", "--format", "json"]));
    assert_eq!(untimed(a), untimed(b));
}

#[test]
fn rows_carry_each_propaganda_round_and_rows_without_them_still_merge() {
    let dir = TempDir::new("sim-rounds");
    let part = |k: u64| -> Value {
        let shard = format!("{k}/2");
        json(&ok(&[
            "sim", "--seeds", "1..6", "--shard", &shard, "--rows", "--format", "json",
        ]))
    };
    let (one, two) = (part(1), part(2));
    // Every completed game held at least one Propaganda Round; a game ended by a victory
    // check ends at its last Round, whose leader won.
    for row in one["tally"]["rows"].as_array().unwrap() {
        let rounds = row["rounds"].as_array().unwrap();
        assert!(!rounds.is_empty(), "{row}");
        let last = rounds.last().unwrap();
        assert!(last["margins"]["govt"].is_i64() && last["leader"].is_string(), "{row}");
        if row["ending"] == "victory_check" {
            assert_eq!(last["round"], row["round"], "{row}");
            assert_eq!(last["leader"], row["winner"], "{row}");
            assert_eq!(last["margins"], row["margins"], "{row}");
        }
    }
    // A document of an earlier version: rows without `rounds` (format "abyss-sim 1" is
    // unchanged) still reads and merges.
    let mut old = two.clone();
    for row in old["tally"]["rows"].as_array_mut().unwrap() {
        row.as_object_mut().unwrap().remove("rounds");
    }
    let (a, b) = (dir.path().join("one.json"), dir.path().join("old.json"));
    std::fs::write(&a, one.to_string()).unwrap();
    std::fs::write(&b, old.to_string()).unwrap();
    let (code, out, err) = merge(
        &[a.to_str().unwrap().to_string(), b.to_str().unwrap().to_string()],
        "json",
    );
    assert_eq!(code, 0, "{err}");
    let merged = json(&out);
    assert_eq!(merged["format"], "abyss-sim 1");
    assert_eq!(merged["tally"]["rows"].as_array().unwrap().len(), 6);
    assert_eq!(merged["tally"]["rows"][5]["rounds"], json("[]"));
    assert_eq!(merged["tally"]["wins"], {
        let whole = json(&ok(&["sim", "--seeds", "1..6", "--format", "json"]));
        whole["tally"]["wins"].clone()
    });
}
