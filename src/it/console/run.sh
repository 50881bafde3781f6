#!/usr/bin/env bash
# The operator console end to end, in headless Chromium: starts the packaged service (authentication on, two tenants
# and an operator, filesystem blobs, the ledger written every 200 ms) on a free port, runs a scripted workload over
# HTTP as tenant alpha, then console.mjs drives Debian's chromium through playwright-core: sign in, see the calls,
# open a stored call, page through its full output, search it, and check that tenant beta sees none of it and an
# operator sees it. Screenshots of each page go to target/console-screens/. Exits non-zero on any failed check.
# Run from anywhere after ./mvnw package:   bash src/it/console/run.sh
# Debian's chromium is installed with apt-get when /usr/bin/chromium is absent (CI runs as root, like the fault
# suite's nginx). It stops itself after CONSOLE_TIME_LIMIT seconds (default 300); CONSOLE_KEEP=1 keeps the work folder.
set -uo pipefail

NAME=console PREFIX=CONSOLE DEFAULT_LIMIT=300
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../lib/harness.sh" "$@"

if [[ ! -x /usr/bin/chromium ]]; then
  log "installing Debian's chromium for the browser checks"
  apt-get install -y chromium >"$WORK/apt.log" 2>&1 || { apt-get update >/dev/null && apt-get install -y chromium >"$WORK/apt.log" 2>&1; } \
    || { tail -n 20 "$WORK/apt.log" >&2; fail "apt-get install chromium"; }
fi
(cd "$HERE" && npm ci --no-audit --no-fund --loglevel=error) >"$WORK/npm.log" 2>&1 || { cat "$WORK/npm.log" >&2; fail "npm ci"; }

export KEY_ALPHA="alpha-$(random_hex 16)"
export KEY_BETA="beta-$(random_hex 16)"
export KEY_OPS="ops-$(random_hex 16)"

start_service -Dtoolspill.auth.enabled=true \
  -Dtoolspill.auth.keys.alpha="$(digest "$KEY_ALPHA")" -Dtoolspill.auth.keys.beta="$(digest "$KEY_BETA")" \
  -Dtoolspill.auth.keys.ops="$(digest "$KEY_OPS")" -Dtoolspill.console.operators=ops -Dtoolspill.ledger.flush-interval=200ms
wait_ready toolspill "http://127.0.0.1:$PORT/q/health/ready" "$SERVICE"
export BASE="http://127.0.0.1:$PORT" SCREENS="$ROOT/target/console-screens"
mkdir -p "$SCREENS"

node "$HERE/console.mjs" || fail "a console check failed (screenshots so far in $SCREENS)"
log "PASS: screenshots in $SCREENS"
