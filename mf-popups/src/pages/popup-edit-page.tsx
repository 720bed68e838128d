import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Popup, PopupBody } from '@linksite/contract';
import {
  ConflictPanel,
  errorMessage,
  ErrorNotice,
  Loading,
  seoulIsoToWallTime,
  useRequest,
  useVersionedEdit,
  conflictPanelLabels,
} from '@linksite/platform';
import { fetchPopup } from '../api/fetch-popup';
import { updatePopup } from '../api/update-popup';
import { PopupForm, type PopupFormValues } from '../components/popup-form';
import { messages } from '../lib/messages';
import { applyPopupOnTop, popupBodyOf, popupDifferences } from '../lib/popup-conflict';

/** The panel's sentences from this remote's messages (docs/decisions/0048-no-silent-overwrite.md). */
const CONFLICT_LABELS = conflictPanelLabels(messages);

/** A slot body (the API's or the form's) as the form's values: Seoul wall times, numbers as typed text. */
function formValues(body: PopupBody): PopupFormValues {
  const wall = (iso: string | null | undefined) => (iso ? seoulIsoToWallTime(iso) : null);
  return {
    cnt: body.cnt ?? null,
    start: wall(body.startdate),
    end: wall(body.enddate),
    count: String(body.count),
    table: String(body.table),
    opensAt: wall(body.bookingOpensAt),
    closesAt: wall(body.bookingClosesAt),
    cancelHours: String(body.cancelHoursBefore ?? 24),
    partyMin: String(body.partyMin ?? 1),
    partyMax: String(body.partyMax ?? 4),
    bookingEnabled: body.bookingEnabled ?? true,
  };
}

/**
 * The loaded slot's form, its saves carrying the version they started from
 * (docs/decisions/0048-no-silent-overwrite.md).
 */
function EditForm({ id, popup }: { id: string; popup: Popup }) {
  const navigate = useNavigate();
  const edit = useVersionedEdit<Popup, PopupBody, PopupBody>(popup, popupBodyOf(popup));
  const { base, conflict } = edit;

  const save = async (input: PopupBody) => {
    try {
      const result = await updatePopup(id, input, base.version);
      if (result.conflict) {
        edit.refused(result.message, result.product, input);
        return;
      }
      window.alert(result.message);
    } catch (error) {
      window.alert(errorMessage(error));
      return;
    }
    navigate('/popup/list');
  };

  const apply = () => {
    if (conflict)
      edit.restart(
        applyPopupOnTop(popupBodyOf(base), popupBodyOf(conflict.stored), conflict.mine),
        messages.conflictApplied,
      );
  };
  const discard = () => {
    if (conflict) edit.restart(popupBodyOf(conflict.stored), messages.conflictReloaded);
  };

  return (
    <>
      {conflict && (
        <ConflictPanel
          message={conflict.message}
          rows={popupDifferences(popupBodyOf(base), popupBodyOf(conflict.stored), conflict.mine).map((d) => ({
            key: d.field,
            label: d.label,
            stored: d.stored,
            mine: d.mine,
            changedBy: { other: d.changedByOther, me: d.changedByMe },
          }))}
          labels={CONFLICT_LABELS}
          onApply={apply}
          onDiscard={discard}
          testId="popup-conflict"
          rowTestIdPrefix="popup-conflict-"
        />
      )}
      <p className="popup-edit__status" role="status" data-testid="popup-edit-status">
        {edit.status}
      </p>
      <PopupForm
        key={edit.start.key}
        initial={formValues(edit.start.value)}
        submitLabel={messages.edit}
        onSubmit={save}
      />
    </>
  );
}

/**
 * `/popup/edit/:id`, 팝업 예약 수정 (docs/product.md#2-screens-and-routes): the same fields, pre-filled; after saving →
 * `/popup/list`. A save carries the version the form loaded (`If-Match`); when another administrator saved the slot
 * first (409, docs/decisions/0048-no-silent-overwrite.md) the screen shows stored vs. mine field by field and offers to
 * apply the administrator's change on top of the stored slot (then 수정 saves it with the stored version), or to reload
 * the stored slot.
 */
export function PopupEditPage() {
  const { id = '' } = useParams();
  const popup = useRequest(useCallback(() => fetchPopup(id), [id]));

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
      {popup.status === 'success' && <EditForm key={popup.data.id} id={id} popup={popup.data} />}
    </section>
  );
}
