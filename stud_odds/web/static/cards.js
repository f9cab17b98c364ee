// Cards in the command line's syntax (AhKh/Qh, xx/7d, [QQ+]/Kd), for the picker's edits only:
// whether a spot is right is the server's question (/api/spot).

import {WORDS} from "./words.js";

export const RANKS = "23456789TJQKA";
export const SUITS = "cdhs";

export function tokens(text) {
  // one token per card ("x" for an unknown one); null when the text is not only cards
  const out = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (" ,;\t".includes(c)) { i++; continue; }
    if ("xX?*".includes(c)) { out.push("x"); i++; continue; }
    const width = text.startsWith("10", i) ? 2 : 1;
    const rank = text.slice(i, i + width).toUpperCase().replace("10", "T");
    const suit = (text[i + width] || "").toLowerCase();
    if (!RANKS.includes(rank) || !SUITS.includes(suit) || rank.length !== 1) return null;
    out.push(rank + suit);
    i += width + 1;
  }
  return out;
}

export function parseHand(text) {
  // {range, seq}: seq is the cards in the order they are dealt (2 down, 4 up, 1 down);
  // a range stands for the two hole cards ("R"); null when the text cannot be read here
  text = text.trim();
  if (!text || text.toLowerCase() === "random") return {range: null, seq: []};
  let range = null, rest = text;
  if (text.startsWith("[")) {
    const end = text.indexOf("]");
    if (end < 0) return null;
    range = text.slice(0, end + 1);
    rest = text.slice(end + 1);
  }
  const parts = rest.split("/");
  if (parts.length > 2) return null;
  const down = tokens(parts[0]), up = parts.length > 1 ? tokens(parts[1]) : [];
  if (!down || !up) return null;
  if (range) return {range, seq: ["R", "R", ...up, ...down]};
  if (parts.length === 1) return {range, seq: down};  // cards typed so far, in dealt order
  return {range, seq: [...down.slice(0, 2), ...up, ...down.slice(2)]};
}

export function handText(hand) {
  const {range, seq} = hand;
  const up = seq.slice(2, 6).join(""), seventh = seq.slice(6).join("");
  if (range) return `${range}${seventh}/${up}`;
  if (!seq.length) return "";
  return `${seq.slice(0, 2).join("")}${seventh}/${up}`;
}

export function cardsIn(text) {
  const parsed = tokens(text || "");
  return parsed ? parsed.filter((c) => c !== "x") : [];
}


// Cards as players read them: the rank and the suit's symbol (A♠), coloured by the suit's
// class (two colours, or four with the four-colour deck); the typed form (As) stays in
// the fields and the URL.  U+FE0E asks for the symbol as text, never as an emoji.
export const SUIT_SYMBOLS = {s: "♠\uFE0E", h: "♥\uFE0E", d: "♦\uFE0E", c: "♣\uFE0E"};

export const face = (card) => card === "x" ? "?" : card[0] + SUIT_SYMBOLS[card[1]];

// a card as a screen reader says it ("ace of spades"), in the server's words
export const cardName = (card) => card === "x" ? "an unknown card"
  : `${WORDS.ranks[card[0]]} of ${WORDS.suits[card[1]]}`;

export function cardSpan(card) {
  return Object.assign(document.createElement("span"),
                       {className: `suit-${card[1]}`, textContent: face(card)});
}

export function handNodes(text) {
  // a hand's text (AhKh/Qh, [QQ+]/Kd) with each card as its face; a range's brackets are
  // left as typed (its "AKs" is no ace and king of spades)
  const nodes = [];
  let depth = 0, plain = "";
  const flush = () => { if (plain) nodes.push(document.createTextNode(plain)); plain = ""; };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "[") depth++;
    if (c === "]") depth = Math.max(0, depth - 1);
    if (!depth && RANKS.includes(c) && SUITS.includes(text[i + 1] || "")) {
      flush();
      nodes.push(cardSpan(c + text[i + 1]));
      i++;
      continue;
    }
    plain += c;
  }
  flush();
  return nodes;
}
