// Werkstatt: ruled paper without a model letter. Feder asks by voice ("Schreib ein großes Emm"),
// by picture (a Maus: write its first letter), for a short word, or lets the child write freely;
// after a quiet moment the server reads the ink and answers in words and stars.

import { Viewport } from "../viewport.js";
import { InkCanvas } from "../ink-canvas.js";
import { PenInput } from "../pen.js";
import { icons, prompt, stars, worlds } from "../pictures.js";
import { say, sayAll, stopSpeaking } from "../speak.js";
import { sounds } from "../sounds.js";
import { childPenOptions, state } from "../state.js";

const $ = (id) => document.getElementById(id);
const QUIET_MS = 1800;
// A word is written letter by letter, and a child stops to think between them: it is read after a
// longer quiet, and a stroke that goes on to the right of a word already read adds to it.
const WORD_QUIET_MS = 3500;
// ... unless the word looks whole: as many letters side by side as the word has (strokes whose
// extents overlap left to right are one letter: printed letters stand apart) and about as wide
// as its letters take (this share of the estimate `wordWidth`). Then it is read after the
// letter's quiet: the child waited 3.5 s in silence after its last letter. (Width alone read
// "Mam" of Mama as whole when the child left wide gaps, a review found.)
const WHOLE_WORD_SHARE = 0.7;
// A real letter's own lines may stand apart (an i's dot, an H's bar): a dot (under this share of
// the x-height) is no letter, a gap under this share no new one (docs/LEARNING.md, Werkstatt).
const DOT_SHARE = 0.3, LETTER_GAP_SHARE = 0.2;
// One message carries at most 64 KiB (docs/PROTOCOL.md): a slow letter from a 240 Hz pen brings
// more samples than that. The reader resamples every letter to a fixed number of points and the
// assessment needs far fewer than this, so a long ink is thinned evenly, each stroke keeping its
// first and last sample, rather than lost with the connection.
const READ_SAMPLES = 1500;
const SVG = "http://www.w3.org/2000/svg";
const SCOPE = "werkstatt";  // what Werkstatt says, cleared by Werkstatt alone

/** A random prompt among those whose every letter the child has open (a picture's first letter, a
 * word's letters); among all of them when none fits yet. */
function pickAmong(items, openLetters) {
  const open = new Set(openLetters);
  const fitting = items.filter((item) => [...item.target].every((char) => open.has(char)));
  const pool = fitting.length ? fitting : items;
  return pool[Math.floor(Math.random() * pool.length)];
}

export class WerkstattScreen {
  constructor(app) {
    this.app = app;
    this.paper = $("werkstatt-paper");
    this.viewport = new Viewport(this.paper);
    this.ink = new InkCanvas($("werkstatt-ink"), this.viewport);
    new PenInput($("werkstatt-ink"), this.viewport, this, childPenOptions());
    this.prompts = null;
    this.mode = "letter";
    this.target = null;
    this.lastLines = [];
    this.asked = 0;  // counts prompts, so that only the last tap's prompt is shown and said
    const modeIcons = { letter: icons.ear(), picture: prompt("apfel"), word: prompt("oma"), free: icons.pencil() };
    document.querySelectorAll("#werkstatt-modes [data-mode]").forEach((b) => {
      b.innerHTML = modeIcons[b.dataset.mode];
      b.addEventListener("click", () => { sounds.unlock(); this.ask(b.dataset.mode); });
    });
    $("werkstatt-replay").addEventListener("click", () => { stopSpeaking(SCOPE); sayAll(this.lastLines, SCOPE); });
    new ResizeObserver(() => { if (state.screen === "werkstatt") this.layout(); }).observe(this.paper);
  }

  async show() {
    if (!this.prompts) {
      try { this.prompts = await (await fetch("/api/v1/werkstatt")).json(); } catch (error) { console.warn("werkstatt", error); return; }
    }
    this.layout();
    this.ask(this.mode);
  }

  /** How much of the line the paper shows, in glyph units: room for a letter, or in word mode for
   * the longest word (capitals about as wide as Feder's M, small letters as its a, a gap between),
   * so that a child's whole word fits on the line. */
  paperWidth() {
    if (this.mode !== "word" || !this.prompts?.words?.length) return 300;
    return Math.max(300, ...this.prompts.words.map((w) => wordWidth(w.target)));
  }

  /** Word mode: whether the ink looks like the whole word asked for (see `WHOLE_WORD_SHARE`). */
  wordLooksWhole() {
    const word = this.target?.expected;
    const ruling = this.prompts?.ruling;
    const xHeight = ruling ? ruling.base - ruling.middle : 100;
    const spans = this.ink.strokes.map((stroke) => {
      const xs = stroke.samples.map((p) => p[0]), ys = stroke.samples.map((p) => p[1]);
      const size = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
      return size < DOT_SHARE * xHeight ? null : [Math.min(...xs), Math.max(...xs)];
    }).filter(Boolean).sort((a, b) => a[0] - b[0]);
    if (!word || !spans.length) return false;
    let letters = 1, right = spans[0][1];
    for (const [left, end] of spans.slice(1)) {
      if (left > right + LETTER_GAP_SHARE * xHeight) letters += 1;
      right = Math.max(right, end);
    }
    const width = right - spans[0][0];
    return letters >= [...word].length && width >= WHOLE_WORD_SHARE * wordWidth(word);
  }

  layout() {
    if (!this.prompts) return;
    const r = this.prompts.ruling;
    const box = this.viewport.fit({ ruling: r, width: this.paperWidth() }, 1);
    const svg = $("werkstatt-guides");
    svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
    svg.replaceChildren(...[[r.top, "top"], [r.middle, "middle"], [r.base, "base"], [r.bottom, "bottom"]].map(([y, cls]) => {
      const line = document.createElementNS(SVG, "line");
      Object.entries({ x1: box.x - 10, x2: box.x + box.width + 10, y1: y, y2: y, class: `ruling-line ${cls}` }).forEach(([k, v]) => line.setAttribute(k, v));
      return line;
    }));
    this.ink.resize();
  }

  /** A new prompt in `mode`: letter (by voice), picture, word, or free writing. */
  async ask(mode) {
    const widthChanges = (mode === "word") !== (this.mode === "word");
    this.mode = mode;
    this.ink.clear();
    if (widthChanges) this.layout();
    document.querySelectorAll("#werkstatt-modes [data-mode]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.mode === mode)));
    this.answered = false;
    $("werkstatt-stars").innerHTML = "";
    document.body.dataset.werkstattMode = mode;
    delete document.body.dataset.read;
    delete document.body.dataset.werkstattTarget;  // set again once the new prompt is chosen
    // A child tapping another prompt hears that one, not a queue of the old ones; the world's name,
    // said as the child came in, is heard to its end first.
    stopSpeaking(SCOPE);
    const p = this.prompts;
    if (!p) return;
    const asked = ++this.asked;
    const open = mode === "free" ? [] : await this.openLetters();
    if (asked !== this.asked) return;  // tapped again while the letters were fetched: that prompt wins
    let lines, picture = "";
    if (mode === "letter") {
      const char = open[Math.floor(Math.random() * open.length)] ?? "M";
      this.target = { expected: char };
      document.body.dataset.werkstattTarget = char;
      // ß has one form: "Schreib ein scharfes S".
      const size = char === "ß" ? p.lines.letter : char === char.toUpperCase() ? p.lines.capital : p.lines.small;
      lines = [size, p.names[char]];
      picture = "";  // heard, not shown: the pressed ear above says what to do
    } else if (mode === "picture") {
      const item = pickAmong(p.pictures, open);
      this.target = { expected: item.target };
      document.body.dataset.werkstattTarget = item.target;
      lines = [p.lines.picture, item.spoken];
      picture = prompt(item.picture);
    } else if (mode === "word") {
      const item = pickAmong(p.words, open);
      this.target = { expected: item.target };
      document.body.dataset.werkstattTarget = item.target;
      lines = [p.lines.word, item.spoken];
      picture = prompt(item.picture);
    } else {
      this.target = {};
      delete document.body.dataset.werkstattTarget;
      lines = [p.lines.free];
      picture = worlds.werkstatt();
    }
    $("werkstatt-prompt").innerHTML = picture;
    this.lastLines = lines.filter(Boolean);
    sayAll(this.lastLines, SCOPE);
  }

  async openLetters() {
    if (!state.childID) return ["M", "A", "L", "I", "O"];
    try {
      const response = await fetch(`/api/v1/profiles/${state.childID}/progress`);
      // An adult deleted the child meanwhile: "Wer schreibt heute?" (a letter of the course to ask for all the same).
      if (response.status === 404) { this.app.childGone(); return ["M"]; }
      if (!response.ok) throw new Error(`progress: ${response.status}`);
      const board = await response.json();
      const open = board.letters.filter((l) => l.open).map((l) => l.char);
      return open.length ? open : ["M"];
    } catch (error) { console.warn("progress", error); return ["M"]; }
  }

  // --- Pen (from PenInput) --------------------------------------------------------------------

  down(sample, pointer) {
    sounds.unlock();
    clearTimeout(this.quiet);
    if (this.answered) {
      if (!this.continuesWord(sample)) this.ink.clear();
      this.answered = false;
      $("werkstatt-stars").innerHTML = "";
    }
    this.penDown = true;
    this.ink.begin(sample, pointer);
  }

  move(samples) { if (this.penDown) this.ink.extend(samples); }

  up(sample) {
    if (!this.penDown) return;
    this.penDown = false;
    this.ink.extend([sample]);
    clearTimeout(this.quiet);
    const wait = this.mode === "word" && !this.wordLooksWhole() ? WORD_QUIET_MS : QUIET_MS;
    this.quiet = setTimeout(() => this.read(), wait);
  }

  /** Word mode: a pen-down to the right of the ink (less than half an x-height back from its right
   * edge) goes on writing the word; one further left begins it again. */
  continuesWord(sample) {
    if (this.mode !== "word" || !this.prompts || !this.ink.strokes.length) return false;
    const r = this.prompts.ruling;
    const right = Math.max(...this.ink.strokes.flatMap((stroke) => stroke.samples.map((p) => p[0])));
    return sample[0] > right - 0.5 * (r.base - r.middle);
  }

  /** After a lost connection: ink that could not be read then is read now. */
  async reconnected() {
    if (this.unread && state.screen === "werkstatt") await this.read();
  }

  async read() {
    this.unread = false;
    const strokes = thinned(this.ink.strokes.map((s) => s.samples.map((x) => [x[0], x[1], x[2]])));
    if (!strokes.length) return;
    const pointer = this.ink.strokes[0].pointer;
    document.body.dataset.state = "reading";
    try {
      const replies = await this.app.connection.request("read", { ink: { pointer, strokes }, ...this.target });
      const reply = replies.find((r) => r.type === "read");
      if (!reply) {
        // Ink the server refuses to read (hundreds of dots): a soft sound, and the next stroke starts afresh.
        console.warn("read", replies);
        this.answered = true;
        sounds.soft();
        return;
      }
      const answer = reply.answer;
      this.answered = true;
      document.body.dataset.read = answer.read;
      document.body.dataset.werkstattStars = String(answer.stars ?? "");
      if (answer.stars != null) $("werkstatt-stars").innerHTML = stars(answer.stars);
      if (answer.stars >= 2) sounds.letter(); else if (answer.matched === false) sounds.soft();
      this.lastLines = answer.say;
      sayAll(answer.say, SCOPE);
    } catch (error) {
      // Offline or cut off: the child hears that something happened, the ink stays, and it is read
      // as soon as the connection is back (`reconnected`).
      console.warn("read failed", error);
      this.unread = true;
      sounds.soft();
    } finally {
      document.body.dataset.state = "ready";
    }
  }
}

// Letters much narrower than the rest (Feder's own widths): an Igel is far narrower than a Mama.
const NARROW = { i: 40, l: 40, I: 40, j: 82, t: 105, f: 120, r: 105 };

/** About how wide a word is written on Feder's ruling, in glyph units: capitals about as wide as
 * Feder's M, small letters as its a, the narrow ones as Feder's, a gap between. */
function wordWidth(word) {
  const letters = [...word];
  return letters.reduce((sum, c) => sum + (NARROW[c] ?? (c === c.toLowerCase() ? 140 : 190)), 0) + 40 * (letters.length - 1);
}

function thinned(strokes) {
  const total = strokes.reduce((n, stroke) => n + stroke.length, 0);
  const step = Math.ceil(total / READ_SAMPLES);
  if (step <= 1) return strokes;
  return strokes.map((stroke) => stroke.filter((_, i) => i % step === 0 || i === stroke.length - 1));
}
