// The page's one state object: the spot (what the URL holds), where picked cards go, the
// jobs in flight and what the server last said.  Every module reads and edits this one.
// An option's key is its field name in the option schema (stud_odds/request/schema.py):
// the page's controls are named so (<input name="to_call">), and the URL's parameter of
// each is the schema's (url.js).

export const MIN_SEATS = 2, MAX_SEATS = 8;

export const state = {
  // the spot, as the URL and the API fields hold it
  game: "stud", seats: ["", ""], folds: [], dead: "", community: "", seed: "", trials: "",
  precision: "", deck_rule: "", exact: false, classes: false, outs: false, pot: "",
  to_call: "",
  target: {kind: "seat", seat: 0},  // where the picker's cards go
  // the jobs in flight: a newer generation makes the older answers stale
  timer: null, source: null, generation: 0, outsGeneration: 0,
  retries: 0,  // a busy server's 503 (Retry-After: 1 s) is retried, waiting longer each time
  spotInfo: null,  // /api/spot's answer for the spot shown
  result: null,  // the last result shown
};

export function nothingAsked() {
  // no seat holds a card or a range: random against random is nobody's question
  return state.seats.every((text) => !text.trim() || text.trim().toLowerCase() === "random");
}
