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


def test_a_schulschrift_child_picks_its_letter_in_schulschrift(browser, server):
    """The letter picker offers the child's own script: a letter picked by a Schulschrift child is
    taught and stored as Schulschrift (it counts for that child's course)."""
    from adult_gate import adult_request
    from child_steps import wait_screen
    from test_adult_settings import onboarded

    child = onboarded(server)
    adult_request(server, "PATCH", f"/api/v1/children/{child}", {"script": "schul"})
    context = browser.new_context(viewport={"width": 1180, "height": 820})
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    page.goto(server.url)
    wait_screen(page, "home")
    page.click("[data-world-button=schule]")
    wait_screen(page, "schule")
    wait_phase(page, "observe")
    page.click("#letter-button")
    page.click("#picker-grid button:text-is('b')")
    page.wait_for_function("document.body.dataset.glyph === 'b'")
    wait_phase(page, "observe")
    served = geometry_of(server, "schul", "b")
    tap(page, Pen(page), served["width"] / 2, 150)
    wait_phase(page, "direct")
    with server.db() as con:
        rows = con.execute("SELECT script FROM phaseRecord WHERE lower(childID) = lower(?) AND glyph = 'b'",
                           (child,)).fetchall()
    assert rows and {script for (script,) in rows} == {"schul"}, rows
    context.close()


def geometry_of(server, script, char):
    """The letter's geometry from the open glyph route."""
    import urllib.parse
    import urllib.request
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/{script}/{urllib.parse.quote(char)}") as response:
        return json.loads(response.read())
