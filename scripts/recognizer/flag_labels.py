"""Real samples whose writing does not show their label, for train.py --exclude.

About 3 % of UNIPEN's letters are not readable as their label (docs/RECOGNITION.md, the error audit:
a capital written for a small letter, another letter, a scribble, a lone line). This flags every
real sample to which networks that never saw its writer give less than --threshold probability for
its label (its case-merged group: c and C count together), so that training can leave it out.
Evaluation never leaves anything out.

Measured (docs/RECOGNITION.md, "Leaving out labels the writing does not show"): no gain on the
development split once the flags come from networks that never saw the split's held-out writers
either. Flags taken from the five folds' runs for a development run are not clean: those networks
were trained on its held-out writers, and they made the same experiment look 0.3 points better.

The networks are development runs of train.py --holdout (their logits on the held-out samples, in
<work>/dev-RUN.npz): each ensemble named covers the contributors it held out, and a sample covered
by several gets the mean of their probabilities. A sample no run covers is kept.

  # every real sample judged by the fold that held its writer out (for a file trained on all
  # writers; not for development runs, see above)
  .venv-recognizer/bin/python scripts/recognizer/flag_labels.py --work /tmp/rec-dev \\
      --ensemble "f{f}v2x3.0+f{f}t2h.0+f{f}half.0+f{f}half2.0" --folds 0,1,2,3,4 --out /tmp/rec-dev/flags.txt

The file holds one sample per line (its index among the samples data.load_unipen reads from the
data file, from 0: lines without strokes are not counted), after a header naming the data file and
its number of samples, which train.py checks. The prior correction still counts flagged samples,
and flags made from the five folds' runs are not clean for a cross-validation of train.py either.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402

HEADER = "# feder flagged labels"


def read(path, data_path):
    """The flagged sample indices of `path`, checked against the data file they were made for."""
    with open(path) as f:
        lines = f.read().split("\n")
    if not lines[0].startswith(HEADER):
        raise SystemExit(f"{path}: not a file of flagged labels ({lines[0][:80]!r})")
    head = dict(part.split("=", 1) for part in lines[0][len(HEADER):].split() if "=" in part)
    if head.get("data") != os.path.basename(data_path):
        raise SystemExit(f"{path}: not flags for {os.path.basename(data_path)} ({lines[0]!r})")
    n = len(data.load_unipen(data_path))
    if int(head["samples"]) != n:
        raise SystemExit(f"{path}: made for {head['samples']} samples, the data file has {n}")
    return np.array([int(line) for line in lines[1:] if line.strip()], dtype=np.int64)


def write(path, flagged, data_path, n, note):
    with open(path, "w") as f:
        f.write(f"{HEADER} data={os.path.basename(data_path)} samples={n} {note}\n")
        f.writelines(f"{i}\n" for i in sorted(flagged))


def own_label_probability(work, ensembles, n):
    """Per real sample: the mean over the runs covering it of their probability of its label's group."""
    import compare_dev  # torch, and train.py, which imports this module

    merged = np.array([data.merged_label(c) for c in data.CLASSES])
    total, count = np.zeros(n), np.zeros(n)
    for spec in ensembles:
        logits, labels, idx = compare_dev.member_logits(work, spec)
        z = logits - logits.max(1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(1, keepdims=True)
        same = merged[None, :] == merged[labels][:, None]
        total[idx] += (p * same).sum(1)
        count[idx] += 1
    covered = count > 0
    own = np.full(n, np.nan)
    own[covered] = total[covered] / count[covered]
    return own


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", default="/tmp/rec-dev")
    p.add_argument("--data", default=data.DEFAULT_DATA)
    p.add_argument("--ensemble", action="append", required=True,
                   help='members of one development run\'s ensemble ("run.0+run.1"); {f} with --folds; repeatable')
    p.add_argument("--folds", default="", help="fill {f} of each --ensemble with these fold numbers")
    p.add_argument("--threshold", type=float, default=0.02)
    p.add_argument("--out", required=True)
    args = p.parse_args()
    ensembles = [e.replace("{f}", f) for e in args.ensemble for f in (args.folds.split(",") if args.folds else [""])]
    real = data.load_unipen(args.data)
    own = own_label_probability(args.work, ensembles, len(real))
    covered = ~np.isnan(own)
    flagged = np.where(covered & (own < args.threshold))[0]
    write(args.out, flagged, args.data, len(real), f"threshold={args.threshold} runs={'|'.join(ensembles)}")
    by_label = collections.Counter(real[i]["label"] for i in flagged)
    print(f"{covered.sum()} of {len(real)} real samples judged; {len(flagged)} flagged "
          f"({100 * len(flagged) / max(1, covered.sum()):.2f} %) below {args.threshold}")
    print("most flagged labels:", ", ".join(f"{c} {k}" for c, k in by_label.most_common(12)))


if __name__ == "__main__":
    main()
