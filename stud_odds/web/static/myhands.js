// "My hands": the hand database the server was started with (stud-odds serve --db PATH):
// files dropped here are imported (one total for all of them), then whose stats they are,
// his won and all-in adjusted lines (a tracker's all-in EV graph: a chart per unit, in big
// bets or money) and his starting hands, as `stud-odds db stats|luck|starts --json` give
// them (docs/database.md).  The words of the summary and of the stats' lines are the
// command line's, from the page's words (db.results owns them).

import {watchFiles} from "./drop.js";
import {newChart} from "./svg.js";
import {WORDS} from "./words.js";

const $ = (id) => document.getElementById(id);
const IMPORT = WORDS.db_import;
const STATS = WORDS.db_stats;
const SYMBOLS = WORDS.db_units.symbols;  // "USD" -> "$": a currency's sign before its amount
const UNIT_ORDER = {"tournament chips": 1, "play money": 2};  // money first, as db luck
let lastLuck = null;  // the luck answer drawn, to draw again in the other scale

export async function setUpMyHands() {
  let info;
  try { info = await (await fetch("/api/db")).json(); } catch (e) { return; }
  if (!info.enabled) return;  // the section shows only on a server with a database
  const style = Object.assign(document.createElement("link"),
                              {rel: "stylesheet", href: "/static/myhands.css"});
  document.head.append(style);
  $("my-hands").hidden = false;
  watchFiles($("db-drop"), $("db-files"), importFiles);
  refresh();
}

// ---- import: every file in turn, then one total ---------------------------------------

function words(key, count) {
  return IMPORT[key].replace("{n}", count.toLocaleString("en-US"))
    .replace("{s}", count === 1 ? "" : "s");
}

// `db import`'s sentence (db.results.import_sentence) for these counts
export function importSentence(total) {
  let text = `${words("new", total.new)}, ${words("already", total.already)}`;
  for (const key of ["skipped", "other_games", "failed"]) {
    if (total[key]) text += `; ${words(key, total[key])}`;
  }
  return `${words("files", total.files)}: ${text}`;
}

async function importFiles(files) {
  if (!files.length) return;
  const status = $("db-status");
  const total = {files: files.length, new: 0, already: 0, skipped: 0, other_games: 0,
                 failed: 0};
  const unread = [];  // [file, line, hand, why]
  const failed = [];  // [file, why]
  for (const [index, file] of files.entries()) {
    status.textContent = `adding ${index + 1} of ${files.length}: ${file.name}…`;
    let response, answer;
    try {
      response = await fetch(`/api/db/import?name=${encodeURIComponent(file.name)}`,
                             {method: "POST", body: file,
                              headers: {"content-type": "text/plain"}});
      answer = await response.json();
    } catch (e) {
      failed.push([file.name, "the server did not answer"]);
      total.failed += 1;
      continue;
    }
    for (const key of ["new", "already", "skipped", "other_games"]) {
      total[key] += answer[key] || 0;
    }
    const errors = (answer.files || []).filter((entry) => entry.error);
    if (!response.ok || errors.length) {
      total.failed += 1;
      failed.push([file.name, response.ok ? errors[0].error : answer.error]);
    }
    for (const hand of answer.skipped_hands || []) {
      unread.push([file.name, hand.line, hand.number, hand.reason]);
    }
  }
  status.textContent = importSentence(total);
  report(unread, failed);
  refresh();
}

function report(unread, failed) {
  let box = $("db-report");
  if (!box) {
    box = Object.assign(document.createElement("div"), {id: "db-report"});
    $("db-status").after(box);
  }
  box.replaceChildren();
  if (failed.length) {
    box.append(list(`${words("failed", failed.length)}`, failed.map(([file, why]) =>
      why.includes(file) ? why : `${file}: ${why}`), "db-failed", true));
  }
  if (unread.length) {
    const hands = `${unread.length.toLocaleString("en-US")} hand${unread.length === 1 ? "" : "s"}`;
    box.append(list(IMPORT.skipped.replace("{n}", hands),
                    unread.map(([file, line, hand, why]) =>
                      `${file}, line ${line}${hand ? `, hand ${hand}` : ""}: ${why}`),
                    "db-unread", unread.length <= 5));
  }
}

function list(title, items, id, open) {
  const details = Object.assign(document.createElement("details"), {id, open});
  details.append(Object.assign(document.createElement("summary"), {textContent: title}));
  const ul = document.createElement("ul");
  for (const text of items) ul.append(Object.assign(document.createElement("li"),
                                                    {textContent: text}));
  details.append(ul);
  return details;
}

// ---- stats, luck and starts ------------------------------------------------------------

async function refresh() {
  const asked = ["stats", "luck", "starts"].map(async (what) => {
    const response = await fetch(`/api/db/${what}`);
    return [what, response.ok, await response.json()];
  });
  let said = null;  // an empty database's sentence, said once
  for (const [what, ok, answer] of await Promise.all(asked)) {
    const box = $(`db-${what}`);
    box.replaceChildren();
    if (!ok) {
      if (answer.error !== said) box.append(note(answer.error));
      said = answer.error;
      continue;
    }
    if (what === "luck") drawLuck(box, answer);
    else if (what === "stats") box.append(statsTable(answer));
    else box.append(...startsTables(answer.rows));
  }
  for (const what of ["stats", "luck", "starts"]) {  // no heading over an empty box
    const heading = $(`db-${what}`).previousElementSibling;
    if (heading && heading.tagName === "H3") heading.hidden = !$(`db-${what}`).childElementCount;
  }
}

function note(text) {
  return Object.assign(document.createElement("p"), {className: "note", textContent: text});
}

// an amount as db.units.money_text writes it: "+$22.50", "-405 tournament chips"
export function money(value, unit, named = true) {
  const sign = value < 0 ? "-" : "+";
  const size = Math.abs(value);
  if (SYMBOLS[unit]) {
    return `${sign}${SYMBOLS[unit]}${size.toLocaleString("en-US", {minimumFractionDigits: 2,
                                                                     maximumFractionDigits: 2})}`;
  }
  const number = size.toLocaleString("en-US", {maximumFractionDigits: 2});
  return named ? `${sign}${number} ${unit}` : `${sign}${number}`;
}

function byUnit(units) {
  return [...units].sort((a, b) => (UNIT_ORDER[a] || 0) - (UNIT_ORDER[b] || 0) ||
                                   a.localeCompare(b));
}

// "52 (69.3%)" as `db stats` prints it; the share a span of its own, which a phone puts
// under the count
function share(count, of) {
  const cell = document.createDocumentFragment();
  cell.append(count.toLocaleString("en-US"));
  if (of) {
    cell.append(" ", Object.assign(document.createElement("span"),
                                   {className: "pct", textContent: `(${(100 * count / of)
                                     .toFixed(1)}%)`}));
  }
  return cell;
}

// `db stats`' table: a line per figure, a column per game, a net line per unit
function statsTable(answer) {
  const rows = answer.rows;
  const element = document.createElement("table");
  element.className = "db-table db-stats";
  const caption = element.createCaption();
  caption.textContent = `${answer.player}'s stats`;
  const head = element.createTHead().insertRow();
  head.append(Object.assign(document.createElement("th"), {textContent: "",
                                                           scope: "col"}));
  for (const row of rows) {
    head.append(Object.assign(document.createElement("th"), {textContent: row.game,
                                                             scope: "col"}));
  }
  const lines = [
    ["hands", (r) => r.hands.toLocaleString("en-US")],
    ["vpip", (r) => share(r.vpip, r.hands)],
    ["complete", (r) => share(r.complete, r.hands)],
    ["saw_4th", (r) => share(r.saw_4th, r.hands)],
    ["saw_5th", (r) => share(r.saw_5th, r.hands)],
    ["saw_6th", (r) => share(r.saw_6th, r.hands)],
    ["saw_7th", (r) => share(r.saw_7th, r.hands)],
    ["showdowns", (r) => share(r.showdowns, r.hands)],
    ["won_at_showdown", (r) => share(r.won_at_showdown, r.showdowns)],
    ["scoops", (r) => (["stud8", "all"].includes(r.game) && r.stud8_showdowns_won
      ? share(r.scoops, r.stud8_showdowns_won) : "-")],
    ["bb_per_100", (r) => (r.bb_per_100 === null ? "-"
      : `${r.bb_per_100 < 0 ? "" : "+"}${r.bb_per_100.toFixed(1)}`)],
  ].map(([key, show]) => [STATS[key], show, key]);
  const units = byUnit(new Set(rows.flatMap((r) => Object.keys(r.net))));
  for (const unit of units) {
    lines.push([`${STATS.net}, ${unit}`,
                (r) => (unit in r.net ? money(r.net[unit], unit, false) : "-"), "net"]);
  }
  const body = element.createTBody();
  for (const [label, show, key] of lines) {
    const line = body.insertRow();
    line.dataset.line = key;
    line.append(Object.assign(document.createElement("th"), {textContent: label,
                                                             scope: "row"}));
    for (const row of rows) line.insertCell().append(show(row));
  }
  const box = document.createElement("div");
  box.append(element, note(STATS.note));
  return box;
}

// the groups (buried pair, split pair...) in view; every class he was dealt, most hands
// first, a click away (a class dealt once says little)
function startsTables(rows) {
  if (!rows || !rows.length) return [note("no hands yet")];
  const groups = rows.filter((row) => row.kind === "group");
  const classes = rows.filter((row) => row.kind === "class");
  const details = document.createElement("details");
  details.append(Object.assign(document.createElement("summary"), {
    textContent: `every starting-hand class (${classes.length.toLocaleString("en-US")})`}));
  details.append(table(classes, STARTS));
  return [table(groups, STARTS), details];
}

// the columns shown, as `db starts` prints them (its JSON has more)
const STARTS = ["game", "kind", "start", "hands", "vpip_pct", "net_per_hand", "bb_per_hand",
                "equity"];
const TITLES = {vpip_pct: "VPIP", net_per_hand: "net a hand", bb_per_hand: "big bets a hand",
                equity: "table equity"};

function cell(value, column = "") {
  if (value === null || value === undefined) return "-";
  if (typeof value === "number" && (column.endsWith("_pct") || column === "equity")) {
    return `${(column === "equity" ? 100 * value : value).toFixed(1)}%`;
  }
  if (typeof value === "number") {
    return Number.isInteger(value) ? value.toLocaleString("en-US") : value.toFixed(2);
  }
  if (typeof value === "object") {
    return byUnit(Object.keys(value)).map((unit) => money(value[unit], unit)).join(", ");
  }
  return String(value);
}

function table(rows, wanted) {
  if (!rows || !rows.length) return note("no hands yet");
  const columns = wanted.filter((k) => k in rows[0]);
  const element = document.createElement("table");
  element.className = "db-table";
  const head = element.createTHead().insertRow();
  for (const column of columns) {
    head.append(Object.assign(document.createElement("th"),
                              {textContent: TITLES[column] || column.replaceAll("_", " ")}));
  }
  const body = element.createTBody();
  for (const row of rows) {
    const line = body.insertRow();
    for (const column of columns) line.insertCell().textContent = cell(row[column], column);
  }
  return element;
}

// ---- the luck charts: a tracker's all-in EV graph --------------------------------------

function drawLuck(box, answer) {
  lastLuck = answer;
  const hands = answer.hands || [];
  if (!hands.length) { box.append(note("no hands yet")); return; }
  const charts = Object.assign(document.createElement("div"), {id: "db-charts"});
  box.append(scaleChoice(), charts);
  drawCharts(charts, answer);
}

function drawCharts(charts, answer) {
  const scale = document.querySelector('input[name="db-scale"]:checked')?.value || "big bets";
  charts.replaceChildren();
  for (const unit of byUnit(new Set(answer.hands.map((hand) => hand.unit)))) {
    charts.append(chart(answer, answer.hands.filter((hand) => hand.unit === unit), unit,
                        scale === "money"));
  }
}

// big bets (the default: one big game does not flatten the rest) or each unit's money
function scaleChoice() {
  const chosen = document.querySelector('input[name="db-scale"]:checked')?.value || "big bets";
  const field = Object.assign(document.createElement("fieldset"), {className: "db-scale"});
  field.append(Object.assign(document.createElement("legend"), {textContent: "show in"}));
  for (const value of ["big bets", "money"]) {
    const label = document.createElement("label");
    const input = Object.assign(document.createElement("input"),
                                {type: "radio", name: "db-scale", value,
                                 checked: value === chosen});
    input.addEventListener("change", () => drawCharts($("db-charts"), lastLuck));
    label.append(input, ` ${value}`);
    field.append(label);
  }
  return field;
}

// about five round steps from low to high: 1, 2 or 5 times a power of ten
function ticks(low, high, count = 5) {
  const span = high - low || 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const found = [];
  for (let v = Math.ceil(low / step) * step; v <= high + step * 1e-9; v += step) {
    found.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  }
  return {values: found, step};
}

function tickText(value, step) {
  const digits = step >= 1 ? 0 : Math.min(4, Math.ceil(-Math.log10(step)));
  return value.toLocaleString("en-US", {minimumFractionDigits: digits,
                                        maximumFractionDigits: digits});
}

function chart(answer, hands, unit, money_asked) {
  // in big bets where any hand's big bet is known (db.plotting.chart_lines), else money
  const inBigBets = !money_asked && hands.some((hand) => hand.big_bet);
  const won = [0, ...hands.map((h) => (inBigBets ? h.running_net_big_bets : h.running_net))];
  const adjusted = [0, ...hands.map((h) => (inBigBets ? h.running_adjusted_big_bets
                                                      : h.running_adjusted))];
  const axisWords = inBigBets ? "big bets" : (SYMBOLS[unit] ? `${unit} (${SYMBOLS[unit]})`
                                                            : unit);
  const allIn = hands.filter((hand) => hand.luck !== null).length;
  const figure = Object.assign(document.createElement("figure"), {className: "db-chart"});
  figure.dataset.unit = unit;
  figure.dataset.scale = inBigBets ? "big bets" : "money";
  const title = `${answer.player}: won and all-in adjusted, ${unit}, ` +
    `${hands.length.toLocaleString("en-US")} hand${hands.length === 1 ? "" : "s"}, ` +
    `${allIn} all in`;
  figure.append(Object.assign(document.createElement("figcaption"), {textContent: title}));

  // as wide as its box (a phone's too), so that the figures keep their size
  const W = Math.round(Math.max(320, Math.min(640, $("db-luck").clientWidth || 640)));
  const H = W < 480 ? 240 : 280, LEFT = 60, RIGHT = 12, TOP = 12, BOTTOM = 44;
  const values = [...won, ...adjusted];
  const yTicks = ticks(Math.min(0, ...values), Math.max(0, ...values));
  const low = Math.min(yTicks.values[0], ...values);
  const high = Math.max(yTicks.values[yTicks.values.length - 1], ...values);
  const last = won.length - 1;
  const x = (i) => LEFT + (W - LEFT - RIGHT) * (last ? i / last : 0.5);
  const y = (v) => TOP + (H - TOP - BOTTOM) * (high > low ? (high - v) / (high - low) : 0.5);
  const {svg, add} = newChart(W, H);
  const end = (line) => `${line[last] < 0 ? "" : "+"}${tickText(line[last], 0.01)}`;
  svg.setAttribute("aria-label", `${title}: won ${end(won)}, all-in adjusted ` +
                   `${end(adjusted)} ${axisWords}`);
  for (const value of yTicks.values) {  // the y axis: grid lines and their figures
    add("line", {x1: LEFT, x2: W - RIGHT, y1: y(value), y2: y(value),
                 class: value === 0 ? "zero" : "grid"});
    add("text", {x: LEFT - 6, y: y(value) + 4, "text-anchor": "end", class: "tick"},
        tickText(value, yTicks.step));
  }
  const xTicks = ticks(0, last, Math.min(6, Math.max(1, last)));
  for (const value of xTicks.values.filter((v) => Number.isInteger(v))) {
    add("line", {x1: x(value), x2: x(value), y1: H - BOTTOM, y2: H - BOTTOM + 4,
                 class: "axis"});
    add("text", {x: x(value), y: H - BOTTOM + 17, "text-anchor": "middle", class: "tick"},
        value.toLocaleString("en-US"));
  }
  add("line", {x1: LEFT, x2: LEFT, y1: TOP, y2: H - BOTTOM, class: "axis"});
  add("line", {x1: LEFT, x2: W - RIGHT, y1: H - BOTTOM, y2: H - BOTTOM, class: "axis"});
  add("text", {x: (LEFT + W - RIGHT) / 2, y: H - 6, "text-anchor": "middle",
               class: "axis-title"}, "hands");
  add("text", {x: 14, y: (TOP + H - BOTTOM) / 2, "text-anchor": "middle", class: "axis-title",
               transform: `rotate(-90 14 ${(TOP + H - BOTTOM) / 2})`}, axisWords);
  const points = (line) => line.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`)
    .join(" ");
  // won wide and solid underneath, adjusted dashed on top: where they agree both show
  add("polyline", {points: points(won), class: "won", "data-line": "won"});
  add("polyline", {points: points(adjusted), class: "adjusted", "data-line": "adjusted"});
  figure.append(svg);
  const legend = Object.assign(document.createElement("p"), {className: "db-legend"});
  for (const [name, line, words] of [["won", won, "won"],
                                     ["adjusted", adjusted, "all-in adjusted"]]) {
    const key = Object.assign(document.createElement("span"), {className: `key ${name}`});
    key.setAttribute("aria-hidden", "true");
    const item = document.createElement("span");
    item.append(key, ` ${words} ${inBigBets ? `${end(line)} big bets`
                                            : money(line[last], unit)}`);
    legend.append(item);
  }
  figure.append(legend);
  return figure;
}
