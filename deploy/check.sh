#!/usr/bin/env bash
# Renders the kustomize base and every overlay under deploy/overlays/ with
# `kubectl kustomize` (offline). Prints one OK line per target; exits non-zero if any
# target fails. Skips (exit 0) when kubectl is not installed.
set -uo pipefail

if ! command -v kubectl >/dev/null 2>&1; then
  echo "kubectl not installed, skipping manifest check"
  exit 0
fi

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

targets=("$deploy_dir/base")
for overlay in "$deploy_dir"/overlays/*/; do
  [ -d "$overlay" ] && targets+=("${overlay%/}")
done

failed=0
for target in "${targets[@]}"; do
  name="deploy/${target#"$deploy_dir"/}"
  if ! out="$(kubectl kustomize "$target" 2>&1)"; then
    echo "FAIL $name" >&2
    printf '%s\n' "$out" | sed 's/^/  /' >&2
    failed=1
    continue
  fi
  count="$(printf '%s\n' "$out" | grep -c '^kind:')"
  if [ "$count" -eq 0 ]; then
    echo "FAIL $name: rendered no resources" >&2
    failed=1
    continue
  fi
  echo "OK $name ($count resources)"
done

exit "$failed"
