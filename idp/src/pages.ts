import { messages } from './messages.js';

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
p{line-height:1.6}
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
 * `novalidate` (issue 16 item 4): an empty field is answered by the server in Korean (`missingCredentials`), never
 * by the browser's own bubble in the browser's language; `required` stays for assistive technology.
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
