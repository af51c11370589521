"""Compares ensembles made of the members of development runs (train.py --holdout … --tag NAME).

Every development run keeps its members' logits on the held-out contributors' real samples in
<work>/dev-NAME.npz. An ensemble is a list of members, NAME.k (member k of run NAME), averaged as the
shipped reader averages its networks, with the shipped per-class offsets (--logit-bias). Runs of
one comparison must hold out the same contributors.

  compare_dev.py --work /tmp/rec-dev v3=v2x3.0+v2x3.1+v2x3.2 mixed=t2x1.0+half1.0

prints, for each ensemble: letters top-1 with the output restricted to letters (case merge, as
docs/RECOGNITION.md), the same with each letter weighing the same (the mean over the letters'
accuracies: a child writes one of each, not UNIPEN's ten e for one x), with all classes, exact case, digits (digits-only output), real B read as ß,
real I read as l, and verification at the children's threshold (temperature fitted on these
logits: one number, in-sample); then, against the first ensemble, how many letters each other one
gets right that the first gets wrong and the other way round (a paired comparison).
"""

from __future__ import annotations

import argparse
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import evaluate  # noqa: E402
import train  # noqa: E402


def member_logits(work, spec):
    """Mean logits of `spec` ("run.k+run.k"), and the labels of the held-out samples."""
    parts, labels, idx = [], None, None
    for item in spec.split("+"):
        run, _, k = item.rpartition(".")
        z = np.load(os.path.join(work, f"dev-{run}.npz"))
        if idx is None:
            labels, idx = z["labels"], z["idx"]
        elif not np.array_equal(idx, z["idx"]):
            raise SystemExit(f"{run} held out other samples than the first member of {spec}")
        parts.append(z["members"][int(k)].astype(np.float64))
    return np.mean(parts, axis=0), labels, idx


def training_prior_shift(held_out_idx, tau, real=None):
    """The shift train.py --prior-tau folds into the last bias, from the labels a development run trains
    on (the contributors held out are told by the held-out samples' indices, which are real samples;
    `real`, UNIPEN's samples, if the caller has them already)."""
    real = real if real is not None else data.load_unipen(data.DEFAULT_DATA)
    held = {real[i]["contributor"] for i in held_out_idx}
    return data.prior_shift(train.prior_labels(exclude=held), len(data.CLASSES), tau)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", default="/tmp/feder-recognizer")
    p.add_argument("--logit-bias", default=train.LOGIT_BIAS)
    p.add_argument("--prior-tau", type=float, default=0.0,  # the dev runs' logits hold none
                   help="take this much of the training set's class skew out of the answer (as train.py --prior-tau)")
    p.add_argument("ensembles", nargs="+", help="NAME=run.k+run.k+…")
    args = p.parse_args()
    classes = list(data.CLASSES)
    is_letter = np.array([c not in data.DIGITS for c in classes])
    merged = np.array([data.merged_label(c) for c in classes])
    shift = train.class_bias(args.logit_bias)
    first = None
    for entry in args.ensembles:
        name, _, spec = entry.partition("=")
        lg, y, idx = member_logits(args.work, spec)
        if first is not None and not np.array_equal(idx, first[2]):
            raise SystemExit(f"{name} held out other samples than {first[0]}")
        if args.prior_tau and first is None:
            shift = shift + training_prior_shift(idx, args.prior_tau)
        lg = lg + shift
        L = is_letter[y]
        letters_only = np.where(is_letter[None, :], lg, -np.inf).argmax(1)
        digits_only = np.where(~is_letter[None, :], lg, -np.inf).argmax(1)
        every = lg.argmax(1)
        right = merged[letters_only] == merged[y]
        balanced = np.mean([right[y == c].mean() for c in np.unique(y[L])])
        t = train.fit_temperature(lg, y)
        prob = evaluate.softmax(lg, t)
        frr, far, _ = evaluate.operating_point(prob[L], y[L], classes, evaluate.CHILDREN_THRESHOLD)
        ci = {c: classes.index(c) for c in "BßIl"}
        b_sz = int(((y == ci["B"]) & (letters_only == ci["ß"])).sum())
        i_l = int(((y == ci["I"]) & (letters_only == ci["l"])).sum())
        print(f"{name} ({spec}): letters {L.sum()}: letters-only merged {100 * right[L].mean():.2f} % "
              f"(each letter the same weight {100 * balanced:.2f} %), "
              f"all classes merged {100 * (merged[every[L]] == merged[y[L]]).mean():.2f} %, "
              f"exact {100 * (letters_only[L] == y[L]).mean():.2f} %; digits-only {100 * (digits_only[~L] == y[~L]).mean():.2f} %; "
              f"B→ß {b_sz} of {(y == ci['B']).sum()}, I→l {i_l} of {(y == ci['I']).sum()}; "
              f"T {t:.3f}, at {evaluate.CHILDREN_THRESHOLD}: right letters rejected {100 * frr:.2f} %, other letters accepted {100 * far:.2f} %",
              flush=True)
        if first is None:
            first = (name, right, idx)
        else:
            gained = int((right & ~first[1])[L].sum())
            lost = int((~right & first[1])[L].sum())
            z = (gained - lost) / math.sqrt(gained + lost) if gained + lost else 0.0
            print(f"  against {first[0]}: {gained} letters right that it reads wrong, {lost} the other way "
                  f"(net {gained - lost:+d}, sign-test z {z:.2f})", flush=True)


if __name__ == "__main__":
    main()
