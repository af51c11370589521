"""How the reader copes with ink sampled unlike UNIPEN's: denser, sparser, noisier, simplified.

Other tablets and other data sets sample the pen at other rates, add sensor noise or store simplified
polylines. This script takes the members of development runs (train.py --holdout … --tag NAME, as
compare_dev.py does), re-samples the held-out contributors' real letters in each of these ways, and
prints the letters-only merged accuracy of the averaged members on each version of the same letters:

  robustness.py --work /tmp/rec-dev --ensemble v2x3.0+t2h1.0+half1.0+half2.0 [--letters 6000]

Variants (every one applied to each stroke; "size" is the longer side of the letter's box):
- plain: as recorded (UNIPEN: median 30 points per letter);
- denser ×4, ×8: three (seven) points linearly interpolated between recorded ones;
- with noise: denser and Gaussian noise of 0.5 % or 1 % of the size on every point;
- every k-th point: a slower sampling rate (the stroke's last point is kept);
- simplified: Ramer-Douglas-Peucker with a tolerance of 1 % or 4 % of the size;
- hooks: a short stroke end (6 % of the size) in a random direction on every stroke.
"""

from __future__ import annotations

import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import ink  # noqa: E402
import model  # noqa: E402
import train  # noqa: E402


def box_side(strokes):
    allp = np.concatenate(strokes)
    return max(float(np.ptp(allp[:, 0])), float(np.ptp(allp[:, 1])), 1e-9)


def denser(k, noise=0.0):
    def f(strokes, rng):
        side = box_side(strokes)
        out = []
        for a in strokes:
            if len(a) >= 2:
                t = np.linspace(0, len(a) - 1, (len(a) - 1) * k + 1)
                a = np.stack([np.interp(t, np.arange(len(a)), a[:, 0]), np.interp(t, np.arange(len(a)), a[:, 1])], 1)
            out.append(a + rng.normal(0, noise * side, a.shape) if noise else a)
        return out
    return f


def every(k):
    def thin(a):
        if len(a) <= k:
            return a
        kept = a[::k]
        return kept if (len(a) - 1) % k == 0 else np.vstack([kept, a[-1:]])  # the stroke's end stays

    def f(strokes, _rng):
        return [thin(a) for a in strokes]
    return f


def rdp(a, eps):
    """Ramer-Douglas-Peucker: the fewest points within `eps` of the polyline."""
    if len(a) < 3:
        return a
    p, q = a[0], a[-1]
    d = q - p
    length = float(np.hypot(*d))
    dist = np.hypot(*(a - p).T) if length == 0 else np.abs(d[0] * (a[:, 1] - p[1]) - d[1] * (a[:, 0] - p[0])) / length
    i = int(dist.argmax())
    if dist[i] > eps:
        return np.vstack([rdp(a[:i + 1], eps)[:-1], rdp(a[i:], eps)])
    return np.vstack([p, q])


def simplified(rel):
    def f(strokes, _rng):
        side = box_side(strokes)
        return [rdp(a, rel * side) for a in strokes]
    return f


def hooks(strokes, rng):
    side = box_side(strokes)
    out = []
    for a in strokes:
        if len(a) >= 3:
            d = rng.normal(0, 1, 2)
            a = np.vstack([a, a[-1] + d / max(np.hypot(*d), 1e-9) * 0.06 * side])
        out.append(a)
    return out


VARIANTS = [
    ("plain", lambda s, _rng: s),
    ("denser ×4", denser(4)),
    ("denser ×8", denser(8)),
    ("denser ×4, noise 0.5 %", denser(4, 0.005)),
    ("denser ×4, noise 1 %", denser(4, 0.01)),
    ("every 2nd point", every(2)),
    ("every 3rd point", every(3)),
    ("every 4th point", every(4)),
    ("simplified 1 %", simplified(0.01)),
    ("simplified 4 %", simplified(0.04)),
    ("hooks", hooks),
]


def load_member(work, item):
    """Member k of development run NAME ("NAME.k"), its network shape read from the saved weights."""
    run, _, k = item.rpartition(".")
    state = torch.load(os.path.join(work, f"dev-{run}-m{k}.pt"))
    layers = sum(1 for key in state if key.startswith("traj.") and key.endswith(".weight") and state[key].dim() == 3)
    recurrent = any(".gru." in key for key in state)
    arch = next(name for name, a in model.ARCHS.items()
                if len(a["trajectory"]) == layers and bool(a.get("rnn")) == recurrent)
    net = model.Net(len(data.CLASSES), dict(model.ARCHS[arch], name=arch))
    net.load_state_dict(state)
    net.eval()
    return net


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--work", default="/tmp/feder-recognizer")
    p.add_argument("--data", default=data.DEFAULT_DATA)
    p.add_argument("--ensemble", required=True, help="run.k+run.k+… (members of development runs)")
    p.add_argument("--letters", type=int, default=6000, help="held-out real letters drawn (0: all)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--logit-bias", default=train.LOGIT_BIAS)
    args = p.parse_args()
    torch.set_num_threads(2)
    samples = data.load_unipen(args.data)
    first_run = args.ensemble.split("+")[0].rpartition(".")[0]
    z = np.load(os.path.join(args.work, f"dev-{first_run}.npz"))
    classes = list(data.CLASSES)
    is_letter = np.array([c not in data.DIGITS for c in classes])
    merged = np.array([data.merged_label(c) for c in classes])
    idx, labels = z["idx"], z["labels"]
    letters = np.where(is_letter[labels])[0]
    rng = np.random.default_rng(args.seed)
    if args.letters and args.letters < len(letters):
        letters = rng.choice(letters, args.letters, replace=False)
    nets = [load_member(args.work, item) for item in args.ensemble.split("+")]
    shift = train.class_bias(args.logit_bias)
    print(f"{len(letters)} held-out real letters of {first_run}'s contributors; {len(nets)} networks ({args.ensemble})")
    for name, change in VARIANTS:
        vrng = np.random.default_rng([args.seed, 1])
        traj, rast, points = [], [], []
        for i in letters:
            strokes = change([np.asarray(s, dtype=np.float64).reshape(-1, 2) for s in samples[idx[i]]["strokes"]], vrng)
            points.append(sum(len(s) for s in strokes))
            t, r = ink.preprocess(strokes)
            traj.append(t)
            rast.append(r)
        with torch.no_grad():
            lg = np.mean([n(torch.from_numpy(np.stack(traj)), torch.from_numpy(np.stack(rast))).numpy() for n in nets], 0)
        lg = lg + shift
        read = np.where(is_letter[None, :], lg, -np.inf).argmax(1)
        acc = (merged[read] == merged[labels[letters]]).mean()
        print(f"{name:24s} letters-only merged {100 * acc:.2f} %   (median {np.median(points):.0f} points per letter)",
              flush=True)


if __name__ == "__main__":
    main()
