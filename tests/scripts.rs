//! The script host: broken card scripts give a diagnostic naming the card, file and line
//! and leave the game exactly as it was (5.0 transactions); the sandbox; the modder's loop
//! through `--content`; the language-server definitions stay current.

mod common;
use abyss::content::{self, ContentFiles};
use abyss::game::Game;
use abyss::kernel::{Faction, Side};
use abyss::script::ScriptError;
use common::TempDir;

const CARD8: &str = "events/008_fuerza_aerea_colombiana.lua";

/// The embedded content with card 8's script replaced by `unshaded`'s body.
fn with_card8(body: &str) -> ContentFiles {
    let mut files = ContentFiles::embedded();
    let text = format!(
        "-- 8. Fuerza Aérea Colombiana\nreturn {{\n  unshaded = function(g)\n{body}\n  end,\n  shaded = function(g) end,\n}}\n"
    );
    files.files.insert(CARD8.into(), text);
    files
}

/// The rules with card 8's script replaced by `body`'s, and the standard set-up.
fn standard_with_card8(body: &str) -> (abyss::kernel::Ruleset, abyss::content::Setup) {
    let files = with_card8(body);
    let mut findings = Vec::new();
    let rules = content::load_ruleset(&files, &mut findings).expect("the rules load");
    let sc = content::load_scenario(&files, "standard", &mut findings)
        .unwrap()
        .unwrap();
    let (setup, _) = content::build_setup(&sc, &rules, 1);
    (rules, setup)
}

/// Run card 8 unshaded as the Government on the standard position; the failure it gave
/// and whether the state came back unchanged.
fn run_card8(body: &str) -> (Option<ScriptError>, bool) {
    let (rules, setup) = standard_with_card8(body);
    let agents = abyss::game::playout::Replay::agents(vec![]);
    let mut game = Game::new(&rules, setup, vec![8], agents);
    let before = game.state.clone();
    let failure = game.execute_event(Faction::Govt, 8, Side::Unshaded).expect("no stop");
    (failure, game.state == before)
}

fn fails_at(body: &str, line: usize, text: &str) {
    let (failure, unchanged) = run_card8(body);
    let e = failure.unwrap_or_else(|| panic!("expected a failure for:\n{body}"));
    assert_eq!((e.card, e.file.as_str(), e.line), (8, CARD8, line), "{e}");
    assert!(e.message.contains(text), "`{}` should contain `{text}`", e.message);
    assert!(
        e.to_string()
            .starts_with("card 8 (Fuerza Aérea Colombiana), unshaded: events/008"),
        "{e}"
    );
    assert!(unchanged, "the state must be restored after: {e}");
}

// Line 4 of the generated script is the first line of the body.

#[test]
fn a_runtime_error_rolls_back_what_the_event_did_before_it() {
    fails_at("    g:add_resources(\"govt\", 10)\n    error(\"boom\")", 5, "boom");
}

#[test]
fn a_syntax_error_is_reported_at_its_line() {
    fails_at("    g:add_aid(", 5, "");
    // ... and by the static check of `abyss validate`, before any play.
    let report = abyss::cli::validate::check(&with_card8("    local x = = 1"), None).unwrap();
    let f = report
        .findings
        .iter()
        .find(|f| f.code == "script-error")
        .expect("a finding");
    assert_eq!((f.file.as_str(), f.line), (CARD8, 4), "{f}");
}

#[test]
fn an_error_in_a_function_the_host_calls_is_reported_at_its_own_line() {
    // Issue 26 §3: an error inside an `effect` was reported at the `g:choose_space{` line
    // (44 of the 72 cards put their text in an `effect`). The line of the call that handed
    // the function over comes next, in the traceback.
    let effect = "    g:choose_space{ prompt = \"x?\", from = g:spaces(\"department\"), effect = function(s)\n      g:add_resources(\"govt\", 1)\n      local x = nil + 1\n    end }";
    fails_at(effect, 6, "attempt to perform arithmetic on a nil value");
    let (e, _) = run_card8(effect);
    assert_eq!(
        e.unwrap().traceback.first().map(String::as_str),
        Some("events/008_fuerza_aerea_colombiana.lua:4")
    );
    // An error of the card API, called inside the `effect`.
    fails_at(
        "    g:choose_space{ prompt = \"x?\", from = g:spaces(\"department\"), effect = function(s)\n      g:place(s, \"govt\", \"tanks\")\n    end }",
        5,
        "tanks",
    );
    // An `effect` inside an `effect`: the innermost line.
    fails_at(
        "    g:choose_space{ prompt = \"x?\", from = g:spaces(\"department\"), effect = function(s)\n      g:choose_faction{ prompt = \"y?\", from = { \"farc\", \"auc\" }, effect = function(f)\n        error(\"boom\")\n      end }\n    end }",
        6,
        "boom",
    );
    // A `highest`, and the body of g:as.
    fails_at(
        "    g:choose_spaces{ prompt = \"x?\", from = g:spaces(\"department\"), n = 2, highest = function(s)\n      return nil + 1\n    end }",
        5,
        "attempt to perform arithmetic on a nil value",
    );
    fails_at(
        "    g:as(\"farc\", function()\n      error(\"boom\")\n    end)",
        5,
        "boom",
    );
    // The work budget, spent inside an `effect`.
    fails_at(
        "    g:choose_space{ prompt = \"x?\", from = g:spaces(\"department\"), effect = function(s)\n      while true do end\n    end }",
        5,
        "work budget",
    );
}

#[test]
fn an_endless_loop_runs_out_of_its_work_budget() {
    fails_at("    g:add_aid(5)\n    while true do end", 5, "work budget");
}

#[test]
fn the_work_budget_counts_instructions_not_time() {
    // About 60 million loop turns: a quarter of the budget of instructions, far more than
    // a second of work on a slow machine. It passes wherever it runs, however loaded the
    // machine, and a loop ten times longer fails wherever it runs.
    let (failure, unchanged) = run_card8("    local x = 0\n    for i = 1, 60000000 do x = x + i end\n    g:add_aid(5)");
    assert!(failure.is_none(), "{failure:?}");
    assert!(!unchanged, "the Event's Aid was added");
    fails_at(
        "    local x = 0\n    for i = 1, 600000000 do x = x + i end\n    g:add_aid(5)",
        5,
        "work budget",
    );
}

/// Answers the first question it is asked with the option at `pick`, after `delay`.
struct Slow {
    delay: std::time::Duration,
    pick: usize,
}

impl abyss::game::decision::Agent for Slow {
    fn decide(
        &mut self,
        _view: &abyss::game::decision::View,
        request: &abyss::game::decision::Request,
    ) -> Result<usize, abyss::game::decision::Stop> {
        std::thread::sleep(self.delay);
        Ok(self.pick.min(request.options.len() - 1))
    }
}

/// Card 14 unshaded (the Government picks a Department) with the Government's answer
/// given after `delay`: the failure, the position and the answers recorded.
fn tres_esquinas_answered_after(
    delay: std::time::Duration,
) -> (
    Option<ScriptError>,
    abyss::kernel::State,
    Vec<(Faction, abyss::game::decision::Choice)>,
) {
    let rules = common::rules();
    let setup = common::setup(&rules, "standard");
    let agents: Vec<Box<dyn abyss::game::decision::Agent>> = Faction::ALL
        .iter()
        .map(|_| Box::new(Slow { delay, pick: 3 }) as Box<dyn abyss::game::decision::Agent>)
        .collect();
    let mut game = Game::new(&rules, setup, vec![14], agents);
    let failure = game.execute_event(Faction::Govt, 14, Side::Unshaded).expect("no stop");
    (failure, game.state.clone(), game.answers.clone())
}

#[test]
fn a_person_thinking_over_an_events_question_changes_nothing() {
    // Issue 26: the budget once ran on the clock, and an answer given after 2 s rolled
    // the Event back while the record kept it. 2.5 s is longer than that old limit.
    let quick = tres_esquinas_answered_after(std::time::Duration::ZERO);
    let slow = tres_esquinas_answered_after(std::time::Duration::from_millis(2500));
    assert!(quick.0.is_none(), "{:?}", quick.0);
    assert!(slow.0.is_none(), "{:?}", slow.0);
    assert_eq!(quick.2.len(), 1, "one question asked: {:?}", quick.2);
    assert_eq!(slow.2, quick.2, "the same answers recorded");
    assert!(slow.1 == quick.1, "the same position");
}

#[test]
fn assigning_a_global_is_an_error() {
    fails_at("    total = 3", 4, "assigning the global `total`");
}

#[test]
fn math_random_is_not_available() {
    fails_at("    local n = math.random(6)", 4, "math.random is not available");
}

#[test]
fn io_os_and_pcall_are_not_there() {
    fails_at("    os.exit(1)", 4, "unknown name `os`");
    fails_at("    io.write('x')", 4, "unknown name `io`");
    fails_at("    pcall(error, 'x')", 4, "unknown name `pcall`");
    fails_at("    load('return 1')", 4, "unknown name `load`");
}

#[test]
fn a_placement_that_would_break_stacking_is_ignored() {
    // 1.4.2, 5.1.1: at most 2 Bases in a space; Bogotá starts with none, so the third is
    // not placed, and the Event goes on.
    let files = with_card8("    local a = g:place(\"bogota\", \"cartels\", \"base\", 3)\n    g:add_aid(a)");
    let mut findings = Vec::new();
    let rules = content::load_ruleset(&files, &mut findings).unwrap();
    let sc = content::load_scenario(&files, "standard", &mut findings)
        .unwrap()
        .unwrap();
    let (setup, _) = content::build_setup(&sc, &rules, 1);
    let mut game = Game::new(&rules, setup, vec![8], abyss::game::playout::Replay::agents(vec![]));
    let aid = game.state.aid();
    assert_eq!(game.execute_event(Faction::Govt, 8, Side::Unshaded).unwrap(), None);
    let bogota = rules.map.find("bogota").unwrap();
    let base = abyss::kernel::PieceType::base(Faction::Cartels);
    assert_eq!(game.state.count(bogota, base), 2);
    assert_eq!(game.state.aid(), aid + 2, "g:place says how many it placed");
}

#[test]
fn a_memory_hog_hits_the_memory_limit() {
    // Lua runs no message handler for a memory error, so the place is the file alone.
    let (failure, unchanged) = run_card8("    local t = {}\n    for i = 1, 100000000 do t[i] = i end");
    let e = failure.expect("a failure");
    assert_eq!((e.card, e.file.as_str(), e.line), (8, CARD8, 0), "{e}");
    assert!(e.message.contains("memory limit"), "{e}");
    assert!(unchanged);
}

#[test]
fn a_script_without_its_header_is_a_finding() {
    let mut files = ContentFiles::embedded();
    files.files.insert(
        CARD8.into(),
        "return { unshaded = function(g) end, shaded = function(g) end }\n".into(),
    );
    let report = abyss::cli::validate::check(&files, None).unwrap();
    let f = report
        .findings
        .iter()
        .find(|f| f.code == "script-error")
        .expect("a finding");
    assert_eq!((f.file.as_str(), f.line), (CARD8, 1), "{f}");
    assert!(f.message.contains("-- 8. Fuerza Aérea Colombiana"), "{f}");
}

#[test]
fn an_unknown_api_name_gets_a_did_you_mean() {
    fails_at("    g:add_resoruces(\"govt\", 1)", 4, "did you mean g:add_resources");
    let report = abyss::cli::validate::check(&with_card8("    g:plcae(\"cali\", \"govt\", \"troops\")"), None).unwrap();
    let f = report
        .findings
        .iter()
        .find(|f| f.code == "script-error")
        .expect("a finding");
    assert_eq!(f.line, 4);
    assert!(f.message.contains("did you mean g:place?"), "{f}");
}

#[test]
fn require_reaches_only_events_lib() {
    let mut files = with_card8("    local m = require(\"helpers\")\n    g:add_aid(m.five())");
    files.files.insert(
        "events/lib/helpers.lua".into(),
        "return { five = function() return 5 end }\n".into(),
    );
    let mut findings = Vec::new();
    let rules = content::load_ruleset(&files, &mut findings).unwrap();
    let sc = content::load_scenario(&files, "standard", &mut findings)
        .unwrap()
        .unwrap();
    let (setup, _) = content::build_setup(&sc, &rules, 1);
    let mut game = Game::new(&rules, setup, vec![8], abyss::game::playout::Replay::agents(vec![]));
    let aid = game.state.aid();
    assert_eq!(game.execute_event(Faction::Govt, 8, Side::Unshaded).unwrap(), None);
    assert_eq!(game.state.aid(), aid + 5);
    fails_at("    require(\"os\")", 4, "no module `os` in events/lib/");
}

#[test]
fn the_same_seed_and_answers_give_the_same_game_with_events() {
    let r = common::rules();
    let sc = content::load_scenario(&ContentFiles::embedded(), "standard", &mut vec![])
        .unwrap()
        .unwrap();
    let (setup, _) = content::build_setup(&sc, &r, 0);
    for seed in 1..4 {
        let (a, ga) = abyss::game::playout::random_game(&r, &setup, seed, false);
        let (b, gb) = abyss::game::playout::random_game(&r, &setup, seed, false);
        assert_eq!(a, b);
        assert_eq!(ga.state, gb.state);
        assert_eq!(ga.events_played, gb.events_played);
    }
}

#[test]
fn an_edited_card_changes_the_game_through_content_without_rebuilding() {
    let dir = TempDir::new("edit-card");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (rel, text) in &ContentFiles::from_dir(root).unwrap().files {
        dir.write(rel, text);
    }
    let run = |content: &std::path::Path| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_abyss"))
            .args(["event", "8", "--side", "shaded", "--content"])
            .arg(content)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let before = run(dir.path());
    assert!(before.contains("resources govt: 40 -> 31"), "{before}");
    // A modder changes the Resources loss from 9 to 4 and reruns: no rebuild.
    let path = dir.path().join(CARD8);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("g:add_resources(\"govt\", -9)", "g:add_resources(\"govt\", -4)"),
    )
    .unwrap();
    let after = run(dir.path());
    assert!(after.contains("resources govt: 40 -> 36"), "{after}");
}

#[test]
fn the_language_server_definitions_are_current() {
    let committed =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/lua/abyss.lua")).unwrap();
    assert!(
        committed == abyss::script::defs::luals_definitions(),
        "docs/lua/abyss.lua is stale: regenerate it with `cargo run -- lua-defs > docs/lua/abyss.lua`"
    );
}

#[test]
fn holding_lists_the_spaces_where_count_finds_such_pieces() {
    // g:holding(...) against g:spaces filtered by g:count(s, ...) > 0, for each kind of
    // argument; and a bad argument is refused with g:holding's own name.
    let body = r#"
    local function same(a, b)
      if #a ~= #b then return false end
      for i = 1, #a do if a[i] ~= b[i] then return false end end
      return true
    end
    local asks = { {}, { "insurgents" }, { "farc", "guerrilla" }, { "govt", "cubes" },
      { "auc", "guerrilla", "active" }, { "farc", "guerrilla", "underground" }, { "cartels", "base" } }
    for _, a in ipairs(asks) do
      local want = g:spaces(function(s) return g:count(s, a[1], a[2], a[3]) > 0 end)
      local got = g:holding(a[1], a[2], a[3])
      if not same(got, want) or #want == 0 and #a == 0 then
        error("holding " .. table.concat(a, " ") .. ": " .. #got .. " spaces, not " .. #want)
      end
    end
    g:holding("nobody")"#;
    fails_at(body, 19, "g:holding: `nobody` is not a Faction or \"insurgents\"");
}

#[test]
fn filter_contains_and_sum_walk_a_list_as_ipairs_does() {
    // Up to the first nil, through `__index`; a non-list is refused with the helper's
    // name, at the card's line.
    let body = r#"
    local list = setmetatable({}, { __index = function(_, i) if i <= 4 then return i * 10 end end })
    local odd = g:filter({ 1, 2, 3, nil, 5 }, function(x) return x % 2 == 1 end)
    if #odd ~= 2 or odd[1] ~= 1 or odd[2] ~= 3 then error("filter: " .. #odd) end
    if g:sum(list, function(x) return x end) ~= 100 then error("sum through __index") end
    if not g:contains(list, 40) or g:contains(list, 50) then error("contains") end
    if #g:filter({}, function() return true end) ~= 0 then error("empty") end
    g:sum(7, function(x) return x end)"#;
    fails_at(
        body,
        11,
        "g:sum: the first argument must be a list (a table), not number",
    );
}

#[test]
fn borders_answers_for_countries_event_only_spaces_and_unknown_names() {
    // The answers are checked inside the script: a wrong one fails the Event at its line.
    let (failure, _) = run_card8(
        "    assert(g:borders(\"narino\", \"ecuador\") and not g:borders(\"vaupes\", \"venezuela\"))\n    \
         assert(g:borders(\"putumayo\", \"ecuador\") and not g:borders(\"bogota\", \"atlantis\"))",
    );
    assert!(failure.is_none(), "{failure:?}");
    fails_at("    g:borders(\"narino\", 3)", 4, "g:borders: 3 is not a country");
    fails_at("    g:borders(\"nowhere\", \"ecuador\")", 4, "is not a space");
}

#[test]
fn spaces_meets_every_condition_as_the_predicates_it_stands_for() {
    // Each declarative query equals the Lua predicate it replaces, on the standard set-up
    // (Support, Opposition and Neutral spaces, pieces of every Faction).
    let (failure, _) = run_card8(
        "    local function same(a, b) if #a ~= #b then return false end \
         for i = 1, #a do if a[i] ~= b[i] then return false end end return true end\n    \
         local function check(why, a, f) assert(#a > 0 and same(a, g:spaces(f)), why) end\n    \
         check('opposition', g:spaces('opposition'), function(s) return g:support(s) < 0 end)\n    \
         check('city support', g:spaces('city', 'support'), function(s) return g:is(s, 'city') and g:support(s) > 0 end)\n    \
         check('any of', g:spaces({ 'city', 'department' }), function(s) return not g:is(s, 'loc') end)\n    \
         check('levels', g:spaces('populated', { 'neutral', 'passive_opposition' }), function(s) return g:is(s, 'populated') and (g:support(s) == 0 or g:support(s) == -1) end)\n    \
         check('a list', g:spaces('department', g:holding('farc')), function(s) return g:is(s, 'department') and g:count(s, 'farc') > 0 end)\n    \
         check('two lists', g:spaces(g:holding('farc'), g:holding('govt')), function(s) return g:count(s, 'farc') > 0 and g:count(s, 'govt') > 0 end)\n    \
         check('a space', g:spaces('bogota'), function(s) return s == 'bogota' end)\n    \
         check('a predicate last', g:spaces('city', function(s) return s ~= 'bogota' end), function(s) return g:is(s, 'city') and s ~= 'bogota' end)\n    \
         check('nested lists', g:spaces('department', { g:holding('farc'), 'support' }), function(s) return g:is(s, 'department') and (g:count(s, 'farc') > 0 or g:support(s) > 0) end)\n    \
         local cities = g:spaces('city')\n    \
         check('adjacent to a list', g:adjacent(cities), function(s) for _, c in ipairs(cities) do if g:is_adjacent(s, c) then return true end end return false end)\n    \
         assert(same(g:adjacent({ 'bogota' }), g:adjacent('bogota')))\n    \
         assert(g:place_shipment(g:holding('farc', 'guerrilla')[1], 'farc'))\n    \
         check('shipment', g:spaces('shipment'), function(s) return g:shipments(s) > 0 end)\n    \
         assert(#g:spaces('pipeline', 'sabotaged') == 0 and #g:spaces() == #g:spaces(nil))\n    \
         for _, s in ipairs(g:spaces()) do assert(g:is(s, 'support') == (g:support(s) > 0) and g:is(s, 'neutral') == (g:support(s) == 0)) end",
    );
    assert!(failure.is_none(), "{failure:?}");
    fails_at(
        "    g:spaces(function() end, 'city')",
        4,
        "g:spaces: a function must be the last argument",
    );
    fails_at(
        "    g:spaces('city', 'farc')",
        4,
        "g:spaces: `farc` is not a space trait",
    );
    fails_at(
        "    g:spaces({ 'city', 3 })",
        4,
        "g:spaces: 3 is not a space trait, a Support level or a space",
    );
    fails_at(
        "    g:adjacent({ 'bogota', 'farc' })",
        4,
        "g:adjacent: `farc` is not a space trait",
    );
    fails_at(
        "    g:is('bogota', 'govt')",
        4,
        "g:is: `govt` is not a space trait or a Support level",
    );
}

#[test]
fn plain_effects_take_words_off_mlua_and_lists_through_it_alike() {
    // g:remove and the other plain effects are C closures for plain arguments, and hand a
    // list (here of Factions) to their mlua twin: both do the same, with the same messages.
    let (failure, _) = run_card8(
        "    local held = g:holding('farc', 'guerrilla')\n    \
         local function one_less(s, f) local n = g:count(s, 'farc', 'guerrilla'); return g:remove(s, f, 'guerrilla', 1) == 1 and g:count(s, 'farc', 'guerrilla') == n - 1 end\n    \
         assert(one_less(held[1], { 'farc' }), 'a list')\n    \
         assert(one_less(held[2], 'farc'), 'words')\n    \
         local r = g:resources('govt')\n    \
         assert(g:add_resources('govt', 3) == r + 3 and g:resources('govt') == r + 3, 'add_resources')",
    );
    assert!(failure.is_none(), "{failure:?}");
    let kind = "is not a piece kind (troops, police, base, guerrilla, cubes)";
    fails_at(
        "    g:remove('bogota', 'govt', 'knight')",
        4,
        &format!("g:remove: `knight` {kind}"),
    );
    fails_at(
        "    g:remove('bogota', { 'govt' }, 'knight')",
        4,
        &format!("g:remove: `knight` {kind}"),
    );
    fails_at(
        "    g.remove('bogota', 'govt')",
        4,
        "g:remove: call it as g:remove(...), with a colon",
    );
}

#[test]
fn a_dry_run_skips_the_answers_after_its_text_fell_short() {
    // 5.1.3: the candidate's text resources +1 (a change), then a removal that cannot be
    // done (no FARC Guerrilla in Bogotá at the start), then a question of 9 options. The
    // removal fell short before the question was asked, so no answer to it can do better:
    // one dry try judges the candidate, then its text is carried out once for real. Were
    // the 9 answers each tried, `runs` would be 10.
    let (rules, setup) = standard_with_card8(
        r#"    if g:count("bogota", "farc", "guerrilla") ~= 0 then error("a FARC Guerrilla in Bogota") end
    local runs = 0
    g:choose_space{ prompt = "where?", from = { "bogota" }, effect = function(s)
      runs = runs + 1
      g:add_resources("govt", 1)
      g:remove(s, "farc", "guerrilla", 1)
      g:choose_number{ prompt = "how many?", min = 1, max = 9 }
    end }
    error("runs " .. runs)"#,
    );
    let mut game = Game::new(&rules, setup, vec![8], abyss::game::playout::random_agents(1));
    let e = game
        .execute_event(Faction::Govt, 8, Side::Unshaded)
        .expect("no stop")
        .expect("the script ends with an error");
    assert!(e.message.contains("runs 2"), "{e}");
}

type Answers = Vec<(Faction, abyss::game::Choice)>;

/// Card 8 unshaded as `body`, run on the standard position by the Government with
/// agents that replay `answers`: a record's (noted answers included) when `notes`, else
/// a version 1 record's or a scenario test's play (without them).
fn run_card8_replaying(
    body: &str,
    answers: Answers,
    notes: bool,
) -> (Result<Option<ScriptError>, abyss::game::Stop>, Answers) {
    let (rules, setup) = standard_with_card8(body);
    let (replay, agents) = abyss::game::playout::Replay::new(answers);
    replay.state.borrow_mut().notes = notes;
    let mut game = Game::new(&rules, setup, vec![8], agents);
    let r = game.execute_event(Faction::Govt, 8, Side::Unshaded);
    (r, game.answers.clone())
}

#[test]
fn the_only_candidate_allowed_of_two_is_noted_in_the_record() {
    // 5.1.3: only Chocó (FARC Guerrillas there) lets the whole text be carried out, so
    // nobody is asked; the answer is still recorded, as a random playout that drew it
    // records it without judging Bogotá (crates/core/src/game/sample.rs).
    // Then a question someone is asked.
    let body = r#"    g:choose_space{ prompt = "where?", from = { "bogota", "choco" }, effect = function(s)
      g:add_resources("govt", 1)
      g:remove(s, "farc", "guerrilla", 1)
    end }
    g:choose_number{ prompt = "how many?", min = 1, max = 3 }"#;
    let (rules, _) = standard_with_card8(body);
    let choco = abyss::game::Choice::Space(rules.map.find("choco").expect("Chocó"));
    let bogota = abyss::game::Choice::Space(rules.map.find("bogota").expect("Bogotá"));
    let two = abyss::game::Choice::Number(2);
    let noted_then_two = vec![(Faction::Govt, choco), (Faction::Govt, two)];
    // A record's noted answer is used up there, and must be the engine's.
    let (r, answers) = run_card8_replaying(body, noted_then_two.clone(), true);
    assert!(matches!(r, Ok(None)), "{r:?}");
    assert_eq!(answers, noted_then_two);
    let (r, _) = run_card8_replaying(body, vec![(Faction::Govt, two)], true);
    assert!(matches!(r, Err(abyss::game::Stop::Diverged(_))), "{r:?}");
    // A list without noted answers (version 1, a scenario test) answers the number; the
    // game's own answers note Chocó all the same.
    let (r, answers) = run_card8_replaying(body, vec![(Faction::Govt, two)], false);
    assert!(matches!(r, Ok(None)), "{r:?}");
    assert_eq!(answers, noted_then_two);
    let (r, _) = run_card8_replaying(body, vec![(Faction::Govt, bogota), (Faction::Govt, two)], true);
    let Err(abyss::game::Stop::Diverged(why)) = r else {
        panic!("{r:?}")
    };
    assert!(
        why.contains("bogota") && why.contains("choco") && why.contains("only option"),
        "{why}"
    );
}
