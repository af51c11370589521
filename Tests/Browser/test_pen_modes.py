"""Which touches write, tested on the page's own input module (js/pen.js) in the real browser with
real Pointer Events from CDP: a paper that logs what pen.js hands on, and when.

- A child whose profile says "pen" may write with a capacitive stylus, which the browser reports as
  a touch: pen mode held each of its strokes back until it lifted, so the ink showed only then. Once
  touches keep writing with no pen in sight, they draw as they move.
- A pen seen for one child put the tablet in pen mode for the next child too (a touch writer's
  strokes then showed only at each lift)."""

import pytest

from pen import Finger, Pen

PAPER = """async () => {
    const { PenInput } = await import('/js/pen.js');
    const paper = document.createElement('div');
    paper.style.cssText = 'position:fixed;inset:0;z-index:9999;background:#fff';
    document.body.appendChild(paper);
    window.penLog = [];
    window.profilePen = false;
    window.writer = 'A';
    const log = (kind) => (s) => window.penLog.push(kind);
    new PenInput(paper, { toUnits: (x, y) => [x, y] }, { down: log('down'), move: log('move'), up: log('up'), swipe: log('swipe') },
                 { prefersPen: () => window.profilePen, writer: () => window.writer });
}"""


@pytest.fixture
def paper(touch_page, server):
    touch_page.goto(server.url)
    touch_page.evaluate(PAPER)
    return touch_page


def written_while_down(page, finger, x=300, y=300):
    """Presses a finger, moves it, and tells whether its stroke reached the page before it lifted."""
    page.evaluate("window.penLog = []")
    finger.press(x, y)
    for step in range(1, 6):
        page.wait_for_timeout(40)
        finger._send("touchMove", [(1, (x + 12 * step, y + 8 * step))])
    page.wait_for_timeout(250)
    before_lift = "down" in page.evaluate("window.penLog")
    finger.lift()
    page.wait_for_timeout(50)
    log = page.evaluate("window.penLog")
    assert log.count("down") == 1 and log[-1] == "up", log  # written either way, never lost
    return before_lift


def test_a_capacitive_stylus_on_a_pen_profile_draws_as_it_moves_once_touches_keep_writing(paper):
    paper.evaluate("window.profilePen = true")
    finger = Finger(paper)
    # Pen mode from the profile: the first touches are held until they lift (a palm before the pen
    # must not write) ...
    assert not written_while_down(paper, finger)
    assert not written_while_down(paper, finger)
    # ... but touches that keep writing with no pen are the stylus: from now on they draw live.
    assert written_while_down(paper, finger)
    assert written_while_down(paper, finger)
    # A real pen puts it back into pen mode: the next touch is the hand again.
    Pen(paper).stroke([(500, 500), (520, 520), (540, 540)])
    paper.wait_for_timeout(2100)  # past the palm window, so the touch is held, not dropped
    assert not written_while_down(paper, finger)


def test_a_pen_seen_for_one_child_does_not_hold_back_the_next_childs_finger(paper):
    finger = Finger(paper)
    assert written_while_down(paper, finger), "a finger writer's stroke draws as it moves"
    Pen(paper).stroke([(500, 500), (520, 520), (540, 540)])
    paper.wait_for_timeout(2100)
    assert not written_while_down(paper, finger), "after child A's pen a touch is taken for A's hand"
    paper.evaluate("window.writer = 'B'")  # another child takes the tablet
    assert written_while_down(paper, finger), "child B's finger draws as it moves"
    paper.evaluate("window.writer = 'A'")
    assert not written_while_down(paper, finger), "back to child A, whose pen was seen"
