// Paper transfer (a research option an adult switches on): after a finished letter the child writes
// it on paper, then taps one of three faces for how it turned out. The model letter stands on a
// ruled sheet to copy from; Feder says what to do; nothing on the screen has to be read. A face goes
// to the server as `paper` with its lesson, so that a face tapped while the connection is down is
// sent once it is back — kept on the tablet (localStorage), so a reload in between does not lose
// it; the arrow below goes on without one (no paper at hand).

import { say, sayAll, stopSpeaking } from "./speak.js";

const $ = (id) => document.getElementById(id);

// Faces not yet answered by the server: [{ child, face, lesson }], one per lesson (a newer face for
// the same lesson replaces it). A tablet a class shares keeps each child's faces until that child's
// next hello; the oldest go first beyond KEPT_MOST, which a tablet offline for a week does not reach.
const KEPT = "feder.paperKept";
const KEPT_MOST = 200;
function readKept() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT));
    // Before lists, one face was kept as a single object.
    const list = Array.isArray(kept) ? kept : [kept];
    return list.filter((k) => k && typeof k === "object" && k.child && k.face);
  } catch { return []; }
}
const sameLesson = (a, b) => a.child === b.child && a.lesson === b.lesson;
// Storage full or blocked: the face still goes out now, it just cannot wait for a later hello.
function writeKept(list) {
  try {
    if (list.length) localStorage.setItem(KEPT, JSON.stringify(list.slice(-KEPT_MOST)));
    else localStorage.removeItem(KEPT);
  } catch (error) { console.warn("paper faces not kept", error); }
}
function keep(kept) { writeKept([...readKept().filter((k) => !sameLesson(k, kept)), kept]); }
/** Forgets `kept` if it is still the face kept for its lesson (not one tapped again since). */
function forget(kept) {
  writeKept(readKept().filter((k) => !(sameLesson(k, kept) && k.face === kept.face)));
}

export const PAPER_LINES = {
  write: { key: "paper.write", text: "Schreib den Buchstaben jetzt auch auf dein Blatt." },
  rate: { key: "paper.rate", text: "Wie ist er geworden? Tipp auf ein Gesicht." },
  thanks: { key: "paper.thanks", text: "Danke!" },
};

// 1 noch nicht, 2 fast, 3 gut: the mouth turns from down to up.
const MOUTHS = { 1: "M22 46q10-9 20 0", 2: "M22 43h20", 3: "M21 40q11 11 22 0" };
function face(n) {
  return `<svg viewBox="0 0 64 64" aria-hidden="true"><circle cx="32" cy="32" r="28" fill="var(--face-${n})"/>` +
    `<circle cx="23" cy="26" r="4" fill="#3b2f2f"/><circle cx="41" cy="26" r="4" fill="#3b2f2f"/>` +
    `<path d="${MOUTHS[n]}" fill="none" stroke="#3b2f2f" stroke-width="4" stroke-linecap="round"/></svg>`;
}
const FACE_NAMES = { 1: "noch nicht", 2: "fast", 3: "gut" };

/** The glyph's centerlines on its four lines, as a sheet of the exercise book. */
function sheet(glyph) {
  const r = glyph.ruling;
  const pad = (r.base - r.middle) * 0.6;
  const width = glyph.width + 2 * pad;
  const lines = [r.top, r.middle, r.base, r.bottom].map((y, i) =>
    `<line x1="${-pad}" x2="${glyph.width + pad}" y1="${y}" y2="${y}" class="${i === 1 ? "sheet-middle" : "sheet-line"}"/>`).join("");
  const strokes = glyph.strokes.map((s) => `<path d="${s.path}" class="sheet-letter"/>`).join("");
  return `<svg viewBox="${-pad} ${r.top - pad} ${width} ${r.bottom - r.top + 2 * pad}" aria-hidden="true">` +
    `${lines}${strokes}</svg>`;
}

export class PaperTransfer {
  /** `childID()` says who is writing now: a kept face goes out only for its own child. */
  constructor(connection, childID) {
    this.connection = connection;
    this.childID = childID;
    this.overlay = $("paper-transfer");
    this.faces = $("paper-faces");
    this.faces.replaceChildren(...[1, 2, 3].map((n) => {
      const b = document.createElement("button");
      b.className = "paper-face";
      b.dataset.face = String(n);
      b.setAttribute("aria-label", FACE_NAMES[n]);
      b.innerHTML = face(n);
      b.addEventListener("click", () => this.choose(n));
      return b;
    }));
    $("paper-skip").addEventListener("click", () => this.finish(null));
  }

  /** Shows the sheet for `glyph` (of lesson `lessonID`) and resolves, once the child tapped a
   * face or went on, with the face (1–3) or null. */
  ask(glyph, lessonID) {
    this.lessonID = lessonID;
    $("paper-sheet").innerHTML = sheet(glyph);
    this.overlay.dataset.chosen = "";
    this.overlay.classList.remove("hidden");
    // One instruction in two lines, as a screen's prompt: a face tapped early stops it.
    stopSpeaking("prompt");
    sayAll([PAPER_LINES.write, PAPER_LINES.rate], "prompt");
    return new Promise((resolve) => { this.resolve = resolve; });
  }

  async choose(n) {
    if (!this.resolve || this.overlay.dataset.chosen) return;
    this.overlay.dataset.chosen = String(n);
    stopSpeaking("prompt");
    say(PAPER_LINES.thanks);
    // The child never waits on the server: the face goes, and the lesson goes on.
    this.send({ face: n, lesson: this.lessonID });
    setTimeout(() => this.finish(n), 700);
  }

  /** Sends a face. It is kept on the tablet first and forgotten once the server answered it; one
   * that did not reach the server (offline, the connection lost before its answer, the page
   * reloaded) or that the server could not handle now (`storage_failed`) stays for `sendKept`. */
  async send(rating, child = this.childID()) {
    const kept = { child, ...rating };
    keep(kept);
    const replies = await this.connection.request("paper", rating).catch(() => null);
    const answered = replies && !replies.some((r) => r.type === "error" && r.code === "storage_failed");
    if (answered) forget(kept);
  }

  /** An adult deleted `child`: its kept faces go with its data. */
  forgetChild(child) {
    writeKept(readKept().filter((k) => k.child !== child));
  }

  /** After each hello (a reconnect, a reload, the child chosen again): the child's kept faces, once
   * more, oldest first (the server answers a face it already has as stored, so nothing is counted
   * twice; one it can no longer take is refused, and forgotten). Other children's faces wait for
   * their own hello. */
  async sendKept() {
    const child = this.childID();
    if (!child) return;
    for (const kept of readKept().filter((k) => k.child === child)) {
      if (this.childID() !== child) return;  // another child took the tablet meanwhile
      await this.send({ face: kept.face, lesson: kept.lesson }, child);
    }
  }

  finish(n) {
    if (!this.resolve) return;
    this.overlay.classList.add("hidden");
    const resolve = this.resolve;
    this.resolve = null;
    if (n === null) stopSpeaking("prompt");
    resolve(n);
  }

  /** Leaving Schule closes it unanswered. */
  close() { this.finish(null); }
}
