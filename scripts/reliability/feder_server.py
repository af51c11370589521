"""A `feder serve` process for the reliability scripts: its own data directory and port, its memory
read from /proc, and a hard kill for the crash tests."""

import os
import signal
import socket
import sqlite3
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def feder_binary() -> Path:
    env = os.environ.get("FEDER_BIN")
    if env:
        return Path(env)
    out = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True)
    return Path(out.stdout.strip()) / "feder"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, data_dir: Path, binary: Path | None = None, port: int | None = None):
        self.data_dir = Path(data_dir)
        self.binary = binary or feder_binary()
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/v1/session"

    def start(self) -> "Server":
        self.process = subprocess.Popen(
            [str(self.binary), "serve", "--port", str(self.port), "--data", str(self.data_dir)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        line = self.process.stdout.readline()
        if "http://127.0.0.1" not in line:
            raise RuntimeError(f"server did not start: {line!r}")
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("server port never opened")

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill9(self):
        """SIGKILL: no shutdown code runs, as when the laptop's power goes."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.alive():
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def memory_kib(self) -> dict:
        """Resident memory now (`VmRSS`) and at its peak (`VmHWM`), in KiB."""
        out = {}
        with open(f"/proc/{self.process.pid}/status") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "VmHWM"):
                    out[key] = int(value.split()[0])
        return out

    def db(self) -> sqlite3.Connection:
        return sqlite3.connect(self.data_dir / "feder.sqlite")
