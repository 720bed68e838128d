import { useId, useRef, useState, type FormEvent } from 'react';
import { imageUrl, ImageDropzone, useObjectUrl } from '@linksite/platform';
import type { CreateLinkBody } from '@linksite/contract';
import { windowEndToIso, windowIsReversed } from '../lib/link-window';
import { messages } from '../lib/messages';
import { WindowPicker } from './window-picker';
import './link-screens.css';

/**
 * What the form's fields hold: one string per text field of the create body (an empty string sends none), the
 * visibility switch, and the window's ends as Seoul wall times or null (`lib/link-window.ts`).
 */
export type LinkFormValues = Record<Exclude<keyof CreateLinkBody, 'enabled' | 'showFrom' | 'showUntil'>, string> & {
  enabled: boolean;
  showFrom: Date | null;
  showUntil: Date | null;
};

/** The request body of the form's values: the window as RFC 3339 instants (`+09:00`) or null. */
export function toLinkBody(values: LinkFormValues): CreateLinkBody {
  return { ...values, showFrom: windowEndToIso(values.showFrom), showUntil: windowEndToIso(values.showUntil) };
}

/** Labels of the two forms (spec §2: the create and edit forms name their fields differently). */
export type LinkFormVariant = 'create' | 'edit';

const LABELS = {
  create: {
    name: messages.createName,
    tag: messages.createTag,
    tagHint: messages.createTagHint,
    link: messages.createLink,
    submit: messages.register,
  },
  edit: {
    name: messages.editName,
    tag: messages.editTag,
    tagHint: messages.editTagHint,
    link: messages.editLink,
    submit: messages.update,
  },
} as const;

export interface LinkFormProps {
  variant: LinkFormVariant;
  /** Values to start from (the edit form: the loaded link, tags as one comma-separated string). */
  initial?: LinkFormValues;
  /**
   * Called once the form is valid and the user agreed (spec §5). `file` is the chosen image or null; `input`
   * carries the typed image link (empty when a file was chosen). Resolve when done; rejections are the caller's
   * to report (the form only re-enables itself).
   */
  onSubmit: (input: LinkFormValues, file: File | null) => Promise<void>;
}

const EMPTY: LinkFormValues = {
  pname: '',
  tag: '',
  link: '',
  imagelink: '',
  enabled: true,
  showFrom: null,
  showUntil: null,
};

/** The preview of a typed image link: internal images at 640 px, external URLs as they are. */
function previewOf(imagelink: string): string | null {
  const value = imagelink.trim();
  if (!value) return null;
  if (value.startsWith('/api/images/')) return imageUrl(value, 640);
  return /^https?:\/\//i.test(value) ? value : null;
}

/**
 * The link create / edit form (spec §2, §4, §5).
 * - Preview (spec §4): the chosen file (object URL), else the typed image link, else the default placeholder.
 *   Choosing or dropping a file clears the image-link input and shows the file's name; typing an image link
 *   drops the chosen file and previews the link.
 * - Validation (spec §5): an empty name shows `링크 이름은 필수 값입니다.` and focuses the field; with neither a
 *   file nor an image link the user confirms `이미지 없이 링크 정보를 등록하시겠습니까?` (declining cancels).
 */
export function LinkForm({ variant, initial = EMPTY, onSubmit }: LinkFormProps) {
  const labels = LABELS[variant];
  const ids = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<LinkFormValues>(initial);
  const [file, setFile] = useState<File | null>(null);
  // The image link the chosen file replaced in the input, put back if the choice is cancelled.
  const [imagelinkBeforeFile, setImagelinkBeforeFile] = useState('');
  const [nameError, setNameError] = useState(false);
  const [windowError, setWindowError] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const fileUrl = useObjectUrl(file);

  const set = (field: 'pname' | 'tag' | 'link' | 'imagelink') => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'pname' && value.trim()) setNameError(false);
    if (field === 'imagelink' && value.trim()) setFile(null);
  };

  const setWindowEnd = (field: 'showFrom' | 'showUntil') => (date: Date | null) => {
    setValues((current) => ({ ...current, [field]: date }));
    setWindowError(false);
  };

  const chooseFile = (chosen: File) => {
    if (!file) setImagelinkBeforeFile(values.imagelink);
    setFile(chosen);
    setValues((current) => ({ ...current, imagelink: '' }));
  };

  const cancelFile = () => {
    setFile(null);
    setValues((current) => ({ ...current, imagelink: imagelinkBeforeFile }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!values.pname.trim()) {
      setNameError(true);
      nameRef.current?.focus();
      return;
    }
    if (windowIsReversed(values.showFrom, values.showUntil)) {
      setWindowError(true);
      return;
    }
    if (!file && !values.imagelink.trim() && !window.confirm(messages.confirmWithoutImage)) return;
    setSubmitting(true);
    try {
      await onSubmit(
        {
          ...values,
          pname: values.pname.trim(),
          tag: values.tag.trim(),
          link: values.link.trim(),
          imagelink: file ? '' : values.imagelink.trim(),
        },
        file,
      );
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: string) => `${ids}-${name}`;
  return (
    <form className="admin-form link-form" onSubmit={submit} noValidate data-testid="link-form">
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={field('pname')}>
          {labels.name}{' '}
          <span className="link-form__required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          ref={nameRef}
          id={field('pname')}
          className="admin-form__input"
          name="pname"
          value={values.pname}
          onChange={set('pname')}
          maxLength={100}
          required
          aria-invalid={nameError || undefined}
          aria-describedby={nameError ? field('pname-error') : undefined}
          autoComplete="off"
        />
        {nameError && (
          <p className="link-form__error" id={field('pname-error')} role="alert" data-testid="pname-error">
            {messages.nameRequired}
          </p>
        )}
      </div>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={field('tag')}>
          {labels.tag}
        </label>
        <input
          id={field('tag')}
          className="admin-form__input"
          name="tag"
          value={values.tag}
          onChange={set('tag')}
          aria-describedby={field('tag-hint')}
          autoComplete="off"
        />
        <p className="link-form__hint" id={field('tag-hint')}>
          {labels.tagHint}
        </p>
      </div>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={field('link')}>
          {labels.link}
        </label>
        <input
          id={field('link')}
          className="admin-form__input"
          name="link"
          type="url"
          inputMode="url"
          value={values.link}
          onChange={set('link')}
          placeholder={messages.linkPlaceholder}
          maxLength={2048}
          autoComplete="off"
        />
      </div>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={field('imagelink')}>
          {messages.imagelink}
        </label>
        <input
          id={field('imagelink')}
          className="admin-form__input"
          name="imagelink"
          type="url"
          inputMode="url"
          value={values.imagelink}
          onChange={set('imagelink')}
          placeholder={messages.imagelinkPlaceholder}
          maxLength={2048}
          autoComplete="off"
        />
      </div>
      <div className="admin-form__field">
        <span className="admin-form__label">{messages.imageSection}</span>
        <ImageDropzone
          onFile={chooseFile}
          previewUrl={fileUrl ?? previewOf(values.imagelink)}
          hint={messages.dropzoneHint}
          disabled={submitting}
        />
        {file && (
          <p className="link-form__file" data-testid="chosen-file">
            <span>{messages.chosenFile(file.name)}</span>
            <button type="button" className="link-form__file-clear" onClick={cancelFile}>
              {messages.removeFile}
            </button>
          </p>
        )}
      </div>
      <fieldset className="admin-form__field link-form__visibility" aria-describedby={field('window-hint')}>
        <legend className="admin-form__label">{messages.visibilitySection}</legend>
        <label className="link-form__switch">
          <input
            type="checkbox"
            name="enabled"
            checked={values.enabled}
            onChange={(event) => setValues((current) => ({ ...current, enabled: event.target.checked }))}
          />
          <span>{messages.enabledLabel}</span>
        </label>
        <div className="link-form__window">
          <div className="link-form__window-end">
            <label className="link-form__sublabel" htmlFor={field('showFrom')}>
              {messages.showFromLabel}
            </label>
            <WindowPicker id={field('showFrom')} selected={values.showFrom} onChange={setWindowEnd('showFrom')} />
          </div>
          <div className="link-form__window-end">
            <label className="link-form__sublabel" htmlFor={field('showUntil')}>
              {messages.showUntilLabel}
            </label>
            <WindowPicker
              id={field('showUntil')}
              selected={values.showUntil}
              onChange={setWindowEnd('showUntil')}
              min={values.showFrom}
              invalid={windowError}
              describedBy={windowError ? field('window-error') : undefined}
            />
          </div>
        </div>
        <p className="link-form__hint" id={field('window-hint')}>
          {messages.windowHint}
        </p>
        {windowError && (
          <p className="link-form__error" id={field('window-error')} role="alert" data-testid="window-error">
            {messages.windowReversed}
          </p>
        )}
      </fieldset>
      <button type="submit" className="admin-button admin-form__submit" disabled={submitting}>
        {submitting ? messages.saving : labels.submit}
      </button>
    </form>
  );
}
