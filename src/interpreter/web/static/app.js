// The page of `ludeme serve`: plain JavaScript over the server's JSON API (no build step, nothing
// fetched from elsewhere). The server holds the game; the page draws what it is sent (the SVG
// renderer's picture, whose every site is a target with its data-site) and sends clicks as moves.
"use strict";

const $ = (id) => document.getElementById(id);
const AGENTS = ["human", "random", "mcts", "flat", "alphabeta"];
const BUDGETS = { mcts: "iterations=200", flat: "iterations=200", alphabeta: "depth=2", random: "", human: "" };

let catalogue = [];      // the bundled games with their options
let S = null;            // the last view of the session the server sent
let sid = null;          // the session's id
let selected = null;     // the site of the piece selected to move
let piece = null;        // the piece chosen in the palette (games whose placements name it)
let pollTimer = null;
let paneFor = null;      // the game whose description the pane shows
let lastErrors = [];     // located errors of the last description tried

// --- talking to the server -------------------------------------------------------------------
async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
  let response;
  try { response = await fetch(path, init); }
  catch (e) { throw { status: 0, error: "the server cannot be reached: is `ludeme serve` still running?" }; }
  let data = null;
  try { data = await response.json(); } catch (e) { data = { error: `the server answered ${response.status}` }; }
  if (!response.ok) throw { status: response.status, error: data.error || `error ${response.status}`, errors: data.errors || [] };
  return data;
}

function say(text, info) {
  const box = $("message");
  box.textContent = text || "";
  box.className = info ? "info" : "";
}

function failed(err) {
  say(err.error || String(err));
  if (err.status === 404 && sid) { sid = null; history.replaceState(null, "", location.pathname); }
}

async function act(name, body) {
  if (!sid) return;
  try { show(await api("POST", `/api/s/${sid}/${name}`, body || {})); }
  catch (err) { failed(err); }
}

async function play(text) {
  selected = null;
  if (!sid) return;
  try { show(await api("POST", `/api/s/${sid}/move`, { move: text })); }
  catch (err) {
    failed(err);
    if (err.status === 409) flashRefused(text);
    if (S) drawMarks();
  }
}

async function refresh() {
  pollTimer = null;
  if (!sid) return;
  try { show(await api("GET", `/api/s/${sid}`), true); }
  catch (err) { failed(err); }
}

// --- drawing the session ---------------------------------------------------------------------
function show(view, polled) {
  const changed = !S || S.version !== view.version || S.id !== view.id || S.thinking !== view.thinking;
  S = view;
  if (sid !== view.id) { sid = view.id; history.replaceState(null, "", `#s=${sid}`); }
  if (!polled) say(view.message, true);
  else if (changed && view.message) say(view.message, true);
  if (changed) {
    $("board").innerHTML = view.svg;
    drawStatus(); drawChoices(); drawPlayers(); drawMoves(); drawControls(); drawMarks();
    $("game-title").textContent = view.game + (view.chosen.length ? " · " + view.chosen.join(", ") : "");
    $("download-record").href = `/api/s/${sid}/record`;
    $("download-position").href = `/api/s/${sid}/position`;
    if (paneFor !== view.game + "|" + view.source + "|" + view.options.join(",")) loadPane();
  }
  schedulePoll();
}

function schedulePoll() {
  if (pollTimer) clearTimeout(pollTimer);
  const agentTurn = S && !S.over && !S.human_turn && !S.paused && S.cursor === S.line.length;
  if (S && (S.thinking || agentTurn)) pollTimer = setTimeout(refresh, 250);
}

function drawStatus() {
  const st = $("status");
  st.textContent = S.over ? S.result : S.turn;
  st.className = S.over ? "over" : "";
  $("thinking").hidden = !S.thinking;
  $("thinking-text").textContent = `P${S.mover}'s agent (${S.seats[S.mover] || ""}) is thinking…`;
  $("paused").hidden = !(S.paused && !S.over && !S.human_turn);
}

function moves(kind) { return S.legal.filter((m) => m.kind === kind); }

function drawChoices() {
  const box = $("choices");
  box.replaceChildren();
  for (const m of S.legal.filter((m) => m.kind === "pass" || m.kind === "choice")) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "choice"; b.textContent = m.text; b.id = `choice-${m.text}`;
    b.addEventListener("click", () => play(m.text));
    box.append(b);
  }
  const pal = $("pieces");
  pal.replaceChildren();
  const names = [...new Set(moves("add").map((m) => m.piece).filter((p) => p))];
  if (names.length < 2) { piece = names.length === 1 ? names[0] : null; return; }
  if (!names.includes(piece)) piece = null;
  const label = document.createElement("span");
  label.textContent = "Piece to place:";
  pal.append(label);
  const hand = S.hands[S.mover] || {};
  for (const name of names) {
    const b = document.createElement("button");
    const label = moves("add").find((m) => m.piece === name).piece_label || name;
    b.type = "button"; b.className = "piece" + (name === piece ? " selected" : ""); b.id = `piece-${name}`;
    b.textContent = label + (name in hand ? ` (${hand[name]} left)` : "");
    b.addEventListener("click", () => { piece = piece === name ? null : name; drawChoices(); drawMarks(); });
    pal.append(b);
  }
}

function drawPlayers() {
  const table = $("players");
  table.replaceChildren();
  const head = table.insertRow();
  for (const h of ["", "player", "plays", "score", "on board", "in hand"]) {
    const th = document.createElement("th"); th.textContent = h; head.append(th);
  }
  for (let p = 1; p <= S.players; p++) {
    const row = table.insertRow();
    const sw = document.createElement("span");
    sw.className = "swatch"; sw.style.background = S.colours[p];
    row.insertCell().append(sw);
    const who = row.insertCell();
    who.textContent = `P${p}` + (S.winners.includes(p) ? " ★ winner" : "") + (!S.over && S.mover === p ? " ◀" : "");
    row.insertCell().textContent = S.seats[p] || "human";
    row.insertCell().textContent = S.scores[p];
    row.insertCell().textContent = S.pieces[p];
    const hand = S.hands[p];
    row.insertCell().textContent = hand ? Object.entries(hand).map(([k, v]) => `${k}×${v}`).join(" ") : "";
  }
  if (S.values.length) {
    const row = table.insertRow(); const cell = row.insertCell(); cell.colSpan = 6;
    cell.textContent = S.values.join("; ");
  }
}

function drawMoves() {
  const list = $("moves");
  list.replaceChildren();
  S.line.forEach((text, i) => {
    const li = document.createElement("li");
    li.textContent = text;
    if (i + 1 === S.cursor) li.className = "current";
    else if (i >= S.cursor) li.className = "future";
    li.addEventListener("click", () => act("goto", { ply: i + 1 }));
    list.append(li);
  });
}

function drawControls() {
  const atEnd = S.cursor >= S.line.length;
  $("undo").disabled = S.cursor === 0;
  $("redo").disabled = atEnd;
  $("hint").disabled = !S.human_turn;
  $("resign").disabled = !S.human_turn;
  $("first").disabled = $("back").disabled = S.cursor === 0;
  $("forward").disabled = $("last").disabled = atEnd;
  const slider = $("slider");
  slider.max = S.line.length; slider.value = S.cursor; slider.disabled = S.line.length === 0;
  $("ply").textContent = `move ${S.cursor} of ${S.line.length}` + (S.hint ? ` · hint: ${S.hint}` : "");
}

function drawMarks() {
  const targets = $("board").querySelectorAll(".target");
  const legalTo = new Set(), movable = new Set();
  for (const m of S.legal) {
    if (m.kind === "move") {
      if (selected === null) movable.add(m.from);
      else if (m.from === selected) legalTo.add(m.to);
    } else if ((m.kind === "add" && (!piece || m.piece === piece)) || m.kind === "remove") {
      if (selected === null) legalTo.add(m.to);
    }
  }
  const hinted = new Set();
  if (S.hint) {
    const m = S.legal.find((x) => x.text === S.hint);
    if (m) { if (m.to) hinted.add(m.to); if (m.from) hinted.add(m.from); }
  }
  for (const t of targets) {
    const site = t.dataset.site;
    t.classList.toggle("legal", legalTo.has(site));
    t.classList.toggle("movable", movable.has(site));
    t.classList.toggle("selected", site === selected);
    t.classList.toggle("hinted", hinted.has(site));
  }
}

function flashRefused(text) {
  const site = text.split(/[-@]/).pop();
  for (const t of $("board").querySelectorAll(".target")) {
    if (t.dataset.site === site) { t.classList.add("refused"); setTimeout(() => t.classList.remove("refused"), 1200); }
  }
}

// --- clicks on the board ---------------------------------------------------------------------
function clickSite(site) {
  if (!S || S.over || !S.human_turn) {
    if (S && !S.over) say(S.thinking ? "an agent is thinking: wait, or stop it" : "it is not a person's turn");
    return;
  }
  say("");
  const legal = S.legal;
  if (selected !== null) {
    const m = legal.find((x) => x.kind === "move" && x.from === selected && x.to === site);
    if (m) return play(m.text);
    if (site === selected) { selected = null; drawMarks(); return; }
  }
  if (legal.some((x) => x.kind === "move" && x.from === site)) { selected = site; drawMarks(); return; }
  let adds = legal.filter((x) => x.kind === "add" && x.to === site);
  if (piece) adds = adds.filter((x) => x.piece === piece);
  if (adds.length === 1) return play(adds[0].text);
  if (adds.length > 1) { offerPieces(adds); return; }
  const removals = legal.filter((x) => x.kind === "remove" && x.to === site);
  if (removals.length === 1) return play(removals[0].text);
  // not a legal move: the server says why in the rules' words
  const text = selected !== null ? `${selected}-${site}` : (piece ? `${piece}@${site}` : site);
  play(text);
}

function offerPieces(adds) {
  say(`Which piece on ${adds[0].to}?`, true);
  const box = $("choices");
  for (const m of adds) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "choice"; b.textContent = m.text; b.id = `choice-${m.text}`;
    b.addEventListener("click", () => play(m.text));
    box.append(b);
  }
}

// --- the game picker ---------------------------------------------------------------------------
function fillGames(initial) {
  const select = $("game");
  select.replaceChildren();
  for (const g of catalogue) {
    const o = document.createElement("option");
    o.value = g.name; o.textContent = g.title === g.name ? g.name : `${g.title} (${g.name})`;
    select.append(o);
  }
  const wanted = new URLSearchParams(location.search).get("game") || (initial && initial.game);
  if (wanted && catalogue.some((g) => g.name === wanted)) select.value = wanted;
  if (initial && initial.text) { $("text").value = initial.text; $("paste-box").open = true; }
  fillOptions();
}

function fillOptions() {
  const box = $("options");
  box.replaceChildren();
  const g = catalogue.find((x) => x.name === $("game").value);
  if (!g) return;
  for (const opt of g.options) {
    const label = document.createElement("label");
    label.textContent = opt.label + " ";
    const select = document.createElement("select");
    select.dataset.label = opt.label;
    select.id = "option-" + opt.label.replace(/\W+/g, "-");
    for (const item of opt.items) {
      const o = document.createElement("option");
      o.value = item; o.textContent = item + (item === opt.default ? " (default)" : "");
      if (opt.help[item]) o.title = opt.help[item];
      select.append(o);
    }
    select.value = opt.default;
    label.append(select);
    box.append(label);
  }
}

function fillSeats() {
  const box = $("seats");
  for (let p = 1; p <= 4; p++) {
    const row = document.createElement("div");
    row.className = "seat";
    const name = document.createElement("span");
    name.textContent = `P${p}` + (p > 2 ? " (if any)" : "");
    const select = document.createElement("select");
    select.id = `seat-${p}`;
    for (const a of AGENTS) { const o = document.createElement("option"); o.value = a; o.textContent = a; select.append(o); }
    select.value = p === 1 ? "human" : "random";
    const budget = document.createElement("input");
    budget.id = `budget-${p}`; budget.type = "text"; budget.placeholder = "budget, e.g. iterations=200";
    const searches = () => ["mcts", "flat", "alphabeta"].includes(select.value);
    select.addEventListener("change", () => { budget.value = BUDGETS[select.value]; budget.disabled = !searches(); });
    budget.disabled = true;
    row.append(name, select, budget);
    box.append(row);
  }
}

function seats() {
  const out = {};
  for (let p = 1; p <= 4; p++) {
    const kind = $(`seat-${p}`).value, budget = $(`budget-${p}`).value.trim();
    out[p] = budget && kind !== "human" && kind !== "random" ? `${kind}:${budget}` : kind;
  }
  return out;
}

function chosenGame() {
  const text = $("text").value;
  if ($("paste-box").open && text.trim()) return { text };
  const options = [];
  const g = catalogue.find((x) => x.name === $("game").value);
  for (const select of $("options").querySelectorAll("select")) {
    const opt = g.options.find((o) => o.label === select.dataset.label);
    if (opt && select.value !== opt.default) options.push(`${select.dataset.label}/${select.value}`);
  }
  return { game: $("game").value, options };
}

function showErrors(errors, message) {
  lastErrors = errors || [];
  const box = $("errors");
  box.replaceChildren();
  for (const e of lastErrors.length ? lastErrors : (message ? [{ text: message }] : [])) {
    const div = document.createElement("div");
    div.className = "error";
    div.textContent = e.text || e.message;
    box.append(div);
  }
  if (lastErrors.length && $("text").value.trim()) drawText($("desc-text"), $("text").value, lastErrors);
  $("desc-errors").replaceChildren(...[...box.childNodes].map((n) => n.cloneNode(true)));
}

async function start() {
  const body = { ...chosenGame(), seats: seats(), delay: Number($("speed").value) };
  const seed = $("seed").value.trim();
  if (seed) body.seed = Number(seed);
  selected = null; piece = null;
  try {
    const view = await api("POST", "/api/sessions", body);
    showErrors([]);
    S = null;
    show(view);
  } catch (err) {
    showErrors(err.errors, err.error);
    say(err.error);
  }
}

async function check() {
  try {
    const r = await api("POST", "/api/check", chosenGame());
    showErrors([]);
    say(`${r.name}: the description loads (${r.players} players)`, true);
  } catch (err) { showErrors(err.errors, err.error); say(err.error); }
}

// --- the description pane ----------------------------------------------------------------------
function drawText(pre, text, errors) {
  pre.replaceChildren();
  const bad = new Set((errors || []).map((e) => e.line));
  text.split("\n").forEach((line, i) => {
    const span = document.createElement("span");
    span.className = "line" + (bad.has(i + 1) ? " bad" : "");
    span.id = `line-${i + 1}`;
    span.textContent = String(i + 1).padStart(4) + "  " + line;
    pre.append(span);
  });
}

async function loadPane() {
  if (!sid) return;
  paneFor = S.game + "|" + S.source + "|" + S.options.join(",");
  try {
    const d = await api("GET", `/api/s/${sid}/description`);
    drawText($("desc-text"), d.text, []);
    $("desc-expanded").textContent = d.expanded;
    $("desc-concepts").textContent = d.concepts;
  } catch (err) { failed(err); }
}

// --- files ---------------------------------------------------------------------------------------
function readFile(input, then) {
  const file = input.files[0];
  if (!file) return;
  const limit = 2 * 1024 * 1024;
  if (file.size > limit) { say(`${file.name} is over ${limit / 1024} KiB`); input.value = ""; return; }
  const reader = new FileReader();
  reader.onload = () => { input.value = ""; then(String(reader.result), file.name); };
  reader.onerror = () => say(`cannot read ${file.name}`);
  reader.readAsText(file);
}

// --- wiring ------------------------------------------------------------------------------------
function tabs(name) {
  for (const b of document.querySelectorAll(".tab")) b.classList.toggle("active", b.dataset.tab === name);
  for (const p of document.querySelectorAll(".pane")) p.hidden = p.id !== `tab-${name}`;
}

async function main() {
  fillSeats();
  for (const b of document.querySelectorAll(".tab")) b.addEventListener("click", () => tabs(b.dataset.tab));
  tabs("setup");
  $("board").addEventListener("click", (e) => {
    const target = e.target.closest("[data-site]");
    if (target) clickSite(target.dataset.site);
  });
  $("game").addEventListener("change", fillOptions);
  $("start").addEventListener("click", start);
  $("check").addEventListener("click", check);
  $("apply-seats").addEventListener("click", () => act("seats", { seats: seats(), delay: Number($("speed").value) }));
  $("speed").addEventListener("input", () => { $("speed-text").textContent = `${$("speed").value} s a move`; });
  $("speed-text").textContent = `${$("speed").value} s a move`;
  $("undo").addEventListener("click", () => act("undo"));
  $("redo").addEventListener("click", () => act("redo"));
  $("hint").addEventListener("click", () => { say("looking for a hint…", true); act("hint"); });
  $("resign").addEventListener("click", () => act("resign"));
  $("new").addEventListener("click", () => act("new"));
  $("stop").addEventListener("click", () => act("stop"));
  $("resume").addEventListener("click", () => act("resume"));
  $("first").addEventListener("click", () => act("goto", { ply: 0 }));
  $("back").addEventListener("click", () => act("goto", { ply: Math.max(0, S.cursor - 1) }));
  $("forward").addEventListener("click", () => act("goto", { ply: Math.min(S.line.length, S.cursor + 1) }));
  $("last").addEventListener("click", () => act("goto", { ply: S.line.length }));
  $("slider").addEventListener("change", () => act("goto", { ply: Number($("slider").value) }));
  $("upload").addEventListener("change", () => readFile($("upload"), (text) => { $("text").value = text; $("paste-box").open = true; }));
  $("open-record").addEventListener("change", () => readFile($("open-record"), (text) => act("record", { text })));
  $("open-position").addEventListener("change", () => readFile($("open-position"), (text) => act("position", { text })));
  try {
    const data = await api("GET", "/api/games");
    catalogue = data.games;
    fillGames(data.initial);
  } catch (err) { failed(err); }
  const m = location.hash.match(/^#s=([\w-]+)$/);
  if (m) { sid = m[1]; await refresh(); }
}

document.addEventListener("DOMContentLoaded", main);
