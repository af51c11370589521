"""Steps through the child app as a child would: choosing a profile, onboarding, a letter in Schule."""

import json
import math
import urllib.request

from adult_gate import solve_gate_in_page
from conftest import no_digits_shown
from lesson_steps import trace, wait_phase, watch_and_tap_dots
from pen import Pen


def wait_screen(page, screen, timeout=15000):
    page.wait_for_function(f"document.body.dataset.screen === '{screen}'", timeout=timeout)


def warmup_to_client(page, points):
    """Maps the warm-up's 400 × 300 box to client coordinates (as the page's BoxViewport does)."""
    r = page.evaluate("(() => { const r = document.getElementById('warmup-ink').getBoundingClientRect(); return {l: r.left, t: r.top, w: r.width, h: r.height}; })()")
    s = min(r["w"] / 400, r["h"] / 300)
    ox, oy = r["l"] + (r["w"] - 400 * s) / 2, r["t"] + (r["h"] - 300 * s) / 2
    return [(ox + x * s, oy + y * s) for x, y in points]


def new_child(page, animal, colour, hand="right", screenshot=None, watch_demo=False, turn_to=None):
    """From "Wer schreibt heute?": a new child picks an animal and a colour, then onboarding; the
    demo of the four phases at its end is skipped with its arrow unless `watch_demo`. `turn_to`
    (width, height): the tablet is turned as the warm-up's line is shown; the line drawn then must
    appear under the pen."""
    wait_screen(page, "who")
    page.click("#add-child")
    page.wait_for_function("document.querySelector('.gate .gate-key') || document.body.dataset.screen === 'new'")
    if page.locator(".gate").count():
        solve_gate_in_page(page)  # adding a child is for a parent: the gate comes first
    wait_screen(page, "new")
    page.click(f"#new-animals [data-animal={animal}]")
    page.click(f"#new-colours [data-colour={colour}]")
    wait_screen(page, "onboarding")
    no_digits_shown(page)
    if screenshot:
        page.screenshot(path=screenshot)
    page.click("[data-pointer=pen]")
    page.click(f"[data-hand-choice={hand}]")
    page.wait_for_function("document.body.dataset.onboarding === 'line'")
    pen = Pen(page)
    if turn_to:
        # A line too short first: wiped, and not drawn again when the tablet turns (it was).
        pen.stroke(warmup_to_client(page, [(200, 40 + i * 5) for i in range(8)]))
        page.wait_for_timeout(200)
        page.set_viewport_size({"width": turn_to[0], "height": turn_to[1]})
        page.wait_for_timeout(300)
        ink_left = page.evaluate("""() => { const c = document.getElementById('warmup-ink');
            return c.getContext('2d').getImageData(0, 0, c.width, c.height).data.some((v, i) => i % 4 === 3 && v > 0); }""")
        assert not ink_left, "the rejected line came back after the tablet was turned"
    line = warmup_to_client(page, [(200, 40 + i * 5) for i in range(45)])
    if turn_to:
        # Drawn without lifting (the lift ends the step): the ink is under the pen, the canvas
        # pixel at the middle of the line painted.
        for i, (x, y) in enumerate(line):
            pen._send("mousePressed" if i == 0 else "mouseMoved", x, y, 0.5, (0, 15))
        painted = page.evaluate("""([x, y]) => { const c = document.getElementById('warmup-ink'), r = c.getBoundingClientRect();
            const k = c.width / r.width;
            return c.getContext('2d').getImageData(Math.round((x - r.left) * k), Math.round((y - r.top) * k), 1, 1).data[3]; }""",
                                list(line[len(line) // 2]))
        assert painted > 0, "the warm-up's ink is not under the pen after the tablet was turned"
        pen._send("mouseReleased", *line[-1], 0.0, (0, 0))
    else:
        pen.stroke(line)
    page.wait_for_function("document.body.dataset.onboarding === 'circle'")
    circle = [(200 + 95 * math.sin(a / 60 * 2 * math.pi), 150 - 95 * math.cos(a / 60 * 2 * math.pi)) for a in range(61)]
    pen.stroke(warmup_to_client(page, circle))
    page.wait_for_function("document.body.dataset.onboarding === 'demo'")
    no_digits_shown(page)
    skipped_at = None
    if not watch_demo:
        skipped_at = page.evaluate("performance.now()")
        page.click("#demo-skip")
    wait_screen(page, "home", timeout=40000)
    no_digits_shown(page)
    return skipped_at


def glyph(server, char):
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/{urllib.request.quote(char)}") as r:
        return json.load(r)


def run_scheduled_letter(page, server):
    """The letter Schule shows now, through its four phases to the celebration. Returns the letter."""
    wait_phase(page, "observe")
    no_digits_shown(page)
    char = page.evaluate("document.body.dataset.glyph")
    g = glyph(server, char)
    pen = watch_and_tap_dots(page, g)
    no_digits_shown(page)
    trace(page, pen, g)
    wait_phase(page, "freeWrite")
    trace(page, pen, g)
    page.wait_for_function("document.body.dataset.state === 'done'", timeout=15000)
    page.wait_for_selector("#celebration:not(.hidden)", timeout=5000)
    no_digits_shown(page)
    return char
