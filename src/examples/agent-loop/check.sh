#!/usr/bin/env bash
# Runs the agent loop (agent-loop.ts, on the official openai client) to its final answer with no model to reach:
# starts the packaged service (java -jar target/quarkus-app/quarkus-run.jar, free port, temp fs root, no API keys)
# with the remote tool big_listing (check/tool-server.mjs: a 3,000-line, ~100 KB listing), a scripted stand-in of
# the Chat Completions endpoint (check/model.mjs: big_listing, then inspect lines 1500-1502 of its blob, then the
# answer), builds the loop with tsc, runs it, checks the answer and the conversation (check/verify.mjs), and stops
# everything. Run from anywhere after ./mvnw package:   bash src/examples/agent-loop/check.sh
# It stops itself after AGENT_LOOP_CHECK_TIME_LIMIT seconds (default 180); AGENT_LOOP_CHECK_KEEP=1 keeps the work dir.
set -uo pipefail

NAME=agent-loop-check PREFIX=AGENT_LOOP_CHECK DEFAULT_LIMIT=180
HERE=$(cd "$(dirname "$0")" && pwd)
on_failure() { [[ -f "$WORK/model.log" ]] && { log "stand-in model:"; cat "$WORK/model.log" >&2; }; }
source "$HERE/../../it/lib/harness.sh" "$@"

# npm warns that openai declares node >= 22; the loop runs on Node 20 (this check is the proof).
(cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error && npx --no-install tsc -p .) >"$WORK/build.log" 2>&1 \
  || { cat "$WORK/build.log" >&2; fail "npm ci / tsc"; }

TOOLS_PORT=$(free_port)
MODEL_PORT=$(free_port)
node "$HERE/check/tool-server.mjs" "$TOOLS_PORT" >"$WORK/tool-server.log" 2>&1 &
TOOLS=$!
PIDS+=("$TOOLS")
node "$HERE/check/model.mjs" "$MODEL_PORT" >"$WORK/model.log" 2>&1 &
MODEL=$!
PIDS+=("$MODEL")
start_service \
  "-Dtoolspill.tools.remote.\"big_listing\".url=http://127.0.0.1:$TOOLS_PORT/listing" \
  "-Dtoolspill.tools.remote.\"big_listing\".description=Lists every file under /srv/data, one per line: size, path."

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
