// The page's one state object: who writes, which screen, the session's standing. Screens read it
// and render; nothing is kept in DOM datasets except what tests and captions read.

export const state = {
  /** The remembered child's id, and its profile from the server's `hello`. */
  childID: null,
  profile: null,
  screen: "loading",
  online: false,
  /** Course letters (from the glyph list), for the picker. */
  letters: [],
};

const listeners = new Set();
export function onScreen(fn) { listeners.add(fn); }

export function go(screen, detail = {}) {
  state.screen = screen;
  document.body.dataset.screen = screen;
  performance.mark?.(`feder-screen-${screen}`);  // the first-screen benchmark reads this
  listeners.forEach((fn) => fn(screen, detail));
}
