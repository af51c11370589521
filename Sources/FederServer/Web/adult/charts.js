// Small SVG charts of our own: bars with intervals and lines, each followed by its data table so
// every number drawn can also be read (and tested) as text.

const SVG = "http://www.w3.org/2000/svg";
export const ARM_COLOURS = { threePhase: "#2f6fb5", guidedOnly: "#d08a18", control: "#7a7a7a", notEnrolled: "#b9b9b9" };

function el(name, attrs = {}, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function frame(width, height, yMin, yMax, yLabel) {
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "chart-svg" });
  const m = { left: 48, right: 12, top: 12, bottom: 36 };
  const y = (v) => m.top + (height - m.top - m.bottom) * (1 - (v - yMin) / (yMax - yMin || 1));
  for (let k = 0; k <= 4; k++) {
    const v = yMin + (yMax - yMin) * k / 4;
    el("line", { x1: m.left, x2: width - m.right, y1: y(v), y2: y(v), class: "grid" }, svg);
    el("text", { x: m.left - 6, y: y(v) + 4, "text-anchor": "end", class: "tick" }, svg).textContent = fmt(v, 2);
  }
  if (yLabel) el("text", { x: 12, y: m.top + 4, class: "axis-label" }, svg).textContent = yLabel;
  return { svg, m, y };
}

export function table(columns, rows) {
  const t = document.createElement("table");
  t.className = "data";
  const head = t.createTHead().insertRow();
  for (const c of columns) head.appendChild(Object.assign(document.createElement("th"), { textContent: c }));
  const body = t.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    for (const v of r) tr.insertCell().textContent = v;
  }
  return t;
}

// Numbers as German readers write them: a decimal comma.
export const fmt = (v, digits = 3) => (v === null || v === undefined ? "–"
  : Number(v).toLocaleString("de-AT", { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }));

/// Groups of bars (one group per category, one bar per series) with 95 % interval whiskers.
/// data: [{ group, series, mean, low, high, n }]
/// `series` are codes (their colours: `ARM_COLOURS`); `label` names them for people.
export function barsWithIntervals(container, data, { groups, series, label = (s) => s, yMin = 0, yMax = 1, title }) {
  container.replaceChildren();
  const width = 640, height = 260;
  const { svg, m, y } = frame(width, height, yMin, yMax, title);
  const groupWidth = (width - m.left - m.right) / Math.max(1, groups.length);
  const barWidth = groupWidth * 0.8 / Math.max(1, series.length);
  groups.forEach((g, gi) => {
    const x0 = m.left + gi * groupWidth + groupWidth * 0.1;
    el("text", { x: x0 + groupWidth * 0.4, y: height - 14, "text-anchor": "middle", class: "tick" }, svg).textContent = g;
    series.forEach((s, si) => {
      const d = data.find((p) => p.group === g && p.series === s);
      if (!d || d.mean === null || d.mean === undefined) return;
      const x = x0 + si * barWidth;
      // Bars grow from zero, up or (a negative correlation) down.
      // A mean of (nearly) zero still gets a visible sliver, so it is not mistaken for no data.
      let top = Math.min(y(0), y(d.mean)), bottom = Math.max(y(0), y(d.mean));
      if (bottom - top < 2) { top = y(0) - (d.mean < 0 ? 0 : 2); bottom = top + 2; }
      const bar = el("rect", { x, y: top, width: barWidth - 2, height: bottom - top, fill: ARM_COLOURS[s] || "#888" }, svg);
      el("title", {}, bar).textContent = `${label(s)} ${g}: ${fmt(d.mean)} (n = ${d.n})`;
      if (d.low !== null && d.high !== null) {
        const cx = x + (barWidth - 2) / 2;
        el("line", { x1: cx, x2: cx, y1: y(Math.min(yMax, d.high)), y2: y(Math.max(yMin, d.low)), class: "whisker" }, svg);
      }
    });
  });
  container.append(svg, legend(series, label));
  container.appendChild(table(["Gruppe", "Bedingung", "n", "Mittelwert", "95 % von", "95 % bis"],
    data.map((d) => [d.group, label(d.series), d.n, fmt(d.mean), fmt(d.low), fmt(d.high)])));
}

/// Lines over x (one per series) with points. data: [{ series, x, y, n }]
export function lines(container, data, { series, label = (s) => s, yMax = 1, xLabel, title }) {
  container.replaceChildren();
  const width = 640, height = 260;
  const { svg, m, y } = frame(width, height, 0, yMax, title);
  const xs = data.map((d) => d.x);
  const xMin = Math.min(1, ...xs), xMax = Math.max(2, ...xs);
  const x = (v) => m.left + (width - m.left - m.right) * (v - xMin) / (xMax - xMin || 1);
  for (const s of series) {
    const points = data.filter((d) => d.series === s && d.y !== null).sort((a, b) => a.x - b.x);
    if (!points.length) continue;
    el("polyline", { points: points.map((p) => `${x(p.x)},${y(p.y)}`).join(" "), fill: "none",
      stroke: ARM_COLOURS[s] || "#888", "stroke-width": 2 }, svg);
    for (const p of points) el("circle", { cx: x(p.x), cy: y(p.y), r: 3, fill: ARM_COLOURS[s] || "#888" }, svg);
  }
  el("text", { x: width / 2, y: height - 6, "text-anchor": "middle", class: "axis-label" }, svg).textContent = xLabel || "";
  el("text", { x: m.left, y: height - 20, class: "tick" }, svg).textContent = String(xMin);
  el("text", { x: width - m.right, y: height - 20, "text-anchor": "end", class: "tick" }, svg).textContent = String(xMax);
  container.append(svg, legend(series, label));
  container.appendChild(table(["Bedingung", xLabel || "x", "n", "Mittelwert"],
    data.map((d) => [label(d.series), d.x, d.n, fmt(d.y)])));
}

/// The key below a chart, in the page's text: long German names fit, and nothing covers the data.
function legend(series, label) {
  const list = document.createElement("ul");
  list.className = "legend";
  for (const s of series) {
    const item = document.createElement("li");
    const swatch = Object.assign(document.createElement("span"), { className: "swatch" });
    swatch.style.background = ARM_COLOURS[s] || "#888";
    item.append(swatch, label(s));
    list.appendChild(item);
  }
  return list;
}
