"""Kill -9 in the suite, at a small count: scripts/reliability/kill9.py (docs/RELIABILITY.md runs it
with 30 children and 20 kills) with a few children and kills (which moments the kills hit depends on the threads' timing, not
only on the seed), so that a change which loses an
acknowledged record or stroke when the server dies fails here and not only in a manual run."""

import json
import os
import signal
import subprocess
import sys

from conftest import ROOT, feder_binary


def test_nothing_acknowledged_is_lost_when_the_server_is_killed():
    command = [sys.executable, str(ROOT / "scripts" / "reliability" / "kill9.py"), "--children", "6", "--kills", "4",
               "--seed", "3", "--binary", str(feder_binary())]
    # Its own process group, so that a run past the limit takes its `feder serve` with it.
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = run.communicate(timeout=180)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        out, err = run.communicate()
        raise AssertionError(f"kill9.py ran past 180 s: {err[-2000:]}")
    lines = out.strip().splitlines()
    assert lines, f"kill9.py printed no result (exit {run.returncode}): {err[-2000:]}"
    result = json.loads(lines[-1])
    assert result["records_acknowledged"] > 0 and result["strokes_acknowledged"] > 0, result
    assert result["records_lost"] == 0 and result["strokes_lost"] == 0, result
    assert result["drafts_left"] == 0, result
    assert result["recovered_with_assessment"] == result["records_recovered"], result
    assert run.returncode == 0, err[-2000:]
