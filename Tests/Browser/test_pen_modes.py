"""Which touches write, tested on the page's own input module (js/pen.js) with the options every
child's paper gets (`childPenOptions` in js/state.js), in the real browser with real Pointer Events
from CDP: a paper that logs what pen.js hands on, and when.

- A child whose profile says "pen" may write with a capacitive stylus, which the browser reports as
  a touch: pen mode held each of its strokes back until it lifted, so the ink showed only then. Once
  touches keep writing lines with no pen in sight, they draw as they move; a palm that only rests
  and lifts does not count.
- A pen seen for one child put the tablet in pen mode for the next child too (a touch writer's
  strokes then showed only at each lift); and it must hold for the child it wrote for (the first
  version read the child from a profile field that does not exist, so no pen ever counted)."""

import pytest

from child_steps import wait_screen
from pen import Finger, Pen

PAPER = """async () => {
    const { PenInput } = await import('/js/pen.js');
    const { childPenOptions } = await import('/js/state.js');
    const paper = document.createElement('div');
    paper.style.cssText = 'position:fixed;inset:0;z-index:9999;background:#fff';
    document.body.appendChild(paper);
    window.penLog = [];
    const log = (kind) => (s) => window.penLog.push(kind);
    new PenInput(paper, { toUnits: (x, y) => [x, y] }, { down: log('down'), move: log('move'), up: log('up'), swipe: log('swipe') },
                 childPenOptions());
}"""


def as_child(page, child, pointer):
    """Who writes, as the app's `hello` leaves it in the page's state."""
    page.evaluate("""async ([child, pointer]) => { const { state } = await import('/js/state.js');
        state.childID = child; state.profile = { pointer }; }""", [child, pointer])


@pytest.fixture
def paper(touch_page, server):
    touch_page.goto(server.url)
    wait_screen(touch_page, "who")
    touch_page.evaluate(PAPER)
    return touch_page


def written_while_down(page, finger, x=300, y=300, step=(12, 8)):
    """Presses a finger, moves it, and tells whether its stroke reached the page before it lifted."""
    page.evaluate("window.penLog = []")
    finger.press(x, y)
    for k in range(1, 6):
        page.wait_for_timeout(40)
        finger._send("touchMove", [(1, (x + step[0] * k, y + step[1] * k))])
    page.wait_for_timeout(250)
    before_lift = "down" in page.evaluate("window.penLog")
    finger.lift()
    page.wait_for_timeout(50)
    log = page.evaluate("window.penLog")
    assert log.count("down") == 1 and log[-1] == "up", log  # written either way, never lost
    return before_lift


def pen_stroke(page):
    Pen(page).stroke([(500, 500), (520, 520), (540, 540)])
    page.wait_for_timeout(2100)  # past the palm window, so the next touch is held, not dropped


def test_a_capacitive_stylus_on_a_pen_profile_draws_as_it_moves_once_touches_keep_writing(paper):
    as_child(paper, "A", "pen")
    finger = Finger(paper)
    # A palm resting and lifting, again and again, before any pen: held each time, and it does not
    # talk the page out of pen mode (it barely moves).
    for _ in range(4):
        assert not written_while_down(paper, finger, step=(1, 1))
    # Pen mode from the profile: the first lines are held until they lift ...
    assert not written_while_down(paper, finger)
    assert not written_while_down(paper, finger)
    # ... but touches that keep writing lines with no pen are the stylus: from now on they draw live.
    assert written_while_down(paper, finger)
    assert written_while_down(paper, finger)
    # A real pen puts it back into pen mode for good: the next touches are the hand again.
    pen_stroke(paper)
    for _ in range(3):
        assert not written_while_down(paper, finger)


def test_after_the_pen_a_palm_that_rests_and_lifts_never_writes_as_the_pen_lands(paper):
    """A pen-profile child writes with the pen, then rests the hand four times away from it: the palm
    lying on the glass as the pen next lands is dropped, not a stroke of the attempt."""
    as_child(paper, "A", "pen")
    finger = Finger(paper)
    pen_stroke(paper)
    for _ in range(4):
        written_while_down(paper, finger)
    paper.evaluate("window.penLog = []")
    finger.press(200, 600)
    paper.wait_for_timeout(250)
    Pen(paper).stroke([(500, 500), (520, 520), (540, 540)])
    finger.lift()
    paper.wait_for_timeout(100)
    assert paper.evaluate("window.penLog").count("down") == 1, "only the pen wrote"


def test_a_pen_seen_for_one_child_does_not_hold_back_the_next_childs_finger(paper):
    as_child(paper, "A", "touch")
    finger = Finger(paper)
    assert written_while_down(paper, finger), "a finger writer's stroke draws as it moves"
    pen_stroke(paper)
    assert not written_while_down(paper, finger), "after child A's pen a touch is taken for A's hand"
    as_child(paper, "B", "touch")  # another child takes the tablet
    assert written_while_down(paper, finger), "child B's finger draws as it moves"
    as_child(paper, "A", "touch")
    assert not written_while_down(paper, finger), "back to child A, whose pen was seen"


def test_the_child_writing_is_the_one_the_app_chose(touch_page, server):
    from test_adult_settings import onboarded
    child = onboarded(server)
    touch_page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    touch_page.goto(server.url)
    wait_screen(touch_page, "home")
    writer = touch_page.evaluate("import('/js/state.js').then(({ childPenOptions }) => childPenOptions().writer())")
    assert writer == child
