"""A parent deletes a child in the adults' area: afterwards no table holds a row about it, the
database file and its log no longer hold its nickname, the class list does not show it, and the
tablet that was writing as that child asks "Wer schreibt heute?" at its next letter instead of
going on (or making the child again)."""

import json
import urllib.request

from adult_gate import create_profile, solve_gate_in_page
from child_steps import wait_screen
from conftest import artifact
from socket_child import SocketChild
from stored_rows import rows_about

NAME = "Zaubermaus Lotta"


def stored_bytes(server):
    data = b""
    for suffix in ["", "-wal"]:
        path = server.data_dir / f"feder.sqlite{suffix}"
        if path.exists():
            data += path.read_bytes()
    return data


def test_a_deleted_child_is_gone_from_the_database_the_disk_the_class_and_the_tablet(browser, server):
    child = create_profile(server, "maus", "gelb", name=NAME)
    kid = SocketChild(server, child, seed=2)
    kid.send({"type": "onboarded", "pointer": "pen", "handedness": "right"})
    kid.wait(lambda m: m["type"] == "hello" and not m["profile"]["needsOnboarding"])
    kid.lesson("M")
    kid.close()
    before = rows_about(server, child)
    assert before["child"] == 1 and before["phaseRecord"] > 0 and before["letterSession"] > 0, before
    assert NAME.encode() in stored_bytes(server)

    context = browser.new_context(viewport={"width": 1180, "height": 820})
    context.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ localStorage.setItem('feder.child', '{child}'); sessionStorage.setItem('seeded', '1'); }}")
    tablet = context.new_page()
    tablet.goto(server.url)
    wait_screen(tablet, "home")

    adult = context.new_page()
    adult.goto(f"{server.url}/adult/child.html?id={child}")
    solve_gate_in_page(adult)
    adult.wait_for_selector("body[data-loaded=true]")
    adult.locator("#delete-child").scroll_into_view_if_needed()
    adult.screenshot(path=str(artifact("adult-child-delete.png")))
    asked = []
    adult.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    adult.click("#delete-child")
    adult.wait_for_url("**/adult/index.html")
    adult.wait_for_selector("body[data-loaded=true]")
    assert NAME in asked[0] and "nicht rückgängig" in asked[0]
    assert adult.locator(f"[data-child='{child}']").count() == 0, "not in the class list any more"

    after = rows_about(server, child)
    assert after.keys() == before.keys() and all(n == 0 for n in after.values()), after
    assert NAME.encode() not in stored_bytes(server), "the nickname is still in the database file or its log"

    # The tablet still shows the child's home, with a letter it kept from before (as a reload or a
    # reopened app would resume it); its next letter finds the child gone, and the tablet lets go of
    # the child and of the letter with its ink.
    tablet.bring_to_front()
    tablet.evaluate(f"""localStorage.setItem('feder.lessonInProgress.{child}', JSON.stringify({{
        child: '{child}', lesson: 'l-1', glyph: {{char: 'M', script: 'druck'}}, phase: 'guided', attempt: 1,
        strokes: [{{pointer: 'pen', samples: [[10, 20, 0.1, 0.5, 0, 0]]}}], keptAt: Date.now() }}))""")
    tablet.click("[data-world-button=schule]")
    wait_screen(tablet, "who")
    assert tablet.evaluate("localStorage.getItem('feder.child')") is None
    assert tablet.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('feder.lessonInProgress'))") == [], \
        "the deleted child's ink is not left on the tablet"
    tablet.reload()
    wait_screen(tablet, "who")
    with urllib.request.urlopen(f"{server.url}/api/v1/profiles") as r:
        assert all(p["id"] != child for p in json.load(r)), "the child was not made again"
    assert rows_about(server, child)["child"] == 0
    context.close()


def test_waiting_tablets_see_the_class_change_and_a_deleted_childs_board_asks_who_writes(browser, server):
    """Tablets wait on "Wer schreibt heute?" while the teacher adds and deletes children on the
    laptop: the tiles follow within seconds (they stayed as first drawn, a review found). A tablet
    still on the deleted child's home screen opens Fortschritte: it asks who writes, with no script
    error (the board was blank: its 404 was read as a board)."""
    from adult_gate import adult_request
    first = create_profile(server, "igel", "rot")
    second = create_profile(server, "fuchs", "blau")
    context = browser.new_context(viewport={"width": 1180, "height": 820})
    waiting = context.new_page()
    waiting.goto(server.url)
    wait_screen(waiting, "who")
    waiting.wait_for_function("document.querySelectorAll('#who-tiles .tile.profile').length === 2")
    home = browser.new_context(viewport={"width": 1180, "height": 820})
    home.add_init_script(f"localStorage.setItem('feder.child', '{first}')")
    tablet = home.new_page()
    errors = []
    tablet.on("pageerror", lambda e: errors.append(str(e)))
    tablet.goto(server.url)
    tablet.wait_for_function("['home', 'onboarding'].includes(document.body.dataset.screen)")

    third = create_profile(server, "eule", "gruen")
    adult_request(server, "DELETE", f"/api/v1/children/{first}")
    tiles = "[...document.querySelectorAll('#who-tiles .tile.profile')].map((t) => t.dataset.child).sort().join()"
    waiting.wait_for_function(f"{tiles} === {json.dumps(','.join(sorted([second, third])))}", timeout=12000)

    tablet.evaluate("import('/js/state.js').then((s) => s.go('fortschritte'))")  # as the Fortschritte picture does
    wait_screen(tablet, "who")
    assert tablet.evaluate("localStorage.getItem('feder.child')") in (None, ""), "the deleted child is forgotten"
    assert errors == [], errors
    context.close()
    home.close()


def test_a_tablet_that_remembers_an_archived_child_asks_who_writes(browser, server):
    """The teacher archives a child who left the class: the tablet that remembered it no longer
    opens as that child (it went on writing records to the archived profile, a review found)."""
    from adult_gate import adult_request
    left = create_profile(server, "igel", "rot")
    context = browser.new_context(viewport={"width": 1180, "height": 820})
    context.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ localStorage.setItem('feder.child', '{left}'); sessionStorage.setItem('seeded', '1'); }}")
    tablet = context.new_page()
    tablet.goto(server.url)
    tablet.wait_for_function("['home', 'onboarding'].includes(document.body.dataset.screen)")
    adult_request(server, "PATCH", f"/api/v1/children/{left}", {"archived": True})
    tablet.reload()
    wait_screen(tablet, "who")
    assert tablet.evaluate("localStorage.getItem('feder.child')") is None
    assert tablet.locator(f"#who-tiles [data-child='{left}']").count() == 0
    context.close()


def test_a_tablet_left_on_an_archived_childs_home_asks_who_writes_at_the_next_letter(browser, server):
    """The tablet stays on the child's home while the teacher archives it: the next letter is not
    begun as that child (only a tablet that opened anew forgot it); nothing more is stored for it."""
    from adult_gate import adult_request
    from test_adult_settings import onboarded
    left = onboarded(server)
    context = browser.new_context(viewport={"width": 1180, "height": 820})
    context.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ localStorage.setItem('feder.child', '{left}'); sessionStorage.setItem('seeded', '1'); }}")
    tablet = context.new_page()
    tablet.goto(server.url)
    wait_screen(tablet, "home")
    adult_request(server, "PATCH", f"/api/v1/children/{left}", {"archived": True})
    tablet.click("[data-world-button=schule]")
    wait_screen(tablet, "who")
    assert tablet.evaluate("localStorage.getItem('feder.child')") is None
    with server.db() as con:
        assert con.execute("SELECT COUNT(*) FROM phaseRecord WHERE childID = ?", (left,)).fetchone()[0] == 0
        assert con.execute("SELECT COUNT(*) FROM lesson WHERE childID = ?", (left,)).fetchone()[0] == 0
    context.close()
