// Small synthesised sounds and haptics: a tick per checkpoint, a chime per stroke, a soft "not yet"
// for a wrong tap, a falling two-note sound for a mistake, one bell per star, a fanfare per letter.
// They play through the page's one audio context (unlocked by the first touch) and honour the
// child's sound setting; vibration, where the device has it, follows its own setting (haptics).

import { audioContext } from "./audio-context.js";
import { logStart, logFinish } from "./audio-log.js";
import { feedbackSettings } from "./feedback-settings.js";

function tone(freq, start, duration, gain = 0.08, type = "sine") {
  const a = audioContext();
  if (!a || a.state !== "running") return;
  const t0 = a.currentTime + start;
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = type;
  osc.frequency.value = freq;
  g.gain.setValueAtTime(0, t0);
  g.gain.linearRampToValueAtTime(gain, t0 + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + duration);
  osc.connect(g).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + duration + 0.02);
}

function buzz(pattern) {
  if (navigator.vibrate && feedbackSettings.haptics) navigator.vibrate(pattern);
}

/** Plays an effect (a list of tones) unless sound is off, and logs it as `fx.<name>`. */
function effect(name, notes, vibration) {
  buzz(vibration);
  if (!sounds.enabled || !feedbackSettings.sound) return;
  const record = logStart({ kind: "fx", key: `fx.${name}`, source: "synth" });
  notes.forEach(([f, at, d, g, type]) => tone(f, at, d, g, type));
  logFinish(record, { ended: true });
  record.played = Math.max(...notes.map(([, at, d]) => (at + d) * 1000));
}

export const sounds = {
  enabled: true,
  unlock() { audioContext()?.resume?.(); },
  tick() { effect("tick", [[1320, 0, 0.06, 0.05]], 8); },
  /** A gentle, low "not yet": never a buzzer. */
  soft() { effect("soft", [[330, 0, 0.18, 0.05]], 20); },
  /** A mistake seen at pen-up: two soft falling notes, distinct from the wrong-tap "soft". */
  mistake() { effect("mistake", [[494, 0, 0.16, 0.06, "triangle"], [370, 0.14, 0.26, 0.06, "triangle"]], [25, 60, 25]); },
  stroke() { effect("stroke", [[660, 0, 0.12], [990, 0.09, 0.16]], [15, 40, 10]); },
  /** One bright bell per star, rising. */
  stars(count) {
    if (count <= 0) return;
    const bells = [1047, 1319, 1568].slice(0, count);
    effect("stars", bells.map((f, i) => [f, i * 0.18, 0.5, 0.07, "sine"]), bells.flatMap(() => [20, 160]));
  },
  letter() {
    effect("letter", [523, 659, 784, 1047].map((f, i) => [f, i * 0.11, 0.25, 0.09, "triangle"]), [30, 50, 30, 50, 60]);
  },
};
