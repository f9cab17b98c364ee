// Outs: the picker shows what each card does for the chosen seat (/api/outs), each card
// coloured by its group's verdict, with the summary line and the colours' key above it.

import {cardName, face} from "./cards.js";
import {cardButtons} from "./deck.js";
import {state} from "./state.js";
import {apiQuery} from "./url.js";
import {WORDS} from "./words.js";

const $ = (id) => document.getElementById(id);
// an out's colour, by its group's tone (WORDS.outs_groups: the server's groups and words)
const OUT_TONES = ["better", "same", "unclear", "worse"];  // the legend's order
const OUT_CLASSES = OUT_TONES.map((tone) => `out-${tone}`);
const percent = (fraction) => `${(100 * fraction).toFixed(1)}%`;

export function clearOuts() {
  for (const button of cardButtons()) {
    delete button.dataset.outs;
    button.classList.remove(...OUT_CLASSES);
    button.removeAttribute("title");
    button.setAttribute("aria-label", cardName(button.dataset.card));
  }
  $("picker").classList.remove("outs-stale");
  $("outs-stale-note").hidden = true;
  $("outs-legend").hidden = true;
}

export function markOutsStale(name) {
  // the outs on the cards are the last spot's: greyed, and said so; none counting now
  const shown = $("deck").querySelector("[data-outs]") !== null;
  $("picker").classList.toggle("outs-stale", shown);
  $("outs-stale-note").hidden = !shown;
  if (!shown && state.outs && name === "error") {
    $("outs-summary").textContent = "outs: once the mistake above is mended";
  }
}

export async function computeOuts(q) {
  // the chosen seat's outs in the spot ``q`` (query(true)), when the outs view is on
  const mine = ++state.outsGeneration;
  const summary = $("outs-summary");
  clearOuts();
  const t = state.target;
  summary.hidden = !state.outs;
  if (!state.outs) return;
  if (t.kind !== "seat") { summary.textContent = "outs: choose a seat"; return; }
  summary.textContent = `outs of seat ${t.seat + 1}: counting...`;
  // each card's spot by outs' own stop (exact when cheap, else 0.3 points a card): the
  // spot's trial count, asked of every card, could take minutes
  const params = apiQuery(q, {player: t.seat + 1, without: ["trials", "precision"]});
  let response, data;
  try {
    response = await fetch(`/api/outs?${params}`);
    data = await response.json();
  } catch (e) {
    if (mine === state.outsGeneration) summary.textContent = "outs: the server did not answer";
    return;
  }
  if (mine !== state.outsGeneration) return;
  if (!response.ok) { summary.textContent = `outs: ${data.error}`; return; }
  showOuts(data);
}

function showOuts(data) {
  // each card coloured by its group's verdict (the server's groups: a sampled card its error
  // bar cannot tell is "too close to call"); the summary counts them in the same words
  const whose = data.community ? "the community card" : `seat ${data.player}'s next card`;
  $("outs-summary").textContent = `${whose} — ${data.summary} (now ${percent(data.now.equity)})`;
  const byCard = new Map(data.cards.map((out) => [out.card, out]));
  const verdicts = new Map();  // tone -> the legend's word
  for (const button of cardButtons()) {
    const out = byCard.get(button.dataset.card);
    if (!out) continue;
    const {tone, verdict} = WORDS.outs_groups[out.group];
    verdicts.set(tone, verdict);
    button.dataset.outs = percent(out.equity);
    button.classList.add(`out-${tone}`);
    const change = `${out.change >= 0 ? "+" : "−"}${Math.abs(100 * out.change).toFixed(1)} points`;
    const said = `${button.dataset.outs} once dealt (${change}: ${out.group})`;
    button.title = `${face(out.card)}: ${said}`;
    button.setAttribute("aria-label", `${cardName(out.card)}: ${said}`);
  }
  // the colours' key, in the summary's words
  const legend = $("outs-legend");
  legend.replaceChildren(...OUT_TONES.filter((tone) => verdicts.has(tone)).map((tone) => {
    const item = Object.assign(document.createElement("span"), {className: "legend-item"});
    item.append(Object.assign(document.createElement("span"), {className: `swatch out-${tone}`}),
                verdicts.get(tone));
    return item;
  }));
  legend.hidden = !verdicts.size;
}
