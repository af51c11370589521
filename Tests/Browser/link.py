"""A TCP relay between the page and the server that can go silent, as a Wi-Fi link does when the
access point hangs or the laptop sleeps (the connections that exist keep their sockets open but
carry nothing either way and never close), or cut them at once; connections made afterwards work."""

import socket
import threading


class SilentableLink:
    def __init__(self, target_port: int):
        self.target = target_port
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.open_pairs = []
        self.silenced = set()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def silence(self):
        """Every connection open now carries nothing from here on, and nobody hears it end."""
        with self.lock:
            self.silenced.update(id(pair) for pair in self.open_pairs)

    def cut(self):
        """Every connection open now is closed at once, as when the access point drops the tablet;
        the page notices at once and connects again."""
        with self.lock:
            pairs, self.open_pairs = self.open_pairs, []
        for pair in pairs:
            for s in pair:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
                server = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                return
            pair = (client, server)
            with self.lock:
                self.open_pairs.append(pair)
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b, pair), daemon=True).start()

    def _pipe(self, source, sink, pair):
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                return
            with self.lock:
                silent = id(pair) in self.silenced
            if not data:
                if not silent:
                    for s in pair:
                        try:
                            s.shutdown(socket.SHUT_RDWR)
                        except OSError:
                            pass
                return
            if silent:
                continue
            try:
                sink.sendall(data)
            except OSError:
                return

    def close(self):
        self.listener.close()
