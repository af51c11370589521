"""The prior correction's table (docs/RECOGNITION.md, "v5 with a letter-balanced prior"): one
ensemble per fold, read with several amounts of the correction, pooled over the folds.

  .venv-recognizer/bin/python scripts/recognizer/prior_folds.py --work /tmp/rec-dev \\
      --ensemble "f{f}v2x3.0+f{f}t2h.0+f{f}half.0+f{f}half2.0" --taus 0,0.25,0.5,0.75,1

`{f}` in the ensemble becomes each fold's number (the development runs of train.py --holdout with
f0…f4 tags). Each fold's prior leaves out its held-out contributors (compare_dev.training_prior_shift).
Prints, per τ: letters-only merged accuracy on UNIPEN's own mix; the letter-balanced figure (the
mean over the letters' accuracies) with the standard error of its change against the first τ (each
letter weighted as that figure weighs it); letters right only with τ and only with the first τ (sign
test); the letters whose accuracy moves most; verification at the children's threshold per fold (temperature fitted on each fold's
logits) and pooled; and each writer's change of the letter-balanced figure. With --child-features
(train.py's feature cache of the full-strength augmentation, e.g. /tmp/rec-dev/features-4d7ef9c2da.npz)
the runs' saved networks also read one child-like view of every held-out letter (view 1, as
evaluate.py's child-like figures), and verification is reported on it too, with the temperature of
the clean logits.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare_dev  # noqa: E402
import data  # noqa: E402
import evaluate  # noqa: E402
import train  # noqa: E402


def balanced(right, labels):
    return float(np.mean([right[labels == c].mean() for c in np.unique(labels)]))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", default="/tmp/rec-dev")
    p.add_argument("--ensemble", required=True, help="members of one fold's ensemble, {f} for the fold")
    p.add_argument("--folds", default="0,1,2,3,4")
    p.add_argument("--taus", default="0,0.5")
    p.add_argument("--child-features", default="", help="feature cache whose view 1 is the child-like view")
    args = p.parse_args()
    classes = list(data.CLASSES)
    is_letter = np.array([c not in data.DIGITS for c in classes])
    merged = np.array([data.merged_label(c) for c in classes])
    real = data.load_unipen(data.DEFAULT_DATA)
    folds, child = [], []
    if args.child_features:  # read once: every access to an .npz member reads it from disk again
        cache = np.load(args.child_features)
        child_traj, child_rast = cache["traj"], cache["rast"]
    for f in args.folds.split(","):
        spec = args.ensemble.replace("{f}", f)
        logits, y, idx = compare_dev.member_logits(args.work, spec)
        unit = compare_dev.training_prior_shift(idx, 1.0, real)
        writers = np.array([real[i]["contributor"] for i in idx])
        folds.append((logits + train.class_bias(train.LOGIT_BIAS), y, unit, writers))
        if args.child_features:
            import robustness  # torch, only for this
            nets = [robustness.load_member(args.work, item) for item in spec.split("+")]
            child.append(np.mean([train.logits_of(n, child_traj, child_rast, idx, view=1) for n in nets], axis=0)
                         + train.class_bias(train.LOGIT_BIAS))
    labels = np.concatenate([y[is_letter[y]] for _, y, _, _ in folds])
    writers = np.concatenate([w[is_letter[y]] for _, y, _, w in folds])
    weight = np.zeros(len(labels))
    for c in np.unique(labels):
        weight[labels == c] = 1.0 / (len(np.unique(labels)) * (labels == c).sum())
    first = None
    for tau in (float(t) for t in args.taus.split(",")):
        right, frr, far, n, child_frr, child_far = [], [], [], [], [], []
        for k, (logits, y, unit, _) in enumerate(folds):
            z = logits + tau * unit
            letters = is_letter[y]
            pick = np.where(is_letter[None, :], z, -np.inf).argmax(1)
            right.append((merged[pick] == merged[y])[letters])
            temperature = train.fit_temperature(z, y)
            prob = evaluate.softmax(z, temperature)
            r, a, _ = evaluate.operating_point(prob[letters], y[letters], classes, evaluate.CHILDREN_THRESHOLD)
            frr.append(r), far.append(a), n.append(letters.sum())
            if child:
                prob = evaluate.softmax(child[k] + tau * unit, temperature)
                r, a, _ = evaluate.operating_point(prob[letters], y[letters], classes, evaluate.CHILDREN_THRESHOLD)
                child_frr.append(r), child_far.append(a)
        right = np.concatenate(right)
        n = np.array(n)
        line = (f"tau {tau}: letters-only merged {100 * right.mean():.2f} %, letter-balanced {100 * balanced(right, labels):.2f} %; "
                f"at {evaluate.CHILDREN_THRESHOLD}: right letters rejected {100 * np.dot(frr, n) / n.sum():.2f} % "
                f"({', '.join(f'{100 * x:.2f}' for x in frr)}), other letters accepted {100 * np.dot(far, n) / n.sum():.2f} % "
                f"({', '.join(f'{100 * x:.2f}' for x in far)})")
        if child:
            line += (f"\n  child-like view: right letters rejected {100 * np.dot(child_frr, n) / n.sum():.2f} % "
                     f"({', '.join(f'{100 * x:.2f}' for x in child_frr)}), other letters accepted "
                     f"{100 * np.dot(child_far, n) / n.sum():.2f} %")
        if first is None:
            first = (tau, right)
        else:
            gained, lost = int((right & ~first[1]).sum()), int((~right & first[1]).sum())
            change = (right.astype(float) - first[1].astype(float)) * weight
            per_writer = ", ".join(
                f"{w} {100 * (balanced(right[writers == w], labels[writers == w]) - balanced(first[1][writers == w], labels[writers == w])):+.2f}"
                for w in np.unique(writers))
            per_letter = sorted((right[labels == c].mean() - first[1][labels == c].mean(), c) for c in np.unique(labels))
            moved = ", ".join(f"{classes[c]} {100 * first[1][labels == c].mean():.1f} → {100 * right[labels == c].mean():.1f}"
                              for _, c in per_letter[:6] + per_letter[-10:])
            line += (f"\n  letters that lose and gain most: {moved}")
            line += (f"\n  against tau {first[0]}: {gained} letters right only with this tau, {lost} only with that one "
                     f"(z {(gained - lost) / math.sqrt(max(1, gained + lost)):.2f}); letter-balanced change "
                     f"{100 * change.sum():+.2f} points (standard error {100 * math.sqrt((change ** 2).sum()):.2f})"
                     f"\n  per writer (letter-balanced): {per_writer}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
