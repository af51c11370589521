#!/usr/bin/env python3
"""How fast the child app shows its first screen ("Wer schreibt heute?" with its tiles) on this
machine: a fresh headless Chromium context per run (nothing cached), a real `feder serve`.

    FEDER_BIN=$(swift build -c release --show-bin-path)/feder .venv/bin/python scripts/bench/first_screen.py [--runs 15]

Prints the median and the slowest run of: the `feder-screen-who` mark (navigation start → the screen
shown), and the moment the profile tiles are in the page."""

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    binary = os.environ.get("FEDER_BIN") or str(Path(subprocess.check_output(["swift", "build", "--show-bin-path"], text=True).strip()) / "feder")
    data = tempfile.mkdtemp(prefix="feder-bench-")
    port = free_port()
    process = subprocess.Popen([binary, "serve", "--port", str(port), "--data", data], stdout=subprocess.PIPE, text=True)
    process.stdout.readline()
    url = f"http://127.0.0.1:{port}/"
    deadline = time.time() + 10
    while time.time() < deadline:  # the URL is printed just before the port opens
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    # Profiles are made by an adult: solve the gate once (as the browser tests do), then add three.
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests" / "Browser"))
    from adult_gate import create_profile

    class Server:  # what adult_gate needs of a server: its address
        pass
    server = Server()
    server.url = url.rstrip("/")
    for animal in ("fuchs", "igel", "hase"):
        create_profile(server, animal, "rot")
    shown, tiles = [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium", headless=True, args=["--no-sandbox"])
            for _ in range(args.runs):
                # The page's CSP forbids eval; the benchmark's own probes need it (the page's code does not).
                context = browser.new_context(viewport={"width": 1180, "height": 820}, bypass_csp=True)
                page = context.new_page()
                page.goto(url)
                page.wait_for_function("document.querySelectorAll('#who-tiles .tile.profile').length === 3")
                tiles.append(page.evaluate("performance.now()"))
                shown.append(page.evaluate("performance.getEntriesByName('feder-screen-who')[0].startTime"))
                context.close()
            browser.close()
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(data, ignore_errors=True)
    print(f"runs: {args.runs}")
    print(f"first screen shown (mark): median {statistics.median(shown):.0f} ms, slowest {max(shown):.0f} ms")
    print(f"profile tiles in the page:  median {statistics.median(tiles):.0f} ms, slowest {max(tiles):.0f} ms")


if __name__ == "__main__":
    main()
