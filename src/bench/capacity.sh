#!/usr/bin/env bash
# The measurements behind src/docs/capacity.md: S3 requests, CPU and memory per request type, on this machine.
#
#   bash src/bench/capacity.sh [--no-build]
#
# Starts, on free loopback ports, S3Proxy behind an nginx of its own (whose access log counts every S3 request the
# service makes, by method and kind) and one packaged Toolspill on that S3 endpoint under -Xmx256m, authentication off.
# Then src/bench/capacity.py sends each request type in turn (inline outputs, stored outputs of 100 KiB and 20 MiB,
# inspect cold and warm, ranged reads, tool calls through the MCP endpoint) and reads, for each: S3 requests per request
# from the nginx log, service CPU per request from /proc/<pid>/stat, and the heap after a full GC and peak RSS. It prints
# a Markdown table (the one in capacity.md). Needs nginx (Debian's nginx-light; installed with apt-get when run as
# root) and python3. About 2 minutes; everything it starts is stopped and its work directory removed on exit.
set -uo pipefail

NAME=capacity PREFIX=CAPACITY DEFAULT_LIMIT=900
HERE=$(cd "$(dirname "$0")" && pwd)
if [[ "${1:-}" != --no-build && -z "${CAPACITY_BOUNDED:-}" ]]; then
  (cd "$HERE/../.." && ./mvnw -q -B -DskipTests package && ./mvnw -q -B process-test-resources) || { echo "capacity: build failed" >&2; exit 1; }
fi
source "$HERE/../it/lib/harness.sh" "$@"

NGINX=$(command -v nginx || echo /usr/sbin/nginx)
if [[ ! -x "$NGINX" ]]; then
  log "installing nginx-light from Debian (it counts the S3 requests)"
  apt-get install -y nginx-light >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y nginx-light >/dev/null; } || fail "no nginx"
fi
S3JAR="$ROOT/target/s3proxy/s3proxy.jar"
[[ -f "$S3JAR" ]] || fail "$S3JAR is missing: run ./mvnw process-test-resources"

# S3Proxy
S3_PORT=$(free_port)
start_s3proxy 512m "$WORK/s3proxy.properties" "$WORK/s3proxy.log" "http://127.0.0.1:$S3_PORT" capacity capacity-secret "$WORK/s3"
S3_PID=$S3PROXY_PID; PIDS+=("$S3_PID")

# nginx in front of it: one log line per S3 request (streamed both ways, the Host kept for the signatures)
NGINX_PORT=$(free_port)
mkdir -p "$WORK/nginx"
cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $WORK/nginx/nginx.pid;
events { worker_connections 1024; }
http {
  log_format s3 '\$request_method \$request_uri \$status \$request_length \$bytes_sent';
  access_log $WORK/nginx/s3.log s3;
  client_body_temp_path $WORK/nginx/body;
  proxy_temp_path $WORK/nginx/proxy;
  client_max_body_size 0;
  server {
    listen 127.0.0.1:$NGINX_PORT;
    location / {
      proxy_pass http://127.0.0.1:$S3_PORT;
      proxy_http_version 1.1;
      proxy_set_header Host \$http_host;
      proxy_set_header Connection "";
      proxy_request_buffering off;
      proxy_buffering off;
    }
  }
}
CONF
"$NGINX" -p "$WORK/nginx" -e "$WORK/nginx/error.log" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' >"$WORK/nginx/stderr.log" 2>&1 &
PIDS+=("$!")

s3_store_options "http://127.0.0.1:$NGINX_PORT" capacity capacity-secret
S3_OPTIONS=("${S3_STORE_OPTIONS[@]}" -Dtoolspill.blob-store.s3.bucket=capacity -Dtoolspill.blob-store.s3.create-bucket=true)

echo "| request | n | S3 requests per request, by kind | tier-1 S3 requests | tier-2 S3 requests | service CPU per request | rate (8 clients) | heap after GC | peak RSS |"
echo "|---|---|---|---|---|---|---|---|---|"
for phase in write read; do # a fresh replica for the reads: nothing of the writes is cached in it
  start_service "${S3_OPTIONS[@]}"
  wait_ready toolspill "http://127.0.0.1:$PORT/q/health/ready" "$SERVICE"
  log "$phase: Toolspill :$PORT (pid $SERVICE) on S3Proxy :$S3_PORT behind nginx :$NGINX_PORT"
  python3 "$HERE/capacity.py" "http://127.0.0.1:$PORT" "$SERVICE" "$WORK/nginx/s3.log" "$WORK" "$phase" || fail "the $phase measurements failed"
  stop_pids "$SERVICE"
done
log "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null)"
