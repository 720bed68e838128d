#!/bin/sh
# Publishes the release a remote's static image carries (deploy/web/Dockerfile, target static) where nginx serves
# releases, at container start (the nginx image runs /docker-entrypoint.d/*.sh before nginx):
#   $LINKSITE_RELEASE_DIR/<version>/     this image's release (build/app-release.js), outside the web root
#   $LINKSITE_RELEASES_ROOT/<version>/   where it is copied when absent: /releases/<version>/ of the web root, a volume
#                                        (compose: a named volume per remote; Kubernetes: a PersistentVolumeClaim)
#                                        that keeps the releases earlier containers copied there
# The web root's /release.json is a link to releases/<version>/release.json (made in the image), so it names this
# release once, and only once, the whole release is in place: the shell's server reads it to find the live release,
# and a page it rendered with the previous release still finds that release's files here after this deploy.
# Plain POSIX sh (busybox in the image, dash elsewhere): `sh publish-release.sh`.
#
# Variables (the image's paths by default)
#   LINKSITE_RELEASE_DIR     default /opt/linksite/release
#   LINKSITE_RELEASES_ROOT   default /usr/share/nginx/html/releases
set -eu

fail() {
  echo "설정 오류: $*" >&2
  exit 1
}

kept=${LINKSITE_RELEASE_DIR:-/opt/linksite/release}
releases=${LINKSITE_RELEASES_ROOT:-/usr/share/nginx/html/releases}
[ -d "$releases" ] || fail "릴리스 폴더 $releases 가 없습니다 (볼륨을 그 경로에 연결하세요)."

for source in "$kept"/*/; do
  [ -f "$source/release.json" ] || fail "이미지에 릴리스가 없습니다 ($kept/<버전>/release.json)."
  version=$(basename "$source")
  target="$releases/$version"
  # A release never changes once published: a complete copy (its descriptor is there) is left as it is.
  if [ -f "$target/release.json" ]; then
    echo "linksite: release $version already in $releases"
    continue
  fi
  # Copied under a temporary name, then renamed: the release's folder is whole or absent. The name is this
  # container's own, since replicas of one image may share the volume and start together.
  temporary="$releases/.$version.${HOSTNAME:-container}.$$"
  rm -rf "$temporary"
  cp -R "$source" "$temporary" ||
    fail "$releases 에 쓸 수 없습니다: 이미지의 사용자($(id -u))가 쓸 수 있는 볼륨을 그 경로에 연결하세요."
  if [ -f "$target/release.json" ]; then
    # Another replica finished the same copy meanwhile.
    rm -rf "$temporary"
  else
    # A folder without its descriptor is no release (nothing can name it): replaced.
    rm -rf "$target"
    mv "$temporary" "$target"
    # Had another replica renamed its copy in between, ours went inside it: the same bytes, so dropped.
    rm -rf "$target/${temporary##*/}"
  fi
  echo "linksite: release $version published in $releases"
done
