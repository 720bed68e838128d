import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { drainMiddleware } from './common/http-drain';
import { ShutdownState } from './common/shutdown-state';
import { createValidationPipe } from './common/validation';

/** Every path is under /api (DECISIONS D3). */
export const API_PREFIX = 'api';

const OPENAPI_DESCRIPTION = `
API of 링크 & 일정. Choices taken where the specification is silent (shared/spec/DECISIONS.md):

- **Envelope (D1)**: reads answer \`{ product }\`; writes \`{ message, product? }\`; errors \`{ statusCode, message: '<one Korean sentence>', errors?: [{ field, message }] }\` — \`message\` is always a string.
- **Caller mistakes are 4xx, never 500**: a non-numeric, zero, negative or too large id is 400 \`잘못된 ID 형식입니다.\`; an unknown id is 404; an unknown route is 404; malformed JSON is 400.
- **Links (D2)**: \`tag\` is the tags joined by \`/\`, \`tags\` the array; tag input is split on \`,\` and \`/\`, trimmed, de-duplicated, at most 20 tags of at most 30 characters. \`imagelink\` is \`/api/images/<key>\` for an uploaded image, else the external URL, else null. \`pcode\` is the 0-based order position.
- **Plans (D2)**: dates are \`YYYY-MM-DD\`; \`status\` = whole days from today in **Asia/Seoul** to startdate (≤ 0 shows OPEN). \`upcoming=1\` keeps plans whose enddate is today or later. Writes take real calendar days (2026-02-30 is refused) and enddate ≥ startdate; PUT replaces the whole plan.
- **Popup slots (D2, D3)**: administrator-only, reads included. Dates in: RFC 3339 date-times with an offset (without one the instant would depend on the server's zone); out: ISO 8601 in UTC. \`cnt\` \`''\`/null = 선택 안 함. \`count\`/\`table\` accept digit strings from forms. Update is \`PUT /api/popup/update/:id\` (the spec's reuse of the plan path is a defect); PUT replaces the whole slot.
- **Validation (D1)**: unknown fields are refused; a 400 lists every broken rule in \`errors\` and names the first in \`message\`, so the screens' alert says what to fix.
- **Images (D2, D4)**: stored in PostgreSQL, content-addressed by SHA-256 of the normalized bytes (EXIF orientation applied, metadata stripped); JPEG, PNG, WebP, GIF, AVIF only, decided by the bytes. \`?w=320|640|1280\` serves a cached WebP, never enlarged. Immutable caching with ETag.
- **Tag cloud**: number of links per tag, top 100 by count then text.
- **Link writes (D3)**: a new link goes to the end of the list (pcode = n); a delete renumbers 0..n-1. The reorder call locks every link row; a stale \`from\` answers 409 with the current list in \`product\`. URLs (link, imagelink) must be http(s); \`javascript:\`, \`data:\` and other schemes are refused. More than 20 tags or a tag over 30 characters is refused (400), not cut.
- **Uploads (D4)**: multipart field \`image\`, one file, at most UPLOAD_MAX_BYTES (413, enforced while streaming), at most 40 megapixels (422, checked before decoding). Images no entity references any more are deleted.
- **Health**: \`GET /api/health/live\` 200 whenever the process answers (no database call); \`GET /api/health/ready\` (and \`GET /api/health\`) 200 after \`SELECT 1\` within 2 s, else 503; after SIGTERM every new request is 503 \`{ status: 'stopping' }\` with \`Connection: close\` while in-flight requests finish.
- **Authorization (D5)**: every write, every popup read and \`POST /api/login\` need \`Authorization: Bearer <access token>\` from the configured OpenID Connect issuer (RS256, \`iss\`, \`exp\`, \`azp\` = our client) carrying the administrator realm role. No or bad token: 401 \`로그인이 필요합니다.\`; no role: 403 \`관리자 권한이 없습니다.\`; issuer unreachable: 503 \`인증 서버에 연결할 수 없습니다.\`.
`;

/**
 * The bootstrap wiring shared by main.ts and the integration tests, so both serve the same API:
 * the drain middleware ahead of everything else (503 to new requests once SIGTERM arrived), global prefix
 * /api, the D1 exception filter, the validation pipe, trust of a loopback proxy, and the OpenAPI document
 * at /api/docs.
 */
export function configureApp(app: NestExpressApplication): void {
  app.use(drainMiddleware(app.get(ShutdownState)));
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  app.set('trust proxy', 'loopback');
  app.disable('x-powered-by');
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle('링크 & 일정 API').setDescription(OPENAPI_DESCRIPTION).setVersion('0.1.0').addBearerAuth().build(),
  );
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, { jsonDocumentUrl: `${API_PREFIX}/docs-json` });
}
