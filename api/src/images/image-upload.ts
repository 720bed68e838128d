import {
  applyDecorators,
  CallHandler,
  ExecutionContext,
  Inject,
  Injectable,
  NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { ApiError } from '../common/api-error';
import { messages } from '../common/messages';
import { APP_CONFIG, DEFAULT_UPLOAD_MAX_BYTES, type AppConfig } from '../config/app-config';
import { ApiErrors } from '../openapi/api-errors';
import { MAX_INPUT_PIXELS, PreparedImage, prepareImage } from './images.service';

/** The multipart field of the upload (spec §3 "form-data field named image"). */
export const IMAGE_FIELD = 'image';

/**
 * Parses a `multipart/form-data` upload with multer into memory, bounded WHILE it streams (DECISIONS D4):
 * the file at most UPLOAD_MAX_BYTES (busboy stops at the limit; the rest of the request is read and discarded,
 * never buffered), one file, in the field `image`, at most 10 other fields of at most 1 KiB each, 20 parts.
 * A request that is not multipart passes through untouched (the handler then finds no file).
 * Errors (D1 envelope, nothing stored): 413 `messages.imageTooLarge` (cut off while streaming);
 * 400 `messages.uploadOneImage` (a second file, or another file field);
 * 400 `messages.uploadMalformed` (too many parts/fields, a malformed body).
 */
@Injectable()
export class ImageUploadInterceptor implements NestInterceptor {
  private readonly parse: RequestHandler;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.parse = multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 20, headerPairs: 100 },
    }).single(IMAGE_FIELD);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) =>
      this.parse(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) =>
        error ? reject(this.toApiError(error)) : resolve(),
      ),
    );
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

/**
 * The uploaded file (Nest's `@UploadedFile()` on a route behind `@ImageUpload()`), checked and normalized by
 * prepareImage (DECISIONS D4). Call it before opening a transaction: the heavy work (decode, orient,
 * re-encode, hash) must not hold a connection or a row lock.
 * @throws ApiError 400 `messages.imageRequired` (no file), 400 `messages.imageEmpty`,
 *   415 not an accepted image or a damaged one, 422 too many pixels.
 */
export async function prepareUpload(file: Express.Multer.File | undefined): Promise<PreparedImage> {
  if (!file) throw new ApiError(400, messages.imageRequired);
  if (file.size === 0) throw new ApiError(400, messages.imageEmpty);
  return prepareImage(file.buffer);
}

/**
 * Marks an upload route: ImageUploadInterceptor plus its OpenAPI description (multipart body with the file
 * `image` and `fields`, and the upload errors).
 * @param fields other form fields, as OpenAPI schema properties (e.g. `{ id: { type: 'integer' } }`).
 */
export const ImageUpload = (fields: Record<string, { type: 'integer' | 'string'; description: string }> = {}) =>
  applyDecorators(
    UseInterceptors(ImageUploadInterceptor),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [IMAGE_FIELD, ...Object.keys(fields)],
        properties: {
          [IMAGE_FIELD]: {
            type: 'string',
            format: 'binary',
            description:
              'JPEG, PNG, WebP, GIF or AVIF (decided by the bytes; never SVG), at most UPLOAD_MAX_BYTES (default 10 MiB) and 40 megapixels',
          },
          ...fields,
        },
      },
    }),
    ApiErrors({
      400: [
        messages.imageRequired,
        messages.imageEmpty,
        messages.uploadOneImage,
        messages.uploadMalformed,
        messages.invalidId,
      ],
      413: [messages.imageTooLarge(DEFAULT_UPLOAD_MAX_BYTES)],
      415: [messages.imageTypeRefused('SVG'), messages.imageUnreadable],
      422: [messages.imageTooManyPixels(MAX_INPUT_PIXELS / 1_000_000)],
    }),
  );
