"""Shared helpers of the fault suite: HTTP with deadlines, error-answer checks, heap, CPU, store leftovers.

Standard library only. Every network call has a timeout, so the suite cannot hang on a misbehaving service.
"""
import base64
import email.utils
import hashlib
import hmac
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from harness import free_port  # noqa: E402,F401  (src/it/lib/harness.py; c.free_port() for the suite's modules)

ENV = os.environ
MIB = 1024 * 1024

# ---- error answers seen anywhere in the suite (scenario 8) --------------------------------------------------------

LOCK = threading.Lock()
ERROR_ANSWERS = []  # dicts: label, status, ctype, body (excerpt)
ERROR_ITEMS = []  # dicts: label, output (tool error items: text the model reads)

LEAK_PATTERNS = [
    re.compile(r"[a-z]+\.[a-z]+\.[A-Z]\w+(Exception|Error)\b"),
    re.compile(r"dev\.toolspill"),
    re.compile(r"\b(java|javax|jakarta|io\.vertx|io\.netty|io\.quarkus|software\.amazon|org\.jboss)\.[a-z]"),
    re.compile(r"Stack:"),
    re.compile(r"Error id"),
    re.compile(r"\bat [a-z]+\.[\w.$]+\("),  # a stack frame
    re.compile(r"\b[A-Z]\w*Exception\b"),
]


def leaks(text):
    """The class-name / stack patterns found in text (empty when clean)."""
    return [m.group(0) for p in LEAK_PATTERNS for m in [p.search(text)] if m]


def note_error(label, status, headers, body, path=""):
    if status is None or status < 400 or path.startswith("/q/health"):
        return  # readiness DOWN (503 application/json) is MicroProfile Health's format, not an API error
    with LOCK:
        ERROR_ANSWERS.append({"label": label, "status": status, "ctype": headers.get("content-type", ""),
                              "body": body[:4000].decode("utf-8", "replace")})


def note_items(label, body):
    """Records the error items of a /v1/tool-calls answer."""
    try:
        doc = json.loads(body)
    except ValueError:
        return
    for item in (doc.get("results") or []) if isinstance(doc, dict) else []:
        if isinstance(item, dict) and item.get("status") == "error":
            with LOCK:
                ERROR_ITEMS.append({"label": label, "output": str(item.get("output"))[:4000]})


# ---- HTTP -------------------------------------------------------------------------------------------------------

class Resp:
    def __init__(self, status=None, headers=None, body=b"", elapsed=0.0, error=None, sent=0, send_error=None):
        self.status = status
        self.headers = headers or {}
        self.body = body
        self.elapsed = elapsed
        self.error = error
        self.sent = sent
        self.send_error = send_error

    def json(self):
        try:
            return json.loads(self.body)
        except ValueError:
            return None

    def ctype(self):
        return self.headers.get("content-type", "")

    def short(self):
        if self.status is None:
            return "no answer (%s) after %.1fs" % (self.error, self.elapsed)
        return "%s in %.2fs" % (self.status, self.elapsed)

    def is_problem(self):
        return self.ctype().startswith("application/problem+json")

    def busy_ok(self):
        """A 503 as the budgets promise it: problem+json with Retry-After."""
        return self.status == 503 and "retry-after" in self.headers and self.is_problem()


def _split(url):
    u = urllib.parse.urlsplit(url)
    path = u.path or "/"
    if u.query:
        path += "?" + u.query
    return u.hostname, u.port, path


def request(method, url, body=None, headers=None, timeout=30.0, label=None, sink=None, max_body=256 * MIB):
    """One request on a fresh connection (http.client). body: bytes or None. sink(chunk) consumes the body
    instead of keeping it. Never raises: a failure is Resp(status=None, error=...)."""
    host, port, path = _split(url)
    hdrs = {"Connection": "close"}
    hdrs.update(headers or {})
    t0 = time.monotonic()
    conn = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=hdrs)
        r = conn.getresponse()
        rh = {k.lower(): v for k, v in r.getheaders()}
        chunks, total = [], 0
        deadline = t0 + max(timeout * 3, 60)
        while True:
            if time.monotonic() > deadline:
                raise TimeoutError("body still arriving after %.0fs" % (deadline - t0))
            chunk = r.read1(1 << 20) if method != "HEAD" else b""
            if not chunk:
                break
            total += len(chunk)
            if sink:
                sink(chunk)
            elif total <= max_body:
                chunks.append(chunk)
        data = b"".join(chunks)
        resp = Resp(r.status, rh, data, time.monotonic() - t0)
    except Exception as e:  # noqa: BLE001 - every failure is an observation
        resp = Resp(None, {}, b"", time.monotonic() - t0, error="%s: %s" % (type(e).__name__, e))
    finally:
        conn.close()
    note_error(label or (method + " " + path), resp.status, resp.headers, resp.body, path)
    return resp


def send_body(url, pieces, headers=None, method="POST", timeout=60.0, label=None, chunked=False):
    """Sends a request whose body comes from `pieces` (an iterable of bytes, it may sleep between pieces) on
    one thread while reading the answer on another, so an answer that comes before the whole body was sent
    (413, 503, 400) is seen and not lost to a broken pipe. Set Content-Length in headers unless chunked."""
    host, port, path = _split(url)
    hdrs = {"Host": "%s:%s" % (host, port), "Connection": "close"}
    hdrs.update(headers or {})
    if chunked:
        hdrs["Transfer-Encoding"] = "chunked"
    head = "%s %s HTTP/1.1\r\n" % (method, path) + "".join("%s: %s\r\n" % kv for kv in hdrs.items()) + "\r\n"
    t0 = time.monotonic()
    state = {"sent": 0, "error": None}
    stop = threading.Event()
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except OSError as e:
        return Resp(None, {}, b"", time.monotonic() - t0, error="connect: %s" % e)
    sock.settimeout(timeout)

    def sender():
        try:
            sock.sendall(head.encode("latin-1"))
            for piece in pieces:
                if stop.is_set():
                    return
                if chunked:
                    if piece:
                        sock.sendall(b"%x\r\n" % len(piece) + piece + b"\r\n")
                else:
                    sock.sendall(piece)
                state["sent"] += len(piece)
            if chunked and not stop.is_set():
                sock.sendall(b"0\r\n\r\n")
        except Exception as e:  # noqa: BLE001
            state["error"] = "%s: %s" % (type(e).__name__, e)

    th = threading.Thread(target=sender, daemon=True)
    th.start()
    try:
        r = http.client.HTTPResponse(sock, method=method)
        r.begin()
        rh = {k.lower(): v for k, v in r.getheaders()}
        data = r.read()
        resp = Resp(r.status, rh, data, time.monotonic() - t0)
    except Exception as e:  # noqa: BLE001
        resp = Resp(None, {}, b"", time.monotonic() - t0, error="%s: %s" % (type(e).__name__, e))
    stop.set()
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    sock.close()
    th.join(5)
    resp.sent = state["sent"]
    resp.send_error = state["error"]
    note_error(label or (method + " " + path), resp.status, resp.headers, resp.body, path)
    return resp


def tool_calls(base, calls, timeout=60.0, label=None):
    body = json.dumps({"calls": calls}).encode()
    r = request("POST", base + "/v1/tool-calls", body, {"Content-Type": "application/json"}, timeout, label or "tool-calls")
    if r.status == 200:
        note_items(label or "tool-calls", r.body)
    return r


def ingest(base, body, tool="faults", ctype="text/plain", timeout=60.0, label=None):
    return request("POST", base + "/v1/tool-outputs?tool=" + tool, body, {"Content-Type": ctype}, timeout,
                   label or "ingest")


def download_sha(base, blob_id, timeout=60.0, label=None):
    h = hashlib.sha256()
    r = request("GET", base + "/v1/blobs/" + blob_id, None, None, timeout, label or "download", sink=h.update)
    return r, h.hexdigest()


def small_text(n=2048, tag="small"):
    """n bytes of text lines naming tag, the last byte a newline."""
    line = ("%s line: the quick brown fox jumps over the lazy dog 0123456789\n" % tag).encode()
    return (line * (n // len(line) + 1))[:n - 1] + b"\n"


def p99(values):
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(round(0.99 * (len(s) - 1))))]


# ---- process: heap, CPU -----------------------------------------------------------------------------------------

_HEAP_LINE = re.compile(r"^\s*(\S[\w\- ]*?)\s+total (\d+)K, used (\d+)K", re.M)


def heap_used_mib(pid, full_gc=True):
    """Used Java heap in MiB (after a full GC when full_gc), from jcmd GC.heap_info; None if jcmd failed."""
    try:
        if full_gc:
            subprocess.run(["jcmd", str(pid), "GC.run"], capture_output=True, timeout=60, check=False)
        out = subprocess.run(["jcmd", str(pid), "GC.heap_info"], capture_output=True, timeout=60, text=True).stdout
    except (subprocess.TimeoutExpired, OSError):
        return None
    used = 0
    found = False
    for name, _total, u in _HEAP_LINE.findall(out):
        if name.lower().startswith(("metaspace", "class space")):
            continue
        if "garbage-first" in name or "shenandoah" in name.lower() or name.lower().startswith("zheap"):
            return int(u) / 1024
        used += int(u)
        found = True
    return used / 1024 if found else None


class HeapSampler:
    """Samples the used heap (no GC) with one long-lived `jstat -gc PID 300` while a scenario runs."""

    def __init__(self, pid):
        self.pid = pid
        self.peak = 0.0
        self.samples = 0
        self.proc = None
        self.thread = None

    def __enter__(self):
        try:
            self.proc = subprocess.Popen(["jstat", "-gc", str(self.pid), "300"], stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True)
        except OSError:
            return self
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        return self

    def _read(self):
        cols = None
        for line in self.proc.stdout:
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "S0C":
                cols = parts
                continue
            if cols and len(parts) == len(cols):
                try:
                    v = {c: float(x) for c, x in zip(cols, parts) if x != "-"}
                except ValueError:
                    continue
                used = sum(v.get(c, 0.0) for c in ("S0U", "S1U", "EU", "OU")) / 1024
                self.peak = max(self.peak, used)
                self.samples += 1

    def text(self):
        return "%.0f" % self.peak if self.samples else "n/a"

    def __exit__(self, *exc):
        if self.proc:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.thread:
            self.thread.join(5)
        return False


def cpu_seconds(pid):
    """utime + stime of a process, in seconds, from /proc/PID/stat."""
    try:
        with open("/proc/%d/stat" % int(pid)) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def alive(pid):
    try:
        os.kill(int(pid), 0)
    except OSError:
        return False
    try:
        with open("/proc/%d/stat" % int(pid)) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# ---- store leftovers --------------------------------------------------------------------------------------------

def files_under(path):
    out = []
    for dirpath, _dirs, files in os.walk(path):
        out.extend(os.path.join(dirpath, f) for f in files)
    return out


def s3_request(method, path, query=""):
    """A tiny S3 client (signature V2, which S3Proxy accepts) for listing multipart uploads."""
    date = email.utils.formatdate(usegmt=True)
    string_to_sign = "%s\n\n\n%s\n%s%s" % (method, date, path, query)
    sig = base64.b64encode(hmac.new(ENV["FAULTS_S3_SECRET"].encode(), string_to_sign.encode(), hashlib.sha1).digest())
    host, port, _ = _split(ENV["FAULTS_S3_URL"])
    conn = http.client.HTTPConnection(host, port, timeout=10)
    try:
        conn.request(method, path + query, headers={"Date": date,
                                                    "Authorization": "AWS %s:%s" % (ENV["FAULTS_S3_ACCESS"], sig.decode())})
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


def s3_incomplete_uploads():
    """(count from ListMultipartUploads or None, leftover multipart files in S3Proxy's basedir: anything outside what the
    store keeps, blobs/, index/, the content keys hashes/, the sweeper's leases/ and the call ledger's ledger/)."""
    bucket = ENV["FAULTS_S3_BUCKET"]
    listed = None
    try:
        status, body = s3_request("GET", "/%s/" % bucket, "?uploads")
        if status == 200:
            listed = len(re.findall(rb"<Upload>", body))
    except OSError:
        listed = None
    base = os.path.join(ENV["FAULTS_S3_BASE"], bucket)
    stray = [f for f in files_under(base)
             if os.path.relpath(f, base).split(os.sep)[0] not in ("blobs", "index", "hashes", "leases", "ledger")]
    return listed, stray
