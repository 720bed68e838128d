import fc from 'fast-check';

/**
 * The bad-input corpus of docs/decisions/0043-bad-input-corpus.md: requests that every route must refuse with a 4xx and
 * the Korean error envelope (docs/decisions/0001-response-envelope.md), generated from the contract's OpenAPI document
 * (contract/openapi.json) with fast-check on a fixed seed, so the same cases run every time. The hand cases live in the
 * spec (bad-input-corpus.int.spec.ts); this module only knows the document.
 */

/** One request of the corpus. `body` is JSON unless `raw` is set (then sent as is with `contentType`). */
export interface CorpusCase {
  /** `POST /api/store/create: pname over maxLength 100`: what is wrong, for the failure message. */
  name: string;
  /** Upper-case HTTP method. */
  method: string;
  /** Concrete URL, query included. */
  url: string;
  /** Which kind of generated case (for the summary): `path`, `query`, `missing`, `type`, `range`… */
  kind: string;
  /** `POST /api/store/create`: the OpenAPI operation it was generated from (hand cases: none). */
  operation?: string;
  headers?: Record<string, string>;
  /** A JSON value (sent as application/json) or, for multipart operations, text fields. */
  body?: unknown;
  /** Raw bytes or text sent as they are, with `contentType`. */
  raw?: string | Buffer;
  contentType?: string;
  /** For multipart operations: the text fields are `body` (strings), the files these. */
  files?: Array<{ field: string; bytes: Buffer; filename: string; contentType: string }>;
}

/** Real identifiers the generated requests use for the parameters they do not corrupt. */
export interface CorpusFixtures {
  linkId: number;
  planId: number;
  popupId: number;
  bookingId: number;
  bookingCode: string;
  imageKey: string;
  /** A small valid PNG, for the multipart operations' `image` part. */
  png: Buffer;
}

/** The parts of an OpenAPI 3 schema the generator reads. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  nullable?: boolean;
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
}

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  /** OpenAPI's `allowEmptyValue`: `name=` with nothing is a valid value (GET /api/site/first-screen's tag). */
  allowEmptyValue?: boolean;
  schema?: Schema;
  example?: unknown;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** The parts of an OpenAPI 3 document the generator reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** The fixed seed: the corpus is the same on every run (a failure names a case that will fail again). */
export const CORPUS_SEED = 15_03;

/** Resolves `$ref` and merges `allOf` into one object schema. */
export function resolveSchema(doc: OpenApiDocument, schema: Schema): Schema {
  if (schema.$ref) return resolveSchema(doc, doc.components.schemas[schema.$ref.split('/').pop()!]!);
  if (schema.allOf) {
    const parts = schema.allOf.map((part) => resolveSchema(doc, part));
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  return schema;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A valid value for `schema`, from its example, enum or bounds (the base that one mutation then breaks). */
export function validValue(doc: OpenApiDocument, schema: Schema, fixtures: CorpusFixtures, name = ''): unknown {
  const s = resolveSchema(doc, schema);
  if (name === 'slotId') return fixtures.popupId;
  if (name === 'linkId') return fixtures.linkId;
  if (s.example !== undefined) return s.example;
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = validValue(doc, s.properties![key]!, fixtures, key);
      return out;
    }
    case 'array':
      return [validValue(doc, s.items!, fixtures)];
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
}

/** Hangul and Latin letters only: text that is no number, no boolean, no date, and never trims shorter. */
const letters = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom('가', '나', 'a', 'b', 'z', '한'), minLength, maxLength });

/** Values of a type other than `s`'s (a string that is not a number for a number, and so on). */
function wrongTypeArbitrary(s: Schema): fc.Arbitrary<unknown> {
  const containers = [
    fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
    fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer(), { minKeys: 1, maxKeys: 2 }),
  ];
  switch (s.type) {
    case 'integer':
    case 'number':
      return fc.oneof(letters(1, 8), fc.boolean(), ...containers);
    case 'boolean':
      return fc.oneof(fc.integer({ min: 2, max: 1000 }), letters(2, 6), ...containers);
    case 'array':
      return fc.oneof(letters(1, 6), fc.integer(), fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer()));
    case 'object':
      return fc.oneof(letters(1, 6), fc.integer(), fc.array(fc.integer(), { maxLength: 2 }));
    default:
      return fc.oneof(fc.integer(), fc.boolean(), ...containers);
  }
}

/** Values `s` refuses by its bounds, enum, length, format or pattern; each with a label. */
function outOfSchemaArbitraries(s: Schema): Array<[string, fc.Arbitrary<unknown>]> {
  const out: Array<[string, fc.Arbitrary<unknown>]> = [];
  if (s.type === 'integer' || s.type === 'number') {
    if (s.maximum !== undefined) {
      out.push([`above maximum ${s.maximum}`, fc.integer({ min: s.maximum + 1, max: s.maximum + 1_000_000 })]);
      out.push([`far above maximum ${s.maximum}`, fc.constantFrom(1e308, Number.MAX_SAFE_INTEGER * 10)]);
    }
    if (s.minimum !== undefined) {
      out.push([`below minimum ${s.minimum}`, fc.integer({ min: s.minimum - 1_000_000, max: s.minimum - 1 })]);
    }
    if (s.type === 'integer') {
      const min = s.minimum ?? 0;
      const max = s.maximum ?? 1000;
      out.push([
        'not an integer',
        fc
          .double({ min: min + 0.01, max: Math.max(min + 0.5, max - 0.01), noNaN: true })
          .filter((x) => !Number.isInteger(x)),
      ]);
    }
  }
  if (s.type === 'string' && s.enum) {
    out.push(['outside its enum', letters(1, 8).filter((x) => !s.enum!.includes(x))]);
  } else if (s.type === 'boolean' && s.enum) {
    out.push(['outside its enum', fc.constant(!s.enum[0])]);
  }
  if (s.type === 'string' && !s.enum) {
    if (s.maxLength !== undefined) {
      out.push([`over maxLength ${s.maxLength}`, letters(s.maxLength + 1, s.maxLength + 40)]);
    }
    if ((s.minLength ?? 0) >= 1) {
      out.push(['empty or blank', fc.constantFrom('', ' ', '   ', '\t\n')]);
    }
    if (s.format === 'date-time') {
      out.push([
        'not an RFC 3339 date-time',
        fc.oneof(
          letters(1, 12),
          fc.constantFrom(
            '2026-13-01T10:00:00+09:00',
            '2026-02-30T10:00:00+09:00',
            '2026-11-21T25:00:00+09:00',
            '2026-11-21T10:61:00+09:00',
            '21/11/2026 10:00',
            '9999999-11-21T10:00:00+09:00',
          ),
        ),
      ]);
    }
    if (typeof s.example === 'string' && DAY.test(s.example)) {
      out.push([
        'not a calendar day',
        fc.oneof(
          letters(1, 10),
          fc.constantFrom('2026-02-30', '2026-13-01', '2026-00-10', '2026/11/21', '20261121', '2026-11-21T10:00'),
        ),
      ]);
    }
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      out.push([
        `not matching ${s.pattern}`,
        fc.oneof(letters(1, 6), fc.stringMatching(/^[0-9]{5,9}$/)).filter((x) => !re.test(x)),
      ]);
    }
  }
  if (s.type === 'array') {
    if (s.minItems !== undefined && s.minItems > 0) out.push([`under minItems ${s.minItems}`, fc.constant([])]);
  }
  return out;
}

/** `n` values of `arb`, reproducible: the seed is {@link CORPUS_SEED} plus `salt`. */
function sample<T>(arb: fc.Arbitrary<T>, n: number, salt: number): T[] {
  return fc.sample(arb, { seed: CORPUS_SEED + salt, numRuns: n });
}

/** A path parameter's real value, by the route it belongs to. */
function realParam(path: string, name: string, f: CorpusFixtures): string {
  if (name === 'key') return f.imageKey;
  if (name === 'code') return f.bookingCode;
  if (name === 'to' || name === 'from') return '0';
  if (path.startsWith('/api/plan')) return String(f.planId);
  if (path.startsWith('/api/popup/bookings')) return String(f.bookingId);
  if (path.startsWith('/api/popup')) return String(f.popupId);
  return String(f.linkId);
}

/** Path values no route accepts: non-numeric, huge, negative, fractional ids; traversal and junk in keys and codes. */
const BAD_NUMERIC_IDS = ['abc', '-1', '1.5', '1e3', '99999999999999999999', '2147483648', '0x10', '%00', '%20', '１'];
const BAD_STRING_KEYS = [
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..%5C..%5Cwindows%5Cwin.ini',
  '%2e%2e%2f%2e%2e%2fpackage.json',
  '%00',
  `${'a'.repeat(63)}%00`,
  'x'.repeat(5000),
  '%27%3B%20DROP%20TABLE%20links%3B--',
  '%E2%80%AE',
];

/** Key/value pairs that together with the operation's query make it wrong (or a required parameter left out). */
function badQueries(op: Operation, salt: number): Array<[string, Record<string, string | string[]>]> {
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const valid: Record<string, string> = {};
  for (const p of query) {
    if (p.required) valid[p.name] = String(p.example ?? p.schema?.example ?? p.schema?.enum?.[0] ?? '1');
  }
  const out: Array<[string, Record<string, string | string[]>]> = [];
  for (const p of query) {
    const s = p.schema ?? {};
    const junk: string[] = [];
    if (s.enum) {
      junk.push(...sample(letters(1, 6), 2, salt), '', '-1', '99999', '7.5');
    } else if (p.name === 'q') {
      // A free-text search: any text is a search; only characters no text may hold are wrong.
      junk.push('%00', '%ED%A0%80');
    } else if (p.name === 'tag') {
      // A tag filter (GET /api/store/page, the first screen): any one tag is a filter; wrong are two tags, an
      // over-long one, an empty one (unless the contract allows an empty value), and characters no text may hold.
      junk.push('%00', '%ED%A0%80', 'a%2Fb', '가'.repeat(31), ...(p.allowEmptyValue ? [] : ['']));
    } else if (p.name === 'actor') {
      // The audit log's person filter (docs/decisions/0082-korean-audit-log.md): any account id is a filter (one nobody
      // used finds nothing); wrong are an empty one, one over 255 characters and characters no text may hold.
      junk.push('%00', '%ED%A0%80', '', 'a'.repeat(256));
    } else if (p.name === 'phone4') {
      junk.push('12', '123456', 'abcd', '%00', '');
    } else {
      junk.push(...sample(letters(1, 6), 2, salt), '-5', '1e309', '99999999999999999999', '%00');
    }
    for (const value of junk) out.push([`${p.name}=${value}`, { ...valid, [p.name]: value }]);
    if (p.required) {
      const rest = { ...valid };
      delete rest[p.name];
      out.push([`${p.name} missing`, rest]);
    }
    // An array where one value is expected: repeated (?x=a&x=b arrives as ['a','b']) or in bracket form (?x[]=1, which
    // Express keeps under the key `x[]`, so the handler saw no x and answered its default): 400 for every parameter,
    // free-text `q` included (common/single-query-value.ts, docs/decisions/0096-smaller-hardening.md).
    out.push([`${p.name} given twice`, { ...valid, [p.name]: ['1', '2'] }]);
    const { [p.name]: _single, ...others } = valid;
    out.push([`${p.name}[]=1`, { ...others, [`${p.name}[]`]: '1' }]);
  }
  return out;
}

const toQueryString = (query: Record<string, string | string[]>): string => {
  const pairs = Object.entries(query).flatMap(([k, values]) =>
    [values].flat().map((v) => `${encodeURIComponent(k)}=${v.includes('%') ? v : encodeURIComponent(v)}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
};

/** One request field broken at a time, for a body schema. */
function bodyMutations(
  doc: OpenApiDocument,
  schema: Schema,
  fixtures: CorpusFixtures,
  salt: number,
  multipart: boolean,
): Array<{ kind: string; what: string; body: Record<string, unknown> }> {
  const s = resolveSchema(doc, schema);
  const base = validValue(doc, s, fixtures) as Record<string, unknown>;
  const props = Object.entries(s.properties ?? {}).filter(([, p]) => resolveSchema(doc, p).format !== 'binary');
  const out: Array<{ kind: string; what: string; body: Record<string, unknown> }> = [];
  for (const key of s.required ?? []) {
    if (resolveSchema(doc, s.properties![key]!).format === 'binary') continue;
    const body = { ...base };
    delete body[key];
    out.push({ kind: 'missing', what: `${key} missing`, body });
  }
  props.forEach(([key, raw], index) => {
    const p = resolveSchema(doc, raw);
    const salted = salt * 100 + index * 10;
    // Multipart fields are text: a wrong JSON type cannot be sent, only a wrong text.
    if (!multipart) {
      // JSON null where the contract does not say `nullable`: a type error like any other, never "omitted" (a
      // required field's null once reached the database and answered 500).
      if (!p.nullable) out.push({ kind: 'type', what: `${key} = null (not nullable)`, body: { ...base, [key]: null } });
      for (const value of sample(wrongTypeArbitrary(p), 2, salted)) {
        out.push({
          kind: 'type',
          what: `${key} = ${JSON.stringify(value)} (not ${p.type})`,
          body: { ...base, [key]: value },
        });
      }
    } else if (p.type === 'boolean') {
      for (const value of sample(letters(2, 6), 1, salted)) {
        out.push({ kind: 'type', what: `${key} = ${value} (not a boolean)`, body: { ...base, [key]: value } });
      }
    }
    outOfSchemaArbitraries(p).forEach(([label, arb], j) => {
      for (const value of sample(arb, 2, salted + j + 1)) {
        const shown = JSON.stringify(value);
        out.push({
          kind: 'range',
          what: `${key} ${label}: ${shown.length > 60 ? `${shown.slice(0, 60)}…` : shown}`,
          body: { ...base, [key]: value },
        });
      }
    });
    // Items of an array of objects: each of their fields broken in the first item.
    if (p.type === 'array' && p.items) {
      const item = resolveSchema(doc, p.items);
      if (item.type === 'object') {
        for (const nested of bodyMutations(doc, item, fixtures, salted + 7, multipart)) {
          out.push({ kind: nested.kind, what: `${key}[0].${nested.what}`, body: { ...base, [key]: [nested.body] } });
        }
      }
      if (p.maxItems !== undefined) {
        const many = Array.from({ length: p.maxItems + 1 }, () => validValue(doc, p.items!, fixtures));
        out.push({ kind: 'range', what: `${key} over maxItems ${p.maxItems}`, body: { ...base, [key]: many } });
      }
    }
  });
  for (const extra of sample(
    fc.stringMatching(/^[a-z]{3,10}$/).filter((k) => !(k in (s.properties ?? {}))),
    2,
    salt,
  )) {
    out.push({ kind: 'extra', what: `unknown field ${extra}`, body: { ...base, [extra]: multipart ? '1' : true } });
  }
  if (!multipart) {
    out.push({ kind: 'type', what: 'body is an array', body: [base] as unknown as Record<string, unknown> });
  }
  return out;
}

/**
 * The generated part of the corpus: for every operation of `doc` that takes input, its path parameters corrupted one
 * at a time (the others real), its query parameters wrong or missing, and its body with one field missing, of the
 * wrong type, out of range, too long, badly formatted, or one unknown field added (fast-check, fixed seed).
 * Multipart bodies get the same field mutations as text with a valid PNG attached; gzip bodies get junk bytes.
 */
export function generateCorpus(doc: OpenApiDocument, fixtures: CorpusFixtures): CorpusCase[] {
  const cases: CorpusCase[] = [];
  let salt = 0;
  for (const [template, ops] of Object.entries(doc.paths)) {
    for (const [lower, op] of Object.entries(ops)) {
      salt += 1;
      const method = lower.toUpperCase();
      const label = `${method} ${template}`;
      const first = cases.length;
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const headers: Record<string, string> = {};
      for (const p of params.filter((q) => q.in === 'header' && q.required)) headers[p.name] = `corpus-${salt}-key`;
      const validQuery: Record<string, string | string[]> = {};
      for (const p of params.filter((q) => q.in === 'query' && q.required)) {
        validQuery[p.name] = String(p.example ?? p.schema?.example ?? '1');
      }
      const url = (overrides: Record<string, string> = {}, query = validQuery) =>
        template.replace(/\{(\w+)\}/g, (_m, name: string) => overrides[name] ?? realParam(template, name, fixtures)) +
        toQueryString(query);
      const content = op.requestBody?.content ?? {};
      // JSON when the operation takes it among others (the analytics ingest also takes text/plain beacons).
      const mediaType = 'application/json' in content ? 'application/json' : Object.keys(content)[0];
      const bodySchema = mediaType ? content[mediaType]!.schema : undefined;
      const multipart = mediaType === 'multipart/form-data';
      const validBody = bodySchema && mediaType?.endsWith('json') ? validValue(doc, bodySchema, fixtures) : undefined;
      const validFields =
        bodySchema && multipart
          ? Object.fromEntries(
              Object.entries(validValue(doc, bodySchema, fixtures) as Record<string, unknown>).map(([k, v]) => [
                k,
                String(v),
              ]),
            )
          : undefined;
      const image = multipart
        ? [{ field: 'image', bytes: fixtures.png, filename: 'a.png', contentType: 'image/png' }]
        : undefined;
      const carry = (): Partial<CorpusCase> => ({
        headers,
        ...(validBody !== undefined ? { body: validBody } : {}),
        ...(validFields ? { body: validFields, files: image } : {}),
        ...(mediaType === 'application/gzip' ? { raw: Buffer.from('not gzip'), contentType: mediaType } : {}),
      });

      for (const p of pathParams) {
        const numeric = p.schema?.type === 'number' || p.schema?.type === 'integer';
        const values = numeric ? BAD_NUMERIC_IDS : BAD_STRING_KEYS;
        for (const value of values) {
          cases.push({
            name: `${label}: ${p.name} = ${value.slice(0, 40)}`,
            method,
            url: url({ [p.name]: value }),
            kind: 'path',
            ...carry(),
          });
        }
      }
      for (const [what, query] of badQueries(op, salt)) {
        cases.push({ name: `${label}: ${what}`, method, url: url({}, query), kind: 'query', ...carry() });
      }
      for (const p of params.filter((q) => q.in === 'header' && q.required)) {
        for (const [what, value] of [
          ['missing', undefined],
          ['empty', ''],
          ['too long', 'k'.repeat(500)],
        ] as const) {
          const h = { ...headers };
          if (value === undefined) delete h[p.name];
          else h[p.name] = value;
          cases.push({
            name: `${label}: header ${p.name} ${what}`,
            method,
            url: url(),
            kind: 'header',
            ...carry(),
            headers: h,
          });
        }
      }
      if (bodySchema && (mediaType?.endsWith('json') || multipart)) {
        for (const m of bodyMutations(doc, bodySchema, fixtures, salt, multipart)) {
          const body = multipart
            ? Object.fromEntries(
                Object.entries(m.body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
              )
            : m.body;
          cases.push({
            name: `${label}: ${m.what}`,
            method,
            url: url(),
            kind: m.kind,
            headers,
            body,
            ...(multipart ? { files: image } : {}),
          });
        }
        if (multipart) {
          cases.push({
            name: `${label}: image part missing`,
            method,
            url: url(),
            kind: 'missing',
            headers,
            body: validFields,
          });
        }
      }
      if (!op.requestBody && (method === 'POST' || method === 'PUT')) {
        cases.push({
          name: `${label}: an XML body where none is taken`,
          method,
          url: url(),
          kind: 'format',
          headers,
          raw: '<x/>',
          contentType: 'application/xml',
        });
      }
      if (mediaType === 'application/gzip') {
        for (const [what, bytes] of sample(fc.uint8Array({ minLength: 1, maxLength: 64 }), 3, salt).map(
          (b, i) => [`random bytes #${i + 1}`, Buffer.from(b)] as const,
        )) {
          cases.push({
            name: `${label}: ${what}`,
            method,
            url: url(),
            kind: 'format',
            headers,
            raw: bytes,
            contentType: mediaType,
          });
        }
      }
      for (let i = first; i < cases.length; i += 1) cases[i]!.operation = label;
    }
  }
  return cases;
}

/** Every operation of `doc` as `METHOD /path`, and whether it takes any input (parameters or a body). */
export function operations(doc: OpenApiDocument): Array<{ operation: string; takesInput: boolean }> {
  return Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      operation: `${method.toUpperCase()} ${template}`,
      takesInput: (op.parameters ?? []).length > 0 || op.requestBody !== undefined || method !== 'get',
    })),
  );
}
