#!/usr/bin/env bash
# Proof under crashes and load, against the packaged service on loopback ports, on the filesystem store and on S3
# (S3Proxy): src/it/proof/crash.py (kill -9 during 200 uploads, restart, every id byte-exact, nothing partial or left
# over) and src/it/proof/soak.py (fixed concurrency, mixed sizes, a service with auth on and one with it off side by side,
# the load alternating between them in slices). Prints PASS/FAIL lines and the
# Markdown rows of BENCHMARKS.md; exits non-zero if any check failed. Run from the repository root:
#   bash src/it/proof/run.sh            (PROOF_ONLY=crash or PROOF_ONLY=soak runs one part; PROOF_STORES="fs" one store;
#                                        PROOF_SOAK_AT_ONCE=1 soaks the stores at the same time)
#   PROOF_ONLY=storm bash src/it/proof/run.sh   src/it/proof/storm.py alone (not part of the default run): 200 uploads
#                                        of 1 KB..20 MB (2 GB) at full speed at once on a 256 MiB heap, every id byte-exact
# Bounded: each part stops itself (timeouts inside); .ci/run also wraps the whole in `timeout`.
set -uo pipefail

ROOT=$(pwd)
if [[ ! -f "$ROOT/src/it/proof/run.sh" || ! -f "$ROOT/pom.xml" ]]; then
  echo "run this from the repository root: bash src/it/proof/run.sh" >&2
  exit 2
fi
source src/it/lib/common.sh
WORK=$(mktemp -d "${TMPDIR:-/tmp}/toolspill-proof.XXXXXX")
S3_PID=""
cleanup() {
  local rc=$?
  [[ -z "$S3_PID" ]] || stop_pids "$S3_PID"
  if [[ "${PROOF_KEEP:-0}" == 1 ]]; then echo "kept $WORK" >&2; else rm -rf "$WORK"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [[ ! -f target/quarkus-app/quarkus-run.jar ]]; then
  ./mvnw -q -DskipTests package || { echo "FAIL build: ./mvnw package failed"; exit 1; }
fi
if [[ ! -f target/s3proxy/s3proxy.jar ]]; then
  ./mvnw -q process-test-resources || { echo "FAIL build: ./mvnw process-test-resources failed"; exit 1; }
fi

export PROOF_WORK="$WORK" PROOF_JAR="${PROOF_JAR:-$ROOT/target/quarkus-app/quarkus-run.jar}"
BASE_ARGS="-Xmx256m -XX:+ExitOnOutOfMemoryError -Dquarkus.management.port=0"
FAILED=0
ROWS_CRASH=()
ROWS_SOAK=()

proof_s3proxy() { # S3Proxy for the s3 store, FAULTS_S3_* as the drivers read them
  S3_PORT=$(free_port)
  export FAULTS_S3_URL="http://127.0.0.1:$S3_PORT" FAULTS_S3_ACCESS=proof FAULTS_S3_SECRET=proof-secret \
    FAULTS_S3_BUCKET=toolspill-proof FAULTS_S3_BASE="$WORK/s3data"
  # S3Proxy stands in for S3: a roomy heap keeps its own GC pauses out of what the soak compares
  start_s3proxy 1g "$WORK/s3proxy.properties" "$WORK/s3proxy.log" "$FAULTS_S3_URL" "$FAULTS_S3_ACCESS" "$FAULTS_S3_SECRET" "$FAULTS_S3_BASE"
  S3_PID=$S3PROXY_PID
  wait_http "$FAULTS_S3_URL/" "$S3_PID" 60 any || { echo "FAIL setup: S3Proxy did not start"; exit 1; }
}

store_args() { # store run: sets PROOF_JAVA_ARGS for that store (a fresh fs root or bucket per run)
  if [[ $1 == fs ]]; then
    export PROOF_FS_ROOT="$WORK/fs-$2"
    PROOF_JAVA_ARGS="$BASE_ARGS -Dtoolspill.blob-store.fs.root=$PROOF_FS_ROOT"
  else
    export FAULTS_S3_BUCKET="toolspill-proof-$2"
    s3_store_options "$FAULTS_S3_URL" "$FAULTS_S3_ACCESS" "$FAULTS_S3_SECRET"
    PROOF_JAVA_ARGS="$BASE_ARGS ${S3_STORE_OPTIONS[*]} -Dtoolspill.blob-store.s3.bucket=$FAULTS_S3_BUCKET"
    PROOF_JAVA_ARGS+=" -Dtoolspill.blob-store.s3.create-bucket=true"
  fi
  export PROOF_JAVA_ARGS
}

report() { # OUTPUT RC ROWS-ARRAY: prints the PASS/FAIL lines, keeps the Markdown rows, notes a failure
  echo "$1" | grep -v '^|'
  local -n rows=$3
  rows+=("$(echo "$1" | grep '^|')")
  (($2 == 0)) || FAILED=1
}

soak() { # STORE: the soak on one store (its own services, folder or bucket), its output on stdout
  export PROOF_STORE=$1
  store_args "$1" soak
  timeout 300 python3 src/it/proof/soak.py
}

at_once() { # PART TIMEOUT: src/it/proof/PART.py on each store, its 200 uploads all admitted at once
  for store in $STORES; do
    export PROOF_STORE=$store
    store_args "$store" "$1"
    # the default admits 32 and answers the rest 503; the worker pool a third larger than what is admitted
    # (IngestPermits refuses to start otherwise: held workers would stall every upload)
    export PROOF_JAVA_ARGS="$PROOF_JAVA_ARGS -Dtoolspill.auth.enabled=false -Dtoolspill.ingest.max-concurrent=256 -Dquarkus.thread-pool.max-threads=352"
    out=$(timeout "$2" python3 "src/it/proof/$1.py"); report "$out" $? ROWS_CRASH
  done
}

STORES=${PROOF_STORES:-fs s3}
[[ " $STORES " == *" s3 "* ]] && proof_s3proxy
if [[ "${PROOF_ONLY:-crash}" == crash || -z "${PROOF_ONLY:-}" ]]; then
  at_once crash 420
fi
if [[ "${PROOF_ONLY:-}" == storm ]]; then
  at_once storm 600
fi
if [[ "${PROOF_ONLY:-soak}" == soak || -z "${PROOF_ONLY:-}" ]]; then
  if [[ "${PROOF_SOAK_AT_ONCE:-0}" == 1 ]]; then
    # every store's soak at the same time (CI): the checks (no error, a flat heap) hold whatever else runs, and the auth
    # ratio compares slices of one store, which the other store's load falls on alike; the figures are then not the
    # BENCHMARKS ones, which come from one store at a time
    pids=()
    for store in $STORES; do (soak "$store" >"$WORK/soak-$store.out"; echo $? >"$WORK/soak-$store.rc") & pids+=($!); done
    wait "${pids[@]}"
    for store in $STORES; do report "$(cat "$WORK/soak-$store.out")" "$(cat "$WORK/soak-$store.rc")" ROWS_SOAK; done
  else
    for store in $STORES; do out=$(soak "$store"); report "$out" $? ROWS_SOAK; done
  fi
fi

if ((${#ROWS_CRASH[@]})); then
  printf '\n| check | result | observed |\n|---|---|---|\n'; printf '%s\n' "${ROWS_CRASH[@]}"
fi
if ((${#ROWS_SOAK[@]})); then
  printf '\n| store | auth | concurrency | ops/s | p50 ms | p99 ms | errors | heap after GC, start → middle → end (MiB) |\n|---|---|---|---|---|---|---|---|\n'
  printf '%s\n' "${ROWS_SOAK[@]}"
fi
exit "$FAILED"
