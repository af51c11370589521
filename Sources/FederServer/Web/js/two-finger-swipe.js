// Two fingers moved together across the paper: a gesture, not writing (the brief's swipe that
// switches the letter's sound between its name and its sound). Tracks the fingers from their
// first touch and says, when the first one lifts, whether they swiped left or right.

const SWIPE_MIN_PX = 60;  // each finger's mean travel along x, in CSS pixels
const ACROSS_SHARE = 1.5; // and clearly more across than up or down

export class TwoFingerSwipe {
  /** @param {PointerEvent[]} downs the fingers' pointerdown events */
  constructor(downs) {
    this.fingers = new Map(downs.map((e) => [e.pointerId, { x0: e.clientX, y0: e.clientY, x: e.clientX, y: e.clientY }]));
    this.startedAt = downs[downs.length - 1].timeStamp;
    this.decided = false;
  }

  has(pointerId) { return this.fingers.has(pointerId); }

  move(e) {
    const finger = this.fingers.get(e.pointerId);
    if (finger) { finger.x = e.clientX; finger.y = e.clientY; }
  }

  /** A finger lifted: "left", "right" or null the first time; later lifts only end the gesture.
   * Returns whether every finger of the gesture is off the paper now. */
  lift(e) {
    let direction = null;
    if (!this.decided) {
      this.decided = true;
      const moved = [...this.fingers.values()];
      const dx = moved.reduce((sum, f) => sum + f.x - f.x0, 0) / moved.length;
      const dy = moved.reduce((sum, f) => sum + f.y - f.y0, 0) / moved.length;
      if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > ACROSS_SHARE * Math.abs(dy)) direction = dx > 0 ? "right" : "left";
    }
    this.fingers.delete(e.pointerId);
    return { direction, over: this.fingers.size === 0 };
  }
}
