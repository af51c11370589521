"""Writes the agreement fixture for the Swift recognizer tests:
Tests/FederCoreTests/Recognition/Fixtures/recognizer-agreement.json

  .venv-recognizer/bin/python scripts/recognizer/export_fixture.py [--weights ...]

The inputs are letters drawn here from hand-written coordinates (no UNIPEN data): print letters
in glyph units (x-height 100, y down), smoothed and given a deterministic hand wobble. For each
input the fixture holds the strokes, the reference features (ink.py), the reference logits and
calibrated probabilities (model.py's numpy forward of the weights file) and the intended label.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import ink  # noqa: E402
import model  # noqa: E402
from evaluate import SHAPE_TWINS  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_WEIGHTS = os.path.join(REPO, "Sources/FederCore/Resources/Recognizer/letters.fdrw")
DEFAULT_OUT = os.path.join(REPO, "Tests/FederCoreTests/Recognition/Fixtures/recognizer-agreement.json")
GLYPHS = data.GLYPH_DIR


def glyph_inks():
    """(name, char, strokes) for every variant of every glyph file, if the glyphs exist."""
    out = []
    if not os.path.isdir(GLYPHS):
        return out
    for fn in sorted(os.listdir(GLYPHS)):
        if not fn.endswith(".json") or fn == "script.json":
            continue
        g = json.load(open(os.path.join(GLYPHS, fn), encoding="utf-8"))
        for v in g.get("variants", []):
            strokes = []
            for st in v["strokes"]:
                strokes += data.svg_strokes(st["d"], step=8.0)
            out.append((f"glyph-{fn[:-5]}-{v['id']}", g["char"], strokes))
    return out


def arc(cx, cy, rx, ry, a0, a1, n=16):
    """Points on an ellipse from angle a0 to a1 (degrees; 0 = right, 90 = down since y is down)."""
    t = np.radians(np.linspace(a0, a1, n))
    return [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in t]


# Print letters as polylines of (x, y) in glyph units: top 0, middle 100, base 200, bottom 300.
DRAWN = {
    "A": [[(0, 200), (50, 0), (100, 200)], [(22, 125), (78, 125)]],
    "E": [[(0, 0), (0, 200)], [(0, 0), (80, 0)], [(0, 100), (65, 100)], [(0, 200), (80, 200)]],
    "F": [[(0, 0), (0, 200)], [(0, 0), (80, 0)], [(0, 100), (65, 100)]],
    "H": [[(0, 0), (0, 200)], [(90, 0), (90, 200)], [(0, 100), (90, 100)]],
    "L": [[(0, 0), (0, 200), (80, 200)]],
    "T": [[(0, 0), (100, 0)], [(50, 0), (50, 200)]],
    "N": [[(0, 200), (0, 0), (90, 200), (90, 0)]],
    "M": [[(0, 200), (5, 0), (55, 130), (105, 0), (110, 200)]],
    "Z": [[(0, 0), (90, 0), (0, 200), (90, 200)]],
    "D": [[(0, 0), (0, 200)], [(0, 0)] + arc(10, 100, 85, 100, -90, 90, 20)[1:] + [(0, 200)]],
    "R": [[(0, 200), (0, 0)], [(0, 0)] + arc(20, 50, 60, 50, -90, 90, 14)[1:] + [(0, 100), (80, 200)]],
    "a": [arc(45, 150, 45, 50, -20, -380, 24), [(92, 100), (92, 200)]],
    "b": [[(0, 0), (0, 200)], arc(45, 150, 45, 50, 180, 540, 24)],
    "d": [arc(45, 150, 45, 50, -20, -380, 24), [(92, 0), (92, 200)]],
    "e": [[(0, 150), (90, 150)] + arc(45, 150, 45, 50, 0, -300, 20)[1:]],
    "n": [[(0, 100), (0, 200)], [(0, 200), (0, 140)] + arc(40, 140, 40, 40, 180, 360, 12)[1:] + [(80, 200)]],
    "h": [[(0, 0), (0, 200)], [(0, 200), (0, 140)] + arc(40, 140, 40, 40, 180, 360, 12)[1:] + [(80, 200)]],
    "t": [[(30, 20), (30, 200)], [(0, 100), (65, 100)]],
    "x": [[(0, 100), (80, 200)], [(80, 100), (0, 200)]],
    "v": [[(0, 100), (40, 200), (80, 100)]],
    "g": [arc(45, 150, 45, 50, -20, -380, 24), [(92, 100), (92, 260)] + arc(50, 260, 42, 40, 0, 150, 10)[1:]],
    "l": [[(0, 0), (0, 200)]],
    "i": [[(0, 100), (0, 200)], [(0, 55)]],
    "o": [arc(45, 150, 45, 50, -90, -450, 24)],
    "c": [arc(45, 150, 45, 50, -40, -320, 20)],
    "u": [[(0, 100), (0, 160)] + arc(40, 160, 40, 40, 180, 0, 12)[1:], [(80, 100), (80, 200)]],
    "s": [arc(40, 125, 35, 25, -20, -270, 10) + arc(40, 175, 35, 25, -90, 160, 10)[1:]],
    "m": [[(0, 100), (0, 200)], [(0, 200), (0, 135)] + arc(30, 135, 30, 35, 180, 360, 10)[1:] + [(60, 200)],
          [(60, 200), (60, 135)] + arc(90, 135, 30, 35, 180, 360, 10)[1:] + [(120, 200)]],
    "1": [[(5, 45), (50, 0), (50, 200)]],
    "4": [[(60, 0), (0, 140), (90, 140)], [(65, 60), (65, 200)]],
    "7": [[(0, 0), (90, 0), (25, 200)]],
    "0": [arc(40, 100, 40, 100, -90, -450, 28)],
    "ä": [arc(45, 150, 45, 50, -20, -380, 24), [(92, 100), (92, 200)], [(28, 55)], [(66, 55)]],
    "Ü": [[(0, 0), (0, 140)] + arc(45, 140, 45, 60, 180, 90, 12)[1:] + arc(45, 140, 45, 60, 90, 0, 8)[1:] + [(90, 0)],
          [(25, -40)], [(65, -40)]],
    "ß": [data.catmull_rom(np.asarray(data.SHARP_S_VARIANTS[0][0], dtype=float), per=6).tolist()],
}


def handwritten(strokes, seed):
    """Densify, wobble a little and move into tablet-like units (deterministic)."""
    rng = np.random.default_rng(seed)
    out = []
    for s in strokes:
        a = np.asarray(s, dtype=np.float64).reshape(-1, 2)
        if len(a) > 1:
            a = data.arc_resample(a, step=6.0)
            n = len(a)
            t = np.linspace(0, 1, n)
            a = a + np.stack([3 * np.sin(2 * math.pi * (t * rng.uniform(0.5, 1.5) + rng.uniform(0, 1))),
                              3 * np.sin(2 * math.pi * (t * rng.uniform(0.5, 1.5) + rng.uniform(0, 1)))], 1)
        a = a * 0.8 + [100.0, 50.0]
        out.append([[round(float(x), 1), round(float(y), 1)] for x, y in a])
    return out


def f32(v):
    """Shortest text that reads back as the same float32."""
    return float(str(np.float32(v)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--weights", default=DEFAULT_WEIGHTS)
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()
    header, tensors = model.load(args.weights)
    classes = header["classes"]
    temp = header["temperature"]
    cases = []
    for i, (label, strokes) in enumerate(DRAWN.items()):
        ink_strokes = handwritten(strokes, seed=1000 + i)
        traj, rast = ink.preprocess(ink_strokes)
        logits = model.reference_logits(header, tensors, traj, rast)
        prob = model.softmax(logits, temp)
        order = np.argsort(-prob)
        best = classes[order[0]]
        cases.append({
            "name": f"drawn-{label}", "label": label, "strokes": ink_strokes,
            "trajectory": [f32(v) for v in traj.reshape(-1)],
            "raster": [f32(v) for v in rast.reshape(-1)],
            "logits": [round(float(v), 6) for v in logits],
            "probabilities": [float(f"{v:.8g}") for v in prob],
            "referenceTop": [classes[j] for j in order[:3]],
            "referenceTopProbabilities": [float(prob[j]) for j in order[:3]],
        })
        mark = "ok " if best == label else ("twin" if best in (label.upper(), label.lower()) else "MISS")
        print(f"{label}: {mark} top3 {[(classes[j], round(float(prob[j]), 3)) for j in order[:3]]}")
    glyphs = []
    right = 0
    for i, (name, label, strokes) in enumerate(glyph_inks()):
        ink_strokes = handwritten(strokes, seed=5000 + i)
        traj, rast = ink.preprocess(ink_strokes)
        prob = model.softmax(model.reference_logits(header, tensors, traj, rast), temp)
        order = np.argsort(-prob)
        twin = SHAPE_TWINS.get(label)
        p_expected = float(prob[classes.index(label)] + (prob[classes.index(twin)] if twin else 0.0))
        right += p_expected >= 0.5
        if p_expected < 0.5:
            print(f"{name} ({label}): not verified, p {p_expected:.3f}, top3 "
                  f"{[(classes[j], round(float(prob[j]), 3)) for j in order[:3]]}")
        glyphs.append({"name": name, "label": label, "strokes": ink_strokes,
                       "referenceTop": [classes[j] for j in order[:3]],
                       "referenceExpectedProbability": p_expected})
    if glyphs:
        print(f"glyph centerlines (with hand wobble) verified as their letter: {right}/{len(glyphs)}")
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as fh:
        json.dump({"format": "feder.recognizer-agreement", "classes": classes, "temperature": temp,
                   "points": ink.N_POINTS, "raster": ink.RASTER, "cases": cases, "glyphs": glyphs}, fh,
                  ensure_ascii=False)
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes, {len(cases)} cases)")


if __name__ == "__main__":
    main()
