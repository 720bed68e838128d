import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Link } from '@linksite/contract';
import { errorMessage, ErrorNotice, Loading, useRequest } from '@linksite/platform';
import { fetchLink } from '../api/fetch-link';
import { updateLink } from '../api/update-link';
import { updateLinkWithImage } from '../api/update-link-with-image';
import type { SaveResult } from '../api/save-result';
import { LinkForm, toLinkBody, type LinkFormValues } from '../components/link-form';
import { applyOnTop, linkDifferences } from '../lib/link-conflict';
import { isoToWindowEnd } from '../lib/link-window';
import { messages } from '../lib/messages';
import '../components/link-screens.css';

/** The loaded link as form values: tags as one comma-separated string (spec §2 "Link edit"). */
function toInput(link: Link): LinkFormValues {
  return {
    pname: link.pname,
    tag: link.tags.join(', '),
    link: link.link ?? '',
    imagelink: link.imagelink ?? '',
    enabled: link.enabled,
    showFrom: isoToWindowEnd(link.showFrom),
    showUntil: isoToWindowEnd(link.showUntil),
  };
}

/** A save refused as stale (issue 15 item 8): the server's message, the stored link, and what the form sent. */
interface Conflict {
  message: string;
  stored: Link;
  mine: LinkFormValues;
  file: File | null;
}

/**
 * The comparison shown after a stale save (issue 15 item 8): each field whose stored value differs from the
 * administrator's, stored value beside theirs and who changed it, then 내 변경 적용 (the stored link with the
 * administrator's changed fields on top, into the form) or 저장된 내용으로 다시 불러오기 (drop their changes).
 */
function ConflictPanel({
  conflict,
  loaded,
  onApply,
  onDiscard,
}: {
  conflict: Conflict;
  loaded: Link;
  onApply: () => void;
  onDiscard: () => void;
}) {
  const differences = linkDifferences(toInput(loaded), toInput(conflict.stored), conflict.mine, conflict.file);
  const focus = useCallback((node: HTMLElement | null) => node?.focus(), []);
  return (
    <section
      className="link-conflict"
      role="alert"
      aria-labelledby="link-conflict-title"
      data-testid="link-conflict"
      tabIndex={-1}
      ref={focus}
    >
      <h2 id="link-conflict-title" className="link-conflict__title">
        {messages.conflictTitle}
      </h2>
      <p className="link-conflict__message">{conflict.message}</p>
      {differences.length === 0 ? (
        <p className="link-conflict__message">{messages.conflictNone}</p>
      ) : (
        <table className="link-conflict__table">
          <caption>{messages.conflictCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{messages.conflictField}</th>
              <th scope="col">{messages.conflictStored}</th>
              <th scope="col">{messages.conflictMine}</th>
            </tr>
          </thead>
          <tbody>
            {differences.map((d) => (
              <tr key={d.field} data-testid={`conflict-${d.field}`}>
                <th scope="row">{d.label}</th>
                <td>
                  <span className="link-conflict__value">{d.stored}</span>
                  {d.changedByOther && <span className="link-conflict__who">{messages.conflictByOther}</span>}
                </td>
                <td>
                  <span className="link-conflict__value">{d.mine}</span>
                  {d.changedByMe && <span className="link-conflict__who">{messages.conflictByMe}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="link-conflict__help">{messages.conflictHelp}</p>
      <div className="link-conflict__actions">
        <button type="button" className="admin-button" onClick={onApply} data-testid="conflict-apply">
          {messages.conflictApply}
        </button>
        <button
          type="button"
          className="admin-button link-conflict__secondary"
          onClick={onDiscard}
          data-testid="conflict-discard"
        >
          {messages.conflictDiscard}
        </button>
      </div>
    </section>
  );
}

/** What the form starts from: values, a kept image file, and a counter that remounts the form when they change. */
interface FormStart {
  values: LinkFormValues;
  file: { file: File; imagelinkBefore: string } | null;
  key: number;
}

function EditForm({ link }: { link: Link }) {
  const navigate = useNavigate();
  // The link as stored when the form (re)started: its version goes with every save (issue 15 item 8).
  const [base, setBase] = useState(link);
  const [start, setStart] = useState<FormStart>({ values: toInput(link), file: null, key: 0 });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [status, setStatus] = useState('');

  const save = async (input: LinkFormValues, file: File | null) => {
    let result: SaveResult;
    try {
      if (file) {
        // The fields and the new image in one request and one transaction (issue 16 item 1).
        const { imagelink: _replaced, ...fields } = toLinkBody(input);
        result = await updateLinkWithImage(base.id, fields, file, base.version);
      } else {
        result = await updateLink(base.id, toLinkBody(input), base.version);
      }
    } catch (error) {
      window.alert(messages.updateFailed(errorMessage(error)));
      return;
    }
    if (result.conflict) {
      setStatus('');
      setConflict({ message: result.message, stored: result.product, mine: input, file });
      return;
    }
    window.alert(result.message);
    navigate('/main/list', { replace: true });
  };

  /** Restarts the form on the stored link, with `values` and the kept file; the next save carries its version. */
  const restart = (values: LinkFormValues, file: FormStart['file'], notice: string) => {
    if (!conflict) return;
    setBase(conflict.stored);
    setStart((current) => ({ values, file, key: current.key + 1 }));
    setConflict(null);
    setStatus(notice);
  };

  const apply = () => {
    if (!conflict) return;
    const stored = toInput(conflict.stored);
    const merged = applyOnTop(toInput(base), stored, conflict.mine);
    const file = conflict.file ? { file: conflict.file, imagelinkBefore: stored.imagelink } : null;
    restart(file ? { ...merged, imagelink: '' } : merged, file, messages.conflictApplied);
  };

  const discard = () => {
    if (conflict) restart(toInput(conflict.stored), null, messages.conflictReloaded);
  };

  return (
    <>
      {conflict && <ConflictPanel conflict={conflict} loaded={base} onApply={apply} onDiscard={discard} />}
      <p className="link-edit__status" role="status" data-testid="link-edit-status">
        {status}
      </p>
      <LinkForm key={start.key} variant="edit" initial={start.values} initialFile={start.file} onSubmit={save} />
    </>
  );
}

/**
 * `/main/edit/:id`, 링크 수정 (spec §2, §4, §7): `Loading....` until the link has loaded, then the form with its
 * values; `PUT /api/main/update/:id`, or with a new file `PUT /api/main/update/:id/with-image` (fields and image in
 * one transaction, issue 16 item 1); the server's message in an alert and `/main/list` replacing this page in
 * history. A refused save changed nothing: the alert says so and the form stays as typed. A link that cannot be
 * loaded shows the reason, with `다시 시도` only when a retry can help (not for a 404, issue 16 item 5).
 * Every save carries the version the form loaded (issue 15 item 8); when another administrator saved first (409)
 * the screen compares the stored link with the administrator's values field by field and offers to apply their
 * change on top of the stored one (then 수정 saves it with the stored version) or to reload the stored link.
 */
export function LinkEditPage() {
  const { id = '' } = useParams();
  const load = useCallback(() => fetchLink(id), [id]);
  const link = useRequest(load);

  return (
    <section className="admin-screen link-screen" aria-labelledby="link-edit-title">
      <h1 id="link-edit-title" className="admin-screen__title">
        {messages.editTitle}
      </h1>
      {link.status === 'loading' && <Loading />}
      {link.status === 'error' && (
        <ErrorNotice
          message={`${messages.linkLoadFailed} ${errorMessage(link.error)}`}
          onRetry={link.reload}
          error={link.error}
          testId="link-edit-error"
        />
      )}
      {link.status === 'success' && <EditForm key={link.data.id} link={link.data} />}
    </section>
  );
}
