#!/usr/bin/env python3
"""Issue 28's phases against three replicas on one Redis and one bucket behind nginx (started by src/it/scale/run.sh):

  rate    tenant "load" (SCALE_RATE requests a second, burst the same) sends 5x that for SCALE_SECONDS through nginx:
          the accepted (200) are within 10% of rate x seconds (plus the burst the bucket starts with), whichever
          replica answered; every replica answered a fair share.
  outage  the same load while Redis is killed for 10 s and started again on its port, then hung (SIGSTOP) 5 s: no
          5xx, no failed request, readiness UP on every replica, each replica falls back to its own counts
          (toolspill_limits_decisions_total{source="local"}; up to 3x the rate across three, as documented) and goes
          back to Redis ({source="shared"}) once it answers.
  kill    slow uploads of tenant "slow" straight to each replica (their leases in toolspill:uploads:slow), the load
          through nginx, then kill -9 of replica 1: its leases expire within lease-ttl while the others' stay renewed;
          the other replicas finish their slow uploads.
  verify  every id answered 200 in any phase reads byte-exact (SHA-256 of the body sent) from the two replicas left.

Standard library only (a few lines of RESP for Redis); every wait has a deadline. Prints PASS/FAIL lines and a
Markdown table of the figures; exits non-zero when a check failed.
"""
import hashlib
import http.client
import json
import math
import os
import random
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "faults"))
import common as c  # noqa: E402  (the fault suite's HTTP helpers)

ENV = os.environ
WORK = ENV["SCALE_WORK"]
LB = ENV["SCALE_LB"]
RATE = float(ENV["SCALE_RATE"])
BURST = max(int(math.ceil(RATE)), int(ENV.get("SCALE_BURST", "0")))  # run.sh sets toolspill.limits.burst to the rate
SECONDS = float(ENV.get("SCALE_SECONDS", "30"))
LEASE_TTL = float(ENV["SCALE_LEASE_TTL"])
REDIS_PORT = int(ENV["SCALE_REDIS_PORT"])
KEY_LOAD, KEY_SLOW, KEY_WARM = ENV["SCALE_KEY_LOAD"], ENV["SCALE_KEY_SLOW"], ENV["SCALE_KEY_WARM"]
WARM = float(ENV.get("SCALE_WARM_SECONDS", "15"))
REPLICAS = [{"name": "r%d" % (i + 1), "port": int(p), "mport": int(m), "pid": int(pid)}
            for i, (p, m, pid) in enumerate(r.split(":") for r in ENV["SCALE_REPLICAS"].split())]
BY_PORT = {"127.0.0.1:%d" % r["port"]: r["name"] for r in REPLICAS}
FAILED = []
FIGURES = []  # (figure, value)
IDS = []  # (phase, id, sha256, key): every id answered 200


def check(ok, label, detail=""):
    print("%s %s%s" % ("PASS" if ok else "FAIL", label, (": " + detail) if detail else ""), flush=True)
    if not ok:
        FAILED.append(label)


def figure(name, value):
    FIGURES.append((name, value))
    print("  %s: %s" % (name, value), flush=True)


# ---- Redis, a few lines of RESP ---------------------------------------------------------------------------------

def redis(*args, timeout=1.0):
    """One command on a fresh connection; raises OSError when Redis does not answer."""
    with socket.create_connection(("127.0.0.1", REDIS_PORT), timeout=timeout) as s:
        parts = [str(a).encode() for a in args]
        s.sendall(b"*%d\r\n" % len(parts) + b"".join(b"$%d\r\n%s\r\n" % (len(p), p) for p in parts))
        return _reply(s.makefile("rb"))


def _reply(f):
    line = f.readline()
    if not line.endswith(b"\r\n"):
        raise OSError("Redis closed the connection")
    kind, rest = line[:1], line[1:-2]
    if kind == b"+":
        return rest.decode()
    if kind == b"-":
        raise RuntimeError(rest.decode())
    if kind == b":":
        return int(rest)
    if kind == b"$":
        n = int(rest)
        return None if n < 0 else f.read(n + 2)[:-2].decode()
    if kind == b"*":
        n = int(rest)
        return None if n < 0 else [_reply(f) for _ in range(n)]
    raise OSError("unexpected reply %r" % line)


def redis_ms():
    t = redis("TIME")
    return int(t[0]) * 1000 + int(t[1]) // 1000


def expiries(tenant):
    """The tenant's upload leases: {lease: expiry in ms on Redis' clock}."""
    r = redis("ZRANGE", "toolspill:uploads:" + tenant, 0, -1, "WITHSCORES")
    return {r[i]: float(r[i + 1]) for i in range(0, len(r), 2)}


def leases(tenant):
    """The tenant's upload leases and whether each is live (expiry, Redis' clock, still ahead): {lease: live}."""
    now = redis_ms()
    return {lease: at > now for lease, at in expiries(tenant).items()}


def live_leases(tenant):
    return {lease for lease, live in leases(tenant).items() if live}


def wait_for(what, condition, seconds, every=0.1):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(every)
    return condition()


# ---- the replicas' management interface -------------------------------------------------------------------------

DECISION = re.compile(r'^toolspill_limits_decisions_total\{[^}]*source="(\w+)"[^}]*\}\s+([0-9.eE+-]+)', re.M)


def decisions(replica):
    """{source: count} from the replica's /q/metrics (empty when it does not answer)."""
    r = c.request("GET", "http://127.0.0.1:%d/q/metrics" % replica["mport"], timeout=3, label="metrics")
    return {m.group(1): float(m.group(2)) for m in DECISION.finditer(r.body.decode("utf-8", "replace"))} if r.status == 200 else {}


def ready(replica):
    return c.request("GET", "http://127.0.0.1:%d/q/health/ready" % replica["port"], timeout=3, label="ready").status


# ---- load: open loop, N requests a second on keep-alive connections ---------------------------------------------

def body_of(phase, k, large_max):
    """One body in five, drawn at random, large (stored as a blob: over the 800 bytes kept inline), the others a
    short inline output. Drawn, not every fifth: the bucket's tokens come every 5th request at 5R, in step with k."""
    rnd = random.Random("%s-%d" % (phase, k))
    if rnd.random() >= 0.2:
        return ("%s %d small output %032x\n" % (phase, k, rnd.getrandbits(128))).encode()
    line = ("%s %d line %032x of a large output\n" % (phase, k, rnd.getrandbits(128))).encode()
    size = rnd.randint(1024, large_max)
    return (line * (size // len(line) + 1))[:size]


class Load:
    """Sends `rate` requests a second for `seconds` to POST /v1/tool-outputs through `base`, each at its own time
    (t0 + k / rate, an open loop: a slow answer delays no other request) from `threads` keep-alive connections."""

    def __init__(self, phase, rate, seconds, key, base=LB, threads=40, large_max=16 * 1024, keep=True):
        self.phase, self.rate, self.seconds, self.key, self.base, self.keep = phase, rate, seconds, key, base, keep
        self.large_max = large_max
        self.results = []
        self.lock = threading.Lock()
        self.next = 0
        self.t0 = None
        self.threads = [threading.Thread(target=self.work, daemon=True) for _ in range(threads)]

    def start(self):
        self.t0 = time.monotonic() + 0.1
        for t in self.threads:
            t.start()
        return self

    def join(self):
        for t in self.threads:
            t.join(self.seconds + 90)
        return self

    def work(self):
        host, port = self.base.split("//")[1].split(":")
        while True:
            with self.lock:
                k = self.next
                self.next += 1
            due = self.t0 + k / self.rate
            if due - self.t0 >= self.seconds:
                break
            time.sleep(max(0.0, due - time.monotonic()))
            data = body_of(self.phase, k, self.large_max)
            sent = time.monotonic()
            rec = {"k": k, "sent": sent, "large": len(data) > 800, "status": None, "upstream": "", "error": None}
            # a connection a request: a failure is then the request's own, never a keep-alive connection closed under it
            conn = http.client.HTTPConnection(host, int(port), timeout=30)
            try:
                conn.request("POST", "/v1/tool-outputs?tool=scale", body=data, headers={
                    "Authorization": "Bearer " + self.key, "Content-Type": "text/plain", "Connection": "close"})
                r = conn.getresponse()
                answer = r.read()
                rec["status"] = r.status
                rec["upstream"] = BY_PORT.get((r.getheader("X-Upstream") or "").split(",")[-1].strip(), "?")
                if r.status == 200:
                    blob = (json.loads(answer).get("blob") or {})
                    rec["id"] = blob.get("id")
                    if rec["id"] and self.keep:
                        IDS.append((self.phase, rec["id"], hashlib.sha256(data).hexdigest(), self.key))
                elif r.status >= 500:
                    rec["error"] = answer[:300].decode("utf-8", "replace")
            except Exception as e:  # noqa: BLE001 - a failed request is an observation
                rec["error"] = "%s: %s" % (type(e).__name__, e)
            finally:
                conn.close()
            rec["answered"] = time.monotonic()
            with self.lock:
                self.results.append(rec)

    def between(self, start, end):
        """The results of requests sent in [start, end) (monotonic times)."""
        return [r for r in self.results if start <= r["sent"] < end]

    @staticmethod
    def count(results, status):
        return sum(1 for r in results if r["status"] == status)

    def offered(self):
        sent = [r["sent"] for r in self.results]
        return len(sent) / max(1e-9, max(sent) - min(sent)) if len(sent) > 1 else 0.0


def others(results):
    """Answers that are neither 200 nor 429 (5xx, or no answer at all)."""
    return [r for r in results if r["status"] not in (200, 429)]


def describe(results):
    """The distinct failures, each as its status and the start of its error or body on one line, with their counts."""
    seen = {}
    for r in results:
        text = re.sub(r"<[^>]*>", " ", r["error"] or "")
        key = "%s %s" % (r["status"], " ".join(text.split())[:100])
        seen[key] = seen.get(key, 0) + 1
    return "; ".join("%s (x%d)" % kv for kv in sorted(seen.items()))[:800]


# ---- the phases ---------------------------------------------------------------------------------------------------

def phase_warm():
    """Tenant warm (the same figures as load, its own bucket) sends the same load first: the measured phases meet
    replicas whose code is compiled. Cold, on two shared cores, a replica's first seconds miss the 250 ms Redis
    timeout now and then, and those decisions fall back to its own counts (up to 3R across three: see BENCHMARKS.md)."""
    print("== warm-up: tenant warm, %g requests a second for %g s through nginx" % (5 * RATE, WARM), flush=True)
    before = [decisions(r) for r in REPLICAS]
    load = Load("warm", 5 * RATE, WARM, KEY_WARM, keep=False).start().join()
    figure("warm-up: requests sent (offered a second) / accepted / 429 / other", "%d (%.1f) / %d / %d / %d" % (
        len(load.results), load.offered(), Load.count(load.results, 200), Load.count(load.results, 429),
        len(others(load.results))))
    figure("warm-up: decisions by source (all replicas)", sources(before, [decisions(r) for r in REPLICAS]))


def sources(before, after):
    return ", ".join("%s %d" % (s, sum(a.get(s, 0) - b.get(s, 0) for a, b in zip(after, before))) for s in ("shared", "local", "open"))


def phase_rate():
    print("== rate: tenant load, %g requests a second (burst %d), sends %g a second for %g s through nginx"
          % (RATE, BURST, 5 * RATE, SECONDS), flush=True)
    before = [decisions(r) for r in REPLICAS]
    load = Load("rate", 5 * RATE, SECONDS, KEY_LOAD).start().join()
    after = [decisions(r) for r in REPLICAS]
    res = load.results
    accepted, refused = Load.count(res, 200), Load.count(res, 429)
    span = max(r["sent"] for r in res) - min(r["sent"] for r in res)
    # the bucket starts full (the burst) and earns RATE a second over the time the requests were sent
    expected = RATE * span + BURST
    figure("rate: requests sent (offered a second)", "%d (%.1f)" % (len(res), load.offered()))
    figure("rate: accepted / refused 429", "%d / %d" % (accepted, refused))
    figure("rate: decisions by source (all replicas)", sources(before, after))
    figure("rate: expected accepted (R x %.1f s + burst %d)" % (span, BURST), "%.0f" % expected)
    figure("rate: deviation from expected", "%+.1f%% of R x s" % (100 * (accepted - expected) / (RATE * span)))
    check(load.offered() >= 4 * RATE, "rate-offered-about-5R", "%.1f requests a second offered" % load.offered())
    check(abs(accepted - expected) <= 0.10 * RATE * span, "rate-accepted-within-10%",
          "%d accepted, %.0f expected (R x s + burst), tolerance %.0f" % (accepted, expected, 0.10 * RATE * span))
    check(not others(res), "rate-no-errors", describe(others(res)))
    spread = {r["name"]: [0, 0] for r in REPLICAS}
    for r in res:
        if r["upstream"] in spread:
            spread[r["upstream"]][0] += 1
            spread[r["upstream"]][1] += r["status"] == 200
    figure("rate: requests (accepted) per replica", ", ".join("%s %d (%d)" % (n, a, b) for n, (a, b) in sorted(spread.items())))
    check(all(a >= 0.25 * len(res) and b > 0 for a, b in spread.values()), "rate-spread-over-3-replicas", str(spread))


class Monitor(threading.Thread):
    """Every half second: each replica's readiness and decisions by source, timestamped."""

    def __init__(self):
        super().__init__(daemon=True)
        self.samples = []  # (t, name, ready status, {source: count})
        self.stopping = threading.Event()

    def run(self):
        while not self.stopping.is_set():
            for r in REPLICAS:
                self.samples.append((time.monotonic(), r["name"], ready(r), decisions(r)))
            self.stopping.wait(0.5)

    def stop(self):
        self.stopping.set()
        self.join(10)

    def at(self, name, t):
        """The replica's decisions in the last sample before t, and in the first after it."""
        before = [s for s in self.samples if s[1] == name and s[0] <= t]
        after = [s for s in self.samples if s[1] == name and s[0] > t]
        return (before[-1][3] if before else {}), after

    def first_rise(self, source, t):
        """Seconds after t until every replica's count of `source` rose past its value at t (None if one did not)."""
        worst = 0.0
        for r in REPLICAS:
            base, after = self.at(r["name"], t)
            rise = next((s[0] for s in after if s[3].get(source, 0) > base.get(source, 0)), None)
            if rise is None:
                return None
            worst = max(worst, rise - t)
        return worst


def phase_outage():
    pre, down, gap, hang, post = 4.0, 10.0, 5.0, 5.0, 6.0
    total = pre + down + gap + hang + post
    print("== outage: the same load for %g s; Redis killed at %g s for %g s, started again, hung (SIGSTOP) %g s at %g s"
          % (total, pre, down, hang, pre + down + gap), flush=True)
    redis_pid = int(ENV["SCALE_REDIS_PID"])
    monitor = Monitor()
    monitor.start()
    time.sleep(1.0)
    load = Load("outage", 5 * RATE, total, KEY_LOAD).start()
    t0 = load.t0

    def until(t):
        time.sleep(max(0.0, t0 + t - time.monotonic()))

    until(pre)
    os.kill(redis_pid, signal.SIGKILL)
    t_kill = time.monotonic()
    until(pre + down)
    log = open(os.path.join(WORK, "redis.log"), "ab")
    proc = subprocess.Popen(shlex.split(ENV["SCALE_REDIS_CMD"]), stdout=log, stderr=subprocess.STDOUT)
    t_up = time.monotonic()
    try:
        wait_for("redis", lambda: _pong(), 10)
        until(pre + down + gap)
        t_stop = time.monotonic()
        os.kill(proc.pid, signal.SIGSTOP)
        until(pre + down + gap + hang)
        os.kill(proc.pid, signal.SIGCONT)
        t_cont = time.monotonic()
        load.join()
        time.sleep(1.5)
        monitor.stop()
    except BaseException:
        proc.kill()
        raise
    res = load.results
    figure("outage: requests sent (offered a second)", "%d (%.1f)" % (len(res), load.offered()))
    check(not others(res), "outage-no-5xx-no-failed-request", describe(others(res)))
    not_ready = [s for s in monitor.samples if s[2] != 200]
    check(not not_ready, "outage-readiness-UP-throughout", "%d samples of %d not 200: %s" % (
        len(not_ready), len(monitor.samples), sorted({(s[1], s[2]) for s in not_ready})))
    windows = [("shared (Redis up)", t0, t_kill), ("Redis killed", t_kill, t_up), ("after restart", t_up, t_stop),
               ("Redis hung (SIGSTOP)", t_stop, t_cont), ("after SIGCONT", t_cont, t0 + total)]
    for name, a, b in windows:
        part = load.between(a, b)
        figure("outage: %s, %.1f s: accepted a second (429s)" % (name, b - a),
               "%.1f (%d)" % (Load.count(part, 200) / (b - a), Load.count(part, 429)))
    killed = load.between(t_kill, t_up)
    accepted_down = Load.count(killed, 200)
    ceiling = (3 * RATE * (t_up - t_kill) + 3 * BURST) * 1.10
    # at least 2R a second (more than the shared R: each replica counts alone), or every request when fewer came
    floor = 0.9 * min(len(killed), 2 * RATE * (t_up - t_kill))
    check(floor <= accepted_down <= ceiling, "outage-local-fallback-up-to-3R",
          "%d of %d accepted in %.1f s with Redis killed: at least 90%% of min(sent, 2R x s) (%.0f), at most"
          " (3R x s + 3 bursts) + 10%% (%.0f)" % (accepted_down, len(killed), t_up - t_kill, floor, ceiling))
    local_after = monitor.first_rise("local", t_kill)
    figure("outage: every replica deciding locally after the kill", "%s s" % ("never" if local_after is None else "%.1f" % local_after))
    check(local_after is not None and local_after < down, "outage-local-decisions-on-every-replica")
    shared_after = monitor.first_rise("shared", t_up)
    figure("outage: every replica back on Redis after the restart", "%s s" % ("never" if shared_after is None else "%.1f" % shared_after))
    check(shared_after is not None and shared_after < gap, "outage-shared-resumes-after-restart")
    hang_local = monitor.first_rise("local", t_stop)
    check(hang_local is not None and hang_local < hang, "outage-local-decisions-while-hung")
    shared_cont = monitor.first_rise("shared", t_cont)
    figure("outage: every replica back on Redis after SIGCONT", "%s s" % ("never" if shared_cont is None else "%.1f" % shared_cont))
    check(shared_cont is not None and shared_cont < post, "outage-shared-resumes-after-hang")
    hung = load.between(t_stop, t_cont)
    figure("outage: slowest answer while hung", "%.0f ms" % (1000 * max((r["answered"] - r["sent"]) for r in hung)) if hung else "-")
    return proc


def _refused(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return False
    except ConnectionRefusedError:
        return True
    except OSError:
        return False


def _pong():
    try:
        return redis("PING", timeout=0.5) == "PONG"
    except (OSError, RuntimeError):
        return False


class Slow(threading.Thread):
    """One upload of tenant slow straight to a replica, 2 KiB every half second for `seconds`: it holds a lease."""

    def __init__(self, replica, n, seconds):
        super().__init__(daemon=True)
        self.replica, self.n = replica, n
        rnd = random.Random("slow-%d" % n)
        self.pieces = [("slow %d piece %d %032x\n" % (n, i, rnd.getrandbits(128))).encode().ljust(2048, b".")
                       for i in range(int(seconds * 2))]
        self.resp = None

    def body(self):
        for p in self.pieces:
            yield p
            time.sleep(0.5)

    def run(self):
        data = b"".join(self.pieces)
        self.resp = c.send_body("http://127.0.0.1:%d/v1/tool-outputs?tool=slow" % self.replica["port"], self.body(), {
            "Authorization": "Bearer " + KEY_SLOW, "Content-Type": "text/plain", "Content-Length": str(len(data))},
            timeout=60, label="slow upload")
        self.sha = hashlib.sha256(data).hexdigest()


def phase_kill():
    victim, survivors = REPLICAS[0], REPLICAS[1:]
    print("== kill: slow uploads on every replica, the load through nginx, kill -9 of %s (pid %d)" % (victim["name"], victim["pid"]),
          flush=True)
    kept = [Slow(r, i * 10 + j, 16) for i, r in enumerate(survivors) for j in range(2)]
    for s in kept:
        s.start()
    check(wait_for("slow", lambda: len(live_leases("slow")) == len(kept), 10), "kill-survivors-slow-uploads-hold-leases",
          "%d leases" % len(live_leases("slow")))
    held_by_others = live_leases("slow")
    doomed = [Slow(victim, 100 + j, 16) for j in range(3)]
    for s in doomed:
        s.start()
    check(wait_for("slow", lambda: len(live_leases("slow")) == len(kept) + len(doomed), 10), "kill-victim-slow-uploads-hold-leases")
    held_by_victim = live_leases("slow") - held_by_others
    load = Load("kill", 5 * RATE, 14, KEY_LOAD, large_max=256 * 1024).start()
    time.sleep(max(0.0, load.t0 + 4 - time.monotonic()))
    load_leases = live_leases("load")  # uploads of tenant load under way on any replica at the kill
    kill_ms = redis_ms()
    os.kill(victim["pid"], signal.SIGKILL)
    t_kill = time.monotonic()
    wait_for("port closed", lambda: _refused(victim["port"]), 10, every=0.01)
    t_dead = time.monotonic()  # from here a connection to it is refused, and nginx passes the request on
    freed = wait_for("leases", lambda: not (live_leases("slow") & held_by_victim) and not (live_leases("load") & load_leases),
                     LEASE_TTL + 5, every=0.05)
    t_freed = time.monotonic() - t_kill
    still = live_leases("slow")
    # exact, on Redis' clock: no lease of the killed replica was renewed past the kill + lease-ttl (the slow tenant
    # makes no other upload, so nothing removes them before they are read here)
    last = max((at for lease, at in expiries("slow").items() if lease in held_by_victim), default=float("inf"))
    figure("kill: its last lease expiry after the kill (Redis' clock)", "%.2f s" % ((last - kill_ms) / 1000))
    check(last <= kill_ms + LEASE_TTL * 1000 + 100, "kill-dead-replica-leases-expire-by-kill-plus-lease-ttl",
          "%.2f s after the kill" % ((last - kill_ms) / 1000))
    figure("kill: leases held at the kill (the killed replica's slow uploads; tenant load's uploads on any replica)",
           "%d; %d" % (len(held_by_victim), len(load_leases)))
    figure("kill: its leases expired after the kill", "%.2f s (lease-ttl %g s, renewed every %g s)" % (t_freed, LEASE_TTL, max(1, LEASE_TTL / 3)))
    check(freed and t_freed <= LEASE_TTL + 1.0, "kill-dead-replica-leases-seen-expired-within-lease-ttl",
          "%.2f s after the kill (lease-ttl %g s; 1 s for this poll on a loaded machine)" % (t_freed, LEASE_TTL))
    check(held_by_others <= still, "kill-other-replicas-leases-still-renewed", "%d of %d live" % (len(held_by_others & still), len(held_by_others)))
    load.join()
    for s in kept + doomed:
        s.join(60)
    res = load.results
    cut = others(res)
    in_flight = [r for r in cut if r["sent"] <= t_dead + 0.05 and r["answered"] >= t_kill - 0.05]
    figure("kill: its port refused connections after", "%.2f s" % (t_dead - t_kill))
    figure("kill: load requests sent / accepted / 429 / cut by the kill", "%d / %d / %d / %d" % (
        len(res), Load.count(res, 200), Load.count(res, 429), len(cut)))
    check(len(in_flight) == len(cut), "kill-only-requests-in-flight-at-the-kill-fail",
          "%d failed, %d of them in flight at the kill: %s" % (len(cut), len(in_flight), describe(cut)))
    after = load.between(t_kill + 0.1, load.t0 + 14)
    served = {r["upstream"] for r in after if r["status"] in (200, 429)}
    check(victim["name"] not in served and Load.count(after, 200) > 0, "kill-load-served-by-the-others-after-the-kill",
          "answered by %s" % sorted(served))
    done = [s for s in kept if s.resp and s.resp.status == 200]
    check(len(done) == len(kept), "kill-other-replicas-finish-their-slow-uploads",
          "; ".join(s.resp.short() if s.resp else "none" for s in kept))
    for s in done:
        IDS.append(("kill-slow", (s.resp.json().get("blob") or {}).get("id"), s.sha, KEY_SLOW))
    check(not any(s.resp and s.resp.status == 200 for s in doomed), "kill-victim-slow-uploads-cut")
    return survivors


def phase_verify(survivors):
    print("== verify: every id answered 200 read from %s" % ", ".join(r["name"] for r in survivors), flush=True)
    bad = []
    pace = 1.0 / (0.9 * RATE)  # tenant load's own rate: its reads count too
    t = time.monotonic()
    for n, (phase, blob_id, sha, key) in enumerate(IDS):
        replica = survivors[n % len(survivors)]
        for attempt in range(6):
            if key == KEY_LOAD:
                time.sleep(max(0.0, t - time.monotonic()))
                t = max(t, time.monotonic()) + pace
            h = hashlib.sha256()
            r = c.request("GET", "http://127.0.0.1:%d/v1/blobs/%s" % (replica["port"], blob_id),
                          headers={"Authorization": "Bearer " + key}, timeout=30, label="verify", sink=h.update)
            if r.status != 429:
                break
            time.sleep(float(r.headers.get("retry-after", "1")))
        if r.status != 200 or h.hexdigest() != sha:
            bad.append("%s %s: %s%s" % (phase, blob_id, r.short(), "" if r.status != 200 else " (other bytes)"))
    by_phase = {}
    for phase, *_ in IDS:
        by_phase[phase] = by_phase.get(phase, 0) + 1
    figure("verify: ids read byte-exact from the replicas left", "%d of %d (%s)" % (
        len(IDS) - len(bad), len(IDS), ", ".join("%s %d" % kv for kv in sorted(by_phase.items()))))
    check(IDS and not bad, "verify-every-accepted-id-readable-byte-exact", "; ".join(bad[:10]))


def main():
    started = time.monotonic()
    figure("setup", "R %g a second, burst %d, lease-ttl %g s, shared.timeout %s, load average %s" % (
        RATE, BURST, LEASE_TTL, ENV.get("SCALE_REDIS_TIMEOUT", "250ms"), " ".join(open("/proc/loadavg").read().split()[:3])))
    restarted = None
    try:
        phase_warm()
        phase_rate()
        restarted = phase_outage()
        survivors = phase_kill()
        phase_verify(survivors)
    finally:
        if restarted is not None:
            restarted.kill()
            restarted.wait(10)
    figure("phases' wall time (load average after)", "%.0f s (%s)" % (
        time.monotonic() - started, " ".join(open("/proc/loadavg").read().split()[:3])))
    print("\n| figure | value |\n|---|---|")
    for name, value in FIGURES:
        print("| %s | %s |" % (name, value))
    if FAILED:
        print("\nFAIL: %d check(s) failed: %s" % (len(FAILED), ", ".join(FAILED)))
        sys.exit(1)
    print("\nPASS: every check")


if __name__ == "__main__":
    main()
