#!/usr/bin/env bash
# Hostile-tenant attack on two packaged replicas sharing one store (fs root, then an S3Proxy bucket): see
# src/it/attack/replicas.py. Run from the repository root after `./mvnw -DskipTests package` and
# `./mvnw process-test-resources`:  bash src/it/attack/run.sh   (ATTACK_STORES="fs" for one store, ATTACK_ROUNDS=300)
set -uo pipefail
[[ -f src/it/attack/run.sh && -f target/quarkus-app/quarkus-run.jar && -f target/s3proxy/s3proxy.jar ]] \
  || { echo "run from the repository root, after package and process-test-resources" >&2; exit 2; }
source src/it/lib/common.sh
WORK=$(mktemp -d "${TMPDIR:-/tmp}/toolspill-attack.XXXXXX")
PIDS=()
cleanup() { local rc=$?; stop_pids "${PIDS[@]}"
  [[ "${ATTACK_KEEP:-0}" == 1 ]] && echo "kept $WORK" >&2 || rm -rf "$WORK"; exit "$rc"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
cp -r target/quarkus-app "$WORK/app"
export ATTACK_WORK="$WORK" ATTACK_JAR="$WORK/app/quarkus-run.jar"

TOOLS_PORT=$(free_port)
python3 src/it/faults/toolserver.py "$TOOLS_PORT" >"$WORK/tools.log" 2>&1 &
PIDS+=($!)
export ATTACK_TOOLS_URL="http://127.0.0.1:$TOOLS_PORT"

S3_PORT=$(free_port)
S3_URL="http://127.0.0.1:$S3_PORT"
start_s3proxy 256m "$WORK/s3proxy.properties" "$WORK/s3proxy.log" "$S3_URL" attack attack-secret "$WORK/s3data"
S3_PID=$S3PROXY_PID
PIDS+=($S3_PID)
export ATTACK_S3_PID=$S3_PID ATTACK_S3_PORT=$S3_PORT ATTACK_S3PROXY_JAR=$(pwd)/target/s3proxy/s3proxy.jar \
  ATTACK_S3PROXY_PROPS="$WORK/s3proxy.properties"
wait_http "$S3_URL/" "$S3_PID" 60 any

BASE="-Xmx256m -XX:+ExitOnOutOfMemoryError -Dquarkus.management.port=0"
FAILED=0
for store in ${ATTACK_STORES:-fs s3}; do
  export ATTACK_STORE=$store ATTACK_PORT1=$(free_port) ATTACK_PORT2=$(free_port)
  if [[ $store == fs ]]; then
    export ATTACK_JAVA_ARGS="$BASE -Dtoolspill.blob-store.fs.root=$WORK/fs"
  else
    s3_store_options "$S3_URL" attack attack-secret
    export ATTACK_JAVA_ARGS="$BASE ${S3_STORE_OPTIONS[*]} -Dtoolspill.blob-store.s3.bucket=attack -Dtoolspill.blob-store.s3.create-bucket=true"
  fi
  timeout 600 python3 src/it/attack/replicas.py || FAILED=1
done
exit "$FAILED"
