import { Link, useInRouterContext } from 'react-router-dom';
import { useRequest } from '@linksite/platform';
import { fetchReserveStatus } from '../api/fetch-reserve-status';
import { messages } from '../lib/messages';

/** `팝업 예약하기`, a link to `/reserve` shown while a popup slot takes bookings (issue 13); nothing otherwise. */
export function ReserveLink() {
  const open = useRequest(fetchReserveStatus);
  // In the shell a router link; in this remote's standalone harness (no router) a plain one.
  const routed = useInRouterContext();
  if (open.status !== 'success' || !open.data) return null;
  return routed ? (
    <Link className="store-page__reserve" to="/reserve" data-testid="store-reserve-link">
      {messages.reserveLink}
    </Link>
  ) : (
    <a className="store-page__reserve" href="/reserve" data-testid="store-reserve-link">
      {messages.reserveLink}
    </a>
  );
}
