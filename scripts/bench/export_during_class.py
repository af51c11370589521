#!/usr/bin/env python3
"""Thirty children tracing while a researcher downloads the whole export, samples included.

Copies a class's database (e.g. the file `feder bench export --keep DIR` leaves), starts
`feder serve` on the copy, runs `feder bench websocket --children 30 --seconds 40` against it and,
with --export, downloads `/api/v1/research/export.tar?samples=true` from the sixth second on.
Prints the export's size and time and the benchmark's line (round trips, letter starts).

  python3 scripts/bench/export_during_class.py --feder .build/release/feder --database DIR/feder.sqlite --export

Needs `websockets` (Tests/Browser/requirements.txt) and free disk space for the copy.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Browser"))
from adult_gate import request, sign_in  # noqa: E402


class Server:
    def __init__(self, url):
        self.url = url


def download_export(server, cookie, after):
    time.sleep(after)
    started = time.monotonic()
    request = urllib.request.Request(server.url + "/api/v1/research/export.tar?samples=true", headers={"cookie": cookie})
    size = 0
    with urllib.request.urlopen(request) as reply:
        while chunk := reply.read(1 << 20):
            size += len(chunk)
    print(f"export: {size / 1e6:.0f} MB in {time.monotonic() - started:.1f} s", flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--feder", required=True)
    p.add_argument("--database", required=True, help="a Feder database file to copy (not changed)")
    p.add_argument("--export", action="store_true", help="download the export while the children write")
    p.add_argument("--port", type=int, default=8980)
    args = p.parse_args()

    with tempfile.TemporaryDirectory(prefix="feder-export-class-") as data:
        shutil.copyfile(args.database, os.path.join(data, "feder.sqlite"))
        server = subprocess.Popen([args.feder, "serve", "--port", str(args.port), "--data", data],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            if "http://" not in server.stdout.readline():
                raise SystemExit("the server did not start")
            url = f"http://127.0.0.1:{args.port}"
            if args.export:
                cookie = sign_in(Server(url))
                # Research data needs the parent PIN (the copy has none; it is scratch).
                status, _, _ = request(Server(url), "PUT", "/api/v1/adult/pin", {"pin": "2468"}, cookie=cookie)
                assert status == 200, status
                cookie = sign_in(Server(url), pin="2468")  # research data needs a session with the PIN
                threading.Thread(target=download_export, args=(Server(url), cookie, 6), daemon=True).start()
            bench = subprocess.run([args.feder, "bench", "websocket", "--children", "30", "--seconds", "40",
                                    "--url", url.replace("http", "ws") + "/v1/session", "--data", data,
                                    "--server-pid", str(server.pid)], capture_output=True, text=True, check=True)
            print(next(line for line in bench.stdout.splitlines() if line.startswith("websocket")))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
