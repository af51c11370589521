// Plays one spoken line: its pre-rendered clip through Web Audio when there is one, the browser's
// German speechSynthesis voice for text without a clip, or nothing audible (sound off, no voice).
// Each play is logged (audio-log.js) and returns a handle whose `done` resolves when the line has
// been heard to its end or was stopped.

import { audioContext } from "./audio-context.js";
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
  if (muted) return silent({ key, text, source: "muted", clipDuration: entry ? entry.duration * 1000 : null });
  // Slower speech: an <audio> element keeps the voice's pitch at another rate (Web Audio would not).
  if (entry && feedbackSettings.speechRate !== 1) return playSlowly(key, text, entry, feedbackSettings.speechRate);
  if (entry && audioContext()) {
    try {
      return playClip(key, text, entry, await buffer(entry));
    } catch (error) {
      console.warn("clip failed, falling back to the browser voice:", error);
    }
  }
  return speak({ key, text });
}

function playClip(key, text, entry, audio) {
  const ctx = audioContext();
  const source = ctx.createBufferSource();
  source.buffer = audio;
  source.connect(ctx.destination);
  const record = logStart({ kind: "line", key, text, source: "clip", clipDuration: audio.duration * 1000 });
  let finish;
  const done = new Promise((resolve) => { finish = resolve; });
  // If the audio stops underneath us (iOS interrupts the context for a call), `ended` never comes:
  // a watchdog frees the queue so Feder does not fall silent for good.
  const watchdog = setTimeout(() => { record.stalled = true; handle.stop(); }, audio.duration * 1000 + 1500);
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

function playSlowly(key, text, entry, rate) {
  const audio = new Audio(clipURL(entry));
  audio.preservesPitch = true;
  audio.playbackRate = rate;
  const record = logStart({ kind: "line", key, text, source: "clip", clipDuration: entry.duration * 1000, rate });
  let finish;
  const done = new Promise((resolve) => { finish = resolve; });
  const end = (how) => { clearTimeout(watchdog); if (!record.finished) logFinish(record, how); finish(record); };
  const watchdog = setTimeout(() => { record.stalled = true; handle.stop(); }, (entry.duration / rate) * 1000 + 3000);
  audio.onended = () => end({ ended: !record.cut });
  audio.onerror = () => end({ cut: true });
  audio.play().catch(() => end({ cut: true }));
  const handle = { record, done, stop() { record.cut = true; audio.pause(); end({ cut: true }); } };
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
