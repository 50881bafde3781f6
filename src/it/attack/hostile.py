#!/usr/bin/env python3
"""A few hundred hostile requests against one packaged replica with auth on (called by replicas.py):
no key and a wrong key on every endpoint → 401; a tool outside tenant B's list → error item; then ids, selectors,
Range and conditional headers, charsets, invalid UTF-8, NUL, deep nesting, huge numbers, bodies at and over caps and
abandoned uploads → zero 5xx and no answer naming a Java type, a file path or host:port. Prints PASS/FAIL lines."""
import http.client
import json
import urllib.parse
import os
import random
import re
import socket
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from replicas import KEY_A, KEY_C, call, check, request, store_output, LINES, FAILED  # noqa: E402

ENV = os.environ
LEAK = [re.compile(p) for p in (r"dev\.toolspill", r"\b(java|jakarta|io\.vertx|io\.netty|io\.quarkus|software\.amazon)\.[a-z]",
                                r"\b[A-Z]\w*Exception\b", r"\bat [a-z]+\.[\w.$]+\(", r"/tmp/|/work/|/home/",
                                r"127\.0\.0\.1:\d+|localhost:\d+")]
ENDPOINTS = [("POST", "/v1/tool-calls"), ("POST", "/v1/tool-outputs?tool=t"), ("GET", "/v1/tools"),
             ("GET", "/v1/blobs/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"), ("HEAD", "/v1/blobs/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"),
             ("GET", "/v1/blobs/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/inspect"),
             ("DELETE", "/v1/blobs/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"),
             ("POST", "/v1/blobs/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/verify"), ("POST", "/mcp"), ("GET", "/v1/nothing")]


def raw(port, data, timeout=10):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        s.sendall(data)
        out = b""
        while True:
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            out += chunk
            if b"\r\n\r\n" in out and len(out) > 200000:
                break
        return out
    finally:
        s.close()


def run(port):
    for method, path in ENDPOINTS:
        for key, name in ((None, "no-key"), ("wrong-key-" + "x" * 30, "wrong-key")):
            st, h, body = request(port, method, path, key, b"{}" if method == "POST" else None, {"Content-Type": "application/json"})
            check(st == 401, "%s-%s-%s" % (name, method, path.split("?")[0]), "%d %s" % (st, body[:200]))
    seen, bad = 0, []
    rng = random.Random(12)
    id = store_output(port, KEY_A, LINES)
    ids = [id, id.upper(), "+" + id[1:], id + "\x00", id[:-1], "%00", "..%2F..%2Fetc%2Fpasswd", "0" * 36, "x" * 5000,
           id.replace("-", ""), "\u0661" * 8 + id[8:], id + "%20", "%C0%AE%C0%AE", "%FF%FE", id + ".meta"]
    selectors = ["", "lines:", "lines:0-0", "lines:-1-5", "lines:1-99999999999999999999999", "lines:5-1", "slice:0..-1",
                 "slice:99999999999999999999..1", "key:", "key:%00", "path:/", "path:/a/~2", "grep:(", "grep:" + "a*" * 500,
                 "grep:(a+)+$", "bytes:0-", "bytes:-1", "bytes:18446744073709551616-", "%FF", "\u00e9" * 3000, "lines:1-2&selector=x"]
    ranges = ["bytes=0-", "bytes=-0", "bytes=0-0,1-1", "bytes=999999999999999999999-", "bytes=5-1", "bytes=--1", "items=0-1",
              "bytes=0-9, 20-29", "bytes=\x00", "bytes=" + "9" * 400, "bytes=-99999999999999999999"]
    conds = [("If-None-Match", "*"), ("If-None-Match", '"' + id + '"'), ("If-Range", "W/\"x\""), ("If-Range", "Mon, 01 Jan 2000 00:00:00 GMT"),
             ("If-Modified-Since", "garbage"), ("If-Match", '"nope"'), ("If-Range", '"' + id + '"')]
    ctypes = ["text/plain; charset=latin1", "text/plain; charset=utf-16", "application/json; charset=ebcdic", "application/xml",
              "multipart/form-data; boundary=x", "text/plain; charset=", "application/json;;;", "\x01", "*/*"]
    bodies = [b"\xff\xfe\xfd", b"a\x00b", b"[" * 100000, b'{"a":' * 5000, b"1e99999999", b"-" + b"9" * 5000,
              b'{"calls":[{"id":"1","name":"inspect","arguments":{"blob_id":"' + id.encode() + b'","selector":"lines:1-99999999999999999999"}}]}',
              b'{"calls":"x"}', b'{"calls":[{"id":1,"name":[],"arguments":7}]}', b"\xed\xa0\x80", b"", b"\xc3", b"\"\\ud800\""]
    reqs = []
    for i in ids:
        i = urllib.parse.quote(i, safe="%/+.")
        reqs += [("GET", "/v1/blobs/" + i, None, {}), ("HEAD", "/v1/blobs/" + i, None, {}), ("DELETE", "/v1/blobs/" + i + "x", None, {}),
                 ("POST", "/v1/blobs/" + i + "/verify", None, {}), ("GET", "/v1/blobs/" + i + "/inspect", None, {})]
    for s in selectors:
        reqs.append(("GET", "/v1/blobs/%s/inspect?selector=%s" % (id, s.replace(" ", "%20").replace("\x00", "%00")), None, {}))
        reqs.append(("POST", "/v1/tool-calls", json.dumps({"calls": [{"id": "1", "name": "inspect", "arguments": {"blob_id": id, "selector": s}}]}).encode(),
                     {"Content-Type": "application/json"}))
    for r in ranges:
        for c in conds:
            reqs.append(("GET", "/v1/blobs/" + id, None, {"Range": r, c[0]: c[1]}))
    for ct in ctypes:
        for b in bodies:
            for path in ("/v1/tool-outputs?tool=t", "/v1/tool-calls", "/mcp"):
                reqs.append(("POST", path, b, {"Content-Type": ct, "Accept": "application/json, text/event-stream"}))
    reqs.append(("POST", "/v1/tool-outputs?tool=" + "t" * 10000, b"x" * 900, {"Content-Type": "text/plain"}))
    reqs.append(("POST", "/v1/tool-outputs?tool=%00", b"x" * 900, {"Content-Type": "text/plain"}))
    reqs.append(("POST", "/v1/tool-outputs", b"x" * 900, {"Content-Type": "text/plain"}))
    reqs.append(("POST", "/v1/tool-outputs?tool=t", b"x" * (11 * 1024 * 1024), {"Content-Type": "application/json"}))
    rng.shuffle(reqs)
    for method, path, body, headers in reqs:
        try:
            st, h, data = request(port, method, path, KEY_A, body, headers)
        except (OSError, ValueError, http.client.HTTPException):  # a request http.client refuses to send, or a closed connection
            continue
        seen += 1
        text = data.decode("utf-8", "replace") + json.dumps(h)
        leaked = [p.pattern for p in LEAK if p.search(text)]
        refused_before_routes = st in (400, 414, 431) and not data  # Quarkus' own, documented as empty
        if st >= 500 or leaked or (h.get("x-content-type-options") != "nosniff" and not refused_before_routes):
            bad.append("%s %s %r -> %d %s %s" % (method, path[:80], headers, st, leaked, data[:300]))
    # raw: invalid UTF-8 and NUL in the request line and headers, huge Content-Length, abandoned uploads
    auth = ("Authorization: Bearer %s\r\n" % KEY_A).encode()
    raws = [b"GET /v1/blobs/\xff\xfe HTTP/1.1\r\nHost: x\r\n" + auth + b"\r\n",
            b"GET /v1/blobs/%00 HTTP/1.1\r\nHost: x\r\n" + auth + b"Range: \xff\r\n\r\n",
            b"POST /v1/tool-outputs?tool=t HTTP/1.1\r\nHost: x\r\n" + auth + b"Content-Length: 99999999999999999999999\r\n\r\nabc",
            b"POST /v1/tool-outputs?tool=t HTTP/1.1\r\nHost: x\r\n" + auth + b"Content-Type: text/plain\r\nContent-Length: 5000000\r\n\r\n" + b"a" * 100000,
            b"POST /v1/tool-outputs?tool=t HTTP/1.1\r\nHost: x\r\n" + auth + b"Content-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n10000\r\n" + b"a" * 5000]
    for r in raws:
        out = raw(port, r, timeout=3)
        seen += 1
        status = out[9:12]
        text = out.decode("utf-8", "replace")
        leaked = [p.pattern for p in LEAK if p.search(text)]
        if status.startswith(b"5") or leaked:
            bad.append("raw %r -> %r" % (r[:60], out[:300]))
    st, data = call(port, KEY_C, "lines", {"seed": 1, "bytes": 10})
    item = json.loads(data)["results"][0]
    check(item["status"] == "error" and "not available" in item["output"], "tool-outside-allow-list-is-error-item", str(item)[:300])
    print("INFO hostile requests sent: %d, bad: %d" % (seen, len(bad)))
    for b in bad[:30]:
        print("  BAD " + b)
    check(not bad, "hostile-zero-5xx-zero-leaks", "%d bad" % len(bad))
    st, _, data = request(port, "GET", "/q/health/ready")
    check(st == 200, "still-ready-after-hostile")
