"""What a classroom's network and a child's wandering do to a lesson: a link that goes silent
without closing, a child who leaves the letter for another screen, and Schule opened while the
server is away (its letter starts once the server is back)."""

import json
import urllib.request

from child_steps import wait_screen
from lesson_steps import wait_phase, watch_and_tap_dots
from link import SilentableLink
from pen import densify, glyph_to_client
from test_screens import onboarded_profile
from test_werkstatt import heard_keys


def open_letter_as_child(page, url, server, char):
    child = onboarded_profile(server, "igel", "gelb")
    page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    page.goto(f"{url}/?letter={char}")
    wait_phase(page, "observe")
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/{char}") as r:
        return json.load(r)


def test_a_silent_link_is_noticed_and_the_letter_goes_on_with_every_stroke_once(page, server):
    link = SilentableLink(server.port)
    try:
        glyph = open_letter_as_child(page, link.url, server, "H")
        pen = watch_and_tap_dots(page, glyph)
        strokes = [s["checkpoints"] for s in glyph["strokes"]]
        pen.stroke(glyph_to_client(page, densify(strokes[0], 3.0)))
        page.wait_for_function("document.body.dataset.strokesDone === '1'", timeout=10000)

        link.silence()  # nothing closes: only the page's own ping can tell
        for stroke in strokes[1:]:
            pen.stroke(glyph_to_client(page, densify(stroke, 3.0)))
        page.wait_for_function("document.body.dataset.online === 'false'", timeout=15000)
        assert not page.evaluate("document.getElementById('offline').classList.contains('hidden')"), \
            "the offline picture shows"
        page.wait_for_function("document.body.dataset.resumed === '1'", timeout=15000)
        wait_phase(page, "freeWrite")  # the stroke written into the silence reached the server afterwards

        guided = [r for r in server.records() if r["phase"] == "guided"]
        assert [r["outcome"] for r in guided] == ["passed"], guided
        ink = json.loads(guided[0]["ink"])["strokes"]
        assert len(ink) == len(strokes), "each stroke once"
        assert all(a[-1][2] <= b[0][2] for a, b in zip(ink, ink[1:])), "in the order they were written"
    finally:
        link.close()


def test_leaving_a_letter_ends_it_and_nothing_of_it_goes_on(page, server):
    glyph = open_letter_as_child(page, server.url, server, "M")
    watch_and_tap_dots(page, glyph)  # in direct the server reminds the child after 12 s of nothing
    page.click("#screen-schule [data-go=home]")
    wait_screen(page, "home")
    left_at = len(heard_keys(page))
    page.wait_for_timeout(14000)
    later = heard_keys(page)[left_at:]
    assert not any(k.startswith("prompt.") for k in later), later
    with server.db() as con:
        rows = con.execute("SELECT phase, outcome FROM phaseRecord ORDER BY id").fetchall()
    assert rows == [("observe", "passed"), ("direct", "passed"), ("guided", "abandoned")], rows


def starts_sent(page):
    """Every `start` the page sends, as sent."""
    sent = []

    def watch(ws):
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)) if '"start"' in str(payload) else None)
    page.on("websocket", watch)
    return sent


def open_schule_while_the_server_is_away(page, server):
    server.stop()
    page.wait_for_function("document.body.dataset.online === 'false'", timeout=15000)
    page.click("[data-world-button=schule]")
    wait_screen(page, "schule")
    page.wait_for_timeout(500)
    server.start()  # the same port
    page.wait_for_function("document.body.dataset.online === 'true'", timeout=15000)


def test_schule_opened_while_the_server_is_away_starts_its_letter_once_it_is_back(page, server):
    child = onboarded_profile(server, "igel", "gelb")
    page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    sent = starts_sent(page)
    page.goto(server.url)
    wait_screen(page, "home")
    open_schule_while_the_server_is_away(page, server)
    wait_phase(page, "observe")  # the scheduler's letter, without the child doing anything
    assert page.evaluate("document.body.dataset.glyph")
    assert [m.get("next") for m in sent if m.get("type") == "start"] == [True], sent

    # Once more after a letter of an earlier visit: again the scheduler's next letter, not the old
    # letter named as if the child had chosen it.
    page.click("#screen-schule .bar .home-button")
    wait_screen(page, "home")
    del sent[:]
    open_schule_while_the_server_is_away(page, server)
    wait_phase(page, "observe")
    assert [(m.get("next"), m.get("glyph")) for m in sent if m.get("type") == "start"] == [(True, None)], sent
