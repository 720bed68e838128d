import { format } from 'date-fns';
import { ko as koLocale } from 'date-fns/locale/ko';
import { LINK_FORM_FIELDS, type LinkFormValues } from '../components/link-form';
import { messages } from './messages';
import { cleanTagInput } from './validate-link';

/**
 * The edit form's fields a conflict compares, in the form's order (docs/decisions/0048-no-silent-overwrite.md): every
 * field of the form (`LINK_FORM_FIELDS`, with its label and a choice's value names), so a new one
 * (docs/decisions/0070-disclosure-label.md: `disclosure`) is compared, labelled and named without a list to update.
 */
export type ConflictField = keyof LinkFormValues;
export const CONFLICT_FIELDS = Object.keys(LINK_FORM_FIELDS) as ConflictField[];

/** One field that differs between the stored link and what the administrator tried to save. */
export interface FieldDifference {
  field: ConflictField;
  /** The field's name as the form labels it. */
  label: string;
  /** The stored value, as a person reads it. */
  stored: string;
  /** The administrator's value, as a person reads it. */
  mine: string;
  /** Another administrator changed it since the form loaded. */
  changedByOther: boolean;
  /** The administrator changed it in the form. */
  changedByMe: boolean;
}

/** Field values compared as the API would store them: text trimmed, tags normalized, window ends to the minute. */
function comparable(values: LinkFormValues, field: ConflictField): string {
  const value = values[field];
  if (value instanceof Date) return String(Math.floor(value.getTime() / 60_000));
  if (value === null) return '';
  if (typeof value === 'boolean') return String(value);
  return field === 'tag' ? cleanTagInput(value) : value.trim();
}

const same = (a: LinkFormValues, b: LinkFormValues, field: ConflictField) =>
  comparable(a, field) === comparable(b, field);

/** A field's value as the comparison shows it (an empty one as `(비어 있음)`, the switch as 공개/숨김, a choice by its name). */
function shown(values: LinkFormValues, field: ConflictField): string {
  const value = values[field];
  if (typeof value === 'boolean') return value ? messages.conflictEnabled : messages.conflictDisabled;
  if (value instanceof Date) return format(value, 'yyyy년 M월 d일 aa h:mm', { locale: koLocale });
  const choices: Record<string, string> | undefined = LINK_FORM_FIELDS[field].choices;
  if (choices && typeof value === 'string') return choices[value] ?? value;
  if (value === null || value.trim() === '') return messages.conflictEmpty;
  return field === 'tag' ? cleanTagInput(value) : value.trim();
}

/**
 * What a stale save ran into (docs/decisions/0048-no-silent-overwrite.md), field by field: every field whose stored
 * value differs from the administrator's, with who changed it. `loaded` is the link as the form loaded it, `stored` as
 * it is now, `mine` what the form sent; `file` the image file the administrator chose (it replaces the image link), or
 * null.
 */
export function linkDifferences(
  loaded: LinkFormValues,
  stored: LinkFormValues,
  mine: LinkFormValues,
  file: File | null,
): FieldDifference[] {
  return CONFLICT_FIELDS.flatMap((field) => {
    const myFile = field === 'imagelink' && file !== null;
    if (!myFile && same(stored, mine, field)) return [];
    return [
      {
        field,
        label: LINK_FORM_FIELDS[field].label,
        stored: shown(stored, field),
        mine: myFile ? messages.chosenFile(file.name) : shown(mine, field),
        changedByOther: !same(loaded, stored, field),
        changedByMe: myFile || !same(loaded, mine, field),
      },
    ];
  });
}

/**
 * The administrator's change applied on top of the stored link (docs/decisions/0048-no-silent-overwrite.md): the stored
 * values, except the fields the administrator changed since loading (those keep the administrator's value). A chosen
 * file stays chosen (the caller keeps it), so the image link is left as stored underneath.
 */
export function applyOnTop(loaded: LinkFormValues, stored: LinkFormValues, mine: LinkFormValues): LinkFormValues {
  const merged: LinkFormValues = { ...stored };
  for (const field of CONFLICT_FIELDS) {
    if (!same(loaded, mine, field)) Object.assign(merged, { [field]: mine[field] });
  }
  return merged;
}
