// A mistake goes under the field it is about: a seat's box, the dead cards, the folds, the
// community card, or the options (the server's answer names the schema's field); the field
// is marked invalid and described by the sentence.

import {PHONE_WIDTH, setState} from "./status.js";
import {isOption} from "./url.js";

const $ = (id) => document.getElementById(id);

function pageWords(message) {
  // the server speaks of players and JSON fields; the page shows seats and boxes
  return message.replace(/\bplayers? (\d)/g, (m, n) => `seat ${n}`)
    .replace(/\bplayers (\d[\d, and]*)/g, (m, list) => `seats ${list}`)
    .replace(/drop "exact": true/g, 'untick "exact"');
}

export function clearFieldErrors() {
  // the spot's mistakes (the river view's own are its own: river.js)
  const spots = (selector) => [...document.querySelectorAll(selector)]
    .filter((el) => !el.closest("#river"));
  spots(".field-error").forEach((p) => { p.hidden = true; p.textContent = ""; });
  spots("[aria-invalid]").forEach((el) => {
    el.removeAttribute("aria-invalid");
    el.removeAttribute("aria-describedby");
  });
}

export function showSeatError(i, message) {
  // seat ``i`` (0-based)'s own line: its mistake, or nothing when ``message`` is null
  const p = document.querySelector(`[data-seat-box="${i + 1}"] .seat-error`);
  if (!p) return;
  p.id = `seat-error-${i + 1}`;
  p.hidden = !message;
  p.textContent = message ? pageWords(message) : "";
}

function placeOf(field) {
  // [the sentence's box, the control it describes (or null)] for an option's field: its own
  // box (#dead-error) where the page has one, else the options' box; its control is the one
  // named for it (<input name="to_call">); null for a field the URL does not carry
  if (!isOption(field)) return null;
  const box = $(`${field}-error`) || $("options-error");
  return [box, document.querySelector(`:is(input, select)[name="${field}"]`)];
}

function showFieldError(answer) {
  // the mistake under its field; false when the answer names no field the page shows
  const message = pageWords(answer.error || "");
  if (answer.field === "hands" && answer.seat) {
    showSeatError(answer.seat - 1, message);
    const input = document.querySelector(`[data-hand="${answer.seat}"]`);
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", `seat-error-${answer.seat}`);
    }
    return true;
  }
  const place = answer.field === "hands" ? null : placeOf(answer.field);
  if (!place) return false;
  const [box, control] = place;
  box.textContent = message;
  box.hidden = false;
  if (control) {
    control.setAttribute("aria-invalid", "true");
    control.setAttribute("aria-describedby", box.id);
  }
  if (window.innerWidth < PHONE_WIDTH) box.scrollIntoView({block: "center"});
  return true;
}

export function failed(answer) {
  // the results keep the last spot's numbers, greyed; the sentence goes under its field
  clearFieldErrors();
  const placed = showFieldError(answer);
  setState("error", placed ? "" : pageWords(answer.error || ""));
  if (placed) $("announce").textContent = pageWords(answer.error || "");
}
