#!/usr/bin/env bash
# Runs the agent loop (agent-loop.ts, on the official openai client) to its final answer with no model to reach:
# starts the packaged service (java -jar target/quarkus-app/quarkus-run.jar, free port, temp fs root, no API keys)
# with the remote tool big_listing (check/tool-server.mjs: a 3,000-line, ~100 KB listing), a scripted stand-in of
# the Chat Completions endpoint (check/model.mjs: big_listing, then inspect lines 1500-1502 of its blob, then the
# answer), builds the loop with tsc, runs it, checks the answer and the conversation (check/verify.mjs), and stops
# everything. Run from anywhere after ./mvnw package:   bash src/examples/agent-loop/check.sh
# It stops itself after AGENT_LOOP_CHECK_TIME_LIMIT seconds (default 180); AGENT_LOOP_CHECK_KEEP=1 keeps the work dir.
set -uo pipefail

if [[ -z "${AGENT_LOOP_CHECK_BOUNDED:-}" ]]; then
  # timeout signals the whole process group: this script, the service, both servers and node.
  AGENT_LOOP_CHECK_BOUNDED=1 exec timeout --kill-after=10 "${AGENT_LOOP_CHECK_TIME_LIMIT:-180}" bash "$0" "$@"
fi

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/toolspill-agent-loop.XXXXXX")
PIDS=()
log() { echo "[agent-loop-check] $*" >&2; }

cleanup() {
  local rc=$? pid
  trap - EXIT INT TERM
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null; done
  if ((rc != 0)); then
    [[ -f "$WORK/model.log" ]] && { log "stand-in model:"; cat "$WORK/model.log" >&2; }
    [[ -f "$WORK/toolspill.log" ]] && { log "last warnings/errors of the service:"; grep -E 'ERROR|WARN|Exception' "$WORK/toolspill.log" | tail -n 20 >&2; }
  fi
  if [[ "${AGENT_LOOP_CHECK_KEEP:-0}" == 1 ]]; then log "kept $WORK"; else rm -rf "$WORK"; fi
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

# npm warns that openai declares node >= 22; the loop runs on Node 20 (this check is the proof).
(cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error && npx --no-install tsc -p .) >"$WORK/build.log" 2>&1 \
  || { cat "$WORK/build.log" >&2; fail "npm ci / tsc"; }

free_port() {
  node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}
TOOLS_PORT=$(free_port)
MODEL_PORT=$(free_port)
PORT=$(free_port)

node "$HERE/check/tool-server.mjs" "$TOOLS_PORT" >"$WORK/tool-server.log" 2>&1 &
TOOLS=$!
PIDS+=("$TOOLS")
node "$HERE/check/model.mjs" "$MODEL_PORT" >"$WORK/model.log" 2>&1 &
MODEL=$!
PIDS+=("$MODEL")
java -Xmx256m -XX:+ExitOnOutOfMemoryError -Dquarkus.management.port=0 -Dtoolspill.auth.enabled=false \
  -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="$PORT" -Dtoolspill.blob-store.fs.root="$WORK/data" \
  "-Dtoolspill.tools.remote.\"big_listing\".url=http://127.0.0.1:$TOOLS_PORT/listing" \
  "-Dtoolspill.tools.remote.\"big_listing\".description=Lists every file under /srv/data, one per line: size, path." \
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
wait_ready "tool server" "http://127.0.0.1:$TOOLS_PORT/ready" "$TOOLS"
wait_ready "stand-in model" "http://127.0.0.1:$MODEL_PORT/ready" "$MODEL"
wait_ready toolspill "http://127.0.0.1:$PORT/q/health/ready" "$SERVICE"
log "service ready on 127.0.0.1:$PORT, tools on :$TOOLS_PORT, stand-in model on :$MODEL_PORT"

# In the background, so a time limit's TERM reaches the trap at once.
OPENAI_BASE_URL="http://127.0.0.1:$MODEL_PORT/v1" OPENAI_API_KEY=stand-in MODEL=scripted-stand-in MAX_TURNS=5 \
  TOOLSPILL_URL="http://127.0.0.1:$PORT" CONVERSATION_OUT="$WORK/conversation.json" \
  node "$HERE/dist/agent-loop.js" "Show me lines 1500 to 1502 of the file listing." >"$WORK/answer.txt" &
LOOP=$!
wait "$LOOP" || fail "the agent loop did not reach a final answer"
node "$HERE/check/verify.mjs" "http://127.0.0.1:$PORT" "$WORK/answer.txt" "$WORK/conversation.json" &
VERIFY=$!
wait "$VERIFY" || fail "verify.mjs"
log "PASS"
