// Draws the static layers in glyph units — ruling, the letter's ghost, checkpoints, start dots,
// direction arrows — as the phase's display asks, and updates them as the server reports progress.
// The progress of the phase (dots tapped, checkpoints reached, strokes done, mistakes marked) is
// kept here too, so that drawing again for a new size (an iPad turned) shows it as it was.

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

export class Guides {
  constructor(svg) {
    this.svg = svg;
    this.strokes = [];
    this.arrows = [];
    this.dots = [];
    this.starts = [];
    this.reset();
  }

  /** A new phase or attempt: nothing reached, tapped or marked yet. */
  reset() {
    this.progress = { reached: new Set(), done: new Set(), dots: new Set(), mistakes: [] };
  }

  /**
   * @param display {ghost, guideDot, startDots: "none"|"plain"|"numbered", arrows, checkpoints}
   */
  draw(glyph, box, display) {
    const svg = this.svg;
    svg.replaceChildren();
    svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
    const r = glyph.ruling;
    const x0 = box.x - 10, x1 = box.x + box.width + 10;
    for (const [y, cls] of [[r.top, "top"], [r.middle, "middle"], [r.base, "base"], [r.bottom, "bottom"]]) {
      el("line", { x1: x0, x2: x1, y1: y, y2: y, class: `ruling-line ${cls}` }, svg);
    }
    this.marks = el("g", { class: "marks" });
    this.strokes = glyph.strokes.map((stroke) => {
      const group = el("g", { class: "stroke" }, svg);
      const path = el("path", { d: stroke.path, class: `ghost${stroke.dot ? " dot" : ""}` }, group);
      if (!display.ghost) path.style.display = "none";
      const cps = display.checkpoints
        ? stroke.checkpoints.map(([x, y]) => el("circle", { cx: x, cy: y, r: 4.5, class: "checkpoint" }, group))
        : [];
      return { group, path, cps, stroke };
    });
    svg.appendChild(this.marks);
    // Arrows run beside the line, on the side away from the letter's middle, as on a worksheet.
    const centre = glyphCentre(glyph);
    this.arrows = glyph.strokes.map((stroke) => {
      if (stroke.dot) return null;
      const others = glyph.strokes.filter((s) => s !== stroke && !s.dot).map((s) => s.checkpoints);
      const pts = besideLine(stroke.arrow.points, centre, 24, others);
      const d = pts.map(([x, y], i) => `${i ? "L" : "M"} ${x} ${y}`).join(" ");
      const line = el("path", { d, class: "arrow hidden" }, svg);
      const [tx, ty] = pts[pts.length - 1];
      const [dx, dy] = stroke.arrow.direction;
      const size = 16;
      const head = el("path", {
        d: `M ${tx + dx * size} ${ty + dy * size} L ${tx - dy * size * 0.7} ${ty + dx * size * 0.7} L ${tx + dy * size * 0.7} ${ty - dx * size * 0.7} Z`,
        class: "arrow-head hidden",
      }, svg);
      return { line, head };
    });
    this.showArrows = display.arrows;
    this.starts = spreadCoincident(glyph.strokes.map((s) => s.start));
    this.dots = glyph.strokes.map((stroke, i) => {
      if (display.startDots === "none") return null;
      const [x, y] = this.starts[i];
      const g = el("g", { class: "start" }, svg);
      const circle = el("circle", { cx: x, cy: y, r: display.startDots === "numbered" ? 15 : 9, class: "start-dot" }, g);
      if (display.startDots === "numbered") {
        // The order as pips, like a die (one, two, three …): a child counts them, nothing to read.
        pips(i + 1).forEach(([px, py]) => el("circle", { cx: x + px, cy: y + py, r: 2.6, class: "start-pip" }, g));
      }
      return { g, circle };
    });
    this.guideDot = display.guideDot ? el("circle", { cx: -999, cy: -999, r: 14, class: "guide-dot" }, svg) : null;
    this.showProgress();
  }

  /** What the phase has reached so far, on freshly drawn guides. */
  showProgress() {
    const { reached, done, dots, mistakes } = this.progress;
    for (const key of reached) {
      const [stroke, index] = key.split(":").map(Number);
      this.strokes[stroke]?.cps[index]?.classList.add("reached");
    }
    for (const stroke of done) this.strokes[stroke]?.path.classList.add("done");
    for (const index of dots) this.dots[index]?.circle.classList.add("done");
    for (const mistake of mistakes) this.drawMistake(mistake);
  }

  /** Highlights the stroke to trace next (or none when `index` is past the end). */
  setActive(index) {
    this.strokes.forEach((s, i) => s.path.classList.toggle("active", i === index));
    this.arrows.forEach((a, i) => {
      if (!a) return;
      const show = this.showArrows && i === index;
      a.line.classList.toggle("hidden", !show);
      a.head.classList.toggle("hidden", !show);
    });
    this.dots.forEach((d, i) => {
      if (!d) return;
      d.circle.classList.toggle("active", i === index);
      d.circle.classList.toggle("done", i < index || this.progress.dots.has(i));
    });
  }

  /** Shows one stroke's arrow for a moment (after a correct tap in the direct phase). */
  flashArrow(index, ms = 1200) {
    const a = this.arrows[index];
    if (!a) return;
    a.line.classList.remove("hidden");
    a.head.classList.remove("hidden");
    setTimeout(() => { a.line.classList.add("hidden"); a.head.classList.add("hidden"); }, ms);
  }

  markDot(index, state) {
    const d = this.dots[index];
    if (!d) return;
    if (state === "done") {
      d.circle.classList.add("done");
      this.progress.dots.add(index);
    }
    if (state === "pulse") {
      d.circle.classList.remove("pulse");
      void d.circle.getBoundingClientRect();
      d.circle.classList.add("pulse");
      setTimeout(() => d.circle.classList.remove("pulse"), 1400);
    }
  }

  setPulse(index, on) {
    const d = this.dots[index];
    if (d) d.circle.classList.toggle("pulse", on);
  }

  /** The start dot (index) under a point in glyph units, if any: where a tap lands in the direct phase.
   * Where dots overlap (an a's bowl and stem begin 23 units apart, an M's strokes at one place) a tap
   * within reach of the dot that is due is that dot: nearer to the other, it was counted as a wrong
   * tap although the child had touched the dot it was asked for. */
  dotAt(x, y, radius = 30) {
    const due = this.starts.findIndex((_, i) => !this.dots[i]?.circle.classList.contains("done"));
    if (due >= 0 && Math.hypot(this.starts[due][0] - x, this.starts[due][1] - y) <= radius) return due;
    let best = null;
    this.starts.forEach(([sx, sy], i) => {
      const d = Math.hypot(sx - x, sy - y);
      if (d <= radius && (best === null || d < best.d)) best = { i, d };
    });
    return best?.i ?? null;
  }

  checkpointReached(stroke, index) {
    this.progress.reached.add(`${stroke}:${index}`);
    this.strokes[stroke]?.cps[index]?.classList.add("reached");
  }

  strokeDone(stroke) {
    this.progress.done.add(stroke);
    this.strokes[stroke]?.path.classList.add("done");
  }

  /** Marks a mistake: the faulty stretch of the stroke (from…to, fractions of its length) and a ring. */
  markMistake(mistake) {
    this.progress.mistakes.push(mistake);
    this.drawMistake(mistake);
  }

  drawMistake({ stroke, at, from, to }) {
    const s = this.strokes[stroke];
    if (s && from != null && to != null && to > from) {
      const length = s.path.getTotalLength();
      const part = el("path", { d: s.stroke.path, class: "mistake-part" }, this.marks);
      part.setAttribute("stroke-dasharray", `0 ${from * length} ${(to - from) * length} ${length}`);
    }
    if (at) el("circle", { cx: at[0], cy: at[1], r: 22, class: "mistake-ring" }, this.marks);
  }

  clearMarks() {
    this.progress.mistakes = [];
    this.marks?.replaceChildren();
  }

  /** Moves the amber guide dot; hidden when `point` is null. */
  moveGuideDot(point) {
    if (!this.guideDot) return;
    this.guideDot.setAttribute("cx", point ? point.x : -999);
    this.guideDot.setAttribute("cy", point ? point.y : -999);
  }

  /** Path elements of the strokes, for animating along them. */
  get paths() { return this.strokes.map((s) => s.path); }
}

function glyphCentre(glyph) {
  const xs = [], ys = [];
  for (const s of glyph.strokes) for (const [x, y] of s.checkpoints) { xs.push(x); ys.push(y); }
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

/** Shifts a polyline sideways by `offset`, towards the side facing away from `centre` — unless on
 * that side it would run over another stroke (`others`, polylines) and the other side is clearer:
 * M's diagonal, shifted outwards, would lie on its first stem and under the child's ink. */
function besideLine(points, centre, offset, others = []) {
  const [ax, ay] = points[0], [bx, by] = points[points.length - 1];
  const len = Math.hypot(bx - ax, by - ay) || 1;
  let nx = -(by - ay) / len, ny = (bx - ax) / len;
  const mx = (ax + bx) / 2 - centre[0], my = (ay + by) / 2 - centre[1];
  if (nx * mx + ny * my < 0) { nx = -nx; ny = -ny; }
  const shifted = (side) => points.map(([x, y]) => [x + side * nx * offset, y + side * ny * offset]);
  const away = shifted(1), toward = shifted(-1);
  const clearAway = clearance(away, others);
  return clearAway < offset * 0.75 && clearance(toward, others) > clearAway ? toward : away;
}

/** The shortest distance from any of `points` to any segment of the polylines `lines`. */
function clearance(points, lines) {
  let best = Infinity;
  for (const line of lines) {
    for (let i = 0; i + 1 < line.length; i++) {
      const [ax, ay] = line[i], [bx, by] = line[i + 1];
      const dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy || 1;
      for (const [x, y] of points) {
        const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2));
        best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
      }
    }
  }
  return best;
}

/** Start dots that coincide (several strokes starting at one point) are set side by side. */
function spreadCoincident(starts) {
  const out = starts.map((p) => [...p]);
  const done = new Set();
  starts.forEach((p, i) => {
    if (done.has(i)) return;
    const group = starts.map((q, j) => [q, j]).filter(([q]) => Math.hypot(q[0] - p[0], q[1] - p[1]) < 14).map(([, j]) => j);
    group.forEach((j, k) => { done.add(j); out[j][0] = p[0] + (k - (group.length - 1) / 2) * 32; });
  });
  return out;
}

/** Pip offsets for a count (1–6 as on a die; more are set in a ring). */
function pips(n) {
  const d = 6.5;
  const layouts = {
    1: [[0, 0]], 2: [[-d, -d], [d, d]], 3: [[-d, -d], [0, 0], [d, d]], 4: [[-d, -d], [d, -d], [-d, d], [d, d]],
    5: [[-d, -d], [d, -d], [0, 0], [-d, d], [d, d]], 6: [[-d, -d], [d, -d], [-d, 0], [d, 0], [-d, d], [d, d]],
  };
  if (layouts[n]) return layouts[n];
  return Array.from({ length: n }, (_, i) => [Math.cos((i / n) * 2 * Math.PI) * 8, Math.sin((i / n) * 2 * Math.PI) * 8]);
}
