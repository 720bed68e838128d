import { useNavigate } from 'react-router-dom';
import { errorMessage, ko, type PopupInput } from '@linksite/platform';
import { createPopup } from '../api/create-popup';
import { PopupForm } from '../components/popup-form';

/** `/popup`, 팝업 예약 등록 (spec §2); after saving → `/popup/list` (DECISIONS D7: the spec's jump to `/` is a defect). */
export function PopupCreatePage() {
  const navigate = useNavigate();

  const save = async (popup: PopupInput) => {
    try {
      window.alert(await createPopup(popup));
    } catch (error) {
      window.alert(errorMessage(error));
      return;
    }
    navigate('/popup/list');
  };

  return (
    <section className="admin-screen" aria-labelledby="popup-create-title">
      <h1 id="popup-create-title" className="admin-screen__title">
        {ko.popupCreateTitle}
      </h1>
      <PopupForm
        initial={{ cnt: null, start: null, end: null, count: '0', table: '0' }}
        submitLabel={ko.register}
        onSubmit={save}
      />
    </section>
  );
}
