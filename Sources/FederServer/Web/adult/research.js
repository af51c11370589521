// The research page: study switch, enrolment with consent, logged arm overrides, the export
// download and the dashboard's figures, all from /api/v1/research.
import { barsWithIntervals, lines, table, fmt } from "./charts.js";
import { openGate } from "./gate.js";
import { ARM_SOURCE_NAMES, CONDITION_NAMES, OUTCOME_NAMES, PHASE_NAMES, childLabel, signOut } from "./api.js";

/** A German name with the export's code beside it, so the page reads in German and still matches the files. */
const coded = (names, code) => (code in names ? `${names[code]} (${code})` : code);
const arm = (code) => coded({ ...CONDITION_NAMES, notEnrolled: ARM_SOURCE_NAMES.notEnrolled }, code);
const CONSENT_BY_NAMES = { parent: "Elternteil", guardian: "Obsorgeberechtigte Person" };
const PICK_NAMES = { newOrWeak: "neu oder schwach", review: "Wiederholung", word: "Wort", chosen: "selbst gewählt" };
/** A mean with its 95 % interval and n, or "–" without one. */
const estimate = (s) => (s.mean === undefined || s.mean === null ? "–" : `${fmt(s.mean)} [${fmt(s.low)}; ${fmt(s.high)}] n = ${s.n}`);
/** An exported instant (UTC) in the reader's local time. */
const localTime = (iso) => new Date(iso).toLocaleString("de-AT", { dateStyle: "short", timeStyle: "medium" });

const API = "/api/v1/research";
const $ = (selector) => document.querySelector(selector);

async function call(path, options = {}, retried = false) {
  const response = await fetch(API + path, {
    headers: { "Content-Type": "application/json" }, credentials: "same-origin", ...options,
  });
  // Adults only: without a session (or after it expired) the gate opens, then the request is made again.
  if (response.status === 401 && !retried) {
    if (await openGate()) return call(path, options, true);
    location.href = "/";
  }
  if (!response.ok) {
    let message = response.statusText, code = null;
    try { ({ message = message, code = null } = (await response.json()).error ?? {}); } catch { /* not JSON */ }
    // A tablet on the classroom network without the class code: the child's page asks for it.
    if (code === "class_code_required") location.href = "/";
    // Research data needs a sign-in with the parent PIN: the page says so first, and shows nothing else.
    if (code === "pin_required") {
      $("#pin-needed .why").textContent = message;
      $("#pin-needed").hidden = false;
      document.querySelectorAll("body > section").forEach((section) => { section.hidden = true; });
    }
    throw new Error(message);
  }
  return response.json();
}

function say(message, isError = false) {
  const p = $("#form-message");
  p.textContent = message;
  p.classList.toggle("error", isError);
}

async function loadStudy() {
  const study = await call("/study");
  $("#study-active").checked = study.active;
  $("#study-summary").textContent = study.active ? `${study.enrolled} ${study.enrolled === 1 ? "Kind" : "Kinder"} aufgenommen` : "Studie ist aus";
}

/** Each child's name or picture as the class page shows it, by id: whoever records a consent form
 * finds the child by its name, and the id beside it matches the export (which holds no names). */
async function classNames() {
  try {
    const response = await fetch("/api/v1/children", { credentials: "same-origin" });
    if (!response.ok) return new Map();
    return new Map((await response.json()).map((c) => [c.id, childLabel(c)]));
  } catch {
    return new Map();  // the ids alone, as the export has them
  }
}

async function loadChildren() {
  const children = await call("/children");
  const names = await classNames();  // after the call above, which opens the gate when needed
  const named = (id) => (names.has(id) ? `${names.get(id)} · ${id}` : id);
  const body = $("#children-table tbody");
  body.replaceChildren();
  for (const c of children) {
    const tr = body.insertRow();
    tr.dataset.child = c.childID;
    const consent = c.consentDate ? `${c.consentDate} (${coded(CONSENT_BY_NAMES, c.consentBy)}${c.consentReference ? ", " + c.consentReference : ""})` : "–";
    for (const v of [named(c.childID), c.enrolled ? "ja" : "nein", arm(c.condition), coded(ARM_SOURCE_NAMES, c.armSource), consent]) {
      tr.insertCell().textContent = v;
    }
    const cell = tr.insertCell();
    if (c.enrolled) {
      // The button says what it does; the note after it says what was done.
      const button = Object.assign(document.createElement("button"), { textContent: "Einwilligung zurückziehen" });
      button.addEventListener("click", () => {
        if (!confirm("Einwilligung wirklich zurückziehen? Das Kind übt ab dem nächsten Buchstaben wieder in vier Phasen.")) return;
        act(() => call(`/enrolments/${encodeURIComponent(c.childID)}`, { method: "DELETE" }), "Einwilligung zurückgezogen.");
      });
      cell.appendChild(button);
    }
  }
  for (const select of document.querySelectorAll("select[name=childID]")) {
    select.replaceChildren(...children.map((c) => new Option(named(c.childID), c.childID)));
  }
}

async function loadDashboard() {
  const d = await call("/dashboard");
  const arms = d.arms.map((a) => a.arm);  // codes: the charts colour by them and name them with `arm`
  $("#arms").replaceChildren(table(
    ["Bedingung", "Kinder", "Versuche", "Form", "Tempo", "Druck", "Rhythmus"],
    d.arms.map((a) => [arm(a.arm), a.children, a.attempts,
      ...["form", "tempo", "druck", "rhythmus"].map((k) => estimate(a[k]))])));
  const dims = ["form", "tempo", "druck", "rhythmus"];
  const names = { form: "Form", tempo: "Tempo", druck: "Druck", rhythmus: "Rhythmus" };
  barsWithIntervals($("#motor-chart"), d.arms.flatMap((a) => dims.map((k) => ({
    group: names[k], series: a.arm, mean: a[k].mean ?? null, low: a[k].low ?? null, high: a[k].high ?? null, n: a[k].n }))),
    { groups: dims.map((k) => names[k]), series: arms, label: arm });
  lines($("#curve-chart"), d.arms.flatMap((a) => a.guidedCurve.map((p) => ({
    series: a.arm, x: p.session, y: p.score.mean ?? null, n: p.score.n }))), { series: arms, label: arm, xLabel: "Lektion" });
  lines($("#free-curve-chart"), d.arms.flatMap((a) => a.freeWriteCurve.map((p) => ({
    series: a.arm, x: p.session, y: p.score.mean ?? null, n: p.score.n }))), { series: arms, label: arm, xLabel: "Lektion" });
  barsWithIntervals($("#pairs-chart"), d.arms.map((a) => ({
    group: "r", series: a.arm, mean: a.guidedVsFreeWrite.r ?? null, low: a.guidedVsFreeWrite.low ?? null,
    high: a.guidedVsFreeWrite.high ?? null, n: a.guidedVsFreeWrite.pairs })), { groups: ["r"], series: arms, label: arm, yMin: -1 });
  const letters = [...new Set(d.arms.flatMap((a) => a.clarity.map((c) => c.glyph)))].sort();
  barsWithIntervals($("#clarity-chart"), d.arms.flatMap((a) => a.clarity.map((c) => ({
    group: c.glyph, series: a.arm, mean: c.clarity.mean ?? null, low: c.clarity.low ?? null, high: c.clarity.high ?? null,
    n: c.clarity.n }))), { groups: letters, series: arms, label: arm });
  // Recognition against the expected letter: the share of readings accepted as it (Klarheit at the
  // children's operating point, twins such as o/O summed).
  barsWithIntervals($("#recognized-chart"), d.arms.flatMap((a) => a.clarity.map((c) => ({
    group: c.glyph, series: a.arm, mean: c.recognizedAsExpected, low: null, high: null,
    n: c.clarity.n }))), { groups: letters, series: arms, label: arm });
  showScheduler(d, arms);
  $("#recent").replaceChildren(table(
    ["Versuch", "Bedingung", "Kind", "Buchstabe", "Phase", "Ergebnis", "Beginn (Ortszeit)", "Punkte", "Sterne", "Form", "Tempo", "Druck",
      "Rhythmus", "Erkannt", "Klarheit"],
    d.recent.map((r) => [r.attemptID, arm(r.arm), r.childID ?? "–", r.glyph, coded(PHASE_NAMES, r.phase),
      coded(OUTCOME_NAMES, r.outcome), localTime(r.startedAt), fmt(r.score),
      r.stars ?? "–", fmt(r.form), fmt(r.tempo), fmt(r.druck), fmt(r.rhythmus), r.recognized ?? "–", fmt(r.clarity)])));
}

/** Scheduler effectiveness: per arm and kind of pick, the lessons, their first tracing score and its
 * change since the letter's previous lesson; per arm r of priority against score. */
function showScheduler(d, arms) {
  const correlation = (c) => (c.r === undefined || c.r === null ? `– (${c.pairs} Lektionen)`
    : `${fmt(c.r)} [${fmt(c.low)}; ${fmt(c.high)}] n = ${c.pairs}`);
  $("#scheduler").replaceChildren(table(
    ["Bedingung", "Gewählt", "Lektionen", "Nachspuren", "Veränderung", "r Vorrang–Punktzahl"],
    d.arms.flatMap((a) => a.scheduler.kinds.map((k, i) => [arm(a.arm), coded(PICK_NAMES, k.kind), k.lessons, estimate(k.score),
      estimate(k.change), i === 0 ? correlation(a.scheduler.priorityVsScore) : ""]))));
  const kinds = Object.keys(PICK_NAMES).filter((k) => d.arms.some((a) => a.scheduler.kinds.some((x) => x.kind === k)));
  barsWithIntervals($("#scheduler-chart"), d.arms.flatMap((a) => a.scheduler.kinds.map((k) => ({
    group: PICK_NAMES[k.kind], series: a.arm, mean: k.change.mean ?? null, low: k.change.low ?? null, high: k.change.high ?? null,
    n: k.change.n }))), { groups: kinds.map((k) => PICK_NAMES[k]), series: arms, label: arm, yMin: -1 });
}

function updateExportLink() {
  const form = new FormData($("#export-form"));
  const query = new URLSearchParams();
  query.set("format", form.get("format"));
  const child = String(form.get("child") ?? "").trim();  // a pasted id often brings a space; the server takes ids only
  if (child) query.set("child", child);
  if (form.get("since")) query.set("since", form.get("since"));
  if (form.get("samples")) query.set("samples", "true");
  if (form.get("studyOnly")) query.set("studyOnly", "true");
  $("#export-link").href = `${API}/export.tar?${query}`;
}

async function act(work, done) {
  try {
    await work();
    say(done);
  } catch (error) {
    say(error.message, true);
  }
  await refresh();
}

async function refresh() {
  await Promise.all([loadStudy(), loadChildren(), loadDashboard()]);
  document.body.dataset.ready = "true";
}

$("#sign-out").addEventListener("click", signOut);

$("#study-active").addEventListener("change", (e) => {
  // Switching off puts every enrolled child back into four phases: asked first.
  if (!e.target.checked && !confirm("Studie wirklich ausschalten? Alle aufgenommenen Kinder üben dann wieder in vier Phasen.")) {
    e.target.checked = true;
    return;
  }
  act(() => call("/study", { method: "PUT", body: JSON.stringify({ active: e.target.checked }) }),
    e.target.checked ? "Studie läuft." : "Studie ist aus.");
});

$("#enrol-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const f = Object.fromEntries(new FormData(e.target));
  if (!f.consentReference) delete f.consentReference;
  act(() => call("/enrolments", { method: "POST", body: JSON.stringify(f) }), "Aufgenommen.");
});

$("#override-form").addEventListener("submit", (e) => {
  e.preventDefault();
  act(() => call("/overrides", { method: "POST", body: JSON.stringify(Object.fromEntries(new FormData(e.target))) }),
    "Bedingung geändert und protokolliert.");
});

$("#export-form").addEventListener("input", updateExportLink);
updateExportLink();
refresh().catch((error) => say(error.message, true));
