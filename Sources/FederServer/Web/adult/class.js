// The class: every child's card (avatar, name, letters learnt, last practice) leading to its
// dashboard and settings, a new child, and the parent PIN.

import { ANIMAL_NAMES, COLOUR_NAMES, api, childLabel, report, signOut } from "./api.js";
import { avatar } from "../js/pictures.js";

const $ = (id) => document.getElementById(id);

function card(child) {
  const li = document.createElement("li");
  li.className = "card" + (child.archived ? " archived" : "");
  li.dataset.child = child.id;
  const picture = Object.assign(document.createElement("div"), { className: "avatar", innerHTML: avatar(child.animal, child.colour) });
  picture.setAttribute("aria-hidden", "true");
  const text = document.createElement("div");
  const title = document.createElement("h3");
  const link = Object.assign(document.createElement("a"), { href: `child.html?id=${child.id}`, textContent: childLabel(child) });
  title.appendChild(link);
  const learnt = Object.assign(document.createElement("p"), { className: "learnt",
    textContent: `${child.lettersLearnt} von ${child.lettersInCourse} Buchstaben gelernt` });
  const last = Object.assign(document.createElement("p"), { className: "last",
    textContent: child.lastPracticeDay ? `Zuletzt geübt: ${calendarDay(child.lastPracticeDay)}` : "Noch nicht geübt" });
  text.append(title, learnt, last);
  li.append(picture, text);
  return li;
}

/** The pictures children of the class have ("fuchs/rot"): a new child gets another (the server
 * refuses a taken one, 409 avatar_taken). */
let taken = new Set();

async function load() {
  const children = await api("/api/v1/children");
  $("class-list").replaceChildren(...children.filter((c) => !c.archived).map(card));
  $("archived-list").replaceChildren(...children.filter((c) => c.archived).map(card));
  taken = new Set(children.filter((c) => !c.archived).map((c) => `${c.animal}/${c.colour}`));
}

function fillSelect(select, names) {
  select.replaceChildren(...Object.entries(names).map(([value, text]) => new Option(text, value)));
}

/** The new-child form offers only free pictures: a taken colour (and an animal taken in every
 * colour) is greyed and marked, and the form starts on a free one (until 2026-11-29 it started on
 * the first child's fox and said so only after "Anlegen"). */
function offerFreePictures(form, { keepChoice = false } = {}) {
  const colours = Object.keys(COLOUR_NAMES);
  const free = (animal) => colours.filter((colour) => !taken.has(`${animal}/${colour}`));
  for (const option of form.animal.options) {
    option.disabled = free(option.value).length === 0;
    option.textContent = ANIMAL_NAMES[option.value] + (option.disabled ? " (alle Farben vergeben)" : "");
  }
  if (!keepChoice || form.animal.selectedOptions[0]?.disabled) {
    const animal = [...form.animal.options].find((o) => !o.disabled);
    if (animal) form.animal.value = animal.value;
  }
  const open = free(form.animal.value);
  for (const option of form.colour.options) {
    option.disabled = !open.includes(option.value);
    option.textContent = COLOUR_NAMES[option.value] + (option.disabled ? " (vergeben)" : "");
  }
  if (!open.includes(form.colour.value) && open.length) form.colour.value = open[0];
}

async function main() {
  await load();  // adults only: without a session the gate opens first
  document.querySelector("main").hidden = false;
  document.body.dataset.loaded = "true";
  fillSelect($("new-child").animal, ANIMAL_NAMES);
  fillSelect($("new-child").colour, COLOUR_NAMES);
  offerFreePictures($("new-child"));
  $("new-child").animal.addEventListener("change", () => offerFreePictures($("new-child"), { keepChoice: true }));
  $("sign-out").addEventListener("click", signOut);
  $("new-child").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const child = await report($("new-status"), () => api("/api/v1/children", { method: "POST",
      body: { animal: form.animal.value, colour: form.colour.value, name: form.name.value || null } }));
    if (!child) {
      // Refused (another device took the picture meanwhile): the form offers what is free now.
      await load();
      offerFreePictures(form, { keepChoice: true });
      return;
    }
    $("new-status").textContent = `${childLabel(child)} ist angelegt.`;
    form.reset();
    await load();
    offerFreePictures(form);
  });
  const pinStatus = $("pin-status");
  $("pin-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    // Typed masked, once wrong it would lock the parent out: the PIN is typed twice.
    if (form.pin.value !== form.confirm.value) {
      pinStatus.classList.add("error");
      pinStatus.textContent = "Die beiden PINs sind nicht gleich. Bitte die Wiederholung noch einmal eingeben.";
      form.confirm.value = "";
      form.confirm.focus();
      return;
    }
    const saved = await report(pinStatus, () => api("/api/v1/adult/pin", { method: "PUT", body: { pin: form.pin.value } }),
      "Die PIN ist gespeichert.");
    if (saved) form.reset();
  });
  $("pin-remove").addEventListener("click", () =>
    report(pinStatus, () => api("/api/v1/adult/pin", { method: "PUT", body: { pin: null } }), "Es ist keine PIN mehr gesetzt."));
}

main();

/** "2026-11-22" as "22.11.2026": a calendar day as written, not an instant (`new Date` would read it
 * as midnight UTC and show the day before anywhere west of UTC). */
function calendarDay(day) {
  const [year, month, date] = day.split("-");
  return `${date}.${month}.${year}`;
}
