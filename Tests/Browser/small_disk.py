"""A real small disk for tests of a full disk: a 6 MB tmpfs mounted on a fresh folder, and a file
that fills it to the last byte. Mounting needs root (or CAP_SYS_ADMIN); where the machine does not
allow it a test that asks for the disk is skipped and says so."""

import errno
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest


@pytest.fixture
def small_disk():
    folder = Path(tempfile.mkdtemp(prefix="feder-full-"))
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", str(folder)], capture_output=True, text=True)
    if mounted.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        pytest.skip(f"cannot mount a small tmpfs here: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)
        shutil.rmtree(folder, ignore_errors=True)


def fill(folder: Path) -> Path:
    """Writes a file until the file system has no byte left."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:
        block = b"\xa5" * 4096
        try:
            while True:
                f.write(block)
        except OSError as error:
            assert error.errno == errno.ENOSPC, error
    return filler
