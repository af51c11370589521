// Onboarding's demo: the four phases of learning a letter, each shown once on an L and said in one
// short line (brief §8: "one short demo per phase"). Watch: a dot runs along the letter. Direction:
// the start dots are tapped in turn. Trace: green ink follows the letter. Alone: the letter is gone
// and the ink writes it. Each step lasts until its line is heard and its picture has played; an arrow
// skips the rest. Nothing here is judged or stored.

import { voice } from "../voice.js";

export const DEMO_LINES = {
  observe: { key: "onboarding.demo.observe", text: "So lernst du einen Buchstaben. Zuerst schaust du zu." },
  direct: { key: "onboarding.demo.direct", text: "Dann tippst du die Punkte der Reihe nach an." },
  guided: { key: "onboarding.demo.guided", text: "Dann fährst du den Buchstaben nach." },
  freeWrite: { key: "onboarding.demo.freeWrite", text: "Zum Schluss schreibst du ihn ganz allein." },
};
export const DEMO_STEPS = ["observe", "direct", "guided", "freeWrite"];

// An L in the warm-up's 400 × 300 box: a stem down, then a bar to the right; its ruling.
const STEM = "M160 50 V250", BAR = "M160 250 H270";
const RULING = [50, 150, 250].map((y, i) => `<line x1="40" x2="360" y1="${y}" y2="${y}" class="demo-rule${i === 1 ? " middle" : ""}"/>`).join("");
const ghost = `<path d="${STEM}" class="demo-ghost"/><path d="${BAR}" class="demo-ghost"/>`;
const ink = (delay) => `<path d="${STEM}" pathLength="1" class="demo-ink" style="animation-delay:${delay}ms"/>` +
  `<path d="${BAR}" pathLength="1" class="demo-ink" style="animation-delay:${delay + 1100}ms"/>`;

const PICTURES = {
  observe: () => `${RULING}${ghost}<circle r="13" class="demo-dot"><animateMotion dur="2.4s" repeatCount="indefinite" path="${STEM} ${BAR.replace("M", "L")}"/></circle>`,
  direct: () => `${RULING}${ghost}<circle cx="160" cy="50" r="16" class="demo-start first"/><circle cx="160" cy="250" r="16" class="demo-start second"/>` +
    `<circle cx="160" cy="50" r="16" class="demo-tap first"/><circle cx="160" cy="250" r="16" class="demo-tap second"/>`,
  guided: () => `${RULING}${ghost}${ink(300)}`,
  freeWrite: () => `${RULING}${ink(300)}`,
};

/** The shortest time a step's picture stays, so that its animation is seen through. */
const PICTURE_MS = 3200;
/** The longest a step waits for its line: a voice that cannot play (no sound yet) holds nobody up. */
const LINE_MS = 9000;

export class PhaseDemo {
  constructor(svg) { this.svg = svg; }

  /** Plays the four steps; resolves when done or skipped (`skip()`). */
  async play() {
    this.skipped = false;
    for (const step of DEMO_STEPS) {
      if (this.skipped) break;
      document.body.dataset.demo = step;
      this.svg.innerHTML = PICTURES[step]();
      voice.sayAll([DEMO_LINES[step]], "prompt");
      const heard = Promise.race([voice.whenQuiet(), wait(LINE_MS)]);
      await Promise.race([Promise.all([heard, wait(PICTURE_MS)]), new Promise((r) => (this.onSkip = r))]);
    }
    document.body.dataset.demo = "";
    this.svg.innerHTML = "";
  }

  skip() {
    this.skipped = true;
    voice.clear("prompt");
    this.onSkip?.();
  }
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
