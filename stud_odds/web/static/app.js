// stud-odds' page: the spot lives in the URL; every edit recomputes it ~300 ms later through
// the JSON API (docs/web.md).  The server owns every rule and every number's text: the page
// only gathers cards and shows what the API answers.

import {cardsIn, face, handNodes, handText, parseHand, RANKS} from "./cards.js";
import {upload} from "./history.js";
import {setUpMyHands} from "./myhands.js";
import {forumText, secondsLeft, showGame, showProgress, showResult} from "./results.js";
import {watchScroll} from "./scroll.js";
import {state} from "./state.js";
import {WORDS} from "./words.js";

const MIN_SEATS = 2, MAX_SEATS = 8, DEBOUNCE_MS = 300;
const PAGE = Math.random().toString(36).slice(2);  // this tab: its newer job cancels its older
const $ = (id) => document.getElementById(id);
const RETRY_AFTER_S = 1, MAX_RETRIES = 5;
// an out's colour, by its group's tone (WORDS.outs_groups: the server's groups and words)
const OUT_TONES = ["better", "same", "unclear", "worse"];  // the legend's order
const OUT_CLASSES = OUT_TONES.map((tone) => `out-${tone}`);
const cardName = (card) => card === "x" ? "an unknown card"
  : `${WORDS.ranks[card[0]]} of ${WORDS.suits[card[1]]}`;

function usedCards() {
  const used = new Set();
  for (const text of state.seats) {
    const hand = parseHand(text);
    if (hand) hand.seq.filter((c) => c.length === 2 && c !== "x").forEach((c) => used.add(c));
  }
  [state.dead, state.community, ...state.folds].forEach((t) => cardsIn(t).forEach((c) => used.add(c)));
  return used;
}

// ---- the URL is the spot --------------------------------------------------------------------

function readURL() {
  const q = new URLSearchParams(location.search);
  state.game = q.get("game") in WORDS.games ? q.get("game") : "stud";
  // every hand of the URL, even past eight: the server then says what is wrong
  state.seats = q.getAll("hand");
  while (state.seats.length < MIN_SEATS) state.seats.push("");
  state.folds = q.getAll("fold").filter((f) => f.trim());
  state.dead = q.get("dead") || "";
  state.community = q.get("community") || "";
  state.seed = q.get("seed") || "";
  state.trials = q.get("trials") || "";
  state.precision = q.get("precision") || "";
  state.deckRule = q.get("deck_rule") || "";
  const yes = (name) => WORDS.yes.includes((q.get(name) || "").trim().toLowerCase());
  state.exact = yes("exact");
  state.classes = yes("classes");
  state.outs = yes("outs");
  state.pot = q.get("pot") || "";
  state.toCall = q.get("to_call") || "";
}

function query(forApi) {
  const q = new URLSearchParams();
  q.set("game", state.game);
  // an empty seat is an opponent nobody sees
  state.seats.forEach((h) => q.append("hand", forApi && !h.trim() ? "random" : h));
  if (state.dead.trim() || !forApi) q.set("dead", state.dead);
  state.folds.forEach((f) => q.append("fold", f));
  const optional = {community: state.community, seed: state.seed, trials: state.trials,
                    precision: state.precision, deck_rule: state.deckRule, pot: state.pot,
                    to_call: state.toCall};
  for (const [name, value] of Object.entries(optional)) {
    if (value.trim() || (!forApi && ["community", "seed", "trials"].includes(name))) {
      q.set(name, value.trim());
    }
  }
  if (state.exact) q.set("exact", "1");
  if (state.classes) q.set("classes", "1");
  if (state.outs && !forApi) q.set("outs", "1");  // the page's view, not the spot's
  return q.toString();
}

// ---- drawing the table and the picker -------------------------------------------------------

// The seats are patched in place: an edit changes the seat boxes, inputs and chips it
// concerns, and the elements stay, so the focus and a screen reader's place survive it.

const seatBox = (i) => $("seats").children[i];
const seatOf = (element) => Number(element.closest("[data-seat-box]").dataset.seatBox) - 1;

function setValue(input, value) {
  // only a change is written: rewriting an input's text would move its caret
  if (input.value !== value) input.value = value;
}

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

function drawSeats() {
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

function drawChips(i) {
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

function drawFolds() {
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

function drawPicker() {
  const deck = $("deck");
  if (!deck.children.length) {
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
  const used = usedCards();
  const focused = document.activeElement;
  for (const button of cardButtons()) {
    button.disabled = used.has(button.dataset.card);
    button.classList.toggle("used", button.disabled);
  }
  // the grid's one tab stop: the focused card when it is still free, else the first free one
  const buttons = cardButtons();
  let stop = buttons.find((b) => b.tabIndex === 0 && !b.disabled);
  if (!stop) stop = buttons.find((b) => !b.disabled);
  buttons.forEach((b) => { b.tabIndex = b === stop ? 0 : -1; });
  if (focused && focused.parentElement === deck && focused.disabled && stop) {
    // the card just picked is used now: keep the focus in the grid, on the next free card
    const next = buttons.slice(buttons.indexOf(focused)).find((b) => !b.disabled) || stop;
    buttons.forEach((b) => { b.tabIndex = b === next ? 0 : -1; });
    next.focus();
  }
  const t = state.target;
  $("target-name").textContent = t.kind === "seat" ? `seat ${t.seat + 1}` : `the ${t.kind} cards`;
}

const cardButtons = () => [...$("deck").querySelectorAll("button[data-card]")];

function moveInDeck(event, button) {
  // arrow keys within the 13 x 4 grid, skipping used cards; Home / End to a row's ends
  const buttons = cardButtons();
  const at = buttons.indexOf(button), columns = 13;
  const steps = {ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns};
  let target = null;
  if (event.key in steps) {
    for (let i = at + steps[event.key]; i >= 0 && i < buttons.length; i += steps[event.key]) {
      if (!buttons[i].disabled) { target = buttons[i]; break; }
    }
  } else if (event.key === "Home" || event.key === "End") {
    const row = buttons.slice(at - (at % columns), at - (at % columns) + columns)
      .filter((b) => !b.disabled);
    target = event.key === "Home" ? row[0] : row[row.length - 1];
  }
  if (!target) return;
  event.preventDefault();
  buttons.forEach((b) => { b.tabIndex = b === target ? 0 : -1; });
  target.focus();
}

function drawAll() {
  $("game").value = state.game;
  for (const [id, key] of Object.entries(TEXT_FIELDS)) setValue($(id), state[key]);
  $("exact").checked = state.exact;
  $("classes").checked = state.classes;
  $("outs").checked = state.outs;
  drawSeats();
  drawFolds();
  drawPicker();
}

// the page's text boxes -> the state's fields
const TEXT_FIELDS = {dead: "dead", community: "community", seed: "seed", trials: "trials",
                     pot: "pot", "to-call": "toCall"};

function setTarget(target) {
  const seatChanged = target.kind === "seat" && (state.target.kind !== "seat" ||
                                                 state.target.seat !== target.seat);
  state.target = target;
  document.querySelectorAll(".seat").forEach((s, i) =>
    s.classList.toggle("target", target.kind === "seat" && target.seat === i));
  drawPicker();
  if (seatChanged && state.outs && state.spotInfo && !nothingAsked()) computeOuts(query(true));
}

// ---- edits ----------------------------------------------------------------------------------

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

function fold(i) {
  const hand = parseHand(state.seats[i]);
  const up = hand ? hand.seq.slice(2, 6).filter((c) => c !== "x") : [];
  if (up.length) state.folds.push(up.join(" "));
  state.seats.splice(i, 1);
  if (state.seats.length < MIN_SEATS) state.seats.push("");
  setTarget({kind: "seat", seat: Math.min(i, state.seats.length - 1)});
  edited(true);
}

function edited(redraw) {
  state.retries = 0;
  state.outsGeneration++;  // an outs answer still on its way is the previous spot's: dropped
  // every edit: cancel the running job and recompute after a pause; the URL becomes a new
  // history entry then (Back returns to the spot before), not at every keystroke
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

function stop() {
  state.generation++;
  // closing the stream cancels its job
  if (state.source) { state.source.close(); state.source = null; }
  $("stop-counting").hidden = true;
  delete $("results").dataset.estimate;
}

// ---- computing ------------------------------------------------------------------------------

function setState(name, error) {
  const results = $("results");
  results.dataset.state = name;
  results.setAttribute("aria-busy", name === "computing" ? "true" : "false");
  const box = document.querySelector('[data-field="error"]');
  box.hidden = !error;
  box.textContent = error || "";
  // after a mistake the last spot's numbers stay, greyed and said to be the previous spot's:
  // the table and the lines under it, the class bars, the equities above the cards
  const stale = name === "error" && $("rows").children.length > 0;
  results.classList.toggle("stale", stale);
  $("stale-note").hidden = !stale;
  labelStale($("mini-results"), stale);
  $("mini-results").classList.toggle("busy", name === "computing");
  // the table's lines (who brings in, the cards left for a shared river) likewise
  for (const id of ["acting", "community-note"]) labelStale($(id), name === "error");
  // the outs shown are the last spot's until the new spot's come: greyed and said so
  if (name !== "done") markOutsStale(name);
  if (name === "error") {
    $("announce").textContent = error || "";
    if (window.innerWidth < 760) box.scrollIntoView({block: "center"});
  }
}

function labelStale(element, stale) {
  // a line of the previous spot's: greyed (the class) and said so ("previous spot: ...")
  stale = stale && element.textContent.trim() !== "";
  element.classList.toggle("stale", stale);
  const label = element.querySelector(":scope > .stale-label");
  if (stale && !label) {
    element.prepend(Object.assign(document.createElement("span"), {className: "stale-label",
                                                                    textContent: "previous spot: "}));
  } else if (!stale && label) label.remove();
}

// where each field's mistake is shown, and the control it describes
const FIELD_PLACES = {dead: ["dead-error", "dead"], folds: ["folds-error", null],
                      community: ["community-error", "community"], seed: ["options-error", "seed"],
                      trials: ["options-error", "trials"], precision: ["options-error", null],
                      max_time: ["options-error", null], exact: ["options-error", "exact"],
                      pot: ["options-error", "pot"], to_call: ["options-error", "to-call"],
                      game: ["options-error", "game"], deck_rule: ["options-error", null]};

function pageWords(message) {
  // the server speaks of players and JSON fields; the page shows seats and boxes
  return message.replace(/\bplayers? (\d)/g, (m, n) => `seat ${n}`)
    .replace(/\bplayers (\d[\d, and]*)/g, (m, list) => `seats ${list}`)
    .replace(/drop "exact": true/g, 'untick "exact"');
}

function clearFieldErrors() {
  document.querySelectorAll(".field-error").forEach((p) => { p.hidden = true; p.textContent = ""; });
  document.querySelectorAll("[aria-invalid]").forEach((el) => {
    el.removeAttribute("aria-invalid");
    el.removeAttribute("aria-describedby");
  });
}

function showFieldError(answer) {
  // a mistake under the field it is about (a seat's box, the dead cards, the options);
  // false when the answer names no field the page shows
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
  const place = FIELD_PLACES[answer.field];
  if (!place) return false;
  const [boxId, controlId] = place;
  const box = $(boxId);
  box.textContent = message;
  box.hidden = false;
  if (controlId) {
    $(controlId).setAttribute("aria-invalid", "true");
    $(controlId).setAttribute("aria-describedby", boxId);
  }
  if (window.innerWidth < 760) box.scrollIntoView({block: "center"});
  return true;
}

function failed(answer) {
  // the results keep the last spot's numbers, greyed; the sentence goes under its field
  clearFieldErrors();
  const placed = showFieldError(answer);
  setState("error", placed ? "" : pageWords(answer.error || ""));
  if (placed) $("announce").textContent = pageWords(answer.error || "");
}

function showSeatError(i, message) {
  const p = document.querySelector(`[data-seat-box="${i + 1}"] .seat-error`);
  if (!p) return;
  p.id = `seat-error-${i + 1}`;
  p.hidden = !message;
  p.textContent = message ? pageWords(message) : "";
}

function nothingAsked() {
  // no seat holds a card or a range: random against random is nobody's question
  return state.seats.every((text) => !text.trim() || text.trim().toLowerCase() === "random");
}

function showIdle() {
  // the empty page: no numbers, and what to do for some
  stop();
  state.result = null;
  $("rows").replaceChildren();
  $("lines").replaceChildren();
  $("class-bars").replaceChildren();
  $("mini-results").replaceChildren();
  clearOuts();
  $("outs-summary").hidden = !state.outs;
  $("outs-summary").textContent = "outs: give a seat its cards first";
  setState("idle");
  document.querySelector('[data-field="method"]').textContent =
    "pick each seat's cards in the grid (or type them, e.g. AhKh/Qh) to see each seat's chances";
}

async function compute() {
  const mine = ++state.generation;
  const q = query(true);
  let response, info;
  try {
    response = await fetch(`/api/spot?${q}`);
    info = await response.json();
  } catch (e) {
    if (mine === state.generation) setState("error", "the server did not answer: is stud-odds serve running?");
    return;
  }
  if (mine !== state.generation) return;
  state.seats.forEach((_, i) => showSeatError(i, info.hands ? info.hands[i] : null));
  if (!response.ok) { failed(info); return; }
  clearFieldErrors();
  showSpot(info);
  if (nothingAsked()) { showIdle(); return; }
  computeOuts(q);
  const stream = new EventSource(`/api/equity/stream?${q}&page=${PAGE}`);
  state.source = stream;
  let counting = null;  // the count's first progress report: {at, done}
  let estimated = false;
  const finish = () => {
    stream.close();
    if (state.source === stream) state.source = null;
    $("stop-counting").hidden = true;
    delete $("results").dataset.estimate;
  };
  stream.addEventListener("estimate", (e) => {
    // a long exact count: a sampled estimate first, marked as such, with a Stop control
    const data = JSON.parse(e.data);
    showResult(data, state.classes);
    estimated = true;
    $("results").dataset.estimate = "1";
    $("stop-counting").hidden = false;
    // no time yet: the planner's figure is its cost model's, not this machine's clock; the
    // time left is said once the count's own rate is measured (secondsLeft)
    document.querySelector('[data-field="method"]').textContent =
      `sampled estimate (${data.display.lines[0]}); counting every one of ` +
      `${data.estimate.deals.toLocaleString()} deals exactly…`;
  });
  stream.addEventListener("partial", (e) => showResult(JSON.parse(e.data), state.classes));
  stream.addEventListener("progress", (e) => {
    const progress = JSON.parse(e.data), now = performance.now() / 1000;
    if (!counting) counting = {at: now, done: progress.done};
    showProgress(progress, secondsLeft(counting, progress, now), estimated);
  });
  stream.addEventListener("result", (e) => {
    finish();  // the stream ends here: never let the browser reconnect and recompute
    state.retries = 0;
    const data = JSON.parse(e.data);
    showResult(data, state.classes);
    setState("done");
    if (!state.seed && data.display.seed) {
      // the seed the server chose goes in the share link: the link shows these numbers
      // (its text: JSON's number loses a 63-bit seed's last digits in JavaScript)
      state.seed = data.display.seed;
      $("seed").value = state.seed;
      history.replaceState(null, "", `?${query(false)}`);
    }
    // one announcement when the numbers are final (the table itself is not a live region)
    $("announce").textContent = data.players.map((p, i) =>
      `seat ${i + 1} ${data.display.cells[i].equity}`).join(", ");
  });
  stream.addEventListener("failure", (e) => { finish(); failed(JSON.parse(e.data)); });
  stream.onerror = async () => {
    if (state.source !== stream) return;
    finish();
    // busy (503, Retry-After) or gone: ask /api/health which, and try again while busy
    const mine = state.generation;
    let up = false;
    try { up = (await fetch("/api/health")).ok; } catch (e) { up = false; }
    if (mine !== state.generation) return;
    if (up && state.retries < MAX_RETRIES) {
      state.retries++;
      const wait = RETRY_AFTER_S * 2 ** (state.retries - 1);
      setState("computing");
      document.querySelector('[data-field="method"]').textContent =
        `the server is busy: trying again in ${wait} s`;
      state.timer = setTimeout(compute, 1000 * wait);
      return;
    }
    setState("error", up ? "the server stayed busy: edit the spot to try again"
                         : "the server did not answer: is stud-odds serve running?");
  };
}

// ---- outs: the picker shows what each card does for the chosen seat -----------------------

const percent = (fraction) => `${(100 * fraction).toFixed(1)}%`;

function clearOuts() {
  for (const button of cardButtons()) {
    delete button.dataset.outs;
    button.classList.remove(...OUT_CLASSES);
    button.removeAttribute("title");
    button.setAttribute("aria-label", cardName(button.dataset.card));
  }
  $("picker").classList.remove("outs-stale");
  $("outs-stale-note").hidden = true;
  $("outs-legend").hidden = true;
}

function markOutsStale(name) {
  // the outs on the cards are the last spot's: greyed, and said so; none counting now
  const shown = $("deck").querySelector("[data-outs]") !== null;
  $("picker").classList.toggle("outs-stale", shown);
  $("outs-stale-note").hidden = !shown;
  if (!shown && state.outs && name === "error") {
    $("outs-summary").textContent = "outs: once the mistake above is mended";
  }
}

async function computeOuts(q) {
  const mine = ++state.outsGeneration;
  const summary = $("outs-summary");
  clearOuts();
  const t = state.target;
  summary.hidden = !state.outs;
  if (!state.outs) return;
  if (t.kind !== "seat") { summary.textContent = "outs: choose a seat"; return; }
  summary.textContent = `outs of seat ${t.seat + 1}: counting...`;
  // each card's spot by outs' own stop (exact when cheap, else 0.3 points a card): the
  // spot's trial count, asked of every card, could take minutes
  const params = new URLSearchParams(q);
  params.delete("trials");
  params.delete("precision");
  let response, data;
  try {
    response = await fetch(`/api/outs?${params}&player=${t.seat + 1}&page=${PAGE}`);
    data = await response.json();
  } catch (e) {
    if (mine === state.outsGeneration) summary.textContent = "outs: the server did not answer";
    return;
  }
  if (mine !== state.outsGeneration) return;
  if (!response.ok) { summary.textContent = `outs: ${data.error}`; return; }
  showOuts(data);
}

function showOuts(data) {
  // each card coloured by its group's verdict (the server's groups: a sampled card its error
  // bar cannot tell is "too close to call"); the summary counts them in the same words
  const whose = data.community ? "the community card" : `seat ${data.player}'s next card`;
  $("outs-summary").textContent = `${whose} — ${data.summary} (now ${percent(data.now.equity)})`;
  const byCard = new Map(data.cards.map((out) => [out.card, out]));
  const verdicts = new Map();  // tone -> the legend's word
  for (const button of cardButtons()) {
    const out = byCard.get(button.dataset.card);
    if (!out) continue;
    const {tone, verdict} = WORDS.outs_groups[out.group];
    verdicts.set(tone, verdict);
    button.dataset.outs = percent(out.equity);
    button.classList.add(`out-${tone}`);
    const change = `${out.change >= 0 ? "+" : "−"}${Math.abs(100 * out.change).toFixed(1)} points`;
    const said = `${button.dataset.outs} once dealt (${change}: ${out.group})`;
    button.title = `${face(out.card)}: ${said}`;
    button.setAttribute("aria-label", `${cardName(out.card)}: ${said}`);
  }
  // the colours' key, in the summary's words
  const legend = $("outs-legend");
  legend.replaceChildren(...OUT_TONES.filter((tone) => verdicts.has(tone)).map((tone) => {
    const item = Object.assign(document.createElement("span"), {className: "legend-item"});
    item.append(Object.assign(document.createElement("span"), {className: `swatch out-${tone}`}),
                verdicts.get(tone));
    return item;
  }));
  legend.hidden = !verdicts.size;
}

function showSpot(info) {
  state.spotInfo = info;
  showGame(info.game);
  $("community-line").hidden = !(info.shared_river || state.community);
  $("community-note").textContent = info.shared_river
    ? `the deck runs short: ${info.cards_left} cards left, so seventh street is one shared card`
    : "";
  const acting = info.acting || {};
  const rule = acting.bring_in || acting.first_to_act;
  $("acting").textContent = rule ? rule.reason : "";
}

// ---- copying --------------------------------------------------------------------------------

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {  // no clipboard permission: the old way
    const area = Object.assign(document.createElement("textarea"), {value: text});
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  $("copied").textContent = "copied";
  setTimeout(() => { $("copied").textContent = ""; }, 1500);
}


// ---- wiring ---------------------------------------------------------------------------------

function bind() {
  const fields = {game: "game", ...TEXT_FIELDS};
  for (const [id, key] of Object.entries(fields)) {
    $(id).addEventListener(id === "game" ? "change" : "input", () => { state[key] = $(id).value; edited(false); });
  }
  // clicked or typed in, not merely passed through: Tab from a seat to the card grid goes
  // through the dead cards, and the grid's cards must still go to that seat
  for (const [id, kind] of [["dead", "dead"], ["community", "community"]]) {
    for (const name of ["click", "input"]) {
      $(id).addEventListener(name, () => { if (state.target.kind !== kind) setTarget({kind}); });
    }
  }
  $("exact").addEventListener("change", () => { state.exact = $("exact").checked; edited(false); });
  $("classes").addEventListener("change", () => { state.classes = $("classes").checked; edited(false); });
  $("outs").addEventListener("change", () => { state.outs = $("outs").checked; edited(false); });
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
  const four = $("four-colour");
  four.checked = localStorage.getItem("four-colour") === "1";
  document.body.classList.toggle("four-colour", four.checked);
  four.addEventListener("change", () => {
    localStorage.setItem("four-colour", four.checked ? "1" : "0");
    document.body.classList.toggle("four-colour", four.checked);
  });
  $("copy-command").addEventListener("click", () => state.spotInfo && copy(state.spotInfo.command));
  $("stop-counting").addEventListener("click", () => {
    // keep the sampled estimate, say the exact count was stopped (closing cancels the job)
    stop();
    document.querySelector('[data-field="method"]').textContent =
      "exact counting stopped: the numbers above are the sampled estimate";
    setState("done");
  });
  $("copy-forums").addEventListener("click", () => copy(forumText()));
  const drop = $("drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    if (e.dataTransfer.files.length) upload(e.dataTransfer.files[0]);
  });
  $("history-file").addEventListener("change", (e) => { if (e.target.files.length) upload(e.target.files[0]); });
  window.addEventListener("popstate", () => { readURL(); drawAll(); stop(); compute(); });
  document.addEventListener("open-spot", (e) => {
    // a replayed hand's street, as the hero saw it, becomes the spot
    const spot = e.detail;
    state.game = spot.game;
    state.seats = [...spot.hands];
    state.dead = (spot.dead || []).join(" ");
    state.folds = [];
    state.community = spot.community || "";
    state.target = {kind: "seat", seat: 0};
    edited(true);
    $("table").scrollIntoView({block: "start"});
  });
}

// While the server's kernels compile, numpy answers (the same numbers, slower on big
// spots): say so, and how far the kernels are, until they are all loaded.
async function watchWarming() {
  try {
    const health = await (await fetch("/api/health")).json();
    const note = $("warming");
    note.hidden = !health.warming;
    if (!health.warming) return;
    const k = health.kernels;
    note.textContent = `warming up: ${k.loaded} of ${k.total} kernels ready` +
      (k.compiling ? " (compiling); numpy answers meanwhile" : "; numpy answers meanwhile");
    setTimeout(watchWarming, 2000);
  } catch (error) {
    setTimeout(watchWarming, 5000);
  }
}

readURL();
bind();
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
