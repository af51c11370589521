"""Reference preprocessing of on-line ink for the Feder letter recognizer.

This file is the contract with the Swift inference
(Sources/FederCore/Recognition/InkPreprocessor.swift): both must compute the same
features from the same strokes (checked by the agreement test). Everything is float64;
the network itself runs in float32.

Input: strokes = list of strokes, each a list of (x, y) points, any units, y grows down.
Output: traj (TRAJ_CHANNELS, N_POINTS) and raster (RASTER, RASTER), both float32.

Steps
1. Sanitise: drop points with a non-finite coordinate, then drop empty strokes.
   No point left -> InkError("empty").
   If the largest |coordinate| exceeds 1e12, divide every coordinate by it (no overflow later).
2. Normalise by the bounding box, keeping the aspect ratio: centre of the box -> (0, 0),
   the longer side -> [-1, 1].  A box without extent (one point, or all points equal)
   -> InkError("no-extent").
3. Trajectory: the strokes are joined into one polyline in writing order; the joins are
   "pen-up" segments.  N_POINTS samples at equal arc length (pen-up segments count), each with
   (x, y, dx/step, dy/step, penDown) where d is the difference to the next sample (the last
   sample repeats the previous difference), step = total length / (N_POINTS - 1), and penDown is
   1 if the sample lies on a pen-down segment, else 0.
4. Raster: RASTER x RASTER image; the longer side of the box spans [MARGIN, RASTER - MARGIN].
   Each pen-down segment a->b is sampled at n = max(1, ceil(|b - a| / 0.5)) points
   a + (b - a) * j / n, j = 0..n-1, plus the stroke's last point; every sample is splatted
   bilinearly with weight 1 (pixel (r, c) has its centre at (c + 0.5, r + 0.5));
   finally every pixel is clamped to at most 1.
   With RASTER_FEATURES = "ink+orient4" the raster has 5 channels: the ink image above, then four
   orientation images made of the same splats of the pen-down segments (not the strokes' last
   points), each weighted by one of max(0, c), max(0, -c), max(0, s), max(0, -s), where
   (c, s) = ((du^2 - dv^2) / L^2, 2 du dv / L^2) is the segment's direction with the angle doubled
   (so a stroke and its reverse are the same): horizontal, vertical, falling diagonal (y down),
   rising diagonal.  Segments of length 0 add nothing to them.  Every channel is clamped to 1.
"""

from __future__ import annotations

import math

import numpy as np

N_POINTS = 64
TRAJ_CHANNELS = 5
RASTER = 24
MARGIN = 2.0
SPLAT_STEP = 0.5
RASTER_FEATURES = "ink"  # or "ink+orient4"
HUGE = 1e12


class InkError(ValueError):
    pass


def sanitize(strokes):
    out = []
    for s in strokes:
        a = np.asarray(s, dtype=np.float64).reshape(-1, 2) if len(s) else np.zeros((0, 2))
        a = a[np.isfinite(a).all(axis=1)]
        if len(a):
            out.append(a)
    if not out:
        raise InkError("empty")
    m = max(float(np.abs(a).max()) for a in out)
    if m > HUGE:
        out = [a / m for a in out]
    return out


def normalize(strokes):
    """strokes: sanitised arrays. Returns strokes in [-1, 1] (longer side)."""
    allp = np.concatenate(strokes, axis=0)
    minx, miny = allp.min(axis=0)
    maxx, maxy = allp.max(axis=0)
    w, h = maxx - minx, maxy - miny
    s = max(w, h)
    if not (s > 0) or not math.isfinite(s):
        raise InkError("no-extent")
    cx, cy = (minx + maxx) / 2.0, (miny + maxy) / 2.0
    k = 2.0 / s
    # Rounded to 2^-30 half to even, as the Swift reader does (InkPreprocessor.grid): the same ink in
    # other units then practically always gives the same features.
    return [np.round(np.stack([(a[:, 0] - cx) * k, (a[:, 1] - cy) * k], axis=1) / GRID) * GRID for a in strokes]


GRID = 1.0 / 2 ** 30


def trajectory(norm):
    pts = np.concatenate(norm, axis=0)
    down = []
    for si, a in enumerate(norm):
        if si > 0:
            down.append(0.0)  # jump from the previous stroke's last point
        down.extend([1.0] * (len(a) - 1))
    down = np.asarray(down, dtype=np.float64)
    nseg = len(pts) - 1
    if nseg <= 0:
        raise InkError("no-extent")
    d = pts[1:] - pts[:-1]
    seglen = np.hypot(d[:, 0], d[:, 1])
    cum = np.zeros(nseg + 1)
    acc = 0.0
    for i in range(nseg):  # sequential sum, identical to the Swift loop
        acc += seglen[i]
        cum[i + 1] = acc
    total = acc
    if not (total > 0):
        raise InkError("no-extent")
    t = np.array([total * float(i) / float(N_POINTS - 1) for i in range(N_POINTS)])
    k = np.searchsorted(cum[1:], t, side="left")
    k = np.minimum(k, nseg - 1)
    lk = seglen[k]
    frac = np.where(lk > 0, (t - cum[k]) / np.where(lk > 0, lk, 1.0), 0.0)
    x = pts[k, 0] + d[k, 0] * frac
    y = pts[k, 1] + d[k, 1] * frac
    step = total / float(N_POINTS - 1)
    dx = np.empty(N_POINTS)
    dy = np.empty(N_POINTS)
    dx[:-1] = (x[1:] - x[:-1]) / step
    dy[:-1] = (y[1:] - y[:-1]) / step
    dx[-1] = dx[-2]
    dy[-1] = dy[-2]
    pen = down[k]
    return np.stack([x, y, dx, dy, pen]).astype(np.float32)


def raster_channels():
    return {"ink": 1, "ink+orient4": 5}[RASTER_FEATURES]


def raster(norm):
    """(RASTER, RASTER) for "ink", else (channels, RASTER, RASTER)."""
    nch = raster_channels()
    img = np.zeros((nch, RASTER, RASTER), dtype=np.float64)
    half = (RASTER - 2.0 * MARGIN) / 2.0
    xs, ys, ws = [], [], []
    for a in norm:
        u = (a[:, 0] + 1.0) * half + MARGIN
        v = (a[:, 1] + 1.0) * half + MARGIN
        if len(a) > 1:
            du = u[1:] - u[:-1]
            dv = v[1:] - v[:-1]
            ln = np.hypot(du, dv)
            n = np.maximum(1, np.ceil(ln / SPLAT_STEP)).astype(np.int64)
            seg = np.repeat(np.arange(len(n)), n)
            start = np.cumsum(n) - n
            j = np.arange(n.sum()) - np.repeat(start, n)
            f = j.astype(np.float64) / n[seg].astype(np.float64)
            xs.append(u[seg] + du[seg] * f)
            ys.append(v[seg] + dv[seg] * f)
            l2 = du * du + dv * dv
            safe = np.where(l2 > 0, l2, 1.0)
            c = np.where(l2 > 0, (du * du - dv * dv) / safe, 0.0)
            s = np.where(l2 > 0, 2.0 * du * dv / safe, 0.0)
            ws.append(np.stack([np.maximum(0, c), np.maximum(0, -c), np.maximum(0, s), np.maximum(0, -s)], 1)[seg])
        xs.append(u[-1:])
        ys.append(v[-1:])
        ws.append(np.zeros((1, 4)))
    px = np.concatenate(xs) - 0.5
    py = np.concatenate(ys) - 0.5
    orient = np.concatenate(ws)
    x0 = np.floor(px)
    y0 = np.floor(py)
    ax = px - x0
    ay = py - y0
    x0 = x0.astype(np.int64)
    y0 = y0.astype(np.int64)
    for ox, oy, wgt in ((0, 0, (1 - ax) * (1 - ay)), (1, 0, ax * (1 - ay)),
                        (0, 1, (1 - ax) * ay), (1, 1, ax * ay)):
        xx = x0 + ox
        yy = y0 + oy
        ok = (xx >= 0) & (xx < RASTER) & (yy >= 0) & (yy < RASTER)
        np.add.at(img[0], (yy[ok], xx[ok]), wgt[ok])
        for ch in range(1, nch):
            np.add.at(img[ch], (yy[ok], xx[ok]), (wgt * orient[:, ch - 1])[ok])
    img = np.minimum(img, 1.0).astype(np.float32)
    return img[0] if nch == 1 else img


def preprocess(strokes):
    """strokes: list of lists of (x, y). Returns (traj[5, N], raster[R, R]) float32."""
    norm = normalize(sanitize(strokes))
    return trajectory(norm), raster(norm)
