"""A server on the classroom network (`feder serve --host 0.0.0.0`): a tablet reaching it through
the network meets the class code before anything else — its page asks for the six digits the
server printed at start, a wrong code is refused, the right one opens the child's app (and the live
session) and is kept across a restart of the server; a device without it gets neither the class
list nor a live session, and the teacher's own browser on this machine is never asked.

Needs an address of this machine other than loopback; where it has none the test is skipped."""

import json
import subprocess

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from adult_gate import request
from child_steps import wait_screen
from conftest import FederServer, artifact


def network_address() -> str:
    """An IPv4 address of this machine that is not loopback, or None."""
    out = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
    return next((a for a in out if "." in a and not a.startswith("127.")), None)


class NetworkServer(FederServer):
    """`feder serve --host 0.0.0.0`, reached at this machine's network address."""

    def __init__(self, data_dir, address):
        super().__init__(data_dir, host="0.0.0.0")
        self.address = address
        self.code = None

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.address}:{self.port}/v1/session"

    def start(self):
        super().start()
        first, second = self.address_lines
        assert "läuft auf http://0.0.0.0" in first, first
        assert second.startswith("Klassencode für die Tablets: "), second
        self.code = second.split()[-1]
        return self


def type_code(page, code):
    for digit in code:
        page.click(f".class-code .gate-key >> text='{digit}'")
    page.click(".class-code .gate-ok")


def test_a_tablet_on_the_classroom_network_enters_the_class_code_once(browser, data_dir):
    address = network_address()
    if address is None:
        pytest.skip("this machine has no address other than loopback")
    server = NetworkServer(data_dir, address).start()
    tablet = browser.new_context(viewport={"width": 820, "height": 1180}, device_scale_factor=1)
    try:
        page = tablet.new_page()
        page.goto(server.url)
        page.wait_for_selector(".class-code .gate-key")
        assert page.evaluate("document.body.dataset.screen || ''") in ("", "loading"), "the app started before the code"
        page.screenshot(path=str(artifact("class-code.png")))
        wrong = "000000" if server.code != "000000" else "111111"
        type_code(page, wrong)
        page.wait_for_selector("text=Das ist nicht der Klassencode.")
        type_code(page, server.code)
        wait_screen(page, "who")
        assert page.locator(".class-code").count() == 0

        # A device without the code: no class list, no live session, and the adults' page sends it to the code.
        status, body, _ = request(server, "GET", "/api/v1/profiles")
        assert status == 403 and body["error"]["code"] == "class_code_required", (status, body)
        with pytest.raises(InvalidStatus):
            with connect(server.ws_url, open_timeout=5):
                pass
        # With the tablet's cookie the live session opens.
        kept = next(c["value"] for c in tablet.cookies() if c["name"] == "feder_class")
        with connect(server.ws_url, open_timeout=5, additional_headers={"Cookie": f"feder_class={kept}"}) as ws:
            ws.send('{"type": "ping"}')
            assert json.loads(ws.recv(timeout=5))["type"] == "pong"
        stranger = browser.new_context(viewport={"width": 1180, "height": 820}).new_page()
        stranger.goto(server.url + "/adult/")
        stranger.wait_for_selector(".class-code .gate-key")
        stranger.context.close()

        # The teacher's own browser on this machine is never asked.
        here = browser.new_context(viewport={"width": 1180, "height": 820}).new_page()
        here.goto(f"http://127.0.0.1:{server.port}/")
        wait_screen(here, "who")
        assert here.locator(".class-code").count() == 0
        here.context.close()

        # The server restarts with the same code; the tablet keeps its way in.
        code = server.code
        server.stop()
        server.start()
        assert server.code == code, "a restart gave the class a new code"
        page.reload()
        wait_screen(page, "who")
        assert page.locator(".class-code").count() == 0
        assert page.evaluate("fetch('/api/v1/class-code').then(r => r.json()).then(s => s.needed)") is False

        # The teacher restarts with a new code: the open tablet, refused, asks for it by itself (it
        # stayed offline for good until someone reloaded it, a review found) and goes on with it.
        new = "246813" if code != "246813" else "135792"
        server.stop()
        server.extra_args = ["--class-code", new]
        server.start()
        assert server.code == new
        page.wait_for_selector(".class-code .gate-key", timeout=20000)
        type_code(page, new)
        page.wait_for_function("document.body.dataset.online === 'true' && document.body.dataset.screen === 'who'",
                               timeout=15000)
        assert page.locator(".class-code").count() == 0
    finally:
        tablet.close()
        server.stop()
