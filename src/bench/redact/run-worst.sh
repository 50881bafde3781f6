#!/usr/bin/env bash
# The redactor's worst cases per rule and input shape (see RedactWorst.java), with plain and dense text as references
# in the same run: ns a byte, worst first. Each build is a classes folder (a copy of target/classes compiled at an
# older commit, then target/classes); they are alternated within each round.
#
#   src/bench/redact/run-worst.sh [MIB [RULE_REGEX [BEFORE_CLASSES]]]    default 4 MiB an input, every rule
set -euo pipefail
cd "$(dirname "$0")/../../.."
MIB=${1:-4}
ONLY=${2:-.*}
BEFORE=${3:-}
[ -d target/classes/dev/toolspill/redact ] || ./mvnw -q -B -o compile
M2=$HOME/.m2/repository
RE2J=$(ls "$M2"/com/google/re2j/re2j/*/re2j-*.jar | grep -v sources | tail -n 1)
exec java -Xms2g -Xmx2g -cp "$RE2J" src/bench/redact/RedactWorst.java "$MIB" "$ONLY" ${BEFORE:+"$BEFORE"} target/classes
