import { Link } from 'react-router-dom';
import { ko } from '@linksite/platform';

/** A screen whose remote is not deployed yet (not configured in /config.json, or not exposing `./Routes`). */
export function ComingSoonPage() {
  return (
    <section className="notice-page" data-testid="coming-soon">
      <h1 className="notice-page__title">{ko.comingSoonTitle}</h1>
      <p className="notice-page__body">{ko.comingSoonBody}</p>
      <Link className="lk-button" to="/admin">
        {ko.adminTitle}
      </Link>
    </section>
  );
}
