"""What a finished letter's attendance reads cost as a child's history grows (docs/PERFORMANCE.md,
"Attendance reads"). Starts `feder serve` once on an empty data directory so that the database has
every migration, fills one child's `letterSession` with a school year of letters (default 5,000
over 250 days, other children beside it), then times the two reads ChildStore makes per finished
letter (the practice days for the streak, today's letters for the jar) with the shipped indexes,
and again without `letterSession_on_child_completed_day` (the schema before migration v8).

  python3 scripts/bench/attendance_query.py --feder .build/release/feder [--sessions 5000]
"""

import argparse
import os
import sqlite3
import subprocess
import tempfile
import time

PRACTICE_DAYS = 'SELECT DISTINCT "day" FROM "letterSession" WHERE ("childID" = ?) AND ("completed" = 1)'
LETTERS_TODAY = ('SELECT COUNT(*) FROM "letterSession" WHERE ("childID" = ?) AND ("day" = ?) '
                 'AND ("completed" = 1) AND ("world" = \'schule\')')


def migrated_database(feder, directory):
    server = subprocess.Popen([feder, "serve", "--data", directory, "--port", str(8900 + os.getpid() % 500)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    path = os.path.join(directory, "feder.sqlite")
    try:
        for _ in range(100):
            time.sleep(0.1)
            if os.path.exists(path):
                with sqlite3.connect(path) as db:
                    if db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'letterSession'").fetchone()[0]:
                        time.sleep(0.5)  # the remaining migrations run in the same start-up
                        return path
        raise SystemExit("feder serve did not create its database")
    finally:
        server.terminate()
        server.wait()


def fill(db, sessions, days, children):
    per_day = max(1, sessions // days)
    rows = []
    for c in range(children):
        for i in range(sessions):
            day = time.strftime("%Y-%m-%d", time.gmtime(1_767_225_600 + 86_400 * (i // per_day)))
            rows.append((f"child{c}", f"lesson-{c}-{i}", "schule" if i % 7 else "werkstatt", "druck", "a", day,
                         "2026-01-01 10:00:00.000", int(i % 9 != 0), 2, 0.5))
    db.executemany('INSERT INTO letterSession (childID, lessonID, world, script, glyph, day, finishedAt, completed, '
                   'stars, performance) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', rows)
    db.commit()
    return day


def time_reads(db, child, day, repeats):
    best = []
    for sql, args in ((PRACTICE_DAYS, (child,)), (LETTERS_TODAY, (child, day))):
        runs = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            db.execute(sql, args).fetchall()
            runs.append(time.perf_counter() - t0)
        runs.sort()
        best.append(runs[len(runs) // 2] * 1e3)
    return best


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--feder", default=".build/release/feder")
    p.add_argument("--sessions", type=int, default=5000, help="letter sessions of each child")
    p.add_argument("--days", type=int, default=250)
    p.add_argument("--children", type=int, default=30)
    p.add_argument("--repeats", type=int, default=200)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        path = migrated_database(args.feder, directory)
        db = sqlite3.connect(path)
        indexes = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'letterSession'")]
        if "letterSession_on_child_completed_day" not in indexes:
            raise SystemExit(f"this build's database has no letterSession_on_child_completed_day ({indexes})")
        db.execute("PRAGMA foreign_keys = OFF")  # sessions without child rows: only the reads are timed
        day = fill(db, args.sessions, args.days, args.children)
        child = f"child{args.children // 2}"
        now = time_reads(db, child, day, args.repeats)
        db.execute("DROP INDEX letterSession_on_child_completed_day")
        before = time_reads(db, child, day, args.repeats)
        print(f"{args.children} children x {args.sessions} letter sessions over {args.days} days; median of {args.repeats} runs")
        print(f"practice days:  {now[0]:.3f} ms with the index, {before[0]:.3f} ms without")
        print(f"letters today:  {now[1]:.3f} ms with the index, {before[1]:.3f} ms without")


if __name__ == "__main__":
    main()
