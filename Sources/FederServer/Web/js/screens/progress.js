// Fortschritte: the child's own board. Every course letter with its plant and best stars, the
// sticker book, today's jar and the streak's flames. Pictures only: no digits, no percentages.

import { jar, plant, sticker, stars } from "../pictures.js";
import { say } from "../speak.js";
import { state } from "../state.js";
import { flames } from "./home.js";

export class ProgressScreen {
  constructor(app) { this.app = app; }

  async show() {
    say({ key: "progress.intro", text: "Schau, was du schon alles kannst!" });
    const board = document.getElementById("progress-board");
    const book = document.getElementById("sticker-book");
    if (!state.childID) { board.replaceChildren(); book.replaceChildren(); return; }
    let data;
    try {
      const response = await fetch(`/api/v1/profiles/${state.childID}/progress`);
      // An adult deleted the child meanwhile: as when the live session says so, "Wer schreibt heute?".
      if (response.status === 404) { this.app.childGone(); return; }
      if (!response.ok) throw new Error(`progress: ${response.status}`);
      data = await response.json();
    } catch (error) { console.warn("progress", error); return; }
    document.getElementById("progress-jar").innerHTML = jar(data.jar);
    document.getElementById("progress-streak").innerHTML = flames(data.streak);
    board.replaceChildren(...data.letters.map((l) => {
      const tile = document.createElement("div");
      tile.className = `letter-tile${l.open ? "" : " locked"}`;
      tile.dataset.char = l.char;
      tile.dataset.level = String(l.level);
      tile.dataset.stars = String(l.stars);
      tile.innerHTML = `<span class="letter">${escape(l.char)}</span>${plant(l.level)}<span class="tile-stars">${stars(l.stars)}</span>`;
      return tile;
    }));
    book.replaceChildren(...data.stickers.map((s) => {
      const slot = document.createElement("div");
      slot.className = `sticker-slot${s.earned ? " earned" : ""}`;
      slot.dataset.sticker = s.sticker;
      slot.innerHTML = sticker(s.sticker, s.earned);
      return slot;
    }));
    document.body.dataset.progressShown = "true";
  }
}

function escape(text) {
  return text.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);
}
