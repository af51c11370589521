"""Fixtures for the browser and protocol tests: a real `feder` server on a port of its own with its own
data directory, and a real headless Chromium driven by Playwright."""

import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def feder_binary() -> Path:
    env = os.environ.get("FEDER_BIN")
    if env:
        return Path(env)
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return Path(out.stdout.strip()) / "feder"


class FederServer:
    """A running `feder serve` process.

    The server picks its own port (`--port 0`) and says which in its address line: a port chosen
    here and handed over could be taken by another socket in between. Started again (a restart
    the page must find), it listens on the same port. Its output is read all the
    time by a thread (a full pipe would stop the server's logging, and with it the server), kept
    for the test to read (`log()`) and shown when the server does not start."""

    def __init__(self, data_dir: Path, clock_start: str | None = None, extra_args: list[str] | None = None,
                 host: str = "127.0.0.1"):
        self.data_dir = data_dir
        self.port = None
        self.process = None
        self.clock_start = clock_start
        self.extra_args = extra_args or []
        self.host = host
        self.startup_lines: list[str] = []  # what the server wrote before its address line
        self.address_lines: list[str] = []  # the address line and, beyond loopback, the class code's
        self._output: list[str] = []
        self._reader = None
        self._stopped = False  # by `stop()`, not by itself

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/v1/session"

    def start(self):
        self.process = subprocess.Popen(
            [str(feder_binary()), "serve", "--host", self.host, "--port", str(self.port or 0), "--data", str(self.data_dir)]
            + (["--clock-start", self.clock_start] if self.clock_start else []) + self.extra_args,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.startup_lines, self._output, self._stopped = [], [], False
        while True:
            line = self.process.stdout.readline()
            if not line:
                self.process.wait()
                raise RuntimeError(f"server did not start (exit {self.process.returncode}): {''.join(self.startup_lines)}")
            found = re.search(r"läuft auf http://\S+?:(\d+)/", line)
            if found:
                break
            self.startup_lines.append(line)
        self.port = int(found.group(1))
        self.address_lines = [line]
        # Beyond this machine (as `Serve.isThisMachineOnly` tells) the class code's line follows.
        if not (self.host in ("localhost", "::1") or self.host.startswith("127.")):
            self.address_lines.append(self.process.stdout.readline())
        self._reader = threading.Thread(target=self._read_output, args=(self.process.stdout,), daemon=True)
        self._reader.start()
        return self

    def _read_output(self, stream):
        for line in stream:
            self._output.append(line)

    def log(self) -> str:
        """What the server wrote after its address lines (all of it once `stop()` returned)."""
        return "".join(self._output)

    def stop(self) -> str:
        """Ends the server and returns its output after the address lines. A server that ended by
        itself (a crash) fails the test here, with what it wrote."""
        ended_by_itself = self.process.poll() if self.process and not self._stopped else None
        if ended_by_itself is not None:
            self._stopped = True
            if self._reader:
                self._reader.join(timeout=10)
            raise AssertionError(f"the server ended by itself (exit {ended_by_itself}):\n{self.log()[-4000:]}")
        if self.process and not self._stopped:
            self._stopped = True
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self._reader:
            self._reader.join(timeout=10)
        return self.log()

    def db(self) -> sqlite3.Connection:
        return sqlite3.connect(self.data_dir / "feder.sqlite")

    def records(self):
        with self.db() as con:
            con.row_factory = sqlite3.Row
            return [dict(r) for r in con.execute("SELECT * FROM phaseRecord ORDER BY id")]

    def draft_strokes(self):
        with self.db() as con:
            return con.execute("SELECT COUNT(*) FROM draftStroke").fetchone()[0]


@pytest.fixture
def data_dir():
    d = Path(tempfile.mkdtemp(prefix="feder-test-"))
    yield d
    shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def server(data_dir):
    s = FederServer(data_dir).start()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, headless=True, args=["--no-sandbox"])
        # Playwright's waiting helpers evaluate strings, which the page's own Content-Security-Policy
        # forbids: the tests' contexts let the test's scripts through. The policy itself is tested
        # with it in force (`test_shell.py`, `strict_csp=True`).
        new_context = b.new_context
        def context_for_tests(strict_csp=False, **options):
            return new_context(**options) if strict_csp else new_context(bypass_csp=True, **options)
        b.new_context = context_for_tests
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1180, "height": 820}, device_scale_factor=1)
    pg = context.new_page()
    pg.messages = []
    pg.on("console", lambda m: pg.messages.append(f"{m.type}: {m.text}"))
    yield pg
    context.close()


@pytest.fixture
def touch_page(browser):
    """A page on a touch screen (an iPad's size), for fingers and palms (`pen.Finger`)."""
    context = browser.new_context(viewport={"width": 1180, "height": 820}, device_scale_factor=1, has_touch=True)
    pg = context.new_page()
    pg.messages = []
    pg.on("console", lambda m: pg.messages.append(f"{m.type}: {m.text}"))
    yield pg
    context.close()


def no_digits_shown(page) -> str:
    """The text a person sees on the page (hidden elements excluded); the child's views must show no
    digit and no per-cent sign. Returns the text for the assertion message."""
    text = page.evaluate("document.body.innerText")
    labels = page.evaluate("""() => [...document.querySelectorAll('svg text')].filter(t => t.getClientRects().length)
        .map(t => t.textContent).join(' ')""")
    seen = text + " " + labels
    assert not any(ch.isdigit() or ch == "%" for ch in seen), f"digits or % on screen: {seen!r}"
    return seen


def artifact(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name
