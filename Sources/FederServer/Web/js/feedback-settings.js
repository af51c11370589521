// The child's feedback and display settings (set by a parent, sent in the profile of `hello` and
// `started`). Sound off silences speech, letter sounds and effects alike; haptics (vibration) are
// their own setting; captions show each spoken line as text for the adults in the room; the voice
// may speak slower; the page may be light or dark whatever the device says, of high contrast, and
// draw its lines thicker.

const listeners = [];

export const feedbackSettings = {
  sound: true,
  captions: false,
  haptics: true,
  speechRate: 1,
  appearance: "system",
  highContrast: false,
  lineWeight: "normal",

  /** Takes what the server sent; anything missing keeps its default. */
  apply(settings) {
    if (!settings || typeof settings !== "object") return;
    if (typeof settings.sound === "boolean") this.sound = settings.sound;
    for (const flag of ["captions", "haptics", "highContrast"]) if (typeof settings[flag] === "boolean") this[flag] = settings[flag];
    if (settings.speechRate >= 0.5 && settings.speechRate <= 2) this.speechRate = settings.speechRate;
    if (["system", "light", "dark"].includes(settings.appearance)) this.appearance = settings.appearance;
    if (["normal", "thick"].includes(settings.lineWeight)) this.lineWeight = settings.lineWeight;
    document.body.dataset.sound = this.sound ? "on" : "off";
    document.body.dataset.captions = this.captions ? "on" : "off";
    document.documentElement.dataset.appearance = this.appearance;
    document.documentElement.dataset.contrast = this.highContrast ? "high" : "normal";
    document.documentElement.dataset.lines = this.lineWeight;
    listeners.forEach((fn) => fn(this));
  },

  onChange(fn) { listeners.push(fn); },
};

window.feder = window.feder || {};
window.feder.setSound = (on) => feedbackSettings.apply({ sound: Boolean(on) });
window.feder.setCaptions = (on) => feedbackSettings.apply({ captions: Boolean(on) });
