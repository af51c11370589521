"""Paper transfer (brief §8): a parent switches "Papierübung" on in the adult area; after the child's
next letter the page shows the letter on a ruled sheet and three faces, Feder says what to do (every
line heard whole), the child's face is stored as its own rating of that lesson and shows on the
parent's dashboard; the arrow goes on without a face and stores nothing."""

import json

from adult_gate import solve_gate_in_page
from child_steps import run_scheduled_letter, wait_screen
from conftest import artifact, no_digits_shown
from lesson_steps import wait_phase
from link import SilentableLink
from test_adult_settings import onboarded
from test_speech import assert_heard_in_full, lines, unlock_audio, wait_quiet


def ratings(server, child):
    with server.db() as con:
        return con.execute("SELECT lessonID, glyph, script, face, ratedBy FROM researchPaperRating WHERE childID = ? ORDER BY id",
                           (child,)).fetchall()


def lesson_of(server, child, glyph):
    with server.db() as con:
        rows = con.execute("SELECT DISTINCT lessonID FROM phaseRecord WHERE childID = ? AND glyph = ?", (child, glyph)).fetchall()
    assert len(rows) == 1, rows
    return rows[0][0]


def switch_paper_transfer_on(browser, server, child):
    context = browser.new_context(viewport={"width": 1180, "height": 820})
    adult = context.new_page()
    adult.goto(f"{server.url}/adult/child.html?id={child}")
    solve_gate_in_page(adult)
    adult.wait_for_selector("body[data-loaded=true]")
    assert not adult.is_checked("#settings [name=paperTransfer]"), "off unless an adult switches it on"
    adult.check("#settings [name=paperTransfer]")
    adult.click("#settings button.primary")
    adult.wait_for_function("document.getElementById('settings-status').textContent.startsWith('Gespeichert')")
    context.close()
    with server.db() as con:
        assert json.loads(con.execute("SELECT settings FROM child WHERE id = ?", (child,)).fetchone()[0])["paperTransfer"] is True


def letter_to_paper(page, server, shot):
    """Schule's letter through its four phases; "Weiter" after the celebration opens the paper sheet.
    Returns the letter and the lines heard from the sheet on."""
    char = run_scheduled_letter(page, server)
    wait_quiet(page)
    heard = len(page.evaluate("window.feder.audioLog"))
    page.click("#next-button")
    page.wait_for_selector("#paper-transfer:not(.hidden)")
    no_digits_shown(page)
    # The sheet shows the letter just written: its strokes, on four lines.
    assert page.locator("#paper-sheet .sheet-letter").count() >= 1
    assert page.locator("#paper-sheet .sheet-line, #paper-sheet .sheet-middle").count() == 4
    wait_quiet(page)
    page.screenshot(path=str(artifact(shot)))
    return char, heard


def child_in_schule(browser, server, viewport, scheme, url=None):
    """A child whose parent switched paper transfer on, on its tablet in Schule with sound (through
    `url`, the server's unless given)."""
    child = onboarded(server)
    switch_paper_transfer_on(browser, server, child)
    context = browser.new_context(viewport=viewport, color_scheme=scheme)
    context.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
    kid = context.new_page()
    kid.goto(url or server.url)
    wait_screen(kid, "home")
    kid.click("[data-world-button=schule]")
    wait_screen(kid, "schule")
    wait_phase(kid, "observe")
    unlock_audio(kid)
    return child, context, kid


def test_the_child_writes_on_paper_rates_it_with_a_face_and_the_parent_sees_it(browser, server):
    child, context, kid = child_in_schule(browser, server, {"width": 1180, "height": 820}, "light")

    char, heard = letter_to_paper(kid, server, "child-paper-transfer-light.png")
    assert_heard_in_full(lines(kid, heard), ["paper.write", "paper.rate"])
    assert ratings(server, child) == [], "nothing is stored before the child chooses"

    kid.click("#paper-faces [data-face='3']")
    kid.wait_for_selector("#paper-transfer", state="hidden")
    wait_phase(kid, "observe")  # the next letter
    wait_quiet(kid)
    assert [e["key"] for e in lines(kid, heard)][:3] == ["paper.write", "paper.rate", "paper.thanks"]
    assert ratings(server, child) == [(lesson_of(server, child, char), char, "druck", 3, "child")]

    # The parent's dashboard shows the child's own face beside its own judgement.
    adult = context.new_page()
    adult.goto(f"{server.url}/adult/child.html?id={child}")
    solve_gate_in_page(adult)
    adult.wait_for_selector(f"#paper-list li[data-char='{char}']")
    item = adult.locator(f"#paper-list li[data-char='{char}']")
    assert item.get_attribute("data-paper-by-child") == "3"
    assert "selbst: gut" in item.inner_text()
    adult.close()
    context.close()


def test_the_arrow_goes_on_without_paper_and_stores_nothing(browser, server):
    child, context, kid = child_in_schule(browser, server, {"width": 820, "height": 1180}, "dark")
    char, _ = letter_to_paper(kid, server, "child-paper-transfer-dark-portrait.png")
    kid.click("#paper-skip")
    kid.wait_for_selector("#paper-transfer", state="hidden")
    wait_phase(kid, "observe")
    kid.wait_for_function(f"document.body.dataset.glyph !== '{char}'")
    assert ratings(server, child) == []
    context.close()


def tap_face_into_silence(kid, link, server, child, face):
    """The link goes silent (connections that carry nothing and never close, the page's clips too:
    what is heard then is not what these tests are about); the child taps `face` and goes on at
    once; nothing is stored yet."""
    link.silence()
    kid.click(f"#paper-faces [data-face='{face}']")
    kid.wait_for_selector("#paper-transfer", state="hidden")
    assert ratings(server, child) == []


def stored_ratings(kid, server, child, seconds=5):
    """The child's ratings once there is one (or after `seconds`)."""
    for _ in range(int(seconds * 10)):
        if ratings(server, child):
            break
        kid.wait_for_timeout(100)
    return ratings(server, child)


def test_a_face_tapped_while_the_link_is_silent_is_stored_once_the_tablet_is_back(browser, server):
    link = SilentableLink(server.port)
    try:
        child, context, kid = child_in_schule(browser, server, {"width": 1180, "height": 820}, "light", link.url)
        char, heard = letter_to_paper(kid, server, "child-paper-transfer-silent-link.png")
        tap_face_into_silence(kid, link, server, child, 2)
        kid.wait_for_function("document.body.dataset.online === 'false'", timeout=15000)
        kid.wait_for_function("document.body.dataset.online === 'true'", timeout=15000)
        wait_phase(kid, "observe")  # a letter goes on after the reconnect
        kid.wait_for_function("document.getElementById('offline').classList.contains('hidden')")
        assert stored_ratings(kid, server, child) == [(lesson_of(server, child, char), char, "druck", 2, "child")], "stored once, with its letter"
        context.close()
    finally:
        link.close()


def test_a_face_kept_on_the_tablet_outlives_the_page_and_is_stored_once(browser, server):
    link = SilentableLink(server.port)
    try:
        child, context, kid = child_in_schule(browser, server, {"width": 820, "height": 1180}, "light", link.url)
        char, _ = letter_to_paper(kid, server, "child-paper-transfer-closed.png")
        tap_face_into_silence(kid, link, server, child, 1)
        # The page is closed (the app swiped away, the battery empty) before it noticed that the
        # link is gone; what the tablet stored stays. Opened again, the face goes out after hello.
        tablet = context.storage_state()
        context.close()
        context = browser.new_context(viewport={"width": 820, "height": 1180}, storage_state=tablet)
        kid = context.new_page()
        kid.goto(link.url)
        wait_screen(kid, "home")
        assert stored_ratings(kid, server, child) == [(lesson_of(server, child, char), char, "druck", 1, "child")]
        kid.wait_for_function("localStorage.getItem('feder.paperKept') === null")  # answered: forgotten
        # The same face kept once more (an answer lost on its way back) goes out once more after
        # the next hello, is answered, and adds nothing.
        again = {"child": child, "face": 1, "lesson": lesson_of(server, child, char)}
        kid.evaluate(f"localStorage.setItem('feder.paperKept', '{json.dumps(again)}')")
        kid.reload()
        wait_screen(kid, "home")
        kid.wait_for_function("localStorage.getItem('feder.paperKept') === null")
        assert len(ratings(server, child)) == 1, "a face sent once more adds nothing"
        context.close()
    finally:
        link.close()


def test_faces_of_two_children_kept_on_one_tablet_each_reach_their_child(browser, server):
    """A class shares tablets: two children tap a face each into a silent link, one after the other
    on the same tablet, and the page is closed each time before it noticed. Each face is kept until
    its own child's next hello, and stored for that child alone; the other child's face waits."""
    link = SilentableLink(server.port)
    viewport = {"width": 1180, "height": 820}
    try:
        first, context, kid = child_in_schule(browser, server, viewport, "light", link.url)
        first_char, _ = letter_to_paper(kid, server, "child-paper-transfer-shared-first.png")
        tap_face_into_silence(kid, link, server, first, 3)
        tablet = context.storage_state()
        context.close()

        # The second child takes the tablet (its id is the tablet's child now) and does the same.
        second = onboarded(server, "maus", "lila")
        switch_paper_transfer_on(browser, server, second)
        context = browser.new_context(viewport=viewport, storage_state=tablet)
        context.add_init_script(f"localStorage.setItem('feder.child', '{second}')")
        kid = context.new_page()
        kid.goto(link.url)
        wait_screen(kid, "home")
        kid.click("[data-world-button=schule]")
        wait_phase(kid, "observe")
        unlock_audio(kid)
        second_char, _ = letter_to_paper(kid, server, "child-paper-transfer-shared-second.png")
        tap_face_into_silence(kid, link, server, second, 1)
        tablet = context.storage_state()
        context.close()
        assert ratings(server, first) == [] and ratings(server, second) == []

        def open_tablet_as(child):
            context = browser.new_context(viewport=viewport, storage_state=tablet)
            context.add_init_script(f"localStorage.setItem('feder.child', '{child}')")
            page = context.new_page()
            page.goto(link.url)
            wait_screen(page, "home")
            return context, page

        context, kid = open_tablet_as(first)
        assert stored_ratings(kid, server, first) == [(lesson_of(server, first, first_char), first_char, "druck", 3, "child")]
        kid.wait_for_timeout(500)
        assert ratings(server, second) == [], "the other child's face waits for its own hello"
        kept = json.loads(kid.evaluate("localStorage.getItem('feder.paperKept')"))
        assert [(k["child"], k["face"]) for k in kept] == [(second, 1)]
        tablet = context.storage_state()
        context.close()

        context, kid = open_tablet_as(second)
        assert stored_ratings(kid, server, second) == [(lesson_of(server, second, second_char), second_char, "druck", 1, "child")]
        kid.wait_for_function("localStorage.getItem('feder.paperKept') === null")
        assert len(ratings(server, first)) == 1
        context.close()
    finally:
        link.close()
