#!/usr/bin/env bash
# Builds the Toolspill image and runs it: ready, one stored output (> 800 bytes), one ranged read of it,
# then stop. For .ci/run; every step is bounded by `timeout`, and the service listens on a free port.
#
# No registry can be reached on the machines this runs on, so the image is built on a Java 17 base made
# from Debian packages (mmdebstrap, then podman import). That base is kept in podman's image store as
# $BASE_IMAGE and built only when missing (about 40 s and 400 MB once; delete it with `podman rmi`).
#
# Needs podman, mmdebstrap and runc: installed with apt-get when missing if run as root with CI=true (or
# TOOLSPILL_IMAGE_CHECK_INSTALL=1). Where podman cannot run at all, it says why and exits 0 ("SKIP"),
# never claiming a pass. Exit status: 0 passed or skipped, 1 failed.
set -euo pipefail
cd "$(dirname "$0")/../.."

BASE_IMAGE=${TOOLSPILL_CHECK_BASE_IMAGE:-localhost/toolspill-jre17-base:bookworm}
SUITE=bookworm
started=$SECONDS
phase_started=$SECONDS

say() { printf '==> image check: %s\n' "$*" >&2; }
skip() { printf 'SKIP image check: %s\n' "$*"; exit 0; }
fail() { printf 'FAIL image check: %s\n' "$*" >&2; exit 1; }
lap() { say "$1 ($((SECONDS - phase_started)) s)"; phase_started=$SECONDS; }

# --- tools ---------------------------------------------------------------------------------------------
missing=()
for tool in podman mmdebstrap runc curl python3; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [[ ${#missing[@]} -gt 0 ]]; then
    if [[ ( ${CI:-} == true || ${TOOLSPILL_IMAGE_CHECK_INSTALL:-} == 1 ) && $(id -u) == 0 ]] && command -v apt-get >/dev/null 2>&1; then
        say "installing ${missing[*]} with apt-get"
        timeout 300 apt-get update -qq >&2 || fail "apt-get update failed"
        DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq podman mmdebstrap runc curl python3 >&2 \
            || fail "apt-get install podman mmdebstrap runc failed"
        lap "tools installed"
    else
        skip "${missing[*]} not installed (apt-get install podman mmdebstrap runc; or run as root with CI=true)"
    fi
fi

# The flags podman needs on these machines: crun refuses their cgroup layout and the default nproc limit is refused.
PODMAN=(podman --runtime runc --cgroup-manager cgroupfs)
RUN=("${PODMAN[@]}" run --ulimit nofile=20000:20000 --ulimit nproc=4096:4096 --network host)
if ! info=$(timeout 60 "${PODMAN[@]}" info 2>&1); then
    skip "podman cannot run here: $(printf '%s' "$info" | tail -n 1)"
fi

# --- base image (cached) -------------------------------------------------------------------------------
if ! podman image exists "$BASE_IMAGE"; then
    say "building $BASE_IMAGE from Debian $SUITE packages (once; kept in podman's image store)"
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    timeout 900 mmdebstrap --quiet --variant=apt --include=openjdk-17-jre-headless,ca-certificates \
        "$SUITE" "$work/base.tar" >&2 || fail "mmdebstrap could not make the Java 17 base"
    timeout 300 podman import --quiet "$work/base.tar" "$BASE_IMAGE" >/dev/null || fail "podman import of the base failed"
    rm -rf "$work"
    trap - EXIT
    lap "base image built"
else
    say "base image $BASE_IMAGE is cached"
fi

if ! timeout 60 "${RUN[@]}" --rm "$BASE_IMAGE" true >/dev/null 2>&1; then
    why=$(timeout 60 "${RUN[@]}" --rm "$BASE_IMAGE" true 2>&1 | tail -n 1 || true)
    skip "podman cannot run a container here: $why"
fi

# --- image ---------------------------------------------------------------------------------------------
version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -n 1)
image="localhost/toolspill:$version"
[[ -f target/quarkus-app/quarkus-run.jar ]] || say "target/quarkus-app/ is missing: packaging the app first"
previous=$(podman image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
build_log=$(mktemp)
if ! CONTAINER_ENGINE=podman timeout 900 deploy/image/build.sh --base "$BASE_IMAGE" --tag "$image" >"$build_log" 2>&1; then
    tail -n 40 "$build_log" >&2
    rm -f "$build_log"
    fail "the image did not build"
fi
rm -f "$build_log"
# The image this tag named before (an older build of the app) is left untagged: remove it, unless a container uses it.
if [[ -n "$previous" && $previous != $(podman image inspect --format '{{.Id}}' "$image") ]]; then
    podman rmi "$previous" >/dev/null 2>&1 || true
fi
user=$(podman image inspect --format '{{.Config.User}}' "$image")
[[ $user == 185* ]] || fail "the image runs as '$user', not the non-root user 185"
lap "image $image built"

# --- run it --------------------------------------------------------------------------------------------
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
name="toolspill-image-check-$$"
work=$(mktemp -d)
cleanup() {
    timeout 30 "${PODMAN[@]}" rm --force --time 5 "$name" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
# the image runs as production does: API keys on; the check's key is known to it only by its SHA-256 digest
key="image-check-$$-$RANDOM"
digest=$(printf %s "$key" | sha256sum | cut -d' ' -f1)
timeout 60 "${RUN[@]}" --detach --name "$name" -e QUARKUS_HTTP_PORT="$port" -e QUARKUS_MANAGEMENT_PORT=0 -e TOOLSPILL_AUTH_KEYS_CI="$digest" "$image" >/dev/null \
    || fail "podman run failed"
url="http://127.0.0.1:$port"

ready=0
for _ in $(seq 1 120); do
    if curl -fsS --max-time 2 "$url/q/health/ready" >/dev/null 2>&1; then
        ready=1
        break
    fi
    if [[ $(timeout 10 "${PODMAN[@]}" inspect --format '{{.State.Running}}' "$name" 2>/dev/null) != true ]]; then
        timeout 10 "${PODMAN[@]}" logs "$name" 2>&1 | tail -n 30 >&2
        fail "the container stopped before it was ready"
    fi
    sleep 0.5
done
if [[ $ready != 1 ]]; then
    timeout 10 "${PODMAN[@]}" logs "$name" 2>&1 | tail -n 30 >&2
    fail "not ready within 60 s on port $port"
fi
lap "ready on port $port"

# One stored output: 300 numbered lines, about 3 KB, so it is stored as a blob, not kept inline.
seq 1 300 | sed 's/^/image check line /' > "$work/output.txt"
status=$(curl -sS --max-time 30 -o "$work/answer.json" -w '%{http_code}' -X POST -H 'Content-Type: text/plain' \
    -H "Authorization: Bearer $key" \
    --data-binary @"$work/output.txt" "$url/v1/tool-outputs?tool=image-check") || fail "POST /v1/tool-outputs failed"
[[ $status == 200 ]] || fail "POST /v1/tool-outputs answered $status: $(cat "$work/answer.json")"
id=$(python3 -c 'import json, sys; blob = json.load(open(sys.argv[1]))["blob"]; print(blob["id"] if blob else "")' "$work/answer.json")
[[ -n "$id" ]] || fail "the output was not stored: $(cat "$work/answer.json")"

# One ranged read of it: bytes 100..199, exactly as sent.
status=$(curl -sS --max-time 30 -o "$work/part" -w '%{http_code}' -H "Authorization: Bearer $key" -H 'Range: bytes=100-199' \
    "$url/v1/blobs/$id") \
    || fail "GET /v1/blobs/$id failed"
[[ $status == 206 ]] || fail "the ranged read answered $status, not 206"
head -c 200 "$work/output.txt" | tail -c 100 > "$work/expected"
cmp -s "$work/expected" "$work/part" || fail "the ranged read did not return bytes 100..199 of the output"
lap "stored blob $id and read bytes 100-199 back"

timeout 60 "${PODMAN[@]}" stop --time 20 "$name" >/dev/null || fail "the container did not stop"
lap "stopped"

# --- a data volume the image's user cannot write, then the same with the manifests' fsGroup ------------------
# A host folder owned by another user (4242, mode 755) at the fs store's path: the replica must not say ready, and
# its log must say which user it runs as and how to fix it. Then the folder's group 4242 with group write and the
# container in that group (--group-add: what Kubernetes' fsGroup does to a volume): ready, and it stores.
readiness_of() { # port -> the HTTP status of /q/health/ready (000 while not listening)
    curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$1/q/health/ready" || true
}
run_on_volume() { # container name, port, extra podman arguments...
    local cname=$1 cport=$2
    shift 2
    timeout 60 "${RUN[@]}" --detach --name "$cname" "$@" -v "$work/volume:/deployments/data" -e QUARKUS_HTTP_PORT="$cport" \
        -e QUARKUS_MANAGEMENT_PORT=0 -e TOOLSPILL_AUTH_KEYS_CI="$digest" "$image" >/dev/null || fail "podman run on a volume failed"
}
mkdir -p "$work/volume"
chown 4242:4242 "$work/volume"
chmod 755 "$work/volume"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
name="toolspill-image-check-foreign-$$"
run_on_volume "$name" "$port"
status=000
for _ in $(seq 1 120); do
    status=$(readiness_of "$port")
    [[ $status == 000 ]] || break
    sleep 0.5
done
[[ $status == 503 ]] || fail "on a folder its user cannot write, readiness answered $status, not 503"
logs=$(timeout 10 "${PODMAN[@]}" logs "$name" 2>&1)
grep -q "cannot be written by this process (user id 185)" <<<"$logs" && grep -q "fsGroup" <<<"$logs" \
    || fail "the log does not say which user cannot write and how to fix it: $(tail -n 5 <<<"$logs")"
timeout 60 "${PODMAN[@]}" rm --force --time 5 "$name" >/dev/null 2>&1 || true
lap "a folder of another user: readiness 503, the log names user 185 and fsGroup"

chgrp 4242 "$work/volume"
chmod 2775 "$work/volume"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
name="toolspill-image-check-fsgroup-$$"
run_on_volume "$name" "$port" --group-add 4242
status=000
for _ in $(seq 1 120); do
    status=$(readiness_of "$port")
    [[ $status == 200 ]] && break
    sleep 0.5
done
[[ $status == 200 ]] || fail "with the folder's group added (fsGroup), readiness answered $status, not 200"
status=$(curl -sS --max-time 30 -o "$work/answer2.json" -w '%{http_code}' -X POST -H 'Content-Type: text/plain' \
    -H "Authorization: Bearer $key" --data-binary @"$work/output.txt" "http://127.0.0.1:$port/v1/tool-outputs?tool=image-check") \
    || fail "POST /v1/tool-outputs on the volume failed"
[[ $status == 200 ]] || fail "POST /v1/tool-outputs on the volume answered $status: $(cat "$work/answer2.json")"
timeout 60 "${PODMAN[@]}" rm --force --time 5 "$name" >/dev/null 2>&1 || true
name="toolspill-image-check-$$"
lap "the same folder with its group added (fsGroup): ready, and it stores"
echo "OK image check: $image built on $BASE_IMAGE, ready, stored a blob, served a range, stopped; not ready on a folder it cannot write, ready with fsGroup ($((SECONDS - started)) s)"
