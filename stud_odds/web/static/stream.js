// Computing the spot: /api/spot first (its street, who acts, a seat's mistake), then the
// equity as server-sent events (/api/equity/stream: partial results, an exact count's
// progress, a sampled estimate first when the count is long, the result), retried while the
// server is busy.  Closing the stream cancels its job.

import {clearFieldErrors, failed, showSeatError} from "./errors.js";
import {clearOuts, computeOuts} from "./outs.js";
import {secondsLeft, showGame, showProgress, showResult} from "./results.js";
import {showRiver} from "./river.js";
import {setState} from "./status.js";
import {nothingAsked, state} from "./state.js";
import {apiQuery, query} from "./url.js";

const $ = (id) => document.getElementById(id);
const RETRY_AFTER_S = 1, MAX_RETRIES = 5;
const methodLine = () => document.querySelector('[data-field="method"]');

export function stop() {
  state.generation++;
  // closing the stream cancels its job
  if (state.source) { state.source.close(); state.source = null; }
  $("stop-counting").hidden = true;
  delete $("results").dataset.estimate;
}

export function stopCounting() {
  // keep the sampled estimate, say the exact count was stopped (closing cancels the job)
  stop();
  methodLine().textContent = "exact counting stopped: the numbers above are the sampled estimate";
  setState("done");
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
  methodLine().textContent =
    "pick each seat's cards in the grid (or type them, e.g. AhKh/Qh) to see each seat's chances";
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

export async function compute() {
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
  if (!response.ok) { showRiver(null); failed(info); return; }
  clearFieldErrors();
  showSpot(info);
  showRiver(info);
  if (nothingAsked()) { showIdle(); return; }
  computeOuts(q);
  listen(new EventSource(`/api/equity/stream?${apiQuery(q)}`));
}

function listen(stream) {
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
    methodLine().textContent =
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
    showFinal(JSON.parse(e.data));
  });
  stream.addEventListener("failure", (e) => { finish(); failed(JSON.parse(e.data)); });
  stream.onerror = async () => {
    if (state.source !== stream) return;
    finish();
    await retryWhileBusy();
  };
}

function showFinal(data) {
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
}

async function retryWhileBusy() {
  // busy (503, Retry-After) or gone: ask /api/health which, and try again while busy
  const mine = state.generation;
  let up = false;
  try { up = (await fetch("/api/health")).ok; } catch (e) { up = false; }
  if (mine !== state.generation) return;
  if (up && state.retries < MAX_RETRIES) {
    state.retries++;
    const wait = RETRY_AFTER_S * 2 ** (state.retries - 1);
    setState("computing");
    methodLine().textContent = `the server is busy: trying again in ${wait} s`;
    state.timer = setTimeout(compute, 1000 * wait);
    return;
  }
  setState("error", up ? "the server stayed busy: edit the spot to try again"
                       : "the server did not answer: is stud-odds serve running?");
}
