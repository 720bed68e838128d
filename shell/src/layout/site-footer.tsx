import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import { login, logout, runtimeConfigStore, useAuth } from '@linksite/platform';
import { messages } from '../lib/messages';

const icon = (path: ReactNode) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    {path}
  </svg>
);

const HomeIcon = icon(<path fill="currentColor" d="M12 3.2 2.5 11h2.7v9h5.3v-6h3v6h5.3v-9h2.7L12 3.2Z" />);
const SocialIcon = icon(
  <path
    fill="currentColor"
    d="M7.5 2.5h9a5 5 0 0 1 5 5v9a5 5 0 0 1-5 5h-9a5 5 0 0 1-5-5v-9a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v9a3 3 0 0 0 3 3h9a3 3 0 0 0 3-3v-9a3 3 0 0 0-3-3h-9ZM12 7.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9Zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Zm5-3.25a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5Z"
  />,
);
const VideoIcon = icon(
  <path
    fill="currentColor"
    d="M21.6 7.2a2.8 2.8 0 0 0-2-2C17.9 4.7 12 4.7 12 4.7s-5.9 0-7.6.5a2.8 2.8 0 0 0-2 2A29 29 0 0 0 2 12a29 29 0 0 0 .4 4.8 2.8 2.8 0 0 0 2 2c1.7.5 7.6.5 7.6.5s5.9 0 7.6-.5a2.8 2.8 0 0 0 2-2A29 29 0 0 0 22 12a29 29 0 0 0-.4-4.8ZM10 15.1V8.9l5.2 3.1-5.2 3.1Z"
  />,
);

const LoginIcon = icon(
  <path
    fill="currentColor"
    d="M13 3h6a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-6v-2h6V5h-6V3Zm-2.6 4.5L11.8 6l6 6-6 6-1.4-1.5 3.5-3.5H2v-2h11.9l-3.5-3.5Z"
  />,
);
const LogoutIcon = icon(
  <path
    fill="currentColor"
    d="M5 3h6v2H5v14h6v2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm11 4.5L17.4 6l6 6-6 6-1.4-1.5 3.5-3.5H9v-2h10.5L16 7.5Z"
  />,
);
const AdminIcon = icon(
  <path
    fill="currentColor"
    d="M12 2 4 5v6c0 5.2 3.4 9.9 8 11 4.6-1.1 8-5.8 8-11V5l-8-3Zm0 5a3 3 0 1 1 0 6 3 3 0 0 1 0-6Zm0 13.1c-2-.6-3.8-2-4.9-3.9.9-1.3 3.2-2.1 4.9-2.1s4 .8 4.9 2.1A8.3 8.3 0 0 1 12 20.1Z"
  />,
);

/**
 * The administrator controls (docs/product.md#1-purpose-and-audience, docs/product.md#4-states-and-transitions): the
 * log in / log out icon toggles with the sign-in (log in goes to `/login`), and the administrator button opens `/admin`
 * when signed in, otherwise it starts single sign-on, which comes back through `/login` to the route that asked for
 * sign-in, or to `/admin`.
 */
function AuthControls() {
  const authenticated = useAuth((s) => s.authenticated);
  return (
    <>
      {authenticated ? (
        <button
          type="button"
          className="site-footer__link"
          onClick={() => void logout()}
          aria-label={messages.logout}
          title={messages.logout}
          data-testid="footer-logout"
        >
          {LogoutIcon}
        </button>
      ) : (
        <Link
          className="site-footer__link"
          to="/login"
          aria-label={messages.login}
          title={messages.login}
          data-testid="footer-login"
        >
          {LoginIcon}
        </Link>
      )}
      {authenticated ? (
        <Link className="site-footer__admin" to="/admin" title={messages.adminPageLink} data-testid="footer-admin">
          {AdminIcon}
          <span>{messages.admin}</span>
        </Link>
      ) : (
        <button
          type="button"
          className="site-footer__admin"
          onClick={() => void login()}
          title={messages.adminSignIn}
          data-testid="footer-admin"
        >
          {AdminIcon}
          <span>{messages.admin}</span>
        </button>
      )}
    </>
  );
}

/**
 * Footer (docs/product.md#1-purpose-and-audience): home, social page and video channel from /config.json, each in a new
 * tab (docs/decisions/0007-screen-completions.md).
 */
export function SiteFooter() {
  const footer = useStore(runtimeConfigStore, (s) => s.config?.footer);
  if (!footer) return null;
  const links = [
    { href: footer.home, label: messages.footerHome, icon: HomeIcon },
    { href: footer.social, label: messages.footerSocial, icon: SocialIcon },
    { href: footer.video, label: messages.footerVideo, icon: VideoIcon },
  ];
  return (
    <footer className="site-footer">
      <nav className="site-footer__links" aria-label="바로가기">
        {links.map((link) => (
          <a
            key={link.label}
            className="site-footer__link"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={link.label}
            title={link.label}
          >
            {link.icon}
          </a>
        ))}
        <span className="site-footer__divider" aria-hidden="true" />
        <AuthControls />
      </nav>
    </footer>
  );
}
