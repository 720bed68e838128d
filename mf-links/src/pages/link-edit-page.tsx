import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Link } from '@linksite/contract';
import {
  ConflictPanel,
  errorMessage,
  ErrorNotice,
  Loading,
  useRequest,
  useVersionedEdit,
  conflictPanelLabels,
  type ConflictRow,
  type EditConflict,
} from '@linksite/platform';
import { fetchLink } from '../api/fetch-link';
import { updateLink } from '../api/update-link';
import { updateLinkWithImage } from '../api/update-link-with-image';
import type { SaveResult } from '../api/save-result';
import { EMPTY_LINK_FORM, LinkForm, toLinkBody, type LinkFormValues } from '../components/link-form';
import { applyOnTop, linkDifferences } from '../lib/link-conflict';
import { isoToWindowEnd } from '../lib/link-window';
import { messages } from '../lib/messages';
import '../components/link-screens.css';

/** The form's fields a link holds as the form does (same name, same type: `pname`, `enabled`, `disclosure` …). */
type CopiedField = {
  [K in keyof LinkFormValues & keyof Link]: Link[K] extends LinkFormValues[K] ? K : never;
}[keyof LinkFormValues & keyof Link];

/**
 * The loaded link as form values (docs/product.md#2-screens-and-routes "Link edit"): every field of the form copied
 * from the link, then those the form holds differently: tags as one comma-separated string, absent addresses as empty
 * text, the window's ends as Seoul wall times. A new field the link holds as the form does needs nothing here; one it
 * holds differently is a type error until it is converted below.
 */
function toInput(link: Link): LinkFormValues {
  const copied = Object.fromEntries(
    Object.keys(EMPTY_LINK_FORM).map((field) => [field, link[field as keyof Link]]),
  ) as Pick<Link, CopiedField>;
  return {
    ...copied,
    tag: link.tags.join(', '),
    link: link.link ?? '',
    imagelink: link.imagelink ?? '',
    showFrom: isoToWindowEnd(link.showFrom),
    showUntil: isoToWindowEnd(link.showUntil),
  };
}

/** What a save sent: the form's values and the new image file, if one was chosen. */
interface Sent {
  values: LinkFormValues;
  file: File | null;
}

/**
 * A save refused as stale (docs/decisions/0048-no-silent-overwrite.md): the server's message, the stored link, and what
 * the form sent.
 */
type Conflict = EditConflict<Link, Sent>;

/** The panel's sentences from this remote's messages (docs/decisions/0048-no-silent-overwrite.md). */
const CONFLICT_LABELS = conflictPanelLabels(messages);

/**
 * The comparison shown after a stale save (docs/decisions/0048-no-silent-overwrite.md), platform's ConflictPanel: each
 * field whose stored value differs from the administrator's, stored value beside theirs and who changed it, then 내 변경
 * 적용 (the stored link with the administrator's changed fields on top, into the form) or 저장된 내용으로 다시 불러오기 (drop their
 * changes).
 */
function LinkConflict({
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
  const rows: ConflictRow[] = linkDifferences(
    toInput(loaded),
    toInput(conflict.stored),
    conflict.mine.values,
    conflict.mine.file,
  ).map((d) => ({
    key: d.field,
    label: d.label,
    stored: d.stored,
    mine: d.mine,
    changedBy: { other: d.changedByOther, me: d.changedByMe },
  }));
  return (
    <ConflictPanel
      message={conflict.message}
      rows={rows}
      labels={CONFLICT_LABELS}
      onApply={onApply}
      onDiscard={onDiscard}
      testId="link-conflict"
      rowTestIdPrefix="conflict-"
    />
  );
}

/** What the form starts from: values, and an image file kept from a refused save. */
interface FormStart {
  values: LinkFormValues;
  file: { file: File; imagelinkBefore: string } | null;
}

function EditForm({ link }: { link: Link }) {
  const navigate = useNavigate();
  const edit = useVersionedEdit<Link, FormStart, Sent>(link, { values: toInput(link), file: null });
  const { base, conflict } = edit;

  const save = async (input: LinkFormValues, file: File | null) => {
    let result: SaveResult;
    try {
      if (file) {
        // The fields and the new image in one request and one transaction (docs/decisions/0051-nothing-half-saved.md).
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
      edit.refused(result.message, result.product, { values: input, file });
      return;
    }
    window.alert(result.message);
    navigate('/main/list', { replace: true });
  };

  const apply = () => {
    if (!conflict) return;
    const stored = toInput(conflict.stored);
    const merged = applyOnTop(toInput(base), stored, conflict.mine.values);
    const file = conflict.mine.file ? { file: conflict.mine.file, imagelinkBefore: stored.imagelink } : null;
    edit.restart({ values: file ? { ...merged, imagelink: '' } : merged, file }, messages.conflictApplied);
  };

  const discard = () => {
    if (conflict) edit.restart({ values: toInput(conflict.stored), file: null }, messages.conflictReloaded);
  };

  return (
    <>
      {conflict && <LinkConflict conflict={conflict} loaded={base} onApply={apply} onDiscard={discard} />}
      <p className="link-edit__status" role="status" data-testid="link-edit-status">
        {edit.status}
      </p>
      <LinkForm
        key={edit.start.key}
        variant="edit"
        initial={edit.start.value.values}
        initialFile={edit.start.value.file}
        onSubmit={save}
      />
    </>
  );
}

/**
 * `/main/edit/:id`, 링크 수정 (docs/product.md#2-screens-and-routes, docs/product.md#4-states-and-transitions,
 * docs/product.md#7-api-calls): `불러오는 중…` until the link has loaded, then the form with its values;
 * `PUT /api/main/update/:id`, or with a new file `PUT /api/main/update/:id/with-image` (fields and image in one
 * transaction, docs/decisions/0051-nothing-half-saved.md); the server's message in an alert and `/main/list` replacing
 * this page in history. A refused save changed nothing: the alert says so and the form stays as typed. A link that
 * cannot be loaded shows the reason, with `다시 시도` only when a retry can help (not for a 404,
 * docs/decisions/0055-form-flow.md). Every save carries the version the form loaded
 * (docs/decisions/0048-no-silent-overwrite.md); when another administrator saved first (409) the screen compares the
 * stored link with the administrator's values field by field and offers to apply their change on top of the stored one
 * (then 수정 saves it with the stored version) or to reload the stored link.
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
