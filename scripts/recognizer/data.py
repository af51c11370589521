"""Data for the Feder letter recognizer: UNIPEN loading, contributor folds, synthesis of
umlauts and sharp s, and child-like augmentation.  All randomness comes from a numpy Generator
passed in, so every run with the same seed gives the same data."""

from __future__ import annotations

import gzip
import json
import math
import os

import numpy as np

DIGITS = list("0123456789")
UPPER = list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
LOWER = list("abcdefghijklmnopqrstuvwxyz")
EXTRA = ["Ä", "Ö", "Ü", "ä", "ö", "ü", "ß"]
CLASSES = DIGITS + UPPER + LOWER + EXTRA  # 69
CLASS_INDEX = {c: i for i, c in enumerate(CLASSES)}
LETTERS = UPPER + LOWER + EXTRA  # 59
# EMNIST-balanced merges these upper/lower pairs; we merge the umlauts of O and U with them.
CASE_MERGED = set("CIJKLMOPSUVWXYZ") | {"Ö", "Ü"}

# Labels of the same shape in Austrian school print, which verification accepts for one another:
# the same groups as LetterRecognition.sameShapes (Swift).
SAME_SHAPES = ["Cc", "Kk", "Oo0", "Pp", "Ss", "Uu", "Vv", "Ww", "Xx", "Yy", "Zz", "Öö", "Üü", "Il1"]


def same_shape(a: str, b: str) -> bool:
    return a == b or any(a in g and b in g for g in SAME_SHAPES)


# The UNIPEN dev file lives beside the repository (../shared), never inside it; FEDER_UNIPEN overrides.
DEFAULT_DATA = os.environ.get("FEDER_UNIPEN", os.path.normpath(os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "data", "unipen", "unipen-dev.ndjson.gz")))


def merged_label(c: str) -> str:
    """The label under the EMNIST-balanced case merge (used for the headline metric)."""
    if c.upper() in CASE_MERGED:
        return c.upper()
    return c


def contributor(writer: str) -> str:
    return writer.split("/")[0]


def prior_shift(labels, n_classes, tau):
    """Logit shift that takes `tau` of the training set's class skew back out of the network's answer
    (logit adjustment: z - tau * log prior). UNIPEN has ten times more e than x and twice as many l
    as I; a child's letters come one of each, so a reader that copies that skew calls a bar l rather
    than I. Centred, so logits keep their scale; +1 per class so a class without samples stays finite."""
    counts = np.bincount(np.asarray(labels), minlength=n_classes).astype(np.float64) + 1.0
    logp = np.log(counts / counts.sum())
    return (-tau * (logp - logp.mean())).astype(np.float32)


def open_text(path: str):
    """A text file, gzip-compressed or not (told by its first two bytes, not its name)."""
    with open(path, "rb") as f:
        compressed = f.read(2) == b"\x1f\x8b"
    return gzip.open(path, "rt", encoding="utf-8") if compressed else open(path, "rt", encoding="utf-8")


def load_unipen(path: str = DEFAULT_DATA):
    """Labelled ink in UNIPEN's layout, one JSON object per line: `label`, `strokes` (samples
    `[x, y]`, y down; a time, pressure or more after x and y are ignored), and optionally `writer`
    (`contributor/name`; without it the file's lines count as one writer) and `quality`."""
    samples = []
    with open_text(path) as f:
        for line in f:
            if not line.strip():
                continue
            d = json.loads(line)
            strokes = [np.asarray([p[:2] for p in s], dtype=np.float64).reshape(-1, 2) for s in d["strokes"] if len(s)]
            if not strokes:
                continue
            writer = d.get("writer") or "unknown/unknown"
            samples.append({"label": d["label"], "writer": writer,
                            "contributor": contributor(writer),
                            "quality": d.get("quality", "?"), "strokes": strokes, "synthetic": False})
    return samples


def make_folds(samples, k: int = 5):
    """Greedy balanced grouping of contributors into k folds (deterministic)."""
    counts = {}
    for s in samples:
        counts[s["contributor"]] = counts.get(s["contributor"], 0) + 1
    folds = [[] for _ in range(k)]
    sizes = [0] * k
    for c, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        i = min(range(k), key=lambda j: (sizes[j], j))
        folds[i].append(c)
        sizes[i] += n
    return {c: i for i, f in enumerate(folds) for c in f}, folds


# ---------------------------------------------------------------- geometry helpers

def bbox(strokes):
    a = np.concatenate(strokes)
    return a[:, 0].min(), a[:, 1].min(), a[:, 0].max(), a[:, 1].max()


def arc_resample(a, step):
    """Resample one polyline at (about) constant spacing."""
    if len(a) < 2:
        return a.copy()
    d = np.hypot(*(a[1:] - a[:-1]).T)
    cum = np.concatenate([[0], np.cumsum(d)])
    if cum[-1] <= 0:
        return a[:1].copy()
    n = max(2, int(round(cum[-1] / step)) + 1)
    t = np.linspace(0, cum[-1], n)
    return np.stack([np.interp(t, cum, a[:, 0]), np.interp(t, cum, a[:, 1])], axis=1)


def catmull_rom(ctrl, per=8):
    """Smooth curve through control points (centripetal-free, uniform Catmull-Rom)."""
    p = np.asarray(ctrl, dtype=np.float64)
    if len(p) < 3:
        return p
    q = np.vstack([p[0], p, p[-1]])
    out = []
    for i in range(1, len(q) - 2):
        p0, p1, p2, p3 = q[i - 1], q[i], q[i + 1], q[i + 2]
        for t in np.linspace(0, 1, per, endpoint=False):
            t2, t3 = t * t, t * t * t
            out.append(0.5 * ((2 * p1) + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2
                              + (-p0 + 3 * p1 - 3 * p2 + p3) * t3))
    out.append(p[-1])
    return np.asarray(out)


# ---------------------------------------------------------------- umlaut dots

def extract_dots(samples, max_dots=4000):
    """Real pen dots: the small, high stroke of real 'i' and 'j' samples, as offsets from the
    dot's centre, scaled to the letter's body height (i.e. in x-height units)."""
    dots = []
    for s in samples:
        if s["label"] not in ("i", "j") or len(s["strokes"]) < 2:
            continue
        st = s["strokes"]
        ext = [max(np.ptp(a[:, 0]), np.ptp(a[:, 1])) if len(a) > 1 else 0.0 for a in st]
        di = int(np.argmin(ext))
        body = [a for i, a in enumerate(st) if i != di]
        bx0, by0, bx1, by1 = bbox(body)
        bh = by1 - by0
        if bh <= 0 or ext[di] > 0.35 * bh:
            continue
        dot = st[di]
        if dot[:, 1].mean() > by0 + 0.1 * bh:  # must lie above the body
            continue
        c = dot.mean(axis=0)
        # the i body is about an x-height tall (j has a descender: about 1.6)
        unit = bh if s["label"] == "i" else bh / 1.6
        dots.append((dot - c) / unit)
        if len(dots) >= max_dots:
            break
    return dots


def synth_dot(rng, dots):
    """One dot stroke in x-height units, centred at 0."""
    r = rng.random()
    if r < 0.55 and dots:
        return dots[rng.integers(len(dots))].copy()
    if r < 0.7:
        return np.zeros((1, 2))
    if r < 0.92:  # short dash, mostly steep
        ln = rng.uniform(0.03, 0.16)
        ang = rng.normal(math.pi / 2, 0.6)
        v = np.array([math.cos(ang), math.sin(ang)]) * ln / 2
        n = int(rng.integers(2, 6))
        return np.linspace(-v, v, n)
    # a tiny circle (children draw "dots" like that)
    rad = rng.uniform(0.03, 0.07)
    t = np.linspace(0, 2 * math.pi, int(rng.integers(6, 12)))
    return np.stack([np.cos(t) * rad, np.sin(t) * rad], axis=1)


def synth_umlaut(sample, rng, dots):
    """Real a o u A O U + two dots placed as writers place them."""
    base = sample["label"]
    target = {"a": "ä", "o": "ö", "u": "ü", "A": "Ä", "O": "Ö", "U": "Ü"}[base]
    st = [a.copy() for a in sample["strokes"]]
    x0, y0, x1, y1 = bbox(st)
    w, h = x1 - x0, y1 - y0
    if h <= 0 and w <= 0:
        return None
    upper = base.isupper()
    unit = h * (0.62 if upper else 1.0)  # x-height estimate
    unit = max(unit, 0.4 * w, 1e-6)
    gap = unit * (rng.uniform(0.12, 0.45) if upper else rng.uniform(0.2, 0.65))
    sep = max(w * rng.uniform(0.3, 0.75), unit * 0.22)
    cx = (x0 + x1) / 2 + rng.normal(0, 0.06) * w
    cy = y0 - gap
    tilt = rng.normal(0, 0.05) * unit
    scale = unit * math.exp(rng.normal(0, 0.25))
    d1 = synth_dot(rng, dots) * scale + [cx - sep / 2, cy - tilt]
    same = rng.random() < 0.7
    d2 = (d1 - [cx - sep / 2, cy - tilt] if same else synth_dot(rng, dots) * scale) + [cx + sep / 2, cy + tilt]
    d2 = d2 + rng.normal(0, 0.02, size=2) * unit
    order = [d1, d2] if rng.random() < 0.85 else [d2, d1]
    if rng.random() < 0.85:
        st = st + order
    else:
        st = order + st
    return {"label": target, "writer": sample["writer"], "contributor": sample["contributor"],
            "quality": sample["quality"], "strokes": st, "synthetic": True}


# ---------------------------------------------------------------- sharp s

# Hand-authored centerlines of ß in glyph units (x right, y down; top 0, middle 100, base 200,
# bottom 300: the ruling of Sources/FederCore/Resources/Glyphs/druck).  Each variant is a list
# of strokes; each stroke a list of control points, smoothed by Catmull-Rom.
SHARP_S_VARIANTS = [
    # 1. one stroke: up the stem from the baseline, over the top, small upper bowl to the
    #    middle line, big lower bowl back to the baseline (Austrian school print).
    [[(20, 200), (20, 130), (20, 60), (25, 30), (40, 12), (60, 8), (77, 18), (83, 40), (76, 62),
      (58, 82), (48, 92), (68, 102), (86, 122), (91, 150), (84, 178), (66, 196), (44, 201), (28, 196)]],
    # 2. stem from the top down, then the bowls as a second stroke starting at the stem.
    [[(20, 40), (20, 120), (20, 200)],
     [(20, 45), (28, 18), (50, 6), (72, 12), (82, 34), (74, 60), (52, 86), (72, 100), (88, 126),
      (90, 158), (78, 186), (56, 200), (30, 198)]],
    # 3. with a descender: stem starts below the baseline.
    [[(18, 270), (18, 200), (19, 110), (21, 50), (30, 20), (50, 6), (72, 12), (82, 36), (72, 64),
      (52, 86), (74, 100), (90, 130), (88, 165), (72, 192), (48, 202), (32, 198)]],
    # 4. angular "B-like" form with a pointed waist.
    [[(20, 200), (20, 40), (30, 14), (55, 6), (78, 20), (80, 48), (62, 78), (46, 94), (66, 98),
      (88, 118), (94, 150), (86, 182), (62, 200), (38, 200), (24, 192)]],
    # 5. two strokes, the bowls written from the top of the stem, open tail at the end.
    [[(22, 20), (21, 110), (20, 202)],
     [(22, 22), (46, 4), (70, 10), (80, 32), (70, 58), (50, 84), (78, 104), (92, 140), (82, 176),
      (58, 196), (40, 194)]],
]

SHARP_S_VARIANTS_OPEN = [
    # What tells a ß from a B: the top is an arch out of the stem (no corner, no top bar), the waist
    # stays well right of the stem, and the lower bowl ends in an open tail that does not come back
    # to the stem. The shipped model's shapes (above) close the lower bowl on the stem and have an
    # angular, B-like variant. An experiment (`train.py --sharp-s open`, docs/RECOGNITION.md): out of
    # fold it still read 38 of 766 real B as ß, so it is not the fix, and v1 stays the default.
    # 1. one stroke: up the stem from the baseline, arch over the top, small upper bowl to the
    #    middle line, big lower bowl, open tail (Austrian school print).
    [[(20, 200), (20, 130), (20, 60), (25, 30), (40, 12), (60, 8), (77, 18), (83, 40), (76, 62),
      (60, 82), (52, 92), (70, 102), (86, 122), (90, 150), (83, 178), (66, 194), (50, 198), (40, 192)]],
    # 2. stem from the top down, then the bowls as a second stroke starting at the stem.
    [[(20, 40), (20, 120), (20, 200)],
     [(20, 45), (28, 18), (50, 6), (72, 12), (82, 34), (74, 60), (56, 86), (74, 100), (88, 126),
      (89, 158), (78, 184), (60, 198), (44, 194)]],
    # 3. with a descender: stem starts below the baseline.
    [[(18, 270), (18, 200), (19, 110), (21, 50), (30, 20), (50, 6), (72, 12), (82, 36), (72, 64),
      (56, 86), (76, 100), (90, 130), (88, 165), (72, 190), (54, 198), (42, 192)]],
    # 4. two strokes, the bowls written from the top of the stem, open tail at the end.
    [[(22, 20), (21, 110), (20, 202)],
     [(22, 22), (46, 4), (70, 10), (80, 32), (70, 58), (54, 84), (78, 104), (92, 140), (82, 176),
      (62, 194), (46, 190)]],
    # 5. one stroke from the descender with a rounder, taller upper bowl (a "β"-like ß).
    [[(22, 262), (21, 180), (21, 90), (26, 38), (42, 12), (62, 8), (80, 24), (84, 52), (72, 78),
      (56, 92), (76, 106), (90, 136), (86, 170), (68, 192), (50, 196), (40, 188)]],
]

SHARP_S_FORMS = {"v1": SHARP_S_VARIANTS, "open": SHARP_S_VARIANTS_OPEN}


def synth_sharp_s(rng, writer="synth/ß", contributor_name="synth", forms="v1"):
    shapes = SHARP_S_FORMS[forms]
    var = shapes[rng.integers(len(shapes))]
    # shared random affine (aspect, shear, rotation) and per-control-point jitter
    sx = math.exp(rng.normal(0, 0.15))
    sh = rng.normal(0.05, 0.15)
    rot = rng.normal(0, 0.06)
    c, s = math.cos(rot), math.sin(rot)
    A = np.array([[c, -s], [s, c]]) @ np.array([[sx, -sh], [0, 1.0]])
    strokes = []
    for ctrl in var:
        p = np.asarray(ctrl, dtype=np.float64)
        p = p + rng.normal(0, 4.0, size=p.shape)
        curve = catmull_rom(p, per=8)
        curve = (curve - [50, 150]) @ A.T + [50, 150]
        strokes.append(curve)
    # pen-like sampling and tablet units
    size = math.exp(rng.uniform(math.log(20), math.log(200))) / 100.0
    out = []
    for a in strokes:
        a = arc_resample(a, step=rng.uniform(2.0, 7.0))
        a = a * size + rng.normal(0, 0.4, size=a.shape)
        out.append(np.round(a))
    return {"label": "ß", "writer": writer, "contributor": contributor_name, "quality": "OK",
            "strokes": out, "synthetic": True}


# ---------------------------------------------------------------- child-like augmentation

def _smooth_noise(n, rng, amp, waves=3):
    t = np.linspace(0, 1, n)
    out = np.zeros(n)
    for _ in range(waves):
        f = rng.uniform(0.5, 3.0)
        out += rng.normal(0, amp) * np.sin(2 * math.pi * f * t + rng.uniform(0, 2 * math.pi))
    return out


def augment(strokes, rng, strength=1.0):
    """Child-like variation of one sample (list of (n, 2) arrays in any units, y down)."""
    st = [a.astype(np.float64).copy() for a in strokes]
    x0, y0, x1, y1 = bbox(st)
    size = max(x1 - x0, y1 - y0, 1e-6)
    ctr = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    # geometry: rotation, slant, aspect ratio
    rot = rng.normal(0, 0.09 * strength)
    sh = rng.normal(0, 0.18 * strength)
    asp = math.exp(rng.normal(0, 0.14 * strength))
    c, s = math.cos(rot), math.sin(rot)
    A = np.array([[c, -s], [s, c]]) @ np.array([[asp, -sh], [0, 1.0 / asp]])
    st = [(a - ctr) @ A.T for a in st]
    # wobble (low-frequency) and tremor (high-frequency), relative to the letter size
    wob = rng.uniform(0, 0.035) * strength
    trem = rng.uniform(0, 0.008) * strength
    res = []
    for a in st:
        if len(a) > 2:
            a = arc_resample(a, step=size * rng.uniform(0.015, 0.05))
            n = len(a)
            a = a + np.stack([_smooth_noise(n, rng, wob * size), _smooth_noise(n, rng, wob * size)], 1)
            a = a + rng.normal(0, trem * size, size=a.shape)
        res.append(a)
    st = res
    # stroke-level perturbations
    if rng.random() < 0.12 * strength:  # broken stroke: pen lifted in the middle
        i = int(rng.integers(len(st)))
        a = st[i]
        if len(a) >= 8:
            cut = int(rng.integers(3, len(a) - 3))
            gap = int(rng.integers(0, 3))
            st = st[:i] + [a[:cut], a[cut + gap:]] + st[i + 1:]
    if rng.random() < 0.06 * strength and len(st) > 1:  # strokes joined without a lift
        i = int(rng.integers(len(st) - 1))
        st = st[:i] + [np.vstack([st[i], st[i + 1]])] + st[i + 2:]
    if rng.random() < 0.12 * strength:  # reversed stroke direction
        i = int(rng.integers(len(st)))
        st[i] = st[i][::-1].copy()
    if rng.random() < 0.10 * strength and len(st) > 1:  # other stroke order
        perm = rng.permutation(len(st))
        st = [st[j] for j in perm]
    if rng.random() < 0.06 * strength:  # overtracing part of a stroke again
        i = int(rng.integers(len(st)))
        a = st[i]
        if len(a) >= 6:
            lo = int(rng.integers(0, len(a) - 4))
            hi = int(rng.integers(lo + 3, len(a)))
            st.append(a[lo:hi] + rng.normal(0, 0.02 * size, size=2))
    if rng.random() < 0.05 * strength:  # a short stray mark beside or below the letter
        p = rng.uniform(-0.5, 0.5, size=2) * size
        p[1] = abs(p[1])
        ang = rng.uniform(0, math.pi)
        ln = rng.uniform(0.08, 0.25) * size
        v = np.array([math.cos(ang), math.sin(ang)]) * ln
        st.append(np.linspace(p, p + v, 5))
    # overshoot / undershoot at stroke ends: trim a few points
    if rng.random() < 0.15 * strength:
        i = int(rng.integers(len(st)))
        if len(st[i]) > 10:
            st[i] = st[i][int(rng.integers(0, 3)):len(st[i]) - int(rng.integers(0, 3))]
    # random absolute scale and tablet quantisation (tiny letters get jaggy)
    scale = math.exp(rng.uniform(math.log(15), math.log(400))) / size
    return [np.round(a * scale) if rng.random() < 0.5 else a * scale for a in st]


def synthesize_extra(samples, rng, dots, per_class_ratio=1.0, n_sharp_s_per_contrib=None, sharp_s="v1"):
    """Umlauts from each contributor's own a o u A O U, and ß per contributor (so that held-out
    contributors also hold out their synthetic letters)."""
    out = []
    for s in samples:
        if s["label"] in ("a", "o", "u", "A", "O", "U"):
            # a has 3.5k samples, A 1.3k: keep the synthetic classes near 1k samples each
            p = {"a": 0.3, "o": 0.3, "u": 0.5, "A": 0.8, "O": 0.8, "U": 1.0}[s["label"]] * per_class_ratio
            if rng.random() < p:
                u = synth_umlaut(s, rng, dots)
                if u is not None:
                    out.append(u)
    counts = {}
    for s in samples:
        counts[s["contributor"]] = counts.get(s["contributor"], 0) + 1
    total = sum(counts.values())
    for c, n in sorted(counts.items()):
        k = int(round(1000 * per_class_ratio * n / total)) if n_sharp_s_per_contrib is None else n_sharp_s_per_contrib
        for j in range(k):
            out.append(synth_sharp_s(rng, writer=f"{c}/synth-sz-{j}", contributor_name=c, forms=sharp_s))
    return out


# ---------------------------------------------------------------- Feder's own print glyphs

GLYPH_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                         "Sources", "FederCore", "Resources", "Glyphs", "druck")


def svg_strokes(d, step=4.0):
    """Polylines of an SVG path with absolute M, L, C commands (the glyph files' subset)."""
    tok = d.replace(",", " ").split()
    strokes, cur, i, cmd = [], None, 0, None
    while i < len(tok):
        if tok[i].isalpha():
            cmd = tok[i]
            i += 1
        if cmd == "M":
            cur = [(float(tok[i]), float(tok[i + 1]))]
            strokes.append(cur)
            i += 2
            cmd = "L"
        elif cmd == "L":
            cur.append((float(tok[i]), float(tok[i + 1])))
            i += 2
        elif cmd == "C":
            p0 = np.array(cur[-1])
            p1, p2, p3 = (np.array([float(tok[i + 2 * k]), float(tok[i + 2 * k + 1])]) for k in range(3))
            ln = np.linalg.norm(p1 - p0) + np.linalg.norm(p2 - p1) + np.linalg.norm(p3 - p2)
            n = max(2, int(math.ceil(ln / step)))
            for t in np.linspace(0, 1, n + 1)[1:]:
                q = (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t * t * p2 + t ** 3 * p3
                cur.append((float(q[0]), float(q[1])))
            i += 6
        else:
            raise ValueError(f"unsupported path command {cmd}")
    return strokes


def load_glyphs(folder=GLYPH_DIR):
    """[(char, variant id, [stroke arrays])] from Sources/FederCore/Resources/Glyphs/druck."""
    out = []
    if not os.path.isdir(folder):
        return out
    for fn in sorted(os.listdir(folder)):
        if not fn.endswith(".json") or fn == "script.json":
            continue
        with open(os.path.join(folder, fn), encoding="utf-8") as fh:
            g = json.load(fh)
        if g.get("char") not in CLASS_INDEX:
            continue
        for v in g.get("variants", []):
            strokes = []
            for st in v["strokes"]:
                strokes += [np.asarray(s, dtype=np.float64) for s in svg_strokes(st["d"])]
            out.append((g["char"], v.get("id", ""), strokes))
    return out


def synth_from_glyph(char, strokes, rng, writer):
    """A written-looking sample from a glyph centerline: random affine, smooth elastic
    deformation (a few units of the 100-unit x-height), pen-like resampling, size and rounding."""
    allp = np.concatenate(strokes)
    ctr = (allp.min(0) + allp.max(0)) / 2
    sx = math.exp(rng.normal(0, 0.15))
    sh = rng.normal(0, 0.2)
    rot = rng.normal(0, 0.08)
    c, s = math.cos(rot), math.sin(rot)
    A = np.array([[c, -s], [s, c]]) @ np.array([[sx, -sh], [0, 1.0]])
    waves = [(rng.normal(0, 5.0, size=2), rng.uniform(0.004, 0.02, size=2), rng.uniform(0, 2 * math.pi, size=2))
             for _ in range(3)]
    size = math.exp(rng.uniform(math.log(20), math.log(200))) / 100.0
    out = []
    for a in strokes:
        a = arc_resample(a, step=rng.uniform(2.0, 7.0)) if len(a) > 1 else a.copy()
        d = np.zeros_like(a)
        for amp, freq, ph in waves:
            d[:, 0] += amp[0] * np.sin(a[:, 1] * freq[0] + ph[0])
            d[:, 1] += amp[1] * np.sin(a[:, 0] * freq[1] + ph[1])
        a = (a + d - ctr) @ A.T
        a = a * size + rng.normal(0, 0.4, size=a.shape)
        out.append(np.round(a))
    return {"label": char, "writer": writer, "contributor": "glyph", "quality": "OK",
            "strokes": out, "synthetic": True}


def synthesize_from_glyphs(rng, per_char=120):
    """About `per_char` samples per character from Feder's own glyph centerlines (all variants)."""
    glyphs = load_glyphs()
    by_char = {}
    for char, vid, strokes in glyphs:
        by_char.setdefault(char, []).append((vid, strokes))
    out = []
    for char in sorted(by_char):
        variants = by_char[char]
        for j in range(per_char):
            vid, strokes = variants[j % len(variants)]
            out.append(synth_from_glyph(char, strokes, rng, writer=f"glyph/{char}-{vid}-{j}"))
    return out
