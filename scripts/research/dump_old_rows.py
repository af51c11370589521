#!/usr/bin/env python3
"""Makes the fixture of rows written by the schema before the research layer (v2) for
Tests/FederStoreTests/Research/OldRowsTests.swift: runs a real `feder serve`, plays one lesson of a
registered child over the WebSocket and leaves a second one with one stroke drafted, then dumps the
v2 columns of child, phaseRecord and draftStroke exactly as SQLite holds them.

    FEDER_BIN=$(swift build --show-bin-path)/feder .venv/bin/python scripts/research/dump_old_rows.py OUT.json
"""

import json
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "Tests" / "Browser"))
from conftest import FederServer  # noqa: E402
from socket_child import SocketChild, glyph  # noqa: E402

V2_COLUMNS = {
    "child": ["id", "condition", "learner", "createdAt", "updatedAt"],
    "phaseRecord": ["id", "lessonID", "childID", "condition", "script", "glyph", "variant", "phase", "attempt", "outcome",
                    "completed", "pointer", "startedAt", "endedAt", "activeSeconds", "score", "stars", "record", "ink"],
    "draftStroke": ["id", "lessonID", "childID", "condition", "script", "glyph", "variant", "phase", "attempt", "pointer",
                    "startedAt", "strokeIndex", "samples"],
}


def main(out):
    data = Path(tempfile.mkdtemp(prefix="feder-fixture-"))
    server = FederServer(data).start()
    try:
        child = SocketChild(server, "0b7e2f4a-5c1d-4e8f-9a3b-6d2c1e0f9a87", seed=4)
        assert child.condition == "threePhase"
        child.lesson("a")
        # A second letter left in guided with one finished stroke: its draft stays in the table.
        g = glyph(server, "i")
        child.send({"type": "start", "glyph": "i"})
        child.send({"type": "tap", "point": [0, 0]})
        child.wait(child.phase_started("direct"))
        for i in range(len(g["strokes"])):
            child.send({"type": "tap", "dot": i})
        child.wait(child.phase_started("guided"))
        child.write({"strokes": g["strokes"][:1]})
        child.send({"type": "ping"})
        child.wait(lambda m: m["type"] == "pong")
        time.sleep(0.5)
        with sqlite3.connect(data / "feder.sqlite") as con:
            con.row_factory = sqlite3.Row
            tables = {t: [dict(zip(cols, r)) for r in con.execute(f"SELECT {', '.join(cols)} FROM {t} ORDER BY 1")]
                      for t, cols in V2_COLUMNS.items()}
        assert tables["draftStroke"], "the drafted stroke is missing"
        Path(out).write_text(json.dumps(tables, ensure_ascii=False, indent=1) + "\n")
        print({t: len(rows) for t, rows in tables.items()})
        child.close()
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1])
