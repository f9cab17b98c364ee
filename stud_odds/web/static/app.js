// stud-odds' page: the spot lives in the URL; every edit recomputes it ~300 ms later through
// the JSON API (docs/web.md).  The server owns every rule and every number's text: the page
// only gathers cards and shows what the API answers.  This module wires the others together:
// the URL (url.js), the seats (seats.js), the card picker (picker.js, deck.js), the options
// (controls.js), the computing (stream.js), the outs (outs.js), the mistakes (errors.js) and
// the river view (river.js).

import {drawControls, watchControls} from "./controls.js";
import {watchCopyButtons} from "./copy.js";
import {watchFiles} from "./drop.js";
import {onEdit} from "./edits.js";
import {upload} from "./history.js";
import {setUpMyHands} from "./myhands.js";
import {drawPicker, watchTargets} from "./picker.js";
import {watchRiverFields} from "./river.js";
import {watchScroll} from "./scroll.js";
import {drawChips, drawFolds, drawSeats, watchSeatCount} from "./seats.js";
import {state} from "./state.js";
import {setState} from "./status.js";
import {compute, stop, stopCounting} from "./stream.js";
import {query, readURL} from "./url.js";
import {watchWarming} from "./warming.js";

const DEBOUNCE_MS = 300;
const $ = (id) => document.getElementById(id);

function drawAll() {
  drawControls();
  drawSeats();
  drawFolds();
  drawPicker();
}

function recompute(redraw) {
  // every edit: cancel the running job and recompute after a pause; the URL becomes a new
  // history entry then (Back returns to the spot before), not at every keystroke
  state.retries = 0;
  state.outsGeneration++;  // an outs answer still on its way is the previous spot's: dropped
  if (redraw) drawAll();
  else { state.seats.forEach((_, i) => drawChips(i)); drawPicker(); }
  stop();
  setState("computing");
  clearTimeout(state.timer);
  state.timer = setTimeout(() => {
    const url = `?${query(false)}`;
    if (url !== location.search) history.pushState(null, "", url);
    compute();
  }, DEBOUNCE_MS);
}

function watchFourColours() {
  const four = $("four-colour");
  four.checked = localStorage.getItem("four-colour") === "1";
  document.body.classList.toggle("four-colour", four.checked);
  four.addEventListener("change", () => {
    localStorage.setItem("four-colour", four.checked ? "1" : "0");
    document.body.classList.toggle("four-colour", four.checked);
  });
}

function watchHistoryDrop() {
  watchFiles($("drop"), $("history-file"), (files) => { if (files.length) upload(files[0]); });
}

function openSpot(spot) {
  // a replayed hand's street, as the hero saw it, becomes the spot
  state.game = spot.game;
  state.seats = [...spot.hands];
  state.dead = (spot.dead || []).join(" ");
  state.folds = [];
  state.community = spot.community || "";
  state.target = {kind: "seat", seat: 0};
  recompute(true);
  $("table").scrollIntoView({block: "start"});
}

readURL();
onEdit(recompute);
watchControls();
watchTargets();
watchSeatCount();
watchFourColours();
watchCopyButtons();
watchHistoryDrop();
watchRiverFields();
$("stop-counting").addEventListener("click", stopCounting);
window.addEventListener("popstate", () => { readURL(); drawAll(); stop(); compute(); });
document.addEventListener("open-spot", (e) => openSpot(e.detail));
// every table that may be wider than a phone scrolls sideways in its box, and says so
watchScroll($("results-scroll"), "the results table");
watchScroll($("class-bars"), "the hand classes table");
watchScroll($("history-scroll"), "the hands of the file");
watchScroll($("history-luck"), "the all-in luck table");
for (const id of ["db-stats", "db-starts"]) watchScroll($(id), `the ${id.slice(3)} table`);
drawAll();
setState("computing");
compute();
watchWarming();
setUpMyHands();
