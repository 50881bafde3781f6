#!/usr/bin/env bash
# grep: on a 1 GiB text blob on the filesystem store against `grep -n` on the same file, measured in the same run.
# Generates the file with a fixed seed (log lines, a needle in a few places), starts Toolspill on the filesystem
# store, stores the file through POST /v1/tool-outputs, then times each search BENCH_RUNS times (median taken, after
# one warm-up each, both reading from the page cache) and prints both times and the ratio. Target: ratio <= 3.
#
#   src/bench/grep.sh            build, generate, run, print
#   src/bench/grep.sh --no-build use target/quarkus-app as it is
#
# Knobs (environment): BENCH_RUNS (3), BENCH_GIB (size of the file in GiB, 1), BENCH_TMPDIR (where the ~2 GiB of
# data go, default $TMPDIR or /tmp), BENCH_KEEP=1 (keep the temp dir and the log).
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
source "$ROOT/src/it/lib/common.sh"

BUILD=1
for arg in "$@"; do
    case $arg in
        --no-build) BUILD=0 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option: $arg (try --help)" >&2; exit 2 ;;
    esac
done
RUNS=${BENCH_RUNS:-3}
GIB=${BENCH_GIB:-1}
say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'bench: %s\n' "$*" >&2; exit 1; }
for tool in curl jq python3 java grep; do
    command -v "$tool" >/dev/null || die "missing $tool"
done

W=$(mktemp -d "${BENCH_TMPDIR:-${TMPDIR:-/tmp}}/toolspill-grep.XXXXXX")
APP_PID=
cleanup() {
    local rc=$?
    set +e
    [ -z "$APP_PID" ] || stop_pids "$APP_PID"
    if [ "${BENCH_KEEP:-0}" = 1 ]; then echo "bench: kept $W" >&2; else rm -rf "$W"; fi
    exit "$rc"
}
trap cleanup EXIT

if [ "$BUILD" = 1 ]; then
    say "building (./mvnw package)"
    ./mvnw -B -q -DskipTests package >&2
fi
APP=$ROOT/target/quarkus-app/quarkus-run.jar
[ -f "$APP" ] || die "$APP is missing (run without --no-build)"

# ---------------------------------------------------------------- data: log lines, the needle in 5 places
DATA=$W/app.log
NEEDLE=needle-7f3a
say "generating $GIB GiB of log lines in $DATA"
python3 - "$DATA" "$GIB" "$NEEDLE" <<'EOF'
import random, sys
path, gib, needle = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rnd = random.Random(42)
levels = ["INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"]
words = ["request", "served", "cache", "miss", "user", "session", "timeout", "retry", "db", "query", "ok", "slow"]
lines = []
for i in range(100_000):  # an 8-9 MiB block, written again and again
    lines.append("2026-11-29T10:%02d:%02d.%03dZ %-5s svc-%d %s %d %s in %d ms path=/api/v1/items/%d\n" % (
        i // 3600 % 60, i // 60 % 60, i % 1000, rnd.choice(levels), rnd.randrange(16), rnd.choice(words),
        rnd.randrange(10**6), rnd.choice(words), rnd.randrange(2000), rnd.randrange(10**5)))
block = "".join(lines).encode()
blocks = -(-(gib << 30) // len(block))  # at least the size asked for
marked = {blocks // 7, blocks // 3, blocks // 2, blocks - 2, blocks - 1}
with open(path, "wb") as out:
    for b in range(blocks):
        out.write(block)
        if b in marked:
            out.write(("2026-11-29T11:00:00.000Z ERROR svc-3 %s found in block %d\n" % (needle, b)).encode())
EOF
SIZE=$(stat -c %s "$DATA")

# ---------------------------------------------------------------- Toolspill on the filesystem store
PORT=$(free_port)
say "starting Toolspill on 127.0.0.1:$PORT"
java -Xmx256m -Dquarkus.management.port=0 -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="$PORT" -Dtoolspill.auth.enabled=false \
    -Dtoolspill.blob-store.fs.root="$W/store" -Dtoolspill.ingest.max-bytes=$((SIZE + 1)) \
    -Dtoolspill.pipeline.timeout=600s -jar "$APP" >"$W/toolspill.log" 2>&1 </dev/null &
APP_PID=$!
wait_http "http://127.0.0.1:$PORT/q/health/ready" "$APP_PID" 120 \
    || { [ $? = 2 ] || { tail -n 40 "$W/toolspill.log" >&2; die "Toolspill exited"; }; }

say "storing the file ($SIZE bytes)"
ID=$(curl -sS -X POST -T "$DATA" -H 'Content-Type: text/plain' "http://127.0.0.1:$PORT/v1/tool-outputs?tool=bench" | jq -r '.blob.id')
[ -n "$ID" ] && [ "$ID" != null ] || die "the file was not stored"

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

time_grep() { # args...: seconds of grep -n (output to a file: GNU grep stops at the first match when it writes to /dev/null)
    local t0 t1
    t0=$(date +%s.%N)
    grep -n "$@" "$DATA" > "$W/grep.out" || true
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}

time_inspect() { # selector: seconds of GET /v1/blobs/{id}/inspect
    curl -sS -o "$W/inspect.out" -w '%{time_total}\n' -G "http://127.0.0.1:$PORT/v1/blobs/$ID/inspect" --data-urlencode "selector=$1"
}

row() { # name selector grep-args...
    local name=$1 selector=$2
    shift 2
    time_grep "$@" >/dev/null
    time_inspect "$selector" >/dev/null # warm-up: page cache and JIT
    local g t
    g=$(for _ in $(seq 1 "$RUNS"); do time_grep "$@"; done | median)
    t=$(for _ in $(seq 1 "$RUNS"); do time_inspect "$selector"; done | median)
    [ "$(grep -c . "$W/grep.out")" -ge 1 ] || die "grep -n $* found nothing"
    grep -q "matches in lines\|match in lines" "$W/inspect.out" || die "$selector answered: $(head -c 300 "$W/inspect.out")"
    [ "$(cut -d: -f1 "$W/grep.out")" = "$(grep -o '^[0-9]*:' "$W/inspect.out" | tr -d :)" ] \
        || die "$selector found other lines than grep -n $*"
    printf '| %s | `%s` | %.2f s | %.2f s | %.2f |\n' "$name" "$selector" "$g" "$t" "$(echo "$t / $g" | bc -l)"
}

echo
echo "$((SIZE >> 20)) MiB, $(wc -l < "$DATA") lines; median of $RUNS runs each; $(grep --version | head -1)"
echo
echo '| search | selector | `grep -n` | inspect `grep:` | ratio |'
echo '|---|---|---|---|---|'
row "literal, 5 matches" "grep:$NEEDLE" -F "$NEEDLE"
row "literal ignoring case, 5 matches" "grep:\"NEEDLE-7F3A\"i" -iF "NEEDLE-7F3A"
row "regex, 5 matches" "grep:/needle-[0-9a-f]{4} found/" -E "needle-[0-9a-f]{4} found"
