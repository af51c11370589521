"""The child page in a real browser, driven with a synthetic pen: the four phases of A end in the
celebration and every phase is stored; tracing backwards does not complete; a mistake is shown and
spoken; stored records survive a restart."""

from contextlib import contextmanager
import json
import math
import urllib.request

from adult_gate import adult_request
from conftest import artifact
from lesson_steps import open_letter, trace, wait_phase, watch_and_tap_dots
from pen import densify, glyph_to_client
from test_speech import lines, said_by_server, wait_quiet


def test_four_phases_of_A_with_a_pen_reach_the_celebration(page, server):
    said = said_by_server(page)
    glyph = open_letter(page, server, "A")
    total = sum(len(s["checkpoints"]) for s in glyph["strokes"])
    page.screenshot(path=str(artifact("lesson-A-1-observe.png")))
    pen = watch_and_tap_dots(page, glyph, wrong_first=True)
    trace(page, pen, glyph)
    page.wait_for_function("document.body.dataset.traced === 'true'", timeout=10000)
    assert int(page.evaluate("document.body.dataset.checkpoints")) == total
    page.screenshot(path=str(artifact("lesson-A-3-guided.png")))
    wait_phase(page, "freeWrite")
    assert page.evaluate("getComputedStyle(document.querySelector('#guides .ghost')).display") == "none"
    # The traced letter does not vanish the moment it is finished: it fades out beneath the empty
    # page for writing alone, while its praise is said.
    fading = page.evaluate("""() => [...document.querySelectorAll('#screen-schule .ink-fading')].map((c) => {
        const pixels = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) n++;
        return n;
    })""")
    assert len(fading) == 1 and fading[0] > 1000, fading
    page.wait_for_function("document.querySelectorAll('.ink-fading').length === 0", timeout=3000)
    wait_quiet(page)
    free_from = len(page.evaluate("window.feder.audioLog"))
    trace(page, pen, glyph)  # written from memory: the same movements, with no ghost to follow
    page.wait_for_function("document.body.dataset.state === 'done'", timeout=10000)
    page.wait_for_selector("#celebration:not(.hidden)", timeout=5000)
    page.wait_for_timeout(900)  # let the celebration finish popping in before the screenshot
    page.screenshot(path=str(artifact("lesson-A-5-celebration.png")))
    assert int(page.evaluate("document.body.dataset.letterStars")) >= 1
    # The panel's home button stands out from the panel (it was blue on blue).
    colours = page.evaluate("""() => [getComputedStyle(document.querySelector('#celebration .panel')).backgroundColor,
        getComputedStyle(document.querySelector('#celebration .celebration-home')).backgroundColor]""")
    assert colours[0] != colours[1], colours
    # Upright (an iPad turned), the panel stands below the letter's base line instead of on the letter.
    page.set_viewport_size({"width": 820, "height": 1180})
    page.wait_for_timeout(300)
    panel_top = page.evaluate("document.querySelector('#celebration .panel').getBoundingClientRect().top")
    base = page.evaluate("document.querySelector('#guides .ruling-line.base').getBoundingClientRect().top")
    assert panel_top >= base, (panel_top, base)
    page.screenshot(path=str(artifact("lesson-A-5-celebration-portrait.png")))
    page.set_viewport_size({"width": 1180, "height": 820})
    # Every line of the reply that ends the letter is heard, in order, to its end: the praise and
    # "Geschafft!" — German, no numbers.
    wait_quiet(page)
    final = next(keys for keys in reversed(said) if "letter.done" in keys)
    assert any(k.startswith("praise.") for k in final), final
    heard = [e for e in lines(page, free_from) if e["key"] in final]
    assert [e["key"] for e in heard] == final
    for e in heard:
        assert e["ended"] and not e["cut"], e
        assert e["text"] and not any(ch.isdigit() for ch in e["text"]), e

    rows = server.records()
    assert [r["phase"] for r in rows] == ["observe", "direct", "guided", "freeWrite"]
    assert all(r["completed"] for r in rows)
    guided = next(r for r in rows if r["phase"] == "guided")
    assert guided["pointer"] == "pen"
    ink = json.loads(guided["ink"])
    assert len(ink["strokes"]) == len(glyph["strokes"])
    pressures = [s[3] for stroke in ink["strokes"] for s in stroke if len(s) > 3 and s[3] is not None]
    assert len(pressures) > 50 and max(pressures) - min(pressures) > 0.2, "pressure must vary and be stored"
    times = [s[2] for stroke in ink["strokes"] for s in stroke]
    assert times == sorted(times), "timestamps are stored in order"
    direct = json.loads(next(r for r in rows if r["phase"] == "direct")["record"])
    assert any(not t["correct"] for t in direct["direct"]["taps"]), "the wrong tap is recorded"


def test_the_traced_letter_fading_away_is_gone_once_the_child_writes_alone(page, server):
    """The traced letter fades out over a moment as writing alone begins; a child who starts at once
    wrote over it, a model to follow. The pen's landing takes it away."""
    from pen import glyph_to_client
    glyph = open_letter(page, server, "H")
    pen = watch_and_tap_dots(page, glyph)
    trace(page, pen, glyph)
    wait_phase(page, "freeWrite")
    assert page.locator("#screen-schule .ink-fading").count() == 1, "the traced letter fades"
    x, y = glyph_to_client(page, [glyph["strokes"][0]["checkpoints"][0]])[0]
    pen._send("mousePressed", x, y, 0.5, (0, 15))
    page.wait_for_function("document.querySelectorAll('#screen-schule .ink-fading').length === 0", timeout=300)
    pen._send("mouseReleased", x, y, 0.0, (0, 0))


def test_tracing_A_backwards_does_not_complete(page, server):
    glyph = open_letter(page, server, "A")
    total = sum(len(s["checkpoints"]) for s in glyph["strokes"])
    pen = watch_and_tap_dots(page, glyph)
    trace(page, pen, glyph, reverse=True)
    page.wait_for_timeout(800)
    assert page.evaluate("document.body.dataset.phase") == "guided"
    assert page.evaluate("document.body.dataset.traced") is None
    assert int(page.evaluate("document.body.dataset.checkpoints || '0'")) < total / 2
    assert page.is_hidden("#celebration")
    page.screenshot(path=str(artifact("lesson-A-reversed.png")))
    assert server.draft_strokes() == len(glyph["strokes"]), "finished strokes are kept while the phase goes on"
    assert not any(r["phase"] == "guided" and r["completed"] for r in server.records())


def test_a_mistake_is_shown_and_spoken(page, server):
    glyph = open_letter(page, server, "L")
    pen = watch_and_tap_dots(page, glyph)
    # The stem of L traced from its far end: a wrong start, drawn the wrong way.
    stem = glyph["strokes"][0]["checkpoints"]
    trace(page, pen, {"strokes": [{"checkpoints": list(reversed(stem))}]})
    page.wait_for_function("Number(document.body.dataset.mistakes || 0) > 0", timeout=10000)
    said = page.evaluate("document.body.dataset.said")
    assert said in ("Fang oben beim Punkt an.", "Andersrum! Schau auf den Pfeil.", "Fang beim Punkt an."), said
    assert page.locator("#guides .mistake-ring").count() >= 1
    page.screenshot(path=str(artifact("lesson-L-mistake.png")))


def test_records_survive_a_restart(page, server):
    glyph = open_letter(page, server, "I")
    pen = watch_and_tap_dots(page, glyph)
    trace(page, pen, glyph)
    page.wait_for_function("document.body.dataset.guidedStored === 'completed'", timeout=10000)
    server.stop()
    server.start()
    records = adult_request(server, "GET", "/api/v1/records")
    assert any(rec["glyph"] == "I" and rec["phase"] == "guided" and rec["completed"] for rec in records)


def test_turning_the_ipad_keeps_what_the_child_has_done_in_the_phase(page, server):
    """Turning the iPad draws the guides again for the new size: the dots already tapped, the
    checkpoints reached and the strokes traced stay marked (they turned blue again, and a child who
    tapped the first dot again heard that it was wrong)."""
    from pen import Pen, start_dots, tap
    glyph = open_letter(page, server, "H")
    pen = Pen(page)
    tap(page, pen, glyph["width"] / 2, 150)
    wait_phase(page, "direct")
    dots = start_dots(page)
    for x, y in dots[:2]:
        tap(page, pen, x, y)
        page.wait_for_timeout(150)
    done = "document.querySelectorAll('#guides circle.start-dot.done').length"
    assert page.evaluate(done) == 2
    page.set_viewport_size({"width": 820, "height": 1180})
    page.wait_for_timeout(300)
    assert page.evaluate(done) == 2, "the tapped dots are still done upright"
    tap(page, pen, *start_dots(page)[2])
    wait_phase(page, "guided")
    page.set_viewport_size({"width": 1180, "height": 820})
    page.wait_for_timeout(300)
    first = densify(glyph["strokes"][0]["checkpoints"], 3.0)
    pen.stroke(glyph_to_client(page, first))
    page.wait_for_function("document.body.dataset.strokesDone === '1'")
    reached = "document.querySelectorAll('#guides circle.checkpoint.reached').length"
    before = page.evaluate(reached)
    assert before == len(glyph["strokes"][0]["checkpoints"])
    page.set_viewport_size({"width": 820, "height": 1180})
    page.wait_for_timeout(300)
    assert page.evaluate(reached) == before, "the reached checkpoints stay reached"
    assert page.evaluate("document.querySelectorAll('#guides path.ghost.done').length") == 1, "the traced stroke stays done"


def test_a_finger_taps_the_dots_and_traces_the_letter(touch_page, server):
    """A finger's touch waits a moment for a possible second finger (the swipe): quick taps on the
    dots still count, and a traced stroke arrives whole, from its first point."""
    from pen import Finger, start_dots
    page = touch_page
    sent = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(json.loads(p))))
    glyph = open_letter(page, server, "H")
    finger = Finger(page)

    def tap_at(x, y):
        [(cx, cy)] = glyph_to_client(page, [(x, y)])
        finger.stroke([(cx, cy)])

    tap_at(glyph["width"] / 2, 150)
    wait_phase(page, "direct")
    for x, y in start_dots(page):
        tap_at(x, y)
        page.wait_for_timeout(150)
    wait_phase(page, "guided")
    for stroke in glyph["strokes"]:
        finger.stroke(glyph_to_client(page, densify(stroke["checkpoints"], 3.0)))
    wait_phase(page, "freeWrite")
    downs = [m for m in sent if m.get("type") == "down"]
    assert len(downs) == len(glyph["strokes"]) and all(m["pointer"] == "touch" for m in downs)
    first_checkpoints = [s["checkpoints"][0] for s in glyph["strokes"]]
    for down, (x, y) in zip(downs, first_checkpoints):
        assert abs(down["sample"][0] - x) < 5 and abs(down["sample"][1] - y) < 5, "each stroke begins at its first point"


def test_picking_another_letter_mid_lesson_shows_that_letter(page, server):
    """A letter in progress, another picked from the picker: the pill names the new letter (the old
    letter's end came first and the page gave up before `started`: the pill kept the old letter)."""
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    glyph = open_letter(page, server, "o")
    watch_and_tap_dots(page, glyph)
    page.click("#letter-button")
    page.click("#picker-grid button:text-is('A')")
    page.wait_for_function("document.body.dataset.glyph === 'A' && document.body.dataset.phase === 'observe'")
    page.wait_for_function("document.getElementById('letter-label').textContent === 'A'", timeout=3000)
    assert errors == [], errors
    assert [r["outcome"] for r in server.records() if r["glyph"] == "o"][-1] == "abandoned"


def test_a_tap_on_the_due_dot_where_two_dots_overlap_counts_as_that_dot(page, server):
    """An a's bowl and stem begin 23 glyph units apart, and their dots overlap. A tap in the overlap,
    nearer the second dot but on the first, which is due, is the first dot, not a wrong tap."""
    from pen import Pen, tap
    from lesson_steps import start_dots
    g = open_letter(page, server, "a")
    pen = Pen(page)
    tap(page, pen, g["width"] / 2, 150)
    wait_phase(page, "direct")
    (x1, y1), (x2, y2) = start_dots(page)
    assert 0 < abs(y1 - y2) < 30, "the a's two dots overlap"
    on_both = (x1 + (x2 - x1) * 0.7, y1 + (y2 - y1) * 0.7)  # nearer the second dot, within reach of the first
    assert math.dist(on_both, (x2, y2)) < math.dist(on_both, (x1, y1)) <= 30
    tap(page, pen, *on_both)
    page.wait_for_function("document.querySelectorAll('#guides circle.start-dot.done').length === 1")
    assert page.evaluate("document.querySelectorAll('#guides circle.start-dot.pulse').length") == 0, "taken for a wrong tap"
    tap(page, pen, x2, y2)
    wait_phase(page, "guided")


def trace_h_with_a_palm_resting(page, server, palm_at):
    """A child whose profile says pen traces H with the writing hand resting on the glass a moment
    before each pen tap and stroke, touching it at `palm_at` (glyph units, one or more spots).
    Asserts that only the pen wrote: every dot tap right, one stroke per glyph stroke, the pointer
    stored as pen, no error."""
    from pen import Finger, Pen, start_dots, tap
    from test_adult_settings import onboarded
    child = onboarded(server)  # its pointer: pen
    page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    glyph = open_letter(page, server, "H")
    pen, palm = Pen(page), Finger(page)
    spots = glyph_to_client(page, [(glyph["width"] + dx, y) for dx, y in palm_at])

    def with_palm(action):
        palm.press_together(spots, first_id=7)
        page.wait_for_timeout(250)  # down well before the pen (a touch alone writes after 60 ms)
        action()
        palm.lift()
        page.wait_for_timeout(300)

    tap(page, pen, glyph["width"] / 2, 150)
    wait_phase(page, "direct")
    for x, y in start_dots(page):
        with_palm(lambda: tap(page, pen, x, y))
    wait_phase(page, "guided")
    for stroke in glyph["strokes"]:
        with_palm(lambda: pen.stroke(glyph_to_client(page, densify(stroke["checkpoints"], 3.0))))
    wait_phase(page, "freeWrite")
    rows = {r["phase"]: r for r in server.records()}
    direct = json.loads(rows["direct"]["record"])["direct"]
    assert all(t["correct"] for t in direct["taps"]), direct["taps"]
    guided, ink = json.loads(rows["guided"]["record"]), json.loads(rows["guided"]["ink"])
    assert len(ink["strokes"]) == len(glyph["strokes"]) and ink["pointer"] == "pen", (len(ink["strokes"]), ink["pointer"])
    assert [e["code"] for e in guided["errors"]] == [], guided["errors"]


def test_a_palm_resting_before_the_pen_neither_writes_nor_taps(touch_page, server):
    """The palm is no tap in direct and no stroke in guided (it was, a review found: 'Fang oben
    beim Punkt an.', a star off, six strokes stored and the pointer stored as touch)."""
    trace_h_with_a_palm_resting(touch_page, server, palm_at=[(60, 200)])  # where a right hand rests


def test_a_palm_resting_on_two_spots_does_not_hold_the_pen_back(touch_page, server):
    """A resting hand often touches the glass twice (its heel and the side of the little finger):
    two touches together looked like a two-finger swipe, and while that "swipe" lasted the pen's
    taps and strokes were ignored. The pen writes; the palm neither writes nor swipes."""
    trace_h_with_a_palm_resting(touch_page, server, palm_at=[(60, 200), (90, 260)])
    assert touch_page.evaluate("document.body.dataset.letterSound") == "sound", "the palm did not swipe"


def test_double_taps_neither_skip_watching_nor_count_a_dot_twice(page, server):
    """A double tap that starts a letter lands its second tap on the new letter as watching begins:
    the demonstration must go on (it was skipped, a review found). A start dot tapped twice in a
    row is one right tap, not a right and a wrong one."""
    from pen import Pen, start_dots, tap
    page.goto(f"{server.url}/?letter=H")
    page.wait_for_function("document.body.dataset.phase === 'observe' && document.body.dataset.state === 'ready'")
    pen = Pen(page)
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/H") as r:
        glyph = json.load(r)
    tap(page, pen, glyph["width"] / 2, 150)  # the second tap of the double tap, at once
    page.wait_for_timeout(800)
    assert page.evaluate("document.body.dataset.phase") == "observe", "watching goes on"
    tap(page, pen, glyph["width"] / 2, 150)  # a tap later on ends it, as before
    wait_phase(page, "direct")
    dots = start_dots(page)
    tap(page, pen, *dots[0])
    page.wait_for_timeout(150)
    tap(page, pen, *dots[0])  # the same dot again, a double tap
    for x, y in dots[1:]:
        page.wait_for_timeout(750)
        tap(page, pen, x, y)
    wait_phase(page, "guided")
    direct = json.loads(next(r for r in server.records() if r["phase"] == "direct")["record"])["direct"]
    assert [t["correct"] for t in direct["taps"]] == [True] * len(dots), direct["taps"]


@contextmanager
def letter_written_at(browser, server, size, letter, colour):
    """A new child writes `letter` through its whole lesson on a screen of `size` (CSS pixels); yields
    the page as the lesson ends."""
    from child_steps import run_scheduled_letter
    from test_screens import onboarded_profile
    child = onboarded_profile(server, "katze", colour)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, device_scale_factor=1)
    page = context.new_page()
    try:
        page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
        page.goto(f"{server.url}/?letter={letter}")
        run_scheduled_letter(page, server)
        yield page
    finally:
        context.close()


def test_upright_the_celebration_stands_below_the_letter_not_on_it(browser, server):
    """On an iPad held upright the letter fills the paper's width: the celebration is one row below
    the letter's base line, so the child still sees all it wrote (the panel covered its foot)."""
    with letter_written_at(browser, server, (768, 1024), "M", "gruen") as page:
        page.wait_for_timeout(700)  # the panel pops in
        panel = page.eval_on_selector("#celebration .panel", "e => e.getBoundingClientRect().toJSON()")
        base = page.eval_on_selector("#guides .ruling-line.base", "e => e.getBoundingClientRect().toJSON()")
        assert panel["top"] > base["bottom"], (panel, base)
        assert panel["bottom"] <= 1024


def ink_extent(page):
    """The drawn ink's box on screen (client pixels), read from the canvas's pixels and its place."""
    return page.evaluate("""() => {
        const canvas = document.getElementById('ink');
        const { width, height } = canvas;
        const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
        let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
        for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
            if (data[(y * width + x) * 4 + 3] > 0) { minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y); }
        }
        const rect = canvas.getBoundingClientRect(), k = rect.width / width;
        return { left: rect.left + minX * k, right: rect.left + (maxX + 1) * k, top: rect.top + minY * k, bottom: rect.top + (maxY + 1) * k };
    }""")


def test_a_wide_letter_moves_aside_so_the_celebration_covers_none_of_it(browser, server):
    """At 1024 × 768 a W written alone ran under the celebration's card (a review): the letter and its
    ink move aside as far as the paper allows, and come back for the next letter."""
    with letter_written_at(browser, server, (1024, 768), "W", "blau") as page:
        page.wait_for_function("document.body.dataset.roomMade !== undefined", timeout=5000)
        page.wait_for_timeout(500)  # the move's transition
        panel = page.eval_on_selector("#celebration .panel", "e => e.getBoundingClientRect().toJSON()")
        ink = ink_extent(page)
        assert int(page.evaluate("document.body.dataset.roomMade")) < 0, "moved to the left, away from the card"
        assert ink["right"] <= panel["left"], (ink, panel)
        paper = page.eval_on_selector("#paper", "e => e.getBoundingClientRect().toJSON()")
        assert ink["left"] >= paper["left"], "nothing pushed off the paper"
        page.screenshot(path=str(artifact("lesson-W-celebration-1024.png")))
        page.click("#next-button")
        page.wait_for_function("document.body.dataset.roomMade === undefined")
        assert page.eval_on_selector("#ink", "e => e.style.transform") == ""


def test_while_feder_waits_to_judge_a_letter_written_alone_the_paper_shows_it_is_looking(page, server):
    """Writing alone is judged once the pen has rested for two to four seconds: meanwhile the paper
    glows softly (after a moment, not between strokes; with strokes of the letter still to come only
    in the last second of the four, so that a child thinking before the next stroke is not hurried),
    until the praise comes; the pen coming back ends it at once."""
    glyph = open_letter(page, server, "H")
    pen = watch_and_tap_dots(page, glyph)
    trace(page, pen, glyph)
    wait_phase(page, "freeWrite")
    strokes = [densify(s["checkpoints"], 3.0) for s in glyph["strokes"]]
    pen.stroke(glyph_to_client(page, strokes[0]))
    page.wait_for_timeout(1500)
    assert page.evaluate("document.body.dataset.looking") is None, "two strokes of H to come: no hurry yet"
    page.wait_for_function("document.body.dataset.looking === 'true'", timeout=2500)
    glow = page.evaluate("getComputedStyle(document.getElementById('paper'), '::after').animationName")
    assert glow == "looking"
    page.wait_for_timeout(700)  # the glow at its brightest
    page.screenshot(path=str(artifact("free-writing-looking.png")))
    second = glyph_to_client(page, strokes[1])
    pen._send("mousePressed", *second[0], 0.5, (-20, 15))
    assert page.evaluate("document.body.dataset.looking") is None, "the pen is back: nothing to wait for"
    for x, y in second[1:]:
        pen._send("mouseMoved", x, y, 0.5, (-20, 15))
    pen._send("mouseReleased", *second[-1], 0.0, (0, 0))
    pen.stroke(glyph_to_client(page, strokes[2]))
    page.wait_for_function("document.body.dataset.looking === 'true'", timeout=1500)
    page.wait_for_function("document.body.dataset.state === 'done'", timeout=10000)
    assert page.evaluate("document.body.dataset.looking") is None, "answered: the paper is still again"
