#!/usr/bin/env bash
# The call ledger's cost (issue 27): the inline tool-call row of run.sh (POST /v1/tool-outputs?tool=bench, a 296-byte
# text/plain body answered inline, wrk -t2 -c32) against two services on the filesystem store that differ only in
# toolspill.ledger.enabled, measured in the order off, on, on, off (mean of each side), after a warm-up of both.
# Also the server's CPU time per call on each side (user + system of its process, from /proc: less moved by other
# load on the machine than req/s), and the ledger's store requests: the batches (one PUT or file each) per call made.
#   src/bench/ledger.sh            uses target/quarkus-app (run ./mvnw package -DskipTests first)
# Knobs: BENCH_DURATION (s per measurement, 10), BENCH_WARMUP (s, 20: with 5, the first measurement of a side ran at a
# third of the second's rate, the JIT still compiling). Both heaps fixed at 256 MiB (-Xms = -Xmx): else G1
# sizes each heap by its own start, and a side left with a smaller heap collects more often for reasons not its own.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
source "$ROOT/src/it/lib/common.sh"
JAR=$ROOT/target/quarkus-app/quarkus-run.jar
DURATION=${BENCH_DURATION:-10}
WARMUP=${BENCH_WARMUP:-20}
[ -f "$JAR" ] || { echo "ledger.sh: $JAR is missing: ./mvnw package -DskipTests" >&2; exit 1; }
command -v wrk >/dev/null || { echo "ledger.sh: needs wrk" >&2; exit 1; }
W=$(mktemp -d "${TMPDIR:-/tmp}/toolspill-ledger-bench.XXXXXX")
PIDS=()
trap 'stop_pids "${PIDS[@]}"; rm -rf "$W"' EXIT

start() { # name enabled: sets URL and PID
    local port
    port=$(free_port)
    java -Xms256m -Xmx256m -Dquarkus.management.port=0 -Dtoolspill.auth.enabled=false -Dquarkus.http.host=127.0.0.1 \
        -Dquarkus.http.port="$port" -Dtoolspill.blob-store.fs.root="$W/$1" -Dtoolspill.ledger.enabled="$2" \
        -Dquarkus.log.level=WARN -Dtoolspill.spool.dir="$W/$1-spool" -jar "$JAR" > "$W/$1.log" 2>&1 &
    PID=$!
    PIDS+=("$PID")
    URL="http://127.0.0.1:$port"
    wait_http "$URL/q/health/ready" "$PID" 60 && return
    echo "ledger.sh: $1 did not start" >&2; cat "$W/$1.log" >&2; exit 1
}
start off false; OFF=$URL; OFF_PID=$PID
start on true; ON=$URL; ON_PID=$PID

wrk_post_lua "$W/post.lua" text/plain "$(inline_output)"
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; } # user + system clock ticks of a process
declare -A TICKS
rps() { # label url duration [pid]: prints requests/s; the server's CPU ticks of the run go to TICKS[label]
    local before=0
    [ -z "${4:-}" ] || before=$(cpu "$4")
    wrk -t2 -c32 --timeout 10s -d"$3s" -s "$W/post.lua" "$2/v1/tool-outputs?tool=bench" > "$W/wrk-$1.txt" 2>&1
    [ -z "${4:-}" ] || echo $(( $(cpu "$4") - before )) > "$W/ticks-$1"
    ! grep -q 'Non-2xx' "$W/wrk-$1.txt" || { cat "$W/wrk-$1.txt" >&2; exit 1; }
    awk '/^Requests\/sec:/ { print $2 }' "$W/wrk-$1.txt"
}
calls() { awk '/requests in/ { print $1 }' "$W/wrk-$1.txt"; }
ticks() { cat "$W/ticks-$1"; }
rps warm-off "$OFF" "$WARMUP" > /dev/null
rps warm-on "$ON" "$WARMUP" > /dev/null
o1=$(rps off-1 "$OFF" "$DURATION" "$OFF_PID"); n1=$(rps on-1 "$ON" "$DURATION" "$ON_PID")
n2=$(rps on-2 "$ON" "$DURATION" "$ON_PID"); o2=$(rps off-2 "$OFF" "$DURATION" "$OFF_PID")
before=$(cpu "$ON_PID"); sleep 3; tail_ticks=$(( $(cpu "$ON_PID") - before )) # the last flush (every 2 s), counted for "on"
made=$(( $(calls warm-on) + $(calls on-1) + $(calls on-2) ))
batches=$(find "$W/on/ledger" -name '*.jsonl' | wc -l)
lines=$(find "$W/on/ledger" -name '*.jsonl' -exec cat {} + | wc -l)
hz=$(getconf CLK_TCK)
awk -v o1="$o1" -v o2="$o2" -v n1="$n1" -v n2="$n2" -v made="$made" -v batches="$batches" -v lines="$lines" -v hz="$hz" \
    -v ton="$(( $(ticks on-1) + $(ticks on-2) + tail_ticks ))" -v toff="$(( $(ticks off-1) + $(ticks off-2) ))" \
    -v con="$(( $(calls on-1) + $(calls on-2) ))" -v coff="$(( $(calls off-1) + $(calls off-2) ))" -v d="$DURATION" 'BEGIN {
    off = (o1 + o2) / 2; on = (n1 + n2) / 2
    uon = ton / hz * 1e6 / con; uoff = toff / hz * 1e6 / coff
    printf "| inline tool calls, ledger on vs off (req/s, c32, 2 x %ss) | %.0f req/s | %.0f req/s (ledger off) | %.2f | >= 0.95 |\n", d, on, off, on / off
    printf "| server CPU per inline call, ledger on vs off | %.1f us | %.1f us (ledger off) | %.2f | <= 1.05 |\n", uon, uoff, uon / uoff
    printf "raw req/s: on %s %s; off %s %s\n", n1, n2, o1, o2
    printf "ledger: %d calls made, %d entries written in %d batches: %.5f store requests per call\n", made, lines, batches, batches / made
}'
