#!/usr/bin/env bash
# The one runner of the examples: bash src/examples/run.sh NAME [ARGS...]; without a name, or with one it does not
# know, it lists them.
set -euo pipefail
cd "$(dirname "$0")/../.."

list() {
  cat <<'LIST'
usage: bash src/examples/run.sh NAME [ARGS...]
  agent-loop        the agent loop to its answer against a scripted model and the demo tools (after ./mvnw package)
  demo-tools [PORT] the demo tools' MCP server, in the foreground (default port 8090; 0 takes a free one)
LIST
}

name=${1:-}
case $name in
  agent-loop) shift; exec bash src/examples/agent-loop/check.sh "$@" ;;
  demo-tools) shift; exec java src/examples/demo-tools/DemoTools.java "$@" ;;
  "" | -h | --help) list; exit 0 ;;
  *) echo "src/examples/run.sh: no example named '$name'" >&2; list >&2; exit 2 ;;
esac
