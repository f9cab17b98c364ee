// An edit of the spot, announced: the modules that change it (the seats, the picker, the
// options) say so here, and the page (app.js) redraws, cancels the running job and
// recomputes.  An event, so that those modules need not import the page that imports them.

const EDITED = "spot-edited";

export function edited(redraw) {
  // ``redraw``: every seat, chip and control is drawn again from the state (an edit made by
  // a click); else only the chips and the picker (typing in a field, which shows its text)
  document.dispatchEvent(new CustomEvent(EDITED, {detail: {redraw}}));
}

export function onEdit(handler) {
  document.addEventListener(EDITED, (e) => handler(e.detail.redraw));
}
