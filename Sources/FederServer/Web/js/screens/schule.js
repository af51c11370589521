// Schule: the scheduler's letters through their four phases. "Weiter" asks the server for the next
// letter; the picker offers free choice; the celebration is a picture that matches the stars; when
// today's round is done the jar says so, and the child may go on or go home.

import { Viewport } from "../viewport.js";
import { Guides } from "../guides.js";
import { InkCanvas } from "../ink-canvas.js";
import { PenInput } from "../pen.js";
import { LessonView } from "../lesson.js";
import { PaperTransfer } from "../paper-transfer.js";
import { voice } from "../voice.js";
import { icons, jar, sticker, stars } from "../pictures.js";
import { sayAll } from "../speak.js";
import { childPenOptions, go, onScreen, state } from "../state.js";

const $ = (id) => document.getElementById(id);

export class SchuleScreen {
  constructor(app) {
    this.app = app;
    const paper = $("paper");
    this.viewport = new Viewport(paper);
    $("stars-pill").innerHTML = stars(0); // three empty stars, filled as they are earned
    this.view = new LessonView({
      connection: app.connection, viewport: this.viewport, guides: new Guides($("guides")), ink: new InkCanvas($("ink"), this.viewport),
      progressFill: $("progress-fill"), phaseDots: $("phase-dots"), starsPill: $("stars-pill"),
      writer: () => state.childID,
    });
    new PenInput($("ink"), this.viewport, this.view, childPenOptions());
    this.progress = null;
    this.paper = new PaperTransfer(app.connection, () => state.childID);
    this.view.on("finished", ({ stars: count }) => this.celebrate(count));
    this.view.on("progress", (progress) => {
      this.progress = progress;
      sayAll(progress.say);
      document.body.dataset.jar = progress.jar >= 1 ? "full" : progress.jar > 0 ? "some" : "empty";
    });
    $("next-button").addEventListener("click", () => this.afterCelebration());
    $("round-more").addEventListener("click", () => { $("round-done").classList.add("hidden"); this.next(); });
    $("round-home").innerHTML = icons.home();
    $("round-home").addEventListener("click", () => $("round-done").classList.add("hidden"));
    $("replay").addEventListener("click", () => voice.repeat());
    $("restart").addEventListener("click", () => this.view.restart());
    $("letter-button").addEventListener("click", () => this.openPicker());
    $("picker-close").addEventListener("click", () => $("picker").classList.add("hidden"));
    // Leaving for another screen ends the letter (it is recorded as left), so that nothing of it
    // goes on: no guide animation, no prompt in the Werkstatt.
    onScreen((name) => { if (name !== "schule") { this.view.leave(); this.paper.close(); } });
    new ResizeObserver(() => {
      if (state.screen !== "schule") return;
      this.view.layout();
      // The tablet turned under the celebration: the letter's room is measured again.
      if (!$("celebration").classList.contains("hidden")) this.makeRoom();
    }).observe(paper);
    // Light and dark ink differ: redraw when the device switches appearance.
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => this.view.layout());
  }

  async show(detail = {}) {
    // Asked again after a reconnect when the connection was down on the way in (no letter of this
    // visit has started: the letter in the view may be one of an earlier visit).
    this.shown = detail;
    this.startedThisVisit = false;
    this.hideCelebration();
    $("round-done").classList.add("hidden");
    if (detail.resume) return this.resumeKept(detail.resume);
    if (detail.word) {
      const started = await this.view.start(null, "schul", undefined, { word: detail.word });
      this.startedThisVisit = true;
      return this.showLetter(started.glyph.char, null);
    }
    if (detail.letter) return this.start(detail.letter);
    return this.next();
  }

  /** The scheduler's next letter (anonymous sessions go through the course letters in order). */
  async next() {
    if (!state.childID) {
      const i = state.letters.indexOf(this.view.glyph?.char);
      return this.start(state.letters[(i + 1) % Math.max(1, state.letters.length)] ?? "A");
    }
    this.progress = null;
    this.hideCelebration();
    const started = await this.view.start(null);
    this.startedThisVisit = true;
    this.showLetter(started.glyph.char, started.pick);
  }

  async start(char) {
    this.progress = null;
    this.hideCelebration();
    // The child's own script: a Schulschrift child picks Schulschrift letters.
    const started = await this.view.start(char, state.script);
    this.startedThisVisit = true;
    this.showLetter(started.glyph.char, started.pick);
  }

  showLetter(char, pick) {
    $("letter-label").textContent = char;
    document.body.dataset.extra = String(pick?.extra ?? false);
  }

  celebrate(count) {
    const row = document.querySelector("#celebration .star-row");
    row.innerHTML = stars(count);
    // The picture matches the result: a party for a good letter, a warm "again" for none.
    const picture = count >= 2 ? "stern" : count === 1 ? "sonne" : "wolke";
    $("celebration-picture").innerHTML = sticker(picture);
    $("celebration").dataset.stars = String(count);
    clearTimeout(this.celebrationTimer);
    this.celebrationTimer = setTimeout(() => {
      $("celebration").classList.remove("hidden");
      this.makeRoom();
    }, 600);
  }

  hideCelebration() {
    // A card still to come stays away too: it would pop up over the next letter and move it.
    clearTimeout(this.celebrationTimer);
    $("celebration").classList.add("hidden");
    for (const layer of [$("guides"), $("ink")]) layer.style.transform = "";
    delete document.body.dataset.roomMade;
  }

  /** The letter and its ink move aside, as far as the paper allows, where the celebration's card
   * would cover them: a wide W at 1024 × 768 ran under the card, and the child saw only part of
   * what it wrote. */
  makeRoom() {
    const glyph = this.view.glyph;
    const card = layoutRect(document.querySelector("#celebration .panel"));
    if (!glyph?.ruling || !card || card.width === 0) return;
    const paper = $("paper").getBoundingClientRect();
    const { box, scale } = this.viewport;
    const xs = [0, glyph.width, ...this.view.ink.strokes.flatMap((stroke) => stroke.samples.map((p) => p[0]))];
    const ys = [glyph.ruling.top, glyph.ruling.bottom, ...this.view.ink.strokes.flatMap((stroke) => stroke.samples.map((p) => p[1]))];
    const letter = {
      left: paper.left + (Math.min(...xs) - box.x) * scale, right: paper.left + (Math.max(...xs) - box.x) * scale,
      top: paper.top + (Math.min(...ys) - box.y) * scale, bottom: paper.top + (Math.max(...ys) - box.y) * scale,
    };
    const margin = 16;
    const covers = card.left < letter.right + margin && card.right > letter.left - margin
      && card.top < letter.bottom && card.bottom > letter.top;
    if (!covers) {
      for (const layer of [$("guides"), $("ink")]) layer.style.transform = "";
      delete document.body.dataset.roomMade;
      return;
    }
    const cardOnTheRight = card.left + card.width / 2 > (letter.left + letter.right) / 2;
    const shift = cardOnTheRight
      ? Math.min(0, Math.max(card.left - margin - letter.right, paper.left + margin - letter.left))
      : Math.max(0, Math.min(card.right + margin - letter.left, paper.right - margin - letter.right));
    for (const layer of [$("guides"), $("ink")]) layer.style.transform = shift ? `translateX(${Math.round(shift)}px)` : "";
    document.body.dataset.roomMade = String(Math.round(shift));
  }

  async afterCelebration() {
    this.hideCelebration();
    const p = this.progress;
    // Paper transfer (an adult's research setting): the letter on paper first, then the round.
    if (p?.paper && !p.paperAsked && this.view.glyph) {
      p.paperAsked = true;
      await this.paper.ask(this.view.glyph, this.view.lessonID);
      if (state.screen !== "schule") return;
    }
    const roundNow = Boolean(p?.roundDone && !this.roundShown);
    // A sticker just announced is shown, round done or not.
    if (roundNow || p?.newSticker) {
      if (roundNow) this.roundShown = true;
      $("round-picture").innerHTML = (roundNow ? jar(1) : "") + (p.newSticker ? sticker(p.newSticker) : "");
      $("round-done").dataset.shows = [roundNow && "round", p.newSticker && "sticker"].filter(Boolean).join(" ");
      $("round-done").classList.remove("hidden");
      return;
    }
    this.next();
  }

  /** After a reload mid-letter: the kept letter goes on where it was; one that ended meanwhile is
   * followed by the next, and one the server no longer knows begins again. */
  async resumeKept(kept) {
    this.shown = kept.glyph.variant === "word" ? { word: kept.glyph.char } : { letter: kept.glyph.char };
    this.showLetter(kept.glyph.char, null);
    const resumed = await this.view.resumeKept(kept);
    this.startedThisVisit = true;
    if (resumed === "finished") return this.next();
    if (resumed) return;
    return this.show(this.shown);
  }

  /** After the connection came back: the letter goes on where it was. */
  async reconnected() {
    if (state.screen !== "schule") return;
    const resumed = await this.view.resume();
    if (resumed === "finished") return this.next();
    if (resumed || document.body.dataset.state === "done") return;
    // Schule was opened while the connection was down: no letter could start then; it starts now,
    // as it was asked for (the scheduler's next, or the letter or word named).
    if (!this.startedThisVisit) return this.show(this.shown ?? {});
    if (this.view.glyph) return this.start(this.view.glyph.char);
  }

  openPicker() {
    const grid = $("picker-grid");
    grid.replaceChildren(...state.letters.map((char) => {
      const b = document.createElement("button");
      b.textContent = char;
      b.setAttribute("aria-current", String(char === this.view.glyph?.char));
      b.addEventListener("click", () => { $("picker").classList.add("hidden"); this.start(char); });
      return b;
    }));
    $("picker").classList.remove("hidden");
  }
}

/** Where an element stands once its entrance animation is over: its layout box (offsets ignore
 * transforms; the card pops in scaled). */
function layoutRect(element) {
  const parent = element?.offsetParent;
  if (!parent) return null;
  const origin = parent.getBoundingClientRect();
  const left = origin.left + element.offsetLeft, top = origin.top + element.offsetTop;
  return { left, top, right: left + element.offsetWidth, bottom: top + element.offsetHeight, width: element.offsetWidth };
}
