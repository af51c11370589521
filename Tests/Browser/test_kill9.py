"""Kill -9 in the suite, at a small count: scripts/reliability/kill9.py (docs/RELIABILITY.md runs it
with 30 children and 20 kills) with a few children and kills, so that a change which loses an
acknowledged record or stroke when the server dies fails here and not only in a manual run."""

import json
import subprocess
import sys

from conftest import ROOT, feder_binary


def test_nothing_acknowledged_is_lost_when_the_server_is_killed():
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "reliability" / "kill9.py"), "--children", "6",
                          "--kills", "4", "--seed", "3", "--binary", str(feder_binary())],
                         capture_output=True, text=True, timeout=180)
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["records_acknowledged"] > 0 and result["strokes_acknowledged"] > 0, result
    assert result["records_lost"] == 0 and result["strokes_lost"] == 0, result
    assert result["drafts_left"] == 0, result
    assert result["recovered_with_assessment"] == result["records_recovered"], result
    assert run.returncode == 0, run.stderr[-2000:]
