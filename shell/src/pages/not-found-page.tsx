import { Link } from 'react-router-dom';
import { ko } from '@linksite/platform';

/** Any unknown route. */
export function NotFoundPage() {
  return (
    <section className="not-found">
      <p className="not-found__code">404</p>
      <h1 className="not-found__title">{ko.notFoundTitle}</h1>
      <p className="not-found__body">{ko.notFoundBody}</p>
      <Link className="lk-button" to="/">
        {ko.goHome}
      </Link>
    </section>
  );
}
