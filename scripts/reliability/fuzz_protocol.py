#!/usr/bin/env python3
"""A fuzzer for the live session protocol (docs/PROTOCOL.md). Each connection plays a valid session
transcript — hello, a letter started, observe tapped away, the dots, strokes traced along the
checkpoints, restart, end — and sends it mutated: fields of the wrong type, fields missing, huge and
non-finite numbers, odd ids and versions, messages reordered, repeated or dropped, random text and
random bytes, now and then a message over the size limit. After every few messages it sends a `ping`
and reads up to its `pong` (messages are answered in order), checking:

- every message was answered: one with an intact id by a reply carrying it as `re`, every other
  one by a reply of its own (an error without `re`, or a reply to the id it was given);
- a connection closes only as documented: 1009 after a message over 64 KiB (which may cut off the
  replies to the messages sent just before it), never otherwise;
- the server never crashes, and a well-behaved child on its own connection traces whole letters,
  each stored, all through the run.

    FEDER_BIN=.build/debug/feder python3 scripts/reliability/fuzz_protocol.py --messages 100000
"""

import argparse
import json
import re
import math
import random
import string
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "Browser"))
from feder_server import Server  # noqa: E402
from socket_child import SocketChild  # noqa: E402

MESSAGE_LIMIT = 64 * 1024
DOCUMENTED_CLOSE = {1009: "message over 64 KiB"}
LETTERS = "ailnoOsutAEM"


def glyphs(url):
    out = {}
    for char in LETTERS:
        with urllib.request.urlopen(f"{url}/api/v1/glyphs/druck/{char}") as r:
            out[char] = json.load(r)
    return out


def transcript(rng, glyph_table):
    """A valid session as a list of message objects (without ids)."""
    char = rng.choice(LETTERS)
    g = glyph_table[char]
    out = [{"type": "hello", "child": "%08x-0000-4000-8000-%012x" % (rng.getrandbits(32), rng.getrandbits(48))},
           {"type": "start", "glyph": char}, {"type": "observed"}, {"type": "tap", "point": [0, 0]}]
    out += [{"type": "tap", "dot": i} for i in range(len(g["strokes"]))]
    t = 0.0
    for _ in range(rng.randint(1, 2)):
        for stroke in g["strokes"]:
            pts = []
            for (ax, ay), (bx, by) in zip(stroke["checkpoints"], stroke["checkpoints"][1:]):
                pts += [(ax + (bx - ax) * i / 5, ay + (by - ay) * i / 5) for i in range(5)]
            pts.append(tuple(stroke["checkpoints"][-1]))
            out.append({"type": "down", "pointer": rng.choice(["pen", "touch", "mouse"]), "sample": [*pts[0], t, 0.5]})
            for i in range(1, len(pts), 2):
                batch = []
                for x, y in pts[i:i + 2]:
                    t += 1 / 120
                    batch.append([round(x, 2), round(y, 2), round(t, 5), 0.5, -10, 20])
                out.append({"type": "move", "samples": batch})
            out.append({"type": "up"})
            t += 0.3
        out.append(rng.choice([{"type": "restart"}, {"type": "ping"}, {"type": "observed"}]))
    out += [{"type": "read", "ink": {"pointer": "pen", "strokes": [[[10, 10, 0], [20, 30, 0.1], [30, 60, 0.2]]]},
             "expected": char}, {"type": "onboarded", "pointer": "pen", "handedness": "left"},
            {"type": "start", "next": True}, {"type": "end"},
            {"type": "paper", "face": rng.randint(1, 3), "lesson": "%08x" % rng.getrandbits(32)}]
    return out


ODD_VALUES = [None, True, False, 0, -1, 1.5, 2**63, -(2**63) - 1, 10**400, 1e308, -1e308, "", "x", "🖊" * 3,
              [], [[]], {}, {"a": 1}, [1, 2], "NaN", "9" * 400]
RAW_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1e-999", "00012", "1.", ".5", "0x1F",
               "123456789012345678901234567890", "-0", "1E+2", "9" * 40]


def strict_json(text):
    """Whether `text` is JSON by RFC 8259 with every number finite as a double."""
    def refuse(_):
        raise ValueError

    def finite(literal):
        value = float(literal)
        if not math.isfinite(value):
            raise ValueError
        return value
    try:
        json.loads(text, parse_constant=refuse, parse_float=finite, parse_int=lambda s: finite(s) and int(s))
        return True
    except (ValueError, RecursionError):
        return False


@dataclass
class Mutant:
    text: str | None = None        # a text frame
    data: bytes | None = None      # a binary frame
    text_bytes: bytes | None = None  # a text frame whose bytes need not be UTF-8
    fragments: list | None = None  # a text message sent in fragments
    intact_id: int | None = None   # the id the reply must carry, when the mutation left it readable
    oversize: bool = False
    kind: str = "valid"


def mutate(rng, message, next_id):
    """One message, mutated (or not) into what is sent. `next_id` is the id the message would carry."""
    m = json.loads(json.dumps(message))
    m["id"] = next_id
    roll = rng.random()
    if roll < 0.30:
        return Mutant(text=json.dumps(m), intact_id=next_id, kind="valid")
    if roll < 0.42:  # a field of the wrong type (possibly `type` itself)
        keys = [k for k in m if k != "id"]
        k = rng.choice(keys)
        m[k] = rng.choice(ODD_VALUES)
        return Mutant(text=json.dumps(m), intact_id=next_id, kind="type")
    if roll < 0.50:  # a field missing
        keys = [k for k in m if k != "id"]
        del m[rng.choice(keys)]
        return Mutant(text=json.dumps(m), intact_id=next_id, kind="missing")
    if roll < 0.60:  # numbers in samples and points: huge, tiny, non-finite (raw JSON text)
        text = json.dumps(m)
        # Not the id's own digits: odd ids are the "id" mutation's, and an id replaced by `1E+2` would
        # be read as the id of another message in the group.
        id_at = text.index(f'"id": {next_id}')
        id_digits = range(id_at, id_at + len(f'"id": {next_id}'))
        digits = [i for i, c in enumerate(text)
                  if c.isdigit() and (i == 0 or not text[i - 1].isalnum()) and i not in id_digits]
        if not digits:
            return Mutant(text=text, intact_id=next_id, kind="valid")
        i = rng.choice(digits)
        j = i
        while j < len(text) and (text[j].isdigit() or text[j] in ".eE+-"):
            j += 1
        odd = rng.choice(RAW_NUMBERS)
        text = text[:i] + odd + text[j:]
        # Text that is no longer strict JSON with finite numbers cannot be read, so its reply has no
        # `re`. (The id is checked all the same, whole: `"id": 12` must not match the start of
        # `"id": 123456789012345678901234567890`.)
        intact = next_id if re.search(rf'"id": {next_id}(?![0-9.eE])', text) and strict_json(text) else None
        return Mutant(text=text, intact_id=intact, kind="number")
    if roll < 0.64:  # an odd id or version
        choice = rng.random()
        if choice < 0.5:
            m["id"] = rng.choice([1.5, None, [], {}, "y" * 65, True, 10**30, -0.0])
            return Mutant(text=json.dumps(m), kind="id")
        m["v"] = rng.choice([0, 2, "1", None, 1.0, -1, 10**20])
        return Mutant(text=json.dumps(m), kind="version")
    if roll < 0.67:  # an extra unknown field
        m[rng.choice(["extra", "samples", "glyph", "π", ""])] = rng.choice(ODD_VALUES)
        return Mutant(text=json.dumps(m), intact_id=next_id, kind="extra")
    if roll < 0.72:  # truncated JSON
        text = json.dumps(m)
        return Mutant(text=text[:rng.randint(0, len(text) - 1)], kind="truncated")
    if roll < 0.76:  # random printable text or random Unicode
        n = rng.randint(0, 200)
        if rng.random() < 0.5:
            text = "".join(rng.choice(string.printable) for _ in range(n))
        else:
            text = "".join(chr(rng.choice([rng.randint(0x20, 0x7e), rng.randint(0xa0, 0xd7ff), rng.randint(0xe000, 0x10ffff)]))
                           for _ in range(n))
        return Mutant(text=text, kind="random-text")
    if roll < 0.79:  # random bytes as a binary frame
        return Mutant(data=rng.randbytes(rng.randint(0, 300)), kind="binary")
    if roll < 0.81:  # random bytes (not UTF-8) as a text frame
        return Mutant(text_bytes=b"{\"type\":\"" + rng.randbytes(rng.randint(1, 60)) + b"\"}", kind="bad-utf8")
    if roll < 0.84:  # JSON that is not an object, or deeply nested
        text = rng.choice(["[]", "null", "42", '"move"', "[" * 600 + "]" * 600, '{"type":' * 300 + "1" + "}" * 300,
                           json.dumps([m])])
        return Mutant(text=text, kind="not-object")
    if roll < 0.87:  # a valid message in fragments
        text = json.dumps(m)
        cut = sorted(rng.sample(range(1, max(2, len(text))), min(3, max(1, len(text) - 2))))
        parts = [text[a:b] for a, b in zip([0] + cut, cut + [len(text)]) if text[a:b]]
        return Mutant(fragments=parts, intact_id=next_id, kind="fragments")
    if roll < 0.90:  # many samples: at, or just over, the per-message limit
        n = rng.choice([512, 513, 2000])
        samples = [[40 + i % 30, i % 100, i * 0.001, 0.5] for i in range(n)]
        return Mutant(text=json.dumps({"id": next_id, "type": "move", "samples": samples}), intact_id=next_id, kind="many-samples")
    if roll < 0.9015:  # over the size limit: the connection must close with 1009
        return Mutant(text=json.dumps({"id": next_id, "type": "ping", "pad": "x" * (MESSAGE_LIMIT + rng.randint(1, 5000))}),
                      oversize=True, kind="oversize")
    return Mutant(text=json.dumps(m), intact_id=next_id, kind="valid")


def reorder(rng, messages):
    """Swaps, repeats and drops messages of a transcript."""
    out = list(messages)
    for _ in range(rng.randint(0, 4)):
        i, j = rng.randrange(len(out)), rng.randrange(len(out))
        out[i], out[j] = out[j], out[i]
    for _ in range(rng.randint(0, 2)):
        i = rng.randrange(len(out))
        out.insert(i, out[i])
    for _ in range(rng.randint(0, 2)):
        if len(out) > 2:
            out.pop(rng.randrange(len(out)))
    return out


@dataclass
class Tally:
    sent: int = 0
    answered: int = 0
    closed: int = 0  # messages ended by a documented close (1009) instead of a reply
    closes: dict = field(default_factory=dict)
    kinds: dict = field(default_factory=dict)
    replies: dict = field(default_factory=dict)
    failures: list = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def fail(self, what):
        with self.lock:
            if len(self.failures) < 50:
                self.failures.append(what)


class Fuzzer:
    def __init__(self, url, ws_url, tally, seed, glyph_table, batch=8):
        self.url, self.ws_url, self.tally = url, ws_url, tally
        self.rng = random.Random(seed)
        self.glyphs = glyph_table
        self.batch = batch
        self.next_id = 1

    def run(self, count):
        sent = 0
        while sent < count:
            sent += self.session(count - sent)

    def session(self, budget):
        """One connection: mutated transcripts until the budget is spent or the connection closes."""
        sent = 0
        with connect(self.ws_url, max_size=None, open_timeout=20) as ws:
            while sent < budget:
                messages = transcript(self.rng, self.glyphs)
                if self.rng.random() < 0.3:
                    messages = reorder(self.rng, messages)
                for start in range(0, len(messages), self.batch):
                    group = messages[start:start + self.batch][:budget - sent]
                    if not group:
                        break
                    done, closed = self.exchange(ws, group)
                    sent += done
                    if closed:
                        return sent
                if self.rng.random() < 0.2:
                    return max(sent, 1)  # a fresh connection now and then
        return sent

    def exchange(self, ws, group):
        """Sends a group of mutated messages and a ping, reads to the pong, checks the answers.
        Returns (messages sent, whether the connection closed)."""
        mutants = []
        for message in group:
            mutants.append(mutate(self.rng, message, self.next_id))
            self.next_id += 1
        ping_id = f"p{self.next_id}"
        self.next_id += 1
        sent = 0
        try:
            for mutant in mutants:
                self.send(ws, mutant)
                sent += 1
                with self.tally.lock:
                    self.tally.kinds[mutant.kind] = self.tally.kinds.get(mutant.kind, 0) + 1
                if mutant.oversize:
                    return sent, self.expect_close(ws, mutants[:sent - 1])
            ws.send(json.dumps({"id": ping_id, "type": "ping"}))
            replies = []
            while True:
                reply = json.loads(ws.recv(timeout=30))
                if reply.get("re") == ping_id and reply["type"] == "pong":
                    break
                replies.append(reply)
        except ConnectionClosed as e:
            code = e.rcvd.code if e.rcvd else None
            self.count_close(code)
            self.tally.fail(f"connection closed with {code} after {[m.kind for m in mutants[:sent]]}")
            return sent, True
        except TimeoutError:
            self.tally.fail(f"no pong within 30 s after {[m.kind for m in mutants]}")
            return sent, True
        self.check(mutants, replies)
        return sent, False

    def send(self, ws, mutant):
        if mutant.text is not None:
            ws.send(mutant.text)
        elif mutant.data is not None:
            ws.send(mutant.data)
        elif mutant.text_bytes is not None:
            ws.send(mutant.text_bytes, text=True)
        else:
            ws.send(iter(mutant.fragments))

    def expect_close(self, ws, before):
        """After a message over the limit the connection closes with 1009 at once: the messages
        before it in the same group are answered or cut off by that close."""
        replies = []
        try:
            while True:
                replies.append(json.loads(ws.recv(timeout=10)))
        except ConnectionClosed as e:
            code = e.rcvd.code if e.rcvd else None
            self.count_close(code)
            if code != 1009:
                self.tally.fail(f"a message over 64 KiB closed with {code}, not 1009")
        except TimeoutError:
            self.tally.fail("a message over 64 KiB did not close the connection")
        with self.tally.lock:
            self.tally.sent += 1 + len(before)
            self.tally.closed += 1 + len(before)
        return True

    def count_close(self, code):
        with self.tally.lock:
            self.tally.closes[code] = self.tally.closes.get(code, 0) + 1

    def check(self, mutants, replies):
        intact = {m.intact_id for m in mutants if m.intact_id is not None}
        by_re = {}
        others = 0
        for reply in replies:
            key = reply["type"] if reply["type"] != "error" else "error:" + reply["code"]
            with self.tally.lock:
                self.tally.replies[key] = self.tally.replies.get(key, 0) + 1
            if reply.get("re") in intact:
                by_re[reply["re"]] = by_re.get(reply["re"], 0) + 1
            else:
                others += 1
        unanswered = [m for m in mutants if m.intact_id is not None and m.intact_id not in by_re]
        rest = sum(1 for m in mutants if m.intact_id is None)
        with self.tally.lock:
            self.tally.sent += len(mutants)
            self.tally.answered += len(mutants) - len(unanswered) - max(0, rest - others)
        if unanswered:
            # What was sent, shortened, so that a failure can be replayed by hand.
            self.tally.fail(f"no reply with its id to {[(m.kind, (m.text or str(m.fragments))[:300]) for m in unanswered]}")
        if others < rest:
            self.tally.fail(f"{rest} messages without a readable id got only {others} replies")


def well_behaved(server_like, stop, results):
    """A child tracing whole letters on its own connection while the fuzzer runs."""
    n = 0
    try:
        while not stop.is_set():
            child = SocketChild(server_like, "00000000-0000-4000-8000-%012d" % n, seed=n)
            try:
                for char in "lio":
                    if stop.is_set():
                        break
                    records = child.lesson(char)
                    results["lessons"] += 1
                    results["records"] += len(records)
            finally:
                child.close()
            n += 1
    except Exception as e:  # noqa: BLE001 - any failure of the good child is the finding
        results["error"] = repr(e)


def fuzz(url, ws_url, messages, connections, seed, alive=lambda: True):
    """Runs the fuzzer; returns (tally, well-behaved results)."""
    glyph_table = glyphs(url)
    tally = Tally()
    stop = threading.Event()

    class Where:  # what SocketChild needs to know of a server
        pass
    where = Where()
    where.url, where.ws_url = url, ws_url
    good = {"lessons": 0, "records": 0}
    child = threading.Thread(target=well_behaved, args=(where, stop, good), daemon=True)
    child.start()
    share = [messages // connections + (1 if i < messages % connections else 0) for i in range(connections)]
    workers = []
    for i, n in enumerate(share):
        f = Fuzzer(url, ws_url, tally, seed * 1000 + i, glyph_table)

        def work(f=f, n=n):
            try:
                f.run(n)
            except Exception as e:  # noqa: BLE001
                tally.fail(f"fuzzer connection failed: {e!r}")
        workers.append(threading.Thread(target=work, daemon=True))
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    stop.set()
    child.join(timeout=60)
    if not alive():
        tally.fail("the server died")
    try:
        with urllib.request.urlopen(f"{url}/api/v1/health", timeout=5) as r:
            if json.load(r).get("status") != "ok":
                tally.fail("health is not ok")
    except OSError as e:
        tally.fail(f"health check failed: {e!r}")
    if good.get("error"):
        tally.fail(f"the well-behaved child failed: {good['error']}")
    if good["lessons"] == 0:
        tally.fail("the well-behaved child finished no lesson")
    return tally, good


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", type=Path)
    args = parser.parse_args()
    started = time.time()
    with tempfile.TemporaryDirectory(prefix="feder-fuzz-") as d:
        server = Server(Path(d), binary=args.binary).start()
        try:
            tally, good = fuzz(server.url, server.ws_url, args.messages, args.connections, args.seed, alive=server.alive)
        finally:
            alive = server.alive()
            server.stop()
    summary = {"messages": tally.sent, "answered": tally.answered, "closed_1009": tally.closed, "connections": args.connections, "seed": args.seed,
               "server_alive": alive, "closes": tally.closes, "mutations": tally.kinds,
               "replies": dict(sorted(tally.replies.items(), key=lambda kv: -kv[1])),
               "good_child": good, "seconds": round(time.time() - started, 1), "failures": tally.failures}
    print(json.dumps(summary, indent=1))
    return 0 if not tally.failures and alive else 1


if __name__ == "__main__":
    sys.exit(main())
