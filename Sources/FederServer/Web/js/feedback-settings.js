// The child's sound and caption settings (set by a parent, sent in the `hello` reply as
// `settings: {sound, captions}`). Sound off silences speech, letter sounds and effects alike;
// haptics stay; captions show each spoken line as text for the adults in the room.

const listeners = [];

export const feedbackSettings = {
  sound: true,
  captions: false,

  /** Takes what the server sent; anything missing keeps its default. */
  apply(settings) {
    if (!settings || typeof settings !== "object") return;
    if (typeof settings.sound === "boolean") this.sound = settings.sound;
    if (typeof settings.captions === "boolean") this.captions = settings.captions;
    document.body.dataset.sound = this.sound ? "on" : "off";
    document.body.dataset.captions = this.captions ? "on" : "off";
    listeners.forEach((fn) => fn(this));
  },

  onChange(fn) { listeners.push(fn); },
};

window.feder = window.feder || {};
window.feder.setSound = (on) => feedbackSettings.apply({ sound: Boolean(on) });
window.feder.setCaptions = (on) => feedbackSettings.apply({ captions: Boolean(on) });
