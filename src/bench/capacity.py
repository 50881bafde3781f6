"""Per-request costs of one Toolspill replica on S3, for src/docs/capacity.md (run by capacity.sh).

    capacity.py BASE_URL PID S3_ACCESS_LOG WORK write|read

"write" stores outputs and measures their costs; it saves the blob ids to WORK/ids.json. "read" (run against a replica
started afresh on the same bucket, so nothing is cached) measures inspect (cold, then warm), ranged reads and MCP
tools/call. For each request type: S3 requests per request, by kind, counted in the nginx access log in front of the S3
server; service CPU per request (utime + stime of PID from /proc, so the client's CPU is not counted); heap after a full
GC and peak RSS (VmHWM) at the end. Prints Markdown rows; WORK/rows.md gathers both runs.
"""
import http.client
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.parse

BASE, PID, S3LOG, WORK, PHASE = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
HOST = urllib.parse.urlparse(BASE)
CLIENTS = 8
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds():
    fields = open(f"/proc/{PID}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def status(key):
    for line in open(f"/proc/{PID}/status"):
        if line.startswith(key + ":"):
            return int(line.split()[1]) // 1024
    return -1


def heap_after_gc():
    subprocess.run(["jcmd", str(PID), "GC.run"], capture_output=True, timeout=60)
    out = subprocess.run(["jcmd", str(PID), "GC.heap_info"], capture_output=True, timeout=60, text=True).stdout
    used = re.search(r"used (\d+)K", out)
    return int(used.group(1)) // 1024 if used else -1


def s3_kind(method, uri):
    query = urllib.parse.urlparse(uri).query
    params = urllib.parse.parse_qs(query, keep_blank_values=True)
    if method == "PUT":
        return "UploadPart" if "partNumber" in params else "PutObject"
    if method == "POST":
        return "CreateMultipartUpload" if "uploads" in params else "CompleteMultipartUpload" if "uploadId" in params else "POST"
    if method == "GET":
        return "ListObjects" if ("list-type" in params or "prefix" in params or uri.rstrip("/").count("/") <= 1) else "GetObject"
    if method == "HEAD":
        return "HeadObject"
    if method == "DELETE":
        return "AbortMultipartUpload" if "uploadId" in params else "DeleteObject"
    return method


# S3 list prices (Standard, us-east-1) as published on aws.amazon.com/s3/pricing, as of 2025: requests in two tiers
TIER1 = {"PutObject", "UploadPart", "CreateMultipartUpload", "CompleteMultipartUpload", "ListObjects", "POST"}


def s3_requests(offset):
    """Requests in the S3 access log after byte offset, by kind; and the new offset."""
    with open(S3LOG, "rb") as log:
        log.seek(offset)
        data = log.read()
    kinds = {}
    for line in data.decode("utf-8", "replace").splitlines():
        parts = line.split(" ")
        if len(parts) >= 3:
            kind = s3_kind(parts[0], parts[1])
            kinds[kind] = kinds.get(kind, 0) + 1
    return kinds, offset + len(data)


def log_offset():
    return os.path.getsize(S3LOG) if os.path.exists(S3LOG) else 0


def run(requests):
    """Sends (method, path, body, headers) requests on CLIENTS keep-alive connections; returns [(status, body)]."""
    answers = [None] * len(requests)
    lock = threading.Lock()
    next_index = [0]

    def worker():
        conn = http.client.HTTPConnection(HOST.hostname, HOST.port, timeout=120)
        while True:
            with lock:
                i = next_index[0]
                next_index[0] += 1
            if i >= len(requests):
                break
            method, path, body, headers = requests[i]
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            answers[i] = (response.status, response.read())
        conn.close()

    threads = [threading.Thread(target=worker) for _ in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


ROWS = []


def settled_log():
    """The S3 log's size once it stopped growing for 0.5 s (a read index may be written just after its answer)."""
    size, since, deadline = log_offset(), time.monotonic(), time.monotonic() + 10
    while time.monotonic() < deadline and time.monotonic() - since < 0.5:
        time.sleep(0.1)
        now = log_offset()
        if now != size:
            size, since = now, time.monotonic()
    return size


def measure(name, requests, expect=(200,)):
    offset = settled_log()
    cpu0, started = cpu_seconds(), time.monotonic()
    answers = run(requests)
    elapsed, cpu = time.monotonic() - started, cpu_seconds() - cpu0
    settled_log()
    kinds, _ = s3_requests(offset)
    bad = [status for status, _ in answers if status not in expect]
    if bad:
        sys.exit(f"{name}: {len(bad)} of {len(answers)} answers were not {expect}: {sorted(set(bad))}")
    n = len(requests)
    per = ", ".join(f"{kind} {count / n:.2f}" for kind, count in sorted(kinds.items())) or "none"
    tier1 = sum(count for kind, count in kinds.items() if kind in TIER1) / n
    tier2 = sum(count for kind, count in kinds.items() if kind not in TIER1 and kind not in ("DeleteObject", "AbortMultipartUpload")) / n
    heap, rss = heap_after_gc(), status("VmHWM")
    row = {"name": name, "n": n, "s3": per, "tier1": tier1, "tier2": tier2, "cpu_ms": 1000 * cpu / n,
           "rate": n / elapsed, "heap": heap, "rss": rss}
    ROWS.append(row)
    print(f"| {name} | {n} | {per} | {tier1:.2f} | {tier2:.2f} | {row['cpu_ms']:.2f} ms | {row['rate']:.1f}/s | {heap} MiB | {rss} MiB |",
          flush=True)
    return answers


def lines(count, tag):
    return "".join(f"{tag} line {i:07d} of a tool output, padded to about one hundred bytes with text............\n"
                   for i in range(count)).encode()


def write_phase():
    post = lambda body, tool="cap": ("POST", f"/v1/tool-outputs?tool={tool}", body, {"Content-Type": "text/plain"})
    # warm-up, not measured: the JIT compiles the paths first (a replica in service has long done so)
    run([post(b"x" * 299 + b"\n") for _ in range(1000)] + [post(lines(1000, f"w{i}")) for i in range(100)])
    warm = run([post(lines(200_000, "warm"))])
    measure("inline output (300 B)", [post(b"x" * 299 + b"\n") for _ in range(2000)])
    small = measure("stored output (100 KiB text)", [post(lines(1000, f"s{i}")) for i in range(300)])
    again = measure("the same 100 KiB output again (deduplicated)", [post(lines(1000, f"s{i}")) for i in range(300)])
    if [json.loads(b)["blob"]["id"] for _, b in again] != [json.loads(b)["blob"]["id"] for _, b in small]:
        sys.exit("a repeated output was not answered with its first blob's id")
    big = measure("stored output (20 MiB text, multipart)", [post(lines(200_000, f"b{i}")) for i in range(6)])
    ids = {"small": [json.loads(body)["blob"]["id"] for _, body in small], "big": [json.loads(body)["blob"]["id"] for _, body in big],
           "warm": json.loads(warm[0][1])["blob"]["id"]}
    json.dump(ids, open(os.path.join(WORK, "ids.json"), "w"))


def read_phase():
    ids = json.load(open(os.path.join(WORK, "ids.json")))
    inspect = lambda blob, sel: ("GET", f"/v1/blobs/{blob}/inspect?selector={urllib.parse.quote(sel)}", None, {})
    ranged = lambda blob, start: ("GET", f"/v1/blobs/{blob}", None, {"Range": f"bytes={start}-{start + 65535}"})
    # warm-up on a blob of its own, not measured: the JIT compiles the read paths; the blobs measured stay uncached
    run([inspect(ids["warm"], f"lines:{i}-{i + 20}") for i in range(1, 100_000, 200)] + [ranged(ids["warm"], 4096 * i) for i in range(300)]
        + [inspect(ids["warm"], "grep:line 0199999")] * 4)
    measure("inspect `lines:` of a 100 KiB blob, first on this replica", [inspect(b, "lines:500-520") for b in ids["small"]])
    measure("inspect `lines:` of a 100 KiB blob, again", [inspect(b, "lines:600-620") for b in ids["small"] * 4])
    measure("inspect `lines:` of a 20 MiB blob, first on this replica", [inspect(b, "lines:150000-150020") for b in ids["big"]])
    measure("inspect `lines:` of a 20 MiB blob, again", [inspect(b, f"lines:{100000 + 10 * i}-{100020 + 10 * i}")
                                                        for i, b in enumerate(ids["big"] * 50)])
    measure("inspect `grep:` over a 20 MiB blob (first 20 hits)", [inspect(b, "grep:line 0199999") for b in ids["big"] * 2])
    measure("ranged GET, 64 KiB of a 20 MiB blob", [ranged(b, 1_000_000 + 4096 * i) for i, b in enumerate(ids["big"] * 50)], expect=(206,))
    call = lambda blob, i: ("POST", "/mcp", json.dumps({"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": {
        "name": "inspect", "arguments": {"blob_id": blob, "selector": f"lines:{10 + i % 900}-{12 + i % 900}"}}}).encode(),
        {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
    measure("MCP tools/call `inspect` (warm)", [call(b, i) for i, b in enumerate(ids["small"] * 3)])
    measure("DELETE /v1/blobs/{id} (100 KiB blob)", [("DELETE", f"/v1/blobs/{b}", None, {}) for b in ids["small"][:100]], expect=(204,))


write_phase() if PHASE == "write" else read_phase()
with open(os.path.join(WORK, "rows.md"), "a") as out:
    for r in ROWS:
        out.write(json.dumps(r) + "\n")
