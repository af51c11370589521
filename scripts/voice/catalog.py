"""Reads the speech catalogue from the engine itself (`feder speech catalog`), never from a copy."""

import json
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AUDIO = ROOT / "Sources" / "FederServer" / "Web" / "audio"
RECORDINGS = Path(__file__).resolve().parent / "recordings"


def feder_binary() -> str:
    if os.environ.get("FEDER_BIN"):
        return os.environ["FEDER_BIN"]
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return str(Path(out.stdout.strip()) / "feder")


def load_catalog(path: str | None = None) -> dict:
    """The catalogue JSON: {"lines": [{"key", "text"}], "letters": {char: {"name", "sound"}}}."""
    if path:
        return json.loads(Path(path).read_text())
    out = subprocess.run([feder_binary(), "speech", "catalog"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)
