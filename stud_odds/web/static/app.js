// stud-odds' page: the spot lives in the URL; every edit recomputes it ~300 ms later through
// the JSON API (docs/web.md).  The server owns every rule and every number's text: the page
// only gathers cards and shows what the API answers.
"use strict";

const RANKS = "23456789TJQKA";
const SUITS = "cdhs";
const MIN_SEATS = 2, MAX_SEATS = 8, DEBOUNCE_MS = 300;
const PAGE = Math.random().toString(36).slice(2);  // this tab: its newer job cancels its older
const FIELDS = ["equity", "interval", "high_win", "high_tie", "low_win", "low_tie", "scoop"];
const TITLES = {equity: "equity", interval: "±95%", high_win: "high win", high_tie: "high tie",
                low_win: "low win", low_tie: "low tie", scoop: "scoop"};
const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b",
                 "#e377c2"];
const $ = (id) => document.getElementById(id);

const state = {game: "stud", seats: ["", ""], folds: [], dead: "", community: "", seed: "",
               trials: "", exact: false, classes: false, pot: "", toCall: "",
               target: {kind: "seat", seat: 0}};
let timer = null, source = null, generation = 0, lastResult = null, lastSpot = null;

// ---- cards in text: the CLI's syntax (AhKh/Qh, xx/7d, [QQ+]/Kd) -----------------------------

function tokens(text) {
  // one token per card ("x" for an unknown one); null when the text is not only cards
  const out = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (" ,;\t".includes(c)) { i++; continue; }
    if ("xX?*".includes(c)) { out.push("x"); i++; continue; }
    const width = text.startsWith("10", i) ? 2 : 1;
    const rank = text.slice(i, i + width).toUpperCase().replace("10", "T");
    const suit = (text[i + width] || "").toLowerCase();
    if (!RANKS.includes(rank) || !SUITS.includes(suit) || rank.length !== 1) return null;
    out.push(rank + suit);
    i += width + 1;
  }
  return out;
}

function parseHand(text) {
  // {range, seq}: seq is the cards in the order they are dealt (2 down, 4 up, 1 down);
  // a range stands for the two hole cards ("R"); null when the text cannot be read here
  text = text.trim();
  if (!text || text.toLowerCase() === "random") return {range: null, seq: []};
  let range = null, rest = text;
  if (text.startsWith("[")) {
    const end = text.indexOf("]");
    if (end < 0) return null;
    range = text.slice(0, end + 1);
    rest = text.slice(end + 1);
  }
  const parts = rest.split("/");
  if (parts.length > 2) return null;
  const down = tokens(parts[0]), up = parts.length > 1 ? tokens(parts[1]) : [];
  if (!down || !up) return null;
  if (range) return {range, seq: ["R", "R", ...up, ...down]};
  if (parts.length === 1) return {range, seq: down};  // cards typed so far, in dealt order
  return {range, seq: [...down.slice(0, 2), ...up, ...down.slice(2)]};
}

function handText(hand) {
  const {range, seq} = hand;
  const up = seq.slice(2, 6).join(""), seventh = seq.slice(6).join("");
  if (range) return `${range}${seventh}/${up}`;
  if (!seq.length) return "";
  return `${seq.slice(0, 2).join("")}${seventh}/${up}`;
}

function cardsIn(text) {
  const parsed = tokens(text || "");
  return parsed ? parsed.filter((c) => c !== "x") : [];
}

function usedCards() {
  const used = new Set();
  for (const text of state.seats) {
    const hand = parseHand(text);
    if (hand) hand.seq.filter((c) => c.length === 2 && c !== "x").forEach((c) => used.add(c));
  }
  [state.dead, state.community, ...state.folds].forEach((t) => cardsIn(t).forEach((c) => used.add(c)));
  return used;
}

// ---- the URL is the spot --------------------------------------------------------------------

function readURL() {
  const q = new URLSearchParams(location.search);
  state.game = ["stud", "stud8", "razz"].includes(q.get("game")) ? q.get("game") : "stud";
  state.seats = q.getAll("hand").slice(0, MAX_SEATS);
  while (state.seats.length < MIN_SEATS) state.seats.push("");
  state.folds = q.getAll("fold").filter((f) => f.trim());
  state.dead = q.get("dead") || "";
  state.community = q.get("community") || "";
  state.seed = q.get("seed") || "";
  state.trials = q.get("trials") || "";
  state.exact = ["1", "true", "yes"].includes(q.get("exact"));
  state.classes = ["1", "true", "yes"].includes(q.get("classes"));
  state.pot = q.get("pot") || "";
  state.toCall = q.get("to_call") || "";
}

function query(forApi) {
  const q = new URLSearchParams();
  q.set("game", state.game);
  // an empty seat is an opponent nobody sees
  state.seats.forEach((h) => q.append("hand", forApi && !h.trim() ? "random" : h));
  if (state.dead.trim() || !forApi) q.set("dead", state.dead);
  state.folds.forEach((f) => q.append("fold", f));
  const optional = {community: state.community, seed: state.seed, trials: state.trials,
                    pot: state.pot, to_call: state.toCall};
  for (const [name, value] of Object.entries(optional)) {
    if (value.trim() || (!forApi && ["community", "seed", "trials"].includes(name))) {
      q.set(name, value.trim());
    }
  }
  if (state.exact) q.set("exact", "1");
  if (state.classes) q.set("classes", "1");
  return q.toString();
}

// ---- drawing the table and the picker -------------------------------------------------------

function cardChip(card, onClick) {
  const chip = document.createElement(onClick ? "button" : "span");
  chip.className = `card suit-${card[1] || "x"}`;
  chip.textContent = card === "x" ? "?" : card;
  if (onClick) {
    chip.type = "button";
    chip.title = `remove ${card}`;
    chip.addEventListener("click", onClick);
  }
  return chip;
}

function drawSeats() {
  const list = $("seats");
  list.replaceChildren();
  state.seats.forEach((text, i) => {
    const item = document.createElement("li");
    item.className = "seat";
    item.dataset.seatBox = i + 1;
    if (state.target.kind === "seat" && state.target.seat === i) item.classList.add("target");
    item.innerHTML = `<div class="seat-head"><span class="seat-name">Seat ${i + 1}</span>
      <button type="button" class="fold">fold</button>
      <button type="button" class="clear">clear seat</button></div>
      <input class="hand" autocomplete="off" spellcheck="false"
             aria-label="seat ${i + 1}: down/up cards or a range" placeholder="random">
      <div class="chips"></div><p class="seat-error" hidden></p>`;
    const input = item.querySelector("input");
    input.value = text;
    input.dataset.hand = i + 1;
    input.addEventListener("input", () => { state.seats[i] = input.value; edited(false); });
    input.addEventListener("focus", () => setTarget({kind: "seat", seat: i}));
    item.querySelector(".fold").addEventListener("click", () => fold(i));
    item.querySelector(".clear").addEventListener("click", () => {
      state.seats[i] = ""; setTarget({kind: "seat", seat: i}); edited(true);
    });
    item.addEventListener("click", (e) => {
      if (e.target === item) setTarget({kind: "seat", seat: i});
    });
    list.append(item);
    drawChips(i);
  });
  $("count").textContent = state.seats.length;
}

function drawChips(i) {
  const box = document.querySelector(`[data-seat-box="${i + 1}"] .chips`);
  box.replaceChildren();
  const hand = parseHand(state.seats[i]);
  if (!hand) return;
  if (hand.range) box.append(Object.assign(document.createElement("span"),
                                           {className: "range", textContent: hand.range}));
  hand.seq.forEach((card, k) => {
    if (card === "R") return;
    box.append(cardChip(card, () => {
      hand.seq.splice(k, 1);
      state.seats[i] = handText(hand);
      edited(true);
    }));
  });
}

function drawFolds() {
  const box = $("folds");
  box.replaceChildren();
  state.folds.forEach((text, k) => {
    const chip = document.createElement("button");
    chip.type = "button";
    chip.className = "fold-chip";
    chip.textContent = `${text} ×`;
    chip.title = "unfold: forget these folded upcards";
    chip.addEventListener("click", () => { state.folds.splice(k, 1); edited(true); });
    box.append(chip);
  });
  $("folds-line").hidden = !state.folds.length;
}

function drawPicker() {
  const deck = $("deck");
  if (!deck.children.length) {
    for (const suit of "shdc") {
      for (const rank of [...RANKS].reverse()) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = `card suit-${suit}`;
        button.dataset.card = rank + suit;
        button.textContent = rank + suit;
        button.addEventListener("click", () => pick(rank + suit));
        deck.append(button);
      }
    }
  }
  const used = usedCards();
  for (const button of deck.children) {
    button.disabled = used.has(button.dataset.card);
    button.classList.toggle("used", button.disabled);
  }
  const t = state.target;
  $("target-name").textContent = t.kind === "seat" ? `seat ${t.seat + 1}` : `the ${t.kind} cards`;
}

function drawAll() {
  $("game").value = state.game;
  $("dead").value = state.dead;
  $("community").value = state.community;
  $("seed").value = state.seed;
  $("trials").value = state.trials;
  $("exact").checked = state.exact;
  $("classes").checked = state.classes;
  $("pot").value = state.pot;
  $("to-call").value = state.toCall;
  drawSeats();
  drawFolds();
  drawPicker();
}

function setTarget(target) {
  state.target = target;
  document.querySelectorAll(".seat").forEach((s, i) =>
    s.classList.toggle("target", target.kind === "seat" && target.seat === i));
  drawPicker();
}

// ---- edits ----------------------------------------------------------------------------------

function pick(card) {
  const t = state.target;
  if (t.kind === "seat") {
    const hand = parseHand(state.seats[t.seat]);
    if (!hand) { showSeatError(t.seat, "fix this seat's text first, or clear the seat"); return; }
    if (hand.seq.length >= 7) { showSeatError(t.seat, "this seat holds seven cards"); return; }
    if (hand.range && hand.seq.length < 2) hand.seq.unshift("R", "R");
    hand.seq.push(card);
    state.seats[t.seat] = handText(hand);
  } else if (t.kind === "dead") {
    state.dead = `${state.dead.trim()} ${card}`.trim();
  } else {
    state.community = card;
  }
  edited(true);
}

function fold(i) {
  const hand = parseHand(state.seats[i]);
  const up = hand ? hand.seq.slice(2, 6).filter((c) => c !== "x") : [];
  if (up.length) state.folds.push(up.join(" "));
  state.seats.splice(i, 1);
  if (state.seats.length < MIN_SEATS) state.seats.push("");
  setTarget({kind: "seat", seat: Math.min(i, state.seats.length - 1)});
  edited(true);
}

function edited(redraw) {
  // every edit: the URL first, then cancel the running job and recompute after a pause
  history.replaceState(null, "", `?${query(false)}`);
  if (redraw) drawAll();
  else { state.seats.forEach((_, i) => drawChips(i)); drawPicker(); }
  stop();
  setState("computing");
  clearTimeout(timer);
  timer = setTimeout(compute, DEBOUNCE_MS);
}

function stop() {
  generation++;
  if (source) { source.close(); source = null; }  // closing the stream cancels its job
}

// ---- computing ------------------------------------------------------------------------------

function setState(name, error) {
  $("results").dataset.state = name;
  const box = document.querySelector('[data-field="error"]');
  box.hidden = !error;
  box.textContent = error || "";
}

function showSeatError(i, message) {
  const p = document.querySelector(`[data-seat-box="${i + 1}"] .seat-error`);
  if (!p) return;
  p.hidden = !message;
  p.textContent = message || "";
}

async function compute() {
  const mine = ++generation;
  const q = query(true);
  let response, info;
  try {
    response = await fetch(`/api/spot?${q}`);
    info = await response.json();
  } catch (e) {
    if (mine === generation) setState("error", "the server did not answer: is stud-odds serve running?");
    return;
  }
  if (mine !== generation) return;
  state.seats.forEach((_, i) => showSeatError(i, info.hands ? info.hands[i] : null));
  if (!response.ok) { setState("error", info.error); return; }
  showSpot(info);
  const stream = new EventSource(`/api/equity/stream?${q}&page=${PAGE}`);
  source = stream;
  const finish = () => { stream.close(); if (source === stream) source = null; };
  stream.addEventListener("partial", (e) => showResult(JSON.parse(e.data)));
  stream.addEventListener("progress", (e) => showProgress(JSON.parse(e.data)));
  stream.addEventListener("result", (e) => {
    finish();  // the stream ends here: never let the browser reconnect and recompute
    showResult(JSON.parse(e.data));
    setState("done");
  });
  stream.addEventListener("failure", (e) => { finish(); setState("error", JSON.parse(e.data).error); });
  stream.onerror = () => {
    if (source !== stream) return;
    finish();
    setState("error", "the server did not answer (busy, or stopped): edit the spot to try again");
  };
}

function showSpot(info) {
  lastSpot = info;
  $("community-line").hidden = !(info.shared_river || state.community);
  $("community-note").textContent = info.shared_river
    ? `the deck runs short: ${info.cards_left} cards left, so seventh street is one shared card`
    : "";
  const acting = info.acting || {};
  const rule = acting.bring_in || acting.first_to_act;
  $("acting").textContent = rule ? rule.reason : "";
}

function showProgress(progress) {
  const share = progress.total ? Math.floor(100 * progress.done / progress.total) : 0;
  document.querySelector('[data-field="method"]').textContent =
    `${progress.method}: ${share}% counted (${progress.done.toLocaleString()} of ${progress.total.toLocaleString()})`;
}

function showResult(data) {
  lastResult = data;
  const cells = data.display.cells;
  const fields = FIELDS.filter((f) => f in cells[0]);
  const head = document.querySelector("#results thead tr");
  head.innerHTML = "<th>#</th><th>hand</th>" + fields.map((f) => `<th>${TITLES[f]}</th>`).join("");
  const body = $("rows");
  body.replaceChildren();
  data.players.forEach((player, i) => {
    const row = document.createElement("tr");
    row.dataset.seat = i + 1;
    row.innerHTML = `<td>${i + 1}</td><td class="hand-cell"></td>` +
      fields.map((f) => `<td data-field="${f}"></td>`).join("");
    row.querySelector(".hand-cell").textContent = player.hand;
    for (const f of fields) row.querySelector(`[data-field="${f}"]`).textContent = cells[i][f];
    body.append(row);
  });
  const [method, ...rest] = data.display.lines;
  document.querySelector('[data-field="method"]').textContent = method;
  const lines = $("lines");
  lines.replaceChildren(...[...rest, ...data.display.pot_odds].map((text) =>
    Object.assign(document.createElement("p"), {textContent: text})));
  drawClassBars(data);
}

function drawClassBars(data) {
  const box = $("class-bars");
  box.replaceChildren();
  if (!state.classes || !data.players[0].classes) return;
  const names = Object.keys(data.players[0].classes);
  const table = document.createElement("table");
  table.className = "bars";
  table.innerHTML = "<caption>final hands</caption><tr><th>hand class</th>" +
    data.players.map((_, i) => `<th>#${i + 1}</th>`).join("") + "</tr>";
  for (const name of names) {
    const row = document.createElement("tr");
    row.innerHTML = `<th scope="row"></th>` + data.players.map((p, i) => {
      const share = 100 * p.classes[name];
      return `<td><span class="bar" style="width:${share.toFixed(1)}%;background:${COLOURS[i]}"></span>` +
        `<span class="bar-value">${share ? share.toFixed(1) + "%" : "-"}</span></td>`;
    }).join("");
    row.querySelector("th").textContent = name;
    table.append(row);
  }
  box.append(table);
}

// ---- copying --------------------------------------------------------------------------------

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {  // no clipboard permission: the old way
    const area = Object.assign(document.createElement("textarea"), {value: text});
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  $("copied").textContent = "copied";
  setTimeout(() => { $("copied").textContent = ""; }, 1500);
}

function forumText() {
  if (!lastResult) return "";
  const cells = lastResult.display.cells;
  const fields = FIELDS.filter((f) => f in cells[0]);
  const rows = [["#", "hand", ...fields.map((f) => TITLES[f])]];
  lastResult.players.forEach((p, i) => rows.push([`${i + 1}`, p.hand, ...fields.map((f) => cells[i][f])]));
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const lines = rows.map((r) => r.map((v, c) => (c === 1 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join("  "));
  const title = {stud: "Seven Card Stud", stud8: "Stud Hi-Lo", razz: "Razz"}[lastResult.game] || lastResult.game;
  return [title, ...lines, ...lastResult.display.lines].join("\n");
}

// ---- hand histories -------------------------------------------------------------------------

async function upload(file) {
  const status = $("history-status");
  const rows = document.querySelector("#history-hands tbody");
  rows.replaceChildren();
  $("history-chart").replaceChildren();
  $("history-luck").replaceChildren();
  status.textContent = `replaying ${file.name}…`;
  let response;
  try {
    response = await fetch("/api/history", {method: "POST", body: file,
                                            headers: {"content-type": "text/plain"}});
  } catch (e) { status.textContent = "the server did not answer"; return; }
  if (!response.ok) { status.textContent = (await response.json()).error; return; }
  const reader = response.body.getReader(), decoder = new TextDecoder();
  let buffer = "", hands = 0;
  for (;;) {
    const {value, done} = await reader.read();
    if (value) buffer += decoder.decode(value, {stream: true});
    const lines = buffer.split("\n");
    buffer = lines.pop();
    for (const line of lines.filter((l) => l.trim())) {
      const record = JSON.parse(line);
      if (record.summary) showLuck(record.summary);
      else if (record.error) status.textContent = record.error;
      else { addHand(record); hands++; status.textContent = `${hands} stud hands replayed`; }
    }
    if (done) break;
  }
}

function addHand(record) {
  $("history-hands").hidden = false;
  const row = document.createElement("tr");
  row.tabIndex = 0;
  row.dataset.hand = record.id;
  const won = record.skipped ? `skipped: ${record.skipped}` :
    (record.won && record.hero in record.won ? record.won[record.hero] : "");
  [record.id, record.game || "", record.stakes || "", record.hero || "", String(won)].forEach((text) => {
    row.append(Object.assign(document.createElement("td"), {textContent: text}));
  });
  const choose = () => {
    document.querySelectorAll("#history-hands tr.chosen").forEach((r) => r.classList.remove("chosen"));
    row.classList.add("chosen");
    drawChart(record);
  };
  row.addEventListener("click", choose);
  row.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") choose(); });
  document.querySelector("#history-hands tbody").append(row);
}

function drawChart(record) {
  const box = $("history-chart");
  box.replaceChildren();
  if (!record.streets.length) return;
  const NS = "http://www.w3.org/2000/svg", W = 420, H = 200, PAD = 30;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H + 40}`);
  svg.dataset.chart = record.id;
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `equity by street in hand ${record.id}`);
  const streets = record.streets.map((s) => s.street);
  const x = (street) => PAD + (W - 2 * PAD) * (streets.length > 1 ?
    (street - streets[0]) / (streets[streets.length - 1] - streets[0]) : 0.5);
  const y = (equity) => H - PAD / 2 - (H - PAD) * equity;
  const add = (name, attrs, text) => {
    const el = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    svg.append(el);
    return el;
  };
  for (const level of [0, 0.5, 1]) {
    add("line", {x1: PAD, x2: W - PAD, y1: y(level), y2: y(level), class: "grid"});
    add("text", {x: 2, y: y(level) + 4, class: "axis"}, `${level * 100}%`);
  }
  streets.forEach((s) => add("text", {x: x(s) - 8, y: H + 4, class: "axis"}, `${s}th`.replace("3th", "3rd")));
  const names = [...new Set(record.streets.flatMap((s) => s.players.map((p) => p.name)))];
  const views = [[record.streets, ""], [record.showdown || [], "6 4"]];
  for (const [streetsOfView, dash] of views) {
    names.forEach((name, i) => {
      const points = streetsOfView.flatMap((s) => s.players.filter((p) => p.name === name)
        .map((p) => `${x(s.street).toFixed(1)},${y(p.equity).toFixed(1)}`));
      if (points.length) add("polyline", {points: points.join(" "), stroke: COLOURS[i % 8],
        fill: "none", "stroke-width": name === record.hero ? 3 : 1.5, "stroke-dasharray": dash});
    });
  }
  names.forEach((name, i) => add("text", {x: PAD + (i % 4) * 95, y: H + 20 + 14 * Math.floor(i / 4),
                                         fill: COLOURS[i % 8], class: "legend"},
                                 name + (name === record.hero ? " (hero)" : "")));
  box.append(svg);
  box.append(Object.assign(document.createElement("p"), {className: "note",
    textContent: "solid: the hero's view on each street; dashed: with every shown hand face up"}));
}

function showLuck(summary) {
  const box = $("history-luck");
  box.replaceChildren();
  const title = document.createElement("h3");
  title.textContent = `all-in luck: ${summary.luck.length} hands where the hero was all in before 7th street`;
  box.append(title);
  if (!summary.luck.length) return;
  const table = document.createElement("table");
  table.innerHTML = "<tr><th>hand</th><th>street</th><th>equity</th><th>pot</th><th>expected</th><th>won</th><th>luck</th></tr>";
  for (const e of summary.luck) {
    const row = document.createElement("tr");
    [e.hand_id, e.street, `${(100 * e.equity).toFixed(1)}%`, e.pot, e.expected.toFixed(2),
     e.won, (e.luck >= 0 ? "+" : "") + e.luck.toFixed(2)].forEach((text) =>
      row.append(Object.assign(document.createElement("td"), {textContent: String(text)})));
    table.append(row);
  }
  box.append(table);
}

// ---- wiring ---------------------------------------------------------------------------------

function bind() {
  const fields = {game: "game", dead: "dead", community: "community", seed: "seed",
                  trials: "trials", pot: "pot", "to-call": "toCall"};
  for (const [id, key] of Object.entries(fields)) {
    $(id).addEventListener(id === "game" ? "change" : "input", () => { state[key] = $(id).value; edited(false); });
  }
  $("dead").addEventListener("focus", () => setTarget({kind: "dead"}));
  $("community").addEventListener("focus", () => setTarget({kind: "community"}));
  $("exact").addEventListener("change", () => { state.exact = $("exact").checked; edited(false); });
  $("classes").addEventListener("change", () => { state.classes = $("classes").checked; edited(false); });
  $("more").addEventListener("click", () => {
    if (state.seats.length < MAX_SEATS) { state.seats.push(""); edited(true); }
  });
  $("fewer").addEventListener("click", () => {
    if (state.seats.length > MIN_SEATS) {
      state.seats.pop();
      if (state.target.seat >= state.seats.length) state.target = {kind: "seat", seat: 0};
      edited(true);
    }
  });
  const four = $("four-colour");
  four.checked = localStorage.getItem("four-colour") === "1";
  document.body.classList.toggle("four-colour", four.checked);
  four.addEventListener("change", () => {
    localStorage.setItem("four-colour", four.checked ? "1" : "0");
    document.body.classList.toggle("four-colour", four.checked);
  });
  $("copy-command").addEventListener("click", () => lastSpot && copy(lastSpot.command));
  $("copy-forums").addEventListener("click", () => copy(forumText()));
  const drop = $("drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    if (e.dataTransfer.files.length) upload(e.dataTransfer.files[0]);
  });
  $("history-file").addEventListener("change", (e) => { if (e.target.files.length) upload(e.target.files[0]); });
  window.addEventListener("popstate", () => { readURL(); drawAll(); stop(); compute(); });
}

readURL();
bind();
drawAll();
setState("computing");
compute();
