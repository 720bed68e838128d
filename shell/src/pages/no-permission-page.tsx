import { Link } from 'react-router-dom';
import { ko } from '@linksite/platform';

/** Signed in, but without the administrator role (DECISIONS D5): explained, with a way home; no alert. */
export function NoPermissionPage() {
  return (
    <section className="notice-page" data-testid="no-permission">
      <p className="notice-page__mark" aria-hidden="true">
        403
      </p>
      <h1 className="notice-page__title">{ko.noPermissionTitle}</h1>
      <p className="notice-page__body">{ko.noPermissionBody}</p>
      <Link className="lk-button" to="/">
        {ko.goHome}
      </Link>
    </section>
  );
}
