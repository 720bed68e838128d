#!/usr/bin/env node
/**
 * Fails on a citation a reader of this repository cannot follow. The repository's rules and reasons live in
 * docs/product.md (the product's specification) and docs/decisions/ (one record per decision); code and docs cite
 * them by path, `docs/decisions/0005-authentication.md` or `docs/product.md#5-validation`.
 *
 *   node scripts/check-citations.mjs [--root <dir>] [--json]
 *
 * Findings, in every tracked text file of --root (default: the current directory; `git ls-files`, or every file
 * outside node_modules, .git, dist and .data when --root is not a git work tree):
 * - a citation of a document outside the repository: "issue N", "issue N item M", "DECISIONS", "DECISIONS Dn",
 *   a decision id "D1"–"D8" standing alone, "spec §n" or a bare "§n" (an RFC's "RFC 6750 §3" is fine), and the
 *   specification folder "shared/spec";
 * - a `docs/decisions/….md` or `docs/product.md` path from the root, or a Markdown link to any `.md` file of the
 *   repository (relative to its file, or `#anchor` in the same file), whose file does not exist or whose `#anchor`
 *   is not a heading of that file (GitHub's heading slugs: lower case, punctuation dropped, spaces as hyphens).
 * Files that hold such text on purpose are exempt: docs/decisions/ from the first kind (each record names its tracker
 * origin; its links are checked), these two scripts and their test from both (they plant bad citations on purpose).
 * Output: one `file:line: message` per finding, then `check-citations: N findings in M files (K files read)`.
 * With --json: `{ findings: [{ file, line, kind, message }], files }` on stdout. Exit status 1 when there is a finding.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Files that hold citations on purpose: the records name their tracker origin, so only their links are checked. */
export const EXEMPT = [/^docs\/decisions\//];
/** The citation tools and their test name every pattern and plant bad links on purpose: not checked at all. */
export const TOOLS = [/^scripts\/(check|rewrite)-citations\.mjs$/, /^e2e\/deploy\/citations\.e2e\.ts$/];
/** Data, not prose: a lockfile's base64 or an image may hold any letters. */
const SKIP = [/(^|\/)package-lock\.json$/, /\.(png|jpe?g|gif|webp|avif|ico|woff2?|gz|tgz|zip|pdf|mjpeg)$/i];
const WALK_SKIP = new Set(['node_modules', '.git', 'dist', 'dist-dev', '.data', '.cache', 'coverage']);

/** The citations of documents the repository does not hold, each with what to say about it. */
const DANGLING = [
  { pattern: /(?:(?<=\\n)|\b)[Ii]ssues?[ \t]+#?\d+(?:[ \t]+items?[ \t]+\d+[a-z]?)?/g, what: 'a tracker issue' },
  { pattern: /\bDECISIONS\b(?:\.md)?(?:[ \t]+D\d+)?/g, what: 'DECISIONS.md, outside the repository' },
  {
    pattern: /(?<!DECISIONS )(?<=^|[\s(,;"'`]|\\n|D[1-8]\/)D[1-8](?=$|[\s),.;:'"`/])/g,
    what: 'a decision id of DECISIONS.md',
  },
  {
    pattern: /(?<!RFC \d+,? )(?:(?:[Ss]pec|사양)(?:'s)?\s+)?(?:§|\\u00A7)\d+(?:\.\d+)*/g,
    what: 'a section of the specification',
  },
  { pattern: /\bshared\/spec\b/g, what: 'the specification folder, outside the repository' },
];
/** A path to one of our documents, with an optional anchor. */
const DOC_LINK = /(?<![\w/.-])(docs\/(?:decisions\/[\w.-]+\.md|product\.md))(?:#([\w\p{L}\p{N}-]+))?/gu;

/** A Markdown link: `[text](../docs/decisions/0002-entities.md#anchor)` or `[text](#anchor)`, relative to its file. */
const MARKDOWN_LINK = /\]\(([^()\s#]*)(?:#([^()\s]+))?\)/g;

/**
 * GitHub's slug of a Markdown heading's text (as github-slugger makes it): a link counts by its text, then lower
 * case, every character but letters, marks, digits, connector punctuation, spaces and hyphens dropped, spaces as
 * hyphens.
 */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The slugs of a Markdown text's headings, in order, repeats numbered as GitHub does (`usage`, `usage-1`). */
export function headingSlugs(markdown) {
  const slugs = [];
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    slugs.push(n === 0 ? base : `${base}-${n}`);
  }
  return slugs;
}

/** The anchors of a Markdown text: its headings' slugs and explicit ids (`<a id="…">`). */
export function anchorsOf(markdown) {
  const anchors = new Set(headingSlugs(markdown));
  for (const id of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]);
  return anchors;
}

function listFiles(root) {
  if (fs.existsSync(path.join(root, '.git'))) {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean);
  }
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (WALK_SKIP.has(entry.name)) continue;
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else if (entry.isFile()) files.push(relative);
    }
  };
  walk('');
  return files.sort();
}

/**
 * Every finding in the tree at `root`: `{ file, line, kind, message }` in file and line order; `kind` is `dangling`
 * (a citation of a document outside the repository) or `broken` (a path or anchor that does not exist).
 */
export function checkCitations(root) {
  const findings = [];
  const anchorCache = new Map();
  const anchors = (doc) => {
    if (!anchorCache.has(doc)) {
      const file = path.join(root, doc);
      anchorCache.set(doc, fs.existsSync(file) ? anchorsOf(fs.readFileSync(file, 'utf8')) : null);
    }
    return anchorCache.get(doc);
  };
  const files = listFiles(root).filter(
    (file) =>
      !file.split('/').includes('node_modules') &&
      !SKIP.some((pattern) => pattern.test(file)) &&
      !TOOLS.some((pattern) => pattern.test(file)),
  );
  let read = 0;
  for (const file of files) {
    let buffer;
    try {
      buffer = fs.readFileSync(path.join(root, file));
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    if (buffer.includes(0)) continue;
    read += 1;
    const lines = buffer.toString('utf8').split('\n');
    const exempt = EXEMPT.some((pattern) => pattern.test(file));
    lines.forEach((text, index) => {
      const at = (kind, message) => findings.push({ file, line: index + 1, kind, message });
      if (!exempt) {
        for (const { pattern, what } of DANGLING) {
          for (const match of text.matchAll(pattern)) {
            at('dangling', `"${match[0]}" cites ${what}: link docs/decisions/… or docs/product.md#… instead`);
          }
        }
      }
      const targets = [...text.matchAll(DOC_LINK)].map((match) => [match[0], match[1], match[2]]);
      if (/\.md$/i.test(file)) {
        // A link shown as code (`[a](b.md)`) is an example, not a link.
        for (const match of text.replace(/`[^`]*`/g, '').matchAll(MARKDOWN_LINK)) {
          const [cited, target, anchor] = match;
          if (target === '' && anchor === undefined) continue;
          if (target !== '' && !/\.md$/i.test(target)) continue; // a link to code or a picture: not ours to check
          if (/^[a-z]+:/i.test(target)) continue;
          const doc = target === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
          targets.push([cited, doc, anchor === undefined ? undefined : decodeURIComponent(anchor)]);
        }
      }
      for (const [cited, doc, anchor] of targets) {
        const known = anchors(doc);
        if (known === null) at('broken', `${cited}: ${doc} does not exist`);
        else if (anchor !== undefined && !known.has(anchor)) at('broken', `${cited}: ${doc} has no heading #${anchor}`);
      }
    });
  }
  return { findings, files: read };
}

function main(argv) {
  const rootIndex = argv.indexOf('--root');
  const root = path.resolve(rootIndex >= 0 ? argv[rootIndex + 1] : process.cwd());
  const { findings, files } = checkCitations(root);
  if (argv.includes('--json')) {
    console.log(JSON.stringify({ findings, files }));
  } else {
    for (const { file, line, message } of findings) console.log(`${file}:${line}: ${message}`);
    const inFiles = new Set(findings.map((finding) => finding.file)).size;
    console.log(`check-citations: ${findings.length} findings in ${inFiles} files (${files} files read)`);
  }
  process.exitCode = findings.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
