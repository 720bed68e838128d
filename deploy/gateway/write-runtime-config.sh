#!/bin/sh
# Writes the site's runtime files from environment variables, at gateway container start
# (the nginx image runs /docker-entrypoint.d/*.sh before nginx; DECISIONS D8):
#   $LINKSITE_RUNTIME_DIR/config.json   the shell's /config.json, same shape as scripts/runtime-config.mjs
#   $LINKSITE_RUNTIME_DIR/remotes.conf  one nginx `location /remotes/<name>/` per remote
# Plain POSIX sh (busybox in the image, dash or bash elsewhere): `sh write-runtime-config.sh`.
#
# Variables
#   PUBLIC_URL (required)       public origin (and path) of the site, e.g. https://links.example.com
#   REMOTES (required)          space-separated <federation name>=<host:port> of each remote's server,
#                               e.g. "mf_store=mf-store:8080 mf_plans=mf-plans:8080"
#   REMOTE_<NAME>_URL           entry URL override (default <PUBLIC_URL>/remotes/<name>/remoteEntry.js)
#   PUBLIC_API_BASE_URL         default /api
#   SEARCH_URL, FOOTER_HOME_URL, FOOTER_SOCIAL_URL, FOOTER_VIDEO_URL, ANALYTICS_ID
#   AUTH_MODE                   keycloak (default) or oidc
#   KEYCLOAK_URL                default <PUBLIC_URL>/auth;  KEYCLOAK_REALM  default linksite
#   OIDC_ISSUER                 required when AUTH_MODE=oidc
#   OIDC_CLIENT_ID (linksite-shell), ADMIN_ROLE (admin), AUTH_AUTO_REFRESH (true)
#   LINKSITE_RUNTIME_DIR        output folder, default /tmp/linksite
set -eu

fail() {
  echo "설정 오류: $*" >&2
  exit 1
}

# A JSON string literal of $1 (backslashes and double quotes escaped).
json() {
  printf '"%s"' "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"
}

strip_slashes() {
  printf '%s' "$1" | sed -e 's|/*$||'
}

out_dir=${LINKSITE_RUNTIME_DIR:-/tmp/linksite}
[ -n "${PUBLIC_URL:-}" ] || fail "PUBLIC_URL 이 필요합니다 (예: https://links.example.com)."
public_url=$(strip_slashes "$PUBLIC_URL")
case "$public_url" in http://* | https://*) ;; *) fail "PUBLIC_URL 은 http:// 또는 https:// 로 시작해야 합니다 (받은 값: $PUBLIC_URL)." ;; esac
[ -n "${REMOTES:-}" ] || fail "REMOTES 가 필요합니다 (예: mf_store=mf-store:8080 mf_plans=mf-plans:8080)."

mkdir -p "$out_dir"
remotes_json=""
remotes_conf=""
for entry in $REMOTES; do
  name=${entry%%=*}
  upstream=${entry#*=}
  printf '%s' "$name" | grep -Eq '^[a-z][a-z0-9_]*$' || fail "REMOTES 의 이름 '$name' 은 snake_case 여야 합니다."
  printf '%s' "$upstream" | grep -Eq '^[A-Za-z0-9._-]+:[0-9]+$' || fail "REMOTES 의 '$entry' 는 <이름>=<호스트:포트> 형식이어야 합니다."
  upper=$(printf '%s' "$name" | tr 'a-z' 'A-Z')
  eval "override=\${REMOTE_${upper}_URL:-}"
  url=${override:-$public_url/remotes/$name/remoteEntry.js}
  remotes_json="$remotes_json${remotes_json:+, }$(json "$name"): $(json "$url")"
  # The upstream is a variable so nginx resolves it per request (resolver in the gateway config):
  # a remote redeployed alone gets a new address and the gateway follows without a reload.
  remotes_conf="${remotes_conf}location /remotes/$name/ {
    set \$linksite_remote $upstream;
    rewrite ^/remotes/$name/(.*)\$ /\$1 break;
    proxy_pass http://\$linksite_remote;
}
"
done

client_id=${OIDC_CLIENT_ID:-linksite-shell}
admin_role=${ADMIN_ROLE:-admin}
case "$(printf '%s' "${AUTH_AUTO_REFRESH:-true}" | tr 'A-Z' 'a-z')" in
  false | 0 | no) auto_refresh=false ;;
  *) auto_refresh=true ;;
esac
case "${AUTH_MODE:-keycloak}" in
  keycloak)
    auth_url=$(strip_slashes "${KEYCLOAK_URL:-$public_url/auth}")
    auth_json="\"mode\": \"keycloak\", \"url\": $(json "$auth_url"), \"realm\": $(json "${KEYCLOAK_REALM:-linksite}"),"
    ;;
  oidc)
    [ -n "${OIDC_ISSUER:-}" ] || fail "AUTH_MODE=oidc 에는 OIDC_ISSUER 가 필요합니다."
    auth_json="\"mode\": \"oidc\", \"url\": $(json "$(strip_slashes "$OIDC_ISSUER")"),"
    ;;
  *) fail "AUTH_MODE 는 keycloak 또는 oidc 여야 합니다 (받은 값: $AUTH_MODE)." ;;
esac
if [ -n "${ANALYTICS_ID:-}" ]; then analytics=$(json "$ANALYTICS_ID"); else analytics=null; fi

cat > "$out_dir/config.json.tmp" <<JSON
{
  "apiBaseUrl": $(json "${PUBLIC_API_BASE_URL:-/api}"),
  "remotes": { $remotes_json },
  "searchUrl": $(json "${SEARCH_URL:-https://search.naver.com/search.naver?query={keyword\}}"),
  "footer": {
    "home": $(json "${FOOTER_HOME_URL:-https://linktr.ee/}"),
    "social": $(json "${FOOTER_SOCIAL_URL:-https://www.instagram.com/}"),
    "video": $(json "${FOOTER_VIDEO_URL:-https://www.youtube.com/}")
  },
  "analyticsId": $analytics,
  "auth": { $auth_json "clientId": $(json "$client_id"), "autoRefresh": $auto_refresh, "adminRole": $(json "$admin_role") }
}
JSON
mv "$out_dir/config.json.tmp" "$out_dir/config.json"
printf '%s' "$remotes_conf" > "$out_dir/remotes.conf"
echo "linksite: $out_dir/config.json and remotes.conf written for: $REMOTES"
