import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PopupInfo } from '@linksite/contract';
import {
  errorMessage,
  ErrorNotice,
  ImageDropzone,
  imageUrl,
  Loading,
  useObjectUrl,
  useRequest,
} from '@linksite/platform';
import { fetchReservePage } from '../api/fetch-reserve-page';
import { savePopupInfo } from '../api/save-popup-info';
import { uploadPopupInfoImage } from '../api/upload-popup-info-image';
import '../components/popup-screens.css';
import { messages } from '../lib/messages';

const loadInfo = async (): Promise<PopupInfo | null> => (await fetchReservePage()).info;

function InfoForm({ initial }: { initial: PopupInfo | null }) {
  const navigate = useNavigate();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [place, setPlace] = useState(initial?.place ?? '');
  const [notice, setNotice] = useState(initial?.notice ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const chosenUrl = useObjectUrl(file);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !place.trim() || !notice.trim()) return window.alert(messages.infoRequired);
    setBusy(true);
    try {
      let message = await savePopupInfo({ title: title.trim(), place: place.trim(), notice: notice.trim() });
      if (file) message = await uploadPopupInfoImage(file);
      window.alert(message);
      navigate('/popup/list');
    } catch (error) {
      window.alert(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor="info-title">
          {messages.infoName}
        </label>
        <input
          id="info-title"
          className="admin-form__input"
          maxLength={100}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor="info-place">
          {messages.infoPlace}
        </label>
        <input
          id="info-place"
          className="admin-form__input"
          maxLength={200}
          value={place}
          onChange={(event) => setPlace(event.target.value)}
        />
      </div>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor="info-notice">
          {messages.infoNotice}
        </label>
        <textarea
          id="info-notice"
          className="admin-form__input popup-info__notice"
          maxLength={2000}
          rows={7}
          value={notice}
          onChange={(event) => setNotice(event.target.value)}
        />
      </div>
      <div className="admin-form__field">
        <span className="admin-form__label">{messages.infoImage}</span>
        <ImageDropzone
          onFile={setFile}
          previewUrl={chosenUrl ?? (initial?.imagelink ? imageUrl(initial.imagelink, 640) : null)}
          previewAlt={messages.infoImage}
          hint={messages.infoImageHint}
          disabled={busy}
          testId="popup-info-dropzone"
        />
      </div>
      <button type="submit" className="admin-button admin-form__submit" disabled={busy}>
        {busy ? messages.saving : messages.save}
      </button>
    </form>
  );
}

/**
 * `/popup/info`, 팝업 안내 수정 (docs/decisions/0030-popup-bookings.md): the title, place, notice and image visitors see on
 * `/reserve`.
 */
export function PopupInfoPage() {
  const info = useRequest(loadInfo);
  return (
    <section className="admin-screen" aria-labelledby="popup-info-title">
      <h1 id="popup-info-title" className="admin-screen__title">
        {messages.infoTitle}
      </h1>
      {info.status === 'loading' && <Loading />}
      {info.status === 'error' && (
        <ErrorNotice message={errorMessage(info.error)} onRetry={info.reload} testId="popup-info-error" />
      )}
      {info.status === 'success' && <InfoForm initial={info.data} />}
    </section>
  );
}
