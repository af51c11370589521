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
    const close = (result) => { overlay.remove(); resolve(result); };

    let task = null;
    let typed = "";
    const show = () => { entry.textContent = typed; };

    async function loadTask(note = "") {
      typed = ""; show();
      message.textContent = note;
      keypad.replaceChildren();
      const response = await fetch("/api/v1/adult/gate", { credentials: "same-origin" });
      const data = await response.json().catch(() => ({}));
      if (response.status === 429) {
        task = null;
        instruction.textContent = "";
        message.textContent = `Zu viele falsche Versuche. Bitte in ${data.error?.retryAfter ?? 60} Sekunden wieder versuchen.`;
        return;
      }
      task = data;
      instruction.textContent = task.instruction;
      keypad.replaceChildren(...task.keypad.map((digit) => button(String(digit), "gate-key", () => {
        if (typed.length < MAX_DIGITS) { typed += String(digit); show(); }
      })));
    }

    async function submit() {
      if (!task || typed.length === 0) return;
      const { status, data } = await post("/api/v1/adult/gate", { id: task.id, answer: typed });
      if (status === 200 && data.signedIn) return close(true);
      if (status === 200 && data.pinRequired) return askPIN(data.pass);
      if (status === 429) return loadTask(`Zu viele falsche Versuche. Gesperrt für ${data.error?.retryAfter} Sekunden.`);
      return loadTask("Das war nicht die Zahl. Hier ist eine neue Aufgabe.");
    }

    function askPIN(pass) {
      instruction.textContent = "Bitte die Eltern-PIN eingeben.";
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
        if (status === 429) {
          message.textContent = `Zu viele falsche PINs. Gesperrt für ${data.error?.retryAfter} Sekunden.`;
          form.remove();
          return loadTask(message.textContent);
        }
        if (data.error?.code === "expired") return loadTask("Die Zeit ist abgelaufen. Bitte die Aufgabe neu lösen.");
        message.textContent = "Die PIN stimmt nicht.";
      });
      keypad.replaceChildren(form);
      entry.textContent = "";
      actions.replaceChildren(button("Abbrechen", "gate-cancel", () => close(false)));
      input.focus();
    }

    actions.replaceChildren(
      button("Löschen", "gate-clear", () => { typed = typed.slice(0, -1); show(); }),
      button("OK", "gate-ok", submit),
      button("Abbrechen", "gate-cancel", () => close(false)),
    );
    loadTask();
  });
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
