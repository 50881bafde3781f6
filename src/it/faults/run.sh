#!/usr/bin/env bash
# Toolspill fault suite: starts the packaged service (fs and S3 replicas), S3Proxy and a remote-tool server on
# loopback ports, drives the fault scenarios (src/it/faults/scenarios.py), prints one PASS/FAIL line per scenario and a
# Markdown table, and exits non-zero if any check failed. Run from the repo root: bash src/it/faults/run.sh
#
# Environment (all optional):
#   FAULTS_ONLY="1,3,7"   run only these scenario groups (8 always runs over what was seen)
#   FAULTS_KEEP=1         keep the work directory (logs, data) instead of deleting it
#   FAULTS_TIME_LIMIT=900 seconds the scenario driver may run before it is stopped (group 10 adds about 3 minutes,
#                         group 12, the HTTP edge with nginx proxy_cache in front, about 2)
#   FAULTS_LOAD_AFTER=F   the groups with latency budgets (3, 11) and the load group (9), last, wait until the file F
#                         exists, at most FAULTS_LOAD_WAIT (600)
#                         seconds: .ci/run creates it when the checks it runs beside this suite have ended
set -uo pipefail

ROOT=$(pwd)
if [[ ! -f "$ROOT/src/it/faults/run.sh" || ! -f "$ROOT/pom.xml" ]]; then
  echo "run this from the repository root: bash src/it/faults/run.sh" >&2
  exit 2
fi
source src/it/lib/common.sh
SUITE_START=$(date +%s)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/toolspill-faults.XXXXXX")
PIDS=()
RESULTS="$WORK/results.tsv"
: >"$RESULTS"

log() { printf '[faults %3ds] %s\n' "$(($(date +%s) - SUITE_START))" "$*" >&2; }

stop_all() { # a stopped S3Proxy (scenario 7) is continued before TERM (stop_pids does)
  stop_pids "${PIDS[@]}"
  PIDS=()
}

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  stop_all
  if [[ "${FAULTS_KEEP:-0}" == 1 ]]; then
    log "kept $WORK"
  else
    rm -rf "$WORK"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT TERM

# ---- build if needed ---------------------------------------------------------------------------------------------
if [[ ! -f target/quarkus-app/quarkus-run.jar ]]; then
  log "target/quarkus-app missing: packaging"
  ./mvnw -q -DskipTests package || { echo "FAIL build: ./mvnw package failed"; exit 1; }
fi
if [[ ! -f target/s3proxy/s3proxy.jar ]]; then
  log "target/s3proxy missing: process-test-resources"
  ./mvnw -q process-test-resources || { echo "FAIL build: ./mvnw process-test-resources failed"; exit 1; }
fi
command -v nginx >/dev/null || [[ -x /usr/sbin/nginx ]] || log "nginx is not installed: group 12's shared-cache check fails (apt-get install -y nginx-light)"
for tool in java jcmd curl python3; do
  command -v "$tool" >/dev/null || { echo "FAIL setup: $tool is not on PATH"; exit 1; }
done

# ---- processes ---------------------------------------------------------------------------------------------------
S3_PORT=$(free_port); TOOLS_PORT=$(free_port); FS_PORT=$(free_port); S3APP_PORT=$(free_port)
S3_ACCESS=faults; S3_SECRET=faults-secret; S3_BUCKET=toolspill-faults
S3_BASE="$WORK/s3data"; FS_ROOT="$WORK/fsroot"
mkdir -p "$S3_BASE" "$FS_ROOT"
start_s3proxy 256m "$WORK/s3proxy.properties" "$WORK/s3proxy.log" "http://127.0.0.1:$S3_PORT" "$S3_ACCESS" "$S3_SECRET" "$S3_BASE"
S3_PID=$S3PROXY_PID; PIDS+=("$S3_PID")
python3 src/it/faults/toolserver.py "$TOOLS_PORT" >"$WORK/toolserver.log" 2>&1 &
TOOLS_PID=$!; PIDS+=("$TOOLS_PID")

COMMON=(-Xmx256m -XX:+ExitOnOutOfMemoryError
  -Dquarkus.http.host=127.0.0.1 -Dquarkus.management.port=0
  -Dtoolspill.auth.enabled=false
  -Dtoolspill.ingest.stall-timeout=3s
  -Dtoolspill.blob-store.timeout=5s
  -Dtoolspill.inspect.index-cache-bytes=33554432
  "-Dtoolspill.tools.remote.\"flood\".url=http://127.0.0.1:$TOOLS_PORT/flood"
  "-Dtoolspill.tools.remote.\"flood\".timeout=60s"
  "-Dtoolspill.tools.remote.\"floodcl\".url=http://127.0.0.1:$TOOLS_PORT/floodcl"
  "-Dtoolspill.tools.remote.\"floodcl\".timeout=60s"
  "-Dtoolspill.tools.remote.\"huge\".url=http://127.0.0.1:$TOOLS_PORT/huge"
  "-Dtoolspill.tools.remote.\"huge\".timeout=150s"
  "-Dtoolspill.tools.remote.\"slowflood\".url=http://127.0.0.1:$TOOLS_PORT/slowflood"
  "-Dtoolspill.tools.remote.\"slowflood\".timeout=3s"
  "-Dtoolspill.tools.remote.\"trickle\".url=http://127.0.0.1:$TOOLS_PORT/trickle"
  "-Dtoolspill.tools.remote.\"trickle\".timeout=2s")

wait_up() { # name url pid seconds [any]: logs why when url does not answer (200, or any answer) in time
  wait_http "$2" "$3" "$4" "${5:-200}" && return 0
  if (($? == 1)); then log "$1 exited during start-up"; else log "$1 not ready after ${4}s ($2)"; fi
  return 1
}

dump_logs() {
  local f
  for f in "$WORK"/toolspill-fs.log "$WORK"/toolspill-s3.log "$WORK"/s3proxy.log; do
    [[ -f "$f" ]] || continue
    echo "---- last warnings/errors of $(basename "$f") ----" >&2
    grep -E 'ERROR|WARN|Exception' "$f" | tail -n 25 >&2
  done
}

setup_fail() {
  echo "FAIL setup: $1"
  dump_logs
  printf '| scenario | budget | observed |\n|---|---|---|\n| setup | services ready | %s |\n' "$1"
  exit 1
}

wait_up S3Proxy "http://127.0.0.1:$S3_PORT/" "$S3_PID" 90 any || setup_fail "S3Proxy did not start"

java "${COMMON[@]}" -Dquarkus.http.port="$FS_PORT" -Dtoolspill.blob-store.fs.root="$FS_ROOT" \
  -jar target/quarkus-app/quarkus-run.jar >"$WORK/toolspill-fs.log" 2>&1 &
FS_PID=$!; PIDS+=("$FS_PID")
s3_store_options "http://127.0.0.1:$S3_PORT" "$S3_ACCESS" "$S3_SECRET"
java "${COMMON[@]}" -Dquarkus.http.port="$S3APP_PORT" "${S3_STORE_OPTIONS[@]}" \
  -Dtoolspill.blob-store.s3.bucket="$S3_BUCKET" -Dtoolspill.blob-store.s3.create-bucket=true \
  -jar target/quarkus-app/quarkus-run.jar >"$WORK/toolspill-s3.log" 2>&1 &
S3APP_PID=$!; PIDS+=("$S3APP_PID")

wait_up tool-server "http://127.0.0.1:$TOOLS_PORT/ready" "$TOOLS_PID" 30 || setup_fail "tool server did not start"
wait_up toolspill-fs "http://127.0.0.1:$FS_PORT/q/health/ready" "$FS_PID" 120 || setup_fail "toolspill (fs) not ready"
wait_up toolspill-s3 "http://127.0.0.1:$S3APP_PORT/q/health/ready" "$S3APP_PID" 120 || setup_fail "toolspill (s3) not ready"
log "ready: fs :$FS_PORT (pid $FS_PID), s3 :$S3APP_PORT (pid $S3APP_PID), S3Proxy :$S3_PORT (pid $S3_PID), tools :$TOOLS_PORT"

# ---- scenarios ---------------------------------------------------------------------------------------------------
export FAULTS_WORK="$WORK" FAULTS_RESULTS="$RESULTS" \
  FAULTS_FS_URL="http://127.0.0.1:$FS_PORT" FAULTS_FS_PID="$FS_PID" FAULTS_FS_ROOT="$FS_ROOT" \
  FAULTS_S3APP_URL="http://127.0.0.1:$S3APP_PORT" FAULTS_S3APP_PID="$S3APP_PID" \
  FAULTS_S3_URL="http://127.0.0.1:$S3_PORT" FAULTS_S3_PID="$S3_PID" FAULTS_S3_BASE="$S3_BASE" \
  FAULTS_S3_BUCKET="$S3_BUCKET" FAULTS_S3_ACCESS="$S3_ACCESS" FAULTS_S3_SECRET="$S3_SECRET" \
  FAULTS_TOOLS_URL="http://127.0.0.1:$TOOLS_PORT" \
  FAULTS_FS_LOG="$WORK/toolspill-fs.log" FAULTS_S3APP_LOG="$WORK/toolspill-s3.log" \
  FAULTS_ONLY="${FAULTS_ONLY:-}"
LIMIT=${FAULTS_TIME_LIMIT:-900}
# the last groups' wait for another job (FAULTS_LOAD_AFTER) is not the suite's own time
[[ -n "${FAULTS_LOAD_AFTER:-}" ]] && LIMIT=$((LIMIT + ${FAULTS_LOAD_WAIT:-600}))
timeout -k 10 "$LIMIT" python3 -u src/it/faults/scenarios.py &
DRIVER=$!; PIDS+=("$DRIVER")
wait "$DRIVER"; DRIVER_RC=$?
if ((DRIVER_RC == 124 || DRIVER_RC == 137)); then
  echo "FAIL suite: the scenario driver passed its ${LIMIT}s limit and was stopped"
  printf 'suite\twhole suite ≤ %ss\tstopped at the time limit\tFAIL\n' "$LIMIT" >>"$RESULTS"
elif ((DRIVER_RC != 0 && DRIVER_RC != 10)); then
  echo "FAIL suite: the scenario driver crashed (exit $DRIVER_RC)"
  printf 'suite\tdriver exits cleanly\texit %s\tFAIL\n' "$DRIVER_RC" >>"$RESULTS"
fi

stop_all
ELAPSED=$(($(date +%s) - SUITE_START))

# ---- report ------------------------------------------------------------------------------------------------------
FAILED=0
grep -q $'\tFAIL$' "$RESULTS" && FAILED=1
[[ -s "$RESULTS" ]] || FAILED=1
echo
echo "| scenario | budget | observed |"
echo "|---|---|---|"
while IFS=$'\t' read -r name budget observed verdict; do
  printf '| %s %s | %s | %s |\n' "$verdict" "$name" "${budget//|/\\|}" "${observed//|/\\|}"
done <"$RESULTS"
echo
echo "suite time: ${ELAPSED}s"
if ((FAILED)); then
  dump_logs
  echo "fault suite: FAILED"
  exit 1
fi
echo "fault suite: all checks passed"
exit 0
