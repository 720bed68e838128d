import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  mixin,
  NestInterceptor,
  Type,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, getSchemaPath } from '@nestjs/swagger';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { refuseUndecodedFields } from '../common/utf8-body';
import { APP_CONFIG, DEFAULT_UPLOAD_MAX_BYTES, type AppConfig } from '../config/app-config';
import { ApiErrors } from '../openapi/api-errors';
import { MAX_INPUT_PIXELS, PreparedImage, prepareImage } from './images.service';

/** The multipart field of the upload (docs/product.md#3-entities "form-data field named image"). */
export const IMAGE_FIELD = 'image';

/** Bounds of the text fields that travel with the file. */
export interface UploadFieldLimits {
  /** At most this many text fields. */
  fields: number;
  /** Each at most this many bytes. */
  fieldSize: number;
}

/** The image-only uploads: a few short fields (an id). */
const SHORT_FIELDS: UploadFieldLimits = { fields: 10, fieldSize: 1024 };

/**
 * Parses a `multipart/form-data` upload with multer into memory, bounded WHILE it streams
 * (docs/decisions/0004-image-uploads.md): the file at most UPLOAD_MAX_BYTES (busboy stops at the limit; the rest of the
 * request is read and discarded, never buffered), one file, in the field `image`, at most `limits.fields` other fields
 * of at most `limits.fieldSize` bytes each (default 10 of 1 KiB), 20 parts. A request that is not multipart passes
 * through untouched (the handler then finds no file). Errors (docs/decisions/0001-response-envelope.md envelope,
 * nothing stored): 413 `messages.imageTooLarge` (cut off while streaming); 400 `messages.uploadOneImage` (a second
 * file, or another file field); 400 `messages.uploadMalformed` (too many parts/fields, a field too long, a malformed
 * body); 400 `messages.fieldNotUtf8(field)` (a text part whose bytes are not UTF-8: common/utf8-body.ts,
 * docs/decisions/0096-smaller-hardening.md).
 */
export function imageUploadInterceptor(limits: UploadFieldLimits = SHORT_FIELDS): Type<NestInterceptor> {
  @Injectable()
  class ImageUploadInterceptor implements NestInterceptor {
    private readonly parse: RequestHandler;

    constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
      this.parse = multer({
        storage: multer.memoryStorage(),
        limits: { fileSize: config.uploadMaxBytes, files: 1, parts: 20, headerPairs: 100, ...limits },
      }).single(IMAGE_FIELD);
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      await new Promise<void>((resolve, reject) =>
        this.parse(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) =>
          error ? reject(this.toApiError(error)) : resolve(),
        ),
      );
      refuseUndecodedFields(http.getRequest<Request>().body);
      return next.handle();
    }

    private toApiError(error: unknown): ApiError {
      switch (error instanceof multer.MulterError ? error.code : undefined) {
        case 'LIMIT_FILE_SIZE':
          return new ApiError(413, messages.imageTooLarge(this.config.uploadMaxBytes));
        case 'LIMIT_FILE_COUNT':
        case 'LIMIT_UNEXPECTED_FILE':
          return new ApiError(400, messages.uploadOneImage);
        default:
          return new ApiError(400, messages.uploadMalformed);
      }
    }
  }
  return mixin(ImageUploadInterceptor);
}

/** The interceptor of the image-only uploads (`POST /api/image`, `PUT /api/image/:id`, the cover…). */
export const ImageUploadInterceptor = imageUploadInterceptor();

/**
 * The uploaded file (Nest's `@UploadedFile()` on a route behind `@ImageUpload()`), checked and normalized by
 * prepareImage (docs/decisions/0004-image-uploads.md). Call it before opening a transaction: the heavy work (decode,
 * orient, re-encode, hash) must not hold a connection or a row lock.
 * @throws ApiError 400 `messages.imageRequired` (no file), 400 `messages.imageEmpty`,
 *   415 not an accepted image or a damaged one, 422 too many pixels.
 */
export async function prepareUpload(file: Express.Multer.File | undefined): Promise<PreparedImage> {
  if (!file) throw new ApiError(400, messages.imageRequired);
  if (file.size === 0) throw new ApiError(400, messages.imageEmpty);
  return prepareImage(file.buffer);
}

/** The OpenAPI description of the file part. */
const IMAGE_PART = {
  type: 'string',
  format: 'binary',
  description:
    'JPEG, PNG, WebP, GIF or AVIF (decided by the bytes; never SVG), at most UPLOAD_MAX_BYTES (default 10 MiB) and 40 megapixels',
} as const;

/**
 * The upload errors every upload route may answer (docs/decisions/0001-response-envelope.md,
 * docs/decisions/0004-image-uploads.md).
 */
const UPLOAD_ERRORS = {
  400: [messages.imageRequired, messages.imageEmpty, messages.uploadOneImage, messages.uploadMalformed],
  413: [messages.imageTooLarge(DEFAULT_UPLOAD_MAX_BYTES)],
  415: [messages.imageTypeRefused('SVG'), messages.imageUnreadable],
  422: [messages.imageTooManyPixels(MAX_INPUT_PIXELS / 1_000_000)],
};

/**
 * After ImageUploadInterceptor on the image-only routes: a text part other than `allowed` → 400
 * `messages.unknownField(name)` naming it, as the JSON routes' validation pipe refuses an unknown field
 * (docs/decisions/0043-bad-input-corpus.md: the bad-input corpus found extra parts silently ignored on
 * `POST /api/image`, `PUT /api/image/:id`, `POST /api/cover/image`). Runs before the handler, so nothing is stored.
 */
export function onlyFieldsInterceptor(allowed: string[]): Type<NestInterceptor> {
  @Injectable()
  class OnlyFieldsInterceptor implements NestInterceptor {
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const body = (context.switchToHttp().getRequest<Request>().body ?? {}) as Record<string, unknown>;
      const unknown = Object.keys(body).find((name) => !allowed.includes(name));
      if (unknown !== undefined) {
        const message = messages.unknownField(unknown);
        throw new ApiError(400, message, [{ field: unknown, message }]);
      }
      return next.handle();
    }
  }
  return mixin(OnlyFieldsInterceptor);
}

/**
 * Marks an upload route: ImageUploadInterceptor (then onlyFieldsInterceptor: no text part but `fields`) plus its
 * OpenAPI description (multipart body with the file `image` and `fields`, and the upload errors).
 * @param fields other form fields, as OpenAPI schema properties (e.g. `{ id: { type: 'integer' } }`).
 */
export const ImageUpload = (fields: Record<string, { type: 'integer' | 'string'; description: string }> = {}) =>
  applyDecorators(
    UseInterceptors(ImageUploadInterceptor, onlyFieldsInterceptor(Object.keys(fields))),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [IMAGE_FIELD, ...Object.keys(fields)],
        properties: { [IMAGE_FIELD]: IMAGE_PART, ...fields },
      },
    }),
    ApiErrors({ ...UPLOAD_ERRORS, 400: [...UPLOAD_ERRORS[400], messages.invalidId] }),
  );

/**
 * Marks a route that takes a whole form and its image in one multipart request
 * (docs/decisions/0051-nothing-half-saved.md): the fields of `dto` as text parts (validated by the global pipe like a
 * JSON body) plus the file `image`, with room for long fields (`limits`, default 12 fields of at most 8 KiB). OpenAPI:
 * a multipart body of `dto`'s properties and `image`, and the upload errors.
 */
export const FormWithImageUpload = (
  dto: Type<unknown>,
  limits: UploadFieldLimits = { fields: 12, fieldSize: 8 * 1024 },
) =>
  applyDecorators(
    UseInterceptors(imageUploadInterceptor(limits)),
    ApiConsumes('multipart/form-data'),
    ApiExtraModels(dto),
    ApiBody({
      schema: {
        allOf: [
          { $ref: getSchemaPath(dto) },
          { type: 'object', required: [IMAGE_FIELD], properties: { [IMAGE_FIELD]: IMAGE_PART } },
        ],
      },
    }),
    ApiErrors(UPLOAD_ERRORS),
  );
