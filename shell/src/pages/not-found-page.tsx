import { Link } from 'react-router-dom';
import { messages } from '../lib/messages';

/** Any unknown route. */
export function NotFoundPage() {
  return (
    <section className="notice-page">
      <p className="notice-page__mark">404</p>
      <h1 className="notice-page__title">{messages.notFoundTitle}</h1>
      <p className="notice-page__body">{messages.notFoundBody}</p>
      <Link className="lk-button" to="/">
        {messages.goHome}
      </Link>
    </section>
  );
}
