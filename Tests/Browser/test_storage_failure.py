"""The database cannot be written for a while — here another program holds SQLite's write lock
past the server's busy timeout, a failure the real file really has — while a child traces: the
lesson goes on, the teacher's dot appears, and once the lock is gone every stroke is stored and
the dot goes."""

import json
import sqlite3

from conftest import artifact
from lesson_steps import open_letter, wait_phase, watch_and_tap_dots
from pen import densify, glyph_to_client


def test_a_locked_database_costs_no_stroke_and_the_page_is_told(page, server):
    glyph = open_letter(page, server, "A")
    pen = watch_and_tap_dots(page, glyph)
    strokes = [s["checkpoints"] for s in glyph["strokes"]]

    # The server may still be finishing a write of its own (direct's record): the blocker waits for
    # it, then holds the lock.
    blocker = sqlite3.connect(server.data_dir / "feder.sqlite", timeout=5, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    try:
        pen.stroke(glyph_to_client(page, densify(strokes[0], 3.0)))
        # The stroke's draft waits out the busy timeout (5 s), fails, and the page hears of it.
        page.wait_for_function("document.body.dataset.storage === 'failing'", timeout=15000)
        assert page.evaluate("document.body.dataset.phase") == "guided"
        assert page.evaluate("getComputedStyle(document.body, '::after').backgroundColor") == "rgb(217, 130, 43)"
        page.screenshot(path=str(artifact("storage-failing-dot.png")))
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()

    for stroke in strokes[1:]:
        pen.stroke(glyph_to_client(page, densify(stroke, 3.0)))
    page.wait_for_function("document.body.dataset.traced === 'true'", timeout=10000)
    wait_phase(page, "freeWrite")
    page.wait_for_function("document.body.dataset.storage === undefined", timeout=5000)
    assert page.evaluate("getComputedStyle(document.body, '::after').content") == "none"

    guided = [r for r in server.records() if r["phase"] == "guided"]
    assert len(guided) == 1 and guided[0]["completed"]
    assert len(json.loads(guided[0]["ink"])["strokes"]) == len(strokes), "the stroke written during the lock is kept"
    assert server.draft_strokes() == 0
