//! A whole game as one self-contained HTML page (`abyss replay FILE --html OUT`): the
//! board picture with the narrative beside it, stepping card by card and line by line.
//! No network: the SVG, the script and the style are inline. The page sends the picture's
//! static layer once and, for each step, only the parts of the picture that changed.
//!
//! The page reads `#step=N` (or `#card=N`, counted from 1) from its address, shows that step, and writes
//! what it shows into the DOM (`body[data-step]`, `body[data-card]`, `#status`), so a
//! headless browser can check it; script errors are counted in `body[data-errors]`.

use super::esc;
use super::svg::Painter;
use super::trace::Trace;
use serde::Serialize;

#[derive(Serialize)]
struct StepJson<'a> {
    /// Kind: start, card, line, end.
    k: &'static str,
    /// Caption.
    c: &'a str,
    /// Deck position of the card.
    n: usize,
    /// Changed picture parts: [fragment id index, pool index].
    d: Vec<[u32; 2]>,
}

#[derive(Serialize)]
struct Data<'a> {
    ids: Vec<String>,
    pool: &'a [String],
    base: &'a [u32],
    steps: Vec<StepJson<'a>>,
}

/// The page for a recorded trace; `title` names the game.
pub fn replay_page(painter: &Painter, trace: &Trace, title: &str) -> String {
    let empty = Vec::new();
    let base = trace.steps.first().map_or(&empty, |s| &s.picture);
    let mut prev = base;
    let mut steps = Vec::with_capacity(trace.steps.len());
    for s in &trace.steps {
        let d = s
            .picture
            .iter()
            .zip(prev.iter())
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (a, _))| [i as u32, *a])
            .collect();
        steps.push(StepJson {
            k: s.kind.slug(),
            c: &s.caption,
            n: s.card_index,
            d,
        });
        prev = &s.picture;
    }
    let data = Data {
        ids: painter.fragment_ids(),
        pool: &trace.pool,
        base,
        steps,
    };
    // `</` cannot appear inside a script element.
    let json = serde_json::to_string(&data)
        .expect("the trace serializes")
        .replace("</", "<\\/");
    let svg = painter.document(&vec![String::new(); data.ids.len()]);
    PAGE.replace("{{TITLE}}", &esc(title))
        .replace("{{SVG}}", &svg)
        .replace("{{DATA}}", &json)
}

const PAGE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>abyss replay: {{TITLE}}</title>
<style>
body { margin: 0; font-family: "DejaVu Sans", Verdana, Arial, sans-serif; display: flex; height: 100vh; background: #e9e6dd; }
#board { flex: 1 1 auto; overflow: hidden; }
#board svg { width: 100%; height: 100vh; display: block; }
#side { width: 390px; flex: 0 0 390px; display: flex; flex-direction: column; border-left: 1px solid #999; background: #fbfaf6; }
#controls { padding: 8px; border-bottom: 1px solid #ccc; }
#controls h1 { font-size: 15px; margin: 0 0 6px 0; }
#controls button { font-size: 14px; min-width: 34px; margin: 1px; }
#slider { width: 100%; margin-top: 6px; }
#status { font-size: 12px; margin-top: 4px; color: #333; }
#story { flex: 1; overflow: auto; margin: 0; padding: 0 0 40px 0; list-style: none; font-size: 12.5px; }
#story li { padding: 2px 8px; cursor: pointer; border-left: 4px solid transparent; }
#story li.card { font-weight: bold; background: #ebe4cd; margin-top: 4px; }
#story li.start, #story li.end { font-weight: bold; background: #d9e4f2; }
#story li.now { background: #ffe47a; border-left-color: #b58900; }
#story li.later { color: #9a9a9a; }
</style>
</head>
<body data-step="0" data-card="0" data-errors="0">
<div id="board">{{SVG}}</div>
<div id="side">
<div id="controls">
<h1>{{TITLE}}</h1>
<button id="first" title="first step (Home)">|&lt;</button><button id="pcard" title="previous card (Page Up)">«</button><button id="prev" title="previous step (←)">‹</button><button id="play" title="play / pause (space)">▶</button><button id="next" title="next step (→)">›</button><button id="ncard" title="next card (Page Down)">»</button><button id="last" title="last step (End)">&gt;|</button>
<input id="slider" type="range" min="0" max="0" value="0">
<div id="status"></div>
</div>
<ol id="story"></ol>
</div>
<script type="application/json" id="data">{{DATA}}</script>
<script>
"use strict";
window.addEventListener("error", function (e) {
  document.body.dataset.errors = String(Number(document.body.dataset.errors) + 1);
  document.body.dataset.lastError = String(e.message);
});
const D = JSON.parse(document.getElementById("data").textContent);
const groups = D.ids.map(function (id) { return document.getElementById(id); });
const shown = D.ids.map(function () { return -1; });
let pic = D.base.slice();
let at = 0;
let timer = null;
const story = document.getElementById("story");
const items = D.steps.map(function (s, i) {
  const li = document.createElement("li");
  li.className = s.k;
  li.textContent = s.c;
  li.addEventListener("click", function () { go(i); });
  story.appendChild(li);
  return li;
});
const slider = document.getElementById("slider");
slider.max = String(D.steps.length - 1);
function pictureAt(n) {
  if (n < at) { pic = D.base.slice(); at = 0; }
  for (let i = at + 1; i <= n; i++) {
    for (const [g, p] of D.steps[i].d) { pic[g] = p; }
  }
  at = n;
  return pic;
}
function go(n) {
  n = Math.max(0, Math.min(D.steps.length - 1, Math.floor(Number(n) || 0)));
  const p = pictureAt(n);
  for (let i = 0; i < p.length; i++) {
    if (shown[i] !== p[i]) { groups[i].innerHTML = D.pool[p[i]]; shown[i] = p[i]; }
  }
  const old = story.querySelector("li.now");
  if (old) { old.classList.remove("now"); }
  items.forEach(function (li, i) { li.classList.toggle("later", i > n); });
  items[n].classList.add("now");
  items[n].scrollIntoView({ block: "nearest" });
  slider.value = String(n);
  const s = D.steps[n];
  document.body.dataset.step = String(n);
  document.body.dataset.card = String(s.n);
  document.getElementById("status").textContent =
    "Step " + n + " of " + (D.steps.length - 1) + " · " + s.c;
  try { history.replaceState(null, "", "#step=" + n); } catch (e) { /* a file: page may refuse; the hash is only a convenience */ }
}
function cardStep(from, dir) {
  for (let i = from + dir; i >= 0 && i < D.steps.length; i += dir) {
    if (D.steps[i].k === "card" || D.steps[i].k === "end" || D.steps[i].k === "start") { return i; }
  }
  return dir > 0 ? D.steps.length - 1 : 0;
}
function now() { return Number(document.body.dataset.step); }
function toggle() {
  if (timer) { clearInterval(timer); timer = null; return; }
  timer = setInterval(function () {
    if (now() >= D.steps.length - 1) { toggle(); return; }
    go(now() + 1);
  }, 500);
}
document.getElementById("first").onclick = function () { go(0); };
document.getElementById("last").onclick = function () { go(D.steps.length - 1); };
document.getElementById("prev").onclick = function () { go(now() - 1); };
document.getElementById("next").onclick = function () { go(now() + 1); };
document.getElementById("pcard").onclick = function () { go(cardStep(now(), -1)); };
document.getElementById("ncard").onclick = function () { go(cardStep(now(), 1)); };
document.getElementById("play").onclick = toggle;
slider.oninput = function () { go(slider.value); };
document.addEventListener("keydown", function (e) {
  const keys = {
    ArrowRight: function () { go(now() + 1); }, ArrowLeft: function () { go(now() - 1); },
    PageDown: function () { go(cardStep(now(), 1)); }, PageUp: function () { go(cardStep(now(), -1)); },
    ArrowDown: function () { go(cardStep(now(), 1)); }, ArrowUp: function () { go(cardStep(now(), -1)); },
    Home: function () { go(0); }, End: function () { go(D.steps.length - 1); }, " ": toggle
  };
  if (keys[e.key]) { keys[e.key](); e.preventDefault(); }
});
function fromHash() {
  const m = /^#(step|card)=(\d+)$/.exec(location.hash);
  if (!m) { return 0; }
  const n = Number(m[2]);
  if (m[1] === "step") { return n; }
  const i = D.steps.findIndex(function (s) { return s.k === "card" && s.n === n - 1; });
  return i < 0 ? 0 : i;
}
window.addEventListener("hashchange", function () { go(fromHash()); });
go(fromHash());
</script>
</body>
</html>
"##;
