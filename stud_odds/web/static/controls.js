// The spot's options on the page (the game, the dead and community cards, seed, trials, pot,
// to call, the exact, classes and outs ticks): each control is named for its state field
// (<input name="to_call">), drawn from the state and read back into it on every edit.

import {edited} from "./edits.js";
import {state} from "./state.js";

const controls = () => document.querySelectorAll(
  "header :is(input, select)[name], #table input[name], #options input[name]");
const ticked = (control) => control.type === "checkbox";

export function setValue(input, value) {
  // only a change is written: rewriting an input's text would move its caret
  if (input.value !== value) input.value = value;
}

export function drawControls() {
  for (const control of controls()) {
    if (ticked(control)) control.checked = state[control.name];
    else setValue(control, state[control.name]);
  }
}

export function watchControls() {
  for (const control of controls()) {
    // a text box at each keystroke; a menu or a tick once changed
    const when = ticked(control) || control.tagName === "SELECT" ? "change" : "input";
    control.addEventListener(when, () => {
      state[control.name] = ticked(control) ? control.checked : control.value;
      edited(false);
    });
  }
}
