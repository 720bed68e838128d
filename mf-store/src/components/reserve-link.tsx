import { Link, useInRouterContext } from 'react-router-dom';
import { useRequest } from '@linksite/platform';
import { fetchReserveStatus } from '../api/fetch-reserve-status';
import { useFirstScreenReserveOpen } from '../lib/first-screen-data';
import { messages } from '../lib/messages';

function ReserveAnchor() {
  // In the shell a router link; in this remote's standalone harness (no router) a plain one.
  const routed = useInRouterContext();
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

/** The link once `GET /api/reserve/status` says bookings are open; nothing before or otherwise. */
function FetchedReserveLink() {
  const open = useRequest(fetchReserveStatus);
  return open.status === 'success' && open.data ? <ReserveAnchor /> : null;
}

/**
 * `팝업 예약하기`, a link to `/reserve` shown while a popup slot takes bookings (docs/decisions/0030-popup-bookings.md);
 * nothing otherwise. On the served page's first mount it follows the page's data
 * (docs/decisions/0032-server-rendered-first-screen.md: the link is in the server's markup, no read); otherwise it asks
 * the API.
 */
export function ReserveLink() {
  const served = useFirstScreenReserveOpen();
  if (served === null) return <FetchedReserveLink />;
  return served ? <ReserveAnchor /> : null;
}
