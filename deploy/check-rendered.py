#!/usr/bin/env python3
"""Checks one rendered kustomize target (YAML on stdin) for what running Toolspill in a cluster needs.

Usage: kubectl kustomize TARGET | check-rendered.py NAME SHUTDOWN_DEFAULT [--no-static-keys] [--expect-env VAR ...]
Prints one OK line per check, FAIL lines on stderr; exits 1 if any check fails. Called by deploy/check.sh.
"""
import re
import sys

import yaml

name, shutdown_default = sys.argv[1], sys.argv[2]
no_static_keys = "--no-static-keys" in sys.argv[3:]
expected_env = [sys.argv[i + 1] for i in range(3, len(sys.argv) - 1) if sys.argv[i] == "--expect-env"]
docs = [d for d in yaml.safe_load_all(sys.stdin) if d]
failed = False


def ok(what):
    print(f"OK {name}: {what}")


def fail(what):
    global failed
    print(f"FAIL {name}: {what}", file=sys.stderr)
    failed = True


def seconds(value):
    """A Quarkus duration (25s, 1m, 500ms, PT25S, or a number of seconds) in seconds, or None."""
    value = str(value).strip()
    m = re.fullmatch(r"(\d+(?:\.\d+)?)(ms|s|m|h)?", value)
    if m:
        return float(m.group(1)) * {"ms": 0.001, "s": 1, None: 1, "m": 60, "h": 3600}[m.group(2)]
    m = re.fullmatch(r"PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?", value, re.IGNORECASE)
    if m and any(m.groups()):
        h, mi, s = (float(g) if g else 0 for g in m.groups())
        return h * 3600 + mi * 60 + s
    return None


def of_kind(kind):
    return [d for d in docs if d.get("kind") == kind]


deployments = [d for d in of_kind("Deployment") if d["metadata"]["name"] == "toolspill"]
if len(deployments) != 1:
    fail("no Deployment toolspill")
    sys.exit(1)
pod = deployments[0]["spec"]["template"]["spec"]
containers = [c for c in pod.get("containers", []) if c.get("name") == "toolspill"]
if not containers:
    fail("the Deployment has no container toolspill")
    sys.exit(1)
container = containers[0]

# settings as the container sees them: its ConfigMaps (envFrom), then its own env
env = {}
configmaps = {c["metadata"]["name"]: c.get("data", {}) for c in of_kind("ConfigMap")}
for source in container.get("envFrom", []):
    ref = source.get("configMapRef", {}).get("name")
    if ref is not None:
        env.update(configmaps.get(ref, {}))
for var in container.get("env", []):
    env[var["name"]] = var.get("value", "<from " + ",".join(var.get("valueFrom", {}).keys()) + ">")

# probes
for probe in ("readinessProbe", "livenessProbe"):
    path = container.get(probe, {}).get("httpGet", {}).get("path")
    if path and path.startswith("/q/health"):
        ok(f"{probe} on {path}")
    else:
        fail(f"no {probe} on /q/health/*")

# volumes the app writes: given to the image's group (fsGroup 185), else a PVC for the fs store is not writable
security = pod.get("securityContext", {})
if security.get("fsGroup") == 185 and security.get("runAsNonRoot"):
    ok("runs as non-root with fsGroup 185 (the image's group): its volumes are writable")
else:
    fail(f"the pod's securityContext needs runAsNonRoot and fsGroup 185, has {security}")

# ServiceAccount
account = pod.get("serviceAccountName")
accounts = [a["metadata"]["name"] for a in of_kind("ServiceAccount")]
if account and account in accounts:
    ok(f"runs as ServiceAccount {account}")
else:
    fail(f"the pods' ServiceAccount '{account}' is not among the rendered ones {accounts}")

# NetworkPolicy selecting the pods, both directions
labels = deployments[0]["spec"]["template"]["metadata"].get("labels", {})
policies = [p for p in of_kind("NetworkPolicy")
            if all(labels.get(k) == v for k, v in p["spec"].get("podSelector", {}).get("matchLabels", {}).items())
            and {"Ingress", "Egress"} <= set(p["spec"].get("policyTypes", []))]
if policies:
    ok(f"NetworkPolicy {policies[0]['metadata']['name']} (ingress and egress)")
else:
    fail("no NetworkPolicy with Ingress and Egress selects the pods")

# the management port (metrics, OpenAPI): scraped there, and open only to a selected namespace
annotations = deployments[0]["spec"]["template"]["metadata"].get("annotations", {})
management = [r for p in policies for r in p["spec"].get("ingress", [])
              if any(str(port.get("port")) in ("9000", "management") for port in r.get("ports", []))]
if annotations.get("prometheus.io/port") != "9000":
    fail(f"prometheus.io/port is {annotations.get('prometheus.io/port')!r}, not the management port 9000")
elif not management or any(not (peer.get("namespaceSelector") or {}).get("matchLabels") for r in management for peer in r.get("from", [{}])):
    fail("the management port 9000 is not limited to a labelled namespace by the NetworkPolicy")
else:
    ok("metrics on the management port 9000, open to a labelled namespace only")

# preStop pause + shutdown timeout <= grace period
pre_stop = (container.get("lifecycle") or {}).get("preStop") or {}
command = " ".join(pre_stop.get("exec", {}).get("command", [])) if "exec" in pre_stop else ""
pause = re.search(r"sleep\s+(\d+(?:\.\d+)?)", command)
if pre_stop.get("sleep"):
    pause_s = float(pre_stop["sleep"]["seconds"])
elif pause:
    pause_s = float(pause.group(1))
else:
    pause_s = None
    fail("no preStop pause (exec sleep N, or sleep: {seconds: N})")
if pause_s is not None:
    ok(f"preStop pauses {pause_s:g} s")
shutdown_raw = env.get("QUARKUS_SHUTDOWN_TIMEOUT", shutdown_default)
shutdown = seconds(shutdown_raw) if shutdown_raw else None
if shutdown is None:
    fail(f"no usable quarkus.shutdown.timeout (QUARKUS_SHUTDOWN_TIMEOUT='{shutdown_raw}')")
grace = pod.get("terminationGracePeriodSeconds", 30)
if pause_s is not None and shutdown is not None:
    if grace >= pause_s + shutdown:
        ok(f"terminationGracePeriodSeconds {grace} >= preStop {pause_s:g} s + shutdown timeout {shutdown:g} s")
    else:
        fail(f"terminationGracePeriodSeconds {grace} < preStop {pause_s:g} s + shutdown timeout {shutdown:g} s: "
             "the kubelet would kill uploads still draining")

# spool: an emptyDir with a size limit, mounted where toolspill.spool.dir points
spool_dir = env.get("TOOLSPILL_SPOOL_DIR")
volumes = {v["name"]: v for v in pod.get("volumes", [])}
mounts = {m["mountPath"].rstrip("/"): m["name"] for m in container.get("volumeMounts", [])}
if not spool_dir:
    fail("TOOLSPILL_SPOOL_DIR is not set (toolspill.spool.dir)")
else:
    volume = volumes.get(mounts.get(spool_dir.rstrip("/")), {})
    if "emptyDir" not in volume:
        fail(f"no emptyDir mounted at the spool dir {spool_dir}")
    elif not (volume["emptyDir"] or {}).get("sizeLimit"):
        fail(f"the spool emptyDir {volume['name']} has no sizeLimit")
    else:
        ok(f"spool: emptyDir {volume['name']} ({volume['emptyDir']['sizeLimit']}) at {spool_dir}"
           + (f", max {env['TOOLSPILL_SPOOL_MAX_BYTES']} bytes" if "TOOLSPILL_SPOOL_MAX_BYTES" in env else ""))

# credentials: the default chain unless the target says otherwise on purpose (the minio overlay)
static = sorted(k for k in env if k.startswith("QUARKUS_S3_AWS_CREDENTIALS_STATIC"))
if no_static_keys:
    if static or env.get("QUARKUS_S3_AWS_CREDENTIALS_TYPE", "default") == "static":
        fail(f"static S3 keys in a target that should use the default credentials chain: {static}")
    else:
        ok(f"S3 credentials from the default chain (type {env.get('QUARKUS_S3_AWS_CREDENTIALS_TYPE', 'default')})")

# settings a target adds (its expected-env file): each reaches the container, from a ConfigMap or its own env
missing = [var for var in expected_env if var not in env]
if missing:
    fail(f"not in the container's environment: {missing}")
elif expected_env:
    ok(f"{len(expected_env)} expected settings reach the container ({', '.join(expected_env)})")

# named tools and MCP servers in the env form Quarkus maps (checked with a real start, deploy/README.md): the name
# between double underscores, letters and digits only (an '_' in it would become '.', and the tool would not start)
TOOL_ENV = re.compile(r"TOOLSPILL_TOOLS_(MCP|REMOTE)__[A-Z0-9]+__[A-Z0-9_]+")
tool_vars = sorted(k for k in env if k.startswith(("TOOLSPILL_TOOLS_MCP_", "TOOLSPILL_TOOLS_REMOTE_")))
wrong = [k for k in tool_vars if not TOOL_ENV.fullmatch(k)]
if wrong:
    fail(f"tool settings not in the form TOOLSPILL_TOOLS_MCP__NAME__KEY / TOOLSPILL_TOOLS_REMOTE__NAME__KEY: {wrong}")
elif tool_vars:
    servers = sorted({k.split("__")[1].lower() for k in tool_vars if k.startswith("TOOLSPILL_TOOLS_MCP_")})
    remotes = sorted({k.split("__")[1].lower() for k in tool_vars if k.startswith("TOOLSPILL_TOOLS_REMOTE_")})
    ok(f"tools from the environment: MCP servers {servers}, remote tools {remotes}")

sys.exit(1 if failed else 0)
