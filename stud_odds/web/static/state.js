// The page's one state object: the spot (what the URL holds), where picked cards go, the
// jobs in flight and what the server last said.  Every module reads and edits this one.

export const state = {
  // the spot, as the URL and the API fields hold it
  game: "stud", seats: ["", ""], folds: [], dead: "", community: "", seed: "", trials: "",
  precision: "", deckRule: "", exact: false, classes: false, outs: false, pot: "", toCall: "",
  target: {kind: "seat", seat: 0},  // where the picker's cards go
  // the jobs in flight: a newer generation makes the older answers stale
  timer: null, source: null, generation: 0, outsGeneration: 0,
  retries: 0,  // a busy server's 503 (Retry-After: 1 s) is retried, waiting longer each time
  spotInfo: null,  // /api/spot's answer for the spot shown
  result: null,  // the last result shown
};
