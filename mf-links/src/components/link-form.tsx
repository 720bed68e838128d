import { useId, useState, type FormEvent } from 'react';
import { imageUrl, ImageDropzone, useObjectUrl } from '@linksite/platform';
import type { CreateLinkBody } from '@linksite/contract';
import { LINK_DISCLOSURE, LINK_DISCLOSURES } from '@linksite/contract/api-rules';
import { windowEndToIso } from '../lib/link-window';
import { messages } from '../lib/messages';
import { cleanTagInput, LINK_FIELDS, validateLink, type LinkField } from '../lib/validate-link';
import { WindowPicker } from './window-picker';
import './link-screens.css';

/**
 * What the form's fields hold: one string per text field of the create body (an empty string sends none), the
 * visibility switch, and the window's ends as Seoul wall times or null (`lib/link-window.ts`).
 */
export type LinkFormValues = Record<
  Exclude<keyof CreateLinkBody, 'enabled' | 'disclosure' | 'showFrom' | 'showUntil'>,
  string
> & {
  enabled: boolean;
  disclosure: Disclosure;
  showFrom: Date | null;
  showUntil: Date | null;
};

/** The request body of the form's values: the window as RFC 3339 instants (`+09:00`) or null. */
export function toLinkBody(values: LinkFormValues): CreateLinkBody {
  return { ...values, showFrom: windowEndToIso(values.showFrom), showUntil: windowEndToIso(values.showUntil) };
}

type Disclosure = NonNullable<CreateLinkBody['disclosure']>;

/**
 * The two forms (docs/product.md#2-screens-and-routes): the same fields under the same names; only the submit button
 * differs.
 */
export type LinkFormVariant = 'create' | 'edit';

const LABELS = {
  name: messages.fieldName,
  tag: messages.fieldTag,
  tagHint: messages.fieldTagHint,
  link: messages.fieldLink,
} as const;
const SUBMIT_LABELS: Record<LinkFormVariant, string> = { create: messages.register, edit: messages.update };

export interface LinkFormProps {
  variant: LinkFormVariant;
  /** Values to start from (the edit form: the loaded link, tags as one comma-separated string). */
  initial?: LinkFormValues;
  /**
   * An image file already chosen, and the image link it replaces (put back if the choice is cancelled): the edit form
   * reopened after a conflict keeps the administrator's file (docs/decisions/0048-no-silent-overwrite.md).
   */
  initialFile?: { file: File; imagelinkBefore: string } | null;
  /**
   * Called once the form is valid and the user agreed (docs/product.md#5-validation). `file` is the chosen image or
   * null; `input` carries the typed image link (empty when a file was chosen). Resolve when done; rejections are the
   * caller's to report (the form only re-enables itself).
   */
  onSubmit: (input: LinkFormValues, file: File | null) => Promise<void>;
}

/** One field of the form: its label, a new link's value and, for a choice, the names of its values in their order. */
export interface LinkFormField<T> {
  label: string;
  initial: T;
  choices?: T extends string ? Record<T, string> : never;
}

/**
 * Every field of the form, in the form's order: the conflict comparison (lib/link-conflict.ts) compares, labels and
 * names them from here, so a new field is one entry, not one per screen that lists fields.
 */
export const LINK_FORM_FIELDS: { [K in keyof LinkFormValues]: LinkFormField<LinkFormValues[K]> } = {
  pname: { label: messages.fieldName, initial: '' },
  tag: { label: messages.fieldTag, initial: '' },
  link: { label: messages.fieldLink, initial: '' },
  imagelink: { label: messages.imagelink, initial: '' },
  disclosure: { label: LINK_DISCLOSURE.label, initial: 'none', choices: LINK_DISCLOSURE.names },
  enabled: { label: messages.enabledLabel, initial: true },
  showFrom: { label: messages.showFromLabel, initial: null },
  showUntil: { label: messages.showUntilLabel, initial: null },
};

/** A new link's values, every field in the form's order. */
export const EMPTY_LINK_FORM = Object.fromEntries(
  Object.entries(LINK_FORM_FIELDS).map(([field, { initial }]) => [field, initial]),
) as LinkFormValues;

/** The preview of a typed image link: internal images at 640 px, external URLs as they are. */
function previewOf(imagelink: string): string | null {
  const value = imagelink.trim();
  if (!value) return null;
  if (value.startsWith('/api/images/')) return imageUrl(value, 640);
  return /^https?:\/\//i.test(value) ? value : null;
}

/**
 * The link create / edit form (docs/product.md#2-screens-and-routes, docs/product.md#4-states-and-transitions,
 * docs/product.md#5-validation).
 * - Preview (docs/product.md#4-states-and-transitions): the chosen file (object URL), else the typed image link, else
 *   the default placeholder. Choosing or dropping a file clears the image-link input and shows the file's name; typing
 *   an image link drops the chosen file and previews the link.
 * - Validation (docs/product.md#5-validation, docs/decisions/0055-form-flow.md): before anything is sent, the API's own
 *   checks and sentences (`validateLink`: name, tags, link and image-link URLs, the window), each shown under its
 *   field, the first refused field focused. Only then, and only on create, with neither a file nor an image link the
 *   user confirms `이미지 없이 링크 정보를 등록하시겠습니까?` (declining cancels); editing a link without an image asks nothing.
 * - Tags are sent with each tag's leading `#` dropped (`#해시` → `해시`), as the hint says.
 * - 광고 표시 (docs/decisions/0070-disclosure-label.md): one of the contract's four disclosures, 표시 안 함 (`none`) unless
 *   chosen.
 */
export function LinkForm({ variant, initial = EMPTY_LINK_FORM, initialFile = null, onSubmit }: LinkFormProps) {
  const ids = useId();
  const [values, setValues] = useState<LinkFormValues>(initial);
  const [file, setFile] = useState<File | null>(initialFile?.file ?? null);
  // The image link the chosen file replaced in the input, put back if the choice is cancelled.
  const [imagelinkBeforeFile, setImagelinkBeforeFile] = useState(initialFile?.imagelinkBefore ?? '');
  const [errors, setErrors] = useState<Partial<Record<LinkField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const fileUrl = useObjectUrl(file);

  /** Forgets the message of a field the user is changing. */
  const clearError = (field: LinkField) =>
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });

  const set = (field: 'pname' | 'tag' | 'link' | 'imagelink') => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
    if (field === 'imagelink' && value.trim()) setFile(null);
  };

  const setWindowEnd = (field: 'showFrom' | 'showUntil') => (date: Date | null) => {
    setValues((current) => ({ ...current, [field]: date }));
    clearError('showUntil');
  };

  const chooseFile = (chosen: File) => {
    if (!file) setImagelinkBeforeFile(values.imagelink);
    setFile(chosen);
    setValues((current) => ({ ...current, imagelink: '' }));
    clearError('imagelink');
  };

  const cancelFile = () => {
    setFile(null);
    setValues((current) => ({ ...current, imagelink: imagelinkBeforeFile }));
  };

  const field = (name: string) => `${ids}-${name}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateLink({ ...values, hasFile: file !== null });
    setErrors(found);
    const first = LINK_FIELDS.find((name) => found[name]);
    if (first) {
      // Text fields get the focus; the window's end would open its calendar, so its message is announced instead.
      if (first !== 'showUntil') document.getElementById(field(first))?.focus();
      return;
    }
    const withoutImage = !file && !values.imagelink.trim();
    if (variant === 'create' && withoutImage && !window.confirm(messages.confirmWithoutImage)) return;
    setSubmitting(true);
    try {
      await onSubmit(
        {
          ...values,
          pname: values.pname.trim(),
          tag: cleanTagInput(values.tag),
          link: values.link.trim(),
          imagelink: file ? '' : values.imagelink.trim(),
        },
        file,
      );
    } finally {
      setSubmitting(false);
    }
  };

  /** The message under a refused field (`role="alert"`, `data-testid="<field>-error"`), or nothing. */
  const errorOf = (name: LinkField) =>
    errors[name] && (
      <p className="link-form__error" id={field(`${name}-error`)} role="alert" data-testid={`${name}-error`}>
        {errors[name]}
      </p>
    );
  /** aria-invalid and aria-describedby of a field's input. */
  const invalid = (name: LinkField, hint?: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [errors[name] ? field(`${name}-error`) : null, hint ?? null].filter(Boolean).join(' ') || undefined,
  });

  return (
    <form className="admin-form link-form" onSubmit={submit} noValidate data-testid="link-form">
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={field('pname')}>
          {LABELS.name}{' '}
          <span className="link-form__required" aria-hidden="true">
            *
          </span>
        </label>
        <input
          id={field('pname')}
          className="admin-form__input"
          name="pname"
          value={values.pname}
          onChange={set('pname')}
          maxLength={100}
          required
          {...invalid('pname')}
          autoComplete="off"
        />
        {errorOf('pname')}
      </div>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={field('tag')}>
          {LABELS.tag}
        </label>
        <input
          id={field('tag')}
          className="admin-form__input"
          name="tag"
          value={values.tag}
          onChange={set('tag')}
          {...invalid('tag', field('tag-hint'))}
          autoComplete="off"
        />
        {errorOf('tag')}
        <p className="link-form__hint" id={field('tag-hint')}>
          {LABELS.tagHint}
          <br />
          {messages.tagHashHint}
        </p>
      </div>
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={field('link')}>
          {LABELS.link}
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
          {...invalid('link')}
          autoComplete="off"
        />
        {errorOf('link')}
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
          {...invalid('imagelink')}
          autoComplete="off"
        />
        {errorOf('imagelink')}
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
      <div className="admin-form__field">
        <label className="admin-form__label" htmlFor={field('disclosure')}>
          {LINK_DISCLOSURE.label}
        </label>
        <select
          id={field('disclosure')}
          className="admin-form__input"
          name="disclosure"
          value={values.disclosure}
          onChange={(event) => setValues((current) => ({ ...current, disclosure: event.target.value as Disclosure }))}
          aria-describedby={field('disclosure-hint')}
        >
          {LINK_DISCLOSURES.map((value) => (
            <option key={value} value={value}>
              {LINK_DISCLOSURE.names[value]}
            </option>
          ))}
        </select>
        <p className="link-form__hint" id={field('disclosure-hint')}>
          {LINK_DISCLOSURE.hint}
        </p>
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
              invalid={Boolean(errors.showUntil)}
              describedBy={errors.showUntil ? field('window-error') : undefined}
            />
          </div>
        </div>
        <p className="link-form__hint" id={field('window-hint')}>
          {messages.windowHint}
        </p>
        {errors.showUntil && (
          <p className="link-form__error" id={field('window-error')} role="alert" data-testid="window-error">
            {errors.showUntil}
          </p>
        )}
      </fieldset>
      <button type="submit" className="admin-button admin-form__submit" disabled={submitting}>
        {submitting ? messages.saving : SUBMIT_LABELS[variant]}
      </button>
    </form>
  );
}
