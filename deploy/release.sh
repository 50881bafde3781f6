#!/usr/bin/env bash
# Makes the release X.Y.Z in this clone (deploy/README.md, "Releases"); pushes nothing.
#
#   deploy/release.sh X.Y.Z [--next A.B.C]
#
# Needs a clean work tree on a -SNAPSHOT version and a CHANGELOG.md section '## [X.Y.Z] - YYYY-MM-DD' with entries
# (move them there from [Unreleased] first). Then: pom.xml says X.Y.Z, deploy/base pins toolspill:X.Y.Z and the docs
# name it, deploy/check.sh passes, one commit "Release X.Y.Z" tagged vX.Y.Z; then pom.xml says the next version
# (default X.(Y+1).0-SNAPSHOT) with an empty [Unreleased] section, in a second commit. Push both and the tag yourself,
# and build the image from the tag (deploy/image/build.sh tags it toolspill:X.Y.Z).
set -euo pipefail
cd "$(dirname "$0")/.."

die() { printf 'release: %s\n' "$*" >&2; exit 1; }
say() { printf 'release: %s\n' "$*" >&2; }
semver='^[0-9]+\.[0-9]+\.[0-9]+$'

release=${1:-}
[[ $release =~ $semver ]] || die "usage: deploy/release.sh X.Y.Z [--next A.B.C] (got '${release}')"
shift
IFS=. read -r major minor _ <<<"$release"
next="$major.$((minor + 1)).0"
while [[ $# -gt 0 ]]; do
    case $1 in
        --next) next=${2:?--next needs a version}; shift 2 ;;
        *) die "unknown argument $1" ;;
    esac
done
[[ $next =~ $semver ]] || die "--next $next is not X.Y.Z"

# --- preconditions ------------------------------------------------------------------------------------------------
git diff --quiet && git diff --cached --quiet \
    || die "the work tree has uncommitted changes: commit them first (the CHANGELOG section '## [$release] - $(date -u +%F)' too)"
git rev-parse -q --verify "refs/tags/v$release" >/dev/null && die "tag v$release exists already"
current=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -n 1)
[[ $current == *-SNAPSHOT ]] || die "pom.xml says $current: a release is made from a -SNAPSHOT"
previous=$(awk '/^images:/ {i = 1} i && /- name: toolspill$/ {t = 1} t && /newTag:/ {gsub(/["'\'']/, "", $2); print $2; exit}' \
    deploy/base/kustomization.yaml)
lowest() { printf '%s\n%s\n' "$1" "$2" | sort -t. -k1,1n -k2,2n -k3,3n | head -n 1; }
[[ -n $previous && $previous != "$release" && $(lowest "$previous" "$release") == "$previous" ]] \
    || die "the manifests pin ${previous:-nothing}: $release must come after it"
[[ $next != "$release" && $(lowest "$release" "$next") == "$release" ]] || die "--next $next must come after $release"

# the release's CHANGELOG section exists, has a date, and lists something
section=$(awk -v head="## [$release] - " 'index($0, head) == 1 {on = 1; next} on && /^## / {exit} on' CHANGELOG.md)
grep -q "^## \[$release\] - [0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}$" CHANGELOG.md \
    || die "CHANGELOG.md has no '## [$release] - $(date -u +%F)' section: move the [Unreleased] entries under one"
grep -q '^- ' <<<"$section" || die "CHANGELOG.md's section [$release] lists no change"

# --- the release commit -------------------------------------------------------------------------------------------
set_version() { sed -i "0,/^  <version>.*<\/version>\$/s//  <version>$1<\/version>/" pom.xml; }
set_version "$release"
sed -i "s/^\(    newTag: \)\"\{0,1\}$previous\"\{0,1\}\$/\1\"$release\"/" deploy/base/kustomization.yaml
grep -rlF "toolspill:$previous" README.md src/docs deploy src/main/docker 2>/dev/null | while read -r file; do
    sed -i "s/toolspill:$previous\b/toolspill:$release/g" "$file"
done
say "pom.xml, deploy/base and the docs say $release; running deploy/check.sh"
bash deploy/check.sh >&2 || die "deploy/check.sh fails on the release (the changes are left in the work tree)"
git commit -q -a -m "Release $release"
git tag -a "v$release" -m "Toolspill $release"
say "committed and tagged v$release"

# --- back to a -SNAPSHOT ------------------------------------------------------------------------------------------
set_version "$next-SNAPSHOT"
if ! grep -q '^## \[Unreleased\]' CHANGELOG.md; then
    sed -i "0,/^## \[$release\]/s//## [Unreleased]\n\n## [$release]/" CHANGELOG.md
fi
bash deploy/check.sh >&2 || die "deploy/check.sh fails on $next-SNAPSHOT (the changes are left in the work tree)"
git commit -q -a -m "Start $next-SNAPSHOT after the release $release"
say "pom.xml says $next-SNAPSHOT. Push: git push origin HEAD v$release; then build the image from v$release"
