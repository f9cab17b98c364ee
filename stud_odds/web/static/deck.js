// The picker's 52 cards: one button each, built once, a used card greyed and disabled; the
// grid is one tab stop, the arrow keys move within it (skipping used cards).

import {cardName, face, RANKS} from "./cards.js";

const $ = (id) => document.getElementById(id);
const COLUMNS = 13;

export const cardButtons = () => [...$("deck").querySelectorAll("button[data-card]")];

function build(deck, pick) {
  for (const suit of "shdc") {
    for (const rank of [...RANKS].reverse()) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = `card suit-${suit}`;
      button.dataset.card = rank + suit;
      button.textContent = face(rank + suit);
      button.setAttribute("aria-label", cardName(rank + suit));
      button.tabIndex = -1;  // one tab stop for the grid; arrows move within it
      button.addEventListener("click", () => pick(rank + suit));
      button.addEventListener("keydown", (e) => moveInDeck(e, button));
      deck.append(button);
    }
    // a phone lays each suit out on two rows of seven: this fills the second row's end
    deck.append(Object.assign(document.createElement("span"), {className: "suit-end"}));
  }
}

export function drawDeck(used, pick) {
  // the cards ``used`` (a Set) disabled; ``pick(card)``: what a click on a free card does
  const deck = $("deck");
  if (!deck.children.length) build(deck, pick);
  const focused = document.activeElement;
  const buttons = cardButtons();
  for (const button of buttons) {
    button.disabled = used.has(button.dataset.card);
    button.classList.toggle("used", button.disabled);
  }
  // the grid's one tab stop: the focused card when it is still free, else the first free one
  let stop = buttons.find((b) => b.tabIndex === 0 && !b.disabled);
  if (!stop) stop = buttons.find((b) => !b.disabled);
  buttons.forEach((b) => { b.tabIndex = b === stop ? 0 : -1; });
  if (focused && focused.parentElement === deck && focused.disabled && stop) {
    // the card just picked is used now: keep the focus in the grid, on the next free card
    const next = buttons.slice(buttons.indexOf(focused)).find((b) => !b.disabled) || stop;
    buttons.forEach((b) => { b.tabIndex = b === next ? 0 : -1; });
    next.focus();
  }
}

function moveInDeck(event, button) {
  // arrow keys within the 13 x 4 grid, skipping used cards; Home / End to a row's ends
  const buttons = cardButtons();
  const at = buttons.indexOf(button);
  const steps = {ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS};
  let target = null;
  if (event.key in steps) {
    for (let i = at + steps[event.key]; i >= 0 && i < buttons.length; i += steps[event.key]) {
      if (!buttons[i].disabled) { target = buttons[i]; break; }
    }
  } else if (event.key === "Home" || event.key === "End") {
    const row = buttons.slice(at - (at % COLUMNS), at - (at % COLUMNS) + COLUMNS)
      .filter((b) => !b.disabled);
    target = event.key === "Home" ? row[0] : row[row.length - 1];
  }
  if (!target) return;
  event.preventDefault();
  buttons.forEach((b) => { b.tabIndex = b === target ? 0 : -1; });
  target.focus();
}
