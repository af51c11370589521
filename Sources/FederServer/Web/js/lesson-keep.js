// The letter in progress, kept in this tab for a reload (Safari reloads a tab it put to sleep; a
// child pulls the page down): it then goes on as after a lost connection (docs/PROTOCOL.md, Resuming).

const KEY = "feder.lessonInProgress";
const MOST_AGE_MS = 30 * 60 * 1000;  // older: the child has long moved on

export const lessonKeep = {
  /** Keeps `snapshot` ({child, lesson, glyph: {char, script, variant}, phase, attempt, strokes, lastT, lastWall}). */
  keep(snapshot) {
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ ...snapshot, keptAt: Date.now() }));
    } catch (error) {
      this.forget();  // an older letter is not resumed in its place; only a reload would lose this one
      console.warn("the letter in progress could not be kept", error);
    }
  },

  /** The kept letter of `child`, if recent; anything else is let go. */
  kept(child) {
    let s = null;
    try { s = JSON.parse(sessionStorage.getItem(KEY)); } catch { s = null; }
    const usable = s && child && s.child === child && typeof s.lesson === "string" && s.glyph?.char
      && Array.isArray(s.strokes) && Date.now() - s.keptAt < MOST_AGE_MS;
    if (!usable) this.forget();
    return usable ? s : null;
  },

  forget() {
    try { sessionStorage.removeItem(KEY); } catch { /* nothing kept */ }
  },
};
