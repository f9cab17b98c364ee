// The results: what the API answers, shown as the command line prints it (the server sends
// each cell's text, and the columns' titles in WORDS), hand classes as bars, and the
// plain-text table for forums.

import {handNodes} from "./cards.js";
import {COLOURS} from "./history.js";
import {state} from "./state.js";
import {WORDS} from "./words.js";

const $ = (id) => document.getElementById(id);

function headerCell(field) {
  // a column's title; the ± column says its unit (the command's words: percentage points)
  const th = Object.assign(document.createElement("th"), {textContent: WORDS.columns[field]});
  if (field === "interval") {
    th.append(" ", Object.assign(document.createElement("span"),
                                 {className: "unit", textContent: WORDS.interval_unit}));
  }
  return th;
}

function setHeader(fields) {
  const row = document.querySelector("#results thead tr");
  const wanted = ["#", "hand", ...fields].join("\n");
  if (row.dataset.fields === wanted) return;
  row.dataset.fields = wanted;
  row.replaceChildren(...["#", "hand"].map((title) =>
    Object.assign(document.createElement("th"), {textContent: title})), ...fields.map(headerCell));
}

function shownFields(data) {
  // the cells' columns in the order the command prints them, but those the game's table
  // leaves out (WORDS.game_columns: plain stud's scoop is its high win again); the ±95%
  // interval of a sampled result stays
  const columns = WORDS.game_columns[data.game];
  return Object.keys(data.display.cells[0]).filter((f) =>
    f === "interval" || !columns || columns.includes(f));
}

export function showGame(game) {
  // the header of the game's table from the first frame, before the numbers
  if (!state.result || state.result.game !== game) setHeader(WORDS.game_columns[game]);
}

// the count's own rate is measured over at least this long before a time left is said
const RATE_AFTER_S = 0.5;

export function secondsLeft(first, progress, now) {
  // the time an exact count has left at its own rate: the deals counted since its first
  // progress report (``first``: {at, done}, seconds on the page's clock) over the time
  // since.  Not the time since the page asked (a sampled estimate and the count's start
  // come first), nor the planner's cost model (a machine-independent budget for choosing
  // a method, not this machine's clock): null until the rate is measured
  const seconds = now - first.at, counted = progress.done - first.done;
  if (seconds < RATE_AFTER_S || counted <= 0) return null;
  return seconds * (progress.total - progress.done) / counted;
}

export function showProgress(progress, left, estimated) {
  // an exact count's progress, with the time left (secondsLeft) once it is known; under a
  // sampled estimate (shown meanwhile) the line says so
  const share = progress.total ? Math.floor(100 * progress.done / progress.total) : 0;
  const how = WORDS.methods[progress.method] || progress.method;
  let text = `${how}: ${share}% counted (${progress.done.toLocaleString()} of ` +
    `${progress.total.toLocaleString()})`;
  if (left !== null) {
    text += `, about ${left < 60 ? Math.ceil(left) + " s" : Math.ceil(left / 60) + " min"} left`;
  }
  if (estimated) text = `sampled estimate above; counting every deal: ${text}`;
  document.querySelector('[data-field="method"]').textContent = text;
}

export function showResult(data, classes) {
  state.result = data;
  const cells = data.display.cells;
  const fields = shownFields(data);
  setHeader(fields);
  const body = $("rows");
  body.replaceChildren();
  data.players.forEach((player, i) => {
    const row = document.createElement("tr");
    row.dataset.seat = i + 1;
    row.innerHTML = `<td>${i + 1}</td><td class="hand-cell"></td>` +
      fields.map((f) => `<td data-field="${f}"></td>`).join("");
    const hand = row.querySelector(".hand-cell");
    hand.append(...handNodes(player.hand));
    const note = (data.display.hand_notes || [])[i];
    if (note) hand.append(Object.assign(document.createElement("span"), {className: "hand-note", textContent: note}));
    for (const f of fields) row.querySelector(`[data-field="${f}"]`).textContent = cells[i][f];
    body.append(row);
  });
  // a phone keeps each seat's equity in view above the card picker
  $("mini-results").textContent = data.players.map((_, i) =>
    `seat ${i + 1} ${cells[i].equity}`).join(" · ");
  const [method, ...rest] = data.display.lines;
  document.querySelector('[data-field="method"]').textContent = method;
  const lines = $("lines");
  lines.replaceChildren(...[...rest, ...data.display.pot_odds].map((text) =>
    Object.assign(document.createElement("p"), {textContent: text})));
  drawClassBars(data, classes);
}

function drawClassBars(data, classes) {
  const box = $("class-bars");
  box.replaceChildren();
  if (!classes || !data.players[0].classes) return;
  const names = Object.keys(data.players[0].classes);
  const table = document.createElement("table");
  table.className = "bars";
  table.innerHTML = "<caption>final hands</caption><tr><th>hand class</th>" +
    data.players.map((_, i) => `<th>#${i + 1}</th>`).join("") + "</tr>";
  for (const name of names) {
    const row = document.createElement("tr");
    // the number, then its bar in a track of its own: the bar never runs under the number
    row.innerHTML = `<th scope="row"></th>` + data.players.map((p, i) => {
      const share = 100 * p.classes[name];
      return `<td><span class="bar-value">${share ? share.toFixed(1) + "%" : "-"}</span>` +
        `<span class="bar-track"><span class="bar" style="width:${share.toFixed(1)}%;` +
        `background:${COLOURS[i]}"></span></span></td>`;
    }).join("");
    row.querySelector("th").textContent = name;
    table.append(row);
  }
  box.append(table);
}

export function forumText() {
  const result = state.result;
  if (!result) return "";
  const cells = result.display.cells;
  const fields = shownFields(result);
  const rows = [["#", "hand", ...fields.map((f) => WORDS.columns[f])]];
  result.players.forEach((p, i) => rows.push([`${i + 1}`, p.hand, ...fields.map((f) => cells[i][f])]));
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const lines = rows.map((r) => r.map((v, c) => (c === 1 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join("  "));
  return [WORDS.games[result.game] || result.game, ...lines, ...result.display.lines].join("\n");
}
