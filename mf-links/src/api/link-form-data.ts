import type { CreateLinkBody } from '@linksite/contract';

/**
 * The fields a form-with-image request carries: the JSON create body without `imagelink` (the file is the image), and
 * on update the `version` the form loaded (docs/decisions/0048-no-silent-overwrite.md).
 */
export type LinkFormBody = Omit<CreateLinkBody, 'imagelink'> & { version?: number };

/**
 * The multipart body of the with-image endpoints: every field as a text part (booleans as `'true'`/`'false'`, numbers as digits, null as
 * an empty part, which the API reads as none), then the file `image` last, so the fields arrive before the bytes.
 */
export function linkFormData(input: LinkFormBody, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined) form.append(name, value === null ? '' : String(value));
  }
  form.append('image', file, file.name);
  return form;
}
