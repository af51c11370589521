#!/usr/bin/env python3
"""Kill -9 under a full class: simulated children (Tests/Browser/socket_child.py) go through whole
lessons on their own connections while the server is killed with SIGKILL at random moments and
started again on the same data. Afterwards every phase record the server acknowledged with `stored`
must be in the database, and every stroke acknowledged by the reply to its `up` must be in a record
(a stored one, or one recovered from its drafts at the next start). It also counts the records
recovered from drafts and how many of them carry the engine's judgement.

    FEDER_BIN=.build/debug/feder python3 scripts/reliability/kill9.py --children 30 --kills 20
"""

import argparse
import json
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

import logging

from websockets.exceptions import ConnectionClosed

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "Browser"))
from feder_server import Server  # noqa: E402
from socket_child import SocketChild  # noqa: E402


class CountingChild(SocketChild):
    """A SocketChild that numbers its messages, so each reply says which message it answers, and
    remembers what the server acknowledged: record ids from `stored`, strokes from `up` replies."""

    def __init__(self, server, child_id, seed, ledger):
        self.ledger = ledger
        self.next_id = 0
        self.sent = {}
        self.lesson_id = None
        self.stroke_start = None
        super().__init__(server, child_id, seed)

    def send(self, message):
        self.next_id += 1
        message = dict(message, id=self.next_id)
        if message["type"] == "down":
            self.stroke_start = message["sample"][2]
        if message["type"] == "up":
            self.sent[self.next_id] = ("up", self.lesson_id, self.stroke_start)
        super().send(message)

    def wait(self, predicate, timeout=10.0, since=None):
        def note(m):
            if m["type"] == "started":
                self.lesson_id = m["lesson"]
            if m["type"] == "stored":
                self.ledger.stored(m["record"])
            what = self.sent.pop(m.get("re"), None)
            if what and m["type"] == "events":
                _, lesson, t = what
                self.ledger.stroke(self.child_id, lesson, t)
            return predicate(m)
        return super().wait(note, timeout, since)


class Ledger:
    def __init__(self):
        self.lock = threading.Lock()
        self.records = set()
        self.strokes = []  # (child, lesson, time of the stroke's first sample)
        self.lessons = 0

    def stored(self, record):
        with self.lock:
            self.records.add(record)

    def stroke(self, child, lesson, t):
        with self.lock:
            self.strokes.append((child, lesson, t))


def child_loop(server, n, ledger, stop, seed):
    rng = random.Random(seed)
    child_id = "00000000-0000-4000-8000-%012d" % n
    while not stop.is_set():
        try:
            child = CountingChild(server, child_id, seed=rng.getrandbits(32), ledger=ledger)
        except Exception:  # noqa: BLE001 - the server is down: try again shortly
            time.sleep(0.2)
            continue
        try:
            while not stop.is_set():
                # Keep reading replies even after the lesson's last wait: every ack counts.
                child.lesson(rng.choice("ilnouat"))
                with ledger.lock:
                    ledger.lessons += 1
        except (ConnectionClosed, AssertionError, OSError, TimeoutError):
            pass
        finally:
            try:
                child.close()
            except Exception:  # noqa: BLE001
                pass


def check(server, ledger):
    with server.db() as con:
        ids = {r[0] for r in con.execute("SELECT id FROM phaseRecord")}
        rows = con.execute("SELECT lessonID, ink FROM phaseRecord WHERE ink IS NOT NULL").fetchall()
        drafts = con.execute("SELECT COUNT(*) FROM draftStroke").fetchone()[0]
        recovered, judged = con.execute(
            "SELECT COUNT(*), COUNT(record) FROM phaseRecord WHERE recovered = 1").fetchone()
    starts = {}
    for lesson, ink in rows:
        for stroke in json.loads(ink)["strokes"]:
            if stroke:
                starts.setdefault(lesson, set()).add(round(stroke[0][2], 6))
    lost_records = sorted(ledger.records - ids)
    lost_strokes = [s for s in ledger.strokes if round(s[2], 6) not in starts.get(s[1], set())]
    return {"records_acknowledged": len(ledger.records), "records_lost": len(lost_records),
            "strokes_acknowledged": len(ledger.strokes), "strokes_lost": len(lost_strokes),
            "lost_examples": [list(s) for s in lost_strokes[:5]] + lost_records[:5],
            "drafts_left": drafts, "records_recovered": recovered, "recovered_with_assessment": judged}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--children", type=int, default=30)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", type=Path)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    logging.getLogger("websockets").setLevel(logging.CRITICAL)  # each kill ends 30 connections
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="feder-kill9-") as d:
        server = Server(Path(d), binary=args.binary).start()
        ledger, stop = Ledger(), threading.Event()
        threads = [threading.Thread(target=child_loop, args=(server, n, ledger, stop, args.seed * 100 + n), daemon=True)
                   for n in range(args.children)]
        for t in threads:
            t.start()
        for _ in range(args.kills):
            time.sleep(rng.uniform(0.5, 4.0))
            server.kill9()
            time.sleep(rng.uniform(0.0, 0.5))
            server.start()
        time.sleep(3)
        stop.set()
        # Let the children read what is on its way, then stop the server gently and look.
        for t in threads:
            t.join(timeout=20)
        server.kill9()
        server.start()  # the start turns the last drafts into records
        server.stop()
        result = check(server, ledger)
    result.update(children=args.children, kills=args.kills, lessons_finished=ledger.lessons,
                  seconds=round(time.time() - started, 1))
    print(json.dumps(result))
    return 0 if result["records_lost"] == 0 and result["strokes_lost"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
