"""Steps through a letter's lesson on the page, as a child with a pen would."""

import json
import urllib.request

from pen import Pen, densify, glyph_to_client, start_dots, tap


def wait_phase(page, phase, timeout=15000):
    page.wait_for_function(f"document.body.dataset.phase === '{phase}' && document.body.dataset.state === 'ready'",
                           timeout=timeout)
    if phase == "observe":
        page.wait_for_timeout(650)  # a tap in watching's first 0.6 s is a double tap's second: ignored


def open_letter(page, server, letter):
    page.goto(f"{server.url}/?letter={letter}")
    wait_phase(page, "observe")
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/{letter}") as r:
        return json.load(r)


def watch_and_tap_dots(page, glyph, wrong_first=False):
    """Observe ends with a tap; then the numbered dots are tapped in order (optionally one wrong first)."""
    pen = Pen(page)
    tap(page, pen, glyph["width"] / 2, 150)
    wait_phase(page, "direct")
    dots = start_dots(page)
    assert len(dots) == len(glyph["strokes"])
    if wrong_first and len(dots) > 1:
        tap(page, pen, *dots[-1])
        page.wait_for_timeout(200)
    for x, y in dots:
        tap(page, pen, x, y)
        page.wait_for_timeout(120)
    wait_phase(page, "guided")
    return pen


def trace(page, pen, glyph, reverse=False, step=3.0):
    strokes = [s["checkpoints"] for s in glyph["strokes"]]
    if reverse:
        strokes = [list(reversed(s)) for s in reversed(strokes)]
    for stroke in strokes:
        pen.stroke(glyph_to_client(page, densify(stroke, step)))
