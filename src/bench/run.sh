#!/usr/bin/env bash
# Toolspill benchmark suite. Builds the app, starts everything it needs on loopback (Toolspill on the
# filesystem store, S3Proxy with a second Toolspill on S3, nginx), measures each row against a baseline
# taken in the same run, and prints a Markdown table of ratios. See BENCHMARKS.md for what each row means.
#
#   src/bench/run.sh            build, run, print the table
#   src/bench/run.sh --write    ... and replace the results section of BENCHMARKS.md with this run
#   src/bench/run.sh --no-build use the jars already in target/ (quarkus-app and s3proxy)
#   src/bench/run.sh --rows 2,8 run only these rows (by number; the data is generated all the same)
#   src/bench/run.sh NAME [ARGS...]  one of the other benchmarks (src/bench/run.sh --help lists them)
#
# Knobs (environment): BENCH_DURATION (s per wrk measurement, 10), BENCH_WARMUP (s of wrk warm-up, 5),
# BENCH_RUNS (runs per timed measurement, median taken, 3), BENCH_TMPDIR (where the ~4 GiB of data go,
# default $TMPDIR or /tmp), BENCH_KEEP=1 (keep the temp dir and logs), BENCH_ROWS (row ids to run, e.g. "4,4b";
# default all).
set -euo pipefail
shopt -s inherit_errexit
export LC_ALL=C
cd "$(dirname "$0")/../.."
ROOT=$(pwd)

benchmarks() {
    cat <<'LIST'
benchmarks: bash src/bench/run.sh [NAME] [ARGS...]   (each script's header has its knobs)
  (none)                 the throughput table against baselines (this script: --no-build, --rows, --write)
  dedup                  rows 10-10d only: what dedup costs the ingest of new outputs (this script's options)
  grep                   grep: on a 1 GiB log against grep -n (grep.sh [--no-build])
  context                context economy: 44 needle tasks, four strategies (context/run.sh [--no-build] [--no-write] [--big])
  capacity               S3 requests, CPU and memory per request type (capacity.sh [--no-build])
  ledger                 the call ledger's cost: inline calls, ledger on vs off (ledger.sh; after ./mvnw package)
  ledger-profile on|off  where the ledger's cost goes, under JFR (ledger-profile.sh)
  redact [MAX_MB [SEED]] the redaction rules' recall and false positives on real files (redact/run.sh)
  redact-speed BEFORE [MIB]  the redactor's cost per byte against an older build (redact/run-speed.sh)
  redact-worst [MIB [RULE [BEFORE]]]  the redactor's worst cases per rule (redact/run-worst.sh)
LIST
}
case ${1:-} in
    grep | ledger | ledger-profile | capacity) script=src/bench/$1.sh ;;
    context) script=src/bench/context/run.sh ;;
    redact) script=src/bench/redact/run.sh ;;
    redact-speed | redact-worst) script=src/bench/redact/run-${1#redact-}.sh ;;
    dedup) shift; exec bash "$0" --rows 10,10b,10c,10d "$@" ;;
    *) script= ;;
esac
if [ -n "$script" ]; then
    shift
    exec bash "$script" "$@"
fi
source "$ROOT/src/it/lib/common.sh"

WRITE=0
BUILD=1
ROWS=${BENCH_ROWS:+,$BENCH_ROWS,}; ROWS=${ROWS:-all}
NEXT_IS_ROWS=0
for arg in "$@"; do
    if [ "$NEXT_IS_ROWS" = 1 ]; then
        ROWS=",$arg,"
        NEXT_IS_ROWS=0
        continue
    fi
    case $arg in
        --write) WRITE=1 ;;
        --no-build) BUILD=0 ;;
        --rows) NEXT_IS_ROWS=1 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; echo; benchmarks; exit 0 ;;
        -*) echo "unknown option: $arg (try --help)" >&2; exit 2 ;;
        *) echo "no benchmark named '$arg'" >&2; benchmarks >&2; exit 2 ;;
    esac
done

[ "$NEXT_IS_ROWS" = 0 ] || { echo "--rows needs a list, e.g. --rows 2,8" >&2; exit 2; }
[ "$WRITE" = 0 ] || [ "$ROWS" = all ] || { echo "--write replaces the whole results table: run every row" >&2; exit 2; }

DURATION=${BENCH_DURATION:-10}
WARMUP=${BENCH_WARMUP:-5}
RUNS=${BENCH_RUNS:-3}
THREADS=2
CONNECTIONS=32
HEAP=256m
MIN_FREE_GIB=6
MIB=1048576

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'bench: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------- tools
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
AWS=/usr/bin/aws # Debian's awscli, whatever else is first on PATH
missing=()
command -v curl >/dev/null || missing+=(curl)
command -v python3 >/dev/null || missing+=(python3)
command -v jq >/dev/null || missing+=(jq)
command -v wrk >/dev/null || missing+=(wrk)
[ -x "$NGINX" ] || missing+=(nginx)
[ -x "$AWS" ] || missing+=(awscli)
command -v java >/dev/null || missing+=(openjdk-17-jdk-headless)
if [ ${#missing[@]} -gt 0 ]; then
    [ "$(id -u)" = 0 ] || die "missing tools: ${missing[*]}; install them (apt-get install ${missing[*]}) or run as root"
    say "installing ${missing[*]}"
    apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >&2
    NGINX=$(command -v nginx || echo /usr/sbin/nginx)
fi

# ---------------------------------------------------------------- temp dir, cleanup
W=$(mktemp -d "${BENCH_TMPDIR:-${TMPDIR:-/tmp}}/toolspill-bench.XXXXXX")
PIDS=$W/pids
: > "$PIDS"
mkdir -p "$W/rows" "$W/notes" "$W/data"

cleanup() {
    local rc=$?
    set +e
    trap - EXIT INT TERM
    local pid
    for pid in $(tac "$PIDS" 2>/dev/null); do
        stop_pids "$pid" # one after another, the last started first
    done
    if [ "${BENCH_KEEP:-0}" = 1 ]; then
        echo "bench: kept $W" >&2
    else
        rm -rf "$W"
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

avail_kib=$(df -Pk "$W" | awk 'NR == 2 { print $4 }')
[ "$avail_kib" -ge $((MIN_FREE_GIB * 1024 * 1024)) ] \
    || die "$W has $((avail_kib / 1024)) MiB free; the data and the blobs need about ${MIN_FREE_GIB} GiB (set BENCH_TMPDIR)"

# ---------------------------------------------------------------- build
if [ "$BUILD" = 1 ]; then
    say "building (./mvnw package, then S3Proxy through process-test-resources)"
    ./mvnw -B -q -DskipTests package >&2
    ./mvnw -B -q process-test-resources >&2
fi
APP=$ROOT/target/quarkus-app/quarkus-run.jar
S3PROXY=$ROOT/target/s3proxy/s3proxy.jar
[ -f "$APP" ] || die "$APP is missing (run without --no-build)"
[ -f "$S3PROXY" ] || die "$S3PROXY is missing (run without --no-build)"

# ---------------------------------------------------------------- helpers
LAST_PID=
start_bg() { # log cmd...: starts a process whose pid the cleanup will stop
    local log=$1
    shift
    "$@" >"$log" 2>&1 </dev/null &
    LAST_PID=$!
    echo "$LAST_PID" >> "$PIDS"
}

wait_up() { # name url pid log [any]: waits (wait_http) for 200, or any HTTP answer; if none within 120 s, the end of log
    local rc=0
    wait_http "$2" "$3" 120 "${5:-200}" || rc=$?
    [ "$rc" != 0 ] || return 0
    if [ "$rc" = 1 ]; then
        echo "bench: $1 exited before it was ready; its log:" >&2
    else
        echo "bench: $1 not ready within 120 s (last answer $HTTP_CODE); its log:" >&2
    fi
    tail -n 40 "$4" >&2
    return 1
}

bench_s3proxy() { # port data-dir: S3Proxy (access key bench) on port, keeping its buckets under data-dir; its pid in LAST_PID
    start_s3proxy 512m "$2.properties" "$2.log" "http://127.0.0.1:$1" bench bench-secret "$2"
    LAST_PID=$S3PROXY_PID
    echo "$LAST_PID" >> "$PIDS"
    wait_up s3proxy "http://127.0.0.1:$1/" "$LAST_PID" "$2.log" any
}

start_toolspill() { # name port -Dkey=value...: a Toolspill under -Xmx256m, on loopback, without API keys
    local name=$1 port=$2
    shift 2
    start_bg "$W/$name.log" java -Xmx$HEAP -Dquarkus.management.port=0 -Xlog:gc:file="$W/gc-$name.log" -XX:ErrorFile="$W/hs_err_%p.log" \
        -Dquarkus.http.host=127.0.0.1 -Dtoolspill.auth.enabled=false -Dquarkus.http.port="$port" -Dtoolspill.bench.noop=true "$@" -jar "$APP"
    wait_up "$name" "http://127.0.0.1:$port/q/health/ready" "$LAST_PID" "$W/$name.log"
}

now() { printf '%s\n' "$EPOCHREALTIME"; }
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f\n", b - a }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
p90() { sort -g | awk '{ v[NR] = $1 } END { i = int(NR * 0.9 + 0.5); if (i < 1) i = 1; printf "%.2f\n", v[i] }'; }
calc() { awk "BEGIN { printf \"%.${2:-2}f\", $1 }"; } # expression [decimals]
is_true() { awk "BEGIN { exit !($1) }"; }
size_of() { stat -c %s "$1"; }

ingest() { # port file content-type answer-file [tool]: prints the seconds the POST took; needs 200 and a stored blob
    local port=$1 file=$2 type=$3 answer=$4 tool=${5:-bench} t code
    t=$(now)
    code=$(curl -sS -o "$answer" -w '%{http_code}' -X POST -T "$file" -H "Content-Type: $type" \
        "http://127.0.0.1:$port/v1/tool-outputs?tool=$tool")
    since "$t" > "$answer.time"
    if [ "$code" != 200 ] || [ "$(jq -r '.blob.id // empty' "$answer")" = "" ]; then
        echo "bench: ingest of $file answered HTTP $code without a stored blob: $(head -c 600 "$answer")" >&2
        return 1
    fi
    cat "$answer.time"
}

wrk_rps() { # label wrk-args...: prints requests/s; fails on non-2xx answers
    local label=$1 out
    shift
    out=$W/wrk-$label.txt
    wrk -t"$THREADS" -c"$CONNECTIONS" --timeout 10s "$@" > "$out" 2>&1 || { cat "$out" >&2; return 1; }
    if grep -q 'Non-2xx' "$out"; then
        echo "bench: wrk $label got error answers:" >&2
        cat "$out" >&2
        return 1
    fi
    if grep -q 'Socket errors' "$out"; then
        note "wrk $label: $(grep 'Socket errors' "$out" | sed 's/^ *//')"
    fi
    awk '/^Requests\/sec:/ { print $2 }' "$out"
}

wrk_latency() { awk '$1 == "Latency" { print $2; exit }' "$W/wrk-$1.txt"; }
wrk_p99() { awk '$1 == "99%" { print $2; exit }' "$W/wrk-$1.txt"; } # needs wrk --latency

note() { # a raw figure, printed now and listed under the table
    printf '    %s\n' "$*" >&2
    printf -- '- %s\n' "$*" >> "$W/notes/$ROW_ID"
}

row() { # benchmark toolspill baseline ratio target met
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" > "$W/rows/$ROW_ID"
}

FAILED=0
run_row() { # id benchmark target function: a failing row is reported as failed, and the others still run
    local rc
    ROW_ID=$1
    if [ "$ROWS" != all ] && [[ "$ROWS" != *",$1,"* ]]; then
        return 0
    fi
    ensure_fs
    say "$2"
    set +e
    (
        set -eE
        trap 'echo "bench: failed at line $LINENO: $BASH_COMMAND" >&2' ERR
        "$4"
    )
    rc=$?
    set -e
    if [ "$rc" != 0 ] || [ ! -s "$W/rows/$1" ]; then
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$2" "failed (exit $rc, see stderr)" "—" "—" "$3" "**no**" > "$W/rows/$1"
        FAILED=1
    fi
    sed 's/\t/ | /g; s/^/    /' "$W/rows/$1" >&2
}

met() { if is_true "$1"; then echo yes; else echo "**no**"; fi; }

LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
CPU_START=$(head -n 1 /proc/stat)

# ---------------------------------------------------------------- data
# Text: numbered lines of exactly 128 bytes, so 1 GiB, 512, 256 and 1 MiB are 8 Mi, 4 Mi, 2 Mi and 8 Ki lines.
say "generating data under $W/data"
D=$W/data
awk 'BEGIN {
    pad = substr("payload checksum ok; tags=alpha,beta,gamma; region=local-1; cache=warm; shard=07; trace=abcdef0123456789abcdef", 1, 86)
    for (i = 1; i <= 8388608; i++) printf "%010d INFO request served in %03d ms %s\n", i, i % 997, pad
}' > "$D/text-1g.txt"
head -n 4194304 "$D/text-1g.txt" > "$D/text-512m.txt"
head -n 2097152 "$D/text-1g.txt" > "$D/text-256m.txt"
head -n 8192 "$D/text-1g.txt" > "$D/text-1m.txt"
# JSON: an array of small objects, 100 MiB.
awk -v target=$((100 * MIB)) 'BEGIN {
    printf "["; n = 1
    for (i = 0; n < target; i++) {
        e = sprintf("%s{\"id\":%d,\"name\":\"item-%d\",\"tags\":[\"a\",\"b\"],\"score\":%d.%02d,\"active\":%s,\"note\":\"served from cache, shard %02d\"}",
            (i ? "," : ""), i, i, i % 1000, i % 100, (i % 2 ? "true" : "false"), i % 64)
        printf "%s", e; n += length(e)
    }
    print "]"
}' > "$D/array-100m.json"
sync # nothing of the generated data may be left dirty for a timed `sync` to write

FS_ROOT=$W/fs
FS_STARTS=0
start_fs() {
    FS_PORT=$(free_port)
    FS_URL=http://127.0.0.1:$FS_PORT
    say "starting Toolspill (fs store) on 127.0.0.1:$FS_PORT"
    start_toolspill toolspill-fs "$FS_PORT" -Dtoolspill.blob-store.fs.root="$FS_ROOT" -Dtoolspill.ingest.max-bytes=2147483648 \
        -Dtoolspill.redact.off-for-tools=bench_unredacted
    FS_PID=$LAST_PID
    FS_STARTS=$((FS_STARTS + 1))
}
ensure_fs() { # the rows share one Toolspill; should it have died, say how, and start another
    kill -0 "$FS_PID" 2>/dev/null && return 0
    local rc=0
    wait "$FS_PID" || rc=$?
    echo "bench: Toolspill (fs) exited with status $rc; the end of its log:" >&2
    tail -n 30 "$W/toolspill-fs.log" >&2
    mv "$W/toolspill-fs.log" "$W/toolspill-fs.$FS_STARTS.log"
    FAILED=1
    start_fs
}
start_fs
clear_fs() { rm -f "$FS_ROOT"/blobs/* "$FS_ROOT"/index/* "$FS_ROOT"/tmp/*; }

# ---------------------------------------------------------------- rows
bench_inline() {
    local body lua noop inline
    body=$(inline_output)
    lua=$W/post.lua
    wrk_post_lua "$lua" text/plain "$body"
    [ "$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: text/plain' --data-binary "$body" "$FS_URL/v1/noop")" = 204 ]
    curl -sf -X POST -H 'Content-Type: text/plain' --data-binary "$body" "$FS_URL/v1/tool-outputs?tool=bench" \
        | jq -e '.status == "ok" and .blob == null' > /dev/null
    wrk_rps warm-noop -d"${WARMUP}s" -s "$lua" "$FS_URL/v1/noop" > /dev/null
    wrk_rps warm-inline -d"${WARMUP}s" -s "$lua" "$FS_URL/v1/tool-outputs?tool=bench" > /dev/null
    # ABBA, so that a drift of the machine during the run weighs on both sides alike
    local n1 i1 i2 n2
    n1=$(wrk_rps noop-1 -d"${DURATION}s" -s "$lua" "$FS_URL/v1/noop")
    i1=$(wrk_rps inline-1 -d"${DURATION}s" -s "$lua" "$FS_URL/v1/tool-outputs?tool=bench")
    i2=$(wrk_rps inline-2 -d"${DURATION}s" -s "$lua" "$FS_URL/v1/tool-outputs?tool=bench")
    n2=$(wrk_rps noop-2 -d"${DURATION}s" -s "$lua" "$FS_URL/v1/noop")
    noop=$(calc "($n1 + $n2) / 2")
    inline=$(calc "($i1 + $i2) / 2")
    note "inline, req/s: $i1 $i2 (mean latency $(wrk_latency inline-1), $(wrk_latency inline-2)); no-op, req/s: $n1 $n2 (mean latency $(wrk_latency noop-1), $(wrk_latency noop-2))"
    local r
    r=$(calc "$inline / $noop")
    row "inline tool call, ${#body}-byte body (req/s, c$CONNECTIONS, 2 × ${DURATION} s)" "$(calc "$inline" 0) req/s" \
        "$(calc "$noop" 0) req/s \`POST /v1/noop\`" "$r" "≥ 0.8" "$(met "$r >= 0.8")"
}

bench_fs_ingest() {
    local f=$D/text-256m.txt size i ts=() cat=() t
    size=$(size_of "$f")
    ingest "$FS_PORT" "$f" text/plain "$W/a.json" > /dev/null # warm-up
    clear_fs
    for i in $(seq 1 "$RUNS"); do
        ts+=("$(ingest "$FS_PORT" "$f" text/plain "$W/a.json")")
        [ "$(size_of "$FS_ROOT/blobs/$(jq -r .blob.id "$W/a.json").txt")" = "$size" ]
        clear_fs
        t=$(now)
        cat "$f" > "$W/cat-copy" && sync
        cat+=("$(since "$t")")
        rm -f "$W/cat-copy"
    done
    local tsm catm r
    tsm=$(printf '%s\n' "${ts[@]}" | median)
    catm=$(printf '%s\n' "${cat[@]}" | median)
    note "fs ingest, s: ${ts[*]}; \`cat > file && sync\`, s: ${cat[*]}"
    r=$(calc "$catm / $tsm")
    row "ingest 256 MiB text into \`fs\` (MiB/s, median of $RUNS)" "$(calc "$size / $MIB / $tsm" 0) MiB/s" \
        "$(calc "$size / $MIB / $catm" 0) MiB/s \`cat > file && sync\`" "$r" "≥ 0.5" "$(met "$r >= 0.5")"
}

bench_fs_ingest_nginx() {
    local f=$D/text-256m.txt size prefix conf port i ts=() ngx=()
    size=$(size_of "$f")
    prefix=$W/nginx-put
    # the uploads' temp files and their final place on one filesystem: nginx renames, it does not copy
    mkdir -p "$prefix/root" "$prefix/body" "$prefix/tmp"
    port=$(free_port)
    conf=$prefix/nginx.conf
    cat > "$conf" <<EOF
daemon off;
$( [ "$(id -u)" = 0 ] && echo "user root;" ) # as root, workers would be nobody, who may not write here
worker_processes auto;
pid $prefix/nginx.pid;
error_log $prefix/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_max_body_size 0;
    client_body_temp_path $prefix/body;
    proxy_temp_path $prefix/tmp/proxy;
    fastcgi_temp_path $prefix/tmp/fastcgi;
    uwsgi_temp_path $prefix/tmp/uwsgi;
    scgi_temp_path $prefix/tmp/scgi;
    server {
        listen 127.0.0.1:$port;
        root $prefix/root;
        location / {
            dav_methods PUT;
            create_full_put_path on;
        }
    }
}
EOF
    say "starting nginx (WebDAV PUT) on 127.0.0.1:$port"
    start_bg "$prefix/stderr.log" "$NGINX" -p "$prefix" -e "$prefix/error.log" -c "$conf"
    local npid=$LAST_PID
    wait_up nginx-put "http://127.0.0.1:$port/" "$npid" "$prefix/stderr.log" any
    put() { # prints the seconds of one PUT of $f plus the sync that makes it durable; needs 201
        local t code
        rm -f "$prefix/root/upload.txt"
        t=$(now)
        code=$(curl -sS -o /dev/null -w '%{http_code}' -X PUT -T "$f" "http://127.0.0.1:$port/upload.txt")
        sync
        since "$t"
        [ "$code" = 201 ] || { echo "bench: nginx PUT answered HTTP $code" >&2; return 1; }
    }
    put > /dev/null # warm-up; the copy is the file, byte for byte
    cmp -s "$f" "$prefix/root/upload.txt"
    ingest "$FS_PORT" "$f" text/plain "$W/a.json" > /dev/null
    clear_fs
    for i in $(seq 1 "$RUNS"); do
        ngx+=("$(put)")
        ts+=("$(ingest "$FS_PORT" "$f" text/plain "$W/a.json")") # answers once the blob and its directory are fsynced
        [ "$(size_of "$FS_ROOT/blobs/$(jq -r .blob.id "$W/a.json").txt")" = "$size" ]
        clear_fs
    done
    stop_pids "$npid"
    rm -f "$prefix/root/upload.txt"
    local tsm ngxm r
    tsm=$(printf '%s\n' "${ts[@]}" | median)
    ngxm=$(printf '%s\n' "${ngx[@]}" | median)
    note "fs ingest, s: ${ts[*]}; nginx PUT + sync, s: ${ngx[*]}"
    r=$(calc "$ngxm / $tsm")
    row "ingest 256 MiB text into \`fs\` vs an HTTP upload to disk (MiB/s, median of $RUNS)" "$(calc "$size / $MIB / $tsm" 0) MiB/s" \
        "$(calc "$size / $MIB / $ngxm" 0) MiB/s nginx $("$NGINX" -v 2>&1 | sed 's/.*nginx\///') \`PUT\` (WebDAV) + \`sync\`" "$r" "≥ 0.9" "$(met "$r >= 0.9")"
}

bench_s3_ingest() {
    local f=$D/text-256m.txt size s3port tsport bucket=bench i ts=() aws=() t
    size=$(size_of "$f")
    s3port=$(free_port)
    mkdir -p "$W/s3/data/$bucket"
    say "starting S3Proxy on 127.0.0.1:$s3port"
    bench_s3proxy "$s3port" "$W/s3/data"
    local s3pid=$LAST_PID
    tsport=$(free_port)
    say "starting Toolspill (S3 store) on 127.0.0.1:$tsport"
    s3_store_options "http://127.0.0.1:$s3port" bench bench-secret
    start_toolspill toolspill-s3 "$tsport" "${S3_STORE_OPTIONS[@]}" -Dtoolspill.blob-store.s3.bucket=$bucket
    local tspid=$LAST_PID
    export AWS_ACCESS_KEY_ID=bench AWS_SECRET_ACCESS_KEY=bench-secret AWS_DEFAULT_REGION=us-east-1 \
        AWS_CONFIG_FILE=$W/s3/aws-config AWS_SHARED_CREDENTIALS_FILE=$W/s3/aws-credentials AWS_EC2_METADATA_DISABLED=true AWS_PAGER=
    aws_cp() { "$AWS" s3 cp --only-show-errors "$f" "s3://$bucket/$1" --endpoint-url "http://127.0.0.1:$s3port"; }
    clear_s3() { rm -rf "${W:?}/s3/data/$bucket"/*; }
    # warm-up, and a check that both really store the whole object
    aws_cp warm.txt
    [ "$(size_of "$W/s3/data/$bucket/warm.txt")" = "$size" ]
    ingest "$tsport" "$f" text/plain "$W/a.json" > /dev/null
    [ "$(size_of "$W/s3/data/$bucket/blobs/$(jq -r .blob.id "$W/a.json").txt")" = "$size" ]
    clear_s3
    for i in $(seq 1 "$RUNS"); do
        ts+=("$(ingest "$tsport" "$f" text/plain "$W/a.json")")
        clear_s3
        t=$(now)
        aws_cp "copy-$i.txt"
        aws+=("$(since "$t")")
        clear_s3
    done
    stop_pids "$tspid"
    stop_pids "$s3pid"
    local tsm awsm r
    tsm=$(printf '%s\n' "${ts[@]}" | median)
    awsm=$(printf '%s\n' "${aws[@]}" | median)
    note "S3 ingest, s: ${ts[*]}; \`aws s3 cp\`, s: ${aws[*]}"
    r=$(calc "$awsm / $tsm")
    row "ingest 256 MiB text into S3 (S3Proxy; MiB/s, median of $RUNS)" "$(calc "$size / $MIB / $tsm" 0) MiB/s" \
        "$(calc "$size / $MIB / $awsm" 0) MiB/s \`aws s3 cp\` ($("$AWS" --version 2>&1 | cut -d' ' -f1))" "$r" "≥ 0.8" "$(met "$r >= 0.8")"
}

bench_inspect() {
    local big small nbig nsmall cfg i warm=5 n=50 expect
    ingest "$FS_PORT" "$D/text-512m.txt" text/plain "$W/big.json" > /dev/null
    ingest "$FS_PORT" "$D/text-1m.txt" text/plain "$W/small.json" > /dev/null
    big=$(jq -r .blob.id "$W/big.json")
    small=$(jq -r .blob.id "$W/small.json")
    echo "$big" > "$W/big-id"
    nbig=$(jq -r .blob.lines "$W/big.json")
    nsmall=$(jq -r .blob.lines "$W/small.json")
    [ "$nbig" = 4194304 ]
    [ "$nsmall" = 8192 ]
    # the answer is exactly the 11 lines asked for
    for pair in "$big:$nbig" "$small:$nsmall"; do
        local id=${pair%%:*} count=${pair##*:}
        curl -sf "$FS_URL/v1/blobs/$id/inspect?selector=lines:$((count - 20))-$((count - 10))" > "$W/inspect.txt"
        expect=$(sed -n "$((count - 20)),$((count - 10))p" "$( [ "$id" = "$big" ] && echo "$D/text-512m.txt" || echo "$D/text-1m.txt")")
        [ "$(cat "$W/inspect.txt")" = "$expect" ] || { echo "bench: inspect of $id answered: $(head -c 300 "$W/inspect.txt")" >&2; return 1; }
    done
    # one curl, one connection, requests alternating between the two blobs
    cfg=$W/inspect.curl
    : > "$cfg"
    for i in $(seq 1 $((warm + n))); do
        printf 'url = "%s/v1/blobs/%s/inspect?selector=lines:%d-%d"\noutput = "/dev/null"\n' \
            "$FS_URL" "$big" $((nbig - 20)) $((nbig - 10)) "$FS_URL" "$small" $((nsmall - 20)) $((nsmall - 10)) >> "$cfg"
    done
    curl -s -K "$cfg" -w '%{http_code} %{time_total}\n' > "$W/inspect.times"
    [ "$(awk '$1 != 200' "$W/inspect.times" | wc -l)" = 0 ]
    local tbig tsmall r
    tbig=$(awk -v w=$warm 'NR > 2 * w && NR % 2 == 1 { print $2 * 1000 }' "$W/inspect.times" | median)
    tsmall=$(awk -v w=$warm 'NR > 2 * w && NR % 2 == 0 { print $2 * 1000 }' "$W/inspect.times" | median)
    note "inspect p90, ms: $(awk -v w=$warm 'NR > 2 * w && NR % 2 == 1 { print $2 * 1000 }' "$W/inspect.times" | p90) (512 MiB), \
$(awk -v w=$warm 'NR > 2 * w && NR % 2 == 0 { print $2 * 1000 }' "$W/inspect.times" | p90) (1 MiB); read index $(size_of "$FS_ROOT/index/$big.idx" 2>/dev/null || echo '?') bytes (512 MiB) and $(size_of "$FS_ROOT/index/$small.idx" 2>/dev/null || echo '?') bytes (1 MiB)"
    r=$(calc "$tbig / $tsmall")
    row "\`inspect lines:(N-20)-(N-10)\`, 512 MiB vs 1 MiB blob (median of $n, ms)" "$(calc "$tbig" 2) ms (512 MiB)" \
        "$(calc "$tsmall" 2) ms (1 MiB)" "$r" "≤ 2" "$(met "$r <= 2")"
}

bench_inspect_load() {
    local id sel="lines:1000-1010" from=$((999 * 128)) to=$((1010 * 128 - 1)) url range
    if [ -s "$W/big-id" ] && [ -f "$FS_ROOT/blobs/$(cat "$W/big-id").txt" ]; then
        id=$(cat "$W/big-id")
    else
        ingest "$FS_PORT" "$D/text-512m.txt" text/plain "$W/big.json" > /dev/null
        id=$(jq -r .blob.id "$W/big.json")
        echo "$id" > "$W/big-id"
    fi
    [ -s "$FS_ROOT/index/$id.idx" ] # an indexed blob
    url="$FS_URL/v1/blobs/$id/inspect?selector=$sel"
    range="Range: bytes=$from-$to"
    # both answer the same 11 lines (1408 bytes), exactly as sed reads them
    curl -sf -o "$W/lines-inspect" "$url"
    [ "$(curl -s -o "$W/lines-range" -w '%{http_code}' -H "$range" "$FS_URL/v1/blobs/$id")" = 206 ]
    sed -n '1000,1010p' "$D/text-512m.txt" > "$W/lines-sed"
    cmp -s "$W/lines-inspect" "$W/lines-sed"
    cmp -s "$W/lines-range" "$W/lines-sed"
    wrk_rps warm-lines-range -d"${WARMUP}s" -H "$range" "$FS_URL/v1/blobs/$id" > /dev/null
    wrk_rps warm-lines-inspect -d"${WARMUP}s" "$url" > /dev/null
    local g1 i1 i2 g2
    g1=$(wrk_rps lines-range-1 --latency -d"${DURATION}s" -H "$range" "$FS_URL/v1/blobs/$id")
    i1=$(wrk_rps lines-inspect-1 --latency -d"${DURATION}s" "$url")
    i2=$(wrk_rps lines-inspect-2 --latency -d"${DURATION}s" "$url")
    g2=$(wrk_rps lines-range-2 --latency -d"${DURATION}s" -H "$range" "$FS_URL/v1/blobs/$id")
    local ins get r
    ins=$(calc "($i1 + $i2) / 2")
    get=$(calc "($g1 + $g2) / 2")
    note "inspect $sel, req/s: $i1 $i2 (p99 $(wrk_p99 lines-inspect-1), $(wrk_p99 lines-inspect-2)); ranged GET of the same bytes, req/s: $g1 $g2 (p99 $(wrk_p99 lines-range-1), $(wrk_p99 lines-range-2))"
    r=$(calc "$ins / $get")
    row "\`inspect $sel\` vs a ranged GET of the same 1408 bytes, 512 MiB indexed blob (req/s, c$CONNECTIONS, 2 × ${DURATION} s)" \
        "$(calc "$ins" 0) req/s" "$(calc "$get" 0) req/s ranged GET" "$r" "≥ 0.5" "$(met "$r >= 0.5")"
}

bench_json() {
    local f=$D/array-100m.json size i ts=() jqt=() t len
    size=$(size_of "$f")
    ingest "$FS_PORT" "$f" application/json "$W/a.json" > /dev/null # warm-up
    len=$(jq length "$f")
    [ "$(jq -r '.blob.kind + " " + (.blob.entries | tostring)' "$W/a.json")" = "json_array $len" ]
    clear_fs
    for i in $(seq 1 "$RUNS"); do
        ts+=("$(ingest "$FS_PORT" "$f" application/json "$W/a.json")")
        clear_fs
        t=$(now)
        jq length "$f" > /dev/null
        jqt+=("$(since "$t")")
    done
    local tsm jqm r
    tsm=$(printf '%s\n' "${ts[@]}" | median)
    jqm=$(printf '%s\n' "${jqt[@]}" | median)
    note "JSON ingest, s: ${ts[*]}; \`jq length\`, s: ${jqt[*]}"
    r=$(calc "$jqm / $tsm")
    row "summary + index of a $(calc "$size / $MIB" 0) MiB JSON array ($len entries; s, median of $RUNS)" \
        "$(calc "$tsm" 2) s (ingest into \`fs\`)" "$(calc "$jqm" 2) s \`jq length\`" "$r" "> 1 (faster)" "$(met "$r > 1")"
}

bench_range() {
    local id file port prefix conf from to ts ngx
    if [ -s "$W/big-id" ] && [ -f "$FS_ROOT/blobs/$(cat "$W/big-id").txt" ]; then
        id=$(cat "$W/big-id")
    else
        ingest "$FS_PORT" "$D/text-512m.txt" text/plain "$W/big.json" > /dev/null
        id=$(jq -r .blob.id "$W/big.json")
    fi
    file=$FS_ROOT/blobs/$id.txt
    port=$(free_port)
    prefix=$W/nginx
    mkdir -p "$prefix/tmp"
    conf=$prefix/nginx.conf
    cat > "$conf" <<EOF
daemon off;
$( [ "$(id -u)" = 0 ] && echo "user root;" ) # Toolspill writes its blob files 0600
worker_processes auto;
pid $prefix/nginx.pid;
error_log $prefix/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    client_body_temp_path $prefix/tmp/body;
    proxy_temp_path $prefix/tmp/proxy;
    fastcgi_temp_path $prefix/tmp/fastcgi;
    uwsgi_temp_path $prefix/tmp/uwsgi;
    scgi_temp_path $prefix/tmp/scgi;
    types { text/plain txt; }
    server {
        listen 127.0.0.1:$port;
        root $FS_ROOT/blobs;
    }
}
EOF
    say "starting nginx on 127.0.0.1:$port"
    start_bg "$prefix/stderr.log" "$NGINX" -p "$prefix" -e "$prefix/error.log" -c "$conf"
    local npid=$LAST_PID
    wait_up nginx "http://127.0.0.1:$port/" "$npid" "$prefix/stderr.log" any
    from=$((256 * MIB))
    to=$((from + MIB - 1))
    # both answer 206 with the same 1 MiB
    [ "$(curl -s -o "$W/r1" -w '%{http_code}' -H "Range: bytes=$from-$to" "$FS_URL/v1/blobs/$id")" = 206 ]
    [ "$(curl -s -o "$W/r2" -w '%{http_code}' -H "Range: bytes=$from-$to" "http://127.0.0.1:$port/$id.txt")" = 206 ]
    [ "$(size_of "$W/r1")" = "$MIB" ]
    cmp -s "$W/r1" "$W/r2"
    wrk_rps warm-range-nginx -d"${WARMUP}s" -H "Range: bytes=$from-$to" "http://127.0.0.1:$port/$id.txt" > /dev/null
    wrk_rps warm-range-ts -d"${WARMUP}s" -H "Range: bytes=$from-$to" "$FS_URL/v1/blobs/$id" > /dev/null
    local n1 t1 t2 n2
    n1=$(wrk_rps range-nginx-1 -d"${DURATION}s" -H "Range: bytes=$from-$to" "http://127.0.0.1:$port/$id.txt")
    t1=$(wrk_rps range-ts-1 -d"${DURATION}s" -H "Range: bytes=$from-$to" "$FS_URL/v1/blobs/$id")
    t2=$(wrk_rps range-ts-2 -d"${DURATION}s" -H "Range: bytes=$from-$to" "$FS_URL/v1/blobs/$id")
    n2=$(wrk_rps range-nginx-2 -d"${DURATION}s" -H "Range: bytes=$from-$to" "http://127.0.0.1:$port/$id.txt")
    stop_pids "$npid"
    ngx=$(calc "($n1 + $n2) / 2")
    ts=$(calc "($t1 + $t2) / 2")
    note "ranged GET, req/s (= MiB/s): Toolspill $t1 $t2 (mean latency $(wrk_latency range-ts-1), $(wrk_latency range-ts-2)); nginx $n1 $n2 (mean latency $(wrk_latency range-nginx-1), $(wrk_latency range-nginx-2))"
    local r
    r=$(calc "$ts / $ngx")
    row "1 MiB ranged GET of a 512 MiB blob (req/s, c$CONNECTIONS, 2 × ${DURATION} s)" "$(calc "$ts" 0) req/s" \
        "$(calc "$ngx" 0) req/s nginx $("$NGINX" -v 2>&1 | sed 's/.*nginx\///')" "$r" "≥ 0.5" "$(met "$r >= 0.5")"
}

bench_rss() {
    local f=$D/text-1g.txt size marks code t secs hwm polled heap oom sampler
    clear_fs
    size=$(size_of "$f")
    marks=$(wc -l < "$W/gc-toolspill-fs.log")
    { echo 5 > "/proc/$FS_PID/clear_refs"; } 2>/dev/null || echo "bench: could not reset VmHWM; it covers the whole run" >&2
    # VmRSS polled as well, every 50 ms, as a second opinion
    (while kill -0 "$FS_PID" 2>/dev/null; do awk '/^VmRSS/ { print $2 }' "/proc/$FS_PID/status"; sleep 0.05; done) > "$W/rss.samples" 2>/dev/null &
    sampler=$!
    echo "$sampler" >> "$PIDS"
    t=$(now)
    code=$(curl -sS -o "$W/a.json" -w '%{http_code}' -X POST -T "$f" -H 'Content-Type: text/plain' "$FS_URL/v1/tool-outputs?tool=bench")
    secs=$(since "$t")
    hwm=$(awk '/^VmHWM/ { print $2 }' "/proc/$FS_PID/status")
    kill "$sampler" 2>/dev/null || true
    wait "$sampler" 2>/dev/null || true
    polled=$(sort -n "$W/rss.samples" | tail -n 1)
    [ "${polled:-0}" -gt "$hwm" ] && hwm=$polled
    # the most heap in use before any collection during the ingest, from the GC log ("120M->15M(256M)")
    heap=$(tail -n +"$((marks + 1))" "$W/gc-toolspill-fs.log" | grep -o '[0-9]*M->[0-9]*M' | cut -dM -f1 | sort -n | tail -n 1 || true)
    oom=$(grep -c OutOfMemoryError "$W/toolspill-fs.log" || true)
    note "1 GiB ingest: HTTP $code in $secs s; VmHWM $((hwm / 1024)) MiB (RSS polled every 50 ms: $((${polled:-0} / 1024)) MiB); heap before a GC up to ${heap:-?} MiB; $oom OutOfMemoryError in the log"
    local ok=0
    [ "$code" = 200 ] && [ "$(jq -r '.blob.bytes' "$W/a.json")" = "$size" ] && [ "$oom" = 0 ] && ok=1
    clear_fs
    row "peak RSS during a 1 GiB text ingest into \`fs\` (\`-Xmx$HEAP\`)" \
        "$((hwm / 1024)) MiB RSS, heap ≤ ${heap:-?} MiB, HTTP $code, $(calc "$size / $MIB / $secs" 0) MiB/s" \
        "heap cap $((${HEAP%m})) MiB" "$( [ -n "$heap" ] && calc "$heap / ${HEAP%m}" || echo —) of the heap cap" \
        "HTTP 200, no OOM within \`-Xmx$HEAP\`" "$(met "$ok == 1")"
}

bench_mcp() {
    local id lines v1 mcp m1 m2 c1 c2 r answer
    # the same call both ways: inspect of two lines of a small stored blob, an inline output of about 260 bytes
    lines=$(awk 'BEGIN { for (i = 1; i <= 16; i++) printf "%04d a line of a small stored output, read back by inspect\n", i }')
    id=$(printf '%s' "$lines" | curl -sf -H 'Content-Type: text/plain' --data-binary @- "$FS_URL/v1/tool-outputs?tool=bench" | jq -r .blob.id)
    [ -n "$id" ] && [ "$id" != null ]
    v1=$W/tool-calls.lua
    wrk_post_lua "$v1" application/json \
        '{"calls":[{"id":"c1","name":"inspect","arguments":{"blob_id":"'"$id"'","selector":"lines:3-4"}}]}'
    # stateless: no initialize, no session; any replica answers a tools/call (quarkus.mcp.server.http.streamable.auto-init)
    mcp=$W/mcp-call.lua
    wrk_post_lua "$mcp" application/json \
        '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"inspect","arguments":{"blob_id":"'"$id"'","selector":"lines:3-4"}}}' \
        "application/json, text/event-stream"
    answer=$(curl -sf -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
        --data-binary "$(sed -n 's/^wrk.body = \[\[\(.*\)\]\]$/\1/p' "$mcp")" "$FS_URL/mcp")
    [ "$(jq -r '.result.content[0].text' <<< "$answer")" = "$(sed -n 3,4p <<< "$lines")" ] \
        || { echo "bench: the MCP tools/call answered $answer" >&2; return 1; }
    [ "$(curl -sf -H 'Content-Type: application/json' --data-binary "$(sed -n 's/^wrk.body = \[\[\(.*\)\]\]$/\1/p' "$v1")" \
        "$FS_URL/v1/tool-calls" | jq -r '.results[0].status')" = ok ]
    wrk_rps warm-v1 -d"${WARMUP}s" -s "$v1" "$FS_URL/v1/tool-calls" > /dev/null
    wrk_rps warm-mcp -d"${WARMUP}s" -s "$mcp" "$FS_URL/mcp" > /dev/null
    c1=$(wrk_rps tool-calls-1 -d"${DURATION}s" -s "$v1" "$FS_URL/v1/tool-calls")
    m1=$(wrk_rps mcp-call-1 -d"${DURATION}s" -s "$mcp" "$FS_URL/mcp")
    m2=$(wrk_rps mcp-call-2 -d"${DURATION}s" -s "$mcp" "$FS_URL/mcp")
    c2=$(wrk_rps tool-calls-2 -d"${DURATION}s" -s "$v1" "$FS_URL/v1/tool-calls")
    note "MCP tools/call, req/s: $m1 $m2 (mean latency $(wrk_latency mcp-call-1), $(wrk_latency mcp-call-2)); /v1/tool-calls, req/s: $c1 $c2 (mean latency $(wrk_latency tool-calls-1), $(wrk_latency tool-calls-2))"
    r=$(calc "($m1 + $m2) / ($c1 + $c2)")
    clear_fs
    row "MCP \`tools/call\` of an inline output (req/s)" "$(calc "($m1 + $m2) / 2" 0) req/s" \
        "$(calc "($c1 + $c2) / 2" 0) req/s, the same call on \`/v1/tool-calls\`" "$r" "≥ 0.7" "$(met "$r >= 0.7")"
}

bench_redact() { # the same ingest with redaction on (tool bench) and off (tool bench_unredacted), alternated
    local f=$D/text-256m.txt dense=$W/dense-64m.txt size i on=() off=() don=() doff=() onm offm r
    size=$(size_of "$f")
    # the worst case for the prefilter: a key name on every line, so every window runs the generic rule
    awk 'BEGIN { for (i = 1; i <= 524288; i++) printf "%010d DEBUG config password=%s token refreshed ok, secret rotated %s\n", i, "see-vault", "......................................" }' > "$dense"
    ingest "$FS_PORT" "$f" text/plain "$W/a.json" > /dev/null # warm-up
    ingest "$FS_PORT" "$f" text/plain "$W/a.json" bench_unredacted > /dev/null
    clear_fs
    for i in $(seq 1 "$RUNS"); do
        off+=("$(ingest "$FS_PORT" "$f" text/plain "$W/a.json" bench_unredacted)"); clear_fs
        on+=("$(ingest "$FS_PORT" "$f" text/plain "$W/a.json")"); clear_fs
        doff+=("$(ingest "$FS_PORT" "$dense" text/plain "$W/a.json" bench_unredacted)"); clear_fs
        don+=("$(ingest "$FS_PORT" "$dense" text/plain "$W/a.json")"); clear_fs
    done
    rm -f "$dense"
    onm=$(printf '%s\n' "${on[@]}" | median)
    offm=$(printf '%s\n' "${off[@]}" | median)
    note "redaction on, s: ${on[*]}; off, s: ${off[*]}"
    note "64 MiB with a key name on every line: on, s: ${don[*]}; off, s: ${doff[*]} (ratio $(calc "$(printf '%s\n' "${doff[@]}" | median) / $(printf '%s\n' "${don[@]}" | median)"))"
    r=$(calc "$offm / $onm")
    row "ingest 256 MiB text into \`fs\`, redaction on vs off (MiB/s, median of $RUNS)" "$(calc "$size / $MIB / $onm" 0) MiB/s" \
        "$(calc "$size / $MIB / $offm" 0) MiB/s redaction off" "$r" "≥ 0.8" "$(met "$r >= 0.8")"
}

run_row 1 "inline tool-call throughput vs no-op" "≥ 0.8" bench_inline
run_row 2 "ingest 256 MiB into fs vs cat + sync" "≥ 0.5" bench_fs_ingest
run_row 3 "ingest 256 MiB into S3 vs aws s3 cp" "≥ 0.8" bench_s3_ingest
run_row 4 "inspect near the end: 512 MiB vs 1 MiB" "≤ 2" bench_inspect
run_row 4b "inspect lines:1000-1010 vs a ranged GET of the same bytes, under load" "≥ 0.5" bench_inspect_load
run_row 5 "JSON summary + index vs jq length" "> 1" bench_json
run_row 6 "1 MiB ranged GET vs nginx" "≥ 0.5" bench_range
run_row 7 "peak RSS during the 1 GiB ingest" "HTTP 200 within -Xmx$HEAP" bench_rss
run_row 8 "ingest 256 MiB into fs vs nginx PUT + sync" "≥ 0.9" bench_fs_ingest_nginx
run_row 9 "MCP tools/call vs /v1/tool-calls (inline output)" "≥ 0.7" bench_mcp
source "$ROOT/src/bench/dedup.sh"
run_row 10 "ingest of new 64 KiB outputs into fs, dedup on vs off" "≥ 0.95" bench_dedup_fs_small
run_row 10b "ingest of new 64 KiB outputs into S3, dedup on vs off" "≥ 0.95" bench_dedup_s3_small
run_row 10c "ingest of new 8 MiB outputs into fs, dedup on vs off" "≥ 0.95" bench_dedup_fs_large
run_row 10d "ingest of new 8 MiB outputs into S3, dedup on vs off" "≥ 0.95" bench_dedup_s3_large
run_row 11 "ingest 256 MiB into fs, redaction on vs off" "≥ 0.8" bench_redact
ensure_fs

# ---------------------------------------------------------------- report
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
{
    echo "Run of \`src/bench/run.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'), commit \`$commit\`."
    echo
    echo "- CPU: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
    echo "- memory: $(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
    echo "- OS: $(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME"), kernel $(uname -r); data on $(df -PT "$W" | awk 'NR == 2 { print $2 }')"
    echo "- Java: $(java -version 2>&1 | head -n 1), Toolspill and S3Proxy under \`-Xmx$HEAP\` and \`-Xmx512m\`"
    echo "- load average (1/5/15 min) at the start: $LOAD_START, at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "- CPU time over the run: $(printf '%s\n%s\n' "$CPU_START" "$(head -n 1 /proc/stat)" | awk '
        { t = 0; for (i = 2; i <= 9; i++) t += $i; tot[NR] = t; idle[NR] = $5 + $6; steal[NR] = $9 }
        END { d = tot[2] - tot[1]; printf "%.0f%% busy, %.1f%% stolen by the hypervisor", 100 * (1 - (idle[2] - idle[1]) / d), 100 * (steal[2] - steal[1]) / d }')"
    echo "- load: wrk $( (wrk -v 2>&1 || true) | head -n 1 | awk '{ print $2 }') on the same machine, -t$THREADS -c$CONNECTIONS, ${WARMUP} s warm-up, then 2 × ${DURATION} s per side in the order baseline, Toolspill, Toolspill, baseline"
    echo
    echo "| benchmark | Toolspill | baseline | ratio | target | met? |"
    echo "|---|---|---|---|---|---|"
    for f in "$W"/rows/*; do
        sed 's/\t/ | /g; s/^/| /; s/$/ |/' "$f"
    done
    if compgen -G "$W/notes/*" > /dev/null; then
        echo
        echo "Raw figures:"
        echo
        cat "$W"/notes/*
    fi
} > "$W/results.md"

echo
cat "$W/results.md"

if [ "$WRITE" = 1 ]; then
    out=$ROOT/src/bench/BENCHMARKS.md
    if [ ! -f "$out" ] || ! grep -q '<!-- results:start -->' "$out"; then
        printf '\n## Latest run\n\n<!-- results:start -->\n<!-- results:end -->\n' >> "$out"
    fi
    awk -v f="$W/results.md" '
        /<!-- results:start -->/ { print; while ((getline line < f) > 0) print line; skip = 1; next }
        /<!-- results:end -->/ { skip = 0 }
        !skip { print }' "$out" > "$W/BENCHMARKS.md"
    cp "$W/BENCHMARKS.md" "$out"
    say "wrote the results into $out"
fi
[ "$FAILED" = 0 ] || die "some rows failed (see above)"
