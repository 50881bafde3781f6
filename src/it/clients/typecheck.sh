#!/usr/bin/env bash
# Type-checks JSON files of provider shapes against the official `openai` and `@anthropic-ai/sdk` TypeScript types
# (pinned in package-lock.json): what Toolspill answered, as ProviderFormatsTest wrote it, and the provider bodies
# the tests send. It starts nothing: run it after the tests, e.g. `./mvnw verify && bash src/it/clients/typecheck.sh`.
#
#   bash src/it/clients/typecheck.sh [DIR...]   (default: target/provider-shapes src/test/resources/provider-shapes)
#
# Each DIR/NAME.json must satisfy Shapes["NAME"] of src/it/clients/shapes.ts; a file with a name it does not know fails.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=(target/provider-shapes src/test/resources/provider-shapes)

if [ ! -x "$here/node_modules/.bin/tsc" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi

generated="$here/.generated"
rm -rf "$generated"
mkdir -p "$generated"
count=0
for dir in "${dirs[@]}"; do
  files=("$dir"/*.json)
  if [ ! -e "${files[0]}" ]; then
    echo "typecheck: no JSON files in $dir (run the tests first: ./mvnw verify, or -Dtest=ProviderFormatsTest)" >&2
    exit 1
  fi
  for file in "${files[@]}"; do
    name="$(basename "$file" .json)"
    {
      printf '// %s\nimport type { Shapes } from "../shapes";\nexport const value: Shapes["%s"] = ' "$file" "$name"
      cat "$file"
      printf ';\n'
    } > "$generated/$name.ts"
    count=$((count + 1))
  done
done

set +e
output="$("$here/node_modules/.bin/tsc" -p "$here/tsconfig.json" 2>&1)"
status=$?
set -e
if [ $status -eq 0 ]; then
  echo "typecheck: $count passed, 0 failed"
  exit 0
fi
echo "$output"
failed="$(grep -o '\.generated/[^(]*\.ts' <<<"$output" | sort -u | wc -l)"
echo "typecheck: $((count - failed)) passed, $failed failed"
exit 1
