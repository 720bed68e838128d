#!/usr/bin/env node
/**
 * Rewrites the tracker and specification citations of the tracked files into links to the repository's own
 * documents: "issue N item M", "issue N", "DECISIONS Dn" (and a bare "Dn"), "spec §n" (and a bare "§n") become
 * a record's path (`docs/decisions/0030-popup-bookings.md`) or a section of
 * docs/product.md (`docs/product.md#5-validation`). The tables below are the mapping; every file they name is in
 * docs/. Idempotent: a rewritten file holds no citation the patterns match, so a second run changes nothing.
 *
 *   node scripts/rewrite-citations.mjs [--root <dir>] [--dry-run] [--no-format] [--verbose]
 *
 * --root       the tree to rewrite (default: the current directory); its files are `git ls-files` there.
 * --dry-run    report what would change, write nothing.
 * --no-format  do not run the repository's Prettier over the rewritten files it formats (paths are longer than
 *              the citations, so a call may need rewrapping to stay within printWidth).
 * Prints one line per changed file, `<path>: <citations>` (with --verbose or --dry-run), a summary (citations rewritten, files changed), and
 * each citation it found no record for (an issue missing from the tables), which it leaves as it is.
 * Exit status 0, or 1 when a file could not be read or written.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { headingSlugs } from './check-citations.mjs';

/** The decision records of DECISIONS.md (D1–D8), by number. */
export const DECISIONS = {
  1: '0001-response-envelope.md',
  2: '0002-entities.md',
  3: '0003-api-calls.md',
  4: '0004-image-uploads.md',
  5: '0005-authentication.md',
  6: '0006-korean-wording.md',
  7: '0007-screen-completions.md',
  8: '0008-runtime-configuration.md',
};

/** A whole issue, cited without an item (or with an item that has no record of its own): its overview record. */
export const ISSUES = {
  2: '0009-walking-skeleton.md',
  3: '0011-administrator-sign-in.md',
  4: '0013-link-management.md',
  5: '0014-schedules-popups-cover.md',
  6: '0015-production-deployment.md',
  11: '0019-remotes-ship-alone.md',
  12: '0026-creator-features.md',
  13: '0030-popup-bookings.md',
  14: '0031-public-page-from-kakaotalk.md',
  15: '0040-trusted-under-attack.md',
  16: '0050-admin-console-real-use.md',
  24: '0057-remotes-ship-alone-with-ssr.md',
  25: '0063-install-build-explain.md',
  26: '0071-opening-hour.md',
  27: '0078-team-runs-the-site.md',
  28: '0085-trust-in-the-details.md',
};

/** Issue items with a record of their own, keyed "issue.item". Sub-items (14.8a) use their item's record. */
export const ITEMS = {
  2.3: '0010-demo-catalogue.md',
  3.5: '0012-keycloak-in-production.md',
  6.2: '0016-compose-and-gateway.md',
  6.3: '0017-stateless-api.md',
  6.4: '0018-independent-remote-deployment.md',
  11.1: '0020-one-contract.md',
  11.2: '0021-remote-owned-strings.md',
  11.3: '0022-lint-and-boundaries.md',
  11.4: '0023-secure-by-default.md',
  11.5: '0024-remote-registry.md',
  11.6: '0025-edit-loop.md',
  12.1: '0027-first-party-analytics.md',
  12.2: '0028-link-visibility.md',
  12.3: '0029-backup-restore-upgrade.md',
  14.1: '0032-server-rendered-first-screen.md',
  14.2: '0033-head-and-link-preview.md',
  14.3: '0034-visitor-loads-what-it-shows.md',
  14.4: '0035-public-read-caching.md',
  14.5: '0036-paged-public-read.md',
  14.6: '0037-keyword-tooltips.md',
  14.7: '0038-share-and-qr.md',
  14.8: '0039-measured-not-asserted.md',
  15.1: '0041-security-headers.md',
  15.2: '0042-rate-limits.md',
  15.3: '0043-bad-input-corpus.md',
  15.4: '0044-survivable-faults.md',
  15.5: '0045-identity-hardening.md',
  15.6: '0046-serve-and-supervise.md',
  15.7: '0047-logs-metrics-audit.md',
  15.8: '0048-no-silent-overwrite.md',
  15.9: '0049-past-one-machine.md',
  16.1: '0051-nothing-half-saved.md',
  16.2: '0052-no-silent-changes.md',
  16.3: '0053-phone-proof-layout.md',
  16.4: '0054-korean-everywhere.md',
  16.5: '0055-form-flow.md',
  16.6: '0056-reorder-any-length.md',
  24.1: '0058-web-tier-renders.md',
  24.2: '0059-versioned-releases.md',
  24.3: '0060-page-matches-code.md',
  24.4: '0061-canary.md',
  24.5: '0062-one-api-read-path.md',
  25.1: '0064-installs-everywhere.md',
  25.2: '0065-content-keyed-builds.md',
  25.3: '0066-visitor-ready-first-start.md',
  25.4: '0067-ci-wall-time.md',
  25.5: '0068-declared-once.md',
  25.6: '0069-repository-explains-itself.md',
  25.7: '0070-disclosure-label.md',
  26.1: '0072-cheap-analytics-ingest.md',
  26.2: '0073-every-tap-counted.md',
  26.3: '0074-waiting-room.md',
  26.4: '0075-waitlist.md',
  26.5: '0076-calendar-and-reminders.md',
  26.6: '0077-visitor-knows-what-happened.md',
  27.1: '0079-roles.md',
  27.2: '0080-people-invites-totp.md',
  27.3: '0081-camera-check-in.md',
  27.4: '0082-korean-audit-log.md',
  27.5: '0083-admin-reads-not-cached.md',
  27.6: '0084-admin-small-fixes.md',
  28.1: '0086-access-tokens-only.md',
  28.2: '0087-lockout-no-stranger-holds.md',
  28.3: '0088-bounded-decompression.md',
  28.4: '0089-invalidation-cannot-be-lost.md',
  28.5: '0090-stop-cleanly.md',
  28.6: '0091-responsive-embedded-default.md',
  28.7: '0092-connection-failure-is-503.md',
  28.8: '0093-private-embedded-database.md',
  28.9: '0094-restore-validates.md',
  '28.10': '0095-no-host-derived-urls.md',
  28.11: '0096-smaller-hardening.md',
};

/**
 * An issue cited by a quoted heading instead of an item number (`issue 12 "Per-link visibility"`): the heading's
 * start, lower case, and the item it names. The quoted heading is dropped when it resolves to an item's record.
 */
export const HEADINGS = {
  6: { 'stateless api': 3 },
  11: {
    'one contract': 1,
    'each remote owns what it shows': 2,
    'lint and format': 3,
    'secure by default': 4,
    'declared once': 5,
    'edit loop': 6,
    'an edit loop': 6,
  },
  12: {
    'first-party analytics': 1,
    'per-link visibility': 2,
    'public responses must not be cached': 2,
    'entered and shown in asia/seoul': 2,
    'backup, restore, migration': 3,
    'an upgrade test in ci': 3,
    'show what will be replaced': 3,
  },
  15: {
    headers: 1,
    'rate limits': 2,
    'bad-input corpus': 3,
    'a bad-input corpus': 3,
    faults: 4,
    'identity that survives': 5,
    'serve and supervise': 6,
    'operate it': 7,
    'no silent overwrite': 8,
    'past one machine': 9,
  },
  16: {
    'nothing half-saved': 1,
    'no silent changes': 2,
    'phone-proof': 3,
    'korean everywhere': 4,
    flow: 5,
    'reordering at any length': 6,
  },
  25: { 'declared once': 5, 'the repository explains itself': 6 },
};

/** docs/product.md's sections, numbered as the specification's §1–§9 they restate: the anchor of each. */
export const PRODUCT_SECTIONS = {
  1: '1-purpose-and-audience',
  2: '2-screens-and-routes',
  3: '3-entities',
  4: '4-states-and-transitions',
  5: '5-validation',
  6: '6-roles-and-permissions',
  7: '7-api-calls',
  8: '8-errors',
  9: '9-constants-and-limits',
};

/** Files that hold citations on purpose (the records name their tracker origin; these tools name the patterns). */
export const EXEMPT = [
  /^docs\/decisions\//,
  /^scripts\/(check|rewrite)-citations\.mjs$/,
  /^e2e\/deploy\/citations\.e2e\.ts$/,
];

const decisionPath = (n) => {
  const file = DECISIONS[n];
  if (!file) throw new Error(`no decision record for D${n}`);
  return `docs/decisions/${file}`;
};
const issuePath = (issue, item) => {
  const file = (item !== undefined && ITEMS[`${issue}.${item}`]) || ISSUES[issue];
  if (!file) throw new Error(`no decision record for issue ${issue}${item === undefined ? '' : ` item ${item}`}`);
  return `docs/decisions/${file}`;
};
const productPath = (section) => {
  const anchor = PRODUCT_SECTIONS[section];
  if (!anchor) throw new Error(`docs/product.md has no section ${section}`);
  return `docs/product.md#${anchor}`;
};

// A line break inside a comment or a generated string: newline, then the comment's leading `*`, `//` or `#`, or the
// two characters `\n` of an escaped string (api/src/metadata.ts, contract/openapi.json).
const GAP = String.raw`(?:(?:\s|\\n)+(?:(?:\*|\/\/|#)(?!\/)[ \t]*)?)`;
const NUM = String.raw`\d+[a-z]?`;
const LIST_SEP = String.raw`(?:\s*(?:,|/|&|–|-)\s*|\s+(?:and|or)\s+)`;
/**
 * "issue 28 item 1", "issues 12 and 14", "issue 14 items 1 and 3", "Issue 4/5", "issue 2 §3", "issue 6, item 4",
 * "issue 12 "Per-link visibility"". A singular "issue"/"item" takes a list only through "/" ("Issue 4/5"), so
 * "issue 13, 2 slots" stays one issue.
 */
const ISSUE_RE = new RegExp(
  String.raw`(?:(?<=\\n)|\b)[Ii]ssue(?:s${GAP}#?(?<firstOfMany>\d+)(?<moreIssues>(?:${LIST_SEP}#?\d+(?![\d.]))*)` +
    String.raw`|${GAP}#?(?<first>\d+)(?<slashIssues>(?:\/\d+(?![\d.]))*))` +
    String.raw`(?:,?${GAP}(?:(?:items|points)${GAP}(?<items>${NUM}(?:${LIST_SEP}${NUM}(?![\d.]))*)` +
    String.raw`|(?:item|point|[Bb]uild|§)${GAP}?(?<item>${NUM}(?:\/${NUM}(?![\d.]))*)))?` +
    String.raw`(?:(?<headingLead>,?[ \t]*)(?<open>\\?"|'|“)(?<heading>[^"'“”\n\\]{1,60})(?<close>\\?"|'|”))?`,
  'g',
);
/** "DECISIONS D2/D3", "DECISIONS D2 "Plan", D3", "`shared/spec/DECISIONS.md` D6", "(shared/spec/DECISIONS.md)". */
const DECISIONS_RE = new RegExp(
  String.raw`(?:\`?(?:\.\.\/)?(?:shared\/spec\/)?DECISIONS(?:\.md)?\`?)(?:${GAP}D([1-9]\d*))?`,
  'g',
);
/** "D2/D3": a list of decisions written with a slash, made a comma list before the paths replace the ids. */
const DECISION_SLASH_RE = /(?<=(?:^|[\s(,;"'`]|\\n)D[1-8])\/(?=D[1-8](?![\w-]))/g;
/**
 * A decision cited alone: "D3", "the D1 envelope", "(D2, D4)": upper-case D1–D8 between spaces or punctuation of
 * prose (never inside a base64 or hex run, where a "D1" is preceded by a letter, digit, "+" or "/").
 */
const BARE_DECISION_RE = /(?<=^|[\s(,;"'`]|\\n)D([1-8])(?=$|[\s),.;:'"`/])/g;
/** "spec §5", "Spec §2", "사양 §9", a bare "§4"; never an RFC's section ("RFC 6750 §2.1"). `\u00A7` is § escaped. */
const SECTION_RE = /(?<!RFC \d+,? )(?:(?:[Ss]pec|사양)(?:'s)?\s+)?(?:§|\\u00A7)(\d+)(?:\.\d+)*/g;
/** The specification's folder outside the repository. */
const SPEC_DIR_RE = /`?(?:\.\.\/)?shared\/spec\/?(?:000_[0-9a-f]+\.txt)?`?/g;
/** Never rewritten: data, not prose (a lockfile's base64 could hold a "D1"). */
const SKIP = [/(^|\/)package-lock\.json$/, /\.(png|jpe?g|gif|webp|avif|ico|woff2?|gz|tgz|zip|pdf)$/i];

const numbers = (list) => list.match(/\d+[a-z]?/g) ?? [];

/**
 * Rewrites one text; `file` is its path from the root. In Markdown a citation becomes a link that works from the
 * file's folder (`[0030-popup-bookings](../docs/decisions/0030-popup-bookings.md)`,
 * `[product.md#5-validation](../docs/product.md#5-validation)`); elsewhere the plain path from the root. Lines the
 * rewrite made longer than the repository's width are rewrapped with their comment or prose paragraph. Returns the new text, how many citations it replaced, and the citations it could not map
 * (an issue with no record: left as they are, for the checker to report).
 */
export function rewriteText(text, file = '') {
  const markdown = /\.md$/i.test(file);
  const link = (target) => {
    if (!markdown) return target;
    const [doc, anchor] = target.split('#');
    const relative = path.posix.relative(path.posix.dirname(file), doc) || path.posix.basename(doc);
    const label = doc.startsWith('docs/decisions/') ? path.posix.basename(doc, '.md') : target.slice('docs/'.length);
    return `[${label}](${relative}${anchor ? `#${anchor}` : ''})`;
  };
  let count = 0;
  const unresolved = [];
  let out = text.replace(ISSUE_RE, (...args) => {
    const whole = args[0];
    const groups = args[args.length - 1];
    const issues = [groups.firstOfMany ?? groups.first, ...numbers(groups.moreIssues ?? groups.slashIssues ?? '')].map(
      Number,
    );
    const unknown = issues.find((issue) => !ISSUES[issue]);
    if (unknown !== undefined) {
      unresolved.push(whole);
      return whole;
    }
    const itemList = groups.items ?? groups.item;
    let paths;
    let keepHeading = groups.heading !== undefined;
    if (itemList !== undefined) {
      const last = issues[issues.length - 1];
      paths = [
        ...issues.slice(0, -1).map((issue) => issuePath(issue)),
        ...numbers(itemList).map((item) => issuePath(last, Number.parseInt(item, 10))),
      ];
    } else if (keepHeading && issues.length === 1) {
      const table = HEADINGS[issues[0]] ?? {};
      const key = Object.keys(table).find((start) => groups.heading.toLowerCase().startsWith(start));
      paths = [issuePath(issues[0], key === undefined ? undefined : table[key])];
      keepHeading = key === undefined;
    } else {
      paths = issues.map((issue) => issuePath(issue));
    }
    count += 1;
    return (
      [...new Set(paths)].map(link).join(', ') +
      (keepHeading ? `${groups.headingLead}${groups.open}${groups.heading}${groups.close}` : '')
    );
  });
  out = out.replace(DECISION_SLASH_RE, ', ');
  out = out.replace(DECISIONS_RE, (whole, first) => {
    count += 1;
    return link(first === undefined ? 'docs/decisions/README.md' : decisionPath(Number(first)));
  });
  out = out.replace(BARE_DECISION_RE, (whole, n) => {
    count += 1;
    return link(decisionPath(Number(n)));
  });
  out = out.replace(SECTION_RE, (whole, section) => {
    count += 1;
    return link(productPath(Number(section)));
  });
  out = out.replace(SPEC_DIR_RE, () => {
    count += 1;
    return link('docs/product.md');
  });
  if (count > 0) out = rewrapLongLines(out, text, file);
  return { text: out, count, unresolved };
}

/** The repository's line width (Prettier's printWidth, and the width prose is wrapped at by hand). */
const WIDTH = 120;
/**
 * Files whose comments are not rewrapped: the @nestjs/swagger plugin copies the doc comments of DTOs and controllers,
 * line breaks included, into the generated contract (metadata.ts, openapi.json, schema.d.ts), which the rewrite keeps
 * in step only line for line. contract/src/api-rules.ts, a copy of api/src/common/shared-rules.ts, is rewrapped as
 * its source is, so the two stay equal.
 */
const NO_REWRAP = [/\.dto\.ts$/, /\.controller\.ts$/, /(^|\/)metadata\.ts$/, /^contract\/src\/schema\.d\.ts$/];
const CODE_FILE = /\.(ts|tsx|js|mjs|cjs)$/;
/** Files whose comments are `# ` lines: YAML, nginx configuration, shell. */
const HASH_FILE = /(\.(ya?ml|conf|template|sh)|(^|\/)Dockerfile)$/;
/** A line that starts something else, never the continuation of the paragraph above it. */
const STARTS_BLOCK = /^(?:[-*+] |\d+\. |@|\||#|>|```|~~~|<|\*\/)/;

/** Greedy wrap of `words` at WIDTH: the first line after `first`, the others after `rest`. */
function wrapWords(words, first, rest) {
  const lines = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = rest + word;
    } else {
      line += (empty ? '' : ' ') + word;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** The words of a text for wrapping: split at spaces, except inside a code span (`like this`), which stays whole. */
function codeSpanWords(text) {
  const words = [];
  let word = '';
  let inCode = false;
  for (const char of text) {
    if (char === '`') inCode = !inCode;
    if (char === ' ' && !inCode) {
      if (word) words.push(word);
      word = '';
    } else {
      word += char;
    }
  }
  if (word) words.push(word);
  return words;
}

/**
 * The paragraph a too-long line starts, in a code comment or in Markdown prose: `{ first, rest, words, count,
 * opening, closing }` (the prefix of its first and of its following lines, its words, how many lines it spans, and
 * for a one-line `/** … *\/` the lines that open and close it once it is split), or null where it is not prose.
 */
function paragraphAt(lines, index, style) {
  const line = lines[index];
  let first;
  let rest;
  let content;
  let opening = null;
  let closing = null;
  if (style === 'hash') {
    const hash = /^(\s*# )(.*)$/.exec(line);
    if (!hash) return null;
    first = rest = hash[1];
    content = hash[2];
  } else if (style === 'code') {
    const single = /^(\s*)\/\*\*? (.*?) \*\/$/.exec(line);
    const start = /^(\s*)(\/\*\*? )(.*)$/.exec(line);
    const middle = /^(\s*\* )(.*)$/.exec(line);
    const slashes = /^(\s*\/\/ )(.*)$/.exec(line);
    if (single) {
      opening = `${single[1]}/**`;
      closing = `${single[1]} */`;
      first = rest = `${single[1]} * `;
      content = single[2];
    } else if (start && !start[3].includes('*/')) {
      first = start[1] + start[2];
      rest = `${start[1]} * `;
      content = start[3];
    } else if (middle) {
      first = rest = middle[1];
      content = middle[2];
    } else if (slashes) {
      first = rest = slashes[1];
      content = slashes[2];
    } else {
      return null;
    }
  } else {
    const prose = /^(\s*)(.*)$/.exec(line);
    if (/^(\||#|>|```|~~~|<|\s{4})/.test(line)) return null;
    first = rest = prose[1];
    content = prose[2];
  }
  const item = /^(?:[-*+]|\d+\.) /.exec(content);
  if (item) rest += ' '.repeat(item[0].length);
  else if (STARTS_BLOCK.test(content)) return null;
  const contents = [];
  let count = 1;
  let end = '';
  if (closing === null && content.endsWith(' */')) {
    content = content.slice(0, -' */'.length);
    end = ' */';
  }
  contents.push(content);
  while (!end && closing === null && index + count < lines.length) {
    const next = lines[index + count];
    if (!next.startsWith(rest)) break;
    let more = next.slice(rest.length);
    if (more === '' || more === '*/' || /^\s/.test(more) || STARTS_BLOCK.test(more)) break;
    if (more.endsWith(' */')) {
      more = more.slice(0, -' */'.length);
      end = ' */';
    }
    contents.push(more);
    count += 1;
  }
  const words = codeSpanWords(contents.join(' '));
  if (end) words[words.length - 1] += end;
  return { first, rest, words, count, opening, closing };
}

/**
 * Rewraps at WIDTH the paragraphs of comments (code, `# ` comments of YAML, nginx and shell files) or prose (Markdown)
 * whose line the rewrite made longer than
 * WIDTH, so a path longer than the citation it replaced does not leave a line of 150 characters. Only those
 * paragraphs change, from that line down; code itself is left to Prettier.
 */
function rewrapLongLines(text, original, file) {
  const style = CODE_FILE.test(file) ? 'code' : HASH_FILE.test(file) ? 'hash' : /\.md$/i.test(file) ? 'markdown' : null;
  if (style === null || NO_REWRAP.some((pattern) => pattern.test(file))) return text;
  const before = new Set(original.split('\n'));
  const lines = text.split('\n');
  let fenced = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (style === 'markdown' && /^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || line.length <= WIDTH || before.has(line) || !/docs\/(decisions|product)/.test(line)) continue;
    const paragraph = paragraphAt(lines, index, style);
    if (paragraph === null) continue;
    const wrapped = wrapWords(paragraph.words, paragraph.first, paragraph.rest);
    if (paragraph.opening !== null) wrapped.unshift(paragraph.opening);
    if (paragraph.closing !== null) wrapped.push(paragraph.closing);
    lines.splice(index, paragraph.count, ...wrapped);
    index += wrapped.length - 1;
  }
  return lines.join('\n');
}

function trackedFiles(root) {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((file) => file && !file.split('/').includes('node_modules'))
    .filter((file) => !EXEMPT.some((pattern) => pattern.test(file)) && !SKIP.some((pattern) => pattern.test(file)));
}

/**
 * Formats with the root's Prettier the rewritten files that Prettier formats and that were formatted before the
 * rewrite (a path is longer than the citation it replaces, so a call may need rewrapping). A file that was not
 * formatted before is left as its author has it. Returns how many files it changed.
 */
async function formatWithPrettier(root, files, originals) {
  const require = createRequire(path.join(root, 'package.json'));
  let prettier;
  try {
    const module = await import(pathToFileURL(require.resolve('prettier')).href);
    prettier = module.default ?? module;
  } catch {
    console.warn('rewrite-citations: Prettier not found under --root; the rewritten files were not formatted');
    return 0;
  }
  let formatted = 0;
  for (const file of files) {
    const absolute = path.join(root, file);
    const info = await prettier.getFileInfo(absolute, { ignorePath: path.join(root, '.prettierignore') });
    if (info.ignored || !info.inferredParser) continue;
    const options = { ...((await prettier.resolveConfig(absolute)) ?? {}), filepath: absolute };
    if (!(await prettier.check(originals.get(file), options))) continue;
    const source = fs.readFileSync(absolute, 'utf8');
    const result = await prettier.format(source, options);
    if (result !== source) {
      fs.writeFileSync(absolute, result);
      formatted += 1;
    }
  }
  return formatted;
}

/** A Markdown link with an anchor: `[text](../api/README.md#the-page-head)` or `[text](#the-page-head)`. */
const ANCHOR_LINK = /\]\(([^()\s#]*)#([^()\s]+)\)/g;

/**
 * A heading that held a citation has a new slug once rewritten, so the links to it are rewritten too: in every
 * Markdown file of `files`, a link to a heading of a rewritten Markdown file whose slug changed gets the new slug.
 * `texts` maps a file to its rewritten text (and gains the files whose links changed); `read` reads any other file.
 */
function followRenamedHeadings(files, texts, originals, read) {
  const renamed = new Map();
  for (const [file, text] of texts) {
    if (!/\.md$/i.test(file)) continue;
    const before = headingSlugs(originals.get(file));
    const after = headingSlugs(text);
    if (before.length !== after.length) continue;
    const changes = new Map(before.map((slug, index) => [slug, after[index]]).filter(([a, b]) => a !== b));
    if (changes.size > 0) renamed.set(file, changes);
  }
  if (renamed.size === 0) return 0;
  let links = 0;
  for (const file of files.filter((name) => /\.md$/i.test(name))) {
    const text = texts.get(file) ?? read(file);
    if (text === null) continue;
    const next = text.replace(ANCHOR_LINK, (whole, target, anchor) => {
      const doc = target === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
      const slug = renamed.get(doc)?.get(anchor);
      if (slug === undefined) return whole;
      links += 1;
      return `](${target}#${slug})`;
    });
    if (next !== text) {
      if (!originals.has(file)) originals.set(file, text);
      texts.set(file, next);
    }
  }
  return links;
}

async function main(argv) {
  const flag = (name) => argv.includes(name);
  const rootIndex = argv.indexOf('--root');
  const root = path.resolve(rootIndex >= 0 ? argv[rootIndex + 1] : process.cwd());
  const dryRun = flag('--dry-run');
  const read = (file) => {
    try {
      const bytes = fs.readFileSync(path.join(root, file));
      return bytes.includes(0) ? null : bytes.toString('utf8'); // null: binary
    } catch (error) {
      if (error.code === 'ENOENT' || error.code === 'EISDIR') return null; // deleted in the work tree, or a submodule
      throw error;
    }
  };
  let total = 0;
  const texts = new Map();
  const originals = new Map();
  const counts = new Map();
  const unresolved = [];
  const files = trackedFiles(root);
  for (const file of files) {
    const original = read(file);
    if (original === null) continue;
    const result = rewriteText(original, file);
    for (const citation of result.unresolved) unresolved.push(`${file}: "${citation}" has no record; left as it is`);
    if (result.count === 0 || result.text === original) continue;
    total += result.count;
    texts.set(file, result.text);
    originals.set(file, original);
    counts.set(file, result.count);
  }
  const links = followRenamedHeadings(files, texts, originals, read);
  const changed = [...texts.keys()];
  if (flag('--verbose') || dryRun) for (const file of changed) console.log(`${file}: ${counts.get(file) ?? 0}`);
  if (!dryRun) for (const [file, text] of texts) fs.writeFileSync(path.join(root, file), text);
  let formatted = 0;
  if (!dryRun && !flag('--no-format')) formatted = await formatWithPrettier(root, changed, originals);
  console.log(
    `rewrite-citations: ${total} citations ${dryRun ? 'to rewrite' : 'rewritten'} in ${changed.length} files` +
      (links ? ` (${links} links to renamed headings followed)` : '') +
      (formatted ? ` (${formatted} reformatted by Prettier)` : ''),
  );
  for (const line of unresolved) console.log(line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`rewrite-citations: ${error.message}`);
    process.exit(1);
  });
}
