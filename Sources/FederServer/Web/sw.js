// Caches the app shell (HTML, CSS, JS, icons) so the installed app opens at once; never the data:
// /api and the live session always go to the server.
const SHELL = "feder-shell-v8";
const FILES = ["/", "/index.html", "/styles.css", "/manifest.webmanifest", "/icons/icon.svg", "/icons/icon-192.png",
  "/js/app.js", "/js/audio-context.js", "/js/audio-log.js", "/js/captions.js", "/js/child.js", "/js/class-code.js",
  "/js/clip-manifest.js", "/js/clip-player.js", "/js/connection.js", "/js/feedback-settings.js",
  "/js/guide-animation.js", "/js/guides.js", "/js/ink-canvas.js", "/js/lesson.js", "/js/lesson-keep.js", "/js/letter-sound.js",
  "/js/paper-transfer.js", "/js/pen.js", "/js/pictures.js", "/js/screens/home.js", "/js/screens/new-child.js",
  "/js/screens/onboarding.js", "/js/screens/phase-demo.js", "/js/screens/progress.js", "/js/screens/schule.js",
  "/js/screens/werkstatt.js", "/js/screens/who.js", "/js/sounds.js", "/js/speak.js", "/js/speech-queue.js",
  "/js/state.js", "/js/two-finger-swipe.js", "/js/viewport.js", "/js/voice.js", "/adult/gate.js", "/adult/gate.css"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== SHELL).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// Network first, so a server update shows at once; the cached shell when the server is out of reach.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/v1/")) return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok && FILES.includes(url.pathname)) {
      const copy = response.clone();
      caches.open(SHELL).then((cache) => cache.put(url.pathname, copy));
    }
    return response;
  // Only a page falls back to the shell: a clip or a script answered with HTML would fail to decode
  // instead of failing to load, and the page's own fallbacks (the browser's voice) would not start.
  }).catch(() => caches.match(url.pathname).then((hit) => hit || (event.request.mode === "navigate" ? caches.match("/") : Response.error()))));
});
