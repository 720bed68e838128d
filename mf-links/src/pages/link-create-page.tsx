import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@linksite/platform';
import { createLink } from '../api/create-link';
import { uploadLinkImage } from '../api/upload-link-image';
import { LinkForm, toLinkBody, type LinkFormValues } from '../components/link-form';
import { messages } from '../lib/messages';
import '../components/link-screens.css';

/**
 * `/create`, 링크 등록 (spec §2, §4, §7): `POST /api/store/create`, then `POST /api/image` with the new id when a
 * file was chosen, the server's message in an alert and `/main/list` replacing this page in history. A failed
 * upload after a successful create says the link was saved without its image, and still goes to the list.
 */
export function LinkCreatePage() {
  const navigate = useNavigate();

  const save = async (input: LinkFormValues, file: File | null) => {
    let created: Awaited<ReturnType<typeof createLink>>;
    try {
      created = await createLink(toLinkBody(input));
    } catch (error) {
      window.alert(errorMessage(error));
      return;
    }
    let notice = created.message;
    if (file) {
      try {
        await uploadLinkImage(created.product.id, file);
      } catch (error) {
        notice = messages.createdWithoutImage(errorMessage(error));
      }
    }
    window.alert(notice);
    navigate('/main/list', { replace: true });
  };

  return (
    <section className="admin-screen link-screen" aria-labelledby="link-create-title">
      <h1 id="link-create-title" className="admin-screen__title">
        {messages.createTitle}
      </h1>
      <LinkForm variant="create" onSubmit={save} />
    </section>
  );
}
