"""How often one real letter looks like two: Werkstatt's whole-word check counts letters side by side.

Werkstatt reads a word asked for after a short pause only when the ink already looks whole: as many
letters side by side as the word has (docs/LEARNING.md). A letter whose own strokes stand apart
(an i's dot beside its stem, an H whose bar misses a line) counts twice, and a word missing its last
letter then looks whole: "Mam" of "Mama" was read after 1.8 s while the child thought about the
last a. This script counts, on the real adult letters of UNIPEN, how many fall into more than one
"letter" under the page's rule (`wordLooksWhole` in Web/js/screens/werkstatt.js), for gap
tolerances and with dots counted or not.

The x-height of a sample is estimated from its height: the letter's height for letters without
ascender or descender, its height / 1.45 for the rest (capitals, ascenders, descenders, i and j),
about Feder's ruling. Run:

    python3 scripts/calibration/letter_parts.py [path/to/unipen-dev.ndjson.gz]
"""

import collections
import gzip
import json
import sys

TALL = set("ABCDEFGHIJKLMNOPQRSTUVWXYZbdfhklt" + "gjpqy" + "ij")
GAPS = (0.0, 0.1, 0.15, 0.2, 0.25, 0.3)


def letters_side_by_side(strokes, x_height, gap, dot):
    """The page's count: strokes whose extents (with `gap` x-heights of slack) overlap left to right
    are one letter; a stroke smaller than `dot` x-heights counts as none."""
    spans = []
    for stroke in strokes:
        if not stroke:
            continue
        xs = [p[0] for p in stroke]
        ys = [p[1] for p in stroke]
        if max(max(xs) - min(xs), max(ys) - min(ys)) < dot * x_height:
            continue
        spans.append((min(xs), max(xs)))
    spans.sort()
    if not spans:
        return 0
    letters, right = 1, spans[0][1]
    for left, end in spans[1:]:
        if left > right + gap * x_height:
            letters += 1
        right = max(right, end)
    return letters


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "../shared/data/unipen/unipen-dev.ndjson.gz"
    total = collections.Counter()
    split = {(gap, dot): collections.Counter() for gap in GAPS for dot in (0.0, 0.3)}
    with gzip.open(path, "rt") as f:
        for line in f:
            sample = json.loads(line)
            label = sample["label"]
            if label.isdigit():
                continue
            points = [p for s in sample["strokes"] for p in s]
            if not points:
                continue
            height = max(p[1] for p in points) - min(p[1] for p in points)
            x_height = height / (1.45 if label in TALL else 1.0)
            if x_height <= 0:
                continue
            total[label] += 1
            for gap, dot in split:
                if letters_side_by_side(sample["strokes"], x_height, gap, dot) > 1:
                    split[(gap, dot)][label] += 1
    letters = sum(total.values())
    print(f"{letters} letters of UNIPEN (digits left out): share counted as more than one letter")
    print("dots counted | gap (x-heights) | split | the most split letters")
    for (gap, dot), counts in sorted(split.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        worst = sorted(total, key=lambda c: -counts[c] / total[c])[:5]
        shown = ", ".join(f"{c} {100 * counts[c] / total[c]:.1f} %" for c in worst)
        print(f"{'no ' if dot else 'yes'}          | {gap:.2f}            | {100 * sum(counts.values()) / letters:.2f} % | {shown}")


if __name__ == "__main__":
    main()
