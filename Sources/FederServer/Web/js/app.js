// Boots the child app: connects, finds who is writing, and wires the screens: Wer schreibt heute?,
// onboarding, home with its three worlds (Schule, Werkstatt, Fortschritte).

import { Connection } from "./connection.js";
import { state, go, onScreen } from "./state.js";
import { device } from "./child.js";
import { icons } from "./pictures.js";
import { sounds } from "./sounds.js";
import { applySettings } from "./speak.js";
import { WhoScreen } from "./screens/who.js";
import { NewChildScreen } from "./screens/new-child.js";
import { OnboardingScreen } from "./screens/onboarding.js";
import { HomeScreen } from "./screens/home.js";
import { SchuleScreen } from "./screens/schule.js";
import { WerkstattScreen } from "./screens/werkstatt.js";
import { ProgressScreen } from "./screens/progress.js";
import { isSignedIn, signOutQuietly } from "../adult/gate.js";
import { askForClassCode, classCodeNeeded } from "./class-code.js";
import { lessonKeep } from "./lesson-keep.js";

const $ = (id) => document.getElementById(id);

async function main() {
  // On a classroom network this tablet enters the class code once; nothing else works before.
  if (await classCodeNeeded()) {
    await askForClassCode();
    location.reload();
    return;
  }
  // The child's app keeps no adult session: a parent who went from the adults' area straight to the
  // child's screen (a tablet that remembers its child skips "Wer schreibt heute?") is signed out, so
  // going back does not open the class to the child.
  isSignedIn().then((signedIn) => { if (signedIn) signOutQuietly(); }).catch(() => {});
  // Icons drawn by code, so the HTML stays small.
  document.querySelectorAll(".home-button").forEach((b) => { b.innerHTML = icons.home(); });
  document.querySelectorAll("[data-icon=back]").forEach((b) => { b.innerHTML = icons.back(); });
  document.querySelectorAll("[data-icon=speaker]").forEach((b) => { b.innerHTML = icons.speaker(); });
  document.querySelectorAll(".say-again").forEach((b) => { b.innerHTML = icons.ear(); });
  $("offline").innerHTML = icons.offline();

  const connection = new Connection();
  const app = {
    connection,
    /** Chooses the child this device writes as; runs onboarding the first time. */
    async choose(childID) {
      device.remember(childID);
      await hello(childID);
      if (state.childID !== childID) return;  // deleted by an adult: "Wer schreibt heute?" is shown
      // Archived by an adult (the child left the class): this tablet no longer writes as it.
      if (state.profile?.archived) { forgetChild(); return; }
      if (state.profile?.needsOnboarding) { go("onboarding"); return; }
      // The page was reloaded or the app opened again in the middle of a letter: it goes on there.
      const kept = await lessonKeep.kept(childID);
      if (state.childID !== childID) return;  // another child was chosen meanwhile
      go(kept ? "schule" : "home", kept ? { resume: kept } : {});
    },
    profileChanged(profile) { applyProfile(profile); },
    /** The child this device writes as is gone (an adult deleted it): forget it, ask who writes. */
    childGone() { forgetChild(); },
    /** The child finished onboarding: stored now, or kept and sent again once the server can. */
    async onboarded(choices) {
      pendingOnboarding = { child: state.childID, choices };
      if (state.profile) applyProfile({ ...state.profile, ...choices, needsOnboarding: false });
      await sendPendingOnboarding();
    },
  };

  const screens = {
    who: new WhoScreen(app), new: new NewChildScreen(app), onboarding: new OnboardingScreen(app),
    home: new HomeScreen(app), schule: new SchuleScreen(app), werkstatt: new WerkstattScreen(app),
    fortschritte: new ProgressScreen(app),
  };
  onScreen((name, detail) => screens[name]?.show?.(detail));
  // An adult deleted the child this tablet writes as (its data is gone), or archived it (it left the
  // class): forget it, ask who writes.
  connection.onMessage((message) => {
    if (message.type === "error" && (message.code === "child_deleted" || message.code === "child_archived")) forgetChild();
  });
  function forgetChild() {
    screens.schule.paper.forgetChild(state.childID);
    lessonKeep.forget(state.childID);  // its letter and ink leave the tablet too
    device.forget();
    state.childID = null;
    applyProfile(null);
    go("who");
  }
  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-go]");
    if (target) { sounds.unlock(); go(target.dataset.go); }
  });

  async function hello(childID) {
    for (let tries = 0; ; tries++) {
      // A letter still open on this connection is ended first (its `stored` comes before `hello`).
      const replies = await connection.requestUntil("hello", childID ? { child: childID } : {}, (m) => m.type === "hello");
      const reply = replies.find((r) => r.type === "hello");
      // The child's profile could not be read (the database busy or failing): the page keeps the
      // child and asks again, rather than writing on as nobody (docs/PROTOCOL.md, hello).
      if (!reply && childID && replies.some((r) => r.code === "storage_failed")) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(4000, 250 * 2 ** tries)));
        if (device.childID() !== childID) return;  // forgotten meanwhile: the child was deleted
        continue;
      }
      state.childID = reply?.child ?? null;
      applyProfile(reply?.profile ?? null);
      await sendPendingOnboarding();
      // Before anything else: a letter begun first would end the chance to rate the last one.
      await screens.schule.paper.sendKept();
      return;
    }
  }

  // Onboarding finished while the connection was down or the store failing: the choices are kept
  // (and already applied on this page) and sent again after each hello until they are stored.
  let pendingOnboarding = null;
  async function sendPendingOnboarding() {
    if (!pendingOnboarding || pendingOnboarding.child !== state.childID) return;
    const { choices } = pendingOnboarding;
    const replies = await connection.request("onboarded", choices).catch(() => []);
    const reply = replies.find((r) => r.type === "hello");
    if (!reply) return;
    pendingOnboarding = null;
    applyProfile(reply.profile);
  }

  function applyProfile(profile) {
    state.profile = profile;
    document.body.dataset.hand = profile?.handedness ?? "right";
    applySettings(profile);
  }

  // A server restarted with another class code refuses this tablet's cookie: the tablet would try
  // for ever, offline, with no way back but a reload (none in a home-screen app). After a few
  // refused tries it asks whether the code is wanted and, if so, asks for it.
  let closedInARow = 0, askingForCode = false;
  async function askForCodeIfWanted() {
    if (askingForCode || closedInARow < 2 || !(await classCodeNeeded())) return;
    askingForCode = true;
    await askForClassCode();
    location.reload();
  }

  connection.onState(async (status, { first }) => {
    state.online = status === "open";
    $("offline").classList.toggle("hidden", status === "open");
    document.body.dataset.online = String(status === "open");
    closedInARow = status === "open" ? 0 : closedInARow + 1;
    if (status === "closed") askForCodeIfWanted();
    if (status === "open" && !first) {
      try {
        await hello(state.childID);
        await screens.schule.reconnected();
        await screens.werkstatt.reconnected();
      } catch (error) { console.warn("after reconnecting", error); }
    }
  });

  await connection.open();
  try {
    const list = await (await fetch("/api/v1/glyphs")).json();
    state.lettersByScript = Object.fromEntries(list.scripts.map((s) =>
      [s.id, s.glyphs.map((g) => g.char).filter((c) => !/[0-9]/.test(c))]));
  } catch (error) { console.warn("glyph list", error); }

  const params = new URLSearchParams(location.search);
  const remembered = device.childID();
  if (params.get("letter") || params.get("word")) {
    // A direct link to one letter or a Schulschrift word (adults, tests): as the remembered child, or without one;
    // reloaded in the middle of that letter, it goes on there.
    await hello(remembered);
    const kept = await lessonKeep.kept(state.childID);
    const named = params.get("word") ?? params.get("letter");
    go("schule", kept?.glyph.char === named ? { resume: kept } : { letter: params.get("letter"), word: params.get("word") });
  } else if (remembered) {
    try {
      await app.choose(remembered);
    } catch (error) {
      console.warn("remembered child", error);
      go("who");
    }
  } else {
    go("who");
  }

  // Installable app: the service worker caches the app shell (never the data).
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch((error) => console.warn("service worker", error));
  }
}

main().catch((error) => {
  console.error(error);
  document.body.dataset.state = "error";
});
