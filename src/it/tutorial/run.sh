#!/usr/bin/env bash
# Runs the README's tutorial ("## Try it", every ```bash block but the agent loop's, which needs a model, and the demo
# tools', which start a second service; src/examples/agent-loop/check.sh runs the demo tools that way) verbatim and
# in order against the packaged service started as the README's first command starts it (authentication off,
# filesystem blobs), on a free port instead of 8080 (the only change made to the commands). Fails on any command that
# fails, on any answer with a status of 400 or more (or none), on an empty blob id, and when an answer the README
# promises in a comment is not there. Run from anywhere after ./mvnw package:   bash src/it/tutorial/run.sh
# It stops itself after TUTORIAL_TIME_LIMIT seconds (default 300); TUTORIAL_KEEP=1 keeps the work directory.
set -uo pipefail

NAME=tutorial PREFIX=TUTORIAL DEFAULT_LIMIT=300
HERE=$(cd "$(dirname "$0")" && pwd)
on_failure() { [[ -f "$WORK/out.txt" ]] && { log "last answers:"; tail -c 2000 "$WORK/out.txt" >&2; echo >&2; }; }
source "$HERE/../lib/harness.sh" "$@"

start_service
wait_ready toolspill "http://127.0.0.1:$PORT/q/health/ready" "$SERVICE"

# the tutorial's blocks, in order; the port is the one change
python3 - "$ROOT/README.md" "$PORT" >"$WORK/tutorial.sh" <<'PY' || fail "could not read the tutorial from README.md"
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
start = text.index("\n## Try it\n")
end = text.index("\n## ", start + 1)
section = text[start:end]
blocks = []
heading = ""
for part in re.split(r"(?m)^(### .*)$", section):
    if part.startswith("### "):
        heading = part
        continue
    if heading.startswith(("### Agent loop", "### Demo tools")):
        continue
    blocks += re.findall(r"(?ms)^```bash\n(.*?)^```", part)
if len(blocks) < 3:
    sys.exit("the tutorial has fewer blocks than it should")
print("\n".join(blocks).replace("localhost:8080", "localhost:" + sys.argv[2]))
PY

cat >"$WORK/prelude.sh" <<'SH'
set -eo pipefail
# every answer's status goes to statuses.txt (a command's own -w, given after, still prints what it asks for)
curl() { command curl -w '%{stderr}%{http_code} %{url_effective}\n' "$@" 2>>"$STATUSES"; }
check_id() { [[ "$id" =~ ^[0-9a-f-]{36}$ ]] || { echo "no blob id in the answer before: $BASH_COMMAND" >&2; exit 1; }; }
SH
# after each id=… line, check that it holds an id
sed -E 's/^(id=.*)$/\1\ncheck_id/' "$WORK/tutorial.sh" >"$WORK/tutorial-checked.sh"

log "running $(grep -c '^curl\|^ *curl' "$WORK/tutorial.sh") curl commands of the README's tutorial"
(cd "$WORK" && STATUSES="$WORK/statuses.txt" bash -c "source '$WORK/prelude.sh'; source '$WORK/tutorial-checked.sh'") >"$WORK/out.txt" 2>"$WORK/err.txt" &
RUN=$!
wait "$RUN" || { cat "$WORK/err.txt" >&2; fail "a tutorial command failed"; }

bad=$(grep -vE '^[123][0-9][0-9] ' "$WORK/statuses.txt" | grep -E '^[0-9]{3} ' || true)
[[ -z "$bad" ]] || fail "error answers: $bad"
answers=$(grep -cE '^[0-9]{3} ' "$WORK/statuses.txt")
((answers >= 25)) || fail "only $answers answers were recorded"

# what the README's comments promise
for promised in \
  '39999: 2026-11-29T10:00:00Z INFO request 39999 served in 35 ms' \
  '[1 match in lines 1-40000]' \
  '1234567: 2026-11-29T11:00:00Z ERROR svc-7 request 1234567 failed: Card processor timeout' \
  'json_array | 70000 entries' \
  '{"id":10,"name":"item-10","tags":["a","b"]}' \
  'json_object | 3 keys' \
  '"status:error"' \
  '"call_id":"1","tool":"inspect","status":"ok"' \
  '"output":"[{\"id\":0,\"status\":\"error\"},{\"id\":1,' \
  "unknown tool 'nope'"; do
  grep -qF -- "$promised" "$WORK/out.txt" || fail "the tutorial's answers do not show: $promised"
done
log "PASS: $answers answers, none an error"
