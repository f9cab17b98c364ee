// Where the picker's cards go (a seat, the dead cards, the community card) and what picking
// one does to the spot; the grid itself is deck.js.

import {cardsIn, handText, parseHand} from "./cards.js";
import {drawDeck} from "./deck.js";
import {edited} from "./edits.js";
import {showSeatError} from "./errors.js";
import {computeOuts} from "./outs.js";
import {drawRiverSeat} from "./river.js";
import {nothingAsked, state} from "./state.js";
import {query} from "./url.js";

const $ = (id) => document.getElementById(id);

function usedCards() {
  const used = new Set();
  for (const text of state.seats) {
    const hand = parseHand(text);
    if (hand) hand.seq.filter((c) => c.length === 2 && c !== "x").forEach((c) => used.add(c));
  }
  [state.dead, state.community, ...state.folds].forEach((t) => cardsIn(t).forEach((c) => used.add(c)));
  return used;
}

export function drawPicker() {
  drawDeck(usedCards(), pick);
  const t = state.target;
  $("target-name").textContent = t.kind === "seat" ? `seat ${t.seat + 1}` : `the ${t.kind} cards`;
}

export function setTarget(target) {
  // ``target``: {kind: "seat", seat} (0-based), {kind: "dead"} or {kind: "community"}
  const seatChanged = target.kind === "seat" && (state.target.kind !== "seat" ||
                                                 state.target.seat !== target.seat);
  state.target = target;
  document.querySelectorAll(".seat").forEach((s, i) =>
    s.classList.toggle("target", target.kind === "seat" && target.seat === i));
  drawPicker();
  if (seatChanged) drawRiverSeat();
  if (seatChanged && state.outs && state.spotInfo && !nothingAsked()) computeOuts(query(true));
}

export function watchTargets() {
  // the dead and community fields take the picker's cards once clicked or typed in, not
  // merely passed through: Tab from a seat to the card grid goes through the dead cards,
  // and the grid's cards must still go to that seat
  for (const kind of ["dead", "community"]) {
    for (const name of ["click", "input"]) {
      $(kind).addEventListener(name, () => { if (state.target.kind !== kind) setTarget({kind}); });
    }
  }
}

function pick(card) {
  const t = state.target;
  if (t.kind === "seat") {
    const hand = parseHand(state.seats[t.seat]);
    if (!hand) { showSeatError(t.seat, "fix this seat's text first, or clear the seat"); return; }
    if (hand.seq.length >= 7) { showSeatError(t.seat, "this seat holds seven cards"); return; }
    if (hand.range && hand.seq.length < 2) hand.seq.unshift("R", "R");
    const empty = hand.seq.indexOf("x");  // the first cleared or unknown slot takes the card
    if (empty >= 0) hand.seq[empty] = card;
    else hand.seq.push(card);
    state.seats[t.seat] = handText(hand);
  } else if (t.kind === "dead") {
    state.dead = `${state.dead.trim()} ${card}`.trim();
  } else {
    state.community = card;
  }
  edited(true);
}
