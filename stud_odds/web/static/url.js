// The URL is the spot: read when the page opens and on Back, written after each edit (a new
// history entry, so Back returns to the spot before), and sent as the API's query.  The
// parameters' names are the option schema's (Option.query, served in WORDS.url): the page
// spells none of them.

import {MIN_SEATS, state} from "./state.js";
import {WORDS} from "./words.js";

const NAMES = WORDS.url.fields;  // an option's field name -> its URL parameter
// the options the page keeps as text, in the link's order; the share link shows the first
// three even when empty (the fields a player fills in)
const TEXT_OPTIONS = ["community", "seed", "trials", "precision", "deck_rule", "pot", "to_call"];
const SHOWN_EMPTY = new Set(["community", "seed", "trials"]);
const FLAGS = ["exact", "classes"];
const OUTS_VIEW = "outs";  // the page's own view, not the spot's: the API never sees it
const PAGE_ID = Math.random().toString(36).slice(2);  // this tab: its newer job cancels its older

export function readURL() {
  const q = new URLSearchParams(location.search);
  state.game = q.get(NAMES.game) in WORDS.games ? q.get(NAMES.game) : "stud";
  // every hand of the URL, even past eight: the server then says what is wrong
  state.seats = q.getAll(NAMES.hands);
  while (state.seats.length < MIN_SEATS) state.seats.push("");
  state.folds = q.getAll(NAMES.folds).filter((f) => f.trim());
  state.dead = q.get(NAMES.dead) || "";
  for (const field of TEXT_OPTIONS) state[field] = q.get(NAMES[field]) || "";
  const yes = (name) => WORDS.yes.includes((q.get(name) || "").trim().toLowerCase());
  for (const field of FLAGS) state[field] = yes(NAMES[field]);
  state.outs = yes(OUTS_VIEW);
}

export function query(forApi) {
  // the spot as a query: the API's (``forApi``: an empty seat is "random", no empty field)
  // or the share link's
  const q = new URLSearchParams();
  q.set(NAMES.game, state.game);
  // an empty seat is an opponent nobody sees
  state.seats.forEach((h) => q.append(NAMES.hands, forApi && !h.trim() ? "random" : h));
  if (state.dead.trim() || !forApi) q.set(NAMES.dead, state.dead);
  state.folds.forEach((f) => q.append(NAMES.folds, f));
  for (const field of TEXT_OPTIONS) {
    const value = state[field];
    if (value.trim() || (!forApi && SHOWN_EMPTY.has(field))) q.set(NAMES[field], value.trim());
  }
  for (const field of FLAGS) if (state[field]) q.set(NAMES[field], "1");
  if (state.outs && !forApi) q.set(OUTS_VIEW, "1");
  return q.toString();
}

export function apiQuery(q, {player, without = []} = {}) {
  // an API call's query: the spot's (``q``, query(true)) less the options ``without``
  // (field names), for ``player``'s seat (1-based) when given, marked with this tab's id
  const params = new URLSearchParams(q);
  for (const field of without) params.delete(NAMES[field]);
  if (player !== undefined) params.set(NAMES.player, player);
  params.set(WORDS.url.page, PAGE_ID);
  return params.toString();
}

export const isOption = (field) => field in NAMES;  // a field of the schema the URL carries
