"""A by-eye audit of held-out recognition errors: how many are real misreads, and how many could
no reader get right from the ink alone?

  # draw a fresh sample of errors (letters-only output, case merge) from out-of-fold logits;
  # the sheets show only the UNIPEN label, not the model's answer, so the judgement is blind to it
  .venv-recognizer/bin/python scripts/recognizer/audit_errors.py draw --work /tmp/feder-recognizer --out /tmp/audit
  # tally a judged audit (the shipped one: audit-errors-v2.json) and redraw its sheets
  .venv-recognizer/bin/python scripts/recognizer/audit_errors.py tally scripts/recognizer/audit-errors-v2.json --out /tmp/audit
  # the letters that verification (isExpected) rejects at a threshold: how many were written correctly?
  .venv-recognizer/bin/python scripts/recognizer/audit_errors.py draw-rejections --threshold T --work ... --out /tmp/rej

Each error gets one mark:
  Y  the ink reads clearly as its label and as no other letter: a real misread by the model;
  A  readable as its label, but just as readable as another letter in isolation (a plain bar for
     I/l/i without its dot, cursive l/e, n/h, u/v, f/F, an open e as c, ...);
  N  not readable as its label (missing strokes, a stray line, looks like another letter, noise).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402

COLOURS = ["#000", "#c00", "#06c", "#080", "#a0a", "#f80"]


def letters_only_errors(work, samples):
    z = np.load(os.path.join(work, "oof.npz"), allow_pickle=True)
    n = len(samples)
    logits = z["logits"][:n].astype(np.float64)
    labels = z["labels"][:n]
    is_letter = np.array([c.isalpha() and c.isascii() for c in data.CLASSES])
    pred = np.where(is_letter, logits, -np.inf).argmax(1)
    return [i for i in range(n) if is_letter[labels[i]]
            and data.merged_label(data.CLASSES[pred[i]]) != data.merged_label(data.CLASSES[labels[i]])]


def rejected_letters(work, samples, threshold):
    """Real letters of held-out contributors that verification would reject at `threshold`: the
    letters-only reading (out-of-fold logits, temperature fitted on the other folds) gives the letter
    and its same-shape twins less than `threshold` (as evaluate.operating_point)."""
    from evaluate import softmax
    from train import fit_temperature
    z = np.load(os.path.join(work, "oof.npz"), allow_pickle=True)
    have = ~np.isnan(z["logits"]).any(1) & z["ok"]
    shift = z["shift"] if "shift" in z.files else 0.0
    all_logits = z["logits"].astype(np.float64) + shift
    n = len(samples)
    logits, labels, fold = all_logits[:n], z["labels"][:n], z["fold"][:n]
    prob = np.zeros_like(logits)
    for f in np.unique(fold):
        other = have & (z["fold"] != f)
        prob[fold == f] = softmax(logits[fold == f], fit_temperature(all_logits[other], z["labels"][other]))
    is_letter = np.array([c not in data.DIGITS for c in data.CLASSES])
    p = np.where(is_letter[None, :], prob, 0.0)
    p /= p.sum(1, keepdims=True)
    letters = [i for i in range(n) if is_letter[labels[i]]]
    rejected = [i for i in letters
                if sum(p[i, j] for j, c in enumerate(data.CLASSES) if data.same_shape(c, data.CLASSES[labels[i]])) < threshold]
    return letters, rejected


def draw_sheets(samples, entries, out, per_sheet=48, cell=150):
    """SVG sheets of the ink, strokes coloured in writing order, with the label under each."""
    os.makedirs(out, exist_ok=True)
    for page in range(0, len(entries), per_sheet):
        parts = []
        for k, e in enumerate(entries[page:page + per_sheet]):
            strokes = samples[e["index"]]["strokes"]
            pts = np.concatenate(strokes)
            lo = pts.min(0)
            scale = (cell - 30) / max(float((pts.max(0) - lo).max()), 1.0)
            ox, oy = (k % 8) * cell, (k // 8) * (cell + 24)
            for j, s in enumerate(strokes):
                a = (s - lo) * scale + 15
                c = COLOURS[j % len(COLOURS)]
                if len(a) == 1:
                    parts.append(f'<circle cx="{ox + a[0, 0]:.1f}" cy="{oy + a[0, 1]:.1f}" r="3" fill="{c}"/>')
                else:
                    pts_s = " ".join(f"{ox + x:.1f},{oy + y:.1f}" for x, y in a)
                    parts.append(f'<polyline fill="none" stroke="{c}" stroke-width="2.5" points="{pts_s}"/>')
            parts.append(f'<text x="{ox + 4}" y="{oy + cell + 16}" font-size="15">#{page + k} label "{e["label"]}"</text>')
            parts.append(f'<rect x="{ox}" y="{oy}" width="{cell}" height="{cell + 24}" fill="none" stroke="#ccc"/>')
        rows = (min(per_sheet, len(entries) - page) + 7) // 8
        path = os.path.join(out, f"audit-{page // per_sheet}.svg")
        with open(path, "w") as f:
            f.write(f'<svg xmlns="http://www.w3.org/2000/svg" width="{8 * cell}" height="{rows * (cell + 24)}">'
                    f'<rect width="100%" height="100%" fill="white"/>{"".join(parts)}</svg>')
        print("wrote", path)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("draw")
    d.add_argument("--work", default=os.environ.get("FEDER_RECOGNIZER_WORK", "/tmp/feder-recognizer"))
    d.add_argument("--count", type=int, default=96)
    d.add_argument("--seed", type=int, default=2024)
    d.add_argument("--out", default="/tmp/feder-audit")
    r = sub.add_parser("draw-rejections", help="letters that isExpected would reject at --threshold, to judge "
                                                   "how many were written correctly")
    r.add_argument("--work", default=os.environ.get("FEDER_RECOGNIZER_WORK", "/tmp/feder-recognizer"))
    r.add_argument("--threshold", type=float, required=True)
    r.add_argument("--count", type=int, default=96)
    r.add_argument("--seed", type=int, default=2025)
    r.add_argument("--out", default="/tmp/feder-audit-rejections")
    t = sub.add_parser("tally")
    t.add_argument("judged")
    t.add_argument("--out", default="")
    args = p.parse_args()

    samples = data.load_unipen(data.DEFAULT_DATA)
    if args.cmd == "draw":
        errors = letters_only_errors(args.work, samples)
        picked = np.random.default_rng(args.seed).permutation(errors)[:args.count]
        entries = [{"index": int(i), "label": samples[i]["label"], "writer": samples[i]["writer"], "mark": ""}
                   for i in picked]
        draw_sheets(samples, entries, args.out)
        path = os.path.join(args.out, "audit.json")
        with open(path, "w") as f:
            json.dump({"errors_total": len(errors), "entries": entries}, f, indent=0, ensure_ascii=False)
        print(f"{len(errors)} errors; {len(entries)} drawn; fill in each 'mark' (Y/A/N) in {path}")
        return

    if args.cmd == "draw-rejections":
        letters, rejected = rejected_letters(args.work, samples, args.threshold)
        picked = np.random.default_rng(args.seed).permutation(rejected)[:args.count]
        entries = [{"index": int(i), "label": samples[i]["label"], "writer": samples[i]["writer"], "mark": ""}
                   for i in picked]
        draw_sheets(samples, entries, args.out)
        path = os.path.join(args.out, "audit.json")
        with open(path, "w") as f:
            json.dump({"threshold": args.threshold, "letters_total": len(letters), "rejected_total": len(rejected),
                       "error_rate": len(rejected) / len(letters), "entries": entries}, f, indent=0, ensure_ascii=False)
        print(f"{len(rejected)} of {len(letters)} held-out letters rejected at {args.threshold}; {len(entries)} drawn; "
              f"fill in each 'mark' (Y/A/N) in {path}")
        return

    with open(args.judged) as f:
        judged = json.load(f)
    for e in judged["entries"]:  # the indices must still point at the same ink
        s = samples[e["index"]]
        if s["label"] != e["label"] or s["writer"] != e["writer"]:
            sys.exit(f"entry {e['index']} no longer matches the UNIPEN file")
    if args.out:
        draw_sheets(samples, judged["entries"], args.out)
    marks = [e["mark"] for e in judged["entries"]]
    n = len(marks)
    rate = judged["error_rate"]
    if "threshold" in judged:  # an audit of rejections (draw-rejections)
        written = (marks.count("Y") + marks.count("A")) / n
        print(f"{n} of {judged['rejected_total']} rejections at {judged['threshold']} judged; "
              f"{100 * rate:.2f} % of {judged['letters_total']} held-out letters rejected")
        for m, what in (("Y", "clearly the label"), ("A", "the label, but as much another letter"),
                        ("N", "not readable as the label")):
            print(f"  {m} {what}: {marks.count(m)} ({100 * marks.count(m) / n:.0f} %)")
        print(f"correctly written letters (Y or A) rejected: about {100 * rate * written:.2f} % of all letters")
        return
    print(f"{n} held-out errors judged; error rate of the audited model {100 * rate:.2f} %")
    for m, what in (("Y", "real misreads"), ("A", "ambiguous in isolation"), ("N", "not readable as the label")):
        k = marks.count(m)
        print(f"  {m} {what}: {k} ({100 * k / n:.0f} %) -> {100 * rate * k / n:.2f} % of all letters")
    unreadable, ambiguous = rate * marks.count("N") / n, rate * marks.count("A") / n
    print(f"a reader who fixes every real misread and wins half the ambiguous cases: "
          f"{100 * (1 - unreadable - ambiguous / 2):.1f} %")


if __name__ == "__main__":
    main()
