// Requests of the adult pages: JSON in and out, the gate shown when the session is missing or has
// expired (then the request is made once more), refusals turned into German messages.

import { isSignedIn, openGate, signOutQuietly } from "./gate.js";

// A page restored from the browser's back-forward cache shows what it showed before without asking
// the server: after the session ended (signed out, or the child's app ended it) going back would
// show the class to whoever holds the tablet. Loaded again, it asks for the gate.
window.addEventListener("pageshow", (event) => { if (event.persisted) location.reload(); });

// A page left open after its session ended (an hour after sign-in, or signed out in another tab)
// went on showing the children's names and figures until someone touched it: it hides them and
// loads again, which asks for the gate. Checked every 15 s while it is seen, and when it is seen again;
// ten minutes without a touch or a key sign it out.
const SESSION_CHECK_MS = 15000;
// A page nobody has touched for this long signs out by itself: a parent called away leaves the
// tablet with the class on it, and the session would hold for the rest of its hour.
const IDLE_SIGN_OUT_MS = 10 * 60 * 1000;
let lastUsed = Date.now();
for (const kind of ["pointerdown", "keydown", "wheel", "touchstart"]) {
  window.addEventListener(kind, () => { lastUsed = Date.now(); }, { capture: true, passive: true });
}
async function hideWhenSignedOut() {
  const shown = document.body.dataset.loaded === "true" || document.body.dataset.ready === "true";
  if (!shown) return;
  if (Date.now() - lastUsed >= IDLE_SIGN_OUT_MS) {
    await signOutQuietly();
  } else if (document.visibilityState !== "visible") {
    return;
  } else {
    let signedIn;
    try { signedIn = await isSignedIn(); } catch { return; }  // the server unreachable: nothing to tell
    if (signedIn) return;
  }
  document.querySelectorAll("main, body > section").forEach((part) => { part.hidden = true; });
  location.reload();
}
setInterval(hideWhenSignedOut, SESSION_CHECK_MS);
document.addEventListener("visibilitychange", hideWhenSignedOut);

export class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

export async function api(path, { method = "GET", body } = {}, retried = false) {
  let response;
  try {
    response = await fetch(path, {
      method, credentials: "same-origin",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "offline", "Keine Verbindung zu Feder. Läuft der Rechner mit Feder noch?");
  }
  if (response.status === 401 && !retried) {
    if (await openGate()) return api(path, { method, body }, true);
    location.href = "/";
    throw new ApiError(401, "adult_only", "Nur für Erwachsene.");
  }
  const data = await response.json().catch(() => null);
  if (data?.error?.code === "class_code_required") {
    location.href = "/";  // the child's page asks for the class code first
    throw new ApiError(403, "class_code_required", data.error.message);
  }
  if (!response.ok) {
    const fallback = response.status >= 500 ? `Das hat nicht geklappt (Serverfehler ${response.status}). Bitte nochmals versuchen.`
      : `Fehler ${response.status}`;
    throw new ApiError(response.status, data?.error?.code ?? "error", data?.error?.message ?? fallback);
  }
  return data;
}

/// Runs an adult's action and writes what came of it into `status`: `done` (a message) when it
/// worked, the refusal in German, marked as an error, when it did not. Nothing fails in silence.
export async function report(status, work, done) {
  try {
    const result = await work();
    status.classList.remove("error");
    status.textContent = done ?? "";
    return result;
  } catch (error) {
    status.classList.add("error");
    status.textContent = error.message;
    return undefined;
  }
}

/// Signs out and returns to the child's app.
export async function signOut() {
  await fetch("/api/v1/adult/logout", { method: "POST", credentials: "same-origin" });
  location.href = "/";
}

export const LEVEL_NAMES = { seed: "noch nicht geübt", sprout: "begonnen", plant: "mit Stern geschafft", bud: "gelernt", flower: "sicher" };
export const LEVELS = ["seed", "sprout", "plant", "bud", "flower"];
export const PAPER_FACES = { 1: "noch nicht", 2: "fast", 3: "sicher" };
export const CONDITION_NAMES = { threePhase: "vier Phasen", guidedOnly: "nur Nachspuren", control: "Kontrolle" };
export const ARM_SOURCE_NAMES = { notEnrolled: "nicht aufgenommen", derived: "aus der Kennung", override: "von Hand gesetzt" };
export const OUTCOME_NAMES = { passed: "beendet", repeated: "wiederholt", restarted: "neu begonnen", abandoned: "verlassen" };
export const PHASE_NAMES = { observe: "Anschauen", direct: "Richtung lernen", guided: "Nachspuren", freeWrite: "Selbst schreiben" };
export const ERROR_NAMES = {
  mirrored: "gespiegelt", wrongStart: "falscher Anfang", reversed: "falsche Richtung", strokeOrder: "falsche Reihenfolge",
  joinedStrokes: "Striche verbunden", missingStroke: "Strich fehlt", missingJoin: "Verbindung fehlt",
  liftedTooEarly: "zu früh abgesetzt", joinHeight: "Verbindung zu hoch/tief", notCovered: "nicht ganz nachgefahren",
  leftCorridor: "von der Linie abgekommen", cornerCut: "Ecke abgerundet", overshoot: "über das Ende hinaus",
  tooBig: "zu groß", tooSmall: "zu klein", offLines: "nicht auf den Linien", extraStroke: "zusätzlicher Strich",
  wrongDot: "falscher Startpunkt getippt", anotherLetter: "anderer Buchstabe",
};
export const ANIMAL_NAMES = {
  fuchs: "Fuchs", igel: "Igel", hase: "Hase", baer: "Bär", katze: "Katze", eule: "Eule", maus: "Maus", frosch: "Frosch",
  pinguin: "Pinguin", loewe: "Löwe", elefant: "Elefant", schildkroete: "Schildkröte",
};
export const COLOUR_NAMES = { rot: "rot", orange: "orange", gelb: "gelb", gruen: "grün", blau: "blau", lila: "lila" };
/// How a child is named on the adult pages: the nickname, else the avatar ("Fuchs, rot").
export const childLabel = (c) => c.name || `${ANIMAL_NAMES[c.animal] ?? c.animal}, ${COLOUR_NAMES[c.colour] ?? c.colour}`;
export const percent = (v) => (v === null || v === undefined ? "–" : `${Math.round(v * 100)} %`);
export const minutes = (s) => `${(s / 60).toFixed(1).replace(".", ",")} min`;
