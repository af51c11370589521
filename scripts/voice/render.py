#!/usr/bin/env python3
"""Renders every line of the engine's speech catalogue to a small MP3 clip for the page.

    FEDER_BIN=.build/debug/feder .venv/bin/python scripts/voice/render.py

A recording in scripts/voice/recordings/<key>.<wav|flac|ogg|m4a|mp3> replaces the synthetic
voice for that line. Every clip is trimmed of leading and trailing silence, levelled to the same
peak, resampled to 22.05 kHz mono and encoded bit-exactly, so a second run gives the same files.
Clips for keys no longer in the catalogue are removed. Writes audio/manifest.json for the page.
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from catalog import AUDIO, RECORDINGS, load_catalog
from engines import ENGINES

RECORDING_SUFFIXES = (".wav", ".flac", ".ogg", ".m4a", ".mp3")
SAMPLE_RATE = 22050
BITRATE = "40k"


def recording_for(key: str, folder: Path) -> Path | None:
    for suffix in RECORDING_SUFFIXES:
        candidate = folder / f"{key}{suffix}"
        if candidate.exists():
            return candidate
    return None


def tidy(raw: Path, out_wav: Path):
    """Trim silence at both ends (keeping 40 ms of air), level the peak to -2 dBFS, mono 22.05 kHz."""
    subprocess.run(["sox", "-R", str(raw), "-D", "-r", str(SAMPLE_RATE), "-c", "1", "-b", "16", str(out_wav),
                    "silence", "1", "0.01", "0.3%", "reverse", "silence", "1", "0.01", "0.3%", "reverse",
                    "pad", "0.04", "0.04", "gain", "-n", "-2"], check=True)


def encode(wav: Path, mp3: Path):
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", str(wav), "-map_metadata", "-1", "-fflags", "+bitexact",
                    "-flags:a", "+bitexact", "-c:a", "libmp3lame", "-b:a", BITRATE, "-ar", str(SAMPLE_RATE),
                    "-ac", "1", "-write_xing", "0", "-id3v2_version", "0", str(mp3)], check=True)


def duration(path: Path) -> float:
    """Seconds of decoded audio (ffmpeg decodes the whole clip; container headers are not trusted)."""
    out = subprocess.run(["ffmpeg", "-v", "error", "-i", str(path), "-f", "s16le", "-ac", "1", "-ar", "22050", "-"],
                         capture_output=True, check=True).stdout
    return round(len(out) / 2 / 22050, 3)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--catalog", help="catalogue JSON file (default: ask `feder speech catalog`)")
    ap.add_argument("--engine", default="pico", choices=sorted(ENGINES))
    ap.add_argument("--out", default=str(AUDIO))
    ap.add_argument("--recordings", default=str(RECORDINGS))
    args = ap.parse_args()

    catalog = load_catalog(args.catalog)
    out, recordings = Path(args.out), Path(args.recordings)
    out.mkdir(parents=True, exist_ok=True)
    synthesise = ENGINES[args.engine]
    lines = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for line in catalog["lines"]:
            key, text = line["key"], line["text"]
            recorded = recording_for(key, recordings)
            raw = recorded or tmp / f"{key}.raw.wav"
            if not recorded:
                synthesise(text, raw)
            tidy(raw, tmp / f"{key}.wav")
            clip = out / f"{key}.mp3"
            encode(tmp / f"{key}.wav", clip)
            lines[key] = {"file": clip.name, "text": text, "duration": duration(clip),
                          "source": "recording" if recorded else args.engine}
    keep = {entry["file"] for entry in lines.values()} | {"manifest.json"}
    for stale in out.iterdir():
        if stale.name not in keep:
            stale.unlink()
    manifest = {"format": "mp3", "lines": lines, "letters": catalog["letters"]}
    (out / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    size = sum(p.stat().st_size for p in out.iterdir())
    recorded = sum(1 for e in lines.values() if e["source"] == "recording")
    print(f"{len(lines)} clips ({recorded} recorded) in {out}, {size / 1024:.0f} KiB in all")


if __name__ == "__main__":
    sys.exit(main())
