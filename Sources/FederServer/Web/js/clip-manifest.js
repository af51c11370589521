// The list of pre-rendered voice clips (audio/manifest.json, written by scripts/voice/render.py):
// for every line key its file, text and duration, and for every glyph character its name and
// sound keys.

let manifest = null;

export function loadManifest() {
  manifest ??= fetch("/audio/manifest.json")
    .then((r) => (r.ok ? r.json() : { lines: {}, letters: {} }))
    .catch(() => ({ lines: {}, letters: {} }));
  return manifest;
}

export function clipURL(entry) { return `/audio/${encodeURIComponent(entry.file)}`; }
