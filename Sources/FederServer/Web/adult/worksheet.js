// The printable worksheet: the adult picks a script, letters and rows per letter; the server draws
// the A4 pages (SVG), shown here as a preview and printed as they are. A link may bring the letters
// (`?script=druck&letters=MmA`, as the child's page does for the letters that need practice).

import { api, report, signOut } from "./api.js";
import { isSignedIn, openGate } from "./gate.js";

const $ = (id) => document.getElementById(id);
const form = $("worksheet-form");
const chosen = [];  // in the order picked, as the sheet sets them
let characters = [];

function query() {
  return new URLSearchParams({ script: form.script.value, letters: chosen.join(""), rows: form.rows.value }).toString();
}

function showButtons() {
  $("letter-buttons").replaceChildren(...characters.map((char) => {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: char });
    button.dataset.char = char;
    button.setAttribute("aria-pressed", String(chosen.includes(char)));
    button.addEventListener("click", () => {
      const at = chosen.indexOf(char);
      if (at >= 0) chosen.splice(at, 1); else chosen.push(char);
      button.setAttribute("aria-pressed", String(at < 0));
      update();
    });
    return button;
  }));
}

let pending = 0;
async function update() {
  const ask = ++pending;
  const status = $("worksheet-status");
  $("print").disabled = true;
  const q = query();
  history.replaceState(null, "", `?${q}`);
  if (chosen.length === 0) {
    $("pages").replaceChildren();
    status.classList.remove("error");
    status.textContent = "Bitte Buchstaben wählen.";
    return;
  }
  const layout = await report(status, () => api(`/api/v1/worksheet?${q}`));
  if (ask !== pending) return;
  if (!layout) { $("pages").replaceChildren(); return; }  // no preview that does not match the choice
  const pages = layout.pages.map((letters, n) => Object.assign(document.createElement("img"), {
    src: `/api/v1/worksheet/pages/${n + 1}?${q}`, alt: `Seite ${n + 1}: ${letters.join(", ")}`,
  }));
  $("pages").replaceChildren(...pages);
  status.textContent = layout.pages.length === 1 ? "Eine Seite." : `${layout.pages.length} Seiten.`;
  // Printing waits for every page, so none is printed blank.
  const loaded = await Promise.all(pages.map((img) => img.decode().then(() => true, () => false)));
  if (ask !== pending) return;
  if (loaded.every(Boolean)) $("print").disabled = false;
  else report(status, () => { throw new Error("Eine Seite ließ sich nicht laden. Bitte nochmals versuchen."); });
}

function showScript(script, scripts) {
  const current = scripts.find((s) => s.id === script) ?? scripts[0];
  // Digits belong to mathematics; the course, and so the sheet's choice, is letters.
  characters = current.glyphs.map((g) => g.char).filter((c) => !/[0-9]/.test(c));
  chosen.splice(0, chosen.length, ...chosen.filter((c) => characters.includes(c)));
  showButtons();
}

async function main() {
  // Adults only: the gate first (the glyph list below is open to the child's app too).
  if (!(await isSignedIn()) && !(await openGate())) { location.href = "/"; return; }
  const scripts = (await api("/api/v1/glyphs")).scripts;
  form.script.replaceChildren(...scripts.map((s) => new Option(s.name, s.id)));
  const params = new URLSearchParams(location.search);
  if (scripts.some((s) => s.id === params.get("script"))) form.script.value = params.get("script");
  if (["2", "4", "8"].includes(params.get("rows"))) form.rows.value = params.get("rows");
  // Composed first: a link may carry an ä as a plus a combining mark.
  for (const char of (params.get("letters") ?? "").normalize("NFC")) if (!chosen.includes(char)) chosen.push(char);
  await showScript(form.script.value, scripts);
  document.querySelector("main").hidden = false;
  document.body.dataset.loaded = "true";
  $("sign-out").addEventListener("click", signOut);
  form.script.addEventListener("change", () => { showScript(form.script.value, scripts); update(); });
  form.rows.addEventListener("change", update);
  form.querySelectorAll("[data-pick]").forEach((button) => button.addEventListener("click", () => {
    const pick = button.dataset.pick;
    const wanted = pick === "none" ? [] : characters.filter((c) => (pick === "capitals") === (c !== c.toLowerCase()));
    chosen.splice(0, chosen.length, ...wanted);
    showButtons();
    update();
  }));
  $("print").addEventListener("click", () => window.print());
  await update();
}

main();
