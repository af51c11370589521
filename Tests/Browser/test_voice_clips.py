"""scripts/voice/check.py against the shipped clips (it must pass) and against a damaged copy (it must
name each damage): a line without a clip, a clip cut in half, a clip that says an old text."""

import json
import os
import shutil
import subprocess
import sys

from conftest import ROOT, feder_binary

AUDIO = ROOT / "Sources" / "FederServer" / "Web" / "audio"
CHECK = ROOT / "scripts" / "voice" / "check.py"


def run_check(audio):
    env = {**os.environ, "FEDER_BIN": str(feder_binary())}
    return subprocess.run([sys.executable, str(CHECK), "--audio", str(audio)], capture_output=True, text=True, env=env)


def test_every_catalogue_line_has_a_clip_that_decodes():
    run = run_check(AUDIO)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 problems" in run.stdout
    lines = int(run.stdout.strip().splitlines()[-1].split()[0])
    assert lines >= 100


def test_a_missing_a_truncated_and_a_stale_clip_are_each_named(tmp_path):
    audio = tmp_path / "audio"
    shutil.copytree(AUDIO, audio)
    (audio / "tip.overshoot.mp3").unlink()
    data = (audio / "praise.3a.mp3").read_bytes()
    (audio / "praise.3a.mp3").write_bytes(data[: len(data) // 2])
    manifest = json.loads((audio / "manifest.json").read_text())
    manifest["lines"]["prompt.guided"]["text"] = "Ein alter Satz."
    del manifest["lines"]["letter.sound.m"]
    (audio / "manifest.json").write_text(json.dumps(manifest))
    run = run_check(audio)
    assert run.returncode == 1
    errors = [l for l in run.stdout.splitlines() if l.startswith("error:")]
    assert len(errors) == 4, run.stdout
    assert any("tip.overshoot" in e and "missing" in e for e in errors)
    assert any("praise.3a" in e for e in errors)
    assert any("prompt.guided" in e and "re-render" in e for e in errors)
    assert any("letter.sound.m" in e and "no clip" in e for e in errors)
