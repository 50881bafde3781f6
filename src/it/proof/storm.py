#!/usr/bin/env python3
"""Storm proof: PROOF_UPLOADS (200) uploads of PROOF_MIN..PROOF_MAX bytes (1 KB..20 MB, uniform: about 2 GB), all at
once, each sent at full speed, to the packaged service with a 256 MiB heap, and check that
  - the service is alive at the end (no OutOfMemoryError: what uploads hold is bounded by its budgets);
  - every upload answered 200 or 503 with Retry-After (an overloaded store; its sender keeps the output), nothing else;
  - every id answered loads byte-exact (the client's own SHA-256).
Environment (set by src/it/proof/run.sh): PROOF_STORE, PROOF_JAVA_ARGS, PROOF_JAR, PROOF_WORK. Standard library only;
every wait is bounded. Prints one PASS/FAIL line and a Markdown row.
"""
import hashlib
import http.client
import os
import random
import re
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "faults"))
import common  # noqa: E402  (read-only helpers of the fault suite)
from service import start, stop  # noqa: E402

ENV = os.environ
STORE = ENV.get("PROOF_STORE", "fs")
UPLOADS = int(ENV.get("PROOF_UPLOADS", "200"))
LOW, HIGH = int(ENV.get("PROOF_MIN", "1000")), int(ENV.get("PROOF_MAX", "20000000"))
SEED = int(ENV.get("PROOF_SEED", str(int(time.time()))))
ID = re.compile(rb'"id":"([0-9a-f-]{36})"')
LINE = bytes(97 + (i * 7) % 26 for i in range(120)) + b"\n"
FILLER = LINE * (HIGH // len(LINE) + 2)


def body_of(n, size):
    """A text body of `size` bytes, unique to upload n by its first line."""
    return (b"storm %06d\n" % n + FILLER)[:size - 1] + b"\n"


def upload(port, n, size, results):
    """The whole body in 1 MiB sends, as fast as the service takes it."""
    data = body_of(n, size)
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        conn.putrequest("POST", "/v1/tool-outputs?tool=storm")
        conn.putheader("Content-Type", "text/plain")
        conn.putheader("Content-Length", str(len(data)))
        conn.endheaders()
        view = memoryview(data)
        for at in range(0, len(data), 1 << 20):
            conn.send(view[at:at + (1 << 20)])
        r = conn.getresponse()
        body = r.read()
        found = ID.search(body) if r.status == 200 else None
        results[n] = (r.status, found.group(1).decode() if found else None, hashlib.sha256(data).hexdigest(),
                      r.getheader("Retry-After"))
    except (OSError, http.client.HTTPException) as e:
        results[n] = ("cut", type(e).__name__, None, None)


def main():
    rnd = random.Random(SEED)
    plan = [rnd.randint(LOW, HIGH) for _ in range(UPLOADS)]
    port = common.free_port()
    results = {}
    with open(os.path.join(ENV["PROOF_WORK"], "storm-%s.log" % STORE), "w") as log:
        proc = start(port, log, label="storm-" + STORE)
        try:
            began = time.monotonic()
            threads = [threading.Thread(target=upload, args=(port, n, plan[n], results), daemon=True) for n in range(UPLOADS)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(330)
            took = time.monotonic() - began
            died = proc.poll()
            stored = {n: r for n, r in results.items() if r[0] == 200}
            base = "http://127.0.0.1:%d" % port

            def exact(item):
                n, r = item
                got, sha = common.download_sha(base, r[1], timeout=120)
                return got.status == 200 and sha == r[2]

            with ThreadPoolExecutor(8) as pool:
                wrong = [] if died is not None else [n for (n, r), ok in zip(stored.items(), pool.map(exact, stored.items())) if not ok]
        finally:
            stop(proc)
    failures = []
    if died is not None:
        failures.append("the service exited by itself (status %s): see storm-%s.log" % (died, STORE))
    other = {n: r[:2] for n, r in results.items() if r[0] != 200 and not (r[0] == 503 and r[3])}
    if other or len(results) < UPLOADS:
        failures.append("%d answers other than 200 or 503 with Retry-After, %d without an answer: %s"
                        % (len(other), UPLOADS - len(results), list(other.items())[:5]))
    if wrong:
        failures.append("%d stored blobs are not byte-exact: uploads %s" % (len(wrong), wrong[:5]))
    refused = sum(1 for r in results.values() if r[0] == 503)
    observed = ("%d uploads of %d..%d bytes (%.1f GB) at once: %d stored byte-exact, %d answered 503, in %.0f s; seed %d"
                % (UPLOADS, LOW, HIGH, sum(plan) / 1e9, len(stored), refused, took, SEED))
    print(("FAIL" if failures else "PASS") + " storm %s: %s" % (STORE, "; ".join(failures) or observed))
    print("| storm, %s | %s | %s |" % (STORE, "fail" if failures else "pass", observed))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
