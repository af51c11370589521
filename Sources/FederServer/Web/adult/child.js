// One child for the adults: the dashboard (alphabet, practice and accuracy over 30 days, phases,
// letters that need practice, Schreibmotorik, latest free writing beside the model, paper transfer)
// and the child's settings. Every figure comes from `/api/v1/children/:id/dashboard`.

import {
  ANIMAL_NAMES, COLOUR_NAMES, ERROR_NAMES, LEVEL_NAMES, LEVELS, PAPER_FACES, PHASE_NAMES, api, childLabel, minutes, percent, report, signOut,
} from "./api.js";
import { barChart, dataTable, lineChart } from "./dashboard-charts.js";
import { avatar } from "../js/pictures.js";

const $ = (id) => document.getElementById(id);
const id = new URLSearchParams(location.search).get("id");
const dayLabel = (day) => { const [, m, d] = day.split("-"); return `${Number(d)}.${Number(m)}.`; };
/** The calendar days from `first` to `last` ("YYYY-MM-DD", both included). */
function calendarDays(first, last) {
  const out = [];
  for (let t = Date.parse(`${first}T00:00:00Z`), end = Date.parse(`${last}T00:00:00Z`); t <= end; t += 86400000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}
const FACE_PICTURES = { 1: "☹", 2: "😐", 3: "☺" };
const CHILD_FACES = { 1: "noch nicht", 2: "fast", 3: "gut" };

function row(cells) {
  const tr = document.createElement("tr");
  cells.forEach((text, i) => {
    const cell = document.createElement(i === 0 ? "th" : "td");
    if (i === 0) cell.scope = "row";
    cell.textContent = text;
    tr.appendChild(cell);
  });
  return tr;
}

function showChild(child) {
  $("child-title").textContent = childLabel(child);
  // The research page and the export know the child only by this id: here an adult matches them.
  $("child-id").textContent = child.id ?? id;
  document.title = `Feder – ${childLabel(child)}`;
  $("child-avatar").innerHTML = avatar(child.animal, child.colour);
  const form = $("settings");
  form.name.value = child.name ?? "";
  form.animal.value = child.animal;
  form.colour.value = child.colour;
  form.handedness.value = child.handedness ?? "right";
  form.pointer.value = child.pointer ?? "pen";
  form.script.value = child.script;
  form.courseOrder.value = child.settings.courseOrder;
  form.dailyGoal.value = child.settings.dailyGoal;
  form.toleranceOverride.value = child.settings.toleranceOverride ?? "";
  form.letterScaleOverride.value = child.settings.letterScaleOverride ?? "";
  form.sound.checked = child.settings.sound;
  form.captions.checked = child.settings.captions;
  form.haptics.checked = child.settings.haptics;
  form.highContrast.checked = child.settings.highContrast;
  form.paperTransfer.checked = child.settings.paperTransfer;
  form.speechRate.value = child.settings.speechRate;
  form.appearance.value = child.settings.appearance;
  form.lineWeight.value = child.settings.lineWeight;
  form.openedSteps.replaceChildren(
    new Option(`wie gelernt (jetzt offen: ${child.openSteps} von ${child.steps.length} Stufen)`, "0"),
    ...child.steps.map((chars, i) => new Option(`bis Stufe ${i + 1}: ${chars.join(" ")}`, String(i + 1))));
  form.openedSteps.value = String(child.settings.openedSteps);
  $("delete-child").onclick = async () => {
    if (!confirm(`${childLabel(child)} und alles, was Feder über dieses Kind gespeichert hat, löschen? Das lässt sich nicht rückgängig machen.`)) return;
    const [button, status] = [$("delete-child"), $("delete-status")];
    button.disabled = true;
    try {
      await api(`/api/v1/children/${id}`, { method: "DELETE" });
      location.href = "index.html";
    } catch (error) {
      // Deleted meanwhile elsewhere: nothing left to show here either.
      if (error.code === "no_child") { location.href = "index.html"; return; }
      status.classList.add("error");
      status.textContent = error.message;
      button.disabled = false;
    }
  };
  $("archive").textContent = child.archived ? "Wiederherstellen" : "Archivieren";
  $("archive").onclick = async () => {
    const changed = await report($("settings-status"), () => api(`/api/v1/children/${id}`, { method: "PATCH", body: { archived: !child.archived } }),
      child.archived ? "Wiederhergestellt." : "Archiviert: nicht mehr unter „Wer schreibt heute?“.");
    if (changed) showChild(changed);
  };
}

function readSettings(form) {
  const optional = (v) => (v === "" ? null : Number(v));
  return {
    name: form.name.value.trim() || null, animal: form.animal.value, colour: form.colour.value,
    handedness: form.handedness.value, pointer: form.pointer.value, script: form.script.value,
    courseOrder: form.courseOrder.value, openedSteps: Number(form.openedSteps.value), dailyGoal: Number(form.dailyGoal.value),
    toleranceOverride: optional(form.toleranceOverride.value), letterScaleOverride: optional(form.letterScaleOverride.value),
    sound: form.sound.checked, captions: form.captions.checked, haptics: form.haptics.checked,
    highContrast: form.highContrast.checked, speechRate: form.speechRate.value, appearance: form.appearance.value,
    lineWeight: form.lineWeight.value, paperTransfer: form.paperTransfer.checked,
  };
}

const letterCount = (n) => (n === 1 ? "1 Buchstabe" : `${n} Buchstaben`);

/** What the child did today: Schule's letters finished (as its jar counts them) and time on the
 *  screen, and the letters written in the Werkstatt. */
function today(d) {
  const day = d.days.find((x) => x.day === d.today);
  const seconds = day ? day.practiceSeconds : 0;
  const parts = [];
  if (d.lettersToday || seconds) {
    parts.push(d.lettersToday ? `${letterCount(d.lettersToday)} fertig` : "noch kein Buchstabe fertig", minutes(seconds));
  }
  if (d.werkstattToday) parts.push(`Werkstatt: ${letterCount(d.werkstattToday)}`);
  return parts.length ? parts.join(", ") : "noch nicht geübt";
}

function showFigures(d, child) {
  const judged = d.days.reduce((s, x) => s + x.judged, 0);
  const succeeded = d.days.reduce((s, x) => s + x.succeeded, 0);
  $("fig-today").textContent = today(d);
  $("fig-learnt").textContent = `${d.letters.filter((l) => l.learnt).length} von ${d.letters.length}`;
  $("fig-streak").textContent = String(d.streak);
  $("fig-practice").textContent = minutes(d.days.reduce((s, x) => s + x.practiceSeconds, 0));
  $("fig-accuracy").textContent = judged ? `${percent(succeeded / judged)} (${succeeded} von ${judged})` : "–";
}

function showLetters(d) {
  $("letters-grid").replaceChildren(...d.letters.map((l) => {
    const li = document.createElement("li");
    Object.assign(li.dataset, { char: l.char, level: l.level, stars: l.bestStars, judged: l.judged, succeeded: l.succeeded });
    li.innerHTML = `<span class="char"></span><span class="stars"></span><span class="level"></span><span class="accuracy note"></span>`;
    li.querySelector(".char").textContent = l.char;
    li.querySelector(".stars").textContent = "★".repeat(l.bestStars) + "☆".repeat(3 - l.bestStars);
    li.querySelector(".stars").setAttribute("aria-label", `${l.bestStars} von 3 Sternen`);
    li.querySelector(".level").textContent = LEVEL_NAMES[LEVELS[l.level]]; // the API sends the level's number
    // Per-letter accuracy (brief §8): the judged attempts that earned a star, as the day chart counts them.
    li.querySelector(".accuracy").textContent = l.judged ? `${l.succeeded} von ${l.judged} gelungen` : "";
    return li;
  }));
}

function showDays(d) {
  const labels = d.days.map((x) => dayLabel(x.day));
  const practice = $("practice-chart");
  practice.replaceChildren();
  const maxMinutes = Math.max(...d.days.map((x) => x.practiceSeconds / 60), 0);
  barChart(practice, { title: "Übungszeit pro Tag in Minuten", labels, values: d.days.map((x) => x.practiceSeconds / 60),
    // Four steps up the axis: a maximum divisible by four puts every tick on a whole minute (a
    // maximum of five labelled 1.25 and 3.75 minutes "1" and "4"); short days get an axis of two
    // minutes in half minutes, so that a day of a few letters is not a sliver.
    yMax: maxMinutes <= 2 ? 2 : Math.ceil(maxMinutes / 4) * 4, yFormat: (v) => `${String(Math.round(v * 10) / 10).replace(".", ",")} min` });
  practice.appendChild(dataTable("Übungszeit pro Tag", ["Tag", "Übungszeit"],
    d.days.map((x) => [dayLabel(x.day), minutes(x.practiceSeconds)]), "practice-table"));
  const accuracy = $("accuracy-chart");
  accuracy.replaceChildren();
  barChart(accuracy, { title: "Anteil gelungener Versuche pro Tag", labels, values: d.days.map((x) => x.accuracy),
    yMax: 1, yFormat: percent });
  accuracy.appendChild(dataTable("Gelungene Versuche pro Tag", ["Tag", "bewertet", "gelungen", "Anteil"],
    d.days.map((x) => [dayLabel(x.day), String(x.judged), String(x.succeeded), percent(x.accuracy)]), "accuracy-table"));
}

function showPhases(d, child) {
  // A phase the child's condition does not have (the study's tracing-only arms) is left out unless
  // the child met it before (an arm changed).
  const shown = d.phases.filter((p) => child.phases.includes(p.phase) || p.begun > 0);
  $("phase-table").tBodies[0].replaceChildren(...shown.map((p) =>
    row([PHASE_NAMES[p.phase] ?? p.phase, String(p.begun), String(p.passed), percent(p.rate)])));
  $("phases-study-note").hidden = child.phases.includes("freeWrite");
}

function showNeeds(d, child) {
  $("needs-none").hidden = d.needsPractice.length > 0;
  const sheet = $("needs-worksheet");
  sheet.hidden = d.needsPractice.length === 0;
  sheet.href = `worksheet.html?${new URLSearchParams({ script: child.script, letters: d.needsPractice.map((n) => n.char).join("") })}`;
  $("needs-table").hidden = d.needsPractice.length === 0;
  $("needs-table").tBodies[0].replaceChildren(...d.needsPractice.map((n) => {
    const tr = row([n.char, String(n.judged), String(n.succeeded),
      n.error ? `${ERROR_NAMES[n.error] ?? n.error} (${n.errorCount}×)` : "–", n.tip?.text ?? "–"]);
    tr.dataset.char = n.char;
    if (n.error) tr.dataset.error = n.error;
    return tr;
  }));
}

function showRecurring(d) {
  $("recurring-none").hidden = d.recurring.length > 0;
  $("recurring-table").hidden = d.recurring.length === 0;
  $("recurring-table").tBodies[0].replaceChildren(...d.recurring.map((r) => {
    const tr = row([ERROR_NAMES[r.error] ?? r.error, `${r.attempts} von ${r.judged}`, r.letters.join(" "), r.tip?.text ?? "–"]);
    tr.dataset.error = r.error;
    return tr;
  }));
}

const WRITES_NOT_ALONE = "In seiner Übungsform (Studie) spurt das Kind nur nach und schreibt nicht selbst.";

function showMotor(d, child) {
  const chart = $("motor-chart");
  chart.replaceChildren();
  if (!d.motor.length) {
    chart.textContent = child.phases.includes("freeWrite")
      ? "Noch nichts selbst geschrieben: die Schreibmotorik wird beim freien Schreiben gemessen."
      : `${WRITES_NOT_ALONE} Die Schreibmotorik wird nur beim freien Schreiben gemessen.`;
    return;
  }
  // Every calendar day from the first measured to the last gets its place, so that a week without
  // free writing shows as a gap rather than as the next day.
  const byDay = new Map(d.motor.map((m) => [m.day, m]));
  const axis = calendarDays(d.motor[0].day, d.motor[d.motor.length - 1].day);
  const value = (key) => axis.map((day) => byDay.get(day)?.[key] ?? null);
  lineChart(chart, { title: "Schreibmotorik pro Tag", labels: axis.map(dayLabel), yMax: 1, yFormat: percent, series: [
    { name: "Form", colour: "#2f6fb5", values: value("form") },
    { name: "Tempo", colour: "#d08a18", values: value("tempo") },
    { name: "Rhythmus", colour: "#2e8b57", values: value("rhythmus") },
    { name: "Druck", colour: "#9c4f96", values: value("druck") },
  ] });
  chart.appendChild(dataTable("Schreibmotorik pro Tag", ["Tag", "Versuche", "Form", "Tempo", "Rhythmus", "Druck"],
    d.motor.map((m) => [dayLabel(m.day), String(m.attempts), percent(m.form), percent(m.tempo), percent(m.rhythmus),
      m.druck == null ? "nicht gemessen" : percent(m.druck)]), "motor-table"));
}

const glyphCache = new Map();
async function glyph(script, char) {
  const key = `${script}/${char}`;
  if (!glyphCache.has(key)) glyphCache.set(key, api(`/api/v1/glyphs/${script}/${encodeURIComponent(char)}`));
  return glyphCache.get(key);
}

async function showLatestFree(d, child) {
  const items = await Promise.all(d.latestFree.map(async (f) => {
    const g = await glyph(f.script, f.char);
    const xs = f.strokes.flat().map(([x]) => x);
    const inkMin = Math.min(...xs), inkMax = Math.max(...xs);
    const gap = 40, inkOffset = g.width + gap - inkMin;
    const width = g.width + gap + (inkMax - inkMin);
    const r = g.ruling;
    // Every card shows its pair at the same size: a narrow pair (l, i) gets wider margins, not a
    // bigger drawing, and its lines run across the card.
    const shown = Math.max(width + 20, (r.bottom - r.top + 20) * 1.5);
    const left = (width - shown) / 2;
    const lines = [r.top, r.middle, r.base, r.bottom].map((y) =>
      `<line x1="${left}" x2="${left + shown}" y1="${y}" y2="${y}" stroke="currentColor" stroke-opacity="0.25" stroke-width="2"/>`).join("");
    const model = g.strokes.map((s) => `<path d="${s.path}" class="model" fill="none" stroke-width="9" stroke-linecap="round"/>`).join("");
    const ink = f.strokes.map((points) => points.length === 1
      ? `<circle cx="${points[0][0] + inkOffset}" cy="${points[0][1]}" r="5" class="ink" fill="#2e8b57"/>`
      : `<polyline points="${points.map(([x, y]) => `${x + inkOffset},${y}`).join(" ")}" class="ink" fill="none" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`).join("");
    const li = document.createElement("li");
    li.dataset.record = f.recordID;
    li.dataset.char = f.char;
    li.dataset.strokes = f.strokes.length;
    const when = new Date(f.at).toLocaleString("de-AT", { dateStyle: "short", timeStyle: "short" });
    li.innerHTML = `<svg viewBox="${left} ${r.top - 10} ${shown} ${r.bottom - r.top + 20}" role="img">${lines}${model}${ink}</svg>
      <p class="note"></p>`;
    li.querySelector("svg").setAttribute("aria-label", `${f.char}: Muster und Schrift des Kindes, ${f.strokes.length} Striche`);
    li.querySelector("p").textContent = `${f.char} · ${when} · ${f.stars ?? 0} von 3 Sternen · ${f.pointer === "touch" ? "Finger" : "Stift"}`;
    return li;
  }));
  $("latest-free").replaceChildren(...items);
  const none = child.phases.includes("freeWrite") ? "Noch nichts selbst geschrieben." : WRITES_NOT_ALONE;
  if (!items.length) $("latest-free").replaceChildren(Object.assign(document.createElement("li"), { textContent: none }));
}

function showPaper(d, child) {
  // Learnt letters, and any the child already rated on paper itself.
  const learnt = d.letters.filter((l) => l.learnt || l.paperByChild);
  $("paper-none").hidden = learnt.length > 0;
  $("paper-list").replaceChildren(...learnt.map((l) => {
    const li = document.createElement("li");
    li.dataset.char = l.char;
    li.dataset.paper = l.paper ?? "";
    li.innerHTML = `<span class="char"></span><span class="paper-faces" role="group"></span><span class="level"></span>`;
    li.querySelector(".char").textContent = l.char;
    // The child's own face (Schule's paper transfer) beside the adult's judgement, never instead of it.
    // Named as the child's faces are (noch nicht, fast, gut): the child judged itself, not "sicher".
    const own = l.paperByChild ? ` · selbst: ${CHILD_FACES[l.paperByChild]}` : "";
    li.dataset.paperByChild = l.paperByChild ?? "";
    li.querySelector(".level").textContent = (l.paper ? PAPER_FACES[l.paper] : "noch nicht eingeschätzt") + own;
    const group = li.querySelector(".paper-faces");
    group.setAttribute("aria-label", `${l.char} auf Papier`);
    for (const face of [1, 2, 3]) {
      const b = Object.assign(document.createElement("button"), { type: "button", textContent: FACE_PICTURES[face] });
      b.dataset.face = face;
      b.setAttribute("aria-label", PAPER_FACES[face]);
      b.setAttribute("aria-pressed", String(l.paper === face));
      b.addEventListener("click", async () => {
        const rated = await report($("paper-status"), () => api("/api/v1/research/paper-ratings", { method: "POST",
          body: { childID: child.id, glyph: l.char, script: child.script, face, ratedBy: "adult" } }));
        if (rated) await refresh(child);
      });
      group.appendChild(b);
    }
    return li;
  }));
}

async function refresh(child) {
  const d = await api(`/api/v1/children/${id}/dashboard`);
  showFigures(d, child);
  showLetters(d);
  showDays(d);
  showPhases(d, child);
  showNeeds(d, child);
  showRecurring(d);
  showMotor(d, child);
  showPaper(d, child);
  await showLatestFree(d, child);
  document.body.dataset.loaded = "true";
}

async function main() {
  $("sign-out").addEventListener("click", signOut);
  const form = $("settings");
  form.animal.replaceChildren(...Object.entries(ANIMAL_NAMES).map(([v, t]) => new Option(t, v)));
  form.colour.replaceChildren(...Object.entries(COLOUR_NAMES).map(([v, t]) => new Option(t, v)));
  let child = await api(`/api/v1/children/${id}`);
  showChild(child);
  document.querySelector("main").hidden = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const status = $("settings-status");
    try {
      child = await api(`/api/v1/children/${id}`, { method: "PATCH", body: readSettings(form) });
      showChild(child);
      status.classList.remove("error");
      status.textContent = "Gespeichert. Gilt ab dem nächsten Buchstaben.";
      await refresh(child);
    } catch (error) {
      status.classList.add("error");
      status.textContent = error.message;
    }
  });
  await refresh(child);
}

main();
