import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import type { PopupBody } from '@linksite/contract';
import {
  errorMessage,
  ErrorNotice,
  Loading,
  seoulIsoToWallTime,
  useRequest,
  useSaveAndReturn,
} from '@linksite/platform';
import { fetchPopup } from '../api/fetch-popup';
import { updatePopup } from '../api/update-popup';
import { PopupForm } from '../components/popup-form';
import { messages } from '../lib/messages';

/** `/popup/edit/:id`, 팝업 예약 수정 (spec §2): the same fields, pre-filled; after saving → `/popup/list`. */
export function PopupEditPage() {
  const { id = '' } = useParams();
  const popup = useRequest(useCallback(() => fetchPopup(id), [id]));
  const save = useSaveAndReturn((input: PopupBody) => updatePopup(id, input), '/popup/list');

  return (
    <section className="admin-screen" aria-labelledby="popup-edit-title">
      <h1 id="popup-edit-title" className="admin-screen__title">
        {messages.popupEditTitle}
      </h1>
      {popup.status === 'loading' && <Loading />}
      {popup.status === 'error' && (
        <ErrorNotice
          message={errorMessage(popup.error)}
          onRetry={popup.reload}
          error={popup.error}
          testId="popup-error"
        />
      )}
      {popup.status === 'success' && (
        <PopupForm
          key={popup.data.id}
          initial={{
            cnt: popup.data.cnt,
            start: seoulIsoToWallTime(popup.data.startdate),
            end: seoulIsoToWallTime(popup.data.enddate),
            count: String(popup.data.count),
            table: String(popup.data.table),
            opensAt: popup.data.bookingOpensAt ? seoulIsoToWallTime(popup.data.bookingOpensAt) : null,
            closesAt: popup.data.bookingClosesAt ? seoulIsoToWallTime(popup.data.bookingClosesAt) : null,
            cancelHours: String(popup.data.cancelHoursBefore),
            partyMin: String(popup.data.partyMin),
            partyMax: String(popup.data.partyMax),
            bookingEnabled: popup.data.bookingEnabled,
          }}
          submitLabel={messages.edit}
          onSubmit={save}
        />
      )}
    </section>
  );
}
