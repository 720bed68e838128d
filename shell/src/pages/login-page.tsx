import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { clearReturnPath, ErrorNotice, login, readReturnPath, startAuth, useAuth } from '@linksite/platform';
import { messages } from '../lib/messages';

const LockIcon = (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M12 2a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1V7a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3Zm0 9.5a1.75 1.75 0 0 0-1 3.19V18.5h2v-1.81a1.75 1.75 0 0 0-1-3.19Z"
    />
  </svg>
);

/**
 * Sends a signed-in user on: to the protected route that sent them away to sign in (kept by the guard, checked
 * to be a same-origin path by `safeReturnPath`), otherwise to `/admin` (docs/decisions/0005-authentication.md,
 * docs/decisions/0055-form-flow.md). The target is read once per mount and kept in state, then forgotten in storage:
 * `<Navigate>` navigates again on every render, and a render after the storage was cleared (the auth store settling)
 * must not turn it into `/admin`.
 */
function SignedInRedirect() {
  const [target] = useState(() => readReturnPath() ?? '/admin');
  useEffect(() => {
    clearReturnPath();
  }, []);
  return <Navigate to={target} replace />;
}

/**
 * `/login` (public, docs/product.md#2-screens-and-routes): one single sign-on button, whose round trip comes back here;
 * a signed-in user goes on to the route they asked for, or to `/admin` (docs/decisions/0005-authentication.md). Opening
 * it starts auth (check-sso) if the page has not yet (docs/decisions/0034-visitor-loads-what-it-shows.md), so the
 * identity server's answer is read and a signed-in user is sent on.
 */
export function LoginPage() {
  useEffect(() => {
    void startAuth();
  }, []);
  const authenticated = useAuth((s) => s.authenticated);
  const loading = useAuth((s) => s.loading);
  const error = useAuth((s) => s.error);
  if (authenticated) return <SignedInRedirect />;
  return (
    <section className="login-page">
      <div className="login-card">
        <span className="login-card__icon">{LockIcon}</span>
        <h1 className="login-card__title">{messages.loginTitle}</h1>
        <p className="login-card__body">{messages.loginBody}</p>
        {error && <ErrorNotice message={error} />}
        <button
          type="button"
          className="lk-button login-card__button"
          onClick={() => void login()}
          disabled={loading}
          data-testid="sso-login-button"
        >
          {messages.ssoLogin}
        </button>
      </div>
    </section>
  );
}
