#!/usr/bin/env python3
"""How long a class waits while an adult deletes a child, on a large database.

Starts `feder serve` on a copy of DATABASE (a class's data, e.g. the file `feder bench export
--keep DIR` leaves), signs in as an adult, and while one tablet keeps writing — a `hello` for a new
child every 50 ms, each one a write the server answers only once it is stored — deletes one of the
stored children through the adults' API. Prints how long start-up took, how long the deletion took,
and the tablet's slowest and typical reply during and outside it.

  python3 scripts/bench/deletion_stall.py --feder .build/release/feder --database /tmp/class/feder.sqlite

Needs `websockets` (Tests/Browser/requirements.txt) and free disk space for the copy.
"""

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Browser"))
from adult_gate import request, sign_in  # noqa: E402
from websockets.sync.client import connect  # noqa: E402


class Server:
    def __init__(self, url):
        self.url = url
        self.ws_url = url.replace("http://", "ws://") + "/v1/session"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--feder", required=True)
    p.add_argument("--database", required=True, help="a Feder database file to copy (not changed)")
    p.add_argument("--port", type=int, default=8765)
    args = p.parse_args()

    with tempfile.TemporaryDirectory(prefix="feder-deletion-") as data:
        shutil.copyfile(args.database, os.path.join(data, "feder.sqlite"))
        victim = sqlite3.connect(os.path.join(data, "feder.sqlite")).execute("SELECT id FROM child LIMIT 1").fetchone()[0]
        started = time.monotonic()
        server = subprocess.Popen([args.feder, "serve", "--port", str(args.port), "--data", data],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            line = server.stdout.readline()
            if "http://" not in line:
                raise SystemExit(f"the server did not start: {line}{server.stderr.read()}")
            startup = time.monotonic() - started
            srv = Server(f"http://127.0.0.1:{args.port}")
            cookie = sign_in(srv)

            replies = []  # (sent at, seconds to the reply)
            stop = threading.Event()

            def tablet():
                with connect(srv.ws_url) as ws:
                    while not stop.is_set():
                        sent = time.monotonic()
                        ws.send(json.dumps({"id": 1, "type": "hello", "child": str(uuid.uuid4())}))
                        while json.loads(ws.recv())["type"] != "hello":
                            pass
                        replies.append((sent, time.monotonic() - sent))
                        time.sleep(0.05)

            thread = threading.Thread(target=tablet)
            thread.start()
            time.sleep(2)
            t0 = time.monotonic()
            status, body, _ = request(srv, "DELETE", f"/api/v1/children/{victim}", cookie=cookie)
            t1 = time.monotonic()
            time.sleep(2)
            stop.set()
            thread.join()
            if status not in (200, 204):
                raise SystemExit(f"the deletion failed: {status} {body}")
            # A reply counts as during the deletion when its wait overlapped it.
            during = [s for sent, s in replies if sent < t1 and sent + s > t0]
            outside = [s for sent, s in replies if not (sent < t1 and sent + s > t0)]
            print(json.dumps({
                "startup_seconds": round(startup, 2),
                "deletion_seconds": round(t1 - t0, 2),
                "tablet_replies": len(replies),
                "slowest_reply_during_deletion_s": round(max(during), 3) if during else None,
                "median_reply_outside_ms": round(statistics.median(outside) * 1000, 2) if outside else None,
                "file_mb_before": round(os.path.getsize(args.database) / 1e6),
                "file_mb_after": round(os.path.getsize(os.path.join(data, "feder.sqlite")) / 1e6),
            }))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
