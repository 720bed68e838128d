import { Link } from 'react-router-dom';
import { useRequest } from '@linksite/platform';
import { fetchReserveStatus } from '../api/fetch-reserve-status';
import { messages } from '../lib/messages';

/** `팝업 예약하기` on the banner while a popup slot takes bookings (issue 13); nothing otherwise. */
export function ReserveLink() {
  const open = useRequest(fetchReserveStatus);
  if (open.status !== 'success' || !open.data) return null;
  return (
    <Link className="plan-banner__reserve" to="/reserve" data-testid="banner-reserve-link">
      {messages.reserveLink}
    </Link>
  );
}
