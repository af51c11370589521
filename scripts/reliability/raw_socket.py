"""A bare WebSocket client on a plain TCP socket, for floods: frames are built once and written with
`sendall` as fast as the kernel takes them (a Python WebSocket library sends a few thousand messages
a second, far slower than a misbehaving device could)."""

import base64
import json
import os
import socket
import struct


def frame(text: str) -> bytes:
    """A masked text frame (mask key zero: valid, and the payload needs no XOR)."""
    payload = text.encode()
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x81, 0x80 | n)
    elif n < 65536:
        head = struct.pack("!BBH", 0x81, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x81, 0x80 | 127, n)
    return head + b"\x00\x00\x00\x00" + payload


class RawSocket:
    def __init__(self, host: str, port: int, path: str = "/v1/session", receive_buffer: int | None = None):
        """`receive_buffer`: a small kernel receive buffer makes a client that does not read its replies
        hold up the server's writes soon (the default lets megabytes of replies pile up first)."""
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.connect((host, port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.decode(errors="replace"))
        self.close_code = None

    def send_text(self, text: str):
        self.sock.sendall(frame(text))

    def send_bytes(self, data: bytes):
        self.sock.sendall(data)

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 16)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def recv(self):
        """The next text message as parsed JSON; None when the server closed (its code in `close_code`)."""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(n)
            opcode = b0 & 0x0F
            if opcode == 0x1:
                return json.loads(payload)
            if opcode == 0x8:
                self.close_code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                return None
            if opcode == 0x9:  # ping: answer it, or the server's keep-alive closes the connection
                self.sock.sendall(struct.pack("!BB", 0x8A, 0x80 | n) + b"\x00\x00\x00\x00" + payload)

    def close(self):
        self.sock.close()
