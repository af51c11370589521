// Draws the child's ink immediately, before any server reply: the local echo that keeps latency
// at one frame. Width follows pen pressure.

import { feedbackSettings } from "./feedback-settings.js";

export class InkCanvas {
  constructor(canvas, viewport) {
    this.canvas = canvas;
    this.viewport = viewport;
    this.ctx = canvas.getContext("2d");
    this.strokes = [];
    this.ratio = 1;
    // Light, dark or high contrast chosen for this child: the ink takes the new colour.
    feedbackSettings.onChange(() => { this.inkColour = null; this.redraw(); });
  }

  resize() {
    this.inkColour = null;
    const rect = this.canvas.getBoundingClientRect();
    this.ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(rect.width * this.ratio);
    this.canvas.height = Math.round(rect.height * this.ratio);
    this.redraw();
  }

  clear() {
    this.strokes = [];
    this.redraw();
  }

  /** Clears the page for what comes next, but lets the ink just written fade out over `ms` beneath
   * it rather than vanish under the child's eyes while its praise is still being said. */
  fadeOut(ms = 1500) {
    if (this.strokes.length && this.canvas.parentNode) {
      const fading = document.createElement("canvas");
      fading.className = "layer ink-fading";
      fading.width = this.canvas.width;
      fading.height = this.canvas.height;
      fading.getContext("2d").drawImage(this.canvas, 0, 0);
      fading.style.transition = `opacity ${ms}ms ease-in`;
      this.canvas.parentNode.insertBefore(fading, this.canvas);
      // Two frames: the copy is shown at full strength before its opacity starts to fall.
      requestAnimationFrame(() => requestAnimationFrame(() => { fading.style.opacity = "0"; }));
      setTimeout(() => fading.remove(), ms + 100);
      this.fading = fading;
    }
    this.clear();
  }

  begin(sample, pointer) {
    // The child writes again: what fades is gone at once (writing alone, the traced letter still
    // fading beneath the pen was a model to follow).
    this.fading?.remove();
    this.fading = null;
    this.strokes.push({ pointer, samples: [sample] });
    this.drawDot(sample, pointer);
  }

  extend(samples) {
    const stroke = this.strokes[this.strokes.length - 1];
    if (!stroke) return;
    for (const s of samples) {
      const prev = stroke.samples[stroke.samples.length - 1];
      stroke.samples.push(s);
      this.drawSegment(prev, s, stroke.pointer);
    }
  }

  /** The ink colour from the stylesheet (light or dark), looked up once per layout, not per segment. */
  colour() {
    if (!this.inkColour) {
      this.inkColour = getComputedStyle(document.documentElement).getPropertyValue("--child-ink").trim() || "#10b981";
    }
    return this.inkColour;
  }

  width(sample, pointer) {
    const scale = this.viewport.scale * this.ratio * (feedbackSettings.lineWeight === "thick" ? 1.5 : 1);
    const base = 9 * scale;
    if (pointer !== "pen" || sample[3] == null) return base;
    return (5 + 9 * sample[3]) * scale;
  }

  drawSegment(a, b, pointer) {
    const ctx = this.ctx;
    const [ax, ay] = this.viewport.toCanvas(a[0], a[1], this.ratio);
    const [bx, by] = this.viewport.toCanvas(b[0], b[1], this.ratio);
    ctx.strokeStyle = this.colour();
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.lineWidth = this.width(b, pointer);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
  }

  drawDot(s, pointer) {
    const ctx = this.ctx;
    const [x, y] = this.viewport.toCanvas(s[0], s[1], this.ratio);
    ctx.fillStyle = this.colour();
    ctx.beginPath();
    ctx.arc(x, y, this.width(s, pointer) / 2, 0, Math.PI * 2);
    ctx.fill();
  }

  redraw() {
    this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    for (const stroke of this.strokes) {
      stroke.samples.forEach((s, i) => {
        if (i === 0) this.drawDot(s, stroke.pointer);
        else this.drawSegment(stroke.samples[i - 1], s, stroke.pointer);
      });
    }
  }
}
