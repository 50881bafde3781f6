#!/usr/bin/env python3
"""Soak: fixed concurrency, mixed sizes (ingest of 1 KiB..1 MiB, inspect, ranged GET) against the packaged service
for PROOF_SOAK_SECONDS, twice with API keys on and twice with authentication off (on, off, off, on), on the store
PROOF_STORE.
Checks zero errors and a flat heap (used heap after a full GC, jcmd, at the start and at the end of the measured
run); reports throughput, p50 and p99, and the throughput with auth on as a ratio of the one without.
Prints PASS/FAIL lines and Markdown rows (| store | auth | ops/s | p50 ms | p99 ms | errors | heap start→end MiB |).
"""
import hashlib
import http.client
import os
import random
import re
import sys
import threading
import time

from service import common, free_port, start, stop

ENV = os.environ
STORE = ENV.get("PROOF_STORE", "fs")
SECONDS = float(ENV.get("PROOF_SOAK_SECONDS", "12"))
WARMUP = float(ENV.get("PROOF_SOAK_WARMUP", "4"))
CONCURRENCY = int(ENV.get("PROOF_SOAK_CONCURRENCY", "8"))
HEAP_GROWTH_MIB = float(ENV.get("PROOF_SOAK_HEAP_GROWTH_MIB", "16"))
KEY = "soak-key-" + hashlib.sha256(str(time.time()).encode()).hexdigest()[:24]
ID = re.compile(rb'"id":"([0-9a-f-]{36})"')
SIZES = [1024, 4096, 16 * 1024, 64 * 1024, 256 * 1024, 1024 * 1024]
WEIGHTS = [30, 25, 20, 13, 9, 3]


class Worker(threading.Thread):
    def __init__(self, port, headers, seed, stop_at, ids):
        super().__init__(daemon=True)
        self.port, self.headers, self.stop_at, self.ids = port, headers, stop_at, ids
        self.rnd = random.Random(seed)
        self.latencies, self.errors, self.error_samples = [], 0, []
        self.measure_from = None

    def body(self):
        size = self.rnd.choices(SIZES, WEIGHTS)[0]
        line = ("soak %d " % self.rnd.randint(0, 1 << 30)).encode() + b"x" * 90 + b"\n"
        return (line * (size // len(line) + 1))[:size]

    def one(self, conn):
        pick = self.rnd.random()
        if pick < 0.4 or not self.ids:
            data = self.body()
            conn.request("POST", "/v1/tool-outputs?tool=soak", body=data,
                         headers=dict(self.headers, **{"Content-Type": "text/plain"}))
            kind = "ingest"
        elif pick < 0.7:
            conn.request("GET", "/v1/blobs/%s/inspect?selector=lines:1-20" % self.rnd.choice(self.ids), headers=self.headers)
            kind = "inspect"
        else:
            first = self.rnd.randint(0, 900)
            conn.request("GET", "/v1/blobs/%s" % self.rnd.choice(self.ids),
                         headers=dict(self.headers, Range="bytes=%d-%d" % (first, first + 4095)))
            kind = "range"
        r = conn.getresponse()
        body = r.read()
        if kind == "ingest" and r.status == 200:
            m = ID.search(body)
            if m and len(self.ids) < 500:
                self.ids.append(m.group(1).decode())
        return r.status in (200, 206), "%s %s %s" % (kind, r.status, body[:200])

    def run(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        while time.monotonic() < self.stop_at:
            t0 = time.monotonic()
            try:
                ok, what = self.one(conn)
            except Exception as e:  # noqa: BLE001 - an error is an observation
                ok, what = False, "%s: %s" % (type(e).__name__, e)
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            t1 = time.monotonic()
            if self.measure_from is not None and t0 >= self.measure_from:
                self.latencies.append(t1 - t0)
                if not ok:
                    self.errors += 1
                    if len(self.error_samples) < 3:
                        self.error_samples.append(what)
        conn.close()


def run(auth):
    port = free_port()
    extra = ["-Dtoolspill.auth.enabled=%s" % ("true" if auth else "false")]
    headers = {}
    if auth:
        extra.append("-Dtoolspill.auth.keys.soak=" + hashlib.sha256(KEY.encode()).hexdigest())
        headers["Authorization"] = "Bearer " + KEY
    label = "soak-%s-auth-%s" % (STORE, "on" if auth else "off")
    with open(os.path.join(ENV["PROOF_WORK"], label + ".log"), "w") as log:
        proc = start(port, log, extra, label)
        try:
            ids = []
            start_at = time.monotonic()
            workers = [Worker(port, headers, 1000 * i + (1 if auth else 2), start_at + WARMUP + SECONDS, ids)
                       for i in range(CONCURRENCY)]
            for w in workers:
                w.start()
            time.sleep(WARMUP)
            heap_start = common.heap_used_mib(proc.pid)
            measure_from = time.monotonic()
            for w in workers:
                w.measure_from = measure_from
            for w in workers:
                w.join(SECONDS + 120)
            elapsed = time.monotonic() - measure_from
            heap_end = common.heap_used_mib(proc.pid)
        finally:
            stop(proc)
    lat = sorted(x for w in workers for x in w.latencies)
    errors = sum(w.errors for w in workers)
    samples = [s for w in workers for s in w.error_samples][:3]
    return {"label": label, "auth": auth, "ops": len(lat), "rate": len(lat) / elapsed, "errors": errors, "samples": samples,
            "p50": lat[len(lat) // 2] * 1000 if lat else float("nan"), "p99": common.p99(lat) * 1000,
            "heap_start": heap_start, "heap_end": heap_end}


def combined(rs):
    """Several runs of one configuration as one: operations and time added, latencies and heaps of the worst run."""
    ops = sum(r["ops"] for r in rs)
    rate = ops / sum(r["ops"] / r["rate"] for r in rs if r["rate"]) if ops else 0.0
    worst = max(rs, key=lambda r: r["p99"])
    growth = lambda r: (r["heap_end"] or 0) - (r["heap_start"] or 0)
    heap = max(rs, key=growth)
    return dict(rs[0], ops=ops, rate=rate, errors=sum(r["errors"] for r in rs),
                samples=[x for r in rs for x in r["samples"]][:3], p50=sorted(r["p50"] for r in rs)[len(rs) // 2],
                p99=worst["p99"], heap_start=heap["heap_start"], heap_end=heap["heap_end"], runs=len(rs))


def main():
    # each configuration runs twice, in the order on, off, off, on: whatever the machine's load or the page cache
    # does over time falls on both sides alike
    order = ENV.get("PROOF_SOAK_ORDER", "on off off on").split()
    runs = {"on": [], "off": []}
    for name in order:
        runs[name].append(run(name == "on"))
    on, off = combined(runs["on"]), combined(runs["off"])
    ratio = on["rate"] / off["rate"] if off["rate"] else float("nan")
    failed = False
    for r in (on, off):
        growth = (r["heap_end"] or 0) - (r["heap_start"] or 0)
        flat = r["heap_start"] is not None and r["heap_end"] is not None and growth <= HEAP_GROWTH_MIB
        ok = r["errors"] == 0 and flat
        failed |= not ok
        print("%s %s: %d ops in %d runs of %.0f s at concurrency %d, %.0f ops/s, p50 %.1f ms, p99 %.1f ms, %d errors%s, heap %s -> %s MiB" % (
            "PASS" if ok else "FAIL", r["label"], r["ops"], r["runs"], SECONDS, CONCURRENCY, r["rate"], r["p50"], r["p99"], r["errors"],
            (" " + "; ".join(r["samples"])) if r["samples"] else "", fmt(r["heap_start"]), fmt(r["heap_end"])))
    print("%s soak-%s auth cost: throughput with auth = %.3f of without (target >= 0.95)" % (
        "PASS" if ratio >= 0.95 else "NOTE", STORE, ratio))
    for r in (on, off):
        print("| %s | %s | %d | %.0f | %.1f | %.1f | %d | %s → %s |" % (
            STORE, "on" if r["auth"] else "off", CONCURRENCY, r["rate"], r["p50"], r["p99"], r["errors"],
            fmt(r["heap_start"]), fmt(r["heap_end"])))
    return 1 if failed else 0


def fmt(mib):
    return "?" if mib is None else "%.0f" % mib


if __name__ == "__main__":
    sys.exit(main())
