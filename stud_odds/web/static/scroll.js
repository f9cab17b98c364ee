// A table wider than its box scrolls sideways, and says so: a line under it names the
// columns out of view ("→ swipe for low win, low tie, scoop"), the cut edge is shaded, and
// the box takes the focus (arrow keys scroll it) with its name for a screen reader.

const boxes = new Set();

function hiddenColumns(box) {
  // the titles of the first row's cells that end past the box's right edge
  const row = box.querySelector("tr");
  if (!row) return [];
  const edge = box.getBoundingClientRect().right;
  return [...row.children].filter((cell) => cell.getBoundingClientRect().right > edge + 1)
    .map((cell) => cell.textContent.trim()).filter(Boolean);
}

function update(box) {
  const cue = box.nextElementSibling;
  const wide = box.scrollWidth > box.clientWidth + 1;
  const atEnd = box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
  box.classList.toggle("more-right", wide && !atEnd);
  box.classList.toggle("more-left", wide && box.scrollLeft > 1);
  if (wide) {  // a named region (a name needs a role), reached by Tab
    box.tabIndex = 0;
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", box.dataset.name);
  } else {
    for (const name of ["tabindex", "role", "aria-label"]) box.removeAttribute(name);
  }
  const hidden = wide && !atEnd ? hiddenColumns(box) : [];
  cue.hidden = !wide;
  // (a box of several tables may cut a later one only: its first row then hides nothing)
  cue.textContent = !wide ? "" : atEnd ? "← swipe back for the first columns"
    : hidden.length ? `→ swipe the table for ${hidden.join(", ")}`
      : "→ swipe the table for the columns out of view";
}

export function watchScroll(box, name) {
  // ``box``: the element around a table (overflow-x: auto in the CSS); ``name``: what it
  // holds, for a screen reader when it scrolls
  if (boxes.has(box)) return;
  boxes.add(box);
  box.classList.add("scroll-x");
  box.dataset.name = name;
  const cue = Object.assign(document.createElement("p"), {className: "scroll-cue", hidden: true});
  cue.setAttribute("aria-hidden", "true");  // the region's scrolling says as much
  box.after(cue);
  const again = () => update(box);
  box.addEventListener("scroll", again, {passive: true});
  new ResizeObserver(again).observe(box);
  new MutationObserver(again).observe(box, {childList: true, subtree: true, characterData: true});
  again();
}
