// What Feder says, in order: each line is heard to its end before the next starts. The lines of one
// server reply form a group ("Super gemacht!", a tip, the next prompt); "Nochmal hören" repeats the
// last group. A reply that starts a new phase, or leaving the letter, makes older lines obsolete and
// clears them explicitly. A group may belong to a scope ("lesson", "werkstatt"): clearing a scope
// drops only its lines, so the name of the world a child just tapped is still heard whole while
// that world begins. Speaking never blocks drawing: nothing here is awaited by input code.
// A page hidden mid-line (the iPad locked, another app) loses the line — its audio stops, its
// watchdog ends it —: the line is said again from its start once the page is seen again, and
// nothing more is played while it is hidden.

import { playLine, preload } from "./clip-player.js";
import { whenUnlocked } from "./audio-context.js";
import { feedbackSettings } from "./feedback-settings.js";
import { captions } from "./captions.js";

class SpeechQueue {
  constructor() {
    this.pending = [];
    this.current = null;
    this.lastGroup = [];
    this.lastScope = null;
    this.loading = null;
    this.running = false;
    this.generation = 0;
    // Counts the times the page was hidden, so a line knows whether it was interrupted.
    this.hidings = 0;
    this.visibleWaiters = [];
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") { this.hidings += 1; return; }
      const waiters = this.visibleWaiters;
      this.visibleWaiters = [];
      waiters.forEach((resolve) => resolve());
    });
  }

  /** Resolves when the page is seen (at once when it is). */
  whenVisible() {
    if (document.visibilityState !== "hidden") return Promise.resolve();
    return new Promise((resolve) => this.visibleWaiters.push(resolve));
  }

  /** The `say` events of one lesson reply, as one group; a new phase first clears the lesson's
   * older lines. */
  hearReply(events) {
    const lines = events.filter((e) => e.kind === "say").map(({ key, text }) => ({ key, text }));
    if (events.some((e) => e.kind === "phaseStarted")) this.clear("lesson");
    if (lines.length) this.speakGroup(lines, "lesson");
  }

  /** Queues lines after whatever is still being said; `scope` names who may clear them. */
  speakGroup(lines, scope = null) {
    this.lastGroup = lines;
    this.lastScope = scope;
    document.body.dataset.said = lines[lines.length - 1].text;
    lines.forEach((line) => preload(line.key));
    this.pending.push(...lines.map((line) => ({ ...line, scope })));
    this.pump();
  }

  /** Stops the line being said and forgets the ones waiting: all of them, or those of `scope`. */
  clear(scope) {
    const mine = (line) => scope === undefined || line?.scope === scope;
    if (mine(this.loading)) this.generation += 1;
    this.pending = this.pending.filter((line) => !mine(line));
    if (this.current && mine(this.current.line)) {
      this.current.stop();
      this.current = null;
    }
  }

  /** "Nochmal hören": the last group again, from its first line. */
  replay() {
    if (!this.lastGroup.length) return;
    const [group, scope] = [this.lastGroup, this.lastScope];
    this.clear();
    this.speakGroup(group, scope);
  }

  get busy() { return this.running; }

  /** Resolves once nothing is being said and nothing waits (at once when quiet already). */
  whenQuiet() {
    if (!this.running && !this.pending.length) return Promise.resolve();
    return new Promise((resolve) => (this.quietWaiters ??= []).push(resolve));
  }

  async pump() {
    if (this.running) return;
    this.running = true;
    document.body.dataset.speaking = "true";
    try {
      while (this.pending.length) {
        // Sound needs the first touch; silent lines (sound off) only show their captions.
        if (feedbackSettings.sound) await whenUnlocked();
        await this.whenVisible();
        if (!this.pending.length) break;
        const generation = this.generation;
        const line = this.pending.shift();
        const hidings = this.hidings;
        this.loading = line;
        captions.show(line.text);
        const playing = await playLine(line, { muted: !feedbackSettings.sound });
        this.loading = null;
        if (generation !== this.generation) { playing.stop(); continue; }
        this.current = { line, stop: () => playing.stop() };
        await playing.done;
        const stillMine = this.current?.line === line;
        if (stillMine) this.current = null;
        // Hidden while it played, and not cleared meanwhile: heard again, once, when seen again.
        if (stillMine && this.hidings !== hidings && generation === this.generation && !line.again) {
          this.pending.unshift({ ...line, again: true });
        }
      }
    } finally {
      this.running = false;
      document.body.dataset.speaking = "false";
      captions.idle();
      const waiters = this.quietWaiters ?? [];
      this.quietWaiters = [];
      waiters.forEach((resolve) => resolve());
    }
  }
}

export const speech = new SpeechQueue();
