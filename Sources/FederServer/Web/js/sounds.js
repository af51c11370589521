// Small synthesised sounds and haptics: a tick per checkpoint, a chime per stroke, a fanfare per
// letter. Web Audio only starts after a user gesture, which the first pen-down provides.

let ctx = null;

function audio() {
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    ctx = new AC();
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

function tone(freq, start, duration, gain = 0.08, type = "sine") {
  const a = audio();
  if (!a) return;
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
  if (navigator.vibrate) navigator.vibrate(pattern);
}

export const sounds = {
  enabled: true,
  unlock() { audio(); },
  tick() { if (this.enabled) tone(1320, 0, 0.06, 0.05); buzz(8); },
  /** A gentle, low "not yet": never a buzzer. */
  soft() { if (this.enabled) tone(330, 0, 0.18, 0.05, "sine"); buzz(20); },
  stroke() { if (this.enabled) { tone(660, 0, 0.12); tone(990, 0.09, 0.16); } buzz([15, 40, 10]); },
  letter() {
    if (this.enabled) [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.11, 0.25, 0.09, "triangle"));
    buzz([30, 50, 30, 50, 60]);
  },
};
