#!/usr/bin/env bash
# Checks /mcp with the official MCP TypeScript SDK client (@modelcontextprotocol/sdk, pinned in package-lock.json)
# against the packaged service: starts it (java -jar target/quarkus-app/quarkus-run.jar, free port, temp fs root) with
# two remote tools served by tool-server.mjs and, in front of the same SDK's server (upstream-server.mjs), as
# toolspill.tools.mcp."ts"; waits for /q/health/ready and the upstream tools, runs check.mjs and upstream-check.mjs,
# and stops everything.
# Run from anywhere after ./mvnw package:   bash src/it/clients/mcp/check.sh
# It stops itself after MCP_CHECK_TIME_LIMIT seconds (default 240); MCP_CHECK_KEEP=1 keeps the work directory.
set -uo pipefail

NAME=mcp-check PREFIX=MCP_CHECK DEFAULT_LIMIT=240
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../../lib/harness.sh" "$@"

(cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error) >"$WORK/npm.log" 2>&1 || { cat "$WORK/npm.log" >&2; fail "npm ci"; }

TOOLS_PORT=$(free_port)
UPSTREAM_PORT=$(free_port)

node "$HERE/tool-server.mjs" "$TOOLS_PORT" >"$WORK/tool-server.log" 2>&1 &
PIDS+=($!)
node "$HERE/upstream-server.mjs" "$UPSTREAM_PORT" >"$WORK/upstream-server.log" 2>&1 &
UPSTREAM=$!
PIDS+=("$UPSTREAM")
start_service \
  "-Dtoolspill.tools.remote.\"listing\".url=http://127.0.0.1:$TOOLS_PORT/listing" \
  "-Dtoolspill.tools.remote.\"listing\".description=Lists files as a JSON array of rows." \
  "-Dtoolspill.tools.remote.\"listing\".schema={\"type\":\"object\",\"properties\":{\"rows\":{\"type\":\"integer\",\"minimum\":0}},\"additionalProperties\":false}" \
  "-Dtoolspill.tools.remote.\"log\".url=http://127.0.0.1:$TOOLS_PORT/log" \
  "-Dtoolspill.tools.remote.\"log\".description=The last lines of a log." \
  "-Dtoolspill.tools.remote.\"log\".schema={\"type\":\"object\",\"properties\":{\"lines\":{\"type\":\"integer\",\"minimum\":1}},\"additionalProperties\":false}" \
  "-Dtoolspill.tools.mcp.\"ts\".url=http://127.0.0.1:$UPSTREAM_PORT/mcp" "-Dtoolspill.tools.mcp.\"ts\".prefix=ts_"

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
