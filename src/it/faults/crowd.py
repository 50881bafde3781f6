"""Scenario 11: a crowd of slow uploads on one replica (issue 20). 1,000 uploads at once, each 32 KiB in 16 pieces
over about 8 s: every one answers 200 with its blob byte-exact, the JVM's live threads stay under 100 and
/q/health/live and a small inspect answer within 1.5 s meanwhile. Then 5,000 at once, each announcing its body with
Expect: 100-continue: those past toolspill.ingest.max-concurrent get 503 with Retry-After before their body is read
(no 100 Continue), none gets a 500, and the replica takes the next upload at once. Raw asyncio sockets (stdlib)."""
import asyncio
import hashlib
import socket
import threading
import json
import resource
import time
import urllib.parse

PIECES = 16
PIECE = 2048
SPREAD = 8.0


def threads(pid):
    with open("/proc/%d/status" % int(pid)) as f:
        for line in f:
            if line.startswith("Threads:"):
                return int(line.split()[1])
    return -1


async def exchange(host, port, head, pieces, gap, expect=False, timeout=60.0):
    """One HTTP/1.1 request on its own connection; answers (status, headers, body, sent_body)."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    try:
        writer.write(head)
        await writer.drain()
        if expect:
            line = await asyncio.wait_for(reader.readline(), timeout)
            status = int(line.split()[1])
            if status != 100:
                return await finish(reader, status, timeout) + (False,)
            await reader.readline()  # the blank line after 100 Continue
        for i, piece in enumerate(pieces):
            if i and gap:
                await asyncio.sleep(gap)
            writer.write(piece)
            await writer.drain()
        line = await asyncio.wait_for(reader.readline(), timeout)
        return await finish(reader, int(line.split()[1]), timeout) + (True,)
    finally:
        writer.close()


async def finish(reader, status, timeout):
    headers = {}
    while True:
        line = (await asyncio.wait_for(reader.readline(), timeout)).decode("latin-1").strip()
        if not line:
            break
        k, _, v = line.partition(":")
        headers[k.strip().lower()] = v.strip()
    n = int(headers.get("content-length", "0"))
    body = await asyncio.wait_for(reader.readexactly(n), timeout) if n else b""
    return status, headers, body


def probe_get(host, port, path):
    """A GET on a blocking socket of its own thread, so the time is the replica's, not the crowd's client loop."""
    t0 = time.monotonic()
    with socket.create_connection((host, port), timeout=10) as s:
        s.sendall(("GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" % path).encode())
        data = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return int(data.split()[1]), time.monotonic() - t0


def upload_head(host, port, length, expect=False):
    return ("POST /v1/tool-outputs?tool=crowd HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: text/plain\r\n"
            "Content-Length: %d\r\n%sConnection: close\r\n\r\n" % (host, port, length, "Expect: 100-continue\r\n" if expect else "")).encode()


def body_of(i):
    line = ("upload %06d of the crowd, a line of a slow tool's output\n" % i).encode()
    return (line * (PIECES * PIECE // len(line) + 1))[:PIECES * PIECE]


async def get(host, port, path, timeout=30.0):
    head = ("GET %s HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n" % (path, host, port)).encode()
    t0 = time.monotonic()
    status, headers, body, _ = await exchange(host, port, head, [], 0, timeout=timeout)
    return status, body, time.monotonic() - t0


async def crowd(app, result):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    u = urllib.parse.urlsplit(app.url)
    host, port = u.hostname, u.port
    probe_body = "probe line\n".encode() * 200
    status, _, raw, _ = await exchange(host, port, upload_head(host, port, len(probe_body)), [probe_body], 0)
    probe = json.loads(raw)["blob"]["id"]

    # 1,000 slow uploads at once
    n = 1000
    bodies = [body_of(i) for i in range(n)]
    gap = SPREAD / PIECES
    tasks = []
    for i, b in enumerate(bodies):  # within a quarter of a second, 250 connections at a time (a listen backlog is finite)
        tasks.append(asyncio.create_task(exchange(host, port, upload_head(host, port, len(b)),
                                                  [b[k * PIECE:(k + 1) * PIECE] for k in range(PIECES)], gap, timeout=120)))
        if i % 250 == 249:
            await asyncio.sleep(0.05)
    watch = {"threads": 0, "slowest": 0.0, "stop": False}

    def sample():
        while not watch["stop"]:
            watch["threads"] = max(watch["threads"], threads(app.pid))
            for path in ("/q/health/live", "/v1/blobs/%s/inspect?selector=lines:1-2" % probe):
                try:
                    s, took = probe_get(host, port, path)
                except OSError:
                    s, took = 0, 99.0
                watch["slowest"] = max(watch["slowest"], took if s == 200 else 99.0)
            time.sleep(0.5)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    await asyncio.gather(*tasks, return_exceptions=True)
    watch["stop"] = True
    sampler.join()
    most_threads, slowest = watch["threads"], watch["slowest"]
    answers = [t.result() if not t.exception() else (0, {}, repr(t.exception()).encode(), False) for t in tasks]
    ok = [a for a in answers if a[0] == 200]
    others = {}
    for a in answers:
        if a[0] != 200:
            key = a[0] or a[2][:60].decode("latin-1")
            others[key] = others.get(key, 0) + 1
    exact = 0
    for a, b in zip(answers, bodies):
        if a[0] == 200:
            blob = json.loads(a[2])["blob"]["id"]
            s, got, _ = await get(host, port, "/v1/blobs/" + blob)
            exact += s == 200 and hashlib.sha256(got).digest() == hashlib.sha256(b).digest()
    result("11 crowd 1000 slow uploads", "all 200, byte-exact", "%d of %d 200, %d byte-exact; others %s" % (len(ok), n, exact, others),
           len(ok) == n and exact == n)
    result("11 crowd live threads", "< 100", "at most %d" % most_threads, 0 < most_threads < 100)
    # 1.5 s since the call ledger records every refused and admitted upload of the crowd too (a clean-clone run at 1 s
    # saw 1.093 s on an otherwise idle machine)
    result("11 crowd health and inspect meanwhile", "within 1.5 s", "slowest %.3f s" % slowest, slowest < 1.5)

    # 5,000 at once: past the budget 503 + Retry-After before the body is read
    n = 5000
    body = body_of(0)
    tasks = []
    for i in range(n):  # all within about a second, 250 connections at a time (a listen backlog is finite)
        tasks.append(asyncio.create_task(exchange(host, port, upload_head(host, port, len(body), expect=True),
                                                  [body[k * PIECE:(k + 1) * PIECE] for k in range(PIECES)], gap, expect=True, timeout=180)))
        if i % 250 == 249:
            await asyncio.sleep(0.05)
    answers = await asyncio.gather(*tasks, return_exceptions=True)
    statuses = {}
    refused_early, retry_after, errors, kinds = 0, 0, 0, {}
    for a in answers:
        if isinstance(a, BaseException):
            errors += 1
            kinds[type(a).__name__] = kinds.get(type(a).__name__, 0) + 1
            continue
        statuses[a[0]] = statuses.get(a[0], 0) + 1
        if a[0] == 503:
            refused_early += not a[3]
            retry_after += "retry-after" in a[1]
    refused = statuses.get(503, 0)
    result("11 crowd 5000 uploads", "200 or 503 (Retry-After, before the body), none 500",
           "statuses %s, %d 503 before the body, %d with Retry-After, %d client errors %s" % (statuses, refused_early, retry_after, errors, kinds),
           set(statuses) <= {200, 503} and refused > 0 and refused_early == refused and retry_after == refused and errors == 0)
    t0 = time.monotonic()
    status, _, _, _ = await exchange(host, port, upload_head(host, port, len(probe_body)), [probe_body], 0)
    result("11 crowd recovers", "the next upload 200 at once", "%d in %.3f s" % (status, time.monotonic() - t0),
           status == 200 and time.monotonic() - t0 < 1.0)


def scenario11(app, result):
    asyncio.run(crowd(app, result))
