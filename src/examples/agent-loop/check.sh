#!/usr/bin/env bash
# Runs the agent loop (agent-loop.ts, on the official openai client) to its final answer with no model to reach:
# starts the demo tools (src/examples/demo-tools/DemoTools.java, an MCP server run from source by the JDK) and the
# packaged service (java -jar target/quarkus-app/quarkus-run.jar, free port, temp fs root, no API keys) with them as
# its upstream MCP server "demo" (the one setting the demo tools' README gives), a scripted stand-in of the Chat
# Completions endpoint (check/model.mjs: search_logs of payments, about 1.8 MB, then a grep of its blob through
# inspect, then the answer: the first order that failed with a card processor timeout), builds the loop with tsc,
# runs it, checks the answer against the demo tools' own data and the conversation (check/verify.mjs), and stops
# everything. Run from anywhere after ./mvnw package:   bash src/examples/agent-loop/check.sh
# It stops itself after AGENT_LOOP_CHECK_TIME_LIMIT seconds (default 180); AGENT_LOOP_CHECK_KEEP=1 keeps the work dir.
set -uo pipefail

NAME=agent-loop-check PREFIX=AGENT_LOOP_CHECK DEFAULT_LIMIT=180
HERE=$(cd "$(dirname "$0")" && pwd)
on_failure() {
  [[ -f "$WORK/demo-tools.log" ]] && { log "demo tools:"; tail -n 20 "$WORK/demo-tools.log" >&2; }
  [[ -f "$WORK/model.log" ]] && { log "stand-in model:"; cat "$WORK/model.log" >&2; }
}
source "$HERE/../../it/lib/harness.sh" "$@"

# npm warns that openai declares node >= 22; the loop runs on Node 20 (this check is the proof).
(cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error && npx --no-install tsc -p .) >"$WORK/build.log" 2>&1 \
  || { cat "$WORK/build.log" >&2; fail "npm ci / tsc"; }

TOOLS_PORT=$(free_port)
MODEL_PORT=$(free_port)
java "$HERE/../demo-tools/DemoTools.java" "$TOOLS_PORT" >"$WORK/demo-tools.log" 2>&1 &
TOOLS=$!
PIDS+=("$TOOLS")
node "$HERE/check/model.mjs" "$MODEL_PORT" >"$WORK/model.log" 2>&1 &
MODEL=$!
PIDS+=("$MODEL")
wait_ready "demo tools" "http://127.0.0.1:$TOOLS_PORT/ready" "$TOOLS"
# started after the demo tools, so its first look at them finds their tools (a later refresh would, 30 s on)
start_service "-Dtoolspill.tools.mcp.demo.url=http://127.0.0.1:$TOOLS_PORT/mcp"

wait_ready "stand-in model" "http://127.0.0.1:$MODEL_PORT/ready" "$MODEL"
wait_ready toolspill "http://127.0.0.1:$PORT/q/health/ready" "$SERVICE"
deadline=$((SECONDS + 60))
until curl -sf "http://127.0.0.1:$PORT/v1/tools" | grep -q '"search_logs"'; do
  ((SECONDS < deadline)) || fail "the demo tools are not offered: $(curl -s "http://127.0.0.1:$PORT/v1/tools")"
  sleep 0.2
done
log "service ready on 127.0.0.1:$PORT, tools on :$TOOLS_PORT, stand-in model on :$MODEL_PORT"

QUESTION=$(node --input-type=module -e "import { QUESTION } from '$HERE/check/model.mjs'; console.log(QUESTION)")
# In the background, so a time limit's TERM reaches the trap at once.
OPENAI_BASE_URL="http://127.0.0.1:$MODEL_PORT/v1" OPENAI_API_KEY=stand-in MODEL=scripted-stand-in MAX_TURNS=5 \
  TOOLSPILL_URL="http://127.0.0.1:$PORT" CONVERSATION_OUT="$WORK/conversation.json" \
  node "$HERE/dist/agent-loop.js" "$QUESTION" >"$WORK/answer.txt" &
LOOP=$!
wait "$LOOP" || fail "the agent loop did not reach a final answer"
node "$HERE/check/verify.mjs" "http://127.0.0.1:$PORT" "http://127.0.0.1:$TOOLS_PORT/mcp" "$WORK/answer.txt" "$WORK/conversation.json" &
VERIFY=$!
wait "$VERIFY" || fail "verify.mjs"
log "PASS"
