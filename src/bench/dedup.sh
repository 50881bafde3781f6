# Sourced by src/bench/run.sh: rows 10 to 10d, what content addressing (toolspill.blob-store.dedup) costs the ingest
# of outputs that are all new, on fs and on S3 (S3Proxy), for 64 KiB outputs (where its cost per output weighs most)
# and 8 MiB ones. Two Toolspills per row, alike but for dedup, each on a store of its own, take text outputs that never
# repeat (a run label, the wrk thread and a counter start each body), from wrk at -c8, in the order off, on, on, off;
# the stores are emptied between measurements.

DEDUP_BODY_BYTES=65536

dedup_lua() { # file: a wrk script posting 64 KiB text bodies that never repeat (label from the script's argument)
    cat > "$1" <<LUA
local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("tid", threads)
end
function init(args)
    label = args[1] or "run"
    n = 0
    pad = string.rep("0123456789 an output line of a tool, the same in every body but its first line: abcdefghijklmnop\n", $((DEDUP_BODY_BYTES / 100)))
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "text/plain"
end
function request()
    n = n + 1
    return wrk.format(nil, nil, nil, label .. " " .. tid .. " " .. n .. "\n" .. pad)
end
LUA
}

dedup_rm() { # dir...: empties each, trying again while the last uploads of a measurement still land in it
    local dir i
    for dir in "$@"; do
        [ -d "$dir" ] || continue
        for i in 1 2 3 4 5 6 7 8 9 10; do
            find "$dir" -mindepth 1 -delete 2>/dev/null && break
            sleep 0.5
        done
    done
}

dedup_pair() { # kind name-on name-off port-on port-off: the two rates, measured off, on, on, off, the stores emptied between
    local kind=$1 on=$2 off=$3 pon=$4 poff=$5 lua=$W/dedup.lua o1 d1 d2 o2
    dedup_lua "$lua"
    local url_on="http://127.0.0.1:$pon/v1/tool-outputs?tool=bench" url_off="http://127.0.0.1:$poff/v1/tool-outputs?tool=bench"
    wrk -t2 -c8 -d"${WARMUP}s" -s "$lua" "$url_on" -- warm-on > /dev/null
    wrk -t2 -c8 -d"${WARMUP}s" -s "$lua" "$url_off" -- warm-off > /dev/null
    dedup_clear "$kind"
    o1=$(CONNECTIONS=8 wrk_rps "$kind-dedup-off-1" -d"${DURATION}s" -s "$lua" "$url_off" -- off-1); dedup_clear "$kind"
    d1=$(CONNECTIONS=8 wrk_rps "$kind-dedup-on-1" -d"${DURATION}s" -s "$lua" "$url_on" -- on-1); dedup_clear "$kind"
    d2=$(CONNECTIONS=8 wrk_rps "$kind-dedup-on-2" -d"${DURATION}s" -s "$lua" "$url_on" -- on-2); dedup_clear "$kind"
    o2=$(CONNECTIONS=8 wrk_rps "$kind-dedup-off-2" -d"${DURATION}s" -s "$lua" "$url_off" -- off-2); dedup_clear "$kind"
    note "$kind, new $(dedup_size) outputs, dedup on, req/s: $d1 $d2; dedup off, req/s: $o1 $o2"
    DEDUP_ON=$(calc "($d1 + $d2) / 2")
    DEDUP_OFF=$(calc "($o1 + $o2) / 2")
}

dedup_size() { if [ "$DEDUP_BODY_BYTES" -ge "$MIB" ]; then echo "$((DEDUP_BODY_BYTES / MIB)) MiB"; else echo "$((DEDUP_BODY_BYTES / 1024)) KiB"; fi; }

dedup_row() { # kind
    local r
    r=$(calc "$DEDUP_ON / $DEDUP_OFF")
    row "ingest of new $(dedup_size) outputs into $1, dedup on (req/s, c8, 2 × ${DURATION} s)" \
        "$(calc "$DEDUP_ON" 0) req/s ($(calc "$DEDUP_ON * $DEDUP_BODY_BYTES / $MIB" 0) MiB/s)" \
        "$(calc "$DEDUP_OFF" 0) req/s, \`toolspill.blob-store.dedup=false\`" "$r" "≥ 0.95" "$(met "$r >= 0.95")"
}

bench_dedup_fs_small() { DEDUP_BODY_BYTES=65536 bench_dedup_fs; }
bench_dedup_s3_small() { DEDUP_BODY_BYTES=65536 bench_dedup_s3; }
bench_dedup_fs_large() { DEDUP_BODY_BYTES=8388608 bench_dedup_fs; }
bench_dedup_s3_large() { DEDUP_BODY_BYTES=8388608 bench_dedup_s3; }

bench_dedup_fs() {
    local pon poff
    DEDUP_ROOTS="$W/dedup-on $W/dedup-off"
    dedup_clear() { local r; for r in $DEDUP_ROOTS; do dedup_rm "$r"/blobs "$r"/index "$r"/tmp "$r"/records "$r"/hashes; done; }
    pon=$(free_port)
    start_toolspill toolspill-dedup-on "$pon" -Dtoolspill.blob-store.fs.root="$W/dedup-on"
    local pid_on=$LAST_PID
    poff=$(free_port)
    start_toolspill toolspill-dedup-off "$poff" -Dtoolspill.blob-store.fs.root="$W/dedup-off" -Dtoolspill.blob-store.dedup=false
    local pid_off=$LAST_PID
    dedup_pair fs on off "$pon" "$poff"
    stop_pids "$pid_on"
    stop_pids "$pid_off"
    rm -rf "$W/dedup-on" "$W/dedup-off"
    dedup_row "\`fs\`"
}

bench_dedup_s3() {
    local s3port pon poff s3pid
    s3port=$(free_port)
    mkdir -p "$W/dedup-s3/data/dedup-on" "$W/dedup-s3/data/dedup-off"
    bench_s3proxy "$s3port" "$W/dedup-s3/data"
    s3pid=$LAST_PID
    dedup_clear() { dedup_rm "${W:?}"/dedup-s3/data/dedup-on "${W:?}"/dedup-s3/data/dedup-off; }
    s3_store_options "http://127.0.0.1:$s3port" bench bench-secret
    local s3=("${S3_STORE_OPTIONS[@]}")
    pon=$(free_port)
    start_toolspill toolspill-s3-dedup-on "$pon" "${s3[@]}" -Dtoolspill.blob-store.s3.bucket=dedup-on
    local pid_on=$LAST_PID
    poff=$(free_port)
    start_toolspill toolspill-s3-dedup-off "$poff" "${s3[@]}" -Dtoolspill.blob-store.s3.bucket=dedup-off -Dtoolspill.blob-store.dedup=false
    local pid_off=$LAST_PID
    dedup_pair s3 on off "$pon" "$poff"
    stop_pids "$pid_on"
    stop_pids "$pid_off"
    stop_pids "$s3pid"
    rm -rf "$W/dedup-s3"
    dedup_row "S3 (S3Proxy)"
}
