"""Scrawls: ink that nobody would read as a letter, for the calibration's third condition.

Issue 12 asks that "a scrawl that nobody would read as the letter earns none". UNIPEN has no
scrawls, so they are drawn here (synthetic, seeded), in four kinds a child's scribbling takes:

- walk: one to three wandering lines (a random walk that turns a little at every step);
- lines: two to five straight strokes between random points;
- loops: a spring of loops drifting sideways (the "eeee" of pretend writing);
- zigzag: one stroke up and down across the box.

Each fills a box of random aspect (0.5 to 2), about 100 units tall, sampled about every 2 units at
100 samples a second. A zigzag or a few lines can happen to be a letter (a zigzag of four strokes is
a W); the report therefore also says how many of the scrawls with a star the recognizer reads as the
character they were judged against.
"""

import math

import numpy as np


KINDS = ("walk", "lines", "loops", "zigzag")


def _walk(rng, w, h):
    strokes = []
    for _ in range(int(rng.integers(1, 4))):
        x, y, a = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, 2 * math.pi)
        pts = []
        for _ in range(int(rng.integers(40, 200))):
            a += rng.normal(0, 0.5)
            x = min(max(x + 4 * math.cos(a), 0), w)
            y = min(max(y + 4 * math.sin(a), 0), h)
            pts.append((x, y))
        strokes.append(pts)
    return strokes


def _lines(rng, w, h):
    return [[(rng.uniform(0, w), rng.uniform(0, h)), (rng.uniform(0, w), rng.uniform(0, h))]
            for _ in range(int(rng.integers(2, 6)))]


def _loops(rng, w, h):
    r = min(w, h) / 3
    n = int(rng.integers(100, 300))
    drift = (w - 2 * r) / n
    return [[(r + r * math.cos(i * 0.2) + i * drift, h / 2 + r * math.sin(i * 0.2)) for i in range(n)]]


def _zigzag(rng, w, h):
    m = int(rng.integers(3, 10))
    return [[(w * i / m, 0.0 if i % 2 == 0 else h) for i in range(m + 1)]]


def scrawl(rng, kind):
    """Strokes of [x, y, t] samples, y down."""
    aspect = float(np.exp(rng.uniform(math.log(0.5), math.log(2.0))))
    h = 100.0
    w = h * aspect
    polylines = {"walk": _walk, "lines": _lines, "loops": _loops, "zigzag": _zigzag}[kind](rng, w, h)
    out, t = [], 0.0
    for line in polylines:
        rows = []
        for (ax, ay), (bx, by) in zip(line, line[1:]):
            steps = max(1, int(math.hypot(bx - ax, by - ay) / 2))
            for j in range(steps):
                rows.append([ax + (bx - ax) * j / steps, ay + (by - ay) * j / steps, round(t, 4)])
                t += 0.01
        rows.append([line[-1][0], line[-1][1], round(t, 4)])
        out.append(rows)
        t += 0.3
    return out


def items(chars, per_class, rng):
    """`per_class` scrawls of random kinds for each character, as `feder assess --batch` lines."""
    out = []
    for c in chars:
        for i in range(per_class):
            kind = KINDS[int(rng.integers(len(KINDS)))]
            out.append({"id": f"{c}:{i}:{kind}", "glyph": c, "strokes": scrawl(rng, kind)})
    return out


def report(answers, same_shape):
    """Prints the share of scrawls with a star, by kind, and returns the figures."""
    by_kind = {k: [a for a in answers if a["id"].endswith(":" + k)] for k in KINDS}
    starred = [a for a in answers if a.get("stars", 0) > 0]

    def read_as_expected(a):
        c = a.get("clarity")
        return bool(c) and same_shape(c["recognized"], c["expected"])

    figures = {
        "scrawls": len(answers),
        "withAStar": len(starred) / max(len(answers), 1),
        "withAStarReadAsExpected": sum(read_as_expected(a) for a in starred),
        "byKind": {k: sum(a.get("stars", 0) > 0 for a in v) / max(len(v), 1) for k, v in by_kind.items()},
        "digitsWithAStar": sum(a.get("glyph", {}).get("char", "").isdigit() for a in starred),
    }
    kinds = ", ".join(f"{k} {figures['byKind'][k]:.1%}" for k in KINDS)
    print(f"scrawls (synthetic, scripts/calibration/scrawls.py): {len(answers)}, with a star {figures['withAStar']:.1%} "
          f"({kinds}); of those the recognizer reads {figures['withAStarReadAsExpected']} as the expected character; "
          f"digits among them {figures['digitsWithAStar']}")
    return figures
