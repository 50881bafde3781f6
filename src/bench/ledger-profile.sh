#!/usr/bin/env bash
# Where the call ledger's cost goes (issue 27): the inline row of ledger.sh against one packaged service, ledger on or
# off, under JFR (settings=profile) for BENCH_DURATION s (20) after an 8 s warm-up; then the top frames of the
# execution samples and of the allocation samples, the share of samples per thread, and GC pauses per call.
#   src/bench/ledger-profile.sh on|off      uses target/quarkus-app (./mvnw package -DskipTests first)
# Knob: JFR_PERIOD (execution sample period, "10 ms" as in settings=profile; "1 ms" gives ten times the samples,
# which the ledger's few percent need to be told apart from noise).
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/../.."
source src/it/lib/common.sh
[ "${1:-}" = on ] || [ "${1:-}" = off ] || { echo "usage: $0 on|off" >&2; exit 2; }
enabled=$([ "$1" = on ] && echo true || echo false)
W=$(mktemp -d "${TMPDIR:-/tmp}/toolspill-ledger-profile.XXXXXX")
port=$(free_port)
java -Xmx256m -Dquarkus.management.port=0 -Dtoolspill.auth.enabled=false -Dquarkus.http.host=127.0.0.1 \
    -Dquarkus.http.port="$port" -Dtoolspill.blob-store.fs.root="$W/store" -Dtoolspill.ledger.enabled="$enabled" \
    -Dquarkus.log.level=WARN -Dtoolspill.spool.dir="$W/spool" -jar target/quarkus-app/quarkus-run.jar > "$W/log" 2>&1 &
PID=$!
trap 'stop_pids $PID; echo "recording kept in $W/rec.jfr"' EXIT
URL=http://127.0.0.1:$port
wait_http "$URL/q/health/ready" "$PID" 60 || true
wrk_post_lua "$W/post.lua" text/plain "$(inline_output)"
wrk -t2 -c32 -d8s -s "$W/post.lua" "$URL/v1/tool-outputs?tool=bench" > /dev/null
JFC=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")/lib/jfr/profile.jfc
sed "/jdk.ExecutionSample/,/<\/event>/ s|\(<setting name=\"period\"[^>]*>\)[^<]*<|\1${JFR_PERIOD:-10 ms}<|" "$JFC" > "$W/profile.jfc"
jcmd $PID JFR.start name=ledger settings="$W/profile.jfc" > /dev/null
calls=$(wrk -t2 -c32 -d"${BENCH_DURATION:-20}s" -s "$W/post.lua" "$URL/v1/tool-outputs?tool=bench" | awk '/requests in/ { print $1 }')
jcmd $PID JFR.stop name=ledger filename="$W/rec.jfr" > /dev/null
echo "ledger $1: $calls calls"
jfr print --events jdk.GarbageCollection "$W/rec.jfr" | awk -v calls="$calls" '/sumOfPauses/ { gsub("ms", "", $3); s += $3; n++ }
    END { printf "GC: %d collections, %.0f ms of pauses, %.2f us per call\n", n, s, s * 1000 / calls }'
for events in jdk.ExecutionSample jdk.ObjectAllocationSample; do
    jfr print --events "$events" "$W/rec.jfr" | python3 -c '
import collections, re, sys
units = {"bytes": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9}
top, frames, threads, total = collections.Counter(), collections.Counter(), collections.Counter(), 0
ours, samples = 0, 0
for event in sys.stdin.read().split("\njdk.")[1:]:
    stack = re.findall(r"^\s+([\w$.<>/]+\.[\w$<>]+)\(", event, re.M)
    weight = re.search(r"weight = ([\d.]+) (\w+)", event)
    w = float(weight.group(1)) * units.get(weight.group(2), 1) if weight else 1
    thread = re.search(r"(?:sampledThread|eventThread) = \"([^\"]*?)[-\d]*\"", event)
    threads[thread.group(1) if thread else "?"] += w
    samples += 1
    if any(re.search(r"dev\.toolspill\.ledger\.|ToolPipeline\.(lambda\$)?record|Admitted\.entry", f) for f in stack):
        ours += w
    if stack:
        top[stack[0]] += w
        for frame in set(stack):
            frames[frame] += w
    total += w
print("==", sys.argv[1], f"{samples} samples; with a ledger frame (record path, flush): {100 * ours / total:.2f}%")
print("==", sys.argv[1], "by thread:", ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in threads.most_common(4)))
for frame, w in top.most_common(12):
    print(f"  self {100 * w / total:5.1f}% {frame}")
for frame, w in frames.most_common(300):
    if re.search(r"ledger|Ledger|jackson.databind.ObjectMapper|MessageDigest|DateTimeFormatter|Admitted.entry", frame):
        print(f"  incl {100 * w / total:5.1f}% {frame}")
' "$events"
done
