// The live session socket (docs/PROTOCOL.md): JSON text frames, request ids, reconnection.
// Replies are matched to requests by `re`; other messages go to the listener.

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
    this.openPromise = null;
  }

  onMessage(fn) { this.listeners.add(fn); }
  onState(fn) { this.stateListeners.add(fn); }

  open() {
    if (this.openPromise) return this.openPromise;
    this.openPromise = new Promise((resolve) => {
      const socket = new WebSocket(this.url);
      this.socket = socket;
      socket.addEventListener("open", () => {
        this.retry = 0;
        this.stateListeners.forEach((fn) => fn("open"));
        resolve();
      });
      socket.addEventListener("message", (event) => this.receive(event.data));
      socket.addEventListener("close", () => {
        this.openPromise = null;
        for (const { reject } of this.pending.values()) reject(new Error("closed"));
        this.pending.clear();
        this.stateListeners.forEach((fn) => fn("closed"));
        const delay = Math.min(5000, 300 * 2 ** this.retry++);
        setTimeout(() => this.open(), delay);
      });
    });
    return this.openPromise;
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

  /** Sends without waiting for the reply; replies still reach the listeners. */
  send(type, body = {}) {
    if (!this.isOpen) return null;
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ id, type, ...body }));
    return id;
  }

  receive(text) {
    let message;
    try { message = JSON.parse(text); } catch { return; }
    this.listeners.forEach((fn) => fn(message));
    const waiting = message.re !== undefined ? this.pending.get(message.re) : undefined;
    if (waiting) {
      waiting.replies.push(message);
      // A request can have more than one reply (events, then stored); gather what arrives together.
      if (!waiting.scheduled) {
        waiting.scheduled = true;
        setTimeout(() => { this.pending.delete(message.re); waiting.resolve(waiting.replies); }, 0);
      }
    }
  }
}
