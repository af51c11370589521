// Maps glyph units (y down, x-height = 100) to the writing area on screen and back.
// The visible box always spans the ruling from above the top line to below the descender line,
// and as much width as the paper offers, with the letter in the middle.

export class Viewport {
  constructor(element) {
    this.element = element;
    this.box = { x: 0, y: 0, width: 400, height: 400 };
  }

  /** Fits the view to a glyph on its ruling; `scale` < 1 draws the letter smaller. Returns the viewBox. */
  fit(glyph, scale = 1) {
    const rect = this.element.getBoundingClientRect();
    const margin = 55;
    const height = (glyph.ruling.bottom - glyph.ruling.top + 2 * margin) / Math.max(0.3, Math.min(1, scale));
    const aspect = rect.width > 0 && rect.height > 0 ? rect.width / rect.height : 1.5;
    const width = Math.max(height * aspect, glyph.width + 2 * margin);
    const middle = (glyph.ruling.top + glyph.ruling.bottom) / 2;
    this.box = { x: glyph.width / 2 - width / 2, y: middle - height / 2, width, height: width / aspect };
    this.box.y -= (this.box.height - height) / 2;
    return this.box;
  }

  get scale() {
    const rect = this.element.getBoundingClientRect();
    return rect.width / this.box.width;
  }

  /** Client (CSS pixel) coordinates → glyph units. */
  toUnits(clientX, clientY) {
    const rect = this.element.getBoundingClientRect();
    const s = rect.width / this.box.width;
    return [this.box.x + (clientX - rect.left) / s, this.box.y + (clientY - rect.top) / s];
  }

  /** Glyph units → canvas pixels for a canvas sized to the element at `ratio` device pixels. */
  toCanvas(x, y, ratio) {
    const rect = this.element.getBoundingClientRect();
    const s = (rect.width / this.box.width) * ratio;
    return [(x - this.box.x) * s, (y - this.box.y) * s];
  }
}
