"""The child page in a real browser: tracing A with a synthetic pen completes it and stores the
attempt; tracing it backwards does not complete."""

import json
import urllib.request

from conftest import artifact
from pen import Pen, densify, glyph_to_client


def load_letter(page, server, letter="A"):
    page.goto(f"{server.url}/?letter={letter}")
    page.wait_for_function("document.body.dataset.state === 'ready'", timeout=15000)
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/{letter}") as r:
        return json.load(r)


def trace(page, glyph, reverse=False):
    pen = Pen(page)
    strokes = [s["checkpoints"] for s in glyph["strokes"]]
    if reverse:
        strokes = [list(reversed(s)) for s in reversed(strokes)]
    for stroke in strokes:
        pen.stroke(glyph_to_client(page, densify(stroke)))


def test_tracing_A_with_pen_completes_and_is_stored(page, server):
    glyph = load_letter(page, server, "A")
    total = sum(len(s["checkpoints"]) for s in glyph["strokes"])
    trace(page, glyph)
    page.wait_for_function("document.body.dataset.state === 'done'", timeout=10000)
    page.wait_for_function("document.body.dataset.stored === 'completed'", timeout=10000)
    assert int(page.evaluate("document.body.dataset.checkpoints")) == total
    assert page.evaluate("document.body.dataset.said") == "Super!"
    page.wait_for_selector("#celebration:not(.hidden)", timeout=5000)
    page.wait_for_timeout(900)  # let the celebration finish popping in before the screenshot
    page.screenshot(path=str(artifact("trace-A-complete.png")))

    rows = [r for r in server.attempts() if r["completed"]]
    assert len(rows) == 1
    row = rows[0]
    assert row["glyph"] == "A" and row["pointer"] == "pen" and row["phase"] == "guided"
    ink = json.loads(row["ink"])
    assert len(ink["strokes"]) == len(glyph["strokes"])
    pressures = [s[3] for stroke in ink["strokes"] for s in stroke if len(s) > 3 and s[3] is not None]
    assert len(pressures) > 50 and max(pressures) - min(pressures) > 0.2, "pressure must vary and be stored"
    times = [s[2] for stroke in ink["strokes"] for s in stroke]
    assert times == sorted(times), "timestamps are stored in order"


def test_tracing_A_backwards_does_not_complete(page, server):
    glyph = load_letter(page, server, "A")
    total = sum(len(s["checkpoints"]) for s in glyph["strokes"])
    trace(page, glyph, reverse=True)
    page.wait_for_function("document.body.dataset.attempt !== undefined", timeout=10000)
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.dataset.state") != "done"
    assert int(page.evaluate("document.body.dataset.checkpoints || '0'")) < total / 2
    assert page.is_hidden("#celebration")
    page.screenshot(path=str(artifact("trace-A-reversed.png")))
    rows = server.attempts()
    assert rows and not any(r["completed"] for r in rows), "the reversed attempt is stored as not completed"


def test_attempt_survives_restart(page, server):
    glyph = load_letter(page, server, "A")
    trace(page, glyph)
    page.wait_for_function("document.body.dataset.stored === 'completed'", timeout=10000)
    server.stop()
    server.start()
    with urllib.request.urlopen(f"{server.url}/api/v1/attempts") as r:
        attempts = json.load(r)
    assert any(a["glyph"] == "A" and a["completed"] for a in attempts)
