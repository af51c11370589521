// The dashboard's charts: small SVGs of our own (bars by day, lines over days) and, after each, a
// data table with the same numbers for screen readers and for anyone who wants the figures.

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/// A table of `rows` under `columns`, with a caption; hidden visually behind a toggle but always read
/// by screen readers.
export function dataTable(caption, columns, rows, id) {
  const wrap = document.createElement("div");
  wrap.className = "table-wrap";
  const table = document.createElement("table");
  if (id) table.id = id;
  // Hidden visually by its holder (a table cannot be squeezed to 1 px itself), read by screen readers.
  const holder = document.createElement("div");
  holder.className = "table-scroll sr-only";
  holder.appendChild(table);
  table.createCaption().textContent = caption;
  const head = table.createTHead().insertRow();
  for (const c of columns) head.appendChild(Object.assign(document.createElement("th"), { textContent: c, scope: "col" }));
  const body = table.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    r.forEach((v, i) => {
      const cell = i === 0 ? Object.assign(document.createElement("th"), { scope: "row" }) : document.createElement("td");
      cell.textContent = v;
      tr.appendChild(cell);
    });
  }
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "table-toggle";
  toggle.textContent = "Tabelle zeigen";
  toggle.setAttribute("aria-hidden", "true");
  toggle.addEventListener("click", () => {
    const hidden = holder.classList.toggle("sr-only");
    toggle.textContent = hidden ? "Tabelle zeigen" : "Tabelle verbergen";
  });
  wrap.append(toggle, holder);
  return wrap;
}

// The left margin holds the longest tick label ("12,5 min", "100 %"): at 44 "1,5 min" lost its 1.
const WIDTH = 720, HEIGHT = 220, M = { left: 64, right: 10, top: 14, bottom: 30 };
// A chart with a legend keeps the legend's row above its highest line: at 100 % the lines and
// points ran through the names.
const LEGEND_ROW = 22;

function axes(svg, yMax, yFormat, xLabels, top = M.top) {
  const y = (v) => top + (HEIGHT - top - M.bottom) * (1 - v / (yMax || 1));
  for (let k = 0; k <= 4; k++) {
    const v = (yMax * k) / 4;
    el("line", { x1: M.left, x2: WIDTH - M.right, y1: y(v), y2: y(v), class: "grid" }, svg);
    el("text", { x: M.left - 6, y: y(v) + 4, "text-anchor": "end" }, svg).textContent = yFormat(v);
  }
  const step = (WIDTH - M.left - M.right) / Math.max(1, xLabels.length);
  const x = (i) => M.left + step * (i + 0.5);
  // Every day of a short chart; on a longer one about eight labels (every fifth day of a month's
  // chart), and the last.
  const every = xLabels.length <= 10 ? 1 : Math.max(5, Math.ceil(xLabels.length / 8));
  xLabels.forEach((label, i) => {
    if ((i % every === 0 && xLabels.length - 1 - i >= every / 2) || i === xLabels.length - 1) {
      el("text", { x: x(i), y: HEIGHT - 10, "text-anchor": "middle" }, svg).textContent = label;
    }
  });
  return { x, y, step };
}

/// One bar per x label; `values` may hold nulls (no bar).
export function barChart(container, { title, labels, values, yMax, yFormat }) {
  const svg = el("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "chart", role: "img", "aria-label": title });
  const { x, y, step } = axes(svg, yMax, yFormat, labels);
  values.forEach((v, i) => {
    if (v === null || v === undefined) return;
    const bar = el("rect", { x: x(i) - step * 0.35, width: step * 0.7, y: y(v), height: Math.max(0, y(0) - y(v)), class: "bar" }, svg);
    el("title", {}, bar).textContent = `${labels[i]}: ${yFormat(v)}`;
  });
  container.appendChild(svg);
}

/// Lines over the x labels, one per series ({name, colour, values}); a null (a day without a value)
/// breaks the line, so a gap shows as one.
export function lineChart(container, { title, labels, series, yMax, yFormat }) {
  const svg = el("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "chart", role: "img", "aria-label": title });
  const { x, y } = axes(svg, yMax, yFormat, labels, M.top + LEGEND_ROW);
  series.forEach((s, si) => {
    const points = s.values.map((v, i) => [i, v]).filter(([, v]) => v !== null && v !== undefined);
    const runs = [];
    for (const point of points) {
      const run = runs[runs.length - 1];
      if (run && point[0] === run[run.length - 1][0] + 1) run.push(point); else runs.push([point]);
    }
    for (const run of runs.filter((r) => r.length > 1)) {
      el("polyline", { points: run.map(([i, v]) => `${x(i)},${y(v)}`).join(" "), class: "line", stroke: s.colour }, svg);
    }
    for (const [i, v] of points) el("circle", { cx: x(i), cy: y(v), r: 3.5, fill: s.colour }, svg);
    const lx = M.left + 8 + si * 110;
    el("rect", { x: lx, y: 2, width: 10, height: 10, fill: s.colour }, svg);
    el("text", { x: lx + 14, y: 11 }, svg).textContent = s.name;
  });
  container.appendChild(svg);
}
