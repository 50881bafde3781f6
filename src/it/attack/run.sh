#!/usr/bin/env bash
# Hostile-tenant attack on two packaged replicas sharing one store (fs root, then an S3Proxy bucket): see
# src/it/attack/replicas.py. Run from the repository root after `./mvnw -DskipTests package` and
# `./mvnw process-test-resources`:  bash src/it/attack/run.sh   (ATTACK_STORES="fs" for one store, ATTACK_ROUNDS=300)
set -uo pipefail
[[ -f src/it/attack/run.sh && -f target/quarkus-app/quarkus-run.jar && -f target/s3proxy/s3proxy.jar ]] \
  || { echo "run from the repository root, after package and process-test-resources" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/toolspill-attack.XXXXXX")
PIDS=()
cleanup() { local rc=$?; for p in "${PIDS[@]}"; do kill -CONT "$p" 2>/dev/null; kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
  [[ "${ATTACK_KEEP:-0}" == 1 ]] && echo "kept $WORK" >&2 || rm -rf "$WORK"; exit "$rc"; }
trap cleanup EXIT
trap 'exit 130' INT TERM
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
cp -r target/quarkus-app "$WORK/app"
export ATTACK_WORK="$WORK" ATTACK_JAR="$WORK/app/quarkus-run.jar"

TOOLS_PORT=$(free_port)
python3 src/it/faults/toolserver.py "$TOOLS_PORT" >"$WORK/tools.log" 2>&1 &
PIDS+=($!)
export ATTACK_TOOLS_URL="http://127.0.0.1:$TOOLS_PORT"

S3_PORT=$(free_port)
S3_URL="http://127.0.0.1:$S3_PORT"
mkdir -p "$WORK/s3data"
cat >"$WORK/s3proxy.properties" <<PROPS
s3proxy.endpoint=$S3_URL
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=attack
s3proxy.credential=attack-secret
s3proxy.ignore-unknown-headers=true
jclouds.provider=filesystem
jclouds.filesystem.basedir=$WORK/s3data
PROPS
java -Xmx256m -jar target/s3proxy/s3proxy.jar --properties "$WORK/s3proxy.properties" >"$WORK/s3proxy.log" 2>&1 &
S3_PID=$!
PIDS+=($S3_PID)
export ATTACK_S3_PID=$S3_PID ATTACK_S3_PORT=$S3_PORT ATTACK_S3PROXY_JAR=$(pwd)/target/s3proxy/s3proxy.jar \
  ATTACK_S3PROXY_PROPS="$WORK/s3proxy.properties"
for _ in $(seq 1 300); do curl -s -o /dev/null -m 2 "$S3_URL/" && break; sleep 0.2; done

BASE="-Xmx256m -XX:+ExitOnOutOfMemoryError -Dquarkus.management.port=0"
FAILED=0
for store in ${ATTACK_STORES:-fs s3}; do
  export ATTACK_STORE=$store ATTACK_PORT1=$(free_port) ATTACK_PORT2=$(free_port)
  if [[ $store == fs ]]; then
    export ATTACK_JAVA_ARGS="$BASE -Dtoolspill.blob-store.fs.root=$WORK/fs"
  else
    A="$BASE -Dtoolspill.blob-store.type=s3 -Dtoolspill.blob-store.s3.bucket=attack -Dtoolspill.blob-store.s3.create-bucket=true"
    A+=" -Dquarkus.s3.endpoint-override=$S3_URL -Dquarkus.s3.path-style-access=true -Dquarkus.s3.aws.region=us-east-1"
    A+=" -Dquarkus.s3.aws.credentials.type=static -Dquarkus.s3.aws.credentials.static-provider.access-key-id=attack"
    A+=" -Dquarkus.s3.aws.credentials.static-provider.secret-access-key=attack-secret"
    export ATTACK_JAVA_ARGS="$A"
  fi
  timeout 600 python3 src/it/attack/replicas.py || FAILED=1
done
exit "$FAILED"
