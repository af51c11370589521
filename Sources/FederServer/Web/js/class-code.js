// On a classroom network a tablet enters the class code once before the child's app starts (the
// teacher reads it from the server's start-up line; the server keeps a cookie on the tablet). It is
// the teacher's step, like the gate, so it may use words; a child never meets it again.

import { button, keypadDialog, post } from "../adult/gate.js";

const DIGITS = 6;

/// Whether this device still needs the class code (false where the server asks for none, or when
/// the question cannot be answered: the page then goes on and meets the server's refusal later).
export async function classCodeNeeded() {
  try {
    const response = await fetch("/api/v1/class-code", { credentials: "same-origin" });
    return response.ok && (await response.json()).needed === true;
  } catch {
    return false;
  }
}

/// Asks for the code until the server takes it; resolves then.
export function askForClassCode() {
  return new Promise((resolve) => {
    const { overlay, instruction, entry, message, keypad, actions } =
      keypadDialog({ id: "class-code-title", title: "Klassencode", className: "gate class-code" });
    instruction.textContent = "Einmal pro Tablet: den Klassencode eingeben, den der Lehrer-Computer beim Start zeigt.";

    let typed = "";
    const show = () => { entry.textContent = typed; };
    keypad.replaceChildren(...[1, 2, 3, 4, 5, 6, 7, 8, 9, 0].map((digit) => button(String(digit), "gate-key", () => {
      if (typed.length < DIGITS) { typed += String(digit); show(); }
    })));

    async function submit() {
      if (typed.length !== DIGITS) { message.textContent = "Der Klassencode hat sechs Ziffern."; return; }
      const { status, data } = await post("/api/v1/class-code", { code: typed }).catch(() => ({ status: 0, data: {} }));
      typed = ""; show();
      if (status === 200) { overlay.remove(); resolve(); return; }
      if (status === 429) {
        message.textContent = `Zu viele falsche Codes. Bitte in ${data.error?.retryAfter ?? 60} Sekunden wieder versuchen.`;
      } else if (status === 0) {
        message.textContent = "Der Lehrer-Computer antwortet nicht. Bitte gleich noch einmal versuchen.";
      } else {
        message.textContent = "Das ist nicht der Klassencode.";
      }
    }

    actions.replaceChildren(
      button("Löschen", "gate-clear", () => { typed = typed.slice(0, -1); show(); }),
      button("OK", "gate-ok", submit),
    );
  });
}
