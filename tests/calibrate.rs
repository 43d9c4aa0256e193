//! `abyss calibrate`: a lever set on the scenario in memory, bisected on paired seeds.

mod common;

use common::abyss;
use serde_json::Value;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn a_strong_lever_is_calibrated_inside_its_range_with_every_point_reported() {
    // FARC's Resources under random play on Quick: about 37% wins at 0 and over 50% from
    // a handful up (seeds 1..=100), so 45% is reached strictly inside 0..=99.
    let args = [
        "calibrate",
        "--scenario",
        "quick",
        "--agents",
        "random",
        "--lever",
        "resources.farc=0..99",
        "--target",
        "45%",
        "--seeds",
        "1..100",
        "--jobs",
        "2",
        "--format",
        "json",
    ];
    let (code, out, err) = abyss(&args);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(
        (v["lever"].as_str(), v["faction"].as_str()),
        (Some("resources.farc"), Some("farc"))
    );
    assert_eq!(v["direction"], "rises");
    let value = v["value"].as_i64().expect("a value found");
    assert!((1..99).contains(&value), "{value}");
    let points = v["points"].as_array().unwrap();
    let at = |x: i64| {
        points
            .iter()
            .find(|p| p["value"] == x)
            .unwrap_or_else(|| panic!("{x} measured"))
    };
    // Both ends, the value and the one below it were measured, on every seed.
    for x in [0, 99, value, value - 1] {
        assert_eq!(at(x)["games"], 100, "{x}");
    }
    let rate = |x: i64| at(x)["rate"]["estimate"].as_f64().unwrap();
    assert!(rate(value) >= 0.45 && rate(value - 1) < 0.45, "{points:?}");
    let values: Vec<i64> = points.iter().map(|p| p["value"].as_i64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] < w[1]), "{values:?}");
    // The values whose interval holds 45% include the one chosen.
    let within = v["within"].as_array().unwrap();
    assert!(within[0].as_i64().unwrap() <= value && value <= within[1].as_i64().unwrap());
    // The same seeds give the same answer.
    let (_, again, _) = abyss(&args);
    let mut again = json(&again);
    let mut v = v;
    for d in [&mut v, &mut again] {
        d.as_object_mut().unwrap().remove("seconds");
    }
    assert_eq!(again, v);
}

#[test]
fn an_unknown_lever_is_an_error_naming_the_known_ones() {
    let (code, _, err) = abyss(&["calibrate", "--lever", "victory.support=50..70"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown lever `victory.support`"), "{err}");
    assert!(
        err.contains("resources.govt")
            && err.contains("aid")
            && err.contains("space.SPACE.COUNT")
            && err.contains("victory.cartels_resources"),
        "{err}"
    );
    let (code, _, err) = abyss(&["calibrate", "--lever", "resources.govt"]);
    assert_eq!(code, 2);
    assert!(err.contains("write NAME=LOW..HIGH"), "{err}");
    let (code, _, err) = abyss(&[
        "calibrate",
        "--lever",
        "space.atlantis.troops=0..3",
        "--faction",
        "govt",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("`atlantis` is not a space"), "{err}");
    // A range the rules refuse is refused before any game, naming the value.
    let (code, _, err) = abyss(&["calibrate", "--lever", "resources.govt=0..150"]);
    assert_eq!(code, 2);
    assert!(err.contains("--lever resources.govt=150"), "{err}");
    // A lever that is no Faction's own needs --faction.
    let (code, _, err) = abyss(&["calibrate", "--lever", "space.bogota.troops=0..3"]);
    assert_eq!(code, 2);
    assert!(err.contains("--faction"), "{err}");
}

#[test]
fn a_victory_threshold_is_a_lever_set_on_the_rules() {
    // 7.2's Government threshold under random play on Quick: the higher it is, the fewer
    // games the Government wins (all of them when any Support is enough).
    let args = [
        "calibrate",
        "--scenario",
        "quick",
        "--agents",
        "random",
        "--lever",
        "victory.govt=0..60",
        "--target",
        "50%",
        "--seeds",
        "1..60",
        "--jobs",
        "2",
        "--format",
        "json",
    ];
    let (code, out, err) = abyss(&args);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(
        (v["lever"].as_str(), v["faction"].as_str()),
        (Some("victory.govt"), Some("govt"))
    );
    assert_eq!(v["direction"], "falls");
    let value = v["value"].as_i64().expect("a value found");
    assert!((1..60).contains(&value), "{value}");
    let points = v["points"].as_array().unwrap();
    let rate = |x: i64| {
        points
            .iter()
            .find(|p| p["value"] == x)
            .unwrap_or_else(|| panic!("{x} measured"))["rate"]["estimate"]
            .as_f64()
            .unwrap()
    };
    assert!(rate(0) > 0.9, "{points:?}");
    assert!(rate(value) <= 0.5 && rate(value - 1) > 0.5, "{points:?}");
    // Outside what rules/forces.toml accepts: refused before any game.
    let (code, _, err) = abyss(&["calibrate", "--lever", "victory.farc=0..5000", "--seeds", "1..10"]);
    assert_ne!(code, 0);
    assert!(
        err.contains("victory.farc=5000: a victory threshold must be within -99..=999"),
        "{err}"
    );
}
