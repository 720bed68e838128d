import {
  apiMessages,
  isHttpUrl,
  isImageLink,
  MAX_PNAME_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  splitTagInput,
} from '@linksite/contract/api-rules';
import { windowIsReversed } from './link-window';

/** The form fields a check can refuse, in the order the form shows them (the first one gets the focus). */
export const LINK_FIELDS = ['pname', 'tag', 'link', 'imagelink', 'showUntil'] as const;
export type LinkField = (typeof LINK_FIELDS)[number];

/** What the checks read: the form's strings, the window, and whether a file is the image. */
export interface LinkDraft {
  pname: string;
  tag: string;
  link: string;
  imagelink: string;
  showFrom: Date | null;
  showUntil: Date | null;
  hasFile: boolean;
}

const length = (text: string) => Array.from(text).length;

/**
 * The API's checks of a link body, run in the browser before anything is sent (docs/decisions/0055-form-flow.md), with
 * the API's own sentences (`apiMessages`) and rules (`@linksite/contract/api-rules`, copied from
 * api/src/common/shared-rules.ts): name required and at most 100 characters; at most 20 tags of at most 30 characters;
 * `link` empty or an http(s) URL; `imagelink` (ignored when a file is chosen) empty, an http(s) URL or
 * `/api/images/<key>`; the window's end after its start. The API checks again (an unknown image key, for one, is only
 * known there).
 * @returns one sentence per refused field; empty when the form may be sent.
 */
export function validateLink(draft: LinkDraft): Partial<Record<LinkField, string>> {
  const errors: Partial<Record<LinkField, string>> = {};
  const pname = draft.pname.trim();
  if (!pname) errors.pname = apiMessages.pnameRequired;
  else if (length(pname) > MAX_PNAME_LENGTH) errors.pname = apiMessages.pnameTooLong;
  const tags = splitTagInput(draft.tag);
  if (tags.length > MAX_TAGS) errors.tag = apiMessages.tooManyTags;
  else if (tags.some((tag) => length(tag) > MAX_TAG_LENGTH)) errors.tag = apiMessages.tagTooLong;
  const link = draft.link.trim();
  if (link && !isHttpUrl(link)) errors.link = apiMessages.linkUrlInvalid;
  const imagelink = draft.imagelink.trim();
  if (!draft.hasFile && imagelink && !isImageLink(imagelink)) errors.imagelink = apiMessages.imagelinkInvalid;
  if (windowIsReversed(draft.showFrom, draft.showUntil)) errors.showUntil = apiMessages.linkWindowOrder;
  return errors;
}

/** The tag string as it is sent: each tag's leading `#` dropped, empty parts and repeats gone (`#해시, 간식` → `해시, 간식`). */
export function cleanTagInput(tag: string): string {
  return splitTagInput(tag).join(', ');
}
