import { messages } from './messages.js';
import { groupedSecret } from './second-factor.js';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}

const style = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f5f7;color:#1f2328;
font-family:"Pretendard","Apple SD Gothic Neo","Malgun Gothic","Noto Sans KR",system-ui,sans-serif}
main{width:100%;max-width:360px;margin:24px;padding:32px 28px;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08)}
h1{margin:0 0 24px;font-size:22px;font-weight:700;text-align:center}
label{display:block;margin:0 0 6px;font-size:14px;font-weight:600}
input[type=text],input[type=password]{width:100%;height:44px;margin:0 0 16px;padding:0 12px;font-size:16px;border:1px solid #d0d7de;border-radius:8px}
input:focus{outline:2px solid #3b82f6;outline-offset:-1px;border-color:#3b82f6}
button{width:100%;height:46px;margin-top:8px;font-size:16px;font-weight:700;color:#fff;background:#2563eb;border:0;border-radius:8px;cursor:pointer}
button:hover{background:#1d4ed8}
.error{margin:0 0 16px;padding:10px 12px;font-size:14px;color:#b42318;background:#fef3f2;border:1px solid #fecdca;border-radius:8px}
p{line-height:1.6;word-break:keep-all;overflow-wrap:anywhere}
.intro{margin:0 0 16px;font-size:14px;color:#475467}
.secondary{color:#1f2328;background:#eef1f4}
.secondary:hover{background:#e1e5ea}
.qr{display:flex;justify-content:center;margin:0 0 12px}
.qr svg{width:200px;height:200px}
.secret{margin:0 0 16px;padding:10px 12px;font:15px/1.5 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.04em;word-break:normal;overflow-wrap:normal;background:#f6f8fa;border-radius:8px}
.codes{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin:0 0 16px;padding:0;list-style:none;font:15px/1.5 ui-monospace,Menlo,Consolas,monospace}
.codes li{padding:6px 8px;text-align:center;background:#f6f8fa;border-radius:6px}
a.button{display:flex;align-items:center;justify-content:center;height:46px;margin-top:8px;font-size:16px;font-weight:700;color:#fff;background:#2563eb;border-radius:8px;text-decoration:none}
a.button.secondary{color:#1f2328;background:#eef1f4}
@media (max-width:400px){main{margin:12px;padding:24px 18px}}
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/**
 * The sign-in form. `action` carries the interaction uid; the interaction cookie binds it to this browser.
 * `novalidate` (docs/decisions/0054-korean-everywhere.md): an empty field is answered by the server in Korean
 * (`missingCredentials`), never by the browser's own bubble in the browser's language; `required` stays for assistive
 * technology.
 */
export function loginPage({
  action,
  username = '',
  error,
}: {
  action: string;
  username?: string;
  error?: string;
}): string {
  return layout(
    messages.loginTitle,
    `<h1>${messages.loginTitle}</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" autocomplete="on" novalidate>
<label for="username">${messages.usernameLabel}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${escapeHtml(username)}"${username ? '' : ' autofocus'}>
<label for="password">${messages.passwordLabel}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${username ? ' autofocus' : ''}>
<button type="submit">${messages.loginButton}</button>
</form>`,
  );
}

/**
 * The RP-initiated logout page. `form` is the library's form (with its xsrf field); we add `logout=yes`
 * and submit it at once, so the user never sees a confirmation step; without JavaScript a button remains.
 */
export function logoutPage(form: string): string {
  const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    messages.logoutTitle,
    `<h1>${messages.logoutTitle}</h1>
<p>${messages.logoutProgress}</p>
${withLogout}
<noscript><button type="submit" form="op.logoutForm">${messages.logoutButton}</button></noscript>
<script>document.getElementById('op.logoutForm').submit()</script>`,
  );
}

export function logoutDonePage(): string {
  return layout(messages.logoutTitle, `<h1>${messages.logoutTitle}</h1><p>${messages.logoutDone}</p>`);
}

export function errorPage(detail?: string): string {
  return layout(
    messages.errorTitle,
    `<h1>${messages.errorTitle}</h1><p>${messages.errorBody}</p>${detail ? `<p><small>${escapeHtml(detail)}</small></p>` : ''}`,
  );
}

function errorParagraph(error: string | undefined): string {
  return error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
}

/** The second step of a sign-in with an authenticator: the 6-digit code, or a recovery code. */
export function totpPage({ action, error }: { action: string; error?: string }): string {
  return layout(
    messages.totpTitle,
    `<h1>${messages.totpTitle}</h1>
${errorParagraph(error)}<p class="intro">${messages.totpIntro}</p>
<form method="post" action="${escapeHtml(action)}" autocomplete="off" novalidate>
<label for="code">${messages.totpCodeLabel}</label>
<input id="code" name="code" type="text" inputmode="text" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" required autofocus>
<button type="submit">${messages.totpConfirmButton}</button>
</form>`,
  );
}

/**
 * Enrolling an authenticator: the otpauth QR code (`qrSvg`, an inline SVG), the secret as text, and one code to
 * confirm. `required`: an owner must enrol (no skip button); otherwise 건너뛰기 submits `skip=1`.
 */
export function enrolPage({
  action,
  qrSvg,
  secret,
  required,
  error,
}: {
  action: string;
  qrSvg: string;
  secret: string;
  required: boolean;
  error?: string;
}): string {
  return layout(
    messages.enrolTitle,
    `<h1>${messages.enrolTitle}</h1>
${errorParagraph(error)}<p class="intro">${required ? messages.enrolRequiredIntro : messages.enrolOptionalIntro} ${messages.enrolSteps}</p>
<div class="qr">${qrSvg}</div>
<p class="intro">${messages.enrolSecretLabel}</p>
<p class="secret" data-testid="totp-secret">${escapeHtml(groupedSecret(secret))}</p>
<form method="post" action="${escapeHtml(action)}" autocomplete="off" novalidate>
<label for="code">${messages.enrolCodeLabel}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required>
<button type="submit">${messages.enrolButton}</button>
${required ? '' : `<button type="submit" name="skip" value="1" class="secondary">${messages.enrolSkipButton}</button>`}
</form>`,
  );
}

/** The recovery codes, shown once, and a link on (`continueHref`: the sign-in's next step, or the site). */
export function recoveryCodesPage({
  codes,
  continueHref,
  continueLabel = messages.recoveryContinue,
}: {
  codes: readonly string[];
  continueHref: string;
  continueLabel?: string;
}): string {
  return layout(
    messages.recoveryTitle,
    `<h1>${messages.recoveryTitle}</h1>
<p class="intro">${messages.recoveryIntro}</p>
<ul class="codes" data-testid="recovery-codes">${codes.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>
<a class="button" href="${escapeHtml(continueHref)}">${escapeHtml(continueLabel)}</a>`,
  );
}

/** The invitation's first step: the person's new password, twice. */
export function invitePasswordPage({
  action,
  name,
  username,
  error,
}: {
  action: string;
  name: string;
  username: string;
  error?: string;
}): string {
  return layout(
    messages.inviteTitle,
    `<h1>${messages.inviteTitle}</h1>
${errorParagraph(error)}<p class="intro">${escapeHtml(messages.inviteIntro(name, username))}</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="text" name="username" value="${escapeHtml(username)}" autocomplete="username" hidden readonly>
<label for="password">${messages.newPasswordLabel}</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="10" required autofocus>
<label for="confirm">${messages.confirmPasswordLabel}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="10" required>
<button type="submit">${messages.inviteNextButton}</button>
</form>`,
  );
}

/** The invitation accepted without an authenticator: where to sign in. */
export function inviteDonePage(siteHref: string): string {
  return layout(
    messages.inviteDoneTitle,
    `<h1>${messages.inviteDoneTitle}</h1>
<p>${messages.inviteDone}</p>
<a class="button" href="${escapeHtml(siteHref)}">${messages.inviteGoToSite}</a>`,
  );
}

/** An invitation link that does not work (used, expired, replaced, unknown), why, and the way to the sign-in page. */
export function invitationErrorPage(message: string, signInHref: string): string {
  return layout(
    messages.invitationErrorTitle,
    `<h1>${messages.invitationErrorTitle}</h1><p role="alert">${escapeHtml(message)}</p>
<a class="button secondary" href="${escapeHtml(signInHref)}">${messages.inviteGoToSite}</a>`,
  );
}
