import { useNavigate } from 'react-router-dom';
import { errorMessage } from '@linksite/platform';
import { createLink } from '../api/create-link';
import { createLinkWithImage } from '../api/create-link-with-image';
import { LinkForm, toLinkBody, type LinkFormValues } from '../components/link-form';
import { messages } from '../lib/messages';
import '../components/link-screens.css';

/**
 * `/create`, 링크 등록 (docs/product.md#2-screens-and-routes, docs/product.md#4-states-and-transitions,
 * docs/product.md#7-api-calls): with a chosen file, the link and its image in ONE request
 * (`POST /api/store/create/with-image`, one transaction, docs/decisions/0051-nothing-half-saved.md), else
 * `POST /api/store/create`; the server's message in an alert and `/main/list` replacing this page in history. A refused
 * save (a damaged image, a field the server refuses) saved nothing: the alert says so and the form stays as typed, to
 * fix in place and send again.
 */
export function LinkCreatePage() {
  const navigate = useNavigate();

  const save = async (input: LinkFormValues, file: File | null) => {
    let notice: string;
    try {
      const body = toLinkBody(input);
      if (file) {
        const { imagelink: _theFileIsTheImage, ...fields } = body;
        notice = (await createLinkWithImage(fields, file)).message;
      } else {
        notice = (await createLink(body)).message;
      }
    } catch (error) {
      window.alert(messages.createFailed(errorMessage(error)));
      return;
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
