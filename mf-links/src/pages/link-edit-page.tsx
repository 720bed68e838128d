import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Link } from '@linksite/contract';
import { errorMessage, ErrorNotice, Loading, useRequest } from '@linksite/platform';
import { fetchLink } from '../api/fetch-link';
import { replaceLinkImage } from '../api/replace-link-image';
import { updateLink } from '../api/update-link';
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
    // With a new file the old image stays until the upload replaces it, so a failed upload loses nothing.
    const body = toLinkBody(file ? { ...input, imagelink: link.imagelink ?? '' } : input);
    let notice: string;
    try {
      notice = await updateLink(link.id, body);
    } catch (error) {
      window.alert(errorMessage(error));
      return;
    }
    if (file) {
      try {
        await replaceLinkImage(link.id, file);
      } catch (error) {
        notice = messages.updatedWithoutImage(errorMessage(error));
      }
    }
    window.alert(notice);
    navigate('/main/list', { replace: true });
  };

  return <LinkForm variant="edit" initial={toInput(link)} onSubmit={save} />;
}

/**
 * `/main/edit/:id`, 링크 수정 (spec §2, §4, §7): `Loading....` until the link has loaded, then the form with its
 * values; `PUT /api/main/update/:id`, then `PUT /api/image/:id` when a new file was chosen, the server's message in
 * an alert and `/main/list` replacing this page in history.
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
          testId="link-edit-error"
        />
      )}
      {link.status === 'success' && <EditForm key={link.data.id} link={link.data} />}
    </section>
  );
}
