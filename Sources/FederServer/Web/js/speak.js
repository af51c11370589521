// Says lines ({key, text}) from any screen through Feder's voice (the speech queue: clips, in
// order, each to its end). One call is one group, repeated together by "Nochmal hören".

import { voice } from "./voice.js";
import { feedbackSettings } from "./feedback-settings.js";

const asLine = (line) => (typeof line === "string" ? { key: null, text: line } : { key: line.key ?? null, text: line.text });

/** The child's settings; without a child (who writes is not known yet) the defaults. */
export function applySettings(profile) {
  feedbackSettings.apply({ sound: true, captions: false, haptics: true, speechRate: 1, appearance: "system", highContrast: false, lineWeight: "normal", ...profile });
}

export function say(line) {
  if (line) voice.sayAll([asLine(line)]);
}

/** A screen's question or instruction ("Mit welcher Hand schreibst du?"): it replaces an older one
 * that is still being said or waits, as the child has answered it already, but never a name or a
 * praise said before it. Without this, a child who answered quickly heard each prompt one step late. */
export function prompt(line) {
  voice.clear("prompt");
  if (line) voice.sayAll([asLine(line)], "prompt");
}

/** Stops what is being said and drops what waits (a new prompt replaces the old one): every line,
 * or only those said with `scope`. */
export function stopSpeaking(scope) {
  voice.clear(scope);
}

/** Lines heard in order as one group; with `scope`, `stopSpeaking(scope)` clears them and nothing else. */
export function sayAll(lines, scope = null) {
  const list = (lines || []).filter(Boolean).map(asLine);
  if (list.length) voice.sayAll(list, scope);
}
