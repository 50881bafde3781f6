#!/usr/bin/env bash
# Recall and false positives of the redaction rules on real third-party files (see RedactBench.java and
# src/bench/BENCHMARKS.md). Uses the compiled classes (target/classes, target/test-classes for the synthetic secrets),
# RE2/J and jackson-core from the local Maven repository; no network.
#
#   src/bench/redact/run.sh [MAX_MB [SEED]]     default 60 MB of corpus, seed 26
# Corpus roots (REDACT_CORPUS, space-separated): Debian docs and licences, npm packages, Maven POMs, JavaScript.
set -euo pipefail
cd "$(dirname "$0")/../../.."
MAX_MB=${1:-60}
SEED=${2:-26}
ROOTS=${REDACT_CORPUS:-/usr/share/doc /usr/share/common-licenses /usr/lib/node_modules /usr/share/javascript $HOME/.m2/repository/org/apache}
[ -d target/test-classes/dev/toolspill/redact ] || ./mvnw -q -B -o test-compile
M2=$HOME/.m2/repository
RE2J=$(ls "$M2"/com/google/re2j/re2j/*/re2j-*.jar | grep -v sources | tail -n 1)
JACKSON=$(ls "$M2"/com/fasterxml/jackson/core/jackson-core/*/jackson-core-*.jar | grep -v sources | sort -V | tail -n 1)
roots=()
for r in $ROOTS; do [ -d "$r" ] && roots+=("$r"); done
exec java -Xmx1g -cp "target/classes:target/test-classes:$RE2J:$JACKSON" src/bench/redact/RedactBench.java "$MAX_MB" "$SEED" "${roots[@]}"
