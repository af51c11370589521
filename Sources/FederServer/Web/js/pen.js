// Captures pen and finger input with Pointer Events and hands samples on in glyph units.
// One pointer at a time; while a pen is down (and shortly after), touches are ignored: a resting
// palm must not draw. Coalesced events give the full 120–240 Hz of an Apple Pencil where available.

const PALM_GRACE_MS = 400;

export class PenInput {
  /**
   * @param {HTMLElement} surface element receiving pointer events
   * @param {import('./viewport.js').Viewport} viewport
   * @param {{down: Function, move: Function, up: Function}} handlers called with samples
   */
  constructor(surface, viewport, handlers) {
    this.surface = surface;
    this.viewport = viewport;
    this.handlers = handlers;
    this.activeId = null;
    this.activeType = null;
    this.lastPenTime = -Infinity;
    this.enabled = true;
    surface.addEventListener("pointerdown", (e) => this.onDown(e));
    surface.addEventListener("pointermove", (e) => this.onMove(e));
    surface.addEventListener("pointerup", (e) => this.onUp(e));
    surface.addEventListener("pointercancel", (e) => this.onUp(e));
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
    if (this.activeId !== null) return; // one pointer at a time
    if (e.pointerType === "touch" && (e.timeStamp - this.lastPenTime < PALM_GRACE_MS)) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.preventDefault();
    this.activeId = e.pointerId;
    this.activeType = e.pointerType;
    if (e.pointerType === "pen") this.lastPenTime = e.timeStamp;
    this.surface.setPointerCapture?.(e.pointerId);
    this.handlers.down(this.sample(e), e.pointerType === "pen" ? "pen" : e.pointerType === "touch" ? "touch" : "mouse");
  }

  onMove(e) {
    if (e.pointerId !== this.activeId) return;
    e.preventDefault();
    if (this.activeType === "pen") this.lastPenTime = e.timeStamp;
    const events = typeof e.getCoalescedEvents === "function" ? e.getCoalescedEvents() : [];
    const list = events.length ? events : [e];
    this.handlers.move(list.map((c) => this.sample(c)));
  }

  onUp(e) {
    if (e.pointerId !== this.activeId) return;
    e.preventDefault();
    if (this.activeType === "pen") this.lastPenTime = e.timeStamp;
    this.activeId = null;
    this.handlers.up(this.sample(e));
  }
}

function round(v, digits = 2) {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
