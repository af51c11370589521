// Home: the three worlds as pictures; a tap says the world's name and opens it. The child's avatar
// leads back to "Wer schreibt heute?".

import { avatar, flame, jar, worlds } from "../pictures.js";
import { prompt, say, stopSpeaking } from "../speak.js";
import { sounds } from "../sounds.js";
import { state, go } from "../state.js";

const QUESTION = { key: "app.home", text: "Wohin möchtest du?" };
const NAMES = {
  schule: { key: "world.schule", text: "Schule" },
  werkstatt: { key: "world.werkstatt", text: "Werkstatt" },
  fortschritte: { key: "world.fortschritte", text: "Fortschritte" },
};

export class HomeScreen {
  constructor(app) {
    this.app = app;
    // The question again, for a child who missed it.
    const again = document.getElementById("home-say-again");
    again.addEventListener("click", () => { sounds.unlock(); prompt(QUESTION); });
    document.querySelectorAll("[data-world-button]").forEach((b) => {
      const world = b.dataset.worldButton;
      b.innerHTML = worlds[world]();
      // The tap answers "Wohin möchtest du?": the question stops, the world's name is heard whole
      // while the world opens (its own lines wait for it).
      b.addEventListener("click", () => { sounds.unlock(); stopSpeaking(); say(NAMES[world]); go(world); });
    });
  }

  async show() {
    const p = state.profile;
    document.getElementById("home-avatar").innerHTML = p ? avatar(p.animal, p.colour) : "";
    prompt(QUESTION);
    if (!state.childID) return;
    try {
      const board = await (await fetch(`/api/v1/profiles/${state.childID}/progress`)).json();
      document.getElementById("home-jar").innerHTML = jar(board.jar);
      const streak = document.getElementById("home-streak");
      streak.innerHTML = flames(board.streak);
      streak.dataset.child = state.childID; // whose flames these are (the previous child's until now)
    } catch (error) { console.warn("progress", error); }
  }
}

/** A streak as flames (at most a week's worth drawn); an unlit one when there is none. */
export function flames(streak) {
  if (!streak) return flame(false);
  return Array.from({ length: Math.min(streak, 7) }, () => flame(true)).join("");
}
