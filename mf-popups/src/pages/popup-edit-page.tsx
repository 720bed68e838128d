import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { errorMessage, ErrorNotice, ko, Loading, seoulIsoToWallTime, useRequest, useSaveAndReturn, type PopupInput } from '@linksite/platform';
import { fetchPopup } from '../api/fetch-popup';
import { updatePopup } from '../api/update-popup';
import { PopupForm } from '../components/popup-form';

/** `/popup/edit/:id`, 팝업 예약 수정 (spec §2): the same fields, pre-filled; after saving → `/popup/list`. */
export function PopupEditPage() {
  const { id = '' } = useParams();
  const popup = useRequest(useCallback(() => fetchPopup(id), [id]));
  const save = useSaveAndReturn((input: PopupInput) => updatePopup(id, input), '/popup/list');

  return (
    <section className="admin-screen" aria-labelledby="popup-edit-title">
      <h1 id="popup-edit-title" className="admin-screen__title">
        {ko.popupEditTitle}
      </h1>
      {popup.status === 'loading' && <Loading />}
      {popup.status === 'error' && <ErrorNotice message={errorMessage(popup.error)} onRetry={popup.reload} testId="popup-error" />}
      {popup.status === 'success' && (
        <PopupForm
          key={popup.data.id}
          initial={{
            cnt: popup.data.cnt,
            start: seoulIsoToWallTime(popup.data.startdate),
            end: seoulIsoToWallTime(popup.data.enddate),
            count: String(popup.data.count),
            table: String(popup.data.table),
          }}
          submitLabel={ko.edit}
          onSubmit={save}
        />
      )}
    </section>
  );
}
