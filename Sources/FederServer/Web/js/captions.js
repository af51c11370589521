// A small caption line at the foot of the page showing what Feder is saying, for a teacher in a
// noisy classroom. Shown only when the child's captions setting is on.

import { feedbackSettings } from "./feedback-settings.js";

let element = null;
let hideTimer = null;

function line() {
  if (!element) {
    element = document.createElement("div");
    element.id = "caption";
    element.setAttribute("aria-live", "polite");
    Object.assign(element.style, {
      // Above the lesson's progress bar, in the paper's empty bottom band.
      position: "fixed", left: "50%", bottom: "calc(44px + env(safe-area-inset-bottom))", transform: "translateX(-50%)",
      maxWidth: "80vw", padding: "4px 12px", borderRadius: "10px", font: "500 15px/1.3 system-ui, sans-serif",
      background: "rgba(0,0,0,0.62)", color: "#fff", pointerEvents: "none", zIndex: "50",
    });
    element.hidden = true;
    document.body.append(element);
  }
  return element;
}

export const captions = {
  show(text) {
    if (!feedbackSettings.captions) return;
    clearTimeout(hideTimer);
    const el = line();
    el.textContent = text;
    el.hidden = false;
  },
  /** Hides the line a little after speech stops, so a reader can finish. */
  idle() {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => { if (element) element.hidden = true; }, 2500);
  },
};

feedbackSettings.onChange((s) => { if (!s.captions && element) element.hidden = true; });
