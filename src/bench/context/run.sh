#!/usr/bin/env bash
# Context-economy benchmark: 44 needle tasks over large tool outputs (real botocore models from Debian's awscli,
# and a log, a CSV export, an API answer and a minified catalog generated with fixed seeds), each answered by four
# strategies: truncation to 10 KiB head + tail, a 2 KB preview plus reads by line, the strongest peer (a 2 KB preview
# and the saved file with read, grep and jq) and Toolspill's summary plus inspect; and one real output returned ten
# times in a conversation. Counts bytes and o200k_base tokens (npm gpt-tokenizer, pinned in package-lock.json).
# Writes the tables into BENCHMARKS.md. See BENCHMARKS.md for what is measured.
#
#   bash src/bench/context/run.sh             build, run (a 200 MB log), write the results into BENCHMARKS.md
#   bash src/bench/context/run.sh --big       ... with a 1 GiB log
#   bash src/bench/context/run.sh --no-build  use target/quarkus-app as it is
#   bash src/bench/context/run.sh --no-write  print the results only
#   bash src/bench/context/run.sh --keep      keep the temp dir (BENCH_TMPDIR moves it; default $TMPDIR or /tmp)
set -euo pipefail
cd "$(dirname "$0")/../../.."

BUILD=1
ARGS=()
for arg in "$@"; do
    case $arg in
        --no-build) BUILD=0 ;;
        --big|--no-write|--keep) ARGS+=("$arg") ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option: $arg (try --help)" >&2; exit 2 ;;
    esac
done

for tool in python3 java grep node npm; do
    command -v "$tool" > /dev/null || { echo "context bench: $tool is missing" >&2; exit 1; }
done
command -v jq > /dev/null || { echo "context bench: jq is missing (the peer's tool; Debian: apt-get install jq)" >&2; exit 1; }
if [ ! -d src/bench/context/node_modules ]; then
    echo "==> installing the tokenizer (npm ci)" >&2
    (cd src/bench/context && npm ci --no-audit --no-fund --loglevel=error >&2)
fi
if [ ! -d /usr/lib/python3/dist-packages/awscli/botocore/data ]; then
    command -v apt-get > /dev/null && command -v dpkg-deb > /dev/null \
        || { echo "context bench: needs Debian's awscli installed, or apt-get and dpkg-deb to fetch it" >&2; exit 1; }
fi
if [ "$BUILD" = 1 ]; then
    echo "==> building (./mvnw package)" >&2
    ./mvnw -B -q -DskipTests package >&2
fi
exec python3 src/bench/context/bench.py "${ARGS[@]}"
