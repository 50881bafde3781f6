#!/usr/bin/env bash
# Builds the Toolspill image from src/main/docker/Dockerfile.jvm with podman, or with docker where podman is
# absent. Packages the app first (./mvnw package) when target/quarkus-app/ is missing.
#
#   deploy/image/build.sh                     # toolspill:<version in pom.xml> on the default (public) base
#   deploy/image/build.sh --base IMAGE        # another Java 17 base (the Dockerfile's BASE_IMAGE)
#   deploy/image/build.sh --tag NAME:TAG      # another name
#   deploy/image/build.sh --package           # run ./mvnw package even if target/quarkus-app/ exists
#
# Environment: CONTAINER_ENGINE=podman|docker chooses the engine; TOOLSPILL_BASE_IMAGE is --base.
# Prints the image name on its last line.
set -euo pipefail
cd "$(dirname "$0")/../.."

die() { printf 'image build: %s\n' "$*" >&2; exit 1; }

version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -n 1)
[[ -n "$version" ]] || die "cannot read the project version from pom.xml"
tag="toolspill:$version"
base="${TOOLSPILL_BASE_IMAGE:-}"
package=0
while [[ $# -gt 0 ]]; do
    case $1 in
        --base) base=${2:?--base needs an image}; shift 2 ;;
        --tag) tag=${2:?--tag needs a name}; shift 2 ;;
        --package) package=1; shift ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option: $1 (try --help)" ;;
    esac
done

engine=${CONTAINER_ENGINE:-}
if [[ -z "$engine" ]]; then
    if command -v podman >/dev/null 2>&1; then
        engine=podman
    elif command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
        engine=docker
    else
        die "neither podman nor a working docker (client and engine) is installed"
    fi
fi

if [[ $package == 1 || ! -f target/quarkus-app/quarkus-run.jar ]]; then
    ./mvnw -B -q -DskipTests package
fi

args=(build -f src/main/docker/Dockerfile.jvm -t "$tag")
[[ -n "$base" ]] && args+=(--build-arg "BASE_IMAGE=$base")
# Docker (BuildKit) finds Dockerfile.jvm.dockerignore beside the Dockerfile; podman is told.
[[ $engine == podman ]] && args+=(--ignorefile src/main/docker/Dockerfile.jvm.dockerignore)
"$engine" "${args[@]}" . >&2
echo "$tag"
