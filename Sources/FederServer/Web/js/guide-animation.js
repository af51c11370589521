// The amber guide dot of the observe phase: it writes the letter stroke by stroke, in order and
// direction, at a child's writing pace, then reports each finished cycle.

export const GUIDE_SPEED = 160;  // glyph units per second (about 1.6 x-heights a second)
const SPEED = GUIDE_SPEED;
const STROKE_PAUSE = 450;
const CYCLE_PAUSE = 700;

export class GuideAnimation {
  /** `onStroke(index)` is told when the dot sets off along a stroke (the letter sound follows it). */
  constructor(guides, onCycle, onStroke = () => {}) {
    this.guides = guides;
    this.onCycle = onCycle;
    this.onStroke = onStroke;
    this.running = false;
    this.frame = null;
  }

  start() {
    this.stop();
    this.running = true;
    const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
    const paths = this.guides.paths;
    const lengths = paths.map((p) => p.getTotalLength());
    let stroke = 0, begun = performance.now(), pausedUntil = begun + 400, announced = -1;
    const step = (now) => {
      if (!this.running) return;
      if (now < pausedUntil) { this.frame = requestAnimationFrame(step); return; }
      if (announced !== stroke) { announced = stroke; this.onStroke(stroke); }
      const length = lengths[stroke];
      // With reduced motion the dot jumps from start to end of each stroke instead of gliding.
      const elapsed = (now - pausedUntil) / 1000;
      const s = reduced ? (elapsed < 0.6 ? 0 : length) : Math.min(length, elapsed * SPEED);
      this.guides.moveGuideDot(paths[stroke].getPointAtLength(s));
      if (s >= length && (!reduced || elapsed > 1.2)) {
        stroke += 1;
        if (stroke === paths.length) {
          stroke = 0;
          announced = -1;
          this.guides.moveGuideDot(null);
          pausedUntil = now + CYCLE_PAUSE;
          this.onCycle();
        } else {
          pausedUntil = now + STROKE_PAUSE;
        }
      }
      this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  stop() {
    this.running = false;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.guides.moveGuideDot(null);
  }
}
