#!/usr/bin/env python3
"""The fault scenarios of src/it/faults/run.sh, run against replicas that run.sh started (see the FAULTS_* variables).

Prints one PASS/FAIL line per scenario and appends `name<TAB>budget<TAB>observed<TAB>PASS|FAIL` to
$FAULTS_RESULTS. Exit status: 0 all passed, 10 a check failed (anything else: the driver itself failed).
"""
import concurrent.futures as cf
import hashlib
import json
import os
import random
import selectors
import signal
import socket
import sys
import threading
import time
import traceback
import urllib.parse

sys.dont_write_bytecode = True  # leave no __pycache__ in the repo
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common as c  # noqa: E402
import toolserver as ts  # noqa: E402
import outage  # noqa: E402
import edge  # noqa: E402
import crowd  # noqa: E402

ENV = os.environ
MIB = c.MIB
STALL_S = 3.0  # toolspill.ingest.stall-timeout as run.sh sets it
STORE_TIMEOUT_S = 5.0  # toolspill.blob-store.timeout as run.sh sets it
INDEX_CACHE_MIB = 32  # toolspill.inspect.index-cache-bytes as run.sh sets it: parsed indexes a replica may keep
HEAP_SLACK_MIB = INDEX_CACHE_MIB + 16  # a full index cache is kept on purpose; 16 MiB more is the budget for the rest
FAILED = []


class App:
    def __init__(self, name, url, pid, fs_root=None, s3=False):
        self.name, self.url, self.pid, self.fs_root, self.s3 = name, url, int(pid), fs_root, s3
        self.idle_heap = None
        self.reported = set()  # leftover files already blamed on an earlier scenario


FS = App("fs", ENV["FAULTS_FS_URL"], ENV["FAULTS_FS_PID"], fs_root=ENV["FAULTS_FS_ROOT"])
S3 = App("s3", ENV["FAULTS_S3APP_URL"], ENV["FAULTS_S3APP_PID"], s3=True)


RESULTS_LOCK = threading.Lock()  # group 10 reports from a thread of its own, beside the other groups


def result(name, budget, observed, ok):
    verdict = "PASS" if ok else "FAIL"
    clean = lambda s: str(s).replace("\t", " ").replace("\n", " ")  # noqa: E731
    with RESULTS_LOCK:
        if not ok:
            FAILED.append(name)
        print("%s %s: %s  [budget: %s]" % (verdict, name, observed, budget), flush=True)
        with open(ENV["FAULTS_RESULTS"], "a") as f:
            f.write("%s\t%s\t%s\t%s\n" % (clean(name), clean(budget), clean(observed), verdict))


def say(msg):
    print("  .. " + msg, file=sys.stderr, flush=True)


# ---- data -------------------------------------------------------------------------------------------------------

_TABLE = bytearray(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.;:-_=+/()[]{}<>!?'#%&*@     \t")
_TABLE = bytes(10 if i % 53 == 0 else _TABLE[i % len(_TABLE)] for i in range(256))


def text_pool(size, seed):
    """Random text lines with 2-, 3- and 4-byte UTF-8 characters."""
    raw = random.Random(seed).randbytes(size).translate(_TABLE)
    return raw.replace(b"Q", "é".encode()).replace(b"Z", "€".encode()).replace(b"X", "😀".encode())


class TextBody:
    """A slice of the pool on line boundaries, with a header line; pieces are generated, not held."""

    def __init__(self, pool, rnd, size, tag):
        start = pool.index(b"\n", rnd.randrange(0, len(pool) - size - 1)) + 1
        end = pool.rindex(b"\n", start, start + size) + 1
        self.pool, self.start, self.end = pool, start, end
        self.head = ("%s é€😀 %d\n" % (tag, rnd.getrandbits(64))).encode()
        self.length = len(self.head) + end - start
        h = hashlib.sha256(self.head)
        h.update(memoryview(pool)[start:end])
        self.sha = h.hexdigest()

    def pieces(self, piece=256 * 1024, delay=0.0):
        yield self.head
        mv = memoryview(self.pool)
        for off in range(self.start, self.end, piece):
            if delay:
                time.sleep(delay)
            yield mv[off:min(off + piece, self.end)]


def post_pieces(app, pieces, length, ctype="text/plain", tool="faults", timeout=90.0, label="ingest", chunked=False):
    headers = {"Content-Type": ctype}
    if not chunked:
        headers["Content-Length"] = str(length)
    return c.send_body(app.url + "/v1/tool-outputs?tool=" + tool, pieces, headers, timeout=timeout,
                       label=label, chunked=chunked)


# ---- health check after each scenario -----------------------------------------------------------------------

def leftovers(app, wait=8.0):
    """Files left in fs tmp/, or S3 multipart leftovers (ListMultipartUploads, and files of S3Proxy's basedir outside
    blobs/ and index/); polls up to `wait` s for late clean-ups. A leftover file is blamed once, on the first check
    that sees it."""
    deadline = time.monotonic() + wait
    while True:
        if app.s3:
            listed, stray = c.s3_incomplete_uploads()
            new = sorted(set(stray) - app.reported)
            desc = "MPU listed %s, new stray multipart files %d" % ("?" if listed is None else listed, len(new))
            ok = not listed and listed is not None and not new
            base = os.path.join(ENV["FAULTS_S3_BASE"], ENV["FAULTS_S3_BUCKET"])
            shown = [os.path.relpath(f, base) for f in new]
        else:
            tmp = c.files_under(os.path.join(app.fs_root, "tmp"))
            new = sorted(set(tmp) - app.reported)
            desc = "new tmp/ files %d" % len(new)
            ok = not new
            shown = [os.path.relpath(f, app.fs_root) for f in new]
        if ok or time.monotonic() > deadline:
            if new:
                desc += " (%s)" % ", ".join("%s %d B" % (f, os.path.getsize(p)) for f, p in list(zip(shown, new))[:2]
                                            if os.path.exists(p))
                app.reported.update(new)
            return ok, desc
        time.sleep(0.5)


def health(app, after):
    name = "%s health (%s)" % (after, app.name)
    budget = "ingest 200 <1s; ready UP; heap after GC ≤ idle + index cache %d + 16 MiB; %s" % (
        INDEX_CACHE_MIB, "no incomplete MPU" if app.s3 else "tmp/ empty")
    if not c.alive(app.pid):
        result(name, budget, "replica process is gone (exited: OOM or crash)", False)
        return False
    r = c.ingest(app.url, c.small_text(2048, "health"), tool="health", timeout=10, label=name)
    ing_ok = r.status == 200 and r.elapsed < 1.0
    rr = c.request("GET", app.url + "/q/health/ready", timeout=10, label=name)
    ready_ok = rr.status == 200 and b'"UP"' in rr.body
    heap = c.heap_used_mib(app.pid)
    heap_ok = heap is not None and app.idle_heap is not None and heap <= app.idle_heap + HEAP_SLACK_MIB
    left_ok, left = leftovers(app)
    observed = "ingest %s; ready %s; heap %s MiB (idle %.0f); %s" % (
        r.short(), rr.status, "?" if heap is None else "%.0f" % heap, app.idle_heap or -1, left)
    ok = ing_ok and ready_ok and heap_ok and left_ok
    result(name, budget, observed, ok)
    return ok


# ---- scenario 1: concurrent ingests, big and slow -------------------------------------------------------------

def scenario1(app):
    name = "1 ingest mix (%s)" % app.name
    budget = "50×1-5MB + 40 slow 2KB at once: each 200, or 503+Retry-After problem; every 200 blob sha256-exact"
    rnd = random.Random(11 if app.s3 else 7)
    pool = text_pool(8 * MIB, rnd.random())
    big = [TextBody(pool, rnd, rnd.randint(1 * MIB, 5 * MIB), "big-%d" % i) for i in range(50)]
    slow = [TextBody(pool, rnd, 2048, "slow-%d" % i) for i in range(40)]

    def send(kind, body):
        if kind == "big":
            return post_pieces(app, body.pieces(), body.length, label=name)
        return post_pieces(app, body.pieces(piece=205, delay=0.5), body.length, label=name)

    t0 = time.monotonic()
    jobs = [("big", b) for b in big] + [("slow", b) for b in slow]
    random.Random(3).shuffle(jobs)
    with cf.ThreadPoolExecutor(len(jobs)) as ex:
        answers = list(ex.map(lambda j: (j[0], j[1], send(*j)), jobs))
    wall = time.monotonic() - t0
    counts = {"big200": 0, "slow200": 0, "busy": 0}
    bad = []
    to_check = []
    for kind, body, r in answers:
        if r.status == 200:
            counts[kind + "200"] += 1
            blob = (r.json() or {}).get("blob")
            if not blob:
                bad.append("%s 200 without a blob" % kind)
            elif blob.get("bytes") != body.length:
                bad.append("%s blob.bytes %s != %d" % (kind, blob.get("bytes"), body.length))
            else:
                to_check.append((body, blob["id"]))
        elif r.busy_ok():
            counts["busy"] += 1
        else:
            bad.append("%s: %s %s" % (kind, r.short(), r.body[:120]))
    mismatches = 0

    def check(item):
        body, blob_id = item
        r, sha = c.download_sha(app.url, blob_id, label=name + " download")
        return r.status == 200 and sha == body.sha, r

    with cf.ThreadPoolExecutor(8) as ex:
        for same, r in ex.map(check, to_check):
            if not same:
                mismatches += 1
                if len(bad) < 5:
                    bad.append("download %s differs" % r.short())
    if counts["big200"] == 0 or counts["slow200"] == 0:
        bad.append("no 200 for big or slow bodies: nothing was checked byte-exact")
    observed = "200: %d big + %d slow, 503+Retry-After: %d, other: %d, sha mismatches %d/%d, %.1fs%s" % (
        counts["big200"], counts["slow200"], counts["busy"], len(jobs) - counts["big200"] - counts["slow200"] - counts["busy"],
        mismatches, len(to_check), wall, ("; " + "; ".join(bad[:4])) if bad else "")
    result(name, budget, observed, not bad and mismatches == 0)


def scenario1_aborts(app):
    """Bodies that fail mid-way (invalid UTF-8 at the end, a stall) leave nothing behind."""
    name = "1 aborted ingests (%s)" % app.name
    budget = "3× 16MiB ending in invalid UTF-8 → 400; 20MB stalling after 10MB → dropped ≤ stall+5s; nothing left behind"
    part = c.small_text(MIB, "abort")
    size = 20 * MIB

    def invalid():  # the invalid byte right after the second 8 MiB part is handed to the store
        for _ in range(16):
            yield part
        yield b"\xff\xfe\n"

    def stalled():
        for _ in range(10):
            yield part
        time.sleep(STALL_S + 8)  # the server should drop us before this ends
        yield part

    r1s = [post_pieces(app, invalid(), 16 * MIB + 3, label=name) for _ in range(3)]
    r1 = next((r for r in r1s if r.status != 400), r1s[0])
    t0 = time.monotonic()
    r2 = post_pieces(app, stalled(), size, label=name, timeout=30)
    ok1 = r1.status == 400 and r1.is_problem()
    # dropped: the connection closed (no answer), or an error answer; never 200, never 5xx other than 503
    ok2 = r2.status != 200 and (r2.status is None or r2.status < 500 or r2.busy_ok()) and r2.elapsed < STALL_S + 5
    left_ok, left = leftovers(app)
    observed = "invalid: %s; stalled: %s; %s" % (", ".join(r.short() for r in r1s), r2.short(), left)
    result(name, budget, observed, ok1 and ok2 and left_ok)


# ---- scenario 2: remote tools that answer too much or never finish ------------------------------------------------

def tool_exchanges(path, since):
    r = c.request("GET", ENV["FAULTS_TOOLS_URL"] + "/stats", timeout=5, label="toolserver stats")
    stats = r.json() or {}
    return [e for e in stats.get(path, []) if e["started"] >= since - 0.5]


def wait_exchanges_end(path, since, count, wait):
    deadline = time.monotonic() + wait
    while True:
        ex = tool_exchanges(path, since)
        if len(ex) >= count and all(e["ended"] for e in ex) or time.monotonic() > deadline:
            return ex
        time.sleep(0.2)


def remote_case(app, name, budget, tool, count, path, answer_budget, msgs, stop_budget):
    since = time.time()
    calls = [{"id": "c%d" % i, "name": tool, "arguments": {"q": i}} for i in range(count)]
    with c.HeapSampler(app.pid) as hs:
        r = c.tool_calls(app.url, calls, timeout=90, label=name)
        answered = time.time()
        ex = wait_exchanges_end(path, since, count, stop_budget + 5)
    items = (r.json() or {}).get("results") or []
    problems = []
    if r.status != 200 or len(items) != count:
        problems.append("answer %s %s" % (r.short(), r.body[:150]))
    for it in items:
        out = str(it.get("output"))
        if it.get("status") != "error" or not any(m in out for m in msgs):
            problems.append("item %s: %s" % (it.get("status"), out[:160]))
            break
    if r.elapsed > answer_budget:
        problems.append("answered after %.1fs" % r.elapsed)
    stopped = [e for e in ex if e["ended"] and e["how"].startswith("reset")]
    lag = max([max(0.0, e["ended"] - answered) for e in stopped], default=0.0)
    if len(stopped) < count:
        problems.append("downloads stopped %d/%d (%s)" % (len(stopped), count, ",".join(sorted({e["how"] for e in ex})) or "none"))
    if lag > stop_budget:
        problems.append("download stopped %.1fs after the answer" % lag)
    sent = max([e["sent"] for e in ex], default=0)
    if not c.alive(app.pid):
        problems.append("replica died")
    observed = "%s; error items %d/%d; tool server sent ≤ %.1f MB, reset %.1fs after the answer; peak heap %s MiB (no GC)%s" % (
        r.short(), sum(1 for it in items if it.get("status") == "error"), count, sent / 1e6, lag, hs.text(),
        ("; " + "; ".join(problems)) if problems else "")
    result(name, budget, observed, not problems)


def stored_case(app, name, tool, count, total, answer_budget):
    """`count` calls of a remote tool whose answer is `total` bytes: each must be stored whole and byte-exact."""
    budget = "%d× %s: ok items with a blob of exactly %d B, sha256-exact on GET, ≤ %ds; replica alive" % (
        count, tool, total, answer_budget)
    calls = [{"id": "c%d" % i, "name": tool, "arguments": {"q": i}} for i in range(count)]
    cpu0 = c.cpu_seconds(app.pid)
    with c.HeapSampler(app.pid) as hs:
        r = c.tool_calls(app.url, calls, timeout=answer_budget + 30, label=name)
    cpu = c.cpu_seconds(app.pid) - cpu0
    items = (r.json() or {}).get("results") or []
    problems = []
    if r.status != 200 or len(items) != count:
        problems.append("answer %s %s" % (r.short(), r.body[:150]))
    if r.elapsed > answer_budget:
        problems.append("answered after %.1fs" % r.elapsed)
    want = ts.answer_sha256(total)
    exact = 0
    for it in items:
        blob = it.get("blob") or {}
        if it.get("status") != "ok" or blob.get("bytes") != total:
            problems.append("item %s %s: %s" % (it.get("status"), blob, str(it.get("output"))[:160]))
            continue
        got, sha = c.download_sha(app.url, blob["id"], timeout=240, label=name + " GET")
        if got.status == 200 and sha == want:
            exact += 1
        else:
            problems.append("GET %s sha %s" % (got.short(), "equal" if sha == want else "differs"))
    if not c.alive(app.pid):
        problems.append("replica died")
    observed = "%s in %.1fs; stored byte-exact %d/%d; CPU %.1fs (%.1f s/GB); peak heap %s MiB (no GC)%s" % (
        r.short(), r.elapsed, exact, count, cpu, cpu / (count * total / 1e9), hs.text(),
        ("; " + "; ".join(problems[:3])) if problems else "")
    result(name, budget, observed, not problems)


def scenario2(app):
    stored_case(app, "2 remote 150MB chunked (%s)" % app.name, "flood", 1, ts.TOTAL, 60)
    stored_case(app, "2 remote 150MB Content-Length (%s)" % app.name, "floodcl", 1, ts.TOTAL, 60)
    stored_case(app, "2 remote 6×150MB at once (%s)" % app.name, "flood", 6, ts.TOTAL, 120)
    stored_case(app, "2 remote 1.5GiB chunked (%s)" % app.name, "huge", 1, ts.HUGE, 150)
    remote_case(app, "2 remote 150MB slow, timeout 3s (%s)" % app.name,
                "error item ≤ 3s+3s naming the timeout; download reset ≤ 5s after; nothing left stored", "slowflood", 1,
                "/slowflood", 6.0, ["its time ran out"], 5)
    remote_case(app, "2 remote trickle, timeout 2s (%s)" % app.name,
                "error item ≤ 2s+3s; download reset ≤ 3s after the answer", "trickle", 1, "/trickle", 5.0,
                ["did not answer within", "2s", "timed out", "timeout"], 3)


# ---- scenario 3: many stalled uploads ----------------------------------------------------------------------

def scenario3(app):
    name = "3 250 stalled uploads (%s)" % app.name
    budget = "others' p99 < 1s while open (ready 200, tool-calls 200, ingest 200/503); all 250 closed by the server ≤ stall+5s"
    host, port, _ = c._split(app.url)
    head = ("POST /v1/tool-outputs?tool=slowloris HTTP/1.1\r\nHost: %s:%d\r\nContent-Type: text/plain\r\n"
            "Content-Length: 102400\r\n\r\n" % (host, port)).encode()
    socks, state, threads = [], {}, []
    sel = selectors.DefaultSelector()
    stop = threading.Event()
    try:
        for i in range(250):
            s = socket.create_connection((host, port), timeout=5)
            s.sendall(head)
            s.setblocking(False)
            socks.append(s)
            state[s] = {"opened": time.monotonic(), "closed": None, "data": b""}
            sel.register(s, selectors.EVENT_READ)
        t_open = time.monotonic()

        def watch():
            while not stop.is_set():
                for key, _ in sel.select(0.1):
                    s = key.fileobj
                    try:
                        d = s.recv(65536)
                    except BlockingIOError:
                        continue
                    except OSError:
                        d = b""
                    if d:
                        state[s]["data"] += d[:4096]
                    else:
                        state[s]["closed"] = time.monotonic()
                        sel.unregister(s)

        def trickle():  # one byte every 10 s to whatever is still open
            while not stop.wait(10):
                for s in socks:
                    if state[s]["closed"] is None:
                        try:
                            s.send(b"x")
                        except OSError:
                            pass

        threads += [threading.Thread(target=watch, daemon=True), threading.Thread(target=trickle, daemon=True)]
        for t in threads:
            t.start()

        def probe(i):
            kind = ("ready", "calls-bad-tool", "calls-inspect", "ingest")[i % 4]
            if kind == "ready":
                r = c.request("GET", app.url + "/q/health/ready", timeout=10, label=name)
                return kind, r, r.status == 200
            if kind == "calls-bad-tool":
                r = c.tool_calls(app.url, [{"id": "1", "name": "no_such_tool", "arguments": {}}], timeout=10, label=name)
                return kind, r, r.status == 200
            if kind == "calls-inspect":
                r = c.tool_calls(app.url, [{"id": "1", "name": "inspect",
                                            "arguments": {"blob_id": "0190a5b2-0000-7000-8000-000000000000"}}], timeout=10, label=name)
                return kind, r, r.status == 200
            r = c.ingest(app.url, c.small_text(300, "probe"), tool="probe", timeout=10, label=name)
            return kind, r, r.status == 200 or r.busy_ok()

        # the connection storm itself: one probe while the server is still taking the 250 requests in
        storm = probe(0)[1]
        # then let the storm settle (busy answers stop arriving) and probe while the stalled uploads are still open
        seen, quiet_since = -1, time.monotonic()
        while time.monotonic() - t_open < 1.5 and time.monotonic() - quiet_since < 0.2:
            n = sum(1 for s in socks if state[s]["data"])
            if n != seen:
                seen, quiet_since = n, time.monotonic()
            time.sleep(0.02)
        probes_start = time.monotonic()
        with cf.ThreadPoolExecutor(4) as ex:
            probes = list(ex.map(probe, range(52)))
        probes_done = time.monotonic()
        open_during = sum(1 for s in socks if state[s]["closed"] is None)
        # wait for the server to close them all: stall timeout plus margin (before the first trickled byte at +10s)
        deadline = t_open + STALL_S + 5
        while time.monotonic() < deadline and any(state[s]["closed"] is None for s in socks):
            time.sleep(0.1)
        still_open = sum(1 for s in socks if state[s]["closed"] is None)
        statuses = {}
        for s in socks:
            d = state[s]["data"]
            code = d[9:12].decode("latin-1") if d.startswith(b"HTTP/1.1 ") else "none"
            statuses[code] = statuses.get(code, 0) + 1
            if code.isdigit():  # the busy answers count among the suite's error answers (scenario 8)
                head, _, rest = d.partition(b"\r\n\r\n")
                hdrs = dict((k.strip().lower(), v.strip()) for k, _, v in
                            (ln.decode("latin-1").partition(":") for ln in head.split(b"\r\n")[1:]))
                c.note_error(name + " (stalled upload)", int(code), hdrs, rest, "/v1/tool-outputs")
        closed_at = [state[s]["closed"] - t_open for s in socks if state[s]["closed"] is not None]
    finally:
        stop.set()
        for t in threads:
            t.join(5)
        for s in socks:
            try:
                sel.unregister(s)
            except (KeyError, ValueError):
                pass
            s.close()
        sel.close()
    lat = [r.elapsed for _, r, _ in probes]
    kinds = {}
    for k, r, _ in probes:
        kinds[k] = max(kinds.get(k, 0.0), r.elapsed)
    bad = ["%s %s" % (k, r.short()) for k, r, ok in probes if not ok]
    p = c.p99(lat)
    left_ok, left = leftovers(app)
    observed = ("probe during the connection storm %s; then probes p99 %.3fs (max %s; %d/%d ok, %d stalled uploads still open "
                "during probes +%.1f..+%.1fs); "
                "stalled uploads answered %s; closed by server %d/250 (last at +%.1fs), still open %d; %s%s") % (
        storm.short(), p, ", ".join("%s %.3fs" % kv for kv in sorted(kinds.items())), len(lat) - len(bad), len(lat), open_during,
        probes_start - t_open, probes_done - t_open,
        ",".join("%s×%d" % kv for kv in sorted(statuses.items())), len(closed_at), max(closed_at, default=0),
        still_open, left, ("; failed probes: " + "; ".join(bad[:3])) if bad else "")
    result(name, budget, observed, p < 1.0 and not bad and still_open == 0 and left_ok)


# ---- scenario 4: JSON shapes -----------------------------------------------------------------------------------

def timed_cpu(app, fn):
    cpu0, t0 = c.cpu_seconds(app.pid), time.monotonic()
    r = fn()
    return r, time.monotonic() - t0, c.cpu_seconds(app.pid) - cpu0


def scenario4(app):
    # 4a: a 100 MB string value
    name = "4a JSON 100MB string (%s)" % app.name

    def huge_string():
        yield b'{"s":"'
        chunk = b"a" * MIB
        for _ in range(100):
            yield chunk
        yield b'"}'

    r, wall, cpu = timed_cpu(app, lambda: post_pieces(app, huge_string(), 100 * MIB + 8, ctype="application/json",
                                                         label=name, timeout=120))
    ok = (r.status == 400 and r.is_problem()) or (r.status == 200 and (r.json() or {}).get("blob"))
    result(name, "400 problem (or stored 200), never 500", "%s, CPU %.1fs, %s" % (r.short(), cpu, r.body[:160].decode("utf-8", "replace")), bool(ok))

    # 4b: an object with 1,000,000 keys
    name = "4b JSON 1M keys (%s)" % app.name
    body = ("{" + ",".join('"k%d":%d' % (i, i % 100) for i in range(1000000)) + "}").encode()
    r, wall, cpu = timed_cpu(app, lambda: c.ingest(app.url, body, ctype="application/json", timeout=120, label=name))
    blob = (r.json() or {}).get("blob") or {}
    problems = []
    if r.status != 200 or blob.get("keys") != 1000000:
        problems.append("ingest %s keys=%s %s" % (r.short(), blob.get("keys"), r.body[:150]))
    looks = []
    if blob.get("id"):
        for key, want in (("k999999", "99"), ("k123457", "57"), ("k5", "5")):
            ri = c.request("GET", app.url + "/v1/blobs/%s/inspect?selector=%s" % (blob["id"], urllib.parse.quote("key:" + key)),
                           timeout=30, label=name)
            looks.append("%s→%s %.2fs" % (key, ri.body[:20].decode("utf-8", "replace").strip() if ri.status == 200 else ri.status,
                                          ri.elapsed))
            if ri.status != 200 or ri.body.strip() != want.encode():
                problems.append("inspect key:%s %s %r" % (key, ri.short(), ri.body[:100]))
    result(name, "200, blob.keys=1000000, inspect key:k999999 = its value",
           "%.1f MB body: %s, CPU %.1fs; %s%s" % (len(body) / 1e6, r.short(), cpu, ", ".join(looks),
                                                  ("; " + "; ".join(problems)) if problems else ""), not problems)
    del body

    # 4c: one 1,000,000-digit integer
    name = "4c JSON 1M-digit number (%s)" % app.name
    body = b'{"n":1' + b"0" * 999999 + b"}"
    r, wall, cpu = timed_cpu(app, lambda: c.ingest(app.url, body, ctype="application/json", timeout=60, label=name))
    result(name, "400 problem in < 5s", "%s, wall %.2fs, CPU %.2fs" % (r.short(), wall, cpu),
           r.status == 400 and r.is_problem() and wall < 5)

    # 4d: 1000-deep nesting
    name = "4d JSON 1000-deep (%s)" % app.name
    body = b"[" * 1000 + b"1" + b"]" * 1000
    r, wall, cpu = timed_cpu(app, lambda: c.ingest(app.url, body, ctype="application/json", timeout=60, label=name))
    result(name, "400 problem", "%s, CPU %.2fs" % (r.short(), cpu), r.status == 400 and r.is_problem())


    # 4e: CPU grows with the size, not faster: 4× the keys or 4× a string costs about 4× the CPU (quadratic: 16×)
    name = "4e CPU linear in size (%s)" % app.name
    ratios = []
    for label, make in (("keys", lambda n: ("{" + ",".join('"k%d":%d' % (i, i % 100) for i in range(n)) + "}").encode()),
                        ("string", lambda n: b'{"s":"' + b"ab" * (n * 4) + b'"}')):
        costs = []
        for n in (250000, 1000000):
            body = make(n)
            c.ingest(app.url, body, ctype="application/json", timeout=120, label=name)  # warm
            r, wall, cpu = timed_cpu(app, lambda: c.ingest(app.url, body, ctype="application/json", timeout=120, label=name))
            costs.append(cpu)
        ratios.append((label, costs[0], costs[1], costs[1] / max(costs[0], 0.01)))
    result(name, "4× the size costs ≤ 8× the CPU (linear ≈ 4×, quadratic 16×)",
           "; ".join("%s: %.2fs → %.2fs (%.1f×)" % r for r in ratios), all(r[3] <= 8 for r in ratios))


# ---- scenario 5: index cache under pressure --------------------------------------------------------------------

def scenario5(app):
    name = "5 index cache 8×300k keys (%s)" % app.name
    budget = "8 ingests 200; inspect 3 keys (one past the indexed keys) of each, twice: 200 and right value; no 500"
    problems, ids, times = [], [], []
    cpu0 = c.cpu_seconds(app.pid)
    with c.HeapSampler(app.pid) as hs:
        for b in range(8):
            # distinct key names per blob, as real outputs have: an index shares no strings with another
            body = ("{" + ",".join('"b%dk%d":%d' % (b, i, (i * 7 + b) % 1000) for i in range(300000)) + "}").encode()
            r = c.ingest(app.url, body, ctype="application/json", timeout=60, label=name)
            blob = (r.json() or {}).get("blob") or {}
            if r.status != 200 or blob.get("keys") != 300000:
                problems.append("ingest %d: %s %s" % (b, r.short(), r.body[:120]))
            ids.append(blob.get("id"))
        for rnd in range(2):
            for b, blob_id in enumerate(ids):
                if not blob_id:
                    continue
                for key in (299999, 150001, 42):
                    want = str((key * 7 + b) % 1000).encode()
                    r = c.request("GET", app.url + "/v1/blobs/%s/inspect?selector=key:b%dk%d" % (blob_id, b, key), timeout=30,
                                  label=name)
                    times.append(r.elapsed)
                    if r.status != 200 or r.body.strip() != want:
                        problems.append("round %d blob %d key k%d: %s %r" % (rnd + 1, b, key, r.short(), r.body[:80]))
    cpu = c.cpu_seconds(app.pid) - cpu0
    observed = "%d inspects, max %.2fs, p99 %.2fs; CPU %.1fs; peak heap %s MiB (no GC); alive %s%s" % (
        len(times), max(times, default=0), c.p99(times), cpu, hs.text(), c.alive(app.pid),
        ("; " + "; ".join(problems[:4])) if problems else "")
    result(name, budget, observed, not problems and c.alive(app.pid))


# ---- scenario 9: many inspects of many blobs, half of them without a read index ---------------------------------

def index_files(app):
    if app.s3:
        base = os.path.join(ENV["FAULTS_S3_BASE"], ENV["FAULTS_S3_BUCKET"], "index")
    else:
        base = os.path.join(app.fs_root, "index")
    return c.files_under(base)


def put_raw(app, body, ext):
    """Writes a blob into the store's files directly (fs root, or S3Proxy's filesystem backend) under a new UUIDv7."""
    millis = int(time.time() * 1000)
    rnd = random.getrandbits(74)
    value = (millis << 80) | (0x7 << 76) | ((rnd >> 62) << 64) | (0b10 << 62) | (rnd & ((1 << 62) - 1))
    h = "%032x" % value
    blob_id = "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])
    if app.s3:
        base = os.path.join(ENV["FAULTS_S3_BASE"], ENV["FAULTS_S3_BUCKET"], "blobs")
    else:
        base = os.path.join(app.fs_root, "blobs")
    os.makedirs(base, exist_ok=True)
    with open(os.path.join(base, "%s.%s" % (blob_id, ext)), "wb") as f:
        f.write(body)
    return blob_id


def scenario9(app):
    name = "9 inspect load, half the indexes gone (%s)" % app.name
    # S3Proxy shares the machine's two cores: under this load some of its answers come after the 5 s store deadline,
    # and those inspects are 503s by design, so the share of 200s asked of S3 is lower
    share = 0.7 if app.s3 else 0.9
    budget = ("30 blobs 1-3 MB (text, arrays, 150k-key objects) ingested, the same 30 written straight into the store (no "
              "index, never cached), half the indexes deleted; 1,500 inspects at 200 at once: each 200 with the right "
              "part or 503+Retry-After problem, ≥ %d%% 200, no 500, alive" % (share * 100))
    rnd = random.Random(9)
    blobs, problems = [], []
    for b in range(30):
        kind = b % 3
        if kind == 0:
            n = rnd.randrange(20000, 60000)
            body = "".join("blob %d line %d of the log\n" % (b, i) for i in range(n)).encode()
            r = c.ingest(app.url, body, timeout=60, label=name)
        elif kind == 1:
            n = rnd.randrange(15000, 40000)
            body = ("[" + ",".join('{"blob":%d,"item":%d,"name":"element %d"}' % (b, i, i) for i in range(n)) + "]").encode()
            r = c.ingest(app.url, body, ctype="application/json", timeout=60, label=name)
        else:
            n = rnd.randrange(150000, 190000)
            body = ("{" + ",".join('"b%dk%d":%d' % (b, i, i % 977) for i in range(n)) + "}").encode()
            r = c.ingest(app.url, body, ctype="application/json", timeout=60, label=name)
        blob_id = ((r.json() or {}).get("blob") or {}).get("id")
        if r.status != 200 or not blob_id:
            problems.append("ingest %d: %s" % (b, r.short()))
            continue
        blobs.append((blob_id, kind, n, b))
        # the same content again, written straight into the store as another writer would: no read index, and
        # nothing of it cached on this replica, so its first reads must build one by scanning it
        blobs.append((put_raw(app, body, "json" if kind else "txt"), kind, n, b))
    time.sleep(1.0)  # the read indexes of the ingested ones are written after the answer
    gone = index_files(app)[::2]
    for f in gone:
        os.remove(f)

    def one(k):
        blob_id, kind, n, b = blobs[k % len(blobs)]
        i = (k * 7919) % n
        if kind == 0:
            sel, want = "lines:%d-%d" % (i + 1, i + 1), ("blob %d line %d of the log\n" % (b, i)).encode()
        elif kind == 1:
            sel, want = "slice:%d..%d" % (i, i + 1), None
        else:
            sel, want = "key:b%dk%d" % (b, i), str(i % 977).encode()
        r = c.request("GET", app.url + "/v1/blobs/%s/inspect?selector=%s" % (blob_id, urllib.parse.quote(sel)),
                      timeout=120, label=name)
        if r.status == 200:
            good = (r.body.strip() == want.strip()) if want else (('"item":%d,' % i).encode() in r.body)
            return "200" if good else "wrong"
        return "503" if r.busy_ok() else str(r.status)

    cpu0 = c.cpu_seconds(app.pid)
    t0 = time.monotonic()
    with c.HeapSampler(app.pid) as hs, cf.ThreadPoolExecutor(200) as pool:
        outcomes = list(pool.map(one, range(1500)))
    took = time.monotonic() - t0
    cpu = c.cpu_seconds(app.pid) - cpu0
    counts = {o: outcomes.count(o) for o in sorted(set(outcomes))}
    ok = counts.get("200", 0) >= share * len(outcomes) and set(counts) <= {"200", "503"} and c.alive(app.pid)
    observed = "%d blobs (half without an index), %d indexes deleted; %s in %.1fs; CPU %.1fs; peak heap %s MiB (no GC); alive %s%s" % (
        len(blobs), len(gone), ", ".join("%s×%d" % kv for kv in counts.items()), took, cpu, hs.text(), c.alive(app.pid),
        ("; " + "; ".join(problems[:3])) if problems else "")
    result(name, budget, observed, ok and not problems)


# ---- scenario 6: huge batches -------------------------------------------------------------------------------

def scenario6(app):
    url = app.url + "/v1/tool-calls"
    name = "6a batch 1.5M calls, 68MB (%s)" % app.name
    body = b'{"calls":[' + b",".join(b'{"id":"%d","name":"echo","arguments":{}}' % i
                                     for i in range(1500000)) + b"]}"
    mv = memoryview(body)
    pieces = lambda: (mv[o:o + MIB] for o in range(0, len(body), MIB))  # noqa: E731
    r = c.send_body(url, pieces(), {"Content-Type": "application/json", "Content-Length": str(len(body))},
                    timeout=60, label=name)
    result(name, "413 problem+json, not 500", "%.1f MB: %s %s" % (len(body) / 1e6, r.short(), r.ctype()),
           r.status == 413 and r.is_problem())
    name = "6b same batch chunked (%s)" % app.name
    r = c.send_body(url, pieces(), {"Content-Type": "application/json"}, timeout=60, label=name, chunked=True)
    result(name, "411 (or 413) problem+json, not 500", "%s %s" % (r.short(), r.ctype()),
           r.status in (411, 413) and r.is_problem())
    del body, mv
    name = "6c batch 1001 calls (%s)" % app.name
    calls = [{"id": str(i), "name": "no_such_tool", "arguments": {}} for i in range(1001)]
    r = c.tool_calls(app.url, calls, timeout=30, label=name)
    result(name, "413 problem+json naming toolspill.pipeline.max-calls",
           "%s %s" % (r.short(), r.body[:200].decode("utf-8", "replace")),
           r.status == 413 and r.is_problem() and b"toolspill.pipeline.max-calls" in r.body)


# ---- scenario 7: hung S3 --------------------------------------------------------------------------------------

def scenario7(app):
    name = "7 S3 hung (%s)" % app.name
    limit = STORE_TIMEOUT_S + 10
    budget = "S3Proxy SIGSTOPped: ingest 2MB, GET, HEAD, inspect, tool-call inspect each answer ≤ %.0fs: 200 or 503+Retry-After problem" % limit
    s3pid = int(ENV["FAULTS_S3_PID"])
    pool = text_pool(4 * MIB, 77)
    rnd = random.Random(5)
    seed_body = TextBody(pool, rnd, 64 * 1024, "seed")
    body2 = TextBody(pool, rnd, 2 * MIB, "hung")
    r0 = post_pieces(app, seed_body.pieces(), seed_body.length, label=name + " seed")
    seed_id = ((r0.json() or {}).get("blob") or {}).get("id")
    if r0.status != 200 or not seed_id:
        result(name, budget, "could not seed a blob: %s" % r0.short(), False)
        return
    blob_url = app.url + "/v1/blobs/" + seed_id
    cases = {
        "ingest": lambda: post_pieces(app, body2.pieces(), body2.length, label=name, timeout=limit + 20),
        "GET": lambda: c.request("GET", blob_url, timeout=limit + 20, label=name),
        "HEAD": lambda: c.request("HEAD", blob_url, timeout=limit + 20, label=name),
        "inspect": lambda: c.request("GET", blob_url + "/inspect?selector=lines:2-4", timeout=limit + 20, label=name),
        "tool-call": lambda: c.tool_calls(app.url, [{"id": "1", "name": "inspect",
                                                      "arguments": {"blob_id": seed_id, "selector": "lines:2-4"}}],
                                          timeout=limit + 20, label=name),
        "ready": lambda: c.request("GET", app.url + "/q/health/ready", timeout=limit + 20, label=name),
    }
    os.kill(s3pid, signal.SIGSTOP)
    try:
        with cf.ThreadPoolExecutor(len(cases)) as ex:
            futs = {k: ex.submit(f) for k, f in cases.items()}
            answers = {k: f.result() for k, f in futs.items()}
    finally:
        os.kill(s3pid, signal.SIGCONT)
    problems, parts = [], []
    for k, r in answers.items():
        parts.append("%s %s" % (k, r.short()))
        if r.status is None or r.elapsed > limit:
            problems.append("%s: %s" % (k, r.short()))
        elif k == "ready":
            continue  # reported only: readiness may say DOWN while the store hangs
        elif r.status == 200:
            if k == "tool-call":
                items = (r.json() or {}).get("results") or [{}]
                parts[-1] += " (item %s)" % items[0].get("status")
            if k == "GET" and hashlib.sha256(r.body).hexdigest() != seed_body.sha:
                problems.append("GET 200 with wrong bytes (%d)" % len(r.body))
        elif not r.busy_ok():
            problems.append("%s: %s %s %s" % (k, r.short(), r.ctype(), r.body[:120]))
    # after SIGCONT: ready again, then normal service
    t0 = time.monotonic()
    ready = None
    while time.monotonic() - t0 < 30:
        rr = c.request("GET", app.url + "/q/health/ready", timeout=5, label=name + " recovery")
        if rr.status == 200:
            ready = time.monotonic() - t0
            break
        time.sleep(0.3)
    body3 = TextBody(pool, rnd, 2 * MIB, "after")
    r3 = post_pieces(app, body3.pieces(), body3.length, label=name + " recovery")
    blob3 = ((r3.json() or {}).get("blob") or {}).get("id")
    rd, sha = c.download_sha(app.url, blob3 or "none", label=name + " recovery")
    rs, sha_seed = c.download_sha(app.url, seed_id, label=name + " recovery")
    ri = c.request("GET", blob_url + "/inspect?selector=lines:1-1", timeout=15, label=name + " recovery")
    recovered = (ready is not None and r3.status == 200 and sha == body3.sha and rs.status == 200 and sha_seed == seed_body.sha
                 and ri.status == 200)
    if not recovered:
        problems.append("after SIGCONT: ready %s, ingest %s, download %s exact %s, seed %s exact %s, inspect %s" % (
            "none" if ready is None else "%.1fs" % ready, r3.short(), rd.status, sha == body3.sha, rs.status,
            sha_seed == seed_body.sha, ri.status))
    observed = "%s; after SIGCONT ready in %s, ingest+download+inspect %s%s" % (
        ", ".join(parts), "never" if ready is None else "%.1fs" % ready, "ok" if recovered else "FAILED",
        ("; " + "; ".join(problems)) if problems else "")
    result(name, budget, observed, not problems)


# ---- scenario 8: error answers ---------------------------------------------------------------------------------

def scenario8():
    bad_type, leaked, item_leaks = [], [], []
    for e in c.ERROR_ANSWERS:
        if not e["ctype"].startswith("application/problem+json"):
            bad_type.append("%s %s %s" % (e["label"], e["status"], e["ctype"] or "no type"))
        found = c.leaks(e["body"])
        if found:
            leaked.append("%s %s: %s" % (e["label"], e["status"], found[0]))
    for e in c.ERROR_ITEMS:
        found = c.leaks(e["output"])
        if found:
            item_leaks.append("%s: %s in %r" % (e["label"], found[0], e["output"][:160]))
    statuses = {}
    for e in c.ERROR_ANSWERS:
        statuses[e["status"]] = statuses.get(e["status"], 0) + 1
    result("8 error answers are problem+json", "every 4xx/5xx answer: application/problem+json",
           "%d error answers (%s); not problem+json: %d%s" % (
               len(c.ERROR_ANSWERS), ", ".join("%s×%d" % kv for kv in sorted(statuses.items())), len(bad_type),
               ("; e.g. " + "; ".join(sorted(set(bad_type))[:3])) if bad_type else ""), not bad_type)
    result("8 no class names in errors", "no class name / stack / 'Error id' in error answers or tool error items",
           "%d answers, %d error items checked; leaks in answers %d, in items %d%s" % (
               len(c.ERROR_ANSWERS), len(c.ERROR_ITEMS), len(leaked), len(item_leaks),
               ("; e.g. " + "; ".join((leaked + item_leaks)[:3])) if leaked or item_leaks else ""),
           not leaked and not item_leaks)
    unexpected = {}
    for app, key in ((FS, "FAULTS_FS_LOG"), (S3, "FAULTS_S3APP_LOG")):
        try:
            with open(ENV[key], errors="replace") as f:
                lines = [ln for ln in f if "Unexpected failure" in ln]
        except OSError:
            lines = []
        unexpected[app.name] = lines
    sample = next((ln.strip()[:220] for lines in unexpected.values() for ln in lines), "")
    result("8 no unexpected failures logged", "no 'Unexpected failure' (the 500 path) in the service logs: every fault here is a budget",
           "fs %d, s3 %d%s" % (len(unexpected["fs"]), len(unexpected["s3"]), ("; e.g. " + sample) if sample else ""),
           not any(unexpected.values()))


# ---- driver -----------------------------------------------------------------------------------------------------

def run(group, fn, *args):
    only = [x.strip() for x in ENV.get("FAULTS_ONLY", "").split(",") if x.strip()]
    if only and group not in only:
        return
    t0 = time.monotonic()
    say("scenario %s %s" % (group, fn.__name__))
    try:
        fn(*args)
    except Exception as e:  # noqa: BLE001 - a crash of one scenario is its failure, the others still run
        traceback.print_exc()
        result("%s %s" % (group, fn.__name__), "runs to the end", "the scenario crashed: %s: %s" % (type(e).__name__, e), False)
    say("scenario %s %s took %.1fs" % (group, fn.__name__, time.monotonic() - t0))


def wait_for_quiet():
    """FAULTS_LOAD_AFTER names a file that another job beside this suite creates when it ends (.ci/run's light checks
    and proofs): the groups with latency budgets and the load group wait for it, at most FAULTS_LOAD_WAIT seconds
    (600), so that what they measure is this suite's replicas alone, not two cores that another job also uses."""
    path = ENV.get("FAULTS_LOAD_AFTER")
    only = [x.strip() for x in ENV.get("FAULTS_ONLY", "").split(",") if x.strip()]
    if not path or (only and not {"3", "9", "11"} & set(only)):
        return
    limit = float(ENV.get("FAULTS_LOAD_WAIT", "600"))
    t0 = time.monotonic()
    while not os.path.exists(path) and time.monotonic() - t0 < limit:
        time.sleep(0.5)  # a file another process writes: nothing to wait on but its existence
    say("the load group waited %.0fs for %s%s" % (time.monotonic() - t0, path,
                                                  "" if os.path.exists(path) else " (not there: it runs anyway)"))


def main():
    # stopped from outside (run.sh cleanup, timeout): unwind, so S3Proxy is continued and samplers end
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    for app in (FS, S3):
        c.ingest(app.url, c.small_text(2048, "warm"), tool="warm", timeout=30)  # warm the paths before the idle heap
        app.idle_heap = c.heap_used_mib(app.pid)
        say("%s idle heap after GC: %s MiB" % (app.name, app.idle_heap))
    # group 10 starts processes of its own (replicas to stop, an S3Proxy to kill and stop) and spends most of its two
    # minutes waiting on them (start-ups, store deadlines, drains): it runs on a thread of its own beside the groups
    # up to 12, which use the suite's replicas, and ends before the groups that measure latency and load
    beside = threading.Thread(target=lambda: (run("10", outage.shutdown, result), run("10", outage.s3_outage, result)),
                              name="group-10")
    beside.start()
    run("1", scenario1, FS)
    run("1", scenario1_aborts, FS)
    run("1", health, FS, "1")
    run("1", scenario1, S3)
    run("1", scenario1_aborts, S3)
    run("1", health, S3, "1")
    run("2", scenario2, FS)
    run("2", health, FS, "2")
    run("2", scenario2, S3)
    run("2", health, S3, "2")
    run("4", scenario4, FS)
    run("4", health, FS, "4")
    run("6", scenario6, FS)
    run("6", health, FS, "6")
    # last on fs: what the index cache legitimately keeps (up to index-cache-bytes) stays after it
    run("5", scenario5, FS)
    run("5", health, FS, "5")
    run("7", scenario7, S3)
    run("7", health, S3, "7")
    run("12", edge.edge, result)
    beside.join()
    # last, when nothing else runs beside this suite: the groups with latency budgets (3: others' p99 while 250
    # uploads stall; 11: health and inspects while a crowd uploads) and the load group, which counts the inspects
    # the replicas serve at once
    wait_for_quiet()
    run("3", scenario3, FS)
    run("3", health, FS, "3")
    run("11", crowd.scenario11, FS, result)
    run("11", health, FS, "11")
    run("9", scenario9, FS)
    run("9", health, FS, "9")
    run("9", scenario9, S3)
    run("9", health, S3, "9")
    scenario8()
    return 10 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
