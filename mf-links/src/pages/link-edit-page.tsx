import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Link } from '@linksite/contract';
import { errorMessage, ErrorNotice, Loading, useRequest } from '@linksite/platform';
import { fetchLink } from '../api/fetch-link';
import { updateLink } from '../api/update-link';
import { updateLinkWithImage } from '../api/update-link-with-image';
import { LinkForm, toLinkBody, type LinkFormValues } from '../components/link-form';
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

function EditForm({ link }: { link: Link }) {
  const navigate = useNavigate();

  const save = async (input: LinkFormValues, file: File | null) => {
    let notice: string;
    try {
      if (file) {
        // The fields and the new image in one request and one transaction (issue 16 item 1).
        const { imagelink: _replaced, ...fields } = toLinkBody(input);
        notice = await updateLinkWithImage(link.id, fields, file);
      } else {
        notice = await updateLink(link.id, toLinkBody(input));
      }
    } catch (error) {
      window.alert(messages.updateFailed(errorMessage(error)));
      return;
    }
    window.alert(notice);
    navigate('/main/list', { replace: true });
  };

  return <LinkForm variant="edit" initial={toInput(link)} onSubmit={save} />;
}

/**
 * `/main/edit/:id`, 링크 수정 (spec §2, §4, §7): `Loading....` until the link has loaded, then the form with its
 * values; `PUT /api/main/update/:id`, or with a new file `PUT /api/main/update/:id/with-image` (fields and image in
 * one transaction, issue 16 item 1); the server's message in an alert and `/main/list` replacing this page in
 * history. A refused save changed nothing: the alert says so and the form stays as typed. A link that cannot be
 * loaded shows the reason, with `다시 시도` only when a retry can help (not for a 404, issue 16 item 5).
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
