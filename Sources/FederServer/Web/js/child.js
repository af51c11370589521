// The child's pseudonymous id: a random UUID kept on this device only.

const KEY = "feder.child";

export function childID() {
  let id = localStorage.getItem(KEY);
  if (!id) {
    id = randomUUID();
    localStorage.setItem(KEY, id);
  }
  return id;
}

function randomUUID() {
  if (crypto.randomUUID) return crypto.randomUUID();
  // Not a secure context (a tablet on the classroom network): build a v4 UUID by hand.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
