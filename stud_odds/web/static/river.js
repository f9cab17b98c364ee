// The river view: when two seats show seven cards each, how to bet and call the river at
// equilibrium (POST /api/river, docs/river.md): the pot and cap fields, the value of the
// game for each seat, and the chosen seat's strategy at each of its decisions by hand class.
// The server writes every word and number shown (the answer's display); a solve starts
// once a pot is given, again after each edit of the spot, the pot or the cap.

import {watchScroll} from "./scroll.js";
import {state} from "./state.js";
import {apiQuery} from "./url.js";

const $ = (id) => document.getElementById(id);
const SOLVE_AFTER_MS = 300;
// a solve's own fields on the page; any other field's mistake goes under the view
const FIELD_BOXES = {pot: ["river-pot-error", "river-pot"], cap: ["river-cap-error", "river-cap"]};
let answer = null;  // the last solve's answer, drawn for whichever seat is chosen
let asked = "";  // the body of the solve shown or on its way
let inFlight = null;  // its AbortController
let timer = null;
let seat = 1;  // whose strategy is shown

export function showRiver(info) {
  // after each spot: the view when the server says both live seats are on seventh street
  const shown = Boolean(info) && info.street === 7 && !info.shared_river &&
    state.seats.length === 2;
  $("river").hidden = !shown;
  if (shown) solveSoon(0);
  else forget();
}

export function drawRiverSeat() {
  // the chosen seat's strategy (the picker's seat), from the answer already here
  if (answer) drawAnswer(answer);
}

export function watchRiverFields() {
  for (const id of ["river-pot", "river-cap"]) {
    $(id).addEventListener("input", () => solveSoon(SOLVE_AFTER_MS));
  }
  // wider than a phone (a stud8 class is "flush, 7-low"): the tables scroll, and say so
  watchScroll($("river-strategy"), "the river strategy tables");
}

function forget() {
  clearTimeout(timer);
  if (inFlight) inFlight.abort();
  inFlight = null;
  asked = "";
}

function body() {
  const fields = {game: state.game, hands: state.seats, dead: state.dead, folds: state.folds,
                  pot: $("river-pot").value.trim()};
  if ($("river-cap").value.trim()) fields.cap = $("river-cap").value.trim();
  return JSON.stringify(fields);
}

function solveSoon(wait) {
  clearTimeout(timer);
  timer = setTimeout(solve, wait);
}

async function solve() {
  const wanted = body();
  if (wanted === asked) return;  // this very solve is shown or on its way
  forget();
  asked = wanted;
  clearErrors();
  const view = $("river");
  if (!$("river-pot").value.trim()) {
    answer = null;
    view.dataset.state = "idle";
    $("river-value").textContent = "give the pot, in big bets, to see how to bet and call";
    $("river-method").textContent = "";
    $("river-strategy").replaceChildren();
    return;
  }
  view.dataset.state = "solving";
  $("river-method").textContent = "solving…";
  const controller = inFlight = new AbortController();
  let response, data;
  try {
    // marked with this tab's id: its newer solve cancels its older one
    response = await fetch(`/api/river?${apiQuery("")}`, {
      method: "POST", body: wanted, signal: controller.signal,
      headers: {"content-type": "application/json"}});
    data = await response.json();
  } catch (e) {
    if (controller.signal.aborted) return;  // a newer solve replaced this one
    data = {error: "the server did not answer: is stud-odds serve running?"};
    response = {ok: false};
  }
  if (inFlight !== controller) return;
  inFlight = null;
  if (!response.ok) { showError(data); return; }
  answer = data;
  view.dataset.state = "done";
  drawAnswer(data);
}

function clearErrors() {
  for (const [boxId, controlId] of Object.values(FIELD_BOXES)) {
    $(boxId).hidden = true;
    $(controlId).removeAttribute("aria-invalid");
    $(controlId).removeAttribute("aria-describedby");
  }
  $("river-error").hidden = true;
}

function showError(data) {
  // the sentence under its field (the pot, the cap), else under the view; the last
  // answer's numbers stay, greyed
  asked = "";  // the same spot asked again is solved again (the server may be free now)
  $("river").dataset.state = "error";
  $("river-method").textContent = "";
  const [boxId, controlId] = FIELD_BOXES[data.field] || ["river-error", null];
  $(boxId).textContent = data.error;
  $(boxId).hidden = false;
  if (controlId) {
    $(controlId).setAttribute("aria-invalid", "true");
    $(controlId).setAttribute("aria-describedby", boxId);
  }
}

function drawAnswer(data) {
  $("river-value").textContent = data.display.value;
  $("river-method").textContent = data.display.method;
  // the picker's seat; while its cards go to the dead cards, the seat shown before
  if (state.target.kind === "seat") seat = state.target.seat + 1;
  $("river-seat").textContent = `seat ${seat}`;
  $("river-strategy").replaceChildren(...data.display.decisions
    .filter((decision) => decision.seat === seat).map(decisionTable));
}

function decisionTable(decision) {
  const table = document.createElement("table");
  table.dataset.history = decision.history;
  const caption = Object.assign(document.createElement("caption"), {textContent: decision.title});
  const head = document.createElement("tr");
  head.append(...decision.columns.map((title) =>
    Object.assign(document.createElement("th"), {textContent: title, scope: "col"})));
  const rows = decision.rows.map((cells, i) => {
    const row = document.createElement("tr");
    if (i === decision.rows.length - 1) row.className = "all";
    row.append(Object.assign(document.createElement("th"), {textContent: cells[0], scope: "row"}),
               ...cells.slice(1).map((text) => Object.assign(document.createElement("td"),
                                                             {textContent: text})));
    return row;
  });
  table.append(caption, head, ...rows);
  return table;
}
