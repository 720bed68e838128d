import type { Popup } from '@linksite/contract';
import { popupStatusView } from '../lib/slot-status';

/**
 * What visitors see of an administrator's slot now (오픈 예정, 예약 가능 (잔여 n명), 마감, 마감 (남은 테이블 없음)), on the
 * slot table and the bookings screen.
 */
export function SlotStatusBadge({ popup }: { popup: Popup }) {
  const status = popupStatusView(popup);
  return <span className={`slot-status slot-status--${status.kind}`}>{status.label}</span>;
}
