#!/usr/bin/env bash
# The redactor's cost per byte in process (see RedactSpeed.java): the build in BEFORE (a classes folder, e.g. a copy of
# target/classes compiled at an older commit) against target/classes, and a plain copy, alternated, 5 rounds, medians.
#
#   src/bench/redact/run-speed.sh BEFORE_CLASSES [MIB]     default 256 MiB of log lines (the dense input: a sixteenth)
set -euo pipefail
cd "$(dirname "$0")/../../.."
BEFORE=${1:?a classes folder of the build to compare with}
MIB=${2:-256}
[ -d target/classes/dev/toolspill/redact ] || ./mvnw -q -B -o compile
M2=$HOME/.m2/repository
RE2J=$(ls "$M2"/com/google/re2j/re2j/*/re2j-*.jar | grep -v sources | tail -n 1)
exec java -Xms3g -Xmx3g -cp "$RE2J" src/bench/redact/RedactSpeed.java "$BEFORE" target/classes "$MIB"
