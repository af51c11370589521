// One letter traced live: local ink at once, samples batched per frame to the server, and the
// server's events shown as they come back (checkpoint ticks, strokes turning solid, the finish).

import { voice } from "./voice.js";
import { sounds } from "./sounds.js";

export class TracingView {
  constructor({ connection, viewport, guides, ink, progressFill }) {
    this.connection = connection;
    this.viewport = viewport;
    this.guides = guides;
    this.ink = ink;
    this.progressFill = progressFill;
    this.glyph = null;
    this.queue = [];
    this.flushScheduled = false;
    this.penDown = false;
    this.activeStroke = 0;
    this.listeners = { done: [] };
    connection.onMessage((m) => this.onServerMessage(m));
  }

  on(name, fn) { this.listeners[name].push(fn); }

  async start(char, script = "druck", variant) {
    setState("loading");
    const replies = await this.connection.request("start", { glyph: char, script, ...(variant ? { variant } : {}) });
    const started = replies.find((r) => r.type === "started");
    if (!started) throw new Error(replies.find((r) => r.type === "error")?.message ?? "no glyph");
    this.glyph = started.glyph;
    this.activeStroke = 0;
    this.layout();
    this.ink.clear();
    this.setProgress(0);
    document.body.dataset.glyph = this.glyph.char;
    document.body.dataset.checkpoints = "0";
    delete document.body.dataset.attempt;
    setState("ready");
    voice.say("Fahr die Linie nach.");
    return this.glyph;
  }

  layout() {
    if (!this.glyph) return;
    const box = this.viewport.fit(this.glyph);
    this.guides.draw(this.glyph, box);
    this.guides.setActive(this.activeStroke);
    this.ink.resize();
  }

  // Pen handlers (from PenInput).
  down(sample, pointer) {
    if (!this.glyph || document.body.dataset.state === "done") return;
    sounds.unlock();
    this.penDown = true;
    this.ink.begin(sample, pointer);
    setState("tracing");
    this.connection.send("down", { pointer, sample });
  }

  move(samples) {
    if (!this.penDown) return;
    this.ink.extend(samples);
    this.queue.push(...samples);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      requestAnimationFrame(() => this.flush());
    }
  }

  up(sample) {
    if (!this.penDown) return;
    this.penDown = false;
    this.flush();
    this.connection.send("up", { sample });
  }

  flush() {
    this.flushScheduled = false;
    while (this.queue.length) {
      this.connection.send("move", { samples: this.queue.splice(0, 256) });
    }
  }

  onServerMessage(message) {
    if (message.type === "events") {
      for (const event of message.events) this.apply(event);
    } else if (message.type === "stored") {
      document.body.dataset.attempt = String(message.attempt);
      if (message.completed) document.body.dataset.stored = "completed";
    } else if (message.type === "error") {
      console.warn("server:", message.code, message.message);
    }
  }

  apply(event) {
    const body = document.body;
    switch (event.kind) {
      case "checkpoint":
        this.guides.checkpointReached(event.stroke, event.index);
        body.dataset.checkpoints = String(Number(body.dataset.checkpoints || 0) + 1);
        this.setProgress(event.progress);
        sounds.tick();
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
        setState("done");
        sounds.letter();
        voice.say("Super!");
        this.listeners.done.forEach((fn) => fn(this.glyph));
        break;
    }
  }

  setProgress(value) {
    this.progressFill.style.width = `${Math.round(value * 100)}%`;
    document.body.dataset.progress = String(value);
  }
}

function setState(state) {
  document.body.dataset.state = state;
}
