#!/usr/bin/env bash
# Checks the release pin, then renders the kustomize base and every overlay under deploy/overlays/ with
# `kubectl kustomize` (offline). Prints one OK line per check; exits non-zero if any fails.
#
# The pin: the release (pom.xml's X.Y.Z on a release commit; between releases, pom.xml says X.Y.Z-SNAPSHOT and the
# release is the latest tag vA.B.C; with no tag in the clone the pin is accepted, said so) is the image tag
# deploy/base/kustomization.yaml sets (`images:`), the tag every rendered target runs (never `latest`, never
# untagged), every `toolspill:X.Y.Z` the docs name, and a release in CHANGELOG.md. deploy/release.sh makes releases.
# Monitoring (deploy/monitoring/): `promtool check rules` and `promtool test rules` on the alert rules (promtool is
# installed from Debian's prometheus package with apt-get when absent, said so on stderr), the PrometheusRule CRD equal
# to the plain rules file (monitoring-check.py), and the PodMonitor scraping a port the Deployment names.
# Then, in every rendered target (check-rendered.py): readiness and liveness probes, a ServiceAccount the pods run as,
# a NetworkPolicy (ingress and egress) over them, a preStop pause, terminationGracePeriodSeconds >= that pause +
# quarkus.shutdown.timeout, a size-limited emptyDir at toolspill.spool.dir; no static S3 keys in the base; every
# variable an overlay lists in its expected-env in the container's environment; tool settings in the env form
# Quarkus maps (TOOLSPILL_TOOLS_MCP__NAME__KEY).
# Rendering is skipped (said so, exit status unaffected) when kubectl is not installed; the rendered checks when
# python3 has no yaml module (Debian: python3-yaml).
set -uo pipefail

deploy_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_dir="$(dirname "$deploy_dir")"
failed=0

fail() {
  echo "FAIL $*" >&2
  failed=1
}

version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$repo_dir/pom.xml" | head -n 1)"
if [ -z "$version" ]; then
  fail "pom.xml: no project version"
fi

# --- the release pin, without a cluster or kubectl ----------------------------------------------------
# The rule (deploy/README.md, "Releases"): pom.xml says X.Y.Z-SNAPSHOT between releases and X.Y.Z on a release commit,
# which tag vX.Y.Z marks. The manifests pin the newest release: X.Y.Z on a release commit, else the latest tag's
# version (with no tag in the clone: the pin is accepted, said so). The pinned release has a CHANGELOG section.
semver_lt() { # $1 < $2 for X.Y.Z versions
  [ "$1" != "$2" ] && [ "$(printf '%s\n%s\n' "$1" "$2" | sort -t. -k1,1n -k2,2n -k3,3n | head -n 1)" = "$1" ]
}
pinned=""
check_pin() {
  local tag release latest_tag
  tag="$(awk '/^images:/ {in_images = 1} in_images && /- name: toolspill$/ {in_toolspill = 1}
              in_toolspill && /newTag:/ {gsub(/["'\'']/, "", $2); print $2; exit}' "$deploy_dir/base/kustomization.yaml")"
  latest_tag="$(git -C "$repo_dir" describe --tags --abbrev=0 --match 'v[0-9]*.[0-9]*.[0-9]*' 2>/dev/null || true)"
  if [ -n "$latest_tag" ]; then # a release tag marks a commit whose pom.xml is that release
    local tagged
    tagged="$(git -C "$repo_dir" show "$latest_tag:pom.xml" 2>/dev/null | sed -n 's:^  <version>\(.*\)</version>$:\1:p' | head -n 1)"
    if [ "$tagged" != "${latest_tag#v}" ]; then
      fail "the tag $latest_tag marks a commit whose pom.xml says ${tagged:-no version}, not ${latest_tag#v}: tag releases with deploy/release.sh"
      pinned="$tag" # the checks below would only repeat this one with the tag's version: the manifests are checked against the pin
      return
    fi
  fi
  case "$version" in
    *-SNAPSHOT)
      if [ -n "$latest_tag" ]; then
        release="${latest_tag#v}"
      else
        release="$tag"
        echo "no release tag (v*) in this clone: accepting the pinned ${release:-<none>} as the latest release"
      fi
      if [ -n "$release" ] && ! semver_lt "$release" "${version%-SNAPSHOT}"; then
        fail "pom.xml says $version, not after the latest release $release: the next -SNAPSHOT is missing"
      fi ;;
    [0-9]*.[0-9]*.[0-9]*)
      release="$version"
      if [ -n "$latest_tag" ] && [ "$latest_tag" != "v$version" ] && ! semver_lt "${latest_tag#v}" "$version"; then
        fail "pom.xml says the release $version, but the latest tag is $latest_tag"
      elif [ "$latest_tag" != "v$version" ]; then
        echo "pom.xml says the release $version, not tagged yet (latest tag: ${latest_tag:-none})"
      fi ;;
    *) fail "pom.xml: version '$version' is neither X.Y.Z nor X.Y.Z-SNAPSHOT"; release="" ;;
  esac
  pinned="$release"
  if [ -z "$release" ] || [ "$tag" != "$release" ]; then
    fail "deploy/base/kustomization.yaml pins toolspill:${tag:-<none>}, the release is ${release:-<none>} (pom.xml $version, latest tag ${latest_tag:-none})"
  else
    echo "OK deploy/base pins toolspill:$release (pom.xml $version, latest tag ${latest_tag:-none})"
  fi

  local openapi
  openapi="$(sed -n 's/^quarkus.smallrye-openapi.info-version=//p' "$repo_dir/src/main/resources/application.properties")"
  if [ "$openapi" != "$version" ] && [ "$openapi" != '${quarkus.application.version}' ]; then
    fail "application.properties: OpenAPI info-version is '$openapi', not $version or \${quarkus.application.version}"
  fi

  local named wrong
  named="$(cd "$repo_dir" && grep -rhoE 'toolspill:[0-9]+\.[0-9]+\.[0-9]+[A-Za-z0-9.-]*' README.md src/docs deploy src/main/docker 2>/dev/null | sort -u)"
  wrong="$(printf '%s\n' "$named" | grep -v "^toolspill:$release\$" | grep -v '^$' | tr '\n' ' ')"
  if [ -n "$wrong" ]; then
    fail "the docs name other versions than the release $release: $wrong"
  fi

  if ! grep -q "^## \[$release\] - [0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}\$" "$repo_dir/CHANGELOG.md"; then
    fail "CHANGELOG.md has no '## [$release] - YYYY-MM-DD' release"
  fi
}
check_pin

# --- monitoring (deploy/monitoring/): the alert rules and their unit tests ------------------------------
check_monitoring() {
  local dir="$deploy_dir/monitoring"
  if ! command -v promtool >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "promtool not installed: installing Debian's prometheus package (for promtool) with apt-get" >&2
      if ! { timeout 300 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq --no-install-recommends prometheus; } >&2; then
        fail "apt-get install prometheus (promtool) failed"
        return
      fi
    else
      fail "promtool not installed and cannot be installed here (apt-get install prometheus, as root)"
      return
    fi
  fi
  local out
  if out="$(cd "$dir" && promtool check rules toolspill-rules.yaml 2>&1)"; then
    echo "OK deploy/monitoring: promtool check rules ($(printf '%s' "$out" | sed -n 's/.*SUCCESS: \([0-9]*\) rules found.*/\1/p') rules)"
  else
    fail "deploy/monitoring/toolspill-rules.yaml: promtool check rules"
    printf '%s\n' "$out" | sed 's/^/  /' >&2
  fi
  if out="$(cd "$dir" && promtool test rules toolspill-rules.test.yaml 2>&1)"; then
    echo "OK deploy/monitoring: promtool test rules toolspill-rules.test.yaml"
  else
    fail "deploy/monitoring/toolspill-rules.test.yaml: promtool test rules"
    printf '%s\n' "$out" | sed 's/^/  /' >&2
  fi
  if python3 -c 'import yaml' >/dev/null 2>&1; then
    python3 "$dir/monitoring-check.py" || failed=1
  else
    echo "python3 with yaml not installed, skipping the check that prometheusrule.yaml matches toolspill-rules.yaml"
  fi
}
check_monitoring

# --- rendering ---------------------------------------------------------------------------------------
if ! command -v kubectl >/dev/null 2>&1; then
  echo "kubectl not installed, skipping the rendering of the manifests"
  exit "$failed"
fi

shutdown_default="$(sed -n 's/^quarkus\.shutdown\.timeout=//p' "$repo_dir/src/main/resources/application.properties" | head -n 1)"
can_check_rendered=1
if ! python3 -c 'import yaml' >/dev/null 2>&1; then
  can_check_rendered=0
  echo "python3 with yaml not installed, skipping the checks of the rendered manifests (probes, NetworkPolicy, preStop, spool ...)"
fi

targets=("$deploy_dir/base")
for overlay in "$deploy_dir"/overlays/*/; do
  [ -d "$overlay" ] && targets+=("${overlay%/}")
done

for target in "${targets[@]}"; do
  name="deploy/${target#"$deploy_dir"/}"
  if ! out="$(kubectl kustomize "$target" 2>&1)"; then
    fail "$name"
    printf '%s\n' "$out" | sed 's/^/  /' >&2
    continue
  fi
  count="$(printf '%s\n' "$out" | grep -c '^kind:')"
  if [ "$count" -eq 0 ]; then
    fail "$name: rendered no resources"
    continue
  fi
  # The Toolspill container runs the pinned release, by tag (a registry prefix is fine).
  images="$(printf '%s\n' "$out" | sed -n 's/^ *image: *//p' | tr -d '"'\' | grep -E '(^|/)toolspill(:|@|$)' | sort -u)"
  if [ -z "$images" ]; then
    fail "$name: no toolspill image"
    continue
  fi
  bad="$(printf '%s\n' "$images" | grep -vE "(^|/)toolspill:$(printf '%s' "$pinned" | sed 's/\./\\./g')\$" | tr '\n' ' ')"
  if [ -n "$bad" ]; then
    fail "$name: runs $bad- not toolspill:$pinned"
    continue
  fi
  echo "OK $name ($count resources, image $(printf '%s' "$images" | tr '\n' ' '))"
  if [ "$can_check_rendered" -eq 1 ]; then
    # only the base must do without static keys: an overlay (minio) may set them on purpose
    extra=()
    [ "$target" = "$deploy_dir/base" ] && extra=(--no-static-keys)
    # an overlay's expected-env: the settings it adds, each of which must reach the container
    if [ -f "$target/expected-env" ]; then
      while read -r var; do
        [ -n "$var" ] && extra+=(--expect-env "$var")
      done < "$target/expected-env"
    fi
    if ! printf '%s\n' "$out" | python3 "$deploy_dir/check-rendered.py" "$name" "$shutdown_default" "${extra[@]}"; then
      failed=1
    fi
  fi
done

# deploy/monitoring: the PodMonitor scrapes the container port the Deployment names "management"
if out="$(kubectl kustomize "$deploy_dir/monitoring" 2>&1)"; then
  kinds="$(printf '%s\n' "$out" | sed -n 's/^kind: //p' | sort | tr '\n' ' ')"
  port="$(printf '%s\n' "$out" | sed -n 's/^ *\(- \)\{0,1\}port: //p' | head -n 1)"
  if [ "$kinds" != "ConfigMap PodMonitor PrometheusRule " ]; then
    fail "deploy/monitoring renders $kinds, not ConfigMap PodMonitor PrometheusRule"
  elif [ -z "$port" ] || ! kubectl kustomize "$deploy_dir/base" | grep -B1 "^ *name: $port\$" | grep -q 'containerPort: '; then
    fail "deploy/monitoring: the PodMonitor scrapes port '$port', which the base Deployment does not name"
  else
    echo "OK deploy/monitoring (${kinds% }; scrapes the port '$port')"
  fi
else
  fail "deploy/monitoring"
  printf '%s\n' "$out" | sed 's/^/  /' >&2
fi

exit "$failed"
