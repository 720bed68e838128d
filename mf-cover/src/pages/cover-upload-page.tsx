import { useCallback, useState } from 'react';
import type { Cover } from '@linksite/contract';
import {
  bannerChanged,
  ConflictPanel,
  errorMessage,
  imageUrl,
  ImageDropzone,
  useObjectUrl,
  useRequest,
  conflictPanelLabels,
} from '@linksite/platform';
import { fetchCover } from '../api/fetch-cover';
import { uploadCover, type LoadedCover } from '../api/upload-cover';
import { MessageDialog } from '../components/message-dialog';
import { UploadProgress } from '../components/upload-progress';
import '../components/cover-screens.css';
import { messages } from '../lib/messages';

/**
 * The dialog title after a cover upload: the spec's `Image` (docs/product.md#4-states-and-transitions, an English gloss
 * like those of docs/decisions/0006-korean-wording.md) in Korean, `이미지` (docs/decisions/0054-korean-everywhere.md;
 * recorded in docs/wording.md).
 */
export const COVER_DIALOG_TITLE = messages.coverDoneTitle;

/** The panel's sentences from this remote's messages (docs/decisions/0048-no-silent-overwrite.md). */
const CONFLICT_LABELS = conflictPanelLabels(messages);

/**
 * A replace refused as stale (docs/decisions/0048-no-silent-overwrite.md): the server's message and the cover stored
 * now (null: none).
 */
interface Conflict {
  message: string;
  stored: Cover | null;
}

/**
 * `/uploadimage`, 커버 이미지 변경 (docs/product.md#2-screens-and-routes, docs/product.md#4-states-and-transitions,
 * docs/product.md#5-validation): the shared dropzone (one image) previewing the current cover until a file is chosen, a
 * progress bar in whole percent, and `저장`. No file → alert `변경할 이미지가 없습니다.`. Success → the `이미지` dialog with the
 * server's message, and the banner fetches the new cover. Every replace names the cover the screen showed (its version,
 * or none; docs/decisions/0048-no-silent-overwrite.md). When another administrator replaced it first (409) the screen
 * shows the cover stored now beside the chosen image: 내 변경 적용 keeps the chosen image against the stored cover (then 저장
 * replaces it), 저장된 커버로 다시 불러오기 drops the choice.
 */
export function CoverUploadPage() {
  const cover = useRequest(fetchCover);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // The cover a 409 answered, once the administrator has seen it (apply or reload); before that, the loaded one.
  const [seen, setSeen] = useState<LoadedCover | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [status, setStatus] = useState('');
  const chosenUrl = useObjectUrl(file);
  const loaded: LoadedCover | undefined = seen ?? (cover.status === 'success' ? { cover: cover.data } : undefined);
  const currentUrl = loaded?.cover ? imageUrl(loaded.cover.imagelink, 1280) : null;

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
    setStatus('');
    try {
      const result = await uploadCover(file, setPercent, loaded);
      if (result.conflict) {
        setPercent(null);
        setConflict({ message: result.message, stored: result.product });
        return;
      }
      setPercent(100);
      setDone(result.message);
      bannerChanged();
    } catch (error) {
      setPercent(null);
      window.alert(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const apply = () => {
    if (!conflict) return;
    setSeen({ cover: conflict.stored });
    setConflict(null);
    setStatus(messages.conflictApplied);
  };
  const discard = () => {
    if (!conflict) return;
    setSeen({ cover: conflict.stored });
    setFile(null);
    setConflict(null);
    setStatus(messages.conflictReloaded);
  };

  const reloadCover = cover.reload;
  const close = useCallback(() => {
    setDone(null);
    setFile(null);
    setSeen(null);
    setStatus('');
    reloadCover();
  }, [reloadCover]);

  return (
    <section className="admin-screen cover-screen" aria-labelledby="cover-title">
      <h1 id="cover-title" className="admin-screen__title">
        {messages.coverTitle}
      </h1>
      {conflict && (
        <ConflictPanel
          message={conflict.message}
          rows={[
            {
              key: 'image',
              label: messages.conflictImage,
              stored: conflict.stored ? (
                <img src={imageUrl(conflict.stored.imagelink, 640)} alt={messages.conflictStoredAlt} />
              ) : (
                messages.conflictNoCover
              ),
              mine: (
                <>
                  {chosenUrl && <img src={chosenUrl} alt={messages.coverPreview} />}
                  {file?.name}
                </>
              ),
              changedBy: { other: true, me: true },
            },
          ]}
          labels={CONFLICT_LABELS}
          onApply={apply}
          onDiscard={discard}
          testId="cover-conflict"
          rowTestIdPrefix="cover-conflict-"
        />
      )}
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
      <p className="cover-screen__status" role="status" data-testid="cover-status">
        {status}
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
