// The letter's sound ("Mmm") following the writing: in observe it accompanies each stroke of the
// guide dot; in guided it plays while the pen moves, time-stretched to the pen's speed with the
// pitch kept (an <audio> element's playbackRate with preservesPitch), and pauses when the pen stops
// or a line is being said (lesson.js: a tip is heard whole).
// At the guide dot's pace the clip plays at its own speed: half the speed, twice as long.
// A two-finger swipe switches between the letter's sound ("Mmm") and its name ("Emm") for this
// page's letters; the new one is heard once at once.

import { loadManifest, clipURL } from "./clip-manifest.js";
import { onUnlock } from "./audio-context.js";
import { logStart, logFinish } from "./audio-log.js";
import { feedbackSettings } from "./feedback-settings.js";
import { GUIDE_SPEED } from "./guide-animation.js";

const MIN_RATE = 0.25;          // slower than this a stretched voice turns to gravel
const MAX_RATE = 3;
const STOPPED_MS = 120;         // no pen movement for this long: the sound pauses
const SPEED_WINDOW_S = 0.12;    // pen speed is measured over this much recent movement
const STILL_SPEED = 12;
const RATE_STEP = 0.08;         // the rate follows the pen in steps of 8 %         // glyph units per second below which the pen counts as resting

class LetterSound {
  constructor() {
    this.element = new Audio();
    this.element.preload = "auto";
    this.element.preservesPitch = true;
    this.element.webkitPreservesPitch = true;
    this.element.mozPreservesPitch = true;
    this.key = null;
    this.char = null;
    this.variant = "sound";     // or "name"
    this.record = null;
    this.wanted = false;        // we asked the element to play (it may take a moment to start)
    this.audibleSince = null;   // when it really started playing: the log counts only audible time
    this.recent = [];
    this.stillTimer = null;
    this.element.addEventListener("ended", () => this.finish({ ended: true }));
    this.element.addEventListener("playing", () => {
      if (this.wanted && this.audibleSince === null) this.audibleSince = performance.now();
    });
    // iOS: an <audio> element may only start later if it was started once inside a gesture.
    onUnlock(() => {
      if (!this.element.src) return;
      this.element.muted = true;
      this.element.play().then(() => { this.element.pause(); this.element.muted = false; }, () => { this.element.muted = false; });
    });
  }

  /** Picks the clip for a glyph character: its sound or its name (`variant`), whichever it has
   * (digits have only a name). */
  async setLetter(char) {
    this.stop();
    this.char = char;
    const manifest = await loadManifest();
    const keys = manifest.letters?.[char];
    const key = this.variant === "name" ? keys?.name ?? keys?.sound : keys?.sound ?? keys?.name;
    document.body.dataset.letterSound = this.variant;
    const entry = key ? manifest.lines[key] : null;
    this.key = entry ? key : null;
    if (entry) this.element.src = clipURL(entry);
    else this.element.removeAttribute("src");
  }

  /** The two-finger swipe: sound ⇄ name, heard once at its own pace. */
  async switchVariant() {
    this.variant = this.variant === "sound" ? "name" : "sound";
    if (this.char === null) return;
    await this.setLetter(this.char);
    this.begin("swipe");
    this.setRate(1);
    this.resume();
  }

  // --- observe: one sound per stroke of the guide dot -------------------------------------------

  /** The guide dot sets off along a stroke at GUIDE_SPEED: the clip plays at its own pace. */
  guideStroke() {
    this.begin("observe");
    this.setRate(1);
    this.resume();
  }

  // --- guided: the pen drives the sound ---------------------------------------------------------

  penDown(sample) {
    this.begin("guided");
    this.recent = [sample];
  }

  penMove(samples) {
    if (!this.record || this.record.finished) return;
    this.recent.push(...samples);
    const last = this.recent[this.recent.length - 1];
    while (this.recent.length > 2 && last[2] - this.recent[0][2] > SPEED_WINDOW_S) this.recent.shift();
    const speed = penSpeed(this.recent);
    clearTimeout(this.stillTimer);
    this.stillTimer = setTimeout(() => this.pause(), STOPPED_MS);
    if (speed === null) return;
    if (speed < STILL_SPEED) { this.pause(); return; }
    this.setRate(speed / GUIDE_SPEED);
    this.resume();
  }

  penUp() { this.stop(); }

  // --- shared -----------------------------------------------------------------------------------

  begin(phase) {
    this.stop();
    if (!this.key || !feedbackSettings.sound) return;
    this.element.currentTime = 0;
    this.record = logStart({ kind: "letterSound", key: this.key, phase, source: "clip", measuredByPlayer: true,
      clipDuration: this.element.duration * 1000 || null, rates: [], spans: [], preservesPitch: this.element.preservesPitch !== false });
  }

  setRate(rate) {
    const r = Math.min(MAX_RATE, Math.max(MIN_RATE, rate));
    // Every change of playbackRate restarts the browser's time-stretcher (a small gap): follow the
    // pen's speed, but not its jitter.
    if (Math.abs(r - this.element.playbackRate) >= RATE_STEP * this.element.playbackRate) this.element.playbackRate = r;
    if (this.record && !this.record.finished) this.record.rates.push(Math.round(this.element.playbackRate * 1000) / 1000);
  }

  resume() {
    if (!this.record || this.record.finished || this.wanted) return;
    this.wanted = true;
    this.element.play().catch(() => this.finish({ cut: true }));
  }

  pause() {
    if (!this.wanted) return;
    this.wanted = false;
    this.element.pause();
    this.closeAudibleSpan();
    this.record.pauses = (this.record.pauses ?? 0) + 1;
  }

  finish({ ended = false, cut = false }) {
    if (!this.record || this.record.finished) return;
    this.closeAudibleSpan();
    this.wanted = false;
    clearTimeout(this.stillTimer);
    logFinish(this.record, { ended, cut });
  }

  /** Adds the stretch heard since `playing` to the log entry: its length to `played`, its start and
   * end (performance.now() ms) to `spans`, so that a test can see what it was heard together with. */
  closeAudibleSpan() {
    if (this.audibleSince === null) return;
    const now = performance.now();
    this.record.played += now - this.audibleSince;
    this.record.spans.push([this.audibleSince, now]);
    this.audibleSince = null;
  }

  /** Silences the sound at once (pen up, new phase, new letter). */
  stop() {
    if (this.record && !this.record.finished) {
      this.element.pause();
      this.finish({ cut: true });
    }
    this.record = null;
  }
}

/** Glyph units per second over the samples ([x, y, t seconds, …]); null when too little time passed. */
function penSpeed(samples) {
  if (samples.length < 2) return null;
  const dt = samples[samples.length - 1][2] - samples[0][2];
  if (dt < 0.03) return null;
  let length = 0;
  for (let i = 1; i < samples.length; i++) {
    length += Math.hypot(samples[i][0] - samples[i - 1][0], samples[i][1] - samples[i - 1][1]);
  }
  return length / dt;
}

export const letterSound = new LetterSound();
