// Hand histories: a PokerStars file uploaded to /api/history, its stud hands listed as they
// are replayed, one charted street by street, and the all-in luck of its summary.

import {newChart} from "./svg.js";
import {WORDS} from "./words.js";

export const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
                        "#8c564b", "#e377c2"];
const $ = (id) => document.getElementById(id);

export async function upload(file) {
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
      if (record.summary) { status.textContent = counted(record.summary); showLuck(record.summary); }
      else if (record.error) status.textContent = record.error;
      else { addHand(record); hands++; status.textContent = `${plural(hands, "stud hand")} replayed…`; }
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
  const W = 420, H = 200, PAD = 30;
  const {svg, add} = newChart(W, H + 40);
  svg.dataset.chart = record.id;
  svg.setAttribute("aria-label", `equity by street in hand ${record.id}`);
  const streets = record.streets.map((s) => s.street);
  const x = (street) => PAD + (W - 2 * PAD) * (streets.length > 1 ?
    (street - streets[0]) / (streets[streets.length - 1] - streets[0]) : 0.5);
  const y = (equity) => H - PAD / 2 - (H - PAD) * equity;
  for (const level of [0, 0.5, 1]) {
    add("line", {x1: PAD, x2: W - PAD, y1: y(level), y2: y(level), class: "grid"});
    add("text", {x: 2, y: y(level) + 4, class: "axis"}, `${level * 100}%`);
  }
  streets.forEach((s) => add("text", {x: x(s), y: H + 4, class: "axis", "text-anchor": "middle"},
                             WORDS.streets[s]));
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
  // each street of the hand (the hero's view) opens in the calculator above
  const open = document.createElement("p");
  open.className = "open-streets";
  open.append("open in the calculator: ");
  record.streets.forEach((street) => {
    const button = Object.assign(document.createElement("button"), {type: "button",
      textContent: WORDS.streets[street.street]});
    button.dataset.street = street.street;
    button.setAttribute("aria-label", `open ${button.textContent} of hand ${record.id} in the calculator`);
    button.addEventListener("click", () => document.dispatchEvent(new CustomEvent("open-spot", {
      detail: {game: record.game, hands: street.players.map((p) => p.hand), dead: street.dead,
               community: street.community}})));
    open.append(button, " ");
  });
  box.append(open);
}

const plural = (n, word) => `${n.toLocaleString()} ${word}${n === 1 ? "" : "s"}`;

function counted(summary) {
  // what the file held: the stud hands replayed, and what was passed over and why
  const parts = [`${plural(summary.replayed, "stud hand")} replayed`];
  if (summary.other_games) {
    const names = Object.entries(summary.other_game_names || {})
      .map(([name, count]) => `${name} ${count.toLocaleString()}`).join(", ");
    parts.push(`${plural(summary.other_games, "hand")} of other games passed over (${names})`);
  }
  if (summary.skipped.length) parts.push(`${plural(summary.skipped.length, "hand")} skipped (unreadable)`);
  return parts.join("; ");
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
