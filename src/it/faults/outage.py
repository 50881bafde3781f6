"""Scenario group 10 of the fault suite: graceful shutdown, and an S3 outage that loses nothing.

These scenarios start their own processes (a replica to stop; an S3Proxy to kill and stop, with two replicas on it),
so the replicas run.sh started keep serving the other groups. Every process started here is stopped here, by pid.
"""
import hashlib
import json
import os
import signal
import socket
import subprocess
import threading
import time

import common as c
import toolserver as ts

ENV = os.environ
MIB = c.MIB
JAR = "target/quarkus-app/quarkus-run.jar"
S3PROXY_JAR = "target/s3proxy/s3proxy.jar"
STORE_TIMEOUT_S = 5.0
RETRY_S = 2  # toolspill.spool.retry-interval of the replicas here


class Proc:
    """A process started by this module, with its log; stop() ends it by its own pid."""

    def __init__(self, name, args, log):
        self.name, self.log = name, log
        self.out = open(log, "ab")
        self.p = subprocess.Popen(args, stdout=self.out, stderr=subprocess.STDOUT)

    @property
    def pid(self):
        return self.p.pid

    def alive(self):
        return self.p.poll() is None

    def stop(self, sig=signal.SIGTERM, wait=30):
        if self.alive():
            try:
                os.kill(self.pid, signal.SIGCONT)
                os.kill(self.pid, sig)
                self.p.wait(wait)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                self.p.kill()
                self.p.wait(10)
        self.out.close()


def wait_http(url, proc, secs):
    deadline = time.monotonic() + secs
    while time.monotonic() < deadline:
        if not proc.alive():
            return False
        if c.request("GET", url, timeout=2, label="startup").status == 200:
            return True
        time.sleep(0.2)  # poll interval of this readiness check
    return False


def wait_port(port, proc, secs):
    """S3Proxy answers 403 without credentials: that it accepts connections is what says it serves."""
    deadline = time.monotonic() + secs
    while time.monotonic() < deadline:
        if not proc.alive():
            return False
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return True
        except OSError:
            time.sleep(0.2)  # poll interval of this readiness check
    return False


def replica(name, work, extra):
    port = c.free_port()
    args = ["java", "-Xmx256m", "-XX:+ExitOnOutOfMemoryError", "-Dquarkus.http.host=127.0.0.1",
            "-Dquarkus.http.port=%d" % port, "-Dquarkus.management.port=0", "-Dtoolspill.auth.enabled=false",
            "-Dtoolspill.blob-store.timeout=%ds" % STORE_TIMEOUT_S, "-Dtoolspill.ingest.stall-timeout=3s",
            "-Dtoolspill.spool.retry-interval=%ds" % RETRY_S,
            "-Dtoolspill.spool.dir=%s" % os.path.join(work, name + "-spool"),
            "-Dtoolspill.tools.remote.\"lines\".url=%s/lines" % ENV["FAULTS_TOOLS_URL"]] + extra + ["-jar", JAR]
    proc = Proc(name, args, os.path.join(work, name + ".log"))
    proc.url = "http://127.0.0.1:%d" % port
    return proc


def s3_settings(endpoint, bucket):
    return ["-Dtoolspill.blob-store.type=s3", "-Dtoolspill.blob-store.s3.bucket=" + bucket,
            "-Dtoolspill.blob-store.s3.create-bucket=true", "-Dquarkus.s3.endpoint-override=" + endpoint,
            "-Dquarkus.s3.path-style-access=true", "-Dquarkus.s3.aws.region=us-east-1",
            "-Dquarkus.s3.aws.credentials.type=static",
            "-Dquarkus.s3.aws.credentials.static-provider.access-key-id=" + ENV["FAULTS_S3_ACCESS"],
            "-Dquarkus.s3.aws.credentials.static-provider.secret-access-key=" + ENV["FAULTS_S3_SECRET"]]


def sha(data):
    return hashlib.sha256(data).hexdigest()


# ---- 10 graceful shutdown ---------------------------------------------------------------------------------------

def shutdown(result):
    """SIGTERM in the middle of a slow 5 MB upload: it finishes with 200 and the whole blob is stored; a new request
    during the drain gets 503 problem+json with Retry-After; a replica started on the same store reads the blob."""
    name = "10 graceful shutdown (fs)"
    budget = "SIGTERM mid 5MB slow upload: 200, blob byte-exact after restart; new request during drain: 503+Retry-After"
    work = os.path.join(ENV["FAULTS_WORK"], "shutdown")
    os.makedirs(work, exist_ok=True)
    extra = ["-Dtoolspill.blob-store.fs.root=" + os.path.join(work, "root")]
    first = replica("shutdown-1", work, extra)
    second = None
    try:
        if not wait_http(first.url + "/q/health/ready", first, 120):
            result(name, budget, "the replica did not start", False)
            return
        body = ts.lines(10, 5 * MIB)
        piece = 64 * 1024
        sent_half = threading.Event()

        def pieces():
            for at in range(0, len(body), piece):
                if at >= len(body) // 3:
                    sent_half.set()
                yield body[at:at + piece]
                time.sleep(0.05)  # a slow client: 5 MB in about 4 s

        answer = {}
        upload = threading.Thread(target=lambda: answer.setdefault("r", c.send_body(
            first.url + "/v1/tool-outputs?tool=faults", pieces(),
            {"Content-Type": "text/plain", "Content-Length": str(len(body))}, timeout=60, label=name)))
        upload.start()
        sent_half.wait(30)
        t_term = time.monotonic()
        os.kill(first.pid, signal.SIGTERM)
        time.sleep(0.3)  # the shutdown has begun: the drain answers new requests from here on
        during = c.request("GET", first.url + "/v1/tools", timeout=10, label=name + " during drain")
        upload.join(60)
        r = answer.get("r") or c.Resp(None, error="no answer")
        try:
            first.p.wait(40)
        except subprocess.TimeoutExpired:
            pass
        exited = None if first.alive() else time.monotonic() - t_term
        blob_id = ((r.json() or {}).get("blob") or {}).get("id") if r.status == 200 else None
        second = replica("shutdown-2", work, extra)
        read_back, exact = None, False
        if blob_id and wait_http(second.url + "/q/health/ready", second, 120):
            rd, digest = c.download_sha(second.url, blob_id, label=name + " after restart")
            read_back, exact = rd.status, digest == sha(body)
        problems = []
        if r.status != 200 or not blob_id:
            problems.append("upload %s" % r.short())
        if not during.busy_ok():
            problems.append("request during drain: %s %s" % (during.short(), during.ctype()))
        if not exact:
            problems.append("read after restart: %s, exact %s" % (read_back, exact))
        if exited is None:
            problems.append("the replica did not exit")
        observed = "upload %s; during drain %s (Retry-After %s); exited %s after SIGTERM; read after restart %s exact %s" % (
            r.short(), during.short(), during.headers.get("retry-after"),
            "never" if exited is None else "%.1fs" % exited, read_back, exact)
        result(name, budget, observed + ("; " + "; ".join(problems) if problems else ""), not problems)
    finally:
        first.stop()
        if second:
            second.stop()


# ---- 10 S3 outage -----------------------------------------------------------------------------------------------

def spooled_calls(app, seed0, sizes, label, timeout):
    """One batch of `lines` calls; answers (response, {id: expected sha}) for the items that were spooled."""
    calls = [{"id": str(i), "name": "lines", "arguments": {"seed": seed0 + i, "bytes": n}} for i, n in enumerate(sizes)]
    r = c.tool_calls(app.url, calls, timeout=timeout, label=label)
    kept, items = {}, ((r.json() or {}).get("results") or []) if r.status == 200 else []
    for i, item in enumerate(items):
        blob = item.get("blob") or {}
        if item.get("disposition") == "spooled" and blob.get("spooled") and blob.get("id"):
            kept[blob["id"]] = sha(ts.lines(seed0 + i, sizes[i]))
    return r, items, kept


def s3_outage(result):
    name = "10 S3 outage, two replicas (s3)"
    budget = ("S3Proxy killed, then SIGSTOPped: both replicas ready; tool outputs spooled; reads of spooled blobs 200 "
              "on their replica, 503+Retry-After elsewhere; ingest 503; after S3 returns every spooled blob byte-exact "
              "from both replicas within %ds" % (6 * RETRY_S + 20))
    work = os.path.join(ENV["FAULTS_WORK"], "outage")
    base = os.path.join(work, "s3data")
    os.makedirs(base, exist_ok=True)
    s3port = c.free_port()
    endpoint = "http://127.0.0.1:%d" % s3port
    props = os.path.join(work, "s3proxy.properties")
    with open(props, "w") as f:
        f.write("\n".join(["s3proxy.endpoint=" + endpoint, "s3proxy.authorization=aws-v2-or-v4",
                           "s3proxy.identity=" + ENV["FAULTS_S3_ACCESS"], "s3proxy.credential=" + ENV["FAULTS_S3_SECRET"],
                           "s3proxy.ignore-unknown-headers=true", "jclouds.provider=filesystem",
                           "jclouds.filesystem.basedir=" + base]) + "\n")
    s3args = ["java", "-Xmx256m", "-jar", S3PROXY_JAR, "--properties", props]
    s3 = Proc("s3proxy", s3args, os.path.join(work, "s3proxy.log"))
    apps = []
    try:
        if not wait_port(s3port, s3, 90):
            result(name, budget, "S3Proxy did not start", False)
            return
        settings = s3_settings(endpoint, "toolspill-outage")
        apps = [replica("outage-a", work, settings), replica("outage-b", work, settings)]
        if not all(wait_http(a.url + "/q/health/ready", a, 120) for a in apps):
            result(name, budget, "the replicas did not start", False)
            return
        a, b = apps
        seed = ts.lines(1, 64 * 1024)
        r0 = c.ingest(a.url, seed, label=name + " seed")
        seed_id = ((r0.json() or {}).get("blob") or {}).get("id")
        problems, notes, kept = [], [], {}

        def check(cond, what):
            if not cond:
                problems.append(what)

        def outage_phase(how, writer, reader, seed0):
            # the store's health check is what tells a replica the store is down (else the first failed write, or the
            # spool's own check every retry-interval): from then on its tools' outputs go straight to the spool
            for app in (a, b):
                c.request("GET", app.url + "/q/health/well", timeout=15, label=name)
            r, items, spooled = spooled_calls(writer, seed0, [200 * 1024, 3000, 1500 * 1024], name + " " + how,
                                              timeout=STORE_TIMEOUT_S * 4 + 30)
            check(r.status == 200 and len(spooled) == len(items) == 3,
                  "%s: tool-calls %s, dispositions %s" % (how, r.short(), [i.get("disposition") for i in items]))
            notes.append("%s: tool-calls %s, %d/3 spooled" % (how, r.short(), len(spooled)))
            for blob_id, digest in spooled.items():
                rd, got = c.download_sha(writer.url, blob_id, label=name + " " + how)
                check(rd.status == 200 and got == digest, "%s: GET spooled on its replica %s exact %s" % (how, rd.status, got == digest))
                rr = c.request("GET", writer.url + "/v1/blobs/" + blob_id, headers={"Range": "bytes=0-9"}, label=name)
                check(rr.status == 206 and len(rr.body) == 10, "%s: ranged GET %s" % (how, rr.short()))
                ri = c.request("GET", writer.url + "/v1/blobs/" + blob_id + "/inspect?selector=lines:1-2", label=name)
                check(ri.status == 200, "%s: inspect %s" % (how, ri.short()))
                other = c.request("GET", reader.url + "/v1/blobs/" + blob_id, timeout=STORE_TIMEOUT_S + 15, label=name)
                check(other.busy_ok() and other.elapsed <= STORE_TIMEOUT_S + 10,
                      "%s: GET on the other replica %s %s" % (how, other.short(), other.ctype()))
            for app in (a, b):
                rr = c.request("GET", app.url + "/q/health/ready", timeout=10, label=name)
                check(rr.status == 200, "%s: %s not ready (%s)" % (how, app.name, rr.short()))
            rw = c.request("GET", writer.url + "/q/health/well", timeout=15, label=name)
            check(rw.status == 503, "%s: /q/health/well %s" % (how, rw.short()))
            check(ENV["FAULTS_S3_ACCESS"] not in rw.body.decode(errors="replace") and "127.0.0.1" not in rw.body.decode(errors="replace"),
                  "%s: /q/health/well names the store's address" % how)
            ri = c.ingest(reader.url, ts.lines(99, 100 * 1024), label=name + " " + how, timeout=STORE_TIMEOUT_S * 3 + 10)
            check(ri.busy_ok(), "%s: ingest %s" % (how, ri.short()))
            if seed_id:
                rs = c.request("GET", reader.url + "/v1/blobs/" + seed_id, timeout=STORE_TIMEOUT_S + 15, label=name)
                check(rs.busy_ok(), "%s: GET of an S3-only blob %s" % (how, rs.short()))
            kept.update(spooled)

        s3.stop(signal.SIGKILL)  # refused
        outage_phase("refused", a, b, 100)
        s3 = Proc("s3proxy", s3args, os.path.join(work, "s3proxy.log"))
        if not wait_port(s3port, s3, 90):
            problems.append("S3Proxy did not restart")
        os.kill(s3.pid, signal.SIGSTOP)  # hung
        try:
            outage_phase("hung", b, a, 200)
        finally:
            os.kill(s3.pid, signal.SIGCONT)
        t0 = time.monotonic()
        pending = dict(kept)
        deadline = t0 + 6 * RETRY_S + 20
        while pending and time.monotonic() < deadline:
            for blob_id in list(pending):
                ok = True
                for app in (a, b):
                    rd, got = c.download_sha(app.url, blob_id, timeout=20, label=name + " after")
                    ok = ok and rd.status == 200 and got == pending[blob_id]
                if ok:
                    del pending[blob_id]
            if pending:
                time.sleep(1)  # poll interval: the spools upload every retry-interval
        check(not pending, "after S3 returned, %d of %d spooled blobs not byte-exact on both replicas" % (len(pending), len(kept)))
        well = [c.request("GET", app.url + "/q/health/well", timeout=15, label=name).status for app in (a, b)]
        observed = "%s; after S3 returned: %d spooled blobs byte-exact on both replicas in %.1fs; well %s" % (
            "; ".join(notes), len(kept) - len(pending), time.monotonic() - t0, well)
        result(name, budget, observed + ("; " + "; ".join(problems[:6]) if problems else ""), not problems)
    finally:
        for app in apps:
            app.stop()
        s3.stop()
