import { Navigate } from 'react-router-dom';
import { ErrorNotice, login, useAuth } from '@linksite/platform';
import { messages } from '../lib/messages';

const LockIcon = (
  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M12 2a5 5 0 0 1 5 5v3h1a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h1V7a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v3h6V7a3 3 0 0 0-3-3Zm0 9.5a1.75 1.75 0 0 0-1 3.19V18.5h2v-1.81a1.75 1.75 0 0 0-1-3.19Z"
    />
  </svg>
);

/** `/login` (public, spec §2): one single sign-on button; a signed-in user goes straight to `/admin` (D5). */
export function LoginPage() {
  const authenticated = useAuth((s) => s.authenticated);
  const loading = useAuth((s) => s.loading);
  const error = useAuth((s) => s.error);
  if (authenticated) return <Navigate to="/admin" replace />;
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
          onClick={() => void login('/admin')}
          disabled={loading}
          data-testid="sso-login-button"
        >
          {messages.ssoLogin}
        </button>
      </div>
    </section>
  );
}
