// The results' state (idle, computing, done, error) and what it greys: after a mistake the
// last spot's numbers stay, greyed and said to be the previous spot's.

import {markOutsStale} from "./outs.js";

const $ = (id) => document.getElementById(id);
export const PHONE_WIDTH = 760;  // narrower: a mistake is scrolled into view

export function setState(name, error) {
  // ``name``: idle, computing, done or error; ``error``: a sentence shown under the results
  const results = $("results");
  results.dataset.state = name;
  results.setAttribute("aria-busy", name === "computing" ? "true" : "false");
  const box = document.querySelector('[data-field="error"]');
  box.hidden = !error;
  box.textContent = error || "";
  // after a mistake the last spot's numbers stay, greyed and said to be the previous spot's:
  // the table and the lines under it, the class bars, the equities above the cards
  const stale = name === "error" && $("rows").children.length > 0;
  results.classList.toggle("stale", stale);
  $("stale-note").hidden = !stale;
  labelStale($("mini-results"), stale);
  $("mini-results").classList.toggle("busy", name === "computing");
  // the table's lines (who brings in, the cards left for a shared river) likewise
  for (const id of ["acting", "community-note"]) labelStale($(id), name === "error");
  // the outs shown are the last spot's until the new spot's come: greyed and said so
  if (name !== "done") markOutsStale(name);
  if (name === "error") {
    $("announce").textContent = error || "";
    if (window.innerWidth < PHONE_WIDTH) box.scrollIntoView({block: "center"});
  }
}

function labelStale(element, stale) {
  // a line of the previous spot's: greyed (the class) and said so ("previous spot: ...")
  stale = stale && element.textContent.trim() !== "";
  element.classList.toggle("stale", stale);
  const label = element.querySelector(":scope > .stale-label");
  if (stale && !label) {
    element.prepend(Object.assign(document.createElement("span"), {className: "stale-label",
                                                                    textContent: "previous spot: "}));
  } else if (!stale && label) label.remove();
}
