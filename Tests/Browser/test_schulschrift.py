"""A Schulschrift word in the real app: traced through guided (with the pen lifted at every join: the
missing joins are recorded and the tip is heard) and written joined in free writing, to the
celebration."""

import json
import math

from websockets.sync.client import connect

from conftest import no_digits_shown
from lesson_steps import wait_phase
from pen import Pen, densify, glyph_to_client, start_dots, tap


def word_geometry(server, word):
    """The word's geometry as the server sends it in `started`."""
    with connect(server.ws_url) as ws:
        ws.send(json.dumps({"id": 1, "type": "start", "word": word}))
        while True:
            reply = json.loads(ws.recv())
            if reply["type"] == "started":
                return reply["glyph"]


def split_at_joins(glyph):
    """The joined stroke's checkpoints cut where each join is (the pen lifted there)."""
    stroke = glyph["strokes"][0]["checkpoints"]
    cuts = []
    for join in glyph["joins"]:
        mid = ((join["from"][0] + join["to"][0]) / 2, (join["from"][1] + join["to"][1]) / 2)
        cuts.append(min(range(1, len(stroke) - 1), key=lambda i: math.dist(stroke[i], mid)))
    pieces, last = [], 0
    for cut in sorted(cuts):
        pieces.append(stroke[last:cut + 1])
        last = cut
    pieces.append(stroke[last:])
    return pieces


def test_a_word_in_schulschrift_is_traced_and_a_missing_join_is_spoken(page, server):
    glyph = word_geometry(server, "Mama")
    assert glyph["script"] == "schul" and len(glyph["joins"]) == 3
    page.goto(f"{server.url}/?word=Mama")
    wait_phase(page, "observe")
    assert page.evaluate("document.body.dataset.glyph") == "Mama"
    no_digits_shown(page)
    pen = Pen(page)
    tap(page, pen, glyph["width"] / 2, 150)
    wait_phase(page, "direct")
    for x, y in start_dots(page):
        tap(page, pen, x, y)
        page.wait_for_timeout(120)
    wait_phase(page, "guided")

    # Guided, lifting the pen at every join.
    for piece in split_at_joins(glyph):
        pen.stroke(glyph_to_client(page, densify(piece, 3.0)))
    for stroke in glyph["strokes"][1:]:
        pen.stroke(glyph_to_client(page, densify(stroke["checkpoints"], 3.0)))
    wait_phase(page, "freeWrite")
    with server.db() as con:
        record = json.loads(con.execute("SELECT record FROM phaseRecord WHERE phase = 'guided' AND outcome = 'passed'").fetchone()[0])
    assert [e["code"] for e in record["errors"]].count("missingJoin") == 3
    page.wait_for_function("window.feder.audioLog.some(e => e.key === 'tip.join.missing')", timeout=15000)

    # Free writing, joined as taught: the celebration.
    for stroke in glyph["strokes"]:
        pen.stroke(glyph_to_client(page, densify(stroke["checkpoints"], 3.0)))
    page.wait_for_function("document.body.dataset.state === 'done'", timeout=15000)
    page.wait_for_selector("#celebration:not(.hidden)", timeout=5000)
    assert int(page.evaluate("document.body.dataset.letterStars")) >= 1
    no_digits_shown(page)
