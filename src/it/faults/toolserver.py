#!/usr/bin/env python3
"""Remote tools for the fault suite: answers that are too large or never end.

Serves on 127.0.0.1:PORT (argv[1]):
  POST /flood      streams 150 MB of text, chunked, no Content-Length
  POST /floodcl    streams 150 MB of text with Content-Length: 157286400
  POST /huge       streams 1.5 GiB of text, chunked
  POST /slowflood  streams 150 MB of text, 64 KiB every 20 ms (so a short timeout cuts it)
  POST /trickle    sends one byte every 0.2 s, without end (chunked)
  POST /lines      answers {"seed": S, "bytes": N} with N bytes of text lines made from S (lines(S, N)), Content-Length
  GET  /stats      JSON: per path, what the last exchanges saw (bytes sent, how and when they ended)
  GET  /ready      200

Every answer is LINE repeated and cut at its size, so a client can check what was stored (see answer_sha256).
Every write has a socket timeout, so a peer that stops reading without closing cannot hang a thread for long;
every exchange ends after 120 s at most.
"""
import hashlib
import json
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOTAL = 150 * 1024 * 1024
HUGE = 1536 * 1024 * 1024
CHUNK = 64 * 1024
MAX_SECONDS = 150
LINE = (b"0123456789 the quick brown fox jumps over the lazy dog, again and again and again\n" * 800)[:CHUNK]

LOCK = threading.Lock()
STATS = {}  # path -> list of exchanges


def answer_sha256(total):
    """The SHA-256 of an answer of `total` bytes."""
    h = hashlib.sha256()
    full, rest = divmod(total, len(LINE))
    for _ in range(full):
        h.update(LINE)
    h.update(LINE[:rest])
    return h.hexdigest()


def record(path, entry):
    with LOCK:
        STATS.setdefault(path, []).append(entry)


def lines(seed, n):
    """n bytes of numbered text lines, the same for the same seed: what /lines answers, so a caller can check it."""
    out, i = [], 0
    size = 0
    while size < n:
        line = ("seed %d line %06d: the quick brown fox jumps over the lazy dog\n" % (seed, i)).encode()
        out.append(line)
        size += len(line)
        i += 1
    return b"".join(out)[:n]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 15  # socket timeout for reads and writes

    def log_message(self, fmt, *args):  # quiet
        pass

    def do_GET(self):
        if self.path.startswith("/stats"):
            with LOCK:
                body = json.dumps(STATS).encode()
            self._plain(200, body, "application/json")
        elif self.path.startswith("/ready"):
            self._plain(200, b"ok", "text/plain")
        else:
            self._plain(404, b"no such path", "text/plain")

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        asked = self.rfile.read(min(length, 1 << 20)) if length else b""
        path = self.path.split("?")[0]
        if path == "/lines":
            args = json.loads(asked or b"{}")
            self._plain(200, lines(int(args.get("seed", 0)), int(args.get("bytes", 0))), "text/plain; charset=utf-8")
        elif path == "/flood":
            self._stream(path, chunked=True, total=TOTAL, delay=0.0, piece=LINE)
        elif path == "/floodcl":
            self._stream(path, chunked=False, total=TOTAL, delay=0.0, piece=LINE)
        elif path == "/huge":
            self._stream(path, chunked=True, total=HUGE, delay=0.0, piece=LINE)
        elif path == "/slowflood":
            self._stream(path, chunked=True, total=TOTAL, delay=0.02, piece=LINE)
        elif path == "/trickle":
            self._stream(path, chunked=True, total=None, delay=0.2, piece=b"x")
        else:
            self._plain(404, b"no such tool", "text/plain")

    def _plain(self, status, body, ctype):
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _stream(self, path, chunked, total, delay, piece):
        started = time.time()
        entry = {"started": started, "sent": 0, "ended": None, "how": "running"}
        record(path, entry)
        try:
            self.send_response(200)
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            if chunked:
                self.send_header("Transfer-Encoding", "chunked")
            else:
                self.send_header("Content-Length", str(total))
            self.end_headers()
            self.wfile.flush()
            while total is None or entry["sent"] < total:
                if time.time() - started > MAX_SECONDS:
                    entry["how"] = "gave-up"
                    break
                data = piece if total is None else piece[: total - entry["sent"]]
                if chunked:
                    self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")
                else:
                    self.wfile.write(data)
                self.wfile.flush()
                entry["sent"] += len(data)
                if delay:
                    time.sleep(delay)
            else:
                if chunked:
                    self.wfile.write(b"0\r\n\r\n")
                    self.wfile.flush()
                entry["how"] = "complete"
        except socket.timeout:
            entry["how"] = "write-timeout"  # the peer stopped reading but kept the connection
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, OSError) as e:
            entry["how"] = "reset:" + type(e).__name__
        finally:
            entry["ended"] = time.time()
            self.close_connection = True


def main():
    port = int(sys.argv[1])
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    server.serve_forever()


if __name__ == "__main__":
    main()
