#!/usr/bin/env bash
# Checks /mcp with the official MCP TypeScript SDK client (@modelcontextprotocol/sdk, pinned in package-lock.json)
# against the packaged service: starts it (java -jar target/quarkus-app/quarkus-run.jar, free port, temp fs root) with
# two remote tools served by tool-server.mjs and, in front of the same SDK's server (upstream-server.mjs), as
# toolspill.tools.mcp."ts"; waits for /q/health/ready and the upstream tools, runs check.mjs and upstream-check.mjs,
# and stops everything.
# Run from anywhere after ./mvnw package:   bash src/it/clients/mcp/check.sh
# It stops itself after MCP_CHECK_TIME_LIMIT seconds (default 240); MCP_CHECK_KEEP=1 keeps the work directory.
set -uo pipefail

if [[ -z "${MCP_CHECK_BOUNDED:-}" ]]; then
  # timeout signals the whole process group: this script, the service, the tool server and node.
  MCP_CHECK_BOUNDED=1 exec timeout --kill-after=10 "${MCP_CHECK_TIME_LIMIT:-240}" bash "$0" "$@"
fi

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/toolspill-mcp.XXXXXX")
PIDS=()
log() { echo "[mcp-check] $*" >&2; }

cleanup() {
  local rc=$? pid
  trap - EXIT INT TERM
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null; done
  if ((rc != 0)) && [[ -f "$WORK/toolspill.log" ]]; then
    log "last warnings/errors of the service:"
    grep -E 'ERROR|WARN|Exception' "$WORK/toolspill.log" | tail -n 20 >&2
  fi
  if [[ "${MCP_CHECK_KEEP:-0}" == 1 ]]; then log "kept $WORK"; else rm -rf "$WORK"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'log "stopped (time limit or signal)"; exit 124' INT TERM

fail() { log "FAIL: $*"; exit 1; }

for tool in java node npm curl; do
  command -v "$tool" >/dev/null || fail "$tool is not on PATH"
done
JAR="$ROOT/target/quarkus-app/quarkus-run.jar"
[[ -f "$JAR" ]] || fail "$JAR is missing: run ./mvnw package first"

(cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error) >"$WORK/npm.log" 2>&1 || { cat "$WORK/npm.log" >&2; fail "npm ci"; }

free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}
TOOLS_PORT=$(free_port)
PORT=$(free_port)
UPSTREAM_PORT=$(free_port)

node "$HERE/tool-server.mjs" "$TOOLS_PORT" >"$WORK/tool-server.log" 2>&1 &
PIDS+=($!)
node "$HERE/upstream-server.mjs" "$UPSTREAM_PORT" >"$WORK/upstream-server.log" 2>&1 &
UPSTREAM=$!
PIDS+=("$UPSTREAM")
java -Xmx256m -XX:+ExitOnOutOfMemoryError -Dquarkus.management.port=0 -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="$PORT" -Dtoolspill.auth.enabled=false \
  -Dtoolspill.blob-store.fs.root="$WORK/data" \
  "-Dtoolspill.tools.remote.\"listing\".url=http://127.0.0.1:$TOOLS_PORT/listing" \
  "-Dtoolspill.tools.remote.\"listing\".description=Lists files as a JSON array of rows." \
  "-Dtoolspill.tools.remote.\"listing\".schema={\"type\":\"object\",\"properties\":{\"rows\":{\"type\":\"integer\",\"minimum\":0}},\"additionalProperties\":false}" \
  "-Dtoolspill.tools.remote.\"log\".url=http://127.0.0.1:$TOOLS_PORT/log" \
  "-Dtoolspill.tools.remote.\"log\".description=The last lines of a log." \
  "-Dtoolspill.tools.remote.\"log\".schema={\"type\":\"object\",\"properties\":{\"lines\":{\"type\":\"integer\",\"minimum\":1}},\"additionalProperties\":false}" \
  "-Dtoolspill.tools.mcp.\"ts\".url=http://127.0.0.1:$UPSTREAM_PORT/mcp" "-Dtoolspill.tools.mcp.\"ts\".prefix=ts_" \
  -jar "$JAR" >"$WORK/toolspill.log" 2>&1 &
SERVICE=$!
PIDS+=("$SERVICE")

wait_ready() { # name url pid
  local deadline=$((SECONDS + 120))
  while ((SECONDS < deadline)); do
    kill -0 "$3" 2>/dev/null || fail "$1 exited during start-up"
    curl -sf -o /dev/null -m 2 "$2" && return 0
    sleep 0.2
  done
  fail "$1 not ready after 120 s ($2)"
}
wait_ready "tool server" "http://127.0.0.1:$TOOLS_PORT/ready" "${PIDS[0]}"
wait_ready "upstream MCP server" "http://127.0.0.1:$UPSTREAM_PORT/ready" "$UPSTREAM"
wait_ready toolspill "http://127.0.0.1:$PORT/q/health/ready" "$SERVICE"
# the upstream server's tools arrive with its first refresh, in the background of start-up
deadline=$((SECONDS + 60))
until curl -sf -m 2 "http://127.0.0.1:$PORT/v1/tools" | grep -q '"ts_big_log"'; do
  ((SECONDS < deadline)) || fail "the upstream MCP server's tools were not offered within 60 s"
  sleep 0.2
done
log "service ready on 127.0.0.1:$PORT (pid $SERVICE), tools on :$TOOLS_PORT, upstream MCP server on :$UPSTREAM_PORT"

# In the background, so a time limit's TERM reaches the trap at once.
node "$HERE/check.mjs" "http://127.0.0.1:$PORT" &
CHECK=$!
wait "$CHECK" || fail "check.mjs failed"
node "$HERE/upstream-check.mjs" "http://127.0.0.1:$PORT" &
CHECK=$!
wait "$CHECK" || fail "upstream-check.mjs failed"
log "PASS"
