"""Reproducible training of the Feder letter recognizer (CPU; `--device cuda` where a GPU is lent, not bit for bit).

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
import flag_labels  # noqa: E402
import ink  # noqa: E402
import model  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_OUT = os.path.join(REPO, "Sources/FederCore/Resources/Recognizer/letters.fdrw")
FEATURE_VERSION = 4

# How much of UNIPEN's class skew (ten e for one x) to take out of the answer. The default stays 0, as
# v1 to v5 were trained, so the commands of docs/RECOGNITION.md rebuild their files. The shipped file
# has 0.5, put in afterwards by set_prior.py (the correction is a constant per class in the last bias):
# on v5's five folds it reads 0.34 points more of a letter-balanced set (a child writes one of each
# letter) and 0.08 fewer of UNIPEN's own skewed mix (docs/RECOGNITION.md, "Prior").
PRIOR_TAU = 0.0

# The synthetic ß is drawn from a few hand-made forms, and real B whose bowls end open look like them:
# out of fold one network read 38 of 766 real B as ß. A lower ß logit trades that against Feder's own
# taught ß (glyph samples), which a child will write: -3 leaves 10 B but reads only 53 % of the taught
# ß as ß; -2 leaves 18 B and reads 87 % (taught_forms.py --only ß --per-char 400; docs/RECOGNITION.md, "ß").
LOGIT_BIAS = "ß=-2"

_SAMPLES = None

# Where the networks train (--device): the CPU, as every shipped file up to v6, or a CUDA GPU, where
# one is lent. Trained networks come back to the CPU, where logits, export and checks run as before.
DEVICE = torch.device("cpu")


def prior_labels(data_path=data.DEFAULT_DATA, seed=0, glyph_samples=120, sharp_s="v1", exclude=()):
    """The labels of every sample build_dataset trains on (real, synthetic umlauts and ß, Feder's
    glyphs; without those whose clean ink cannot be read, as its `ok`), leaving out the contributors
    in `exclude`: what data.prior_shift is computed from."""
    samples = data.load_unipen(data_path)
    samples = samples + data.synthesize_extra(samples, np.random.default_rng(seed), data.extract_dots(samples),
                                              sharp_s=sharp_s)
    if glyph_samples > 0:
        samples = samples + data.synthesize_from_glyphs(np.random.default_rng([seed, 7]), glyph_samples)
    out = []
    for s in samples:
        if s["contributor"] in exclude:
            continue
        try:
            ink.normalize(ink.sanitize(s["strokes"]))
        except ink.InkError:
            continue
        out.append(data.CLASS_INDEX[s["label"]])
    return np.array(out)


def _features_chunk(args):
    lo, hi, views, seed, strength = args
    n = hi - lo
    traj = np.zeros((n, views + 1, ink.TRAJ_CHANNELS, ink.N_POINTS), dtype=np.float16)
    rshape = (ink.RASTER, ink.RASTER) if ink.raster_channels() == 1 else (ink.raster_channels(), ink.RASTER, ink.RASTER)
    rast = np.zeros((n, views + 1) + rshape, dtype=np.float16)
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
                    t, r = ink.preprocess(data.augment(s["strokes"], rng, strength))
                    break
                except ink.InkError:
                    continue
            traj[i - lo, v], rast[i - lo, v] = t, r
    return lo, traj, rast, ok


def build_dataset(args, aug_strength=None):
    """Samples, features (clean + --views augmented views at `aug_strength`, default --aug-strength)
    and their labels; the features are cached under --work."""
    global _SAMPLES
    strength = args.aug_strength if aug_strength is None else aug_strength
    parts = [FEATURE_VERSION, args.seed, args.views, args.glyph_samples, os.path.getsize(args.data),
             ink.N_POINTS, ink.RASTER]
    if strength != 1.0:
        parts.append(strength)
    if args.sharp_s != "v1":
        parts.append("sharp-s-" + args.sharp_s)
    if ink.RASTER_FEATURES != "ink":
        parts.append(ink.RASTER_FEATURES)
    key = hashlib.sha1(json.dumps(parts).encode()).hexdigest()[:10]
    cache = os.path.join(args.work, f"features-{key}.npz")
    samples = data.load_unipen(args.data)
    rng = np.random.default_rng(args.seed)
    dots = data.extract_dots(samples)
    samples = samples + data.synthesize_extra(samples, rng, dots, sharp_s=args.sharp_s)
    if args.glyph_samples > 0:
        # Feder's own print letters (always training data, never held out or evaluated)
        samples = samples + data.synthesize_from_glyphs(np.random.default_rng([args.seed, 7]), args.glyph_samples)
    if os.path.exists(cache):
        z = np.load(cache)
        traj, rast, ok = z["traj"], z["rast"], z["ok"]
    else:
        _SAMPLES = samples
        chunks = [(lo, min(lo + 2000, len(samples)), args.views, args.seed, strength) for lo in range(0, len(samples), 2000)]
        traj = np.zeros((len(samples), args.views + 1, ink.TRAJ_CHANNELS, ink.N_POINTS), dtype=np.float16)
        rshape = (ink.RASTER, ink.RASTER) if ink.raster_channels() == 1 else (ink.raster_channels(), ink.RASTER, ink.RASTER)
        rast = np.zeros((len(samples), args.views + 1) + rshape, dtype=np.float16)
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


def write_atomically(path, write):
    """Writes `path` through a temporary file and renames it into place, so that a process stopped
    midway (parallel_runs.py's deadline) leaves no truncated file that a later merge would read."""
    tmp = path + ".part"
    with open(tmp, "wb") as fh:
        write(fh)
    os.replace(tmp, path)


# What a final member's file must agree on with the command that exports it (--assemble).
MEMBER_PROVENANCE = ("epochs", "views", "seed", "batch", "lr", "wd", "smoothing", "sched", "glyph_samples",
                     "sharp_s", "drop_hard", "exclude")


def member_provenance(args, recipe, k):
    return {"recipe": recipe_name(recipe), "member": k, **{key: getattr(args, key) for key in MEMBER_PROVENANCE}}


def train_model(traj, rast, labels, idx, args, seed, log_prefix="", arch=None):
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    net = model.Net(len(data.CLASSES), arch).to(DEVICE)
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=args.wd)
    steps_per_epoch = math.ceil(len(idx) / args.batch)
    total = steps_per_epoch * args.epochs
    if args.sched == "onecycle":
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=total, pct_start=0.15)
    else:  # linear warm-up (5 %), then cosine to zero
        warm = max(1, int(0.05 * total))
        sched = torch.optim.lr_scheduler.LambdaLR(
            opt, lambda i: (i + 1) / warm if i < warm else 0.5 * (1 + math.cos(math.pi * (i - warm) / max(1, total - warm))))
    views = traj.shape[1]
    y_all = torch.from_numpy(labels).to(DEVICE)
    for ep in range(args.epochs):
        net.train()
        t0 = time.time()
        perm = rng.permutation(idx)
        vsel = rng.integers(0, views, size=len(perm))
        # summed on the device and read once an epoch: reading them every step would make a GPU wait
        tot, correct, lsum = 0, torch.zeros((), device=DEVICE), torch.zeros((), device=DEVICE)
        for b in range(steps_per_epoch):
            bi = perm[b * args.batch:(b + 1) * args.batch]
            bv = vsel[b * args.batch:(b + 1) * args.batch]
            xt = torch.from_numpy(traj[bi, bv].astype(np.float32)).to(DEVICE, non_blocking=True)
            xr = torch.from_numpy(rast[bi, bv].astype(np.float32)).to(DEVICE, non_blocking=True)
            y = y_all[torch.from_numpy(bi).to(DEVICE)]
            out = net(xt, xr)
            if args.drop_hard > 0 and ep >= args.epochs // 3:
                # noisy labels: ignore the batch's hardest samples once the network knows the easy ones
                per = F.cross_entropy(out, y, label_smoothing=args.smoothing, reduction="none")
                keep = per.argsort()[: max(1, int(round(len(per) * (1 - args.drop_hard))))]
                loss = per[keep].mean()
            else:
                loss = F.cross_entropy(out, y, label_smoothing=args.smoothing)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            sched.step()
            lsum += loss.detach() * len(bi)
            tot += len(bi)
            correct += (out.argmax(1) == y).sum()
        print(f"{log_prefix}epoch {ep + 1}/{args.epochs} loss {lsum.item() / tot:.4f} train-acc {correct.item() / tot:.4f} "
              f"({time.time() - t0:.0f}s)", flush=True)
    net.eval()
    return net.to("cpu")


@torch.no_grad()
def logits_of(net, traj, rast, idx, batch=1024, view=0):
    """Logits of the samples `idx`: their clean view (0), or one child-like augmented view."""
    out = []
    for b in range(0, len(idx), batch):
        bi = idx[b:b + batch]
        out.append(net(torch.from_numpy(traj[bi, view].astype(np.float32)),
                       torch.from_numpy(rast[bi, view].astype(np.float32))).numpy())
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


def class_bias(spec):
    """Per-class logit offsets from "ß=-2.5,x=0.5" (folded into the last bias like the prior shift)."""
    bias = np.zeros(len(data.CLASSES), dtype=np.float32)
    for part in filter(None, spec.split(",")):
        label, value = part.split("=")
        bias[data.CLASS_INDEX[label.strip()]] += float(value)
    return bias


def member_tag(k, args):
    return f" member {k}" if args.members > 1 else ""


def member_recipe(args):
    """Each member's (architecture, augmentation strength): --recipe, or --members copies of --arch
    at --aug-strength."""
    if not args.recipe:
        return [(model.ARCH, args.aug_strength)] * args.members
    members = []
    for part in filter(None, (x.strip() for x in args.recipe.split(","))):
        name, _, strength = part.partition("@")
        if name not in model.ARCHS:
            raise SystemExit(f"--recipe: unknown network {name!r} (model.ARCHS: {', '.join(sorted(model.ARCHS))})")
        members.append((dict(model.ARCHS[name], name=name), float(strength) if strength else args.aug_strength))
    if not members:
        raise SystemExit("--recipe names no member")
    return members


def recipe_name(recipe):
    return ",".join(f"{arch['name']}@{strength:g}" for arch, strength in recipe)


def member_features(args, recipe, traj, rast, meta):
    """The features each augmentation strength of the recipe trains on ({strength: (traj, rast)});
    the ones already built for --aug-strength are reused."""
    features = {args.aug_strength: (traj, rast)}
    for _arch, strength in recipe:
        if strength not in features:
            _samples, t, r, m = build_dataset(args, strength)
            assert (m["ok"] == meta["ok"]).all() and (m["labels"] == meta["labels"]).all()
            features[strength] = (t, r)
    return features


def develop(args, traj, rast, meta, samples, recipe, features):
    """One model trained without the --holdout contributors, measured on their real samples."""
    labels, ok = meta["labels"], meta["ok"]
    hold = np.isin(meta["contributor"], args.holdout.split(","))
    tr = np.where(~hold & ok & ~meta["excluded"])[0]
    te = np.where(hold & ok & ~meta["synthetic"])[0]
    t0 = time.time()
    member_logits, macs, params = [], 0, 0
    for k, (arch, strength) in enumerate(recipe):
        if args.only_member >= 0 and k != args.only_member:
            continue
        net = train_model(*features[strength], labels, tr, args, seed=args.seed * 100 + 51 + 1000 * k,
                          log_prefix=f"[dev {args.tag} member {k}] ", arch=arch)
        macs += net.macs()
        params += sum(p.numel() for p in net.parameters())
        member_logits.append(logits_of(net, traj, rast, te))
        write_atomically(os.path.join(args.work, f"dev-{args.tag or 'run'}-m{k}.pt"),
                         lambda fh, net=net: torch.save(net.state_dict(), fh))
    lg = np.mean(member_logits, axis=0)
    classes = np.array(data.CLASSES)
    is_letter = np.array([c not in data.DIGITS for c in data.CLASSES])
    merged = np.array([data.merged_label(c) for c in data.CLASSES])
    y = labels[te]
    L = is_letter[y]
    pred = lg.argmax(1)
    pl = np.where(is_letter[None, :], lg, -np.inf).argmax(1)
    pdg = np.where(~is_letter[None, :], lg, -np.inf).argmax(1)
    for k, m in enumerate(member_logits if len(member_logits) > 1 else []):
        pk = np.where(is_letter[None, :], m, -np.inf).argmax(1)
        print(f"[dev {args.tag}] member {k}: merged_letters_only={100 * (merged[pk[L]] == merged[y[L]]).mean():.2f}", flush=True)
    r = {"tag": args.tag, "merged": (merged[pred[L]] == merged[y[L]]).mean(),
         "merged_letters_only": (merged[pl[L]] == merged[y[L]]).mean(),
         "exact": (pred[L] == y[L]).mean(), "digits": (pred[~L] == y[~L]).mean(),
         "digits_only": (pdg[~L] == y[~L]).mean()}
    # fit: clean view of a fixed subset of the real training samples
    trr = tr[~meta["synthetic"][tr]]
    sub = trr[:: max(1, len(trr) // 5000)]
    ys = labels[sub]
    ps = logits_of(net, traj, rast, sub).argmax(1)
    Ls = is_letter[ys]
    r["train_clean_merged"] = (merged[ps[Ls]] == merged[ys[Ls]]).mean()
    per = {c: (merged[pred[L & (meta['contributor'][te] == c)]] == merged[y[L & (meta['contributor'][te] == c)]]).mean()
           for c in args.holdout.split(",")}
    line = (f"{args.tag}\tarch={recipe_name(recipe) if args.recipe else model.ARCH['name']} macs={macs} params={params} "
            f"raster={ink.RASTER}{'' if ink.RASTER_FEATURES == 'ink' else ink.RASTER_FEATURES} points={ink.N_POINTS} ep={args.epochs} sched={args.sched} lr={args.lr} "
            f"wd={args.wd} members={args.members} ls={args.smoothing} drop={args.drop_hard} aug={args.aug_strength} views={args.views} bs={args.batch}\t"
            + " ".join(f"{k}={100 * v:.2f}" for k, v in r.items() if k != "tag")
            + (f" only-member={args.only_member}" if args.only_member >= 0 else "")
            + "\t" + " ".join(f"{c}={100 * v:.2f}" for c, v in per.items()) + f"\t{time.time() - t0:.0f}s")
    print(line, flush=True)
    with open(os.path.join(args.work, "devlog.tsv"), "a") as fh:
        fh.write(line + "\n")
    # one member of several processes (--only-member K) keeps its logits apart: merge_members.py joins
    # them into dev-TAG.npz, as one process training them all writes it
    part = f"-m{args.only_member}" if args.only_member >= 0 else ""
    write_atomically(os.path.join(args.work, f"dev-{args.tag or 'run'}{part}.npz"),
                     lambda fh: np.savez(fh, logits=lg, labels=y, idx=te, members=np.stack(member_logits)))


def fit_oof_temperature(args, oof_path, labels, ok, shift):
    """Fits the softmax temperature on the out-of-fold logits (with the shipped logit shift) and
    records it beside them."""
    z = np.load(oof_path)
    have = ~np.isnan(z["logits"]).any(1) & ok
    np.savez(oof_path, **{k: z[k] for k in z.files if k not in ("shift", "prior_tau", "logit_bias")}, shift=shift,
             prior_tau=np.float32(args.prior_tau), logit_bias=class_bias(args.logit_bias))
    temperature = fit_temperature(z["logits"][have] + shift, labels[have])
    print(f"temperature (fit on {have.sum()} out-of-fold logits): {temperature:.4f}", flush=True)
    with open(os.path.join(args.work, "calibration.json"), "w") as fh:
        json.dump({"temperature": temperature, "n": int(have.sum()), "prior_tau": args.prior_tau}, fh)
    return temperature


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
    p.add_argument("--epochs", type=int, default=16)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--wd", type=float, default=1e-4)
    p.add_argument("--smoothing", type=float, default=0.05)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--procs", type=int, default=2)
    p.add_argument("--glyph-samples", type=int, default=120,
                   help="synthetic samples per character from Resources/Glyphs/druck (0: none)")
    p.add_argument("--arch", default="v2", choices=sorted(model.ARCHS), help="network (model.ARCHS)")
    p.add_argument("--width", type=float, default=1.0, help="channel multiplier (experiments)")
    p.add_argument("--raster", type=int, default=ink.RASTER, help="raster size in pixels")
    p.add_argument("--points", type=int, default=ink.N_POINTS, help="trajectory samples")
    p.add_argument("--raster-features", default=ink.RASTER_FEATURES, choices=["ink", "ink+orient4"])
    p.add_argument("--aug-strength", type=float, default=1.0, help="scales the child-like augmentation")
    p.add_argument("--sched", default="onecycle", choices=["onecycle", "cosine"])
    p.add_argument("--drop-hard", type=float, default=0.0,
                   help="fraction of each batch's highest-loss samples left out of the loss after the first third")
    p.add_argument("--exclude", default="",
                   help="file of real samples never trained on (flag_labels.py: labels the writing does not show)")
    p.add_argument("--holdout", default="",
                   help="development mode: comma-separated contributors to hold out; trains one model on the "
                        "others, prints held-out numbers, no CV, no export")
    p.add_argument("--tag", default="", help="name of a development run (for the log)")
    p.add_argument("--members", type=int, default=3,
                   help="networks trained with different seeds whose logits are averaged (an ensemble)")
    p.add_argument("--recipe", default="",
                   help='members of different networks or augmentation strengths, e.g. "t2@1,v2@0.5" '
                        "(model.ARCHS name @ --aug-strength); replaces --members, --arch and --aug-strength "
                        "for training (evaluation views keep --aug-strength)")
    p.add_argument("--first-member", type=int, default=0,
                   help="grow an ensemble: members before this one are already in <work>/oof.npz (their mean) "
                        "and in --earlier; only the later ones are trained")
    p.add_argument("--earlier", default="",
                   help="with --first-member: the weights file holding the first members (its shift must match)")
    p.add_argument("--device", default="cpu",
                   help='where the networks train: "cpu", or "cuda" where a GPU is lent (parallel_runs.py)')
    p.add_argument("--only-member", type=int, default=-1,
                   help="train only member K of the recipe (its own seed, as if all were trained): a development "
                        "run writes dev-TAG-mK.npz (merge_members.py joins them), a final run <work>/final-mK.pt "
                        "(--assemble exports them); one process per member")
    p.add_argument("--assemble", action="store_true",
                   help="final run: export the members <work>/final-mK.pt that --only-member runs trained")
    p.add_argument("--features-only", action="store_true",
                   help="build the feature caches of the recipe's augmentation strengths, then stop")
    p.add_argument("--sharp-s", default="v1", choices=sorted(data.SHARP_S_FORMS),
                   help="shapes of the synthetic ß (data.SHARP_S_FORMS; experiments)")
    p.add_argument("--logit-bias", default=LOGIT_BIAS,
                   help='per-class logit offsets, e.g. "ß=-2.5", folded into the last bias (docs/RECOGNITION.md)')
    p.add_argument("--temperature", type=float, default=0.0,
                   help="with --skip-cv: the softmax temperature to ship, when <work>/oof.npz of this recipe does "
                        "not exist (fitted elsewhere, e.g. on development runs: compare_dev.py); 0 fits it on oof.npz")
    p.add_argument("--prior-tau", type=float, default=PRIOR_TAU,
                   help="how much of the training set's class skew to take out of the answer (data.prior_shift)")
    args = p.parse_args()
    if args.temperature > 0 and not args.skip_cv:
        p.error("--temperature is for --skip-cv runs: a cross-validation fits its own")
    if args.assemble and (args.holdout or args.only_member >= 0):
        p.error("--assemble exports the final members: without --holdout and --only-member")
    if args.assemble and not (args.skip_cv and args.temperature > 0):
        p.error("--assemble needs --skip-cv and the --temperature to ship")
    if args.only_member >= 0 and not args.holdout and not args.skip_cv:
        p.error("--only-member without --holdout trains one final member: give --skip-cv")
    ink.RASTER, ink.N_POINTS, ink.RASTER_FEATURES = args.raster, args.points, args.raster_features
    model.set_arch(args.arch)
    if args.width != 1.0:
        model.set_width(args.width)
    torch.set_num_threads(args.threads)
    global DEVICE
    DEVICE = torch.device(args.device)
    if DEVICE.type == "cuda":
        torch.backends.cudnn.benchmark = True
    os.makedirs(args.work, exist_ok=True)

    samples, traj, rast, meta = build_dataset(args)
    labels, ok = meta["labels"], meta["ok"]
    meta["excluded"] = np.zeros(len(samples), dtype=bool)
    if args.exclude:
        meta["excluded"][flag_labels.read(args.exclude, args.data)] = True
        print(f"left out of training: {meta['excluded'].sum()} real samples ({args.exclude})", flush=True)
    recipe = member_recipe(args)
    args.members = len(recipe)
    if args.only_member >= len(recipe):
        p.error(f"--only-member {args.only_member}: the recipe has members 0 to {len(recipe) - 1}")
    features = member_features(args, recipe, traj, rast, meta)
    if args.features_only:
        return
    fold_of, folds = data.make_folds([s for s in samples if not s["synthetic"]], args.folds)
    fold = np.array([fold_of.get(c, -1) for c in meta["contributor"]])  # -1: glyph samples, always training
    print("folds:", folds, flush=True)
    print("model MACs per letter:", sum(model.Net(len(data.CLASSES), arch).macs() for arch, _ in recipe),
          f"({recipe_name(recipe)})", flush=True)
    if args.holdout:
        return develop(args, traj, rast, meta, samples, recipe, features)

    oof_path = os.path.join(args.work, "oof.npz")
    if not args.skip_cv:
        oof = np.full((len(samples), len(data.CLASSES)), np.nan, dtype=np.float32)
        # the same held-out samples in one child-like augmented view (for the operating point on
        # children-like ink; evaluate.py)
        oof_child = oof.copy()
        if os.path.exists(oof_path):  # keep folds from an earlier (partial) run
            prev = np.load(oof_path)
            if prev["logits"].shape == oof.shape:
                oof = prev["logits"].copy()
                if "child_logits" in prev.files:
                    oof_child = prev["child_logits"].copy()
        earlier_oof = (oof.copy(), oof_child.copy()) if args.first_member else None
        if earlier_oof is not None:
            assert not np.isnan(oof[ok & (fold >= 0)]).any(), "--first-member needs the earlier members' oof.npz"
        run = [int(f) for f in args.only_folds.split(",")] if args.only_folds else list(range(args.folds))
        for f in run:
            tr = np.where((fold != f) & ok & ~meta["excluded"])[0]
            te = np.where((fold == f) & ok)[0]
            t0 = time.time()
            nets = [train_model(*features[recipe[k][1]], labels, tr, args, seed=args.seed * 100 + f + 1 + 1000 * k,
                                log_prefix=f"[fold {f}{member_tag(k, args)}] ", arch=recipe[k][0])
                    for k in range(args.first_member, args.members)]
            new = [np.sum([logits_of(n, traj, rast, te, view=v) for n in nets], axis=0) for v in (0, 1)]
            if earlier_oof is not None:  # the earlier members' mean counts once per member
                new = [s + args.first_member * e[te] for s, e in zip(new, earlier_oof)]
            oof[te], oof_child[te] = new[0] / args.members, new[1] / args.members
            acc = (oof[te].argmax(1) == labels[te]).mean()
            print(f"[fold {f}] held out {folds[f]}: exact top-1 {acc:.4f} ({time.time() - t0:.0f}s)", flush=True)
            np.savez(oof_path, logits=oof, child_logits=oof_child, labels=labels, fold=fold, contributor=meta["contributor"],
                     quality=meta["quality"], synthetic=meta["synthetic"], ok=ok,
                     classes=np.array(data.CLASSES))
    def train_final_member(k):
        return train_model(*features[recipe[k][1]], labels, np.where(ok & ~meta["excluded"])[0], args,
                           seed=args.seed * 100 + 99 + 1000 * k, log_prefix=f"[final{member_tag(k, args)}] ",
                           arch=recipe[k][0])

    if args.only_member >= 0:  # one final member, exported later with --assemble: no temperature needed
        k = args.only_member
        net = train_final_member(k)
        path = os.path.join(args.work, f"final-m{k}.pt")
        write_atomically(path + ".json", lambda fh: fh.write(json.dumps(member_provenance(args, recipe, k)).encode()))
        write_atomically(path, lambda fh: torch.save(net.state_dict(), fh))
        print(f"wrote {path}; export with --assemble once every member is trained", flush=True)
        return
    shift = data.prior_shift(labels[ok], len(data.CLASSES), args.prior_tau) + class_bias(args.logit_bias)
    if args.temperature > 0:
        temperature = args.temperature
        print(f"temperature (given): {temperature:.4f}", flush=True)
    else:
        temperature = fit_oof_temperature(args, oof_path, labels, ok, shift)
    if not args.skip_final:
        idx = np.where(ok)[0]
        def final_member(k):
            path = os.path.join(args.work, f"final-m{k}.pt")
            if args.assemble:  # trained by an --only-member run with the same recipe and settings
                with open(path + ".json") as fh:
                    trained = json.load(fh)
                if trained != member_provenance(args, recipe, k):
                    raise SystemExit(f"{path} was trained with {trained}, not {member_provenance(args, recipe, k)}")
                net = model.Net(len(data.CLASSES), recipe[k][0])
                net.load_state_dict(torch.load(path, weights_only=True))
                return net.eval()
            return train_final_member(k)

        nets = [final_member(k) for k in range(args.first_member, args.members)]
        earlier = model.load(args.earlier) if args.first_member else None
        if earlier is not None:
            assert len(earlier[0]["members"]) == args.first_member, "--earlier holds another number of members"
        os.makedirs(os.path.dirname(args.out), exist_ok=True)
        model.export(nets, data.CLASSES, temperature, args.out,
                     extra={"data": "UNIPEN train_r01_v07 dev (all 15 contributors) + synthetic umlauts/sharp s",
                            "epochs": args.epochs, "views": args.views, "seed": args.seed,
                            "members": args.members, "recipe": recipe_name(recipe),
                            "priorTau": args.prior_tau, "logitBias": args.logit_bias,
                            # what set_prior.py needs to count the same prior again
                            "glyphSamples": args.glyph_samples, "sharpS": args.sharp_s},
                     logit_shift=shift, earlier=earlier)
        # the exported file (BN folded) must reproduce the torch models' mean logits (with the earlier
        # members' file for those it holds)
        header, tensors = model.load(args.out)
        check = idx[:: max(1, len(idx) // 50)][:50]
        ref = np.sum([logits_of(n, traj, rast, check) for n in nets], axis=0) + len(nets) * shift
        if earlier is not None:
            ref += args.first_member * np.stack([model.reference_logits(*earlier, traj[i, 0].astype(np.float32),
                                                                        rast[i, 0].astype(np.float32)) for i in check])
        ref /= args.members
        for j, i in enumerate(check):
            r = model.reference_logits(header, tensors, traj[i, 0].astype(np.float32), rast[i, 0].astype(np.float32))
            assert np.abs(r - ref[j]).max() < 1e-3, np.abs(r - ref[j]).max()
        print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes); export checked against torch", flush=True)


if __name__ == "__main__":
    main()
