# Small helpers shared by the system tests (src/it), the benchmarks (src/bench) and the examples' checks: function
# definitions only, nothing runs when it is sourced. Safe under `set -euo pipefail`.
#   source "$(dirname "$0")/../lib/common.sh"     (src/it/lib/harness.sh sources it for the scripts that use that)

# free_port: a free TCP port on 127.0.0.1 (python3, or node where there is no python3)
free_port() {
  if command -v python3 >/dev/null; then
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
  else
    node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
  fi
}

# digest TEXT: its SHA-256 in hex (what toolspill.auth.keys.<tenant> holds for an API key)
digest() { printf %s "$1" | sha256sum | cut -d' ' -f1; }

# random_hex N: N random bytes in hex
random_hex() { od -An -tx1 -N"$1" /dev/urandom | tr -d ' \n'; }

# wait_http URL PID SECONDS [any]: polls URL every 0.2 s until it answers 200 (with `any`: any HTTP answer) while the
# process PID lives. Returns 0 when it does, 1 when PID exited first, 2 after SECONDS; prints nothing (the caller says
# what it means), and leaves the last status code (000: no answer) in HTTP_CODE.
wait_http() {
  local url=$1 pid=$2 deadline=$((SECONDS + $3)) accept=${4:-200}
  HTTP_CODE=000
  while :; do
    HTTP_CODE=$(curl -s -o /dev/null -m 2 -w '%{http_code}' "$url" 2>/dev/null) || true
    if [[ "$HTTP_CODE" == 200 ]] || [[ "$accept" == any && "$HTTP_CODE" != 000 ]]; then
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || return 1
    ((SECONDS < deadline)) || return 2
    sleep 0.2
  done
}

# stop_pids PID...: TERM to each (CONT first, for a stopped one), KILL to what is still alive after 10 s, then reaps
# those that are children of this shell
stop_pids() {
  local pid alive i
  for pid in "$@"; do kill -CONT "$pid" 2>/dev/null || true; kill -TERM "$pid" 2>/dev/null || true; done
  for i in $(seq 1 50); do
    alive=0
    for pid in "$@"; do ! kill -0 "$pid" 2>/dev/null || alive=1; done
    ((alive)) || break
    sleep 0.2
  done
  for pid in "$@"; do kill -KILL "$pid" 2>/dev/null || true; done
  for pid in "$@"; do wait "$pid" 2>/dev/null || true; done
  return 0
}

# s3proxy_properties FILE ENDPOINT ACCESS SECRET BASEDIR: the configuration of an S3Proxy that keeps its buckets as
# folders under BASEDIR (created) and checks AWS signatures v2 and v4 against ACCESS/SECRET
s3proxy_properties() {
  mkdir -p "$5"
  cat >"$1" <<PROPS
s3proxy.endpoint=$2
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=$3
s3proxy.credential=$4
s3proxy.ignore-unknown-headers=true
jclouds.provider=filesystem
jclouds.filesystem.basedir=$5
PROPS
}

# start_s3proxy HEAP PROPERTIES LOG ENDPOINT ACCESS SECRET BASEDIR: writes PROPERTIES (s3proxy_properties) and starts
# target/s3proxy/s3proxy.jar on them in the background under -XmxHEAP, its output in LOG; its pid is S3PROXY_PID.
# It does not wait: wait_http "ENDPOINT/" "$S3PROXY_PID" SECONDS any
start_s3proxy() {
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
  s3proxy_properties "$2" "$4" "$5" "$6" "$7"
  java -Xmx"$1" -jar "$root/target/s3proxy/s3proxy.jar" --properties "$2" >"$3" 2>&1 </dev/null &
  S3PROXY_PID=$!
}

# s3_store_options ENDPOINT ACCESS SECRET: sets the array S3_STORE_OPTIONS to the service's options for an S3 store at
# ENDPOINT (path style, us-east-1, static credentials); the bucket and its creation are the caller's
s3_store_options() {
  S3_STORE_OPTIONS=(-Dtoolspill.blob-store.type=s3 -Dquarkus.s3.endpoint-override="$1" -Dquarkus.s3.path-style-access=true
    -Dquarkus.s3.aws.region=us-east-1 -Dquarkus.s3.aws.credentials.type=static
    -Dquarkus.s3.aws.credentials.static-provider.access-key-id="$2"
    -Dquarkus.s3.aws.credentials.static-provider.secret-access-key="$3")
}

# For the benchmarks (src/bench): inline_output prints the 296-byte build-log output that the inline rows post (run.sh
# row 1, ledger.sh, ledger-profile.sh); wrk_post_lua FILE CONTENT-TYPE BODY [ACCEPT] writes a wrk script that POSTs BODY.
inline_output() {
  printf '%s' "2026-11-29T10:00:00Z INFO build step 'compile' finished: 184 sources compiled, 0 warnings, 3 notes. \
Cache hits 172/184 (93%), wall 4.21 s, cpu 7.80 s. Artifacts: target/classes (2.1 MB). Next step: 'test' \
(412 tests in 38 classes). Environment: java 17, maven 3.9.9, 2 cpus, 4 GiB heap limit; ok."
}

wrk_post_lua() {
  {
    printf 'wrk.method = "POST"\nwrk.headers["Content-Type"] = "%s"\n' "$2"
    [[ -z "${4:-}" ]] || printf 'wrk.headers["Accept"] = "%s"\n' "$4"
    printf 'wrk.body = [[%s]]\n' "$3"
  } >"$1"
}
