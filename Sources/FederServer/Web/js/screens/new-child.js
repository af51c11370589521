// A new child picks an animal, then a colour; the server makes the profile (a pseudonymous id).

import { animals, avatar, colourNames, colourValue } from "../pictures.js";
import { prompt, say, stopSpeaking } from "../speak.js";
import { signOutQuietly } from "../../adult/gate.js";
import { state } from "../state.js";

export class NewChildScreen {
  constructor(app) {
    this.app = app;
    this.animalGrid = document.getElementById("new-animals");
    this.colourRow = document.getElementById("new-colours");
    // Back from the colours goes to the animals (another animal after all); from the animals to
    // "Wer schreibt heute?" (the button's own data-go).
    document.querySelector("#screen-new [data-go]").addEventListener("click", (event) => {
      if (this.colourRow.classList.contains("hidden")) return;
      event.stopPropagation();
      this.show();
    });
  }

  async show() {
    this.animal = null;
    this.creating = false;  // a child made earlier (or a choice that failed on its way) holds nothing back
    prompt({ key: "app.pickAnimal", text: "Such dir ein Tier aus." });
    this.colourRow.classList.add("hidden");
    this.animalGrid.classList.remove("hidden");
    this.animalGrid.replaceChildren();
    this.taken = await takenAvatars();
    if (this.animal) return;  // an animal was picked meanwhile
    // An animal whose every colour another child has is not offered.
    const open = animals.filter((animal) => colourNames.some((colour) => !this.taken.has(`${animal}/${colour}`)));
    this.animalGrid.replaceChildren(...open.map((animal) => {
      const b = document.createElement("button");
      b.className = "tile";
      b.dataset.animal = animal;
      b.setAttribute("aria-label", animal);
      b.innerHTML = avatar(animal, "blau");
      b.addEventListener("click", () => this.pickAnimal(animal));
      return b;
    }));
  }

  pickAnimal(animal) {
    this.animal = animal;
    prompt({ key: "app.pickColour", text: "Welche Farbe magst du?" });
    this.animalGrid.classList.add("hidden");
    this.colourRow.classList.remove("hidden");
    // Two children with the same picture could not tell which is theirs: only free colours are shown.
    const free = colourNames.filter((colour) => !this.taken?.has(`${animal}/${colour}`));
    this.colourRow.replaceChildren(...free.map((colour) => {
      const b = document.createElement("button");
      b.className = "tile";
      b.dataset.colour = colour;
      b.setAttribute("aria-label", colour);
      b.style.setProperty("--tile-colour", colourValue(colour));
      b.innerHTML = avatar(animal, colour);
      b.addEventListener("click", () => this.create(colour));
      return b;
    }));
  }

  async create(colour) {
    if (this.creating) return;  // a second tap makes one child, not two
    this.creating = true;
    let profile;
    try {
      const response = await fetch("/api/v1/profiles", {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ animal: this.animal, colour }),
      });
      if (response.status === 409) {
        // Another tablet gave a child this picture a moment ago: the colours are shown again without it.
        this.taken = await takenAvatars();
        if (state.screen === "new") this.pickAnimal(this.animal);
        this.creating = false;
        return;
      }
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
      profile = await response.json();
    } catch (error) {
      console.warn("new profile", error);
      this.creating = false;
      return;
    }
    await signOutQuietly(); // the parent's part is done: the tablet goes to the child
    stopSpeaking("prompt");
    say(profile.say);
    await this.app.choose(profile.id);
    this.creating = false;  // on its way to onboarding: this screen is shown anew next time
  }
}

/** The pictures the children on "Wer schreibt heute?" already have, as "animal/colour". */
async function takenAvatars() {
  try {
    const response = await fetch("/api/v1/profiles");
    if (!response.ok) return new Set();
    return new Set((await response.json()).map((p) => `${p.animal}/${p.colour}`));
  } catch {
    return new Set();  // the server says so if one is taken after all
  }
}
