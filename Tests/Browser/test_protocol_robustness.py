"""Garbage on the live WebSocket: every bad message gets an error reply or a clean close, other
sessions keep working and nothing stored is lost."""

import json
import threading
import time
import urllib.request

from websockets.sync.client import connect
from websockets.exceptions import ConnectionClosed


def request(ws, message, expect_type=None, timeout=5):
    ws.send(message if isinstance(message, str) else json.dumps(message))
    reply = json.loads(ws.recv(timeout=timeout))
    if expect_type:
        assert reply["type"] == expect_type, reply
    return reply


def glyph(server, char):
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/{char}") as r:
        return json.load(r)


def begin_guided(ws, char, server):
    """Starts a letter and passes observe (a tap) and direct (the dots in order) up to guided."""
    g = glyph(server, char)
    messages = []
    for m in [{"type": "start", "glyph": char}, {"type": "tap", "point": [0, 0]}] + \
             [{"type": "tap", "dot": i} for i in range(len(g["strokes"]))]:
        ws.send(json.dumps(m))
        messages += drain(ws)
    # After the last dot the server moves on by itself (a timer): wait for guided to start.
    deadline = time.time() + 5
    while time.time() < deadline:
        if any(m["type"] == "events" and any(e.get("kind") == "phaseStarted" and e["phase"] == "guided"
                                             for e in m["events"]) for m in messages):
            return g
        messages += drain(ws)
    raise AssertionError("guided never started")


def drain(ws, quiet=0.25):
    """Every message that arrives until the socket is quiet for `quiet` seconds."""
    out = []
    while True:
        try:
            out.append(json.loads(ws.recv(timeout=quiet)))
        except TimeoutError:
            return out


def trace_letter(ws, char, server):
    """Traces a letter along its checkpoints in the guided phase; returns all replies."""
    g = begin_guided(ws, char, server)
    replies, t = [], 0.0

    def collect():
        # Every request has its replies; read until the one carrying this request is in.
        message = json.loads(ws.recv(timeout=5))
        replies.append(message)

    for stroke in g["strokes"]:
        pts = []
        for (ax, ay), (bx, by) in zip(stroke["checkpoints"], stroke["checkpoints"][1:]):
            pts += [(ax + (bx - ax) * i / 6, ay + (by - ay) * i / 6) for i in range(6)]
        pts.append(tuple(stroke["checkpoints"][-1]))
        ws.send(json.dumps({"type": "down", "pointer": "pen", "sample": [*pts[0], t, 0.5]}))
        collect()
        for x, y in pts[1:]:
            t += 1 / 120
            ws.send(json.dumps({"type": "move", "samples": [[x, y, t, 0.5]]}))
            collect()
        ws.send(json.dumps({"id": "up", "type": "up"}))
        collect()
        # A pen-up may also bring "stored" (and a finished letter); drain what came with it.
        while True:
            try:
                replies.append(json.loads(ws.recv(timeout=0.3)))
            except TimeoutError:
                break
        t += 0.3
    return replies


def stored_count(server):
    return len(server.records())


def test_malformed_messages_get_error_replies(server):
    with connect(server.ws_url) as ws:
        cases = {
            "{not json": "invalid_json",
            '{"type":"move","samples":[[NaN,1,2]]}': "invalid_json",
            '{"type":"teleport"}': "unknown_type",
            '{"type":"start","glyph":42}': "invalid_message",
            '{"type":"up"}': "no_session",
            '"just a string"': "invalid_message",
        }
        for message, code in cases.items():
            reply = request(ws, message, "error")
            assert reply["code"] == code, (message, reply)
        ws.send(b"\x00\x01binary")
        assert json.loads(ws.recv(timeout=5))["code"] == "binary_not_supported"
        # The same connection still traces a letter to completion afterwards.
        replies = trace_letter(ws, "l", server)
        assert any(r["type"] == "stored" and r["phase"] == "guided" and r["completed"] for r in replies)


def test_absurd_numbers_are_ignored_not_fatal(server):
    with connect(server.ws_url) as ws:
        begin_guided(ws, "l", server)
        reply = request(ws, '{"type":"down","pointer":"pen","sample":[1e308,-1e308,1e308]}', "events")
        reply = request(ws, '{"type":"move","samples":[[1e308,1e308,0.1],[40,10,1e308,1e308]]}', "events")
        assert reply.get("ignored") == 2
        reply = request(ws, '{"type":"move","samples":[[1e999,0,0]]}')
        assert reply["type"] in ("events", "error")
        request(ws, {"type": "up"})
        assert request(ws, {"type": "ping"})["type"] in ("pong", "stored")


def test_a_10MB_message_closes_that_connection_only(server):
    with connect(server.ws_url) as good:
        request(good, {"type": "hello"}, "hello")
        with connect(server.ws_url, max_size=None) as bad:
            huge = '{"type":"move","samples":[' + ",".join(["[1,2,3]"] * 1_500_000) + "]}"
            assert len(huge) > 10_000_000
            closed = False
            try:
                bad.send(huge)
                bad.recv(timeout=10)
            except ConnectionClosed as e:
                closed = True
                assert e.rcvd is None or e.rcvd.code in (1009, 1002, 1011)
            assert closed, "the oversized message must close the connection"
        # The other connection is untouched.
        replies = trace_letter(good, "i", server)
        assert any(r["type"] == "stored" and r["phase"] == "guided" and r["completed"] for r in replies)


def test_a_burst_of_10000_messages_is_answered_and_others_keep_working(server):
    with connect(server.ws_url) as first:
        trace_letter(first, "l", server)
    before = stored_count(server)
    assert before >= 1

    results = {}

    def flood():
        with connect(server.ws_url) as ws:
            begin_guided(ws, "O", server)
            ws.send(json.dumps({"type": "down", "pointer": "pen", "sample": [75, 0, 0, 0.5]}))
            burst = [json.dumps({"id": i, "type": "move", "samples": [[75 + (i % 7), i % 200, 0.001 * i, 0.5]]})
                     for i in range(1, 10_001)]
            for m in burst:
                ws.send(m)
            answered = 0
            errors = 0
            while answered < 10_000:
                reply = json.loads(ws.recv(timeout=30))
                if isinstance(reply.get("re"), int) and reply["re"] >= 1:
                    answered += 1
                    errors += reply["type"] == "error"
            results["answered"] = answered
            results["errors"] = errors

    worker = threading.Thread(target=flood)
    worker.start()
    # While the flood runs, another child traces a letter normally.
    with connect(server.ws_url) as other:
        replies = trace_letter(other, "i", server)
        assert any(r["type"] == "stored" and r["phase"] == "guided" and r["completed"] for r in replies)
    worker.join(timeout=120)
    assert results.get("answered") == 10_000
    assert stored_count(server) >= before + 1
    # Everything stored before the flood is still there and intact.
    rows = [r for r in server.records() if r["phase"] == "guided" and r["completed"]]
    assert len(rows) >= 2 and all(json.loads(r["ink"])["strokes"] for r in rows)
