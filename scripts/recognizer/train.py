"""Reproducible training of the Feder letter recognizer (CPU).

  nice -n 10 .venv-recognizer/bin/python scripts/recognizer/train.py

1. loads UNIPEN (dev file), synthesises Ä Ö Ü ä ö ü (per contributor, from their own a o u A O U)
   and ß, adds synthetic samples of Feder's own glyphs (Resources/Glyphs/druck; always training data,
   never evaluated), and precomputes features: one clean view and --views child-like augmented views of
   every sample (cached under --work, never in the repo);
2. contributor-grouped k-fold cross-validation: for each fold a model is trained on the other
   contributors; its logits on the held-out contributors' clean samples go to <work>/oof.npz;
3. fits the softmax temperature on those out-of-fold logits;
4. trains the shipped model on all contributors with the same recipe and writes the weights file
   (with the temperature) to --out.
Then run evaluate.py (numbers) and export_fixture.py (agreement fixture for the Swift tests).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing as mp
import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import data  # noqa: E402
import ink  # noqa: E402
import model  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_OUT = os.path.join(REPO, "Sources/FederCore/Resources/Recognizer/letters.fdrw")
FEATURE_VERSION = 4

_SAMPLES = None


def _features_chunk(args):
    lo, hi, views, seed = args
    n = hi - lo
    traj = np.zeros((n, views + 1, ink.TRAJ_CHANNELS, ink.N_POINTS), dtype=np.float16)
    rast = np.zeros((n, views + 1, ink.RASTER, ink.RASTER), dtype=np.float16)
    ok = np.ones(n, dtype=bool)
    for i in range(lo, hi):
        s = _SAMPLES[i]
        rng = np.random.default_rng([seed, i])
        try:
            t, r = ink.preprocess(s["strokes"])
        except ink.InkError:
            ok[i - lo] = False
            continue
        traj[i - lo, 0], rast[i - lo, 0] = t, r
        for v in range(1, views + 1):
            for _attempt in range(5):
                try:
                    t, r = ink.preprocess(data.augment(s["strokes"], rng))
                    break
                except ink.InkError:
                    continue
            traj[i - lo, v], rast[i - lo, v] = t, r
    return lo, traj, rast, ok


def build_dataset(args):
    global _SAMPLES
    key = hashlib.sha1(json.dumps([FEATURE_VERSION, args.seed, args.views, args.glyph_samples, os.path.getsize(args.data),
                                   ink.N_POINTS, ink.RASTER]).encode()).hexdigest()[:10]
    cache = os.path.join(args.work, f"features-{key}.npz")
    samples = data.load_unipen(args.data)
    rng = np.random.default_rng(args.seed)
    dots = data.extract_dots(samples)
    samples = samples + data.synthesize_extra(samples, rng, dots)
    if args.glyph_samples > 0:
        # Feder's own print letters (always training data, never held out or evaluated)
        samples = samples + data.synthesize_from_glyphs(np.random.default_rng([args.seed, 7]), args.glyph_samples)
    if os.path.exists(cache):
        z = np.load(cache)
        traj, rast, ok = z["traj"], z["rast"], z["ok"]
    else:
        _SAMPLES = samples
        chunks = [(lo, min(lo + 2000, len(samples)), args.views, args.seed) for lo in range(0, len(samples), 2000)]
        traj = np.zeros((len(samples), args.views + 1, ink.TRAJ_CHANNELS, ink.N_POINTS), dtype=np.float16)
        rast = np.zeros((len(samples), args.views + 1, ink.RASTER, ink.RASTER), dtype=np.float16)
        ok = np.ones(len(samples), dtype=bool)
        t0 = time.time()
        with mp.get_context("fork").Pool(args.procs) as pool:
            for lo, t, r, o in pool.imap_unordered(_features_chunk, chunks):
                traj[lo:lo + len(o)], rast[lo:lo + len(o)], ok[lo:lo + len(o)] = t, r, o
        print(f"features: {len(samples)} samples x {args.views + 1} views in {time.time() - t0:.0f}s", flush=True)
        os.makedirs(args.work, exist_ok=True)
        np.savez(cache, traj=traj, rast=rast, ok=ok)
    labels = np.array([data.CLASS_INDEX[s["label"]] for s in samples])
    contrib = np.array([s["contributor"] for s in samples])
    meta = {"labels": labels, "contributor": contrib,
            "quality": np.array([s["quality"] for s in samples]),
            "synthetic": np.array([s["synthetic"] for s in samples]), "ok": ok}
    return samples, traj, rast, meta


def train_model(traj, rast, labels, idx, args, seed, log_prefix=""):
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    net = model.Net(len(data.CLASSES))
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=args.wd)
    steps_per_epoch = math.ceil(len(idx) / args.batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps_per_epoch * args.epochs,
                                                pct_start=0.15)
    views = traj.shape[1]
    y_all = torch.from_numpy(labels)
    for ep in range(args.epochs):
        net.train()
        t0 = time.time()
        perm = rng.permutation(idx)
        vsel = rng.integers(0, views, size=len(perm))
        tot, correct, lsum = 0, 0, 0.0
        for b in range(steps_per_epoch):
            bi = perm[b * args.batch:(b + 1) * args.batch]
            bv = vsel[b * args.batch:(b + 1) * args.batch]
            xt = torch.from_numpy(traj[bi, bv].astype(np.float32))
            xr = torch.from_numpy(rast[bi, bv].astype(np.float32))
            y = y_all[bi]
            out = net(xt, xr)
            loss = F.cross_entropy(out, y, label_smoothing=args.smoothing)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            sched.step()
            lsum += loss.item() * len(bi)
            tot += len(bi)
            correct += (out.argmax(1) == y).sum().item()
        print(f"{log_prefix}epoch {ep + 1}/{args.epochs} loss {lsum / tot:.4f} train-acc {correct / tot:.4f} "
              f"({time.time() - t0:.0f}s)", flush=True)
    net.eval()
    return net


@torch.no_grad()
def logits_of(net, traj, rast, idx, batch=1024):
    out = []
    for b in range(0, len(idx), batch):
        bi = idx[b:b + batch]
        out.append(net(torch.from_numpy(traj[bi, 0].astype(np.float32)),
                       torch.from_numpy(rast[bi, 0].astype(np.float32))).numpy())
    return np.concatenate(out) if out else np.zeros((0, len(data.CLASSES)))


def fit_temperature(logits, labels):
    """1-D golden-section search of the NLL over log T."""
    z = torch.from_numpy(logits).double()
    y = torch.from_numpy(labels)

    def nll(lt):
        return F.cross_entropy(z / math.exp(lt), y).item()

    a, b = math.log(0.2), math.log(5.0)
    g = (math.sqrt(5) - 1) / 2
    c, d = b - g * (b - a), a + g * (b - a)
    for _ in range(60):
        if nll(c) < nll(d):
            b = d
        else:
            a = c
        c, d = b - g * (b - a), a + g * (b - a)
    return math.exp((a + b) / 2)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=data.DEFAULT_DATA)
    p.add_argument("--work", default=os.environ.get("FEDER_RECOGNIZER_WORK", "/tmp/feder-recognizer"))
    p.add_argument("--out", default=DEFAULT_OUT)
    p.add_argument("--folds", type=int, default=5)
    p.add_argument("--only-folds", default="", help="comma-separated fold numbers to run (default: all)")
    p.add_argument("--skip-cv", action="store_true", help="reuse <work>/oof.npz, only train the shipped model")
    p.add_argument("--skip-final", action="store_true")
    p.add_argument("--views", type=int, default=3)
    p.add_argument("--epochs", type=int, default=10)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--wd", type=float, default=1e-4)
    p.add_argument("--smoothing", type=float, default=0.05)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--procs", type=int, default=2)
    p.add_argument("--glyph-samples", type=int, default=120,
                   help="synthetic samples per character from Resources/Glyphs/druck (0: none)")
    p.add_argument("--width", type=float, default=1.0, help="channel multiplier (experiments)")
    args = p.parse_args()
    if args.width != 1.0:
        model.set_width(args.width)
    torch.set_num_threads(args.threads)
    os.makedirs(args.work, exist_ok=True)

    samples, traj, rast, meta = build_dataset(args)
    labels, ok = meta["labels"], meta["ok"]
    fold_of, folds = data.make_folds([s for s in samples if not s["synthetic"]], args.folds)
    fold = np.array([fold_of.get(c, -1) for c in meta["contributor"]])  # -1: glyph samples, always training
    print("folds:", folds, flush=True)
    print("model MACs per letter:", model.Net(len(data.CLASSES)).macs(), flush=True)

    oof_path = os.path.join(args.work, "oof.npz")
    if not args.skip_cv:
        oof = np.full((len(samples), len(data.CLASSES)), np.nan, dtype=np.float32)
        if os.path.exists(oof_path):  # keep folds from an earlier (partial) run
            prev = np.load(oof_path)
            if prev["logits"].shape == oof.shape:
                oof = prev["logits"].copy()
        run = [int(f) for f in args.only_folds.split(",")] if args.only_folds else list(range(args.folds))
        for f in run:
            tr = np.where((fold != f) & ok)[0]
            te = np.where((fold == f) & ok)[0]
            t0 = time.time()
            net = train_model(traj, rast, labels, tr, args, seed=args.seed * 100 + f + 1, log_prefix=f"[fold {f}] ")
            oof[te] = logits_of(net, traj, rast, te)
            acc = (oof[te].argmax(1) == labels[te]).mean()
            print(f"[fold {f}] held out {folds[f]}: exact top-1 {acc:.4f} ({time.time() - t0:.0f}s)", flush=True)
            np.savez(oof_path, logits=oof, labels=labels, fold=fold, contributor=meta["contributor"],
                     quality=meta["quality"], synthetic=meta["synthetic"], ok=ok,
                     classes=np.array(data.CLASSES))
    z = np.load(oof_path)
    have = ~np.isnan(z["logits"]).any(1) & ok
    temperature = fit_temperature(z["logits"][have], labels[have])
    print(f"temperature (fit on {have.sum()} out-of-fold logits): {temperature:.4f}", flush=True)
    with open(os.path.join(args.work, "calibration.json"), "w") as fh:
        json.dump({"temperature": temperature, "n": int(have.sum())}, fh)

    if not args.skip_final:
        idx = np.where(ok)[0]
        net = train_model(traj, rast, labels, idx, args, seed=args.seed * 100 + 99, log_prefix="[final] ")
        os.makedirs(os.path.dirname(args.out), exist_ok=True)
        model.export(net, data.CLASSES, temperature, args.out,
                     extra={"data": "UNIPEN train_r01_v07 dev (all 15 contributors) + synthetic umlauts/sharp s",
                            "epochs": args.epochs, "views": args.views, "seed": args.seed})
        # the exported file (BN folded) must reproduce the torch model
        header, tensors = model.load(args.out)
        check = idx[:: max(1, len(idx) // 50)][:50]
        ref = logits_of(net, traj, rast, check)
        for j, i in enumerate(check):
            r = model.reference_logits(header, tensors, traj[i, 0].astype(np.float32), rast[i, 0].astype(np.float32))
            assert np.abs(r - ref[j]).max() < 1e-3, np.abs(r - ref[j]).max()
        print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes); export checked against torch", flush=True)


if __name__ == "__main__":
    main()
