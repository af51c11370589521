"""A lesson survives the server going away: the ink drawn meanwhile is kept and sent when the server
is back, and the letter goes on in the phase it was in."""

import json
import urllib.parse
import urllib.request

from adult_gate import create_profile
from conftest import no_digits_shown
from lesson_steps import open_letter, wait_phase, watch_and_tap_dots
from pen import Pen, densify, glyph_to_client, start_dots, tap
from test_schulschrift import split_at_joins, word_geometry
from test_screens import onboarded_profile


def new_profile(server):
    return create_profile(server, "eule", "lila")


def test_the_server_stopped_mid_letter_and_started_again(page, server):
    child = new_profile(server)
    page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    glyph = open_letter(page, server, "H")
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


def done_dots(page):
    """Which start dots the child sees as tapped."""
    return page.evaluate("[...document.querySelectorAll('#guides circle.start-dot')].map((c) => c.classList.contains('done'))")


def test_the_dots_tapped_before_the_server_went_away_stay_tapped(page, server):
    """Learning the direction, the first dot tapped, then the server away: back, the first dot still
    shows as tapped and the child goes on with the second; the attempt is one run of right taps."""
    child = new_profile(server)
    page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    glyph = open_letter(page, server, "H")
    pen = Pen(page)
    tap(page, pen, glyph["width"] / 2, 150)
    wait_phase(page, "direct")
    dots = start_dots(page)
    tap(page, pen, *dots[0])
    page.wait_for_function("document.querySelector('#guides circle.start-dot').classList.contains('done')")
    server.stop()
    page.wait_for_selector("#offline:not(.hidden)")
    server.start()
    page.wait_for_function("document.body.dataset.resumed === '1'", timeout=20000)
    page.wait_for_selector("#offline", state="hidden")
    assert page.evaluate("document.body.dataset.phase") == "direct"
    assert done_dots(page) == [True, False, False], "the dot tapped before stays tapped, the others wait"
    for x, y in dots[1:]:
        tap(page, pen, x, y)
        page.wait_for_timeout(120)
    wait_phase(page, "guided")
    direct = [r for r in server.records() if r["phase"] == "direct"]
    assert [r["outcome"] for r in direct] == ["passed"], direct
    taps = json.loads(direct[0]["record"])["direct"]["taps"]
    assert [(t["dot"], t["correct"]) for t in taps] == [(0, True), (1, True), (2, True)], taps
    assert direct[0]["score"] == 1.0


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
    wait_for_drafts(page, server, 1)
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


def wait_for_drafts(page, server, count):
    """Waits until the server holds `count` drafted strokes (a stroke is kept at its pen-up)."""
    for _ in range(100):
        if server.draft_strokes() == count:
            break
        page.wait_for_timeout(50)
    assert server.draft_strokes() == count, "the stroke was kept as a draft"


def ink_pixels(page):
    """How many pixels of the ink layer carry ink: what the child sees of its own writing."""
    return page.evaluate("""() => {
        const c = document.getElementById('ink');
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
        return n;
    }""")


def test_a_reload_mid_letter_goes_on_where_it_was_with_the_childs_ink(page, server):
    """Safari reloads a tab it put to sleep; a child pulls the page down. The letter goes on in the
    phase it was in, the strokes already written stay on the paper and count once, and what is
    written after the reload follows them in time."""
    child = onboarded_profile(server, "eule", "lila")
    page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    page.goto(server.url)
    page.wait_for_function("document.body.dataset.screen === 'home'")
    page.click("[data-world-button=schule]")
    wait_phase(page, "observe")
    char = page.evaluate("document.body.dataset.glyph")
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/{urllib.parse.quote(char)}") as r:
        glyph = json.load(r)
    strokes = [densify(s["checkpoints"], 3.0) for s in glyph["strokes"]]
    assert len(strokes) >= 2, f"the scheduler's first letter {char} has two strokes or more"
    pen = watch_and_tap_dots(page, glyph)

    # Tracing: the first stroke, then two reloads (Safari may reload twice; each resume replayed the
    # kept stroke into the drafts once more, and the record had it twice, a review found).
    pen.stroke(glyph_to_client(page, strokes[0]))
    page.wait_for_function("document.body.dataset.strokesDone === '1'")
    page.wait_for_timeout(300)
    page.reload()
    page.wait_for_function("document.body.dataset.resumed === '1'", timeout=20000)
    page.wait_for_timeout(300)
    page.reload()
    page.wait_for_function("document.body.dataset.resumed === '1'", timeout=20000)
    assert page.evaluate("document.body.dataset.screen") == "schule", "not the home screen: the letter goes on"
    assert page.evaluate("document.body.dataset.glyph") == char
    assert page.evaluate("document.body.dataset.phase") == "guided", "not watching again: tracing goes on"
    assert page.evaluate("document.body.dataset.strokesDone") == "1"
    assert page.evaluate("document.querySelectorAll('#guides .stroke')[0].querySelector('path').classList.contains('done')"), \
        "the traced stroke shows as traced"
    assert page.evaluate("Number(document.body.dataset.progress)") > 0, "the progress bar is where it was"
    assert ink_pixels(page) > 200, "the child's first stroke is still on the paper"
    for stroke in strokes[1:]:
        pen.stroke(glyph_to_client(page, stroke))
    wait_phase(page, "freeWrite")

    # Writing alone: the first stroke, a reload, the rest.
    pen.stroke(glyph_to_client(page, strokes[0]))
    wait_for_drafts(page, server, 1)
    page.wait_for_timeout(300)
    page.reload()
    page.wait_for_function("document.body.dataset.resumed === '1'", timeout=20000)
    assert page.evaluate("document.body.dataset.phase") == "freeWrite"
    assert ink_pixels(page) > 200, "the free-written stroke is still on the paper"
    for stroke in strokes[1:]:
        pen.stroke(glyph_to_client(page, stroke))
    page.wait_for_function("document.body.dataset.state === 'done'", timeout=20000)

    records = server.records()
    phases = [r["phase"] for r in records if r["outcome"] != "abandoned"]
    assert phases == ["observe", "direct", "guided", "freeWrite"], records
    assert len({r["lessonID"] for r in records}) == 1, "one lesson, not a new one after each reload"
    for phase in ("guided", "freeWrite"):
        written = [r for r in records if r["phase"] == phase]
        assert [r["outcome"] for r in written] == ["passed"], written
        ink = json.loads(written[0]["ink"])["strokes"]
        assert len(ink) == len(strokes), f"{phase}: every stroke once"
        assert all(a[-1][2] <= b[0][2] for a, b in zip(ink, ink[1:])), f"{phase}: in the order they were written"
        # The pause across the reload is kept (the page's clock began again at zero; without the
        # page's shift the server would have joined the strokes with no pause at all).
        assert ink[1][0][2] - ink[0][-1][2] >= 0.3, f"{phase}: the pause across the reload is kept"
    assert server.draft_strokes() == 0


def test_a_reload_after_the_letter_is_left_begins_nothing_old(page, server):
    """A letter the child left (home) is not resumed by a later reload: the home screen shows."""
    child = onboarded_profile(server, "eule", "lila")
    page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    glyph = open_letter(page, server, "H")
    watch_and_tap_dots(page, glyph)
    page.click("#screen-schule .bar .home-button")
    page.wait_for_function("document.body.dataset.screen === 'home'")
    page.goto(server.url)
    page.wait_for_function("document.body.dataset.screen === 'home'")
    page.wait_for_timeout(1000)
    assert page.evaluate("document.body.dataset.screen") == "home"
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('feder.lessonInProgress'))") == []


def test_a_reopened_app_goes_on_with_the_letter_but_never_takes_it_from_an_open_tab(page, server):
    """iPadOS ends a Home Screen app in the background, or the child closes it: opened again (a new
    page; nothing of the old tab is left), the letter goes on with the child's ink. While the page
    that writes the letter is still open, another tab of the same child does not take it over."""
    child = onboarded_profile(server, "eule", "lila")
    context = page.context
    context.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    page.goto(f"{server.url}/?letter=H")
    wait_phase(page, "observe")
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/H") as r:
        glyph = json.load(r)
    strokes = [densify(s["checkpoints"], 3.0) for s in glyph["strokes"]]
    pen = watch_and_tap_dots(page, glyph)
    pen.stroke(glyph_to_client(page, strokes[0]))
    page.wait_for_function("document.body.dataset.strokesDone === '1'")

    # A second tab of the same child, the letter still being written in the first: home, nothing taken.
    other = context.new_page()
    other.goto(server.url)
    other.wait_for_function("document.body.dataset.screen === 'home'", timeout=10000)
    other.wait_for_timeout(2000)
    assert other.evaluate("document.body.dataset.screen") == "home"
    other.close()
    for stroke in strokes[1:]:
        pen.stroke(glyph_to_client(page, stroke))
    wait_phase(page, "freeWrite")
    pen.stroke(glyph_to_client(page, strokes[0]))
    wait_for_drafts(page, server, 1)
    page.wait_for_timeout(300)

    # The app is closed and opened again: a new page at the app's address.
    page.close()
    reopened = context.new_page()
    reopened.goto(server.url)
    reopened.wait_for_function("document.body.dataset.resumed === '1'", timeout=20000)
    assert reopened.evaluate("document.body.dataset.screen") == "schule"
    assert reopened.evaluate("document.body.dataset.glyph") == "H"
    assert reopened.evaluate("document.body.dataset.phase") == "freeWrite", "writing alone goes on"
    assert ink_pixels(reopened) > 200, "the free-written stroke is on the paper again"
    pen = Pen(reopened)
    for stroke in strokes[1:]:
        pen.stroke(glyph_to_client(reopened, stroke))
    reopened.wait_for_function("document.body.dataset.state === 'done'", timeout=20000)

    records = server.records()
    assert [r["phase"] for r in records if r["outcome"] != "abandoned"] == ["observe", "direct", "guided", "freeWrite"], records
    assert len({r["lessonID"] for r in records}) == 1, "one lesson across the two pages"
    guided = [r for r in records if r["phase"] == "guided"]
    assert [r["outcome"] for r in guided] == ["passed"], "the second tab took nothing from the first"
    written = [r for r in records if r["phase"] == "freeWrite"]
    assert [r["outcome"] for r in written] == ["passed"], written
    assert len(json.loads(written[0]["ink"])["strokes"]) == len(strokes), "every stroke once"
    assert server.draft_strokes() == 0
    assert reopened.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('feder.lessonInProgress'))") == []
