// "My hands": the hand database the server was started with (stud-odds serve --db PATH):
// files dropped here are imported, then its stats, won-and-luck lines and starting hands
// are shown as `stud-odds db stats|luck|starts --json` gives them (docs/database.md).

const $ = (id) => document.getElementById(id);
const NS = "http://www.w3.org/2000/svg";

export async function setUpMyHands() {
  let info;
  try { info = await (await fetch("/api/db")).json(); } catch (e) { return; }
  if (!info.enabled) return;  // the section shows only on a server with a database
  $("my-hands").hidden = false;
  $("db-files").addEventListener("change", (e) => importFiles([...e.target.files]));
  const drop = $("db-drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    importFiles([...e.dataTransfer.files]);
  });
  refresh();
}

async function importFiles(files) {
  const status = $("db-status");
  for (const file of files) {
    status.textContent = `adding ${file.name}…`;
    try {
      const response = await fetch(`/api/db/import?name=${encodeURIComponent(file.name)}`,
                                   {method: "POST", body: file,
                                    headers: {"content-type": "text/plain"}});
      const answer = await response.json();
      status.textContent = response.ok ? `${file.name}: ${answer.sentence}` : answer.error;
    } catch (e) {
      status.textContent = "the server did not answer";
      return;
    }
  }
  refresh();
}

async function refresh() {
  const asked = ["stats", "luck", "starts"].map(async (what) => {
    const response = await fetch(`/api/db/${what}`);
    return [what, response.ok, await response.json()];
  });
  for (const [what, ok, answer] of await Promise.all(asked)) {
    const box = $(`db-${what}`);
    box.replaceChildren();
    if (!ok) { box.append(note(answer.error)); continue; }
    if (what === "luck") drawLuck(box, answer);
    else box.append(table(answer.rows, what === "stats" ? STATS : STARTS));
  }
}

// the columns shown, as `db stats` and `db starts` print them (their JSON has more)
const STATS = ["game", "hands", "vpip_pct", "complete_pct", "saw_4th_pct", "saw_5th_pct",
               "saw_6th_pct", "saw_7th_pct", "showdown_pct", "won_at_showdown_pct", "scoop_pct",
               "net", "bb_per_100"];
const STARTS = ["game", "kind", "start", "hands", "vpip_pct", "net_per_hand", "bb_per_hand",
                "equity"];
const TITLES = {vpip_pct: "VPIP", complete_pct: "complete", saw_4th_pct: "saw 4th",
                saw_5th_pct: "saw 5th", saw_6th_pct: "saw 6th", saw_7th_pct: "saw 7th",
                showdown_pct: "showdown", won_at_showdown_pct: "won at showdown",
                scoop_pct: "scoop", bb_per_100: "BB/100", net_per_hand: "net a hand",
                bb_per_hand: "BB a hand", equity: "table equity"};

function note(text) {
  return Object.assign(document.createElement("p"), {className: "note", textContent: text});
}

function cell(value, column = "") {
  if (value === null || value === undefined) return "-";
  if (typeof value === "number" && (column.endsWith("_pct") || column === "equity")) {
    return `${(column === "equity" ? 100 * value : value).toFixed(1)}%`;
  }
  if (typeof value === "number") {
    return Number.isInteger(value) ? value.toLocaleString() : value.toFixed(3);
  }
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => `${k} ${cell(v)}`).join(", ");
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

function drawLuck(box, answer) {
  const hands = answer.hands || [];
  if (!hands.length) { box.append(note("no hands yet")); return; }
  // the unit he played most hands in (chips and each currency are never added together)
  const counts = {};
  hands.forEach((hand) => { counts[hand.unit] = (counts[hand.unit] || 0) + 1; });
  const unit = Object.keys(counts).sort((a, b) => counts[b] - counts[a])[0];
  const mine = hands.filter((hand) => hand.unit === unit);
  const values = mine.flatMap((hand) => [hand.running_net, hand.running_adjusted]);
  const low = Math.min(0, ...values), high = Math.max(0, ...values);
  const W = 600, H = 220, PAD = 36;
  const x = (i) => PAD + (W - 2 * PAD) * (mine.length > 1 ? i / (mine.length - 1) : 0.5);
  const y = (v) => H - PAD - (H - 2 * PAD) * (high > low ? (v - low) / (high - low) : 0.5);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", `${answer.player}'s net won and all-in adjusted net over ` +
                   `${mine.length} hands, in ${unit}`);
  const add = (name, attrs, text) => {
    const el = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    svg.append(el);
  };
  add("line", {x1: PAD, x2: W - PAD, y1: y(0), y2: y(0), stroke: "#bbb"});
  add("text", {x: 2, y: y(0) + 4, "font-size": 11, fill: "#666"}, "0");
  const lines = [["running_net", "#1f77b4", "won"], ["running_adjusted", "#d62728",
                                                      "all-in adjusted"]];
  lines.forEach(([field, colour, label], k) => {
    add("polyline", {points: mine.map((hand, i) => `${x(i).toFixed(1)},${y(hand[field]).toFixed(1)}`)
      .join(" "), fill: "none", stroke: colour, "stroke-width": 2, "data-line": field});
    add("text", {x: PAD + k * 140, y: H - 8, "font-size": 12, fill: colour}, label);
  });
  box.append(svg);
  const totals = answer.totals[unit];
  box.append(note(`${answer.player}: ${mine.length.toLocaleString()} hands in ${unit}, ` +
                  `won ${cell(totals.net)}, all-in adjusted ${cell(totals.adjusted)} ` +
                  `(${totals.all_in_hands} all-in hands)`));
}
