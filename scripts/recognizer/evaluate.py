"""Held-out evaluation of the Feder letter recognizer from the out-of-fold logits that train.py
wrote (<work>/oof.npz): every sample is scored by the fold model that never saw its contributor.

  .venv-recognizer/bin/python scripts/recognizer/evaluate.py [--work /tmp/feder-recognizer] [--json out.json]

Prints (real UNIPEN samples unless said otherwise):
- letters top-1 with the EMNIST-balanced case merge (C I J K L M O P S U V W X Y Z, case ignored),
  the acceptance number; also exact case, letters-only output, top-3, digits;
- synthetic Ä Ö Ü ä ö ü ß of the held-out contributors;
- per held-out contributor;
- the worst confusions;
- expected calibration error (15 bins, top-1) before and after temperature scaling, where the
  temperature applied to each fold is fitted on the other folds' logits only (cross-fitted);
- expected-letter verification ROC AUC: positives = (sample, its true letter), negatives =
  (sample, every other letter of the 59); score = calibrated probability of the expected letter
  plus its letter twin (as LetterRecognition.verify sums them; verify also adds the digit twin of
  O/o and I/l, which this figure leaves out; the twin itself is not a negative), and the plain
  exact-label version.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
from train import class_bias, fit_temperature  # noqa: E402

# the same table as LetterRecognition.shapeTwins (Swift)
SHAPE_TWINS = {}
for pair in ["Cc", "Kk", "Oo", "Pp", "Ss", "Uu", "Vv", "Ww", "Xx", "Yy", "Zz", "Öö", "Üü", "Il"]:
    SHAPE_TWINS[pair[0]] = pair[1]
    SHAPE_TWINS[pair[1]] = pair[0]


CHILDREN_THRESHOLD = 0.004  # LetterRecognition.childrenThreshold
MAX_FALSE_REJECTION = 0.02  # issue 12: at most 1 in 50 correctly written letters rejected


def operating_point(prob, labels, classes, threshold):
    """Verification as a lesson does it (Clarity): the reading among letters only, renormalised; the
    expected letter's probability plus its same-shape twins'; accepted from `threshold`. Returns
    (share of right letters rejected, share of (sample, other letter) pairs accepted, share of
    samples whose most probable wrong letter would be accepted)."""
    is_letter = np.array([c not in data.DIGITS for c in classes])
    p = np.where(is_letter[None, :], prob, 0.0)
    p = p / p.sum(1, keepdims=True)
    group = np.zeros((len(classes), len(classes)), dtype=bool)  # group[e, c]: c accepted for e
    for e, ce in enumerate(classes):
        forms = next((g for g in data.SAME_SHAPES if ce in g), ce)
        for c in forms:
            if c in classes:
                group[e, classes.index(c)] = True
    letter_idx = np.where(is_letter)[0]
    score = p @ group[letter_idx].T.astype(np.float64)  # (samples, expected letters)
    pos = letter_idx[None, :] == labels[:, None]
    twin = group[letter_idx][:, labels].T & ~pos  # the expected letter shares the sample's shape
    neg = ~pos & ~twin
    frr = float((score[pos] < threshold).mean())
    far = float((score[neg] >= threshold).mean())
    hardest = np.where(neg, score, -1).max(1)
    return frr, far, float((hardest >= threshold).mean())


# WerkstattReader.stars(forProbability:): three from 0.9, two from 0.7, one from
# AssessmentConfig.anotherLetter; no star below it, and then Feder says what it read.
WERKSTATT_BANDS = (0.9, 0.7, 0.05)


def werkstatt_stars(prob, labels, classes, seed=1):
    """Stars a Werkstatt letter earns, as `operating_point` reads it (letters only, same shapes
    summed): each right letter asked for as itself, and each asked for as one random letter of
    another shape. Returns the shares of right letters with 0 and with two or more stars, and of
    other letters with at least one."""
    is_letter = np.array([c not in data.DIGITS for c in classes])
    p = np.where(is_letter[None, :], prob, 0.0)
    p = p / p.sum(1, keepdims=True)
    group = np.zeros((len(classes), len(classes)), dtype=bool)
    for e, ce in enumerate(classes):
        forms = next((g for g in data.SAME_SHAPES if ce in g), ce)
        for c in forms:
            if c in classes:
                group[e, classes.index(c)] = True
    letter_idx = np.where(is_letter)[0]
    rng = np.random.default_rng(seed)
    other = rng.choice(letter_idx, size=len(labels))
    while (clash := group[other, labels]).any():
        other[clash] = rng.choice(letter_idx, size=int(clash.sum()))
    three, two, one = WERKSTATT_BANDS

    def stars(score):
        return np.select([score >= three, score >= two, score >= one], [3, 2, 1], 0)
    right = stars((p * group[labels]).sum(1))
    wrong = stars((p * group[other]).sum(1))
    return {"right_no_star": float((right == 0).mean()), "right_two_or_more": float((right >= 2).mean()),
            "other_letter_some_star": float((wrong >= 1).mean())}


def softmax(z, t=1.0):
    z = z.astype(np.float64) / t
    z -= z.max(1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(1, keepdims=True)


def ece(prob, labels, bins=15):
    conf = prob.max(1)
    correct = prob.argmax(1) == labels
    edges = np.linspace(0, 1, bins + 1)
    total = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        m = (conf > lo) & (conf <= hi)
        if m.any():
            total += m.mean() * abs(correct[m].mean() - conf[m].mean())
    return total


def auc(pos, neg):
    """ROC AUC by the Mann-Whitney statistic (ties count half)."""
    allv = np.concatenate([pos, neg])
    order = np.argsort(allv, kind="mergesort")
    ranks = np.empty(len(allv))
    sv = allv[order]
    i = 0
    r = np.arange(1, len(allv) + 1, dtype=np.float64)
    # average ranks of ties
    uniq, start, counts = np.unique(sv, return_index=True, return_counts=True)
    avg = start + (counts + 1) / 2.0
    ranks[order] = np.repeat(avg, counts)
    del i, r
    rp = ranks[: len(pos)].sum()
    return (rp - len(pos) * (len(pos) + 1) / 2.0) / (len(pos) * len(neg))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--work", default=os.environ.get("FEDER_RECOGNIZER_WORK", "/tmp/feder-recognizer"))
    ap.add_argument("--json", default="")
    ap.add_argument("--logit-bias", default=None, help='per-class logit offsets ("ß=-2.5") instead of the run\'s own')
    ap.add_argument("--prior-tau", type=float, default=None,
                    help="apply this much prior correction (data.prior_shift) instead of the run's own")
    args = ap.parse_args()
    z = np.load(os.path.join(args.work, "oof.npz"), allow_pickle=False)
    classes = [str(c) for c in z["classes"]]
    have = ~np.isnan(z["logits"]).any(1) & z["ok"]
    logits, labels = z["logits"][have], z["labels"][have]
    shift = z["shift"] if "shift" in z.files else np.zeros(len(classes), dtype=np.float32)
    if args.prior_tau is not None or args.logit_bias is not None:
        # the correction train.py --prior-tau/--logit-bias would fold into the last bias, instead of the run's
        tau = args.prior_tau if args.prior_tau is not None else float(z["prior_tau"]) if "prior_tau" in z.files else 0.0
        bias = class_bias(args.logit_bias) if args.logit_bias is not None else (
            z["logit_bias"] if "logit_bias" in z.files else 0.0)
        shift = data.prior_shift(z["labels"][z["ok"]], len(classes), tau) + bias
    logits = logits + shift[None, :]
    child_logits = z["child_logits"][have] + shift[None, :] if "child_logits" in z.files else None
    fold, contrib = z["fold"][have], z["contributor"][have]
    synth, quality = z["synthetic"][have], z["quality"][have]
    C = np.array(classes)
    is_digit = np.array([c in data.DIGITS for c in classes])
    is_letter = ~is_digit
    merged = np.array([data.merged_label(c) for c in classes])

    # cross-fitted temperature
    prob_raw = softmax(logits)
    prob = np.zeros_like(prob_raw)
    temps = {}
    for f in np.unique(fold):
        other = fold != f
        t = fit_temperature(logits[other], labels[other]) if other.any() else 1.0
        temps[int(f)] = t
        prob[fold == f] = softmax(logits[fold == f], t)
    res = {"samples": int(have.sum()), "temperatures_crossfit": temps}

    real = ~synth
    lab_is_letter = is_letter[labels]
    pred = prob.argmax(1)
    L = real & lab_is_letter
    D = real & ~lab_is_letter
    res["letters_merged_top1"] = float((merged[pred[L]] == merged[labels[L]]).mean())
    res["letters_exact_top1"] = float((pred[L] == labels[L]).mean())
    pl = np.where(is_letter[None, :], prob, -1).argmax(1)
    res["letters_merged_top1_letters_only_output"] = float((merged[pl[L]] == merged[labels[L]]).mean())
    # each letter (after the merge) weighing the same, as a child's letters come one of each
    ok_l = merged[pl[L]] == merged[labels[L]]
    res["letters_merged_letters_only_balanced"] = float(np.mean([ok_l[merged[labels[L]] == m].mean()
                                                                 for m in np.unique(merged[labels[L]])]))
    res["letters_only_read_as"] = {f"{a}->{b}": int(((labels[L] == classes.index(a)) & (pl[L] == classes.index(b))).sum())
                                   for a, b in [("B", "ß"), ("I", "l"), ("l", "I")]}
    res["letters_exact_top1_letters_only_output"] = float((pl[L] == labels[L]).mean())
    top3 = np.argsort(-prob, 1)[:, :3]
    res["letters_exact_top3"] = float((top3[L] == labels[L, None]).any(1).mean())
    res["letters_merged_top3"] = float((merged[top3[L]] == merged[labels[L], None]).any(1).mean())
    res["letters_n"] = int(L.sum())
    ok_q = L & (quality == "OK")
    res["letters_merged_top1_quality_OK"] = float((merged[pred[ok_q]] == merged[labels[ok_q]]).mean()) if ok_q.any() else float("nan")
    res["letters_quality_OK_n"] = int(ok_q.sum())
    res["letters_merged_top1_quality_OK_letters_only_output"] = (
        float((merged[pl[ok_q]] == merged[labels[ok_q]]).mean()) if ok_q.any() else float("nan"))
    pd_ = np.where(is_digit[None, :], prob, -1).argmax(1)
    res["digits_top1"] = float((pred[D] == labels[D]).mean())
    res["digits_top1_digits_only_output"] = float((pd_[D] == labels[D]).mean())
    res["digits_n"] = int(D.sum())
    S = synth
    res["synthetic_top1_exact"] = {c: float((pred[S & (labels == classes.index(c))] == classes.index(c)).mean())
                                   for c in data.EXTRA if (S & (labels == classes.index(c))).any()}
    res["synthetic_top1_merged"] = {c: float((merged[pred[S & (labels == classes.index(c))]] == data.merged_label(c)).mean())
                                    for c in data.EXTRA if (S & (labels == classes.index(c))).any()}
    # umlaut/ß false alarms on real letters
    extra_idx = [classes.index(c) for c in data.EXTRA]
    res["real_letters_read_as_umlaut_or_sz"] = float(np.isin(pred[L], extra_idx).mean())

    per = {}
    for c in sorted(set(contrib[L])):
        m = L & (contrib == c)
        per[c] = {"n": int(m.sum()), "merged": float((merged[pred[m]] == merged[labels[m]]).mean()),
                  "exact": float((pred[m] == labels[m]).mean())}
    res["per_contributor_letters"] = per

    conf = Counter()
    for t, p in zip(labels[real], pred[real]):
        if merged[t] != merged[p]:
            conf[(classes[t], classes[p])] += 1
    res["worst_confusions"] = [[a, b, n] for (a, b), n in conf.most_common(20)]

    res["ece_uncalibrated"] = float(ece(prob_raw, labels))
    res["ece_calibrated_crossfit"] = float(ece(prob, labels))
    res["ece_uncalibrated_real"] = float(ece(prob_raw[real], labels[real]))
    res["ece_calibrated_crossfit_real"] = float(ece(prob[real], labels[real]))
    tg = fit_temperature(logits, labels)
    res["temperature_all_folds"] = tg
    res["nll_uncalibrated"] = float(-np.log(prob_raw[np.arange(len(labels)), labels] + 1e-12).mean())
    res["nll_calibrated_crossfit"] = float(-np.log(prob[np.arange(len(labels)), labels] + 1e-12).mean())

    # verification: letter samples (real + synthetic), expected among the 59 letters
    V = lab_is_letter
    letter_idx = np.where(is_letter)[0]
    twin = np.array([classes.index(SHAPE_TWINS[c]) if c in SHAPE_TWINS else -1 for c in classes])
    pv = prob[V][:, letter_idx]
    tw = twin[letter_idx]
    score = pv + np.where(tw[None, :] >= 0, prob[V][:, np.maximum(tw, 0)], 0)
    lab = labels[V]
    is_pos = letter_idx[None, :] == lab[:, None]
    is_twin = tw[None, :] == lab[:, None]
    res["verify_auc_twins"] = float(auc(score[is_pos], score[~is_pos & ~is_twin]))
    res["verify_auc_exact"] = float(auc(pv[is_pos], pv[~is_pos]))
    Vr = real[V]
    res["verify_auc_twins_real"] = float(auc(score[Vr][is_pos[Vr]], score[Vr][~is_pos[Vr] & ~is_twin[Vr]]))
    res["verify_at_0.5_true_accept"] = float((score[is_pos] >= 0.5).mean())
    res["verify_at_0.5_false_accept"] = float((score[~is_pos & ~is_twin] >= 0.5).mean())
    # the hardest negatives: the confusable expected letter per sample (max over negatives)
    negmax = np.where(~is_pos & ~is_twin, score, -1).max(1)
    res["verify_auc_twins_hardest_negative"] = float(auc(score[is_pos], negmax))

    # the operating point of isExpected, out of fold, on the real letters and on the same letters
    # in one child-like augmented view (child_logits; runs before 2026-11-25 lack them)
    def calibrated(lg):
        out = np.zeros_like(lg, dtype=np.float64)
        for f in np.unique(fold):
            out[fold == f] = softmax(lg[fold == f], temps[int(f)])
        return out
    views = {"adult ink": prob}
    if child_logits is not None and not np.isnan(child_logits).any():
        views["child-like"] = calibrated(child_logits)
    res["operating_point"] = {}
    for name, pv_ in views.items():
        rows = {}
        for t in (0.5, 0.2, 0.1, 0.05, 0.02, 0.01, CHILDREN_THRESHOLD, 0.002):
            frr, far, far_hard = operating_point(pv_[L], labels[L], classes, t)
            rows[t] = {"false_rejection": frr, "false_acceptance": far, "false_acceptance_hardest": far_hard}
        res["operating_point"][name] = rows
    # Choosing the threshold: the largest on a grid that rejects at most 1 in 50 right letters of
    # held-out writers (all folds), in adult ink and in the child-like view alike; how much that
    # varies between writers: per fold.
    grid = [0.1, 0.05, 0.04, 0.03, 0.02, 0.015, 0.01, 0.0075, 0.005, 0.004, 0.003, 0.002, 0.0015, 0.001]
    chosen = next((t for t in grid if all(operating_point(pv_[L], labels[L], classes, t)[0] <= MAX_FALSE_REJECTION
                                          for pv_ in views.values())), grid[-1])
    res["threshold_chosen"] = chosen
    res["threshold_per_fold"] = {
        name: {int(f): dict(zip(("false_rejection", "false_acceptance", "false_acceptance_hardest"),
                                operating_point(pv_[L & (fold == f)], labels[L & (fold == f)], classes, chosen)))
               for f in np.unique(fold[L])}
        for name, pv_ in views.items()}

    res["werkstatt_stars"] = {name: werkstatt_stars(pv_[L], labels[L], classes) for name, pv_ in views.items()}

    print(f"held-out samples: {res['samples']} (real letters {res['letters_n']}, digits {res['digits_n']})")
    print(f"LETTERS top-1, EMNIST-balanced case merge: {100 * res['letters_merged_top1']:.2f} %")
    print(f"  exact case: {100 * res['letters_exact_top1']:.2f} %   top-3 exact: {100 * res['letters_exact_top3']:.2f} %"
          f"   top-3 merged: {100 * res['letters_merged_top3']:.2f} %")
    print(f"  output restricted to letters: merged {100 * res['letters_merged_top1_letters_only_output']:.2f} %, "
          f"exact {100 * res['letters_exact_top1_letters_only_output']:.2f} %")
    print(f"  letters-only, each letter weighing the same: {100 * res['letters_merged_letters_only_balanced']:.2f} %; "
          + ", ".join(f"{k} {v}" for k, v in res["letters_only_read_as"].items()))
    print(f"  quality 'OK' samples only ({res['letters_quality_OK_n']}): merged {100 * res['letters_merged_top1_quality_OK']:.2f} %"
          f" (letters-only output {100 * res['letters_merged_top1_quality_OK_letters_only_output']:.2f} %)")
    print(f"  real letters read as Ä Ö Ü ä ö ü ß: {100 * res['real_letters_read_as_umlaut_or_sz']:.2f} %")
    print(f"DIGITS top-1: {100 * res['digits_top1']:.2f} % (digits-only output {100 * res['digits_top1_digits_only_output']:.2f} %)")
    print("SYNTHETIC (held-out contributors' a o u A O U + dots; generated ß), exact / merged:")
    print("  " + "  ".join(f"{c} {100 * res['synthetic_top1_exact'][c]:.1f}/{100 * res['synthetic_top1_merged'][c]:.1f}"
                           for c in res["synthetic_top1_exact"]))
    print("per held-out contributor (letters, merged / exact):")
    for c, v in per.items():
        print(f"  {c:4s} n={v['n']:6d}  {100 * v['merged']:.2f} / {100 * v['exact']:.2f}")
    print("worst confusions (true -> predicted, after the merge):")
    print("  " + ", ".join(f"{a}->{b} {n}" for a, b, n in res["worst_confusions"]))
    print(f"CALIBRATION ECE (15 bins): uncalibrated {100 * res['ece_uncalibrated']:.2f} %, "
          f"temperature-scaled (cross-fitted, T per fold {', '.join(f'{t:.3f}' for t in temps.values())}) "
          f"{100 * res['ece_calibrated_crossfit']:.2f} %; real samples only {100 * res['ece_uncalibrated_real']:.2f} % -> "
          f"{100 * res['ece_calibrated_crossfit_real']:.2f} %; NLL {res['nll_uncalibrated']:.4f} -> {res['nll_calibrated_crossfit']:.4f}")
    print(f"  temperature fitted on all out-of-fold logits (shipped): {tg:.4f}")
    print(f"VERIFICATION ROC AUC (expected letter, 59 letters): with shape twins {res['verify_auc_twins']:.4f} "
          f"(real only {res['verify_auc_twins_real']:.4f}), exact labels {res['verify_auc_exact']:.4f}, "
          f"vs. the hardest wrong letter per sample {res['verify_auc_twins_hardest_negative']:.4f}")
    print(f"  at p >= 0.5: accepts {100 * res['verify_at_0.5_true_accept']:.2f} % of right letters, "
          f"{100 * res['verify_at_0.5_false_accept']:.3f} % of wrong ones")
    print("OPERATING POINT of isExpected (letters-only reading, same-shape twins accepted, as in a lesson):")
    for name, rows in res["operating_point"].items():
        for t, r in rows.items():
            mark = "  <- childrenThreshold" if t == CHILDREN_THRESHOLD else ""
            print(f"  {name:10s} p >= {t:<4}: right letters rejected {100 * r['false_rejection']:.2f} %, "
                  f"other letters accepted {100 * r['false_acceptance']:.3f} % "
                  f"(the most confusable one: {100 * r['false_acceptance_hardest']:.2f} %){mark}")
    print(f"  threshold chosen (largest with at most {100 * MAX_FALSE_REJECTION:.0f} % of right letters of held-out writers "
          f"rejected in every view): {res['threshold_chosen']}; per fold (held-out contributors):")
    for name, per_fold in res["threshold_per_fold"].items():
        print(f"    {name:10s} " + " · ".join(f"{f}: rejects {100 * r['false_rejection']:.2f} %, accepts "
                                              f"{100 * r['false_acceptance']:.2f} %" for f, r in per_fold.items()))
    print(f"WERKSTATT stars (WerkstattReader bands {WERKSTATT_BANDS}), real letters of held-out writers:")
    for name, r in res["werkstatt_stars"].items():
        print(f"  {name:10s} asked for as itself: no star {100 * r['right_no_star']:.2f} %, two or more "
              f"{100 * r['right_two_or_more']:.2f} %; asked for as another letter: a star {100 * r['other_letter_some_star']:.2f} %")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(res, fh, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
