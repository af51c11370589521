"""Garbage on the live WebSocket: every bad message gets an error reply or a clean close, other
sessions keep working and nothing stored is lost."""

import json
import threading
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


def trace_letter(ws, char, server):
    """Traces a letter along its checkpoints; returns all replies."""
    g = glyph(server, char)
    request(ws, {"type": "start", "glyph": char}, "started")
    replies, t = [], 0.0
    for stroke in g["strokes"]:
        pts = []
        for (ax, ay), (bx, by) in zip(stroke["checkpoints"], stroke["checkpoints"][1:]):
            pts += [(ax + (bx - ax) * i / 6, ay + (by - ay) * i / 6) for i in range(6)]
        pts.append(tuple(stroke["checkpoints"][-1]))
        ws.send(json.dumps({"type": "down", "pointer": "pen", "sample": [*pts[0], t, 0.5]}))
        replies.append(json.loads(ws.recv(timeout=5)))
        for x, y in pts[1:]:
            t += 1 / 120
            ws.send(json.dumps({"type": "move", "samples": [[x, y, t, 0.5]]}))
            replies.append(json.loads(ws.recv(timeout=5)))
        ws.send(json.dumps({"type": "up"}))
        replies.append(json.loads(ws.recv(timeout=5)))
        while replies[-1]["type"] == "events":  # an up is followed by a "stored" reply
            replies.append(json.loads(ws.recv(timeout=5)))
        t += 0.3
    return replies


def stored_count(server):
    return len(server.attempts())


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
        assert any(r["type"] == "stored" and r["completed"] for r in replies)


def test_absurd_numbers_are_ignored_not_fatal(server):
    with connect(server.ws_url) as ws:
        request(ws, {"type": "start", "glyph": "l"}, "started")
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
        assert any(r["type"] == "stored" and r["completed"] for r in replies)


def test_a_burst_of_10000_messages_is_answered_and_others_keep_working(server):
    with connect(server.ws_url) as first:
        trace_letter(first, "l", server)
    before = stored_count(server)
    assert before >= 1

    results = {}

    def flood():
        with connect(server.ws_url) as ws:
            request(ws, {"type": "start", "glyph": "O"}, "started")
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
        assert any(r["type"] == "stored" and r["completed"] for r in replies)
    worker.join(timeout=120)
    assert results.get("answered") == 10_000
    assert stored_count(server) >= before + 1
    # Everything stored before the flood is still there and intact.
    rows = server.attempts()
    assert all(json.loads(r["ink"])["strokes"] for r in rows)
