#!/usr/bin/env python3
"""Soak: fixed concurrency, mixed sizes (ingest of 1 KiB..1 MiB, inspect, ranged GET) against two packaged services on
the store PROOF_STORE, one with API keys on and one with authentication off, the load alternating between them in
PROOF_SOAK_SLICES slices of PROOF_SOAK_SLICE seconds each (on, off, off, on, ...).
Checks zero errors and a flat heap (used heap after a full GC, jcmd, at the start, the middle and the end of the
measured slices: the second half grows at most PROOF_SOAK_HEAP_GROWTH_MIB); reports throughput, p50 and p99, and the
throughput with auth on as a ratio of the one without.
Prints PASS/FAIL lines and Markdown rows (| store | auth | ops/s | p50 ms | p99 ms | errors | heap start→end MiB |).
"""
import concurrent.futures as cf
import hashlib
import http.client
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time

from service import common, start, stop

ENV = os.environ
STORE = ENV.get("PROOF_STORE", "fs")
SLICE = float(ENV.get("PROOF_SOAK_SLICE", "4"))
SLICES = int(ENV.get("PROOF_SOAK_SLICES", "20"))
WARMUP = float(ENV.get("PROOF_SOAK_WARMUP", "4"))
CONCURRENCY = int(ENV.get("PROOF_SOAK_CONCURRENCY", "8"))
HEAP_GROWTH_MIB = float(ENV.get("PROOF_SOAK_HEAP_GROWTH_MIB", "8"))
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
        self.kinds = {}
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
        self.kind = kind
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
            if self.measure_from is not None and t0 >= self.measure_from and (t1 <= self.stop_at or not ok):
                # a request still running when the slice ends counts in no slice (an error counts always): the
                # slice's length is then its rate's exact denominator, whatever its slowest request took
                self.latencies.append(t1 - t0)
                self.kinds.setdefault(getattr(self, "kind", "?"), []).append(t1 - t0)
                if not ok:
                    self.errors += 1
                    if len(self.error_samples) < 3:
                        self.error_samples.append(what)
        conn.close()


class Service:
    """One packaged service on a free port, auth on or off, with the ids its ingests answered (shared by slices)."""

    def __init__(self, auth, port):
        self.auth = auth
        self.label = "soak-%s-auth-%s" % (STORE, "on" if auth else "off")
        self.port = port
        # small caches (read indexes 4 MiB, not 32; 5,000 known records, not 50,000, some 330 bytes each): they fill
        # within the first half, so what the heap gains in the second is what a leak would add, not a cache growing
        # to its bound (on fs the soak stores some 500 outputs a second)
        extra = ["-Dtoolspill.auth.enabled=%s" % ("true" if auth else "false"),
                 "-Dtoolspill.inspect.index-cache-bytes=4194304", "-Dtoolspill.blob-store.known-records=5000",
                 "-Dtoolspill.spool.dir=" + os.path.join(ENV["PROOF_WORK"], self.label + "-spool")]
        self.headers = {}
        if auth:
            extra.append("-Dtoolspill.auth.keys.soak=" + hashlib.sha256(KEY.encode()).hexdigest())
            self.headers["Authorization"] = "Bearer " + KEY
        self.log = open(os.path.join(ENV["PROOF_WORK"], self.label + ".log"), "w")
        self.proc = start(self.port, self.log, extra, self.label)
        self.ids = []
        self.latencies, self.errors, self.samples, self.seconds = [], 0, [], 0.0
        self.kinds = {}
        self.heap_start = self.heap_mid = self.heap_end = None
        self.histograms = {}
        self.seeds = 0

    def load(self, seconds, measured):
        """CONCURRENCY clients on keep-alive connections for `seconds`; their latencies count when `measured`."""
        started = time.monotonic()
        workers = []
        for i in range(CONCURRENCY):
            self.seeds += 1
            # the same seeds on both sides: both services see the same sequence of requests (sizes, kinds, ranges)
            workers.append(Worker(self.port, self.headers, self.seeds, started + seconds, self.ids))
        for w in workers:
            w.measure_from = started if measured else None
            w.start()
        for w in workers:
            w.join(seconds + 120)
        if measured:
            self.seconds += seconds
            for w in workers:
                self.latencies.extend(w.latencies)
                for kind, values in w.kinds.items():
                    self.kinds.setdefault(kind, []).extend(values)
                self.errors += w.errors
                self.samples.extend(w.error_samples[:3 - len(self.samples)])

    def measure_heap(self, when):
        """The used heap after a full GC and the live objects by class, at "mid" or "end" (jcmd)."""
        setattr(self, "heap_" + when, common.heap_used_mib(self.proc.pid))
        self.histograms[when] = histogram(self.proc.pid)

    def result(self):
        lat = sorted(self.latencies)
        return {"label": self.label, "auth": self.auth, "ops": len(lat), "rate": len(lat) / self.seconds if self.seconds else 0.0,
                "errors": self.errors, "samples": self.samples[:3],
                "p50": lat[len(lat) // 2] * 1000 if lat else float("nan"), "p99": common.p99(lat) * 1000,
                "heap_start": self.heap_start, "heap_mid": self.heap_mid, "heap_end": self.heap_end}

    def grown(self):
        mid, end = self.histograms.get("mid", {}), self.histograms.get("end", {})
        growth = sorted(((end.get(k, 0) - mid.get(k, 0), k) for k in end), reverse=True)[:6]
        return ", ".join("%s +%.1f MiB" % (k, d / 1048576) for d, k in growth if d > 0)

    def close(self):
        stop(self.proc)
        self.log.close()


def two_ports():
    """Two free loopback ports, told apart: both sockets are held until both are chosen."""
    held = [socket.socket(), socket.socket()]
    try:
        for s in held:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in held]
    finally:
        for s in held:
            s.close()


def each(services, measure):
    """measure(service) for both services at once: jcmd calls between slices, where no load runs."""
    with cf.ThreadPoolExecutor(len(services)) as pool:
        list(pool.map(measure, services.values()))


def main():
    # Both services run side by side (one replica's store shared, as replicas share it), and the load moves between
    # them in short slices, in the order on, off, off, on, on, off, ...: whatever the machine's load, the page cache or
    # the store does over time falls on both sides alike, slice by slice. The idle one waits; it costs almost nothing.
    services = {}
    try:
        # both start at once (each waits on its own JVM's start-up); one that fails is raised once the other is kept
        ports = two_ports()
        with cf.ThreadPoolExecutor(2) as pool:
            starting = {name: pool.submit(Service, name == "on", port) for name, port in zip(("on", "off"), ports)}
        failure = None
        for name, future in starting.items():
            try:
                services[name] = future.result()
            except BaseException as e:  # noqa: BLE001 - SystemExit of a start-up that failed, raised below
                failure = failure or e
        if failure:
            raise failure
        for service in services.values():
            service.load(WARMUP, measured=False)
        each(services, lambda service: setattr(service, "heap_start", common.heap_used_mib(service.proc.pid)))
        order = [name for _ in range((SLICES + 1) // 2) for name in ("on", "off", "off", "on")][:2 * SLICES]
        for i, name in enumerate(order):
            if i == len(order) // 2:
                each(services, lambda service: service.measure_heap("mid"))
            services[name].load(SLICE, measured=True)
        each(services, lambda service: service.measure_heap("end"))
    finally:
        for service in services.values():
            service.close()
    on, off = services["on"].result(), services["off"].result()
    for service in services.values():
        print("%s by request: %s" % (service.label, ", ".join(
            "%s %d at p50 %.1f ms" % (kind, len(v), sorted(v)[len(v) // 2] * 1000) for kind, v in sorted(service.kinds.items()))))
    ratio = on["rate"] / off["rate"] if off["rate"] else float("nan")
    failed = False
    for r in (on, off):
        # caches (read indexes, records, the S3 client's buffers) fill in the first half up to their bounds; a leak
        # keeps growing in the second
        growth = (r["heap_end"] or 0) - (r["heap_mid"] or 0)
        flat = r["heap_mid"] is not None and r["heap_end"] is not None and growth <= HEAP_GROWTH_MIB
        ok = r["errors"] == 0 and flat
        failed |= not ok
        if not flat:
            grew = services["on" if r["auth"] else "off"].grown()
            print("%s: live objects that grew most in the second half: %s" % (r["label"], grew or "?"))
        print("%s %s: %d ops in %d slices of %.0f s at concurrency %d, %.0f ops/s, p50 %.1f ms, p99 %.1f ms, %d errors%s, heap %s -> %s -> %s MiB" % (
            "PASS" if ok else "FAIL", r["label"], r["ops"], SLICES, SLICE, CONCURRENCY, r["rate"], r["p50"], r["p99"], r["errors"],
            (" " + "; ".join(r["samples"])) if r["samples"] else "", fmt(r["heap_start"]), fmt(r["heap_mid"]), fmt(r["heap_end"])))
    print("%s soak-%s auth cost: throughput with auth = %.3f of without (target >= 0.95)" % (
        "PASS" if ratio >= 0.95 else "NOTE", STORE, ratio))
    for r in (on, off):
        print("| %s | %s | %d | %.0f | %.1f | %.1f | %d | %s → %s → %s |" % (
            STORE, "on" if r["auth"] else "off", CONCURRENCY, r["rate"], r["p50"], r["p99"], r["errors"],
            fmt(r["heap_start"]), fmt(r["heap_mid"]), fmt(r["heap_end"])))
    return 1 if failed else 0


def histogram(pid):
    """{class: bytes} of live objects (jcmd GC.class_histogram, which runs a full GC first); {} if jcmd failed."""
    try:
        out = subprocess.run(["jcmd", str(pid), "GC.class_histogram"], capture_output=True, timeout=60, text=True).stdout
    except (subprocess.TimeoutExpired, OSError):
        return {}
    found = re.findall(r"^\s*\d+:\s+\d+\s+(\d+)\s+(\S+)", out, re.M)
    return {name: int(size) for size, name in found}


def fmt(mib):
    return "?" if mib is None else "%.0f" % mib


if __name__ == "__main__":
    sys.exit(main())
