#!/bin/sh
# Writes the gateway's routes to the remotes, at container start (the nginx image runs /docker-entrypoint.d/*.sh
# before nginx): $LINKSITE_RUNTIME_DIR/remotes.conf, one nginx `location /remotes/<name>/` per remote, included by
# nginx.conf.template. Nothing else: /config.json and the pages' Content-Security-Policy are the shell's site server's
# (scripts/runtime-config.mjs, scripts/security-headers.mjs), which the gateway passes through.
# Plain POSIX sh (busybox in the image, dash or bash elsewhere): `sh write-remote-routes.sh`.
#
# Variables
#   REMOTES (required)          space-separated <federation name>=<host:port> of each remote's server,
#                               e.g. "mf_store=mf-store:8080 mf_plans=mf-plans:8080"
#   LINKSITE_RUNTIME_DIR        output folder, default /tmp/linksite
set -eu

fail() {
  echo "설정 오류: $*" >&2
  exit 1
}

out_dir=${LINKSITE_RUNTIME_DIR:-/tmp/linksite}
[ -n "${REMOTES:-}" ] || fail "REMOTES 가 필요합니다 (예: mf_store=mf-store:8080 mf_plans=mf-plans:8080)."

routes=""
for entry in $REMOTES; do
  name=${entry%%=*}
  upstream=${entry#*=}
  printf '%s' "$name" | grep -Eq '^[a-z][a-z0-9_]*$' || fail "REMOTES 의 이름 '$name' 은 snake_case 여야 합니다."
  printf '%s' "$upstream" | grep -Eq '^[A-Za-z0-9._-]+:[0-9]+$' || fail "REMOTES 의 '$entry' 는 <이름>=<호스트:포트> 형식이어야 합니다."
  # The upstream is a variable so nginx resolves it per request (resolver in the gateway config): a remote redeployed
  # alone gets a new address and the gateway follows without a reload. The static server's own headers pass through
  # (deploy/web/nginx-static.conf, its Content-Security-Policy included).
  routes="${routes}location /remotes/$name/ {
    set \$linksite_remote $upstream;
    rewrite ^/remotes/$name/(.*)\$ /\$1 break;
    proxy_pass http://\$linksite_remote;
}
"
done

mkdir -p "$out_dir"
printf '%s' "$routes" > "$out_dir/remotes.conf.tmp"
mv "$out_dir/remotes.conf.tmp" "$out_dir/remotes.conf"
echo "linksite: $out_dir/remotes.conf written for: $REMOTES"
