"""The adult gate as a child and as an adult meet it, in the real browser against the real server:
a thousand random taps and swipes never open it, the adult's reading of the number does, a wrong PIN
five times locks it, the session cookie is HttpOnly/SameSite=Strict, survives a restart and expires;
a foreign Origin cannot open a live session."""

import json
import random
import re
import socket
import subprocess
import time
import urllib.request

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from adult_gate import request, sign_in, solve, solve_gate_in_page
from child_steps import wait_screen
from conftest import FederServer, feder_binary

TAPS = 1000


def gate_open(page):
    return page.locator(".gate").count() > 0


def take_back_the_right_number(page):
    """The gate is meant to open for its number, typed by chance too: one chance in 900 per try, and
    a few tries before it locks. So that this test checks that nothing *else* opens it, and does not
    fail once in a few hundred runs by that chance, a right number typed by the drumming is taken
    back (one digit cleared) before the next tap. Returns 1 when it was."""
    instruction, typed = page.evaluate("""() => [document.querySelector('.gate-instruction')?.textContent ?? '',
                                                  document.querySelector('.gate-entry')?.textContent ?? '']""")
    if not typed or not instruction.startswith("Tippe die Zahl") or typed != solve(instruction):
        return 0
    page.click(".gate-clear")
    return 1


def signed_in(page):
    return page.evaluate("fetch('/api/v1/adult/state').then(r => r.json()).then(s => s.signedIn)")


def test_a_thousand_random_taps_and_swipes_never_open_the_gate(page, server):
    rng = random.Random(2026)
    page.goto(server.url)
    wait_screen(page, "who")
    page.click("#add-child")
    page.wait_for_selector(".gate .gate-key")
    width, height = 1180, 820
    reopened = keys_hit = oks = lucky = 0
    for i in range(TAPS):
        if not gate_open(page):
            # The child taps "+" (or the lock) again: a new task each time.
            assert page.evaluate("document.body.dataset.screen") == "who", "the gate closed onto another screen"
            page.click(rng.choice(["#add-child", "#adult-door"]))
            page.wait_for_selector(".gate")
            reopened += 1
            continue
        action = rng.random()
        buttons = page.evaluate("""[...document.querySelectorAll('.gate button')].map(b => {
            const r = b.getBoundingClientRect(); return [b.textContent, r.x + r.width / 2, r.y + r.height / 2]; })""")
        if action < 0.5 and buttons:
            # Half the taps land on the gate's own buttons, the way a child drums on big keys (the
            # keypad may change under the finger: the tap lands where the button was).
            label, x, y = buttons[rng.randrange(len(buttons))]
            page.mouse.click(x, y)
            keys_hit += label.isdigit()
            oks += label == "OK"
        elif action < 0.85:
            page.mouse.click(rng.uniform(0, width), rng.uniform(0, height))
        else:
            x, y = rng.uniform(0, width), rng.uniform(0, height)
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(rng.uniform(0, width), rng.uniform(0, height), steps=5)
            page.mouse.up()
        assert page.evaluate("document.body.dataset.screen") != "new", f"the gate opened after {i + 1} taps"
        assert "/adult/" not in page.url
        lucky += take_back_the_right_number(page)
    print(f"drumming typed the right number {lucky} times (taken back before OK)")
    assert not signed_in(page)
    assert not [c for c in page.context.cookies() if c["name"] == "feder_adult"]
    # The drumming did reach the keys and the OK button, and the server locked the task (three wrong
    # numbers lock it for a minute, during which the gate shows no keys and no OK, only its count).
    assert keys_hit > 30 and oks >= 3 and reopened > 5, (keys_hit, oks, reopened)
    status, body, _ = request(server, "GET", "/api/v1/adult/gate")
    assert status == 429 and body["error"]["code"] == "locked"


def test_the_adult_reads_the_number_and_the_adult_area_opens(page, server):
    page.goto(server.url)
    wait_screen(page, "who")
    page.click("#adult-door")
    page.wait_for_selector(".gate .gate-key")
    instruction = page.inner_text(".gate-instruction")
    assert instruction.startswith("Tippe die Zahl ") and not any(ch.isdigit() for ch in instruction)
    solve_gate_in_page(page)
    page.wait_for_url("**/adult/")
    page.wait_for_selector("body[data-loaded=true]")
    cookie = next(c for c in page.context.cookies() if c["name"] == "feder_adult")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["expires"] > time.time()
    assert page.evaluate("document.cookie") == "", "the page's scripts cannot read the session"


def test_five_wrong_pins_lock_the_door_and_even_the_right_pin_waits(page, server):
    cookie = sign_in(server)
    status, _, _ = request(server, "PUT", "/api/v1/adult/pin", {"pin": "2468"}, cookie=cookie)
    assert status == 200
    page.goto(server.url + "/adult/")
    solve_gate_in_page_until_pin(page)
    for _ in range(4):
        page.fill(".gate-pin input", "1111")
        page.click(".gate-pin button")
        page.wait_for_function("document.querySelector('.gate-message').textContent.includes('PIN stimmt nicht')")
        page.evaluate("document.querySelector('.gate-message').textContent = ''")
    page.fill(".gate-pin input", "1111")
    page.click(".gate-pin button")
    page.wait_for_function("document.querySelector('.gate-message').textContent.includes('gesperrt')")
    assert "30 Sekunden" in page.inner_text(".gate-message")
    # The number task is back, with everything needed to answer it (its OK and Löschen were gone,
    # a parent review found).
    page.wait_for_selector(".gate .gate-key")
    assert page.locator(".gate .gate-ok").is_visible() and page.locator(".gate .gate-clear").is_visible()
    assert page.locator(".gate-pin").count() == 0
    # The right PIN during the lock is refused too (the lock is the server's, not the page's).
    status, task, _ = request(server, "GET", "/api/v1/adult/gate")
    status, reply, _ = request(server, "POST", "/api/v1/adult/gate", {"id": task["id"], "answer": solve(task["instruction"])})
    status, body, _ = request(server, "POST", "/api/v1/adult/pin", {"pass": reply["pass"], "pin": "2468"})
    assert status == 429 and 0 < body["error"]["retryAfter"] <= 30
    assert not signed_in(page)


def test_the_pin_step_says_what_to_do_about_a_forgotten_pin(page, server):
    cookie = sign_in(server)
    assert request(server, "PUT", "/api/v1/adult/pin", {"pin": "2468"}, cookie=cookie)[0] == 200
    page.goto(server.url + "/adult/")
    solve_gate_in_page_until_pin(page)
    help_text = page.locator(".gate-forgotten p")
    assert not help_text.is_visible(), "folded away until asked"
    page.click(".gate-forgotten summary")
    assert "feder forget-pin" in help_text.inner_text() and help_text.is_visible()


def test_a_locked_number_task_counts_down_and_comes_back_by_itself(page, server):
    """Three wrong numbers lock the task for a minute; the gate said so once and then stayed locked
    until it was closed and opened again. It counts down, asks the server again when the count ends,
    and shows a new task with its keys once the server's lock is over."""
    for _ in range(3):
        status, task, _ = request(server, "GET", "/api/v1/adult/gate")
        right = int(solve(task["instruction"]))
        request(server, "POST", "/api/v1/adult/gate", {"id": task["id"], "answer": str(100 + (right - 99) % 900)})
    locked_at = time.time()
    status, body, _ = request(server, "GET", "/api/v1/adult/gate")
    assert status == 429, body
    page.clock.install()
    page.goto(server.url + "/adult/")
    page.wait_for_function("document.querySelector('.gate-message')?.textContent.includes('Neue Aufgabe in')")
    first = seconds_in(page.inner_text(".gate-message"))
    assert 50 < first <= 60
    assert page.locator(".gate .gate-ok").count() == 0 and page.locator(".gate .gate-key").count() == 0
    assert page.locator(".gate .gate-cancel").is_visible()
    page.clock.run_for(5000)
    assert seconds_in(page.inner_text(".gate-message")) == first - 5, "it counts down"
    # The page's count ends before the server's lock (its clock ran ahead): it asks again and
    # counts down what the server says is left, rather than showing a task the server refuses.
    page.clock.run_for((first - 5) * 1000)
    page.wait_for_function(f"/in (\\d+) Sek/.exec(document.querySelector('.gate-message').textContent)?.[1] > 5")
    time.sleep(max(0.0, locked_at + 61 - time.time()))
    page.clock.run_for(61_000)
    page.wait_for_selector(".gate .gate-key")
    assert page.inner_text(".gate-instruction").startswith("Tippe die Zahl")
    assert page.locator(".gate .gate-ok").is_visible() and page.locator(".gate .gate-clear").is_visible()
    solve_gate_in_page(page)
    page.wait_for_selector("body[data-loaded=true]")


def test_a_lock_reached_by_typing_takes_the_keys_away(page, server):
    """The third wrong number typed locks the task: the keys and what was typed go with it (ten keys
    stayed on screen with no OK, a review found), and the count runs."""
    page.goto(server.url + "/adult/")
    for n in range(3):
        page.wait_for_selector(".gate .gate-key")
        right = int(solve(page.inner_text(".gate-instruction")))
        for digit in str(100 + (right - 99) % 900):
            page.click(f".gate .gate-key >> text='{digit}'")
        page.click(".gate .gate-ok")
        if n < 2:
            page.wait_for_function("document.querySelector('.gate-message').textContent.includes('nicht die Zahl')")
    page.wait_for_function("document.querySelector('.gate-message').textContent.includes('Neue Aufgabe in')")
    assert page.locator(".gate .gate-key").count() == 0 and page.locator(".gate .gate-ok").count() == 0
    assert page.inner_text(".gate-entry") == "" and page.locator(".gate .gate-cancel").is_visible()


def seconds_in(message):
    return int(re.search(r"in (\d+) Sekunde", message).group(1))


def solve_gate_in_page_until_pin(page):
    page.wait_for_selector(".gate .gate-key")
    answer = solve(page.inner_text(".gate-instruction"))
    for digit in answer:
        page.click(f".gate .gate-key >> text='{digit}'")
    page.click(".gate .gate-ok")
    page.wait_for_selector(".gate-pin input")


@pytest.fixture
def short_session_server(data_dir):
    s = FederServer(data_dir, extra_args=["--adult-session-seconds", "4"]).start()
    yield s
    s.stop()


def test_the_session_survives_a_restart_and_then_expires(page, short_session_server):
    server = short_session_server
    page.goto(server.url + "/adult/")
    solve_gate_in_page(page)
    page.wait_for_selector("body[data-loaded=true]")
    started = time.time()
    server.stop()
    server.start()
    assert signed_in(page), "a restart does not sign the adult out"
    time.sleep(max(0, 4.5 - (time.time() - started)))
    assert not signed_in(page), "the session has expired"
    # The page left open hides the class by itself and asks again (it showed the children's names
    # until someone touched it, a review found): checked every 15 s and whenever it is seen again.
    assert page.locator("main").is_visible(), "the class is shown while signed in"
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # the tablet woken up
    page.wait_for_selector(".gate .gate-key", timeout=5000)
    assert not page.locator("main").is_visible(), "the class is not shown behind the gate"


def test_a_foreign_origin_cannot_open_a_live_session_or_call_the_api(server):
    with pytest.raises(InvalidStatus) as refused:
        connect(server.ws_url, origin="http://evil.example")
    # The upgrade is refused before any frame; NIO answers a refused upgrade with 400.
    assert refused.value.response.status_code == 400
    with connect(server.ws_url, origin=server.url) as ws:  # the page's own origin is fine
        ws.send('{"type":"hello"}')
        assert ws.recv()
    cookie = sign_in(server)
    status, body, _ = request(server, "GET", "/api/v1/children", cookie=cookie, origin="http://evil.example")
    assert status == 403 and body["error"]["code"] == "foreign_origin"


def test_a_page_that_gave_its_name_this_machines_address_is_refused(server):
    """DNS rebinding: a site whose name now points at this machine sends its own name in Host and
    in Origin, so the origin check alone let it read the class list and open a live session.
    Only the server's own names are answered: IP addresses, localhost, the machine's name."""
    port = server.url.rsplit(":", 1)[1].rstrip("/")
    name = f"rebind.attacker.example:{port}"
    cookie = sign_in(server)
    status, body, _ = request(server, "GET", "/api/v1/children", cookie=cookie, host=name, origin=f"http://{name}")
    assert status == 403 and body["error"]["code"] == "unknown_host", (status, body)
    status, body, _ = request(server, "GET", "/api/v1/adult/gate", host=name)
    assert status == 403 and body["error"]["code"] == "unknown_host", (status, body)
    with pytest.raises(InvalidStatus) as refused:
        connect(f"ws://{name}/v1/session", sock=socket.create_connection(("127.0.0.1", int(port))), origin=f"http://{name}")
    assert refused.value.response.status_code == 400
    # The same requests under the server's own names are answered.
    for own in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", f"{socket.gethostname()}:{port}"):
        status, body, _ = request(server, "GET", "/api/v1/children", cookie=cookie, host=own, origin=f"http://{own}")
        assert status == 200, (own, status, body)
    with connect(f"ws://localhost:{port}/v1/session", sock=socket.create_connection(("127.0.0.1", int(port))),
                 origin=f"http://localhost:{port}") as ws:
        ws.send('{"type":"hello"}')
        assert json.loads(ws.recv())["type"] == "hello"


def test_a_parent_who_adds_a_child_hands_the_tablet_over_signed_out(page, server):
    page.goto(server.url)
    wait_screen(page, "who")
    page.click("#add-child")
    solve_gate_in_page(page)
    wait_screen(page, "new")
    assert signed_in(page)
    page.click("#new-animals [data-animal=hase]")
    page.click("#new-colours [data-colour=gelb]")
    wait_screen(page, "onboarding")
    assert not signed_in(page), "the child's tablet carries no adult session"
    page.goto(server.url + "/adult/")
    page.wait_for_selector(".gate .gate-key")  # the adult area asks again


def test_a_child_who_opened_the_gate_by_chance_gets_out_without_reading(page, server):
    """The "+" and the lock open the grown-ups' sheet; a child who cannot read closes it by tapping
    beside it or the ×, and is back on "Wer schreibt heute?"."""
    page.goto(server.url)
    wait_screen(page, "who")
    for close in (lambda: page.mouse.click(8, 8), lambda: page.click(".gate .gate-dismiss")):
        page.click("#add-child")
        page.wait_for_selector(".gate .gate-key")
        close()
        page.wait_for_selector(".gate", state="detached")
        assert page.evaluate("document.body.dataset.screen") == "who"
    page.click("#adult-door")
    page.wait_for_selector(".gate .gate-key")
    size = page.eval_on_selector(".gate .gate-dismiss", "e => e.getBoundingClientRect().toJSON()")
    assert size["width"] >= 44 and size["height"] >= 44, "a target for a child's finger"
    page.click(".gate .gate-box h2")  # a tap inside the sheet keeps it
    assert page.locator(".gate").count() == 1


def test_a_new_child_is_offered_only_pictures_no_other_child_has(page, server):
    """A child who cannot read finds itself on "Wer schreibt heute?" by its picture alone: a colour
    another child has for that animal is not offered, an animal taken in every colour not at all,
    and a double tap on a colour makes one child."""
    from adult_gate import create_profile
    create_profile(server, "fuchs", "orange")
    for colour in ("rot", "orange", "gelb", "gruen", "blau", "lila"):
        create_profile(server, "hase", colour)
    page.goto(server.url)
    wait_screen(page, "who")
    page.click("#add-child")
    solve_gate_in_page(page)
    wait_screen(page, "new")
    page.wait_for_selector("#new-animals [data-animal=fuchs]")
    animals = page.eval_on_selector_all("#new-animals [data-animal]", "els => els.map((e) => e.dataset.animal)")
    assert "hase" not in animals and "fuchs" in animals and len(animals) == 11, animals
    page.click("#new-animals [data-animal=fuchs]")
    colours = page.eval_on_selector_all("#new-colours [data-colour]", "els => els.map((e) => e.dataset.colour)")
    assert colours == ["rot", "gelb", "gruen", "blau", "lila"], "the orange fox is another child's"
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and r.url.endswith("/api/v1/profiles") else None)
    page.dblclick("#new-colours [data-colour=rot]")
    wait_screen(page, "onboarding")
    page.wait_for_timeout(500)
    with urllib.request.urlopen(f"{server.url}/api/v1/profiles") as r:
        foxes = sorted(p["colour"] for p in json.load(r) if p["animal"] == "fuchs")
    assert foxes == ["orange", "rot"], "one new child, not two"
    assert len(posts) == 1, "the second tap asked for no second child"


def test_going_from_the_adults_area_to_a_tablet_that_remembers_its_child_signs_out(page, server):
    """A tablet that remembers its child opens on the child's home, not on "Wer schreibt heute?"
    (which ended a session it found): the child's app ends it on any screen, and the adults' page
    the browser's Back brings back asks for the gate again instead of showing the class."""
    page.goto(server.url)
    wait_screen(page, "who")
    page.click("#add-child")
    solve_gate_in_page(page)
    wait_screen(page, "new")
    page.click("#new-animals [data-animal=hase]")
    page.click("#new-colours [data-colour=gelb]")
    wait_screen(page, "onboarding")
    page.goto(server.url + "/adult/")
    solve_gate_in_page(page)
    page.wait_for_selector("text=Zur Kinder-App")
    assert signed_in(page)
    page.click("text=Zur Kinder-App")
    page.wait_for_function("['onboarding', 'home'].includes(document.body.dataset.screen)")
    page.wait_for_function("fetch('/api/v1/adult/state').then(r => r.json()).then(s => !s.signedIn)")
    page.go_back()
    page.wait_for_selector(".gate .gate-key")  # asked again, the class not shown


def test_feder_forget_pin_removes_a_forgotten_pin_while_the_server_runs(server, data_dir, tmp_path):
    cookie = sign_in(server)
    assert request(server, "PUT", "/api/v1/adult/pin", {"pin": "97531"}, cookie=cookie)[0] == 200
    status, task, _ = request(server, "GET", "/api/v1/adult/gate")
    status, reply, _ = request(server, "POST", "/api/v1/adult/gate", {"id": task["id"], "answer": solve(task["instruction"])})
    assert reply["pinRequired"], "the PIN is asked"
    forget = lambda data: subprocess.run([str(feder_binary()), "forget-pin", "--data", str(data)], capture_output=True, text=True)
    done = forget(data_dir)
    assert done.returncode == 0 and "removed" in done.stdout, (done.stdout, done.stderr)
    sign_in(server)  # the number alone opens the door again (asserts no PIN is asked)
    again = forget(data_dir)
    assert again.returncode == 0 and "No parent PIN was set" in again.stdout
    missing = forget(tmp_path / "nowhere")
    assert missing.returncode != 0 and "no Feder database" in missing.stderr


def test_an_adults_page_nobody_touches_signs_out_by_itself(page, server):
    """A parent called away left the class on the tablet for the rest of the session's hour: ten
    minutes without a touch or a key sign the page out and hide it; a touch before then keeps it."""
    page.clock.install()
    page.goto(server.url + "/adult/")
    solve_gate_in_page(page)
    page.wait_for_selector("body[data-loaded=true]")
    page.clock.run_for(9 * 60_000)
    page.mouse.click(5, 5)  # the parent taps the page: it was in use
    page.clock.run_for(9 * 60_000)
    page.wait_for_timeout(300)
    assert signed_in(page) and page.locator("main").is_visible(), "in use nine minutes ago: still open"
    page.clock.run_for(2 * 60_000)
    page.wait_for_selector(".gate .gate-key", timeout=5000)
    assert not signed_in(page), "signed out on the server too"
    assert not page.locator("main").is_visible()
