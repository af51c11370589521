// The first time a child writes: pen or finger, which hand, a warm-up (a line and a circle), then a
// short demo of the four phases of a letter (`PhaseDemo`). All spoken and pictured. The warm-up is
// practice, not a test: any stroke that goes most of the way along the guide is enough, and nothing
// of it is judged or stored.

import { icons } from "../pictures.js";
import { prompt, say, stopSpeaking } from "../speak.js";
import { sounds } from "../sounds.js";
import { PenInput } from "../pen.js";
import { go, onScreen, state } from "../state.js";
import { DEMO_LINES, PhaseDemo } from "./phase-demo.js";

const LINES = {
  pointer: { key: "onboarding.pointer", text: "Schreibst du mit dem Stift oder mit dem Finger?" },
  hand: { key: "onboarding.hand", text: "Mit welcher Hand schreibst du?" },
  line: { key: "onboarding.line", text: "Zieh eine Linie von oben nach unten." },
  circle: { key: "onboarding.circle", text: "Und jetzt einen Kreis, wie ein Ball." },
  done: { key: "onboarding.done", text: "Super! Jetzt kann es losgehen." },
};

/** Maps the warm-up canvas (a 400 × 300 box) to the screen and back. */
class BoxViewport {
  constructor(element) { this.element = element; }
  get rect() { return this.element.getBoundingClientRect(); }
  get scale() { return Math.min(this.rect.width / 400, this.rect.height / 300); }
  offset() {
    const r = this.rect, s = this.scale;
    return [r.left + (r.width - 400 * s) / 2, r.top + (r.height - 300 * s) / 2];
  }
  toUnits(cx, cy) { const [ox, oy] = this.offset(); return [(cx - ox) / this.scale, (cy - oy) / this.scale]; }
}

export class OnboardingScreen {
  constructor(app) {
    this.app = app;
    this.root = document.getElementById("screen-onboarding");
    this.sayAgain = this.root.querySelector(".say-again");
    this.sayAgain.addEventListener("click", () => prompt(this.step === "demo" ? DEMO_LINES[document.body.dataset.demo] : LINES[this.step]));
    this.demo = new PhaseDemo(document.getElementById("demo-picture"));
    document.getElementById("demo-skip").addEventListener("click", () => this.demo.skip());
    onScreen((name) => { if (name !== "onboarding" && this.step === "demo") this.demo.skip(); });
    const [pen, finger] = this.root.querySelectorAll("[data-pointer]");
    pen.innerHTML = icons.pen();
    finger.innerHTML = icons.finger();
    const [left, right] = this.root.querySelectorAll("[data-hand-choice]");
    left.innerHTML = icons.handLeft();
    right.innerHTML = icons.handRight();
    this.root.querySelectorAll("[data-pointer]").forEach((b) => b.addEventListener("click", () => {
      sounds.unlock();
      this.pointer = b.dataset.pointer;
      this.to("hand");
    }));
    this.root.querySelectorAll("[data-hand-choice]").forEach((b) => b.addEventListener("click", () => {
      this.hand = b.dataset.handChoice;
      document.body.dataset.hand = this.hand;
      this.to("line");
    }));
    this.canvas = document.getElementById("warmup-ink");
    this.guide = document.getElementById("warmup-guide");
    this.viewport = new BoxViewport(this.canvas);
    new PenInput(this.canvas, this.viewport, {
      down: (s) => this.down(s), move: (list) => this.move(list), up: (s) => this.up(s),
    });
    // An iPad turned during the warm-up: the canvas takes its new size and the stroke so far is
    // drawn again where it lies now (its bitmap was stretched, and the ink appeared off the pen).
    new ResizeObserver(() => {
      if (this.step !== "line" && this.step !== "circle") return;
      const kept = this.stroke ?? [];
      this.fitCanvas();
      this.stroke = kept.slice(0, 1);
      if (kept.length > 1) this.move(kept.slice(1));
    }).observe(this.canvas);
  }

  show() {
    this.pointer = null;
    this.hand = null;
    this.to("pointer");
  }

  to(step) {
    this.step = step;
    document.body.dataset.onboarding = step;
    document.getElementById("onboarding-pointer").classList.toggle("hidden", step !== "pointer");
    document.getElementById("onboarding-hand").classList.toggle("hidden", step !== "hand");
    document.getElementById("onboarding-warmup").classList.toggle("hidden", step !== "line" && step !== "circle");
    document.getElementById("onboarding-demo").classList.toggle("hidden", step !== "demo");
    if (step === "line" || step === "circle") this.drawGuide(step);
    if (LINES[step]) prompt(LINES[step]);
    else stopSpeaking("prompt");  // the demo: the warm-up's prompt is done with
  }

  drawGuide(step) {
    const shape = step === "line"
      ? `<path d="M200 40 V260" class="warmup-path"/><circle cx="200" cy="40" r="12" class="start-dot"/>`
      // The circle as a path from its start dot at the top, leftwards as an O is written, so the
      // dotted line's pattern (20 of its periods to the length) begins and ends there.
      : `<path d="M200 55 A95 95 0 1 0 200 245 A95 95 0 1 0 200 55" pathLength="560" class="warmup-path"/><circle cx="200" cy="55" r="12" class="start-dot"/>`;
    this.guide.innerHTML = shape;
    this.stroke = [];
    this.fitCanvas();
  }

  fitCanvas() {
    const r = this.canvas.getBoundingClientRect();
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(r.width * ratio);
    this.canvas.height = Math.round(r.height * ratio);
    this.ctx = this.canvas.getContext("2d");
    this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
  }

  down(sample) { this.stroke = [sample]; }
  move(list) {
    const ctx = this.ctx, ratio = window.devicePixelRatio || 1;
    const [ox, oy] = this.viewport.offset(), r = this.canvas.getBoundingClientRect();
    const toCanvas = ([x, y]) => [((x * this.viewport.scale) + ox - r.left) * ratio, ((y * this.viewport.scale) + oy - r.top) * ratio];
    for (const s of list) {
      const prev = this.stroke[this.stroke.length - 1];
      this.stroke.push(s);
      if (!prev) continue;
      ctx.strokeStyle = getComputedStyle(document.documentElement).getPropertyValue("--child-ink").trim() || "#10b981";
      ctx.lineWidth = 10 * ratio;
      ctx.lineCap = "round";
      ctx.beginPath();
      ctx.moveTo(...toCanvas(prev));
      ctx.lineTo(...toCanvas(s));
      ctx.stroke();
    }
  }

  up(sample) {
    this.stroke.push(sample);
    const xs = this.stroke.map((s) => s[0]), ys = this.stroke.map((s) => s[1]);
    const height = Math.max(...ys) - Math.min(...ys), width = Math.max(...xs) - Math.min(...xs);
    const enough = this.step === "line" ? height >= 0.6 * 220 : height >= 0.6 * 190 && width >= 0.6 * 190;
    // Not enough: wiped, and forgotten (a turn of the iPad drew it again).
    if (!enough) { sounds.soft(); this.stroke = []; this.fitCanvas(); prompt(LINES[this.step]); return; }
    sounds.stroke();
    if (this.step === "line") { this.to("circle"); return; }
    this.showDemo();
  }

  async showDemo() {
    this.to("demo");
    // The child's choices are stored now, not after the demo: a tablet closed during it does not
    // ask for the warm-up again.
    this.saved = this.app.onboarded({ pointer: this.pointer ?? "touch", handedness: this.hand ?? "right" });
    await this.demo.play();
    // Gone elsewhere meanwhile (the adults' door): onboarding is not over.
    if (this.step === "demo" && state.screen === "onboarding") this.finish();
  }

  async finish() {
    this.step = "done";
    stopSpeaking("prompt");  // the last instruction is done with; the praise is heard whole
    say(LINES.done);
    await this.saved;
    go("home");
  }
}
