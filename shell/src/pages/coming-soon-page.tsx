import { Link } from 'react-router-dom';
import { messages } from '../lib/messages';

/** A screen whose remote is not deployed yet (not configured in /config.json, or not exposing `./Routes`). */
export function ComingSoonPage() {
  return (
    <section className="notice-page" data-testid="coming-soon">
      <h1 className="notice-page__title">{messages.comingSoonTitle}</h1>
      <p className="notice-page__body">{messages.comingSoonBody}</p>
      <Link className="lk-button" to="/admin">
        {messages.adminTitle}
      </Link>
    </section>
  );
}
