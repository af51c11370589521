// Feder's voice for any screen: say a line (by key, with its German text as the fallback) or repeat
// the last group. The lesson passes whole server replies to the speech queue directly.

import { speech } from "./speech-queue.js";

export const voice = {
  /** Queues one line; `key` picks its pre-rendered clip (text alone uses the browser's voice). */
  say(text, key = null) { speech.speakGroup([{ key, text }]); },
  /** Several lines heard in order, repeated together by "Nochmal hören"; `scope` (optional) names
   * the screen that may clear them. */
  sayAll(lines, scope = null) { if (lines.length) speech.speakGroup(lines, scope); },
  repeat() { speech.replay(); },
  /** Resolves when nothing is said any more. */
  whenQuiet() { return speech.whenQuiet(); },
  /** Every line, or those of `scope`. */
  clear(scope) { speech.clear(scope); },
};
