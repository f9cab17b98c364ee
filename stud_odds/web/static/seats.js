// The seats: one box per seat with its text field, its cards as chips (a chip removes its
// card) and its fold and clear buttons, the seat count, and the folded players' upcards.
// The seats are patched in place: an edit changes the boxes, inputs and chips it concerns,
// and the elements stay, so the focus and a screen reader's place survive it.

import {cardName, cardsIn, face, handNodes, handText, parseHand} from "./cards.js";
import {setValue} from "./controls.js";
import {edited} from "./edits.js";
import {setTarget} from "./picker.js";
import {MAX_SEATS, MIN_SEATS, state} from "./state.js";

const $ = (id) => document.getElementById(id);
const seatBox = (i) => $("seats").children[i];
const seatOf = (element) => Number(element.closest("[data-seat-box]").dataset.seatBox) - 1;

function newSeat(i) {
  // one seat's box; its controls find their seat when used, from the box's number
  const item = document.createElement("li");
  item.className = "seat";
  item.dataset.seatBox = i + 1;
  item.innerHTML = `<div class="seat-head"><span class="seat-name"></span>
    <button type="button" class="fold">fold</button>
    <button type="button" class="clear">clear seat</button></div>
    <input class="hand" autocomplete="off" spellcheck="false" placeholder="random">
    <div class="chips"></div><p class="seat-error" hidden></p>`;
  item.querySelector(".seat-name").textContent = `Seat ${i + 1}`;
  item.querySelector(".fold").setAttribute("aria-label", `fold seat ${i + 1}`);
  item.querySelector(".clear").setAttribute("aria-label", `clear seat ${i + 1}`);
  const input = item.querySelector("input");
  input.dataset.hand = i + 1;
  input.setAttribute("aria-label", `seat ${i + 1}: down/up cards or a range`);
  input.addEventListener("input", () => { state.seats[seatOf(item)] = input.value; edited(false); });
  input.addEventListener("focus", () => setTarget({kind: "seat", seat: seatOf(item)}));
  item.querySelector(".fold").addEventListener("click", () => fold(seatOf(item)));
  item.querySelector(".clear").addEventListener("click", () => {
    const seat = seatOf(item);
    state.seats[seat] = ""; setTarget({kind: "seat", seat}); edited(true);
  });
  item.addEventListener("click", (e) => {
    // anywhere in the seat's box chooses it (its buttons do their own work)
    if (!e.target.closest("button") && e.target !== input) {
      setTarget({kind: "seat", seat: seatOf(item)});
    }
  });
  return item;
}

export function drawSeats() {
  // as many boxes as seats (added or taken at the end), each patched to its seat's text
  const list = $("seats");
  while (list.children.length > state.seats.length) list.lastElementChild.remove();
  while (list.children.length < state.seats.length) list.append(newSeat(list.children.length));
  state.seats.forEach((text, i) => {
    seatBox(i).classList.toggle("target", state.target.kind === "seat" && state.target.seat === i);
    setValue(seatBox(i).querySelector("input"), text);
    drawChips(i);
  });
  $("count").textContent = state.seats.length;
  $("more").disabled = state.seats.length >= MAX_SEATS;
  $("fewer").disabled = state.seats.length <= MIN_SEATS;
}

export function watchSeatCount() {
  $("more").addEventListener("click", () => {
    if (state.seats.length < MAX_SEATS) { state.seats.push(""); edited(true); }
  });
  $("fewer").addEventListener("click", () => {
    if (state.seats.length > MIN_SEATS) {
      state.seats.pop();
      if (state.target.seat >= state.seats.length) state.target = {kind: "seat", seat: 0};
      edited(true);
    }
  });
}

function removeCard(i, k) {
  // a slot is cleared where it is (an unknown card), never moving the later cards into it;
  // the last card dealt simply goes
  const hand = parseHand(state.seats[i]);
  if (!hand || k >= hand.seq.length) return;
  if (k === hand.seq.length - 1) hand.seq.pop();
  else hand.seq[k] = "x";
  while (hand.seq.length && hand.seq[hand.seq.length - 1] === "x" && hand.seq.length > 2) {
    hand.seq.pop();  // unknown cards left at the end of the deal are no slot at all
  }
  state.seats[i] = handText(hand);
  edited(true);
  // the last card's chip goes with it: the focus moves to the seat's last chip, or its field
  if (!document.activeElement || document.activeElement === document.body) {
    const chips = seatBox(i).querySelectorAll(".chips button");
    (chips.length ? chips[chips.length - 1] : seatBox(i).querySelector("input")).focus();
  }
}

function newChip() {
  const chip = document.createElement("button");
  chip.type = "button";
  chip.addEventListener("click", () => removeCard(seatOf(chip), Number(chip.dataset.slot)));
  return chip;
}

export function drawChips(i) {
  // the seat's cards as chips, one per dealt slot, patched in place (a chip keeps its
  // element, and so the focus, while its slot is dealt)
  const box = seatBox(i).querySelector(".chips");
  const hand = parseHand(state.seats[i]);
  const wanted = [];
  if (hand && hand.range) wanted.push({range: hand.range});
  if (hand) hand.seq.forEach((card, k) => { if (card !== "R") wanted.push({card, k}); });
  while (box.children.length > wanted.length) box.lastElementChild.remove();
  wanted.forEach((want, n) => {
    let chip = box.children[n];
    const tag = want.range ? "SPAN" : "BUTTON";
    if (!chip || chip.tagName !== tag) {
      const fresh = want.range ? Object.assign(document.createElement("span"),
                                               {className: "range"}) : newChip();
      if (chip) chip.replaceWith(fresh);
      else box.append(fresh);
      chip = fresh;
    }
    if (want.range) { chip.textContent = want.range; return; }
    const {card, k} = want;
    // the slots in street order: two down, the upcards, the seventh down
    chip.className = `card suit-${card[1] || "x"} ${k < 2 || k === 6 ? "down" : "up"}`;
    chip.textContent = face(card);
    chip.dataset.slot = k;
    chip.title = `remove ${card === "x" ? "this unknown card" : card}`;
    chip.setAttribute("aria-label", `remove ${cardName(card)} from seat ${i + 1}`);
  });
}

function fold(i) {
  // the seat goes, and its upcards are dead (a folded player's, as the command's --fold)
  const hand = parseHand(state.seats[i]);
  const up = hand ? hand.seq.slice(2, 6).filter((c) => c !== "x") : [];
  if (up.length) state.folds.push(up.join(" "));
  state.seats.splice(i, 1);
  if (state.seats.length < MIN_SEATS) state.seats.push("");
  setTarget({kind: "seat", seat: Math.min(i, state.seats.length - 1)});
  edited(true);
}

export function drawFolds() {
  const box = $("folds");
  box.replaceChildren();
  state.folds.forEach((text, k) => {
    const chip = document.createElement("button");
    chip.type = "button";
    chip.className = "fold-chip";
    chip.replaceChildren(...handNodes(text.replace(/\s+/g, " ")), " ×");
    chip.title = "unfold: forget these folded upcards";
    chip.dataset.fold = text;
    chip.setAttribute("aria-label", `unfold ${cardsIn(text).map(cardName).join(", ")}`);
    chip.addEventListener("click", () => { state.folds.splice(k, 1); edited(true); });
    box.append(chip);
  });
  $("folds-line").hidden = !state.folds.length;
}
