// The live session socket (docs/PROTOCOL.md): JSON text frames, request ids, reconnection.
// Replies are matched to requests by `re`; other messages go to the listener.

// Quiet for this long, the page pings; a ping unanswered for SILENCE_MS means the link is dead. Timers
// of a page in the background are held back, so nothing is judged dead while no ping was sent.
const QUIET_MS = 5000;
const SILENCE_MS = 4000;

export class Connection {
  constructor(path = "/v1/session") {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = `${scheme}//${location.host}${path}`;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Set();
    this.stateListeners = new Set();
    this.socket = null;
    this.retry = 0;
    this.opened = false;
    // Resolves on the first successful connection, however many tries that takes (the server may
    // not be up yet when the page loads).
    this.ready = new Promise((resolve) => { this.resolveReady = resolve; });
  }

  onMessage(fn) { this.listeners.add(fn); }
  onState(fn) { this.stateListeners.add(fn); }

  /** Connects (and keeps reconnecting); resolves once connected for the first time. */
  open() {
    if (!this.socket) this.connect();
    return this.ready;
  }

  connect() {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    let lost = false;
    // Called once per socket, by its close event or by the watch below, whichever comes first.
    const onLost = () => {
      if (lost) return;
      lost = true;
      clearInterval(watch);
      for (const { reject } of this.pending.values()) reject(new Error("closed"));
      this.pending.clear();
      this.stateListeners.forEach((fn) => fn("closed", {}));
      const delay = Math.min(3000, 250 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    };
    // A link that goes silent (Wi-Fi gone, the laptop asleep) closes nothing for minutes: the page
    // pings when it has heard nothing for a while, and a ping without any answer ends the socket,
    // so that reconnecting and resuming begin (docs/PROTOCOL.md, "A letter is a lesson").
    let heard = performance.now(), pinged = 0;
    const watch = setInterval(() => {
      if (socket.readyState !== WebSocket.OPEN) return;
      const now = performance.now();
      if (pinged > heard && now - pinged > SILENCE_MS) {
        socket.close();
        onLost();
      } else if (pinged <= heard && now - heard > QUIET_MS) {
        socket.send(JSON.stringify({ type: "ping" }));
        pinged = now;
      }
    }, 1000);
    socket.addEventListener("open", () => {
      heard = performance.now();
      this.retry = 0;
      const first = !this.opened;
      this.opened = true;
      this.resolveReady();
      this.stateListeners.forEach((fn) => fn("open", { first }));
    });
    socket.addEventListener("message", (event) => {
      if (lost) return; // a socket already given up: its late replies belong to no one
      heard = performance.now();
      this.receive(event.data);
    });
    socket.addEventListener("close", onLost);
  }

  get isOpen() { return this.socket?.readyState === WebSocket.OPEN; }

  /** Sends a message; resolves with the replies that carry its id (collected until the next tick). */
  request(type, body = {}) {
    const id = this.nextId++;
    const message = JSON.stringify({ id, type, ...body });
    return new Promise((resolve, reject) => {
      if (!this.isOpen) { reject(new Error("offline")); return; }
      this.pending.set(id, { resolve, reject, replies: [] });
      this.socket.send(message);
    });
  }

  /** Sends a message; resolves with its replies once one satisfies `isTerminal` (or an error
   * reply arrives). For requests answered by several frames, such as a resumed lesson. */
  requestUntil(type, body, isTerminal) {
    const id = this.nextId++;
    const message = JSON.stringify({ id, type, ...body });
    return new Promise((resolve, reject) => {
      if (!this.isOpen) { reject(new Error("offline")); return; }
      this.pending.set(id, { resolve, reject, replies: [], isTerminal });
      this.socket.send(message);
    });
  }

  /** Sends without waiting for the reply; replies still reach the listeners. Null when offline. */
  send(type, body = {}) {
    if (!this.isOpen) return null;
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, type, ...body }));
    return id;
  }

  receive(text) {
    let message;
    try { message = JSON.parse(text); } catch (error) { console.warn("not JSON from the server", error); return; }
    // A listener that fails on an unexpected message must neither keep the others from it nor
    // leave the request it answers waiting for ever.
    this.listeners.forEach((fn) => {
      try { fn(message); } catch (error) { console.error("a message listener failed", message.type, error); }
    });
    const waiting = message.re !== undefined ? this.pending.get(message.re) : undefined;
    if (waiting?.isTerminal) {
      waiting.replies.push(message);
      if (waiting.isTerminal(message) || (message.type === "error" && !waiting.isTerminal.goesOn?.(message))) {
        this.pending.delete(message.re);
        waiting.resolve(waiting.replies);
      }
    } else if (waiting) {
      waiting.replies.push(message);
      // A request can have more than one reply (events, then stored); gather what arrives together.
      if (!waiting.scheduled) {
        waiting.scheduled = true;
        setTimeout(() => { this.pending.delete(message.re); waiting.resolve(waiting.replies); }, 0);
      }
    }
  }
}
