# Shared by the scripts that check the packaged service from outside (src/it/clients/mcp/check.sh, console/run.sh,
# tutorial/run.sh, scale/run.sh, src/examples/agent-loop/check.sh, src/bench/capacity.sh); it sources common.sh (free_port,
# wait_http, digest, S3Proxy, ...). Source it with the script's arguments after setting
#   NAME (the log prefix and the work directory's name), PREFIX (of the script's variables) and DEFAULT_LIMIT (s):
# the script then runs under `timeout` (${PREFIX}_TIME_LIMIT seconds, which signals the whole process group: the
# script, the service and every server it started), in a work directory $WORK that is removed at the end unless
# ${PREFIX}_KEEP=1, and every process added to PIDS is stopped on the way out. A script may define on_failure to
# print its own logs when it fails; the service's last warnings are printed from $WORK/toolspill.log.

bounded="${PREFIX}_BOUNDED"
if [[ -z "${!bounded:-}" ]]; then
  limit="${PREFIX}_TIME_LIMIT"
  export "$bounded"=1
  exec timeout --kill-after=10 "${!limit:-$DEFAULT_LIMIT}" bash "$0" "$@"
fi

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
JAR="$ROOT/target/quarkus-app/quarkus-run.jar"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/toolspill-$NAME.XXXXXX")
PIDS=()

log() { echo "[$NAME] $*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
declare -F on_failure >/dev/null || on_failure() { :; }

cleanup() {
  local rc=$? keep="${PREFIX}_KEEP"
  trap - EXIT INT TERM
  stop_pids "${PIDS[@]}"
  if ((rc != 0)); then
    on_failure
    if [[ -f "$WORK/toolspill.log" ]]; then
      log "last warnings/errors of the service:"
      grep -E 'ERROR|WARN|Exception' "$WORK/toolspill.log" | tail -n 20 >&2
    fi
  fi
  if [[ "${!keep:-0}" == 1 ]]; then log "kept $WORK"; else rm -rf "$WORK"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'log "stopped (time limit or signal)"; exit 124' INT TERM

for tool in java node npm curl; do
  command -v "$tool" >/dev/null || fail "$tool is not on PATH"
done
[[ -f "$JAR" ]] || fail "$JAR is missing: run ./mvnw package first"

# Starts the packaged service on 127.0.0.1:$PORT (a free port), filesystem blobs under $WORK/data, authentication
# off, with the extra -D options given; its log is $WORK/toolspill.log and its pid $SERVICE.
start_service() {
  PORT=$(free_port)
  java -Xmx256m -XX:+ExitOnOutOfMemoryError -Dquarkus.management.port=0 -Dtoolspill.auth.enabled=false \
    -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="$PORT" -Dtoolspill.blob-store.fs.root="$WORK/data" \
    "$@" -jar "$JAR" >"$WORK/toolspill.log" 2>&1 &
  SERVICE=$!
  PIDS+=("$SERVICE")
}

wait_ready() { # name url pid: fails the script unless url answers 200 within 120 s
  wait_http "$2" "$3" 120 && return 0
  (($? == 1)) && fail "$1 exited during start-up"
  fail "$1 not ready after 120 s ($2)"
}
