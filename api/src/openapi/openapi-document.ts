import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { ApiResponse, DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { DECORATORS } from '@nestjs/swagger/dist/constants';
import { PUBLIC_EXTENSION } from '../auth/public.decorator';
import { ErrorResponse } from '../common/dto/error-response.dto';
import { messages } from '../common/messages';

const DESCRIPTION = `
API of 링크 & 일정. Choices taken where the specification is silent (docs/decisions/README.md):

- **Envelope (docs/decisions/0001-response-envelope.md)**: reads answer \`{ product }\`; writes \`{ message, product? }\`; errors \`{ statusCode, message: '<one Korean sentence>', errors?: [{ field, message }] }\` — \`message\` is always a string.
- **Caller mistakes are 4xx, never 500**: a non-numeric, zero, negative or too large id is 400 \`${messages.invalidId}\`; an unknown id is 404; an unknown route is 404 \`${messages.routeNotFound}\`; malformed JSON is 400.
- **Links (docs/decisions/0002-entities.md)**: \`tag\` is the tags joined by \`/\`, \`tags\` the array; tag input is split on \`,\` and \`/\`, trimmed, de-duplicated, at most 20 tags of at most 30 characters. \`imagelink\` is \`/api/images/<key>\` for an uploaded image, else the external URL, else null. \`pcode\` is the 0-based order position.
- **Plans (docs/decisions/0002-entities.md)**: dates are \`YYYY-MM-DD\`; \`status\` = whole days from today in **Asia/Seoul** to startdate (≤ 0 shows OPEN). \`upcoming=1\` keeps plans whose enddate is today or later. Writes take real calendar days (2026-02-30 is refused) and enddate ≥ startdate; PUT replaces the whole plan.
- **Popup slots (docs/decisions/0002-entities.md, docs/decisions/0003-api-calls.md)**: administrator-only, reads included. Dates in: RFC 3339 date-times with an offset (without one the instant would depend on the server's zone); out: ISO 8601 in UTC. \`cnt\` \`''\`/null = 선택 안 함. \`count\`/\`table\` accept digit strings from forms. Update is \`PUT /api/popup/update/:id\` (the spec's reuse of the plan path is a defect); PUT replaces the whole slot.
- **Validation (docs/decisions/0001-response-envelope.md)**: unknown fields are refused; a 400 lists every broken rule in \`errors\` and names the first in \`message\`, so the screens' alert says what to fix.
- **Images (docs/decisions/0002-entities.md, docs/decisions/0004-image-uploads.md)**: stored in PostgreSQL, content-addressed by SHA-256 of the normalized bytes (EXIF orientation applied, metadata stripped); JPEG, PNG, WebP, GIF, AVIF only, decided by the bytes. \`?w=320|640|1280\` serves a cached WebP, never enlarged. Immutable caching with ETag.
- **Tag cloud**: number of links per tag, top 100 by count then text.
- **Link writes (docs/decisions/0003-api-calls.md)**: a new link goes to the end of the list (pcode = n); a delete renumbers 0..n-1. The reorder call locks every link row; a stale \`from\` answers 409 with the current list in \`product\`. URLs (link, imagelink) must be http(s); \`javascript:\`, \`data:\` and other schemes are refused. More than 20 tags or a tag over 30 characters is refused (400), not cut.
- **Uploads (docs/decisions/0004-image-uploads.md)**: multipart field \`image\`, one file, at most UPLOAD_MAX_BYTES (413, enforced while streaming), at most 40 megapixels (422, checked before decoding). Images no entity references any more are deleted.
- **Health**: \`GET /api/health/live\` 200 whenever the process answers (no database call); \`GET /api/health/ready\` (and \`GET /api/health\`) 200 after \`SELECT 1\` within 2 s, else 503; after SIGTERM every new request is 503 \`{ status: 'stopping' }\` with \`Connection: close\` while in-flight requests finish.
- **Authorization (docs/decisions/0005-authentication.md)**: secure by default. Every route needs \`Authorization: Bearer <access token>\` from the configured OpenID Connect issuer (RS256, \`iss\`, \`exp\`, \`azp\` = our client) carrying a site realm role the operation is open to (\`owner\` everywhere; \`editor\` and \`staff\` where the operation's \`x-linksite-roles\` names them), except the operations marked public here (\`security: []\`). No or bad token: 401 \`${messages.unauthorized}\`; no site role: 403 \`${messages.forbidden}\`; a role the operation is not open to: 403 \`${messages.roleForbidden}\`; issuer unreachable: 503 \`${messages.issuerUnavailable}\`.
`;

/**
 * The answers every administrator operation may give before its handler runs (AccessPolicyGuard,
 * docs/decisions/0005-authentication.md).
 */
const ACCESS_RESPONSES = {
  '401': messages.unauthorized,
  '403': messages.forbidden,
  '503': messages.issuerUnavailable,
} as const;

/**
 * The OpenAPI 3 document of the API as the running app serves it at `/api/docs` and as `npm run contract` writes it
 * to `contract/openapi.json`. Access is read from the routes' metadata: an operation of a `@Public()` route gets
 * `security: []`; every other one the bearer requirement and its 401/403/503 answers.
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  documentReturnTypes(app);
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('링크 & 일정 API')
      .setDescription(DESCRIPTION)
      .setVersion('0.1.0')
      .addBearerAuth()
      .build(),
    // Every error answer has the envelope (docs/decisions/0001-response-envelope.md), whether or not an operation lists
    // the status.
    { extraModels: [ErrorResponse] },
  );
  applyAccessPolicy(document);
  return document;
}

/** The name under which the plugin metadata (`metadata.ts`) hangs each class's reading (@nestjs/swagger plugin-constants). */
const METADATA_FACTORY = '_OPENAPI_METADATA_FACTORY';

/**
 * Documents each handler's success answer with the response DTO its return type names (`Promise<LinkListResponse>`), as
 * the @nestjs/swagger plugin read it. The library adds it only to a handler without any `@ApiResponse`, so an operation
 * whose errors are documented (`@ApiErrors`) would lose its success schema; here it is added whenever no 2xx answer is
 * documented by hand, and the return type stays the one source of the success shape.
 */
function documentReturnTypes(app: INestApplication): void {
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (Type<object> & { [METADATA_FACTORY]?: () => PluginMethods }) | null;
      const methods = controller?.[METADATA_FACTORY]?.();
      if (!controller || !methods) continue;
      for (const [name, { type, isArray }] of Object.entries(methods)) {
        const descriptor = Object.getOwnPropertyDescriptor(controller.prototype, name);
        if (!type || !descriptor) continue;
        const documented = (Reflect.getMetadata(DECORATORS.API_RESPONSE, descriptor.value as object) ?? {}) as object;
        if (Object.keys(documented).some((status) => status.startsWith('2'))) continue;
        const status =
          (Reflect.getMetadata(HTTP_CODE_METADATA, descriptor.value as object) as number | undefined) ??
          ((Reflect.getMetadata(METHOD_METADATA, descriptor.value as object) as RequestMethod) === RequestMethod.POST
            ? 201
            : 200);
        ApiResponse({ status, type, isArray, description: '' })(controller.prototype, name, descriptor);
      }
    }
  }
}

/** What the plugin read of one handler: its summary and the type its return type names. */
type PluginMethods = Record<string, { type?: () => unknown; isArray?: boolean }>;

function applyAccessPolicy(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch, item.head, item.options]) {
      if (!operation) continue;
      const extended = operation as typeof operation & Record<string, unknown>;
      if (extended[PUBLIC_EXTENSION]) {
        delete extended[PUBLIC_EXTENSION];
        operation.security = [];
        continue;
      }
      operation.security = [{ bearer: [] }];
      for (const [status, description] of Object.entries(ACCESS_RESPONSES)) {
        operation.responses[status] ??= {
          description,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${ErrorResponse.name}` } } },
        };
      }
    }
  }
}
