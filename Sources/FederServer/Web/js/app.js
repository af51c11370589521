// Boots the child page: connects, picks the first letter, wires pen, guides and overlays.

import { Connection } from "./connection.js";
import { Viewport } from "./viewport.js";
import { Guides } from "./guides.js";
import { InkCanvas } from "./ink-canvas.js";
import { PenInput } from "./pen.js";
import { LessonView } from "./lesson.js";
import { voice } from "./voice.js";
import { childID } from "./child.js";

const $ = (id) => document.getElementById(id);

async function main() {
  const connection = new Connection();
  const paper = $("paper");
  const viewport = new Viewport(paper);
  const guides = new Guides($("guides"));
  const ink = new InkCanvas($("ink"), viewport);
  const view = new LessonView({
    connection, viewport, guides, ink,
    progressFill: $("progress-fill"), phaseDots: $("phase-dots"), starsPill: $("stars-pill"),
  });
  new PenInput($("ink"), viewport, view);

  const params = new URLSearchParams(location.search);
  const script = params.get("script") || "druck";
  let letters = [];
  let current = params.get("letter") || "A";

  connection.onState((state) => {
    $("offline").classList.toggle("hidden", state === "open");
    if (state === "open" && view.glyph) {
      connection.request("hello", { child: childID() }).then(() => show(current)).catch(() => {});
    }
  });

  await connection.open();
  await connection.request("hello", { child: childID() });
  try {
    const list = await (await fetch("/api/v1/glyphs")).json();
    letters = list.scripts.find((s) => s.id === script)?.glyphs.map((g) => g.char) ?? [];
  } catch { letters = []; }

  async function show(char) {
    current = char;
    $("letter-label").textContent = char;
    $("celebration").classList.add("hidden");
    await view.start(char, script);
  }

  view.on("finished", ({ stars }) => {
    document.querySelectorAll("#celebration .star-row .icon").forEach((icon, i) => icon.classList.toggle("empty", i >= stars));
    setTimeout(() => $("celebration").classList.remove("hidden"), 600);
  });

  $("next-button").addEventListener("click", () => {
    const i = letters.indexOf(current);
    show(letters.length ? letters[(i + 1) % letters.length] : current);
  });
  $("replay").addEventListener("click", () => voice.repeat());
  $("restart").addEventListener("click", () => view.restart());
  $("letter-button").addEventListener("click", () => openPicker());
  $("picker-close").addEventListener("click", () => $("picker").classList.add("hidden"));

  function openPicker() {
    const grid = $("picker-grid");
    grid.replaceChildren(...letters.map((char) => {
      const b = document.createElement("button");
      b.textContent = char;
      b.setAttribute("aria-current", String(char === current));
      b.addEventListener("click", () => { $("picker").classList.add("hidden"); show(char); });
      return b;
    }));
    $("picker").classList.remove("hidden");
  }

  new ResizeObserver(() => view.layout()).observe(paper);
  // Light and dark ink differ: redraw when the device switches appearance.
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => view.layout());
  await show(current);
}

main().catch((error) => {
  console.error(error);
  document.body.dataset.state = "error";
});
