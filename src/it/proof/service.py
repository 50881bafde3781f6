"""Starting and stopping the packaged service for the proof scripts: loopback only, a free port, bounded waits."""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "faults"))
import common  # noqa: E402  (read-only helpers of the fault suite)

ENV = os.environ


def start(port, log, extra=(), label="service"):
    """java PROOF_JAVA_ARGS extra -jar PROOF_JAR on 127.0.0.1:port; returns the process once it is ready."""
    cmd = (["java"] + ENV["PROOF_JAVA_ARGS"].split() + list(extra)
           + ["-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=%d" % port, "-jar", ENV["PROOF_JAR"]])
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("FAIL %s: the service exited during start-up (see %s)" % (label, log.name))
        r = common.request("GET", "http://127.0.0.1:%d/q/health/ready" % port, timeout=2, label="ready")
        if r.status == 200:
            return proc
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("FAIL %s: the service was not ready within 120 s" % label)


def stop(proc):
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)
