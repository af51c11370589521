"""A simulated child on the live WebSocket: registers with `hello` and plays whole lessons (observe
tapped away, dots in order, the letter traced and then written along its checkpoints with a seeded
wobble), collecting every reply, so a test knows exactly which attempts the server stored."""

import json
import random
import time
import urllib.request

from websockets.sync.client import connect


def glyph(server, char):
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/{char}") as r:
        return json.load(r)


class SocketChild:
    def __init__(self, server, child_id, seed=0):
        self.server = server
        self.child_id = child_id
        self.random = random.Random(seed)
        self.replies = []
        self.t = 0.0
        self.connection = connect(server.ws_url)
        self.ws = self.connection.__enter__()
        self.send({"type": "hello", "child": child_id})
        hello = self.wait(lambda m: m["type"] == "hello")
        self.condition = hello["condition"]

    def close(self):
        self.connection.__exit__(None, None, None)

    def send(self, message):
        self.ws.send(json.dumps(message))

    def wait(self, predicate, timeout=10.0, since=None):
        """The first reply from index `since` on (default: only new ones) that satisfies `predicate`,
        reading more as needed; every reply read is kept in `replies`."""
        for message in self.replies[since:] if since is not None else []:
            if predicate(message):
                return message
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                message = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.time())))
            except TimeoutError:
                break
            self.replies.append(message)
            if predicate(message):
                return message
        raise AssertionError(f"{self.child_id}: no expected reply within {timeout} s")

    @staticmethod
    def phase_started(phase):
        return lambda m: m["type"] == "events" and any(
            e.get("kind") == "phaseStarted" and e["phase"] == phase for e in m["events"])

    @staticmethod
    def stored(phase):
        return lambda m: m["type"] == "stored" and m["phase"] == phase

    def write(self, g, wobble=2.0, rate=120, speed=300, scale=1.0, pointer="pen", reverse=False):
        """Strokes along the glyph's checkpoints (scaled about the glyph's start point), two samples
        per message as the page batches them. A finger (`pointer="touch"`) reports no pressure or
        tilt; `reverse` writes every stroke the wrong way round."""
        ox, oy = g["strokes"][0]["checkpoints"][0]
        for stroke in g["strokes"]:
            pts = []
            checkpoints = stroke["checkpoints"][::-1] if reverse else stroke["checkpoints"]
            for (ax, ay), (bx, by) in zip(checkpoints, checkpoints[1:]):
                steps = max(2, int(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5 / (speed / rate)))
                pts += [(ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps) for i in range(steps)]
            pts.append(tuple(checkpoints[-1]))
            pts = [(ox + (x - ox) * scale + self.random.uniform(-wobble, wobble),
                    oy + (y - oy) * scale + self.random.uniform(-wobble, wobble)) for x, y in pts]
            pen = pointer == "pen"
            extra = lambda i: [round(0.3 + 0.4 * i / len(pts), 4), -12.5, 20] if pen else []
            self.send({"type": "down", "pointer": pointer, "sample": [pts[0][0], pts[0][1], self.t, *extra(0)]})
            for i in range(1, len(pts), 2):
                batch = []
                for k in range(i, min(i + 2, len(pts))):
                    self.t += 1 / rate
                    batch.append([pts[k][0], pts[k][1], round(self.t, 6), *extra(k)])
                self.send({"type": "move", "samples": batch})
            self.send({"type": "up"})
            self.t += 0.3

    def lesson(self, char, free_scale=1.0, pointer="pen", free_reverse=False, free_instead=None, restart_guided=False):
        """One whole letter in this child's condition; returns the ids of the records stored. With
        `free_reverse` the free writing goes the wrong way round (and is written again as often as the
        lesson repeats the phase). `free_instead` writes another letter in the free phase. Without `char`
        the scheduler picks the letter (Schule's "Weiter"). `restart_guided` traces half of the first
        stroke, then asks for "Nochmal" (`restart`) and traces the letter."""
        first = len(self.replies)
        self.send({"type": "start", "glyph": char} if char else {"type": "start", "next": True})
        started = self.wait(lambda m: m["type"] == "started", since=first)
        char = char or started["glyph"]["char"]
        g = glyph(self.server, char)
        free = glyph(self.server, free_instead) if free_instead else g
        if self.condition == "threePhase":
            self.send({"type": "tap", "point": [0, 0]})
            self.wait(self.phase_started("direct"), since=first)
            for i in range(len(g["strokes"])):
                self.send({"type": "tap", "dot": i})
            self.wait(self.phase_started("guided"), since=first)
        traced_from = first
        if restart_guided:
            self.wait(self.phase_started("guided"), since=first)
            half = g["strokes"][0]["checkpoints"]
            self.write({"strokes": [{"checkpoints": half[:max(2, len(half) // 2 + 1)]}]}, pointer=pointer)
            traced_from = len(self.replies)
            self.send({"type": "restart"})
            self.wait(lambda m: m["type"] == "stored" and m["phase"] == "guided", since=traced_from)
            self.wait(self.phase_started("guided"), since=traced_from)
            traced_from = len(self.replies)
        self.write(g, pointer=pointer)
        self.wait(self.stored("guided"), since=traced_from)
        if self.condition == "threePhase":
            self.wait(self.phase_started("freeWrite"), since=first)
            finished = lambda m: m["type"] == "events" and any(e.get("kind") == "letterFinished" for e in m["events"])
            while True:
                mark = len(self.replies)
                self.write(free, wobble=4.0, scale=free_scale, pointer=pointer, reverse=free_reverse)
                self.wait(self.stored("freeWrite"), timeout=15, since=mark)
                again = self.wait(lambda m: finished(m) or self.phase_started("freeWrite")(m), timeout=15, since=mark)
                if finished(again):
                    break
        self.wait(lambda m: m["type"] == "events" and any(e.get("kind") == "letterFinished" for e in m["events"]),
                  timeout=15, since=first)
        return [m["record"] for m in self.replies[first:] if m["type"] == "stored"]
