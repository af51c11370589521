// One letter's lesson on the page: the server runs the four phases (watch, tap the dots, trace,
// write alone) and sends what to show and say; this view shows it, passes on taps and pen input,
// draws ink at once, and never judges anything itself.

import { speech } from "./speech-queue.js";
import { letterSound } from "./letter-sound.js";
import { feedbackSettings } from "./feedback-settings.js";
import { sounds } from "./sounds.js";
import { GuideAnimation } from "./guide-animation.js";
import { lessonKeep } from "./lesson-keep.js";

// Pen samples go to the server in batches, one `move` every few animation frames: each message costs
// the server far more than the samples in it (docs/PERFORMANCE.md). The ink is drawn here at once;
// what comes back — checkpoints and the line's colour while tracing — then follows the pen within
// two frames (about 33 ms plus the round trip, under the 50 ms at which writers notice ink lag,
// research/peers.md §7). Writing alone gets no live feedback, so its batches can be longer.
const FRAMES_PER_MOVE = { guided: 2, freeWrite: 6 };
// Watching cannot be tapped away in its first moments: a double tap's second tap lands there.
const OBSERVE_TAP_GRACE_MS = 600;
// The same dot tapped again within this time is the second tap of a double tap.
const REPEATED_DOT_TAP_MS = 700;
// Writing alone is judged once the pen has rested for the server's quiet time (2 s; 4 s while the
// ink has fewer strokes than the letter, so that a child may think before an A's bar): from this long
// after a pen-up the paper shows that Feder is looking, so that the child does not wait with no
// response (a shorter pause is one between strokes); with strokes to come, only in the last second.
const LOOKING_AFTER_MS = 700;
const LOOKING_WITH_STROKES_TO_COME_MS = 3000;

export class LessonView {
  constructor({ connection, viewport, guides, ink, progressFill, phaseDots, starsPill, writer = () => null }) {
    Object.assign(this, { connection, viewport, guides, ink, progressFill, phaseDots, starsPill, writer });
    this.glyph = null;
    this.phase = null;
    this.display = null;
    this.phases = [];
    this.queue = [];
    this.flushScheduled = false;
    this.flushGeneration = 0;
    this.penDown = false;
    this.full = false;
    // From a lost connection until the server says what it kept (`resumed`): pen input is drawn and
    // kept in the ink, not sent, so that no stroke reaches the server twice or out of order.
    this.suspended = false;
    this.activeStroke = 0;
    this.listeners = { finished: [], progress: [] };
    this.lessonID = null;
    this.attempt = 1;
    this.resuming = false;
    // Added to the pen's times after a reload (the page's clock began again at zero): later
    // strokes follow the kept ones, with the real pause between.
    this.timeShift = 0;
    this.animation = new GuideAnimation(guides, () => this.connection.send("observed"),
      () => { if (!speech.busy) letterSound.guideStroke(); });
    connection.onMessage((m) => this.onServerMessage(m));
    connection.onState((status) => {
      if (status !== "closed") return;
      this.suspended = true;
      this.dropQueued();
    });
  }

  on(name, fn) { this.listeners[name].push(fn); }

  /** Starts a letter; without `char` the server's scheduler picks it. Returns the `started` reply. */
  async start(char, script = "druck", variant, { word } = {}) {
    this.animation.stop();
    this.stopLooking();
    this.resuming = false;
    this.suspended = false;
    // The last letter's lines are obsolete; a line said before it (the world's name) is still heard.
    speech.clear("lesson");
    letterSound.stop();
    setBody({ state: "loading" });
    const body = word ? { word, script } : char ? { glyph: char, script, ...(variant ? { variant } : {}) } : { next: true };
    // Until `started`: a letter in progress ends first, in frames of its own.
    const untilStarted = Object.assign((m) => m.type === "started", { goesOn: (m) => m.code === "storage_failed" });
    const replies = await this.connection.requestUntil("start", body, untilStarted);
    const started = replies.find((r) => r.type === "started");
    if (!started) throw new Error(replies.find((r) => r.type === "error")?.message ?? "no glyph");
    return started;
  }

  /** After a lost connection: the lesson goes on in the phase it was in. The server says how many
   * strokes of the attempt it kept; the page sends the rest from its own ink. */
  async resume() {
    if (!this.lessonID || !this.glyph || document.body.dataset.state === "done") {
      this.suspended = false;
      return false;
    }
    this.resuming = { phase: this.phase, attempt: this.attempt };
    try {
      // A word lesson (`variant` "word", `char` the word) is named as a word again.
      const target = this.glyph.variant === "word" ? { word: this.glyph.char }
        : { glyph: this.glyph.char, ...(this.glyph.variant ? { variant: this.glyph.variant } : {}) };
      const replies = await this.connection.requestUntil("start", {
        ...target, script: this.glyph.script,
        resume: { lesson: this.lessonID, phase: this.phase, attempt: this.attempt },
      }, (m) => m.type === "resumed");
      if (replies.some((r) => r.type === "resumed")) return true;
      this.resuming = false;
      this.suspended = false;
      // The letter ended while the page was away (its end was lost with the connection).
      return replies.some((r) => r.type === "error" && r.code === "letter_finished") ? "finished" : false;
    } catch (error) {
      console.warn("resume failed", error);
      this.resuming = false;
      this.suspended = false;
      return false;
    }
  }

  /** After a reload mid-letter: the kept letter and its ink come back; goes on as `resume`. */
  async resumeKept(kept) {
    this.lessonID = kept.lesson;
    this.glyph = { char: kept.glyph.char, script: kept.glyph.script, variant: kept.glyph.variant };
    this.phase = kept.phase;
    this.attempt = kept.attempt;
    this.penDown = false;
    this.dropQueued();
    this.ink.strokes = kept.strokes.map((stroke) => ({ pointer: stroke.pointer, samples: stroke.samples }));
    // The last kept sample's time stands for the wall-clock time it was written (`lastWall`).
    const lastT = kept.lastT ?? kept.strokes.at(-1)?.samples.at(-1)?.[2];
    this.timeShift = lastT === undefined ? 0 : Math.max(0, lastT + (Date.now() - (kept.lastWall ?? kept.keptAt)) / 1000 - performance.now() / 1000);
    document.body.dataset.glyph = kept.glyph.char;
    setBody({ state: "loading" });
    // Until the letter is laid out again the paper maps no pen: nothing is taken, no tap skips watching.
    this.restoring = true;
    try { return await this.resume(); } finally { this.restoring = false; }
  }

  /** Keeps the letter in progress on the tablet, for a reload or a reopened app (`lessonKeep`). */
  keep() {
    if (!this.lessonID || !this.glyph || !this.phase || document.body.dataset.state === "done") return;
    const { char, script, variant } = this.glyph;
    const strokes = this.penDown ? this.ink.strokes.slice(0, -1) : this.ink.strokes;
    const lastT = strokes.at(-1)?.samples.at(-1)?.[2];
    this.keptFor = this.writer();
    lessonKeep.keep({
      child: this.keptFor, lesson: this.lessonID, glyph: { char, script, variant }, phase: this.phase,
      attempt: this.attempt, strokes, lastT,
      lastWall: lastT === undefined ? null : Date.now() - performance.now() + (lastT - this.timeShift) * 1000,
    });
  }

  /** The child left the lesson's screen: the letter ends on the server (recorded as left, not
   * finished), and nothing of it goes on moving or sounding. */
  leave() {
    this.stopLooking();
    lessonKeep.forget(this.keptFor ?? this.writer(), this.lessonID);
    if (!this.lessonID) return;
    this.animation.stop();
    letterSound.stop();
    this.penDown = false;
    this.dropQueued();
    if (document.body.dataset.state !== "done") {
      speech.clear("lesson");
      this.connection.send("end");
    }
    this.lessonID = null;
  }

  dropQueued() {
    this.queue.length = 0;
    this.flushScheduled = false;
    this.flushGeneration++;
  }

  /** Sends the strokes the server does not have yet, then the stroke in progress, if any. */
  sendKeptStrokes(from) {
    const strokes = this.ink.strokes;
    strokes.forEach((stroke, i) => {
      if (i < from) return;
      const inProgress = this.penDown && i === strokes.length - 1;
      const samples = stroke.samples;
      this.connection.send("down", { pointer: stroke.pointer, sample: samples[0] });
      const rest = inProgress ? samples.slice(1) : samples.slice(1, -1);
      for (let k = 0; k < rest.length; k += 256) this.connection.send("move", { samples: rest.slice(k, k + 256) });
      if (!inProgress) this.connection.send("up", samples.length > 1 ? { sample: samples[samples.length - 1] } : {});
    });
  }

  layout() {
    if (!this.glyph || !this.display) return;
    const box = this.viewport.fit(this.glyph, this.display.letterScale ?? 1);
    this.guides.draw(this.glyph, box, this.display);
    this.guides.setActive(this.phase === "direct" ? -1 : this.activeStroke);
    this.ink.resize();
    if (this.display.guideDot) this.animation.start();
  }

  // --- Input (from PenInput) -------------------------------------------------------------------

  shifted(sample) {
    if (!this.timeShift) return sample;
    const moved = sample.slice();
    moved[2] = Math.round((sample[2] + this.timeShift) * 10000) / 10000;
    return moved;
  }

  down(sample, pointer) {
    if (!this.glyph || this.restoring) return;
    this.stopLooking();
    sample = this.shifted(sample);
    sounds.unlock();
    if (this.phase === "observe" || this.phase === "direct") {
      this.tap(sample[0], sample[1]);
      return;
    }
    if (this.phase !== "guided" && this.phase !== "freeWrite") return;
    this.penDown = true;
    if (this.phase === "guided") letterSound.penDown(sample);
    this.ink.begin(sample, pointer);
    setBody({ state: "writing" });
    if (!this.suspended) this.connection.send("down", { pointer, sample });
  }

  move(samples) {
    if (!this.penDown) return;
    if (this.timeShift) samples = samples.map((sample) => this.shifted(sample));
    this.ink.extend(samples);
    // A spoken tip is heard whole: the letter's sound waits while a line is said.
    if (speech.busy) letterSound.pause(); else letterSound.penMove(samples);
    if (this.suspended) return;
    this.queue.push(...samples);
    if (!this.flushScheduled) this.scheduleFlush(FRAMES_PER_MOVE[this.phase] ?? 1);
  }

  /** Sends the queued samples after `frames` animation frames (a pen-up sends them at once). */
  scheduleFlush(frames) {
    this.flushScheduled = true;
    const generation = ++this.flushGeneration;
    let left = frames;
    const tick = () => {
      if (generation !== this.flushGeneration) return; // flushed meanwhile
      if (--left > 0) requestAnimationFrame(tick); else this.flush();
    };
    requestAnimationFrame(tick);
  }

  up(sample) {
    if (!this.penDown) return;
    this.penDown = false;
    if (sample) sample = this.shifted(sample);
    letterSound.penUp();
    if (!this.suspended) {
      this.flush();
      this.connection.send("up", { sample });
      if (this.phase === "freeWrite") this.lookSoon();
    }
    this.keep();
  }

  /** After a pen-up in free writing: the paper glows softly until the server answers or the pen
   * comes back (`body[data-looking]`). */
  lookSoon() {
    this.stopLooking();
    const toCome = this.ink.strokes.length < (this.glyph?.strokes?.length ?? 0);
    this.lookingTimer = setTimeout(() => { document.body.dataset.looking = "true"; },
      toCome ? LOOKING_WITH_STROKES_TO_COME_MS : LOOKING_AFTER_MS);
  }

  stopLooking() {
    clearTimeout(this.lookingTimer);
    delete document.body.dataset.looking;
  }

  flush() {
    this.flushScheduled = false;
    this.flushGeneration++;
    while (this.queue.length) this.connection.send("move", { samples: this.queue.splice(0, 256) });
  }

  tap(x, y) {
    const now = performance.now();
    // A tap that lands as watching begins is the second of a double tap that started the letter
    // (on Weiter, a picker letter, the Schule picture): it must not skip the demonstration.
    if (this.phase === "observe" && now - this.phaseShownAt < OBSERVE_TAP_GRACE_MS) return;
    const dot = this.phase === "direct" ? this.guides.dotAt(x, y) : null;
    // A dot tapped twice in a row (children double-tap) is one tap, not a wrong second one.
    if (dot !== null && this.lastDotTap?.dot === dot && now - this.lastDotTap.at < REPEATED_DOT_TAP_MS) return;
    if (dot !== null) this.lastDotTap = { dot, at: now };
    this.connection.send("tap", dot === null ? { point: [x, y] } : { dot });
  }

  restart() {
    this.connection.send("restart");
  }

  /** Two fingers swiped across the paper: the letter's name instead of its sound, or back. */
  swipe() {
    sounds.unlock();
    if (this.penDown) return;
    letterSound.switchVariant();
  }

  beginAgainWhenFull() {
    if (this.full) return; // the moves already on their way are refused too: one restart
    this.full = true;
    this.penDown = false; // the rest of this stroke is not sent; the next pen-down writes again
    this.dropQueued();
    letterSound.penUp();
    document.body.dataset.full = String(Number(document.body.dataset.full || 0) + 1);
    this.restart();
  }

  // --- Server events ---------------------------------------------------------------------------

  onServerMessage(message) {
    // "started" arrives just before the first phase's events: take the glyph from it at once.
    if (message.type === "hello") {
      feedbackSettings.apply(message.profile);
    } else if (message.type === "started") {
      // Adults' changes since hello apply from this letter on.
      if (message.profile) {
        feedbackSettings.apply(message.profile);
        document.body.dataset.hand = message.profile.handedness ?? "right";
      }
      this.glyph = message.glyph;
      letterSound.setLetter(this.glyph.char);
      this.phases = message.phases;
      this.lessonID = message.lesson ?? null;
      if (this.resuming) return;
      document.body.dataset.glyph = this.glyph.char;
      // Counters of the whole letter, reset for a new one.
      for (const key of ["stored", "letterStars", "stars", "mistakes", "lastMistake", "guidedStored", "traced"]) delete document.body.dataset[key];
      document.body.dataset.checkpoints = "0";
      this.paintStars(0); // the last letter's stars are not this one's
    } else if (message.type === "events") {
      speech.hearReply(message.events); // every line of the reply, in order, as one group
      for (const event of message.events) this.apply(event);
    } else if (message.type === "resumed") {
      const same = this.resuming && this.resuming.phase === message.phase && this.resuming.attempt === message.attempt;
      this.resuming = false;
      this.suspended = false;
      this.dropQueued(); // what was queued is in the ink, which is sent from here
      if (same) {
        if (message.traced) this.showTraced(message.traced);
        // Direct: the dots tapped before the cut stay done; the child goes on with the next one.
        for (let dot = 0; dot < (message.dots ?? 0); dot++) this.guides.markDot(dot, "done");
        this.sendKeptStrokes(message.strokes);
      }
      this.keep();
      document.body.dataset.resumed = String(Number(document.body.dataset.resumed || 0) + 1);
    } else if (message.type === "progress") {
      this.listeners.progress.forEach((fn) => fn(message.progress));
    } else if (message.type === "stored") {
      document.body.dataset.stored = String(Number(document.body.dataset.stored || 0) + 1);
      delete document.body.dataset.storage; // the store works (again)
      if (message.phase === "guided" && message.completed) document.body.dataset.guidedStored = "completed";
    } else if (message.type === "error") {
      console.warn("server:", message.code, message.message);
      // The lesson goes on (the server keeps what it could not write and tries again); a small
      // dot in the corner tells the teacher, nothing interrupts the child.
      if (message.code === "storage_failed") document.body.dataset.storage = "failing";
      // The attempt holds all the ink it may (minutes of writing without lifting, or scribbling):
      // this stroke ends here and the phase begins again, with its prompt, rather than the pen
      // writing on without an answer.
      if (message.code === "session_full") this.beginAgainWhenFull();
    }
  }

  apply(event) {
    const body = document.body;
    if (event.kind !== "proximity") this.stopLooking();  // the server answered: praise, a tip, the next phase
    switch (event.kind) {
      case "phaseStarted":
        this.enterPhase(event);
        break;
      case "checkpoint":
        this.guides.checkpointReached(event.stroke, event.index);
        body.dataset.checkpoints = String(Number(body.dataset.checkpoints || 0) + 1);
        this.setProgress(event.progress);
        if (this.display?.feedback !== "none") sounds.tick();
        break;
      case "strokeDone":
        this.guides.strokeDone(event.stroke);
        this.activeStroke = event.stroke + 1;
        this.guides.setActive(this.activeStroke);
        body.dataset.strokesDone = String(this.activeStroke);
        sounds.stroke();
        break;
      case "proximity":
        body.dataset.proximity = event.value;
        this.guides.setPulse(this.activeStroke, event.value === "off");
        break;
      case "letterDone":
        body.dataset.traced = "true";
        break;
      case "dotTapped":
        if (event.correct) {
          this.guides.markDot(event.dot, "done");
          this.guides.flashArrow(event.dot);
          sounds.tick();
        } else {
          this.guides.markDot(event.expected, "pulse");
          sounds.soft();
        }
        break;
      case "tapMissed":
        sounds.soft();
        break;
      case "mistake":
        this.guides.markMistake(event);
        body.dataset.mistakes = String(Number(body.dataset.mistakes || 0) + 1);
        body.dataset.lastMistake = event.code;
        sounds.mistake();
        break;
      case "stars":
        this.showStars(event.count);
        sounds.stars(event.count);
        break;
      case "letterFinished":
        lessonKeep.forget(this.keptFor ?? this.writer(), this.lessonID);
        this.animation.stop();
        if (event.completed) this.phaseDots.querySelectorAll("span").forEach((dot) => { dot.className = "done"; });
        setBody({ state: "done", letterStars: String(event.stars) });
        sounds.letter();
        this.listeners.finished.forEach((fn) => fn(event));
        break;
    }
  }

  enterPhase({ phase, attempt, display }) {
    this.animation.stop();
    // Resuming the same attempt keeps the ink; the strokes the server lacks are sent next.
    const keepInk = this.resuming && this.resuming.phase === phase && this.resuming.attempt === attempt;
    letterSound.stop();
    this.full = false;
    this.phase = phase;
    this.phaseShownAt = performance.now();
    this.lastDotTap = null;
    this.attempt = attempt;
    this.display = display;
    this.activeStroke = 0;
    if (!keepInk) this.ink.fadeOut();
    this.guides.reset();
    this.setProgress(0);
    setBody({ phase, attempt: String(attempt), state: "ready" });
    this.layout();
    this.phaseDots.replaceChildren(...this.phases.map((p, i) => {
      const dot = document.createElement("span");
      const here = this.phases.indexOf(phase);
      dot.className = i < here ? "done" : i === here ? "current" : "";
      return dot;
    }));
    if (!this.resuming) this.keep();
  }

  /** A resumed attempt of tracing: how far the strokes the server holds traced the letter. */
  showTraced({ stroke, checkpoint, progress }) {
    const strokes = this.glyph?.strokes ?? [];
    strokes.forEach((s, i) => {
      if (i > stroke) return;
      const reached = i < stroke ? s.checkpoints.length : Math.min(checkpoint, s.checkpoints.length);
      for (let k = 0; k < reached; k++) this.guides.checkpointReached(i, k);
      if (i < stroke) this.guides.strokeDone(i);
    });
    this.activeStroke = stroke;
    this.guides.setActive(stroke);
    document.body.dataset.strokesDone = String(stroke);
    this.setProgress(progress);
  }

  showStars(count) {
    this.paintStars(count);
    document.body.dataset.stars = String(count);
  }

  paintStars(count) {
    this.starsPill.querySelectorAll(".icon").forEach((icon, i) => {
      icon.classList.toggle("empty", i >= count);
      icon.classList.toggle("earned", i < count);
    });
  }

  setProgress(value) {
    this.progressFill.style.width = `${Math.round(value * 100)}%`;
    document.body.dataset.progress = String(value);
  }
}

function setBody(values) {
  for (const [k, v] of Object.entries(values)) document.body.dataset[k] = v;
}
