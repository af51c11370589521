// Says engine lines ({key, text}) in order, and shows them in the caption line when captions are on.

import { voice } from "./voice.js";

let captions = false;

export function setCaptions(on) {
  captions = on;
  document.body.dataset.captions = on ? "on" : "off";
}

export function say(line) {
  if (!line) return;
  const utterance = typeof line === "string" ? { key: null, text: line } : line;
  voice.say(utterance.text, utterance.key);
  const caption = document.getElementById("caption");
  if (caption && captions) caption.textContent = utterance.text;
}

export function sayAll(lines) { (lines || []).forEach(say); }
