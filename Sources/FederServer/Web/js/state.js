// The page's one state object: who writes, which screen, the session's standing. Screens read it
// and render; nothing is kept in DOM datasets except what tests and captions read.

export const state = {
  /** The remembered child's id, and its profile from the server's `hello`. */
  childID: null,
  profile: null,
  screen: "loading",
  online: false,
  /** Course letters of each script (from the glyph list), for the picker. */
  lettersByScript: {},
  /** The script the child learns (druck until a profile says otherwise). */
  get script() { return this.profile?.script ?? "druck"; },
  /** The picker's letters: those of the child's script. */
  get letters() { return this.lettersByScript[this.script] ?? this.lettersByScript.druck ?? []; },
};

/** The options of a paper the child writes on (`PenInput`): whether its profile says pen, and who
 * writes now — a pen seen counts for that child only (the profile carries no id: the child's id is
 * `state.childID`). */
export function childPenOptions() {
  return { prefersPen: () => state.profile?.pointer === "pen", writer: () => state.childID };
}

const listeners = new Set();
export function onScreen(fn) { listeners.add(fn); }

export function go(screen, detail = {}) {
  state.screen = screen;
  document.body.dataset.screen = screen;
  performance.mark?.(`feder-screen-${screen}`);  // the first-screen benchmark reads this
  listeners.forEach((fn) => fn(screen, detail));
}
