"""How a weights file reads Feder's own taught letters written the way a child might write them.

  .venv-recognizer/bin/python scripts/recognizer/taught_forms.py [--weights FILE] [--per-char 60] [--shift "ß=1"]

A child learns Feder's print forms, so the letters it writes look more like the glyph centerlines
in Resources/Glyphs/druck than like UNIPEN's adult hands. For every character this draws samples
from all of its glyph variants the way training does (data.synth_from_glyph: affine, elastic, pen
resampling, size, rounding), half of them also through the child-like distortions
(data.augment), with a seed training never uses, and prints how often the letter is the top-1
reading and the median probability of the expected letter (plus its same-shape twins, as
`verify(expected:)` does). Not independent of training: the same generator made 120 training
samples per character. It answers a narrower question than evaluate.py: does a per-class offset or
a new model cost the forms Feder teaches? `--shift` adds offsets to the logits first (what a
different `train.py --logit-bias` would have exported).
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import ink  # noqa: E402
import model  # noqa: E402
from train import class_bias  # noqa: E402

DEFAULT_WEIGHTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                               "Sources/FederCore/Resources/Recognizer/letters.fdrw")
SEED = 90210  # training draws its glyph samples from default_rng([seed, 7]), seed 0 by default


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--weights", default=DEFAULT_WEIGHTS)
    ap.add_argument("--per-char", type=int, default=60)
    ap.add_argument("--shift", default="", help='per-class logit offsets, e.g. "ß=1"')
    ap.add_argument("--only", default="", help="characters to report (default: all)")
    args = ap.parse_args()

    header, tensors = model.load(args.weights)
    classes, temperature = header["classes"], header["temperature"]
    shift = class_bias(args.shift) if args.shift else 0.0
    rng = np.random.default_rng(SEED)
    samples = data.synthesize_from_glyphs(rng, per_char=args.per_char)
    rows = {}
    for k, s in enumerate(samples):
        if args.only and s["label"] not in args.only:
            continue
        strokes = data.augment(s["strokes"], rng) if k % 2 else s["strokes"]
        traj, rast = ink.preprocess(strokes)
        p = model.softmax(model.reference_logits(header, tensors, traj, rast) + shift, temperature)
        label = s["label"]
        forms = [c for c in classes if data.same_shape(c, label)]
        top = classes[int(np.argmax(p))]
        r = rows.setdefault(label, {"n": 0, "top1": 0, "p": []})
        r["n"] += 1
        r["top1"] += top in forms
        r["p"].append(sum(p[classes.index(c)] for c in forms))
    worst = sorted(rows.items(), key=lambda kv: kv[1]["top1"] / kv[1]["n"])
    n = sum(r["n"] for r in rows.values())
    print(f"{args.weights}: {len(rows)} characters, {n} samples; top-1 (same shapes count) "
          f"{100 * sum(r['top1'] for r in rows.values()) / n:.1f} %")
    for label, r in worst:
        print(f"  {label}  top-1 {r['top1']:3d}/{r['n']}  median p {np.median(r['p']):.2f}  "
              f"p < 0.5: {100 * np.mean(np.array(r['p']) < 0.5):.0f} %")


if __name__ == "__main__":
    main()
