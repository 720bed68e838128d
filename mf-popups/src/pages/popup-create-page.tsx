import { useSaveAndReturn } from '@linksite/platform';
import { createPopup } from '../api/create-popup';
import { BOOKING_DEFAULTS, PopupForm } from '../components/popup-form';
import { messages } from '../lib/messages';

/**
 * `/popup`, 팝업 예약 등록 (docs/product.md#2-screens-and-routes); after saving → `/popup/list`
 * (docs/decisions/0007-screen-completions.md: the spec's jump to `/` is a defect).
 */
export function PopupCreatePage() {
  const save = useSaveAndReturn(createPopup, '/popup/list');

  return (
    <section className="admin-screen" aria-labelledby="popup-create-title">
      <h1 id="popup-create-title" className="admin-screen__title">
        {messages.popupCreateTitle}
      </h1>
      <PopupForm
        initial={{ cnt: null, start: null, end: null, count: '0', table: '0', ...BOOKING_DEFAULTS }}
        submitLabel={messages.register}
        onSubmit={save}
      />
    </section>
  );
}
