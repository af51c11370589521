"""A real full disk, not a simulated one: the data folder lies on a small tmpfs, another file fills
it to the last byte (ENOSPC) while a child writes a letter. The lesson goes on, the page is told
(`storage_failed`), the server logs it, another child's pen is answered as before; once the space is
back every phase of that letter is stored with all its strokes and no draft is left over.

Mounting needs root (or CAP_SYS_ADMIN); where the machine does not allow it the test is skipped and
says so. `StorageFailureTests.realSQLiteThatCannotWriteLosesNoStroke` covers SQLITE_FULL everywhere."""

import json
import sqlite3

from conftest import FederServer
from small_disk import fill, small_disk  # noqa: F401  (the fixture)
from socket_child import SocketChild, glyph

CHILD_WRITING = "2B1E1F9A-3C4D-4E5F-8A6B-7C8D9E0F1A2B"
CHILD_BESIDE = "5D6E7F80-9A0B-4C1D-8E2F-3A4B5C6D7E8F"


def to_guided(child, g, first):
    child.send({"type": "start", "glyph": g["char"]})
    child.wait(lambda m: m["type"] == "started", since=first)
    if child.condition == "threePhase":
        child.send({"type": "tap", "point": [0, 0]})
        child.wait(child.phase_started("direct"), since=first)
        for i in range(len(g["strokes"])):
            child.send({"type": "tap", "dot": i})
        child.wait(child.phase_started("guided"), since=first)


def letter_finished(m):
    return m["type"] == "events" and any(e.get("kind") == "letterFinished" for e in m["events"])


def test_a_full_disk_keeps_the_lesson_going_and_loses_nothing_once_space_is_back(small_disk):
    server = FederServer(small_disk).start()
    try:
        writing = SocketChild(server, CHILD_WRITING, seed=1)
        beside = SocketChild(server, CHILD_BESIDE, seed=2)
        writing.lesson("L")  # the store works: the letter before is stored as usual

        filler = fill(small_disk)
        h = glyph(server, "H")
        first = len(writing.replies)
        to_guided(writing, h, first)
        writing.write(h)
        next_phase = "freeWrite" if writing.condition == "threePhase" else None
        if next_phase:
            writing.wait(writing.phase_started(next_phase), since=first)
        else:
            writing.wait(letter_finished, since=first, timeout=15)
        told = [m for m in writing.replies[first:] if m["type"] == "error" and m["code"] == "storage_failed"]
        assert told, "the page is told that the disk is full"

        # The other child's pen is answered while the disk is full.
        o = glyph(server, "O")
        mark = len(beside.replies)
        to_guided(beside, o, mark)
        beside.write(o)
        answered = [m for m in beside.replies[mark:] if m["type"] == "events"]
        assert answered and not any(m["type"] == "error" and m["code"] != "storage_failed" for m in beside.replies[mark:])

        filler.unlink()  # space is back
        if next_phase:
            while True:
                mark = len(writing.replies)
                writing.write(h, wobble=3.0)
                again = writing.wait(lambda m: letter_finished(m) or writing.phase_started("freeWrite")(m), timeout=15, since=mark)
                if letter_finished(again):
                    break
        writing.send({"type": "ping"})
        writing.wait(lambda m: m["type"] == "pong")
        writing.close()
        beside.close()
    finally:
        log = server.stop()

    with server.db() as con:
        con.row_factory = sqlite3.Row
        lesson = con.execute("SELECT lessonID FROM phaseRecord WHERE childID = ? AND glyph = 'H' LIMIT 1",
                             (CHILD_WRITING.lower(),)).fetchone()
        assert lesson, "the letter written on the full disk is stored"
        rows = con.execute("SELECT phase, outcome, ink FROM phaseRecord WHERE lessonID = ? ORDER BY id",
                           (lesson["lessonID"],)).fetchall()
        drafts = con.execute("SELECT COUNT(*) FROM draftStroke").fetchone()[0]
    phases = [r["phase"] for r in rows]
    expected = ["observe", "direct", "guided", "freeWrite"] if next_phase else ["guided"]
    assert [p for p in expected if p not in phases] == [], phases
    guided = [r for r in rows if r["phase"] == "guided"]
    assert len(json.loads(guided[0]["ink"])["strokes"]) == len(h["strokes"]), "every stroke written on the full disk is kept"
    assert drafts == 0
    assert "storage_failed" in log, "the server logged the failure"
