// The page's charts, drawn element by element in SVG: the history's equity by street
// (history.js) and My hands' won and all-in adjusted lines (myhands.js).

const NS = "http://www.w3.org/2000/svg";

// An <svg> image of viewBox width x height, and add(name, attributes, text): a child
// element with those attributes (and text) appended to it, and returned.
export function newChart(width, height) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  const add = (name, attrs, text) => {
    const el = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    svg.append(el);
    return el;
  };
  return {svg, add};
}
