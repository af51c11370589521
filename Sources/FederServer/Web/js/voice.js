// German speech through the browser's speechSynthesis, when the device has a German voice.
// Every spoken line is also published on <body data-said="…"> so tests and captions can see it.

let germanVoice = null;

function pickVoice() {
  const voices = window.speechSynthesis?.getVoices?.() ?? [];
  germanVoice = voices.find((v) => v.lang?.toLowerCase().startsWith("de-at"))
    ?? voices.find((v) => v.lang?.toLowerCase().startsWith("de")) ?? null;
}

if (window.speechSynthesis) {
  pickVoice();
  window.speechSynthesis.addEventListener?.("voiceschanged", pickVoice);
}

export const voice = {
  rate: 0.9,
  lastLine: "",

  say(text) {
    this.lastLine = text;
    document.body.dataset.said = text;
    const synth = window.speechSynthesis;
    if (!synth || !germanVoice) return false;
    synth.cancel();
    const u = new SpeechSynthesisUtterance(text);
    u.voice = germanVoice;
    u.lang = germanVoice.lang;
    u.rate = this.rate;
    u.pitch = 1.05;
    synth.speak(u);
    return true;
  },

  repeat() { if (this.lastLine) this.say(this.lastLine); },
};
