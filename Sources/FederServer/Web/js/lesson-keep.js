// The letter in progress, kept on the tablet so that it goes on as after a lost connection
// (docs/PROTOCOL.md, Resuming) when the page begins again: Safari reloads a tab it put to sleep, a
// child pulls the page down, iPadOS ends a Home Screen app in the background or the child closes it.
//
// Kept in localStorage, one entry per child, so that it outlives the tab. An open page says so every
// second (its own small entry, removed as it goes away): a letter still being written in another tab
// is not taken over by a second one, while the letter of a page that is gone (reloaded, closed,
// ended by the system) is free again. (Web Locks would say it exactly, but a class's tablets reach
// the laptop over plain HTTP, where browsers do not offer them.)

const PREFIX = "feder.lessonInProgress.";
const ALIVE = "feder.pageAlive.";
const MOST_AGE_MS = 30 * 60 * 1000;  // older: the child has long moved on
const ALIVE_EVERY_MS = 1000;
// Not heard from for this long, a page is gone (ended by the system without a word, or asleep in the
// background, where browsers slow its timers to once a minute or stop them).
const ALIVE_FOR_MS = 2500;

const pageID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

function sayAlive() {
  try { localStorage.setItem(ALIVE + pageID, String(Date.now())); } catch { /* storage full: another tab may take the letter */ }
}
sayAlive();
setInterval(sayAlive, ALIVE_EVERY_MS);
addEventListener("pagehide", () => { try { localStorage.removeItem(ALIVE + pageID); } catch { /* gone anyway */ } });
addEventListener("pageshow", sayAlive);

dropStale(Date.now());  // a tablet not written on again still lets old letters go

function read(child) {
  try { return JSON.parse(localStorage.getItem(PREFIX + child)); } catch { return null; }
}

function lastHeard(page) {
  try { return Number(localStorage.getItem(ALIVE + page)) || 0; } catch { return 0; }
}

const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/** Whether the page that kept a letter is still open (in another tab): it has said so recently, and
 * goes on saying so while this page waits for it to fall silent. */
async function ownerStillOpen(page) {
  if (!page || page === pageID) return false;
  const waitUntil = Date.now() + ALIVE_FOR_MS;
  while (Date.now() - lastHeard(page) < ALIVE_FOR_MS) {
    if (Date.now() >= waitUntil) return true;
    await pause(200);
  }
  return false;
}

/** Letters kept longer ago than anyone would go on with them (other children's too), and the marks
 * of pages long gone, are let go. */
function dropStale(now) {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) {
        let keptAt = 0;
        try { keptAt = JSON.parse(localStorage.getItem(key))?.keptAt ?? 0; } catch { keptAt = 0; }
        if (!(now - keptAt < MOST_AGE_MS)) localStorage.removeItem(key);
      } else if (key?.startsWith(ALIVE) && !(now - (Number(localStorage.getItem(key)) || 0) < MOST_AGE_MS)) {
        localStorage.removeItem(key);
      }
    }
  } catch { /* nothing to sweep */ }
}

export const lessonKeep = {
  /** Keeps `snapshot` ({child, lesson, glyph: {char, script, variant}, phase, attempt, strokes, lastT, lastWall}). */
  keep(snapshot) {
    if (!snapshot.child) return;
    const now = Date.now();
    dropStale(now);
    try {
      localStorage.setItem(PREFIX + snapshot.child, JSON.stringify({ ...snapshot, page: pageID, keptAt: now }));
    } catch (error) {
      this.forget(snapshot.child);  // an older letter is not resumed in its place
      console.warn("the letter in progress could not be kept", error);
    }
  },

  /** The kept letter of `child`, if recent and no longer being written in another open tab. */
  async kept(child) {
    if (!child) return null;
    const s = read(child);
    const usable = s && s.child === child && typeof s.lesson === "string" && s.glyph?.char
      && Array.isArray(s.strokes) && Date.now() - s.keptAt < MOST_AGE_MS;
    if (!usable) { this.forget(child); return null; }
    // Another tab writes this letter now: it stays theirs (and kept for them).
    if (await ownerStillOpen(s.page)) return null;
    return s;
  },

  /** Lets the kept letter of `child` go; with `lesson`, only if it is that lesson (another tab of
   * the same child may keep another). */
  forget(child, lesson) {
    if (!child) return;
    if (lesson && read(child)?.lesson !== lesson) return;
    try { localStorage.removeItem(PREFIX + child); } catch { /* nothing kept */ }
  },
};
