#!/usr/bin/env python3
"""Fails (exit 1, naming each problem) when a line of the engine's speech catalogue has no clip,
when a clip says an older text than the catalogue, or when a clip does not decode to the duration
the manifest promises. Uses ffmpeg to decode every clip in full.

    FEDER_BIN=.build/debug/feder python3 scripts/voice/check.py [--audio DIR]
"""

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from catalog import AUDIO, load_catalog


def decoded_seconds(path: Path) -> float:
    """Decodes the whole clip; raises on any decoder error."""
    run = subprocess.run(["ffmpeg", "-v", "error", "-xerror", "-i", str(path), "-f", "s16le", "-ac", "1", "-ar", "22050", "-"],
                         capture_output=True)
    if run.returncode != 0 or run.stderr.strip():
        raise ValueError(run.stderr.decode(errors="replace").strip() or f"ffmpeg exit {run.returncode}")
    return len(run.stdout) / 2 / 22050


def problems(catalog: dict, audio: Path) -> list[str]:
    found = []
    manifest_path = audio / "manifest.json"
    if not manifest_path.exists():
        return [f"{manifest_path}: missing"]
    manifest = json.loads(manifest_path.read_text())
    clips = manifest.get("lines", {})
    # Decoding is the slow part: start every clip's ffmpeg at once, a few at a time.
    with ThreadPoolExecutor(max_workers=4) as pool:
        decoded = {key: pool.submit(decoded_seconds, audio / entry["file"])
                   for key, entry in clips.items() if (audio / entry["file"]).exists()}
    for line in catalog["lines"]:
        key, text = line["key"], line["text"]
        entry = clips.get(key)
        if entry is None:
            found.append(f"{key}: no clip in the manifest")
            continue
        if entry.get("text") != text:
            found.append(f"{key}: clip says {entry.get('text')!r}, the engine says {text!r} (re-render)")
        path = audio / entry["file"]
        if not path.exists():
            found.append(f"{key}: {path.name} is missing")
            continue
        try:
            seconds = decoded[key].result()
        except ValueError as error:
            found.append(f"{key}: {path.name} does not decode: {error}")
            continue
        if seconds < 0.1:
            found.append(f"{key}: {path.name} decodes to only {seconds:.3f} s")
        elif abs(seconds - entry.get("duration", 0)) > 0.06:
            found.append(f"{key}: {path.name} decodes to {seconds:.3f} s, the manifest says {entry.get('duration')} s")
    if manifest.get("letters") != catalog["letters"]:
        found.append("manifest letters differ from the catalogue's (re-render)")
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--catalog", help="catalogue JSON file (default: ask `feder speech catalog`)")
    ap.add_argument("--audio", default=str(AUDIO))
    args = ap.parse_args()
    catalog = load_catalog(args.catalog)
    found = problems(catalog, Path(args.audio))
    for p in found:
        print(f"error: {p}")
    print(f"{len(catalog['lines'])} catalogue lines checked, {len(found)} problem{'s' if len(found) != 1 else ''}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
