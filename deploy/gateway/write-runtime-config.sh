#!/bin/sh
# Writes the site's runtime files from environment variables, at gateway container start
# (the nginx image runs /docker-entrypoint.d/*.sh before nginx; DECISIONS D8):
#   $LINKSITE_RUNTIME_DIR/config.json   the shell's /config.json, same shape as scripts/runtime-config.mjs
#   $LINKSITE_RUNTIME_DIR/remotes.conf  one nginx `location /remotes/<name>/` per remote
#   $LINKSITE_RUNTIME_DIR/security-headers.conf  the Content-Security-Policy of the site's pages (an nginx `map` of
#                                       $uri, included at http level by nginx.conf.template): the same policy as
#                                       scripts/security-headers.mjs builds for `npm start` from the same config.json
#                                       (issue 15 item 1; e2e/deploy/gateway.e2e.ts compares them)
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

# The origin of an absolute http(s) URL, as a browser (and scripts/security-headers.mjs) computes it: scheme and host
# in lower case, default port left out; nothing for a relative URL (the page's own origin, 'self').
origin_of() {
  printf '%s' "$1" | sed -n -E 's#^([Hh][Tt][Tt][Pp][Ss]?://)([^@/?#]*@)?([^/?#]+).*$#\1\3#p' | tr 'A-Z' 'a-z' |
    sed -E -e 's#^(http://[^/]+):80$#\1#' -e 's#^(https://[^/]+):443$#\1#'
}

# append <variable> <source>...: adds each source to the space-separated list in <variable> unless already there.
append() {
  list_name=$1
  shift
  for source in "$@"; do
    [ -n "$source" ] || continue
    case "$source" in
      *[!A-Za-z0-9.:/*\'-]*) fail "원격 앱, API 또는 로그인 서버 주소에 쓸 수 없는 문자가 있습니다: $source" ;;
    esac
    eval "list_value=\${$list_name}"
    case " $list_value " in
      *" $source "*) ;;
      *) eval "$list_name=\"\${$list_name:+\${$list_name} }\$source\"" ;;
    esac
  done
}

out_dir=${LINKSITE_RUNTIME_DIR:-/tmp/linksite}
[ -n "${PUBLIC_URL:-}" ] || fail "PUBLIC_URL 이 필요합니다 (예: https://links.example.com)."
public_url=$(strip_slashes "$PUBLIC_URL")
case "$public_url" in http://* | https://*) ;; *) fail "PUBLIC_URL 은 http:// 또는 https:// 로 시작해야 합니다 (받은 값: $PUBLIC_URL)." ;; esac
[ -n "${REMOTES:-}" ] || fail "REMOTES 가 필요합니다 (예: mf_store=mf-store:8080 mf_plans=mf-plans:8080)."

mkdir -p "$out_dir"
remotes_json=""
remotes_conf=""
remote_origins=""
for entry in $REMOTES; do
  name=${entry%%=*}
  upstream=${entry#*=}
  printf '%s' "$name" | grep -Eq '^[a-z][a-z0-9_]*$' || fail "REMOTES 의 이름 '$name' 은 snake_case 여야 합니다."
  printf '%s' "$upstream" | grep -Eq '^[A-Za-z0-9._-]+:[0-9]+$' || fail "REMOTES 의 '$entry' 는 <이름>=<호스트:포트> 형식이어야 합니다."
  upper=$(printf '%s' "$name" | tr 'a-z' 'A-Z')
  eval "override=\${REMOTE_${upper}_URL:-}"
  url=${override:-$public_url/remotes/$name/remoteEntry.js}
  remotes_json="$remotes_json${remotes_json:+, }$(json "$name"): $(json "$url")"
  append remote_origins "$(origin_of "$url")"
  # The upstream is a variable so nginx resolves it per request (resolver in the gateway config):
  # a remote redeployed alone gets a new address and the gateway follows without a reload.
  remotes_conf="${remotes_conf}location /remotes/$name/ {
    set \$linksite_remote $upstream;
    rewrite ^/remotes/$name/(.*)\$ /\$1 break;
    proxy_pass http://\$linksite_remote;
    # The site's policy (security-headers.conf) replaces the static server's placeholder.
    proxy_hide_header Content-Security-Policy;
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
    identity_url=$auth_url
    ;;
  oidc)
    [ -n "${OIDC_ISSUER:-}" ] || fail "AUTH_MODE=oidc 에는 OIDC_ISSUER 가 필요합니다."
    auth_json="\"mode\": \"oidc\", \"url\": $(json "$(strip_slashes "$OIDC_ISSUER")"),"
    identity_url=$OIDC_ISSUER
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

# The Content-Security-Policy: directive by directive, sources in the order of scripts/security-headers.mjs.
set -f # the analytics sources contain `*`
api_origin=$(origin_of "${PUBLIC_API_BASE_URL:-/api}")
identity_origin=$(origin_of "$identity_url")
ga_script="" ga_connect="" ga_img=""
if printf '%s' "${ANALYTICS_ID:-}" | grep -Eqi '^G-[A-Z0-9]{4,20}$'; then
  ga_script="https://www.googletagmanager.com"
  ga_connect="https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com"
  ga_img="https://*.google-analytics.com https://*.googletagmanager.com"
fi
script_src="'self'" style_src="'self'" img_src="'self' data: blob: https:" font_src="'self' data:"
connect_src="'self'" frame_src="'self'" form_action="'self'"
append script_src $remote_origins $ga_script
append style_src $remote_origins
append img_src $remote_origins $api_origin $ga_img
append font_src $remote_origins
append connect_src $remote_origins $api_origin $identity_origin $ga_connect
append frame_src $identity_origin
append form_action $identity_origin
set +f
csp() {
  printf "default-src 'self'; script-src %s; style-src %s; style-src-attr 'none'; img-src %s; font-src %s; connect-src %s; frame-src %s; form-action %s; object-src 'none'; base-uri 'self'; frame-ancestors %s" \
    "$script_src" "$style_src" "$img_src" "$font_src" "$connect_src" "$frame_src" "$form_action" "$1"
}

mv "$out_dir/config.json.tmp" "$out_dir/config.json"
printf '%s' "$remotes_conf" > "$out_dir/remotes.conf"
# The site's pages and files get the policy; /api/ and /auth/ keep their own servers' headers (the API's helmet,
# Keycloak's), and silent-check-sso.html may be framed by the site itself (keycloak-js check-sso).
cat > "$out_dir/security-headers.conf" <<NGINX
map \$uri \$linksite_csp {
    ~^/(api|auth)/ "";
    /silent-check-sso.html "$(csp "'self'")";
    default "$(csp "'none'")";
}
NGINX
echo "linksite: $out_dir/config.json, remotes.conf and security-headers.conf written for: $REMOTES"
