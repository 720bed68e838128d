import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from './api-error';
import { messages } from './messages';

/**
 * Deepest nesting of objects and arrays a request body or query may have; the DTOs need at most 3
 * (docs/decisions/0040-trusted-under-attack.md).
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * Keys that would reach an object's prototype when copied onto another object
 * (docs/decisions/0043-bad-input-corpus.md).
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A UTF-16 surrogate without its partner (a broken character no client can show). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `text` holds a NUL character or a lone surrogate: text PostgreSQL cannot store or a client cannot show. */
export function hasUnsafeCharacter(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** Bidirectional embedding, override and isolate controls: they reorder how text shows ("Trojan Source" spoofing). */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * Text made only of invisible characters (format characters such as zero-width spaces, joiners, the BOM, direction
 * marks, and white space) with at least one format character: it survives trimming and shows as nothing.
 */
const ONLY_INVISIBLE = /^[\p{Cf}\s]+$/u;
const FORMAT_CHARACTER = /\p{Cf}/u;

/** True when `text` is not empty yet shows nothing: only zero-width/format characters and white space. */
export function isInvisibleText(text: string): boolean {
  return ONLY_INVISIBLE.test(text) && FORMAT_CHARACTER.test(text);
}

/** True when `text` holds a bidirectional override, embedding or isolate control (U+202A–202E, U+2066–2069). */
export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROL.test(text);
}

type Visit = (value: unknown, path: string, depth: number) => void;

/** Walks `root` without recursion (a 5,000-deep array must not overflow the stack), calling `visit` on every value. */
function walk(root: unknown, visit: Visit): void {
  const stack: Array<[unknown, string, number]> = [[root, '', 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop()!;
    visit(value, path, depth);
    if (value === null || typeof value !== 'object') continue;
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (const [key, child] of entries) stack.push([child, path ? `${path}.${key}` : key, depth + 1]);
  }
}

/**
 * Global pipe ahead of the validation pipe, on bodies and queries (docs/decisions/0040-trusted-under-attack.md "Why": a
 * 5,000-deep JSON array answered 500): more than {@link MAX_INPUT_DEPTH} levels of nesting → 400
 * `messages.inputTooDeep`; an object key `__proto__`, `constructor` or `prototype` (own keys JSON.parse creates) → 400
 * `messages.forbiddenKey(field)`. Both before class-transformer, which copies keys and recurses. Other parameters pass
 * through untouched.
 */
@Injectable()
export class InputShapePipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' && metadata.type !== 'query') return value;
    walk(value, (node, path, depth) => {
      if (depth > MAX_INPUT_DEPTH) throw new ApiError(400, messages.inputTooDeep);
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
      for (const key of Object.keys(node)) {
        if (FORBIDDEN_KEYS.has(key)) {
          const field = path ? `${path}.${key}` : key;
          throw new ApiError(400, messages.forbiddenKey(field), [{ field, message: messages.forbiddenKey(field) }]);
        }
      }
    });
    return value;
  }
}

/**
 * Global pipe after the validation pipe, on bodies and queries: any string (value or key) holding a NUL character
 * or a lone surrogate → 400 `messages.unsafeCharacter(field)` with the field named
 * (docs/decisions/0040-trusted-under-attack.md "Why": a NUL in a link's pname or tags reached PostgreSQL and answered
 * 500). A string value holding a bidirectional override or isolate control → 400 `messages.bidiControl(field)`; a
 * string value made only of zero-width/format characters and white space → 400 `messages.invisibleText(field)`
 * (docs/decisions/0043-bad-input-corpus.md: the bad-input corpus found a link named `\u200b`, an invisible card, and
 * `\u202e` accepted in names and titles). It runs after validation so that a DTO with its own sentence for the case
 * (schedules' `planTitleInvalidChar`, the analytics ingest) keeps it; this is the rule for every other text field, in
 * one place.
 */
@Injectable()
export class SafeTextPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'body' && metadata.type !== 'query') return value;
    walk(value, (node, path) => {
      if (typeof node === 'string' && (hasBidiControl(node) || isInvisibleText(node))) {
        const field = path || (metadata.data ?? 'body');
        const message = hasBidiControl(node) ? messages.bidiControl(field) : messages.invisibleText(field);
        throw new ApiError(400, message, [{ field, message }]);
      }
      const unsafe =
        (typeof node === 'string' && hasUnsafeCharacter(node)) ||
        (node !== null && typeof node === 'object' && Object.keys(node).some(hasUnsafeCharacter));
      if (!unsafe) return;
      const field = path || (metadata.data ?? 'body');
      throw new ApiError(400, messages.unsafeCharacter(field), [{ field, message: messages.unsafeCharacter(field) }]);
    });
    return value;
  }
}
