#!/usr/bin/env python3
"""Compares the two offline German voices on a few of Feder's lines: renders each with SVOX Pico
(py-nanotts) and espeak-ng, prints durations, shows how espeak-ng reads the letter sounds (its
phoneme transcript), and writes one spectrogram per line and voice to listen to and look at.

    .venv/bin/python scripts/voice/evaluate.py [--out /tmp/feder-voice-eval]
"""

import argparse
import subprocess
from pathlib import Path

from engines import ENGINES

SAMPLES = ["Pass gut auf!", "Fang oben beim Punkt an.", "Schreib ein bisschen größer.", "Wunderschön!",
           "Mmm", "Sss", "Schsch", "Aaa", "Emm"]


def seconds(wav: Path) -> float:
    """Length without the silence before and after the voice."""
    out = subprocess.run(["sox", str(wav), "-n", "silence", "1", "0.01", "0.3%", "reverse", "silence", "1", "0.01",
                          "0.3%", "reverse", "stat"], capture_output=True, text=True).stderr
    return float(next(l for l in out.splitlines() if l.startswith("Length")).split(":")[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="/tmp/feder-voice-eval")
    out = Path(ap.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    print(f"{'line':32s} {'pico s':>7s} {'espeak s':>8s}  espeak-ng reads it as")
    for i, text in enumerate(SAMPLES):
        row = {}
        for name, synthesise in ENGINES.items():
            wav = out / f"{i:02d}-{name}.wav"
            synthesise(text, wav)
            row[name] = seconds(wav)
            subprocess.run(["sox", str(wav), "-n", "spectrogram", "-x", "600", "-y", "200", "-t", f"{name}: {text}",
                            "-o", str(wav.with_suffix(".png"))], check=True)
        phonemes = subprocess.run(["espeak-ng", "-v", "de", "-q", "-x", text], capture_output=True, text=True).stdout.strip()
        print(f"{text:32s} {row['pico']:7.2f} {row['espeak']:8.2f}  {phonemes}")
    print(f"WAV files and spectrograms in {out}")


if __name__ == "__main__":
    main()
