"""Every screen of the child app at iPad size — landscape 1180 × 820 and portrait 820 × 1180, light
and dark — saved in test-artifacts/ for people to look at; on each, no digit and no per-cent sign."""

import json
import math
import urllib.request

import pytest
from websockets.sync.client import connect

from child_steps import wait_screen, warmup_to_client
from adult_gate import create_profile, solve_gate_in_page
from conftest import artifact, no_digits_shown
from lesson_steps import wait_phase
from pen import Pen, tap

SIZES = {"landscape": (1180, 820), "portrait": (820, 1180)}


def onboarded_profile(server, animal, colour, pointer="pen"):
    child = create_profile(server, animal, colour)
    with connect(server.ws_url) as ws:
        ws.send(json.dumps({"id": 1, "type": "hello", "child": child}))
        ws.recv()
        ws.send(json.dumps({"id": 2, "type": "onboarded", "pointer": pointer, "handedness": "right"}))
        assert json.loads(ws.recv())["profile"]["needsOnboarding"] is False
    return child


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("orientation", ["landscape", "portrait"])
def test_every_screen_at_ipad_size(browser, server, orientation, scheme):
    width, height = SIZES[orientation]
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    child = onboarded_profile(server, "fuchs", "orange")
    onboarded_profile(server, "pinguin", "blau")
    name = lambda screen: str(artifact(f"screen-{screen}-{orientation}-{scheme}.png"))
    seen = []

    def shot(screen):
        seen.append(no_digits_shown(page))
        page.screenshot(path=name(screen))

    page.goto(server.url)
    wait_screen(page, "who")
    shot("who")
    page.click("#add-child")
    page.wait_for_selector(".gate .gate-key")
    page.screenshot(path=name("gate"))  # the adults' task: digits on the keypad are for the adult
    solve_gate_in_page(page)
    wait_screen(page, "new")
    shot("new-animal")
    # Back from the colours is back to the animals, not out of making the child.
    page.click("#new-animals [data-animal=igel]")
    page.wait_for_selector("#new-colours [data-colour=lila]")
    page.click("#screen-new [data-go]")
    page.wait_for_selector("#new-animals [data-animal=eule]")
    assert page.evaluate("document.body.dataset.screen") == "new"
    page.click("#new-animals [data-animal=eule]")
    shot("new-colour")
    page.click("#new-colours [data-colour=lila]")
    wait_screen(page, "onboarding")
    shot("onboarding-pointer")
    page.click("[data-pointer=touch]")
    shot("onboarding-hand")
    page.click("[data-hand-choice=left]")
    page.wait_for_function("document.body.dataset.onboarding === 'line'")
    shot("onboarding-warmup")
    pen = Pen(page)
    pen.stroke(warmup_to_client(page, [(200, 40 + i * 5) for i in range(45)]))
    page.wait_for_function("document.body.dataset.onboarding === 'circle'")
    pen.stroke(warmup_to_client(page, [(200 + 95 * math.sin(a / 30 * math.pi), 150 - 95 * math.cos(a / 30 * math.pi))
                                       for a in range(61)]))
    for step, into_it in [("direct", 1400), ("guided", 1300)]:  # mid-animation: a tap's ring, half the ink
        page.wait_for_function(f"document.body.dataset.demo === '{step}'", timeout=20000)
        page.wait_for_timeout(into_it)
        shot(f"onboarding-demo-{step}")

    page.evaluate(f"localStorage.setItem('feder.child', '{child}')")
    page.goto(server.url)
    wait_screen(page, "home")
    page.wait_for_function("document.querySelector('#home-jar svg') !== null")
    shot("home")
    page.click("[data-world-button=schule]")
    wait_phase(page, "observe")
    page.wait_for_timeout(700)  # the guide dot is on its way
    shot("schule-observe")
    glyph = json.load(urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/{page.evaluate('document.body.dataset.glyph')}"))
    tap(page, Pen(page), glyph["width"] / 2, 150)
    wait_phase(page, "direct")
    shot("schule-direct")
    page.click("#letter-button")
    # The panel pops in over half a second: photograph it once it stands, not half transparent.
    page.wait_for_function("""() => {
        const picker = document.querySelector('#picker');
        return !picker.classList.contains('hidden')
            && picker.getAnimations({ subtree: true }).every((a) => a.playState === 'finished');
    }""")
    shot("schule-picker")
    # The close button covers no letter, and every letter lies inside the panel (in portrait the
    # button covered the G and the grid ran past the panel's right edge).
    covered = page.evaluate("""() => {
        const c = document.querySelector('#picker-close').getBoundingClientRect();
        const panel = document.querySelector('.picker-panel').getBoundingClientRect();
        return [...document.querySelectorAll('#picker-grid button')].filter((b) => {
            const r = b.getBoundingClientRect();
            const under = r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom;
            return under || r.right > panel.right + 0.5 || r.left < panel.left - 0.5;
        }).map((b) => b.textContent);
    }""")
    assert covered == [], covered
    page.click("#picker-close")
    page.click("#screen-schule .bar .home-button")
    page.click("[data-world-button=werkstatt]")
    wait_screen(page, "werkstatt")
    page.wait_for_function("document.body.dataset.werkstattTarget && document.querySelector('#werkstatt-modes [data-mode=letter][aria-pressed=true]')")
    shot("werkstatt")
    page.click("#screen-werkstatt .home-button")
    page.click("[data-world-button=fortschritte]")
    page.wait_for_function("document.body.dataset.progressShown === 'true'")
    shot("fortschritte")
    assert len(seen) == 14
    context.close()


@pytest.mark.parametrize("size", [(1024, 768), (768, 1024), (1366, 1024)])
def test_a_whole_class_is_on_who_is_writing_at_once(browser, server, size):
    """A class of 24 on "Wer schreibt heute?": every child's picture (and the tile to add one) is on
    the screen without scrolling, each still large enough for a child's finger."""
    animals = ["fuchs", "igel", "hase", "baer", "katze", "eule", "maus", "frosch", "pinguin", "loewe", "elefant", "schildkroete"]
    for colour in ("rot", "blau"):
        for animal in animals:
            create_profile(server, animal, colour)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, device_scale_factor=1)
    page = context.new_page()
    try:
        page.goto(server.url)
        wait_screen(page, "who")
        page.wait_for_function("document.querySelectorAll('#who-tiles .tile').length === 25")
        page.wait_for_timeout(300)
        boxes = page.eval_on_selector_all("#who-tiles .tile", "els => els.map((e) => e.getBoundingClientRect().toJSON())")
        for box in boxes:
            assert box["width"] >= 88 and box["height"] >= 88, box
            assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
            assert box["y"] >= 0 and box["y"] + box["height"] <= size[1], f"below the screen's edge: {box}"
        assert page.evaluate("document.getElementById('who-tiles').scrollHeight <= document.getElementById('who-tiles').clientHeight + 1")
        page.screenshot(path=str(artifact(f"who-class-of-24-{size[0]}x{size[1]}.png")))
        # Turned, it fits again.
        page.set_viewport_size({"width": size[1], "height": size[0]})
        page.wait_for_timeout(300)
        boxes = page.eval_on_selector_all("#who-tiles .tile", "els => els.map((e) => e.getBoundingClientRect().toJSON())")
        assert all(b["y"] + b["height"] <= size[0] and b["width"] >= 88 for b in boxes), boxes
    finally:
        context.close()
