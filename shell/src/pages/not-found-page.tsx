import { Link } from 'react-router-dom';
import { ko } from '@linksite/platform';

/** Any unknown route. */
export function NotFoundPage() {
  return (
    <section className="notice-page">
      <p className="notice-page__mark">404</p>
      <h1 className="notice-page__title">{ko.notFoundTitle}</h1>
      <p className="notice-page__body">{ko.notFoundBody}</p>
      <Link className="lk-button" to="/">
        {ko.goHome}
      </Link>
    </section>
  );
}
