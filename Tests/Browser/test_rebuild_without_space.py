"""A database file an older version wrote is rebuilt once so that what that version deleted leaves
nothing in its free space (docs/ADULT.md, "On disk"). The rebuild needs free disk space about twice
the size of the file; here, on a real small disk, it has not got it. The server starts all the same
after a crash that left committed writes in the log (the rebuild, tried, fills the disk and gives the
space back), the class writes as before, deleting a child still deletes every row about it (the
rebuild is not tried again without the space, and the log says why), nothing stored is damaged — and
once there is space, the next start rebuilds the file and the older version's deleted draft is gone.

Mounting needs root (or CAP_SYS_ADMIN); where the machine does not allow it the test is skipped and
says so."""

import shutil
import sqlite3
import subprocess
import time

from adult_gate import request, sign_in
from conftest import FederServer
from small_disk import fill, small_disk  # noqa: F401  (the fixture)
from socket_child import SocketChild
from stored_rows import rows_about

STAYS = "6A1B2C3D-4E5F-4061-8A7B-9C0D1E2F3A4B"
GOES = "7B2C3D4E-5F60-4172-9B8C-0D1E2F3A4B5C"
OLD_DRAFT_MARK = 98.76543  # a coordinate only the older version's deleted draft holds


def start(server: FederServer) -> list[str]:
    """Starts the server and returns the log lines written before its address (start-up's own)."""
    return server.start().startup_lines


def stop(server: FederServer) -> str:
    return server.stop()


def file_bytes(server: FederServer) -> bytes:
    return (server.data_dir / "feder.sqlite").read_bytes()


def pad(con: sqlite3.Connection, until) -> None:
    """Copies of the staying child's last record (each a new attempt), one transaction each, until
    `until()` holds."""
    template = con.execute("SELECT MAX(id) FROM phaseRecord WHERE childID = ?", (STAYS.lower(),)).fetchone()[0]
    columns = [r[1] for r in con.execute("PRAGMA table_info(phaseRecord)") if r[1] != "id"]
    copy = ", ".join("attempt + ?" if c == "attempt" else c for c in columns)
    while not until():
        attempt = con.execute("SELECT MAX(attempt) FROM phaseRecord").fetchone()[0]
        con.execute(f"INSERT INTO phaseRecord ({', '.join(columns)}) SELECT {copy} FROM phaseRecord WHERE id = ?",
                    (attempt + 1, template))
        con.commit()


def database_bytes(con: sqlite3.Connection) -> int:
    """The database's size as its pages count it, whether they are in the file or still in the log."""
    return con.execute("PRAGMA page_count").fetchone()[0] * con.execute("PRAGMA page_size").fetchone()[0]


def on_disk(server: FederServer, suffix: str = "") -> int:
    path = server.data_dir / f"feder.sqlite{suffix}"
    return path.stat().st_size if path.exists() else 0


def make_it_an_older_file(server: FederServer, size: int):
    """Grows the staying child's practice to about `size` bytes of records, then does what a version
    before 2026-11-28 did: a draft of the child that goes is deleted without being overwritten, and
    the file carries no mark."""
    with server.db() as con:
        con.execute("PRAGMA secure_delete = OFF")
        con.execute("PRAGMA wal_autocheckpoint = 100")  # the log kept small on the small disk
        pad(con, lambda: database_bytes(con) >= size - 1_000_000)
        samples = ",".join(f"[{OLD_DRAFT_MARK}, {y}, {y / 100}]" for y in range(200))
        for stroke in range(200):  # about a megabyte: more than later writes take back from the free pages
            con.execute("""INSERT INTO draftStroke (lessonID, childID, condition, script, glyph, variant, phase, attempt,
                                                    pointer, startedAt, strokeIndex, samples)
                           SELECT lessonID, childID, condition, script, glyph, variant, 'freeWrite', 9, 'pen', startedAt, ?, ?
                           FROM phaseRecord WHERE childID = ? LIMIT 1""", (stroke, f"[{samples}]", GOES.lower()))
        con.commit()
        con.execute("DELETE FROM draftStroke")
        con.commit()
        con.execute("PRAGMA user_version = 0")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert str(OLD_DRAFT_MARK).encode() in file_bytes(server), "the older version's deleted draft is there to be found"


def about(server, child):
    """Rows per table about the child, and how many lessons it has."""
    counts = rows_about(server, child)
    with server.db() as con:
        counts["lessons"] = con.execute("SELECT COUNT(DISTINCT lessonID) FROM phaseRecord WHERE childID = ?",
                                        (child.lower(),)).fetchone()[0]
    return counts


def test_an_older_file_without_space_to_rebuild_is_served_and_a_deletion_still_stands(small_disk):  # noqa: F811
    server = FederServer(small_disk)
    start(server)
    try:
        for child, seed in ((STAYS, 1), (GOES, 2)):
            writer = SocketChild(server, child, seed=seed)
            writer.lesson("L")
            writer.close()
    finally:
        stop(server)
    make_it_an_older_file(server, 3_500_000)
    filler = fill(small_disk)
    with open(filler, "r+b") as f:  # a megabyte free: enough to write lessons, not to rebuild the file
        f.truncate(filler.stat().st_size - 1_000_000)
    stays_before = about(server, STAYS)

    startup = start(server)
    try:
        assert any("rebuilding the database file once" in line for line in startup), startup
        # The failed rebuild gave its space back: the class writes as before.
        writer = SocketChild(server, STAYS, seed=3)
        assert writer.lesson("L"), "the staying child's letter is stored after the failed rebuild"
        writer.close()
        status, body, _ = request(server, "DELETE", f"/api/v1/children/{GOES.lower()}", cookie=sign_in(server), origin=server.url)
        assert status == 204, (status, body)
    finally:
        log = stop(server)
    failures = [line for line in log.splitlines() if "could not be rebuilt" in line]
    assert len(failures) == 2, log  # at start-up, and at the deletion
    assert "disk is full" in failures[0], failures[0]
    assert GOES.lower() in failures[1] and "MB are free" in failures[1], failures[1]
    assert "could not be emptied" not in log, log

    gone = about(server, GOES)
    assert gone["phaseRecord"] == 0 and set(gone.values()) == {0}, gone
    stays_after = about(server, STAYS)
    assert stays_after["phaseRecord"] > stays_before["phaseRecord"] and stays_after["lessons"] == stays_before["lessons"] + 1
    with server.db() as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert con.execute("PRAGMA user_version").fetchone()[0] & 1 == 0, "marked as rebuilt although it was not"
    assert str(OLD_DRAFT_MARK).encode() in file_bytes(server), "the older version's draft is gone before the file was rebuilt"

    filler.unlink()  # space is back: the next start rebuilds the file
    subprocess.run(["mount", "-o", "remount,size=16m", str(small_disk)], check=True)
    startup = start(server)
    try:
        assert any("rebuilding the database file once" in line for line in startup), startup
        time.sleep(0.2)
    finally:
        log = stop(server)
    assert "was rebuilt once" in log, log
    assert str(OLD_DRAFT_MARK).encode() not in file_bytes(server), "the older version's deleted draft is still readable"
    assert about(server, STAYS) == stays_after
    with server.db() as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert con.execute("PRAGMA user_version").fetchone()[0] & 1 == 1


def test_a_rebuild_that_fills_the_disk_after_a_crash_gives_the_space_back(small_disk):  # noqa: F811
    """A crash leaves writes committed to the log and not yet in the file, which they make longer.
    Had the rebuild filled the disk with the log before they were written back, there would be no
    room left to write them, the log could never be emptied, and every later write would fail."""
    server = FederServer(small_disk)
    start(server)
    try:
        writer = SocketChild(server, STAYS, seed=1)
        writer.lesson("L")
        writer.close()
    finally:
        stop(server)
    with server.db() as con:
        con.execute("PRAGMA wal_autocheckpoint = 100")
        pad(con, lambda: database_bytes(con) >= 3_500_000)
        con.execute("PRAGMA user_version = 0")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    filler = fill(small_disk)
    with open(filler, "r+b") as f:
        f.truncate(filler.stat().st_size - 1_000_000)
    crashed = sqlite3.connect(server.data_dir / "feder.sqlite")
    crashed.execute("PRAGMA wal_autocheckpoint = 0")
    pad(crashed, lambda: on_disk(server, "-wal") >= 300_000)
    records_before = about(server, STAYS)["phaseRecord"]

    startup = start(server)
    try:
        assert any("rebuilding the database file once" in line for line in startup), startup
        # The rebuild, tried, filled the disk; its space is given back before anything is served.
        # Left in the log, it would hold the disk full, and the class's writes would fail as soon as
        # they needed more log than the failed rebuild's.
        assert on_disk(server, "-wal") == 0, "the failed rebuild is left in the log"
        assert shutil.disk_usage(small_disk).free > 500_000, "the failed rebuild keeps the disk full"
        crashed.close()
        writer = SocketChild(server, STAYS, seed=2)
        mark = len(writer.replies)
        assert writer.lesson("L"), "the letter after the failed rebuild is stored"
        refused = [m for m in writer.replies[mark:] if m["type"] == "error"]
        assert refused == [], refused
        writer.close()
    finally:
        log = stop(server)
    assert "disk is full" in next(line for line in log.splitlines() if "could not be rebuilt" in line)
    assert about(server, STAYS)["phaseRecord"] > records_before
    with server.db() as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
