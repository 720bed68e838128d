/* global parent, location */
// keycloak-js's check-sso page (platform/src/auth/auth-store.ts `silentCheckSsoRedirectUri`): hands the URL with the
// identity server's answer to the site's page that framed it. A file, not an inline script, so the site's
// Content-Security-Policy needs no 'unsafe-inline' for scripts (scripts/security-headers.mjs,
// docs/decisions/0041-security-headers.md).
parent.postMessage(location.href, location.origin);
