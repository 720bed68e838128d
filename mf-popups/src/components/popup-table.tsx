import { Link } from 'react-router-dom';
import type { Popup } from '@linksite/contract';
import { useMayUse } from '@linksite/platform';
import { formatPopupDateTime, turnLabel } from '../lib/popup-format';
import { messages } from '../lib/messages';
import { SlotStatusBadge } from './slot-status-badge';

export interface PopupTableProps {
  popups: Popup[];
  onDelete: (popup: Popup) => void;
}

const number = (value: number) => value.toLocaleString('ko-KR');

/**
 * The popup slots as a table (docs/product.md#2-screens-and-routes): ID, 회차, 일정 (start ~ end), 인원, 예약 가능 테이블, 예약 현황
 * (status as visitors see it; booked, remaining and checked-in people, docs/decisions/0030-popup-bookings.md), 관리 (예약자,
 * 수정, 삭제). On a phone (≤ 640 px) each row is a card of labelled lines (`data-label`) with its buttons under it, so
 * nothing scrolls sideways (docs/decisions/0053-phone-proof-layout.md).
 */
export function PopupTable({ popups, onDelete }: PopupTableProps) {
  // Visitors' names and phone numbers: the owner and door staff, not editors (docs/decisions/0079-roles.md).
  const seesBookings = useMayUse(['staff']);
  return (
    <div className="popup-table__scroll">
      <table className="popup-table" data-testid="popup-table">
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">{messages.popupTurn}</th>
            <th scope="col">{messages.popupSchedule}</th>
            <th scope="col">{messages.popupCount}</th>
            <th scope="col">{messages.popupTables}</th>
            <th scope="col">{messages.popupBookings}</th>
            <th scope="col">{messages.popupActions}</th>
          </tr>
        </thead>
        <tbody>
          {popups.map((popup) => (
            <tr key={popup.id} data-testid="popup-row">
              <td className="popup-table__id" data-label="ID">
                {popup.id}
              </td>
              <td className={popup.cnt ? undefined : 'popup-table__muted'} data-label={messages.popupTurn}>
                {turnLabel(popup.cnt)}
              </td>
              <td className="popup-table__schedule" data-label={messages.popupSchedule}>
                <span>
                  <time dateTime={popup.startdate}>{formatPopupDateTime(popup.startdate)}</time>
                  {' ~ '}
                  <time dateTime={popup.enddate}>{formatPopupDateTime(popup.enddate)}</time>
                </span>
              </td>
              <td className="popup-table__number" data-label={messages.popupCount}>
                {number(popup.count)}
              </td>
              <td className="popup-table__number" data-label={messages.popupTables}>
                {number(popup.table)}
              </td>
              <td data-testid="popup-row-bookings" data-label={messages.popupBookings}>
                <div className="popup-table__bookings">
                  <SlotStatusBadge popup={popup} />
                  <span className="popup-table__counts">
                    {messages.bookingCounts(popup.bookedPeople, popup.remaining, popup.checkedInPeople)}
                  </span>
                </div>
              </td>
              <td className="popup-table__manage">
                <div className="popup-table__actions">
                  {seesBookings && (
                    <Link
                      className="popup-table__edit"
                      to={`/popup/bookings/${popup.id}`}
                      aria-label={messages.bookingsLinkLabel(popup.id)}
                    >
                      {messages.bookingsLink}
                    </Link>
                  )}
                  <Link
                    className="popup-table__edit"
                    to={`/popup/edit/${popup.id}`}
                    aria-label={messages.popupRowEdit(popup.id)}
                  >
                    {messages.edit}
                  </Link>
                  <button
                    type="button"
                    className="popup-table__delete"
                    aria-label={messages.popupRowDelete(popup.id)}
                    onClick={() => onDelete(popup)}
                  >
                    {messages.delete}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
