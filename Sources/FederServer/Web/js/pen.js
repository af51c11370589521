// Captures pen and finger input with Pointer Events and hands samples on in glyph units.
// One pointer at a time; while a pen is down (and shortly after), touches are ignored: a resting
// palm must not draw. A pen that lands while a touch is down takes over: that touch was the hand
// resting before the pen came, and its stroke ends where it was. A finger's stroke is held back for
// a moment: a second finger in that time makes it a two-finger gesture (`handlers.swipe`), which
// writes nothing. Coalesced events give the full 120–240 Hz of an Apple Pencil where available.
//
// In pen mode — once a pen has written for this child, or when the child's profile says it writes
// with the pen — a touch is most likely the writing hand: it is held back whole until it lifts,
// and dropped unsent if a pen came down meanwhile or wrote within `PEN_MODE_PALM_MS` of its lift,
// or if the system cancelled it; a second finger makes it a gesture as always; a finger that really
// writes (a pen whose battery died) still does, drawn when it lifts. The profile alone gives way
// when touches keep writing lines with no pen in sight — strokes that travel, not a palm that
// rests and lifts: a capacitive stylus is a touch to the browser, and its ink must show while it
// writes (it showed only at each lift). A real pen seen keeps pen mode for that child; another
// child on the tablet starts afresh: the last child's pen says nothing about this one's.

import { TwoFingerSwipe } from "./two-finger-swipe.js";

const PALM_GRACE_MS = 400;
// How long a finger's first touch waits for a second one. Its samples keep their own times, so the
// stroke loses nothing; only its drawing starts this much later.
const SECOND_FINGER_MS = 60;
const GESTURE_STALE_MS = 3000;
// In pen mode: a touch this close in time to the pen's writing is the hand resting or shifting.
const PEN_MODE_PALM_MS = 2000;
// Touch strokes written in a row with no pen after which the profile's pen mode gives way, and how
// far (CSS px) a touch must travel to count as a written line: a palm shifts a few pixels.
const TOUCHES_THAT_WRITE = 2;
const WRITTEN_LINE_PX = 40;

export class PenInput {
  /**
   * @param {HTMLElement} surface element receiving pointer events
   * @param {import('./viewport.js').Viewport} viewport
   * @param {{down: Function, move: Function, up: Function, swipe?: Function}} handlers called with
   *   samples; `swipe("left" | "right")` for two fingers moved across together
   * @param {{prefersPen?: () => boolean, writer?: () => any}} [options] `prefersPen`: the child's
   *   profile says it writes with the pen (pen mode from the first touch on, before any pen has
   *   come); `writer`: who is writing now (a pen seen counts for that child only)
   */
  constructor(surface, viewport, handlers, options = {}) {
    this.surface = surface;
    // The browser must not take a finger on the paper for scrolling or zooming: it would cancel
    // the stroke after a few points. Set here, so that no surface that writes can miss it.
    surface.style.touchAction = "none";
    this.viewport = viewport;
    this.handlers = handlers;
    this.activeId = null;
    this.activeType = null;
    this.lastSample = null;
    this.held = null;     // a finger's first touch and moves, waiting to see whether a second finger comes
    this.gesture = null;  // two fingers down together
    this.lastPenTime = -Infinity;
    this.penSeenFor = undefined;  // the writer a pen wrote for (none yet)
    this.touchesWritten = { writer: undefined, count: 0 };  // touch strokes in a row with no pen, and whose
    this.prefersPen = options.prefersPen ?? (() => false);
    this.writer = options.writer ?? (() => null);
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
    // A gesture whose last finger was lost (lifted where no event reaches us) must not hold the
    // paper for good: a touch seconds later begins afresh.
    if (this.gesture && e.timeStamp - this.gesture.startedAt > GESTURE_STALE_MS) this.gesture = null;
    // A pen is never part of a swipe: two "fingers" down as it lands are the side of a resting
    // hand, and the pen writes.
    if (this.gesture && e.pointerType === "pen") this.gesture = null;
    if (this.gesture) return;
    if (this.held && e.pointerType === "touch") {
      // A second finger while the first was held back: a gesture; the first finger wrote nothing.
      e.preventDefault();
      this.surface.setPointerCapture?.(e.pointerId); // its lift is ours even off the paper
      this.gesture = new TwoFingerSwipe([this.held.down, e]);
      this.drop();
      return;
    }
    if (this.activeId !== null && e.pointerType === "pen" && this.activeType === "touch") {
      // The palm came first: a touch still held back is dropped unsent, one already writing ends.
      if (this.held) this.drop(); else this.end(e.timeStamp);
    }
    if (this.activeId !== null) return; // one pointer at a time
    const penMode = this.penMode();
    // (In pen mode a touch right after the pen is held like any other, so that two fingers can
    // still swipe; it is dropped when it lifts.)
    if (e.pointerType === "touch" && !penMode && e.timeStamp - this.lastPenTime < PALM_GRACE_MS) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    e.preventDefault();
    this.activeId = e.pointerId;
    this.activeType = e.pointerType;
    if (e.pointerType === "pen") {
      this.lastPenTime = e.timeStamp;
      this.penSeenFor = this.writer();
      this.touchesWritten = { writer: undefined, count: 0 };
    }
    this.surface.setPointerCapture?.(e.pointerId);
    this.lastSample = this.sample(e);
    this.travel = { x: e.clientX, y: e.clientY, px: 0 };
    if (e.pointerType === "touch" && penMode) {
      // Held until it lifts (`onUp`), or dropped if the pen comes.
      this.held = { down: e, first: this.lastSample, moves: [], timer: null, whole: true };
      return;
    }
    if (e.pointerType === "touch" && this.handlers.swipe) {
      this.held = { down: e, first: this.lastSample, moves: [], timer: setTimeout(() => this.release(), SECOND_FINGER_MS) };
      return;
    }
    this.handlers.down(this.lastSample, e.pointerType === "pen" ? "pen" : e.pointerType === "touch" ? "touch" : "mouse");
  }

  /** Whether touches are taken for the writing hand first (see the top of this file). */
  penMode() {
    const writer = this.writer();
    if (this.penSeenFor !== undefined && this.penSeenFor === writer) return true;
    const touchesWrite = this.touchesWritten.writer === writer && this.touchesWritten.count >= TOUCHES_THAT_WRITE;
    return this.prefersPen() && !touchesWrite;
  }

  /** A touch stroke was written (not dropped as a palm): counted towards giving the profile's pen mode up. */
  countTouchWritten() {
    const writer = this.writer();
    const same = this.touchesWritten.writer === writer;
    this.touchesWritten = { writer, count: (same ? this.touchesWritten.count : 0) + 1 };
  }

  /** No second finger came: the held touch writes, from its first sample. */
  release() {
    const held = this.held;
    if (!held) return;
    clearTimeout(held.timer);
    this.held = null;
    this.handlers.down(held.first, "touch");
    if (held.moves.length) this.handlers.move(held.moves);
  }

  /** Forgets the held touch (it became a gesture, or was a palm): nothing of it is sent. */
  drop() {
    clearTimeout(this.held?.timer);
    this.held = null;
    this.activeId = null;
  }

  onMove(e) {
    if (this.gesture?.has(e.pointerId)) { e.preventDefault(); this.gesture.move(e); return; }
    if (e.pointerId !== this.activeId) return;
    e.preventDefault();
    if (this.activeType === "pen") this.lastPenTime = e.timeStamp;
    if (this.travel) {
      this.travel.px += Math.hypot(e.clientX - this.travel.x, e.clientY - this.travel.y);
      this.travel.x = e.clientX; this.travel.y = e.clientY;
    }
    const events = typeof e.getCoalescedEvents === "function" ? e.getCoalescedEvents() : [];
    const list = events.length ? events : [e];
    const samples = list.map((c) => this.sample(c));
    this.lastSample = samples[samples.length - 1];
    if (this.held) this.held.moves.push(...samples); else this.handlers.move(samples);
  }

  /** A gesture finger lifted or was cancelled: the swipe is told once, when the first one lifts. */
  liftGestureFinger(e) {
    if (!this.gesture?.has(e.pointerId)) return false;
    e.preventDefault();
    const { direction, over } = this.gesture.lift(e);
    if (over) this.gesture = null;
    if (direction) this.handlers.swipe?.(direction);
    return true;
  }

  onUp(e) {
    if (this.liftGestureFinger(e)) return;
    if (e.pointerId !== this.activeId) return;
    e.preventDefault();
    // Pen mode: a touch the pen wrote close to (before it landed, or since) was the hand.
    if (this.held?.whole && e.timeStamp - this.lastPenTime < PEN_MODE_PALM_MS) { this.drop(); return; }
    if (this.activeType === "touch" && (this.travel?.px ?? 0) >= WRITTEN_LINE_PX) this.countTouchWritten();
    this.release(); // a finger lifted before its wait ended: a quick tap or dot
    if (this.activeType === "pen") this.lastPenTime = e.timeStamp;
    this.activeId = null;
    this.handlers.up(this.sample(e));
  }

  /** The system took the pointer away (a gesture, the palm rejection of the device, a lost
   * capture): the event's own position is meaningless (often 0, 0), so the stroke ends where it was. */
  onCancel(e) {
    if (this.liftGestureFinger(e)) return;
    if (e.pointerId !== this.activeId) return;
    if (this.held) { this.drop(); return; } // cancelled before it wrote anything
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
