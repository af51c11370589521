#!/usr/bin/env python3
"""One client floods the live session with page-size `move` messages (4 KiB each, in one pen stroke
of guided tracing), written as fast as the socket takes them, while a second thread reads every
reply. Reports the server's resident memory before, at its peak and two seconds after, and whether
every message was answered.

    FEDER_BIN=.build/debug/feder python3 scripts/reliability/flood.py --messages 40000
"""

import argparse
import json
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from feder_server import Server  # noqa: E402
from raw_socket import RawSocket, frame  # noqa: E402


def page_size_moves(count, size=4096):
    """`count` move messages of about `size` bytes each, with rising timestamps (about 145 samples
    each, fewer as the times grow longer: a page's worth of text)."""
    out, t = [], 0.0
    for i in range(1, count + 1):
        samples, length = [], 40
        while length < size - 40:
            t += 1 / 240
            sample = "[%.3f,%.3f,%.5f,0.5]" % (75 + (len(samples) % 9) * 0.731, len(samples) % 200 * 1.013, t)
            samples.append(sample)
            length += len(sample) + 1
        out.append('{"id":%d,"type":"move","samples":[%s]}' % (i, ",".join(samples)))
    return out


def begin_guided(raw, server, char="O"):
    """Starts a letter (no child: observe, direct, guided) and taps through to guided tracing."""
    with urllib.request.urlopen(f"{server.url}/api/v1/glyphs/druck/{char}") as r:
        g = json.load(r)
    for m in [{"type": "start", "glyph": char}, {"type": "tap", "point": [0, 0]}] + \
             [{"type": "tap", "dot": i} for i in range(len(g["strokes"]))]:
        raw.send_text(json.dumps(m))
    while True:
        reply = raw.recv()
        if reply is None:
            raise RuntimeError("closed before guided")
        if reply["type"] == "events" and any(e.get("kind") == "phaseStarted" and e["phase"] == "guided"
                                             for e in reply["events"]):
            return


def flood(server, messages, read_late=False):
    """`read_late`: the client reads no reply until its sending has finished or stalled for two seconds
    (a client that does not keep up with its replies), with a small receive buffer."""
    moves = b"".join(frame(m) for m in page_size_moves(messages))
    raw = RawSocket("127.0.0.1", server.port, receive_buffer=4096 if read_late else None)
    begin_guided(raw, server)
    raw.send_text(json.dumps({"type": "down", "pointer": "pen", "sample": [75, 0, 0, 0.5]}))
    time.sleep(0.5)
    before = server.memory_kib()
    answered, errors, peak = [0], {}, [before["VmRSS"]]
    done = threading.Event()

    def read():
        while answered[0] < messages:
            reply = raw.recv()
            if reply is None:
                break
            if isinstance(reply.get("re"), int):
                answered[0] += 1
                if reply["type"] == "error":
                    errors[reply["code"]] = errors.get(reply["code"], 0) + 1
        done.set()

    def watch():
        while not done.is_set():
            peak[0] = max(peak[0], server.memory_kib()["VmRSS"])
            time.sleep(0.02)

    reader = threading.Thread(target=read, daemon=True)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    start = time.time()
    if not read_late:
        reader.start()
        raw.send_bytes(moves)
        sent_in = time.time() - start
    else:
        sent = [0]

        def send():
            for i in range(0, len(moves), 1 << 16):
                raw.send_bytes(moves[i:i + (1 << 16)])
                sent[0] = i + (1 << 16)
        sender = threading.Thread(target=send, daemon=True)
        sender.start()
        last, still = -1, 0
        while sender.is_alive() and still < 8:
            time.sleep(0.25)
            still = still + 1 if sent[0] == last else 0
            last = sent[0]
        sent_in = time.time() - start
        held_back = sender.is_alive()
        accepted_MiB = round(min(sent[0], len(moves)) / 2**20, 1)
        reader.start()
        sender.join(timeout=300)
    done.wait(timeout=300)
    answered_in = time.time() - start
    time.sleep(2)
    after = server.memory_kib()
    raw.close()
    late = {"held_back": held_back, "accepted_before_reading_MiB": accepted_MiB} if read_late else {}
    return {
        **late, "read_late": read_late, "messages": messages, "bytes_each": len(moves) // messages, "answered": answered[0],
        "close_code": raw.close_code, "errors": errors,
        "sent_s": round(sent_in, 2), "answered_s": round(answered_in, 2),
        "rss_before_MiB": round(before["VmRSS"] / 1024, 1), "rss_peak_MiB": round(peak[0] / 1024, 1),
        "rss_after_MiB": round(after["VmRSS"] / 1024, 1), "hwm_MiB": round(after["VmHWM"] / 1024, 1),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--messages", type=int, default=40_000)
    parser.add_argument("--read-late", action="store_true", help="read no reply until sending finished or stalled")
    parser.add_argument("--binary", type=Path, help="the feder binary (default: FEDER_BIN or swift build's)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="feder-flood-") as d:
        server = Server(Path(d), binary=args.binary).start()
        try:
            result = flood(server, args.messages, args.read_late)
        finally:
            server.stop()
    print(json.dumps(result))
    return 0 if result["answered"] == args.messages else 1


if __name__ == "__main__":
    sys.exit(main())
