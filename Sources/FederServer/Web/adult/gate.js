// The gate in front of the adult area: a number written in German words, typed on a keypad whose
// keys the server shuffles each time, then the parent's PIN if one is set. A child who cannot read
// cannot solve it; random taps lock it after three wrong numbers (the server keeps the lock).

const MAX_DIGITS = 3;

export function button(text, className, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

export async function post(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin",
  });
  const data = await response.json().catch(() => ({}));
  return { status: response.status, data };
}

let open = null;

/// Shows the gate; resolves true once an adult session exists, false if it was closed. Requests
/// refused at the same moment share one gate.
export function openGate() {
  if (!open) open = showGate().finally(() => { open = null; });
  return open;
}

/// The gate's dialog: a title, an instruction, what was typed, a keypad, actions and a message. The
/// class code's screen (js/class-code.js) is built from it too.
export function keypadDialog({ id, title: heading, className = "gate" }) {
  const overlay = Object.assign(document.createElement("div"), { className });
  overlay.setAttribute("role", "dialog");
  overlay.setAttribute("aria-modal", "true");
  overlay.setAttribute("aria-labelledby", id);
  const box = Object.assign(document.createElement("div"), { className: "gate-box" });
  const title = Object.assign(document.createElement("h2"), { id, textContent: heading });
  const instruction = Object.assign(document.createElement("p"), { className: "gate-instruction" });
  const entry = Object.assign(document.createElement("output"), { className: "gate-entry" });
  entry.setAttribute("aria-live", "polite");
  const message = Object.assign(document.createElement("p"), { className: "gate-message", role: "status" });
  const keypad = Object.assign(document.createElement("div"), { className: "gate-keypad" });
  const actions = Object.assign(document.createElement("div"), { className: "gate-actions" });
  box.replaceChildren(title, instruction, entry, keypad, actions, message);
  overlay.appendChild(box);
  document.body.appendChild(overlay);
  return { overlay, instruction, entry, message, keypad, actions };
}

function showGate() {
  return new Promise((resolve) => {
    const { overlay, instruction, entry, message, keypad, actions } = keypadDialog({ id: "gate-title", title: "Für Erwachsene" });
    let countdown = null;
    const stopCountdown = () => { clearInterval(countdown); countdown = null; };
    const close = (result) => { stopCountdown(); overlay.remove(); resolve(result); };
    const cancel = () => button("Abbrechen", "gate-cancel", () => close(false));
    // A child who opened it by chance gets out without reading: a tap beside the sheet, or the ×.
    // (Only a press that began there too: one that began on a key and slid off keeps it open.)
    let pressedBeside = false;
    overlay.addEventListener("pointerdown", (event) => { pressedBeside = event.target === overlay; });
    // Not once the PIN is asked for: an adult taps beside the field to put the keyboard away.
    let pinAsked = false;
    overlay.addEventListener("click", (event) => { if (event.target === overlay && pressedBeside && !pinAsked) close(false); });
    const dismiss = button("×", "gate-dismiss", () => close(false));
    dismiss.setAttribute("aria-label", "Schließen");
    overlay.querySelector(".gate-box").prepend(dismiss);

    let task = null;
    let typed = "";
    const show = () => { entry.textContent = typed; };

    async function loadTask(note = "") {
      stopCountdown();
      typed = ""; show();
      message.textContent = note;
      keypad.replaceChildren();
      const response = await fetch("/api/v1/adult/gate", { credentials: "same-origin" });
      const data = await response.json().catch(() => ({}));
      if (response.status === 429) return waitOutLock(data.error?.retryAfter ?? 60);
      task = data;
      instruction.textContent = task.instruction;
      keypad.replaceChildren(...task.keypad.map((digit) => button(String(digit), "gate-key", () => {
        if (typed.length < MAX_DIGITS) { typed += String(digit); show(); }
      })));
      actions.replaceChildren(
        button("Löschen", "gate-clear", () => { typed = typed.slice(0, -1); show(); }),
        button("OK", "gate-ok", submit),
        cancel(),
      );
    }

    /// The server locked the number task: counts the seconds down, then brings a new task by itself.
    function waitOutLock(seconds) {
      task = null;
      typed = ""; show();
      keypad.replaceChildren();  // no keys to tap while locked (a lock reached by typing left them)
      instruction.textContent = "";
      actions.replaceChildren(cancel());
      let left = seconds;
      const tell = () => { message.textContent = `Zu viele falsche Versuche. Neue Aufgabe in ${left} ${left === 1 ? "Sekunde" : "Sekunden"}.`; };
      tell();
      countdown = setInterval(() => {
        left -= 1;
        if (left > 0) return tell();
        loadTask();
      }, 1000);
    }

    async function submit() {
      if (!task || typed.length === 0) return;
      const { status, data } = await post("/api/v1/adult/gate", { id: task.id, answer: typed });
      if (status === 200 && data.signedIn) return close(true);
      if (status === 200 && data.pinRequired) return askPIN(data.pass);
      if (status === 429) return waitOutLock(data.error?.retryAfter ?? 60);
      return loadTask("Das war nicht die Zahl. Hier ist eine neue Aufgabe.");
    }

    function askPIN(pass) {
      pinAsked = true;
      instruction.textContent = "Bitte die Eltern-PIN eingeben.";
      message.textContent = "";
      const form = document.createElement("form");
      form.className = "gate-pin";
      const input = Object.assign(document.createElement("input"), {
        type: "password", inputMode: "numeric", autocomplete: "off", name: "pin", maxLength: 8, required: true,
      });
      input.setAttribute("aria-label", "PIN");
      form.append(input, button("Öffnen", "gate-ok", () => form.requestSubmit()));
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const { status, data } = await post("/api/v1/adult/pin", { pass, pin: input.value });
        input.value = "";
        if (status === 200 && data.signedIn) return close(true);
        if (status === 429) return loadTask(`Zu viele falsche PINs. Die PIN ist für ${data.error?.retryAfter} Sekunden gesperrt; zuerst wieder die Zahl.`);
        if (data.error?.code === "expired") return loadTask("Die Zeit ist abgelaufen. Bitte die Aufgabe neu lösen.");
        message.textContent = "Die PIN stimmt nicht.";
      });
      keypad.replaceChildren(form, forgotten());
      entry.textContent = "";
      actions.replaceChildren(cancel());
      input.focus();
    }

    loadTask();
  });
}

/// What to do about a forgotten PIN: it is removed on the computer Feder runs on (docs/ADULT.md).
function forgotten() {
  const details = Object.assign(document.createElement("details"), { className: "gate-forgotten" });
  const summary = Object.assign(document.createElement("summary"), { textContent: "PIN vergessen?" });
  const help = document.createElement("p");
  const command = Object.assign(document.createElement("code"), { textContent: "feder forget-pin" });
  help.append("Am Computer, auf dem Feder läuft, im Terminal ", command,
    " eingeben. Dann öffnet die Zahlenaufgabe allein, und unter „Eltern-PIN“ lässt sich eine neue PIN festlegen.");
  details.append(summary, help);
  return details;
}

/// Ends the adult session (if any) without leaving the page.
export async function signOutQuietly() {
  await fetch("/api/v1/adult/logout", { method: "POST", credentials: "same-origin" }).catch(() => {});
}

/// Whether an adult session exists now.
export async function isSignedIn() {
  const response = await fetch("/api/v1/adult/state", { credentials: "same-origin" });
  return response.ok && (await response.json()).signedIn === true;
}
