// Captures pen and finger input with Pointer Events and hands samples on in glyph units.
// One pointer at a time; while a pen is down (and shortly after), touches are ignored: a resting
// palm must not draw. A pen that lands while a touch is down takes over: that touch was the hand
// resting before the pen came, and its stroke ends where it was. Coalesced events give the full
// 120–240 Hz of an Apple Pencil where available.

const PALM_GRACE_MS = 400;

export class PenInput {
  /**
   * @param {HTMLElement} surface element receiving pointer events
   * @param {import('./viewport.js').Viewport} viewport
   * @param {{down: Function, move: Function, up: Function}} handlers called with samples
   */
  constructor(surface, viewport, handlers) {
    this.surface = surface;
    // The browser must not take a finger on the paper for scrolling or zooming: it would cancel
    // the stroke after a few points. Set here, so that no surface that writes can miss it.
    surface.style.touchAction = "none";
    this.viewport = viewport;
    this.handlers = handlers;
    this.activeId = null;
    this.activeType = null;
    this.lastSample = null;
    this.lastPenTime = -Infinity;
    this.enabled = true;
    surface.addEventListener("pointerdown", (e) => this.onDown(e));
    surface.addEventListener("pointermove", (e) => this.onMove(e));
    surface.addEventListener("pointerup", (e) => this.onUp(e));
    surface.addEventListener("pointercancel", (e) => this.onCancel(e));
    surface.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  sample(e) {
    const [x, y] = this.viewport.toUnits(e.clientX, e.clientY);
    const t = e.timeStamp / 1000;
    if (e.pointerType === "pen") {
      return [round(x), round(y), round(t, 4), round(e.pressure, 3), e.tiltX ?? 0, e.tiltY ?? 0];
    }
    return [round(x), round(y), round(t, 4)];
  }

  onDown(e) {
    if (!this.enabled) return;
    if (this.activeId !== null && e.pointerType === "pen" && this.activeType === "touch") {
      this.end(e.timeStamp); // the palm came first: its stroke ends, the pen writes
    }
    if (this.activeId !== null) return; // one pointer at a time
    if (e.pointerType === "touch" && (e.timeStamp - this.lastPenTime < PALM_GRACE_MS)) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.preventDefault();
    this.activeId = e.pointerId;
    this.activeType = e.pointerType;
    if (e.pointerType === "pen") this.lastPenTime = e.timeStamp;
    this.surface.setPointerCapture?.(e.pointerId);
    this.lastSample = this.sample(e);
    this.handlers.down(this.lastSample, e.pointerType === "pen" ? "pen" : e.pointerType === "touch" ? "touch" : "mouse");
  }

  onMove(e) {
    if (e.pointerId !== this.activeId) return;
    e.preventDefault();
    if (this.activeType === "pen") this.lastPenTime = e.timeStamp;
    const events = typeof e.getCoalescedEvents === "function" ? e.getCoalescedEvents() : [];
    const list = events.length ? events : [e];
    const samples = list.map((c) => this.sample(c));
    this.lastSample = samples[samples.length - 1];
    this.handlers.move(samples);
  }

  onUp(e) {
    if (e.pointerId !== this.activeId) return;
    e.preventDefault();
    if (this.activeType === "pen") this.lastPenTime = e.timeStamp;
    this.activeId = null;
    this.handlers.up(this.sample(e));
  }

  /** The system took the pointer away (a gesture, the palm rejection of the device, a lost
   * capture): the event's own position is meaningless (often 0, 0), so the stroke ends where it was. */
  onCancel(e) {
    if (e.pointerId !== this.activeId) return;
    if (this.activeType === "pen") this.lastPenTime = e.timeStamp;
    this.end(e.timeStamp);
  }

  /** Ends the stroke in progress at its last sample, at `timeStamp`. */
  end(timeStamp) {
    this.surface.releasePointerCapture?.(this.activeId);
    this.activeId = null;
    const last = this.lastSample;
    const t = Math.max(last[2], round(timeStamp / 1000, 4));
    this.handlers.up(last.length > 3 ? [last[0], last[1], t, 0, last[4], last[5]] : [last[0], last[1], t]);
  }
}

function round(v, digits = 2) {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
