// Plays one spoken line: its pre-rendered clip through Web Audio when there is one, the browser's
// German speechSynthesis voice for text without a clip, or nothing audible (sound off, no voice).
// Each play is logged (audio-log.js) and returns a handle whose `done` resolves when the line has
// been heard to its end or was stopped.

import { audioContext, onUnlock } from "./audio-context.js";
import { logStart, logFinish } from "./audio-log.js";
import { loadManifest, clipURL } from "./clip-manifest.js";
import { feedbackSettings } from "./feedback-settings.js";

const buffers = new Map();

function buffer(entry) {
  if (!buffers.has(entry.file)) {
    buffers.set(entry.file, fetch(clipURL(entry))
      .then((r) => { if (!r.ok) throw new Error(`clip ${entry.file}: ${r.status}`); return r.arrayBuffer(); })
      // The callback form: older Safari's decodeAudioData returns no promise.
      .then((data) => new Promise((resolve, reject) => audioContext().decodeAudioData(data, resolve, reject)))
      .catch((error) => { buffers.delete(entry.file); throw error; }));
  }
  return buffers.get(entry.file);
}

/** Fetches and decodes a line's clip ahead of time, so it starts without delay. */
export async function preload(key) {
  const entry = (await loadManifest()).lines[key];
  if (entry && audioContext()) buffer(entry).catch(() => {});
}

/** Plays a line; `muted` logs and times it without sound (the child's sound is off). */
export async function playLine({ key, text }, { muted = false } = {}) {
  const entry = key ? (await loadManifest()).lines[key] : undefined;
  const rate = feedbackSettings.speechRate;
  if (muted) return silent({ key, text, source: "muted", clipDuration: entry ? entry.duration * 1000 / rate : null });
  // Slower speech: an <audio> element keeps the voice's pitch at another rate (Web Audio would
  // not); where the browser refuses it, Web Audio says the line slower and a little lower.
  if (entry && rate !== 1) {
    const slow = await playSlowly(key, text, entry, rate);
    if (slow) return slow;
  }
  if (entry && audioContext()) {
    try {
      return playClip(key, text, entry, await buffer(entry), rate);
    } catch (error) {
      console.warn("clip failed, falling back to the browser voice:", error);
    }
  }
  return speak({ key, text });
}

function playClip(key, text, entry, audio, rate = 1) {
  const ctx = audioContext();
  const source = ctx.createBufferSource();
  source.buffer = audio;
  source.playbackRate.value = rate;
  source.connect(ctx.destination);
  const record = logStart({ kind: "line", key, text, source: "clip", clipDuration: audio.duration * 1000,
    ...(rate !== 1 && { rate, pitchKept: false }) });
  let finish;
  const done = new Promise((resolve) => { finish = resolve; });
  // If the audio stops underneath us (iOS interrupts the context for a call), `ended` never comes:
  // a watchdog frees the queue so Feder does not fall silent for good.
  const watchdog = setTimeout(() => { record.stalled = true; handle.stop(); }, audio.duration * 1000 / rate + 1500);
  source.onended = () => { clearTimeout(watchdog); logFinish(record, { ended: !record.cut }); finish(record); };
  source.start();
  const handle = {
    record,
    done,
    stop() {
      clearTimeout(watchdog);
      if (record.finished) return;
      record.cut = true;
      logFinish(record, { cut: true });
      source.onended = null;
      try { source.stop(); } catch { /* already stopped */ }
      finish(record);
    },
  };
  return handle;
}

// One element for every slow line: iOS lets an <audio> element start later, outside a touch,
// only once it was started inside one, so it is primed when the first touch unlocks audio.
const slowVoice = new Audio();
slowVoice.preservesPitch = true;
slowVoice.webkitPreservesPitch = true;
let primeURL = null;
loadManifest().then((m) => { const e = m.lines["app.hello"] ?? Object.values(m.lines)[0]; if (e) primeURL = clipURL(e); }, () => {});
onUnlock(() => {
  if (slowVoice.src || !primeURL) return;
  slowVoice.src = primeURL;
  slowVoice.muted = true;
  slowVoice.play().then(() => { slowVoice.pause(); slowVoice.muted = false; }, () => { slowVoice.muted = false; });
});

/** Plays a clip slower with its pitch kept; resolves null when the browser will not start it. */
async function playSlowly(key, text, entry, rate) {
  slowVoice.onended = slowVoice.onerror = null;
  slowVoice.pause();
  slowVoice.muted = false;
  slowVoice.src = clipURL(entry);
  slowVoice.playbackRate = rate;
  try {
    await slowVoice.play();
  } catch {
    return null;
  }
  const record = logStart({ kind: "line", key, text, source: "clip", clipDuration: entry.duration * 1000, rate });
  let finish;
  const done = new Promise((resolve) => { finish = resolve; });
  const end = (how) => {
    clearTimeout(watchdog);
    slowVoice.onended = slowVoice.onerror = null;
    if (!record.finished) logFinish(record, how);
    finish(record);
  };
  // Playing: the line is heard from now; a stall frees the queue.
  const watchdog = setTimeout(() => { record.stalled = true; handle.stop(); }, (entry.duration / rate) * 1000 + 1500);
  slowVoice.onended = () => end({ ended: !record.cut });
  slowVoice.onerror = () => end({ cut: true });
  const handle = {
    record, done,
    stop() { if (record.finished) return; record.cut = true; slowVoice.pause(); end({ cut: true }); },
  };
  return handle;
}

// --- Fallback: the browser's own German voice -------------------------------------------------

let germanVoice = null;
function pickVoice() {
  // Only a voice on this device: a network voice would send what it says (a nickname) elsewhere.
  const voices = (window.speechSynthesis?.getVoices?.() ?? []).filter((v) => v.localService);
  germanVoice = voices.find((v) => v.lang?.toLowerCase().startsWith("de-at"))
    ?? voices.find((v) => v.lang?.toLowerCase().startsWith("de")) ?? null;
}
if (window.speechSynthesis) {
  pickVoice();
  window.speechSynthesis.addEventListener?.("voiceschanged", pickVoice);
}

function speak({ key, text }) {
  const synth = window.speechSynthesis;
  if (!synth || !germanVoice) return silent({ key, text, source: "none", clipDuration: null });
  const record = logStart({ kind: "line", key, text, source: "speech", clipDuration: null });
  let finish;
  const done = new Promise((resolve) => { finish = resolve; });
  const u = new SpeechSynthesisUtterance(text);
  u.voice = germanVoice;
  u.lang = germanVoice.lang;
  u.rate = 0.9 * feedbackSettings.speechRate;
  u.pitch = 1.05;
  const end = (ended) => { logFinish(record, { ended, cut: !ended }); finish(record); };
  u.onend = () => end(!record.cut);
  u.onerror = () => end(false);
  synth.speak(u);
  return {
    record,
    done,
    stop() { if (record.finished) return; record.cut = true; synth.cancel(); end(false); },
  };
}

/** A line that makes no sound: it still takes its time, so captions can be read in order. */
function silent({ key, text, source, clipDuration }) {
  const record = logStart({ kind: "line", key, text, source, clipDuration });
  const ms = clipDuration ?? Math.min(4000, 60 * text.length);
  let finish, timer;
  const done = new Promise((resolve) => { finish = resolve; });
  timer = setTimeout(() => { logFinish(record, { ended: true }); finish(record); }, ms);
  return {
    record,
    done,
    stop() { if (record.finished) return; clearTimeout(timer); logFinish(record, { cut: true }); finish(record); },
  };
}
