"""What the page keeps when the store cannot answer: another program holds SQLite's write lock past
the server's busy timeout, and the server answers `storage_failed`.

- The tablet loses its connection mid-letter and comes back during the lock: the server cannot load
  the child for `hello`. The page keeps its child and asks again until the store answers, so nothing
  written afterwards is filed under nobody (docs/PROTOCOL.md, hello).
- A child finishes onboarding during the lock: the choices are kept and sent again after the next
  `hello`, so the child is not asked again and keeps the hand it chose."""

import json
import math
import sqlite3

from adult_gate import create_profile
from child_steps import wait_screen, warmup_to_client
from lesson_steps import wait_phase, watch_and_tap_dots
from link import SilentableLink
from pen import Pen, densify, glyph_to_client
from test_lost_link import open_letter_as_child


def frames_of(page):
    """Every WebSocket message the page sends and receives, decoded."""
    sent, received = [], []

    def watch(ws):
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: received.append(json.loads(payload)))

    page.on("websocket", watch)
    return sent, received


def wait_until(page, condition, timeout_ms, what):
    for _ in range(timeout_ms // 200):
        if condition():
            return
        page.wait_for_timeout(200)  # lets Playwright deliver the frames it has seen
    raise AssertionError(f"not within {timeout_ms} ms: {what}")


def test_a_hello_refused_by_a_locked_store_keeps_the_child(page, server):
    sent, received = frames_of(page)
    link = SilentableLink(server.port)
    try:
        glyph = open_letter_as_child(page, link.url, server, "A")
        child = page.evaluate("localStorage.getItem('feder.child')")
        pen = watch_and_tap_dots(page, glyph)
        strokes = [s["checkpoints"] for s in glyph["strokes"]]
        pen.stroke(glyph_to_client(page, densify(strokes[0], 3.0)))
        page.wait_for_function("document.body.dataset.strokesDone === '1'", timeout=10000)

        # The server may still be writing the stroke's draft (it does so after the reply): the
        # blocker waits for that write, then holds the lock.
        blocker = sqlite3.connect(server.data_dir / "feder.sqlite", timeout=5, isolation_level=None)
        blocker.execute("BEGIN EXCLUSIVE")
        try:
            hellos_before = sum(1 for m in sent if m.get("type") == "hello")
            link.cut()
            # The store's busy timeout is 5 s: the first hello after the cut is refused, and the page
            # asks again with the same child.
            wait_until(page, lambda: any(m.get("code") == "storage_failed" for m in received), 15000,
                       "the server refuses hello while it cannot load the child")
            wait_until(page, lambda: sum(1 for m in sent if m.get("type") == "hello") >= hellos_before + 2, 10000,
                       "the page asks again")
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        later = [m for m in sent if m.get("type") == "hello"][hellos_before:]
        assert all(m.get("child") == child for m in later), later

        page.wait_for_function("document.body.dataset.resumed === '1'", timeout=20000)
        for stroke in strokes[1:]:
            pen.stroke(glyph_to_client(page, densify(stroke, 3.0)))
        wait_phase(page, "freeWrite")
        guided = [r for r in server.records() if r["phase"] == "guided"]
        assert [r["childID"] for r in guided] == [child], "the letter is the child's, not nobody's"
        assert len(json.loads(guided[0]["ink"])["strokes"]) == len(strokes), "every stroke kept"
    finally:
        link.close()


def test_onboarding_finished_while_the_store_is_locked_is_stored_later(page, server):
    sent, received = frames_of(page)
    link = SilentableLink(server.port)
    child = create_profile(server, "fuchs", "blau")
    try:
        page.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
        page.goto(link.url)
        wait_screen(page, "onboarding")
        page.click("[data-pointer=pen]")
        page.click("[data-hand-choice=left]")
        page.wait_for_function("document.body.dataset.onboarding === 'line'")
        pen = Pen(page)
        pen.stroke(warmup_to_client(page, [(200, 40 + i * 5) for i in range(45)]))
        page.wait_for_function("document.body.dataset.onboarding === 'circle'")

        def onboarding_stored():
            with server.db() as con:
                return con.execute("SELECT onboardedAt IS NOT NULL, handedness FROM child WHERE id = ?", (child,)).fetchone()

        # The server may still be finishing a write of its own: the blocker waits for it, then
        # holds the lock.
        blocker = sqlite3.connect(server.data_dir / "feder.sqlite", timeout=5, isolation_level=None)
        blocker.execute("BEGIN EXCLUSIVE")
        try:
            circle = [(200 + 95 * math.sin(a / 60 * 2 * math.pi), 150 - 95 * math.cos(a / 60 * 2 * math.pi)) for a in range(61)]
            pen.stroke(warmup_to_client(page, circle))
            page.wait_for_function("document.body.dataset.onboarding === 'demo'")
            page.click("#demo-skip")  # the demo of the phases, skipped
            wait_screen(page, "home")  # the child goes on at once
            wait_until(page, lambda: any(m.get("code") == "storage_failed" for m in received), 15000,
                       "the server cannot store the onboarding")
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        assert onboarding_stored() == (0, None), "not stored yet"

        link.cut()  # the next hello (after reconnecting) sends the kept choices again
        wait_until(page, lambda: onboarding_stored() == (1, "left"), 15000,
                   "the onboarding is stored after the next hello")
        onboarded = [m for m in sent if m.get("type") == "onboarded"]
        assert len(onboarded) == 2 and all(m.get("handedness") == "left" for m in onboarded), onboarded

        page.reload()
        wait_screen(page, "home")  # not asked again
    finally:
        link.close()
