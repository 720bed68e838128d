import { useCallback, useState } from 'react';
import { bannerChanged, errorMessage, imageUrl, ImageDropzone, useObjectUrl, useRequest } from '@linksite/platform';
import { fetchCover } from '../api/fetch-cover';
import { uploadCover } from '../api/upload-cover';
import { MessageDialog } from '../components/message-dialog';
import { UploadProgress } from '../components/upload-progress';
import '../components/cover-screens.css';
import { messages } from '../lib/messages';

/**
 * The dialog title after a cover upload: the spec's `Image` (§4, an English gloss like those of DECISIONS D6) in
 * Korean, `이미지` (issue 16 item 4; recorded in docs/wording.md).
 */
export const COVER_DIALOG_TITLE = messages.coverDoneTitle;

/**
 * `/uploadimage`, 커버 이미지 변경 (spec §2, §4, §5): the shared dropzone (one image) previewing the current cover
 * until a file is chosen, a progress bar in whole percent, and `저장`. No file → alert `변경할 이미지가 없습니다.`.
 * Success → the `이미지` dialog with the server's message, and the banner fetches the new cover.
 */
export function CoverUploadPage() {
  const cover = useRequest(fetchCover);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const chosenUrl = useObjectUrl(file);
  const currentUrl = cover.status === 'success' && cover.data ? imageUrl(cover.data.imagelink, 1280) : null;

  const choose = useCallback((chosen: File) => {
    setFile(chosen);
    setPercent(null);
  }, []);

  const save = async () => {
    if (!file) {
      window.alert(messages.coverNoImage);
      return;
    }
    setSaving(true);
    setPercent(0);
    try {
      const message = await uploadCover(file, setPercent);
      setPercent(100);
      setDone(message);
      bannerChanged();
    } catch (error) {
      setPercent(null);
      window.alert(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const reloadCover = cover.reload;
  const close = useCallback(() => {
    setDone(null);
    setFile(null);
    reloadCover();
  }, [reloadCover]);

  return (
    <section className="admin-screen cover-screen" aria-labelledby="cover-title">
      <h1 id="cover-title" className="admin-screen__title">
        {messages.coverTitle}
      </h1>
      <ImageDropzone
        className="cover-dropzone"
        onFile={choose}
        previewUrl={chosenUrl ?? currentUrl}
        previewAlt={chosenUrl ? messages.coverPreview : messages.coverCurrent}
        hint={messages.coverHint}
        disabled={saving}
        testId="cover-dropzone"
      />
      <p className="cover-screen__caption" data-testid="cover-caption">
        {file
          ? `${messages.coverPreview}: ${file.name}`
          : currentUrl
            ? messages.coverCurrent
            : cover.status === 'success'
              ? messages.coverNone
              : ''}
      </p>
      <div className="cover-screen__actions">
        {percent !== null && <UploadProgress percent={percent} />}
        <button type="button" className="admin-button cover-button" onClick={save} disabled={saving}>
          {saving ? messages.saving : messages.save}
        </button>
      </div>
      {done !== null && <MessageDialog title={COVER_DIALOG_TITLE} message={done} onClose={close} />}
    </section>
  );
}
