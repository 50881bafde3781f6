#!/usr/bin/env bash
# The one runner of the system tests: bash src/it/run.sh NAME [ARGS...] runs that test's own script from the
# repository root, with its arguments and environment (each script's header lists its knobs), and exits with its status.
# Without a name, or with one it does not know, it lists them. Build first: ./mvnw -DskipTests package (the S3Proxy
# ones also ./mvnw process-test-resources).
set -euo pipefail
cd "$(dirname "$0")/../.."

list() {
  cat <<'LIST'
usage: bash src/it/run.sh NAME [ARGS...]
  faults     store outages, slow and broken clients, memory bounds    (FAULTS_ONLY=3 one group; faults/README.md)
  proof      kill -9 during uploads, then a soak, on fs and S3         (PROOF_ONLY=crash|soak, PROOF_STORES=fs)
  scale      three replicas on one Redis and one bucket behind nginx   (SCALE_SECONDS, SCALE_RATE; scale/README.md)
  attack     a hostile tenant against two replicas on one store        (ATTACK_STORES=fs; about 8 minutes)
  console    the operator console in headless Chromium                 (console/README.md)
  tutorial   the README's tutorial, run verbatim                       (tutorial/README.md)
  typecheck  provider shapes against the openai and Anthropic SDK types (after the tests: [DIR...])
  mcp        /mcp with the official MCP TypeScript SDK client
LIST
}

name=${1:-}
case $name in
  faults | proof | scale | attack | console | tutorial) script=src/it/$name/run.sh ;;
  typecheck) script=src/it/clients/typecheck.sh ;;
  mcp) script=src/it/clients/mcp/check.sh ;;
  "" | -h | --help) list; exit 0 ;;
  *) echo "src/it/run.sh: no system test named '$name'" >&2; list >&2; exit 2 ;;
esac
shift
exec bash "$script" "$@"
