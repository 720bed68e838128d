import { Link } from 'react-router-dom';
import type { Popup } from '@linksite/contract';
import { errorMessage, ErrorNotice, Loading, useMayUse, useRequest } from '@linksite/platform';
import { deletePopup } from '../api/delete-popup';
import { fetchPopups } from '../api/fetch-popups';
import { PopupTable } from '../components/popup-table';
import '../components/popup-screens.css';
import '../components/reserve.css';
import { messages } from '../lib/messages';

/**
 * `/popup/list`, 팝업 예약 관리 (docs/product.md#2-screens-and-routes): the table of slots, `+ 팝업 예약 등록`, and per row 수정 and
 * 삭제. A delete asks first (with the slot's version as `If-Match`, docs/decisions/0048-no-silent-overwrite.md), alerts
 * the server's message and loads the table again (docs/product.md#4-states-and-transitions's page reload, without
 * losing state), after a refusal too.
 */
export function PopupListPage() {
  // Check-in is the owner's and door staff's (docs/decisions/0079-roles.md).
  const checksIn = useMayUse(['staff']);
  const popups = useRequest(fetchPopups);

  const remove = async (popup: Popup) => {
    if (!window.confirm(messages.popupDeleteConfirm)) return;
    try {
      window.alert(await deletePopup(popup.id, popup.version));
    } catch (error) {
      // A 409 (changed by another administrator since the list loaded, docs/decisions/0048-no-silent-overwrite.md; or
      // bookings waiting) deleted nothing: say why and show the stored list.
      window.alert(errorMessage(error));
      popups.reload();
      return;
    }
    popups.reload();
  };

  return (
    <section className="admin-screen popup-screen--wide" aria-labelledby="popup-list-title">
      <div className="admin-screen__head">
        <h1 id="popup-list-title" className="admin-screen__title">
          {messages.popupListTitle}
        </h1>
        <div className="popup-list__tools">
          {checksIn && (
            <Link className="popup-table__edit" to="/popup/checkin">
              {messages.checkinLink}
            </Link>
          )}
          <Link className="popup-table__edit" to="/popup/info">
            {messages.popupInfoLink}
          </Link>
          <Link className="admin-button" to="/popup">
            {messages.popupCreateButton}
          </Link>
        </div>
      </div>
      {popups.status === 'loading' && <Loading />}
      {popups.status === 'error' && (
        <ErrorNotice message={errorMessage(popups.error)} onRetry={popups.reload} testId="popup-list-error" />
      )}
      {popups.status === 'success' &&
        (popups.data.length === 0 ? (
          <p className="admin-screen__empty">{messages.noPopupEntries}</p>
        ) : (
          <PopupTable popups={popups.data} onDelete={remove} />
        ))}
    </section>
  );
}
