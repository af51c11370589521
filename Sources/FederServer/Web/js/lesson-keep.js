// The letter in progress, kept in this tab (sessionStorage) for a reload: Safari reloads a tab it put
// to sleep, a child pulls the page down. The lesson then goes on where it was, with the child's ink,
// as after a lost connection (docs/PROTOCOL.md, Resuming). A closed tab or app keeps nothing.

const KEY = "feder.lessonInProgress";
// Older than this, the child has long moved on: the page starts afresh rather than resume.
const MOST_AGE_MS = 30 * 60 * 1000;

export const lessonKeep = {
  /** Keeps `snapshot` ({child, lesson, glyph: {char, script, variant}, phase, attempt, strokes}). */
  keep(snapshot) {
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ ...snapshot, keptAt: Date.now() }));
    } catch (error) {
      // Full or refused storage: the lesson goes on, only a reload would begin it again.
      console.warn("the letter in progress could not be kept", error);
    }
  },

  /** The kept letter of `child`, if there is one and it is recent; anything else is let go. */
  kept(child) {
    let snapshot = null;
    try { snapshot = JSON.parse(sessionStorage.getItem(KEY)); } catch { snapshot = null; }
    const usable = snapshot && child && snapshot.child === child && typeof snapshot.lesson === "string"
      && snapshot.glyph?.char && Array.isArray(snapshot.strokes) && Date.now() - snapshot.keptAt < MOST_AGE_MS;
    if (!usable) this.forget();
    return usable ? snapshot : null;
  },

  forget() {
    try { sessionStorage.removeItem(KEY); } catch { /* nothing kept */ }
  },
};
