// "Wer schreibt heute?": the profiles' avatars; a tap says the name and chooses; a tile adds a child.

import { avatar, icons } from "../pictures.js";
import { applySettings, prompt, say, stopSpeaking } from "../speak.js";
import { go, state } from "../state.js";
import { sounds } from "../sounds.js";
import { isSignedIn, openGate, signOutQuietly } from "../../adult/gate.js";

const PROMPT = { key: "app.whoIsWriting", text: "Wer schreibt heute?" };
// While tablets wait here, the teacher may add, archive or delete children on the laptop.
const REFRESH_MS = 5000;
// A class's tiles shrink until every child is on the screen at once, down to this (twice a finger).
const TILE_MAX = 180, TILE_MIN = 88;

/** The largest tile (and its gap) at which `count` round tiles fit into `width` × `height`. */
export function fittedTile(count, width, height, padding = 24) {
  for (let size = Math.min(TILE_MAX, width * 0.26); size > TILE_MIN; size -= 4) {
    const gap = Math.max(12, Math.round(size * 0.155));
    const columns = Math.max(1, Math.floor((width - 2 * padding + gap) / (size + gap)));
    const rows = Math.ceil(count / columns);
    if (rows * (size + gap) - gap <= height - 2 * padding) return { size, gap, fits: true };
  }
  return { size: TILE_MIN, gap: 12, fits: false };  // a very large class scrolls, from its first row
}

export class WhoScreen {
  constructor(app) {
    this.app = app;
    this.tiles = document.getElementById("who-tiles");
    document.querySelector("#screen-who .say-again").addEventListener("click", () => prompt(PROMPT));
    // The grown-ups' door: behind the gate, like adding a child (a parent sets the app up).
    const adults = document.getElementById("adult-door");
    adults.innerHTML = icons.lock();
    adults.addEventListener("click", async () => { if (await openGate()) location.href = "/adult/"; });
    addEventListener("resize", () => { if (state.screen === "who") this.fit(); });
  }

  /** Sizes the tiles so that the whole class is seen without scrolling (an iPad turned too). */
  fit() {
    const count = this.tiles.children.length;
    if (!count || !this.tiles.clientWidth) return;
    this.tiles.style.removeProperty("--tile-size");  // measured at its own size, not the tiles'
    const { size, gap, fits } = fittedTile(count, this.tiles.clientWidth, this.tiles.clientHeight);
    // Centred, tiles beyond the container would overflow above its top too, where no scroll reaches.
    this.tiles.style.alignContent = fits ? "" : "flex-start";
    this.tiles.style.setProperty("--tile-size", `${size}px`);
    this.tiles.style.setProperty("--tile-gap", `${gap}px`);
  }

  async show() {
    applySettings(null);  // nobody writes yet: the device's own look and the default voice
    prompt(PROMPT);
    // The child's screens never carry an adult session: a parent who set up a child and handed the
    // tablet over is signed out here, so the lock asks again.
    if (await isSignedIn()) await signOutQuietly();
    this.shown = null;
    await this.refresh();
    clearInterval(this.timer);
    this.timer = setInterval(() => {
      if (state.screen !== "who") { clearInterval(this.timer); return; }
      if (document.visibilityState === "visible") this.refresh();
    }, REFRESH_MS);
  }

  /** Draws the class's tiles, again only when the class changed (a tile is not redrawn under a finger). */
  async refresh() {
    let profiles;
    try {
      const response = await fetch("/api/v1/profiles");
      if (!response.ok) throw new Error(`profiles: ${response.status}`);
      profiles = await response.json();
    } catch (error) {
      console.warn("profiles", error);
      if (this.shown !== null) return;  // keep what is shown; tried again in a moment
      profiles = [];
    }
    const key = JSON.stringify(profiles.map((p) => [p.id, p.animal, p.colour, p.say.text]));
    if (key === this.shown || state.screen !== "who") return;
    this.shown = key;
    const tiles = profiles.map((p) => {
      const b = document.createElement("button");
      b.className = "tile profile";
      b.dataset.child = p.id;
      b.setAttribute("aria-label", p.say.text);
      b.innerHTML = avatar(p.animal, p.colour);
      b.addEventListener("click", async () => {
        sounds.unlock();
        stopSpeaking("prompt");  // answered: the child's name, not the rest of the question
        say(p.say);
        b.classList.add("chosen");
        await this.app.choose(p.id);
      });
      return b;
    });
    const add = document.createElement("button");
    add.className = "tile add";
    add.id = "add-child";
    add.setAttribute("aria-label", "Neues Kind");
    add.innerHTML = icons.plus();
    add.addEventListener("click", async () => {
      sounds.unlock();
      if (await openGate()) go("new");
    });
    this.tiles.replaceChildren(...tiles, add);
    this.fit();
  }
}
