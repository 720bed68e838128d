import type { AdminBooking } from '@linksite/contract';
import type { BookingAction } from '../api/update-booking-state';
import { messages } from '../lib/messages';
import { bookingStateLabel, seoulDayTime } from '../lib/slot-status';

export interface BookingTableProps {
  bookings: AdminBooking[];
  busyId: number | null;
  onAction: (booking: AdminBooking, action: BookingAction) => void;
}

const phone = (value: string | null) =>
  value ? value.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1-$2-$3') : messages.erased;

/** A slot's bookings for the administrator: code, name, phone, party, state, time; 입장 확인, 노쇼, 취소. */
export function BookingTable({ bookings, busyId, onAction }: BookingTableProps) {
  return (
    <div className="popup-table__scroll">
      <table className="popup-table booking-table" data-testid="booking-table">
        <thead>
          <tr>
            <th scope="col">{messages.columnCode}</th>
            <th scope="col">{messages.columnName}</th>
            <th scope="col">{messages.columnPhone}</th>
            <th scope="col">{messages.columnParty}</th>
            <th scope="col">{messages.columnState}</th>
            <th scope="col">{messages.columnCreated}</th>
            <th scope="col">{messages.popupActions}</th>
          </tr>
        </thead>
        <tbody>
          {bookings.map((booking) => {
            const active = booking.status !== 'cancelled';
            const busy = busyId === booking.id;
            const action = (kind: BookingAction, label: string, className: string, hidden: boolean) =>
              hidden ? null : (
                <button
                  type="button"
                  className={`popup-table__edit ${className}`}
                  disabled={busy}
                  aria-label={messages.actionLabel(label, booking.code)}
                  onClick={() => onAction(booking, kind)}
                >
                  {label}
                </button>
              );
            return (
              <tr key={booking.id} data-testid="booking-row" data-code={booking.code}>
                <td className="booking-table__code">{booking.code}</td>
                <td className={booking.name ? 'booking-table__name' : 'booking-table__name popup-table__muted'}>
                  {booking.name ?? messages.erased}
                </td>
                <td className={booking.phone ? 'booking-table__phone' : 'popup-table__muted'}>
                  {phone(booking.phone)}
                </td>
                <td className="popup-table__number booking-table__party">{messages.peopleCount(booking.partySize)}</td>
                <td className="booking-table__state">
                  <span className={`booking-state booking-state--${booking.status}`} data-testid="booking-row-state">
                    {bookingStateLabel(booking.status)}
                  </span>
                </td>
                <td className="booking-table__created">{seoulDayTime(booking.createdAt)}</td>
                <td className="booking-table__actions">
                  <div className="popup-table__actions">
                    {action(
                      'check-in',
                      messages.checkIn,
                      'booking-table__check-in',
                      !active || booking.status === 'checked_in',
                    )}
                    {action('no-show', messages.noShow, '', !active || booking.status === 'no_show')}
                    {action('cancel', messages.cancel, 'popup-table__delete', !active)}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
