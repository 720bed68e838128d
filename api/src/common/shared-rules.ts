/**
 * Rules the API enforces and the browser checks ahead of it, kept in ONE place
 * (docs/decisions/0051-nothing-half-saved.md, docs/decisions/0055-form-flow.md).
 *
 * This file is the source. `npm run contract` copies it verbatim into `contract/src/api-rules.ts` (with the Korean
 * messages the forms show, `apiMessages`), where the web apps import it as `@linksite/contract/api-rules`; the
 * contract test fails while that copy is stale. The API cannot import the contract at run time (its build compiles
 * `api/src` only) and must never import web code (lint), and the contract cannot import the API: so the API owns
 * the rules and the contract carries a checked copy. Keep this file free of imports and of anything but plain
 * TypeScript that runs in Node and in a browser alike.
 */

/** One byte pattern at a fixed offset from the start of a file. */
export interface BytePattern {
  /** Offset in bytes from the first byte. */
  offset: number;
  /** The bytes expected there. */
  bytes: readonly number[];
}

/** An accepted image type and the patterns that ALL must match its first bytes. */
export interface ImageSignature {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/avif';
  patterns: readonly BytePattern[];
}

const ascii = (text: string): number[] => Array.from(text, (char) => char.charCodeAt(0));

/*
 * The values this file computes at the top level are made by calls marked `@__PURE__`: a bundler keeps a top-level call
 * unless told it has no side effects, so without the mark every web app that imports one rule (mf-store: the
 * disclosure's words) carried the image signatures too.
 */

/**
 * The file signatures ("magic numbers") of the image types docs/decisions/0004-image-uploads.md accepts: JPEG, PNG,
 * WebP, GIF, AVIF. SVG, HEIC, TIFF, BMP, text and everything else match none. AVIF is an ISO-BMFF `ftyp` box with the
 * brand `avif` or `avis` (or the generic HEIF brands `mif1` / `msf1` some encoders write; the API then still checks the
 * compression is AV1 and refuses HEIC).
 */
export const IMAGE_SIGNATURES: readonly ImageSignature[] = /* @__PURE__ */ imageSignatures();

/** The list of {@link IMAGE_SIGNATURES}. */
function imageSignatures(): ImageSignature[] {
  return [
    { contentType: 'image/jpeg', patterns: [{ offset: 0, bytes: [0xff, 0xd8, 0xff] }] },
    { contentType: 'image/png', patterns: [{ offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }] },
    {
      contentType: 'image/webp',
      patterns: [
        { offset: 0, bytes: ascii('RIFF') },
        { offset: 8, bytes: ascii('WEBP') },
      ],
    },
    { contentType: 'image/gif', patterns: [{ offset: 0, bytes: ascii('GIF87a') }] },
    { contentType: 'image/gif', patterns: [{ offset: 0, bytes: ascii('GIF89a') }] },
    ...['avif', 'avis', 'mif1', 'msf1'].map((brand): ImageSignature => ({
      contentType: 'image/avif',
      patterns: [
        { offset: 4, bytes: ascii('ftyp') },
        { offset: 8, bytes: ascii(brand) },
      ],
    })),
  ];
}

/** How many first bytes {@link imageTypeOf} needs: the end of the furthest pattern. */
export const IMAGE_SIGNATURE_LENGTH = /* @__PURE__ */ furthestByte(IMAGE_SIGNATURES);

/** The end of the furthest pattern of `signatures`, in bytes from the first. */
function furthestByte(signatures: readonly ImageSignature[]): number {
  return Math.max(...signatures.flatMap(({ patterns }) => patterns.map(({ offset, bytes }) => offset + bytes.length)));
}

/**
 * The accepted image type the first bytes of a file announce, or null when they match no signature
 * ({@link IMAGE_SIGNATURES}). Reads at most {@link IMAGE_SIGNATURE_LENGTH} bytes; a shorter input matches only
 * the patterns it covers completely.
 */
export function imageTypeOf(head: Uint8Array): ImageSignature['contentType'] | null {
  const match = IMAGE_SIGNATURES.find(({ patterns }) =>
    patterns.every(({ offset, bytes }) => bytes.every((byte, index) => head[offset + index] === byte)),
  );
  return match?.contentType ?? null;
}

/**
 * A field whose value is one of a few, declared once for every tier: each value's Korean name in the form's order (the
 * first is the default), the field's label, and the form's hint under it when it has one.
 */
export interface ChoiceField {
  readonly label: string;
  readonly hint?: string;
  readonly names: Readonly<Record<string, string>>;
}

/**
 * A link's disclosure (docs/decisions/0070-disclosure-label.md; 표시·광고법 and the 공정위 추천·보증 심사지침 want it at
 * the start of the content), declared once for every tier:
 * - `names`: its values in the form's order, each with the Korean word it shows as everywhere (the form's choice, the
 *   admin list's chip, the public card's first word, the audit log). The first, `none`, is a new link's and puts
 *   nothing on the card.
 * - `label`: the field's name on the form, in the audit log and in the API's 400.
 * - `hint`: the form's sentence under it.
 * The API's entity, DTO, 400 and audit log read it here; the remotes read the contract's copy, bundled when each is
 * built, so a remote released alone keeps the words it was built with.
 */
export const LINK_DISCLOSURE = {
  label: '광고 표시',
  hint: '광고·협찬·제휴 상품은 방문자가 보는 카드의 이름 앞에 이 표시가 붙습니다.',
  names: { none: '표시 안 함', ad: '광고', sponsored: '협찬', affiliate: '제휴' },
} as const satisfies ChoiceField;

/** One value of {@link LINK_DISCLOSURE}: `none`, `ad`, `sponsored` or `affiliate`. */
export type LinkDisclosure = keyof typeof LINK_DISCLOSURE.names;

/** The values of {@link LINK_DISCLOSURE}, in the form's order. */
export const LINK_DISCLOSURES = /* @__PURE__ */ Object.keys(LINK_DISCLOSURE.names) as readonly LinkDisclosure[];

/** Longest link name in characters (docs/decisions/0002-entities.md). */
export const MAX_PNAME_LENGTH = 100;
/** At most this many tags per link (docs/decisions/0002-entities.md). */
export const MAX_TAGS = 20;
/** At most this many characters per tag (docs/decisions/0002-entities.md). */
export const MAX_TAG_LENGTH = 30;
/** Longest accepted URL (docs/decisions/0002-entities.md: link and imagelink ≤ 2048). */
export const MAX_URL_LENGTH = 2048;

/**
 * True for an absolute `http:` or `https:` URL of at most MAX_URL_LENGTH characters with a host and no
 * whitespace or control characters. Everything else is false: `javascript:`, `data:`, `ftp:`, relative paths,
 * and scheme tricks such as ` javascript:` or `java\tscript:` (docs/decisions/0002-entities.md,
 * docs/decisions/0013-link-management.md "http/https only").
 */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  // eslint-disable-next-line no-control-regex
  if (!/^https?:\/\//i.test(value) || /[\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The internal path of an uploaded image, as responses give it (docs/decisions/0003-api-calls.md):
 * `/api/images/<64 hex>`.
 */
export const INTERNAL_IMAGE_PATH = /^\/api\/images\/([0-9a-f]{64})$/;

/**
 * True for a value the `imagelink` field accepts: an http(s) URL ({@link isHttpUrl}) or the internal path of an
 * uploaded image ({@link INTERNAL_IMAGE_PATH}); whether that image exists is the API's check.
 */
export function isImageLink(value: unknown): value is string {
  return isHttpUrl(value) || (typeof value === 'string' && INTERNAL_IMAGE_PATH.test(value));
}

/**
 * The tags of the one tag string of the forms (docs/decisions/0002-entities.md): split on `,` and `/`, trimmed, a
 * leading `#` dropped (`#해시` → `해시`, docs/decisions/0055-form-flow.md: people type hashtags, the list adds its own
 * `#`), empty parts and duplicates dropped, first occurrence kept. Not bounded: the validators refuse more than
 * MAX_TAGS or a tag longer than MAX_TAG_LENGTH.
 */
export function splitTagInput(input: string): string[] {
  return [
    ...new Set(
      input
        .split(/[,/]/)
        .map((part) => part.trim().replace(/^#+/, '').trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * A remote's Module Federation name as a browser-side error report gives it (`mf_links`, the `name` of
 * `remotes.json`): a lowercase letter, then at most 39 lowercase letters, digits and `_`.
 */
export const REMOTE_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/** What a browser that does not know a remote's release version reports as its version. */
export const UNKNOWN_RELEASE_VERSION = '-';

/**
 * A release version as a browser-side error report gives it: 6–64 lowercase hex digits (a release is named by a hash
 * of its content, `build/app-release.js`), or {@link UNKNOWN_RELEASE_VERSION}.
 */
export const REPORTED_RELEASE_VERSION = /^(?:[0-9a-f]{6,64}|-)$/;

/** Longest email address in characters: the 254 a forward path leaves for it (RFC 5321 §4.5.3.1.3). */
export const MAX_EMAIL_LENGTH = 254;

/**
 * An email address as the HTML standard's `<input type="email">` accepts it ("valid email address", one `@`, no
 * display name, no quotes or comments), with a local part of at most 64 characters (RFC 5321 §4.5.3.1.1), a domain
 * of at least two labels (a reminder needs an address the Internet can deliver to, not `name@localhost`) and at most
 * MAX_EMAIL_LENGTH characters in all. Used by the booking's optional reminder address
 * (docs/decisions/0076-calendar-and-reminders.md). Trim first.
 */
export function isEmailAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_EMAIL_LENGTH) return false;
  const match =
    /^([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+)@([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+)$/.exec(
      value,
    );
  return match !== null && match[1]!.length <= 64;
}

/**
 * The site's roles, as realm roles in the access token's `realm_access.roles` (Keycloak's claim shape;
 * docs/decisions/0079-roles.md). `owner` may do everything (people, backup and restore, the audit log, visitors'
 * personal data); `editor` links, schedules, popups and their slots, the cover and analytics; `staff` the bookings of
 * today's and upcoming slots (search, check-in, no-show, cancel), with phone numbers masked. Ordered from most to
 * least.
 */
export const SITE_ROLES = ['owner', 'editor', 'staff'] as const;

/** One of {@link SITE_ROLES}. */
export type SiteRole = (typeof SITE_ROLES)[number];

/**
 * The site roles a token's realm roles grant, most powerful first, each once. `legacyOwnerRole` (ADMIN_ROLE, `admin`
 * by default) is the one administrator role of sites from before roles: it still counts as `owner`, so a site
 * upgraded without touching its identity server keeps working (docs/upgrading.md). Other realm roles
 * (`offline_access`, `default-roles-…`) grant nothing.
 * @example siteRolesOf(['staff', 'offline_access'], 'admin') → ['staff']; siteRolesOf(['admin'], 'admin') → ['owner']
 */
export function siteRolesOf(realmRoles: readonly string[], legacyOwnerRole: string): SiteRole[] {
  return SITE_ROLES.filter(
    (role) => realmRoles.includes(role) || (role === 'owner' && realmRoles.includes(legacyOwnerRole)),
  );
}

/**
 * Whether someone holding `held` may use what is open to `allowed`. `owner` may use everything (deny by default for
 * the others: a route or screen that names no role is the owner's alone).
 */
export function rolesAllow(held: readonly SiteRole[], allowed: readonly SiteRole[]): boolean {
  return held.includes('owner') || held.some((role) => allowed.includes(role));
}
