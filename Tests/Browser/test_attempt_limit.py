"""A child who never lifts the pen: after 72,000 samples in one attempt (ten minutes of writing at
120 Hz, or a long scribble) the server takes no more ink for it. The page must not leave the child
writing into silence: the stroke ends, the phase begins again with its prompt, the long attempt is
kept as a restarted record, and the next pen-down writes as before."""

import json

from lesson_steps import open_letter, trace, wait_phase, watch_and_tap_dots
from pen import glyph_to_client

LIMIT = 72_000


def test_a_full_attempt_begins_again_instead_of_writing_into_silence(page, server):
    glyph = open_letter(page, server, "L")
    pen = watch_and_tap_dots(page, glyph)
    assert page.evaluate("document.body.dataset.attempt") == "1"

    start = glyph_to_client(page, [glyph["strokes"][0]["checkpoints"][0]])[0]
    page.evaluate("() => { window.penId = null; document.getElementById('ink')"
                  ".addEventListener('pointerdown', (e) => { window.penId = e.pointerId; }, true); }")
    pen._send("mousePressed", start[0], start[1], 0.5, (0, 0))
    page.wait_for_function("window.penId !== null")

    # One stroke of more samples than an attempt may hold, delivered as the browser delivers pen
    # moves (a real pen cannot send 72,000 through the DevTools protocol in a test's time).
    page.evaluate("""([x0, y0, count]) => {
        const ink = document.getElementById('ink');
        for (let i = 0; i < count; i++) {
            ink.dispatchEvent(new PointerEvent('pointermove', {
                pointerId: window.penId, pointerType: 'pen', bubbles: true, cancelable: true,
                clientX: x0 + (i % 40), clientY: y0 + (i % 23), pressure: 0.5 }));
        }
    }""", [start[0], start[1], LIMIT + 200])

    page.wait_for_function("document.body.dataset.full === '1'", timeout=30000)
    page.wait_for_function("document.body.dataset.attempt === '2' && document.body.dataset.state === 'ready'",
                           timeout=15000)
    assert page.evaluate("document.body.dataset.phase") == "guided"
    inked = page.evaluate("""() => {
        const c = document.getElementById('ink');
        const pixels = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) n++;
        return n;
    }""")
    assert inked == 0, "the long stroke is taken off the page with the attempt"
    pen._send("mouseReleased", start[0], start[1], 0.0, (0, 0))

    restarted = [r for r in server.records() if r["phase"] == "guided"]
    assert [r["outcome"] for r in restarted] == ["restarted"]
    kept = json.loads(restarted[0]["ink"])["strokes"]
    # The page sends up to 256 samples a message; the one that would pass the limit is refused whole.
    assert LIMIT - 256 < sum(len(s) for s in kept) <= LIMIT, "the attempt keeps the ink it was allowed"

    trace(page, pen, glyph)
    page.wait_for_function("document.body.dataset.traced === 'true'", timeout=10000)
    wait_phase(page, "freeWrite")
    assert page.evaluate("document.body.dataset.full") == "1", "one restart, not one per refused move"
