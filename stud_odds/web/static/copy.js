// The copy buttons: the spot's command line (the server writes it, /api/spot) and the
// results as a plain-text table for forums.

import {forumText} from "./results.js";
import {state} from "./state.js";

const $ = (id) => document.getElementById(id);

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

export function watchCopyButtons() {
  $("copy-command").addEventListener("click", () => state.spotInfo && copy(state.spotInfo.command));
  $("copy-forums").addEventListener("click", () => copy(forumText()));
}
