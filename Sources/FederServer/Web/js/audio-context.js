// The page's one Web Audio context. Browsers (Safari above all) start it suspended until the child
// first touches the screen or presses a key, so this module resumes it inside that gesture and tells
// everyone who waits for sound (the speech queue, the letter sound) when audio may start.

let ctx = null;
const unlockHooks = [];
let unlocked = false;
let release = null;
const unlockedPromise = new Promise((resolve) => { release = resolve; });

export function audioContext() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
    ctx.addEventListener?.("statechange", markIfRunning);
    markIfRunning();
  }
  return ctx;
}

function markIfRunning() {
  if (unlocked || ctx?.state !== "running") return;
  unlocked = true;
  unlockHooks.forEach((fn) => fn());
  release();
}

/** Resolves once audio may play (at once where the browser allows sound without a gesture). */
export function whenUnlocked() { return unlockedPromise; }
export function isUnlocked() { return unlocked; }
/** Called inside the unlocking gesture, e.g. to prime an <audio> element on iOS. */
export function onUnlock(fn) { if (unlocked) fn(); else unlockHooks.push(fn); }

function unlockFromGesture() {
  const a = audioContext();
  if (!a) return;
  if (a.state !== "running") a.resume().then(markIfRunning, () => {});
  // iOS only lets sound start from inside the gesture: a one-sample silent buffer opens it.
  const silence = a.createBufferSource();
  silence.buffer = a.createBuffer(1, 1, 22050);
  silence.connect(a.destination);
  silence.start(0);
  markIfRunning();
}

for (const type of ["pointerdown", "touchend", "keydown"]) {
  window.addEventListener(type, unlockFromGesture, { capture: true, passive: true });
}
// Back from another app (or a call), the context may have been interrupted: ask it to go on.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && ctx && ctx.state !== "running" && unlocked) ctx.resume().catch(() => {});
});
// Where no gesture is needed (desktop browsers that allow autoplay), start right away.
audioContext()?.resume?.().then(markIfRunning, () => {});
