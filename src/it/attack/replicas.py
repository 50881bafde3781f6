#!/usr/bin/env python3
"""Two packaged replicas on one store, auth on, tenants A and B: what a hostile tenant learns of another's blobs.

Run by src/it/attack/run.sh (which starts S3Proxy and the tool server and sets ATTACK_JAVA_ARGS for the store). Checks:
  - B's reads of A's blob, on the replica that wrote it (which remembers its record) and on the other, answer exactly
    as an unknown id (status, headers but Date, body with the id masked), on every read path;
  - A's blob removed on replica 2 is not served by replica 1, which still remembers its record;
  - (S3) the time of B's refused read of A's remembered blob against an unknown id's, medians of ROUNDS each;
  - (S3) outputs spooled while S3 is stopped (SIGSTOP) are refused to B as unknown ids, and still A's once drained.
Prints PASS/FAIL lines; exits non-zero on a failure.
"""
import hashlib
import http.client
import json
import os
import signal
import statistics
import subprocess
import sys
import time
import uuid

ENV = os.environ
STORE = ENV["ATTACK_STORE"]
WORK = ENV["ATTACK_WORK"]
KEY_A, KEY_B, KEY_C = "key-of-tenant-a-" + "a" * 20, "key-of-tenant-b-" + "b" * 20, "key-of-tenant-c-" + "c" * 20
FAILED = []


def check(ok, label, detail=""):
    print("%s %s-%s%s" % ("PASS" if ok else "FAIL", STORE, label, (": " + detail) if detail and not ok else ""))
    if not ok:
        FAILED.append(label)


def request(port, method, path, key=None, body=None, headers=None, timeout=30):
    h = dict(headers or {})
    if key:
        h["Authorization"] = "Bearer " + key
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request(method, path, body=body, headers=h)
        r = conn.getresponse()
        data = r.read()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, data
    finally:
        conn.close()


def start(port, name, extra=()):
    args = ENV["ATTACK_JAVA_ARGS"].split() + list(extra) + [
        "-Dtoolspill.auth.enabled=true",
        "-Dtoolspill.auth.keys.a=" + hashlib.sha256(KEY_A.encode()).hexdigest(),
        "-Dtoolspill.auth.keys.b=" + hashlib.sha256(KEY_B.encode()).hexdigest(),
        "-Dtoolspill.auth.keys.c=" + hashlib.sha256(KEY_C.encode()).hexdigest(),
        "-Dtoolspill.tenants.c.tools=inspect",
        "-Dtoolspill.tools.remote.\"lines\".url=%s/lines" % ENV["ATTACK_TOOLS_URL"],
        "-Dtoolspill.spool.dir=%s/spool-%s-%s" % (WORK, STORE, name),
        "-Dtoolspill.spool.retry-interval=1s",
        "-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=%d" % port]
    log = open("%s/%s-%s.log" % (WORK, STORE, name), "w")
    proc = subprocess.Popen(["java"] + args + ["-jar", ENV["ATTACK_JAR"]], stdout=log, stderr=subprocess.STDOUT)
    for _ in range(600):
        if proc.poll() is not None:
            sys.exit("FAIL %s: replica %s exited at start-up (see %s)" % (STORE, name, log.name))
        try:
            if request(port, "GET", "/q/health/ready", timeout=2)[0] == 200:
                return proc
        except OSError:
            pass
        time.sleep(0.2)
    proc.kill()
    sys.exit("FAIL %s: replica %s not ready" % (STORE, name))


def store_output(port, key, text):
    status, _, body = request(port, "POST", "/v1/tool-outputs?tool=t", key, text.encode(), {"Content-Type": "text/plain"})
    assert status == 200, (status, body)
    return json.loads(body)["blob"]["id"]


def call(port, key, name, arguments, timeout=30):
    body = json.dumps({"calls": [{"id": "1", "name": name, "arguments": arguments}]}).encode()
    status, _, data = request(port, "POST", "/v1/tool-calls", key, body, {"Content-Type": "application/json"}, timeout)
    return status, data


def mcp(port, key, method, params):
    body = json.dumps({"jsonrpc": "2.0", "id": 7, "method": method, "params": params}).encode()
    return request(port, "POST", "/mcp", key, body, {"Content-Type": "application/json",
                                                     "Accept": "application/json, text/event-stream"})


def reads(port, key, id):
    """Every read path as (status, headers minus Date, body) with the id masked."""
    b = "/v1/blobs/" + id
    answers = {
        "GET": request(port, "GET", b, key),
        "HEAD": request(port, "HEAD", b, key),
        "ranged GET": request(port, "GET", b, key, headers={"Range": "bytes=0-9"}),
        "conditional GET": request(port, "GET", b, key, headers={"If-None-Match": '"%s"' % id}),
        "inspect": request(port, "GET", b + "/inspect", key),
        "inspect lines": request(port, "GET", b + "/inspect?selector=lines:1-2", key),
        "inspect grep": request(port, "GET", b + "/inspect?selector=grep:fox", key),
        "verify": request(port, "POST", b + "/verify", key),
        "inspect tool": (200, {}, call(port, key, "inspect", {"blob_id": id})[1]),
        "$blob argument": (200, {}, call(port, key, "lines", {"text": {"$blob": id}})[1]),
        "MCP resources/read": mcp(port, key, "resources/read", {"uri": "toolspill://blobs/" + id}),
        "MCP lines": mcp(port, key, "resources/read", {"uri": "toolspill://blobs/%s/lines/1-2" % id}),
    }
    out = {}
    for name, (status, headers, body) in answers.items():
        headers = {k: v.replace(id, "<id>") for k, v in headers.items() if k not in ("date", "mcp-session-id")}
        out[name] = (status, headers, body.decode("utf-8", "replace").replace(id, "<id>"))
    return out


def unknown_id():
    """A random id of the accepted shape (UUIDv7, variant 10), never stored."""
    return str(uuid.UUID(int=(uuid.uuid4().int & ~(0xF << 76)) | (0x7 << 76)))


def same_as_unknown(port, key, id, label):
    unknown = unknown_id()
    seen, expected = reads(port, key, id), reads(port, key, unknown)
    diffs = [n for n in seen if seen[n] != expected[n]]
    check(not diffs, label, "; ".join("%s: %r vs unknown %r" % (n, seen[n], expected[n]) for n in diffs)[:3000])
    return seen


LINES = "".join("line %04d: the quick brown fox jumps over the lazy dog\n" % i for i in range(400))


def attack_reads(p1, p2):
    id = store_output(p1, KEY_A, LINES)
    request(p1, "GET", "/v1/blobs/" + id, KEY_A)  # A reads it: replica 1 knows its record, and its index
    request(p1, "GET", "/v1/blobs/%s/inspect?selector=lines:1-2" % id, KEY_A)
    request(p2, "GET", "/v1/blobs/%s/inspect?selector=lines:1-2" % id, KEY_A)  # replica 2 knows it too now
    seen = same_as_unknown(p1, KEY_B, id, "B-on-A-blob-replica1-as-unknown")
    check(seen["GET"][0] == 404, "B-GET-is-404-replica1", str(seen["GET"][0]))
    same_as_unknown(p2, KEY_B, id, "B-on-A-blob-replica2-as-unknown")
    st, _, _ = request(p2, "DELETE", "/v1/blobs/" + id, KEY_B)
    check(st == 404, "B-DELETE-404", str(st))
    st, _, _ = request(p1, "GET", "/v1/blobs/" + id, KEY_A)
    check(st == 200, "A-still-reads-after-B-DELETE", str(st))

    # removal on replica 2, reads on replica 1 that remembers the record (and the read index, and on S3 the name)
    st, _, _ = request(p2, "DELETE", "/v1/blobs/" + id, KEY_A)
    check(st == 204, "A-DELETE-on-replica2", str(st))
    not_served(p1, id, "removed-on-replica2-not-served-by-replica1")


def timing(p1, rounds):
    ids = [store_output(p1, KEY_A, LINES) for _ in range(20)]
    for id in ids:
        request(p1, "GET", "/v1/blobs/%s/inspect?selector=lines:1-2" % id, KEY_A)
    paths = {"GET": ("GET", ""), "HEAD": ("HEAD", ""), "inspect": ("GET", "/inspect?selector=lines:1-2")}
    conn = http.client.HTTPConnection("127.0.0.1", p1, timeout=30)
    result = {}
    for name, (method, suffix) in paths.items():
        a, u = [], []
        for i in range(rounds):
            for kind, target in (("a", ids[i % len(ids)]), ("u", unknown_id())):
                t0 = time.perf_counter()
                conn.request(method, "/v1/blobs/" + target + suffix, headers={"Authorization": "Bearer " + KEY_B})
                r = conn.getresponse()
                r.read()
                (a if kind == "a" else u).append((time.perf_counter() - t0) * 1000)
                assert r.status == 404, r.status
        ma, mu = statistics.median(a), statistics.median(u)
        result[name] = (ma, mu)
        print("TIME %s-%s: B on A's remembered blob median %.3f ms (p90 %.3f), unknown id median %.3f ms (p90 %.3f), ratio %.3f"
              % (STORE, name, ma, sorted(a)[int(rounds * .9)], mu, sorted(u)[int(rounds * .9)], ma / mu))
        check(abs(ma - mu) / mu < 0.25, "timing-" + name, "%.3f vs %.3f ms" % (ma, mu))
    conn.close()


def spool(p1, p2, s3_pid):
    os.kill(s3_pid, signal.SIGSTOP)
    try:
        ids = []
        deadline = time.monotonic() + 90
        while len(ids) < 3 and time.monotonic() < deadline:
            st, data = call(p1, KEY_A, "lines", {"seed": len(ids), "bytes": 20000}, timeout=120)
            item = json.loads(data)["results"][0]
            if item.get("disposition") == "spooled":
                ids.append(item["blob"]["id"])
        check(len(ids) == 3, "spooled-while-S3-stopped", str(len(ids)))
        for id in ids:
            st, _, body = request(p1, "GET", "/v1/blobs/" + id, KEY_A)
            check(st == 200, "A-reads-spooled", str(st))
            st_b, h_b, body_b = request(p1, "GET", "/v1/blobs/" + id, KEY_B, timeout=60)
            st_u, h_u, body_u = request(p1, "GET", "/v1/blobs/" + unknown_id(), KEY_B, timeout=60)
            print("INFO %s spool outage: B on spooled %d %s | unknown id %d %s" % (STORE, st_b, body_b[:120], st_u, body_u[:120]))
            check(st_b == st_u and st_b in (404, 503), "B-on-spooled-as-unknown", "%d vs %d" % (st_b, st_u))
            same_as_unknown_status = request(p1, "HEAD", "/v1/blobs/" + id, KEY_B, timeout=60)[0]
            check(same_as_unknown_status == request(p1, "HEAD", "/v1/blobs/" + unknown_id(), KEY_B, timeout=60)[0],
                  "B-HEAD-on-spooled-as-unknown")
    finally:
        os.kill(s3_pid, signal.SIGCONT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if all(request(p2, "GET", "/v1/blobs/" + id, KEY_A)[0] == 200 for id in ids):
            break
        time.sleep(0.5)
    for id in ids:
        check(request(p2, "GET", "/v1/blobs/" + id, KEY_A)[0] == 200, "drained-A-reads-on-replica2")
        check(request(p2, "GET", "/v1/blobs/" + id, KEY_B)[0] == 404, "drained-B-404-replica2")
        check(request(p1, "GET", "/v1/blobs/" + id, KEY_B)[0] == 404, "drained-B-404-replica1")
    same_as_unknown(p1, KEY_B, ids[0], "drained-B-as-unknown-replica1")


def not_served(port, id, label):
    """Every read path of the owner answers as for an id never stored."""
    after = reads(port, KEY_A, id)
    served = {n: a[0] for n, a in after.items() if a[0] != 404 and n not in ("inspect tool", "$blob argument",
                                                                             "MCP resources/read", "MCP lines")}
    served.update({n: "ok item" for n in ("inspect tool", "$blob argument") if '"status":"ok"' in after[n][2]})
    served.update({n: "no error" for n in ("MCP resources/read", "MCP lines") if '"error"' not in after[n][2]})
    if STORE == "s3" and served.get("HEAD") == 200:
        del served["HEAD"]  # documented: S3 names found by a HEAD are kept a minute
    check(not served, label, json.dumps(served))


def retention(p1, p2, r2):
    """Replica 2 restarted with a 15 s retention: what it sweeps, replica 1 (which wrote and read it) stops serving."""
    r2.terminate()
    r2.wait(30)
    r2 = start(p2, "r2-retention", ["-Dtoolspill.retention.max-age=15s", "-Dtoolspill.retention.interval=5s"])
    id = store_output(p1, KEY_A, LINES)
    request(p1, "GET", "/v1/blobs/%s/inspect" % id, KEY_A)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and request(p2, "GET", "/v1/blobs/" + id, KEY_A)[0] == 200:
        time.sleep(1)
    check(request(p2, "GET", "/v1/blobs/" + id, KEY_A)[0] == 404, "retention-swept-on-replica2")
    not_served(p1, id, "swept-on-replica2-not-served-by-replica1")
    return r2


def half_written(p1, p2):
    """S3Proxy killed during a 512 MiB upload and restarted: no record left without its blob reads on either replica."""
    import threading
    base = os.path.join(WORK, "s3data", "attack")
    before = set(os.listdir(os.path.join(base, "blobs"))) if os.path.isdir(os.path.join(base, "blobs")) else set()
    result = {}

    def upload():
        body = (LINES * 24000)[:512 * 1024 * 1024].encode()
        try:
            result["r"] = request(p1, "POST", "/v1/tool-outputs?tool=big", KEY_A, body, {"Content-Type": "text/plain"}, timeout=120)
        except OSError as e:
            result["r"] = (None, {}, str(e).encode())

    t = threading.Thread(target=upload)
    t.start()
    time.sleep(1.5)
    os.kill(int(ENV["ATTACK_S3_PID"]), signal.SIGKILL)
    t.join(150)
    print("INFO %s upload cut by S3Proxy's kill: %s %s" % (STORE, result["r"][0], result["r"][2][:160]))
    check(result["r"][0] in (None, 503), "cut-upload-is-503-or-reset", str(result["r"][0]))
    log = open(os.path.join(WORK, "s3proxy-restarted.log"), "w")
    proxy = subprocess.Popen(["java", "-Xmx256m", "-jar", ENV["ATTACK_S3PROXY_JAR"], "--properties", ENV["ATTACK_S3PROXY_PROPS"]],
                             stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):
            try:
                request(int(ENV["ATTACK_S3_PORT"]), "GET", "/", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        names = (set(os.listdir(os.path.join(base, "blobs"))) if os.path.isdir(os.path.join(base, "blobs")) else set()) - before
        orphans = [n[:-5] for n in names if n.endswith(".meta") and n[:-5] + ".txt" not in names and n[:-5] + ".json" not in names]
        print("INFO %s after the cut: new objects %s; records without a blob: %s" % (STORE, sorted(names), orphans))
        for id in orphans:
            for port, name in ((p1, "1"), (p2, "2")):
                not_served(port, id, "half-written-not-served-replica" + name)
    finally:
        proxy.terminate()
        proxy.wait(30)


def main():
    p1, p2 = int(ENV["ATTACK_PORT1"]), int(ENV["ATTACK_PORT2"])
    r1, r2 = start(p1, "r1"), start(p2, "r2")
    only = ENV.get("ATTACK_ONLY", "")  # "" every part; or one of: reads, spool, after (retention, half-written upload)
    try:
        if only in ("", "reads"):
            attack_reads(p1, p2)
            sys.modules["replicas"] = sys.modules[__name__]  # hostile.py shares this module's checks
            import hostile
            hostile.run(p1)
            if STORE == "s3":
                timing(p1, int(ENV.get("ATTACK_ROUNDS", "300")))
        if STORE == "s3" and only in ("", "spool"):
            spool(p1, p2, int(ENV["ATTACK_S3_PID"]))
        if only in ("", "after"):
            r2 = retention(p1, p2, r2)
            if STORE == "s3":
                half_written(p1, p2)
    finally:
        for r in (r1, r2):
            r.terminate()
        for r in (r1, r2):
            try:
                r.wait(45)  # shutdown waits up to 25 s for requests in flight
            except subprocess.TimeoutExpired:
                r.kill()
                r.wait(10)
    print("%s %s: %d failed" % ("FAIL" if FAILED else "PASS", STORE, len(FAILED)))
    sys.exit(1 if FAILED else 0)


if __name__ == "__main__":
    main()
