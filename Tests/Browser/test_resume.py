"""A lesson survives the server going away: the ink drawn meanwhile is kept and sent when the server
is back, and the letter goes on in the phase it was in."""

import json
import urllib.request

from adult_gate import create_profile
from conftest import no_digits_shown
from lesson_steps import wait_phase, watch_and_tap_dots
from pen import densify, glyph_to_client
from test_schulschrift import split_at_joins, word_geometry


def new_profile(server):
    return create_profile(server, "eule", "lila")


def test_the_server_stopped_mid_letter_and_started_again(page, server):
    child = new_profile(server)
    page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    page.goto(f"{server.url}/?letter=H")
    wait_phase(page, "observe")
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/H") as r:
        glyph = json.load(r)
    strokes = [densify(s["checkpoints"], 3.0) for s in glyph["strokes"]]
    assert len(strokes) == 3
    pen = watch_and_tap_dots(page, glyph)

    pen.stroke(glyph_to_client(page, strokes[0]))
    page.wait_for_function("document.body.dataset.strokesDone === '1'")
    page.wait_for_timeout(200)  # the draft is written after the reply
    server.stop()
    page.wait_for_selector("#offline:not(.hidden)")
    no_digits_shown(page)
    pen.stroke(glyph_to_client(page, strokes[1]))  # written while the server is away
    server.start()
    page.wait_for_function("document.body.dataset.resumed === '1'", timeout=20000)
    page.wait_for_selector("#offline", state="hidden")
    assert page.evaluate("document.body.dataset.phase") == "guided", "the lesson goes on in the phase it was in"
    page.wait_for_function("document.body.dataset.strokesDone === '2'", timeout=10000)
    pen.stroke(glyph_to_client(page, strokes[2]))
    wait_phase(page, "freeWrite")

    records = server.records()
    guided = [r for r in records if r["phase"] == "guided"]
    assert [r["outcome"] for r in guided] == ["passed"], "the recovered piece is replaced by the finished attempt"
    ink = json.loads(guided[0]["ink"])
    assert len(ink["strokes"]) == 3, "no stroke is lost"
    assert [r["phase"] for r in records].count("observe") == 1 and [r["phase"] for r in records].count("direct") == 1
    assert len({r["lessonID"] for r in records}) == 1
    assert server.draft_strokes() == 0


def test_a_schulschrift_word_goes_on_after_the_server_was_away(page, server):
    """A word lesson is resumed as a word (the page names it by `word`, not as one glyph)."""
    child = new_profile(server)
    glyph = word_geometry(server, "Oma")
    pieces = split_at_joins(glyph)
    page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    page.goto(f"{server.url}/?word=Oma")
    wait_phase(page, "observe")
    pen = watch_and_tap_dots(page, glyph)

    pen.stroke(glyph_to_client(page, densify(pieces[0], 3.0)))
    # A piece of the joined stroke completes no glyph stroke: wait for its draft instead.
    for _ in range(100):
        if server.draft_strokes() == 1:
            break
        page.wait_for_timeout(50)
    assert server.draft_strokes() == 1
    server.stop()
    page.wait_for_selector("#offline:not(.hidden)")
    server.start()
    page.wait_for_function("document.body.dataset.resumed === '1'", timeout=20000)
    page.wait_for_selector("#offline", state="hidden")
    assert page.evaluate("document.body.dataset.glyph") == "Oma"
    assert page.evaluate("document.body.dataset.phase") == "guided", "the word goes on in the phase it was in"
    for piece in pieces[1:]:
        pen.stroke(glyph_to_client(page, densify(piece, 3.0)))
    for stroke in glyph["strokes"][1:]:
        pen.stroke(glyph_to_client(page, densify(stroke["checkpoints"], 3.0)))
    wait_phase(page, "freeWrite")

    guided = [r for r in server.records() if r["phase"] == "guided"]
    assert [r["outcome"] for r in guided] == ["passed"]
    assert len(json.loads(guided[0]["ink"])["strokes"]) == len(pieces) + len(glyph["strokes"]) - 1, "no stroke is lost"
    assert server.draft_strokes() == 0
