import { Link } from 'react-router-dom';
import { messages } from '../lib/messages';

/**
 * Signed in, but without the administrator role (docs/decisions/0005-authentication.md): explained, with a way home; no
 * alert.
 */
export function NoPermissionPage() {
  return (
    <section className="notice-page" data-testid="no-permission">
      <p className="notice-page__mark" aria-hidden="true">
        403
      </p>
      <h1 className="notice-page__title">{messages.noPermissionTitle}</h1>
      <p className="notice-page__body">{messages.noPermissionBody}</p>
      <Link className="lk-button" to="/">
        {messages.goHome}
      </Link>
    </section>
  );
}
