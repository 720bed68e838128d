import { Link } from 'react-router-dom';
import { useRequest } from '@linksite/platform';
import { fetchReserveStatus } from '../api/fetch-reserve-status';
import { messages } from '../lib/messages';

function ReserveAnchor() {
  return (
    <Link className="plan-banner__reserve" to="/reserve" data-testid="banner-reserve-link">
      {messages.reserveLink}
    </Link>
  );
}

/** The link once `GET /api/reserve/status` says bookings are open; nothing before or otherwise. */
function FetchedReserveLink() {
  const open = useRequest(fetchReserveStatus);
  return open.status === 'success' && open.data ? <ReserveAnchor /> : null;
}

/**
 * `팝업 예약하기` on the banner while a popup slot takes bookings (docs/decisions/0030-popup-bookings.md); nothing otherwise.
 * `served`: what the served page's data says (docs/decisions/0032-server-rendered-first-screen.md), so the link is in
 * the server's markup and shows from the first render without a request; null asks the API.
 */
export function ReserveLink({ served }: { served: boolean | null }) {
  if (served === null) return <FetchedReserveLink />;
  return served ? <ReserveAnchor /> : null;
}
